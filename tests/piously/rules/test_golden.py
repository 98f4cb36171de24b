"""Golden transcripts: whole games whose every move and position must never change."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from game.core.match import Match
from game.piously.rules import GAME
from game.piously.rules.spellbook import BY_NAME, SPELLS

GOLDEN = Path(__file__).parent / "golden"


def test_a_game_casting_every_spell_replays_to_the_same_positions_and_result() -> None:
    doc = json.loads((GOLDEN / "all_spells.json").read_text())
    match = Match(GAME)
    for text in doc["moves"]:
        match.play_text(text)
    for ply, encoded in doc["checkpoints"].items():
        assert GAME.encode(match.state_at(int(ply))) == encoded, ply
    assert match.outcome is not None and match.outcome.to_json() == doc["result"]
    cast = {text.split()[1] for text in doc["moves"] if text.startswith("cast ")}
    assert cast == {info.name for info in SPELLS}


def test_a_short_game_by_hand() -> None:
    """Black builds the default temple; White blesses a hex of Lime, ends the turn there and
    takes the Leap, which hands Black the Locksmith."""
    match = Match(GAME)
    for text in (
        "temple P2,-4r0 I3,-3r0 O2,-2r0 U2,0r0 S0,0r0 L1,2r0 Y-1,4r0",
        "place 1,1",
        "place 3,-3",
        "move 1,2",
        "bless",
        "move 2,2",
        "end take Leap",
    ):
        match.play(text)
    state = match.state
    assert state.to_move == 1
    assert state.owners[BY_NAME["leap"].id] == 0 and state.owners[BY_NAME["locksmith"].id] == 1
    assert GAME.encode(state) == (
        "play b a3 c0 t1 l0|2,-4r0 3,-3r0 2,-2r0 2,0r0 0,0r0 1,2r0 -1,4r0|s-|w1,2|b|"
        "o2,2 3,-3 - - - - - - -|..........bw.."
    )


def test_seeded_random_games_replay_move_for_move() -> None:
    """``random_move`` draws the same moves from the same generator: seeded playouts, arenas
    and the generic search replay exactly. The file was written before the engine took
    quicker roads for the searches (each game's move texts hashed, and its last position)."""
    doc = json.loads((GOLDEN / "random_games.json").read_text())
    for seed, expected in doc.items():
        rng = random.Random(int(seed))
        state = GAME.new_state({})
        texts = []
        while state.verdict is None:
            move = GAME.random_move(state, rng)
            assert move is not None
            texts.append(GAME.format_move(move))
            state = GAME.apply_unchecked(state, move).state
        assert len(texts) == expected["moves"], seed
        assert hashlib.sha256("\n".join(texts).encode()).hexdigest() == expected["sha256"], seed
        assert GAME.encode(state) == expected["final"], seed
