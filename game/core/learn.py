"""Lessons and puzzles as data, judged by the rules (the format is in docs/learn.md).

A *step* is a position (the game's own ``encode`` text), a sentence saying what to do, the
board places to look at, and a goal. The learner plays real moves; the rules say whether a
move is legal (and why not); the goal says whether the legal moves played reach what the
step teaches: a win, or events of the rules' own kinds (a cascade's second wave, a fort
spawned), never a particular click. Moves by the other side (an opponent, the dice) come
from the step's scripted ``replies`` or, for puzzles, from a computer player.

A lesson is a list of steps; a puzzle is one step with a grade. Files are loaded and fully
validated up front, like records: every step's expected ``answer`` is played through the
rules and must pass its own goal, so a broken lesson is refused with the reason, never
shown.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from game.core.errors import GameError
from game.core.files import FileRefused, read_bounded, shown_name
from game.core.match import Match
from game.core.protocol import CHANCE, Event, Game, MoveResult
from game.core.registry import Registry
from game.core.text import printable

FORMAT: Final = "conquid-arcade-learn"
FORMAT_VERSION: Final = 1
COMPUTER: Final = "computer"
"""``replies`` value: the other side's moves come from a computer player (puzzles)."""
GRADES: Final = ("easy", "medium", "hard")
MAX_BYTES: Final = 4 * 1024 * 1024
STEP_KEYS: Final = frozenset(
    {"position", "options", "say", "marks", "goal", "replies", "answer", "wrong", "done",
     "claims"}
)
GOAL_KEYS: Final = frozenset({"win", "moves", "expect", "forbid", "within"})
CLAIM_KEYS: Final = frozenset(
    {"says", "position", "after", "expect", "forbid", "outcome", "refused", "because"}
)
OUTCOMES: Final = ("win", "loss", "draw", "none")
"""A claim's ``outcome``, seen from the learner (the side to move in the claim's position)."""


class LearnError(ValueError):
    """A lesson or puzzle file that cannot be used; the message says where and why."""


# -- the format -------------------------------------------------------------------------


@dataclass(frozen=True)
class EventPattern:
    """Matches events of one class (by name) whose named fields have the given values."""

    event: str
    fields: tuple[tuple[str, str], ...] = ()

    def matches(self, event: Event) -> bool:
        if type(event).__name__ != self.event:
            return False
        for name, wanted in self.fields:
            value = getattr(event, name, None)
            if isinstance(value, enum.Enum):
                value = value.value
            if value is None or str(value) != wanted:
                return False
        return True


@dataclass(frozen=True)
class Goal:
    """What a step asks: all of its parts must hold within ``within`` of the learner's moves."""

    win: bool = False
    moves: str | None = None
    """A pattern (regular expression) every move of the learner's must match, in notation."""
    expect: tuple[EventPattern, ...] = ()
    """Events that must happen (each pattern at least once), replies included."""
    forbid: tuple[EventPattern, ...] = ()
    """Events that must not happen, replies included."""
    within: int = 1

    def fits(self, notation: str) -> bool:
        return self.moves is None or re.fullmatch(self.moves, notation, re.IGNORECASE) is not None

    def met(self, won: bool, events: Sequence[Event]) -> bool:
        if self.win and not won:
            return False
        if any(pattern.matches(event) for pattern in self.forbid for event in events):
            return False
        return all(any(pattern.matches(event) for event in events) for pattern in self.expect)


@dataclass(frozen=True)
class Claim:
    """A rule a lesson sentence states, in a form the rules decide (docs/learn.md).

    ``says`` quotes the sentence's words; the rest is a little experiment played through the
    rules from the step's position (or the claim's own): the moves in ``after`` are legal and
    make the ``expect`` events happen and not the ``forbid`` ones, ending in ``outcome``; or
    the move ``refused`` is illegal there, for a reason containing ``because``. A sentence
    teaching a wrong rule then fails at load, like a wrong answer does.
    """

    says: str
    position: str | None = None
    after: tuple[str, ...] = ()
    expect: tuple[EventPattern, ...] = ()
    forbid: tuple[EventPattern, ...] = ()
    outcome: str | None = None
    refused: str | None = None
    because: str = ""


@dataclass(frozen=True)
class Step:
    position: str
    say: str
    goal: Goal
    answer: tuple[str, ...]
    """One line that passes: every move in order, the replies' included."""
    replies: tuple[str, ...] | None = ()
    """The other side's moves in order; None when a computer player makes them."""
    options: Mapping[str, object] = field(default_factory=dict)
    marks: tuple[str, ...] = ()
    """Board places to highlight, in the game's own notation (``3,5``, ``d2``)."""
    wrong: str = ""
    """Said when legal moves miss the goal."""
    done: str = ""
    """Said when the goal is reached."""
    claims: tuple[Claim, ...] = ()
    """The rules its sentences state, each checked by the rules at load."""

    @property
    def sentences(self) -> str:
        """Everything the step says, the text a claim quotes."""
        return " ".join((self.say, self.wrong, self.done))


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Puzzle:
    id: str
    title: str
    grade: str
    step: Step


@dataclass(frozen=True)
class Course:
    """Every lesson and puzzle of one game, in file order."""

    game: str
    lessons: tuple[Lesson, ...] = ()
    puzzles: tuple[Puzzle, ...] = ()

    def merged(self, other: Course) -> Course:
        return Course(self.game, self.lessons + other.lessons, self.puzzles + other.puzzles)


# -- judging an attempt -----------------------------------------------------------------


class Verdict(enum.Enum):
    PLAYING = "playing"
    PASSED = "passed"
    FAILED = "failed"


class Attempt:
    """One try at a step: the learner's moves and the replies, judged by the rules."""

    def __init__(self, game: Game[Any, Any], step: Step) -> None:
        self.step = step
        start = game.decode(step.position)
        self.match = Match(game, step.options, seed="learn", start=start)
        self.learner = game.to_move(start)
        self.used = 0
        self.events: list[Event] = []
        self.verdict = Verdict.PLAYING
        self._replies = list(step.replies or ())

    @property
    def learners_turn(self) -> bool:
        return self.verdict is Verdict.PLAYING and self.match.to_move == self.learner

    def refusal(self, move: object) -> str | None:
        """Why the learner may not play ``move`` here: the rules' reason, or the step's."""
        if not self.learners_turn:
            return "wait for the other side's move"
        game = self.match.game
        try:
            game.check_move(self.match.state, move)
        except GameError as err:
            return str(err)
        notation = game.format_move(move)
        if not self.step.goal.fits(notation):
            return self.step.wrong or "this step asks for another kind of move"
        return None

    def play(self, move: object) -> MoveResult[Any]:
        """Play the learner's move (check ``refusal`` first). Raises GameError if illegal."""
        problem = self.refusal(move)
        if problem is not None:
            raise _Refused(problem)
        result = self.match.play(move)
        self.used += 1
        self.events.extend(result.events)
        self._judge()
        return result

    def reply_due(self) -> bool:
        return self.verdict is Verdict.PLAYING and not self.learners_turn

    def scripted_reply(self) -> str | None:
        """The next scripted reply, or None when a computer player is to answer."""
        if self.step.replies is None:
            return None
        return self._replies[0] if self._replies else ""

    def play_reply(self, move: object) -> MoveResult[Any]:
        """Play the other side's move (the next scripted one, a die, or a computer's)."""
        if self.step.replies is not None:
            if not self._replies:
                raise _Refused("the lesson has no more moves for the other side")
            self._replies.pop(0)
        result = self.match.play(move)
        self.events.extend(result.events)
        self._judge()
        return result

    def _judge(self) -> None:
        """Settle the step once the other side has nothing left to play before the learner's
        next move: passed when the goal holds, failed when a loss or the last allowed move
        missed it."""
        outcome = self.match.outcome
        waiting = self.match.to_move != self.learner and (
            self.step.replies is None or bool(self._replies)
        )
        if outcome is None and waiting:
            return
        lost = outcome is not None and outcome.winner not in (None, self.learner)
        won = outcome is not None and outcome.winner == self.learner
        if not lost and self.step.goal.met(won, self.events):
            self.verdict = Verdict.PASSED
        elif (
            outcome is not None
            or self.used >= self.step.goal.within
            or self.match.to_move != self.learner  # the scripted replies ran out
        ):
            self.verdict = Verdict.FAILED


class _Refused(GameError):
    """A learner's move the step refuses (illegal, or not the kind it asks for)."""


# -- loading and validating -------------------------------------------------------------


def load_courses(folder: Path, games: Registry,
                 only: str | None = None) -> tuple[dict[str, Course], list[str]]:
    """Every course file (``*.json``) in ``folder``, merged per game, and the problems.

    A file that fails validation is left out whole and its problem reported; the others load.
    With ``only`` (a game id), just the files of that game are checked (a click that needs
    one game's lessons plays through that game's rules alone); a file that cannot be read
    is reported then too.
    """
    courses: dict[str, Course] = {}
    problems: list[str] = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            data = _read_course(path)
            if only is not None and isinstance(data, dict) and data.get("game") != only:
                continue
            course = parse_course(data, games)
        except LearnError as err:
            problems.append(f"{shown_name(path)}: {printable(str(err), 200)}")
            continue
        known = courses.get(course.game)
        courses[course.game] = known.merged(course) if known else course
    return courses, problems


def load_course(path: Path, games: Registry) -> Course:
    """Read and check one course file (through the guarded reader: a FIFO or a link to
    ``/dev/zero`` among the lessons is refused at once, never waited on or read forever)."""
    return parse_course(_read_course(path), games)


def _read_course(path: Path) -> object:
    """A course file's JSON document (not yet checked). Raises LearnError."""
    try:
        return json.loads(read_bounded(path, MAX_BYTES, "a course").decode("utf-8"))
    except (FileRefused, ValueError, RecursionError) as err:
        raise LearnError(f"cannot be read ({printable(str(err), 120)})") from None


def parse_course(data: object, games: Registry) -> Course:
    """A course from its JSON document, every step played through the rules. Raises LearnError."""
    doc = _object(data, "the file")
    if doc.get("format") != FORMAT:
        raise LearnError(f"not a lesson file (format should be {FORMAT!r})")
    version = doc.get("format_version")
    if version != FORMAT_VERSION:
        raise LearnError(f"format version {version!r} is not {FORMAT_VERSION}")
    game_id = doc.get("game")
    if not isinstance(game_id, str) or game_id not in games:
        raise LearnError(f"unknown game {game_id!r}")
    game = games.get(game_id)
    lessons = tuple(
        _lesson(game, item, f"lesson {i + 1}") for i, item in enumerate(_list(doc, "lessons"))
    )
    puzzles = tuple(
        _puzzle(game, item, f"puzzle {i + 1}") for i, item in enumerate(_list(doc, "puzzles"))
    )
    ids = [lesson.id for lesson in lessons] + [puzzle.id for puzzle in puzzles]
    duplicate = next((i for i in ids if ids.count(i) > 1), None)
    if duplicate is not None:
        raise LearnError(f"the id {duplicate!r} is used twice")
    return Course(game_id, lessons, puzzles)


def _lesson(game: Game[Any, Any], data: object, where: str) -> Lesson:
    doc = _object(data, where)
    ident, title = _text(doc, "id", where), _text(doc, "title", where)
    steps = _list(doc, "steps")
    if not steps:
        raise LearnError(f"{where} has no steps")
    return Lesson(ident, title, tuple(
        _step(game, item, f"{where} ({ident}) step {i + 1}") for i, item in enumerate(steps)
    ))


def _puzzle(game: Game[Any, Any], data: object, where: str) -> Puzzle:
    doc = _object(data, where)
    ident, title = _text(doc, "id", where), _text(doc, "title", where)
    grade = doc.get("grade")
    if grade not in GRADES:
        raise LearnError(f"{where}: grade should be one of {', '.join(GRADES)}")
    rest = {key: value for key, value in doc.items() if key not in ("id", "title", "grade")}
    return Puzzle(ident, title, str(grade), _step(game, rest, f"{where} ({ident})"))


def _step(game: Game[Any, Any], data: object, where: str) -> Step:
    doc = _object(data, where)
    unknown = sorted(set(doc) - STEP_KEYS)
    if unknown:
        raise LearnError(f"{where}: unknown key {unknown[0]!r}")
    replies_raw = doc.get("replies", [])
    options = _object(doc.get("options", {}), f"{where} options")
    try:
        step = Step(
            position=_text(doc, "position", where),
            say=_text(doc, "say", where),
            goal=_goal(doc.get("goal"), where),
            answer=tuple(_strings(doc.get("answer"), f"{where} answer")),
            replies=None if replies_raw == COMPUTER
            else tuple(_strings(replies_raw, f"{where} replies")),
            options=game.info.validate_options(options),
            marks=tuple(_strings(doc.get("marks", []), f"{where} marks")),
            wrong=_text(doc, "wrong", where, required=False),
            done=_text(doc, "done", where, required=False),
            claims=tuple(parse_claim(item, f"{where} claim {i + 1}")
                         for i, item in enumerate(_list(doc, "claims"))),
        )
    except ValueError as err:
        raise LearnError(f"{where}: {err}") from None
    _check_answer(game, step, where)
    for i, claim in enumerate(step.claims):
        check_claim(game, step, claim, f"{where} claim {i + 1}")
    return step


def parse_claim(data: object, where: str) -> Claim:
    """A claim from its JSON object (``where`` names it in errors). Raises LearnError."""
    doc = _object(data, where)
    unknown = sorted(set(doc) - CLAIM_KEYS)
    if unknown:
        raise LearnError(f"{where}: unknown key {unknown[0]!r}")
    outcome = doc.get("outcome")
    if outcome is not None and outcome not in OUTCOMES:
        raise LearnError(f"{where}: outcome should be one of {', '.join(OUTCOMES)}")
    refused = doc.get("refused")
    if refused is not None and not isinstance(refused, str):
        raise LearnError(f"{where}: refused should be a move")
    position = doc.get("position")
    if position is not None and not isinstance(position, str):
        raise LearnError(f"{where}: position should be a text")
    claim = Claim(
        says=_text(doc, "says", where),
        position=position,
        after=tuple(_strings(doc.get("after", []), f"{where} after")),
        expect=_patterns(doc.get("expect", []), where),
        forbid=_patterns(doc.get("forbid", []), where),
        outcome=outcome,
        refused=refused,
        because=_text(doc, "because", where, required=False),
    )
    if not (claim.expect or claim.forbid or claim.outcome or claim.refused):
        raise LearnError(f"{where}: the claim checks nothing")
    return claim


def check_claim(game: Game[Any, Any], step: Step, claim: Claim, where: str) -> None:
    """Raise LearnError unless the claim quotes the step and the rules agree with it."""
    if claim.says.casefold() not in step.sentences.casefold():
        raise LearnError(f"{where}: the step never says {claim.says!r}")
    try:
        start = game.decode(claim.position or step.position)
        match = Match(game, step.options, seed="learn", start=start)
    except (ValueError, GameError) as err:
        raise LearnError(f"{where}: bad position ({err})") from None
    learner = match.to_move
    events: list[Event] = []
    text = ""
    try:
        for text in claim.after:
            events.extend(match.play(game.parse_move(text)).events)
    except GameError as err:
        raise LearnError(f"{where}: the move {text!r} is refused: {err}") from None
    if claim.refused is not None:
        reason = _refusal(game, match, claim.refused)
        if reason is None:
            raise LearnError(f"{where}: {claim.refused!r} is legal, yet the step says otherwise")
        if claim.because.casefold() not in reason.casefold():
            raise LearnError(f"{where}: {claim.refused!r} is refused for another reason: {reason}")
    missing = next((p for p in claim.expect if not any(p.matches(e) for e in events)), None)
    if missing is not None:
        raise LearnError(f"{where}: no {missing.event} happens, yet the step says so")
    seen = next((p for p in claim.forbid if any(p.matches(e) for e in events)), None)
    if seen is not None:
        raise LearnError(f"{where}: {seen.event} happens, yet the step says it does not")
    if claim.outcome is not None and _outcome(match, learner) != claim.outcome:
        raise LearnError(f"{where}: the game's outcome is not a {claim.outcome}")


def _refusal(game: Game[Any, Any], match: Match, text: str) -> str | None:
    """The rules' reason for refusing the move ``text`` here, or None when it is legal."""
    try:
        game.check_move(match.state, game.parse_move(text))
    except GameError as err:
        return str(err)
    return None


def _outcome(match: Match, learner: int) -> str:
    outcome = match.outcome
    if outcome is None:
        return "none"
    if outcome.winner is None:
        return "draw"
    return "win" if outcome.winner == learner else "loss"


def _goal(data: object, where: str) -> Goal:
    doc = _object(data, f"{where} goal")
    unknown = sorted(set(doc) - GOAL_KEYS)
    if unknown:
        raise LearnError(f"{where}: unknown goal key {unknown[0]!r}")
    moves = doc.get("moves")
    if moves is not None:
        if not isinstance(moves, str):
            raise LearnError(f"{where}: the goal's moves should be a pattern")
        try:
            re.compile(moves)
        except re.error as err:
            raise LearnError(f"{where}: bad moves pattern ({err})") from None
    within = doc.get("within", 1)
    if isinstance(within, bool) or not isinstance(within, int) or not 1 <= within <= 10:
        raise LearnError(f"{where}: within should be 1 to 10 moves")
    win = doc.get("win", False)
    if not isinstance(win, bool):
        raise LearnError(f"{where}: win should be true or false")
    goal = Goal(win, moves, _patterns(doc.get("expect", []), where),
                _patterns(doc.get("forbid", []), where), within)
    if not (goal.win or goal.expect or goal.forbid or goal.moves):
        raise LearnError(f"{where}: the goal asks for nothing")
    return goal


def _patterns(data: object, where: str) -> tuple[EventPattern, ...]:
    if not isinstance(data, list):
        raise LearnError(f"{where}: expect and forbid are lists of event patterns")
    patterns = []
    for item in data:
        doc = _object(item, f"{where} event pattern")
        name = doc.get("event")
        if not isinstance(name, str) or not all(isinstance(v, str | int) for v in doc.values()):
            raise LearnError(f"{where}: an event pattern names its 'event' and field values")
        fields = tuple(sorted((key, str(value)) for key, value in doc.items() if key != "event"))
        patterns.append(EventPattern(name, fields))
    return tuple(patterns)


def answer_positions(game: Game[Any, Any], steps: Sequence[Step]) -> tuple[Any, ...]:
    """Every position the steps show when their answers are played (a view keeps one scale
    over them). Answers are checked at load; one refused here ends its step's line."""
    shown: list[Any] = []
    for step in steps:
        try:
            match = Match(game, step.options, seed="learn", start=game.decode(step.position))
            shown.append(match.state)
            for text in step.answer:
                match.play(game.parse_move(text))
                shown.append(match.state)
        except (ValueError, GameError):
            continue
    return tuple(shown)


def _check_answer(game: Game[Any, Any], step: Step, where: str) -> None:
    """Play the step's answer through an attempt: it must be legal and pass the goal, and
    the other side's moves in it must be the scripted replies."""
    try:
        attempt = Attempt(game, step)
    except (ValueError, GameError) as err:
        raise LearnError(f"{where}: bad position ({err})") from None
    if attempt.match.is_over or attempt.learner == CHANCE:
        raise LearnError(f"{where}: the position must be the learner's turn in a live game")
    text = ""
    try:
        for text in step.answer:
            if attempt.verdict is not Verdict.PLAYING:
                raise LearnError(f"{where}: the answer goes on after the step is over")
            move = game.parse_move(text)
            if attempt.learners_turn:
                attempt.play(move)
                continue
            scripted = attempt.scripted_reply()
            same = bool(scripted) and game.parse_move(scripted or "") == move
            if scripted is not None and not same:
                raise LearnError(f"{where}: the answer's reply {text!r} is not the scripted one")
            attempt.play_reply(move)
    except GameError as err:
        raise LearnError(f"{where}: the answer {text!r} is refused: {err}") from None
    if attempt.verdict is not Verdict.PASSED:
        raise LearnError(f"{where}: the answer does not reach the goal")


def daily(puzzles: Sequence[Puzzle], day: int) -> Puzzle | None:
    """Everyone's puzzle for ``day`` (a date's ordinal): the same all day, a new one each day."""
    return puzzles[day * 7919 % len(puzzles)] if puzzles else None


def _object(data: object, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise LearnError(f"{where} should be an object")
    return data


def _list(doc: Mapping[str, Any], key: str) -> list[Any]:
    value = doc.get(key, [])
    if not isinstance(value, list):
        raise LearnError(f"{key} should be a list")
    return value


def _strings(data: object, where: str) -> Iterable[str]:
    if not isinstance(data, list) or not all(isinstance(item, str) for item in data):
        raise LearnError(f"{where} should be a list of texts")
    return data


def _text(doc: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    value = doc.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LearnError(f"{where}: {key!r} should be a text")
    return value
