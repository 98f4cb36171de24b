"""Play and move round without a pointer: the move box, the board cursor, the keyboard focus
on every screen, and spoken output.

Everything here builds on what the rules and the game's text already give (legal moves,
their notation, a move in words); a game adds to it only through small protocols its view or
text may implement (``Places``, ``TypedForms``, ``NarrowsMoves``), so nothing in this package
names a game.
"""
