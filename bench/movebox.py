"""Cost of the move box reading a line at each key (``game.client.access.typed``).

The box reads the line against the position's legal moves at every key press, inside the
frame: the first key of a position finds the legal moves (up to ``SCAN_LIMIT``), later keys
match the kept ones. Both should fit well inside a 60 FPS frame. The lines are what a
player types midway: Conquid's acquisitions (narrowed by its text, of millions), Push
Fight's set-up (12,870 legal moves, the most any position lists whole), Piously with its
board labels, Forts; and lines no move begins, where a key stops looking after
``KEY_BUDGET`` and Return looks on.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from bench.timing import median_ms, report
from game.catalog import plugins
from game.client.access.typed import MoveReader
from game.core.match import Match

FRAME_MS = 16.7
LINES: dict[str, tuple[tuple[str, ...], str]] = {
    "conquid": ((), "a 3,4 3,"),
    "pushfight": ((), "setup oc4 od4 oa3 "),
    "forts": ((), "1 3,"),
    "piously": (("temple P2,-4r0 I3,-3r0 O2,-2r0 U2,0r0 S0,0r0 L1,2r0 Y-1,4r0",
                 "place 0,0", "place 2,-2"), "move s"),
}

WORST = {"conquid": "v 9,", "pushfight": "setup oh"}
"""Lines no listed move begins: the first key scans the most moves there are to scan (all
12,870 set-ups; Conquid's first ``SCAN_LIMIT`` moves before the rules judge the line)."""


def _position(game_id: str, moves: tuple[str, ...] = ()) -> tuple[Any, Any, Any]:
    plugin = plugins()[game_id]
    match = Match(plugin.rules(), {}, seed="bench")
    for move in moves:
        match.play(move)
    return match.game, plugin.text(), match.state


def _first_key(game: Any, text: Any, state: Any, line: str) -> Callable[[], object]:
    return lambda: MoveReader(game, text, state).read(line)


def main() -> None:
    for game_id, (moves, line) in LINES.items():
        game, text, state = _position(game_id, moves)
        report(f"movebox_first_key_{game_id}",
               median_ms(_first_key(game, text, state, line[:1]), runs=15), FRAME_MS)
        reader = MoveReader(game, text, state)
        reader.read(line[:1])
        report(f"movebox_next_key_{game_id}",
               median_ms(functools.partial(reader.read, line), runs=50), FRAME_MS, line=line)
    for game_id, line in WORST.items():
        game, text, state = _position(game_id)
        report(f"movebox_no_match_{game_id}",
               median_ms(_first_key(game, text, state, line), runs=7), FRAME_MS, line=line)


if __name__ == "__main__":
    main()
