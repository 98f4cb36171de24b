"""Whatever a server sends, the client's reader never dies unheard: a newer server's message
types and fields are passed over; anything else it cannot take in ends the link with a reason
(``failure``), and a join that cannot be played is refused at once, saying why."""

from __future__ import annotations

import asyncio

import pytest

from game.net.client import UNEXPECTED, UNPLAYABLE, ClientError, Incoming, TableClient
from game.net.wire import messages as m
from tests.net.scripted import GAMES, Peer, scripted

QUICKLY = 5.0
"""Far below the 30 s a request waits for its answer: the refusal must come at once."""


def client(url: str, **options: object) -> TableClient:
    return TableClient(url, "Blaise", GAMES, rate=None, **options)  # type: ignore[arg-type]


async def failure_of(player: TableClient) -> ClientError:
    await player.wait_until(lambda: player.failure is not None, QUICKLY)
    assert player.failure is not None
    return player.failure


async def test_a_newer_servers_types_and_fields_are_passed_over() -> None:
    async def newer(peer: Peer) -> None:
        await peer.greet()
        await peer.receive()  # join
        await peer.send('{"type":"weather","sky":"blue"}')
        await peer.send(m.encode(m.Seated("t1", 1, "ab" * 16))[:-1] + ',"colour":"red"}')
        state = m.TableState("t1", "conquid", 1, {}, m.Clock(), 0, 1, ("Ada", "Blaise"),
                             (True, True), 1)
        await peer.send(m.encode(state)[:-1] + ',"weather":{"sky":"grey"}}')
        await peer.send(m.Moves(0, 0, ("A 0,0 0,1 0,2",)))

    async with scripted(newer) as server:
        player = client(server.url)
        await player.connect()
        await asyncio.wait_for(player.join("ABCDEF"), QUICKLY)
        await player.wait_until(lambda: player.match is not None and player.match.ply == 1,
                                QUICKLY)
        assert player.failure is None
        await player.close()


@pytest.mark.parametrize(("move", "why"), [
    ("V 0,0", "all 16 cells of the block"),  # the rules refuse it
    ("zz99", "is not a Conquid move"),  # the rules cannot read it
])
async def test_a_move_the_rules_refuse_ends_the_link_saying_so(move: str, why: str) -> None:
    async def bad_move(peer: Peer) -> None:
        await peer.greet()
        await peer.seat(moves=("A 0,0 0,1 0,2",))
        await peer.send(m.Moved(0, 1, 0, move))

    links: list[str] = []
    async with scripted(bad_move) as server:
        player = client(server.url, on_link=links.append)
        await player.connect()
        await player.join("ABCDEF")
        failure = await failure_of(player)
        assert failure.code == UNEXPECTED
        assert "the server sent a move the rules refuse" in failure.reason and why in failure.reason
        assert links[-1] == "closed"
        await player.close()


async def test_moves_out_of_order_before_the_seat_is_taken_refuse_the_join() -> None:
    async def gap_first(peer: Peer) -> None:
        await peer.greet()
        await peer.receive()
        state = m.TableState("t1", "conquid", 1, {}, m.Clock(), 0, 1, ("Ada", "Blaise"),
                             (True, True), 9)
        await peer.send(state)
        await peer.send(m.Moves(0, 5, ("C",)))

    async with scripted(gap_first) as server:
        player = client(server.url)
        await player.connect()
        with pytest.raises(ClientError) as refused:
            await asyncio.wait_for(player.join("ABCDEF"), QUICKLY)
        assert refused.value.code == UNEXPECTED
        assert "before the seat was taken" in refused.value.reason


@pytest.mark.parametrize(("game", "options", "why"), [
    ("chess", {}, "a game this app does not have"),
    ("forts", {}, "is played by 1, not at a table of 2"),
    ("conquid", {"board": "gigantic"}, "this app's rules refuse the table"),
])
async def test_a_table_this_app_cannot_play_refuses_the_join_at_once(
        game: str, options: dict[str, m.OptionValue], why: str) -> None:
    async def table(peer: Peer) -> None:
        await peer.greet()
        await peer.seat(game, options)

    async with scripted(table) as server:
        player = client(server.url)
        await player.connect()
        with pytest.raises(ClientError) as refused:
            await asyncio.wait_for(player.join("ABCDEF"), QUICKLY)
        assert refused.value.code == UNPLAYABLE and why in refused.value.reason


async def test_a_message_it_cannot_read_ends_the_link_saying_so() -> None:
    async def broken(peer: Peer) -> None:
        await peer.greet()
        await peer.seat()
        await peer.send('{"type":"moved","round":"zero","ply":0,"seat":0,"move":"C"}')

    async with scripted(broken) as server:
        player = client(server.url)
        await player.connect()
        await player.join("ABCDEF")
        failure = await failure_of(player)
        assert failure.code == UNEXPECTED and "cannot read" in failure.reason
        await player.close()


async def test_a_failure_while_taking_a_message_in_ends_the_link_saying_so() -> None:
    def listener(message: Incoming) -> None:
        if isinstance(message, m.Moves):
            raise AssertionError("a listener that breaks")

    async def honest(peer: Peer) -> None:
        await peer.greet()
        await peer.seat(moves=("A 0,0 0,1 0,2",))

    async with scripted(honest) as server:
        player = client(server.url, on_message=listener)
        await player.connect()
        await player.join("ABCDEF")
        failure = await failure_of(player)
        assert "AssertionError: a listener that breaks" in failure.reason
        await player.close()
