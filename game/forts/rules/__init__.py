"""Forts and Ruins's rules, pure: the board, the moves, their notation and the game (``game.GAME``).

The package itself imports nothing, so the info (read on the menu's first frame) may take
its board presets from ``board`` without loading the rules.
"""
