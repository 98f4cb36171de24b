"""Piously's view logic without a window: spell walks (targets from the rules, picks, the
move they make), the temple builder, and the animation of a room glide and a won region."""

from __future__ import annotations

import math
import random

import pygame

from game.piously.rules import casting as cs
from game.piously.rules import moves as m
from game.piously.rules.events import RegionWon, RoomMoved
from game.piously.rules.game import GAME
from game.piously.rules.spellbook import SPELLS
from game.piously.rules.state import PiouslyState
from game.piously.rules.temple import DEFAULT_LAYOUT
from game.piously.view.anim import build
from game.piously.view.cast import Walk
from game.piously.view.draw import still as paint_still
from game.piously.view.geo import Geometry, round_hex, unit
from game.piously.view.temple import Builder
from tests.piously.view.piously_hands import upset_swaps


def seeded_game(seed: int = 1) -> tuple[list[PiouslyState], list[m.Move]]:
    """Every position of the seeded whole game the UI tests play, and its moves."""
    rng = random.Random(seed)
    state = GAME.apply(GAME.new_state({}), m.BuildTemple(DEFAULT_LAYOUT)).state
    states: list[PiouslyState] = [state]
    moves: list[m.Move] = []
    while state.verdict is None:
        move = GAME.random_move(state, rng)
        assert move is not None
        moves.append(move)
        state = GAME.apply(state, move).state
        states.append(state)
    return states, moves


def seeded_states() -> list[PiouslyState]:
    return seeded_game()[0]


def test_hexes_round_trip_through_pixels() -> None:
    geo = Geometry.fit(pygame.Rect(0, 0, 600, 400), [h for room, p in enumerate(DEFAULT_LAYOUT)
                                                     for h in p.hexes(room)])
    for room, placement in enumerate(DEFAULT_LAYOUT):
        for h in placement.hexes(room):
            x, y = geo.centre(h)
            assert geo.hex_at((round(x), round(y))) == h
            assert geo.hex_at((round(x + geo.size * 0.7), round(y))) == h
    assert round_hex(*unit(0)) == 0


def test_every_single_choice_walk_makes_each_legal_cast() -> None:
    """For the spells of one choice, each target picked makes exactly a legal cast."""
    checked = 0
    for state in seeded_states()[::7]:
        if state.phase.value != "play":
            continue
        for spell in range(len(SPELLS)):
            legal = set(cs.casts(state, spell))
            if not legal:
                continue
            walk = Walk(spell)
            whole = walk.move(state)
            if whole is not None and not walk.targets(state):  # Imprint, Overwork
                assert {whole} == legal
                continue
            if spell in (0, 1, 9, 11):  # Priestess, Purify, Shovel, Leap
                made = set()
                for h in walk.targets(state):
                    picked = walk.pick(state, h)
                    assert picked is not None
                    move = picked.move(state)
                    assert move is not None and cs.check_cast(state, move) is None
                    made.add(move)
                assert made == legal
                checked += 1
    assert checked > 10


def test_upset_swaps_reach_any_pattern_and_a_wrong_click_is_refused() -> None:
    for state in seeded_states():
        if state.phase.value != "play":
            continue
        casts = list(cs.casts(state, 7))
        if casts:
            break
    else:
        raise AssertionError("no Upset in the seeded game")
    target = casts[-1]
    assert isinstance(target, m.Upset)
    walk = Walk(7)
    for h in upset_swaps(state, target.pattern):
        picked = walk.pick(state, h)
        assert picked is not None
        walk = picked
    assert walk.move(state) == target
    far = max(state.built.room_of, key=lambda h: math.dist(unit(h), unit(state.objects[
        state.to_move] or 0)))
    assert Walk(7).pick(state, far) is None


def test_the_stonemason_places_its_room_with_the_turn_chosen() -> None:
    for state in seeded_states():
        if state.phase.value == "play" and cs.cast_problem(state, 8) is None:
            break
    else:
        raise AssertionError("no Stonemason cast in the seeded game")
    room = cs.stonemason_rooms(state)[0]
    placement = cs.stonemason_placements(state, room)[0]
    walk = Walk(8).pick(state, state.built.room_hexes[room][0])
    assert walk is not None and walk.rotation == state.built.layout[room].rotation
    walk = walk.turned((placement.rotation - walk.rotation) % 6)
    ghost = walk.ghost(state, placement.anchor)
    assert ghost is not None and ghost[2] is None
    placed = walk.pick(state, placement.anchor)
    assert placed is not None and placed.move(state) == m.Stonemason(room, placement)
    assert placed.back() == walk


def test_the_builder_drags_turns_and_explains() -> None:
    builder = Builder()
    assert builder.problem() is None and builder.move() == m.BuildTemple(DEFAULT_LAYOUT)
    first = DEFAULT_LAYOUT[0].hexes(0)[1]
    grabbed = builder.press(first)
    assert grabbed.selected == 0 and grabbed.dragging
    away = grabbed.drop(first + 30 * 4096)
    assert away.layout[0] != DEFAULT_LAYOUT[0] and not away.dragging
    assert away.problem() is not None and away.move() is None
    assert "Cannot build" in away.status()
    turned = grabbed.drop(first).turn(1)
    assert turned.layout[0].rotation == (DEFAULT_LAYOUT[0].rotation + 1) % 6
    assert first in turned.layout[0].hexes(0)  # it turned about the grabbed hex
    assert Builder().press(10**6).selected is None


def test_a_moved_room_glides_and_a_won_region_lights_room_by_room() -> None:
    states, moves = seeded_game()
    before = next(s for s in states if s.phase.value == "play" and cs.cast_problem(s, 8) is None)
    room = cs.stonemason_rooms(before)[0]
    placement = cs.stonemason_placements(before, room)[-1]
    result = GAME.apply(before, m.Stonemason(room, placement))
    assert any(isinstance(e, RoomMoved) for e in result.events)
    anim = build(before, result.state, result.events, 10.0, 1.0)
    assert anim is not None and anim.glides
    geo = Geometry.fit(pygame.Rect(0, 0, 800, 600), [*before.built.room_of,
                                                     *result.state.built.room_of])
    glide = anim.glides[0]
    start, end = glide.tween.start, glide.tween.end
    h = placement.hexes(room)[0]
    source = before.built.room_hexes[room][0]
    early = {t.hex: t for t in anim.frame(geo, start).tiles}[h]
    late = {t.hex: t for t in anim.frame(geo, end).tiles}[h]
    assert math.dist(early.centre, geo.centre(source)) < 1
    assert math.dist(late.centre, geo.centre(h)) < 1
    assert h in anim.frame(geo, (start + end) / 2).moving
    won = states[-1]
    assert won.verdict is not None
    last = GAME.apply(states[-2], moves[-1])
    regions = [e for e in last.events if isinstance(e, RegionWon)]
    assert regions and len(regions[0].rooms) >= 7
    lit = build(states[-2], won, last.events, 0.0, 1.0)
    assert lit is not None
    first_room = set(regions[0].rooms[0][1])
    later_room = set(regions[0].rooms[-1][1])
    moment = lit.glows[next(iter(first_room))].end
    glow = lit.frame(geo, moment).glow
    assert all(glow[h] == 1 for h in first_room)
    assert all(glow[h] < 1 for h in later_room)
    at_rest = paint_still(won, geo).glow  # and it stays lit once the animation is over
    assert {h for h, light in at_rest.items() if light == 1} == {
        h for _, hexes in regions[0].rooms for h in hexes}
    assert build(before, result.state, result.events, 0.0, 0.0) is None  # speed 0
