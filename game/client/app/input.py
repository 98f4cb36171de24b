"""The input table: per context, which keys and mouse buttons give which command.

Bindings are short strings so they can live in the settings file: ``"a"``, ``"ctrl+s"``,
``"f11"``, ``"mouse3"``. Contexts are ``global``, ``menu``, ``play``, ``replay`` and one
``game:<id>`` per game view (its move actions). A scene names the contexts it listens to;
lookups try them in order, so a scene's own bindings win over global ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import pygame

from game.client.app import commands as c

GLOBAL: Final = "global"
MENU: Final = "menu"
PLAY: Final = "play"
REPLAY: Final = "replay"
REVIEW: Final = "review"
"""Play-context command: open the current game in the replay scene (Tkinter's Up key)."""
ACCESS: Final = "access"
"""Play without a pointer (``game.client.access``): keys heard beside the play context's."""
CURSOR: Final = "cursor"
"""The board cursor's keys: heard before the play context's while the cursor shows (its
arrows then move it, not through the game's history), and a cursor key that play does not
take (Down) shows it."""
MOVE_BOX: Final = "move_box"
CURSOR_UP: Final = "cursor_up"
CURSOR_DOWN: Final = "cursor_down"
CURSOR_LEFT: Final = "cursor_left"
CURSOR_RIGHT: Final = "cursor_right"
CURSOR_PICK: Final = "cursor_pick"
CURSOR_CONFIRM: Final = "cursor_confirm"
CURSOR_HIDE: Final = "cursor_hide"
CURSOR_STEPS: Final = {CURSOR_UP: "up", CURSOR_DOWN: "down", CURSOR_LEFT: "left",
                       CURSOR_RIGHT: "right"}

DEFAULTS: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    GLOBAL: {
        c.FULLSCREEN: ("f11",),
        c.HELP: ("f1",),
    },
    MENU: {
        c.MENU_UP: ("up",),
        c.MENU_DOWN: ("down",),
        c.ACTIVATE: ("return",),
        c.BACK: ("escape",),
        c.OPEN: ("ctrl+o",),
    },
    PLAY: {
        c.BACK: ("escape",),
        c.SELECT: ("mouse1",),
        c.CONFIRM: ("return", "enter"),
        c.CLEAR: ("u", "mouse3"),
        c.TAKE_BACK: ("ctrl+z", "left"),
        c.REDO: ("ctrl+y", "right"),
        c.SKIP: ("space",),
        c.HINT: ("h",),
        c.FLIP_BOARD: ("f",),
        c.COPY_WATCH_CODE: ("ctrl+c",),
        c.SAVE: ("ctrl+s",),
        c.OPEN: ("ctrl+o",),
        REVIEW: ("up",),
    },
    ACCESS: {
        MOVE_BOX: ("/", "ctrl+m"),
    },
    CURSOR: {
        CURSOR_UP: ("up",),
        CURSOR_DOWN: ("down",),
        CURSOR_LEFT: ("left",),
        CURSOR_RIGHT: ("right",),
        CURSOR_PICK: ("space",),
        CURSOR_CONFIRM: ("return", "enter"),
        CURSOR_HIDE: ("escape",),
    },
    REPLAY: {
        c.BACK: ("escape",),
        c.STEP_BACK: ("left",),
        c.STEP_FORWARD: ("right",),
        c.PLAY_PAUSE: ("up", "space"),
        c.TO_START: ("home",),
        c.TO_END: ("end",),
        c.FASTER: ("=", "[+]"),
        c.SLOWER: ("-", "[-]"),
        c.REVIEW_GAME: ("r",),
        c.NEXT_MISTAKE: ("n",),
        c.PREVIOUS_MISTAKE: ("shift+n",),
        c.BETTER_MOVE: ("b",),
        c.SKIP: ("mouse1",),
        c.FLIP_BOARD: ("f",),
        c.SAVE: ("ctrl+s",),
        c.OPEN: ("ctrl+o",),
    },
}

RESERVED: Final = {
    "tab": "Tab moves the focus between controls",
    "shift+tab": "Shift+Tab moves the focus back",
}
"""Keys no command may take: the keyboard's way round every screen
(``game.client.access.focus``)."""

LABELS: Final = {
    **c.LABELS, REVIEW: "Review the game (replay)",
    MOVE_BOX: "Type a move",
    CURSOR_UP: "Cursor up", CURSOR_DOWN: "Cursor down / show",
    CURSOR_LEFT: "Cursor left", CURSOR_RIGHT: "Cursor right",
    CURSOR_PICK: "Cursor: pick (click)",
    CURSOR_CONFIRM: "Cursor: confirm, pick",
    CURSOR_HIDE: "Cursor: clear, hide",
}

_MODS: Final = (("ctrl", pygame.KMOD_CTRL), ("alt", pygame.KMOD_ALT), ("shift", pygame.KMOD_SHIFT))
_SHIFT_FREE: Final = frozenset({"=", "-"})
"""Keys whose binding ignores shift (``+`` is shift and ``=`` on many layouts)."""


def binding_of(event: pygame.event.Event) -> str | None:
    """The binding string an event presses, or None for events the table does not map."""
    if event.type == pygame.KEYDOWN:
        name = pygame.key.name(event.key)
        if not name or name in ("left ctrl", "right ctrl", "left shift", "right shift",
                                "left alt", "right alt", "left meta", "right meta"):
            return None
        mods = [label for label, flag in _MODS if event.mod & flag]
        if name in _SHIFT_FREE and "shift" in mods:
            mods.remove("shift")
        return "+".join([*mods, name])
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
        return f"mouse{event.button}"
    if event.type == pygame.MOUSEWHEEL and event.y:
        return "wheelup" if event.y > 0 else "wheeldown"
    return None


def pretty(binding: str) -> str:
    """A binding as a player reads it: ``Ctrl+S``, ``Right mouse``."""
    names = {"mouse1": "Left click", "mouse2": "Middle click", "mouse3": "Right click",
             "wheelup": "Wheel up", "wheeldown": "Wheel down"}
    if binding in names:
        return names[binding]
    mods: list[str] = []
    key = binding
    for label, _flag in _MODS:
        if key.startswith(label + "+") and len(key) > len(label) + 1:
            mods.append(label.title())
            key = key[len(label) + 1 :]
    key = key.title() if len(key) > 1 and not key.startswith("[") else key.upper()
    key = "Esc" if key == "Escape" else key
    return "+".join([*mods, key])


def active_together(first: str, second: str) -> bool:
    """Whether two contexts can be listened to at the same time (so a key may not do both)."""
    if first == second or GLOBAL in (first, second):
        return True
    pair = {first, second}
    if pair == {PLAY, CURSOR} or all(ctx.startswith("game:") for ctx in pair):
        return False  # the cursor's keys replace play's while it shows; one game at a time
    return all(ctx in (PLAY, ACCESS, CURSOR) or ctx.startswith("game:") for ctx in pair)


class InputTable:
    """Bindings per context, with the user's overrides on top of the defaults."""

    def __init__(self, overrides: Mapping[str, Mapping[str, Sequence[str]]] | None = None) -> None:
        self._defaults: dict[str, dict[str, tuple[str, ...]]] = {
            ctx: dict(table) for ctx, table in DEFAULTS.items()
        }
        self._overrides: dict[str, dict[str, tuple[str, ...]]] = {}
        self._labels: dict[str, str] = dict(LABELS)
        for ctx, table in (overrides or {}).items():
            for command, keys in table.items():
                self._overrides.setdefault(ctx, {})[command] = tuple(keys)

    def add_game(self, game_id: str, actions: Iterable[c.ViewAction]) -> None:
        """Register a game view's move actions under ``game:<id>`` with their default keys."""
        ctx = f"game:{game_id}"
        table = self._defaults.setdefault(ctx, {})
        for action in actions:
            table[action.id] = action.keys
            self._labels[f"{ctx}/{action.id}"] = action.label

    def contexts(self) -> list[str]:
        return list(self._defaults)

    def commands(self, ctx: str) -> list[str]:
        return list(self._defaults.get(ctx, {}))

    def label(self, ctx: str, command: str) -> str:
        return self._labels.get(f"{ctx}/{command}") or self._labels.get(command, command)

    def keys(self, ctx: str, command: str) -> tuple[str, ...]:
        override = self._overrides.get(ctx, {}).get(command)
        if override is not None:
            return override
        return self._defaults.get(ctx, {}).get(command, ())

    def lookup(self, binding: str, contexts: Sequence[str]) -> str | None:
        """The command ``binding`` gives in the first of ``contexts`` that binds it."""
        for ctx in contexts:
            for command in self._defaults.get(ctx, {}):
                if binding in self.keys(ctx, command):
                    return command
        return None

    def translate(self, event: pygame.event.Event, contexts: Sequence[str]) -> c.Command | None:
        """Turn one pygame event into a command, or None when nothing is bound to it."""
        if event.type == pygame.MOUSEMOTION:
            return c.Command(c.POINT, tuple(event.pos))
        if event.type == pygame.WINDOWLEAVE:  # the pointer is nowhere: hovers and tips end
            return c.Command(c.POINT, None)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return c.Command(c.RELEASE, tuple(event.pos))
        binding = binding_of(event)
        if binding is None:
            return None
        command = self.lookup(binding, contexts)
        if command is None:
            return None
        pos = tuple(event.pos) if event.type == pygame.MOUSEBUTTONDOWN else None
        return c.Command(command, pos)

    def conflict(self, ctx: str, command: str, binding: str) -> str | None:
        """Why ``binding`` cannot be added to ``command`` in ``ctx``, or None if it can."""
        if binding in RESERVED:
            return RESERVED[binding]
        for other_ctx, table in self._defaults.items():
            if not active_together(ctx, other_ctx):
                continue
            for other in table:
                if (other_ctx, other) != (ctx, command) and binding in self.keys(other_ctx, other):
                    return f"{pretty(binding)} already does “{self.label(other_ctx, other)}”"
        return None

    def rebind(self, ctx: str, command: str, binding: str) -> str | None:
        """Make ``binding`` the key of ``command`` (replacing its keys); refuse conflicts."""
        problem = self.conflict(ctx, command, binding)
        if problem is None:
            self._overrides.setdefault(ctx, {})[command] = (binding,)
        return problem

    def reset(self) -> None:
        self._overrides.clear()

    def overrides(self) -> dict[str, dict[str, list[str]]]:
        """The user's changes, for the settings file."""
        return {
            ctx: {cmd: list(keys) for cmd, keys in table.items()}
            for ctx, table in self._overrides.items()
        }
