"""Saving and loading matches where the player chooses (autosaves:
``game.client.files.autosaves``)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Container
from pathlib import Path

from game.core.atomic import atomic_write_text
from game.core.errors import RecordError
from game.core.match import Match
from game.core.record import load_match, read_record, save_match
from game.core.registry import Registry
from game.core.review.model import Review


def now_iso() -> str:
    """The creation stamp stored in new records (the UI may read the clock; rules may not)."""
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def default_save_name(match: Match) -> str:
    stamp = dt.datetime.now().strftime("%Y-%m-%d %H-%M")
    return f"{match.game.info.id} {stamp}.json"


def save(path: Path, match: Match, analysis: Review | None = None) -> str | None:
    """``analysis``: the computer's review to save with the game."""
    if path.suffix.lower() != ".json":
        path = path.with_name(path.name + ".json")
    try:
        save_match(path, match, analysis=analysis)
    except OSError as err:
        return f"Could not save {path.name}: {err.strerror or err}"
    return None


def load(path: Path, games: Registry, views: Container[str] | None = None) -> Match:
    """Load a record; raises RecordError with a message for people.

    With ``views``, a record of a game that has no board view here is refused the same way
    (the scenes could not show it).
    """
    match = load_match(path, games)
    if views is not None and match.game.info.id not in views:
        raise RecordError(f"this version cannot show {match.game.info.title} games yet")
    return match



def keep_review(path: Path, match: Match, review: Review) -> str | None:
    """Store ``review`` in the file ``match`` was opened from (or is kept in), atomically,
    leaving everything else the file holds as it was; returns a problem, or None.

    A file that no longer holds this game (changed or removed since) is left alone."""
    try:
        record = read_record(path)
    except RecordError as err:
        return f"The review was not stored in {path.name}: {err}"
    if record.moves != match.moves or record.game != match.game.info.id:
        return f"The review was not stored: {path.name} no longer holds this game"
    try:
        atomic_write_text(path, dataclasses.replace(record, analysis=review).dumps())
    except OSError as err:
        return f"The review was not stored in {path.name}: {err.strerror or err}"
    return None
