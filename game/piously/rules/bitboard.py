"""Sets of hexes as the bits of one integer, so a whole set moves by one shift.

The Stonemason's search tries a room at every spot next to the temple, turned six ways: the
spots where it would overlap or touch another room are sets of hexes moved by the room's
offsets. As bits of one integer on a grid around the temple, each such move is a single
shift, where a set of hexes would be rebuilt element by element.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from game.piously.rules.hexes import Hex, axial, hex_at


@dataclass(frozen=True)
class Bitboard:
    """A grid of rows of ``width`` bits, bit 0 at axial ``(q0, r0)``; a hex's bit is
    ``(q - q0) * width + (r - r0)``, so bits run in the order of packed hexes."""

    q0: int
    r0: int
    width: int

    @classmethod
    def around(cls, hexes: Iterable[Hex], margin: int) -> Bitboard:
        """A grid holding ``hexes`` and ``margin`` more hexes every way: a set moved by
        offsets of at most ``margin`` along q and r in all stays on it, no row wrapping
        into the next."""
        coordinates = [axial(h) for h in hexes]
        qs = [q for q, _ in coordinates]
        rs = [r for _, r in coordinates]
        low_r = min(rs) - margin
        return cls(min(qs) - margin, low_r, max(rs) + margin - low_r + 1)

    def bits(self, hexes: Iterable[Hex]) -> int:
        mask = 0
        for h in hexes:
            q, r = axial(h)
            mask |= 1 << ((q - self.q0) * self.width + r - self.r0)
        return mask

    def shift(self, offset: Hex) -> int:
        """How far the bits of a set move when each hex moves by ``offset``."""
        q, r = axial(offset)
        return q * self.width + r

    def members(self, mask: int) -> Iterator[tuple[int, Hex]]:
        """Each hex of ``mask`` with its bit, in the order of packed hexes (as ``sorted``)."""
        while mask:
            bit = mask & -mask
            q, r = divmod(bit.bit_length() - 1, self.width)
            yield bit, hex_at(q + self.q0, r + self.r0)
            mask ^= bit


def moved(mask: int, shift: int) -> int:
    """The set ``mask`` with every hex moved by the offset whose ``Bitboard.shift`` this is."""
    return mask << shift if shift >= 0 else mask >> -shift
