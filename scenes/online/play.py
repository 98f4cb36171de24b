"""Play at a table on a server, the other player remote: the play scene with what an online
game adds (``OnlinePlayScene``).

The opponent's moves arrive through a ``game.client.match.online.RemoteSeat`` at the table like any
moving seat's; what is new lives here: the network state taken in each frame (moves out of
step, endings, offers, the claim's readiness, a rematch), the online buttons and the commands
an online game refuses, the chat entry and strip, the presence dots, the link's state and the
deadline. The panel's pieces are drawn by ``scenes.online.panel``. Knows no game.

Our moves are sent when our turn ends, as the rules say (``Match.to_move`` passes to the other
seat, or the game ends). Where a turn is one move (Conquid, Push Fight's whole turn) that is at
once; where it is several (Piously's actions), they are kept here until the last one, so a
take back inside the turn never needs the server, and the other player's app then animates
them one by one as they arrive. What was sent is taken back only by asking the other player
(*Ask to take back*), who may agree: the server then takes back our last turn (and their reply
since), and both screens drop those moves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import pygame

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Replace, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files import storage
from game.client.match.computer import ComputerSeat
from game.client.match.online import OnlineGame, RemoteSeat
from game.client.match.table import MovingSeat
from game.client.view import last_turn
from game.client.widgets.movelist import lines_height
from game.core.match import Match, meta_word
from game.core.protocol import OutcomeReason
from game.core.record import Online
from scenes.common import chat_field, confirm, file_dialog, save_match_to, sent_line
from scenes.online import panel as op
from scenes.play import PlayScene
from scenes.play_parts.controls import REMATCH

MOVES_KEPT: Final = 3
"""Lines of moves the chat leaves the move list in a short window."""

SENT = "moves sent are taken back only if the other player agrees: Ask to take back"
REFUSED = {
    c.REDO: "there is nothing to play again in an online game",
    c.HINT: "no hints in an online game",
}
COMMANDS = frozenset({c.TAKE_BACK, c.RESIGN, c.OFFER_DRAW, REMATCH, op.ABORT, op.CLAIM, op.ACCEPT,
                      op.DECLINE, op.SEND_FILE, op.MUTE, op.SIT_AGAIN, op.ASK_TAKEBACK})
ENDINGS = frozenset({c.RESIGN, c.OFFER_DRAW, REMATCH, op.ABORT, op.CLAIM})
"""The commands that end the game (resigning, a draw, aborting, claiming the win) or start
another (a rematch)."""
HEARD = "online"
"""Message topic: what the table said (a refusal, a declined offer)."""


class OnlinePlayScene(PlayScene):
    """A match at a table on a server: our seat is played here, the other one remotely."""

    KEY_HINTS = tuple(hint for hint in PlayScene.KEY_HINTS if hint[0] != c.TAKE_BACK)

    def __init__(self, services: Services, match: Match, online: OnlineGame,
                 resumed_from: Path | None = None, back_to: str | None = None) -> None:
        self.online = online
        """The table on a server this game is played at, the other player being remote."""
        self._round = online.round
        self._offer_shown: str | None = None
        self._could_sit_again = False
        self._claim_ready = False
        self._low_warned: int | None = None
        """The ply at which the player was last warned that their time is low."""
        self._handed_on = False
        self._interactive = False
        self._adopted = False
        """Our moves the server does not have were taken in hand (sent or held again)."""
        self._held_from: int | None = None
        """The ply of the first move of our turn in progress, kept here until the turn ends
        (None: nothing kept)."""
        self.chat_entry: Any = None
        super().__init__(services, match, resumed_from=resumed_from, back_to=back_to)
        if resumed_from is None and self.table.autosave is not None:
            self.table.autosave.keep(match)  # kept from its first moment, listed and resumable

    # -- the table's seats and record --------------------------------------------------------

    def _moving_seats(self) -> dict[int, MovingSeat]:
        return {1 - self.online.my_seat: RemoteSeat(self.online)}

    def spoken_to(self) -> int | None:
        return self.online.my_seat

    def _record_online(self) -> Online | None:
        return self.online.details()

    @property
    def watch_code(self) -> str | None:
        return self.online.table_id

    def _hinter(self) -> ComputerSeat:
        raise ValueError("no hints in an online game")

    def _left_table(self) -> None:
        if not self._handed_on:
            self.online.close()

    def _human_to_move(self) -> bool:
        if not (self.online.seated and self._in_step()):
            return False
        return self.table.human_to_move()

    def _in_step(self) -> bool:
        """Our copy holds every move the server has (the rest are ours, not yet acknowledged)."""
        return len(self.online.moves) <= self.match.ply

    def _wait_reason(self) -> str:
        if not self.match.is_over:
            said = op.status(self.online, self.match)
            if said is not None:
                return said
        return super()._wait_reason()

    def _moved_here(self, ply: int) -> None:
        """Keep the move while our turn goes on; send the whole turn once it has ended."""
        if self._held_from is None:
            self._held_from = ply
        if self._turn_over():
            self._send_held()
        elif ply == self._held_from:
            self._refresh_buttons()  # something to take back now

    def _turn_over(self) -> bool:
        return self.match.is_over or self.match.to_move != self.online.my_seat

    def _send_held(self) -> None:
        start, self._held_from = self._held_from, None
        if start is not None:
            for ply in range(start, self.match.ply):
                self.online.send_move(ply, self.match.moves[ply])
            self._refresh_buttons()

    @property
    def held(self) -> int:
        """How many moves of our turn in progress are kept here, not yet sent."""
        return 0 if self._held_from is None else self.match.ply - self._held_from

    def _take_back(self) -> None:
        """Only a move of our turn in progress: it was never sent."""
        if self.held <= 0:
            self._refuse(SENT)
            return
        super()._take_back()
        if self.held <= 0:
            self._held_from = None
            self._refresh_buttons()

    def _drop_held(self) -> None:
        """The table moved on without our unsent moves (a resignation, an agreed draw...):
        they never left this machine, so they are simply taken off the board."""
        start, self._held_from = self._held_from, None
        if start is None:
            return
        while self.match.ply > start:
            self.match.undo()
        self.table.after_move()
        self.view.show(self.match.state, last_turn(self.match, self.match.ply))

    # -- layout ------------------------------------------------------------------------------

    def _build_extras(self) -> None:
        """The chat entry, right of the message strip (none while chat is muted)."""
        self.chat_entry = None
        if self.online.muted:
            return
        self.chat_entry = chat_field(self, self.messages, "Say something (Return sends)")

    def _extras_room(self, room: int) -> int:
        """The chat shares the room under the buttons with the move list, which keeps at
        least ``MOVES_KEPT`` lines (in a short window the message strip shows the last chat
        line still)."""
        return max(0, min(room // 2, room - lines_height(MOVES_KEPT)))

    def _control_rows(self) -> list[list[tuple[str, str, str]]]:
        rows = op.control_rows(self.online, self.match.is_over)
        last = [(f"Pause ({self.keys.name(inp.PLAY, c.BACK)})", c.BACK,
                 "Settings, help or back to the menu (the game is kept)")]
        if self.match.is_over:
            last.insert(0, ("Rematch", REMATCH, "Offer another game, sides swapped"))
        else:
            held = (" A move of your turn not yet sent (sent when the turn ends) goes at once: "
                    + self.keys.tip(inp.PLAY, c.TAKE_BACK)
                    if self.match.game.info.several_moves_a_turn else "")
            last.insert(0, (self._ask_words(), op.ASK_TAKEBACK, "Ask the other player to "
                            "let you take back your last move." + held))
        rows.append(last)
        return rows

    def _ask_words(self) -> str:
        """*Ask to take back* where a panel button (two a row) holds it, else shorter."""
        cell = (self.side.rect.w - 36) // 2
        words = "Ask to take back"
        face = self.services.ui.get_theme().get_font(["button"])
        return words if face.size(words)[0] + 8 <= cell else "Ask takeback"

    def _enabled(self, name: str, over: bool, human: bool) -> bool:
        if name in (c.RESIGN, c.OFFER_DRAW):
            return not over and self.online.seated
        if name == c.TAKE_BACK:
            return self.held > 0
        if name == op.ASK_TAKEBACK:
            return self.held > 0 or op.takeback_possible(self.online, self.match)
        if name == op.ABORT:
            return op.abort_possible(self.match)
        if name == op.CLAIM:
            return self._claim_ready
        return super()._enabled(name, over, human)

    # -- input -------------------------------------------------------------------------------

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if sent_line(event, self.chat_entry, self.online.say, self._refuse):
            return None
        return super().widget_event(event)

    def command(self, command: Command) -> Transition | None:
        name = command.name
        if name not in REFUSED and name not in COMMANDS:
            return super().command(command)
        if self.board.skip(name, self._clock):
            return None
        if name in REFUSED:
            self._refuse(REFUSED[name])
            return None
        return self._online_command(name)

    def _online_command(self, name: str) -> Transition | None:
        online = self.online
        if name == c.TAKE_BACK or (name == op.ASK_TAKEBACK and self.held > 0):
            self._take_back()
        elif name == op.ASK_TAKEBACK:
            self._ask_takeback()
        elif name in ENDINGS:
            self._ending(name)
        elif name in (op.ACCEPT, op.DECLINE):
            online.answer(name == op.ACCEPT)
            self._build_root()
        elif name == op.SEND_FILE:
            self._send_as_file()
        elif name == op.MUTE:
            online.muted = not online.muted  # hidden, still kept: unmuted, it shows again
            self._build_root()
        elif name == op.SIT_AGAIN:
            online.sit_again()
            self._build_root()
        return None

    def _ending(self, name: str) -> None:
        """One of ``ENDINGS``, asked of the table once it applies (or why not now)."""
        online = self.online
        if name == c.RESIGN:
            if self.match.is_over:
                self._refuse("the game is over")
            else:
                dialog = confirm(self, "Resign", "Do you really resign this game?", "Resign")
                self.watch(dialog, lambda _event: online.resign())
        elif name == c.OFFER_DRAW:
            if self.match.is_over or not online.seated:
                self._refuse("the game is over" if self.match.is_over else "no one to offer to")
            else:
                online.offer_draw()
                self.services.toasts.show("Draw offered", topic=HEARD)
        elif name == REMATCH:
            if not self.match.is_over:
                self._refuse("a rematch is offered once the game is over")
            else:
                online.offer_rematch()
                self.services.toasts.show("Rematch offered (sides swapped)", topic=HEARD)
        elif name == op.ABORT:
            if not op.abort_possible(self.match):
                self._refuse("too late to abort: both sides have moved")
            else:
                dialog = confirm(self, "Abort", "Call this game off? Nobody wins.", "Abort")
                self.watch(dialog, lambda _event: online.abort())
        elif name == op.CLAIM:
            if not self._claim_ready:
                self._refuse("the other player is here, or may still come back")
            else:
                online.claim()

    def _ask_takeback(self) -> None:
        """Ask the server to take back our last turn; the other player answers."""
        online = self.online
        if self.match.is_over or not online.seated:
            self._refuse("the game is over" if self.match.is_over else "no one to ask")
        elif online.takeback_asked():
            self._refuse("you asked already: wait for the answer")
        elif not op.takeback_possible(online, self.match):
            self._refuse("you have no move to take back yet")
        else:
            online.ask_takeback()
            self.services.toasts.show("Asked to take back your last move", topic=HEARD)
            self._refresh_buttons()

    def _send_as_file(self) -> None:
        """Write the game so far for the other player (correspondence by file)."""
        name = storage.default_save_name(self.match).replace(".json", " move.json")
        dialog = file_dialog(self, "Send move as file", self.services.paths.saves, name,
                             must_exist=False)
        self.watch(dialog, lambda event: save_match_to(self, Path(event.text), self.match))

    # -- frames ------------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        self._clock = clock
        if op.low_on_time(self.online, self.match) and self._low_warned != self.match.ply:
            self._low_warned = self.match.ply  # once a turn: a sound beside the colour
            self.services.sounds.play("low-time")
        moved = self._follow_table(clock)
        return moved if moved is not None else super().update(clock)

    def animating(self, clock: float) -> bool:
        """An online opponent thinking is no reason to spin: the network thread wakes the
        loop when their move arrives."""
        behind = len(self.online.moves) > self.match.ply
        ticking = self.online.clocks is not None and self.online.seated \
            and not self.match.is_over  # a real-time clock counts down smoothly
        return behind or ticking or self.view.busy(clock)

    def _follow_table(self, clock: float) -> Transition | None:
        """Take in what the server said: a rematch, a copy out of step, the tokens that are
        no seat's move (resign, draw...), offers, refusals and the claim's readiness."""
        online = self.online
        if online.pump():
            self._heard()
        if online.state is None:
            return None
        if online.round != self._round:  # a rematch: the sides are swapped
            return self._hand_on(online.new_match(storage.now_iso()))
        if online.taken_back:
            self._taken_back()
        if not self._adopted:
            self._adopted = True
            self._adopt_unsent(online.moves)
        moved = self._keep_in_step(clock)
        if moved is None:
            self._follow_offers()
        return moved

    def _heard(self) -> None:
        """The server said something: its refusals shown, the Sit again button come or
        gone, and the buttons following (seated, offers, the end of the game)."""
        online = self.online
        for line in online.heard:
            self.services.toasts.show(line, "error", HEARD)
        online.heard.clear()
        if online.can_sit_again != self._could_sit_again:
            self._could_sit_again = online.can_sit_again
            self._build_root()
        self._refresh_buttons()

    def _keep_in_step(self, clock: float) -> Transition | None:
        """Our copy follows the server's moves: where they part, our unsent moves of a turn
        in progress are dropped, or else the server's game is shown in a new scene; the
        server's next move is played once the board is still."""
        server, local = self.online.moves, self.match.moves
        common = min(len(server), len(local))
        if server[:common] != local[:common]:
            first = next(i for i in range(common) if server[i] != local[i])
            if self._held_from is not None and first >= self._held_from:
                self._drop_held()
            else:
                self.services.toasts.show(f"The table has another move {first + 1}: "
                                          "showing the server's game", "error", HEARD)
                return self._hand_on(self.online.new_match(self.match.created))
            local = self.match.moves
        if len(server) > len(local) and not self.view.busy(clock):
            self._play_token(server[len(local)])
        return None

    def _follow_offers(self) -> None:
        """An offer to us said (its buttons come), the claim's readiness, and whether the
        board takes our input (the view drops its selection when told)."""
        online = self.online
        offered = online.offered_to_me()
        ready = online.claimable_in() == 0.0 and self.match.to_move == 1 - online.my_seat
        if offered != self._offer_shown:
            self._offer_shown = offered
            if offered is not None:
                self.services.toasts.show(op.offer_words(online, self.match, offered), "good",
                                          HEARD)
            self._build_root()
        if ready != self._claim_ready:
            self._claim_ready = ready
            self._refresh_buttons()
        interactive = self._human_to_move()
        if interactive != self._interactive:
            self._interactive = interactive
            self.view.set_interactive(interactive)
            self._refresh_buttons()

    def _taken_back(self) -> None:
        """The players agreed to take moves back: they leave the board here too (with our
        unsent moves of a turn in progress, which followed them)."""
        online = self.online
        for ply, seat in online.taken_back:
            self._held_from = None
            replied = any(self.match.mover(p) != seat for p in range(ply, self.match.ply))
            while self.match.ply > ply:
                self.match.undo()
            self.services.toasts.show(_taken_words(self.match, seat, online.my_seat, replied),
                                      "good", HEARD)
        online.taken_back.clear()
        self.table.restart(1 - online.my_seat)  # the remote seat waits for the new ply
        self.view.show(self.match.state, last_turn(self.match, self.match.ply))
        self.services.sounds.play("undo")
        self._after_move()

    def _adopt_unsent(self, server: tuple[str, ...]) -> None:
        """After a restart, our moves the server never got: a finished turn is sent; a turn
        still in progress is kept here again, to be taken back or finished."""
        local, mine = self.match.moves, self.online.my_seat
        agree = next((i for i, (a, b) in enumerate(zip(server, local, strict=False))
                      if a != b), min(len(server), len(local)))
        if agree == len(local):
            return
        ours = all(self.match.game.to_move(self.match.state_at(ply)) == mine
                   for ply in range(agree, len(local)))
        if not ours:
            return  # not ours to send: the divergence shows the server's game
        self._held_from = agree
        if self._turn_over() and agree == len(server):
            self._send_held()

    def _play_token(self, text: str) -> None:
        """A server move no moving seat plays: an ending, or one of our own moves the app
        did not keep before it closed."""
        if meta_word(text) is None and self.match.to_move == 1 - self.online.my_seat:
            return  # the remote seat plays it through the table, animated
        if meta_word(text) is None:
            self.flow.show(self.table.play(text))
            return
        self.match.play_text(text)
        self.view.show(self.match.state, last_turn(self.match, self.match.ply))
        self.services.sounds.play("crumble" if text.startswith("resign") else "fanfare")
        self._after_move()

    def _hand_on(self, match: Match) -> Transition:
        """Show ``match`` in a new play scene at the same online table."""
        self._handed_on = True
        return Replace(OnlinePlayScene(self.services, match, self.online, back_to=self.back_to))

    # -- drawing -----------------------------------------------------------------------------

    def _top_bar_note(self) -> str:
        held = self.held
        kept = f"  ·  {held} move{'s' if held > 1 else ''} not sent until your turn ends"
        low = "  ·  Low time!" if op.low_on_time(self.online, self.match) else ""
        rated = "  ·  Rated" if self._rated() else ""  # (a casual game says nothing)
        return rated + (kept if held else "") + low + op.clock_note(self.online, self.match)

    def _rated(self) -> bool:
        """The round is rated and stays so: an aborted game never counts."""
        outcome = self.match.outcome
        return self.online.rated and (outcome is None
                                      or outcome.reason is not OutcomeReason.ABORTED)

    def _result_lines(self) -> list[str]:
        """A rated game says so, then each player's new rating and its change (once the
        server has said them), before the moves played."""
        figures = super()._result_lines()
        if not self._rated():
            return figures
        first = "  ·  ".join(["Rated game", *figures[:1]])
        return [first, *self.online.rating_lines(), *figures[1:]]

    def _draw_keys(self, surface: pygame.Surface) -> None:
        """The message strip shows the last chat line, if any, in place of the keys."""
        if self.services.toasts.items or not self.online.chat or self.online.muted:
            super()._draw_keys(surface)
            return
        said = self.online.chat[-1]
        words = fonts.fit(f"{said.name}: {said.text}", 22, palette.TEXT, self.messages.w - 16)
        surface.blit(words, words.get_rect(midleft=(self.messages.x + 8,
                                                    self.messages.centery)))

    def _status(self) -> str:
        said = op.status(self.online, self.match)
        return said if said is not None else super()._status()

    def _draw_extras(self, surface: pygame.Surface) -> None:
        """The chat, under the panel's buttons."""
        top, bottom = self.move_list.rect.bottom + 4, self.panel.bottom - 8
        rect = pygame.Rect(self.panel.x + 14, top, self.panel.w - 28, bottom - top)
        op.draw_chat(surface, rect, self.online, self.match)

    def _seat_mark(self, surface: pygame.Surface, card: pygame.Rect, seat: int) -> str:
        right = op.draw_clock(surface, card, self.online, self.match, seat,
                              24 if self.side.compact else 30)
        op.dot(surface, (right - 14, card.y + 14), self.online, seat)
        if seat == self.online.my_seat:
            return "  ·  you"
        known = self.online.link == "connected"  # (while our link is down: not known)
        return "  ·  away" if known and not self.online.here(seat) else ""


def _taken_words(match: Match, seat: int, mine: int, replied: bool) -> str:
    """What a takeback asked by ``seat`` did, said to the player at ``mine``."""
    if seat == mine:
        other = match.seats[1 - mine].name
        return "Your last move was taken back" + (f", and {other}'s reply" if replied else "")
    return (f"{match.seats[seat].name}'s last move was taken back"
            + (", and your reply" if replied else ""))
