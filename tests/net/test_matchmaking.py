"""Quick-match pairing: close ratings first, a window that widens with waiting, blocks."""

from __future__ import annotations

from game.net.matchmaking import MAX_WINDOW, START_WINDOW, Seeker, pair, window


def test_the_window_widens_with_waiting_up_to_a_bound() -> None:
    assert window(0) == START_WINDOW
    assert window(5) > window(0)
    assert window(10_000) == MAX_WINDOW


def test_the_closest_rating_is_chosen_and_far_ones_wait() -> None:
    queue = [Seeker("a", 1500, 0), Seeker("far", 2100, 1), Seeker("near", 1540, 2),
             Seeker("nearer", 1510, 3)]
    pairs = pair(queue, now=3)
    assert [(x.key, y.key) for x, y in pairs] == [("a", "nearer")]


def test_after_waiting_long_enough_anyone_is_met() -> None:
    queue = [Seeker("a", 1500, 0), Seeker("far", 2100, 0)]
    assert pair(queue, now=1) == []
    assert len(pair(queue, now=200)) == 1


def test_blocked_players_and_rated_against_casual_never_meet() -> None:
    queue = [Seeker("a", 1500, 0), Seeker("b", 1500, 0)]
    assert pair(queue, 0, may_meet=lambda x, y: False) == []
    assert pair([Seeker("a", 1500, 0, rated=True), Seeker("b", 1500, 0)], 0) == []


def test_a_hundred_seekers_pair_everyone_eventually() -> None:
    queue = [Seeker(f"p{i}", 1000 + (i * 37) % 1000, i * 0.1) for i in range(100)]
    pairs = pair(queue, now=200)
    assert len(pairs) == 50
    assert len({s.key for p in pairs for s in p}) == 100
