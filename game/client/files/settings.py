"""The player's settings, stored as JSON in the config folder.

A settings file that cannot be read (bad JSON, not an object) is never silently overwritten:
it is moved aside to ``settings.json.bad`` and the defaults are used, so a hand edit gone
wrong can still be recovered. One field the reader refuses costs that field alone (its
default is used and the player told which; the file is set aside the same way): the other
settings are kept. Writes are atomic.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from game.client.draw.palette import PALETTES, parse_hex
from game.client.files.userfile import load_or_set_aside, set_aside
from game.core.atomic import atomic_write_text
from game.core.text import counted, printable, problem, quote

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
        settings, refused = cls.read(data)
        if refused:
            raise ValueError(refused[0])
        return settings

    @classmethod
    def read(cls, data: object) -> tuple[Settings, tuple[str, ...]]:
        """Read a settings document field by field: a field refused takes its default and
        the others are kept; returns the settings and why each refused field was. Raises
        ValueError only for a document that is not an object."""
        if not isinstance(data, dict):
            raise ValueError("settings should be a JSON object")
        base, fields, refused = cls(), {}, []
        for name, read in _READERS.items():
            if name not in data:
                continue
            try:
                fields[name] = read(data[name])
            except ValueError as err:
                refused.append(str(err))
        return base.with_(**fields), tuple(refused)


def _colours(value: object) -> tuple[str, str]:
    if not (isinstance(value, list) and len(value) == 2):
        raise ValueError("colours should be a list of two colours")
    for colour in value:
        parse_hex(colour if isinstance(colour, str) else "")
    return value[0].lower(), value[1].lower()


def _flag(name: str) -> Callable[[object], bool]:
    def read(value: object) -> bool:
        if not isinstance(value, bool):
            raise ValueError(f"{name} should be true or false")
        return value
    return read


def _window_size(value: object) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError("window should be two sizes in pixels")
    return _window(value[0], value[1])


def _window(width: int, height: int) -> tuple[int, int]:
    low, high = WINDOW_SIZES
    return min(max(width, low), high), min(max(height, low), high)


def _short_text(value: object, name: str, longest: int) -> str:
    if not isinstance(value, str) or (value and problem(value, longest)):
        raise ValueError(f"{name} should be a short line of text")
    return value


def _number(value: object, name: str, low: float, high: float) -> float:
    """A number within ``low`` and ``high`` (ValueError naming the setting)."""
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
    """Read settings; a broken file is kept aside as ``*.bad`` and the defaults returned; a
    field refused takes its default alone (the file kept aside too), and the player is told
    which."""
    nothing: tuple[str, ...] = ()
    (settings, refused), problem = load_or_set_aside(path, Settings.read,
                                                     (Settings(), nothing), "settings")
    if refused and problem is None:  # the file as it was is kept, for a hand to mend
        bad = set_aside(path)
        kept = f"kept as {bad.name}" if bad is not None else "it could not be moved aside"
        why = "; ".join(printable(reason, 80) for reason in refused[:2])
        problem = (f"{counted(len(refused), 'setting')} could not be read and "
                   f"{'is' if len(refused) == 1 else 'are'} back to the default ({why}); "
                   f"the other settings are kept (the file is {kept})")
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
_READERS: Final[dict[str, Callable[[object], Any]]] = {
    "colours": _colours,
    "anim_speed": lambda value: _number(value, "anim_speed", 0.0, 10.0),
    "volume": lambda value: _number(value, "volume", 0.0, 1.0),
    "muted": _flag("muted"),
    "fullscreen": _flag("fullscreen"),
    "window": _window_size,
    "keys": _keys,
    "server": lambda value: _short_text(value, "server", 200),
    "online_name": lambda value: _short_text(value, "online_name", 32),
    "speech": _flag("speech"),
}
"""How each stored field is read (``Settings.read``); a field not named is not read."""
