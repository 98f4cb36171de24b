"""Push Fight animations on a manual clock: slides follow their path round corners, a push
shoves the whole line, the piece pushed off tumbles away, the anchor drops last."""

from __future__ import annotations

from game.catalog import all_games
from game.core.match import Match
from game.pushfight.rules.game import State
from game.pushfight.view.anim import build, point
from tests.pushfight.view.test_pushfight_play import BROWN_STANDARD, WHITE_STANDARD, WIN


def played(*moves: str) -> Match:
    match = Match(all_games().get("pushfight"), {})
    for text in moves:
        match.play(text)
    return match


def test_a_slide_round_a_corner_then_a_push_off_and_the_anchor() -> None:
    match = played(WHITE_STANDARD, BROWN_STANDARD, *WIN)
    before = match.state_at(4)
    assert isinstance(before, State)
    animation = build(before, match.results[-1].events, 10.0, 1.0)
    slider = next(track for track in animation.tracks if track.origin == "d2")
    leg = slider.legs[0]
    assert leg.points == (point("d2"), point("c2"), point("c1"))  # turns the corner at c2
    assert slider.place(leg.tween.start) == point("d2")
    halfway = leg.tween.start + leg.tween.duration / 2
    x, y = slider.place(halfway)  # eased symmetrically: at the corner at half time
    assert abs(x - point("c2")[0]) < 1e-9 and abs(y - point("c2")[1]) < 1e-9
    assert slider.place(leg.tween.end) == point("c1")
    push = slider.legs[1].tween
    assert push.start >= leg.tween.end  # the push waits for the slide
    line = [track for track in animation.tracks if track.legs and track.legs[-1].tween == push]
    origins = sorted(track.origin or "" for track in line)
    assert origins == ["d1", "d2", "e1", "f1"]  # d2 is the piece that slid to c1
    fallen = next(track for track in animation.tracks if track.fall is not None)
    assert fallen.origin == "f1" and fallen.side == 1
    assert fallen.place(push.end) == (6.0, 1.0)  # shoved over the hole at g1
    assert fallen.fall is not None and fallen.fall.start >= push.end
    assert animation.lift == push.start  # the old anchor lifts as the push begins
    assert animation.anchor is not None
    square, drop = animation.anchor
    assert square == "d1" and drop.start >= fallen.fall.start
    assert animation.end >= max(drop.end, fallen.fall.end)
    cues = [cue for _at, cue in animation.cues]
    assert cues[:2] == ["select", "flip"] and "crumble" in cues


def test_setup_pieces_pop_in_one_after_another_and_speed_scales_time() -> None:
    match = played(WHITE_STANDARD)
    events = match.results[0].events
    slow = build(match.state_at(0), events, 0.0, 1.0)
    fast = build(match.state_at(0), events, 0.0, 2.0)
    appears = [track.appear for track in slow.tracks]
    assert len(appears) == 5 and all(tween is not None for tween in appears)
    starts = [tween.start for tween in appears if tween is not None]
    assert starts == sorted(starts) and starts[0] < starts[-1]
    assert abs(fast.end - slow.end / 2) < 1e-9
    assert build(match.state_at(0), events, 0.0, 0.0).tracks == ()  # speed 0: no animation
