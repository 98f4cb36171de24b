"""The public side on loopback: names, the lobby, quick match, spectators, ratings, floods."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from game.core.match import Match, Seat
from game.net.glicko2 import Rating, Result, update
from game.net.wire import lobby as lb
from game.net.wire.limits import PROTOCOL_VERSION
from tests.net.lobby_clients import (
    RULES,
    Peer,
    _secret,
    lobby_server,
    peer,
    play_random,
    push_fight_between,
)
from tests.net.servers import GAMES

CLOCK = {"gone": 60, "move": None}


async def test_a_name_is_bound_to_its_secret_and_moves_with_a_one_time_code(
        tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url, "Ada") as ada:
        await ada.send("link")
        code = (await ada.expect("linked"))["code"]
        async with peer(url) as thief:
            await thief.send("identify", name="Ada", secret=_secret("Eve"))
            assert (await thief.expect("error"))["code"] == "name-taken"
            await thief.send("redeem", name="Ada", code="ABCDEFGH", secret=_secret("Eve"))
            assert (await thief.expect("error"))["code"] == "bad-code"
        async with peer(url) as laptop:
            await laptop.send("redeem", name="Ada", code=code, secret=_secret("Lap"))
            assert (await laptop.expect("identified"))["new"] is False
        async with peer(url) as again:  # the code worked once
            await again.send("redeem", name="Ada", code=code, secret=_secret("Eve"))
            assert (await again.expect("error"))["code"] == "bad-code"


async def test_a_listed_seat_shows_live_and_is_taken_in_one_step(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url) as watcher, peer(url, "Ada") as host, peer(url, "Bo") as guest:
        await watcher.send("browse", game=None)
        assert (await watcher.expect("lobby"))["seats"] == []
        await host.send("create", game="pushfight", options={}, seat=0, name="x",
                        clock=CLOCK)
        await host.expect("seated")
        await host.send("list", rated=True)
        seat = (await watcher.expect("listed"))["seat"]
        assert seat["host"] == "Ada" and seat["rated"] and seat["rating"] == 1500
        await guest.send("take", table=seat["table"], name="ignored")
        assert (await guest.expect("seated"))["table"] == seat["table"]
        table = await guest.expect("table")
        assert table["names"] == ["Ada", "Bo"]  # identified players play under their name
        assert (await watcher.expect("playing"))["table"] == seat["table"]
        await watcher.send("take", table=seat["table"], name="Late")
        assert (await watcher.expect("error"))["code"] == "not-listed"
        async with peer(url) as newcomer:  # finds the game in play, to watch
            await newcomer.send("browse", game="pushfight")
            lobby = await newcomer.expect("lobby")
            assert lobby["seats"] == [] and lobby["playing"][0]["table"] == seat["table"]
        await host.send("abort")
        assert (await watcher.expect("unlisted"))["table"] == seat["table"]


async def test_quick_match_pairs_and_a_rated_game_moves_both_ratings(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, hub), \
            peer(url, "Ada") as ada, peer(url, "Bo") as bo:
        for player in (ada, bo):
            await player.send("seek", game="pushfight", clock=CLOCK, rated=True)
            await player.expect("queued")
        got = {}
        for player in (ada, bo):
            await player.drain(1.5)
            got[id(player)] = [m["type"] for m in player.got]
        matched = ada if "matched" in got[id(ada)] else bo
        other = bo if matched is ada else ada
        code = (await matched.expect("matched"))["code"]
        await matched.send("join", code=code, name="x")
        await matched.expect("seated")
        await other.expect("seated")
        assert (await matched.expect("table"))["rated"] is True  # said before the first move
        await other.send("resign")
        ended = await matched.expect("ended")
        assert ended == await other.expect("ended")
        await ada.drain(0.3)
        await ada.send("profile?", name="Ada")
        ada_profile = await ada.expect("profile")
        await ada.send("profile?", name="Bo")
        bo_profile = await ada.expect("profile")
        assert hub.pairing_delays and hub.pairing_delays[0] < 2
    winner, loser = (ada_profile, bo_profile) if matched is ada else (bo_profile, ada_profile)
    expected = update(Rating(), [Result(Rating(), 1)], floor=30)
    assert winner["games"][0]["rating"] == round(expected.rating)
    assert winner["games"][0]["won"] == 1 and loser["games"][0]["lost"] == 1
    assert loser["games"][0]["rating"] < 1500 and winner["games"][0]["provisional"]
    assert winner["recent"][0]["result"] == "won" and winner["recent"][0]["rated"]
    won = ended["ending"]["winner"]  # the players hear the change with the result
    assert ended["ratings"][won] == {"rating": round(expected.rating),
                                     "change": round(expected.rating) - 1500,
                                     "provisional": True}
    assert ended["ratings"][1 - won]["rating"] == loser["games"][0]["rating"]
    assert ended["ratings"][1 - won]["change"] == loser["games"][0]["rating"] - 1500 < 0


async def test_a_casual_game_says_nothing_of_ratings(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url, "Ada") as ada, peer(url, "Bo") as bo:
        await push_fight_between(ada, bo)
        assert (await bo.expect("table"))["rated"] is False
        await ada.send("resign")
        ended = await bo.expect("ended")
    assert ended["ratings"] is None and ended["ending"]["winner"] == 1


async def test_a_spectator_joins_mid_game_catches_up_and_never_gets_a_token(
        tmp_path: Path) -> None:
    mirror = Match(GAMES.get("pushfight"), {}, (Seat("Ada"), Seat("Bo")))
    rng = random.Random(5)
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url) as host, peer(url) as guest:
        table = await push_fight_between(host, guest)
        await play_random({0: host, 1: guest}, mirror, rng, 3)
        async with peer(url) as fan, peer(url) as late:
            await fan.send("watch", table=table, round=0, have=0)
            watching = await fan.expect("watching")
            assert watching["names"] == ["Ada", "Bo"] and watching["ply"] == 3
            assert (await fan.expect("moves"))["moves"] == list(mirror.moves)
            await play_random({0: host, 1: guest}, mirror, rng, 1)
            assert (await fan.expect("moved"))["move"] == mirror.moves[-1]
            await late.send("watch", table=table, round=0, have=2)  # holds two, catches up
            await late.expect("watching")
            caught = await late.expect("moves")
            assert caught["start"] == 2 and caught["moves"] == list(mirror.moves[2:])
            await fan.send("remark", text="well played")
            assert (await late.expect("remarked"))["text"] == "well played"
            await host.send("chat", text="for my opponent")
            await guest.expect("said")
            await host.send("resign")
            await fan.expect("ended")
            await host.send("offer", kind="rematch")
            await guest.expect("offered")
            await guest.send("answer", kind="rematch", accept=True)
            renewed = await fan.expect("watching")
            assert renewed["round"] == 1 and renewed["names"] == ["Bo", "Ada"]
            await fan.send("move", ply=0, move="C")
            assert (await fan.expect("error"))["code"] == "not-seated"
            await fan.drain(0.2)
            await host.drain(0.2)
            assert all("token" not in m and m["type"] not in ("seated", "said")
                       for m in fan.got + late.got)
            assert not any(m["type"] == "remarked" for m in host.got)


@pytest.mark.parametrize("kind", ["challenge", "chat", "browse"])
async def test_floods_are_refused_not_served(tmp_path: Path, kind: str) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url, "Ada") as ada, peer(url, "Troll") as troll:
        if kind == "chat":
            await troll.send("create", game="pushfight", options={}, seat=0, name="T",
                             clock=CLOCK)
            code = (await troll.expect("invite"))["code"]
            await ada.send("join", code=code, name="Ada")
            await ada.expect("seated")
        for _ in range(30):
            if kind == "challenge":
                await troll.send("challenge", name="Ada", game="conquid", clock=CLOCK,
                                 rated=False)
            elif kind == "chat":
                await troll.send("chat", text="spam")
            else:
                await troll.send("browse", game=None)
        await troll.drain(0.5)
        await ada.drain(0.3)
        refused = [m for m in troll.got if m.get("code") == "rate-limited"]
        assert len(refused) >= 10
        delivered = {"challenge": "challenged", "chat": "said", "browse": "lobby"}[kind]
        heard = ada if kind != "browse" else troll
        assert len([m for m in heard.got if m["type"] == delivered]) <= 20


async def test_a_blocked_player_cannot_challenge_or_chat(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url, "Ada") as ada, peer(url, "Troll") as troll:
        await troll.send("challenge", name="Ada", game="conquid", clock=CLOCK, rated=False)
        challenge = await ada.expect("challenged")
        await ada.send("reply", id=challenge["id"], accept=False)
        assert (await troll.expect("challenge-over"))["why"] == "declined"
        await ada.send("block", name="Troll", on=True)
        await ada.expect("blocked")
        await troll.send("challenge", name="Ada", game="conquid", clock=CLOCK, rated=False)
        await troll.drain(0.3)
        await ada.drain(0.3)
        assert [m["type"] for m in ada.got].count("challenged") == 1
        await troll.send("create", game="pushfight", options={}, seat=0, name="T",
                         clock=CLOCK)
        code = (await troll.expect("invite"))["code"]
        await ada.send("join", code=code, name="Ada")
        await ada.expect("seated")
        await troll.send("chat", text="hey")
        await troll.expect("said")  # the sender sees its own line
        await ada.drain(0.3)
        assert not any(m["type"] == "said" for m in ada.got)


async def test_the_operator_removes_a_name_and_its_listings(tmp_path: Path) -> None:
    from game.net.commands import remove_command

    db = str(tmp_path / "t.sqlite")
    async with lobby_server(db) as (url, _), peer(url, "Troll") as troll:
        await troll.send("create", game="pushfight", options={}, seat=0, name="T",
                         clock=CLOCK)
        await troll.expect("seated")
        await troll.send("list", rated=False)
        await troll.expect("listed")
    assert remove_command(db, "Troll") == 0
    async with lobby_server(db) as (url, _), peer(url) as someone:
        await someone.send("browse", game=None)
        assert (await someone.expect("lobby"))["seats"] == []
        await someone.send("identify", name="Troll", secret=_secret("Troll"))
        assert (await someone.expect("error"))["code"] == "name-taken"


async def test_a_lobby_message_before_hello_is_refused_as_hello_first(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            connect(url, compression=None) as conn:
        early = Peer(conn)
        await early.send("browse", game=None)
        refusal = await early.expect("error")
        assert (refusal["code"], refusal["of"]) == ("hello-first", "browse")
        await early.send("hello", protocol=PROTOCOL_VERSION, rules=RULES, client="test")
        await early.expect("welcome")
        await early.send("browse", game=None)
        assert (await early.expect("lobby"))["seats"] == []


async def test_every_lobby_message_has_its_handler(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (_, hub):
        assert set(hub._handlers) == set(lb.LOBBY_CLIENT_TYPES.values())
