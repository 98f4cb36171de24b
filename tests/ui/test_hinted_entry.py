"""A text field's placeholder ("random", "Invite code", "wss://play.example.org") reads as a
hint, muted, never as typed text; typed text has the text colour."""

from __future__ import annotations

import pygame

from game.client.app.services import Services
from game.client.draw import palette
from game.client.widgets.hinted_entry import HintedEntry
from scenes.setup import SetupScene
from tests.ui.driver import Driver


def shown_colour(field: HintedEntry) -> tuple[int, int, int]:
    colour = field.drawable_shape.theming["normal_text"]
    return (colour.r, colour.g, colour.b)


def test_a_placeholder_is_muted_and_typed_text_is_not(driver: Driver,
                                                       services: Services) -> None:
    driver.frames(2)
    field = HintedEntry(pygame.Rect(20, 20, 300, 36), services.ui,
                        placeholder_text="Invite code")
    driver.frames(1)
    assert shown_colour(field) == palette.MUTED
    field.set_text("K7QX")
    driver.frames(2)
    assert shown_colour(field) != palette.MUTED, "typed text in the text colour"
    field.set_text("")
    driver.frames(2)
    assert shown_colour(field) == palette.MUTED


def test_the_seed_field_shows_its_hint_muted(driver: Driver, services: Services) -> None:
    from game.client.app.scene import Push

    driver.frames(2)
    driver.app.stack.apply(Push(SetupScene(services, services.games.get("forts"))))
    driver.frames(2)
    (field,) = [widget for widget in driver.top.root.elements if isinstance(widget, HintedEntry)
                and widget.placeholder_text == "random"]
    assert shown_colour(field) == palette.MUTED
