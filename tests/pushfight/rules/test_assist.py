"""The UI helpers: reachable squares, push reasons and a turn built step by step."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalMoveError
from game.pushfight.rules.assist import PartialTurn, push_options, reachable_squares
from game.pushfight.rules.board import INDEX_OF
from game.pushfight.rules.game import GAME
from tests.pushfight.rules.positions import state


def sq(name: str) -> int:
    return INDEX_OF[name]


def names(indices: frozenset[int]) -> set[str]:
    return {n for n, i in INDEX_OF.items() if i in indices}


def test_reachable_squares_follow_empty_paths() -> None:
    position = state("oa3 xb3 xa2 Od2 Xe2")
    assert reachable_squares(position, sq("a3")) == frozenset()
    assert reachable_squares(position, sq("c3")) == frozenset()
    open_board = reachable_squares(position, sq("d2"))
    assert "c4" in names(open_board) and "a3" not in names(open_board)
    assert len(open_board) == 26 - 5


def test_push_options_give_every_reason() -> None:
    position = state("Oc2 oc1 Xd2 xd3 Yb2 Od4 xe4 xc3 xc4 Xf1 ob3")
    options = push_options(position, sq("c2"))
    assert options[sq("d2")] is None
    assert options[sq("b2")] == "the anchor is in the line"
    assert options[sq("c3")] == "the line would cross the rail"
    assert options[sq("c1")] == "the line would cross the rail"
    assert push_options(position, sq("c1"))[sq("b1")] == "a push needs a square piece"
    assert push_options(position, sq("d4"))[sq("d3")] is None
    empty = state("Oc2 Xe3")
    assert push_options(empty, sq("c2"))[sq("d2")] == (
        "that square is empty (that is a move, not a push)"
    )


def test_a_partial_turn_builds_undoes_and_finishes() -> None:
    start = state("oa3 Od2 Xe2 xf3")
    turn = PartialTurn(start)
    assert turn.slides_left == 2 and turn.pushes() == [(sq("d2"), sq("e2"))]
    assert sq("c4") in turn.targets(sq("a3")) and turn.targets(sq("e2")) == frozenset()
    one = turn.slide(sq("a3"), sq("c4"))
    assert one.board().position != start.position and one.board().to_move == 0
    two = one.slide(sq("d2"), sq("e3"))
    assert two.slides_left == 0 and two.targets(sq("c4")) == frozenset()
    with pytest.raises(IllegalMoveError, match="two moves are made; now push"):
        two.slide(sq("c4"), sq("d4"))
    assert set(two.pushes()) == {(sq("e3"), sq("f3")), (sq("e3"), sq("e2"))}
    with pytest.raises(IllegalMoveError, match="that square is empty"):
        two.finish(sq("e3"), sq("e4"))
    back = two.undo()
    assert back == one
    move = back.finish(sq("d2"), sq("e2"))
    assert GAME.format_move(move) == "a3-c4,d2-e2"
    GAME.check_move(start, move)
    with pytest.raises(IllegalMoveError):
        turn.undo()
    with pytest.raises(IllegalMoveError, match="not empty"):
        turn.slide(sq("a3"), sq("d2"))


def test_a_partial_turn_warns_of_a_dead_end() -> None:
    turn = PartialTurn(state("oa3 Od2 Xe2 xf3"))
    assert turn.can_still_push()
    away = turn.slide(sq("d2"), sq("b1"))  # nothing next to b1, but one slide is left
    assert away.can_still_push()
    stuck = away.slide(sq("a3"), sq("h3"))  # no slide left and b1 touches no piece
    assert not stuck.can_still_push() and stuck.pushes() == []
