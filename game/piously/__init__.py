"""Piously (RULES.md section 4): a temple of seven hex rooms, auras, artworks and 14 spells."""
