"""The headless app fixtures of the UI tests, for the online tests too."""

from tests.ui.conftest import driver, paths, services

__all__ = ["driver", "paths", "services"]
