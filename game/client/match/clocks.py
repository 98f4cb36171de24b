"""Real-time clocks as players choose and read them: the presets beside the correspondence
clocks, a custom ``minutes+seconds``, the countdown's wording and when time is low. UI-free and
network-free (a choice is the pair of seconds the table's clock is made from)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

PRESETS: Final = ((3, 2), (5, 3), (10, 5), (15, 10))
"""Minutes + seconds a move, as live board-game servers offer them."""
LONGEST_MINUTES: Final = 180
LONGEST_INCREMENT: Final = 180
SHORTEST_SECONDS: Final = 30
"""The server's bounds (``game.net.wire.limits``), repeated so a wrong custom clock is refused in
the form, not by the server."""
TENTHS_BELOW: Final = 10.0
CORRESPONDENCE: Final = {"No clock": None, "1 day per move": 1, "3 days per move": 3,
                         "7 days per move": 7}
"""The correspondence clocks: days for each move."""
CUSTOM: Final = "Custom (min+sec)"
"""The menu entry whose clock the player types."""


@dataclass(frozen=True)
class Live:
    """A real-time clock: ``base`` seconds each, ``increment`` seconds a turn."""

    base: int
    increment: int

    @property
    def label(self) -> str:
        minutes = self.base / 60
        return f"{minutes:g}+{self.increment}"


def preset_labels() -> list[str]:
    """The menu entries of the presets ("3+2 (live)", ...)."""
    return [f"{Live(minutes * 60, plus).label} (live)" for minutes, plus in PRESETS]


def menu() -> list[str | tuple[str, str]]:
    """Every clock a table can be given, as its menu lists them (typed as pygame_gui's)."""
    return [*labels()]


def labels() -> list[str]:
    """The menu's entries: correspondence, the real-time presets, the custom one."""
    return [*CORRESPONDENCE, *preset_labels(), CUSTOM]


def choice_of(label: str, typed: str = "") -> int | Live | None:
    """What a menu entry (and, for ``CUSTOM``, the typed text) chooses: days for each move, a
    real-time clock, or None for no clock. Raises ValueError with the reason to show."""
    if label in CORRESPONDENCE:
        return CORRESPONDENCE[label]
    if label == CUSTOM:
        live = live_of(typed)
        if live is None:
            raise ValueError("type the clock as minutes+seconds a move, such as 4+2")
        return live
    return live_of(label)


def live_of(label: str) -> Live | None:
    """The clock a menu entry or a typed ``minutes+seconds`` names, or None if it names none.
    Raises ValueError with the reason for something that looks like a clock but is not
    allowed."""
    text = label.removesuffix("(live)").strip()
    minutes, plus, seconds = text.partition("+")
    if not plus:
        return None
    try:
        base, increment = round(float(minutes) * 60), int(seconds)
    except ValueError:
        raise ValueError(f"{text!r} is not minutes+seconds, such as 3+2") from None
    if not SHORTEST_SECONDS <= base <= LONGEST_MINUTES * 60:
        raise ValueError(f"a clock has from {SHORTEST_SECONDS} seconds to {LONGEST_MINUTES} "
                         "minutes for each player")
    if not 0 <= increment <= LONGEST_INCREMENT:
        raise ValueError(f"the seconds added a move are from 0 to {LONGEST_INCREMENT}")
    return Live(base, increment)


def clock_text(seconds: float) -> str:
    """A countdown as players read it: ``4:59``, ``1:02:03``, tenths under ten seconds
    (``9.8``). Rounded down, so 0 shows only once the time is gone."""
    seconds = max(0.0, seconds)
    if seconds < TENTHS_BELOW:
        return f"{int(seconds * 10) / 10:.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    if hours:
        return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
    return f"{whole // 60}:{whole % 60:02d}"


def counted_down(clocks: tuple[int, int] | None, since: float, seat: int,
                 running: int | None, now: float) -> float | None:
    """Seconds left on ``seat``'s clock at ``now``, from both seats' time left (ms) as the
    server last said, which arrived at ``since`` (the same clock as ``now``): only the
    ``running`` seat's has gone down since. None without a real-time clock."""
    if clocks is None:
        return None
    left = clocks[seat] / 1000
    if seat == running:
        left -= now - since
    return max(0.0, left)


def low_time(base: int) -> float:
    """Seconds left below which a player is warned: a tenth of the starting time, from ten
    seconds to a minute."""
    return min(60.0, max(10.0, base / 10))
