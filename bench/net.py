"""The table server under load: 120 concurrent games (40 of each two-player game), two
protocol clients each, once as fast as the clients may go and once at about a second of
thinking per move (the players arriving over ten seconds). For SQLite, and for PostgreSQL
with one and with two ``serve`` processes.

Figures per run: games finished, moves per second, acknowledgement latency (send to ack,
p50/p99), the server processes' CPU time and memory (RSS now and at peak). The clients run
in this process, on the same 2 cores as the server: on a bigger machine the server gets more.
"As fast as possible" is bounded by the protocol's flood limit (each client paces itself to
95 messages per 20 s, about 4.7 moves a second), so it shows where the server saturates.
Targets: p99 <= 250 ms and server RSS <= 150 MB, paced.

    python -m bench net                      # everything (about 5 minutes)
    python -m bench net --only sqlite --quick
    python -m bench net --only sqlite --mode paced --games-per 167 --think 5   # 501 tables
    python -m bench net --only lobby         # 500 idle clients, 100 queued (bench/net_lobby.py)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Coroutine, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from bench.net_lobby import lobby_figure
from game.catalog import all_games
from game.net.smoke import PlayedGame, play_pair, two_player_games
from tests.net.processes import ServerProcess, start_server
from tools.scratch_postgres import find_bindir, scratch_postgres

TARGET_P99_MS = 250.0
TARGET_RSS_MB = 150.0
CONFIGS = ("sqlite", "postgres1", "postgres2", "lobby")
ARRIVAL_SECONDS = 10.0
"""Paced, the players sit down over this many seconds, as people arrive; fast, all at once
(the burst of 240 handshakes, 120 tables and 120 joins is part of what "fast" measures)."""
ROOM = ("--connections-per-address", "100000", "--tables-per-address", "100000")
"""Every bench client comes from 127.0.0.1: lift the per-address caps."""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench net")
    parser.add_argument("--games-per", type=int, default=40, help="games of each game")
    parser.add_argument("--moves", type=int, default=30,
                        help="moves before the player to move resigns")
    parser.add_argument("--think", type=float, default=1.0, help="paced seconds per move")
    parser.add_argument("--only", choices=CONFIGS, action="append")
    parser.add_argument("--quick", action="store_true", help="4 games of each, 10 moves")
    parser.add_argument("--mode", choices=("fast", "paced"), action="append",
                        help="only this mode (both by default)")
    args = parser.parse_args(argv)
    if args.quick:
        args.games_per, args.moves = 4, 10
    failed = False
    for config in args.only or CONFIGS:
        if config.startswith("postgres") and find_bindir() is None:
            print(json.dumps({"bench": f"net/{config}", "skipped": "PostgreSQL is not installed"}))
            continue
        with _servers(config) as servers:
            if config == "lobby":
                print(json.dumps(asyncio.run(lobby_figure(servers[0]))), flush=True)
                continue
            for mode, think in (("fast", 0.0), ("paced", args.think)):
                if args.mode and mode not in args.mode:
                    continue
                line = asyncio.run(_run(servers, config, mode, think, args))
                print(json.dumps(line), flush=True)
                failed |= not line["all_finished"]
    return 1 if failed else 0


@contextmanager
def _servers(config: str) -> Iterator[list[ServerProcess]]:
    with ExitStack() as stack:
        if config in ("sqlite", "lobby"):
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-net-"))
            db = str(Path(folder) / "tables.sqlite")
        else:
            bindir = find_bindir()
            assert bindir is not None  # checked by main
            db = stack.enter_context(scratch_postgres(bindir))
        count = 2 if config == "postgres2" else 1
        servers = [start_server(db, 0, *ROOM) for _ in range(count)]
        try:
            yield servers
        finally:
            for server in servers:
                server.stop()


async def _run(servers: list[ServerProcess], config: str, mode: str, think: float,
               args: argparse.Namespace) -> dict[str, object]:
    games = all_games()
    ids = two_player_games(games)
    cpu_before = [server.cpu_seconds() for server in servers]
    clients_before = time.process_time()
    started = time.perf_counter()
    tasks = []
    total = args.games_per * len(ids)
    for index in range(total):
        host = servers[index % len(servers)].url
        guest = servers[(index + 1) % len(servers)].url  # with two, half the joins move over
        arrival = ARRIVAL_SECONDS * index / total if think else 0.0
        tasks.append(_later(arrival, play_pair(host, ids[index % len(ids)], index, games,
                                               max_moves=args.moves, think=think,
                                               guest_url=guest)))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    wall = time.perf_counter() - started
    clients_cpu = time.process_time() - clients_before
    played = [r for r in results if isinstance(r, PlayedGame)]
    errors = [repr(r) for r in results if not isinstance(r, PlayedGame)]
    latencies = sorted(s * 1000 for game in played for s in game.latencies)
    moves = sum(len(game.moves) for game in played)
    cpu = sum(server.cpu_seconds() - before
              for server, before in zip(servers, cpu_before, strict=True))
    memory = [server.memory_mb() for server in servers]
    p99 = _percentile(latencies, 99)
    rss = max(peak for _, peak in memory)
    line: dict[str, object] = {
        "bench": f"net/{config}/{mode}", "processes": len(servers), "games": len(results),
        "finished": len(played), "all_finished": not errors and all(
            g.mirrors_agree for g in played),
        "moves": moves, "seconds": round(wall, 1), "moves_per_s": round(moves / wall, 1),
        "p50_ms": round(_percentile(latencies, 50), 1), "p99_ms": round(p99, 1),
        "server_cpu_s": round(cpu, 1), "server_cpu_pct": round(100 * cpu / wall, 1),
        "server_cpu_ms_per_move": round(1000 * cpu / max(moves, 1), 2),
        "clients_cpu_pct": round(100 * clients_cpu / wall, 1),
        "rss_mb": [round(now, 1) for now, _ in memory],
        "peak_rss_mb": [round(peak, 1) for _, peak in memory],
    }
    if mode == "paced":
        line["ok"] = p99 <= TARGET_P99_MS and rss <= TARGET_RSS_MB
        line["targets"] = {"p99_ms": TARGET_P99_MS, "rss_mb": TARGET_RSS_MB}
    if errors:
        line["errors"] = errors[:3]
    return line


async def _later(seconds: float, game: Coroutine[Any, Any, PlayedGame]) -> PlayedGame:
    await asyncio.sleep(seconds)
    return await game


def _percentile(values: list[float], percent: int) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
