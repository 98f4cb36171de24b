"""``conquid-arcade review``: the table, the JSON lines, the record written with its review,
refusals (a file it cannot read: one line and exit 2; writing over the record)."""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from game import review_command
from game.catalog import plugins
from game.cli import main
from game.core.record import read_record, save_match
from game.core.review.analysis import Evaluation
from game.plugin import GamePlugin
from tests.review.fakes import GAMES, FakeAnalyst, random_match


def fake_plugins() -> Mapping[str, GamePlugin]:
    return {game_id: dataclasses.replace(plugin, analyst=functools.partial(fake, game_id))
            for game_id, plugin in plugins().items()}


def fake(game_id: str) -> FakeAnalyst:
    return FakeAnalyst(GAMES.get(game_id))


@pytest.fixture(autouse=True)
def analysts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(review_command, "plugins", fake_plugins)
    yield


def saved(tmp_path: Path, game_id: str, limit: int, **options: object) -> Path:
    path = tmp_path / f"{game_id}.json"
    save_match(path, random_match(game_id, 41, limit=limit, **options))
    return path


def test_json_lines_one_a_ply_then_the_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path, "piously", 50)
    assert main(["review", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    plies, summary = lines[:-1], lines[-1]
    assert [p["ply"] for p in plies] == list(range(1, len(plies) + 1))
    for p in plies:
        assert {"ply", "seat", "move", "value", "best", "judgement", "proof"} <= set(p)
        assert 0.0 <= p["value"] <= 1.0
        assert p["judgement"] in (None, "inaccuracy", "mistake", "blunder", "missed-win")
    assert any("; " in p["move"] for p in plies), "a Piously ply is a whole turn"
    assert [s["seat"] for s in summary["summary"]] == [0, 1]
    assert "reviewing:" in err and f"{len(plies)}/{len(plies)}" in err


def test_the_table_and_the_record_written_with_its_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path, "conquid", 30, board="small")
    before = path.read_bytes()
    out_path = tmp_path / "reviewed.json"
    assert main(["review", str(path), "--depth", "deep", "--out", str(out_path)]) == 0
    out, _ = capsys.readouterr()
    assert out.splitlines()[0].split()[:3] == ["ply", "player", "move"]
    assert "accuracy" in out
    assert path.read_bytes() == before
    record = read_record(out_path)
    assert record.analysis is not None and record.analysis.complete
    assert record.analysis.depth == "deep" and record.moves == read_record(path).moves


def test_a_solo_game_is_reviewed_in_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path, "forts", 20)
    assert main(["review", str(path), "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(line["seat"] == 0 for line in lines[:-1])
    assert lines[-1]["summary"][0]["points_lost"] is not None


def test_an_unreadable_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert main(["review", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "bad.json" in err
    assert main(["review", str(tmp_path / "missing.json")]) == 2


def test_it_never_writes_over_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path, "conquid", 6, board="small")
    before = path.read_bytes()
    assert main(["review", str(path), "--out", str(path)]) == 1
    assert "record itself" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_a_review_in_the_file_is_completed_not_redone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved(tmp_path, "conquid", 10, board="small")
    reviewed = tmp_path / "reviewed.json"
    assert main(["review", str(path), "--out", str(reviewed)]) == 0
    searched: list[int] = []

    def counted(self: FakeAnalyst, state: object, budget: int) -> Evaluation:
        searched.append(1)
        return original(self, state, budget)

    original = FakeAnalyst.evaluate
    monkeypatch.setattr(FakeAnalyst, "evaluate", counted)
    assert main(["review", str(reviewed), "--json"]) == 0
    assert searched == []


def test_a_game_without_an_analyst_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(review_command, "plugins", lambda: {
        game_id: dataclasses.replace(plugin, analyst=None)
        for game_id, plugin in plugins().items()})
    path = saved(tmp_path, "conquid", 4, board="small")
    assert main(["review", str(path)]) == 1
    assert "no analyst" in capsys.readouterr().err
