"""How a seat at an online table is taken, in the words the scenes use: open a table, join
by code, take a listed seat, wait in the queue, accept a challenge. Each gives the start a
session takes (``game.net.session``), handed to ``OnlinePlay.open``: the scenes speak to the
online state, never to the network package. Imported lazily: the network stack loads only
when a seat is taken."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from game.client.match.clocks import Live

if TYPE_CHECKING:
    from game.net.session import Start

DAY: Final = 86_400


def table_clock(choice: int | Live | None, gone: int) -> Any:
    """A table's clock: ``choice`` days for each move, a real-time clock or None for no
    clock, and ``gone`` seconds before the win may be claimed from a player who left on
    their turn."""
    from game.net.wire.messages import Clock

    if isinstance(choice, Live):
        return Clock(gone=gone, base=choice.base, increment=choice.increment)
    return Clock(gone=gone, move=None if choice is None else choice * DAY)


def hosting(game: str, options: dict[str, Any], seat: int | None, clock: Any,
            listed: bool | None = None) -> Start:
    """Open a table of ``game`` (``seat``: ours, None for either); ``listed``: in the
    server's lobby, rated or not (None: not listed)."""
    from game.net.session import Host

    return Host(game, options, seat, clock, listed)


def joining(code: str) -> Start:
    """Take the free seat an invite code opens."""
    from game.net.session import Join

    return Join(code)


def taking(table: str) -> Start:
    """Take the listed seat of ``table`` in the lobby."""
    from game.net.session import Take

    return Take(table)


def seeking(game: str, clock: Any, rated: bool) -> Start:
    """Wait in the quick-match queue of ``game`` and ``clock`` until paired."""
    from game.net.session import Seek

    return Seek(game, clock, rated)


def accepting(challenge: str) -> Start:
    """Accept challenge ``challenge``: the seat of the table it opens is ours."""
    from game.net.session import Accept

    return Accept(challenge)
