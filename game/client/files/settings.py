"""The player's settings, stored as JSON in the config folder.

A settings file that cannot be read (bad JSON, wrong types) is never silently overwritten:
it is moved aside to ``settings.json.bad`` and the defaults are used, so a hand edit gone
wrong can still be recovered. Writes are atomic.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from game.client.draw.palette import PALETTES, parse_hex
from game.client.files.userfile import load_or_set_aside
from game.core.atomic import atomic_write_text
from game.core.text import problem, quote

SPEEDS: Final[dict[str, float]] = {
    "Slow": 0.6,
    "Normal": 1.0,
    "Fast": 1.8,
    "Very fast": 3.0,
    "Instant": 0.0,
}
"""Animation speed choices; 0 means no animation at all."""

VERSION: Final = 1
WINDOW_SIZES: Final = (200, 16_384)
"""Window sizes kept, in pixels: any size in the file is brought within these (a window spread
over three 4K monitors is 11,520 px wide), never a reason to set the whole file aside; the
display brings it within the screen (``game.client.app.display``)."""


@dataclass(frozen=True)
class Settings:
    colours: tuple[str, str] = PALETTES["Classic"]
    anim_speed: float = 1.0
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    window: tuple[int, int] = (1280, 720)
    keys: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    server: str = ""
    """The public table server the player chose (none is built in)."""
    online_name: str = ""
    """The name shown to the other player online."""
    speech: bool = False
    """Say moves, turns, refusals and the focused control aloud (``game.client.access``)."""

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "colours": list(self.colours),
            "anim_speed": self.anim_speed,
            "volume": self.volume,
            "muted": self.muted,
            "fullscreen": self.fullscreen,
            "window": list(_window(*self.window)),
            "keys": self.keys,
            "server": self.server,
            "online_name": self.online_name,
            "speech": self.speech,
        }

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Read a settings document; raises ValueError naming the first bad field."""
        if not isinstance(data, dict):
            raise ValueError("settings should be a JSON object")
        base = cls()
        colours = data.get("colours", list(base.colours))
        if not (isinstance(colours, list) and len(colours) == 2):
            raise ValueError("colours should be a list of two colours")
        for colour in colours:
            parse_hex(colour if isinstance(colour, str) else "")
        speed = _number(data.get("anim_speed", base.anim_speed), "anim_speed", 0.0, 10.0)
        volume = _number(data.get("volume", base.volume), "volume", 0.0, 1.0)
        muted = data.get("muted", base.muted)
        fullscreen = data.get("fullscreen", base.fullscreen)
        speech = data.get("speech", base.speech)
        if not all(isinstance(flag, bool) for flag in (muted, fullscreen, speech)):
            raise ValueError("muted, fullscreen and speech should be true or false")
        window = data.get("window", list(base.window))
        if not (
            isinstance(window, list)
            and len(window) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in window)
        ):
            raise ValueError("window should be two sizes in pixels")
        return cls(
            colours=(colours[0].lower(), colours[1].lower()),
            anim_speed=speed,
            volume=volume,
            muted=muted,
            fullscreen=fullscreen,
            window=_window(window[0], window[1]),
            keys=_keys(data.get("keys", {})),
            server=_short_text(data.get("server", ""), "server", 200),
            online_name=_short_text(data.get("online_name", ""), "online_name", 32),
            speech=speech,
        )


def _window(width: int, height: int) -> tuple[int, int]:
    low, high = WINDOW_SIZES
    return min(max(width, low), high), min(max(height, low), high)


def _short_text(value: object, name: str, longest: int) -> str:
    if not isinstance(value, str) or (value and problem(value, longest)):
        raise ValueError(f"{name} should be a short line of text")
    return value


def _number(value: object, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ValueError(f"{name} should be a number from {low} to {high}")
    return float(value)


MAX_BINDINGS: Final = 200
"""Contexts, commands per context and keys per command a file may name (the game has
a few dozen commands, each with a key or two)."""


def _keys(value: object) -> dict[str, dict[str, list[str]]]:
    if not isinstance(value, dict) or len(value) > MAX_BINDINGS:
        raise ValueError("keys should be an object")
    out: dict[str, dict[str, list[str]]] = {}
    for ctx, table in value.items():
        _name(ctx)
        if not isinstance(table, dict) or len(table) > MAX_BINDINGS:
            raise ValueError("keys should map contexts to commands")
        for command, keys in table.items():
            _name(command)
            if not (isinstance(keys, list) and len(keys) <= MAX_BINDINGS
                    and all(isinstance(k, str) and not problem(k, 40) for k in keys)):
                raise ValueError(f"keys for {quote(command)} should be a list of key names")
            out.setdefault(ctx, {})[command] = list(keys)
    return out


def _name(text: str) -> None:
    """A context or command name from the file: short, printable text."""
    found = problem(text, 60)
    if found:
        raise ValueError(f"a name in keys {found}")


@dataclass(frozen=True)
class Loaded:
    settings: Settings
    problem: str | None = None
    """Why the file was set aside (shown to the player once), or None."""


def load_settings(path: Path) -> Loaded:
    """Read settings; a broken file is kept aside as ``*.bad`` and the defaults returned."""
    settings, problem = load_or_set_aside(path, Settings.from_json, Settings(), "settings")
    return Loaded(settings, problem)


def save_settings(path: Path, settings: Settings, base: Settings | None = None) -> None:
    """Write ``settings``.

    With ``base`` (the settings this copy of the app used before the change), only the
    settings that differ from it are written over the file as it is now: another copy of the
    app on the same folder keeps the settings it changed (the later change of one setting
    wins). A file gone broken meanwhile is kept aside as ``*.bad``, as at start.
    """
    merged = settings
    if base is not None:
        current, _problem = load_or_set_aside(path, Settings.from_json, base, "settings")
        changed = {name: getattr(settings, name) for name in _FIELDS
                   if getattr(settings, name) != getattr(base, name)}
        merged = current.with_(**changed)
    atomic_write_text(path, json.dumps(merged.to_json(), indent=1) + "\n")


_FIELDS: Final = tuple(Settings.__dataclass_fields__)
