"""The lobby under load (``python -m bench net --only lobby``): one ``serve`` process on
SQLite with 500 connected idle clients (each following the lobby) and 100 players who
join the Conquid quick-match queue together.

Figures: the pairing delay (a player's ``queued`` to its ``seated`` or ``matched``,
p50/max), how long one new listing takes to reach all 500 followers (p50/max), and the
server's memory (RSS now and at peak) and CPU. Clients run in this process, on the same
cores as the server.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import statistics
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.catalog import all_games
from game.net.wire.limits import PROTOCOL_VERSION
from tests.net.processes import ServerProcess

IDLE = 500
QUEUED = 100
OPENING = 50
"""Connections opened at a time (a burst of 600 handshakes would only measure the backlog)."""
CLOCK = {"gone": 60, "move": None}


async def lobby_figure(server: ServerProcess) -> dict[str, object]:
    rules = {i.id: i.rules_version for i in all_games().infos() if i.players == 2}
    cpu_before = server.cpu_seconds()
    started = time.perf_counter()
    gate = asyncio.Semaphore(OPENING)
    idle = await asyncio.gather(*(_open(server.url, rules, gate) for _ in range(IDLE)))
    for conn in idle:
        await conn.send(json.dumps({"type": "browse", "game": None}))
    for conn in idle:
        await _until(conn, "lobby")
    players = await asyncio.gather(*(_open(server.url, rules, gate) for _ in range(QUEUED)))
    for index, conn in enumerate(players):
        await conn.send(json.dumps({"type": "identify", "name": f"queued-{index}",
                                    "secret": secrets.token_hex(16)}))
    for conn in players:
        await _until(conn, "identified")
    delays = await asyncio.gather(*(_seek(conn) for conn in players))
    host = await _open(server.url, rules, gate)
    await host.send(json.dumps({"type": "create", "game": "pushfight", "options": {},
                                "seat": 0, "name": "host", "clock": CLOCK}))
    await _until(host, "seated")
    listed_at = time.perf_counter()
    await host.send(json.dumps({"type": "list", "rated": False}))
    reach = await asyncio.gather(*(_until(conn, "listed") for conn in idle))
    fan_out = [at - listed_at for at in reach]
    now, peak = server.memory_mb()
    wall = time.perf_counter() - started
    cpu = server.cpu_seconds() - cpu_before
    for conn in [*idle, *players, host]:
        await conn.close()
    return {
        "bench": "net/lobby", "idle_clients": IDLE, "queued_players": QUEUED,
        "paired": sum(d is not None for d in delays),
        "pairing_delay_p50_s": round(statistics.median(d for d in delays if d is not None), 2),
        "pairing_delay_max_s": round(max(d for d in delays if d is not None), 2),
        "listing_fan_out_p50_ms": round(1000 * statistics.median(fan_out), 1),
        "listing_fan_out_max_ms": round(1000 * max(fan_out), 1),
        "rss_mb": round(now, 1), "peak_rss_mb": round(peak, 1),
        "server_cpu_s": round(cpu, 1), "seconds": round(wall, 1),
    }


async def _open(url: str, rules: dict[str, int], gate: asyncio.Semaphore) -> ClientConnection:
    async with gate:
        conn = await connect(url, compression=None, open_timeout=30)
        await conn.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION,
                                    "rules": rules, "client": "bench"}))
        await _until(conn, "welcome")
        return conn


async def _seek(conn: ClientConnection) -> float | None:
    await conn.send(json.dumps({"type": "seek", "game": "conquid", "clock": CLOCK,
                                "rated": False}))
    await _until(conn, "queued")
    queued = time.perf_counter()
    try:
        await _until(conn, "seated", "matched")
    except TimeoutError:
        return None
    return time.perf_counter() - queued


async def _until(conn: ClientConnection, *kinds: str, seconds: float = 60.0) -> float:
    """Read until a message of one of ``kinds``; when it came (perf_counter)."""
    async with asyncio.timeout(seconds):
        while True:
            message: Any = json.loads(await conn.recv())
            if message.get("type") in kinds:
                return time.perf_counter()
            if message.get("type") == "error":
                raise RuntimeError(f"the server refused: {message}")
