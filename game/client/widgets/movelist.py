"""The move list beside the board: the game's moves in words, a turn to an entry.

``History`` keeps a match's moves grouped into turns, in step with the match at the cost of
the moves added since it last looked. A turn is a run of moves by one seat and the dice
rolled after them (a Piously turn's actions, a Forts build and its roll): the match says who
made each move, so no game is named here and nothing is played again to group them. A turn's
words (the plug-in's, the same as the last-move line) are made when they are first asked for:
the longest record opens with only the turns in view described.
``MoveList`` draws the turns into a rectangle: each turn is laid out when it comes near the
view (the others count as one line a move until then), the visible ones composed onto one
cached surface only when something changes, so a frame costs one blit. Its colours are the
theme's (``palette``), its text lightened where a row's background would dim it. For the
keyboard it is a list of rows (``game.client.access.stops``): the start, then one row a move.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

import pygame

from game.client.draw import fonts, palette
from game.core.match import Match, meta_word
from game.core.protocol import CHANCE, MoveResult

RGB = tuple[int, int, int]

TEXT_SIZE: Final = 22
NOTE_SIZE: Final = fonts.MIN_SIZE
LINE_GAP: Final = 2
PAD: Final = 6
"""Space inside a turn's block, and between the number column and the words."""
START: Final = "Start"
LIVE: Final = "Back to the game"


class Wording(Protocol):
    """What words a move (``game.plugin.GamePlugin`` is one)."""

    def describe(self, notation: str, before: Any = None) -> str: ...

    def explain(self, before: Any, result: MoveResult[Any], viewer: int) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Action:
    """One move of a turn: ``ply`` is its index; the position after it is ``ply + 1``."""

    ply: int
    words: str
    notes: tuple[str, ...] = ()
    """What it changed that a person at this screen owns (``GamePlugin.explain``)."""


@dataclass(frozen=True)
class Turn:
    """One entry of the list: a seat's moves in a row and the dice rolled after them. Equal
    turns hold the same moves at the same plies; their words are made on first use."""

    number: int
    """Counted over players' turns from 1; 0 for an entry that is no turn (an ending, the
    dice before anyone moved)."""
    seat: int | None
    start: int
    notations: tuple[str, ...]
    """The turn's moves, as the match holds them."""
    words: Callable[[int], Action] = field(compare=False, repr=False)
    """The move at a ply in words (``History``'s, which keeps them)."""
    _described: list[tuple[Action, ...]] = field(default_factory=list, compare=False,
                                                  repr=False)

    @property
    def end(self) -> int:
        """The position the turn leads to (its last move's ply + 1)."""
        return self.start + len(self.notations)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The turn's moves in words (made the first time they are asked for)."""
        if not self._described:
            self._described.append(tuple(self.words(ply) for ply in range(self.start, self.end)))
        return self._described[0]


@dataclass(frozen=True)
class _Move:
    notation: str
    seat: int
    """Who moved: a seat, ``CHANCE`` for the dice, or -2 for an ending (resign, draw)."""


ENDING: Final = -2


class History:
    """A match's moves in words, grouped into turns (see the module's docstring)."""

    def __init__(self, wording: Wording, viewers: Callable[[], Collection[int]]) -> None:
        """``viewers``: the seats people at this screen play, whose losses are explained."""
        self.wording = wording
        self.viewers = viewers
        self._moves: list[_Move] = []
        self._notations: tuple[str, ...] = ()
        self._match: Match | None = None
        self._words: dict[int, Action] = {}
        """The moves described so far, by ply."""
        self.turns: tuple[Turn, ...] = ()
        self._starts: list[int] = []

    def sync(self, match: Match) -> bool:
        """Catch up with ``match`` (moves added, taken back or replaced); True if changed.
        Only the turns from the first move that changed are grouped again."""
        moves = match.moves
        if moves == self._notations and match is self._match:  # the frame's usual case
            return False
        if match is not self._match:
            self._match, self._moves, self._words, self.turns = match, [], {}, ()
        self._notations = moves
        keep = 0
        while keep < min(len(moves), len(self._moves)) and \
                self._moves[keep].notation == moves[keep]:
            keep += 1
        del self._moves[keep:]
        for ply in [ply for ply in self._words if ply >= keep]:
            del self._words[ply]
        for ply in range(keep, len(moves)):
            notation = moves[ply]
            seat = ENDING if meta_word(notation) is not None else match.mover(ply)
            self._moves.append(_Move(notation, seat))
        kept = max(0, self._turn_index(keep - 1)) if keep else 0  # it may go on: again
        number = next((turn.number for turn in reversed(self.turns[:kept]) if turn.number), 0)
        start = self.turns[kept].start if kept < len(self.turns) else 0
        self.turns = self.turns[:kept] + group(self._moves, self._word, start, number)
        self._starts = [turn.start for turn in self.turns]
        return True

    def _turn_index(self, ply: int) -> int:
        """The index of the turn holding move ``ply`` (-1 for none)."""
        index = bisect.bisect_right(self._starts, ply) - 1
        return index if index >= 0 and ply < self.turns[index].end else -1

    def _word(self, ply: int) -> Action:
        """Move ``ply`` in words, with what it changed for the viewers (kept once made)."""
        known = self._words.get(ply)
        if known is not None:
            return known
        match = self._match
        assert match is not None
        notation = self._moves[ply].notation
        if meta_word(notation) is not None:
            action = Action(ply, self._ending(match, notation))
        else:
            before = match.state_at(ply)
            seat = self._moves[ply].seat
            words = self.wording.describe(notation, before)
            notes: tuple[str, ...] = ()
            others = [viewer for viewer in self.viewers() if viewer != seat]
            if seat != CHANCE and others:
                result = match.result_at(ply)
                notes = tuple(line for viewer in others
                              for line in self.wording.explain(before, result, viewer))
            action = Action(ply, words, notes)
        self._words[ply] = action
        return action

    def _ending(self, match: Match, notation: str) -> str:
        """An ending in words, naming whom it ends the game for when two play (a
        resignation can come on either player's turn, so the list cannot tell otherwise)."""
        words = self.wording.describe(notation)
        _, _, seat = notation.partition(" ")
        if not seat or match.game.info.players < 2:
            return words
        return f"{words} ({match.seats[int(seat)].name})"

    def turn_of(self, ply: int) -> Turn | None:
        """The turn a move belongs to."""
        index = self._turn_index(ply)
        return None if index < 0 else self.turns[index]

    def played(self) -> int:
        """The turns played so far: the counter's last number, never the turn to come (a
        record of 32 moves has 32, finished or not)."""
        return next((turn.number for turn in reversed(self.turns) if turn.number), 0)

    def turn_now(self, match: Match) -> int:
        """The move counter: the turn being played, in players' turns (the last one once the
        game is over). A seat still to move after its own move is in the same turn, unless
        the dice rolled in between."""
        counted = [turn for turn in self.turns if turn.number]
        if not counted:
            return 0 if match.is_over else 1
        last = counted[-1]
        if match.is_over:
            return last.number
        moves = self._moves[last.start:]
        same = last.seat == match.to_move and all(move.seat == last.seat for move in moves)
        return last.number if same else last.number + 1


def group(moves: Sequence[_Move], words: Callable[[int], Action], start: int = 0,
          number: int = 0) -> tuple[Turn, ...]:
    """Moves from ply ``start`` (where a turn begins; ``number`` counted before it) into
    turns: a new turn begins when another seat moves or a seat moves again after the dice;
    the dice join the turn before them; an ending is an entry of its own."""
    turns: list[Turn] = []
    first = start
    seat: int | None = None
    rolled = False

    def close(end: int) -> None:
        if end > first:
            counted = seat is not None and seat >= 0
            turns.append(Turn(number if counted else 0, seat if counted else None, first,
                              tuple(move.notation for move in moves[first:end]), words))

    for ply in range(start, len(moves)):
        move = moves[ply]
        if move.seat == ENDING:
            close(ply)
            seat, rolled, first = None, False, ply + 1
            turns.append(Turn(0, None, ply, (move.notation,), words))
            continue
        if move.seat == CHANCE:
            rolled = True
            continue
        if move.seat != seat or rolled:
            close(ply)
            first = ply
            seat, rolled = move.seat, False
            number += 1
    close(len(moves))
    return tuple(turns)


def shown(colour: RGB) -> RGB:
    """``colour`` as the list writes in it: lightened as much as its lightest row background
    (a pointed-at row) needs, so that it reads on every row."""
    return palette.readable(colour, palette.HOVERED)


@dataclass(frozen=True)
class Mark:
    """Words shown beside a move (a review's "?? Blunder"), in a colour that repeats them."""

    words: str
    colour: RGB


@dataclass
class _Block:
    """An entry of the list laid out (its words wrapped and placed, not yet rendered: only
    the entries in view are drawn), and the position a click on each of its lines shows."""

    height: int
    texts: list[tuple[str, int, RGB, bool, int, int]] = field(default_factory=list)
    """(words, size, colour, bold, x, y) of each piece of text, in the block's coordinates."""
    lines: list[tuple[int, int, int]] = field(default_factory=list)
    """(top, bottom, ply) of each line, in the block's own coordinates."""
    turn: Turn | None = None

    def draw(self, image: pygame.Surface, y: int) -> None:
        for words, size, colour, bold, x, top in self.texts:
            image.blit(fonts.text(words, size, colour, bold), (x, y + top))


def lines_height(lines: int) -> int:
    """The height that shows ``lines`` lines of moves (a screen sharing the list's room
    keeps at least a few for it)."""
    return lines * (fonts.font(TEXT_SIZE).get_height() + LINE_GAP) + 2 * LINE_GAP


class MoveList:
    """The turns drawn in a rectangle: the current one highlighted and kept in view, a
    click answers the position it names, the wheel scrolls (see the module's docstring)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.turns: tuple[Turn, ...] = ()
        self.colours: tuple[RGB, ...] = ()
        self.marks: dict[int, Mark] = {}
        self.current = 0
        self.back = False
        """Play shows an earlier position: a bar on top offers the way back to the game."""
        self._entries: list[Turn | None] = []
        """What each block shows: the start (None), then the turns."""
        self._heights: list[int] = []
        """Each entry's height: its block's once laid out, else one line a move."""
        self._top_of: list[int] = []
        """Where each entry begins (and, last, where they all end); None: to be added up."""
        self._tops_stale = True
        self._starts: list[int] = []
        self._rendered: dict[Turn, _Block] = {}
        """Each turn's block, kept while the width and colours stay: a new move lays out
        only its own turn, and only the turns near the view are laid out at all."""
        self._top = 0
        self._hover: int | None = None
        self._image: pygame.Surface | None = None
        self._built_for: tuple[Any, ...] = ()
        self._follow = True
        """Stay at the newest entry (until the player scrolls up)."""

        self.keyed: int | None = None
        """The keyboard's row (a position), marked while the Tab focus is on the list."""

    # -- what to show ---------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """Place the list in ``rect``; the entry shown stays in view (the newest, while
        following), whatever the new size leaves room for."""
        if rect != self.rect:
            self.rect = pygame.Rect(rect)
            self._image = None
            self._reveal()

    def show(self, turns: tuple[Turn, ...], current: int, colours: Sequence[RGB],
             back: bool = False, marks: Mapping[int, Mark] | None = None) -> None:
        """The entries, the position shown (a ply), and whether to offer the way ``back``
        to the game (play, looking at an earlier position). ``marks``: words to show beside
        some moves (by ply), such as a review's judgements."""
        colours = tuple(colours)
        marks = dict(marks or {})
        changed = turns != self.turns or colours != self.colours or marks != self.marks
        self.turns, self.colours, self.marks = turns, colours, marks
        moved = current != self.current or back != self.back
        self.current, self.back = current, back
        if changed or moved:
            self._image = None
            self._reveal()

    @property
    def _bar_h(self) -> int:
        return fonts.font(TEXT_SIZE, True).get_linesize() + 6 if self.back else 0

    @property
    def _view_h(self) -> int:
        return max(0, self.rect.h - self._bar_h)

    def _build(self) -> None:
        """The entries and their heights, as far as known (turns laid out before, at this
        width and theme, keep their blocks; the others count one line a move until they are
        near)."""
        key = (self.turns, self.colours, self.rect.w, self.marks, palette.theme)
        if key == self._built_for:
            return
        if self._built_for[1:] != key[1:]:  # colours, width, marks or theme changed
            self._rendered = {}
        self._built_for = key
        self._rendered = {turn: self._rendered[turn] for turn in self.turns
                          if turn in self._rendered}
        self._entries = [None, *self.turns]
        self._starts = [turn.start for turn in self.turns]
        step = fonts.font(TEXT_SIZE).get_height() + LINE_GAP
        self._heights = [self._render_start().height, *(
            self._rendered[turn].height if turn in self._rendered
            else len(turn.notations) * step + 2 * LINE_GAP for turn in self.turns)]
        self._tops_stale = True

    def _block(self, index: int) -> _Block:
        """Entry ``index``'s block, laid out now if it was not (its height then known)."""
        turn = self._entries[index]
        if turn is None:
            return self._render_start()
        block = self._rendered.get(turn)
        if block is None:
            block = self._rendered[turn] = self._render(turn)
            if block.height != self._heights[index]:
                self._heights[index] = block.height
                self._tops_stale = True
        return block

    def _lay_out_near(self, top: int) -> None:
        """Lay out the entries a view from ``top`` shows, and a view's worth either side."""
        tops = self._tops()
        first = max(0, bisect.bisect_right(tops, top - self._view_h) - 1)
        index = first
        while index < len(self._entries) and tops[index] < top + 2 * self._view_h:
            self._block(index)
            index += 1

    def _render_start(self) -> _Block:
        height = fonts.font(TEXT_SIZE).get_height() + 2 * LINE_GAP
        return _Block(height, [(START, TEXT_SIZE, shown(palette.MUTED), False, PAD, LINE_GAP)],
                      [(0, height, 0)])

    def _render(self, turn: Turn) -> _Block:
        """Lay out a turn's entry: its number in its seat's colour, each action's words
        wrapped, the notes under their action."""
        bold = fonts.font(TEXT_SIZE, True)
        number_w = bold.size("000.")[0]
        left = PAD + number_w + PAD
        room = max(40, self.rect.w - left - PAD)
        block = _Block(0, turn=turn)
        if turn.number:
            colour = self.colours[turn.seat] if turn.seat is not None and \
                turn.seat < len(self.colours) else palette.MUTED
            label = f"{turn.number}."
            block.texts.append((label, TEXT_SIZE, shown(colour), True,
                                PAD + number_w - bold.size(label)[0], LINE_GAP))
        y = LINE_GAP
        for action in turn.actions:
            mark = self.marks.get(action.ply)
            beside = 0
            if mark is not None:
                beside = fonts.font(NOTE_SIZE, True).size(mark.words)[0] + PAD
                block.texts.append((mark.words, NOTE_SIZE, shown(mark.colour), True,
                                    self.rect.w - beside, y + 2))
            pieces = [(line, TEXT_SIZE, shown(palette.TEXT), left)
                      for line in fonts.wrap(action.words, TEXT_SIZE, max(40, room - beside))]
            pieces += [(line, NOTE_SIZE, shown(palette.ACCENT), left + 12) for note in action.notes
                       for line in fonts.wrap(note, NOTE_SIZE, room - 12)]
            for words, size, colour, x in pieces:
                step = fonts.font(size).get_height() + LINE_GAP
                block.texts.append((words, size, colour, False, x, y))
                block.lines.append((y, y + step, action.ply + 1))
                y += step
        block.height = y + LINE_GAP
        return block

    # -- scrolling and the pointer --------------------------------------------------------

    def _tops(self) -> list[int]:
        """Where each entry begins, and (last) where they all end."""
        if self._tops_stale:
            tops, y = [], 0
            for height in self._heights:
                tops.append(y)
                y += height
            tops.append(y)
            self._top_of, self._tops_stale = tops, False
        return self._top_of

    def _reveal(self) -> None:
        """Scroll so the current entry is in view (the newest, while following), laying out
        the entries there first (their heights may differ from the guess)."""
        self._build()
        for _ in range(2):  # again once the entries around it are laid out
            self._place()
            self._lay_out_near(self._top)
        self._place()

    def _place(self) -> None:
        """Scroll to the keyboard's row while there is one, else to the current entry."""
        tops = self._tops()
        index = self._block_of(self.current if self.keyed is None else self.keyed)
        bottom_of_all = tops[-1]
        newest = not self.turns or self.current >= self.turns[-1].end
        if newest and self._follow and self.keyed is None:
            self._top = max(0, bottom_of_all - self._view_h)
            return
        top, bottom = tops[index], tops[index + 1]
        if top < self._top:
            self._top = top
        elif bottom > self._top + self._view_h:
            self._top = min(top, bottom - self._view_h)
        self._top = max(0, min(self._top, max(0, bottom_of_all - self._view_h)))

    def _block_of(self, position: int) -> int:
        """The entry of the turn that leads to ``position`` (0: the start)."""
        index = bisect.bisect_left(self._starts, position)
        if index and self.turns[index - 1].start < position <= self.turns[index - 1].end:
            return index
        return 0

    # -- the keyboard's rows (``game.client.access.stops.Rows``) --------------------------

    def row_count(self) -> int:
        """The start, then a row for each move (the position it leads to)."""
        return self.turns[-1].end + 1 if self.turns else 1

    def row_shown(self) -> int:
        return self.current

    def row_words(self, row: int) -> str:
        """A row as it is said: the turn's number, the move in words, its mark and notes."""
        self._build()
        index = self._block_of(row)
        turn = self._entries[index] if row > 0 else None
        if turn is None:
            return START
        action = turn.actions[row - 1 - turn.start]
        mark = self.marks.get(action.ply)
        number = f"{turn.number}. " if turn.number else ""
        return ". ".join([number + action.words, *([mark.words] if mark else []),
                          *action.notes])

    def mark_row(self, row: int | None) -> None:
        """Mark ``row`` as the keyboard's (None: no mark), scrolled into view."""
        if row != self.keyed:
            self.keyed = row
            self._image = None
            self._reveal()

    def scroll(self, steps: int) -> None:
        """Move the view by ``steps`` lines (positive: towards the newest)."""
        self._build()
        line = fonts.font(TEXT_SIZE).get_linesize()
        most = max(0, self._tops()[-1] - self._view_h)
        self._top = max(0, min(most, self._top + steps * line))
        self._follow = self._top >= most
        self._lay_out_near(self._top)
        self._image = None

    def hover(self, pos: tuple[int, int] | None) -> None:
        hovered = self.hit(pos) if pos is not None else None
        if hovered != self._hover:
            self._hover = hovered
            self._image = None

    def wheel(self, event: pygame.event.Event, pointer: tuple[int, int] | None) -> bool:
        """The mouse wheel turned with the pointer over the list scrolls it: True if so."""
        if event.type != pygame.MOUSEWHEEL or pointer is None or \
                not self.rect.collidepoint(pointer):
            return False
        self.scroll(-3 * int(event.y))
        return True

    def clicked(self, event: pygame.event.Event) -> int | None:
        """The position a left click on the list shows (``hit``), None for any other event."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        return self.hit(tuple(event.pos))

    def hit(self, pos: tuple[int, int]) -> int | None:
        """The position (a ply) the line under ``pos`` leads to; the live one for the bar
        (``len`` of all moves is not known here: -1 means "back to the game")."""
        if not self.rect.collidepoint(pos):
            return None
        y = pos[1] - self.rect.y
        if self.back and y < self._bar_h:
            return -1
        y += self._top - self._bar_h
        self._build()
        index = bisect.bisect_right(self._tops(), y) - 1
        if not 0 <= index < len(self._entries):
            return None
        block = self._block(index)
        top = self._tops()[index]
        for line_top, line_bottom, ply in block.lines:
            if top + line_top <= y < top + line_bottom:
                return ply
        return None

    def _in_view(self) -> list[tuple[int, _Block, int]]:
        """The entries the view shows: index, block (laid out now if need be) and top."""
        shown = []
        index = max(0, bisect.bisect_right(self._tops(), self._top) - 1)
        while index < len(self._entries) and self._tops()[index] < self._top + self._view_h:
            block = self._block(index)
            shown.append((index, block, self._tops()[index]))
            index += 1
        return shown

    # -- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w <= 0 or self.rect.h <= 0:
            return
        if self._built_for[4:] != (palette.theme,):  # the theme changed: laid out again
            self._image = None
            self._reveal()
        if self._image is None:
            self._image = self._compose()
        surface.blit(self._image, self.rect)

    def _compose(self) -> pygame.Surface:
        self._build()
        image = pygame.Surface(self.rect.size)
        image.fill(palette.PANEL)
        bar = self._bar_h
        if bar:
            box = pygame.Rect(0, 0, self.rect.w, bar - 2)
            pygame.draw.rect(image, palette.ACCENT if self._hover == -1 else palette.BAR, box,
                             border_radius=6)
            words = fonts.fit(f"{LIVE} (Esc)", TEXT_SIZE,
                              palette.PANEL if self._hover == -1 else palette.ACCENT,
                              self.rect.w - 2 * PAD, True)
            image.blit(words, words.get_rect(center=box.center))
        view = pygame.Rect(0, bar, self.rect.w, self._view_h)
        current = self._block_of(self.current)
        image.set_clip(view)
        for index, block, top in self._in_view():
            y = bar + top - self._top
            if y + block.height <= bar or y >= self.rect.h:
                continue
            if index == current:
                pygame.draw.rect(image, palette.SELECTED, (0, y, self.rect.w, block.height),
                                 border_radius=4)
            for line_top, line_bottom, ply in block.lines:
                if ply == self.current and index == current:
                    pygame.draw.rect(image, palette.ACCENT, (0, y + line_top, 3,
                                                             line_bottom - line_top))
                if ply == self._hover:
                    pygame.draw.rect(image, palette.HOVERED, (0, y + line_top, self.rect.w,
                                                              line_bottom - line_top),
                                     border_radius=4)
            block.draw(image, y)
            keyed = [(top, bottom) for top, bottom, ply in block.lines if ply == self.keyed]
            if keyed:  # the keyboard's row: a frame, not a colour alone
                first = min(line_top for line_top, _ in keyed)
                last = max(line_bottom for _, line_bottom in keyed)
                pygame.draw.rect(image, palette.ACCENT, (1, y + first, self.rect.w - 2,
                                                         last - first), 2, border_radius=4)
        image.set_clip(None)
        self._hide_cut_lines(image, bar)
        return image

    def _hide_cut_lines(self, image: pygame.Surface, bar: int) -> None:
        """Blank the slivers of lines the view's edges cut (a half line reads as noise)."""
        view_top, view_bottom = self._top, self._top + self._view_h
        first, last = view_bottom, view_top
        for _index, block, top in self._in_view():
            for line_top, line_bottom, _ply in block.lines:
                if top + line_top >= view_top and top + line_bottom <= view_bottom:
                    first = min(first, top + line_top)
                    last = max(last, top + line_bottom)
        if first > view_top:
            image.fill(palette.PANEL, (0, bar, self.rect.w, first - view_top))
        if last < view_bottom:
            image.fill(palette.PANEL, (0, bar + last - view_top, self.rect.w,
                                       view_bottom - last))
