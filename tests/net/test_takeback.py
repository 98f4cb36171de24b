"""Takebacks at the table: asked and answered like a draw offer, nothing taken back without
the other player's consent; the asker's last turn goes (and the other's since), the stored
round loses it too, the clocks go back to their stored times, a second asking waits, and a
move cancels the offer."""

from __future__ import annotations

import random

import pytest

from game.net.wire.entries import Undone, dump_entry, load_entry, round_moves
from game.net.wire.limits import TAKEBACK_WAIT_SECONDS
from game.net.wire.messages import (
    Answer,
    Attach,
    Clock,
    Declined,
    Move,
    Offer,
    Offered,
    OfferKind,
    TableState,
    TakenBack,
)
from tests.net.tables import legal_text, messages, play_random, refusal, seated, snapshot

ASK = Offer(OfferKind.TAKEBACK)
YES = Answer(OfferKind.TAKEBACK, True)
NO = Answer(OfferKind.TAKEBACK, False)


def _other(conn: str) -> str:
    return "b" if conn == "a" else "a"


def test_the_asker_s_last_move_goes_only_once_the_other_accepts() -> None:
    setup = seated()
    play_random(setup, random.Random(1), 3)  # Ada, Blaise, Ada: Blaise to move
    before = setup.table.moves()
    out = setup.send("a", ASK)
    assert messages(out, "b") == [Offered(OfferKind.TAKEBACK, 0)] and not out.store
    assert setup.table.moves() == before  # nothing yet
    out = setup.send("b", YES)
    assert setup.table.moves() == before[:2]
    assert setup.table.match.to_move == setup.seat("a")
    for conn in ("a", "b"):
        assert messages(out, conn) == [TakenBack(0, 2, 0, None)]
    assert out.store == (Undone(0, 2, setup.now),)


def test_asked_on_one_s_own_turn_the_other_s_reply_goes_too() -> None:
    """lichess takes back two plies then: the asker is to move again, where they were."""
    setup = seated()
    play_random(setup, random.Random(2), 4)  # Ada to move
    before = setup.table.moves()
    setup.send("a", ASK)
    setup.send("b", YES)
    assert setup.table.moves() == before[:2]
    assert setup.table.match.to_move == setup.seat("a")


def test_a_piously_turn_goes_whole() -> None:
    for on_own_turn in (False, True):
        setup = seated("piously")
        play_random(setup, random.Random(3), 8)
        match = setup.table.match
        second = match.mover(7)  # played a turn of four actions, plies 4 to 7
        assert [match.mover(p) for p in range(3, 8)] == [1 - second] + [second] * 4
        before = setup.table.moves()
        asker_seat = 1 - second if on_own_turn else second
        asker = "a" if setup.seat("a") == asker_seat else "b"
        setup.send(asker, ASK)
        setup.send(_other(asker), YES)
        # on the other's turn: the asker's whole turn; on their own: the other's too
        assert setup.table.moves() == before[:3 if on_own_turn else 4]
        assert match.to_move == asker_seat


def test_declined_nothing_changes_and_asking_again_waits() -> None:
    setup = seated()
    play_random(setup, random.Random(4), 3)
    setup.send("a", ASK)
    before = snapshot(setup.table)
    out = setup.send("b", NO)
    assert messages(out, "a") == [Declined(OfferKind.TAKEBACK, 1)] and not out.store
    assert snapshot(setup.table) == before
    too_soon = refusal(setup.send("a", ASK))
    assert too_soon.code == "too-soon" and "ask again in" in too_soon.reason
    setup.now += TAKEBACK_WAIT_SECONDS - 3  # 20 s after the asking, not the answer
    assert refusal(setup.send("a", ASK)).code == "too-soon"
    setup.now += 1
    assert messages(setup.send("a", ASK), "b") == [Offered(OfferKind.TAKEBACK, 0)]


def test_a_move_cancels_the_offer_and_lets_the_asker_ask_again() -> None:
    setup = seated()
    rng = random.Random(5)
    play_random(setup, rng, 3)  # Blaise to move
    setup.send("a", ASK)
    setup.send("b", Move(3, legal_text(setup.table, rng)))
    assert refusal(setup.send("b", YES)).code == "no-offer"
    assert messages(setup.send("a", ASK), "b") == [Offered(OfferKind.TAKEBACK, 0)]


def test_asking_back_accepts_the_pending_takeback() -> None:
    setup = seated()
    play_random(setup, random.Random(6), 3)
    setup.send("a", ASK)
    out = setup.send("b", ASK)
    assert messages(out, "b") == [TakenBack(0, 2, 0, None)]


def test_refused_before_one_s_first_move_or_once_the_game_is_over() -> None:
    setup = seated()
    play_random(setup, random.Random(7), 1)  # Ada moved, Blaise not yet
    assert refusal(setup.send("b", ASK)).code == "no-move"
    fresh = seated()
    assert refusal(fresh.send("a", ASK)).code == "no-move"
    setup.send("b", Offer(OfferKind.DRAW))
    setup.send("a", Answer(OfferKind.DRAW, True))
    assert refusal(setup.send("a", ASK)).code == "game-over"


def test_the_stored_round_and_a_restarted_table_lose_the_moves() -> None:
    setup = seated()
    play_random(setup, random.Random(8), 5)
    setup.send("b", ASK)
    setup.send("a", YES)
    kept = setup.table.moves()
    assert len(kept) == 3
    stored = [load_entry(dump_entry(entry)) for entry in setup.stored]
    assert round_moves(stored, 0) == kept
    restored = setup.restored()
    assert restored.moves() == kept and restored.match.to_move == setup.seat("b")
    assert restored.record("example.org").moves == kept
    out = setup.send("a", Attach(setup.table.id, setup.tokens["a"], 0, 5))
    (state,) = [m for m in messages(out, "a") if isinstance(m, TableState)]
    assert state.ply == 3  # a client holding the old moves gets the round again


@pytest.mark.parametrize("asker", ["a", "b"])
def test_the_clocks_go_back_to_their_stored_times(asker: str) -> None:
    setup = seated(clock=Clock(base=180, increment=2))
    rng = random.Random(9)

    def move_at(when: float) -> None:
        setup.now = when - 1
        setup.send(setup.to_move(), Move(setup.table.match.ply, legal_text(setup.table, rng)))
        setup.table.sent(when)

    move_at(setup.now + 10)  # Ada 172 s
    move_at(setup.now + 20)  # Blaise 162 s
    after_two = setup.table.clocks(setup.now)
    move_at(setup.now + 30)  # Ada 144 s
    move_at(setup.now + 5)  # Blaise 159 s: Ada to move
    if asker == "b":
        move_at(setup.now + 5)  # Ada 141 s: Blaise to move, asking for his last move
    setup.send(asker, ASK)
    out = setup.send(_other(asker), YES)
    (taken,) = [m for m in messages(out, asker) if isinstance(m, TakenBack)]
    expected = after_two if asker == "a" else (144_000, 162_000)
    assert taken.clocks == expected
    undone = setup.stored[-1]
    assert isinstance(undone, Undone) and undone.clocks == expected
    mover = setup.table.match.to_move
    setup.table.sent(setup.now + 0.5)
    left = setup.table.clocks(setup.now + 3.5)
    assert left is not None and left[mover] == expected[mover] - 3000
    assert left[1 - mover] == expected[1 - mover]
    restored = setup.restored()
    assert restored.clocks(setup.now) == expected


def test_a_takeback_to_the_start_gives_the_start_s_times_and_the_first_move_rule() -> None:
    setup = seated(clock=Clock(base=60))
    play_random(setup, random.Random(10), 1)
    setup.send("a", ASK)
    out = setup.send("b", YES)
    assert [m for m in messages(out, "a") if isinstance(m, TakenBack)] == [
        TakenBack(0, 0, 0, (60_000, 60_000))]
    assert setup.table.match.ply == 0
    assert setup.table.flag_at is not None and setup.table.flag_at < setup.now + 60

