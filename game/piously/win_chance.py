"""The piously analyst's win-chance curves (``docs/review.md``): written by
``python -m tools.fit_win_chance``, which ``RUNS`` quotes for each; refit rather than edit."""

from typing import Final

from game.core.review.analysis import Curve

CURVES: Final = {
    "default": Curve(scale=0.0482695, offset=-2.77815, positions=153),
}

RUNS: Final = {
    "default": (
        "python -m tools.fit_win_chance piously --games 10 --every 2 --pairs"
        " easy:normal,easy:easy --nodes 1500 --max-moves 1500 --write"
    ),
}
