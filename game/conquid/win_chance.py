"""The Conquid analyst's win-chance curves by board: not fitted yet (docs/review.md)."""

from typing import Final

from game.core.analysis import Curve

CURVES: Final = {
    "small": Curve(scale=0.002),
    "medium": Curve(scale=0.002),
    "large": Curve(scale=0.002),
}
