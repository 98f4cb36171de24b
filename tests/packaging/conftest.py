"""Packaging tests start and quit pygame (the smoke test, the crash path): forget the cached
fonts after each, so no later test draws with a font from a quit font module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.client.draw import fonts


@pytest.fixture(autouse=True)
def fresh_fonts() -> Iterator[None]:
    yield
    fonts.reset()
