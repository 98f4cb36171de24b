"""Conquid Arcade: four abstract strategy games in one desktop home."""

__version__ = "0.4.0"
"""The one place the version lives (pyproject.toml reads it here). A literal, because the
menu shows it on its first frame and ``importlib.metadata`` costs about 0.1 s to import."""
