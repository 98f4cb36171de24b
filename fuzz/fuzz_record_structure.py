"""Structure-aware fuzzing of records (``make fuzz``): the fuzzer's bytes choose a valid
record of one of every registered game, then mutate its meaning: seat names and levels (any
Unicode, control characters, surrogates, huge texts), options (known and unknown names, every
JSON type, numbers at and past their bounds), moves (replaced, inserted, deleted, swapped,
taken from another game's notation), the result and the final position.

Every mutant must load or raise ``RecordError`` with a short printable message; one that
loads must save and load again to the same game. Anything else is a finding.

    python fuzz/fuzz_record_structure.py -runs=100000
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

import atheris

with atheris.instrument_imports():
    from game.catalog import all_games
    from game.core.errors import RecordError
    from game.core.match import Match
    from game.core.protocol import CHANCE
    from game.core.record import Record

GAMES = all_games()
GAME_IDS = [game.info.id for game in GAMES]
SLOW = 2.0


def _records() -> dict[str, list[dict[str, Any]]]:
    """Valid records of every game: a few random games of several lengths, and their moves."""
    documents: dict[str, list[dict[str, Any]]] = {}
    for game in GAMES:
        documents[game.info.id] = []
        for seed, length in enumerate((0, 3, 12, 40, 120)):
            rng = random.Random(seed)
            match = Match(game, {}, seed=f"fuzz-{seed}")
            while not match.is_over and match.ply < length:
                if match.to_move == CHANCE:
                    match.play_chance()
                else:
                    match.play(game.random_move(match.state, rng))
            documents[game.info.id].append(json.loads(Record.of(match).dumps()))
    return documents


RECORDS = _records()
ALL_MOVES = sorted({move for docs in RECORDS.values() for doc in docs for move in doc["moves"]})
SPECIAL_TEXTS = ["", "A\x00B", "\ud800", "x" * 201, "\u202e", "\n", "resign", "draw"]
NUMBERS = [0, 1, -1, 2**31, 2**63, 10**19, 10**30, 10_000, 10_001, 5000, 5001]


def _text(fdp: atheris.FuzzedDataProvider) -> str:
    if fdp.ConsumeBool():
        return SPECIAL_TEXTS[fdp.ConsumeIntInRange(0, len(SPECIAL_TEXTS) - 1)]
    return str(fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 64)))


def _value(fdp: atheris.FuzzedDataProvider) -> object:
    kind = fdp.ConsumeIntInRange(0, 5)
    if kind == 0:
        return _text(fdp)
    if kind == 1:
        return NUMBERS[fdp.ConsumeIntInRange(0, len(NUMBERS) - 1)]
    if kind == 2:
        return fdp.ConsumeInt(8)
    if kind == 3:
        return fdp.ConsumeBool()
    if kind == 4:
        return fdp.ConsumeRegularFloat()
    return None if fdp.ConsumeBool() else [_text(fdp)]


def mutate(fdp: atheris.FuzzedDataProvider) -> dict[str, Any]:
    game_id = GAME_IDS[fdp.ConsumeIntInRange(0, len(GAME_IDS) - 1)]
    choices = RECORDS[game_id]
    doc = json.loads(json.dumps(choices[fdp.ConsumeIntInRange(0, len(choices) - 1)]))
    game = GAMES.get(game_id)
    for _ in range(fdp.ConsumeIntInRange(1, 4)):
        kind = fdp.ConsumeIntInRange(0, 8)
        moves: list[Any] = doc["moves"]
        if kind == 0 and doc["players"]:
            seat = doc["players"][fdp.ConsumeIntInRange(0, len(doc["players"]) - 1)]
            seat[["name", "kind", "level"][fdp.ConsumeIntInRange(0, 2)]] = _value(fdp)
        elif kind == 1:
            specs = game.info.options
            name = (specs[fdp.ConsumeIntInRange(0, len(specs) - 1)].name
                    if specs and fdp.ConsumeBool() else _text(fdp))
            doc["options"][name] = _value(fdp)
        elif kind == 2 and moves:
            moves[fdp.ConsumeIntInRange(0, len(moves) - 1)] = _move(fdp)
        elif kind == 3:
            moves.insert(fdp.ConsumeIntInRange(0, len(moves)), _move(fdp))
        elif kind == 4 and moves:
            del moves[fdp.ConsumeIntInRange(0, len(moves) - 1):]
        elif kind == 5 and len(moves) > 1:
            i, j = (fdp.ConsumeIntInRange(0, len(moves) - 1) for _ in range(2))
            moves[i], moves[j] = moves[j], moves[i]
        elif kind == 6:
            doc["result"] = None if fdp.ConsumeBool() else {"winner": _value(fdp),
                                                            "reason": _value(fdp)}
        elif kind == 7:
            doc["final_digest"] = None if fdp.ConsumeBool() else _value(fdp)
        else:
            doc[["game", "seed", "created", "app_version", "rules_version"][
                fdp.ConsumeIntInRange(0, 4)]] = _value(fdp)
    return doc


def _move(fdp: atheris.FuzzedDataProvider) -> object:
    if fdp.ConsumeBool():
        return ALL_MOVES[fdp.ConsumeIntInRange(0, len(ALL_MOVES) - 1)]
    return _value(fdp)


def test_one_input(data: bytes) -> None:
    doc = mutate(atheris.FuzzedDataProvider(data))
    text = json.dumps(doc, ensure_ascii=True)
    started = time.perf_counter()
    try:
        match = Record.loads(text).replay(GAMES)
    except RecordError as err:
        message = str(err)
        if not message or len(message) > 300 or not message.isprintable():
            raise AssertionError(f"unreadable error message: {message[:400]!r}") from None
    else:
        again = Record.loads(Record.of(match).dumps()).replay(GAMES)
        if again.moves != match.moves or again.outcome != match.outcome:
            raise AssertionError("a record that loaded does not save and load the same")
    if time.perf_counter() - started > SLOW:
        raise AssertionError(f"{time.perf_counter() - started:.1f} s for one record")


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
