"""The message codec: every message round-trips, and every malformed message is refused with
its code before any table sees it."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.protocol import GameInfo
from game.net.wire import codec
from game.net.wire.codes import ProtocolError, Refusal
from game.net.wire.handshake import greet, hosted_games
from game.net.wire.limits import MAX_ITEMS, MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from game.net.wire.messages import (
    Abort,
    Answer,
    Attach,
    Chat,
    Claim,
    Clock,
    Create,
    Declined,
    Ended,
    Ending,
    Error,
    Hello,
    Invite,
    Join,
    Move,
    Moved,
    Moves,
    Offer,
    Offered,
    OfferKind,
    Pending,
    Presence,
    RatingChange,
    Resign,
    Said,
    Seated,
    TableState,
    TakenBack,
    Welcome,
    decode_client,
    decode_server,
    encode,
    moves_messages,
)

TOKEN = "0123456789abcdef" * 2
CLIENT = [
    Hello(PROTOCOL_VERSION, {"conquid": 1, "pushfight": 1}, "conquid-arcade 0.9"),
    Create("conquid", {"board": "small", "turn_limit": 0, "x": True}, None, "Ada", Clock()),
    Create("pushfight", {}, 1, "Zoë 🙂", Clock(gone=30, move=86_400)),
    Join("ABC234", "Blaise"),
    Attach("k3v9x2m4qa7c", TOKEN, 2, 17),
    Move(0, "A 0,0 0,1 0,2"),
    Resign(),
    Offer(OfferKind.DRAW),
    Offer(OfferKind.TAKEBACK),
    Answer(OfferKind.REMATCH, accept=False),
    Answer(OfferKind.TAKEBACK, accept=True),
    Abort(),
    Claim(),
    Chat("gg, well played"),
]
SERVER = [
    Welcome(PROTOCOL_VERSION, {"conquid": 1}, "test server"),
    Error("stale", "move 3 was already played", "move"),
    Error("bad-message", "a message must be a JSON object", None),
    Seated("k3v9x2m4qa7c", 1, TOKEN),
    Invite("ABC234", 1_800_000_000),
    TableState("k3v9x2m4qa7c", "conquid", 1, {"board": "small"}, Clock(), 0, 1, ("Ada", None),
               (True, False), 0),
    TableState("t", "pushfight", 1, {}, Clock(60, 3600), 3, 0, ("Ada", "Bo"), (True, True), 9,
               Ending(0, "resign", "by resignation"), Pending(OfferKind.REMATCH, 1), 17),
    Moves(0, 4, ("C", "resign 1")),
    Moved(1, 4, None, "draw"),
    TakenBack(0, 2, 1, (170_000, 175_000)),
    TakenBack(3, 0, 0),
    Ended(0, Ending(None, "aborted", "aborted before it began")),
    Ended(2, Ending(1, "resign", "by resignation"),
          (RatingChange(1488, -12, False), RatingChange(1662, 9, True))),
    TableState("t", "conquid", 1, {}, Clock(), 0, 1, ("Ada", "Bo"), (True, True), 0,
               rated=True),
    Offered(OfferKind.DRAW, 0),
    Declined(OfferKind.DRAW, 1),
    Said(0, "hello"),
    Presence(1, False),
]


@pytest.mark.parametrize("message", CLIENT, ids=lambda m: m.TYPE)
def test_client_messages_round_trip(message: object) -> None:
    text = encode(message)  # type: ignore[arg-type]
    assert decode_client(text) == message
    assert decode_client(text.encode()) == message
    with pytest.raises(ProtocolError) as err:  # a client message is no server message
        decode_server(text)
    assert err.value.code is Refusal.UNKNOWN_TYPE


@pytest.mark.parametrize("message", SERVER, ids=lambda m: m.TYPE)
def test_server_messages_round_trip(message: object) -> None:
    assert decode_server(encode(message)) == message  # type: ignore[arg-type]


def test_messages_of_a_server_without_ratings_read_as_unrated() -> None:
    """``table.rated`` and ``ended.ratings`` came later: an older server leaves them out."""
    ended = decode_server('{"type":"ended","round":0,"ending":{"winner":1,"reason":"resign",'
                          '"label":"by resignation"}}')
    assert isinstance(ended, Ended) and ended.ratings is None
    table = json.loads(encode(SERVER[5]))  # type: ignore[arg-type]
    del table["rated"]
    state = decode_server(json.dumps(table))
    assert isinstance(state, TableState) and state.rated is False


def test_tokens_never_show_in_a_repr() -> None:
    assert TOKEN not in repr(Attach("t", TOKEN, 0, 0))
    assert TOKEN not in repr(Seated("t", 0, TOKEN))


def refused(text: str | bytes) -> ProtocolError:
    with pytest.raises(ProtocolError) as err:
        decode_client(text)
    assert err.value.reason and len(err.value.reason) < 300
    return err.value


def test_size_limit_counts_utf8_bytes() -> None:
    room = MAX_MESSAGE_BYTES - len(encode(Chat("")))
    fits = encode(Chat("é" * (room // 2)))
    assert len(fits.encode()) <= MAX_MESSAGE_BYTES
    with pytest.raises(ProtocolError) as err:
        decode_client(fits)
    assert err.value.code is Refusal.BAD_TEXT  # within the size, but longer than a chat line
    assert refused(encode(Chat("é" * (room // 2 + 1)))).code is Refusal.TOO_LARGE
    assert refused(b" " * (MAX_MESSAGE_BYTES + 1)).code is Refusal.TOO_LARGE


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("", Refusal.BAD_MESSAGE, "JSON"),
        ("not json", Refusal.BAD_MESSAGE, "JSON"),
        ("[1, 2]", Refusal.BAD_MESSAGE, "object"),
        ('{"ply": 1}', Refusal.BAD_MESSAGE, "'type'"),
        ('{"type": "teleport"}', Refusal.UNKNOWN_TYPE, "teleport"),
        ('{"type": "resign", "seat": 0}', Refusal.BAD_MESSAGE, "no field 'seat'"),
        ('{"type": "move", "ply": 0}', Refusal.BAD_MESSAGE, "needs the field 'move'"),
        ('{"type": "move", "ply": -1, "move": "C"}', Refusal.BAD_MESSAGE, "whole number"),
        ('{"type": "move", "ply": true, "move": "C"}', Refusal.BAD_MESSAGE, "whole number"),
        ('{"type": "move", "ply": 1.5, "move": "C"}', Refusal.BAD_MESSAGE, "whole"),
        ('{"type": "move", "ply": NaN, "move": "C"}', Refusal.BAD_MESSAGE, "whole"),
        ('{"type": "move", "ply": 1e3, "move": "C"}', Refusal.BAD_MESSAGE, "whole"),
        ('{"type": "move", "ply": 12345678901234567, "move": "C"}', Refusal.BAD_MESSAGE,
         "digits"),
        ('{"type": "move", "ply": 0, "ply": 1, "move": "C"}', Refusal.BAD_MESSAGE, "repeats"),
        ('{"type": "move", "ply": 0, "move": ""}', Refusal.BAD_TEXT, "empty"),
        ('{"type": "move", "ply": 0, "move": ["C"]}', Refusal.BAD_MESSAGE, "text"),
        ('{"type": "chat", "text": "hi\\u0000"}', Refusal.BAD_TEXT, "U+0000"),
        ('{"type": "chat", "text": "line\\nbreak"}', Refusal.BAD_TEXT, "U+000A"),
        ('{"type": "chat", "text": "\\u202eevil"}', Refusal.BAD_TEXT, "U+202E"),
        ('{"type": "chat", "text": "\\ud800"}', Refusal.BAD_TEXT, "U+D800"),
        ('{"type": "join", "code": "ABC23", "name": "x"}', Refusal.BAD_CODE, "6 characters"),
        ('{"type": "join", "code": "ABC230", "name": "x"}', Refusal.BAD_CODE, "6 characters"),
        ('{"type": "join", "code": "ABC234", "name": "   "}', Refusal.BAD_TEXT, "empty"),
        ('{"type": "join", "code": "ABC234", "name": "' + "x" * 33 + '"}', Refusal.BAD_TEXT,
         "too long"),
        ('{"type": "attach", "table": "t", "token": "XYZ", "round": 0, "have": 0}',
         Refusal.BAD_TOKEN, "hexadecimal"),
        ('{"type": "attach", "table": "T!", "token": "' + TOKEN + '", "round": 0, "have": 0}',
         Refusal.BAD_MESSAGE, "lowercase"),
        ('{"type": "offer", "kind": "peace"}', Refusal.BAD_MESSAGE,
         "'draw', 'rematch', 'takeback'"),
        ('{"type": "create", "game": "conquid", "options": {"board": [1]}, "seat": 0, '
         '"name": "A", "clock": {"gone": 60, "move": null}}', Refusal.BAD_MESSAGE, "option"),
        ('{"type": "create", "game": "conquid", "options": {}, "seat": 2, '
         '"name": "A", "clock": {"gone": 60, "move": null}}', Refusal.BAD_MESSAGE, "seat"),
        ('{"type": "create", "game": "conquid", "options": {}, "seat": "random", '
         '"name": "A", "clock": {"gone": 1, "move": null}}', Refusal.BAD_MESSAGE, "gone"),
        ('{"type": "create", "game": "conquid", "options": {}, "seat": "random", '
         '"name": "A", "clock": {"gone": 60, "move": null, "x": 1}}', Refusal.BAD_MESSAGE,
         "no field 'x'"),
        ('{"type": "hello", "protocol": 1, "rules": {"conquid": "1"}, "client": ""}',
         Refusal.BAD_MESSAGE, "version numbers"),
    ],
)
def test_malformed_messages_are_refused_with_a_code(text: str, code: Refusal,
                                                    words: str) -> None:
    err = refused(text)
    assert err.code is code
    assert words in err.reason


def test_nesting_fields_and_list_lengths_are_bounded() -> None:
    assert "nested" in refused('{"type": "chat", "text": ' + "[" * 5000 + "]" * 5000 + "}").reason
    deep = {"type": "hello", "protocol": 1, "rules": {"a": {"b": {"c": {"d": 1}}}}, "client": ""}
    assert "nested" in refused(json.dumps(deep)).reason
    wide = {"type": "chat", "text": "x", **{f"f{i}": 0 for i in range(40)}}
    assert "fields" in refused(json.dumps(wide)).reason
    long = {"type": "chat", "text": list(range(MAX_ITEMS + 1))}
    assert "items" in refused(json.dumps(long)).reason
    assert refused(b"\xff\xfe{}").code is Refusal.BAD_MESSAGE


def test_invite_codes_are_read_in_either_case() -> None:
    assert decode_client('{"type": "join", "code": "abc234", "name": "x"}') == Join("ABC234", "x")


def test_a_long_history_is_sent_in_chunks_that_each_fit() -> None:
    moves = tuple(f"A {i},{i} {i},{i + 1} {'é' * 150}" for i in range(900))
    chunks = moves_messages(2, 5, moves)
    assert len(chunks) > 1
    assert all(codec.size_of(encode(chunk)) <= MAX_MESSAGE_BYTES for chunk in chunks)
    assert tuple(m for chunk in chunks for m in chunk.moves) == moves
    assert next(c.start for c in chunks) == 5
    assert all(a.start + len(a.moves) == b.start for a, b in itertools.pairwise(chunks))
    assert moves_messages(0, 0, ()) == ()
    assert all(decode_server(encode(chunk)) == chunk for chunk in chunks)


@given(st.text(max_size=300))
def test_any_text_decodes_or_is_refused_with_a_reason(text: str) -> None:
    try:
        decode_client(text)
    except ProtocolError as err:
        assert err.reason and isinstance(err.code, Refusal)


def test_handshake_refuses_other_protocols_and_rules_with_reasons() -> None:
    infos = [GameInfo("conquid", "Conquid", 2, ("A", "B"), False, 2),
             GameInfo("forts", "Forts and Ruins", 1, ("A",), True, 1)]
    games = hosted_games(infos)
    assert games == {"conquid": 2}  # a solo game is no table's
    titles = {"conquid": "Conquid"}
    welcome = greet(Hello(PROTOCOL_VERSION, {"conquid": 2, "other": 9}), games, titles, "s")
    assert welcome == Welcome(PROTOCOL_VERSION, {"conquid": 2}, "s")
    with pytest.raises(ProtocolError) as err:
        greet(Hello(PROTOCOL_VERSION + 1, {}), games, titles)
    assert err.value.code is Refusal.PROTOCOL_VERSION and "update" in err.value.reason
    with pytest.raises(ProtocolError) as err:
        greet(Hello(PROTOCOL_VERSION, {"conquid": 1}), games, titles)
    assert err.value.code is Refusal.RULES_VERSION
    assert "Conquid rules differ: the server plays version 2 and the app version 1" in (
        err.value.reason)
