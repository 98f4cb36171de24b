"""The public lobby of the server the player chose: open seats to take with one click, games
in play to watch (or a watch code), one's own table listed publicly, quick match, and
challenges by name, in and out. Profiles and leaderboards open from here
(``scenes.lobby.profile``); a watched table opens in the watching view.

Everything goes through the app's one network thread: a lobby connection
(``game.client.match.lobby.Lobby``) that never takes a seat, and one seat session per table, as when
hosting. While a seat is being taken (listed and waiting, in the queue, joining), a box
over the page says so and Cancel gives it up. Knows no game: games, titles and options
come from the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import pygame
import pygame_gui

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Push, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.match.clocks import CUSTOM, choice_of
from game.client.match.clocks import menu as clock_menu
from game.client.match.lobby import Lobby, Spectator, open_lobby, open_spectator, seat_line
from game.client.match.online import OnlineGame, OnlinePlay
from game.client.match.seats import accepting, hosting, joining, seeking, table_clock, taking
from game.client.widgets.fitted import Fitted
from game.core.text import problem
from scenes.common import (
    button,
    button_width,
    entry,
    heading,
    label,
    list_and_button,
    message,
)
from scenes.layout import columns
from scenes.online.games import follow_pending, playable_online
from scenes.online.waiting import Line, SeatPage, connecting

GONE_SECONDS: Final = 120
RATED: Final = {"Casual": False, "Rated": True}
BACK_TO: Final = "the lobby"
"""This screen as the pause screen names it: a game found here comes back here."""


def clock_of(text: str, typed: str = "") -> Any:
    """The table clock a choice of the clock menu names (``typed``: a custom one). Raises
    ValueError with the reason for a custom clock that is not one."""
    return table_clock(choice_of(text, typed), GONE_SECONDS)


def chosen(widget: Any) -> str:
    """A drop-down's selected option as its text (pygame_gui may give a pair)."""
    option = widget.selected_option
    return str(option[0] if isinstance(option, tuple) else option)


class LobbyScene(SeatPage):
    contexts = (inp.MENU, inp.GLOBAL)

    def __init__(self, services: Services, url: str) -> None:
        super().__init__(services)
        assert services.online is not None
        self.online: OnlinePlay = services.online
        self.url = url
        self.widgets: dict[str, Any] = {}
        self.fitted = Fitted()
        """Lines and list rows cut short this frame, whole on hover."""
        self.lobby: Lobby | None = None
        self.pending: OnlineGame | None = None
        """The seat being taken (listed, queued, joining), until both seats are taken."""
        self.pending_what = ""
        self.spectator: Spectator | None = None
        """The table being opened to watch, until it answers."""
        self._shown: tuple[Any, ...] = ()
        self._choices: dict[str, str] = {}
        self._messages: pygame.Rect | None = None
        """Between the bottom buttons: where toasts show, clear of every button."""
        self._typed: dict[str, str] = {}

    # -- lifecycle -----------------------------------------------------------------------

    def enter(self) -> None:
        self.lobby = open_lobby(self.online, self.url)
        super().enter()

    def exit(self) -> None:
        self.cancel()
        if self.lobby is not None:
            self.lobby.close()
        super().exit()

    def resume(self) -> None:
        self._build_root()

    # -- layout --------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        ui, root, w = self.services.ui, self.root, self.widgets
        self._remember(w)
        w.clear()
        page = columns(size, 560, 32, 130)
        row, gap, width, left, right = page.row, page.gap, page.width, page.left, page.right
        if self.waiting():
            w["cancel"] = self.cancel_button(size, row, "Give this seat up")
            return
        lobby = self.lobby
        assert lobby is not None
        top = page.top
        third = (width - 16) // 3
        games = playable_online(self.services)
        longest = max([t for _, t in games] or ["(none)"], key=lambda t: button_width(self, t))
        # the game, the clock and rated a third each, or (large text) the game on a row
        # of its own and the others a half each under it
        game_w = third if button_width(self, longest) + 40 <= third else width
        fixed = 6 * row + 6 * gap + (row + gap if game_w == width else 0)
        room = size[1] - row - 16 - 2 * gap - top  # down to Back's row
        scrolls = fixed + 2 * row > room  # large text in a short window: the column scrolls
        list_h = 2 * row if scrolls else room - fixed
        origin = (0, 0)
        if scrolls:
            scroller = pygame_gui.elements.UIScrollingContainer(
                pygame.Rect(left, top, width + 20, room), ui, container=self.root,
                allow_scroll_x=False)
            scroller.set_scrollable_area_dimensions((width, fixed + list_h + gap))
            root, origin = scroller.get_container(), (left, top)
            w["left"] = scroller
        left -= origin[0]
        y = top - origin[1]
        game_title = next((t for g, t in games if g == self._chosen_game_id()), "")
        w["game"] = pygame_gui.elements.UIDropDownMenu(
            [t for _, t in games] or ["(none)"], game_title or (games[0][1] if games
                                                                 else "(none)"),
            pygame.Rect(left, y, game_w, row), ui, container=root)
        x, cell = left + third + 8, third
        if game_w == width:
            y += row + gap
            x, cell = left, (width - 8) // 2
        clock = self._kept("clock", "No clock")
        menu_w = cell // 2 if clock == CUSTOM else cell
        w["clock"] = pygame_gui.elements.UIDropDownMenu(
            clock_menu(), clock, pygame.Rect(x, y, menu_w, row), ui, container=root)
        if clock == CUSTOM:
            w["custom_clock"] = entry(self, pygame.Rect(x + 4 + menu_w, y, cell - menu_w - 4,
                                                        row),
                                      self._typed.get("custom_clock", ""), "e.g. 4+2", 12,
                                      container=root)
        w["rated"] = pygame_gui.elements.UIDropDownMenu(
            list(RATED), self._kept("rated", "Casual"),
            pygame.Rect(x + cell + 8, y, cell, row), ui, container=root)
        y += row + gap
        half = (width - 8) // 2
        w["list"] = button(self, pygame.Rect(left, y, half, row), "List a table",
                           "Open a table with these settings, its seat listed in the lobby",
                           container=root)
        w["seek"] = button(self, pygame.Rect(left + half + 8, y, half, row), "Quick match",
                           "Wait in the queue for an opponent of similar rating",
                           container=root)
        y += row + 2 * gap
        label(self, pygame.Rect(left, y, width, row), "Challenge a player", container=root)
        y += row
        challenge_w = max(120, button_width(self, "Challenge") + 24)
        w["rival"] = entry(self, pygame.Rect(left, y, width - challenge_w - 8, row),
                           self._typed.get("rival", ""), "Their name on this server",
                           container=root)
        w["challenge"] = button(self, pygame.Rect(left + width - challenge_w, y, challenge_w,
                                                  row), "Challenge",
                                "Challenge them with the settings above", container=root)
        y += row + 2 * gap
        label(self, pygame.Rect(left, y, width, row), "Challenges to you", container=root)
        y += row
        w["incoming"] = pygame_gui.elements.UISelectionList(
            pygame.Rect(left, y, width, list_h), [], ui, container=root)
        y += list_h + gap
        w["accept"] = button(self, pygame.Rect(left, y, half, row), "Accept",
                             "Play the chosen challenge", container=root)
        w["decline"] = button(self, pygame.Rect(left + half + 8, y, half, row), "Decline",
                              container=root)
        root, left = self.root, left + origin[0]
        if not games:
            for key in ("list", "seek", "challenge"):
                w[key].disable()
        # right column: open seats, games in play, a watch code
        y = top
        list_h = max(row * 2, (size[1] - y - 5 * row - 4 * gap - 16) // 2)
        label(self, pygame.Rect(right, y, width, row), "Open seats")
        y += row
        w["seats"], w["take"], y = list_and_button(
            self, pygame.Rect(right, y, width, list_h), row, gap, "Take seat",
            "Sit at the chosen table")
        label(self, pygame.Rect(right, y, width, row), "Games in play")
        y += row
        w["playing"] = pygame_gui.elements.UISelectionList(
            pygame.Rect(right, y, width, list_h), [], ui, container=root)
        y += list_h + gap
        w["watch_code"] = entry(self, pygame.Rect(right, y, width - 168, row),
                                self._typed.get("watch_code", ""), "Watch code (a table id)")
        w["watch"] = button(self, pygame.Rect(right + width - 160, y, 160, row), "Watch",
                            "Watch the chosen game, or the one with this code")
        bottom = size[1] - row - 16
        w["back"] = button(self, pygame.Rect(left, bottom, 160, row), "Back")
        self._messages = pygame.Rect(left + 176, bottom, right + width - 256 - left - 176, row)
        w["profile"] = button(self, pygame.Rect(right + width - 240, bottom, 240, row),
                              "Profile and ratings",
                              "Your name, your games, leaderboards, blocks")
        self._shown = ()
        self._refresh()

    def _refresh(self) -> None:
        """Show the lobby's lists and what may be done now, in place (a rebuild would
        swallow a click made as the lobby changes)."""
        lobby, w = self.lobby, self.widgets
        if lobby is None or "seats" not in w or self._facts() == self._shown:
            return
        self._shown = self._facts()
        lists = {"seats": ([self._seat_line(s) for s in lobby.seats],
                           "(no open seat: list a table)"),
                 "playing": ([self._seat_line(s) for s in lobby.playing], "(none)"),
                 "incoming": ([self._challenge_line(ch) for ch in lobby.challenges],
                              "(none)")}
        for key, (lines, empty) in lists.items():
            items: list[str | tuple[str, str]] = list(lines or [empty])
            w[key].set_item_list(items)
        for key in ("seek", "challenge", "accept", "decline"):
            if lobby.name is not None and playable_online(self.services):
                w[key].enable()
            else:
                w[key].disable()

    def _remember(self, widgets: dict[str, Any]) -> None:
        """What the player chose and typed, kept across a rebuild (the lobby changes live)."""
        for key in ("game", "clock", "rated"):
            if key in widgets:
                self._choices[key] = chosen(widgets[key])
        for key in ("rival", "watch_code", "custom_clock"):
            if key in widgets:
                self._typed[key] = widgets[key].get_text()

    def _kept(self, key: str, default: str) -> str:
        return self._choices.get(key, default)

    def _chosen_game_id(self) -> str | None:
        widget = self.widgets.get("game")
        games = playable_online(self.services)
        title = chosen(widget) if widget is not None else self._choices.get("game")
        return next((g for g, t in games if t == title), games[0][0] if games else None)

    def _title(self, game_id: str) -> str:
        games = self.services.games
        return games.info(game_id).title if game_id in games else game_id

    def _seat_line(self, seat: Any) -> str:
        games = self.services.games
        defaults = games.info(seat.game).validate_options({}) if seat.game in games else {}
        return seat_line(seat, self._title(seat.game), defaults)

    def _challenge_line(self, challenge: Any) -> str:
        rated = "rated" if challenge.rated else "casual"
        return f"{challenge.by}  ·  {self._title(challenge.game)}, {rated}"

    def _facts(self) -> tuple[Any, ...]:
        """What the page shows from the lobby: a change rebuilds it."""
        lobby = self.lobby
        assert lobby is not None
        return (tuple(lobby.seats), tuple(lobby.playing), tuple(lobby.challenges), lobby.name)

    def message_area(self) -> pygame.Rect | None:
        return None if self.waiting() else self._messages

    # -- input ---------------------------------------------------------------------------

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        element, w = event.ui_element, self.widgets
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is w.get("clock"):
            self._build_root()  # a custom clock gets its box to type it in
            return None
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if element is w.get("back") or element is w.get("cancel"):
            return self.back()
        if self.waiting():
            return None
        actions: dict[str, Callable[[], None]] = {
            "list": self._list, "seek": self._seek, "challenge": self._challenge,
            "accept": self._accept, "decline": self._decline, "take": self._take,
            "watch": self._watch}
        for key, act in actions.items():
            if element is w.get(key):
                act()
        if element is w.get("profile") and self.lobby is not None:
            return Push(self.services.scenes.lobby_profile(self.services, self.lobby))
        return None

    def command(self, command: Command) -> Transition | None:
        return self.back() if command.name == c.BACK else None

    def _settings(self) -> tuple[str, Any, bool] | None:
        game_id = self._chosen_game_id()
        if game_id is None:
            return None
        custom = self.widgets.get("custom_clock")
        try:
            clock = clock_of(chosen(self.widgets["clock"]),
                             "" if custom is None else custom.get_text())
        except ValueError as err:
            message(self, "Clock", str(err)[:1].upper() + str(err)[1:] + ".")
            return None
        return game_id, clock, RATED[chosen(self.widgets["rated"])]

    def _identity(self) -> tuple[str, str] | None:
        held = None if self.lobby is None or self.lobby.name is None else self.lobby.identity()
        return None if held is None else (held.name, held.secret)

    def _player_name(self) -> str:
        lobby = self.lobby
        if lobby is not None and lobby.name is not None:
            return lobby.name
        return self.services.settings.online_name or "Player"

    def _open(self, start: Any, what: str) -> None:
        self.pending = self.online.open(self.url, self._player_name(), start,
                                        identity=self._identity())
        self.pending_what = what
        self._build_root()

    def _list(self) -> None:
        settings = self._settings()
        if settings is None:
            return
        game_id, clock, rated = settings
        if rated and self._identity() is None:
            message(self, "Rated game", "Claim your name on this server first "
                    "(Profile and ratings): ratings belong to names.")
            return
        self._open(hosting(game_id, {}, None, clock, listed=rated), "listed")

    def _seek(self) -> None:
        settings = self._settings()
        if self.lobby is not None and self.lobby.sent:
            message(self, "Quick match", "Wait for the answer to your challenge first: its "
                    "game would be taken for the queue's.")
            return
        if settings is not None:
            self._open(seeking(*settings), "queue")

    def _challenge(self) -> None:
        settings, lobby = self._settings(), self.lobby
        rival = " ".join(self.widgets["rival"].get_text().split())
        why = "is empty" if not rival else problem(rival, 32)
        if why:
            message(self, "Challenge", f"The name {why}.")
            return
        if settings is None or lobby is None:
            return
        lobby.challenge(rival, *settings)
        self.services.toasts.show(f"Challenge sent to {rival} (unanswered, it lapses in two "
                                  "minutes)", "good")

    def _chosen_challenge(self) -> Any:
        lobby = self.lobby
        picked = self.widgets["incoming"].get_single_selection()
        if lobby is None or picked is None:
            return None
        return next((ch for ch in lobby.challenges if self._challenge_line(ch) == picked), None)

    def _accept(self) -> None:
        challenge = self._chosen_challenge()
        if challenge is None or self.lobby is None:
            return
        self.lobby.drop_challenge(challenge.id)
        self._open(accepting(challenge.id), "joining")

    def _decline(self) -> None:
        challenge = self._chosen_challenge()
        if challenge is not None and self.lobby is not None:
            self.lobby.decline(challenge)
            self._build_root()

    def _take(self) -> None:
        lobby = self.lobby
        picked = self.widgets["seats"].get_single_selection()
        seat = None if lobby is None else next(
            (s for s in lobby.seats if self._seat_line(s) == picked), None)
        if seat is None:
            return
        if seat.rated and self._identity() is None:
            message(self, "Rated game", "This game is rated: claim your name on this server "
                    "first (Profile and ratings).")
            return
        self._open(taking(seat.table), "joining")

    def _watch(self) -> None:
        lobby = self.lobby
        code = self.widgets["watch_code"].get_text().strip().lower()
        picked = self.widgets["playing"].get_single_selection()
        listed = None if lobby is None else next(
            (s for s in lobby.playing if self._seat_line(s) == picked), None)
        table = code or (None if listed is None else listed.table)
        if not table:
            return
        if len(table) > 32 or not all(ch.isascii() and (ch.isalnum() or ch in "-_")
                                      for ch in table):
            message(self, "Watch", "A watch code is the table's id: letters, digits, - and _.")
            return
        self.spectator = open_spectator(self.online, self.url, table, None)
        self._build_root()

    def waiting(self) -> bool:
        """A seat being taken, or a table being opened to watch."""
        return self.pending is not None or self.spectator is not None

    def cancel(self) -> None:
        pending, self.pending = self.pending, None
        if pending is not None:
            if self.pending_what == "listed" and not pending.seated:
                pending.abort()
            pending.close()
        spectator, self.spectator = self.spectator, None
        if spectator is not None:
            spectator.close()

    # -- frames --------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        lobby = self.lobby
        if lobby is None:
            return None
        if lobby.pump():
            for text, kind in lobby.notices:
                self.services.toasts.show(text, kind)
            lobby.notices.clear()
            if lobby.matched and not self.waiting():
                found = lobby.matched.pop(0)
                self._open(joining(found.code), "joining")
            elif not self.waiting():
                self._refresh()
        if self.spectator is not None:
            return self._follow_spectator()
        return self._follow_pending()

    def _follow_pending(self) -> Transition | None:
        pending = self.pending
        return None if pending is None else \
            follow_pending(self, pending, self._drop_pending, back_to=BACK_TO)

    def _drop_pending(self) -> None:
        self.pending = None
        self._build_root()

    def _follow_spectator(self) -> Transition | None:
        spectator = self.spectator
        assert spectator is not None
        spectator.pump()
        if spectator.link == "lost":  # refused (the server's words), back to the form
            self.spectator = None
            spectator.close()
            self._build_root()
            reason = spectator.reason or "no answer"
            reason = reason[:1].upper() + reason[1:]
            message(self, "Cannot watch this table", reason)
            self.services.speech.say(f"Cannot watch this table. {reason}", interrupt=True)
        elif spectator.ready:
            self.spectator = None
            self._build_root()
            return Push(self.services.scenes.watch(self.services, spectator))
        return None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        self.fitted.clear()
        width = surface.get_width()
        compact = surface.get_height() < 700
        heading(surface, "Lobby", (width // 2, 40 if compact else 56), 44 if compact else 56)
        lobby = self.lobby
        if lobby is not None:
            who = (f"You are {lobby.name}" if lobby.name is not None
                   else "Not identified: claim your name (Profile and ratings) for quick "
                   "match, challenges and rated games")
            state = "" if lobby.state == "connected" else f"  ·  {lobby.state}"
            line = f"{self.url}  ·  {who}{state}"
            hint = fonts.fit(line, 20, palette.MUTED, width - 40)
            at = hint.get_rect(center=(width // 2, 76 if compact else 100))
            self.fitted.blit(surface, line, 20, palette.MUTED, width - 40, at.topleft)
        self.fitted.keep_cut_rows(widget for widget in self.widgets.values()
                                  if isinstance(widget, pygame_gui.elements.UISelectionList))
        if self.waiting():
            self.draw_waiting(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The whole line of a row (or of the line under the heading) cut short, on hover."""
        self.fitted.draw_tip(surface, pygame.mouse.get_pos(), pygame.Rect(0, 0, 0, 0))

    def waiting_lines(self, width: int) -> list[Line]:
        pending = self.pending
        lines: list[Line] = []
        if self.spectator is not None:
            lines.append(("Opening the table to watch...", 30, palette.TEXT))
        elif pending is not None and self.pending_what == "queue" and pending.waiting:
            lines.append(("Looking for an opponent...", 32, palette.ACCENT))
            lines.append((f"{pending.waiting} waiting in this queue, you included", 24,
                          palette.TEXT))
            lines.append(("Cancel leaves the queue", 22, palette.MUTED))
        elif pending is not None and pending.link != "connected" and pending.state is None:
            lines += connecting(pending, width)
        elif pending is not None and self.pending_what == "listed":
            lines.append(("Your table is listed in the lobby", 30, palette.ACCENT))
            if pending.table_id is not None:
                lines.append((f"Watch code  {pending.table_id}", 24, palette.TEXT))
            lines.append(("Waiting for someone to take the seat...", 24, palette.MUTED))
        else:
            lines.append(("Joining the table...", 30, palette.TEXT))
        return lines

