"""Single steps of a turn (one slide, one push) with the reason a step is refused; the rules
check turns with them and an interface hints with them."""

from __future__ import annotations

from game.pushfight.rules import engine
from game.pushfight.rules.board import (
    BROWN_SHIFT,
    RAIL_STOP,
    SQUARE_SHIFT,
    STEPS,
    VALID,
    bits,
    flood,
    spread,
    square_name,
)
from game.pushfight.rules.engine import Step


def slide(packed: int, src: int, dst: int) -> int:
    """``packed`` with the piece on ``src`` moved to the empty square ``dst``."""
    both = 1 << src | 1 << dst
    delta = 0
    for shift_by in (0, BROWN_SHIFT, SQUARE_SHIFT):
        if packed >> shift_by & 1 << src:
            delta |= both << shift_by
    return packed ^ delta


def occupied(packed: int) -> int:
    white, brown, _ = engine.unpack(packed)
    return white | brown


def reachable(packed: int, src: int) -> int:
    """Mask of the empty squares the piece on ``src`` can slide to."""
    empty = VALID & ~occupied(packed)
    return flood(spread(1 << src) & empty, empty)


def slide_problem(packed: int, side: int, src: int, dst: int) -> str | None:
    """Why sliding ``src`` to ``dst`` is illegal for ``side``, or None if it is legal."""
    white, brown, _ = engine.unpack(packed)
    mine = (white, brown)[side]
    if not occupied(packed) >> src & 1:
        return f"there is no piece on {square_name(src)}"
    if not mine >> src & 1:
        return f"the piece on {square_name(src)} is not yours"
    if occupied(packed) >> dst & 1:
        return f"{square_name(dst)} is not empty"
    if not reachable(packed, src) >> dst & 1:
        return (
            f"{square_name(dst)} cannot be reached from {square_name(src)} through empty squares"
        )
    return None


def push_problem(packed: int, anchor: int, side: int, src: int, dst: int) -> str | None:
    """Why pushing from ``src`` into ``dst`` is illegal for ``side``, or None if it is legal."""
    white, brown, squares = engine.unpack(packed)
    occ = white | brown
    if not occ >> src & 1:
        return f"there is no piece on {square_name(src)}"
    if not (white, brown)[side] >> src & 1:
        return f"the piece on {square_name(src)} is not yours"
    if not squares >> src & 1:
        return "a push needs a square piece"
    step = dst - src
    if step not in STEPS or not VALID >> dst & 1:
        return "a push moves one square up, down, left or right"
    if not occ >> dst & 1:
        return "that square is empty (that is a move, not a push)"
    seg, beyond = engine.push_line(occ, src, step)
    if seg >> anchor & 1:
        return "the anchor is in the line"
    if RAIL_STOP >> beyond & 1:
        return "the line would cross the rail"
    return None


def slide_path(packed: int, src: int, dst: int) -> tuple[int, ...]:
    """A shortest path of squares from ``src`` to ``dst`` through empty squares (both ends
    included), for the animation. ``dst`` must be reachable."""
    empty = VALID & ~occupied(packed)
    came: dict[int, int] = {src: src}
    frontier = [src]
    while dst not in came:
        following = []
        for at in frontier:
            for step in STEPS:
                nxt = at + step
                if empty >> nxt & 1 and nxt not in came:
                    came[nxt] = at
                    following.append(nxt)
        if not following:
            raise ValueError(f"{square_name(dst)} cannot be reached from {square_name(src)}")
        frontier = following
    path = [dst]
    while path[-1] != src:
        path.append(came[path[-1]])
    return tuple(reversed(path))


def legal_pushes(packed: int, anchor: int, side: int) -> list[Step]:
    """Every legal push (pusher, target) for ``side`` on this board, without slides."""
    white, brown, squares = engine.unpack(packed)
    return [
        (src, src + step)
        for src in bits((white, brown)[side] & squares)
        for step in STEPS
        if push_problem(packed, anchor, side, src, src + step) is None
    ]
