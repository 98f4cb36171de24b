"""The conquid analyst's win-chance curves (``docs/review.md``): written by
``python -m tools.fit_win_chance``, which ``RUNS`` quotes for each; refit rather than edit."""

from typing import Final

from game.core.review.analysis import Curve

CURVES: Final = {
    "large": Curve(scale=0.00240532, offset=-0.049006, positions=106),
    "medium": Curve(scale=0.00143198, offset=-0.306403, positions=428),
    "small": Curve(scale=0.000407007, offset=-0.293998, positions=198),
}

RUNS: Final = {
    "large": (
        "python -m tools.fit_win_chance conquid --board large --games 4 --every 2 --pairs"
        " easy:normal,normal:hard --nodes 2000 --write"
    ),
    "medium": (
        "python -m tools.fit_win_chance conquid --board medium --games 12 --every 2"
        " --pairs easy:normal,normal:hard --nodes 2000 --write"
    ),
    "small": (
        "python -m tools.fit_win_chance conquid --board small --games 40 --every 1"
        " --pairs easy:normal,normal:hard --nodes 2000 --write"
    ),
}
