"""Every lesson and puzzle shipped in assets/learn: loaded and validated as at start (each
answer played through the rules and reaching its goal), and every puzzle proved again by
exhaustive search."""

from __future__ import annotations

from typing import Any

import pytest

from game.catalog import PLUGINS, all_games
from game.client.app.assets import assets_dir
from game.core.learn import Course, Puzzle, load_courses
from game.piously.rules.spellbook import SPELLS
from tools.puzzles import SHORTCUTS, forced_win_in_two, stops_every_win, winning_moves, wins_now

GAMES = all_games()
COURSES, PROBLEMS = load_courses(assets_dir() / "learn", GAMES)
PUZZLES = [(game_id, puzzle) for game_id, course in sorted(COURSES.items())
           for puzzle in course.puzzles]


def test_every_file_loads_and_every_answer_reaches_its_goal() -> None:
    assert PROBLEMS == []
    for game_id in (plugin.id for plugin in PLUGINS):
        assert COURSES[game_id].lessons, f"{game_id} has no lessons"
    for game_id in ("conquid", "pushfight"):
        assert COURSES[game_id].puzzles, f"{game_id} has no puzzles"


def test_the_lessons_cover_the_rules_the_issue_lists() -> None:
    ids = {game: [lesson.id for lesson in course.lessons] for game, course in COURSES.items()}
    assert ids["conquid"] == ["acquire", "conquer", "vanquish", "conquest"]
    assert ids["pushfight"] == ["moves", "push", "rails", "anchor", "push-off"]
    assert ids["forts"] == ["placement", "spawn", "die", "isolation"]
    assert ids["piously"] == ["actions", "bless", "region", "claim", "artwork", "pink", "indigo",
                              "orange", "umber", "sapphire", "lime", "yellow"]


def test_piously_casts_every_spell_in_its_lessons() -> None:
    """The room lessons cast all fourteen spells (one lesson per room's pair); the
    answers were played through the rules and each step's goal at load."""
    rooms = COURSES["piously"].lessons[5:]
    assert len(rooms) == 7
    for lesson, pair in zip(rooms, zip(SPELLS[::2], SPELLS[1::2], strict=True), strict=True):
        cast = {move.split()[1] for step in lesson.steps for move in step.answer
                if move.startswith("cast ")}
        assert {spell.name for spell in pair} <= cast, lesson.id


def test_every_grade_is_used_and_ids_are_unique() -> None:
    for game_id in ("conquid", "pushfight"):
        course: Course = COURSES[game_id]
        assert len({p.id for p in course.puzzles}) == len(course.puzzles)
        assert len({p.grade for p in course.puzzles}) >= 2, "puzzles come in grades"


@pytest.mark.parametrize(("game_id", "puzzle"), PUZZLES, ids=[p.id for _, p in PUZZLES])
def test_every_puzzle_is_proved_by_search(game_id: str, puzzle: Puzzle) -> None:
    game = GAMES.get(game_id)
    state = game.decode(puzzle.step.position)
    first = game.parse_move(puzzle.step.answer[0])
    goal = puzzle.step.goal
    if goal.win and goal.within == 1:
        wins = winning_moves(game, state)
        assert first in wins
        assert SHORTCUTS[game_id](state), "the rules' shortcut agrees with the full search"
    elif goal.win and goal.within == 2:
        assert not winning_moves(game, state), "a win in two has no win in one"
        assert not SHORTCUTS[game_id](state)
        assert forced_win_in_two(game, state, first)
    else:
        opponent: Any = game.decode(_other_side(game_id, puzzle.step.position))
        assert wins_now(game, opponent), "the threat is real"
        assert not wins_now(game, state)
        assert stops_every_win(game, state, first)


def _other_side(game_id: str, position: str) -> str:
    """The same position with the other side to move (the threat a defence must stop)."""
    assert game_id == "conquid", "defence puzzles exist for Conquid only"
    grid, side, ply = position.split()[:3]
    return f"{grid} {3 - int(side)} {ply}"
