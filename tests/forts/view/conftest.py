"""The headless client fixtures the generic UI tests use (``tests.ui.conftest``)."""

from tests.ui.conftest import driver, paths, services

__all__ = ["driver", "paths", "services"]
