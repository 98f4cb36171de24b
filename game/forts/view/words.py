"""Text about Forts and Ruins, apart from its board view: the rules as the help screen shows
them, a move in words, the per-seat figure, and the high-score table's figures (the plug-in
hands these out; no pygame here).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from game.core.errors import GameError
from game.core.pictures import HelpPicture
from game.core.text import counted
from game.forts.info import PRESETS
from game.forts.rules.game import (
    GAME,
    DeathCause,
    FortsRuined,
    FortsSpawned,
    FortsState,
    Roll,
    TerritoriesDied,
    parse_move,
    score,
)

HELP_TEXT: Final = (
    "<b>Goal.</b> Keep at least one fort alive for as many turns as you can. You play alone "
    "against a six-sided die.<br><br>"
    "<b>A turn.</b> Choose a value from 1 to 6 (keys <b>1-6</b>, the side-panel buttons or "
    "the coloured palette under the board), then click a highlighted cell: an empty cell "
    "touching, among its 8 neighbours, a living cell of a group that holds a living fort. "
    "The territory is built at once.<br><br>"
    "<b>After each placement</b>, in order:<br>"
    "1. Every empty cell whose neighbours on all four sides (off-board sides ignored) are "
    "living becomes a new <b>fort</b>.<br>"
    "2. The die is rolled: every living territory of the rolled value dies.<br>"
    "3. Living cells are grouped, diagonals included. A group with forts but no living "
    "territory turns its forts to <b>ruins</b>.<br>"
    "4. Territories in a group with no living fort die.<br>"
    "Dead cells and ruins are permanent: nothing is ever built on them again.<br>"
    '<img src="spawn"><img src="die">'
    "<b>The end.</b> The game ends when no living fort remains or no cell can take a "
    "territory. Each value has its own colour and its number on the cell; forts are towers "
    "with battlements, ruins broken stumps, dead territory hatched and dimmed.<br><br>"
    "<b>Score.</b> <b>Turns survived</b> counts the completed turns after which a fort "
    "still lived (the turn that loses the last fort does not count). <b>Forts built</b> "
    "counts the forts that rose, not the starting one. <b>Peak forts</b> is the most forts "
    "alive at any moment, including right after a spawn, before the die. Runs rank by turns "
    "survived, then forts built, then peak forts, in a table per board and variant. A run "
    "a person played with the dice its seed gives enters it, also when given up (Resign "
    "ends it where it stands, with its score).<br><br>"
    "<b>Seeds.</b> A new game gets a random seed, shown at the top. Type a seed in the setup "
    "screen, or press <b>Daily seed</b>, to face the same dice as another player.<br><br>"
    "<b>Variant.</b> <i>Place anywhere</i> (the original program's rule) accepts any empty "
    "cell; a territory out of touch with the forts dies at once.<br><br>"
    "<b>Controls.</b> <b>H</b> suggests a move (the helper's choice), previewed: press "
    "Return or click it. <b>U</b> or a right click drops the chosen value. Ctrl+Z / Left "
    "takes back (the die then rolls the same face again: it comes from the seed), Up reviews "
    "the game step by step, "
    "Space skips an animation, Esc pauses. Choose \"computer: helper\" as the player in the "
    "setup screen to watch the helper play."
)


def _board(rows: Mapping[int, str]) -> str:
    """A default 9x18 board in the rules' text form, placing, its rows given from the left."""
    lines = (rows.get(row, "").ljust(18, ".") for row in range(9))
    return "9x18:net:place:t0:b0:p1:r-:" + "/".join(lines)


HELP_PICTURES: Final = {
    "spawn": HelpPicture(
        _board({1: "......2", 2: ".....4.1", 3: ".....3", 4: "....F"}), ("5 3,6", "roll 6"),
        "A new fort: the 5 filled the last of the empty cell's four sides (its corners "
        "stayed empty).", marked=2),
    "die": HelpPicture(
        _board({3: "...14", 4: "....F4", 5: "....2"}), ("2 4,3", "roll 4"),
        "The die showed 4: both 4s died; the fort lives on, beside its 1 and 2s.",
        marked=2),
}
"""The positions the help pictures (``game.core.pictures``)."""


def figure(state: Any, seat: int) -> str:
    """A short per-seat figure for the side panel."""
    assert isinstance(state, FortsState)
    turns = score(state).turns_survived
    return f"{counted(turns, 'turn')} survived"


def describe(notation: str) -> str:
    """A move (not a resignation or a draw: the plug-in words those) in words, for the
    replay list and toasts. Raises NotationError."""
    move = parse_move(notation)
    if isinstance(move, Roll):
        return f"The die shows {move.value}"
    return f"Build a {move.value} on {move.row},{move.col}"


def describe_at(before: Any, notation: str) -> str:
    """A move in words with what it did, the rules asked: a fort that rose beside a build,
    the territories and forts the die killed. Raises NotationError."""
    words = describe(notation)
    if not isinstance(before, FortsState):
        return words
    try:
        events = GAME.apply(before, parse_move(notation)).events
    except GameError:  # a move this position refuses: its notation alone
        return words
    return words + "".join(_what_happened(event) for event in events)


def _what_happened(event: object) -> str:
    if isinstance(event, FortsSpawned):
        where = ", ".join(f"{row},{col}" for row, col in event.cells)
        return f"; a fort rose on {where}" if len(event.cells) == 1 else \
            f"; forts rose on {where}"
    if isinstance(event, FortsRuined):
        return f"; {counted(len(event.cells), 'fort')} fell to ruin"
    if isinstance(event, TerritoriesDied):
        died = counted(len(event.cells), "territory", "territories")
        return {DeathCause.ROLL: f"; {died} died",
                DeathCause.NO_FORT: f"; {died} died, cut off from any fort",
                DeathCause.STRANDED: "; it died, out of touch with the living"}[event.cause]
    return ""


def final_score(state: Any) -> tuple[int, ...]:
    """A finished run's figures for the high-score table: turns survived, forts built, peak."""
    assert isinstance(state, FortsState)
    result = score(state)
    return result.turns_survived, result.forts_built, result.peak_forts


def table_name(options: Mapping[str, object]) -> str:
    """The high-score table a run with these options ranks in: board size and variant."""
    board = str(options.get("board", ""))
    rows, cols = PRESETS.get(board, (0, 0))
    size = f"{rows}x{cols}" if rows else board
    return f"{size}, place anywhere" if options.get("anywhere") else f"{size}, connected"


def summary(state: Any) -> str:
    """One line on a finished run for the game-over banner."""
    turns, built, peak = final_score(state)
    return (f"Survived {counted(turns, 'turn')}  ·  built {counted(built, 'fort')}  ·  "
            f"peak {peak} living")
