"""The forts analyst's turns-left lines (``docs/review.md``): written by
``python -m tools.fit_win_chance``, which ``RUNS`` quotes for each; refit rather than edit."""

from typing import Final

from game.core.review.analysis import Line

LINES: Final = {
    "9x18": Line(slope=0.00206351, intercept=55.1234, per_point=-0.568126, positions=1676),
}

RUNS: Final = {
    "9x18": (
        "python -m tools.fit_win_chance forts --games 60 --every 2 --nodes 2000 --write"
    ),
}
