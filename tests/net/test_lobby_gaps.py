"""Three holes of the public side, closed: an earlier round of a rematch can be fetched to
replay, a block reaches both players' connections at once, and a claimed name is its
owner's at unrated tables too."""

from __future__ import annotations

from pathlib import Path

from tests.net.lobby_clients import lobby_server, peer, push_fight_between

CLOCK = {"gone": 60, "move": None}


async def test_an_earlier_round_of_a_rematch_is_sent_whole_to_replay(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url, "Ada") as ada, peer(url, "Bo") as bo:
        table = await push_fight_between(ada, bo, ("x", "x"))
        await ada.send("resign")
        await bo.expect("ended")
        await ada.send("offer", kind="rematch")
        await bo.expect("offered")
        await bo.send("answer", kind="rematch", accept=True)
        await ada.drain(0.2)
        await bo.send("resign")  # the rematch over too: Bo (seat 0 now) resigned
        await ada.expect("ended")
        async with peer(url) as reader:
            await reader.send("watch", table=table, round=0, have=0)
            first = await reader.expect("watching")
            assert first["round"] == 0 and first["names"] == ["Ada", "Bo"]
            assert first["ending"]["winner"] == 1 and first["ply"] == 1
            assert (await reader.expect("moves"))["moves"] == ["resign 0"]
            await reader.send("watch", table=table, round=1, have=0)
            second = await reader.expect("watching")
            assert second["round"] == 1 and second["names"] == ["Bo", "Ada"]
            assert (await reader.expect("moves"))["moves"] == ["resign 0"]


async def test_a_block_is_known_on_both_sides_at_once(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url, "Ada") as ada, peer(url, "Troll") as troll:
        await ada.send("block", name="Troll", on=True)
        await ada.expect("blocked")
        await troll.drain(0.3)  # the note goes round
        await troll.send("challenge", name="Ada", game="conquid", clock=CLOCK, rated=False)
        assert (await troll.expect("error"))["code"] == "blocked"
        await ada.send("block", name="Troll", on=False)
        await ada.expect("blocked")
        await troll.drain(0.3)
        await troll.send("challenge", name="Ada", game="conquid", clock=CLOCK, rated=False)
        assert (await ada.expect("challenged"))["by"] == "Troll"


async def test_a_claimed_name_is_refused_to_anyone_not_identified_as_it(
        tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url, "Ada") as _ada, peer(url) as impostor, peer(url) as stranger:
        await impostor.send("create", game="pushfight", options={}, seat=0, name="Ada",
                            clock=CLOCK)
        assert (await impostor.expect("error"))["code"] == "name-taken"
        await stranger.send("create", game="pushfight", options={}, seat=0, name="Cy",
                            clock=CLOCK)
        code = (await stranger.expect("invite"))["code"]
        await impostor.send("join", code=code, name="Ada")
        assert (await impostor.expect("error"))["code"] == "name-taken"
        await impostor.send("join", code=code, name="Eve")  # any free name still works
        table = await impostor.expect("table")
        assert table["names"] == ["Cy", "Eve"]


async def test_the_leaderboard_lists_provisional_ratings_after_the_established_ones(
        tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url, "Ada") as ada, peer(url, "Bo") as bo, peer(url, "Cy") as cy:
        await cy.send("create", game="pushfight", options={}, seat=0, name="x", clock=CLOCK)
        await cy.expect("seated")  # Cy plays no rated game: never on the board
        await ada.send("create", game="pushfight", options={}, seat=0, name="x", clock=CLOCK)
        await ada.expect("seated")
        await ada.send("list", rated=True)
        table = (await ada.expect("listed"))["seat"]["table"]
        await bo.send("take", table=table, name="x")
        await bo.expect("seated")
        await bo.send("resign")
        await ada.expect("ended")
        await ada.drain(0.2)
        await ada.send("leaderboard?", game="pushfight")
        rows = (await ada.expect("leaderboard"))["rows"]
        assert [row["name"] for row in rows] == ["Ada", "Bo"]
        assert all(row["deviation"] > 110 for row in rows)  # both provisional, marked so
