"""``conquid-arcade serve`` and ``net-smoke`` from the command line, and the server embedded
in a background thread as the desktop app will host it."""

from __future__ import annotations

import json
import socket
import urllib.request
from pathlib import Path

import pytest

from game.cli import main
from game.net.server.runner import ServerConfig, ServerThread, StartError


def test_net_smoke_plays_every_two_player_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["net-smoke"]) == 0
    out = capsys.readouterr().out
    for game in ("conquid", "pushfight", "piously"):
        assert f"{game}: " in out
    assert "net smoke passed" in out


def test_net_smoke_says_why_it_failed(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    assert main(["net-smoke", "--server", f"ws://127.0.0.1:{port}"]) == 1
    assert "net smoke FAILED" in capsys.readouterr().err


def test_a_port_in_use_and_a_bad_database_are_said_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        db = str(tmp_path / "tables.sqlite")
        assert main(["serve", "--port", str(port), "--db", db]) == 1
        assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
    assert main(["serve", "--port", "0", "--db", str(tmp_path / "no" / "such.sqlite")]) == 1
    assert "does not exist" in capsys.readouterr().err
    assert main(["serve", "--port", "0", "--db", "postgresql://u:secret@127.0.0.1:1/x"]) == 1
    err = capsys.readouterr().err
    assert "cannot connect to postgresql://u:***@127.0.0.1:1/x" in err and "secret" not in err


def test_the_server_runs_in_a_background_thread(tmp_path: Path) -> None:
    server = ServerThread(ServerConfig(db=str(tmp_path / "tables.sqlite"), port=0))
    port = server.start()
    try:
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5).read()
        assert json.loads(page)["status"] == "ok"
        with pytest.raises(StartError, match="cannot listen"):
            ServerThread(ServerConfig(db=str(tmp_path / "other.sqlite"), port=port)).start()
    finally:
        server.stop()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
