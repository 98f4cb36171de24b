"""Forts and Ruins: the solo game with dice (rules, seeds and the helper AI are pure)."""
