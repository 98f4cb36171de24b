"""Whole games of every two-player game through a real server: the server's table, both
players' mirrors, the database and a saved record all hold the same moves."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.core.record import Record
from game.net.smoke import play_pair, two_player_games
from tests.net.servers import GAMES, QUICK, live_server

GAME_IDS = two_player_games(GAMES)
UNPACED = replace(QUICK, messages_per_window=10_000)
"""A whole game at full speed is far past the flood limit a person never reaches."""
LONGEST = 400
"""Moves before the player to move resigns (Conquid and Push Fight end on the board first
with these seeds; Piously's random games run to a thousand moves and more)."""


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_whole_game_is_the_same_everywhere(game_id: str, tmp_path: Path) -> None:
    async with live_server(str(tmp_path / "tables.sqlite"), UNPACED) as server:
        played = await play_pair(server.url, game_id, seed=7, games=GAMES, max_moves=LONGEST,
                                 rate=None)
        assert played.mirrors_agree
        table = server.hub._live[played.table].table
        assert table.match.is_over and table.match.moves == played.moves
        stored = server.stored_match(played.table)
        assert stored.moves == played.moves and stored.outcome == table.match.outcome
        saved = tmp_path / "saved.json"
        saved.write_text(table.record(server.url).dumps())
        reloaded = Record.loads(saved.read_text()).replay(GAMES)
        assert reloaded.moves == played.moves and reloaded.outcome == table.match.outcome
    if game_id != "piously":
        assert played.ending != "resign", "the game should have ended on the board"


async def test_a_game_through_postgresql(postgres_url: str) -> None:
    async with live_server(postgres_url) as server:
        played = await play_pair(server.url, "pushfight", seed=3, games=GAMES, max_moves=30)
        assert played.mirrors_agree
        assert server.stored_match(played.table).moves == played.moves
