"""Which kept games bring this machine's server up as the app starts
(``OnlinePlay.serve_kept``): a hosted table whose game is not over does, on the port its seat
was served on; a joined table, a finished game or none at all does not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.catalog import all_games
from game.client.files import autosaves, tickets
from game.client.files.paths import Paths
from game.client.match.online import OnlinePlay
from game.core.match import Match
from game.core.record import Online, Record

GAMES = all_games()


def keep_game(paths: Paths, table: str, hosted: bool, over: bool = False) -> None:
    match = Match(GAMES.get("pushfight"), {})
    if over:
        match.play_text("resign 0")
    online = Online("ws://127.0.0.1:8765", table, ("Ada", "Bo"))
    assert autosaves.Slot(paths).keep(Record.of(match, online)) is None
    tickets.keep(paths, tickets.Kept("ws://127.0.0.1:45678" if hosted else
                                     "ws://127.0.0.1:8765", table, 0, "0" * 32, "Ada",
                                     hosted=hosted))


class Hosted:
    url = "ws://127.0.0.1:45678"
    addresses = ("127.0.0.1:45678",)

    def __init__(self, port: int | None) -> None:
        self.port = port
        self.stopped = False

    def announce(self, *_: Any) -> None: ...

    def withdraw(self) -> None: ...

    def stop(self) -> None:
        self.stopped = True


def started(paths: Paths) -> list[int | None]:
    ports: list[int | None] = []

    def hosting(port: int | None) -> Hosted:
        ports.append(port)
        return Hosted(port)

    online = OnlinePlay(GAMES, paths, hosting)
    online.serve_kept()
    if online._starting is not None:
        online._starting.join(10)
    online.stop()
    return ports


@pytest.mark.parametrize(("hosted", "over", "ports"), [
    (True, False, [45678]), (True, True, []), (False, False, [])])
def test_only_an_unfinished_hosted_table_starts_the_server(
        tmp_path: Path, hosted: bool, over: bool, ports: list[int]) -> None:
    paths = Paths.under(tmp_path)
    keep_game(paths, "t1", hosted, over)
    assert started(paths) == ports


def test_no_kept_game_starts_nothing(tmp_path: Path) -> None:
    assert started(Paths.under(tmp_path)) == []
