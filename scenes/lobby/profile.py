"""A player's name on a server and what the server keeps of them: claim the name (bound to
a secret in the user data folder), move it to another machine (export the secret, or a
one-time link code), look up any player's profile (games played, won, lost, ratings, recent
games to replay), the leaderboard of each game (provisional ratings marked), and blocks.

Works on the lobby's connection (``game.client.match.lobby.Lobby``), pumped here while this page is
on top. Knows no game: titles come from the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import pygame
import pygame_gui

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Pop, Push, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.match.lobby import Lobby, Spectator, open_spectator, standing_line
from game.client.match.online import provisional
from game.core.text import problem
from scenes.common import (
    button,
    button_width,
    confirm,
    entry,
    heading,
    label,
    list_and_button,
    message,
)
from scenes.layout import columns
from scenes.online.games import playable_online

COUNTED: Final = ("A game counts here once it ends between two claimed names, rated or "
                  "casual (only rated ones move ratings); an aborted one never does.")
"""Which games a profile counts, as the server counts them (``LobbyHub._store``)."""


class ProfileScene(Scene):
    contexts = (inp.MENU, inp.GLOBAL)

    def __init__(self, services: Services, lobby: Lobby) -> None:
        super().__init__(services)
        self.lobby = lobby
        self.widgets: dict[str, Any] = {}
        self.spectator: Spectator | None = None
        self._typed: dict[str, str] = {}
        self._board_game: str | None = None
        self._shown: tuple[Any, ...] = ()
        self._link_shown: tuple[str, int] | None = lobby.link_code
        self._messages: pygame.Rect | None = None
        """Right of Back: where toasts show, clear of every button."""

    def enter(self) -> None:
        name = self.lobby.name or self.services.settings.online_name
        if name:
            self.lobby.ask_profile(name)
            self._typed["who"] = name
        games = playable_online(self.services)
        if games:
            self._board_game = games[0][0]
            self.lobby.ask_leaderboard(games[0][0])
        super().enter()

    def exit(self) -> None:
        if self.spectator is not None:
            self.spectator.close()
            self.spectator = None
        super().exit()

    def resume(self) -> None:
        self._build_root()

    # -- layout --------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        ui, root, w = self.services.ui, self.root, self.widgets
        for key in ("name", "secret_line", "code", "blockee", "who"):
            if key in w:
                self._typed[key] = w[key].get_text()
        w.clear()
        page = columns(size, 560, 32, 130)
        row, gap, width, left, right = page.row, page.gap, page.width, page.left, page.right
        top = page.top
        y = top
        half = (width - 8) // 2

        def field(key: str, rect: pygame.Rect, hint: str, limit: int = 32) -> None:
            w[key] = entry(self, rect, self._typed.get(key, ""), hint, limit)

        label(self, pygame.Rect(left, y, width, row), "Your name on this server")
        y += row
        if "name" not in self._typed:
            self._typed["name"] = self.lobby.name or self.services.settings.online_name
        field("name", pygame.Rect(left, y, width - 128, row), "A name to claim")
        w["claim"] = button(self, pygame.Rect(left + width - 120, y, 120, row), "Claim",
                            "Make this name yours here (a secret kept on this machine)")
        y += row + gap
        w["export"] = button(self, pygame.Rect(left, y, half, row), "Export secret",
                             "One line to bring your name to another machine")
        w["link"] = button(self, pygame.Rect(left + half + 8, y, half, row), "Link code",
                           "A one-time code for another machine (10 minutes)")
        y += row + 2 * gap
        label(self, pygame.Rect(left, y, width, row), "Bring a name from another machine")
        y += row
        field("secret_line", pygame.Rect(left, y, width - 128, row),
              "Paste an exported line", 120)
        w["import"] = button(self, pygame.Rect(left + width - 120, y, 120, row), "Import")
        y += row + gap
        field("code", pygame.Rect(left, y, width - 128, row),
              "Or its link code (with the name above)", 8)
        w["redeem"] = button(self, pygame.Rect(left + width - 120, y, 120, row), "Use code")
        y += row + 2 * gap
        label(self, pygame.Rect(left, y, width, row), "Block a player")
        y += row
        field("blockee", pygame.Rect(left, y, width, row), "Their name")
        y += row + gap
        w["block"] = button(self, pygame.Rect(left, y, half, row), "Block",
                            "No challenges, chat or pairing with them")
        w["unblock"] = button(self, pygame.Rect(left + half + 8, y, half, row), "Unblock")
        # right column: a profile and a leaderboard
        y = top
        label(self, pygame.Rect(right, y, width, row), "A player's games and ratings")
        y += row
        field("who", pygame.Rect(right, y, width - 128, row), "A player's name")
        w["lookup"] = button(self, pygame.Rect(right + width - 120, y, 120, row), "Profile")
        y += row + gap
        list_h = max(2 * row, (size[1] - y - 3 * row - 4 * gap - 16) // 2)
        w["profile"], w["replay"], y = list_and_button(
            self, pygame.Rect(right, y, width, list_h), row, gap, "Replay",
            "Replay the chosen recent game")
        label(self, pygame.Rect(right, y, 120, row), "Leaderboard")
        games = playable_online(self.services)
        title = next((t for g, t in games if g == self._board_game), "")
        if games:
            w["board_game"] = pygame_gui.elements.UIDropDownMenu(
                [t for _, t in games], title or games[0][1],
                pygame.Rect(right + 128, y, width - 128, row), ui, container=root)
        y += row + gap
        w["board"] = pygame_gui.elements.UISelectionList(
            pygame.Rect(right, y, width, list_h), [], ui, container=root)
        w["back"] = button(self, pygame.Rect(left, size[1] - row - 16, 160, row), "Back")
        self._messages = pygame.Rect(left + 176, size[1] - row - 16,
                                     right + width - left - 176, row)
        self._shown = ()
        self._refresh()

    def _refresh(self) -> None:
        """Show the profile, the leaderboard and what may be done now, in place."""
        w = self.widgets
        if "board" not in w or self._facts() == self._shown:
            return
        self._shown = self._facts()
        profile: list[str | tuple[str, str]] = list(
            self._profile_lines() or ["(no profile asked for yet)"])
        w["profile"].set_item_list(profile)
        board: list[str | tuple[str, str]] = list(
            self._board_lines() or ["(no rated game yet)"])
        w["board"].set_item_list(board)
        for key in ("link", "block", "unblock"):
            if self.lobby.name is not None:
                w[key].enable()
            else:
                w[key].disable()

    def message_area(self) -> pygame.Rect | None:
        return self._messages

    def _title(self, game_id: str) -> str:
        games = self.services.games
        return games.info(game_id).title if game_id in games else game_id

    def _profile_lines(self) -> list[str]:
        profile = self.lobby.profile
        if profile is None:
            return []
        lines = [] if profile.games else [f"{profile.name}: no finished game yet",
                                          *self._fitted(COUNTED, "profile")]
        for record in profile.games:
            mark = provisional(record.provisional)
            lines.append(f"{self._title(record.game)}: {record.played} played, {record.won} "
                         f"won, {record.lost} lost")
            lines.append(f"    rating {record.rating} ±{record.deviation}{mark}")
        lines += [self._recent_line(n, game) for n, game in enumerate(profile.recent, 1)]
        return lines

    def _fitted(self, words: str, key: str) -> list[str]:
        """``words`` in lines as wide as list ``key`` shows them whole (its items are not
        wrapped: a long one is cut)."""
        room = self.widgets[key].rect.w - 36  # (the padding and a scroll bar)
        lines: list[str] = []
        for word in words.split():
            longer = f"{lines[-1]} {word}" if lines else word
            if lines and button_width(self, longer) <= room:
                lines[-1] = longer
            else:
                lines.append(word)
        return lines

    def _recent_line(self, number: int, game: Any) -> str:
        rated = "rated" if game.rated else "casual"
        return (f"{number}. {game.result} against {game.opponent}  ·  "
                f"{self._title(game.game)}, {rated}")

    def _board_lines(self) -> list[str]:
        board = self.lobby.leaderboard
        if board is None:
            return []
        return [standing_line(n, row) for n, row in enumerate(board.rows, 1)]

    def _facts(self) -> tuple[Any, ...]:
        lobby = self.lobby
        return (lobby.name, lobby.profile, lobby.leaderboard)

    # -- input ---------------------------------------------------------------------------

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        element, w = event.ui_element, self.widgets
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is w.get("board_game"):
            title = str(event.text)
            self._board_game = next((g for g, t in playable_online(self.services)
                                     if t == title), None)
            if self._board_game is not None:
                self.lobby.ask_leaderboard(self._board_game)
            return None
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if element is w.get("back"):
            return Pop()
        actions: dict[str, Callable[[], None]] = {
            "claim": self._claim, "export": self._export, "link": self._link,
            "import": self._import, "redeem": self._redeem, "lookup": self._lookup,
            "replay": self._replay, "block": lambda: self._block(True),
            "unblock": lambda: self._block(False)}
        for key, act in actions.items():
            if element is w.get(key):
                act()
        return None

    def command(self, command: Command) -> Transition | None:
        return Pop() if command.name == c.BACK else None

    def _typed_name(self, key: str, what: str) -> str | None:
        name = " ".join(self.widgets[key].get_text().split())
        why = "is empty" if not name else problem(name, 32)
        if why:
            message(self, what, f"The name {why}.")
            return None
        return name

    def _claim(self) -> None:
        name = self._typed_name("name", "Claim a name")
        if name is None:
            return
        held = self.lobby.identity()
        if held is None or held.name == name:
            self.lobby.claim(name)
            return
        dialog = confirm(self, "Claim another name",
                         f"This machine holds the name {held.name} on this server. Claiming "
                         f"{name} forgets {held.name}'s secret here: export it first to keep "
                         "it.", "Claim")
        self.watch(dialog, lambda _event: self.lobby.claim(name))

    def _export(self) -> None:
        try:
            line = self.lobby.export()
        except ValueError as err:
            message(self, "Export", str(err))
            return
        if line is None:
            message(self, "Export", "No name is held on this machine for this server yet.")
            return
        name, _, secret = line.partition("\t")
        message(self, "Your name's secret", f"Keep this as private as a key. On the other "
                f"machine, paste it into Import: {name} {secret}")

    def _import(self) -> None:
        text = self.widgets["secret_line"].get_text().strip()
        name, _, secret = text.rpartition(" ")
        try:
            self.lobby.adopt(name, secret)
        except ValueError as err:
            message(self, "Import", str(err))
            return
        self.widgets["secret_line"].set_text("")
        self._typed["secret_line"] = ""

    def _link(self) -> None:
        self.lobby.ask_link_code()

    def _redeem(self) -> None:
        name = self._typed_name("name", "Use a link code")
        code = self.widgets["code"].get_text().strip().upper()
        if name is None:
            return
        if len(code) != 8:
            message(self, "Use a link code", "A link code has 8 characters.")
            return
        self.lobby.redeem(name, code)

    def _lookup(self) -> None:
        name = self._typed_name("who", "Profile")
        if name is not None:
            self.lobby.ask_profile(name)

    def _block(self, on: bool) -> None:
        name = self._typed_name("blockee", "Block")
        if name is not None:
            self.lobby.block(name, on)

    def _replay(self) -> None:
        profile, picked = self.lobby.profile, self.widgets["profile"].get_single_selection()
        if profile is None or picked is None or self.spectator is not None:
            return
        for number, game in enumerate(profile.recent, 1):
            if self._recent_line(number, game) == picked:
                online = self.services.online
                assert online is not None
                self.spectator = open_spectator(online, self.lobby.url, game.table, game.round)
                self.services.toasts.show("Fetching the game...")
                return

    # -- frames --------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        lobby = self.lobby
        if lobby.pump():
            for text, kind in lobby.notices:
                self.services.toasts.show(text, kind)
            lobby.notices.clear()
            if lobby.link_code is not None and lobby.link_code != self._link_shown:
                self._link_shown = lobby.link_code
                message(self, "Link code", f"On the other machine, type your name and "
                        f"{lobby.link_code[0]} under 'Bring a name'. It works once, for "
                        "10 minutes.")
            self._refresh()
        spectator = self.spectator
        if spectator is not None:
            spectator.pump()
            if spectator.link == "lost":
                self.spectator = None
                spectator.close()
                message(self, "Cannot replay this game", spectator.reason or "no answer")
            elif spectator.ready:
                self.spectator = None
                return Push(self.services.scenes.watch(self.services, spectator))
        return None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        width = surface.get_width()
        compact = surface.get_height() < 700
        heading(surface, "Profile and ratings", (width // 2, 40 if compact else 56),
                44 if compact else 56)
        who = (f"You are {self.lobby.name}" if self.lobby.name
               else "No name claimed on this server yet")
        hint = fonts.fit(f"{self.lobby.url}  ·  {who}", 20, palette.MUTED, width - 40)
        surface.blit(hint, hint.get_rect(center=(width // 2, 76 if compact else 100)))
