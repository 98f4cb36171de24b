"""The lobby's messages survive their JSON form both ways, and bad fields are refused."""

from __future__ import annotations

import pytest

from game.net.wire import lobby as lb
from game.net.wire import messages as m
from game.net.wire.codes import ProtocolError, Refusal

SECRET = "0123456789abcdef" * 2
CLOCK = m.Clock(60, None)
LISTING = lb.Listing("k3v9x2m4qa7c", "conquid", {"board": "small"}, CLOCK, "Ada", True, 1520)

CLIENT = [
    lb.Identify("Ada", SECRET), lb.Link(), lb.Redeem("Ada", "ABCDEFGH", SECRET),
    lb.Browse(None), lb.Browse("conquid"), lb.List(True), lb.Take("k3v9x2m4qa7c", "Blaise"),
    lb.Seek("pushfight", CLOCK, False), lb.Unseek(), lb.Challenge("Ada", "conquid", CLOCK, True),
    lb.Reply("c1", False), lb.Watch("k3v9x2m4qa7c", 1, 17), lb.Remark("nice move"),
    lb.Block("Troll", True), lb.AskProfile("Ada"), lb.AskLeaderboard("conquid"),
]
SERVER = [
    lb.Identified("Ada", True), lb.Linked("ABCDEFGH", 1_800_000_600), lb.Lobby((LISTING,)),
    lb.Lobby((), (LISTING,)), lb.Playing("k3v9x2m4qa7c"),
    lb.Listed(LISTING), lb.Unlisted("k3v9x2m4qa7c"), lb.Queued("conquid", 3),
    lb.Matched("XRA5XQ", "Blaise", True),
    lb.Challenged("c1", "Blaise", "conquid", CLOCK, False, 1_800_000_120),
    lb.ChallengeOver("c1", "expired"),
    lb.Watching("k3v9x2m4qa7c", "conquid", 1, {}, CLOCK, 0, ("Ada", None), 3, None, 2),
    lb.Remarked(None, "hello"), lb.Blocked("Troll", False),
    lb.Profile("Ada", (lb.GameRecord("conquid", 3, 2, 1, 1540, 180, True),),
               (lb.RecentGame("k3v9x2m4qa7c", 0, "conquid", "Blaise", "won", True),)),
    lb.Leaderboard("conquid", (lb.Standing("Ada", 1700, 60, 40),)),
]


@pytest.mark.parametrize("message", CLIENT, ids=lambda x: x.TYPE)
def test_client_messages_round_trip(message: lb.LobbyClientMessage) -> None:
    assert lb.decode_client(lb.encode(message)) == message


@pytest.mark.parametrize("message", SERVER, ids=lambda x: x.TYPE)
def test_server_messages_round_trip(message: lb.LobbyServerMessage) -> None:
    assert lb.decode_server(lb.encode(message)) == message


def test_table_messages_still_decode_through_the_lobby() -> None:
    assert lb.decode_client(m.encode(m.Chat("hi"))) == m.Chat("hi")


@pytest.mark.parametrize(("text", "code"), [
    ('{"type":"identify","name":"Ada","secret":"xyz"}', Refusal.BAD_TOKEN),
    ('{"type":"identify","name":"","secret":"' + SECRET + '"}', Refusal.BAD_TEXT),
    ('{"type":"redeem","name":"Ada","code":"ABC","secret":"' + SECRET + '"}', Refusal.BAD_CODE),
    ('{"type":"take","table":"Bad Id!","name":"B"}', Refusal.BAD_MESSAGE),
    ('{"type":"list","rated":"yes"}', Refusal.BAD_MESSAGE),
    ('{"type":"watch","table":"abc","round":0,"have":0,"extra":1}', Refusal.BAD_MESSAGE),
])
def test_bad_fields_are_refused(text: str, code: Refusal) -> None:
    with pytest.raises(ProtocolError) as caught:
        lb.decode_client(text)
    assert caught.value.code is code


def test_a_secret_never_shows_in_a_repr() -> None:
    assert SECRET not in repr(lb.Identify("Ada", SECRET))
    assert SECRET not in repr(lb.Redeem("Ada", "ABCDEFGH", SECRET))


def test_a_lobby_message_keeps_within_the_size_limit() -> None:
    options = {f"option-{i}": "x" * 40 for i in range(30)}
    many = tuple(lb.Listing(f"table{i:07d}", "conquid", options, CLOCK, "Ada", False)
                 for i in range(200))
    message = lb.lobby_message(many, many)
    assert 0 < len(message.seats) < 200 and message.playing == ()
    assert lb.decode_server(lb.encode(message)) == message  # within every limit
    small = lb.lobby_message(many[:2], many[:3])
    assert len(small.seats) == 2 and len(small.playing) == 3
