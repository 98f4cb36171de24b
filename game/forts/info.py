"""Forts and Ruins's identity and options (``GameInfo``), apart from its rules.

The menu's first frame lists every game from these; the rules module (which defines
``GAME`` with this ``INFO``) is imported when a game is first played, opened or shown
(``game.catalog``).
"""

from __future__ import annotations

from typing import Final

from game.core.protocol import Ending, GameInfo, OptionKind, OptionSpec

PRESETS: Final[dict[str, tuple[int, int]]] = {
    "9x18": (9, 18),
    "12x24": (12, 24),
    "15x30": (15, 30),
}
"""Board presets, rows x cols; 9x18 is the original program's board."""
DEFAULT_PRESET: Final = "9x18"

NO_LIVING_FORTS: Final = Ending("no-living-forts", "no living fort remains")
NO_PLACEMENT: Final = Ending("no-placement", "no legal placement remains")

INFO: Final = GameInfo(
    id="forts",
    title="Forts and Ruins",
    players=1,
    seat_names=("Builder",),
    has_chance=True,
    rules_version=1,
    options=(
        OptionSpec(
            "board",
            "Board",
            OptionKind.CHOICE,
            DEFAULT_PRESET,
            choices=tuple(PRESETS),
            help="rows x columns; 9x18 is the original board",
        ),
        OptionSpec(
            "anywhere",
            "Place anywhere",
            OptionKind.BOOL,
            False,
            help="any empty cell takes a territory; one out of touch with a fort dies at once",
        ),
    ),
    summary="Solo: grow territories around forts before the die starves them into ruins.",
    endings=(NO_LIVING_FORTS, NO_PLACEMENT),
    max_plies=4_000,
)
