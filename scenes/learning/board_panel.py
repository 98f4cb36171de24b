"""A game's board beside a panel of text and buttons, played with the real input: what the
lesson and the learn-from-your-mistakes scenes share.

The board (``BoardHost``) and its cursor (``BoardKeys``) take the player's moves; the panel
on the right says who plays, what to do and what happened, above the view's move actions,
Confirm and the scene's own buttons. What a move then does, and what the panel says, is the
scene's business (``_play``, ``panel_lines``).
"""

from __future__ import annotations

import functools
from typing import Any

import pygame

from game.client.access.board_keys import BoardKeys
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Push, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.view import Feedback, seat_colours
from game.client.widgets.board_host import BoardHost
from game.client.widgets.panel import move_buttons
from game.core.protocol import Game
from scenes.common import button_width, pressed

MARGIN = 16
Line = tuple[str, int, tuple[int, int, int], bool]
"""A line of the panel's text: (words, size, colour, bold)."""


def panel_width(size: tuple[int, int]) -> int:
    """A third of the window, wider with larger text (the board keeps half)."""
    return max(280, min(fonts.wide(380), round(size[0] // 3 * fonts.text_scale()),
                        size[0] // 2 - 40))


TEXT_KEPT = 0.4
"""The share of the panel's height its words keep above the buttons: where the buttons
would take more (large text in a short window), they scroll."""


def _step(size: int) -> int:
    """From a line of the panel's words in ``size`` to the next."""
    return max(size + 4, fonts.line_height(size))


class BoardPanelScene(Scene):
    """The board on the left, the panel on the right (see the module's docstring)."""

    def __init__(self, services: Services, game: Game[Any, Any]) -> None:
        super().__init__(services)
        self.game = game
        self.plugin = services.plugin(game.info.id)
        self.view = services.make_view(game.info.id)
        self.board = BoardHost(self.view)
        self.contexts = (f"game:{game.info.id}", inp.PLAY, inp.GLOBAL)
        self.keys = BoardKeys(services.table, self.view, self.contexts[:2], self.command,
                              lambda words: services.speech.say(words, True))
        """The board cursor (``game.client.access``): the board plays without a pointer too."""
        self.buttons: dict[Any, str] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._rows: list[move_buttons.Row] = []
        """The scene's own rows of buttons, under the moves' (``_build_buttons``)."""
        self._scrolls = False
        """The panel's buttons are in a part that scrolls (large text in a short window)."""
        self._buttons_top = 0
        """Where the panel's buttons begin: its words stop above."""
        self._clock = 0.0
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self._interactive = False

    # -- what the scene says -------------------------------------------------------------

    def _refresh(self) -> None:
        """Make the buttons follow what applies now."""
        raise NotImplementedError

    def _play(self, move: object) -> None:
        """A whole move the player made on the board."""
        raise NotImplementedError

    def _leave(self) -> Transition:
        raise NotImplementedError

    def panel_lines(self, scale: float = 1.0, width: int = 300) -> list[Line]:
        """The panel's text, the sizes times ``scale``, wrapped to ``width``."""
        raise NotImplementedError

    def _player_seat(self) -> int:
        """The seat the player plays."""
        raise NotImplementedError

    def _side(self, colour: tuple[int, int, int]) -> str:
        """The player's side in words, drawn in ``colour``."""
        raise NotImplementedError

    # -- settings and frames -------------------------------------------------------------

    def resume(self) -> None:
        self._follow_settings()
        super().resume()

    def _follow_settings(self) -> None:
        """The board takes the colours and animation speed the settings may have changed."""
        self.view.set_colours(self.services.colours())
        self.view.set_speed(self.services.settings.anim_speed)

    def _tick(self, clock: float) -> None:
        """A frame's start: the clock, and the sounds the board's animations cue now."""
        self._clock = clock
        for cue in self.view.cues(clock):
            self.services.sounds.play(cue)

    # -- layout --------------------------------------------------------------------------

    def _place(self, size: tuple[int, int]) -> None:
        """The panel and the board for a window of ``size``."""
        width = panel_width(size)
        self.panel = pygame.Rect(size[0] - width, 0, width, size[1])
        title = fonts.grow(36)  # (the title above the board grows with the text)
        self.board.layout(pygame.Rect(MARGIN, MARGIN + title, size[0] - width - 2 * MARGIN,
                                      size[1] - 2 * MARGIN - title))

    def _build_buttons(self, size: tuple[int, int], button_h: int,
                       rows: list[move_buttons.Row], confirm_tip: str) -> None:
        """The view's move actions two a row, Confirm, then the scene's ``rows``, at the
        panel's foot; a row whose words do not fit takes fewer, wider buttons, and where
        they would take more than the words leave (large text in a short window), they
        scroll under the words."""
        self._rows = [*rows]
        specs, scrolls = self._specs(size, button_h, confirm_tip, 0)
        view = None
        if scrolls:
            specs, _ = self._specs(size, button_h, confirm_tip, move_buttons.SCROLL_BAR)
            pitch = button_h + move_buttons.GAP
            words = 50 + sum(_step(line[1]) for line in self.panel_lines(1.0, self.panel.w - 28))
            top = max(round(size[1] * TEXT_KEPT), min(words + 8, size[1] - 14 - 2 * pitch))
            view = pygame.Rect(self.panel.x + 8, top, self.panel.w - 8, size[1] - 14 - top)
            first = min(spec.rect.top for spec in specs)
            specs = [spec._replace(rect=spec.rect.move(0, top - first)) for spec in specs]
        self._scrolls = view is not None
        self._buttons_top = view.top if view is not None else min(
            (spec.rect.top for spec in specs), default=self.panel.bottom)
        made = move_buttons.Buttons()
        made.make(specs, self.services.ui, self.root, view)
        self.buttons = made.named

    def _specs(self, size: tuple[int, int], button_h: int, confirm_tip: str, gutter: int
               ) -> tuple[list[move_buttons.Spec], bool]:
        """The panel's buttons from its foot up, ``gutter`` narrower than the panel, and
        whether they reach above the words' share of it."""
        x, inner = self.panel.x + 14, self.panel.w - 28 - gutter
        actions = self.board.actions
        rows: list[move_buttons.Row] = [
            [(action.label, action.id, action.hint) for action in actions[i:i + 2]]
            for i in range(0, len(actions), 2)]
        rows += [[(f"Confirm ({self._key(c.CONFIRM)})", c.CONFIRM, confirm_tip)], *self._rows]
        specs, bottom = move_buttons.grid(rows, pygame.Rect(x, 0, inner, button_h),
                                          functools.partial(button_width, self))
        lift = size[1] - 14 - (bottom - move_buttons.GAP)
        specs = [spec._replace(rect=spec.rect.move(0, lift),
                               object_id="#primary" if spec.name == c.CONFIRM else "")
                 for spec in specs]
        return specs, lift < round(size[1] * TEXT_KEPT)

    def _moved_with_the_window(self, old: tuple[int, int], size: tuple[int, int],
                               button_h: int) -> bool:
        """A resize from ``old`` to ``size`` that keeps the buttons' shape (neither then
        nor now scrolling) moves them with the panel's bottom right corner and lays the
        board out again; False: the scene is to be made anew."""
        if self._scrolls or self._specs(size, button_h, "", 0)[1]:
            return False
        self._refit_root()
        self._place(size)
        dx, dy = size[0] - old[0], size[1] - old[1]
        for widget in self.buttons:
            x, y = widget.relative_rect.topleft
            widget.set_relative_position((x + dx, y + dy))
        self._buttons_top += dy
        return True

    def _key(self, command: str) -> str:
        """The key to name for ``command``: a plain one (Right) before a chord (Ctrl+Y)."""
        keys = sorted(self.services.table.keys(inp.PLAY, command), key=lambda key: "+" in key)
        return inp.pretty(keys[0]) if keys else "unbound"

    # -- input ---------------------------------------------------------------------------

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        command = pressed(self.buttons, event)
        return None if command is None else self.command(command)

    def command(self, command: Command) -> Transition | None:
        """The pointer, Back, Help and turning the board round (F, as in play: a board shown
        turned, as the replay it came from had it, turns back); the rest is the scene's
        (``board_command``)."""
        if command.name == c.POINT:
            self.board.point(command.pos)
            return None
        if command.name == c.FLIP_BOARD:
            self._feedback(self.board.flip())
            return None
        if command.name == c.BACK:
            return self._leave()
        if command.name == c.HELP:
            return Push(self.services.scenes.help(self.services, self.game.info.id))
        return self.board_command(command)

    def board_command(self, command: Command) -> Transition | None:
        raise NotImplementedError

    def _answer(self, command: Command) -> None:
        """A move command on the board: the view's feedback, then the move it completed, or
        why Confirm has none."""
        answer = self.board.handle(command)
        if answer is None:
            return
        if answer.feedback is not None:
            self._feedback(answer.feedback)
        if answer.no_move:
            self._refuse(answer.problem or "there is no move to confirm yet")
        elif answer.move is not None:
            self._play(answer.move)

    def _feedback(self, feedback: Feedback) -> None:
        self._refresh()  # a selection may have made an action apply, or stop applying
        if feedback.refused and feedback.message:
            self._say(feedback.message, palette.WARN)
        if feedback.cue:
            self.services.sounds.play(feedback.cue)

    def _say(self, text: str, colour: tuple[int, int, int]) -> None:
        self.message = (text[:1].upper() + text[1:], colour)

    def _refuse(self, reason: str) -> None:
        self._say(reason, palette.WARN)
        self.services.sounds.play("refuse")

    def _set_interactive(self, on: bool) -> None:
        """Hand the board to the player or take it back (this drops any selection)."""
        self._interactive = on
        self.view.set_interactive(on)

    def capture(self, event: pygame.event.Event) -> bool:
        """The board cursor's keys come before the input table's."""
        binding = inp.binding_of(event) if event.type == pygame.KEYDOWN else None
        return binding is not None and not self.dialog_open() and self.keys.key(binding)

    # -- drawing -------------------------------------------------------------------------

    def _draw_panel(self, surface: pygame.Surface) -> None:
        panel = self.panel
        pygame.draw.rect(surface, palette.PANEL, panel)
        pygame.draw.line(surface, palette.GRID, panel.topleft, panel.bottomleft, 2)
        x = panel.x + 14
        first = self._buttons_top
        top = self._draw_seat(surface, x, 16)
        for scale in (1.0, 0.88, 0.76):  # smaller print before anything is cut off
            lines = self.panel_lines(scale, panel.w - 28)
            if top + sum(_step(size) for _, size, _, _ in lines) <= first - 8:
                break
        y = top
        for text, size, colour, bold in lines:
            if y + _step(size) > first - 8:
                break
            surface.blit(fonts.text(text, size, colour, bold), (x, y))
            y += _step(size)

    def _foot_lines(self, small: int, body: int, width: int, waiting: str | None,
                    answering: bool) -> list[Line]:
        """The panel's last lines: the message, else what the player waits for
        (``waiting``), else on the player's turn what the view says of the selection."""
        if self.message is not None:
            words, colour = self.message
            return [("", 8, colour, False),
                    *((line, body, colour, False) for line in fonts.wrap(words, body, width))]
        if waiting is not None:
            return [(waiting, body, palette.MUTED, False)]
        if answering:
            return [("", 8, palette.MUTED, False),
                    *((line, small, palette.MUTED, False)
                      for line in fonts.wrap(self.view.status(), small, width))]
        return []

    def _draw_seat(self, surface: pygame.Surface, x: int, y: int) -> int:
        """Which side the player plays, in the colour the board draws it (a game's own, as
        Push Fight's White and Brown, else the player's choice); returns the text's top."""
        if self.game.info.players < 2:
            return y
        colour = seat_colours(self.plugin.seat_colours, self.services.colours())[
            self._player_seat()]
        pygame.draw.rect(surface, colour, pygame.Rect(x, y + 2, 22, 22), border_radius=5)
        words = fonts.fit(f"You play {self._side(colour)}", 24, colour, self.panel.w - 60,
                          True)
        surface.blit(words, (x + 32, y))
        return y + 34
