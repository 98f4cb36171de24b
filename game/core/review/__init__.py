"""Reviewing a finished game: judging each move, accuracy, and learning from the mistakes.

Pure, like the rest of ``game.core``: the engines are handed in."""
