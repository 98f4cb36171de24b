"""Conquid Arcade: four abstract strategy games in one desktop home."""

from importlib import metadata

try:
    __version__ = metadata.version("conquid-arcade")
except metadata.PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
