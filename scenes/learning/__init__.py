"""Learning to play: lessons and puzzles, and a player's own mistakes to put right."""
