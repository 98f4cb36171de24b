"""What the play scene needs from a computer seat, so any thinking machinery can plug in.

The composition root provides the real one (``game.computer.ComputerSeat``: a worker
process); tests provide an instant one. The scene starts a search when the seat is to move,
polls it every frame (never blocking), animates the decision like a human's confirmed move,
and cancels the search on take back or when the scene closes. A seat that stops answering
(its worker stopped or hung) says so through ``stalled``; the scene then offers a fresh
computer player or a person in the seat (``STALLED_CHOICES``).
"""

from __future__ import annotations

from typing import Any, Final, Protocol

from game.core.match import Match
from game.core.player import Decision


class ComputerSeat(Protocol):
    @property
    def busy(self) -> bool: ...

    @property
    def stalled(self) -> bool:
        """True once a search is far past its budget without answering (a stopped or hung
        worker): the scene then says so and offers ``STALLED_CHOICES``."""
        ...

    def start(self, match: Match) -> None: ...

    def poll(self) -> Decision[Any] | None:
        """The decision once ready, else None; raises an exception whose text is for people."""
        ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


STALLED_TITLE: Final = "The computer player is not answering"
STALLED_CHOICES: Final = ("Restart it", "Play its moves")
"""The two ways on from a stalled computer seat: a fresh computer player, or hot-seat."""


def stalled_text(name: str) -> str:
    """What the dialog about a stalled computer seat says."""
    return (f"{name} has been thinking far longer than its time allows: its process may "
            "have been stopped or hung. Restart the computer player, or play its moves "
            "yourself (hot-seat) from here?")


class Computers(Protocol):
    """The computer players on offer."""

    def levels(self, game_id: str) -> list[str]:
        """Level names, weakest first ([] when the game has no computer player yet)."""
        ...

    def seat(self, game_id: str, level: str) -> ComputerSeat: ...


class NoComputers:
    """For builds or tests without computer players: every game offers humans only."""

    def levels(self, game_id: str) -> list[str]:
        return []

    def seat(self, game_id: str, level: str) -> ComputerSeat:
        raise LookupError(f"no computer player for {game_id}")
