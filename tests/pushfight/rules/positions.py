"""Test positions written as pieces on squares, e.g. ``state("Od3 xe3 Yf3", "w")``."""

from __future__ import annotations

from game.pushfight.rules import engine
from game.pushfight.rules.board import PACKED_BITS, SQUARES, format_position, square_name
from game.pushfight.rules.game import SETUP_PLIES, State


def position(pieces: str) -> str:
    """The 26-character string for tokens like ``Od3 xe3 Yf3`` (P/Y: anchored square piece)."""
    placed = {token[1:]: token[0] for token in pieces.split()}
    return "".join(placed.pop(square_name(index), ".") for index in SQUARES) + (
        "" if not placed else f"!{placed}"
    )


def state(pieces: str, side: str = "w", extra: str = "", ply: int | None = None) -> State:
    """A play-phase state (White to move at ply 2 unless told otherwise)."""
    if ply is None:
        ply = SETUP_PLIES if side == "w" else SETUP_PLIES + 1
    return State.parse(f"{position(pieces)} {side} {ply} {extra}".strip())


def result_text(before: State, result: int) -> str:
    """A result key as '<position with anchor> <seat that lost a piece or -1>'."""
    packed = result & engine.PACKED_MASK
    white, brown, squares = engine.unpack(packed)
    text = format_position(white, brown, squares, result >> PACKED_BITS)
    return f"{text} {engine.fallen(before.packed, packed)}"
