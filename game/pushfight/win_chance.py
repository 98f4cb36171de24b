"""The pushfight analyst's win-chance curves (``docs/review.md``): written by
``python -m tools.fit_win_chance``, which ``RUNS`` quotes for each; refit rather than edit."""

from typing import Final

from game.core.review.analysis import Curve

CURVES: Final = {
    "default": Curve(scale=0.11459, offset=0.103071, positions=691),
}

RUNS: Final = {
    "default": (
        "python -m tools.fit_win_chance pushfight --games 60 --every 1 --pairs"
        " normal:hard,hard:hard --nodes 20000 --write"
    ),
}
