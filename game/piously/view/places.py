"""Where a click can choose in Piously, for the board cursor (``game.client.access.cursor``).

The hexes of the board area (the temple's by their labels, the spaces round it by the hex
beside them), then what the panel offers now: the builder's buttons while the temple is
built, the claim dialog's three choices while it is open, else the twelve spells. The
cursor steps between them by where they are drawn, so on the board it moves from a hex to
its neighbours.
"""

from __future__ import annotations

import pygame

from game.client.access.cursor import Place
from game.piously.rules.hexes import DIRECTIONS, Hex, format_hex
from game.piously.rules.names import hex_label
from game.piously.rules.spellbook import SPELLS
from game.piously.rules.state import SEAT_NAMES, PiouslyState, object_name
from game.piously.rules.temple import ROOMS, Temple
from game.piously.view.geo import Geometry, button_rects, dialog_rects, spell_cell, spell_rows
from game.piously.view.words import WAYS

CLAIM_CHOICES = ("claim the artwork", "claim the bewitchment", "claim neither")
REACH = 4
"""Spaces this many steps from the temple are places too (where the Stonemason may move a
room, an artwork dropped beside it), as far as the board area shows them."""
STEPS = ("", "two ", "three ", "four ")


def board_places(state: PiouslyState | None, geo: Geometry, area: pygame.Rect,
                 around: list[Hex]) -> list[Place]:
    """The hexes within ``REACH`` of ``around`` (the temple, or the rooms being laid out)
    whose centre is in ``area``: the temple's first, top to bottom then left to right (the
    cursor starts on its first), then the spaces round it."""
    seen = set(around)
    edge = set(around)
    for _ in range(REACH):
        edge = {h + d for h in edge for d in DIRECTIONS} - seen
        seen |= edge
    temple = state.temple if state is not None else None
    found: list[tuple[tuple[bool, int, int], Place]] = []
    half = geo.size * 0.75
    for h in seen:
        x, y = geo.icentre(h)
        if not area.collidepoint(x, y):
            continue
        rect = pygame.Rect(round(x - half), round(y - half), round(2 * half), round(2 * half))
        label = None if temple is None else hex_label(temple, h)
        if temple is None:
            name, what = format_hex(h), ""
        else:
            name = label or space_name(temple, h)
            what = _on(state, h) if state is not None else ""
        found.append(((label is None, y, x), Place(name, rect, what)))
    return [place for _key, place in sorted(found, key=lambda item: item[0])]


def space_name(temple: Temple, h: Hex) -> str:
    """A space off the temple by the way to it from a labelled hex ("space up of P1", "space
    two down of Y4"): one name per space, so a player can tell the cursor's places apart (a
    space no straight line reaches from a label keeps its coordinates)."""
    for steps, count in enumerate(STEPS, start=1):
        for way, d in enumerate(DIRECTIONS):
            label = hex_label(temple, h - steps * d)
            if label is not None:
                return f"space {count}{WAYS[way]} of {label}"
    return f"space {format_hex(h)}"


def _on(state: PiouslyState, h: Hex) -> str:
    """What is on a hex: its aura and its object, in words."""
    parts = []
    aura = state.aura(h)
    if aura is not None:
        parts.append(f"{SEAT_NAMES[aura]}'s aura")
    obj = state.object_at.get(h)
    if obj is not None:
        parts.append(object_name(obj))
    return ", ".join(parts)


def panel_places(panel: pygame.Rect, builder_buttons: tuple[str, ...] | None,
                 claim_open: bool) -> list[Place]:
    """The panel's choices as places: the builder's buttons, the claim dialog's or the
    spells."""
    if builder_buttons is not None:
        rects = button_rects(panel, len(builder_buttons))
        return [Place(label, rect) for label, rect in zip(builder_buttons, rects, strict=True)]
    if claim_open:
        _frame, rects = dialog_rects(panel)
        return [Place(label, rect) for label, rect in zip(CLAIM_CHOICES, rects, strict=True)]
    rows = spell_rows(panel, ROOMS)
    return [Place(SPELLS[2 * room + kind].name, spell_cell(row, kind), "spell")
            for room, row in enumerate(rows) for kind in (0, 1)]
