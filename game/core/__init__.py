"""Game-agnostic, pure building blocks: the game protocol, registry, matches and records.

Nothing in this package may import pygame, pygame_gui, ``game.client`` or ``scenes``; an
import-linter contract enforces it.
"""
