"""Glicko-2 ratings, as Mark Glickman describes them in "Example of the Glicko-2 system"
(2013, http://www.glicko.net/glicko/glicko2.pdf), steps 1 to 8, written out here because the
PyPI packages that implement it are untyped and keep mutable players; this is a pure function
of a rating and the rated games it played, checked against the paper's worked example
(tests/net/test_glicko2.py).

A server rates each finished rated game as its own rating period (one game, one update):
players' ratings move game by game, in the order the server learns of the results.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

SCALE: Final = 173.7178
"""Glicko-2's conversion between the Glicko scale (1500 +- 350) and its own."""
TAU: Final = 0.5
"""How much the volatility may change per period; Glickman suggests 0.3 to 1.2."""
EPSILON: Final = 0.000001
"""Convergence tolerance of the volatility iteration (step 5)."""
START_RATING: Final = 1500.0
START_DEVIATION: Final = 350.0
START_VOLATILITY: Final = 0.06
PROVISIONAL_DEVIATION: Final = 110.0
"""A rating whose deviation is above this is provisional: too few games to trust it."""
MIN_DEVIATION: Final = 30.0
"""Deviation never falls below this, so a long-standing rating can still move."""


@dataclass(frozen=True)
class Rating:
    """A player's Glicko rating, deviation (the rating's uncertainty) and volatility."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


@dataclass(frozen=True)
class Result:
    """One game against ``opponent`` (their rating before the period): ``score`` 1 for a
    win, 0.5 for a draw, 0 for a loss."""

    opponent: Rating
    score: float


def update(player: Rating, results: Sequence[Result], *, tau: float = TAU,
           floor: float = 0.0) -> Rating:
    """The player's rating after one rating period with these results (none: only the
    deviation grows, step 6). ``floor`` bounds the new deviation from below (the server
    passes ``MIN_DEVIATION``; the paper's example uses none)."""
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, min(START_DEVIATION, math.hypot(phi, sigma) * SCALE),
                      sigma)
    # Step 3: the estimated variance of the rating from the game outcomes alone.
    opponents = [((r.opponent.rating - START_RATING) / SCALE, r.opponent.deviation / SCALE,
                  r.score) for r in results]
    v_inverse = 0.0
    delta_sum = 0.0
    for mu_j, phi_j, score in opponents:
        g = _g(phi_j)
        expected = _expected(mu, mu_j, phi_j)
        v_inverse += g * g * expected * (1 - expected)
        delta_sum += g * (score - expected)
    v = 1 / v_inverse
    # Step 4: the estimated improvement.
    delta = v * delta_sum
    # Step 5: the new volatility (the Illinois algorithm).
    new_sigma = _volatility(delta, phi, v, sigma, tau)
    # Steps 6 and 7: the new deviation and rating.
    phi_star = math.hypot(phi, new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * delta_sum
    # Step 8: back to the Glicko scale.
    return Rating(new_mu * SCALE + START_RATING, max(floor, new_phi * SCALE), new_sigma)


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(100):  # converges in a handful; bounded all the same
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)
