"""Conquid's identity and options (``GameInfo``), apart from its rules.

The menu's first frame lists every game from these; the rules module (which defines
``GAME`` with this ``INFO``) is imported when a game is first played, opened or shown
(``game.catalog``).
"""

from __future__ import annotations

from typing import Final

from game.conquid.rules.board import PRESETS
from game.core.protocol import Ending, GameInfo, OptionKind, OptionSpec

SEAT_NAMES: Final = ("Player 1", "Player 2")

CONQUEST: Final = Ending("conquest", "by conquest")

INFO: Final = GameInfo(
    id="conquid",
    title="Conquid",
    players=2,
    seat_names=SEAT_NAMES,
    has_chance=False,
    rules_version=1,
    summary="Build a chain of your cells from your base to your opponent's.",
    options=(
        OptionSpec(
            "board",
            "Board",
            OptionKind.CHOICE,
            "medium",
            choices=(*PRESETS, "custom"),
            help="small 7x14, medium 14x28, large 21x42, or a custom size",
        ),
        OptionSpec("rows", "Rows (custom)", OptionKind.INT, 14, minimum=4, maximum=60,
                   applies_when=("board", "custom")),
        OptionSpec("cols", "Columns (custom)", OptionKind.INT, 28, minimum=14, maximum=100,
                   applies_when=("board", "custom")),
        OptionSpec("base", "Base size (custom)", OptionKind.INT, 2, minimum=1, maximum=5,
                   applies_when=("board", "custom")),
        OptionSpec(
            "turn_limit",
            "Turn limit (0 = none)",
            OptionKind.INT,
            0,
            minimum=0,
            maximum=10_000,
            help="house rule: the game is drawn after this many moves",
        ),
    ),
    endings=(CONQUEST,),
    max_plies=10_000,
)
