"""Text about Piously, apart from its board view: its help (from ``help``), a move in words
and the per-seat figure (the plug-in hands these out, and the view words its hints with
them; no pygame here).
"""

from __future__ import annotations

from typing import Any

from game.piously.rules import moves as m
from game.piously.rules.hexes import format_hex
from game.piously.rules.spellbook import SPELLS
from game.piously.rules.state import Phase, PiouslyState
from game.piously.view.help import HELP_TEXT as HELP_TEXT  # the plug-in reads it here


def describe_move(move: m.Move) -> str:
    """A move in words, for the replay list and toasts."""
    if isinstance(move, m.BuildTemple):
        return "Built the temple"
    if isinstance(move, m.PlacePiece):
        return f"Placed the piece on {format_hex(move.hex)}"
    if isinstance(move, m.Step):
        return f"Moved to {format_hex(move.to)}"
    if isinstance(move, m.Bless):
        return "Blessed"
    if isinstance(move, m.Flip):
        return "Flipped an aura"
    if isinstance(move, m.Drop):
        return f"Put down the {SPELLS[2 * move.room].name} at {format_hex(move.hex)}"
    if isinstance(move, m.PickUp):
        return f"Picked up the {SPELLS[2 * move.room].name}"
    if isinstance(move, m.EndTurn):
        return "Ended the turn" + (f", claiming the {SPELLS[move.claim].name}"
                                   if move.claim is not None else "")
    assert isinstance(move, m.Cast)
    args = move.arguments()
    return f"Cast the {SPELLS[move.spell].name}" + (f" ({args})" if args else "")


def figure(state: Any, seat: int) -> str:
    """A short per-seat figure for the side panel."""
    assert isinstance(state, PiouslyState)
    if state.phase is Phase.TEMPLE:
        return "builds" if seat == 1 else "waits"
    spells = sum(1 for owner in state.owners if owner == seat)
    auras = len(state.auras[seat])
    return f"{auras} aura{'s' * (auras != 1)} · {spells} spell{'s' * (spells != 1)}"


def describe(notation: str) -> str:
    """A move (not a resignation or a draw: the plug-in words those) in words, for the
    replay list and toasts. Raises NotationError."""
    return describe_move(m.parse_move(notation))
