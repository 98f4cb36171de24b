"""Helpers for table tests: a table with two players, messages sent as text or values."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from game.catalog import all_games
from game.core.errors import GameError
from game.core.protocol import CHANCE
from game.net.randomness import SeededRandomness
from game.net.table import Output, Table
from game.net.wire.codes import ProtocolError
from game.net.wire.entries import Entry, dump_entry, load_entry
from game.net.wire.messages import (
    ClientMessage,
    Create,
    Error,
    Join,
    Moved,
    Seated,
    ServerMessage,
    decode_client,
    decode_server,
    encode,
)

GAMES = all_games()
START = 1_800_000_000.0
OPTIONS: dict[str, dict[str, Any]] = {"conquid": {"board": "small"}, "pushfight": {},
                                      "piously": {}}


@dataclass
class Setup:
    """A table with its creator on connection "a" and the joiner on "b"."""

    table: Table
    tokens: dict[str, str]
    stored: list[Entry]
    now: float = START

    def send(self, conn: str, message: ClientMessage | str) -> Output:
        """Send as the server would: text through the codec (a refusal answered by the table),
        and every entry the table asks to store kept, through its stored text form."""
        self.now += 1
        if isinstance(message, str):
            try:
                message = decode_client(message)
            except ProtocolError as err:
                return self.table.refuse(conn, err)
        else:
            message = decode_client(encode(message))  # what travels is the text form
        out = self.table.handle(conn, message, self.now)
        self.stored.extend(load_entry(dump_entry(entry)) for entry in out.store)
        for send in out.send:  # every message sent is one a client can read back
            assert decode_server(encode(send.message)) == send.message
        return out

    def seat(self, conn: str) -> int:
        seat = self.table.seat_of(conn)
        assert seat is not None
        return seat

    def to_move(self) -> str:
        """The connection whose turn it is."""
        return "a" if self.seat("a") == self.table.match.to_move else "b"

    def restored(self) -> Table:
        return Table.restore(self.table.id, self.stored, GAMES, SeededRandomness(9), self.now)


def seated(game: str = "conquid", seat: int | None = 0, seed: int = 1,
           **create: Any) -> Setup:
    """A two-player table with both seats taken."""
    rnd = SeededRandomness(seed)
    request = Create(game, create.pop("options", OPTIONS[game]), seat, "Ada", **create)
    table, out = Table.create("tbl1", request, "a", START, GAMES, rnd)
    assert table is not None, out
    tokens = {"a": _token(out)}
    setup = Setup(table, tokens, list(out.store))
    invite = table.invite
    assert invite is not None
    out = setup.send("b", Join(invite.code, "Blaise"))
    tokens["b"] = _token(out)
    return setup


def errors(out: Output) -> list[str]:
    return [s.message.code for s in out.send if isinstance(s.message, Error)]


def refusal(out: Output) -> Error:
    """The one error ``out`` holds, checking that nothing is stored or sent besides."""
    assert not out.store and not out.close and len(out.send) == 1, out
    message = out.send[0].message
    assert isinstance(message, Error), out
    return message


def messages(out: Output, conn: str) -> list[ServerMessage]:
    return [s.message for s in out.send if s.to == conn]


def snapshot(table: Table) -> tuple[Any, ...]:
    """Everything a refusal must leave unchanged."""
    return (table.round, table.moves(), table.names(), table.invite, table.match.outcome,
            table.match.game.encode(table.match.state), table.connections,
            {conn: table.seat_of(conn) for conn in table.connections})


def legal_text(table: Table, rng: random.Random) -> str:
    move = table.game.random_move(table.match.state, rng)
    assert move is not None and table.match.to_move != CHANCE
    return str(table.game.format_move(move))


def play_random(setup: Setup, rng: random.Random, plies: int) -> None:
    """Up to ``plies`` legal moves, each acknowledged to both players."""
    for _ in range(plies):
        if setup.table.match.is_over:
            return
        ply = setup.table.match.ply
        text = json.dumps({"type": "move", "ply": ply, "move": legal_text(setup.table, rng)})
        out = setup.send(setup.to_move(), text)
        assert not errors(out), out
        assert {s.to for s in out.send if isinstance(s.message, Moved)} == {"a", "b"}


def illegal_reason(table: Table, text: str) -> str:
    """What the rules themselves say against ``text`` here."""
    try:
        table.game.check_move(table.match.state, table.game.parse_move(text))
    except GameError as err:
        return str(err)
    raise AssertionError(f"{text} is legal")


def _token(out: Output) -> str:
    found = [s.message.token for s in out.send if isinstance(s.message, Seated)]
    assert len(found) == 1
    return found[0]
