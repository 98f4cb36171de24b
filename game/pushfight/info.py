"""Push Fight's identity and options (``GameInfo``), apart from its rules.

The menu's first frame lists every game from these; the rules module (which defines
``GAME`` with this ``INFO``) is imported when a game is first played, opened or shown
(``game.catalog``).
"""

from __future__ import annotations

from typing import Final

from game.core.protocol import Ending, GameInfo, OptionKind, OptionSpec

SEATS: Final = ("White", "Brown")
SETUP_PLIES: Final = 2
MAX_TURNS: Final = 5_000
"""The longest game a record holds (real games last a few dozen turns); re-playing this many
turns takes about half a second."""

OPTIONS: Final = (
    OptionSpec(
        "repetition_draw",
        "Draw by threefold repetition",
        OptionKind.BOOL,
        False,
        help="The same position, anchor and side to move for the third time is a draw.",
    ),
    OptionSpec(
        "turn_limit",
        "Turn limit",
        OptionKind.INT,
        0,
        minimum=0,
        maximum=MAX_TURNS,
        help="Draw after this many turns (both players', setup not counted); 0 means no limit.",
    ),
)

PUSH_OFF: Final = Ending("push-off", "a piece was pushed off")
NO_PUSH: Final = Ending("no-push", "no push was possible")

INFO: Final = GameInfo(
    id="pushfight",
    title="Push Fight",
    players=2,
    seat_names=SEATS,
    has_chance=False,
    rules_version=1,
    options=OPTIONS,
    summary="Slide up to two pieces, then push a line; push an enemy piece off to win.",
    endings=(PUSH_OFF, NO_PUSH),
    max_plies=SETUP_PLIES + MAX_TURNS,
)
