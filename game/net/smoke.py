"""Two protocol clients play a short game of each two-player game through a server:
``conquid-arcade net-smoke`` (exit 0, or 1 and the reason), and the building block of the
server tests and ``python -m bench net``.

The players are seeded random legal movers (``Game.random_move``): a game runs to its end,
or, past ``max_moves``, the player to move resigns, so every game finishes in bounded time.
With ``--clock B+I`` (minutes + seconds) each table has that real-time clock and, after a few
moves, the player to move stops: the server must end the game on time by itself, nobody
claiming it.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

from game.catalog import all_games
from game.core.registry import Registry
from game.net.client import REPLY_SECONDS, ClientError, TableClient
from game.net.wire import messages as m
from game.net.wire.codec import Fields

SMOKE_MOVES: Final = 40
GAME_SECONDS: Final = 120.0
STOP_AT: Final = 5
"""With a real-time clock, the ply at which the player to move stops moving."""


@dataclass
class PlayedGame:
    """What one game through the server looked like, for checks and figures."""

    game: str
    table: str
    moves: tuple[str, ...]
    mirrors_agree: bool
    ending: str
    latencies: list[float] = field(default_factory=list)
    """Seconds from sending each move to its acknowledgement."""


def two_player_games(games: Registry) -> list[str]:
    return [info.id for info in games.infos() if info.players == 2]


async def play_pair(url: str, game_id: str, seed: int, games: Registry, *,
                    max_moves: int = SMOKE_MOVES, think: float = 0.0,
                    between: Callable[[int], Awaitable[None]] | None = None,
                    clock: m.Clock | None = None, stop_at: int | None = None,
                    **client_options: Any) -> PlayedGame:
    """Seat two clients at a new table and play it to the end. ``think``: seconds each move
    waits first; ``between(ply)`` runs before each move (tests cut connections there);
    ``clock``: the table's; ``stop_at``: the ply at which the player to move stops moving
    (and the game is left to end by itself);
    ``client_options`` go to both ``TableClient``s (but ``guest_url``: where the guest
    connects, when not to ``url``)."""
    guest_url = client_options.pop("guest_url", url)
    host = TableClient(url, "Ada", games, **client_options)
    guest = TableClient(guest_url, "Blaise", games, **client_options)
    try:
        await host.connect()
        invite = await host.create(game_id, seat=0, clock=clock)
        await guest.connect()
        await guest.join(invite.code)
        rng = random.Random(seed)
        players = (host, guest)
        by_seat = {player.seat: player for player in players}
        ply = 0
        while True:
            for player in players:  # both mirrors caught up: nobody acts on an old position
                await player.wait_until(partial(_at, player, ply))
            if _over(host) or ply == stop_at:
                break
            assert host.match is not None
            mover = by_seat[host.match.to_move]
            match = mover.match
            assert match is not None
            if between is not None:
                await between(match.ply)
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))
            if match.ply >= max_moves:
                await mover.resign()
            else:
                move = match.game.random_move(match.state, rng)
                await mover.move(match.game.format_move(move))
            ply += 1
        ending_within = REPLY_SECONDS if clock is None or clock.base is None else clock.base + 30.0
        for player in players:  # (a stopped player's time has to run out first)
            await player.wait_until(partial(_over, player), ending_within)
        assert host.match is not None and guest.match is not None and host.ticket is not None
        ending = host.match.outcome
        return PlayedGame(
            game_id, host.ticket.table, host.match.moves,
            host.match.moves == guest.match.moves,
            ending.reason.value if ending is not None else "?",
            host.ack_seconds + guest.ack_seconds,
        )
    finally:
        await asyncio.gather(host.close(), guest.close())


def _at(client: TableClient, ply: int) -> bool:
    return client.match is not None and (client.match.ply >= ply or client.match.is_over)


def _over(client: TableClient) -> bool:
    return client.match is not None and client.match.is_over


def net_smoke(url: str | None, clock: m.Clock | None = None) -> int:
    """``conquid-arcade net-smoke``: 0 when every game finished the same on both sides (and,
    with ``clock``, each ended on time by the server alone)."""
    games = all_games()
    try:
        if url is None:
            return _with_local_server(games, clock)
        asyncio.run(_smoke(url, games, clock))
    except (ClientError, OSError, asyncio.TimeoutError, AssertionError) as err:
        print(f"net smoke FAILED: {err or type(err).__name__}", file=sys.stderr)
        return 1
    print("net smoke passed")
    return 0


def _with_local_server(games: Registry, clock: m.Clock | None) -> int:
    import tempfile
    from pathlib import Path

    from game.net.server.runner import ServerConfig, ServerThread, StartError

    with tempfile.TemporaryDirectory(prefix="conquid-net-smoke-") as folder:
        server = ServerThread(ServerConfig(db=str(Path(folder) / "tables.sqlite"), port=0))
        try:
            server.start()
        except StartError as err:
            print(f"net smoke FAILED: the server did not start: {err}", file=sys.stderr)
            return 1
        try:
            return net_smoke(server.url, clock)
        finally:
            server.stop()


def parse_clock(text: str) -> m.Clock:
    """``B+I``: a real-time clock of B minutes (a fraction allowed) and I seconds a move."""
    base, plus, increment = text.partition("+")
    try:
        clock = m.Clock(base=round(float(base) * 60), increment=int(increment or 0))
    except ValueError:
        raise ValueError(f"{text!r} is not MINUTES+SECONDS, e.g. 3+2") from None
    if not plus and increment:
        raise ValueError(f"{text!r} is not MINUTES+SECONDS, e.g. 3+2")
    m.Clock.read(Fields({"clock": clock.to_json()}, "--clock"), "clock")  # within limits
    return clock


async def _smoke(url: str, games: Registry, clock: m.Clock | None = None) -> None:
    for seed, game_id in enumerate(two_player_games(games)):
        if clock is None:
            played = await asyncio.wait_for(play_pair(url, game_id, seed, games),
                                            GAME_SECONDS)
        else:
            played = await asyncio.wait_for(
                play_pair(url, game_id, seed, games, clock=clock, stop_at=STOP_AT),
                GAME_SECONDS + (clock.base or 0))
            stopped = played.moves[-1] if played.moves else ""
            if played.ending != "time" or not stopped.startswith("time "):
                raise AssertionError(f"{game_id}: the stopped player did not lose on time "
                                     f"(ended by {played.ending}, last move {stopped!r})")
        if not played.mirrors_agree:
            raise AssertionError(f"{game_id}: the two players saw different games")
        print(f"{game_id}: {len(played.moves)} moves, ended by {played.ending}")
