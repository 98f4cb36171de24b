"""The shared widget manager asks pygame_gui's slow theming-id builder once per combination."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
import pytest
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

from game.client.app.assets import theme_path
from game.client.app.services import Services
from game.client.widgets.manager import Widgets


def test_theming_ids_never_take_the_slow_path_and_match_it(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[Any] = []
    slow = UIAppearanceTheme.build_all_combined_ids

    def counted(self: UIAppearanceTheme, *ids: Any) -> list[str]:
        calls.append(ids)
        return slow(self, *ids)

    monkeypatch.setattr(UIAppearanceTheme, "build_all_combined_ids", counted)
    ui = Widgets((640, 480), str(theme_path()))
    box = pygame_gui.elements.UIScrollingContainer(pygame.Rect(0, 0, 300, 300), ui)
    calls.clear()
    for row in range(20):
        pygame_gui.elements.UIButton(pygame.Rect(0, row * 30, 100, 28), f"key {row}", ui,
                                     container=box.get_container())
    assert calls == []
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 100, 28), "plain", ui)
    assert "button" in button.combined_element_ids
    theme = ui.get_theme()
    samples = [
        (["button"], ["button"], [None], [None]),
        ([None, None], ["scrolling_container", "button"], [None, None], [None, "#primary"]),
        ([None, "window"], ["file_dialog", "button"], [None, "@x"], ["#a", None]),
        ([], [], [], []),
        (None, ["label"], [None], [None]),
    ]
    for ids in samples:
        assert theme.build_all_combined_ids(*ids) == slow(theme, *ids)
