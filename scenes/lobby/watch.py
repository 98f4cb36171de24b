"""A table watched read-only: the replay view, fed live by a spectator's session.

Nothing here can move: the view is never interactive, the session holds no seat and no
token (the server sends spectators none). Each move the server sends is added to the
match; when the player follows the live position (the cursor at the end), it animates as
in play; stepping back looks through the history while the game goes on. A new round (a
rematch) opens afresh. The spectators' chat sits in the message strip, apart from the
players' (the server never mixes them). Knows no game.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client.app.scene import Replace, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files import storage
from game.client.match.lobby import Spectator
from game.client.view import last_turn
from game.client.widgets.panel import countdown
from scenes.common import chat_field, sent_line
from scenes.replay import ReplayScene

HEARD = "watching"
CLOCK_SIZE = 20
"""The clocks' text beside the names (a seat's line is ``SEAT_LINE`` high)."""


class WatchScene(ReplayScene):
    """The replay view of a table in play, following it live."""

    TITLE = "Watching"
    REVIEWS = False
    """A watched table is someone else's game: no computer review of it is offered."""

    def __init__(self, services: Services, spectator: Spectator) -> None:
        self.spectator = spectator
        assert spectator.state is not None
        self._round = spectator.state.round
        if spectator.state.ending is not None:
            self.TITLE = "Replay"  # a finished game (a profile's recent one): nothing to follow
        self._handed_on = False
        self.remark_entry: Any = None
        super().__init__(services, spectator.new_match(storage.now_iso()))

    def exit(self) -> None:
        if not self._handed_on:
            self.spectator.close()
        super().exit()

    # -- layout --------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        self.remark_entry = chat_field(self, self.messages, "Spectators' chat (Return sends)")

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if sent_line(event, self.remark_entry, self.spectator.remark,
                     lambda why: self.services.toasts.show(why, "error", HEARD)):
            return None
        return super().widget_event(event)

    # -- frames --------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        spectator = self.spectator
        if spectator.pump():
            for line in spectator.heard:
                self.services.toasts.show(line, "error", HEARD)
            spectator.heard.clear()
        state = spectator.state
        if state is not None and state.round != self._round:
            self._handed_on = True
            return Replace(WatchScene(self.services, spectator))
        if len(spectator.moves) > self.match.ply:
            self._take_moves(clock)
        return super().update(clock)

    def _take_moves(self, clock: float) -> None:
        """Add the server's new moves to the match, the move list and the header's count;
        follow them on the board if the player was at the live end (playing them through
        one after another when several came, or came during an animation; already playing
        through, the play goes on to the new end by itself)."""
        following = not self.playing and self.cursor >= self.match.ply
        moves = self.spectator.moves
        if moves[:self.match.ply] != self.match.moves:  # out of step: the server's game
            self.match = self.spectator.new_match(self.match.created)
            self.cursor = min(self.cursor, self.match.ply)
            self.view.show(self.match.state_at(self.cursor),
                           last_turn(self.match, self.cursor))
        else:
            for text in moves[self.match.ply:]:
                self.match.play_text(text)
        self.history.sync(self.match)
        self._clock = clock
        self._build_root()  # the move list and the slider's range
        if not following:
            return
        if not self.view.busy(clock):
            self.go_to(self.cursor + 1, animate=True)
        if self.cursor < self.match.ply:
            self.playing = True  # the rest follow, each after the one before
            self._next_at = clock

    def animating(self, clock: float) -> bool:
        """A real-time clock running counts down smoothly."""
        running = self._running() is not None and self.spectator.clocks is not None
        return running or super().animating(clock)

    def _running(self) -> int | None:
        """The seat whose clock runs: the side to move of the game as it stands (wherever
        the board is looking), once both seats are taken and until the game ends."""
        state = self.spectator.state
        if state is None or None in state.names or self.match.is_over:
            return None
        mover = self.match.to_move
        return mover if mover in (0, 1) else None

    def clock_left(self, seat: int) -> float | None:
        """Seconds left on ``seat``'s real-time clock now, or None without one."""
        return self.spectator.clock_left(seat, self._running())

    def _seat_mark(self, surface: pygame.Surface, line: pygame.Rect, seat: int) -> int:
        """The seat's real-time clock at the right of its line, as the players see it."""
        left, state = self.clock_left(seat), self.spectator.state
        if left is None or state is None or state.clock.base is None:
            return line.right
        box = countdown.draw(surface, line.topright, left, state.clock.base,
                             seat == self._running(), CLOCK_SIZE)
        return box.x - 8

    def _draw_keys(self, surface: pygame.Surface) -> None:
        if not self.spectator.remarks:  # the last remark has the strip
            super()._draw_keys(surface)

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        super().draw(surface, clock)
        spectator = self.spectator
        if not self.services.toasts.items and spectator.remarks:
            name, text = spectator.remarks[-1]
            words = fonts.fit(f"{name}: {text}", 22, palette.TEXT, self.messages.w - 16)
            surface.blit(words, words.get_rect(midleft=(self.messages.x + 8,
                                                        self.messages.centery)))
        state = spectator.state
        link = "live" if spectator.link == "connected" else spectator.link
        watchers = "" if state is None else f"  ·  {state.spectators} watching"
        note = fonts.fit(f"Watching ({link}){watchers}  ·  watch code "
                         f"{state.table if state else ''}",
                         20, palette.MUTED, self.board_area.w - 16)
        surface.blit(note, (self.board_area.x + 8, self.messages.y - note.get_height() - 6))
