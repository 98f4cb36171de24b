"""Tooltips that got in the way: the replay's Play button's tip covered the timeline (the
transport keys are named in the message strip instead); a long tip near the window's edge
was drawn past it."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.client.app import commands as c
from game.client.app.services import Services
from game.core.match import Match
from tests.ui.driver import Driver


def test_the_replay_transport_has_no_tip_over_the_timeline(driver: Driver,
                                                           services: Services) -> None:
    match = Match(services.games.get("conquid"), {})
    replay = driver.open_replay(match)
    transport = {c.TO_START, c.STEP_BACK, c.PLAY_PAUSE, c.STEP_FORWARD, c.TO_END}
    tips = {name: widget.tool_tip_text for widget, name in replay.buttons.items()
            if name in transport}
    assert tips and not any(tips.values()), tips
    strip: list[str] = []
    key_strip = replay.__class__._draw_keys
    assert key_strip is not None
    from game.client.widgets.panel import turn_info

    original = turn_info.key_strip
    turn_info.key_strip = lambda surface, rect, parts: strip.extend(parts)  # type: ignore
    try:
        driver.frames(2)
    finally:
        turn_info.key_strip = original
    assert any(part.endswith("play or pause") for part in strip), strip


@pytest.mark.filterwarnings("ignore:Unable to fit tool tip")  # (pygame_gui's, before the fix)
def test_a_long_tip_at_the_edge_stays_inside_the_window(
        driver: Driver, services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    driver.frames(2)
    window = pygame.display.get_surface().get_rect()
    corner = pygame.Rect(window.right - 60, window.centery - 13, 56, 26)
    pygame_gui.elements.UIButton(corner, "x", services.ui,
                                 tool_tip_text="Sit at the chosen table " * 24)
    hover = pygame.event.Event(pygame.MOUSEMOTION, pos=corner.center, rel=(0, 0),
                               buttons=(0, 0, 0))
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: corner.center)  # pygame_gui reads it
    driver.frames(1, [hover])
    driver.wait(2.0)
    tips = [element for element in services.ui.get_sprite_group().sprites()
            if isinstance(element, pygame_gui.elements.UITooltip)]
    assert tips, "the tip showed"
    assert all(window.contains(tip.rect) for tip in tips), [tip.rect for tip in tips]
