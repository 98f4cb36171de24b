"""Piously read as a player reads it: hexes named by the labels the board draws (never a
coordinate), what the other player's move did to your things, and what the board draws for a
hint, the last turn, a Stonemason's room and a claim."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pygame
import pytest

from game.client.draw import fonts, palette
from game.piously.rules import casting as cs
from game.piously.rules import moves as m
from game.piously.rules.game import GAME, move_problem
from game.piously.rules.hexes import hex_at
from game.piously.rules.names import NUMBERS, hex_label, hex_name
from game.piously.rules.spellbook import SPELLS, STONEMASON
from game.piously.rules.state import PiouslyState
from game.piously.rules.temple import DEFAULT_LAYOUT, ROOM_LETTERS
from game.piously.view import anim, panel, words
from game.piously.view.board import PiouslyView
from game.piously.view.geo import dialog_rects, unit

COORDINATE = re.compile(r"-?\d+\s*,\s*-?\d+")


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    """The board's words need pygame's fonts (headless: the dummy drivers)."""
    fonts.reset()
    pygame.init()
    yield
    pygame.quit()
    fonts.reset()


def built() -> PiouslyState:
    return GAME.apply(GAME.new_state({}), m.BuildTemple(DEFAULT_LAYOUT)).state


def playthrough(seed: int, plies: int) -> list[tuple[PiouslyState, m.Move]]:
    """Random legal moves from the default temple, with the position each was played in."""
    rng = random.Random(seed)
    state, seen = built(), []
    for _ in range(plies):
        move = GAME.random_move(state, rng)
        if move is None or state.verdict is not None:
            break
        seen.append((state, move))
        state = GAME.apply(state, move).state
    return seen


def test_every_hex_has_a_label_once_and_labels_travel_with_their_room() -> None:
    state = built()
    labels = [str(hex_label(state.built, h)) for h in state.built.room_of]
    assert sorted(labels) == sorted(f"{letter}{n}" for letter in ROOM_LETTERS
                                    for n in range(1, 5))
    assert all(sorted(numbers) == [1, 2, 3, 4] for numbers in NUMBERS)
    assert hex_label(state.built, hex_at(1, -3)) is None
    assert hex_name(state.built, hex_at(1, -3)).startswith("the space beside ")
    assert hex_name(state.built, hex_at(-5, -5)) == "a space off the temple"
    # P1 is the Pink room's top hex as it lies unturned.
    pink = state.built.room_hexes[0]
    top = min(pink, key=lambda h: (unit(h)[1], unit(h)[0]))
    assert hex_label(state.built, top) == "P1"
    # A moved room keeps each tile's label.
    for before, move in playthrough(3, 900):
        if isinstance(move, m.Stonemason):
            after = GAME.apply(before, move).state
            old, new = before.built.room_hexes[move.room], after.built.room_hexes[move.room]
            assert [hex_label(before.built, h) for h in old] == [
                hex_label(after.built, h) for h in new]
            break


def test_no_words_a_player_reads_name_a_coordinate() -> None:
    """Moves in words (with and without the position), what they did to the other player, and
    the rules' refusals of moves aimed at hexes: no ``q,r`` anywhere."""
    kinds = set()
    for seed in range(4):
        for before, move in playthrough(seed, 400):
            result = GAME.apply(before, move)
            text = str(move)
            said = [words.describe(text), words.describe_at(before, text),
                    *words.explain(before, result, 1 - before.to_move),
                    *words.explain(before, result, before.to_move)]
            kinds.add(type(move).__name__)
            for line in said:
                assert not COORDINATE.search(line), (text, line)
            refused: list[m.Move] = [m.Step(hex_at(9, 9)), m.PlacePiece(hex_at(9, 9)),
                       m.Stonemason(0, DEFAULT_LAYOUT[1]), m.Locksmith(hex_at(9, 9), hex_at(8, 8)),
                       m.Yeoman(((hex_at(9, 9), hex_at(8, 8)),)),
                       m.Usurper((hex_at(9, 9), hex_at(8, 8)))]
            for wrong in refused:
                problem = move_problem(before, wrong) or ""
                assert not COORDINATE.search(problem), (wrong, problem)
    assert len(kinds) >= 10, kinds


def test_moves_are_worded_with_the_boards_labels() -> None:
    state = GAME.apply(built(), m.PlacePiece(hex_at(2, -3))).state
    assert words.describe_at(built(), "place 2,-3") == "Placed the piece on P3"
    assert words.describe("place 2,-3") == "Placed the piece"
    state = GAME.apply(state, m.PlacePiece(hex_at(5, -3))).state
    assert words.describe_at(state, "move 2,-2") == "Moved to O1"
    assert words.describe_at(state, "bless") == "Blessed P3"
    assert words.describe_at(state, "end take Priestess") == (
        "Ended the turn, claiming the Priestess (Pink artwork); Black gets the Purify")


def test_explain_says_what_the_other_players_move_did_to_yours() -> None:
    found = {"aura": False, "piece": False, "object": False, "claim": False}
    for seed in range(6):
        for before, move in playthrough(seed, 500):
            result = GAME.apply(before, move)
            mover = before.to_move
            assert words.explain(before, result, mover) == ()  # your own move: nothing
            lines = words.explain(before, result, 1 - mover)
            lost = [e for e in result.events if getattr(e, "before", None) == 1 - mover
                    and hasattr(e, "hex")]
            if lost:
                found["aura"] = True
                assert any("your aura" in line or "of your auras" in line for line in lines)
            if any(getattr(e, "hex", None) == before.objects[1 - mover] for e in lost):
                found["piece"] = True
                assert any("(under your piece)" in line for line in lines), lines
            if any("moved your" in line for line in lines):
                found["object"] = True
            if isinstance(move, m.EndTurn) and move.claim is not None:
                found["claim"] = True
                given = SPELLS[move.claim ^ 1].name
                assert any(line.startswith("You get the " + given) for line in lines)
            if isinstance(move, m.Cast) and lines:
                assert lines[0].startswith(f"The {SPELLS[move.spell].name}")
    assert all(found.values()), found


def _view(state: PiouslyState, size: tuple[int, int] = (1000, 640)) -> PiouslyView:
    view = PiouslyView()
    view.layout(pygame.Rect(0, 0, *size))
    view.show(state)
    return view


def _goods_near(view: PiouslyView, state: PiouslyState, h: int) -> int:
    surface = pygame.Surface((1000, 640))
    view.draw(surface, 1.0)
    x, y = view.hex_centre(h)
    return sum(1 for dx in range(-30, 31, 2) for dy in range(-30, 31, 2)
               if surface.get_at((x + dx, y + dy))[:3] == palette.GOOD)


def test_a_hint_is_drawn_on_the_board_and_keeps_a_half_made_cast() -> None:
    for before, _move in playthrough(1, 200):
        if cs.cast_problem(before, STONEMASON) is None and before.actions > 0:
            state = before
            break
    view = _view(state)
    step = next(m.Step(h) for h in sorted(state.built.room_of)
                if move_problem(state, m.Step(h)) is None)
    plain = _goods_near(view, state, step.to)
    view.click(view.spell_centre(STONEMASON))
    assert view.walk is not None
    assert not view.suggest(step).refused
    assert _goods_near(view, state, step.to) > plain + 20, "the hinted step is drawn"
    assert view.proposal().move == step
    view.clear()  # drops the hint only
    assert view.walk is not None and view.walk.spell == STONEMASON
    after = GAME.apply(state, step).state
    bless = m.Flip() if move_problem(after, m.Bless()) else m.Bless()
    assert not view.suggest_line((step, bless, m.EndTurn())).refused  # a planned turn
    assert [bool(marks.hexes) for marks in view._plan] == [True, True, False]
    assert view.proposal().move == step
    view.click(view.hex_centre(step.to))  # the player's own click replaces the suggestion
    assert view.proposal().move != step


def test_the_stonemasons_spots_are_marked_and_the_temple_keeps_its_scale() -> None:
    for before, _move in playthrough(1, 200):
        if cs.cast_problem(before, STONEMASON) is None:
            state = before
            break
    view = _view(state)
    view.click(view.spell_centre(STONEMASON))
    size = view.hex_centre(hex_at(0, 0))
    room = sorted(cs.stonemason_rooms(state))[0]
    view.click(view.hex_centre(state.built.room_hexes[room][0]))
    assert view.hex_centre(hex_at(0, 0)) == size, "picking the room up does not rescale"
    walk = view.walk
    assert walk is not None and len(walk.picks) == 1
    spots = view._room_spots(state, walk)
    placements = cs.stonemason_placements(state, room)
    assert spots == {p.anchor for p in placements if p.rotation == walk.rotation}
    spot = sorted(spots)[0]
    surface = pygame.Surface((1000, 640))
    view.draw(surface, 1.0)
    assert surface.get_at(view.hex_centre(spot))[:3] == palette.GOOD
    view.action("rotate")
    turned = view.walk
    assert turned is not None
    assert view._room_spots(state, turned) == {
        p.anchor for p in placements if p.rotation == turned.rotation}


def test_the_turn_on_show_is_marked_action_by_action() -> None:
    seen = playthrough(2, 120)
    start = max(i for i, (_s, move) in enumerate(seen[:-1]) if isinstance(move, m.EndTurn)) + 1
    turn = seen[start:]
    view = _view(seen[start][0])
    for before, move in turn:
        view.animate(before, GAME.apply(before, move), 0.0)
        view.skip()
    assert len(view.marked()) == len(turn)
    other = GAME.apply(*turn[-1])
    view.show(other.state, (other,))
    assert len(view.marked()) == 1


def test_the_claim_panel_leaves_the_temple_in_sight() -> None:
    for size in ((900, 600), (1280, 720), (1920, 1080)):
        state = built()
        for text in ("place 2,-3", "place 5,-3"):
            state = GAME.apply(state, m.parse_move(text)).state
        area = (size[0] - 320, size[1] - 120)
        view = PiouslyView()
        view.layout(pygame.Rect(0, 0, *area))
        view.show(state)
        view.action("end_turn")  # White ends in the unclaimed Pink room
        assert view.claim_open
        frame, choices = dialog_rects(view._panel)
        for h in state.built.room_of:
            assert not frame.collidepoint(view.hex_centre(h)), (size, h)
        surface = pygame.Surface(area)
        view.draw(surface, 1.0)
        assert view.mark_rect("p3") == view.mark_rect("2,-3") is not None  # still marked
        assert all(frame.contains(choice) for choice in choices)


def test_an_earlier_action_stays_marked_on_a_room_moved_later_in_the_turn() -> None:
    """Seed 1's move 68 is a Stonemason moving a room an earlier action of its turn marked."""
    seen = playthrough(1, 69)
    index = 68
    before, mason = seen[index]
    assert isinstance(mason, m.Stonemason)
    start = max(i for i, (_s, move) in enumerate(seen[:index]) if isinstance(move, m.EndTurn))
    view = _view(seen[start + 1][0])
    for state, move in seen[start + 1:index + 1]:
        view.animate(state, GAME.apply(state, move), 0.0)
        view.skip()
    old_room = set(before.built.room_hexes[mason.room])
    moved = dict(zip(before.built.room_hexes[mason.room],
                     GAME.apply(before, mason).state.built.room_hexes[mason.room], strict=True))
    earlier = view.marked()[:-1]
    assert len(earlier) == index - start - 1
    raw = [anim.marks(GAME.apply(state, move).events) for state, move in seen[start + 1:index]]
    assert any(marks.hexes & old_room for marks in raw), "the room held an earlier mark"
    for shown, made in zip(earlier, raw, strict=True):
        assert shown.hexes == {moved.get(h, h) for h in made.hexes}


def test_the_widest_spell_name_is_as_wide_as_the_panel_reckons() -> None:
    """The spell panel makes room for its names without a face (``panel.NAME_W``)."""
    pygame.font.init()
    fonts.reset()
    try:
        widest = max(fonts.font(panel.NAME_MIN, True).size(spell.name)[0] for spell in SPELLS)
    finally:
        fonts.reset()
    assert widest == panel.NAME_W
