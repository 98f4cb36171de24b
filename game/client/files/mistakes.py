"""Which of a game's mistakes the player has put right ("learn from your mistakes").

Kept in the user data folder (``mistakes.json``): for each game, by a key made from its
record (``game_key``: the game, its creation time, options, seed, start and moves, hashed),
the plies whose better move the player found. A game opened again, from any file that holds
the same record, starts at its first mistake not yet solved. The file is written atomically
after every change, joined with what it holds then (another copy of the app never erases
this one's progress); a broken or hostile one is kept aside as ``*.bad`` and progress starts
afresh (``game.client.files.userfile``). It keeps the ``MAX_GAMES`` games solved in last.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from game.client.files.userfile import load_or_set_aside
from game.core.atomic import atomic_write_text
from game.core.match import Match

VERSION: Final = 1
MAX_GAMES: Final = 500
"""Games remembered; the ones solved in longest ago are forgotten first."""
MAX_PLY: Final = 100_000
"""No game has more plies than this: a larger number is no ply."""
WHAT: Final = "Your solved mistakes"
_KEY: Final = re.compile(r"[0-9a-f]{32}")


def game_key(match: Match) -> str:
    """The key of ``match``'s progress: a hash of everything its record re-plays from, so
    two games never share one and the same game from two files does."""
    game = match.game
    start = None if match.start is None else game.encode(match.start)
    text = json.dumps([game.info.id, match.created, dict(match.options), match.seed, start,
                       list(match.moves)], sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class Solved:
    """The plies solved, by game key, in the order the games were last solved in."""

    games: Mapping[str, frozenset[int]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION,
                "solved": {key: sorted(plies) for key, plies in self.games.items()}}

    @classmethod
    def from_json(cls, data: object) -> Solved:
        """Raises ValueError for a document that is not this progress."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("not a progress file of this version")
        solved = data.get("solved", {})
        if not isinstance(solved, dict) or len(solved) > MAX_GAMES:
            raise ValueError(f"'solved' should map at most {MAX_GAMES} games to plies")
        games: dict[str, frozenset[int]] = {}
        for key, plies in solved.items():
            if not _KEY.fullmatch(key):
                raise ValueError("a game's key is not a key")
            if not isinstance(plies, list) or len(plies) > MAX_PLY or not all(
                    type(ply) is int and 1 <= ply <= MAX_PLY for ply in plies):
                raise ValueError("a game's solved plies should be a list of ply numbers")
            games[key] = frozenset(plies)
        return cls(games)

    def with_solved(self, key: str, ply: int) -> Solved:
        """``ply`` of game ``key`` solved too; that game becomes the latest."""
        games = {k: plies for k, plies in self.games.items() if k != key}
        games[key] = self.games.get(key, frozenset()) | {ply}
        return Solved(_latest(games))

    def joined(self, other: Solved) -> Solved:
        """Everything solved in either (``self``'s games the latest)."""
        games = {key: plies | self.games.get(key, frozenset())
                 for key, plies in other.games.items() if key not in self.games}
        games.update({key: plies | other.games.get(key, frozenset())
                      for key, plies in self.games.items()})
        return Solved(_latest(games))


def _latest(games: dict[str, frozenset[int]]) -> dict[str, frozenset[int]]:
    return dict(list(games.items())[-MAX_GAMES:])


class MistakeProgress:
    """The player's solved mistakes: read once, changed in memory at once, stored by a job
    the caller runs off the frame (``Services.writer``)."""

    def __init__(self, path: Path | None) -> None:
        """Without ``path`` nothing is read or kept. ``problem`` says why the file could not
        be used, if it could not (it was then set aside)."""
        self.path = path
        self.solved, self.problem = Solved(), None
        if path is not None:
            self.solved, self.problem = load_or_set_aside(path, Solved.from_json, Solved(),
                                                          WHAT)

    def of(self, key: str) -> frozenset[int]:
        """The plies solved in game ``key``."""
        return self.solved.games.get(key, frozenset())

    def mark_solved(self, key: str, ply: int) -> Callable[[], str | None]:
        """Remember ``ply`` of game ``key`` as solved, now; returns the job that stores it
        (in any thread: it reads only what it is handed), which returns a problem to show,
        or None."""
        self.solved = solved = self.solved.with_solved(key, ply)
        path = self.path

        def store() -> str | None:
            if path is None:
                return None
            on_disk, problem = load_or_set_aside(path, Solved.from_json, Solved(), WHAT)
            try:
                atomic_write_text(path, json.dumps(solved.joined(on_disk).to_json(),
                                                   indent=1) + "\n")
            except OSError as err:
                return f"Your progress could not be saved: {err.strerror or err}"
            return problem

        return store
