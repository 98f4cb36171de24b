"""Piously through the GUI with a player's clicks and keys: a whole game from the menu (the
temple, both placements, every action, every one of the 14 spells claimed and cast, a win),
the temple builder's live reasons, the claim dialog, and a spell walk stepped back and
cancelled."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.client.app.app import App
from game.client.files.paths import Paths
from game.core.match import Match
from game.core.record import save_match
from game.main_window import build_services
from game.piously.info import ALL_ROOMS
from game.piously.rules import casting as cs
from game.piously.rules import moves as m
from game.piously.rules.game import GAME, action_moves
from game.piously.rules.hexes import format_hex
from game.piously.rules.spellbook import PRIESTESS, SPELLS, STONEMASON
from game.piously.rules.temple import DEFAULT_LAYOUT
from game.piously.view.board import BUILDER_BUTTONS, BUILDER_HELP, PiouslyView
from game.piously.view.draw import INK
from game.piously.view.geo import button_rects
from game.piously.view.panel import text_block_height
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.replay import ReplayScene
from scenes.setup import SetupScene
from tests.piously.view.piously_hands import (
    hex_click,
    perform,
    settle,
    spell_click,
    state_of,
    view_of,
)
from tests.ui.driver import Driver

WHOLE_GAME_SEED = 1
"""Random legal play from the default temple that casts all 14 spells and ends in a win
(Black links all seven rooms after 413 moves)."""


def start_from_menu(driver: Driver) -> PlayScene:
    driver.frames(2)
    menu = driver.top
    assert isinstance(menu, MenuScene)
    entry = next(widget for widget, text, _ in menu.entries if text == "Play Piously")
    assert entry.is_enabled
    driver.press(entry)
    setup = driver.top
    assert isinstance(setup, SetupScene) and setup.game.info.id == "piously"
    assert "opt:turn_limit" in setup.widgets  # the house rule, built from GameInfo
    driver.press(setup.start_button)
    play = driver.top
    assert isinstance(play, PlayScene), driver.toasts()
    return play


def play_scene(driver: Driver, *moves: str) -> PlayScene:
    """A hot-seat game after ``moves``, opened straight in the play scene."""
    play: PlayScene = driver.hot_seat("piously", *moves)
    return play


def opening(seed: int = WHOLE_GAME_SEED, plies: int = 0) -> list[str]:
    """The default temple, then ``plies`` random legal moves from ``seed``."""
    rng = random.Random(seed)
    state = GAME.apply(GAME.new_state({}), m.BuildTemple(DEFAULT_LAYOUT)).state
    played = [str(m.BuildTemple(DEFAULT_LAYOUT))]
    for _ in range(plies):
        move = GAME.random_move(state, rng)
        assert move is not None
        played.append(str(move))
        state = GAME.apply(state, move).state
    return played


@pytest.mark.slow
def test_a_whole_game_with_every_spell_through_the_input_table(driver: Driver) -> None:
    play = start_from_menu(driver)
    rng = random.Random(WHOLE_GAME_SEED)
    cast: set[int] = set()
    perform(driver, play, m.BuildTemple(DEFAULT_LAYOUT))
    assert play.match.moves == (str(m.BuildTemple(DEFAULT_LAYOUT)),), driver.toasts()[-3:]
    while not play.match.is_over:
        settle(driver, play)
        move = GAME.random_move(state_of(play), rng)
        assert move is not None
        before = play.match.ply
        perform(driver, play, move)
        assert play.match.ply == before + 1, (str(move), driver.toasts()[-3:])
        assert play.match.moves[-1] == str(move), driver.toasts()[-3:]
        if isinstance(move, m.Cast):
            cast.add(move.spell)
        assert play.match.ply < 600
    assert cast == set(range(len(SPELLS)))
    outcome = play.match.outcome
    assert outcome is not None and outcome.reason is ALL_ROOMS
    assert outcome.winner is not None
    driver.wait(4.0)  # the region lights up room by room, then the banner
    assert not play.view.busy(play._clock)


def test_the_builder_shows_why_a_temple_cannot_be_built(driver: Driver) -> None:
    play = start_from_menu(driver)
    view = view_of(play)
    builder = view.builder
    assert builder is not None
    pink = builder.layout[0].hexes(0)[0]
    far = pink + 40 * 4096  # far to the right: the Pink room is cut off
    start, end = view.hex_centre(pink), view.hex_centre(far)
    end = (min(end[0], view.board_rect.right - 5), end[1])
    driver.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                         buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    driver.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0),
                                         buttons=(1, 0, 0))])
    driver.frames(2, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    moved = view.builder
    assert moved is not None and moved.layout != DEFAULT_LAYOUT
    problem = moved.problem()
    assert problem is not None
    driver.key("return")
    assert play.match.ply == 0
    assert problem in driver.toasts()[-1]
    driver.key("r")  # turns the grabbed room
    turned = view.builder
    assert turned is not None and turned.layout[0].rotation == 1
    driver.click(view.builder_button_centre(0))  # Default layout
    driver.key("return")
    assert play.match.moves == (str(m.BuildTemple(DEFAULT_LAYOUT)),)


def test_placement_is_one_click_each(driver: Driver) -> None:
    play = play_scene(driver, *opening())
    view = view_of(play)
    targets = sorted(view.targets())
    assert targets
    hex_click(driver, play, targets[0])
    assert play.match.ply == 2
    settle(driver, play)
    assert targets[0] in view.marked()[-1].hexes  # the last move stays marked
    taken = targets[0]
    hex_click(driver, play, taken)  # Black cannot stand on White
    assert play.match.ply == 2
    assert driver.toasts()[-1] == "That hex is taken"


def _claim_position(driver: Driver) -> PlayScene:
    """White to move, standing in a room nobody has claimed."""
    for plies in range(3, 40):
        played = opening(plies=plies)
        match = Match(GAME, {})
        for text in played:
            match.play(text)
        state = match.state
        from game.piously.rules.actions import claimable

        if state.to_move == 0 and claimable(state) and state.actions == 3:
            return play_scene(driver, *played)
    raise AssertionError("no claim position in the opening")


def test_the_claim_dialog_offers_both_spells_and_can_be_closed(driver: Driver) -> None:
    play = _claim_position(driver)
    view = view_of(play)
    ply = play.match.ply
    driver.key("e")
    assert view.claim_open
    driver.key("u")  # back to the turn
    assert not view.claim_open and play.match.ply == ply
    driver.key("e")
    driver.key("2")
    assert play.match.ply == ply + 1
    claimed = m.parse_move(play.match.moves[-1])
    assert isinstance(claimed, m.EndTurn) and claimed.claim is not None
    assert claimed.claim % 2 == 1  # the bewitchment
    assert state_of(play).owners[claimed.claim] == 0


def _castable_position(driver: Driver) -> tuple[PlayScene, int]:
    """A position of the seeded game where a spell with a first choice can be cast."""
    from game.piously.rules.casting import cast_problem
    from game.piously.view.cast import Walk

    for plies in range(3, 300):
        played = opening(plies=plies)
        match = Match(GAME, {})
        for text in played:
            match.play(text)
        state = match.state
        for spell in range(len(SPELLS)):
            if cast_problem(state, spell) is None and Walk(spell).targets(state):
                return play_scene(driver, *played), spell
    raise AssertionError("no castable spell in the seeded game")


def test_a_spell_walk_steps_back_and_cancels(driver: Driver) -> None:
    play, spell = _castable_position(driver)
    view = view_of(play)
    ply = play.match.ply
    spell_click(driver, play, spell)
    assert view.walk is not None and view.walk.spell == spell
    targets = sorted(view.targets())
    hex_click(driver, play, targets[0])
    walk = view.walk
    assert walk is not None and walk.picks == (targets[0],)
    driver.key("u")  # one choice back
    assert view.walk is not None and not view.walk.picks
    driver.key("u")  # cancelled
    assert view.walk is None
    assert play.match.ply == ply


def test_a_refused_spell_says_why(driver: Driver) -> None:
    play = play_scene(driver, *opening(plies=2))
    spell_click(driver, play, PRIESTESS)
    assert view_of(play).walk is None
    assert "nobody owns the Priestess" in driver.toasts()[-1]


def test_key_only_actions_get_no_button_and_a_key_plays_an_action_at_once(
        driver: Driver) -> None:
    play = play_scene(driver, *opening(plies=2))
    names = set(play.buttons.values())
    assert {"bless", "end_turn", "rotate"} <= names
    assert not {"claim_artwork", "claim_bewitchment", "claim_neither"} & names
    driver.key("b")  # blessing is a whole move: played without Return
    assert play.match.moves[-1] == str(m.Bless())


def test_only_the_actions_that_apply_have_live_buttons(driver: Driver) -> None:
    def live(play: PlayScene) -> set[str]:
        return {name for widget, name in play.buttons.items() if widget.is_enabled}

    building = play_scene(driver)
    assert {"rotate", "random_temple", "resign"} <= live(building)
    assert not {"bless", "drop", "pick_up", "end_turn"} & live(building)
    placing = play_scene(driver, *opening(plies=0))
    assert not {"rotate", "random_temple", "bless", "end_turn"} & live(placing)
    playing = play_scene(driver, *opening(plies=2))
    assert {"bless", "drop", "pick_up", "end_turn", "resign"} <= live(playing)
    assert not {"rotate", "random_temple"} & live(playing)
    moves = opening(plies=200)
    state = GAME.apply(GAME.new_state({}), m.BuildTemple(DEFAULT_LAYOUT)).state
    plies = 0
    while state.phase.value != "play" or cs.cast_problem(state, STONEMASON) is not None:
        plies += 1
        assert plies < len(moves), "no Stonemason cast in the seeded game's first 200 moves"
        state = GAME.apply(state, GAME.parse_move(moves[plies])).state
    casting = play_scene(driver, *moves[:plies + 1])
    spell_click(driver, casting, STONEMASON)
    hex_click(driver, casting, state.built.room_hexes[cs.stonemason_rooms(state)[0]][0])
    assert "rotate" in live(casting)  # the Stonemason's room is turned like a built one


def test_the_status_says_when_no_actions_are_left(driver: Driver) -> None:
    moves = opening(plies=2)
    state = GAME.apply(GAME.new_state({}), m.BuildTemple(DEFAULT_LAYOUT)).state
    for text in moves[1:]:
        state = GAME.apply(state, GAME.parse_move(text)).state
    while state.actions:
        step = next(move for move in action_moves(state) if isinstance(move, m.Step))
        moves.append(str(step))
        state = GAME.apply(state, step).state
    play = play_scene(driver, *moves)
    assert view_of(play).status() == "No actions left: cast a spell you own, or E ends the turn."


def test_a_replay_steps_through_piously_with_its_animations(driver: Driver) -> None:
    match = Match(GAME, {})
    for text in opening(plies=40):
        match.play(text)
    replay: ReplayScene = driver.open_replay(match)
    driver.key("home")
    assert replay.cursor == 0
    driver.key("right")  # the temple rises room by room
    assert replay.cursor == 1 and replay.view.busy(driver.app.clock)
    driver.key("end")
    assert replay.cursor == match.ply
    driver.key("left")
    assert replay.cursor == match.ply - 1


def test_export_draws_a_piously_record(tmp_path: Path) -> None:
    folder = tmp_path
    match = Match(GAME, {})
    for text in opening(plies=30):
        match.play(text)
    record = folder / "piously.json"
    save_match(record, match)
    out = folder / "piously.png"
    assert main(["export", str(record), "--out", str(out), "--size", "900x600"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (900, 600)
    # The Pink room's colour shows somewhere on the board.
    pink = {image.get_at((x, y))[:3] for x in range(0, 600, 3) for y in range(60, 600, 3)}
    assert (222, 112, 160) in pink


def test_a_hint_is_pending_until_return(driver: Driver) -> None:
    play = play_scene(driver, *opening(plies=2))
    view = view_of(play)
    bad = view.suggest(m.Step(10**6))
    assert bad.refused and "does not fit" in (bad.message or "")
    assert not view.suggest(m.Bless()).refused
    assert "Suggested: Blessed" in view.status() and play.match.ply == 3
    driver.key("return")
    assert play.match.moves[-1] == str(m.Bless())


def test_lessons_mark_hexes_by_notation_and_spells_by_name() -> None:
    """``Marks``: a temple hex named ``q,r`` is outlined where it is drawn, a spell by its cell
    in the panel; anything else, or a board without a temple, marks nothing."""
    view = PiouslyView()
    view.layout(pygame.Rect(0, 0, 900, 600))
    view.show(GAME.new_state({}))
    assert view.mark_rect("2,-3") is None, "no temple yet"
    state = GAME.apply(GAME.new_state({}), m.BuildTemple(DEFAULT_LAYOUT)).state
    view.show(state)
    for room, hexes in enumerate(state.built.room_hexes):
        for h in hexes:
            rect = view.mark_rect(format_hex(h))
            assert rect is not None and rect.collidepoint(view.hex_centre(h)), (room, h)
            assert view.hit_test(rect.center) == h
    assert view.mark_rect(" 2,-3 ") == view.mark_rect("2,-3")
    assert view.mark_rect("0,-3") is None, "a space without a hex"
    assert view.mark_rect("d2") is None and view.mark_rect("") is None
    cell = view.mark_rect("Priestess")
    assert cell is not None and cell.collidepoint(view.spell_centre(PRIESTESS))
    assert view.mark_rect("stonemason") is not None
    for text in ("place 2,-3", "place 5,-3"):
        state = GAME.apply(state, m.parse_move(text)).state
    view.show(state)
    view.action("end_turn")  # White ends in the unclaimed Pink room: the claim panel
    assert view.claim_open
    assert view.mark_rect("2,-3") is not None, "the claim panel leaves the temple in sight"
    assert view.mark_rect("P3") == view.mark_rect("2,-3"), "a hex by its board label"
    assert view.mark_rect("Priestess") is not None


@pytest.mark.parametrize("size", [(900, 600), (1280, 720), (1920, 1080)])
def test_the_builders_note_is_shown_whole(tmp_path: Path, size: tuple[int, int]) -> None:
    """At 900x600 its last two sentences were cut off (the block's height was capped)."""
    services = build_services(Paths.under(tmp_path), size)
    try:
        app = App(services, PlayScene(services, Match(services.games.get("piously"), {})))
        app.step([], 1 / 60)
        play = app.stack.top
        assert isinstance(play, PlayScene)
        view = view_of(play)
        buttons = button_rects(view._panel, len(BUILDER_BUTTONS))
        needed = text_block_height(BUILDER_HELP, view._panel.w - 16)
        assert needed <= view._panel.bottom - buttons[-1].bottom - 20
        block_bottom = (view._panel.x + 16, buttons[-1].bottom + 12 + needed - 4)
        assert tuple(services.display.surface.get_at(block_bottom))[:3] == INK
    finally:
        pygame.quit()
