"""The table: a whole game, every meta action, reconnecting, restoring, and every hostile
message refused with its code and the rules' reason, the table unchanged."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from pathlib import Path
from typing import Any

import pytest

from game.core.match import Match
from game.core.protocol import OutcomeReason
from game.core.record import Online, Record
from game.core.registry import Registry
from game.net.randomness import SeededRandomness
from game.net.table import Table
from game.net.wire.codes import CloseCode, ProtocolError, Refusal
from game.net.wire.entries import Played, Rated, Rematch, Sat, dump_entry, load_entry
from game.net.wire.limits import INVITE_ALPHABET, INVITE_LENGTH, INVITE_SECONDS
from game.net.wire.messages import (
    Abort,
    Answer,
    Attach,
    Chat,
    Claim,
    Clock,
    Create,
    Declined,
    Ended,
    Join,
    Move,
    Moved,
    Moves,
    Offer,
    Offered,
    OfferKind,
    Presence,
    RatingChange,
    Resign,
    Said,
    TableState,
)
from tests.net.tables import (
    GAMES,
    START,
    errors,
    illegal_reason,
    legal_text,
    messages,
    play_random,
    refusal,
    seated,
    snapshot,
)


def test_creating_sends_the_seat_the_invite_and_the_state() -> None:
    table, out = Table.create("t1", Create("pushfight", {}, 1, "Ada"), "a", START, GAMES,
                              SeededRandomness(3))
    assert table is not None and table.seat_of("a") == 1
    kinds = [s.message.TYPE for s in out.send]
    assert kinds == ["seated", "invite", "table"] and {s.to for s in out.send} == {"a"}
    invite = table.invite
    assert invite is not None and invite.expires == int(START) + INVITE_SECONDS
    assert len(invite.code) == INVITE_LENGTH and set(invite.code) <= set(INVITE_ALPHABET)
    state = out.send[2].message
    assert isinstance(state, TableState) and state.names == (None, "Ada") and state.ply == 0


@pytest.mark.parametrize("game", ["conquid", "pushfight", "piously"])
def test_a_whole_game_is_stored_and_announced_move_by_move(game: str) -> None:
    setup = seated(game)
    rng = random.Random(5)
    play_random(setup, rng, 4000)
    match = setup.table.match
    assert match.is_over
    played = [e for e in setup.stored if isinstance(e, Played)]
    assert [e.move for e in played] == list(match.moves)
    mirror = Match(GAMES.get(game), setup.table.options)
    for text in match.moves:
        mirror.play_text(text)
    assert mirror.outcome == match.outcome and mirror.state == match.state
    record = Record.loads(setup.table.record("test").dumps())
    assert record.online == Online("test", "tbl1", setup.table.names())  # type: ignore[arg-type]
    assert record.replay(GAMES).moves == match.moves


def test_random_seat_and_invite_codes_come_from_the_randomness_given() -> None:
    seats = set()
    for seed in range(12):
        table, _ = Table.create("t", Create("conquid", {}, None, "A"), "a", START, GAMES,
                                SeededRandomness(seed))
        assert table is not None
        seats.add(table.seat_of("a"))
    assert seats == {0, 1}
    codes = []
    for _ in range(2):
        table, _ = Table.create("t", Create("conquid", {}, 0, "A"), "a", START, GAMES,
                                SeededRandomness(7))
        assert table is not None and table.invite is not None
        codes.append(table.invite.code)
    assert codes[0] == codes[1]
    table, _ = Table.create("t", Create("conquid", {}, 0, "A"), "a", START, GAMES,
                            SeededRandomness(7), code_taken=lambda code: code == codes[0])
    assert table is not None and table.invite is not None and table.invite.code != codes[0]


def test_tokens_are_stored_only_as_hashes() -> None:
    setup = seated()
    play_random(setup, random.Random(1), 6)
    setup.send("a", Resign())
    dumped = "".join(dump_entry(e) for e in setup.stored)
    dumped += setup.table.record("s").dumps()
    for token in setup.tokens.values():
        assert token not in dumped and token not in repr(setup.table.__dict__)
    hashes = [e.token_hash for e in setup.stored if isinstance(e, Sat)]
    assert hashes == [hashlib.sha256(setup.tokens[c].encode()).hexdigest() for c in "ab"]


def test_the_same_move_sent_again_is_acknowledged_again() -> None:
    setup = seated()
    text = legal_text(setup.table, random.Random(2))
    first = setup.send("a", Move(0, text))
    before = snapshot(setup.table)
    again = setup.send("a", Move(0, text))
    assert not again.store and [s.to for s in again.send] == ["a"]
    assert again.send[0].message == Moved(0, 0, 0, first.send[0].message.move)  # type: ignore[union-attr]
    assert snapshot(setup.table) == before


def test_resign_on_the_opponents_turn_names_the_seat() -> None:
    setup = seated()
    setup.send("a", Move(0, legal_text(setup.table, random.Random(3))))
    assert setup.table.match.to_move == 1
    out = setup.send("a", Resign())
    assert setup.table.match.moves[-1] == "resign 0"
    assert setup.table.match.outcome is not None and setup.table.match.outcome.winner == 1
    assert [s.message.TYPE for s in out.send if s.to == "b"] == ["moved", "ended"]
    assert [e.move for e in out.store if isinstance(e, Played)] == ["resign 0"]


def test_draw_offers_lapse_with_a_move_can_be_declined_and_accepted() -> None:
    setup = seated()
    rng = random.Random(4)
    assert messages(setup.send("a", Offer(OfferKind.DRAW)), "b") == [Offered(OfferKind.DRAW, 0)]
    setup.send("a", Move(0, legal_text(setup.table, rng)))
    assert refusal(setup.send("b", Answer(OfferKind.DRAW, True))).code == "no-offer"
    setup.send("b", Offer(OfferKind.DRAW))
    assert messages(setup.send("a", Answer(OfferKind.DRAW, False)), "b") == [
        Declined(OfferKind.DRAW, 0)]
    setup.send("b", Offer(OfferKind.DRAW))
    assert refusal(setup.send("b", Answer(OfferKind.DRAW, True))).code == "no-offer"
    out = setup.send("a", Offer(OfferKind.DRAW))  # offering back accepts
    assert setup.table.match.moves[-1] == "draw"
    assert setup.table.match.outcome is not None
    assert setup.table.match.outcome.reason is OutcomeReason.DRAW_AGREED
    assert any(isinstance(m, Ended) for m in messages(out, "b"))


def test_abort_only_before_both_sides_have_moved() -> None:
    setup = seated()
    rng = random.Random(6)
    setup.send("a", Move(0, legal_text(setup.table, rng)))
    other = seated()
    other.send("a", Move(0, legal_text(other.table, random.Random(6))))
    out = other.send("a", Abort())
    assert other.table.match.moves[-1] == "abort" and out.store
    assert other.table.match.outcome is not None
    assert other.table.match.outcome.reason is OutcomeReason.ABORTED
    setup.send("b", Move(1, legal_text(setup.table, rng)))
    before = snapshot(setup.table)
    assert refusal(setup.send("a", Abort())).code == "too-late"
    assert snapshot(setup.table) == before


def test_a_creator_alone_can_abort_and_the_invite_dies() -> None:
    table, _ = Table.create("t", Create("conquid", {}, 0, "A"), "a", START, GAMES,
                            SeededRandomness(1))
    assert table is not None and table.invite is not None
    code = table.invite.code
    assert refusal(table.handle("a", Move(0, "C"), START)).code == "waiting"
    assert refusal(table.handle("a", Resign(), START)).code == "waiting"
    table.handle("a", Abort(), START + 1)
    assert table.invite is None
    assert refusal(table.handle("b", Join(code, "B"), START + 2)).code == "bad-code"


def test_rematch_swaps_the_sides_and_restores() -> None:
    setup = seated()
    assert refusal(setup.send("a", Offer(OfferKind.REMATCH))).code == "game-on"
    setup.send("b", Resign())
    setup.send("b", Offer(OfferKind.REMATCH))
    out = setup.send("a", Answer(OfferKind.REMATCH, True))
    assert [type(e) for e in out.store] == [Rematch]
    assert setup.table.round == 1 and setup.seat("a") == 1 and setup.seat("b") == 0
    states = [m for m in messages(out, "a") if isinstance(m, TableState)]
    assert states[0].seat == 1 and states[0].names == ("Blaise", "Ada") and states[0].ply == 0
    assert setup.table.match.seats[0].name == "Blaise"
    play_random(setup, random.Random(8), 5)
    again = setup.restored()
    assert (again.round, again.moves(), again.names()) == (1, setup.table.moves(),
                                                           ("Blaise", "Ada"))


RATINGS = (RatingChange(1338, -162, True), RatingChange(1662, 162, True))


def test_a_rated_rounds_changes_are_stored_and_said_to_whoever_comes_back() -> None:
    setup = seated()
    setup.send("a", Resign())
    out = setup.table.rate(RATINGS, setup.now)
    assert out.store == (Rated(0, RATINGS, setup.now),) and not out.send
    setup.stored.extend(load_entry(dump_entry(entry)) for entry in out.store)
    for table, conn in ((setup.table, "b"), (setup.restored(), "x")):
        back = table.handle(conn, Attach("tbl1", setup.tokens["b"], 0, 0), setup.now)
        state = next(m for m in messages(back, conn) if isinstance(m, TableState))
        assert state.ending is not None and state.ratings == RATINGS
    setup.send("a", Offer(OfferKind.REMATCH))
    out = setup.send("b", Answer(OfferKind.REMATCH, True))
    assert all(m.ratings is None for m in messages(out, "a") if isinstance(m, TableState))
    assert setup.restored().ratings is None  # the new round has none of its own


def test_a_table_stored_without_ratings_reads_as_before() -> None:
    setup = seated()
    setup.send("a", Resign())
    again = setup.restored()
    state = next(m for m in messages(again.handle("x", Attach("tbl1", setup.tokens["a"], 0, 0),
                                                 setup.now), "x")
                 if isinstance(m, TableState))
    assert state.ending is not None and state.ratings is None
    assert '"ratings"' not in "".join(dump_entry(entry) for entry in setup.stored)


def test_claims_need_the_other_gone_on_their_turn_or_past_their_deadline() -> None:
    setup = seated()
    rng = random.Random(9)
    assert refusal(setup.send("b", Claim())).code == "cannot-claim"  # a's turn, a is here
    assert refusal(setup.send("a", Claim())).code == "cannot-claim"  # own turn
    setup.send("a", Move(0, legal_text(setup.table, rng)))
    out = setup.table.disconnect("b", setup.now)
    assert messages(out, "a") == [Presence(1, False)]
    setup.now += 30
    reason = refusal(setup.send("a", Claim())).reason
    assert "claim in" in reason
    setup.now += 30
    setup.send("a", Claim())
    assert setup.table.match.moves[-1] == "left 1"
    assert setup.table.match.outcome is not None
    assert setup.table.match.outcome.reason is OutcomeReason.LEFT
    assert setup.table.match.outcome.winner == 0


def test_a_correspondence_deadline_can_be_claimed_once_past() -> None:
    setup = seated(clock=Clock(gone=60, move=3600))
    rng = random.Random(10)
    setup.send("a", Move(0, legal_text(setup.table, rng)))
    out = setup.send("b", Attach("tbl1", setup.tokens["b"], 0, 1))
    state = next(m for m in messages(out, "b") if isinstance(m, TableState))
    assert state.deadline == int(setup.now - 1) + 3600
    setup.now += 3000
    assert refusal(setup.send("a", Claim())).code == "cannot-claim"  # b is here, in time
    setup.now += 600
    setup.send("a", Claim())
    assert setup.table.match.moves[-1] == "time 1"
    assert setup.table.match.outcome is not None
    assert setup.table.match.outcome.reason is OutcomeReason.TIME


def test_attach_sends_exactly_the_missing_moves_and_replaces_the_old_link() -> None:
    setup = seated()
    play_random(setup, random.Random(11), 7)
    moves = setup.table.moves()
    out = setup.send("b2", Attach("tbl1", setup.tokens["b"], 0, 4))
    assert out.close == (("b", CloseCode.REPLACED),)
    got = messages(out, "b2")
    assert isinstance(got[0], TableState) and got[0].ply == 7
    assert got[1:] == [Moves(0, 4, moves[4:])]
    assert "b" not in setup.table.connections and setup.seat("b2") == 1
    assert not messages(out, "a")  # the player never left
    full = messages(setup.send("c", Attach("tbl1", setup.tokens["a"], 3, 5)), "c")
    assert full[1:] == [Moves(0, 0, moves)]  # another round: everything again
    none = messages(setup.send("c", Attach("tbl1", setup.tokens["a"], 0, 7)), "c")
    assert len(none) == 1  # nothing missing: the state alone


def test_the_creator_coming_back_gets_the_open_invite_again() -> None:
    table, out = Table.create("t", Create("conquid", {}, 0, "A"), "a", START, GAMES,
                              SeededRandomness(5))
    assert table is not None and table.invite is not None
    token = next(s.message.token for s in out.send if s.message.TYPE == "seated")  # type: ignore[union-attr]
    table.disconnect("a", START + 1)
    again = table.handle("a2", Attach("t", token, 0, 0), START + 2)
    assert [s.message for s in again.send][-1] == table.invite


def test_a_player_coming_back_is_announced() -> None:
    setup = seated()
    setup.table.disconnect("a", setup.now)
    out = setup.send("a", Attach("tbl1", setup.tokens["a"], 0, 0))
    assert messages(out, "b") == [Presence(0, True)]


def test_chat_goes_to_both_and_is_not_stored() -> None:
    setup = seated()
    out = setup.send("b", Chat("good luck 🙂"))
    assert not out.store and messages(out, "a") == messages(out, "b") == [Said(1, "good luck 🙂")]


def test_restore_rebuilds_the_table_and_its_players_can_attach() -> None:
    setup = seated("pushfight", seat=None, seed=4)
    play_random(setup, random.Random(12), 9)
    again = setup.restored()
    assert again.moves() == setup.table.moves() and again.names() == setup.table.names()
    assert again.match.state == setup.table.match.state and not again.connections
    out = again.handle("x", Attach("tbl1", setup.tokens["b"], 0, 9), setup.now)
    assert not errors(out) and again.seat_of("x") == setup.seat("b")


def test_the_move_limit_of_the_game_is_kept() -> None:
    game = GAMES.get("conquid")
    short = dataclasses.replace(game.info, max_plies=3)
    proxy: Any = type("Short", (), {"info": short, "__getattr__": lambda s, n: getattr(game, n)})()
    games = Registry([proxy])
    table, _ = Table.create("t", Create("conquid", {"board": "small"}, 0, "A"), "a", START, games,
                            SeededRandomness(1))
    assert table is not None and table.invite is not None
    table.handle("b", Join(table.invite.code, "B"), START)
    rng = random.Random(1)
    for ply in range(3):
        conn = "a" if table.seat_of("a") == table.match.to_move else "b"
        assert not errors(table.handle(conn, Move(ply, legal_text(table, rng)), START))
    assert table.match.outcome is not None
    assert table.match.outcome.reason is OutcomeReason.TURN_LIMIT
    conn = "a" if table.seat_of("a") == table.match.to_move else "b"
    assert refusal(table.handle(conn, Move(3, "C"), START)).code == "game-over"


# -- hostile clients: each refused with its code, nothing changed ------------------------------


def hostile_cases(setup: Any) -> list[tuple[str, Any, str, str | None]]:
    """(connection, message, expected code, words of the reason) for a table at ply 2."""
    table = setup.table
    mover = setup.to_move()
    other = "b" if mover == "a" else "a"
    legal = legal_text(table, random.Random(13))
    illegal = "A 13,0 13,1 13,2"
    return [
        (other, Move(2, legal), "not-your-turn", "not your turn"),
        (mover, Move(2, illegal), "illegal", illegal_reason(table, illegal)),
        (mover, Move(2, "Z 9"), "notation", None),
        (mover, Move(1, legal), "stale", "already played"),
        (mover, Move(1, table.moves()[1]), "stale", "already played"),  # the other's move
        (mover, Move(5, legal), "stale", "only 2 moves"),
        (mover, Move(2, "resign"), "notation", "not a board move"),
        (mover, Move(2, f"resign {setup.seat(other)}"), "notation", "not a board move"),
        (mover, Move(2, "draw"), "notation", "not a board move"),
        (mover, Move(2, "abort"), "notation", "not a board move"),
        (mover, Move(2, f"left {setup.seat(other)}"), "notation", "not a board move"),
        (mover, "garbage", "bad-message", "JSON"),
        (mover, "{}" + " " * 20_000, "too-large", "16,384"),
        (mover, '{"type": "move", "ply": 2}', "bad-message", "move"),
        (mover, '{"type": "chat", "text": "\\u0007bell"}', "bad-text", "U+0007"),
        (mover, '{"type": "chat", "text": "\\u202egnp.exe"}', "bad-text", "U+202E"),
        (mover, '{"type": "join", "code": "ABC234", "name": "x\\u0000"}', "bad-text", "U+0000"),
        (mover, Join("ABC234", "Eve"), "seated", None),
        ("eve", Join("ABC234", "Eve"), "bad-code", None),
        ("eve", Move(2, legal), "not-seated", None),
        ("eve", Chat("hi"), "not-seated", None),
        ("eve", Resign(), "not-seated", None),
        ("eve", Attach("tbl1", "f" * 32, 0, 0), "bad-token", "no seat"),
        ("eve", Attach("other", setup.tokens["a"], 0, 0), "no-table", None),
        ("a", Attach("tbl1", setup.tokens["b"], 0, 0), "seated", "other seat"),
        (mover, Answer(OfferKind.DRAW, True), "no-offer", None),
        (mover, Offer(OfferKind.REMATCH), "game-on", None),
        (mover, Create("conquid", {}, 0, "A"), "bad-message", None),
        (mover, '{"type": "hello", "protocol": 1, "rules": {}, "client": ""}', "bad-message",
         None),
    ]


def test_every_hostile_message_is_refused_and_changes_nothing() -> None:
    setup = seated()
    play_random(setup, random.Random(14), 2)
    for conn, message, code, words in hostile_cases(setup):
        before = snapshot(setup.table)
        stored = len(setup.stored)
        error = refusal(setup.send(conn, message))
        assert (error.code, conn) == (code, conn), (message, error)
        if words is not None:
            assert words in error.reason, (message, error)
        assert snapshot(setup.table) == before and len(setup.stored) == stored, message


def test_an_expired_or_used_invite_code_is_refused() -> None:
    table, _ = Table.create("t", Create("conquid", {}, 0, "A"), "a", START, GAMES,
                            SeededRandomness(2))
    assert table is not None and table.invite is not None
    code = table.invite.code
    late = table.handle("b", Join(code, "B"), START + INVITE_SECONDS + 1)
    assert refusal(late).code == "bad-code" and "expired" in refusal(late).reason
    assert not errors(table.handle("b", Join(code, "B"), START + INVITE_SECONDS))
    assert refusal(table.handle("c", Join(code, "C"), START + 5)).code == "bad-code"


@pytest.mark.parametrize(
    ("game", "options", "code", "reason"),
    [
        ("conquid", {"board": "huge"}, "bad-options", None),
        ("conquid", {"board": "custom", "rows": 3, "cols": 9, "base": 2}, "bad-options", None),
        ("conquid", {"colour": "red"}, "bad-options", "unknown option 'colour'"),
        ("chess", {}, "unknown-game", "no game 'chess'"),
        ("forts", {}, "unknown-game", "played alone"),
    ],
)
def test_options_are_checked_as_the_setup_screen_checks_them(
    game: str, options: dict[str, Any], code: str, reason: str | None
) -> None:
    table, out = Table.create("t", Create(game, options, 0, "A"), "a", START, GAMES,
                              SeededRandomness(1))
    error = refusal(out)
    assert table is None and error.code == code
    if reason is not None:
        assert reason in error.reason
    if code == "bad-options":  # the very reason a match (the setup screen's check) gives
        with pytest.raises(Exception) as err:
            Match(GAMES.get(game), options)
        assert error.reason == str(err.value)


def test_the_refusal_codes_are_the_documented_ones() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "online.md").read_text(encoding="utf-8")
    for code in Refusal:
        assert f"`{code.value}`" in doc, code
    for close in CloseCode:
        assert str(int(close)) in doc, close


def test_restore_refuses_entries_no_table_wrote() -> None:
    setup = seated()
    play_random(setup, random.Random(15), 3)
    opened, first, second, *moves = setup.stored
    assert isinstance(moves[0], Played)
    cases = {
        "no opening": [first, second],
        "a seat taken twice": [opened, first, first],
        "a move out of order": [opened, first, second, moves[1]],
        "an illegal move": [opened, first, second, dataclasses.replace(moves[0], move="C C")],
        "a rematch mid-game": [opened, first, second, Rematch(1, START)],
        "ratings mid-game": [opened, first, second, Rated(0, RATINGS, START)],
    }
    for what, entries in cases.items():
        with pytest.raises(ValueError):
            Table.restore("tbl1", entries, GAMES, SeededRandomness(1), START)
            raise AssertionError(what)
    with pytest.raises(ProtocolError):
        load_entry('{"type": "teleported", "at": 0}')
