"""The board cursor's keys in a scene that hosts a game's view (play, lessons).

Arrows move the cursor (``game.client.access.cursor``) over the view's places, Space picks
as a click would (the scene's own select command at the place's centre), Return confirms
the move the view proposes or else picks, Esc clears the selection and hides the cursor.
While the cursor is hidden only a cursor key the scene's own contexts leave free (Down, by
default) shows it: Left and Right stay the scene's (take back and redo in play).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.client.access.cursor import Cursor, Place, Places
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.input import InputTable
from game.client.view import GameView


class BoardKeys:
    """The cursor of one scene's board (see the module's docstring)."""

    def __init__(self, table: InputTable, view: GameView, contexts: Sequence[str],
                 command: Callable[[Command], object], say: Callable[[str], None]) -> None:
        self.table = table
        self.view = view
        self.contexts = tuple(contexts)
        """The scene's own contexts: a key bound there is the scene's while the cursor hides."""
        self._command = command
        self._say = say
        self.cursor = Cursor()

    def places(self) -> tuple[Place, ...]:
        view = self.view
        return view.places() if isinstance(view, Places) else ()

    def key(self, binding: str) -> bool:
        """A key (its binding); True when the cursor took it."""
        if self.cursor.shown:
            name = self.table.lookup(binding, (inp.CURSOR,))
        elif self.table.lookup(binding, self.contexts) is None:
            name = self.table.lookup(binding, (inp.CURSOR,))
            name = name if name in inp.CURSOR_STEPS else None  # a hidden cursor only shows
        else:
            name = None
        return name is not None and self._run(name)

    def _run(self, name: str) -> bool:
        places = self.places()
        if not places:
            return False
        cursor = self.cursor
        if name == inp.CURSOR_HIDE:
            cursor.hide()
            self._command(Command(c.CLEAR))
            self._say("Cursor hidden")
            return True
        if name not in inp.CURSOR_STEPS:
            place = cursor.at(places)
            if place is not None:
                self._pick(place, name == inp.CURSOR_CONFIRM)
            return True
        place = cursor.move(places, inp.CURSOR_STEPS[name]) if cursor.shown else \
            cursor.show(places)
        if place is not None:
            self._command(Command(c.POINT, place.rect.center))
            self._say(place.words)
        return True

    def _pick(self, place: Place, confirm: bool) -> None:
        """Space: a click on the place; Return: confirm the move there is, else a click."""
        if confirm and self.view.proposal().move is not None:
            self._command(Command(c.CONFIRM))
        else:
            self._command(Command(c.SELECT, place.rect.center))
            self._command(Command(c.RELEASE, place.rect.center))

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        self.cursor.draw(surface, self.places() if self.cursor.shown else (), clock)
