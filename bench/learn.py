"""Cost of Learn to play's courses: loading and validating every lesson and puzzle file.

Every step's answer is replayed through the rules (as records are when opened), once: in the
background after the menu's first frame, or when Learn or a game's first-time offer needs
the courses sooner (``game.client.files.learning``); the target keeps that wait small.
"""

from __future__ import annotations

from bench.timing import median_ms, report
from game.catalog import all_games
from game.client.app.assets import assets_dir
from game.core.learn import load_courses

TARGET_MS = 150.0


def main() -> None:
    games = all_games()
    folder = assets_dir() / "learn"
    courses, problems = load_courses(folder, games)
    assert not problems, problems
    steps = sum(len(lesson.steps) for c in courses.values() for lesson in c.lessons)
    puzzles = sum(len(c.puzzles) for c in courses.values())
    report("learn_load_all", median_ms(lambda: load_courses(folder, games), runs=15),
           TARGET_MS, lesson_steps=steps, puzzles=puzzles)


if __name__ == "__main__":
    main()
