"""The piously analyst's win-chance curves: not fitted yet (docs/review.md)."""

from typing import Final

from game.core.analysis import Curve

CURVES: Final = {
    "default": Curve(scale=0.1),
}
