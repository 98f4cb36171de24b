"""High-score tables: the best runs per game and per table (a board size and variant).

A game that keeps scores says so through its plug-in (``game.plugin.HighScores``): the
columns, the score of a finished position (a tuple compared as it stands, higher is better)
and the table a match's options belong to. A run enters only when it is genuine: played by a
person (no computer seat) with every die the one its seed gives
(``seeded_choice`` of the seed and the roll's index, as ``Match.play_chance`` rolls it), so
a record with edited rolls never enters. The file is written atomically; a broken one is
kept aside as ``*.bad`` and an empty table used. Each table keeps its best ``CAP`` runs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from game.client.files.userfile import load_or_set_aside
from game.core.atomic import atomic_write_text
from game.core.chance import seeded_choice
from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.text import checked_text, quote
from game.plugin import HighScores

CAP: Final = 10
VERSION: Final = 1
MAX_TABLES: Final = 100
"""Tables per game a file may hold (a game has a handful: one per board and variant)."""
MAX_ENTRIES: Final = 1000
MAX_FIGURES: Final = 8
MAX_FIGURE: Final = 10**12
MAX_NAME: Final = 40
MAX_SEED: Final = 200


@dataclass(frozen=True)
class Entry:
    name: str
    score: tuple[int, ...]
    seed: str
    date: str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "score": list(self.score), "seed": self.seed,
                "date": self.date}

    @classmethod
    def from_json(cls, data: object) -> Entry:
        if not isinstance(data, dict):
            raise ValueError("an entry should be an object")
        name, score, seed, date = (data.get(key) for key in ("name", "score", "seed", "date"))
        if not isinstance(score, list) or len(score) > MAX_FIGURES or not all(
            isinstance(x, int) and not isinstance(x, bool) and abs(x) <= MAX_FIGURE
            for x in score
        ):
            raise ValueError("an entry's score should be a few whole numbers")
        return cls(
            _text(name, "a name", MAX_SEED)[:MAX_NAME],  # older versions kept whole names
            tuple(score),
            _text(seed, "a seed", MAX_SEED),
            _text(date, "a date", MAX_NAME),
        )


Tables = dict[str, dict[str, list[Entry]]]
"""Entries by game id, then by table name, best first."""


@dataclass(frozen=True)
class Loaded:
    tables: Tables
    problem: str | None = None


def load(path: Path) -> Loaded:
    """Read the tables; a missing file is empty, a broken one is moved aside as ``*.bad``."""
    empty: Tables = {}
    tables, problem = load_or_set_aside(path, _parse, empty, "high scores")
    return Loaded(tables, problem)


def _parse(data: object) -> Tables:
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError(f"not a version {VERSION} high-score file")
    games = data.get("tables")
    if not isinstance(games, dict):
        raise ValueError("no tables")
    if len(games) > MAX_TABLES:
        raise ValueError(f"{len(games):,} games")
    tables: Tables = {}
    for game_id, named in games.items():
        _text(game_id, "a game id", MAX_NAME)
        if not isinstance(named, dict):
            raise ValueError(f"the tables of {quote(game_id)} should be an object")
        if len(named) > MAX_TABLES:
            raise ValueError(f"{len(named):,} tables (at most {MAX_TABLES})")
        tables[game_id] = {
            _text(name, "a table name", MAX_NAME): _best(
                [Entry.from_json(item) for item in _list(entries)]
            )
            for name, entries in named.items()
        }
    return tables


def _list(value: object) -> list[object]:
    if not isinstance(value, list) or len(value) > MAX_ENTRIES:
        raise ValueError("a table should be a list of entries")
    return value


def _text(value: object, what: str, limit: int) -> str:
    """A name, seed or date from the file; refused if it could not be shown as it is."""
    return checked_text(value, what, limit)


def _best(entries: list[Entry]) -> list[Entry]:
    return sorted(entries, key=lambda entry: entry.score, reverse=True)[:CAP]


def save(path: Path, tables: Tables) -> None:
    document = {
        "version": VERSION,
        "tables": {
            game_id: {name: [entry.to_json() for entry in entries]
                      for name, entries in named.items()}
            for game_id, named in tables.items()
        },
    }
    atomic_write_text(path, json.dumps(document, indent=1) + "\n")


def dice_problem(match: Match) -> str | None:
    """Why the match's dice are not the ones its seed gives, or None when they all are."""
    if match.seed is None:
        return "the game has no seed"
    game = match.game
    index = 0
    for ply, text in enumerate(match.moves):
        state = match.state_at(ply)
        if game.to_move(state) != CHANCE:
            continue
        expected = game.format_move(seeded_choice(match.seed, index, game.chance_outcomes(state)))
        if text != expected:
            return f"roll {index + 1} is {text!r}, but the seed gives {expected!r}"
        index += 1
    return None


def ineligible(match: Match) -> str | None:
    """Why a finished match does not enter the table, or None when it does.

    A run given up enters with what it reached: the figures (turns survived, forts built)
    can only be lower than playing on would make them, and a player who stops a long run
    expects it on the table (it once vanished without a word)."""
    if not match.is_over:
        return "the game is not over"
    if any(seat.is_computer for seat in match.seats):
        return "computer players are not ranked"
    return dice_problem(match)


@dataclass(frozen=True)
class Ranked:
    """What entering a run did: its place (1 is best) or None, and the table's name."""

    place: int | None
    table: str


def enter(path: Path, match: Match, kept: HighScores, date: str) -> Ranked:
    """Add a finished, genuine run to its table; raises ValueError naming why it cannot."""
    problem = ineligible(match)
    if problem is not None:
        raise ValueError(problem)
    assert match.seed is not None  # dice_problem checked it
    loaded = load(path)
    tables = loaded.tables
    table = kept.table_name(match.options)
    name = match.seats[0].name[:MAX_NAME]
    entry = Entry(name, kept.final_score(match.state), match.seed[:MAX_SEED], date)
    named = tables.setdefault(match.game.info.id, {})
    ranked = _best([*named.get(table, []), entry])
    named[table] = ranked
    save(path, tables)
    place = next((i for i, item in enumerate(ranked, 1) if item is entry), None)
    return Ranked(place, table)
