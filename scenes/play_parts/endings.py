"""The endings a player asks for at the table: resigning, and a draw offered and accepted,
each confirmed in a dialog first; a computer seat that stopped answering; and a rematch."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.client.app.scene import Replace, Scene, Transition
from game.client.app.services import Services
from game.client.files import storage
from game.client.match.computer import STALLED_CHOICES, STALLED_TITLE, stalled_text
from game.client.match.table import Table
from game.core.match import Match
from scenes.common import confirm


def ask_resign(scene: Scene, match: Match, table: Table, refuse: Callable[[str], None],
               done: Callable[[str], None]) -> None:
    """Ask the player to move whether they resign; on yes, resign and ``done("crumble")``."""
    if match.is_over:
        refuse("the game is over")
        return
    question = f"{match.seats[match.to_move].name}, do you really resign this game?"
    if table.high_scores is not None:
        question += " The run keeps the score it has now in the high scores."
    dialog = confirm(scene, "Resign", question, "Resign")
    scene.watch(dialog, lambda _event: resign(table, done))


def resign(table: Table, done: Callable[[str], None]) -> None:
    table.resign()
    done("crumble")


def offer_draw(scene: Scene, match: Match, table: Table, refuse: Callable[[str], None],
               done: Callable[[str], None]) -> None:
    """The player to move offers a draw; the other answers in a dialog (``done("fanfare")``
    once agreed)."""
    refusal = table.draw_refusal()
    if refusal is not None:
        refuse(refusal)
        return
    mover = match.to_move
    offer, reply = match.seats[mover].name, match.seats[1 - mover].name
    dialog = confirm(scene, "Draw offered", f"{offer} offers a draw. {reply}, do you accept?",
                     "Accept draw")
    scene.watch(dialog, lambda _event: _agreed(table, done))


def _agreed(table: Table, done: Callable[[str], None]) -> None:
    table.agree_draw()
    done("fanfare")


class StallWatch:
    """A seat's watchdog said it stopped answering: say so once, offering a fresh computer
    player (Restart) or a person in its seat (closing the dialog too)."""

    def __init__(self, scene: Scene, match: Match, table: Table,
                 to_person: Callable[[], None]) -> None:
        self.scene, self.match, self.table = scene, match, table
        self.to_person = to_person
        """A person now plays a seat: the board takes their input if it is their turn."""
        self.stall: tuple[Any, int] | None = None
        """The dialog about a stalled seat, and the seat."""

    def check(self) -> None:
        """(The dialog is answered once it has left the scene's dialogs: Restart clears
        ``stall`` first.)"""
        if self.stall is not None:
            if not self.scene.watching(self.stall[0]):
                answered, self.stall = self.stall[1], None
                self.table.to_person(answered)
                self.to_person()
            return
        stalled = self.table.stalled()
        if stalled is not None:
            name = self.match.seats[stalled].name
            dialog = confirm(self.scene, STALLED_TITLE, stalled_text(name), STALLED_CHOICES[0])
            dialog.cancel_button.set_text(STALLED_CHOICES[1])
            self.stall = (dialog, stalled)
            self.scene.watch(dialog, lambda _event: self._restart(stalled))

    def _restart(self, seat: int) -> None:
        self.stall = None
        self.table.restart(seat)


def rematch(services: Services, match: Match, back_to: str | None) -> Transition | None:
    """Once the game is over, another with the same players and board (None before)."""
    if not match.is_over:
        return None
    again = Match(match.game, match.options, match.seats, match.seed, storage.now_iso())
    return Replace(services.scenes.play(services, again, back_to=back_to))
