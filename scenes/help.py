"""Rules and help: the game's own rules text (from its plug-in) and the app's controls.

The text is a ``game.client.draw.richtext.TextPanel`` drawn by the scene (laid out once per text and
width, lines rendered as they scroll into view); switching tabs swaps the text and keeps
the buttons. Beside it, the text's sections as a table of contents the scene draws itself
(no widgets to build: the screen opens within a frame): a click scrolls to a section, and
the section being read is marked; the Tab focus stops at it too (Up and Down, then Return
goes to a section: ``game.client.access.stops``). Pictures of positions in the text are
drawn by the game's own view when they first scroll into view
(``game.client.draw.pictures``)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game import __version__
from game.client.access.stops import ListStop
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.assets import changelog_path
from game.client.app.commands import Command
from game.client.app.scene import Pop, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.draw.pictures import PictureBook
from game.client.draw.richtext import TextPanel
from game.client.files.changelog import whats_new
from game.client.widgets.fitted import Fitted
from scenes.common import button, heading

APP_HELP = (
    "<br><br><b>Everywhere.</b> F11 toggles fullscreen, F1 opens this page, Esc goes back "
    "(or pauses a game). Every game is kept after every move, each in its own file: the menu's "
    "Resume continues the last one, and <b>Your games</b> lists the ten most recent "
    "unfinished games to resume and the finished ones to replay (starting a new game never "
    "replaces another). Ctrl+S saves a game where you choose, Ctrl+O opens one as a replay; "
    "in the file dialog, Return or a double-click opens the chosen file."
    "<br><br><b>On the board.</b> The last move stays marked until the next one. The numbers "
    "along a grid board's edges are its rows and columns, counted from 0 as the move notation "
    "writes them (\"3,5\" is row 3, column 5); boards whose places have names show them "
    "(squares, hex labels), and moves are put in words with those names. The move list beside "
    "the board names every turn; a click on a line shows that position, Esc comes back. "
    "Messages appear in the strip under the board. In a two-player game <b>F</b> (or Flip board) "
    "turns the board round, so either player may sit at its bottom: in play, replays, online "
    "games, watching, lessons and mistakes; clicks and the cursor follow it. The game's review, "
    "play continued from it and its mistakes show the board the way round you left it."
    "<br><br><b>Accessibility.</b> Every game plays without a pointer. In a game, / (or Ctrl+M)"
    " opens the <b>move box</b>: type a move as the records write it or as the board names it "
    "(Piously: move P3, cast Leap Y2; Conquid: A 3,4 3,5 3,6; Push Fight: c1-c2,d4-c3,c4-c3, "
    "two moves and a push; Forts: 4 3,5), in any case and spacing. The moves that still match "
    "show as you type; the move plays once the line is a whole move that no other begins, "
    "Return plays it otherwise, and a refusal gives the rules' reason. The box also takes "
    "resign, draw, undo, redo, hint, last (the last move), who (whose turn, the players), score"
    " and ? (what it takes); Esc closes it. <b>Down</b> shows the board cursor: the arrows move"
    " it from place to place (on Piously's hexes, to a neighbour; the place's name shows above "
    "it), Space picks or drops as a click would, Return confirms the move (or picks), Esc "
    "clears the selection and hides the cursor; while it is hidden, Left and Right take back "
    "and redo again. Everywhere, <b>Tab</b> and Shift+Tab move a ringed focus through the "
    "buttons, fields and menus of the screen or dialog, Return presses the focused one. "
    "Settings: <b>Speak aloud</b> says moves, whose turn it is, the cursor's place, refusals, "
    "results and the focused control through the screen reader or the system's speech (off by "
    "default). Every key can be changed in Settings."
    "<br><br><b>Replays.</b> Left and Right step through the moves, Up or Space plays and "
    "pauses, Home and End jump to the start and the end, + and - change the speed, and a click "
    "on the timeline jumps there. \"Continue from here\" starts a new game from the position "
    "shown."
    "<br><br><b>Watching online games.</b> In a game played on a server, the pause screen "
    "(Esc) shows the table's <b>watch code</b>; Copy watch code, or Ctrl+C in the game, puts "
    "it on the clipboard. Whoever types it in the server's lobby (Watch code, then Watch) "
    "follows the game live, read-only, with both clocks; the replay keys step back through it "
    "while it goes on. The invite code is another code: it seats a player (Join)."
    "<br><br><b>Review with the computer.</b> A finished game can be reviewed: Review on the "
    "result card, in Your games, or R in its replay (R again stops; the moves done are kept "
    "and R resumes). The graph under the board shows the win chance move by move (a click "
    "jumps there); the move list marks ?! inaccuracies, ? mistakes, ?? blunders and missed "
    "wins, and each player gets an accuracy. N and Shift+N go to the next and previous "
    "mistake, B shows the better move on the board: Right and Left step through its line, Esc "
    "comes back. The review is kept with the game's file; a review by an older engine is "
    "marked and can be redone."
)


NAV_ROW = 36
"""Height of a table-of-contents row (rows shrink to fit a short window)."""
NAV_TEXT = 22


class HelpScene(Scene):
    contexts = (inp.MENU, inp.GLOBAL)

    def __init__(self, services: Services, game_id: str) -> None:
        super().__init__(services)
        self.game_id = game_id
        self.back: Any = None
        self.tabs: dict[Any, str] = {}
        """A button for each game with rules to show, to switch between them."""
        self.panel: TextPanel | None = None
        self._texts: dict[str, str] = {}
        """Each game's help text, once asked for (its plug-in loads it)."""
        self._about: str | None = None
        """The version and what is new in it (the changelog), read at the first text."""
        self.book = PictureBook(services)
        self.nav = pygame.Rect(0, 0, 0, 0)
        """The table of contents, left of the text."""
        self._hover: int | None = None
        self.fitted = Fitted()
        """Section titles shortened in the table of contents this frame, whole on hover."""
        self._keyed: int | None = None
        """The keyboard's row of the contents, while the Tab focus is on them."""
        self.contents = ListStop("Contents", self, self._to_section)

    # -- the contents as rows for the keyboard (``game.client.access.stops.Rows``) --------

    @property
    def rect(self) -> pygame.Rect:
        return self.nav

    def row_count(self) -> int:
        return len(self.panel.sections) if self.panel is not None else 0

    def row_shown(self) -> int:
        reading = self.panel.section_at_top() if self.panel is not None else None
        return reading or 0

    def row_words(self, row: int) -> str:
        return self.panel.sections[row][0] if self.panel is not None else ""

    def mark_row(self, row: int | None) -> None:
        self._keyed = row

    def _to_section(self, row: int) -> None:
        if self.panel is not None:
            self.panel.show_section(row)

    def stops(self) -> list[ListStop]:
        return [self.contents]

    def build(self, size: tuple[int, int]) -> None:
        whole = min(1240, size[0] - 80)
        nav_w = min(whole // 3, fonts.wide(210 if whole >= 1000 else 160))
        whole_rect = pygame.Rect((size[0] - whole) // 2, 120, whole, size[1] - 210)
        self.nav = pygame.Rect(whole_rect.x, whole_rect.y, nav_w, whole_rect.h)
        rect = pygame.Rect(self.nav.right + 12, whole_rect.y, whole - nav_w - 12, whole_rect.h)
        self.panel = self._panel(rect)
        self.back = button(self, pygame.Rect(self.nav.x, rect.bottom + 16, 160, 44), "Back")
        others = [game for game in self.services.games if game.info.id in self.services.views]
        self.tabs = {}
        x = rect.right
        room = rect.right - self.nav.x - self.back.get_relative_rect().w - 16  # right of Back
        tab_w = min(170, (room - 8 * (len(others) - 1)) // max(1, len(others)))
        for game in reversed(others):
            tab = pygame.Rect(0, rect.bottom + 16, tab_w, 44)
            tab.right = x
            x = tab.left - 8
            widget = button(self, tab, game.info.title, f"How to play {game.info.title}")
            self.tabs[widget] = game.info.id
        self._mark_tab()

    def _panel(self, rect: pygame.Rect) -> TextPanel:
        self.book.hold()  # the frame that lays the text out draws no picture
        return TextPanel(rect, self._body(), pictures=self.book.pictures(self.game_id))

    def _body(self) -> str:
        text = self._texts.get(self.game_id)
        if text is None:
            shown = self.game_id in self.services.views  # a game this client plays
            rules = self.services.plugin(self.game_id).help() if shown else None
            text = rules or "Rules for this game are coming soon."
            self._texts[self.game_id] = text
        if self._about is None:
            self._about = whats_new(changelog_path(), __version__)
        return text + APP_HELP + self._about

    def _mark_tab(self) -> None:
        """The tab of the game shown is the one that cannot be pressed."""
        for widget, game_id in self.tabs.items():
            if game_id == self.game_id:
                widget.disable()
            else:
                widget.enable()

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if event.ui_element is self.back:
            return Pop()
        if event.ui_element in self.tabs and self.panel is not None:
            self.game_id = self.tabs[event.ui_element]
            self.panel = self._panel(self.panel.rect)  # the buttons stay
            self._mark_tab()
        return None

    def capture(self, event: pygame.event.Event) -> bool:
        if self.panel is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._hover = self._nav_row(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self._nav_row(event.pos)
            if row is not None:
                self.panel.show_section(row)
                return True
        return self.panel.handle(event)

    def _nav_row(self, pos: tuple[int, int]) -> int | None:
        """The table-of-contents row under ``pos``, if any."""
        if self.panel is None or not self.nav.collidepoint(pos):
            return None
        row = (pos[1] - self.nav.y - 8) // self._row_height()
        return row if 0 <= row < len(self.panel.sections) else None

    def _row_height(self) -> int:
        count = len(self.panel.sections) if self.panel is not None else 0
        return max(26, min(NAV_ROW, (self.nav.h - 16) // max(1, count)))

    def animating(self, clock: float) -> bool:
        return self.book.pending  # a picture waits for the next frame

    def command(self, command: Command) -> Transition | None:
        if command.name in (c.BACK, c.HELP, c.ACTIVATE):
            return Pop()
        if command.name in (c.MENU_UP, c.MENU_DOWN) and self.panel is not None:
            self.panel.scroll_lines(-1 if command.name == c.MENU_UP else 1)
        return None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        self.fitted.clear()
        title = self.services.games.get(self.game_id).info.title
        heading(surface, f"How to play {title}", (surface.get_width() // 2, 64), 56)
        if self.panel is not None:
            self.book.next_frame()
            self.panel.draw(surface)
            self._draw_nav(surface, self.panel)

    def _draw_nav(self, surface: pygame.Surface, panel: TextPanel) -> None:
        """The sections, the one being read marked, the one under the pointer lit."""
        pygame.draw.rect(surface, palette.FIELD, self.nav)
        pygame.draw.rect(surface, palette.BORDER, self.nav, 1)
        reading = panel.section_at_top()
        height = self._row_height()
        for number, (title, _line) in enumerate(panel.sections):
            row = pygame.Rect(self.nav.x + 1, self.nav.y + 8 + number * height,
                              self.nav.w - 2, height)
            if row.bottom > self.nav.bottom:
                break
            if number == self._hover:
                pygame.draw.rect(surface, palette.HOVERED, row)
            current = number == reading
            if current:
                pygame.draw.rect(surface, palette.ACCENT, (row.x + 2, row.y + 4, 4, row.h - 8))
            image = fonts.fit(title, NAV_TEXT, palette.ACCENT if current else palette.TEXT,
                              row.w - 24, current)
            at = image.get_rect(midleft=(row.x + 14, row.centery))
            self.fitted.blit(surface, title, NAV_TEXT, palette.ACCENT if current else palette.TEXT,
                             row.w - 24, at.topleft, current)
            if number == self._keyed:  # the keyboard's row: a frame, not a colour alone
                pygame.draw.rect(surface, palette.ACCENT, row.inflate(-4, 0), 2,
                                 border_radius=4)

    def draw_over(self, surface: pygame.Surface) -> None:
        """A section's whole title, where the table of contents shortened it, on hover."""
        self.fitted.draw_tip(surface, pygame.mouse.get_pos(), pygame.Rect(0, 0, 0, 0))
