"""Earlier rounds of a rematch, to replay (a profile's recent game): their messages built once
and kept, off the event loop and off the commits' path.

A finished round never changes, so its ``watching`` and ``moves`` messages are made once per
table and round: the stored entries are read on the reads' connection, the round is replayed
on the replays' thread, and the texts are kept in a small least-recently-used cache. Requests
for a round being built wait for that one build.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, Final

from game.core.match import Match
from game.net.storage import StoredTable
from game.net.table import Table
from game.net.wire import lobby as lb
from game.net.wire import messages as m
from game.net.wire.entries import load_entry, round_moves, round_ratings

CACHED_ROUNDS: Final = 256
"""Rounds kept built (a long round's texts are some tens of kilobytes)."""

Load = Callable[[str], Awaitable[StoredTable | None]]
"""Reads a table's stored entries (on the reads' thread)."""
Replay = Callable[..., Awaitable[Any]]
"""Runs a function on the replays' thread (``TableHub.replay``)."""


class EarlierRounds:
    def __init__(self, load: Load, run: Replay) -> None:
        self._load = load
        self._run = run
        self._built: OrderedDict[tuple[str, int], asyncio.Future[tuple[str, ...]]] = (
            OrderedDict())
        self.builds = 0
        """Rounds built so far (the others were served from the cache)."""

    async def texts(self, table: Table, round_: int) -> tuple[str, ...]:
        """The encoded ``watching`` and ``moves`` messages of ``table``'s finished
        ``round_`` (earlier than its current one)."""
        key = (table.id, round_)
        built = self._built.get(key)
        if built is not None:
            self._built.move_to_end(key)
            return await asyncio.shield(built)
        built = asyncio.get_running_loop().create_future()
        self._built[key] = built
        while len(self._built) > CACHED_ROUNDS:
            self._built.popitem(last=False)
        try:
            stored = await self._load(table.id)
            entries = () if stored is None else stored.entries
            names = table.names()
            if (round_ ^ table.round) & 1:  # the sides swap at every rematch
                names = (names[1], names[0])
            texts: tuple[str, ...] = await self._run(replay, table, names, entries, round_)
            self.builds += 1
        except BaseException as err:
            self._built.pop(key, None)
            built.set_exception(err)
            built.exception()  # marked retrieved: the waiters, if any, get it raised
            raise
        built.set_result(texts)
        return texts


def replay(table: Table, names: tuple[str | None, str | None], entries: tuple[str, ...],
           round_: int) -> tuple[str, ...]:
    """Runs on the replays' thread: the round's moves from the entries (less any taken
    back), played through, and its rating changes if it was rated."""
    loaded = [load_entry(text) for text in entries]
    moves = round_moves(loaded, round_)
    match = Match(table.game, table.options)
    for text in moves:
        match.play_text(text)
    outcome = match.outcome
    ending = None if outcome is None else m.Ending(outcome.winner, outcome.reason.value,
                                                   outcome.reason.label)
    watching = lb.Watching(table.id, table.game.info.id, table.game.info.rules_version,
                           table.options, table.clock, round_, names, match.ply, ending, 0,
                           ratings=round_ratings(loaded, round_))
    return (lb.encode(watching),
            *(lb.encode(chunk) for chunk in m.moves_messages(round_, 0, moves)))
