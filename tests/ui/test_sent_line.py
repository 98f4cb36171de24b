"""A chat field's Return: what was typed is sent and the field emptied, or kept with why not."""

from __future__ import annotations

import pygame
import pygame_gui

from scenes.common import sent_line


class Field:
    def __init__(self, text: str) -> None:
        self.text = text

    def get_text(self) -> str:
        return self.text

    def set_text(self, text: str) -> None:
        self.text = text


def _return_in(field: object) -> pygame.event.Event:
    return pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=field)


def test_a_sent_line_empties_the_field() -> None:
    field, sent, refused = Field("hello"), list[str](), list[str]()

    def send(text: str) -> None:
        sent.append(text)

    assert sent_line(_return_in(field), field, send, refused.append)
    assert (sent, refused, field.text) == (["hello"], [], "")


def test_a_refused_line_stays_and_says_why() -> None:
    field, refused = Field("hello"), list[str]()
    assert sent_line(_return_in(field), field, lambda _: "too fast", refused.append)
    assert (refused, field.text) == (["too fast"], "hello")


def test_other_events_and_fields_are_left_alone() -> None:
    field, other, sent = Field("hello"), Field("x"), list[str]()
    assert not sent_line(_return_in(other), field, sent.append, sent.append)
    pressed = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=field)
    assert not sent_line(pressed, field, sent.append, sent.append)
    assert (sent, field.text) == ([], "hello")
