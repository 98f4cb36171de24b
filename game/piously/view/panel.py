"""The view's own panel and dialog: the 14 spells, a spell's text on hover, the claim at the
end of a turn, and the temple builder's layout buttons.

Every fact shown (owner, cast this turn, artwork placed and on its owner's aura, castable
now) is read from the state or asked of the rules (``casting.cast_problem``).
"""

from __future__ import annotations

import pygame

from game.client.draw import fonts, palette
from game.client.view import RGB
from game.piously.rules import casting as cs
from game.piously.rules.spellbook import SPELLS, Kind
from game.piously.rules.state import ARTWORK, SEAT_NAMES, PiouslyState
from game.piously.rules.temple import ROOM_NAMES, ROOMS
from game.piously.view.draw import INK, RIM, ROOM_COLOURS, draw_artwork, wrapped
from game.piously.view.geo import dialog_rects, spell_cell, spell_rows
from game.piously.view.words import KINDS


def spell_at(panel: pygame.Rect, pos: tuple[int, int]) -> int | None:
    """The spell whose cell is under ``pos``."""
    for room, row in enumerate(spell_rows(panel, ROOMS)):
        for kind in (0, 1):
            if spell_cell(row, kind).collidepoint(pos):
                return 2 * room + kind
    return None


NAME_MIN = 20
"""The smallest size a spell's name is drawn at in its cell."""
NAME_W = 91
"""The widest spell's name (the Stonemason) at ``NAME_MIN`` in bold, at 100 % text, in
pixels: a layout needs it without a face (``tests/piously/view`` checks it is true)."""


def least_width() -> int:
    """The spell panel's width at which every spell's name shows whole at its smallest size
    (two cells a row, the words 6 pixels in from each side)."""
    return 2 * (fonts.wide(NAME_W) + 12) + 4


def spell_state(state: PiouslyState, spell: int) -> str:
    """A few words on a spell: owner, where its artwork is, whether it is spent."""
    owner = state.owners[spell]
    if owner < 0:
        return "unclaimed"
    words = [SEAT_NAMES[owner]]
    if spell % 2 == Kind.ARTWORK:
        where = state.objects[ARTWORK + spell // 2]
        if where is None:
            words.append("in hand")
        else:
            words.append("on aura" if state.aura(where) == owner else "off aura")
    if owner == state.to_move:
        words.append("cast" if state.has_cast(spell) else "charged")
    return " · ".join(words)


def draw_spells(surface: pygame.Surface, panel: pygame.Rect, state: PiouslyState,
                colours: tuple[RGB, RGB], chosen: int | None, hovered: int | None,
                castable: frozenset[int]) -> None:
    """The 14 spells by room; castable ones (for the side to move) framed in green. The
    owner is a badge in the seat's colour beside light text (coloured words on the room
    colours were unreadable), and the words grow with the rows (as far as the widest
    name still fits its cell)."""
    title = fonts.text("Spells  (artwork | bewitchment)", 20, palette.MUTED)
    if title.get_width() > panel.w:
        title = fonts.text("Spells", 20, palette.MUTED)
    surface.blit(title, (panel.x + 2, panel.y + 4))
    rows = spell_rows(panel, ROOMS)
    fits = NAME_MIN * (spell_cell(rows[0], 0).w - 12) // max(1, fonts.wide(NAME_W))
    size = max(NAME_MIN, min(28, rows[0].h * 3 // 10, panel.w // 14, fits))
    for room, row in enumerate(rows):
        for kind in (0, 1):
            spell = 2 * room + kind
            cell = spell_cell(row, kind)
            owner = state.owners[spell]
            pygame.draw.rect(surface, palette.shade(ROOM_COLOURS[room], 0.42), cell,
                             border_radius=6)
            if spell in castable:
                pygame.draw.rect(surface, palette.GOOD, cell, 3, border_radius=6)
            if spell in (chosen, hovered):
                pygame.draw.rect(surface, palette.ACCENT, cell, 3, border_radius=6)
            spent = owner >= 0 and owner == state.to_move and state.has_cast(spell)
            name = fonts.fit(SPELLS[spell].name, size, palette.MUTED if spent else palette.TEXT,
                             cell.w - 12, True)
            surface.blit(name, (cell.x + 6, cell.y + 4))
            high = int(fonts.grown(size)) * 3 // 4  # the name's height, as the text grows
            line = pygame.Rect(cell.x + 6, cell.y + 6 + high, cell.w - 10,
                               cell.h - high * 4 // 3)
            if owner >= 0:
                radius = max(5, size // 4)
                badge = (line.x + radius, line.y + size * 3 // 8)
                pygame.draw.circle(surface, colours[owner], badge, radius)
                pygame.draw.circle(surface, RIM[owner], badge, radius, 2)
                line = line.inflate(-2 * radius - 4, 0).move(radius + 2, 0)
            wrapped(surface, spell_state(state, spell), line, size - 2,
                    palette.TEXT if owner >= 0 else palette.MUTED)


def draw_tooltip(surface: pygame.Surface, panel: pygame.Rect, state: PiouslyState,
                 spell: int, live: bool) -> None:
    """The spell's text (the seed's wording) left of the panel, with why it cannot be cast."""
    info = SPELLS[spell]
    width = 320
    problem = cs.cast_problem(state, spell) if live else None
    body = info.text + (f"\n\nNot now: {problem}." if problem else "")
    lines = fonts.wrap(body, 20, width - 20)
    height = 40 + 16 * len(lines)
    rows = spell_rows(panel, ROOMS)
    top = min(rows[info.room].y, panel.bottom - height)
    box = pygame.Rect(panel.x - width - 8, max(panel.y, top), width, height)
    pygame.draw.rect(surface, (16, 18, 26), box, border_radius=8)
    pygame.draw.rect(surface, ROOM_COLOURS[info.room], box, 2, border_radius=8)
    kind = KINDS[info.kind]
    head = fonts.text(f"{info.name}  ({ROOM_NAMES[info.room]} {kind})", 22, palette.ACCENT,
                      True)
    surface.blit(head, (box.x + 10, box.y + 8))
    for i, line in enumerate(lines):
        surface.blit(fonts.text(line, 20, palette.TEXT), (box.x + 10, box.y + 32 + 16 * i))


def draw_claim(surface: pygame.Surface, area: pygame.Rect, state: PiouslyState, room: int,
               colours: tuple[RGB, RGB], hovered: int | None) -> None:
    """End of turn in an unclaimed room: take its artwork, its bewitchment, or neither. A
    compact panel over the spell panel (``area``), each card filled with its spell's text;
    the temple stays in sight."""
    frame, choices = dialog_rects(area)
    pygame.draw.rect(surface, palette.PANEL, frame, border_radius=10)
    pygame.draw.rect(surface, ROOM_COLOURS[room], frame, 3, border_radius=10)
    head = _fitted((f"Claim a spell of the {ROOM_NAMES[room]} room?",
                    f"Claim a {ROOM_NAMES[room]} spell?"), frame.w - 20)
    surface.blit(head, head.get_rect(midtop=(frame.centerx, frame.y + 10)))
    size = max(21, min(26, frame.w // 12))
    for kind, box in enumerate(choices[:2]):
        spell = 2 * room + kind
        pygame.draw.rect(surface, palette.shade(ROOM_COLOURS[room], 0.35), box,
                         border_radius=8)
        edge = palette.ACCENT if hovered == kind else palette.GRID
        pygame.draw.rect(surface, edge, box, 3, border_radius=8)
        icon = 0
        if kind == Kind.ARTWORK:
            icon = min(36, box.h // 4)
            draw_artwork(surface, (box.right - 8 - icon // 2, box.y + 8 + icon // 2), icon,
                         room, state.to_move, colours)
        name = fonts.fit(SPELLS[spell].name, size + 4, palette.TEXT, box.w - 24 - icon, True)
        surface.blit(name, (box.x + 10, box.y + 6))
        sub = fonts.fit(f"{KINDS[kind]}: press {kind + 1} or click", size - 2,
                        palette.ACCENT if hovered == kind else palette.MUTED,
                        box.w - 24 - icon)
        top = box.y + 10 + name.get_height()
        surface.blit(sub, (box.x + 10, top))
        wrapped(surface, SPELLS[spell].text, pygame.Rect(box.x + 10, top + sub.get_height() + 4,
                                                          box.w - 20, box.bottom - top - 30),
                size - 1, palette.TEXT)
    neither = choices[2]
    pygame.draw.rect(surface, (44, 49, 64), neither, border_radius=8)
    pygame.draw.rect(surface, palette.ACCENT if hovered == 2 else palette.GRID, neither, 2,
                     border_radius=8)
    words = fonts.fit("Neither (3)  ·  U: back to the turn", 20, palette.TEXT, neither.w - 12)
    surface.blit(words, words.get_rect(center=neither.center))


def _fitted(texts: tuple[str, ...], width: int) -> pygame.Surface:
    """The first of ``texts`` (longest first) that fits ``width`` at the largest size that
    fits, for a heading that must not run off a narrow dialog."""
    for size in (24, 20, 17):
        for words in texts:
            if fonts.font(size, True).size(words)[0] <= width:
                return fonts.text(words, size, palette.TEXT, True)
    return fonts.text(texts[-1], 17, palette.TEXT, True)


def claim_choice(area: pygame.Rect, pos: tuple[int, int]) -> int | None:
    """0 artwork, 1 bewitchment, 2 neither: the claim dialog's choice under ``pos``."""
    _frame, choices = dialog_rects(area)
    for index, rect in enumerate(choices):
        if rect.collidepoint(pos):
            return index
    return None


def draw_buttons(surface: pygame.Surface, rects: list[pygame.Rect], labels: list[str],
                 hovered: int | None) -> None:
    for index, (rect, words) in enumerate(zip(rects, labels, strict=True)):
        pygame.draw.rect(surface, (52, 58, 76), rect, border_radius=8)
        edge = palette.ACCENT if index == hovered else palette.GRID
        pygame.draw.rect(surface, edge, rect, 2, border_radius=8)
        text = fonts.text(words, 22, palette.TEXT)
        surface.blit(text, text.get_rect(center=rect.center))


TEXT_BLOCK_SIZE = 20


def text_block_height(words: str, width: int) -> int:
    """The height a text block ``width`` wide needs to show all of ``words``."""
    lines = fonts.wrap(words, TEXT_BLOCK_SIZE, width - 16)
    return len(lines) * round(TEXT_BLOCK_SIZE * 0.8) + 16


def draw_text_block(surface: pygame.Surface, rect: pygame.Rect, words: str,
                    colour: RGB | None = None) -> None:
    colour = palette.MUTED if colour is None else colour
    pygame.draw.rect(surface, INK, rect, border_radius=8)
    wrapped(surface, words, rect.inflate(-16, -12), TEXT_BLOCK_SIZE, colour)
