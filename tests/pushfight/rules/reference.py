"""An independent, slow Push Fight turn generator written straight from docs/rules.md, to check
the fast engine against: squares by name, a dict board, breadth-first slides, every sequence
of 0-2 slides (the same piece twice included) and every push.
"""

from __future__ import annotations

FILES = "abcdefgh"
HOLES = {"a4", "b4", "h4", "a1", "g1", "h1"}
SQUARES = [f + r for r in "4321" for f in FILES if f + r not in HOLES]
RAIL_ABOVE = {"c4", "d4", "e4", "f4", "g4"}
RAIL_BELOW = {"b1", "c1", "d1", "e1", "f1"}
DIRECTIONS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}

Board = dict[str, str]
"""Square name -> piece letter: o O (White round/square), x X (Brown)."""


def neighbour(square: str, direction: str) -> str | None:
    df, dr = DIRECTIONS[direction]
    file = FILES.index(square[0]) + df
    rank = int(square[1]) + dr
    if not 0 <= file < 8 or not 1 <= rank <= 4:
        return None
    name = FILES[file] + str(rank)
    return None if name in HOLES else name


def crosses_rail(square: str, direction: str) -> bool:
    return (direction == "up" and square in RAIL_ABOVE) or (
        direction == "down" and square in RAIL_BELOW
    )


def from_position(text: str) -> tuple[Board, str | None]:
    board: Board = {}
    anchor = None
    for square, char in zip(SQUARES, text, strict=True):
        if char == ".":
            continue
        if char in "PY":
            anchor = square
            char = "O" if char == "P" else "X"
        board[square] = char
    return board, anchor


def to_position(board: Board, anchor: str | None) -> str:
    out = []
    for square in SQUARES:
        char = board.get(square, ".")
        if square == anchor:
            char = {"O": "P", "X": "Y"}[char]
        out.append(char)
    return "".join(out)


def mine(char: str, side: int) -> bool:
    return char in ("oO" if side == 0 else "xX")


def slides(board: Board, side: int) -> list[Board]:
    boards = []
    for start, char in board.items():
        if not mine(char, side):
            continue
        seen = {start}
        queue = [start]
        while queue:
            at = queue.pop()
            for direction in DIRECTIONS:
                nxt = neighbour(at, direction)
                if nxt and nxt not in board and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        for target in sorted(seen - {start}):
            after = dict(board)
            del after[start]
            after[target] = char
            boards.append(after)
    return boards


def pushes(board: Board, anchor: str | None, side: int) -> list[tuple[Board, str, int]]:
    """(board after, new anchor square, seat whose piece fell or -1) for every legal push."""
    found = []
    for start, char in board.items():
        if char != ("O" if side == 0 else "X"):
            continue
        for direction in DIRECTIONS:
            line = [start]
            at = neighbour(start, direction)
            if at is None or at not in board:
                continue
            while at is not None and at in board:
                line.append(at)
                last = at
                at = neighbour(at, direction)
            if anchor in line or crosses_rail(last, direction):
                continue
            after = {sq: c for sq, c in board.items() if sq not in line}
            fell = -1
            for square in line:
                target = neighbour(square, direction)
                if target is None:
                    fell = 0 if board[square] in "oO" else 1
                else:
                    after[target] = board[square]
            found.append((after, neighbour(start, direction) or "", fell))
    return found


def turn_results(text: str, side: int) -> set[str]:
    """Every distinct (position string after the turn, who fell) of ``side``'s turns."""
    board, anchor = from_position(text)
    boards = [board]
    frontier = [board]
    for _ in range(2):
        frontier = [b for f in frontier for b in slides(f, side)]
        boards.extend(frontier)
    results = set()
    for b in boards:
        for after, new_anchor, fell in pushes(b, anchor, side):
            results.add(f"{to_position(after, new_anchor)} {fell}")
    return results
