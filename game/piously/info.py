"""Piously's identity and options (``GameInfo``), apart from its rules.

The menu's first frame lists every game from these; the rules module (which defines
``GAME`` with this ``INFO``) is imported when a game is first played, opened or shown
(``game.catalog``).
"""

from __future__ import annotations

from typing import Final

from game.core.protocol import Ending, GameInfo, OptionKind, OptionSpec

MAX_TURN_LIMIT: Final = 1_000
MAX_PLIES: Final = 5_000
"""A real game is a few hundred moves; a record may hold at most this many."""

ALL_ROOMS: Final = Ending("all-rooms", "a region touches all seven rooms")

INFO: Final = GameInfo(
    id="piously",
    title="Piously",
    players=2,
    seat_names=("White", "Black"),
    has_chance=False,
    rules_version=1,
    options=(
        OptionSpec(
            "turn_limit",
            "Turn limit (0 = none)",
            OptionKind.INT,
            0,
            minimum=0,
            maximum=MAX_TURN_LIMIT,
            help="house rule: the game is drawn after this many turns (each player's counts one)",
        ),
    ),
    summary="Bless hexes, claim spells and link your auras through all seven rooms.",
    endings=(ALL_ROOMS,),
    max_plies=MAX_PLIES,
    several_moves_a_turn=True,
)
