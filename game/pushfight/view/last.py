"""The last turn, marked as clearly as Conquid marks its last move.

Push Fight's last turn used to be two pale arrows; after a push-off nothing showed where the
piece went. Now every square the turn touched is tinted (a lichess habit: where pieces left
and where they arrived), the slides and the push are drawn as solid arrows with a dark edge,
and a piece pushed off the board is drawn as a faded ghost just past the edge (or in the hole)
it fell through, ringed in the warning colour with a short arrow from its last square. All of
it comes from the turn's events: the view never re-derives a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import pygame

from game.client.draw import palette
from game.client.view import RGB
from game.core.protocol import MoveResult
from game.pushfight.rules.board import INDEX_OF, NAMES, bit_index
from game.pushfight.rules.events import PieceFell, PieceSlid, PiecesPushed
from game.pushfight.rules.game import State
from game.pushfight.view import anim, draw

TINT: Final = (255, 214, 90, 105)
"""Squares the last turn touched: a see-through warm yellow over either square shade."""
EDGE: Final[RGB] = (214, 150, 24)
FALL_REACH: Final = (1.0, 0.78)
"""How far past its last square (in squares) a fallen piece's ghost is drawn: into the
middle of a hole, or just past a short end of the board (inside the frame's margin)."""


@dataclass(frozen=True)
class Fall:
    """A piece pushed off: whose, what kind, from which place and where it went."""

    side: int
    pusher: bool
    origin: anim.Point
    place: anim.Point


@dataclass(frozen=True)
class LastTurn:
    """What the board marks of the turn that led to the position shown."""

    squares: frozenset[int] = frozenset()
    arrows: tuple[tuple[int, tuple[anim.Point, ...]], ...] = ()
    """(side, places) of each slide, then the push."""
    falls: tuple[Fall, ...] = ()


NO_LAST: Final = LastTurn()


def last_turn(results: Iterable[MoveResult[Any]]) -> LastTurn:
    """The marks of the turn made of ``results`` (the player's move and nothing else: Push
    Fight has no dice)."""
    squares: set[int] = set()
    arrows: list[tuple[int, tuple[anim.Point, ...]]] = []
    falls: list[Fall] = []
    for result in results:
        mover = _mover(result)
        if mover is None:
            continue
        arrows += anim.turn_arrows(result.events, mover)
        for event in result.events:
            if isinstance(event, PieceSlid):
                squares.update((INDEX_OF[event.path[0]], INDEX_OF[event.path[-1]]))
            elif isinstance(event, PiecesPushed):
                dx, dy = anim.DIRECTIONS[event.direction]
                squares.add(INDEX_OF[event.pusher_from])
                for square in event.line:  # where each piece of the line arrived
                    file, rank = anim.point(square)
                    after = _square_at(file + dx, rank + dy)
                    if after is not None:
                        squares.add(after)
            elif isinstance(event, PieceFell):
                dx, dy = anim.DIRECTIONS[event.direction]
                file, rank = anim.point(event.square)
                reach = FALL_REACH[0 if 0 <= file + dx < draw.FILES else 1]
                falls.append(Fall(event.side, event.pusher, (file, rank),
                                  (file + dx * reach, rank + dy * reach)))
    return LastTurn(frozenset(squares), tuple(arrows), tuple(falls))


def _mover(result: MoveResult[Any]) -> int | None:
    """The side that played the turn (setups mark nothing)."""
    state = result.state
    assert isinstance(state, State)
    for event in result.events:
        if isinstance(event, PieceSlid):
            return event.side
        if isinstance(event, PiecesPushed):
            owner = state.owner(INDEX_OF[event.pusher_to])
            return 0 if owner is None else owner
    return None


def _square_at(file: float, rank: float) -> int | None:
    """The square at a board place, or None past the edges and in the holes."""
    if not (0 <= file < draw.FILES and 1 <= rank <= draw.RANKS):
        return None
    index = bit_index(int(file), int(rank))
    return index if index in NAMES else None


def draw_last(surface: pygame.Surface, geo: draw.Geometry, colours: Sequence[RGB],
              last: LastTurn) -> None:
    """The tinted squares (under the pieces: call before drawing them)."""
    if not last.squares:
        return
    cell = geo.cell
    tint = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tint.fill(TINT)
    for index in last.squares:
        rect = geo.square_rect(index)
        surface.blit(tint, rect)
        pygame.draw.rect(surface, EDGE, rect.inflate(-max(2, cell // 20), -max(2, cell // 20)),
                         max(2, cell // 24), border_radius=max(2, cell // 12))


def draw_paths(surface: pygame.Surface, geo: draw.Geometry, colours: Sequence[RGB],
               last: LastTurn) -> None:
    """The turn's arrows over the pieces, and every fallen piece where it went."""
    cell = geo.cell
    width = max(4, cell // 11)
    halo: list[draw.Arrow] = []
    body: list[draw.Arrow] = []
    for side, places in last.arrows:
        path = draw.trimmed(places, 0.42)
        halo.append((draw.INK, path, width + 2 * max(2, cell // 24)))
        body.append((palette.shade(colours[side], 1.2), path, width))
    draw.draw_arrows(surface, geo, halo, 200)
    draw.draw_arrows(surface, geo, body, 235)
    for fall in last.falls:
        _draw_fall(surface, geo, colours, fall)


def _draw_fall(surface: pygame.Surface, geo: draw.Geometry, colours: Sequence[RGB],
               fall: Fall) -> None:
    cell = geo.cell
    (fx, fr), (tx, tr) = fall.origin, fall.place
    edge = (fx + (tx - fx) * 0.3, fr + (tr - fr) * 0.3)  # from the edge of its last square
    draw.draw_arrows(surface, geo, [(palette.WARN, draw.trimmed((edge, fall.place), 0.3),
                                     max(3, cell // 14))], 230)
    centre = geo.pixel(fall.place)
    draw.draw_piece(surface, centre, cell, colours[fall.side], fall.side, fall.pusher, 0.8, 160)
    radius = round(cell * 0.36)
    pygame.draw.circle(surface, draw.INK, centre, radius + 2, max(3, cell // 18) + 2)
    pygame.draw.circle(surface, palette.WARN, centre, radius, max(3, cell // 18))
    size = round(radius * 0.55)
    x, y = centre
    for sign in (1, -1):
        pygame.draw.line(surface, palette.WARN, (x - size, y - sign * size),
                         (x + size, y + sign * size), max(3, cell // 16))
