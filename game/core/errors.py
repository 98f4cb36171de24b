"""The error types a player can meet, each carrying a message written for people."""

from __future__ import annotations


class GameError(Exception):
    """Base of every error the rules raise on purpose; ``str(err)`` is readable by a player."""


class NotationError(GameError):
    """The text is not a move of this game at all (a typo, a wrong shape)."""


class IllegalMoveError(GameError):
    """The move is well formed but the rules forbid it here; the message says why."""


class GameOverError(IllegalMoveError):
    """A move was offered after the game had already ended."""


class OptionsError(GameError):
    """Game options (board size, variants) that cannot make a valid game."""


class RecordError(GameError):
    """A record file could not be loaded: corrupt, truncated, too new, hostile or illegal.

    This is the one error type the record loader raises. The file is never modified.
    """


class AnalysisError(GameError):
    """A record's review section cannot be used (hostile, inconsistent or too new).

    The game itself still opens: the loader drops the section and shows this message.
    """
