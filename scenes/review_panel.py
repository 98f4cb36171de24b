"""The replay's review: the graph and summary under the board, marks in the move list, the
better move on the board, and the keys that go with them (N, Shift+N, B, R).

The replay scene hands commands, clicks and frames here; the review itself (running it,
storing it, what it says) is ``game.client.match.review_session``. The strip under the board
is reserved as soon as a review is on offer, so the board keeps its size while one runs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, Protocol

import pygame

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.scene import Push, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files import storage
from game.client.match.review import NoReviews
from game.client.match.review_session import BetterLine, GraphPoint, ReviewSession
from game.client.view import GameView, Suggests, SuggestsLine, last_turn, turned
from game.client.widgets.eval_graph import EvalGraph, Point
from game.client.widgets.fitted import Fitted
from game.client.widgets.movelist import History, Mark
from game.core.errors import RecordError
from game.core.match import Match
from game.core.record import read_record
from game.core.review.model import TURN_JOIN, Judgement, Review
from game.core.review.reviewing import StoredReview, stored_review
from scenes.common import button

RGB = tuple[int, int, int]

SHAPES: Final = {Judgement.INACCURACY: "circle", Judgement.MISTAKE: "square",
                 Judgement.BLUNDER: "diamond", Judgement.MISSED_WIN: "cross"}
ACTIONS: Final = {"review": "Review", "stop": "Stop review", "resume": "Resume review",
                  "redo": "Redo review", "deep": "Deep review", None: "Reviewed"}
GAP: Final = 6
LEARN: Final = "learn:"
"""Button names ``learn:<seat>``: learn from that seat's mistakes."""


def colour_of(judgement: Judgement) -> RGB:
    """A judgement's colour in the theme in use (its symbol and shape say it too)."""
    return {Judgement.INACCURACY: palette.INACCURACY, Judgement.MISTAKE: palette.MISTAKE,
            Judgement.BLUNDER: palette.WARN, Judgement.MISSED_WIN: palette.MISSED_WIN}[judgement]


def strip_height(size: tuple[int, int]) -> int:
    """The review strip's height: a readable graph at 600 pixels high, more room above."""
    return 96 if size[1] < 700 else 110 if size[1] < 1000 else 140


class Host(Protocol):
    """What the panel needs of the replay scene."""

    services: Services
    match: Match
    view: GameView
    history: History
    cursor: int
    buttons: dict[Any, str]
    root: Any
    fitted: Fitted
    """Lines shortened this frame, whole on hover."""

    def go_to(self, ply: int, animate: bool = False) -> None: ...


class ReviewPanel:
    """One replay's review controls and drawings (nothing when no review is on offer)."""

    def __init__(self, host: Host, offered: bool, source: Path | None = None,
                 start: bool = False) -> None:
        """``offered``: this replay may review its game (a finished game, not a watched
        table); ``source``: the file the game is kept in (the review is stored there);
        ``start``: begin the review at once (the result card's Review)."""
        self.host = host
        assert isinstance(host, Scene)
        self.scene: Scene = host
        """The host as the scene its buttons belong to."""
        services = host.services
        match = host.match
        self.plugin = services.plugin(match.game.info.id)
        self.session: ReviewSession | None = None
        if offered and self.plugin.analyst is not None \
                and not isinstance(services.reviews, NoReviews):
            self.session = ReviewSession(
                match, lambda: services.reviews.job(match.game.info.id),
                self._stored(source), None if source is None else self._keeper(source))
        self.graph = EvalGraph()
        self.strip = pygame.Rect(0, 0, 0, 0)
        self.info = pygame.Rect(0, 0, 0, 0)
        self.line: BetterLine | None = None
        self.step = 0
        self._labels: dict[int, str] = {}
        self._action: Any = None
        self._learn: dict[int, Any] = {}
        self._learn_for = False
        """Whether the Learn buttons were made for a complete review."""
        self._points: tuple[GraphPoint, ...] = ()
        self._drawn: list[Point] = []
        if self.session is not None and self.session.problem:
            services.toasts.show(self.session.problem, "error")
        if self.session is not None and start and self.session.next_action() in (
                "review", "resume", "redo"):
            self._toggle()

    # -- the file ------------------------------------------------------------------------

    def _stored(self, source: Path | None) -> StoredReview | None:
        """The review kept in the game's file, checked; None when it holds none."""
        if source is None:
            return None
        try:
            record = read_record(source)
        except (RecordError, OSError):
            return None
        if record.analysis is None and record.analysis_problem is None:
            return None
        load = self.plugin.analyst
        engine = None if load is None else load().version
        return stored_review(record, self.host.match, engine)

    def _keeper(self, source: Path) -> Callable[[Review], None]:
        services, match = self.host.services, self.host.match

        def keep(review: Review) -> None:
            services.writer.submit(lambda: storage.keep_review(source, match, review),
                                   lambda problem: services.toasts.show(problem, "error"))
        return keep

    @property
    def analysis(self) -> Review | None:
        """The review a Save writes with the game (a stale one is not kept)."""
        session = self.session
        return None if session is None or session.stale else session.review

    # -- layout --------------------------------------------------------------------------

    def layout(self, board: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
        """The board's rectangle once the strip under it is taken (the whole of it when no
        review is on offer)."""
        if self.session is None:
            self.strip = pygame.Rect(0, 0, 0, 0)
            return board
        height = strip_height(size)
        board = pygame.Rect(board.x, board.y, board.w, board.h - height - GAP)
        self.strip = pygame.Rect(board.x, board.bottom + GAP, board.w, height)
        info_w = max(260, min(420, board.w * 2 // 5))
        self.graph.layout(pygame.Rect(self.strip.x, self.strip.y, self.strip.w - info_w - GAP,
                                      height))
        self.info = pygame.Rect(self.strip.right - info_w, self.strip.y, info_w, height)
        return board

    def build(self) -> None:
        """The strip's buttons: the review's next step, and learning from each player's
        mistakes (when that scene is on offer)."""
        self._action, self._learn, self._learn_for = None, {}, False
        if self.session is None:
            return
        host = self.host
        row = self._button_h()
        rect = pygame.Rect(self.info.x, self.info.bottom - row, (self.info.w - GAP) // 2, row)
        self._action = button(self.scene, rect, ACTIONS[self.session.next_action()],
                              self._tip(c.REVIEW_GAME))
        host.buttons[self._action] = c.REVIEW_GAME
        rect = rect.move(rect.w + GAP, 0)
        host.buttons[button(self.scene, rect, "Better move", self._tip(c.BETTER_MOVE))] = \
            c.BETTER_MOVE
        self._build_learn()
        self._sync_buttons()

    def _button_h(self) -> int:
        return 28 if self.strip.h < 100 else 34

    def _tip(self, name: str) -> str:
        keys = self.host.services.table.keys(inp.REPLAY, name)
        return f"Key: {inp.pretty(keys[0])}" if keys else ""

    def _build_learn(self) -> None:
        """A small Learn button at the end of each summary line with mistakes in it."""
        session = self.session
        self._learn_for = session is not None and session.complete
        if session is None or not session.complete:
            return
        review = session.review
        assert review is not None
        line = self._line_h()
        width = 70
        for seat in range(review.seats):
            if not review.judged(seat):
                continue
            y = self.info.y + line * (seat + 1) + 1
            rect = pygame.Rect(self.info.right - width, y, width, line - 2)
            name = self.host.match.seats[seat].name
            widget = button(self.scene, rect, "Learn", f"Learn from {name}'s mistakes")
            self.host.buttons[widget] = f"{LEARN}{seat}"
            self._learn[seat] = widget

    def _sync_buttons(self) -> None:
        if self.session is None or self._action is None:
            return
        text = ACTIONS[self.session.next_action()]
        if self._action.text != text:
            self._action.set_text(text)
        if self.session.next_action() is None:
            self._action.disable()

    def _line_h(self) -> int:
        return max(20, (self.info.h - self._button_h() - 4) // 3)

    # -- commands ------------------------------------------------------------------------

    def handles(self, name: str) -> bool:
        """Whether a command is the review's (the arrows and Esc are, while a better line
        is shown)."""
        if self.line is not None and name in (c.STEP_FORWARD, c.STEP_BACK, c.BACK):
            return True
        return name in (c.REVIEW_GAME, c.NEXT_MISTAKE, c.PREVIOUS_MISTAKE, c.BETTER_MOVE) \
            or name.startswith(LEARN)

    def command(self, name: str) -> Transition | None:
        services = self.host.services
        if self.session is None:
            services.toasts.show("There is no computer review for this game here", "error")
            services.sounds.play("refuse")
            return None
        if name == c.REVIEW_GAME:
            self._toggle()
        elif name in (c.NEXT_MISTAKE, c.PREVIOUS_MISTAKE):
            self._to_mistake(name == c.NEXT_MISTAKE)
        elif name == c.BETTER_MOVE:
            if self.line is not None:
                self.leave_line()
            else:
                self._show_better()
        elif name == c.STEP_FORWARD:
            self._step(1)
        elif name == c.STEP_BACK:
            self._step(-1)
        elif name == c.BACK:
            self.leave_line()
        elif name.startswith(LEARN):
            return self._learn_from(int(name[len(LEARN):]))
        return None

    def _toggle(self) -> None:
        session = self.session
        assert session is not None
        try:
            done = session.toggle()
        except LookupError as err:
            self.host.services.toasts.show(f"No review here: {err}", "error")
            return
        if done is None:
            self.host.services.toasts.show("This game has its deep review already")
        elif done == "stop":
            self._report_end()
        self._refresh()

    def _to_mistake(self, forward: bool) -> None:
        session = self.session
        assert session is not None
        self.leave_line()
        ply = session.next_mistake(self.host.cursor, forward)
        if ply is None:  # round again from the other end
            ply = session.next_mistake(-1 if forward else self.host.match.ply + 1, forward)
        if ply is None:
            words = "No mistakes in this game" if session.complete else \
                "No mistakes in the moves reviewed so far"
            if session.review is None:
                words = "Review the game first (R) to find its mistakes"
            self.host.services.toasts.show(words)
            return
        self.host.view.skip()
        self.host.go_to(ply.position_after)
        judgement = ply.judgement
        assert judgement is not None
        self.host.services.toasts.show(f"{judgement.symbol} {judgement.label}: "
                                       f"{self._words(ply.first, ply.move)}. "
                                       "B shows the better move")

    def _learn_from(self, seat: int) -> Transition | None:
        session = self.session
        if session is None or session.review is None or not session.complete:
            return None
        return Push(self.host.services.scenes.mistakes(self.host.services, self.host.match,
                                                        session.review, seat,
                                                        flipped=turned(self.host.view)))

    # -- the better move -----------------------------------------------------------------

    def _show_better(self) -> None:
        services = self.host.services
        session = self.session
        assert session is not None
        ply = session.ply_shown(self.host.cursor)
        if ply is None:
            words = "Step to a reviewed move to see the better one" if session.review \
                else "Review the game first (R) to see better moves"
            services.toasts.show(words)
            return
        line = session.better_line(ply)
        if line is None:
            services.toasts.show("The computer found no move here")
            return
        if ply.played_best:
            services.toasts.show("The move played was the computer's choice too", "good")
        self.host.view.skip()
        self.line, self.step = line, 0
        self._show_step()

    def _step(self, by: int) -> None:
        line = self.line
        assert line is not None
        self.step = max(0, min(len(line.steps), self.step + by))
        self._show_step()

    def _show_step(self) -> None:
        line = self.line
        assert line is not None
        view = self.host.view
        view.set_interactive(True)
        view.clear()
        if self.step:
            view.show(line.states[self.step], line.results[self.step - 1])
        else:
            view.show(line.states[0], last_turn(self.host.match, line.ply.position_before))
        if self.step < len(line.steps):
            moves = line.steps[self.step]
            if isinstance(view, SuggestsLine) and len(moves) > 1:
                view.suggest_line(moves)
            elif isinstance(view, Suggests):
                view.suggest(moves[0])

    def leave_line(self) -> None:
        """Back to the game's position from a better line (nothing if none is shown)."""
        if self.line is None:
            return
        self.line = None
        view = self.host.view
        view.clear()
        view.set_interactive(False)
        self.host.go_to(self.host.cursor)

    def where(self) -> str | None:
        """The line above the board while a better line is shown."""
        line = self.line
        if line is None:
            return None
        best = line.ply.line[0] if line.ply.line else ""
        head = f"Better: {self._words(line.ply.first, best)}"
        return f"{head}  ·  step {self.step} of {len(line.steps)}  ·  Right / Left, Esc back"

    def _words(self, index: int, move: str) -> str:
        """A ply's moves in words, from the position before record move ``index``."""
        match = self.host.match
        state = match.state_at(index)
        words = []
        for text in move.split(TURN_JOIN):
            words.append(self.plugin.describe(text, state))
            try:
                state = match.game.apply(state, match.game.parse_move(text)).state
            except Exception:  # words for people only: a bad line just reads shorter
                break
        return "; ".join(words)

    # -- frames --------------------------------------------------------------------------

    def update(self) -> bool:
        """Poll a running review; True when what is shown changed."""
        session = self.session
        if session is None or not session.poll():
            return False
        if not session.running:
            self._report_end()
        self._refresh()
        return True

    def _refresh(self) -> None:
        if self.session is not None and self.session.complete != self._learn_for and \
                self.host.root is not None:
            for widget in self._learn.values():
                self.host.buttons.pop(widget, None)
                widget.kill()
            self._learn = {}
            self._build_learn()
        self._sync_buttons()

    def _report_end(self) -> None:
        session = self.session
        if session is None or session.running:
            return
        toasts = self.host.services.toasts
        if session.error:
            toasts.show(f"The review stopped: {session.error}", "error")
        if session.fell_back:
            toasts.show("Deep review stopped: the quick review is kept")
            return
        if session.review is None or not session.review.plies:
            return
        kept = "stored with the game" if session.keep is not None else \
            "Save (Ctrl+S) keeps it with the game"
        if session.complete:
            toasts.show(f"Review done: {kept}", "good")
        else:
            toasts.show(f"Review stopped at {session.done} of {session.total} moves "
                        f"(R resumes); {kept}")

    @property
    def running(self) -> bool:
        return self.session is not None and self.session.running

    def marks(self) -> dict[int, Mark]:
        if self.session is None:
            return {}
        return {index: Mark(f"{j.symbol} {j.label}", colour_of(j))
                for index, j in self.session.marks().items()}

    def hover(self, pos: tuple[int, int] | None) -> None:
        if self.session is not None:
            self.graph.hover(pos)

    def clicked(self, event: pygame.event.Event) -> int | None:
        """The position a click on the graph asks for."""
        if self.session is None:
            return None
        return self.graph.clicked(event)

    def close(self) -> None:
        if self.session is not None:
            self.session.close()

    # -- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, colours: tuple[RGB, ...]) -> None:
        session = self.session
        if session is None:
            return
        pair = (colours[0], colours[1] if len(colours) > 1 else palette.MUTED)
        points = session.points()
        if points is not self._points:
            self._points, self._drawn = points, [self._point(p) for p in points]
        self.graph.show(self._drawn, pair, self.host.cursor)
        self.graph.draw(surface)
        pygame.draw.rect(surface, palette.PANEL, self.info, border_radius=6)
        line = self._line_h()
        x, width = self.info.x + 8, self.info.w - 16
        y = self.info.y + 2
        self.host.fitted.blit(surface, _first_fitting(self._status(), width), fonts.MIN_SIZE,
                              palette.TEXT, width, (x, y))
        if session.running or (session.review is not None and not session.complete
                               and not session.stale):
            self._draw_progress(surface, pygame.Rect(x, y + line, width, line - 6))
            return
        review = session.shown()
        if review is None or not review.plies:
            return
        for summary in review.summaries():
            y += line
            learn = summary.seat in self._learn
            size = min(14, line - 6)
            swatch = pygame.Rect(x, y + (line - size) // 2, size, size)
            pygame.draw.rect(surface, colours[min(summary.seat, len(colours) - 1)], swatch,
                             border_radius=3)
            room = width - 18 - (76 if learn else 0)
            words = _first_fitting(self._summary_words(summary.seat, review), room)
            self.host.fitted.blit(surface, words, fonts.MIN_SIZE, palette.TEXT, room,
                                  (swatch.right + 6, y))

    def _status(self) -> tuple[str, ...]:
        """The review's state in words, longest first (the first that fits is shown)."""
        session = self.session
        assert session is not None
        if session.running:
            return (f"Reviewing ({session.depth}): {session.done} of {session.total} moves",
                    f"Reviewing: {session.done} of {session.total}")
        if session.error:
            return (f"Review failed: {session.error}",)
        if session.stale:
            return ("Made by an older engine: Redo to review again",
                    "An older engine's review: Redo")
        if session.review is None or not session.review.plies:
            key = self._key(c.REVIEW_GAME)
            return (f"Not reviewed yet: Review ({key}) judges every move",
                    f"Not reviewed yet: Review ({key})")
        if not session.complete:
            return (f"Stopped at {session.done} of {session.total} moves",)
        mistake, better = self._key(c.NEXT_MISTAKE), self._key(c.BETTER_MOVE)
        return (f"Review ({session.depth}): {mistake} next mistake, {better} better move",
                f"{mistake} next mistake, {better} better move",
                f"{mistake} mistake, {better} better")

    def _key(self, name: str) -> str:
        keys = self.host.services.table.keys(inp.REPLAY, name)
        return inp.pretty(keys[0]) if keys else "-"

    def _draw_progress(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        session = self.session
        assert session is not None
        pygame.draw.rect(surface, palette.BOARD, bar, border_radius=4)
        if session.total:
            done = bar.copy()
            done.w = round(bar.w * session.done / session.total)
            pygame.draw.rect(surface, palette.GOOD, done, border_radius=4)
        pygame.draw.rect(surface, palette.GRID, bar, 1, border_radius=4)

    def _summary_words(self, seat: int, review: Review) -> tuple[str, ...]:
        """A player's figures, longest wording first."""
        summary = review.summaries()[seat]
        name = self.host.match.seats[seat].name
        counts = summary.counts
        judgements = (Judgement.INACCURACY, Judgement.MISTAKE, Judgement.BLUNDER)
        marks = "  ".join(f"{counts[j]} {j.symbol}" for j in judgements)
        short = " ".join(f"{counts[j]}{j.symbol}" for j in judgements)
        missed = counts[Judgement.MISSED_WIN]
        if missed:
            marks += f"  {missed} missed win{'s' if missed > 1 else ''}"
            short += f" {missed} missed"
        if summary.points_lost is not None:
            lost = f"{summary.points_lost:.1f}"
            return (f"{name}: {lost} points lost  ·  {marks}", f"{name}: -{lost} pts  {short}",
                    f"-{lost} pts  {short}")
        accuracy = "-" if summary.accuracy is None else f"{summary.accuracy:.0f}%"
        return (f"{name}: {accuracy} accuracy  ·  {marks}", f"{name}: {accuracy}  {short}",
                f"{accuracy}  {short}")

    def _point(self, point: GraphPoint) -> Point:
        ply = point.ply
        judgement = None if ply is None else ply.judgement
        return Point(point.index, point.value, self._label(point),
                     None if judgement is None else SHAPES[judgement],
                     palette.TEXT if judgement is None else colour_of(judgement))

    def _label(self, point: GraphPoint) -> str:
        """What hovering a point says: the move, and the review's words on it."""
        span = point.span
        if span.first not in self._labels:
            turn = self.host.history.turn_of(span.first)
            number = f"{turn.number}. " if turn is not None and turn.number else ""
            self._labels[span.first] = f"{number}{self._words(span.first, span.move)}"
        words = self._labels[span.first]
        ply = point.ply
        if ply is None:
            return f"{words}  ·  not reviewed yet"
        judgement = ply.judgement
        if judgement is not None:
            words += f"  ·  {judgement.symbol} {judgement.label}"
        if ply.points_after is not None:
            return f"{words}  ·  {ply.points_after:.1f} points expected"
        first = self.host.match.seats[0].name
        return f"{words}  ·  {first} {round(point.value * 100)}%"


def _first_fitting(wordings: tuple[str, ...], width: int) -> str:
    """The longest of ``wordings`` that fits ``width`` at the strip's size (else the last,
    which ``fonts.fit`` then shortens)."""
    font = fonts.font(fonts.MIN_SIZE)
    return next((words for words in wordings if font.size(words)[0] <= width), wordings[-1])
