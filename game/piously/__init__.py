"""Piously (docs/piously.md): a temple of seven hex rooms, auras, artworks and 14 spells."""
