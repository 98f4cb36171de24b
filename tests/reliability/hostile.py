"""Hostile inputs, made by code (nothing multi-megabyte is checked in): shared by the hostile
suite (``test_hostile_*.py``), the record benchmark (``bench/records.py``) and the fuzzers.

- ``HOSTILE_TEXTS``: control characters, invalid Unicode, bidirectional overrides, huge texts.
- ``text_fields``: every text field of a record, as a path into the document.
- ``longest_game``: a valid game of a game's greatest length (``GameInfo.max_plies``) or as
  near as its rules allow, played by choosing, at every move, one that does not end it.
- ``special_files``: a FIFO, a device, a folder, a symlink loop, a 5 GiB sparse file...
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from game.catalog import all_games
from game.core.match import Match, Seat
from game.core.protocol import CHANCE, Game, Outcome, OutcomeReason
from game.core.record import Record

GAMES = all_games()
GAME_IDS = [game.info.id for game in GAMES]

HOSTILE_TEXTS: dict[str, str] = {
    "NUL": "A\x00B",
    "lone high surrogate": "\ud800",
    "lone low surrogate": "x\udcffy",
    "escape sequence": "\x1b[2J\x1b[31mred",
    "line break": "first\nsecond",
    "tab": "a\tb",
    "delete": "a\x7fb",
    "C1 control": "a\x85b",
    "bidirectional override": "\u202egnp.exe",
    "line separator": "a\u2028b",
    "private use": "\ue000",
    "unassigned": "\U000e0080",
    "201 characters": "x" * 201,
    "3 MB": "y" * 3_000_000,
}
"""Texts no field of a file may hold: the loader must refuse each with a short message."""

FRIENDLY_TEXTS: dict[str, str] = {
    "accents": "Zoë Ångström",
    "emoji with joiner": "\U0001f469\u200d\U0001f4bb player",
    "right to left": "\u0645\u0631\u062d\u0628\u0627",
    "combining marks": "e\u0301\u0301\u0301",
    "wide": "\u4e2d\u6587\u540d\u5b57",
    "200 characters": "z" * 200,
    "spaces only": "   ",
    "only a joiner": "\u200c",
    "only a combining mark": "\u0301",
    "empty": "",
}
"""Unusual texts that are fine: they must load and draw."""


def record_document(game: Game[Any, Any], plies: int = 6, seed: int = 1) -> dict[str, Any]:
    """A short real record of ``game`` (random legal moves) as a JSON document."""
    rng = random.Random(seed)
    match = Match(game, {}, seed=f"hostile-{seed}")
    while not match.is_over and match.ply < plies:
        if match.to_move == CHANCE:
            match.play_chance()
        else:
            match.play(game.random_move(match.state, rng))
    document: dict[str, Any] = json.loads(Record.of(match).dumps())
    return document


def text_fields(document: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every text field of a record, as the keys and indices that reach it."""
    fields: list[tuple[Any, ...]] = [("game",), ("created",), ("app_version",), ("seed",)]
    for seat in range(len(document["players"])):
        fields += [("players", seat, "name"), ("players", seat, "kind"),
                   ("players", seat, "level")]
    fields += [("moves", index) for index in range(min(3, len(document["moves"])))]
    fields += [("options", name) for name, value in document["options"].items()
               if isinstance(value, str)]
    return fields


def with_field(document: dict[str, Any], field: tuple[Any, ...], value: object) -> bytes:
    """The document with one field set, as file bytes (JSON escapes keep lone surrogates)."""
    copy = json.loads(json.dumps(document))
    target = copy
    for key in field[:-1]:
        target = target[key]
    target[field[-1]] = value
    return json.dumps(copy, ensure_ascii=True).encode("ascii")


def longest_moves(game: Game[Any, Any], options: dict[str, object], seed: int = 1,
                  plies: int | None = None) -> tuple[list[str], Any]:
    """The moves of a valid game as long as ``game`` allows (``max_plies``) or as near as its
    rules let it go, and its last position: at every move, a random move (or die roll) that
    does not end the game. Each move is applied once (this makes games of 10,000 moves)."""
    rng = random.Random(seed)
    state = game.new_state(game.info.validate_options(options))
    target = game.info.max_plies if plies is None else plies
    texts: list[str] = []
    while len(texts) < target and game.outcome(state) is None:
        candidates: Iterator[Any]
        if game.to_move(state) == CHANCE:
            rolls = [move for move, _ in game.chance_outcomes(state)]
            rng.shuffle(rolls)
            candidates = iter(rolls)
        else:
            tries = (game.random_move(state, rng) for _ in range(20))
            candidates = itertools.chain(tries, itertools.islice(game.legal_moves(state), 3000))
        first: tuple[Any, Any] | None = None
        for move in candidates:
            if move is None:
                continue
            after = game.apply(state, move).state
            first = first or (move, after)
            if game.outcome(after) is None:
                first = (move, after)
                break
        if first is None:
            break
        texts.append(game.format_move(first[0]))
        state = first[1]
    return texts, state


def longest_game(game: Game[Any, Any], options: dict[str, object] | None = None,
                 seed: int = 1, plies: int | None = None) -> Match:
    """``longest_moves`` played into a match."""
    match = Match(game, options or {}, seed=f"longest-{seed}")
    for text in longest_moves(game, options or {}, seed, plies)[0]:
        match.play_text(text)
    return match


WORST_OPTIONS: dict[str, dict[str, object]] = {
    "conquid": {"board": "custom", "rows": 60, "cols": 100, "base": 5},
    "pushfight": {"repetition_draw": True},
    "forts": {"board": "15x30"},
}
"""Each game's costliest options to re-play (the largest board, the repetition rule);
a game not listed plays with its defaults."""


@cache
def longest_record(game_id: str) -> bytes:
    """The file of ``longest_game`` for a game, with its costliest options."""
    game = GAMES.get(game_id)
    options = game.info.validate_options(WORST_OPTIONS.get(game_id, {}))
    texts, state = longest_moves(game, options)
    outcome = game.outcome(state)
    if outcome is None and len(texts) >= game.info.max_plies:
        outcome = Outcome(None, OutcomeReason.TURN_LIMIT)  # how Match ends the longest game
    seats = tuple(Seat(name) for name in game.info.seat_names)
    record = Record(game.info.id, game.info.rules_version, options, seats, tuple(texts),
                    outcome, "longest-1", final_digest=game.encode(state))
    return record.dumps().encode("utf-8")


def special_files(folder: Path) -> dict[str, Path]:
    """Paths that are not small regular files; each must be refused at once."""
    folder.mkdir(parents=True, exist_ok=True)
    files: dict[str, Path] = {}
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.json")
        files["a FIFO"] = folder / "fifo.json"
    if Path("/dev/zero").exists():
        (folder / "zero.json").symlink_to("/dev/zero")
        files["a link to /dev/zero"] = folder / "zero.json"
        files["a device"] = Path("/dev/null")
    (folder / "folder.json").mkdir()
    files["a folder"] = folder / "folder.json"
    (folder / "loop.json").symlink_to(folder / "loop.json")
    files["a symlink loop"] = folder / "loop.json"
    (folder / "dangling.json").symlink_to(folder / "nowhere")
    files["a dangling link"] = folder / "dangling.json"
    sparse = folder / "sparse.json"
    with open(sparse, "wb") as handle:
        handle.truncate(5 * 2**30)
    files["a 5 GiB sparse file"] = sparse
    return files


_PROBE = """
import json, resource, sys, time
from pathlib import Path
from game.catalog import all_games
from game.core.record import load_match


def peak_mb():
    # VmHWM starts anew with each program (ru_maxrss keeps the forking parent's peak)
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


games = all_games()
before = peak_mb()
started, cpu = time.perf_counter(), time.process_time()
match = load_match(Path(sys.argv[1]), games)
seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
after = peak_mb()
print(json.dumps({"seconds": seconds, "cpu_seconds": cpu, "plies": match.ply,
                  "peak_mb": after, "load_mb": after - before}))
"""


def probe_load(path: Path) -> dict[str, float]:
    """Load the record at ``path`` in a fresh process: its time (wall and CPU: on a shared
    machine the CPU time is the steadier figure), moves and peak memory (MB, the whole
    process, and what the load added). POSIX only."""
    done = subprocess.run([sys.executable, "-c", _PROBE, str(path)], capture_output=True,
                          text=True, check=True, timeout=120)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def unfinished_record(game_id: str) -> bytes:
    """``longest_record`` one move before its end, unfinished: the longest game to resume."""
    document = json.loads(longest_record(game_id))
    document["moves"] = document["moves"][:-1]
    document["result"] = document["final_digest"] = None
    return json.dumps(document, indent=1).encode("utf-8")


def fullest_kept_folder(data: Path, unfinished_in_history: int = 50) -> None:
    """The largest kept-game folders the app itself makes: ``KEEP_UNFINISHED`` unfinished
    games to resume, ``KEEP_FINISHED`` finished ones and ``unfinished_in_history`` older
    unfinished ones in the history, each as long as its game allows."""
    from game.client.files.autosaves import KEEP_FINISHED, KEEP_UNFINISHED

    folders = {"autosave": [unfinished_record] * KEEP_UNFINISHED,
               "history": [longest_record] * KEEP_FINISHED
               + [unfinished_record] * unfinished_in_history}
    for folder, makers in folders.items():
        (data / folder).mkdir(parents=True, exist_ok=True)
        for number, make in enumerate(makers):
            game_id = GAME_IDS[number % len(GAME_IDS)]
            name = f"20261124-{number:06d}-{number:08x}.json"
            (data / folder / name).write_bytes(make(game_id))


_LIST_PROBE = """
import json, sys, time
from pathlib import Path
from game.catalog import all_games
from game.client.files import autosaves
from game.client.files.paths import Paths
from tests.reliability.hostile import peak_mb

games = all_games()
paths = Paths.under(Path(sys.argv[1]))
before = peak_mb()
started, cpu = time.perf_counter(), time.process_time()
unfinished, finished = autosaves.unfinished(paths), autosaves.finished(paths)
lines = autosaves.lines(unfinished, games) + autosaves.lines(finished, games)
seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
again = time.perf_counter()
autosaves.lines(autosaves.finished(paths), games)
print(json.dumps({"seconds": seconds, "cpu_seconds": cpu, "listed": len(lines),
                  "again_seconds": time.perf_counter() - again, "peak_mb": peak_mb(),
                  "list_mb": peak_mb() - before}))
"""


def peak_mb() -> float:
    """This process's peak memory in MB (VmHWM; ``ru_maxrss`` where there is no /proc)."""
    import resource

    with contextlib.suppress(OSError), open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def probe_listing(home: Path) -> dict[str, float]:
    """List the kept games under ``home`` as the menu and "Your games" do, in a fresh
    process: time (wall and CPU), lines listed, peak memory in MB. POSIX only."""
    done = subprocess.run([sys.executable, "-c", _LIST_PROBE, str(home)], capture_output=True,
                          text=True, check=True, timeout=120)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures
