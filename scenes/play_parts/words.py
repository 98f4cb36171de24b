"""What the play scene says of the match in words: the move counter, the top bar's line,
whose turn it is, the last move, and the result card's lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.client.draw import palette
from game.client.match import result
from game.client.widgets.movelist import History
from game.client.widgets.panel import seat_card
from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.text import counted
from game.plugin import GamePlugin


class MatchWords:
    """The words for ``match``, counted as its ``history`` counts turns; its result told to
    the seat ``spoken_to`` names (``result.words``)."""

    def __init__(self, match: Match, history: History, plugin: GamePlugin,
                 spoken_to: Callable[[], int | None]) -> None:
        self.match, self.history, self.plugin = match, history, plugin
        self.spoken_to = spoken_to

    def turn_number(self) -> int:
        """The move counter: players' turns (a turn of several actions is one move, a die
        roll is part of the turn it ends)."""
        self.history.sync(self.match)
        return self.history.turn_now(self.match)

    def top_line(self, colours: Sequence[palette.RGB]) -> tuple[str, palette.RGB]:
        """The top bar's line on the game as it stands, and its colour (the seat's to move)."""
        match, colour = self.match, palette.ACCENT
        if match.outcome is not None:
            line = result.words(match.seats, match.outcome, self.spoken_to()).line
        elif match.to_move == CHANCE:
            line = f"Move {self.turn_number()}  ·  the dice roll"
        else:
            line = f"Move {self.turn_number()}  ·  {match.seats[match.to_move].name} to move"
            colour = palette.readable(colours[match.to_move])
        return line, colour

    def seat_cards(self, colours: Sequence[palette.RGB], ply: int) -> list[seat_card.Seat]:
        """What each player's card says in the position after ``ply`` moves: their figures
        then, and who was to move."""
        match = self.match
        state = match.state_at(ply)
        to_move = None if match.outcome_at(ply) is not None else match.game.to_move(state)
        return [seat_card.Seat(info.name, colours[seat], self.plugin.figure(state, seat),
                               seat == to_move, info.level if info.is_computer else None)
                for seat, info in enumerate(match.seats)]

    def seed(self) -> str:
        """The seed note of a seeded game, for the top bar."""
        return "" if self.match.seed is None else f"  ·  seed {self.match.seed}"

    def waiting(self, clock: float) -> str:
        """The status while no one here is to move (the dice, a player thinking)."""
        if self.match.to_move == CHANCE:
            return "Rolling the dice..."
        dots = "." * (1 + int(clock * 3) % 3)
        return f"{self.match.seats[self.match.to_move].name} is thinking{dots}"

    def last_move(self) -> str:
        """The last turn in words, every action of it (the dice rolled after it too)."""
        self.history.sync(self.match)
        turns = [turn for turn in self.history.turns if turn.number]
        if not turns:
            return ""
        return "; ".join(action.words for action in turns[-1].actions)

    def result_card(self, figures: list[str]) -> list[str]:
        """The result card's lines: the headline for its reader, why, then ``figures``."""
        outcome = self.match.outcome
        if outcome is None:
            return []
        said = result.words(self.match.seats, outcome, self.spoken_to())
        return [said.headline, said.reason, *figures]

    def result_colour(self, colours: Sequence[palette.RGB]) -> palette.RGB:
        """The result card's colour: the winner's (readable on the card), else the accent."""
        outcome = self.match.outcome
        if outcome is None or outcome.winner is None:
            return palette.ACCENT
        return palette.readable(colours[outcome.winner], palette.CARD)

    def figures(self, ranked: str | None) -> list[str]:
        """The moves played, or a scored run's summary, its seed and its place in the
        high-score table (``ranked``)."""
        if self.plugin.scores is None:
            return [counted(self.turn_number(), "move")]
        lines = [self.plugin.scores.summary(self.match.state)]
        if self.match.seed is not None:
            lines.append(f"Seed {self.match.seed}")
        if ranked is not None:
            lines.append(ranked)
        return lines
