"""Real-time clocks with increment, with a controlled time: the pure clock, then the table's
rules (charge, increment once a turn, the flag by ``tick`` and by a late move, the time a move
spends being sent not charged, a restart resuming the stored times)."""

from __future__ import annotations

import random

import pytest

from game.core.protocol import OutcomeReason
from game.net.clocks import GameClock
from game.net.wire.codec import Fields
from game.net.wire.codes import ProtocolError
from game.net.wire.entries import Played
from game.net.wire.limits import FIRST_MOVE_SECONDS
from game.net.wire.messages import Attach, Clock, Ended, Move, Moved, TableState
from tests.net.tables import START, Setup, legal_text, messages, seated

LIVE = Clock(base=180, increment=2)


def test_the_pure_clock_charges_the_running_side_only() -> None:
    clock = GameClock.fresh(60).run(0, 100.0)
    assert clock.now_left(110.5) == (49_500, 60_000)
    assert clock.flag_at == 160.0 and clock.fallen(159.999) is None and clock.fallen(160) == 0
    after = clock.moved(0, 110.5, turn_over=True, increment=5)
    assert after.left == (54_500, 60_000) and after.running == 1
    same_turn = clock.moved(0, 110.5, turn_over=False, increment=5)
    assert same_turn.left == (49_500, 60_000) and same_turn.running == 0
    assert after.resume(112.0).now_left(113.0) == (54_500, 59_000)
    assert after.resume(100.0) == after  # never back in time
    assert clock.remaining(0, 1000.0) == 0


def test_a_clock_is_either_real_time_or_correspondence() -> None:
    assert Clock(base=180, increment=2).label == "3+2" and Clock(base=30).label == "0.5+0"
    for wrong in ({"gone": 60, "move": 3600, "base": 180, "increment": 0},
                  {"gone": 60, "move": None, "base": None, "increment": 2},
                  {"gone": 60, "move": None, "base": 5, "increment": 0}):
        with pytest.raises(ProtocolError):
            Clock.read(Fields({"clock": wrong}, "create"), "clock")
    old = Clock.read(Fields({"clock": {"gone": 60, "move": None}}, "create"), "clock")
    assert old == Clock()  # a peer that predates real-time clocks


def _move_at(setup: Setup, when: float, text: str | None = None) -> list[Moved]:
    """The side to move plays at ``when`` (a random legal move unless ``text``)."""
    setup.now = when - 1  # Setup.send adds a second
    move = text or legal_text(setup.table, random.Random(setup.table.match.ply))
    out = setup.send(setup.to_move(), Move(setup.table.match.ply, move))
    return [m for m in messages(out, "a") if isinstance(m, Moved)]


def test_a_move_is_charged_its_time_and_earns_the_increment() -> None:
    setup = seated(clock=LIVE)  # Blaise joined at START + 1: Ada's time runs
    assert setup.table.clocks(START + 1) == (180_000, 180_000)
    (moved,) = _move_at(setup, START + 11)
    assert moved.clocks == (172_000, 180_000)
    stored = setup.stored[-1]
    assert isinstance(stored, Played) and stored.clocks == (172_000, 180_000)
    assert setup.table.clocks(START + 14) == (172_000, 177_000)


def test_the_time_a_move_spends_being_stored_and_sent_is_nobody_s() -> None:
    setup = seated(clock=LIVE)
    _move_at(setup, START + 11)
    setup.table.sent(START + 11.25)  # the moved went out a quarter of a second later
    (moved,) = _move_at(setup, START + 21.25)
    assert moved.clocks == (172_000, 172_000)  # Blaise is charged 10 s, not 10.25


def test_the_player_to_move_is_forgiven_their_round_trip_up_to_a_bound() -> None:
    for lag, charged in ((0.3, 9_700), (5.0, 9_000)):
        setup = seated(clock=LIVE)
        _move_at(setup, START + 11)
        setup.table.sent(START + 11, {"a": 0.05, "b": lag})  # Blaise is to move
        (moved,) = _move_at(setup, START + 21)
        assert moved.clocks is not None and moved.clocks[1] == 182_000 - charged


def test_the_flag_falls_without_a_claim() -> None:
    setup = seated(clock=LIVE)
    _move_at(setup, START + 11)  # Ada: 172 s left
    _move_at(setup, START + 21)  # Blaise: 172 s left; Ada's time runs
    flag = setup.table.flag_at
    assert flag == START + 21 + 172
    assert setup.table.tick(flag - 0.01).send == ()
    out = setup.table.tick(flag)
    assert setup.table.moves()[-1] == "time 0"
    ended = [m for m in messages(out, "b") if isinstance(m, Ended)]
    assert ended and ended[0].ending.reason == OutcomeReason.TIME.value
    assert ended[0].ending.winner == 1
    assert isinstance(out.store[-1], Played) and out.store[-1].clocks == (0, 172_000)
    assert setup.table.flag_at is None


@pytest.mark.parametrize("moved_first", [0, 1])
def test_a_player_who_never_makes_a_first_move_has_the_game_aborted(moved_first: int) -> None:
    """lichess's rule: not a loss on time (nor a rated result), the game is called off."""
    setup = seated(clock=LIVE)
    began = START + 1
    if moved_first:  # Ada moves; Blaise never does
        _move_at(setup, START + 11)
        began = START + 11
    assert setup.table.flag_at == began + FIRST_MOVE_SECONDS
    assert setup.table.tick(began + FIRST_MOVE_SECONDS - 0.01).send == ()
    out = setup.table.tick(began + FIRST_MOVE_SECONDS)
    setup.stored.extend(out.store)
    assert setup.table.moves()[-1] == "abort"
    for conn in ("a", "b"):
        (ended,) = [m for m in messages(out, conn) if isinstance(m, Ended)]
        assert ended.ending.reason == OutcomeReason.ABORTED.value
        assert ended.ending.winner is None
    assert isinstance(out.store[-1], Played) and out.store[-1].move == "abort"
    assert setup.restored().match.outcome == setup.table.match.outcome


def test_a_late_first_move_aborts_instead_of_being_played() -> None:
    setup = seated(clock=LIVE)
    (moved,) = _move_at(setup, START + 1 + FIRST_MOVE_SECONDS + 0.5)
    assert moved.move == "abort" and setup.table.match.is_over


def test_the_first_move_s_time_resumes_after_a_restart() -> None:
    setup = seated(clock=LIVE)
    restarted = START + 5000  # long past the first move's time: the server was down
    setup.now = restarted
    table = setup.restored()
    assert table.flag_at == restarted + FIRST_MOVE_SECONDS
    assert not table.match.is_over


def test_a_move_after_the_flag_loses_on_time_instead_of_being_played() -> None:
    setup = seated(clock=LIVE)
    _move_at(setup, START + 11)
    _move_at(setup, START + 21)  # Blaise: 172 s left; Ada's 172 s run
    late = START + 21 + 172.5
    text = legal_text(setup.table, random.Random(1))
    (moved,) = _move_at(setup, late, text)
    assert moved.move == "time 0" and setup.table.match.is_over
    assert moved.clocks == (0, 172_000)


def test_a_restarted_table_resumes_the_stored_times() -> None:
    setup = seated(clock=LIVE)
    _move_at(setup, START + 11)
    _move_at(setup, START + 31)  # Blaise: 20 s, 162 s left
    restarted = START + 5000  # the server was down for over an hour
    setup.now = restarted
    table = setup.restored()
    assert table.clocks(restarted) == (172_000, 162_000)
    assert table.flag_at == restarted + 172
    assert table.clocks(restarted + 2) == (170_000, 162_000)


def test_the_table_state_carries_the_clocks() -> None:
    setup = seated(clock=LIVE)
    _move_at(setup, START + 11)
    setup.now = START + 13
    out = setup.send("a", Attach(setup.table.id, setup.tokens["a"], 0, 1))
    (state,) = [m for m in messages(out, "a") if isinstance(m, TableState)]
    assert state.clocks == (172_000, 177_000)


def test_piously_earns_the_increment_once_a_turn() -> None:
    setup = seated("piously", clock=Clock(base=60, increment=5))
    when, passes = START + 1, 0
    rng = random.Random(3)
    while passes < 2 and not setup.table.match.is_over:
        mover = setup.table.match.to_move
        before = setup.table.clocks(when)
        assert before is not None
        when += 1
        (moved,) = _move_at(setup, when, legal_text(setup.table, rng))
        assert moved.clocks is not None
        turn_over = setup.table.match.to_move != mover
        expected = before[mover] - 1000 + (5000 if turn_over else 0)
        assert moved.clocks[mover] == expected
        passes += turn_over
    assert passes == 2


def test_a_table_without_a_real_time_clock_sends_none() -> None:
    setup = seated()
    (moved,) = _move_at(setup, START + 11)
    assert moved.clocks is None and setup.table.flag_at is None
    assert isinstance(setup.stored[-1], Played) and setup.stored[-1].clocks is None

