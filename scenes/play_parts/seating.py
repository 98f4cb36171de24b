"""The table a game played here sits at, and who plays each seat: the computer seats, each
thinking in its worker; a seat whose computer cannot be made is played by a person, and the
player is told."""

from __future__ import annotations

from collections.abc import Callable

from game.client.app.services import Services
from game.client.files import autosaves
from game.client.match.computer import ComputerSeat
from game.client.match.table import MovingSeat, Table
from game.core.match import Match
from game.core.record import Online


def computer_seats(services: Services, match: Match) -> dict[int, MovingSeat]:
    seats: dict[int, MovingSeat] = {}
    for number, seat in enumerate(match.seats):
        if seat.is_computer:
            try:
                seats[number] = services.computers.seat(match.game.info.id, seat.level or "")
            except (LookupError, ValueError) as err:
                services.toasts.show(f"{seat.name} plays as a human: {err}", "error")
    return seats


def table_for(services: Services, match: Match, seats: dict[int, MovingSeat],
              slot: autosaves.Slot | None, online: Callable[[], Online | None],
              hinter: Callable[[], ComputerSeat], hint_stopped: Callable[[], None]) -> Table:
    """The table ``match`` is played at: its moving ``seats``, its autosave in ``slot`` (none
    for a demo; ``online`` says where the game is played, for its record), the computer
    that gives hints, and a game's high-score table where it keeps one. Problems it meets
    (an autosave that failed) are shown as toasts."""
    def report(problem: str) -> None:
        services.toasts.show(problem, "error")

    kept = None if slot is None else autosaves.Background(slot, services.writer, report, online)
    scores = services.plugin(match.game.info.id).scores
    ranked = None if scores is None else (scores, lambda: services.paths.scores)
    return Table(match, seats, report, kept, hinter, ranked, hint_stopped)
