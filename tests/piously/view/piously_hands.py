"""A player's hands for Piously: any rules move made with the clicks and keys a person uses,
in a game or a lesson.

``perform`` turns a move value into input through the real app loop: hexes clicked where the
view draws them, spells clicked in the panel, keys from the input table (B, E, 1-3, R,
Return). It never hands a move to the scene, so a test that replays random legal moves
through it drives every step of the view a player can reach.
"""

from __future__ import annotations

from game.piously.rules import moves as m
from game.piously.rules.actions import pickup_rooms
from game.piously.rules.casting import upset_hexes
from game.piously.rules.hexes import DIRECTIONS
from game.piously.rules.state import PiouslyState
from game.piously.rules.temple import DEFAULT_LAYOUT
from game.piously.view.board import PiouslyView
from game.piously.view.cast import upset_pattern
from scenes.learning.lesson import LessonScene
from scenes.play import PlayScene
from tests.ui.driver import Driver

Board = PlayScene | LessonScene
"""A scene showing a Piously board to a player: a game, or a lesson."""


def view_of(play: Board) -> PiouslyView:
    view = play.view
    assert isinstance(view, PiouslyView)
    return view


def state_of(play: Board) -> PiouslyState:
    state = (play.match if isinstance(play, PlayScene) else play.attempt.match).state
    assert isinstance(state, PiouslyState)
    return state


def hex_click(driver: Driver, play: Board, h: int) -> None:
    driver.click(view_of(play).hex_centre(h))


def spell_click(driver: Driver, play: Board, spell: int) -> None:
    driver.click(view_of(play).spell_centre(spell))


def settle(driver: Driver, play: Board) -> None:
    """Let the last move's animation finish (Space skips it, as a player may)."""
    driver.frames(2)
    if play.view.busy(play._clock):
        driver.key("space")


def perform(driver: Driver, play: Board, move: m.Move) -> None:
    """Make ``move`` with a player's clicks and keys (the move must be legal now)."""
    state = state_of(play)
    view = view_of(play)
    if isinstance(move, m.BuildTemple):
        assert move.layout == DEFAULT_LAYOUT, "the hands build the default temple only"
        driver.click(view.builder_button_centre(0))
        driver.key("return")
    elif isinstance(move, m.PlacePiece):
        hex_click(driver, play, move.hex)
    elif isinstance(move, m.Step):
        hex_click(driver, play, move.to)
    elif isinstance(move, m.Bless | m.Flip):
        driver.key("b")
    elif isinstance(move, m.Drop):
        spell_click(driver, play, 2 * move.room)
        hex_click(driver, play, move.hex)
    elif isinstance(move, m.PickUp):  # P; with several in reach, then a click on the one
        where = state.objects[2 + move.room]
        assert where is not None
        driver.key("p")
        if len(pickup_rooms(state)) > 1:
            hex_click(driver, play, where)
    elif isinstance(move, m.EndTurn):
        driver.key("e")
        if view.claim_open:
            driver.key("3" if move.claim is None else str(move.claim % 2 + 1))
    else:
        assert isinstance(move, m.Cast)
        spell_click(driver, play, move.spell)
        for h in cast_clicks(state, move, driver, play):
            hex_click(driver, play, h)
        driver.key("return")


def cast_clicks(state: PiouslyState, move: m.Cast, driver: Driver,
                play: Board) -> list[int]:
    """The hexes a player clicks to make ``move`` after choosing its spell."""
    me = state.objects[state.to_move]
    assert me is not None
    if isinstance(move, m.Priestess | m.Purify | m.Leap):
        return [move.hex]
    if isinstance(move, m.Shovel):
        return [move.to]
    if isinstance(move, m.Locksmith):
        return [move.source, move.to]
    if isinstance(move, m.Yoke):
        return [move.hex, me + DIRECTIONS[move.direction]]
    if isinstance(move, m.Usurper):
        return [*move.removed, *move.grown]
    if isinstance(move, m.Yeoman):
        return [h for pair in move.moves for h in pair]
    if isinstance(move, m.Illusionist):
        return [state.built.room_hexes[room][0] for room in move.rooms]
    if isinstance(move, m.Opportunist):
        spell_click(driver, play, move.recharge)  # the spell to recharge, from the panel
        return []
    if isinstance(move, m.Upset):
        return upset_swaps(state, move.pattern)
    if isinstance(move, m.Stonemason):
        hex_click(driver, play, state.built.room_hexes[move.room][0])
        walk = view_of(play).walk
        assert walk is not None
        for _ in range((move.placement.rotation - walk.rotation) % 6):
            driver.key("r")
        return [move.placement.anchor]
    return []  # Imprint, Overwork: nothing to choose


def upset_swaps(state: PiouslyState, pattern: tuple[int | None, ...]) -> list[int]:
    """Pairs of places to swap, in turn, that turn today's auras into ``pattern``."""
    places = upset_hexes(state)
    current = list(upset_pattern(state, ()))
    clicks: list[int] = []
    for i, wanted in enumerate(pattern):
        if current[i] == wanted:
            continue
        j = next(j for j in range(i + 1, len(pattern))
                 if current[j] == wanted and pattern[j] != current[j])
        current[i], current[j] = current[j], current[i]
        a, b = places[i], places[j]
        assert a is not None and b is not None
        clicks += [a, b]
    return clicks
