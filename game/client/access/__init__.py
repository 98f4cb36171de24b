"""Play without a pointer: the move box, the board cursor, spoken output.

Everything here builds on what the rules and the game's text already give (legal moves,
their notation, a move in words); a game adds to it only through small protocols its view or
text may implement, so nothing in this package names a game.
"""
