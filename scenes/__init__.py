"""The app's scenes: generic screens that host a game's view and know no game's rules."""
