"""Conquid's board view (pygame): drawing, selection, animation.

The package imports nothing, so its move actions (``actions``) are read at start-up without
loading the view, which ``board`` holds.
"""
