"""Play online: host a table on this network, tables nearby, join by code or address, the
public server the player chose, and the online games kept on this machine.

Hosting starts this machine's table server (in a background thread) and announces the table
on the local network; the app's own client then sits at it like any other client. While the
table waits, the host sees its invite code and this machine's address and may cancel. When
both seats are taken, the play scene opens with the other player as a remote seat. Nothing
here knows a game: the list of games and their default options come from the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import pygame
import pygame_gui

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Push, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files import autosaves, chats, tickets
from game.client.match.address import server_url
from game.client.match.nearby import NearbyTables
from game.client.match.online import OnlineGame, OnlinePlay
from game.client.match.seats import hosting, joining, table_clock
from game.client.widgets.fitted import Fitted
from game.client.widgets.hinted_entry import HintedEntry
from game.core.text import problem
from scenes.common import (
    button,
    button_width,
    enable,
    heading,
    label_width,
    menu_open,
    message,
)
from scenes.layout import columns
from scenes.online.games import (
    follow_pending,
    online_note,
    playable_online,
    resume_online,
)
from scenes.online.host import GONE_SECONDS, HostForm
from scenes.online.nearby import LOOKING, NearbyRows, why_not
from scenes.online.waiting import Line, SeatPage, connecting

TYPED: Final = ("name", "server", "code", "address")
"""The page's text fields, whose text survives a new layout."""
CAPTION_SIZE: Final = 23
"""``game.client.draw.fonts`` size of the theme's labels (Noto Sans 16)."""
BACK_TO: Final = "online play"
"""This screen as the pause screen names it: a game started or resumed here comes back here."""


SHORT: Final = {"Server (for play over the internet)": "Server (internet play)"}
"""A caption's shorter words, where the whole ones are wider than the column."""
HINT: Final = "Play a friend on this network with no set-up, or over the internet through " \
    "a server."
SHORT_HINT: Final = "Play on this network, or through a server."
HOST_HERE, HOST_SERVER = "On this network", "On the server"
"""The two ways to host a table, as their buttons say."""
SCROLL_BAR: Final = 20


@dataclass(frozen=True)
class LeftRows:
    """The widths of the left column's parts (``OnlineScene._left_rows``)."""

    name: int
    """From the column's left to the name's field (its caption's room)."""
    host: list[tuple[int, int, int]]
    """The game's drop-down and the two host buttons: (line, x, width) each."""
    remember: int
    join: int


class OnlineScene(SeatPage):
    contexts = (inp.MENU, inp.GLOBAL)
    box_height = 300

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        assert services.online is not None
        self.online: OnlinePlay = services.online
        self.widgets: dict[str, Any] = {}
        self.pending: OnlineGame | None = None
        """The table being hosted or joined, until both seats are taken."""
        self.hosting = False
        self._announced: str | None = None
        self.browser: NearbyTables | None = None
        self.nearby: list[Any] = []
        self._rows: NearbyRows | None = None
        """The rows of the tables nearby, while the page shows them."""
        self.kept: list[tuple[autosaves.Kept, tickets.Kept]] = []
        self._game: str | None = None
        """The game chosen to host."""
        self.form: HostForm | None = None
        """The box that opens a table (its options, side and clock), while it is open."""
        self._host_name = ""
        self._typed: dict[str, str] = {}
        """What the player typed in the page's fields, kept when the page is laid out again
        (a table found nearby, a resized window)."""
        self._nearby_rect = pygame.Rect(0, 0, 0, 0)
        self._row = 40
        self._kept_lines: list[str] = []
        self._kept_widgets: dict[str, Any] = {}
        """The last layout's widgets, while a resize lays the page out again (``_put``)."""
        self._captions: list[tuple[str, pygame.Rect]] = []
        """The page's captions and where each goes (drawn, not widgets)."""
        self._scrolls = False
        """The left column is in a part that scrolls (large text in a short window)."""
        self.fitted = Fitted()
        """Lines shortened this frame, whole on hover."""

    # -- lifecycle -----------------------------------------------------------------------

    def enter(self) -> None:
        self._refresh_kept()
        self.browser = NearbyTables(self.services.background, self.online.browse)
        super().enter()

    def exit(self) -> None:
        self.cancel()
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        super().exit()

    @property
    def nearby_rows(self) -> dict[Any, Any]:
        """Each joinable table's row (a button) and the table."""
        return {} if self._rows is None else self._rows.joins

    def resume(self) -> None:
        self._refresh_kept()
        self._build_root()

    def _refresh_kept(self) -> None:
        self.kept = []
        for kept in autosaves.unfinished(self.services.paths):
            online = kept.online
            ticket = None if online is None else tickets.find(self.services.paths, online.table)
            if ticket is not None:
                self.kept.append((kept, ticket))
        games = self.services.games
        self._kept_lines = autosaves.lines(
            [kept for kept, _ in self.kept], games,
            lambda kept: online_note(kept, self.services))

    # -- layout --------------------------------------------------------------------------

    def resize(self) -> None:
        """The page's widgets keep their sizes in most windows (its columns are as wide from
        1112 pixels up, its rows as tall from 700): a resize moves each one that keeps its
        size and makes anew only the others (the two lists, as the height changes). The
        waiting and hosting boxes, a page with a drop-down open and a page whose left column
        scrolls are made anew."""
        if self.root is None or self.pending is not None or self.form is not None or \
                menu_open(self.widgets.values()) or self._scrolls:
            self._build_root()
            return
        self._kept_widgets = dict(self.widgets)
        self.build(self._refit_root())

    def _put(self, name: str, rect: pygame.Rect, make: Callable[[pygame.Rect], Any]) -> Any:
        """The widget ``name`` at ``rect``: the one kept from the last layout, moved, if it
        has that size (what was typed or chosen in it stays), else one made anew."""
        kept = self._kept_widgets.pop(name, None)
        if kept is not None and kept.relative_rect.size == rect.size:
            kept.set_relative_position(rect.topleft)
            widget = kept
        else:
            if kept is not None:
                kept.kill()
            widget = make(rect)
        self.widgets[name] = widget
        return widget

    def build(self, size: tuple[int, int]) -> None:
        ui, root, w = self.services.ui, self.root, self.widgets
        self._typed.update({key: w[key].get_text() for key in TYPED if key in w})
        w.clear()
        page = columns(size, 520, 34, 140)
        row, gap, width, left, right = page.row, page.gap, page.width, page.left, page.right
        if self.waiting():  # the waiting box alone, over the page
            self._rows = None
            w["cancel"] = self.cancel_button(size, row, "Close this table")
            return
        if self.form is not None:  # the hosting box alone, over the page
            self._rows = None
            self.form.build(size, row)
            return
        settings = self.services.settings
        self._captions = []
        left_rows = self._left_rows(width)
        back_top = size[1] - row - 16
        self._scrolls = page.top + self._left_height(left_rows, row, gap) > back_top - gap
        origin = (0, 0)
        if self._scrolls:  # large text in a short window: the left column scrolls
            for widget in self._kept_widgets.values():  # (made anew in the scrolling part)
                widget.kill()
            self._kept_widgets = {}
            scroller = pygame_gui.elements.UIScrollingContainer(
                pygame.Rect(left, page.top, width + SCROLL_BAR, back_top - gap - page.top), ui,
                container=self.root, allow_scroll_x=False)
            scroller.set_scrollable_area_dimensions(
                (width, self._left_height(left_rows, row, gap)))
            root, origin = scroller.get_container(), (left, page.top)
        y = page.top

        def at(x: int, top: int, w: int) -> pygame.Rect:
            return pygame.Rect(x - origin[0], top - origin[1], w, row)

        def caption(x: int, top: int, w: int, text: str) -> None:
            if self._caption_width(text) > w:
                text = SHORT.get(text, text)
            if self._scrolls:  # it scrolls with the widgets
                pygame_gui.elements.UILabel(at(x, top, w), text, ui, container=root)
            else:
                self._caption(pygame.Rect(x, top, w, row), text)

        name_w = left_rows.name
        caption(left, y, name_w - 6, "Your name")

        def name_field(rect: pygame.Rect) -> Any:
            field = pygame_gui.elements.UITextEntryLine(
                rect, ui, container=root,
                initial_text=self._typed.get("name", settings.online_name or "Player"))
            field.set_text_length_limit(32)
            return field

        self._put("name", at(left + name_w, y, width - name_w), name_field)
        y += row + gap
        caption(left, y, width, "Host a table")
        y += row
        games = playable_online(self.services)
        chosen = next((t for g, t in games if g == self._game), games[0][1] if games else "")
        host_cells = [at(left + x, y + line * (row + gap), w) for line, x, w in left_rows.host]
        self._put("game", host_cells[0],
                  lambda rect: pygame_gui.elements.UIDropDownMenu(
                      [title for _, title in games] or ["(none)"], chosen or "(none)", rect, ui,
                      container=root))
        host = self._put("host", host_cells[1],
                         lambda rect: button(self, rect, HOST_HERE,
                                             "Start a table on this machine, announced on "
                                             "this network", container=root))
        enable(host, self.online.can_host and bool(games))
        host_server = self._put("host_server", host_cells[2],
                                lambda rect: button(self, rect, HOST_SERVER,
                                                    "A table on the server below, with an "
                                                    "invite code", container=root))
        enable(host_server, bool(settings.server and games))
        y += left_rows.host[-1][0] * (row + gap) + row + 2 * gap
        caption(left, y, width, "Server (for play over the internet)")
        y += row
        remember = left_rows.remember
        self._put("server", at(left, y, width - remember - 8),
                  lambda rect: HintedEntry(
                      rect, ui, container=root,
                      initial_text=self._typed.get("server", settings.server),
                      placeholder_text="wss://play.example.org"))
        self._put("save_server", at(left + width - remember, y, remember),
                  lambda rect: button(self, rect, "Remember", "Keep this server for next time",
                                      container=root))
        y += row + gap
        lobby = self._put("lobby", at(left, y, width),
                          lambda rect: button(self, rect,
                                              "Lobby: open seats, quick match, watch, ratings",
                                              "The server's public lobby: open seats, quick "
                                              "match, challenges, games to watch, profiles "
                                              "and ratings", container=root))
        enable(lobby, bool(settings.server))
        y += row + 2 * gap
        caption(left, y, width, "Join by code")
        y += row
        join_w = left_rows.join
        code_w = min(150, (width - join_w - 16) // 3)

        def code_field(rect: pygame.Rect) -> Any:
            field = HintedEntry(
                rect, ui, container=root, initial_text=self._typed.get("code", ""),
                placeholder_text="Invite code")
            field.set_text_length_limit(6)
            return field

        self._put("code", at(left, y, code_w), code_field)
        self._put("address", at(left + code_w + 8, y, width - code_w - join_w - 16),
                  lambda rect: HintedEntry(
                      rect, ui, container=root, initial_text=self._typed.get("address", ""),
                      placeholder_text="Host's address, if not nearby"))
        self._put("join", at(left + width - join_w, y, join_w),
                  lambda rect: button(self, rect, "Join", "Join with the code (and the host's "
                                      "address or your server)", container=root))
        root = self.root
        # right column: tables nearby and my online games
        y = page.top
        # (the second bound keeps Resume on screen where large text makes the rows tall)
        list_h = min(size[1] - y - 3 * row - 90, size[1] - y - 4 * row - 3 * gap - 16) // 2
        self._caption(pygame.Rect(right, y, width, row), "Tables nearby")
        y += row
        self._nearby_rect = pygame.Rect(right, y, width, list_h + row + gap)
        self._row = row
        kept_rows, self._rows = self._rows, None

        def rows(rect: pygame.Rect) -> Any:
            self._rows = NearbyRows(self, rect, row)
            self._rows.show(self.nearby)
            return self._rows.area

        if self.nearby:  # else the scene writes that it is looking (``draw``)
            area = self._put("nearby", self._nearby_rect.inflate(-8, -8), rows)
            if kept_rows is not None and area is kept_rows.area:  # moved, rows and all
                self._rows = kept_rows
        y += list_h + row + 2 * gap
        self._caption(pygame.Rect(right, y, width, row), "My online games")
        y += row
        mine: list[str | tuple[str, str]] = list(self._kept_lines)
        self._put("mine", pygame.Rect(right, y, width, list_h),
                  lambda rect: pygame_gui.elements.UISelectionList(
                      rect, mine or ["(none yet)"], ui, container=root))
        y += list_h + gap
        self._put("resume", pygame.Rect(right + width - 160, y, 160, row),
                  lambda rect: button(self, rect, "Resume", "Sit at the chosen game again"))
        self._put("back", pygame.Rect(left, size[1] - row - 16, 160, row),
                  lambda rect: button(self, rect, "Back"))
        for widget in self._kept_widgets.values():  # the last layout's, with no place here
            widget.kill()
        self._kept_widgets = {}

    def _left_rows(self, width: int) -> LeftRows:
        """The left column's widths at the text size in use: the name's caption, the host
        row (the game and two buttons a row if their words fit, else on rows of their
        own), Remember and Join as wide as their words."""
        def fits(text: str, w: int) -> bool:
            return button_width(self, text) + 16 <= w

        third = (width - 16) // 3
        half = (width - 8) // 2
        longest = max((title for _, title in playable_online(self.services)), key=len,
                      default="")
        host: list[tuple[int, int, int]]
        if all(fits(text, third) for text in (HOST_HERE, HOST_SERVER, longest + "    ")):
            host = [(0, i * (third + 8), third) for i in range(3)]
        elif all(fits(text, half) for text in (HOST_HERE, HOST_SERVER)):
            host = [(0, 0, width), (1, 0, half), (1, half + 8, half)]
        else:
            host = [(0, 0, width), (1, 0, width), (2, 0, width)]
        return LeftRows(max(116, self._caption_width("Your name") + 14), host,
                        max(100, button_width(self, "Remember") + 24),
                        max(100, button_width(self, "Join") + 24))

    @staticmethod
    def _left_height(rows: LeftRows, row: int, gap: int) -> int:
        """The left column's height: its rows and the gaps between them (and one under)."""
        lines = rows.host[-1][0]
        return (8 + lines) * row + (7 + lines) * gap

    def _caption_width(self, text: str) -> int:
        """How wide a caption's words are: drawn by the scene, or a label where the column
        scrolls (their faces differ a little)."""
        return max(label_width(self, text), fonts.font(CAPTION_SIZE).size(text)[0])

    def _caption(self, rect: pygame.Rect, text: str) -> None:
        """A caption, drawn by the scene (a pygame_gui label took 0.5 ms to make)."""
        self._captions.append((text, rect))

    def _show_nearby(self) -> None:
        """The tables nearby changed: their rows are brought up to date (the page shows
        them), only a new table's made."""
        if self.root is None or self.pending is not None or self.form is not None:
            return
        self._kept_widgets = {}
        if self.nearby and self._rows is not None:
            self._rows.show(self.nearby)
            return
        old = self.widgets.pop("nearby", None)
        if old is not None:
            old.kill()
        self._rows = None
        if self.nearby:
            self._rows = NearbyRows(self, self._nearby_rect.inflate(-8, -8), self._row)
            self._rows.show(self.nearby)
            self.widgets["nearby"] = self._rows.area

    # -- input ---------------------------------------------------------------------------

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        element, w = event.ui_element, self.widgets
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is w.get("game"):
            self._game = self._chosen_game()
            return None
        if (event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.form is not None
                and element is self.form.widgets.get("clock")):
            self._build_root()  # a custom clock gets its box to type it in
            return None
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if self.form is not None:
            if element is self.form.widgets.get("go"):
                self._host_table(self.form)
            elif element is self.form.widgets.get("back"):
                self._close_form()
            return None
        if element is w.get("back") or element is w.get("cancel"):
            return self.back()
        if self.waiting():
            return None  # one table at a time
        if element is w.get("host"):
            self._host(None)
        elif element is w.get("host_server"):
            self._host(self.services.settings.server)
        elif element is w.get("save_server"):
            self._save_server()
        elif element is w.get("join"):
            self._join_code()
        elif element in self.nearby_rows:
            self._join_nearby(self.nearby_rows[element])
        elif element is w.get("resume"):
            return self._resume()
        elif element is w.get("lobby"):
            return self._lobby()
        return None

    def command(self, command: Command) -> Transition | None:
        if command.name == c.BACK:
            if self.form is not None:
                self._close_form()
                return None
            return self.back()
        return None

    def _name(self) -> str | None:
        name = " ".join(self.widgets["name"].get_text().split())
        why = "is empty" if not name else problem(name, 32)
        if why:
            message(self, "Your name", f"Your name {why}.")
            return None
        if name != self.services.settings.online_name:
            self.services.update_settings(self.services.settings.with_(online_name=name))
        return name

    def _chosen_game(self) -> str | None:
        title = self.widgets["game"].selected_option
        title = title[0] if isinstance(title, tuple) else title
        return next((gid for gid, t in playable_online(self.services) if t == title), None)

    def _host(self, server: str | None) -> None:
        """Open the hosting box for the chosen game (on this network, or on ``server``)."""
        name, game_id = self._name(), self._chosen_game()
        if name is None or game_id is None:
            return
        if server is not None:
            try:
                server_url(server)
            except ValueError as err:
                message(self, "Server", str(err))
                return
        self._game, self._host_name = game_id, name
        self.form = HostForm(self, self.services.games.info(game_id), server)
        self._build_root()

    def _close_form(self) -> None:
        self.form = None
        self._build_root()

    def _host_table(self, form: HostForm) -> None:
        """Open the table the hosting box describes and wait for the other player."""
        chosen = form.choices()
        if isinstance(chosen, str):
            message(self, "Table options", chosen[:1].upper() + chosen[1:] + ".")
            return
        options, seat, clock = chosen
        how = hosting(form.info.id, options, seat, table_clock(clock, GONE_SECONDS))
        if form.server is None:
            try:
                hosted = self.online.host_server()
            except Exception as err:  # the server's own reason: port, database, ...
                message(self, "Cannot host a table", str(err))
                return
            self.pending = self.online.open(hosted.url, self._host_name, how, hosted=True)
        else:
            self.pending = self.online.open(server_url(form.server), self._host_name, how)
        self.form = None
        self.hosting = True
        self._build_root()

    def _save_server(self) -> None:
        text = self.widgets["server"].get_text().strip()
        if text:
            try:
                server_url(text)
            except ValueError as err:
                message(self, "Server", str(err))
                return
        self.services.update_settings(self.services.settings.with_(server=text))
        self.services.toasts.show("Server remembered" if text else "Server forgotten", "good")
        self._build_root()

    def _join_code(self) -> None:
        name = self._name()
        if name is None:
            return
        code = self.widgets["code"].get_text().strip().upper()
        if len(code) != 6:
            message(self, "Join by code", "An invite code has 6 characters.")
            return
        address = self.widgets["address"].get_text().strip()
        nearby = next((t for t in self.nearby if t.code == code), None)
        try:
            if address:
                url = server_url(address)
            elif nearby is not None:
                url = nearby.url
            elif self.services.settings.server:
                url = server_url(self.services.settings.server)
            else:
                raise ValueError("no table nearby has this code: type the host's address "
                                 "too (their screen shows it), or remember a server")
        except ValueError as err:
            message(self, "Join by code", str(err))
            return
        self.pending = self.online.open(url, name, joining(code))
        self.hosting = False
        self._build_root()

    def _join_nearby(self, table: Any) -> None:
        why = why_not(table, self.services.games)
        if why:  # the row is greyed out; a table may change between frames
            message(self, "Cannot join this table", why[:1].upper() + why[1:] + ".")
            return
        name = self._name()
        if name is None:
            return
        self.pending = self.online.open(table.url, name, joining(table.code))
        self.hosting = False
        self._build_root()

    def _lobby(self) -> Transition | None:
        try:
            url = server_url(self.services.settings.server)
        except ValueError as err:
            message(self, "Server", str(err))
            return None
        return Push(self.services.scenes.lobby(self.services, url))

    def _resume(self) -> Transition | None:
        chosen = self.widgets["mine"].get_single_selection()
        if chosen not in self._kept_lines:
            return None
        kept, ticket = self.kept[self._kept_lines.index(chosen)]
        return resume_online(self, kept, ticket, BACK_TO)

    def waiting(self) -> bool:
        """A table being hosted or joined."""
        return self.pending is not None

    def cancel(self) -> None:
        """Close the table being hosted (nobody sat down yet) or stop joining."""
        pending, self.pending = self.pending, None
        if pending is None:
            return
        if self.hosting and not pending.seated:
            pending.abort()
            if pending.table_id is not None:
                tickets.forget(self.services.paths, pending.table_id)
                chats.forget(self.services.paths, pending.table_id)
        hosted = self.online.hosted
        if hosted is not None:
            hosted.withdraw()
        self._announced = None
        pending.close()

    # -- frames --------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        if self.form is not None:
            self.form.sync()  # a custom size's fields follow the board chosen
        if self.browser is not None:
            problem = self.browser.problem()
            if problem:  # no multicast: codes and addresses still work
                self.services.toasts.show(f"Tables nearby cannot be found here: {problem}",
                                          "error")
            found = self.browser.tables()
            if [t.name for t in found] != [t.name for t in self.nearby] or found != self.nearby:
                self.nearby = found
                self._show_nearby()
        pending = self.pending
        if pending is None:
            return None
        return follow_pending(self, pending, self._drop_pending, self._announce, BACK_TO)

    def _drop_pending(self) -> None:
        """Forget the seat being taken: its table is no longer announced nearby."""
        self.pending = None
        hosted = self.online.hosted
        if hosted is not None:
            hosted.withdraw()
        self._announced = None
        self._build_root()

    def _announce(self, pending: OnlineGame) -> None:
        """Tell the network about the hosted table once its invite code is known."""
        hosted = self.online.hosted
        if not (self.hosting and pending.hosted and hosted is not None and pending.invite
                and pending.state is not None) or self._announced == pending.invite[0]:
            return
        self._announced = pending.invite[0]
        game = self.services.games.info(pending.state.game)
        hosted.announce(pending.invite[0], game.id, self._options_words(pending.state),
                        pending.name, game.rules_version)

    def _options_words(self, state: Any) -> str:
        """A table's options that differ from the game's defaults ('board small')."""
        defaults = self.services.games.info(state.game).default_options()
        return ", ".join(f"{k} {v}" for k, v in state.options.items() if defaults.get(k) != v)

    def _table_words(self, state: Any) -> str:
        title = self.services.games.info(state.game).title
        return f"{title}, {self._options_words(state) or 'standard'}"

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        width = surface.get_width()
        compact = surface.get_height() < 700
        self.fitted.clear()
        heading(surface, "Play online", (width // 2, 48 if compact else 64), 48 if compact else 56)
        if self.pending is None and self.form is None:  # a box covers where it would be
            hint = HINT if fonts.font(22).size(HINT)[0] <= width - 40 else SHORT_HINT
            image = fonts.fit(hint, 22, palette.MUTED, width - 40)
            at = image.get_rect(center=(width // 2, 86 if compact else 106))
            self.fitted.blit(surface, hint, 22, palette.MUTED, width - 40, at.topleft)
            pygame.draw.rect(surface, palette.PANEL, self._nearby_rect)
            pygame.draw.rect(surface, palette.GRID, self._nearby_rect, 1)
            for text, rect in self._captions:
                words = fonts.fit(text, CAPTION_SIZE, palette.LABEL, rect.w)
                surface.blit(words, words.get_rect(midleft=rect.midleft))
            if not self.nearby:
                line_h = fonts.font(CAPTION_SIZE).get_linesize()
                for i, line in enumerate(fonts.wrap(LOOKING, CAPTION_SIZE,
                                                    self._nearby_rect.w - 24)):
                    words = fonts.text(line, CAPTION_SIZE, palette.LABEL)
                    surface.blit(words, (self._nearby_rect.x + 12, self._nearby_rect.y + 4
                                         + (self._row - line_h) // 2 + i * line_h))
            self.fitted.keep_cut_rows([w for w in (self.widgets.get("mine"),) if w is not None])
        if self.waiting():
            self.draw_waiting(surface)
        elif self.form is not None:
            self.form.draw(surface, 34 if compact else 40)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The whole line of a game too long for its list, under the pointer."""
        self.fitted.draw_tip(surface, pygame.mouse.get_pos(), pygame.Rect(0, 0, 0, 0))

    def waiting_lines(self, width: int) -> list[Line]:
        pending = self.pending
        assert pending is not None
        lines: list[Line] = []
        if pending.link != "connected" and pending.state is None:
            lines += connecting(pending, width)
        elif self.hosting:
            code = pending.invite[0] if pending.invite else "..."
            lines.append((f"Invite code  {code}", 44, palette.ACCENT))
            if pending.state is not None:
                lines.append((self._table_words(pending.state), 22, palette.MUTED))
            hosted = self.online.hosted
            if pending.hosted and hosted is not None:
                lines.append(("This machine: " + ", ".join(hosted.addresses[:3]), 24,
                              palette.TEXT))
                lines.append(("Your friend finds the table under Tables nearby, or types the "
                              "code and this address", 20, palette.MUTED))
            else:
                lines.append((f"Server: {pending.session.url}", 24, palette.TEXT))
                lines.append(("Your friend types the code, with this server remembered", 20,
                              palette.MUTED))
            lines.append(("Waiting for the other player...", 26, palette.TEXT))
        else:
            lines.append(("Joining the table...", 30, palette.TEXT))
        return lines

