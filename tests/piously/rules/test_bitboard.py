"""Hex sets as bits: moving the bits moves every hex, and members come back sorted."""

from __future__ import annotations

import random

from game.piously.rules.bitboard import Bitboard, moved
from game.piously.rules.hexes import DIRECTIONS, hex_at
from game.piously.rules.temple import DEFAULT_LAYOUT, ROTATED, Temple


def test_moving_the_bits_moves_each_hex_within_the_margin() -> None:
    hexes = sorted(Temple(DEFAULT_LAYOUT).room_of)
    board = Bitboard.around(hexes, margin=6)
    mask = board.bits(hexes)
    rng = random.Random(4)
    offsets = [*DIRECTIONS, *(o for turned in ROTATED[1] for o in turned)]
    offsets += [hex_at(rng.randint(-6, 6), rng.randint(-6, 6)) for _ in range(20)]
    for offset in offsets:
        shifted = moved(mask, board.shift(offset))
        assert [h for _, h in board.members(shifted)] == sorted(h + offset for h in hexes)


def test_members_come_with_their_own_bits() -> None:
    hexes = [hex_at(0, 0), hex_at(-2, 3), hex_at(1, -1)]
    board = Bitboard.around(hexes, margin=2)
    for bit, h in board.members(board.bits(hexes)):
        assert bit == board.bits([h])
