"""A board turned half round (F), so either player may sit at the bottom of it.

A flipped board is drawn turned about its centre: on a grid of ``rows`` x ``cols`` the
cell ``(row, col)`` is drawn where ``(rows - 1 - row, cols - 1 - col)`` is when unflipped;
on a board placed freely (hexes) a point is drawn mirrored through the board's centre.
Both maps are their own inverse, so the same call takes a place to the screen and a click
back to its place: a view that draws, hit-tests, lists the cursor's places and draws its
hints through them cannot make one disagree with another. A half turn keeps left and right
turning the same way (a room turned clockwise still turns clockwise), unlike a mirror.
"""

from __future__ import annotations

from typing import TypeVar

Point = tuple[float, float]
N = TypeVar("N", int, float)


def cell(place: tuple[N, N], rows: int, cols: int, flipped: bool) -> tuple[N, N]:
    """Where grid cell ``place`` (row, col) is drawn, or which cell a drawn one shows
    (fractional while a piece slides between cells)."""
    if not flipped:
        return place
    return rows - 1 - place[0], cols - 1 - place[1]


def point(pos: Point, centre: Point, flipped: bool) -> Point:
    """Where ``pos`` is drawn on a board turned about ``centre``, or which point of the
    unturned board a drawn one shows."""
    if not flipped:
        return pos
    return 2 * centre[0] - pos[0], 2 * centre[1] - pos[1]
