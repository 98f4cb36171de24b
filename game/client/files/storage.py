"""Saving and loading matches where the player chooses (autosaves:
``game.client.files.autosaves``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Container
from pathlib import Path

from game.core.errors import RecordError
from game.core.match import Match
from game.core.record import load_match, save_match
from game.core.registry import Registry


def now_iso() -> str:
    """The creation stamp stored in new records (the UI may read the clock; rules may not)."""
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def default_save_name(match: Match) -> str:
    stamp = dt.datetime.now().strftime("%Y-%m-%d %H-%M")
    return f"{match.game.info.id} {stamp}.json"


def save(path: Path, match: Match) -> str | None:
    if path.suffix.lower() != ".json":
        path = path.with_name(path.name + ".json")
    try:
        save_match(path, match)
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

