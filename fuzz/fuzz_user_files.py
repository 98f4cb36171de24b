"""Coverage-guided fuzzing of the player's own files, settings and high scores (``make fuzz``).

Every input must give the settings or tables it holds, or the defaults and a short readable
reason with the broken file kept aside byte for byte; any exception, a message longer than a
dialog line, a lost file or a slow load (a hang, a huge number) is a finding.

    python fuzz/fuzz_user_files.py CORPUS -runs=100000
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from game.client.files import scores
    from game.client.files.settings import Settings, load_settings

FOLDER = Path(tempfile.mkdtemp(prefix="fuzz-user-files-"))
SLOW = 1.0


def test_one_input(data: bytes) -> None:
    for name, load in (("settings.json", _settings), ("scores.json", _scores)):
        path = FOLDER / name
        path.write_bytes(data)
        started = time.perf_counter()
        problem = load(path)
        if time.perf_counter() - started > SLOW:
            raise AssertionError(f"{name}: {time.perf_counter() - started:.1f} s to load")
        if problem is None:
            continue
        if len(problem) > 300 or not problem.isprintable():
            raise AssertionError(f"unreadable message: {problem[:400]!r}")
        kept = FOLDER / f"{name}.bad"
        if kept.read_bytes() != data:
            raise AssertionError(f"{name}: the broken file was not kept as it was")
        kept.unlink()


def _settings(path: Path) -> str | None:
    loaded = load_settings(path)
    if loaded.problem is None:
        Settings.from_json(loaded.settings.to_json())  # what it read writes back readable
    return loaded.problem


def _scores(path: Path) -> str | None:
    loaded = scores.load(path)
    if loaded.problem is None:
        scores.save(path, loaded.tables)
        if scores.load(path).problem is not None:
            raise AssertionError("tables that loaded do not load again once saved")
    return loaded.problem


def write_seed_corpus(folder: Path) -> None:
    """A real settings file and a real score file, so the fuzzer starts from valid ones."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps(Settings().to_json()))
    entry = scores.Entry("Ada", (12, 30, 5), "daily-2026-11-23", "2026-11-23")
    (folder / "scores.json").write_text(json.dumps({
        "version": scores.VERSION, "tables": {"forts": {"9x18": [entry.to_json()]}}}))


if __name__ == "__main__":
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else None
    if corpus is not None:
        write_seed_corpus(corpus)
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
