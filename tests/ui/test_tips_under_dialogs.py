"""Tips never show over a dialog open above their control (the lobby's "Sit at the chosen
table" covered its message window), and a tip a screen draws itself (a Piously spell's)
ends the moment the pointer is no longer on that screen: a dialog or the pause overlay
came over it."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.client.app.services import Services
from game.piously.rules.temple import DEFAULT_LAYOUT
from scenes.common import button, message
from tests.ui.driver import Driver

TEMPLE = "temple " + " ".join(f"{c}{p}" for c, p in zip("PIOUSLY", DEFAULT_LAYOUT, strict=True))


def tips(services: Services) -> list[pygame_gui.elements.UITooltip]:
    return [element for element in services.ui.get_sprite_group().sprites()
            if isinstance(element, pygame_gui.elements.UITooltip) and element.alive()]


def hover(driver: Driver, monkeypatch: pytest.MonkeyPatch, pos: tuple[int, int]) -> None:
    """The pointer moves to ``pos`` and rests there (pygame_gui reads the mouse itself)."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
    driver.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0))])


@pytest.mark.parametrize("size", [(900, 600), (1280, 720)])
def test_a_tip_never_shows_over_a_dialog_above_its_control(
        driver: Driver, services: Services, monkeypatch: pytest.MonkeyPatch,
        size: tuple[int, int]) -> None:
    from tests.ui.test_resize import resize_events

    for event in resize_events(size):
        pygame.event.post(event)
    driver.frames(3)
    scene = driver.top
    window = pygame.display.get_surface().get_rect()
    spot = pygame.Rect(window.right - 170, window.bottom - 60, 160, 40)  # the lobby's corner
    take = button(scene, spot, "Take seat", "Sit at the chosen table")
    hover(driver, monkeypatch, spot.center)
    driver.wait(2.0)
    assert [tip.parent_element for tip in tips(services)] == [take], "its tip shows"
    assert all(window.contains(tip.rect) for tip in tips(services))
    dialog = message(scene, "Rated game", "Claim your name on this server first.")
    driver.wait(2.0)
    assert not dialog.get_abs_rect().collidepoint(spot.center)  # the control is in sight
    assert tips(services) == [], "no tip over the dialog"
    dialog.kill()
    driver.wait(2.0)
    assert [tip.parent_element for tip in tips(services)] == [take], "back once it closed"


def test_a_spells_tip_ends_under_the_pause_overlay_and_a_dialog(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    play = driver.hot_seat("piously", TEMPLE)
    view = play.view
    hover(driver, monkeypatch, view.spell_centre(0))
    assert view._hovered_spell() == 0
    driver.key("escape")  # the pause overlay: the game stays in sight beneath it
    assert driver.top is not play and view._hovered_spell() is None, "no tip left behind"
    driver.key("escape")
    assert driver.top is play
    hover(driver, monkeypatch, view.spell_centre(0))
    assert view._hovered_spell() == 0
    driver.key("s", mod=pygame.KMOD_CTRL)  # the save dialog opens over the game
    assert play.dialog_open() and view._hovered_spell() is None
    hover(driver, monkeypatch, view.spell_centre(1))  # seen beside the dialog: still no tip
    assert view._hovered_spell() is None


def test_esc_closes_a_message_not_the_screen_under_it(driver: Driver) -> None:
    play = driver.hot_seat("conquid")
    dialog = message(play, "Watch", "A watch code is the table's id.")
    driver.frames(1)
    assert play.dialog_open()
    driver.key("escape")
    assert driver.top is play and not dialog.alive() and not play.dialog_open()
    driver.key("escape")  # now the game's own: the pause overlay
    assert driver.top is not play
