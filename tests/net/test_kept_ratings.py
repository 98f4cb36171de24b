"""A rated round's rating changes are kept with the round, on SQLite and PostgreSQL: a player
who comes back to the finished round on another connection, after a server restart too,
hears them in its ``table`` as the players heard them in ``ended``; a spectator watching the
finished round hears them in its ``watching``, and so does one replaying it as an earlier
round of a rematch; the new round says nothing of them. A casual round says nothing of
ratings anywhere."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.net.storage import open_storage
from game.net.wire.entries import load_entry
from tests.net.lobby_clients import CLOCK, lobby_server, peer, push_fight_between


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "t.sqlite")
    else:
        yield request.getfixturevalue("postgres_url")


async def rated_round(url: str) -> tuple[str, dict[int, str], dict[str, Any]]:
    """Rita lists a rated Push Fight seat, Ravi takes it, Rita resigns: the table's id, each
    seat's token and the ``ended`` both heard. (Names of their own: the PostgreSQL server
    is shared by the tests, and a claimed name is claimed for all of them.)"""
    async with peer(url, "Rita") as ada, peer(url, "Ravi") as bo:
        await ada.send("create", game="pushfight", options={}, seat=0, name="x", clock=CLOCK)
        seated = await ada.expect("seated")
        await ada.send("list", rated=True)
        await ada.expect("listed")
        await bo.send("take", table=seated["table"], name="x")
        taken = await bo.expect("seated")
        assert (await bo.expect("table"))["rated"] is True
        await ada.send("resign")
        ended = await bo.expect("ended")
        assert ended == await ada.expect("ended")
    assert ended["ratings"] is not None
    return seated["table"], {0: seated["token"], 1: taken["token"]}, ended


async def attached(url: str, table: str, token: str, round_: int = 0) -> dict[str, Any]:
    """The ``table`` a player coming back to its seat on a new connection gets."""
    async with peer(url) as back:
        await back.send("attach", table=table, token=token, round=round_, have=0)
        return await back.expect("table")


async def watched(url: str, table: str, round_: int | None = None) -> dict[str, Any]:
    async with peer(url) as fan:
        await fan.send("watch", table=table, round=round_, have=0)
        return await fan.expect("watching")


async def test_a_player_coming_back_and_a_spectator_hear_the_rating_changes(db: str) -> None:
    async with lobby_server(db) as (url, _):
        table, tokens, ended = await rated_round(url)
        for seat in (0, 1):
            state = await attached(url, table, tokens[seat])
            assert state["ending"] == ended["ending"] and state["ratings"] == ended["ratings"]
        spectator = await watched(url, table)
        assert spectator["ending"] == ended["ending"]
        assert spectator["ratings"] == ended["ratings"]


async def test_a_server_restart_keeps_the_rating_changes(db: str) -> None:
    async with lobby_server(db) as (url, _):
        table, tokens, ended = await rated_round(url)
    async with lobby_server(db) as (url, hub):
        assert table not in hub._live  # rebuilt from what was stored
        state = await attached(url, table, tokens[1])
        assert state["ratings"] == ended["ratings"] and state["rated"] is True
        assert (await watched(url, table))["ratings"] == ended["ratings"]


async def test_a_rematch_starts_unrated_news_and_its_earlier_round_keeps_them(db: str
                                                                              ) -> None:
    async with lobby_server(db) as (url, _):
        table, tokens, ended = await rated_round(url)
        async with peer(url) as ada, peer(url) as bo:
            await ada.send("attach", table=table, token=tokens[0], round=0, have=1)
            await ada.expect("table")
            await bo.send("attach", table=table, token=tokens[1], round=0, have=1)
            await bo.expect("table")
            await ada.send("offer", kind="rematch")
            await bo.expect("offered")
            await bo.send("answer", kind="rematch", accept=True)
            renewed = await bo.expect("table")
            while renewed["round"] != 1:
                renewed = await bo.expect("table")
            assert renewed["ending"] is None and renewed["ratings"] is None
            assert (await watched(url, table))["ratings"] is None
            earlier = await watched(url, table, 0)
            assert earlier["round"] == 0 and earlier["ratings"] == ended["ratings"]


async def test_a_casual_round_says_nothing_of_ratings_after_it_ended(db: str) -> None:
    async with lobby_server(db) as (url, _), peer(url, "Rita") as ada, \
            peer(url, "Ravi") as bo:
        table = await push_fight_between(ada, bo, ("Rita", "Ravi"))
        token = next(m for m in ada.got if m["type"] == "seated")["token"]
        assert (await bo.expect("table"))["rated"] is False
        await ada.send("resign")
        assert (await bo.expect("ended"))["ratings"] is None
        state = await attached(url, table, token)
        assert state["ending"] is not None
        assert "ratings" in state and state["ratings"] is None and state["rated"] is False
        spectator = await watched(url, table)
        assert "ratings" in spectator and spectator["ratings"] is None
    storage = open_storage(db)
    try:
        stored = storage.load(table)
    finally:
        storage.close()
    assert stored is not None
    assert not any(load_entry(text).TYPE == "rated" for text in stored.entries)
