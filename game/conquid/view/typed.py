"""Conquid's acquisitions for the move box, as a line is typed (``game.client.access.typed``).

A medium board has millions of acquisitions: the box cannot scan them all at every key. A
line ``A`` with some cells typed becomes exactly the acquisitions that begin with those
cells, the next one matching what is typed of it: each set of empty cells once, the typed
ones first in the order typed. The rules say which cells are empty and how many an
acquisition takes; the box still asks them about every move it plays. No pygame here.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any, Final

from game.conquid.rules.game import ConquidState, acquire_size

_START: Final = re.compile(r"\s*a(?:\s+|$)", re.IGNORECASE)


def moves_from(before: Any, line: str) -> Iterator[tuple[str, str]] | None:
    """The acquisitions ``line`` may still become, as (form in the order typed, notation);
    None for a line that is not an acquisition (the box scans the other moves itself)."""
    start = _START.match(line)
    if start is None or not isinstance(before, ConquidState):
        return None
    body = re.sub(r"\s*,\s*", ",", line[start.end():])
    typed = body.split()
    partial = "" if not body or body.endswith(" ") else typed.pop()
    needed = acquire_size(before)
    empty = [f"{r},{c}" for r, c in before.empty_cells()]
    if len(typed) > needed or len(set(typed)) != len(typed) or not set(typed) <= set(empty):
        return iter(())  # nothing legal begins so: the box asks the rules why
    return _acquisitions(empty, typed, partial, needed)


def _acquisitions(empty: list[str], typed: list[str], partial: str,
                  needed: int) -> Iterator[tuple[str, str]]:
    """Each set of empty cells holding ``typed`` and a cell that begins with ``partial``: that
    cell next (the first of the set that begins so), the rest in board order."""
    if len(typed) == needed:
        yield _both(typed)
        return
    rest = [cell for cell in empty if cell not in typed]
    for index, cell in enumerate(rest):
        if not cell.startswith(partial):
            continue
        others = [other for later, other in enumerate(rest) if later != index
                  and not (later < index and other.startswith(partial))]
        for tail in itertools.combinations(others, needed - len(typed) - 1):
            yield _both([*typed, cell, *tail])


def _both(cells: list[str]) -> tuple[str, str]:
    """An acquisition as shown and as the rules write it (the cells in the order given)."""
    text = "A " + " ".join(cells)
    return text, text
