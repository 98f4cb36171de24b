"""The headless app fixtures of the UI tests, and the online tests' own: a home folder and
the app hosting on loopback only."""

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client.app.app import App
from game.client.files.paths import Paths
from scenes.menu import MenuScene
from tests.online.hosting import loopback_services
from tests.ui.conftest import driver, paths, services
from tests.ui.driver import Driver

__all__ = ["driver", "paths", "services"]


@pytest.fixture
def home(tmp_path: Path) -> Paths:
    return Paths.under(tmp_path)


@pytest.fixture
def app(home: Paths) -> Iterator[Driver]:
    services = loopback_services(home)
    driver = Driver(App(services, MenuScene(services)))
    yield driver
    driver.app.close()
    pygame.quit()
