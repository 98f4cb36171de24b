"""Piously's move actions and their default keys, apart from the view.

The composition root registers every game's keys in the input table at start (the settings
screen lists and rebinds them) without importing the views, which load on first use.
"""

from __future__ import annotations

from typing import Final

from game.client.app.commands import ViewAction

SEAT_COLOURS: Final = ((236, 234, 226), (64, 64, 74))
"""White and Black as every screen draws the seats (the rules and help name them so; the
player colours from the settings would paint White red)."""

BLESS: Final = "bless"
DROP: Final = "drop"
PICK_UP: Final = "pick_up"
END_TURN: Final = "end_turn"
ROTATE: Final = "rotate"
RANDOM: Final = "random_temple"
CLAIM_KEYS: Final = ("claim_artwork", "claim_bewitchment", "claim_neither")

ACTIONS: Final = (
    ViewAction(BLESS, "Bless", ("b",), "bless (or flip) the hex under your piece"),
    ViewAction(DROP, "Drop art", ("d",), "put down an artwork you hold next to you"),
    ViewAction(PICK_UP, "Pick up", ("p",), "pick up your artwork next to you"),
    ViewAction(END_TURN, "End turn", ("e",), "end your turn (and claim a spell here)"),
    ViewAction(ROTATE, "Turn room", ("r", "wheelup", "wheeldown"),
               "turn the room being built or moved"),
    ViewAction(RANDOM, "Random", ("n",), "a random temple layout (building only)"),
    ViewAction(CLAIM_KEYS[0], "Claim artwork", ("1",), "claim the artwork", button=False),
    ViewAction(CLAIM_KEYS[1], "Claim bewitchment", ("2",), "claim the bewitchment",
               button=False),
    ViewAction(CLAIM_KEYS[2], "Claim neither", ("3",), "end the turn claiming nothing",
               button=False),
)
