"""The online commands: ``conquid-arcade serve`` and ``conquid-arcade net-smoke``.

Kept apart from ``game.cli`` so that the command line loads no networking until asked.
"""

from __future__ import annotations

import argparse
from typing import Any

from game.net.server.limits import Limits
from game.net.server.runner import DEFAULT_PORT
from game.net.wire.codes import ProtocolError


def add_net_parsers(commands: Any) -> None:
    serve = commands.add_parser(
        "serve", help="run an online table server (two players on two machines)",
        description="Serve online tables until stopped (SIGTERM or Ctrl+C). Plain ws://: on "
        "the internet, put it behind a TLS reverse proxy (docs/online.md).",
    )
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (0.0.0.0 for every interface)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help="TCP port")
    serve.add_argument("--db", default="conquid-tables.sqlite",
                       help="an SQLite file (created if missing) or a postgresql:// URL "
                       "(several serve processes may share one PostgreSQL database)")
    serve.add_argument("--public-address", metavar="URL",
                       help="how players reach this process (ws:// or wss://), when several "
                       "processes share a database; default ws://HOST:PORT")
    defaults = Limits()
    serve.add_argument("--connections-per-address", type=int, metavar="N",
                       default=defaults.max_connections_per_address,
                       help="most connections from one address (raise it behind a proxy "
                       "that does not pass the players' own addresses)")
    serve.add_argument("--tables-per-address", type=int, default=defaults.tables_per_address,
                       metavar="N", help="most tables one address creates in an hour")
    serve.add_argument("--behind-proxy", action="store_true",
                       help="count each player by the address the reverse proxy forwards "
                       "(X-Forwarded-For); only when nothing but the proxy reaches the server")
    serve.add_argument("--remove", metavar="NAME",
                       help="operator: retire the player name NAME (it can no longer be used; "
                       "its listed seats and queue places go, running servers drop them at "
                       "once) and exit; with SQLite, while the server is stopped")
    smoke = commands.add_parser(
        "net-smoke", help="play a short online game of each two-player game through a server",
    )
    smoke.add_argument("--server", metavar="URL",
                       help="a running server (ws://...); default: start one on loopback")
    smoke.add_argument("--clock", metavar="MIN+SEC",
                       help="play each game with this real-time clock (e.g. 0.5+0); one "
                       "player stops moving and the server must end the game on time")


def run_net_command(args: argparse.Namespace) -> int:
    if args.command == "serve":
        from game.net.server.runner import ServerConfig, serve_command

        if args.remove is not None:
            return remove_command(args.db, args.remove)

        limits = Limits(max_connections_per_address=args.connections_per_address,
                        tables_per_address=args.tables_per_address)
        return serve_command(ServerConfig(db=args.db, host=args.host, port=args.port,
                                          public_address=args.public_address, limits=limits,
                                          behind_proxy=args.behind_proxy))
    from game.net.smoke import net_smoke, parse_clock

    clock = None
    if args.clock is not None:
        try:
            clock = parse_clock(args.clock)
        except (ValueError, ProtocolError) as err:
            print(f"net-smoke --clock: {err}")
            return 2
    return net_smoke(args.server, clock)


def remove_command(db: str, name: str) -> int:
    """``serve --remove NAME``: an operator's removal of a name, then exit."""
    from game.net.server.lobby import remove_name
    from game.net.storage import StorageError, open_storage

    try:
        storage = open_storage(db)
    except StorageError as err:
        print(f"serve --remove: {err}")
        return 1
    try:
        tables = remove_name(storage, name)
    finally:
        storage.close()
    print(f"removed {name!r}: {len(tables)} listed seat(s) taken out of the lobby")
    return 0
