"""The play scene without a pointer: the move box, the board cursor and what is said.

The play scene makes one ``PlayAccess`` and hands it raw key events first (``capture``), the
moves it shows (``moved``) and a frame to draw on (its messages are said as they show:
``Services``). The move box and the cursor turn keys into what a click or a side-panel
button would do: the scene's own commands (select at the cursor's place, confirm, take back,
resign...) and, for a typed move, the scene's way of playing one, so the rules judge every
move one way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol

import pygame

from game.client.access.board_keys import BoardKeys
from game.client.access.movebox import REFUSED, MoveBox
from game.client.access.typed import MoveReader, Reading, normal
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Transition
from game.client.app.services import Services
from game.client.match import result
from game.client.view import GameView
from game.core.match import Match
from game.core.protocol import CHANCE
from game.plugin import GamePlugin

WORDS: Final = {
    "resign": c.RESIGN, "draw": c.OFFER_DRAW, "undo": c.TAKE_BACK, "redo": c.REDO,
    "hint": c.HINT, "last": "", "who": "", "score": "", "?": "",
}
"""What the move box takes besides moves; a command name, or "" for words it answers."""
ASKS_FIRST: Final = frozenset({c.RESIGN, c.OFFER_DRAW})
"""Words that open a question: the box closes so that Return answers it."""


class PlayHost(Protocol):
    """What of the play scene the access uses."""

    services: Services
    match: Match
    view: GameView
    plugin: GamePlugin

    @property
    def board_area(self) -> pygame.Rect: ...

    def command(self, command: Command) -> Transition | None: ...

    def dialog_open(self) -> bool: ...

    def spoken_to(self) -> int | None: ...


class PlayAccess:
    """The move box, the cursor and the spoken lines of one play scene."""

    def __init__(self, host: PlayHost, play: Callable[[object], None],
                 human_to_move: Callable[[], bool]) -> None:
        self.host = host
        self._play = play
        self._human_to_move = human_to_move
        self.box = MoveBox()
        game_context = f"game:{host.match.game.info.id}"
        self.board = BoardKeys(host.services.table, host.view, (game_context, inp.PLAY),
                               host.command, lambda words: self._say(words, interrupt=True))
        """The board cursor's keys."""
        self._reader: tuple[Any, MoveReader] | None = None
        self._said_ply = host.match.ply
        self._said_seat = host.match.to_move
        """The seat whose turn was said last (a turn of several moves is said once)."""
        self._say(f"{host.match.game.info.title}. {self.who()}. {self._keys()}")

    # -- keys ----------------------------------------------------------------------------

    def capture(self, event: pygame.event.Event) -> bool:
        """A raw event, before the input table: True when the box or the cursor took it."""
        if event.type != pygame.KEYDOWN or self.host.dialog_open():
            return False
        table = self.host.services.table
        binding = inp.binding_of(event)
        if self.box.shown:
            if binding is not None and (table.lookup(binding, (inp.GLOBAL,)) or table.lookup(
                    binding, (inp.PLAY,)) == c.COPY_WATCH_CODE):
                return False  # help, fullscreen and copying the watch code still work
            self._box_key(event)
            return True
        if binding is None:
            return False
        if table.lookup(binding, (inp.ACCESS,)) == inp.MOVE_BOX:
            self.box.open()
            self._say(f"Move box. {self._hint()}", interrupt=True)
            return True
        return self.board.key(binding)

    # -- the move box --------------------------------------------------------------------

    def _box_key(self, event: pygame.event.Event) -> None:
        box = self.box
        what = box.edit(event)
        if what == "close":
            box.close()
            self._say("Move box closed")
        elif what == "submit":
            self._submit()
        elif what == "edited":
            box.note = ""
            reading = self._read()
            only = reading.only  # whole: a quick typist's next letters never spill over
            if only is not None and only.equals(reading.typed) \
                    and not self._word_begins(reading.typed):
                self._play_typed(only.move)

    def reader(self) -> MoveReader:
        """The reader of the position on show (made anew when it changes)."""
        state = self.host.match.state
        if self._reader is None or self._reader[0] is not state:
            game = self.host.match.game
            self._reader = (state, MoveReader(game, self.host.plugin.text(), state))
        return self._reader[1]

    def _read(self, patient: bool = False) -> Reading:
        box = self.box
        reading = self.reader().read(box.line, patient)
        box.reading = reading
        before = self.host.match.state
        box.described = [self.host.plugin.describe(candidate.notation, before)
                         for candidate in reading.matches]
        return reading

    @staticmethod
    def _word_begins(typed: str) -> bool:
        return any(word.startswith(typed.strip()) for word in WORDS)

    def _submit(self) -> None:
        box = self.box
        typed = normal(box.line).strip()
        if not typed:
            box.close()
            return
        reading = self._read(patient=True)
        chosen = reading.exact or reading.only
        if chosen is not None:
            self._play_typed(chosen.move)
        elif typed in WORDS:
            self._word(typed)
        elif reading.matches:
            shown = ", ".join(candidate.shown for candidate in reading.matches[:3])
            self._note(f"{REFUSED}several moves match ({shown}...): keep typing", True)
        else:
            self._note(f"{REFUSED}{reading.problem or 'no legal move matches'}", True)

    def _play_typed(self, move: object) -> None:
        box = self.box
        if not self._human_to_move():
            self._note(f"{REFUSED}it is not your turn", True)
            return
        box.line, box.reading, box.described = "", None, ()
        self._play(move)

    def _word(self, word: str) -> None:
        command = WORDS[word]
        if command:
            if command in ASKS_FIRST:
                self.box.close()
            self.box.line, self.box.reading = "", None
            self.host.command(Command(command))
            return
        self.box.line, self.box.reading = "", None
        answer = {"last": self._last, "who": self.who, "score": self._score,
                  "?": self._hint}[word]()
        self._note(answer, False)

    def _note(self, words: str, refused: bool) -> None:
        self.box.note = words
        self._say(words.removeprefix(REFUSED) if not refused else words, interrupt=refused)

    def _key(self, ctx: str, command: str) -> str | None:
        """The key bound to ``command`` now, as it is written; None when it has none."""
        keys = self.host.services.table.keys(ctx, command)
        return inp.pretty(keys[0]) if keys else None

    def _keys(self) -> str:
        """The keys that play without a pointer, as bound now."""
        box = self._key(inp.ACCESS, inp.MOVE_BOX) or "unbound"
        down = self._key(inp.CURSOR, inp.CURSOR_DOWN) or "unbound"
        return f"{box} types a move, {down} shows the board cursor"

    def strip_keys(self) -> list[str]:
        """The message strip's first keys, while they are of use: the move box's when a
        person is to move (and the box is closed), the board cursor's when the board has
        places and the cursor is hidden; short, so that both fit a 900-pixel window."""
        over = self.host.match.is_over
        parts = []
        box = self._key(inp.ACCESS, inp.MOVE_BOX)
        if box and not self.box.shown and not over and self._human_to_move():
            parts.append(f"{box} type a move")
        down = self._key(inp.CURSOR, inp.CURSOR_DOWN)
        if down and not over and not self.board.cursor.shown and self.board.places():
            parts.append(f"{down} board cursor")
        return parts

    def _hint(self) -> str:
        """What the box takes (``?``), with moves of the position as examples."""
        examples = ", ".join(candidate.shown for candidate in self.reader().examples(3))
        moves = f"a move as records write it ({examples})" if examples else "a move"
        return f"Type {moves}, or one of: {', '.join(WORDS)}. Esc closes."

    def _last(self) -> str:
        match = self.host.match
        if match.ply == 0:
            return "No move yet"
        words = self.host.plugin.describe(match.moves[-1], match.state_at(match.ply - 1))
        return f"Last move: {words}"

    def who(self) -> str:
        """Whose turn it is and who sits where."""
        match = self.host.match
        seats = "; ".join(
            f"{seat.name}" + (f", computer {seat.level}" if seat.is_computer else "")
            for seat in match.seats)
        if match.is_over:
            turn = "The game is over"
        elif match.to_move == CHANCE:
            turn = "The dice roll"
        else:
            turn = f"{match.seats[match.to_move].name} to move"
        return f"{turn}. Players: {seats}"

    def _score(self) -> str:
        match = self.host.match
        return "; ".join(f"{seat.name}: {self.host.plugin.figure(match.state, number)}"
                         for number, seat in enumerate(match.seats))

    # -- what is said and drawn ----------------------------------------------------------

    def _say(self, words: str, interrupt: bool = False) -> None:
        self.host.services.speech.say(words, interrupt)

    def moved(self) -> None:
        """The match changed: say each new move in the move list's words, then whose turn
        it is when it passes (or after a take-back), or the result (a move taken back is said
        by the scene's message)."""
        match = self.host.match
        for ply in range(min(self._said_ply, match.ply), match.ply):
            words = self.host.plugin.describe(match.moves[ply], match.state_at(ply))
            self._say(words)
        if match.ply != self._said_ply:
            back = match.ply < self._said_ply
            self._said_ply = match.ply
            outcome = match.outcome
            if outcome is not None:
                self._say(result.words(match.seats, outcome, self.host.spoken_to()).line)
            elif match.to_move not in (CHANCE, self._said_seat) or back:
                self._say(f"{match.seats[match.to_move].name} to move")
            self._said_seat = match.to_move
        if self.box.shown:
            self._read()

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        area = self.host.board_area
        self.board.draw(surface, clock)
        self.box.draw(surface, area, "Type a move, or ? for what the box takes")
