"""Play online: host a table on this network, tables nearby, join by code or address, the
public server the player chose, and the online games kept on this machine.

Hosting starts this machine's table server (in a background thread) and announces the table
on the local network; the app's own client then sits at it like any other client. While the
table waits, the host sees its invite code and this machine's address and may cancel. When
both seats are taken, the play scene opens with the other player as a remote seat. Nothing
here knows a game: the list of games and their default options come from the registry.
"""

from __future__ import annotations

from typing import Any, Final

import pygame
import pygame_gui

from game.core.protocol import OptionKind
from game.core.text import problem
from game.ui import autosaves, fonts, palette, storage, tickets
from game.ui import commands as c
from game.ui import input as inp
from game.ui.commands import Command
from game.ui.online import OnlineGame, OnlinePlay
from game.ui.scene import Pop, Push, Scene, Transition
from game.ui.services import Services
from scenes.common import button, heading, label, message
from scenes.online_games import online_note, resume_online

SIDES: Final = {"Move first": 0, "Move second": 1, "Random side": None}
CLOCKS: Final = {"No clock": None, "1 day per move": 1, "3 days per move": 3,
                 "7 days per move": 7}
DAY: Final = 86_400
GONE_SECONDS: Final = 120
"""How long a player may be gone on their own turn before the other may claim the win."""
DEFAULT_PORT: Final = 8765


def server_url(address: str) -> str:
    """A typed address as a WebSocket URL: ``host``, ``host:port`` or a ``ws(s)://`` URL.
    Raises ValueError with the reason."""
    address = address.strip()
    if not address:
        raise ValueError("type an address first")
    if address.startswith(("ws://", "wss://")):
        return address
    if "://" in address or " " in address or problem(address, 200):
        raise ValueError(f"{address[:60]!r} is not an address (like 192.168.1.5:8765)")
    host, _, port = address.rpartition(":") if address.count(":") == 1 else (address, "", "")
    if port and not port.isdigit():
        raise ValueError(f"{port!r} is not a port number")
    return f"ws://{host}:{port or DEFAULT_PORT}"


class OnlineScene(Scene):
    contexts = (inp.MENU, inp.GLOBAL)

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        assert services.online is not None
        self.online: OnlinePlay = services.online
        self.widgets: dict[str, Any] = {}
        self.pending: OnlineGame | None = None
        """The table being hosted or joined, until both seats are taken."""
        self.hosting = False
        self._announced: str | None = None
        self.browser: Any = None
        self.nearby: list[Any] = []
        self.kept: list[tuple[autosaves.Kept, tickets.Kept]] = []
        self._game: str | None = None
        """The game chosen in the host form (its first choice option is offered too)."""
        self._kept_lines: list[str] = []

    # -- lifecycle -----------------------------------------------------------------------

    def enter(self) -> None:
        self._refresh_kept()
        try:
            self.browser = self.online.browse()
        except (OSError, RuntimeError) as err:  # no multicast: codes and addresses still work
            self.services.toasts.show(f"Tables nearby cannot be found here: {err}", "error")
        super().enter()

    def exit(self) -> None:
        self._cancel()
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        super().exit()

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

    def build(self, size: tuple[int, int]) -> None:
        ui, root, w = self.services.ui, self.root, self.widgets
        w.clear()
        compact = size[1] < 700
        row = 34 if compact else 40
        gap = 6 if compact else 10
        width = min(520, (size[0] - 72) // 2)
        left, right = size[0] // 2 - 12 - width, size[0] // 2 + 12
        if self.pending is not None:  # the waiting box alone, over the page
            box = self._waiting_box(size)
            w["cancel"] = button(self, pygame.Rect(box.centerx - 80, box.bottom - row - 16, 160,
                                                   row), "Cancel", "Close this table")
            return
        y = 110 if compact else 140
        settings = self.services.settings
        label(self, pygame.Rect(left, y, 110, row), "Your name")
        w["name"] = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(left + 116, y, width - 116, row), ui, container=root,
            initial_text=settings.online_name or "Player")
        w["name"].set_text_length_limit(32)
        y += row + gap
        label(self, pygame.Rect(left, y, width, row), "Host a table on this network")
        y += row
        games = self._games()
        third = (width - 16) // 3
        chosen = next((t for g, t in games if g == self._game), games[0][1] if games else "")
        w["game"] = pygame_gui.elements.UIDropDownMenu(
            [title for _, title in games] or ["(none)"], chosen or "(none)",
            pygame.Rect(left, y, third, row), ui, container=root)
        w["side"] = pygame_gui.elements.UIDropDownMenu(
            list(SIDES), "Random side", pygame.Rect(left + third + 8, y, third, row), ui,
            container=root)
        w["clock"] = pygame_gui.elements.UIDropDownMenu(
            list(CLOCKS), "No clock", pygame.Rect(left + 2 * (third + 8), y, third, row), ui,
            container=root)
        y += row + gap
        host_x = left
        spec = self._variant_spec()
        if spec is not None:
            w["variant"] = pygame_gui.elements.UIDropDownMenu(
                [f"{spec.label}: {choice}" for choice in spec.choices],
                f"{spec.label}: {spec.default}", pygame.Rect(left, y, third * 2 + 8, row), ui,
                container=root)
            host_x = left + 2 * (third + 8)
        w["host"] = button(self, pygame.Rect(host_x, y, left + width - host_x, row),
                           "Host a table",
                           "Start a table on this machine, announced on this network")
        if not self.online.can_host or not games:
            w["host"].disable()
        y += row + 2 * gap
        label(self, pygame.Rect(left, y, width, row), "Server (for play over the internet)")
        y += row
        w["server"] = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(left, y, width - 108, row), ui, container=root,
            initial_text=settings.server, placeholder_text="wss://play.example.org")
        w["save_server"] = button(self, pygame.Rect(left + width - 100, y, 100, row),
                                  "Remember", "Keep this server for next time")
        y += row + gap
        half = (width - 8) // 2
        w["host_server"] = button(self, pygame.Rect(left, y, half, row),
                                  "Open a table",
                                  "A table on the server above, with an invite code")
        if not settings.server or not games:
            w["host_server"].disable()
        w["lobby"] = button(self, pygame.Rect(left + half + 8, y, half, row), "Lobby",
                            "The server's public lobby: open seats, quick match, challenges, "
                            "games to watch, profiles and ratings")
        if not settings.server:
            w["lobby"].disable()
        y += row + 2 * gap
        label(self, pygame.Rect(left, y, width, row), "Join by code")
        y += row
        code_w = min(150, (width - 116) // 3)
        w["code"] = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(left, y, code_w, row), ui, container=root,
            placeholder_text="Invite code")
        w["code"].set_text_length_limit(6)
        w["address"] = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(left + code_w + 8, y, width - code_w - 116, row), ui, container=root,
            placeholder_text="Host's address, if not nearby")
        w["join"] = button(self, pygame.Rect(left + width - 100, y, 100, row), "Join",
                           "Join with the code (and the host's address or your server)")
        # right column: tables nearby and my online games
        y = 110 if compact else 140
        list_h = (size[1] - y - 3 * row - 90) // 2
        label(self, pygame.Rect(right, y, width, row), "Tables nearby")
        y += row
        items: list[str | tuple[str, str]] = [self._nearby_line(t) for t in self.nearby]
        w["nearby"] = pygame_gui.elements.UISelectionList(
            pygame.Rect(right, y, width, list_h),
            items or ["(looking for tables on this network...)"], ui, container=root)
        y += list_h + gap
        w["join_nearby"] = button(self, pygame.Rect(right + width - 160, y, 160, row),
                                  "Join table", "Sit at the chosen table")
        y += row + gap
        label(self, pygame.Rect(right, y, width, row), "My online games")
        y += row
        mine: list[str | tuple[str, str]] = list(self._kept_lines)
        w["mine"] = pygame_gui.elements.UISelectionList(
            pygame.Rect(right, y, width, list_h), mine or ["(none yet)"], ui, container=root)
        y += list_h + gap
        w["resume"] = button(self, pygame.Rect(right + width - 160, y, 160, row), "Resume",
                             "Sit at the chosen game again")
        w["back"] = button(self, pygame.Rect(left, size[1] - row - 16, 160, row), "Back")

    def _games(self) -> list[tuple[str, str]]:
        """The two-player games this app can show: (id, title)."""
        return [(info.id, info.title) for info in self.services.games.infos()
                if info.players == 2 and info.id in self.services.views]

    def _variant_spec(self, game_id: str | None = None) -> Any:
        """The chosen game's first choice option (a board size, a variant), or None."""
        game_id = game_id or self._game or next((g for g, _ in self._games()), None)
        if game_id is None:
            return None
        return next((spec for spec in self.services.games.info(game_id).options
                     if spec.kind is OptionKind.CHOICE), None)

    def _host_options(self) -> dict[str, Any]:
        spec, widget = self._variant_spec(self._chosen_game()), self.widgets.get("variant")
        if spec is None or widget is None:
            return {}
        label, _, value = side_text(widget.selected_option).partition(": ")
        return {spec.name: value} if label == spec.label and value in spec.choices else {}

    def _nearby_line(self, table: Any) -> str:
        games = self.services.games
        title = games.info(table.game).title if table.game in games else table.game
        why = table.problem({info.id: info.rules_version for info in games.infos()})
        line = f"{title}, {table.options or 'standard'}  ·  {table.host}"
        return f"{line}  ·  cannot join: {why}" if why else f"{table.code}  ·  {line}"

    def _waiting_box(self, size: tuple[int, int]) -> pygame.Rect:
        box = pygame.Rect(0, 0, min(620, size[0] - 40), min(300, size[1] - 40))
        box.center = (size[0] // 2, size[1] // 2)
        return box

    # -- input ---------------------------------------------------------------------------

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        element, w = event.ui_element, self.widgets
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is w.get("game"):
            self._game = self._chosen_game()
            self._build_root()  # the chosen game's options
            return None
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if element is w.get("back"):
            return Pop()
        if element is w.get("cancel"):
            self._cancel()
            self._build_root()
        elif self.pending is not None:
            return None  # one table at a time
        elif element is w.get("host"):
            self._host(None)
        elif element is w.get("host_server"):
            self._host(self.services.settings.server)
        elif element is w.get("save_server"):
            self._save_server()
        elif element is w.get("join"):
            self._join_code()
        elif element is w.get("join_nearby"):
            self._join_nearby()
        elif element is w.get("resume"):
            return self._resume()
        elif element is w.get("lobby"):
            return self._lobby()
        return None

    def command(self, command: Command) -> Transition | None:
        if command.name == c.BACK:
            if self.pending is not None:
                self._cancel()
                self._build_root()
                return None
            return Pop()
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
        return next((gid for gid, t in self._games() if t == title), None)

    def _host(self, server: str | None) -> None:
        from game.net.messages import Clock
        from game.net.session import Host

        name, game_id = self._name(), self._chosen_game()
        if name is None or game_id is None:
            return
        side = self.widgets["side"].selected_option
        days = CLOCKS[side_text(self.widgets["clock"].selected_option)]
        clock = Clock(gone=GONE_SECONDS, move=None if days is None else days * DAY)
        how = Host(game_id, self._host_options(), SIDES[side_text(side)], clock)
        if server is None:
            try:
                hosted = self.online.host_server()
            except Exception as err:  # the server's own reason: port, database, ...
                message(self, "Cannot host a table", str(err))
                return
            self.pending = self.online.open(hosted.url, name, how, hosted=True)
        else:
            try:
                url = server_url(server)
            except ValueError as err:
                message(self, "Server", str(err))
                return
            self.pending = self.online.open(url, name, how)
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
        from game.net.session import Join

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
        self.pending = self.online.open(url, name, Join(code))
        self.hosting = False
        self._build_root()

    def _join_nearby(self) -> None:
        from game.net.session import Join

        chosen = self.widgets["nearby"].get_single_selection()
        lines = [self._nearby_line(t) for t in self.nearby]
        if chosen not in lines:
            return
        table = self.nearby[lines.index(chosen)]
        why = table.problem({i.id: i.rules_version for i in self.services.games.infos()})
        if why:
            message(self, "Cannot join this table", why[:1].upper() + why[1:] + ".")
            return
        name = self._name()
        if name is None:
            return
        self.pending = self.online.open(table.url, name, Join(table.code))
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
        return resume_online(self, kept, ticket)

    def _cancel(self) -> None:
        """Close the table being hosted (nobody sat down yet) or stop joining."""
        pending, self.pending = self.pending, None
        if pending is None:
            return
        if self.hosting and not pending.seated:
            pending.abort()
            if pending.table_id is not None:
                tickets.forget(self.services.paths, pending.table_id)
        hosted = self.online.hosted
        if hosted is not None:
            hosted.withdraw()
        self._announced = None
        pending.close()

    # -- frames --------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        if self.browser is not None:
            found = self.browser.tables()
            if [t.name for t in found] != [t.name for t in self.nearby] or found != self.nearby:
                self.nearby = found
                self._build_root()
        pending = self.pending
        if pending is None or not pending.pump():
            return None
        for line in pending.heard:
            self.services.toasts.show(line, "error")
        pending.heard.clear()
        if pending.link == "lost":
            self.pending = None
            pending.close()
            self._build_root()
            message(self, "Could not sit at the table", pending.link_reason or "no answer")
            return None
        self._announce(pending)
        if pending.seated:
            self.pending = None
            hosted = self.online.hosted
            if hosted is not None:
                hosted.withdraw()
            self._announced = None
            self._build_root()
            match = pending.new_match(storage.now_iso())
            return Push(self.services.scenes.play(self.services, match, online=pending))
        return None

    def _announce(self, pending: OnlineGame) -> None:
        """Tell the network about the hosted table once its invite code is known."""
        hosted = self.online.hosted
        if not (self.hosting and pending.hosted and hosted is not None and pending.invite
                and pending.state is not None) or self._announced == pending.invite[0]:
            return
        self._announced = pending.invite[0]
        game = self.services.games.info(pending.state.game)
        defaults = game.validate_options({})
        options = ", ".join(f"{k} {v}" for k, v in pending.state.options.items()
                            if defaults.get(k) != v)
        hosted.announce(pending.invite[0], game.id, options, pending.name, game.rules_version)

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        width = surface.get_width()
        compact = surface.get_height() < 700
        heading(surface, "Play online", (width // 2, 48 if compact else 64), 48 if compact else 56)
        hint = fonts.fit("Play a friend on this network with no set-up, or over the internet "
                         "through a server.", 22, palette.MUTED, width - 40)
        surface.blit(hint, hint.get_rect(center=(width // 2, 86 if compact else 106)))
        if self.pending is not None:
            self._draw_waiting(surface)

    def _draw_waiting(self, surface: pygame.Surface) -> None:
        pending = self.pending
        assert pending is not None
        box = self._waiting_box(surface.get_size())
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, palette.PANEL, box, border_radius=12)
        pygame.draw.rect(surface, palette.ACCENT, box, 2, border_radius=12)
        lines: list[tuple[str, int, tuple[int, int, int]]] = []
        if pending.link not in ("connected",) and pending.state is None:
            lines.append(("Connecting...", 30, palette.TEXT))
        elif self.hosting:
            code = pending.invite[0] if pending.invite else "..."
            lines.append((f"Invite code  {code}", 44, palette.ACCENT))
            hosted = self.online.hosted
            if pending.hosted and hosted is not None:
                lines.append(("This machine: " + ", ".join(hosted.addresses[:3]), 24,
                              palette.TEXT))
            else:
                lines.append((f"Server: {pending.session.url}", 24, palette.TEXT))
            lines.append(("Waiting for the other player...", 26, palette.MUTED))
        else:
            lines.append(("Joining the table...", 30, palette.TEXT))
        y = box.y + 24
        for text, size, colour in lines:
            words = fonts.fit(text, size, colour, box.w - 32, size > 40)
            surface.blit(words, words.get_rect(midtop=(box.centerx, y)))
            y += words.get_height() + 14


def side_text(option: Any) -> str:
    """A drop-down's selected option as its text (pygame_gui may give a pair)."""
    return str(option[0] if isinstance(option, tuple) else option)
