"""Coverage-guided fuzzing of the online message codec and the table behind it (``make fuzz``).

Every input, read as a client's message and as a server's, must give a message or a
ProtocolError with a short readable reason, quickly. A message read must write back to text
that reads as the same message and fits the size limit; a client's message handed to a
table of two seated players must be answered (never raise), and a refusal must store and
change nothing. The corpus starts from one valid message of every type.

    python fuzz/fuzz_net_messages.py CORPUS -runs=100000 -max_len=17000
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from game.catalog import all_games
    from game.net.randomness import SeededRandomness
    from game.net.table import Table
    from game.net.wire.codes import ProtocolError
    from game.net.wire.entries import Entry
    from game.net.wire.limits import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
    from game.net.wire.messages import (
        Attach,
        Chat,
        ClientMessage,
        Create,
        Error,
        Hello,
        Join,
        Move,
        Moved,
        Moves,
        Offer,
        OfferKind,
        Resign,
        Seated,
        Welcome,
        decode_client,
        decode_server,
        encode,
    )

GAMES = all_games()
START = 1_800_000_000.0
SLOW = 0.5


def _stored() -> tuple[list[Entry], dict[str, str]]:
    """A conquid table with both seats taken and two moves played, as stored, and the
    players' tokens by connection."""
    table, out = Table.create("fuzz", Create("conquid", {"board": "small"}, 0, "Ada"), "a",
                              START, GAMES, SeededRandomness(1))
    assert table is not None and table.invite is not None
    outputs = [out, table.handle("b", Join(table.invite.code, "Bo"), START),
               table.handle("a", Move(0, "A 0,0 0,1 0,2"), START),
               table.handle("b", Move(1, "A 0,11 0,12 0,13"), START)]
    stored = [entry for output in outputs for entry in output.store]
    tokens = {str(send.to): send.message.token for output in outputs for send in output.send
              if isinstance(send.message, Seated)}
    assert len(stored) == 5 and len(tokens) == 2, stored
    return stored, tokens


ENTRIES, TOKENS = _stored()


def test_one_input(data: bytes) -> None:
    started = time.perf_counter()
    for decode in (decode_client, decode_server):
        try:
            message = decode(data)
        except ProtocolError as err:
            if not err.reason or len(err.reason) > 300 or not err.reason.isprintable():
                raise AssertionError(f"unreadable reason: {err.reason[:400]!r}") from None
            continue
        text = encode(message)
        if len(text.encode()) > MAX_MESSAGE_BYTES or decode(text) != message:
            raise AssertionError(f"{message!r} does not write back the same")
        if decode is decode_client:
            _at_a_table(message)  # type: ignore[arg-type]
    if time.perf_counter() - started > SLOW:
        raise AssertionError(f"{time.perf_counter() - started:.2f} s for one message")


def _at_a_table(message: ClientMessage) -> None:
    table = Table.restore("fuzz", ENTRIES, GAMES, SeededRandomness(2), START)
    for conn, token in TOKENS.items():
        table.handle(conn, Attach("fuzz", token, 0, 2), START)
    before = (table.moves(), table.round, table.names())
    for conn in ("a", "b", "stranger"):
        out = table.handle(conn, message, START + 5)
        refused = any(isinstance(s.message, Error) for s in out.send)
        if refused and (out.store or (table.moves(), table.round, table.names()) != before):
            raise AssertionError(f"{message!r} was refused but changed the table")
        before = (table.moves(), table.round, table.names())


def write_seed_corpus(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    token = "0123456789abcdef" * 2
    seeds = [
        Hello(PROTOCOL_VERSION, {"conquid": 1}, "fuzz"),
        Create("pushfight", {}, None, "Ada"),
        Join("ABC234", "Bo"),
        Attach("fuzz", token, 0, 1),
        Move(2, "C"),
        Resign(),
        Offer(OfferKind.DRAW),
        Chat("hi"),
        Welcome(PROTOCOL_VERSION, {"conquid": 1}, "s"),
        Moves(0, 0, ("C", "resign 1")),
        Moved(0, 3, 1, "draw"),
    ]
    for number, message in enumerate(seeds):
        (folder / f"seed-{number}.json").write_text(encode(message), encoding="utf-8")


if __name__ == "__main__":
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else None
    if corpus is not None:
        write_seed_corpus(corpus)
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
