"""The lessons and puzzles on offer (``assets/learn``) and what this player has done of them.

Courses are loaded and validated once (``game.core.learn``), when first needed or in the
background once the window shows (``load``, from ``Services.window_shown``), not before the
first frame; a broken file
is left out with a message, never shown. Progress lives in the user data folder (``learn.json``):
the lessons and puzzles finished, per game, and the games whose lessons were already
offered. It is written atomically after every change; a broken file is kept aside as
``*.bad`` and progress starts afresh (``game.client.files.userfile``).
"""

from __future__ import annotations

import datetime
import json
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from game.client.app.assets import assets_dir
from game.client.files.userfile import load_or_set_aside
from game.core.atomic import atomic_write_text
from game.core.registry import Registry

if TYPE_CHECKING:  # the module itself is imported with the courses, after the first frame
    from game.core.learn import Course, Puzzle

VERSION: Final = 1


@dataclass(frozen=True)
class Progress:
    done: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Ids of the lessons and puzzles finished, by game id."""
    offered: frozenset[str] = frozenset()
    """Games whose lessons were offered when the game was first chosen."""

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "done": {game: sorted(ids) for game, ids in sorted(self.done.items())},
            "offered": sorted(self.offered),
        }

    def joined(self, other: Progress) -> Progress:
        """Everything done or offered in either."""
        done = {game: self.done.get(game, frozenset()) | other.done.get(game, frozenset())
                for game in {*self.done, *other.done}}
        return Progress(done, self.offered | other.offered)

    @classmethod
    def from_json(cls, data: object) -> Progress:
        """Raises ValueError for a document that is not progress."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("not a progress file of this version")
        done, offered = data.get("done", {}), data.get("offered", [])
        if not isinstance(done, dict) or not all(
            isinstance(ids, list) and all(isinstance(i, str) for i in ids) for ids in done.values()
        ):
            raise ValueError("'done' should map games to lists of ids")
        if not isinstance(offered, list) or not all(isinstance(g, str) for g in offered):
            raise ValueError("'offered' should be a list of games")
        return cls({str(g): frozenset(ids) for g, ids in done.items()}, frozenset(offered))


CourseLoader = Callable[[], "tuple[dict[str, Course], list[str]]"]
"""Gives every course by game id, and the problems of the files left out."""
GameCourseLoader = Callable[[str], "tuple[Course, list[str]]"]
"""Gives one game's course, and the problems of its files left out."""


class Learning:
    """Courses by game id, and the player's progress through them (saved on every change)."""

    def __init__(self, courses: Mapping[str, Course] | None = None,
                 path: Path | None = None, load: CourseLoader | None = None,
                 report: Callable[[str], None] | None = None,
                 load_game: GameCourseLoader | None = None) -> None:
        """Without ``path`` nothing is read or kept (a client without lessons). With ``load``
        (instead of ``courses``) the courses are loaded when first needed, and the problems
        of files left out then go to ``report``. With ``load_game`` too, one game's course
        asked for before every course is in loads alone (a first click waits for one
        game's rules, not all of them)."""
        self._courses = dict(courses or {}) if load is None else None
        self._load = load
        self._load_game = load_game
        self._single: dict[str, Course] = {}
        """Courses loaded one game at a time, until every course is in."""
        self._report = report
        self._reported: set[str] = set()
        self._loaded: tuple[dict[str, Course], list[str]] | None = None
        self._loading = threading.Lock()
        self.path = path
        self.progress, self.problem = Progress(), None
        if path is not None:
            self.progress, self.problem = load_or_set_aside(
                path, Progress.from_json, Progress(), "Your lesson progress"
            )

    @property
    def courses(self) -> dict[str, Course]:
        """Every course by game id (loaded and checked on first use: about 50 ms)."""
        if self._courses is None:
            self.load()
            assert self._loaded is not None
            courses, problems = self._loaded
            self._courses = courses
            self._tell(problems)
        return self._courses

    def _tell(self, problems: list[str]) -> None:
        """Report each problem once (one game's load may have told it already)."""
        for problem in problems:
            if self._report is not None and problem not in self._reported:
                self._reported.add(problem)
                self._report(problem)

    def load(self) -> None:
        """Load and check the courses now, in this thread, for ``courses`` to take (which
        reports their problems, in its own thread); waits for a load under way elsewhere."""
        with self._loading:
            if self._loaded is None and self._courses is None and self._load is not None:
                self._loaded = self._load()

    def course(self, game_id: str) -> Course:
        from game.core.learn import Course

        if self._courses is None and self._loaded is None and self._load_game is not None:
            if game_id not in self._single:
                self._single[game_id], problems = self._load_game(game_id)
                self._tell(problems)
            return self._single[game_id]
        return self.courses.get(game_id) or Course(game_id)

    def is_done(self, game_id: str, item_id: str) -> bool:
        return item_id in self.progress.done.get(game_id, frozenset())

    def mark_done(self, game_id: str, item_id: str) -> str | None:
        """Remember a finished lesson or puzzle; returns a problem to show, or None."""
        done = dict(self.progress.done)
        done[game_id] = done.get(game_id, frozenset()) | {item_id}
        return self._save(Progress(done, self.progress.offered))

    def offer_due(self, game_id: str) -> bool:
        """Whether choosing this game should first offer its lessons (the first time only)."""
        return game_id not in self.progress.offered and bool(self.course(game_id).lessons)

    def mark_offered(self, game_id: str) -> str | None:
        return self._save(Progress(self.progress.done, self.progress.offered | {game_id}))

    def daily(self, today: datetime.date) -> tuple[str, Puzzle] | None:
        """Today's puzzle (game id and puzzle): the same for everyone all day."""
        from game.core.learn import daily

        every = [(game, puzzle) for game, course in sorted(self.courses.items())
                 for puzzle in course.puzzles]
        chosen = daily([puzzle for _, puzzle in every], today.toordinal())
        return next(((g, p) for g, p in every if p is chosen), None)

    def _save(self, progress: Progress) -> str | None:
        """Keep ``progress`` joined with what the file holds now: progress only grows, so
        another copy of the app on the same folder never erases what this one did, nor this
        one what it did."""
        if self.path is not None:
            progress = progress.joined(load_or_set_aside(
                self.path, Progress.from_json, Progress(), "Your lesson progress")[0])
        self.progress = progress
        if self.path is None:
            return None
        try:
            atomic_write_text(self.path, json.dumps(progress.to_json(), indent=1) + "\n")
        except OSError as err:
            return f"Lesson progress could not be saved: {err.strerror or err}"
        return None


def load_learning(games: Registry, data_folder: Path,
                  report: Callable[[str], None] | None = None) -> tuple[Learning, list[str]]:
    """The player's progress in ``data_folder`` now, and the problem with it if any; every
    course in ``assets/learn`` when first needed, its problems then going to ``report``."""
    def load() -> tuple[dict[str, Course], list[str]]:
        from game.core.learn import load_courses

        return load_courses(assets_dir() / "learn", games)

    def load_game(game_id: str) -> tuple[Course, list[str]]:
        from game.core.learn import Course, load_courses

        courses, problems = load_courses(assets_dir() / "learn", games, only=game_id)
        return courses.get(game_id) or Course(game_id), problems

    learning = Learning(path=data_folder / "learn.json", load=load, report=report,
                        load_game=load_game)
    return learning, [learning.problem] if learning.problem else []
