"""Commands: what a key, a mouse button or a side-panel button asks a scene to do.

Scenes never look at raw key codes; the input table turns events into these, so a rebound
key and a test's synthetic event take exactly the path a player's key press takes.
Command names are plain strings because they are stored in the settings file; the generic
ones are listed here, and each game view declares its own move actions (``ViewAction``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Command:
    """One thing to do, with the pointer position when a mouse produced it."""

    name: str
    pos: tuple[int, int] | None = None


@dataclass(frozen=True)
class ViewAction:
    """A game-specific command a view offers (Conquid's acquire, conquer, ...)."""

    id: str
    label: str
    keys: tuple[str, ...]
    hint: str = ""
    button: bool = True
    """False for a key-only action (a dialog's choice): the side panel makes no button."""


# Global context
BACK: Final = "back"
FULLSCREEN: Final = "fullscreen"
SAVE: Final = "save"
OPEN: Final = "open"
HELP: Final = "help"
FLIP_BOARD: Final = "flip_board"
"""Turn a two-player board round (``game.client.view.Flips``): a way of looking, not a move,
so it works on any turn, in replays and while watching."""
# Menu context
MENU_UP: Final = "menu_up"
MENU_DOWN: Final = "menu_down"
ACTIVATE: Final = "activate"
# Play context
SELECT: Final = "select"
CONFIRM: Final = "confirm"
CLEAR: Final = "clear"
TAKE_BACK: Final = "take_back"
REDO: Final = "redo"
SKIP: Final = "skip"
RESIGN: Final = "resign"
OFFER_DRAW: Final = "offer_draw"
HINT: Final = "hint"
COPY_WATCH_CODE: Final = "copy_watch_code"
"""Put the watch code of the online table being played on the clipboard."""
# Replay context
STEP_BACK: Final = "step_back"
STEP_FORWARD: Final = "step_forward"
PLAY_PAUSE: Final = "play_pause"
TO_START: Final = "to_start"
TO_END: Final = "to_end"
FASTER: Final = "faster"
SLOWER: Final = "slower"
REVIEW_GAME: Final = "review_game"
"""Start, stop, resume or redo the computer's review of the game shown."""
NEXT_MISTAKE: Final = "next_mistake"
PREVIOUS_MISTAKE: Final = "previous_mistake"
BETTER_MOVE: Final = "better_move"
# Pointer commands (not rebindable: they carry the pointer position)
POINT: Final = "point"
RELEASE: Final = "release"
"""The left button let go (ends a drag on views that support dragging)."""

LABELS: Final[dict[str, str]] = {
    BACK: "Back / pause",
    FULLSCREEN: "Toggle fullscreen",
    SAVE: "Save game",
    OPEN: "Open game",
    HELP: "Rules and help",
    FLIP_BOARD: "Flip the board",
    MENU_UP: "Menu: previous item",
    MENU_DOWN: "Menu: next item",
    ACTIVATE: "Menu: choose item",
    SELECT: "Select a cell",
    CONFIRM: "Confirm move",
    CLEAR: "Undo selection",
    TAKE_BACK: "Take back last move",
    REDO: "Redo move",
    SKIP: "Skip animation",
    RESIGN: "Resign",
    OFFER_DRAW: "Offer a draw",
    HINT: "Hint: suggest a move",
    COPY_WATCH_CODE: "Copy watch code",
    STEP_BACK: "Replay: step back",
    STEP_FORWARD: "Replay: step forward",
    PLAY_PAUSE: "Replay: play / pause",
    TO_START: "Replay: to start",
    TO_END: "Replay: to end",
    FASTER: "Replay: faster",
    SLOWER: "Replay: slower",
    REVIEW_GAME: "Review: start / stop",
    NEXT_MISTAKE: "Review: next mistake",
    PREVIOUS_MISTAKE: "Review: previous mistake",
    BETTER_MOVE: "Review: better move",
}
