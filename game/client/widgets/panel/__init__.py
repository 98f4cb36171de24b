"""The side panel of a game and its parts: seat cards, the turn, the result, the move buttons."""
