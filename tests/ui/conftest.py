"""Headless UI test fixtures: dummy video and audio drivers, a temporary home, a live app."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client.app.app import App
from game.client.app.services import Services
from game.client.files.paths import Paths
from game.main_window import build_services
from scenes.menu import MenuScene
from tests.ui.driver import Driver


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    return Paths.under(tmp_path)


@pytest.fixture
def services(paths: Paths, request: pytest.FixtureRequest) -> Iterator[Services]:
    """Services for a returning player: every game's lessons already offered once, so a
    game chosen in the menu opens its setup (``test_learn`` meets the offer as a newcomer)."""
    services = build_services(paths, (1280, 720))
    if "newcomer" not in request.keywords:
        for game in services.games:
            services.learning.mark_offered(game.info.id)
    yield services
    pygame.quit()


@pytest.fixture
def driver(services: Services) -> Driver:
    return Driver(App(services, MenuScene(services)))
