"""Tweens on an explicit clock: a value in seconds the caller passes in, never wall time.

The app advances one clock with fixed steps; tests pass any number they like, so "which
wave is mid-flip at t = 0.4 s" is a plain function call. Easings are looked up by name from
``EASINGS`` so views and settings can name them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_back(t: float) -> float:
    """Overshoots a little, then settles: a pop."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2)


EASINGS: Final[dict[str, Easing]] = {
    "linear": linear,
    "in_out_cubic": ease_in_out_cubic,
    "out_cubic": ease_out_cubic,
    "in_cubic": ease_in_cubic,
    "out_back": ease_out_back,
    "out_sine": ease_out_sine,
}


@dataclass(frozen=True)
class Tween:
    """A 0-to-1 progress that starts at ``start`` and lasts ``duration`` seconds."""

    start: float
    duration: float
    easing: str = "in_out_cubic"

    @property
    def end(self) -> float:
        return self.start + self.duration

    def raw(self, clock: float) -> float:
        """Linear progress in [0, 1]."""
        if self.duration <= 0:
            return 1.0 if clock >= self.start else 0.0
        return min(1.0, max(0.0, (clock - self.start) / self.duration))

    def value(self, clock: float) -> float:
        """Eased progress (may overshoot 1 for back easings while running)."""
        raw = self.raw(clock)
        if raw <= 0.0 or raw >= 1.0:
            return raw
        return EASINGS[self.easing](raw)

    def running(self, clock: float) -> bool:
        return self.start <= clock < self.end


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


RGB = tuple[int, int, int]


def mix(first: RGB, second: RGB, t: float) -> RGB:
    """Blend two RGB colours; ``t`` is clamped to [0, 1]."""
    t = min(1.0, max(0.0, t))
    return (
        round(first[0] + (second[0] - first[0]) * t),
        round(first[1] + (second[1] - first[1]) * t),
        round(first[2] + (second[2] - first[2]) * t),
    )


class Cues:
    """Sounds (or any named cue) scheduled on the clock, each fired once when its time comes."""

    def __init__(self) -> None:
        self._pending: list[tuple[float, str]] = []

    def add(self, at: float, cue: str) -> None:
        self._pending.append((at, cue))
        self._pending.sort()

    def due(self, clock: float) -> list[str]:
        """The cues whose time has come, removed from the schedule."""
        fired = [cue for at, cue in self._pending if at <= clock]
        self._pending = [(at, cue) for at, cue in self._pending if at > clock]
        return fired

    def clear(self) -> None:
        self._pending.clear()
