"""Any sequence of messages from two clients (and a stranger) leaves the table equal to a
``Match`` replayed from its own moves, equal to the table its stored entries rebuild, and
equal to each attached client's mirror built only from what the server sent it."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from game.core.match import Match
from game.net.table import Output
from game.net.wire.messages import (
    Abort,
    Answer,
    Attach,
    Chat,
    Claim,
    Error,
    Move,
    Moved,
    Moves,
    Offer,
    OfferKind,
    Resign,
    TableState,
    TakenBack,
)
from tests.net.tables import GAMES, Setup, seated, snapshot

CONNS = ("a", "b", "c")
ACTIONS = ("move", "resign", "offer", "answer", "abort", "claim", "chat", "drop", "attach",
           "raw")
RARE = ("resign", "abort")
"""Actions that end a round at once: drawn seldom, so rounds get long enough to matter."""


class Mirror:
    """A client's copy of the round, built from the messages it received."""

    def __init__(self) -> None:
        self.round = 0
        self.moves: list[str] = []

    def receive(self, message: Any) -> None:
        if isinstance(message, TableState):
            if message.round != self.round:
                self.round, self.moves = message.round, []
        elif isinstance(message, Moves):
            assert message.round == self.round
            assert message.start <= len(self.moves)
            self.moves = self.moves[: message.start] + list(message.moves)
        elif isinstance(message, Moved):
            assert message.round == self.round
            if message.ply == len(self.moves):
                self.moves.append(message.move)
            else:  # an acknowledgement sent again: the same move, where it was
                assert self.moves[message.ply] == message.move
        elif isinstance(message, TakenBack):
            assert message.round == self.round
            assert message.ply < len(self.moves)
            del self.moves[message.ply:]


def replayed(setup: Setup) -> Match:
    table = setup.table
    match = Match(table.game, table.options)
    for text in table.moves():
        match.play_text(text)
    return match


def act(setup: Setup, data: st.DataObject, rng: random.Random, mirrors: dict[str, Mirror]
        ) -> Output:
    table = setup.table
    action = "legal" if data.draw(st.integers(0, 9)) < 7 else data.draw(st.sampled_from(ACTIONS))
    if action in RARE and data.draw(st.integers(0, 3)):
        action = "legal"
    conn = data.draw(st.sampled_from(CONNS))
    setup.now += data.draw(st.integers(0, 90))
    ply = table.match.ply
    if action == "legal" and table.match.is_over:
        action = "chat"
    if action == "legal":
        move = table.game.random_move(table.match.state, rng)
        if data.draw(st.booleans()):  # usually the right player
            conn = "a" if table.seat_of("a") == table.match.to_move else "b"
        return setup.send(conn, Move(ply, table.game.format_move(move)))
    if action == "move":
        text = data.draw(st.sampled_from(
            ["resign", "draw", "abort", "resign 0", "resign 1", "time 0", "left 1", "C",
             "A 0,0 0,1 0,2", "x", "a1-b1", *table.moves()[-2:]]))
        return setup.send(conn, Move(max(0, ply + data.draw(st.integers(-2, 1))), text))
    if table.match.is_over and data.draw(st.integers(0, 2)):  # mostly: a rematch, please
        action = data.draw(st.sampled_from(["offer", "answer"]))
        kind = OfferKind.REMATCH
    else:
        kind = data.draw(st.sampled_from(OfferKind))
    if action == "offer":
        return setup.send(conn, Offer(kind))
    if action == "answer":
        return setup.send(conn, Answer(kind, data.draw(st.booleans())))
    if action == "drop":
        return table.disconnect(conn, setup.now)
    if action == "attach":
        token = data.draw(st.sampled_from([*setup.tokens.values(), "0" * 32]))
        mirror = mirrors.setdefault(conn, Mirror())
        if data.draw(st.booleans()):  # a fresh client that holds nothing
            out = setup.send(conn, Attach(table.id, token, 0, 0))
            if not any(isinstance(s.message, Error) for s in out.send):
                mirror.round, mirror.moves = -1, []
            return out
        return setup.send(conn, Attach(table.id, token, mirror.round, len(mirror.moves)))
    if action == "raw":
        return setup.send(conn, data.draw(st.sampled_from(
            ['{"type":"move"}', "[]", "nonsense", '{"type":"chat","text":"\\u0000"}',
             json.dumps({"type": "move", "ply": ply, "move": "resign"})])))
    message = {"resign": Resign(), "abort": Abort(), "claim": Claim(),
               "chat": Chat("hi")}[action]
    return setup.send(conn, message)


@settings(max_examples=60)
@given(st.data(), st.sampled_from(["conquid", "pushfight", "piously"]), st.integers(0, 10**6))
def test_any_message_sequence_keeps_the_table_its_moves_and_the_mirrors_equal(
    data: st.DataObject, game: str, seed: int
) -> None:
    setup = seated(game, seat=None, seed=seed)
    rng = random.Random(seed)
    mirrors = {"a": Mirror(), "b": Mirror()}
    for conn in "ab":
        mirrors[conn].moves = list(setup.table.moves())
    for _ in range(60):
        before = snapshot(setup.table)
        stored = len(setup.stored)
        out = act(setup, data, rng, mirrors)
        refused = [s for s in out.send if isinstance(s.message, Error)]
        if refused:
            assert not out.store and len(out.send) == 1 and snapshot(setup.table) == before
            assert len(setup.stored) == stored
        for send in out.send:
            if not isinstance(send.message, Error):
                mirrors.setdefault(str(send.to), Mirror()).receive(send.message)
        match = replayed(setup)
        assert match.moves == setup.table.moves()
        assert match.state == setup.table.match.state
        assert match.outcome == setup.table.match.outcome
        again = setup.restored()
        assert (again.round, again.moves(), again.names(), again.invite) == (
            setup.table.round, setup.table.moves(), setup.table.names(), setup.table.invite)
        for conn in setup.table.connections:
            mirror = mirrors[str(conn)]
            assert (mirror.round, mirror.moves) == (setup.table.round, list(setup.table.moves()))
    event(f"plies {min(setup.table.match.ply, 20) // 5 * 5}+, round {setup.table.round}, "
          f"ended {setup.table.match.outcome and setup.table.match.outcome.reason.value}")
    assert GAMES.get(game).info.players == 2
