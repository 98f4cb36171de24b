"""Correspondence by file, for friends with no server: each sends the game so far as a file
(``Send move as file``, or Save), the other opens it and plays on.

Opening such a file finds the kept unfinished game it continues (same game, options, start
time and players) and accepts it only if it extends that game: a file that rewrites an
earlier move is refused, naming the first move that differs, and an older file is refused
too, so a mix-up never loses a move.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.client.files import autosaves
from game.client.files.paths import Paths
from game.core.errors import RecordError
from game.core.match import Match
from game.core.record import Record, read_record


@dataclass(frozen=True)
class Continues:
    """The kept game the file continues (None: a game new to this machine)."""

    kept: autosaves.Kept | None


def same_game(record: Record, match: Match) -> bool:
    return (record.game == match.game.info.id and record.created == match.created
            and record.options == dict(match.options)
            and tuple(s.name for s in record.seats) == tuple(s.name for s in match.seats))


def rewrites(ours: tuple[str, ...], theirs: tuple[str, ...]) -> str | None:
    """Why ``theirs`` (the file) cannot continue ``ours`` (the kept game), or None."""
    for ply, (mine, other) in enumerate(zip(ours, theirs, strict=False)):
        if mine != other:
            return (f"this file changes move {ply + 1}: it has {other!r} where your game "
                    f"has {mine!r}")
    if len(theirs) < len(ours):
        return (f"this file is older than your game ({len(theirs)} moves; your game has "
                f"{len(ours)})")
    return None


def continuing(paths: Paths, match: Match) -> Continues:
    """The kept game ``match`` (opened from a file) continues. Raises ValueError with the
    reason when it would rewrite it."""
    if match.created:
        for kept in autosaves.unfinished(paths):
            if kept.online is not None or kept.game != match.game.info.id:
                continue
            try:
                record = read_record(kept.path)
            except RecordError:  # a kept file that cannot be read continues nothing
                continue
            if same_game(record, match):
                problem = rewrites(record.moves, match.moves)
                if problem is not None:
                    raise ValueError(problem)
                return Continues(kept)
    return Continues(None)
