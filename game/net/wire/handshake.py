"""The handshake: a client's ``hello`` checked against what this server plays.

Two programs that disagree on the protocol, or on the rules of a game they both know, would
disagree on which moves are legal; they are stopped here with a reason a player can act on
(which side to update), before any table is opened.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.core.protocol import GameInfo
from game.net.wire.codes import ProtocolError, Refusal
from game.net.wire.limits import PROTOCOL_VERSION
from game.net.wire.messages import Hello, Welcome


def hosted_games(infos: Iterable[GameInfo]) -> dict[str, int]:
    """The games a server offers (id -> rules version): those two people play each other."""
    return {info.id: info.rules_version for info in infos if info.players == 2}


def greet(hello: Hello, games: Mapping[str, int], titles: Mapping[str, str],
          server: str = "") -> Welcome:
    """The ``welcome`` for ``hello``, or ProtocolError: a protocol version other than this
    one, or a game both sides know played by other rules (``titles`` names it for people)."""
    if hello.protocol != PROTOCOL_VERSION:
        newer = "the server" if hello.protocol < PROTOCOL_VERSION else "this app"
        raise ProtocolError(
            Refusal.PROTOCOL_VERSION,
            f"this server speaks protocol version {PROTOCOL_VERSION} and the app version "
            f"{hello.protocol}: {newer} is newer; please update the other",
            Hello.TYPE,
        )
    for game, version in sorted(games.items()):
        theirs = hello.rules.get(game)
        if theirs is not None and theirs != version:
            newer = "the server" if version > theirs else "this app"
            raise ProtocolError(
                Refusal.RULES_VERSION,
                f"{titles.get(game, game)} rules differ: the server plays version {version} "
                f"and the app version {theirs}; {newer} is newer, please update the other",
                Hello.TYPE,
            )
    return Welcome(PROTOCOL_VERSION, dict(games), server)
