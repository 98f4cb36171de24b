"""Coverage-guided fuzzing of the record loader with atheris (``make fuzz``).

Every input must end in a loaded match or a RecordError with a short readable message;
any other exception is a crash that atheris reports with the input that caused it. The
corpus starts from real records of every registered game.

    make fuzz FUZZ_RUNS=200000
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from game.catalog import all_games
    from game.core.atomic import atomic_write_text
    from game.core.errors import RecordError
    from game.core.match import Match
    from game.core.protocol import CHANCE
    from game.core.record import Record

GAMES = all_games()


def test_one_input(data: bytes) -> None:
    try:
        Record.loads(data).replay(GAMES)
    except RecordError as err:
        message = str(err)
        if not message or len(message) > 400:
            raise AssertionError(f"unreadable error message: {message!r}") from None


def write_seed_corpus(folder: Path) -> None:
    """Small real records of every game, so the fuzzer starts from valid documents."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(1)
    for game in GAMES:
        match = Match(game, {}, seed="fuzz")
        while not match.is_over and match.ply < 12:
            if match.to_move == CHANCE:
                match.play_chance()
            else:
                match.play(game.random_move(match.state, rng))
        atomic_write_text(folder / f"{game.info.id}.json", Record.of(match).dumps())


if __name__ == "__main__":
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else None
    if corpus is not None:
        write_seed_corpus(corpus)
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
