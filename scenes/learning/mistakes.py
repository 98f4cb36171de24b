"""Learn from your mistakes: one player's judged moves of a reviewed game, one by one.

Each shows the position the player faced (the replay's, on the real board with the real
input) and asks for a better move. The answer is a whole turn (Piously's several actions
are one answer, judged once the turn passes); the rules refuse an illegal move with their
reason, as everywhere. A legal answer is valued by the game's analyst off the UI thread
(``services.evaluations``), the way the review valued the move played, and accepted when the
review would not have remarked on it (``game.core.review.mistakes``): within 5 points of win
chance of the best move. Show me draws the best move as a hint is drawn, Skip goes on, and
the mistakes put right are remembered per game (``game.client.files.mistakes``), so the
game opened again starts at the first one left.
"""

from __future__ import annotations

import enum
from typing import Any

import pygame

from game.client.app import commands as c
from game.client.app.commands import Command
from game.client.app.scene import Pop, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files.mistakes import MistakeProgress, game_key
from game.client.match.evaluation import EvaluationError, Evaluator
from game.client.view import FitsMany, Suggests, SuggestsLine, last_turn
from game.core.errors import GameError
from game.core.match import Match
from game.core.review.mistakes import accepted, answer_moves, judge_answer, known_answer, turn_over
from game.core.review.model import TURN_JOIN, PlyReview, Review
from game.core.text import counted
from scenes.common import enable
from scenes.learning.board_panel import MARGIN, BoardPanelScene, Line

SHOW = "mistake_show"
SKIP = "mistake_skip"
RETRY = "mistake_retry"


class Stage(enum.Enum):
    """Where the player is with the mistake on the board."""

    ANSWERING = "answering"
    """The player's turn: a move (or the rest of a turn) is awaited."""
    JUDGING = "judging"
    """A whole answer was played; the analyst is valuing it."""
    RIGHT = "right"
    """The answer was good enough (or the better move shown was played)."""
    WRONG = "wrong"
    """The answer was no better, or could not be valued."""


class MistakesScene(BoardPanelScene):
    def __init__(self, services: Services, match: Match, review: Review, seat: int) -> None:
        self.mistakes: tuple[PlyReview, ...] = review.judged(seat)
        if not self.mistakes:
            raise ValueError(f"{match.seats[seat].name} made no mistake the review judged")
        super().__init__(services, match.game)
        self.match = match
        self.review = review
        self.seat = seat
        if isinstance(self.view, FitsMany):  # one board size from mistake to mistake
            self.view.fit_many([match.state_at(index) for ply in self.mistakes
                                for index in (ply.position_before, ply.position_after)])
        self.key = game_key(match)
        self.progress = MistakeProgress(services.paths.mistakes)
        if self.progress.problem:
            services.toasts.show(self.progress.problem, "error")
        solved = self.progress.of(self.key)
        self.index = next((i for i, ply in enumerate(self.mistakes) if ply.ply not in solved),
                          0)
        self.solved_now: set[int] = set()
        """Plies put right in this visit (for the count said on leaving)."""
        self._evaluator: Evaluator | None = None
        self.answer_judged: PlyReview | None = None
        """The last whole answer as the review would have judged it."""
        self.stage = Stage.ANSWERING
        self._interactive = True
        self._shown: tuple[Any, ...] | None = None
        """The better move's moves still to play while Show me has them on the board."""
        self._showed = False
        """Show me was used on this mistake (finding its move then solves nothing)."""
        self.attempt = self._begin()

    @property
    def mistake(self) -> PlyReview:
        return self.mistakes[self.index]

    # -- a mistake on the board ----------------------------------------------------------

    def _begin(self) -> Match:
        """The position before the current mistake, the player to move (again)."""
        if self._evaluator is not None:
            self._evaluator.cancel()
        ply = self.mistake
        attempt = self.match.branch(ply.position_before)
        self.view.show(attempt.state, last_turn(self.match, ply.position_before))
        self.view.set_interactive(True)
        self.stage = Stage.ANSWERING
        self.answer_judged = None
        self._shown = None
        self._interactive = True
        return attempt

    @property
    def answer(self) -> str:
        """The answer played so far, in the review's notation (a turn's moves joined)."""
        return TURN_JOIN.join(self.attempt.moves[self.mistake.position_before:])

    def _retry(self) -> None:
        self.message = None
        self.attempt = self._begin()
        self._refresh()

    def _go(self, index: int) -> Transition | None:
        if index >= len(self.mistakes):
            return self._leave()
        self.index = index
        self.message = None
        self._showed = False
        self.attempt = self._begin()
        self._refresh()
        return None

    def _leave(self) -> Transition:
        if self.solved_now:
            self.services.toasts.show(
                f"Put right: {counted(len(self.solved_now), 'mistake')} of "
                f"{len(self.mistakes)}", "good")
        return Pop()

    def exit(self) -> None:
        if self._evaluator is not None:
            self._evaluator.close()
        super().exit()

    # -- layout --------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        self._place(size)
        self.buttons = {}
        self._build_buttons(size, fonts.grow(30 if size[1] < 720 else 36), [
            [(f"Show me ({self._key(c.HINT)})", SHOW, "Draw the better move"),
             (f"Try again ({self._key(c.TAKE_BACK)})", RETRY,
              "The position before the mistake again")],
            [(f"Skip ({self._key(c.REDO)})", SKIP, "The next mistake"),
             (f"Back ({self._key(c.BACK)})", c.BACK, "Back to the replay")]],
            "Play the move on the board")
        self._refresh()

    def _refresh(self) -> None:
        """Buttons live as the stage says; Skip says Next once the mistake is put right."""
        last = self.index + 1 == len(self.mistakes)
        skip = ("Back to the replay" if last else "Next") if self.stage is Stage.RIGHT \
            else "Skip"
        for widget, name in self.buttons.items():
            enable(widget, self._live(name))
            if name == SKIP:
                text = f"{skip} ({self._key(c.REDO)})"
                if widget.text != text:
                    widget.set_text(text)

    def _live(self, name: str) -> bool:
        if name in (c.BACK, SKIP):
            return True
        if name == RETRY:
            return self.stage is not Stage.ANSWERING or self.attempt.ply > \
                self.mistake.position_before
        if name == SHOW:
            return self.stage is not Stage.JUDGING and self.mistake.best is not None
        if self.stage is not Stage.ANSWERING or not self.board.offers(name):
            return False
        return name != c.CONFIRM or self.view.proposal().move is not None

    # -- input ---------------------------------------------------------------------------

    def board_command(self, command: Command) -> Transition | None:
        name = command.name
        moving = self.view.busy(self._clock)
        if self.board.skip(name, self._clock):
            return None
        if name == c.CONFIRM and moving and self.stage is not Stage.ANSWERING:
            return None  # it ended the animation: the verdict is still to be read
        if name in (SKIP, c.REDO):
            return self._go(self.index + 1)
        if name in (RETRY, c.TAKE_BACK):
            self._retry()
            return None
        if name in (SHOW, c.HINT):
            self._show_better()
            return None
        if name == c.CONFIRM and self.stage is Stage.RIGHT:
            return self._go(self.index + 1)
        if name == c.CONFIRM and self.stage is Stage.WRONG:
            self._retry()
            return None
        if self.stage is Stage.ANSWERING:
            self._answer(command)
        return None

    def _say(self, text: str, colour: tuple[int, int, int]) -> None:
        """The panel's message, said aloud too when the player has speech on."""
        super()._say(text, colour)
        assert self.message is not None
        self.services.speech.say(self.message[0], True)

    # -- the answer ----------------------------------------------------------------------

    def _play(self, move: object) -> None:
        """One move of the answer, checked by the rules; the answer is judged once the
        player's turn is over."""
        before = self.attempt.state
        try:
            self.game.check_move(before, move)
            result = self.attempt.play(move)
        except GameError as err:
            self._refuse(str(err))
            return
        self.message = None
        self.view.animate(before, result, self._clock)
        self._set_interactive(False)
        if turn_over(self.game, self.attempt.state, self.seat):
            self._judge()
        elif self._shown is not None:
            self._shown = self._shown[1:] if self._shown[:1] == (move,) else None
        self._refresh()

    def _judge(self) -> None:
        """Value the whole answer: at once when the review knows it, else by the analyst."""
        ply, text = self.mistake, self.answer
        known = known_answer(ply, text)
        if known is None and self.game.outcome(self.attempt.state) is not None:
            known = judge_answer(ply, text, self.game, self.attempt.state, None)
        if known is not None:
            self._judged(known)
            return
        try:
            if self._evaluator is None:
                self._evaluator = self.services.evaluations.evaluator(self.game.info.id)
            self._evaluator.start(self.attempt, self.review.budget)
        except (LookupError, ValueError, EvaluationError) as err:
            self._cannot_judge(str(err))
            return
        self.stage = Stage.JUDGING

    def _poll(self) -> None:
        if self.stage is not Stage.JUDGING or self._evaluator is None:
            return
        try:
            verdict = self._evaluator.poll()
            if verdict is None:
                return
            answer = judge_answer(self.mistake, self.answer, self.game, self.attempt.state,
                                  verdict)
        except (EvaluationError, ValueError) as err:  # a verdict the review cannot use
            self._cannot_judge(str(err))
            return
        self._judged(answer)

    def _cannot_judge(self, reason: str) -> None:
        self.stage = Stage.WRONG
        self._refuse(f"the computer could not weigh this move: {reason}. "
                     f"Try again ({self._key(c.TAKE_BACK)}) or Skip ({self._key(c.REDO)}).")
        self._refresh()

    def _judged(self, answer: PlyReview) -> None:
        ply = self.mistake
        self.answer_judged = answer
        if accepted(answer):
            self.stage = Stage.RIGHT
            was_shown = self._showed
            if was_shown:
                words = "That is the better move." if answer.move == ply.best else \
                    "Good enough (not counted as put right: the better move was shown)."
            else:
                words = "Well found! " + ("That is the computer's move too." if
                                          answer.move == ply.best else
                                          f"{self._value_words(answer)} against "
                                          f"{self._best_words(ply)} with its best move.")
                self._solved(ply)
            last = self.index + 1 == len(self.mistakes)
            words += f"  {'Back to the replay' if last else 'Next'} ({self._key(c.CONFIRM)})."
            self._say(words, palette.GOOD)
            self.services.sounds.play("fanfare" if not was_shown else "click")
        else:
            self.stage = Stage.WRONG
            judgement = answer.judgement
            assert judgement is not None
            same = answer.move == ply.move
            head = "That is the move played in the game" if same else \
                f"{judgement.symbol} That would be {_article(judgement.label)}"
            self._say(f"{head}: {self._value_words(answer)} against "
                      f"{self._best_words(ply)} with the best move.  Try again "
                      f"({self._key(c.CONFIRM)}), Show me ({self._key(c.HINT)}) or Skip "
                      f"({self._key(c.REDO)}).", palette.WARN)
            self.services.sounds.play("refuse")
        self._refresh()

    def _solved(self, ply: PlyReview) -> None:
        self.solved_now.add(ply.ply)
        store = self.progress.mark_solved(self.key, ply.ply)
        self.services.writer.submit(store,
                                    lambda problem: self.services.toasts.show(problem, "error"))

    def _value_words(self, answer: PlyReview) -> str:
        """What an answer is worth to the player, as the review counts."""
        if answer.points_after is not None:
            return f"{answer.points_after:.1f} points expected"
        if answer.ended:
            return {1.0: "a win", 0.5: "a draw"}.get(answer.after, "a loss")
        return f"{round(answer.after * 100)}% win chance"

    def _best_words(self, ply: PlyReview) -> str:
        if ply.points_before is not None:
            return f"{ply.points_before:.1f}"
        if ply.proof is not None and ply.proof.wins:
            return f"a win ({ply.proof.text})"
        return f"{round(ply.before * 100)}%"

    # -- show me -------------------------------------------------------------------------

    def _show_better(self) -> None:
        """Draw the better move as a hint is drawn, its first move pending for Confirm."""
        ply = self.mistake
        if ply.best is None or self.stage is Stage.JUDGING:
            return
        try:
            moves = answer_moves(self.game, ply.best)
        except GameError:
            self._say("The computer's better move cannot be shown here.", palette.WARN)
            return
        if self.stage is not Stage.ANSWERING or self.attempt.ply > ply.position_before:
            self.attempt = self._begin()
        self._showed = True
        self._shown = moves
        self._suggest(moves)
        words = self._moves_words(ply.position_before, moves)
        if isinstance(self.view, Suggests | SuggestsLine):
            self._say(f"Shown on the board: {words}. Confirm ({self._key(c.CONFIRM)}) plays "
                      "it.", palette.ACCENT)
        else:
            self._say(f"The better move: {words}.", palette.ACCENT)
        self._refresh()

    def _suggest(self, moves: tuple[Any, ...]) -> None:
        if isinstance(self.view, SuggestsLine) and len(moves) > 1:
            self._feedback(self.view.suggest_line(moves))
        elif isinstance(self.view, Suggests):
            self._feedback(self.view.suggest(moves[0]))

    def _moves_words(self, index: int, moves: tuple[Any, ...]) -> str:
        """A turn's moves in words, from the game's position before record move ``index``."""
        state = self.match.state_at(index)
        words = []
        for move in moves:
            notation = self.game.format_move(move)
            words.append(self.plugin.describe(notation, state))
            try:
                state = self.game.apply(state, move).state
            except GameError:
                break
        return "; ".join(words)

    # -- frames --------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        self._tick(clock)
        self._poll()
        if self.view.busy(clock):
            return None
        if self.stage is Stage.ANSWERING and not self._interactive:
            self._set_interactive(True)
            if self._shown:  # the rest of the better turn shown, its next move pending
                self._suggest(self._shown)
            self._refresh()
        return None

    def animating(self, clock: float) -> bool:
        return self.view.busy(clock) or self.stage is Stage.JUDGING

    # -- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        self.view.draw(surface, clock)
        self.keys.draw(surface, clock)
        name = self.match.seats[self.seat].name
        title = fonts.fit(f"Learn from your mistakes: {name}", 30, palette.ACCENT,
                          self.panel.x - 2 * MARGIN, True)
        surface.blit(title, (MARGIN + 4, MARGIN))
        self._draw_panel(surface)

    def panel_lines(self, scale: float = 1.0, width: int = 300) -> list[Line]:
        """The panel's text as (line, size, colour, bold), the sizes times ``scale``."""
        small, body, big = round(22 * scale), round(24 * scale), round(30 * scale)
        ply = self.mistake
        judgement = ply.judgement
        assert judgement is not None
        count = f"Mistake {self.index + 1} of {len(self.mistakes)}"
        if ply.ply in self.progress.of(self.key):
            count += "  ·  solved"
        lines = [(count, small, palette.MUTED, False)]
        lines += [(line, big, palette.TEXT, True) for line in
                  fonts.wrap(f"{judgement.symbol} {judgement.label}", big, width, bold=True)]
        played = self._moves_words(ply.position_before,
                                   answer_moves(self.game, ply.move))
        said = f"In the game: {played} ({self._value_words(ply)}; {self._best_words(ply)} " \
               "with the best move)."
        lines += [(line, small, palette.MUTED, False) for line in fonts.wrap(said, small, width)]
        lines.append(("", 8, palette.MUTED, False))
        lines += [(line, body, palette.TEXT, False)
                  for line in fonts.wrap("Find a better move.", body, width)]
        waiting = "The computer is weighing your move..." if self.stage is Stage.JUDGING \
            else None
        return lines + self._foot_lines(small, body, width, waiting,
                                        self.stage is Stage.ANSWERING)

    def _player_seat(self) -> int:
        return self.seat

    def _side(self, colour: tuple[int, int, int]) -> str:
        side = self.match.seats[self.seat].name
        named = palette.colour_name(colour) if self.plugin.seat_colours is None else None
        if named:  # the colour the player chose, in words as well: colour is never alone
            side = f"{side} ({named})"
        return side


def _article(label: str) -> str:
    """"an inaccuracy", "a mistake", "a blunder", "a missed win"."""
    word = label.lower()
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"
