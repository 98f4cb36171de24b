"""Hot-seat play of any game through its view: select, preview, confirm, animate.

The scene owns the match (history, undo/redo, resign, draw) and a view; the view owns the
board's selection and previews. Every refusal is shown as a toast with the rules' reason.
After every move the match is autosaved. Computer seats think off the UI thread (see
``game.ui.computer``); the scene polls them each frame and plays their decision, animated,
once the previous move's animation is over. Take back then goes back to a human's turn.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.core.errors import GameError
from game.core.match import Match
from game.core.player import Decision
from game.core.protocol import CHANCE
from game.ui import commands as c
from game.ui import fonts, palette, scores, storage
from game.ui import input as inp
from game.ui.commands import Command
from game.ui.computer import ComputerSeat
from game.ui.scene import Push, Replace, Scene, Transition
from game.ui.scores import Scored
from game.ui.services import Services
from game.ui.solo import ClickPlays
from game.ui.view import Drags, Feedback, Suggests
from scenes.common import button, confirm, file_dialog, open_match, save_match_to

REMATCH = "rematch"
"""Side-panel only: once the game is over, start another with the same players and board."""
MARGIN = 16
BUTTON_H = 38
HINT_LEVEL = "normal"
"""Hints come from this computer level, or from the strongest a game has without it."""
DEMO_PAUSE = 5.0
"""Seconds a finished demo game stays on screen before the next one starts."""


class PlayScene(Scene):
    def __init__(self, services: Services, match: Match, demo: bool = False) -> None:
        super().__init__(services)
        self.match = match
        self.demo = demo
        """A computer-vs-computer demo: never autosaved, and the next demo follows."""
        self.view = services.make_view(match.game.info.id)
        self.contexts = (f"game:{match.game.info.id}", inp.PLAY, inp.GLOBAL)
        self.buttons: dict[Any, str] = {}
        self.compact = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.view.show(match.state)
        self._clock = 0.0
        self.computers: dict[int, ComputerSeat] = {}
        for number, seat in enumerate(match.seats):
            if seat.is_computer:
                try:
                    self.computers[number] = services.computers.seat(
                        match.game.info.id, seat.level or ""
                    )
                except (LookupError, ValueError) as err:
                    services.toasts.show(f"{seat.name} plays as a human: {err}", "error")
        self._thinking_for: int | None = None
        self._decision: Decision[Any] | None = None
        self._hint: ComputerSeat | None = None
        self._hint_for: int | None = None
        """The move number the hint being computed is for."""
        self._over_since: float | None = None
        self.ranked: str | None = None
        """What became of a finished run in the high-score table (games that keep one)."""
        self.view.set_interactive(self._human_to_move())

    def exit(self) -> None:
        for computer in [*self.computers.values(), *([self._hint] if self._hint else [])]:
            computer.close()
        super().exit()

    def _human_to_move(self) -> bool:
        mover = self.match.to_move
        return not self.match.is_over and mover != CHANCE and mover not in self.computers

    def resume(self) -> None:
        """Back from pause, settings or help: pick up new colours, speed and keys."""
        self.view.set_colours(self.services.colours())
        self.view.set_speed(self.services.settings.anim_speed)
        self._build_root()

    # -- layout --------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        width = max(260, min(340, size[0] // 4))
        self.panel = pygame.Rect(size[0] - width, 0, width, size[1])
        self.board_area = pygame.Rect(MARGIN, MARGIN + 36, size[0] - width - 2 * MARGIN,
                                      size[1] - 2 * MARGIN - 36)
        self.view.layout(self.board_area)
        self.buttons = {}
        game_ctx = self.contexts[0]
        x, inner = self.panel.x + 14, width - 28
        half = (inner - 8) // 2
        self.compact = size[1] < 720
        button_h = 30 if self.compact else BUTTON_H
        y = 262 if self.compact else 318
        for i, action in enumerate(a for a in self.view.actions if a.button):
            rect = pygame.Rect(x + (i % 2) * (half + 8), y + (i // 2) * (button_h + 6), half,
                               button_h)
            self._button(rect, f"{action.label} ({self._key(game_ctx, action.id)})", action.id,
                         action.hint)
        shown = sum(1 for action in self.view.actions if action.button)
        y += ((shown + 1) // 2) * (button_h + 6) + 4
        self._button(pygame.Rect(x, y, inner, button_h + 6),
                     f"Confirm ({self._key(inp.PLAY, c.CONFIRM)})", c.CONFIRM, "",
                     "#primary")
        y += button_h + 12
        rows = [
            (("Clear", c.CLEAR), ("Skip", c.SKIP)),
            (("Take back", c.TAKE_BACK), ("Redo", c.REDO)),
            (("Resign", c.RESIGN), ("Offer draw", c.OFFER_DRAW)),
            (("Hint", c.HINT), ("Save", c.SAVE), ("Review", inp.REVIEW)),
        ]
        for row in rows:
            cell = (inner - 8 * (len(row) - 1)) // len(row)
            for col, (text, name) in enumerate(row):
                rect = pygame.Rect(x + col * (cell + 8), y, cell, button_h)
                self._button(rect, text, name, self._key(inp.PLAY, name))
            y += button_h + 6
        self._button(pygame.Rect(x, y + 4, half, button_h), "Rematch", REMATCH,
                     "A new game with the same players and board")
        self._button(pygame.Rect(x + half + 8, y + 4, half, button_h),
                     f"Menu ({self._key(inp.PLAY, c.BACK)})", c.BACK)
        self._refresh_buttons()

    def _button(self, rect: pygame.Rect, text: str, name: str, tip: str = "",
                object_id: str = "") -> None:
        self.buttons[button(self, rect, text, tip, object_id)] = name

    def _key(self, ctx: str, command: str) -> str:
        keys = self.services.table.keys(ctx, command)
        return inp.pretty(keys[0]) if keys else "unbound"

    def _refresh_buttons(self) -> None:
        over = self.match.is_over
        human = self._human_to_move()
        for widget, name in self.buttons.items():
            if name in self._human_only():
                enabled = human
            else:
                enabled = {
                    c.TAKE_BACK: self.match.can_undo and self._has_human,
                    c.REDO: self.match.can_redo and self._has_human,
                    c.CLEAR: human,
                    REMATCH: over,
                }.get(name, True)
            if enabled:
                widget.enable()
            else:
                widget.disable()

    # -- input ---------------------------------------------------------------------------

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            return self.command(Command(self.buttons[event.ui_element]))
        return None

    def command(self, command: Command) -> Transition | None:
        name = command.name
        view = self.view
        if name == c.POINT:
            inside = command.pos is not None and self.board_area.collidepoint(command.pos)
            view.hover(command.pos if inside else None)
            return None
        if name == c.RELEASE:
            if isinstance(view, Drags) and command.pos is not None and self._human_to_move():
                self._feedback(view.release(command.pos))
            return None
        if view.busy(self._clock):
            view.skip()
            if name in (c.SELECT, c.SKIP):
                return None
        if name in self._human_only() and not self._human_to_move():
            self._refuse(self._wait_reason())
        elif name == c.SELECT and command.pos is not None:
            if self.board_area.collidepoint(command.pos):
                self._feedback(view.click(command.pos))
                self._play_if_ready()
        elif name in {action.id for action in view.actions}:
            self._feedback(view.action(name))
            self._play_if_ready()
        elif name == c.CONFIRM:
            self._confirm()
        elif name == c.CLEAR:
            self._feedback(view.clear())
        elif name == c.TAKE_BACK:
            self._take_back()
        elif name == c.REDO:
            self._redo()
        elif name == c.RESIGN:
            self._ask_resign()
        elif name == c.OFFER_DRAW:
            self._offer_draw()
        elif name == c.HINT:
            self._ask_hint()
        elif name == c.SAVE:
            self._save()
        elif name == c.OPEN:
            dialog = file_dialog(self, "Open a game", self.services.paths.saves)
            self.watch(dialog, lambda event: self._opened(Path(event.text)))
        elif name == REMATCH and self.match.is_over:
            rematch = Match(self.match.game, self.match.options, self.match.seats,
                            self.match.seed, storage.now_iso())
            return Replace(PlayScene(self.services, rematch))
        elif name == inp.REVIEW:
            from scenes.replay import ReplayScene

            return Push(ReplayScene(self.services, self.match, from_play=True))
        elif name == c.HELP:
            from scenes.help import HelpScene

            return Push(HelpScene(self.services, self.match.game.info.id))
        elif name == c.BACK:
            from scenes.pause import PauseScene

            return Push(PauseScene(self.services, self, self.match.game.info.id))
        return None

    def command_by_name(self, name: str) -> Transition | None:
        """Run a command as its side-panel button does."""
        return self.command(Command(name))

    def _human_only(self) -> set[str]:
        moves = {action.id for action in self.view.actions if not action.anytime}
        return moves | {c.SELECT, c.CONFIRM, c.RESIGN, c.OFFER_DRAW, c.HINT}

    def _wait_reason(self) -> str:
        if self.match.is_over:
            return "the game is over"
        if self.match.to_move == CHANCE:
            return "wait for the dice"
        return f"wait: {self.match.seats[self.match.to_move].name} is thinking"

    def _feedback(self, feedback: Feedback) -> None:
        if feedback.message:
            self.services.toasts.show(feedback.message, "error" if feedback.refused else "info")
        if feedback.cue:
            self.services.sounds.play(feedback.cue)

    def _refuse(self, reason: str) -> None:
        self._feedback(Feedback(reason[:1].upper() + reason[1:], True, "refuse"))

    # -- moves ---------------------------------------------------------------------------

    def _play_if_ready(self) -> None:
        """A view whose click or key made a whole move has it played at once."""
        if isinstance(self.view, ClickPlays) and self.view.ready():
            self._confirm()

    def _confirm(self) -> None:
        if self.match.is_over:
            self._refuse("the game is over")
            return
        proposal = self.view.proposal()
        if proposal.move is None:
            self._refuse(proposal.problem or "there is no move to confirm")
            return
        self._play(proposal.move)

    def _play(self, move: object) -> None:
        before = self.match.state
        try:
            result = self.match.play(move)
        except GameError as err:
            self._refuse(str(err))
            return
        self.view.animate(before, result, self._clock)
        self._after_move()

    # -- computer seats ------------------------------------------------------------------

    def _roll(self) -> None:
        """When the dice are due (a chance move), roll them from the match seed and show it."""
        if self.match.is_over or self.match.to_move != CHANCE or self.view.busy(self._clock):
            return
        before = self.match.state
        result = self.match.play_chance()
        self.view.animate(before, result, self._clock)
        self._after_move()

    def _think(self) -> None:
        """Start, poll and play the computer's move; never blocks the frame."""
        computer = None if self.match.is_over else self.computers.get(self.match.to_move)
        if computer is None:
            return
        if self._thinking_for != self.match.ply:
            self._thinking_for = self.match.ply
            self._decision = None
            computer.start(self.match)
        if self._decision is None:
            try:
                self._decision = computer.poll()
            except Exception as err:  # the seat's message is written for people
                self.services.toasts.show(f"The computer player failed: {err}", "error")
                self.computers.pop(self.match.to_move)
                self.view.set_interactive(self._human_to_move())
                return
        if self._decision is not None and not self.view.busy(self._clock):
            move, self._decision = self._decision.move, None
            self._play(move)

    def _stop_thinking(self) -> None:
        for computer in self.computers.values():
            computer.cancel()
        self._thinking_for = None
        self._decision = None
        self._cancel_hint()

    # -- hints ---------------------------------------------------------------------------

    def _ask_hint(self) -> None:
        """Ask a computer player for a move; it arrives as a preview to confirm."""
        game_id = self.match.game.info.id
        level = hint_level(self.services.computers.levels(game_id))
        if level is None:
            self._refuse(f"there are no hints for {self.match.game.info.title} yet")
            return
        if self._hint_for == self.match.ply:
            return  # already thinking about this position
        if self._hint is None:
            self._hint = self.services.computers.seat(game_id, level)
        self._hint_for = self.match.ply
        self._hint.start(self.match)
        self.services.toasts.show("Looking for a good move...")

    def _poll_hint(self) -> None:
        if self._hint is None or self._hint_for is None:
            return
        try:
            decision = self._hint.poll()
        except Exception as err:  # the seat's message is written for people
            self._cancel_hint()
            self._refuse(f"no hint this time: {err}")
            return
        if decision is None:
            return
        self._hint_for = None
        notation = self.match.game.format_move(decision.move)
        self.services.toasts.show(f"Hint: {self.view.describe(notation)}", "good")
        if isinstance(self.view, Suggests):
            self._feedback(self.view.suggest(decision.move))

    def _cancel_hint(self) -> None:
        if self._hint is not None and self._hint_for is not None:
            self._hint.cancel()
        self._hint_for = None

    @property
    def _has_human(self) -> bool:
        """Take back returns to a person's turn, so a game of computers alone has none."""
        return len(self.computers) < len(self.match.seats)

    def _take_back(self) -> None:
        if not self._has_human:
            self._refuse("only a person's moves can be taken back")
            return
        if not self.match.can_undo:
            self._refuse("there is no move to take back")
            return
        self._stop_thinking()
        undone = self.match.undo()
        while self.match.can_undo and not self._human_to_move() and self.computers:
            undone = self.match.undo()  # back to a human's turn
        self.view.show(self.match.state)
        self.services.toasts.show(f"Took back: {self.view.describe(undone)}")
        self.services.sounds.play("undo")
        self._after_move()

    def _redo(self) -> None:
        if not self._has_human:
            self._refuse("only a person's moves can be played again")
            return
        if not self.match.can_redo:
            self._refuse("there is no move to play again")
            return
        self._stop_thinking()
        before = self.match.state
        self.match.redo()
        self.view.animate(before, self.match.results[-1], self._clock)
        self._after_move()

    def _ask_resign(self) -> None:
        if self.match.is_over:
            self._refuse("the game is over")
            return
        name = self.match.seats[self.match.to_move].name
        dialog = confirm(self, "Resign", f"{name}, do you really resign this game?", "Resign")
        self.watch(dialog, lambda _event: self._resign())

    def _resign(self) -> None:
        self.match.resign()
        self.view.show(self.match.state)
        self.services.sounds.play("crumble")
        self._after_move()

    def _offer_draw(self) -> None:
        if self.match.is_over:
            self._refuse("the game is over")
            return
        mover = self.match.to_move
        if len(self.match.seats) < 2:
            self._refuse("a solo game cannot be drawn")
            return
        if 1 - mover in self.computers:
            self._refuse("the computer plays on: it never accepts a draw")
            return
        offer, reply = self.match.seats[mover].name, self.match.seats[1 - mover].name
        dialog = confirm(self, "Draw offered", f"{offer} offers a draw. {reply}, do you accept?",
                         "Accept draw")
        self.watch(dialog, lambda _event: self._draw_agreed())

    def _draw_agreed(self) -> None:
        self.match.agree_draw()
        self.view.show(self.match.state)
        self.services.sounds.play("fanfare")
        self._after_move()

    def _after_move(self) -> None:
        self._cancel_hint()
        self.view.set_interactive(self._human_to_move())
        self._refresh_buttons()
        if self.demo:
            return
        self._rank()
        problem = storage.autosave(self.services.paths, self.match)
        if problem:
            self.services.toasts.show(problem, "error")

    def _rank(self) -> None:
        """Once a run is over, enter it in its game's high-score table if it is genuine."""
        view = self.view
        if self.ranked is not None or not self.match.is_over or not isinstance(view, Scored):
            return
        try:
            entered = scores.enter(self.services.paths.scores, self.match, view,
                                   storage.now_iso()[:10])
        except ValueError as err:
            self.ranked = f"Not ranked: {err}"
        except OSError as err:
            self.ranked = f"High score not saved: {err.strerror or err}"
        else:
            self.ranked = (f"High score: #{entered.place} on {entered.table}" if entered.place
                           else f"Not in the top {scores.CAP} on {entered.table}")

    # -- files ---------------------------------------------------------------------------

    def _save(self) -> None:
        name = storage.default_save_name(self.match)
        dialog = file_dialog(self, "Save game", self.services.paths.saves, name, must_exist=False)
        self.watch(dialog, lambda event: save_match_to(self, Path(event.text), self.match))

    def _opened(self, path: Path) -> Transition | None:
        from scenes.replay import ReplayScene

        match = open_match(self, path)
        if match is None:
            return None
        if match.is_over:
            return Replace(ReplayScene(self.services, match))
        return Replace(PlayScene(self.services, match))

    # -- frames --------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        self._clock = clock
        self._roll()
        self._think()
        self._poll_hint()
        for cue in self.view.cues(clock):
            self.services.sounds.play(cue)
        return self._next_demo(clock) if self.demo else None

    def _next_demo(self, clock: float) -> Transition | None:
        """In a demo, start the next game a little while after this one ends."""
        if not self.match.is_over or self.view.busy(clock):
            self._over_since = None
            return None
        if self._over_since is None:
            self._over_since = clock
        if clock - self._over_since < DEMO_PAUSE:
            return None
        from scenes.demo import next_demo

        match = next_demo(self.services, self.match.game.info.id)
        return Replace(PlayScene(self.services, match, demo=True)) if match else None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        self.view.draw(surface, clock)
        self._draw_top_bar(surface)
        self._draw_hints(surface)
        self._draw_panel(surface)
        self._draw_selected(surface, clock)
        if self.match.is_over and not self.view.busy(clock):
            self._draw_banner(surface, clock)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        info = self.match.game.info
        title = fonts.text(info.title, 30, palette.ACCENT, True)
        surface.blit(title, (MARGIN + 4, MARGIN))
        if self.match.is_over:
            line, colour = self._result_text(), palette.ACCENT
        elif self.match.to_move == CHANCE:
            line, colour = f"Move {self.match.ply + 1}  ·  the dice roll", palette.ACCENT
        else:
            seat = self.match.to_move
            line = f"Move {self.match.ply + 1}  ·  {self.match.seats[seat].name} to move"
            colour = self.services.colours()[seat]
        if self.match.seed is not None:
            line += f"  ·  seed {self.match.seed}"
        words = fonts.text(line, 28, colour)
        surface.blit(words, (MARGIN + title.get_width() + 24, MARGIN + 2))

    def _draw_hints(self, surface: pygame.Surface) -> None:
        """A strip of the current keys under the board, when there is room for it."""
        board = self.view.board_rect
        if self.board_area.bottom - board.bottom < 40:
            return
        hints = [(c.CONFIRM, "confirm"), (c.CLEAR, "clear"), (c.TAKE_BACK, "take back"),
                 (c.SKIP, "skip animation"), (inp.REVIEW, "review"), (c.BACK, "pause")]
        parts = [f"{self._key(inp.PLAY, name)} {text}" for name, text in hints]
        parts.append(f"{self._key(inp.GLOBAL, c.HELP)} rules")
        words = fonts.text("   ·   ".join(parts), 22, palette.MUTED)
        while words.get_width() > self.board_area.w and len(parts) > 2:
            parts.pop()
            words = fonts.text("   ·   ".join(parts), 22, palette.MUTED)
        surface.blit(words, words.get_rect(midtop=(board.centerx, board.bottom + 22)))

    def _draw_selected(self, surface: pygame.Surface, clock: float) -> None:
        """Outline the button of the move kind being prepared."""
        chosen = self.view.selected_action()
        for widget, name in self.buttons.items():
            if name == chosen:
                glow = round(160 + 95 * abs(math.sin(clock * 3)))
                rect = widget.get_abs_rect().inflate(6, 6)
                pygame.draw.rect(surface, (glow, glow * 209 // 255, 102), rect, 3,
                                 border_radius=8)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        panel = self.panel
        pygame.draw.rect(surface, palette.PANEL, panel)
        pygame.draw.line(surface, palette.GRID, panel.topleft, panel.bottomleft, 2)
        colours = self.services.colours()
        to_move = None if self.match.is_over else self.match.to_move
        y = 16
        card_h, pad = (62, 7) if self.compact else (76, 14)
        for seat, info in enumerate(self.match.seats):
            card = pygame.Rect(panel.x + 12, y, panel.w - 24, card_h)
            active = seat == to_move
            pygame.draw.rect(surface, (44, 49, 64), card, border_radius=10)
            if active:
                pygame.draw.rect(surface, colours[seat], card, 3, border_radius=10)
            swatch = pygame.Rect(card.x + 12, card.y + pad, 48, 48)
            pygame.draw.rect(surface, colours[seat], swatch, border_radius=8)
            pygame.draw.rect(surface, palette.shade(colours[seat], 0.58), swatch.inflate(-20, -20),
                             border_radius=4)
            name = fonts.text(info.name[:20], 30, palette.TEXT, active)
            surface.blit(name, (card.x + 72, card.y + pad - 2))
            score = self.view.score(self.match.state, seat)
            if info.is_computer:
                detail = f"{score}  ·  computer ({info.level})"
            else:
                detail = f"{score}  ·  to move" if active else score
            words = fonts.text(detail, 24, colours[seat] if active else palette.MUTED)
            surface.blit(words, (card.x + 72, card.y + pad + 30))
            y += card_h + 8
        move = fonts.text(f"Move {self.match.ply + (0 if self.match.is_over else 1)}", 28,
                          palette.TEXT, True)
        surface.blit(move, (panel.x + 14, y + 4))
        outcome = self.match.outcome
        if outcome is not None:
            lines = fonts.wrap(self._result_text(), 24, panel.w - 28)
        elif self.match.to_move == CHANCE:
            lines = ("Rolling the dice...",)
        elif not self._human_to_move():
            dots = "." * (1 + int(self._clock * 3) % 3)
            lines = (f"{self.match.seats[self.match.to_move].name} is thinking{dots}",)
        else:
            lines = fonts.wrap(self.view.status(), 24, panel.w - 28)
        for i, line in enumerate(lines[: 2 if self.compact else 4]):
            surface.blit(fonts.text(line, 24, palette.MUTED), (panel.x + 14, y + 38 + i * 22))

    def _result_text(self) -> str:
        outcome = self.match.outcome
        if outcome is None:
            return ""
        if outcome.winner is None:
            ended = "Game over" if len(self.match.seats) == 1 else "Drawn"
            return f"{ended}: {outcome.reason.label}"
        return f"{self.match.seats[outcome.winner].name} wins {outcome.reason.label}!"

    def _draw_banner(self, surface: pygame.Surface, clock: float) -> None:
        outcome = self.match.outcome
        assert outcome is not None
        area = self.board_area
        extra = self._banner_lines()
        top = max(area.top, self.view.board_rect.top - 150)
        band = pygame.Rect(area.x, top, area.w, 140 + 32 * len(extra))
        veil = pygame.Surface(band.size, pygame.SRCALPHA)
        veil.fill((10, 12, 18, 215))
        surface.blit(veil, band)
        colour = palette.ACCENT
        if outcome.winner is not None:
            colour = self.services.colours()[outcome.winner]
        pygame.draw.line(surface, colour, band.topleft, band.topright, 3)
        pygame.draw.line(surface, colour, band.bottomleft, band.bottomright, 3)
        title = "Victory!" if outcome.winner is not None else "Draw"
        if len(self.match.seats) == 1:
            title = "Game over"
        words = fonts.text(title, 72, colour, True)
        surface.blit(words, words.get_rect(center=(band.centerx, band.top + 46)))
        detail = fonts.text(self._result_text(), 32, palette.TEXT)
        surface.blit(detail, detail.get_rect(center=(band.centerx, band.top + 106)))
        for i, line in enumerate(extra):
            words = fonts.text(line, 28, palette.ACCENT if i == 0 else palette.MUTED)
            surface.blit(words, words.get_rect(center=(band.centerx, band.top + 140 + 32 * i)))

    def _banner_lines(self) -> list[str]:
        """A scored run's summary, its seed and its place in the high-score table."""
        if not isinstance(self.view, Scored):
            return []
        lines = [self.view.summary(self.match.state)]
        if self.match.seed is not None:
            lines.append(f"Seed {self.match.seed}")
        if self.ranked is not None:
            lines.append(self.ranked)
        return lines


def hint_level(levels: list[str]) -> str | None:
    """The computer level hints come from: ``HINT_LEVEL``, else the strongest on offer."""
    if HINT_LEVEL in levels:
        return HINT_LEVEL
    return levels[-1] if levels else None
