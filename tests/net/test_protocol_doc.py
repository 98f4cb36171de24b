"""docs/online.md is enough to write a client from: its tables say what the code does. Each
table is read back and compared with the code: message types and their fields, refusal and
close codes, the limits, and each game's rules version and options."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from game.core.protocol import OptionKind, OptionSpec
from game.net.server import lobby as server_lobby
from game.net.server import session
from game.net.server.limits import Limits
from game.net.wire import limits as lim
from game.net.wire import lobby as lb
from game.net.wire import messages as m
from game.net.wire.codes import CloseCode, Refusal
from tests.net.servers import GAMES

DOC = (Path(__file__).resolve().parents[2] / "docs" / "online.md").read_text(encoding="utf-8")


def _table(heading: str) -> list[list[str]]:
    """The rows (cells, stripped) of the first table after ``heading``, header left out."""
    start = DOC.index(f"\n{heading}\n")
    rows: list[list[str]] = []
    for line in DOC[start:].splitlines()[1:]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    return [row for row in rows[1:] if not set(row[0]) <= {"-"}]


def _top_level_fields(cell: str) -> set[str]:
    """Backticked names outside parentheses: the fields of the message itself."""
    previous = None
    while previous != cell:
        previous, cell = cell, re.sub(r"\([^()]*\)", "", cell)
    return set(re.findall(r"`([a-z_]+)`", cell))


def _types(cell: str) -> str:
    return cell.strip("`")


@pytest.mark.parametrize(("heading", "types"), [
    ("## Messages a client sends", m.CLIENT_TYPES),
    ("## Messages a server sends", m.SERVER_TYPES),
    ("### Lobby messages a client sends", lb.LOBBY_CLIENT_TYPES),
    ("### Lobby messages a server sends", lb.LOBBY_SERVER_TYPES),
])
def test_every_message_and_its_fields_are_in_the_doc(heading: str, types: dict[str, type]
                                                     ) -> None:
    rows = {_types(row[0]): row[1] for row in _table(heading)}
    assert set(rows) == set(types)
    for name, cls in types.items():
        fields = {f.name for f in dataclasses.fields(cls)}
        documented = set() if rows[name] == "none" else _top_level_fields(rows[name])
        assert documented == fields, name


def test_every_refusal_code_is_in_the_doc() -> None:
    assert {_types(row[0]) for row in _table("## Refusal codes")} == {r.value for r in Refusal}


def test_every_close_code_is_in_the_doc() -> None:
    documented = {(int(row[0]), row[1]) for row in _table("## Close codes")}
    assert documented == {(c.value, c.name) for c in CloseCode}


def _limit(name: str) -> str:
    return next(row[1] for row in _table("## Limits") if row[0] == name)


def _numbers(text: str) -> list[float]:
    return [float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*(?:\.\d+)?", text)]


def test_the_limits_table_holds_the_code_s_numbers() -> None:
    server = Limits()
    expected = {
        "Protocol version (`PROTOCOL_VERSION`)": [lim.PROTOCOL_VERSION],
        "Largest message, either way": [lim.MAX_MESSAGE_BYTES, 8],
        "Deepest nesting (the message object is depth 1)": [lim.MAX_DEPTH],
        "Most fields in one object": [lim.MAX_FIELDS],
        "Most items in one list": [lim.MAX_ITEMS],
        "Longest whole number": [lim.MAX_DIGITS],
        "Player name": [1, lim.MAX_NAME],
        "Chat line": [1, lim.MAX_CHAT],
        "Move notation": [1, lim.MAX_MOVE_TEXT],
        "Option name and text value": [lim.MAX_OPTION_TEXT],
        "`client` / `server` description": [lim.MAX_CLIENT_TEXT],
        "Error reason": [lim.MAX_REASON],
        "Messages per connection": [lim.RATE_MESSAGES, lim.RATE_SECONDS, 1008],
        "Unreadable messages (`bad-message`, `too-large`, `unknown-type`) per connection": [
            lim.MAX_BAD_MESSAGES, 1008],
        "Handshake": [lim.HANDSHAKE_SECONDS, CloseCode.HANDSHAKE_TIMEOUT],
        "Invite code": [lim.INVITE_LENGTH, lim.INVITE_SECONDS],
        "`clock.gone`": [lim.MIN_GONE_SECONDS, lim.MAX_GONE_SECONDS,
                         lim.DEFAULT_GONE_SECONDS],
        "`clock.move`": [lim.MIN_MOVE_SECONDS, lim.MAX_MOVE_SECONDS, 30],
        "`clock.base`": [lim.MIN_BASE_SECONDS, lim.MAX_BASE_SECONDS, 3],
        "`clock.increment`": [0, lim.MAX_INCREMENT_SECONDS, 0],
        "Network round trip forgiven a move on a real-time clock": [
            lim.MAX_LAG_CREDIT_SECONDS],
        "Connections per address": [server.max_connections_per_address],
        "Connections per server process": [server.max_connections],
        "Tables created per address": [server.tables_per_address],
        "Wrong invite codes per address": [server.invite_guesses_per_address,
                                           server.invite_window_seconds],
        "Wrong invite codes past their address's limit, per server process": [
            server.invite_guesses_past_limits, server.invite_window_seconds],
        "Earlier rounds asked with `watch`, per address": list(server_lobby.OLD_ROUNDS),
        "Messages queued for a spectator": [session.OUTBOX, CloseCode.POLICY],
        "A message not taken by a client": [session.SEND_SECONDS, CloseCode.POLICY],
    }
    assert {row[0] for row in _table("## Limits")} >= set(expected)
    for name, numbers in expected.items():
        assert _numbers(_limit(name)) == [float(n) for n in numbers], name
    assert server.handshake_seconds == lim.HANDSHAKE_SECONDS
    assert server.messages_per_window == lim.RATE_MESSAGES
    assert server.message_window_seconds == lim.RATE_SECONDS
    assert server.table_window_seconds == 3600  # "an hour"


def _documented(spec: OptionSpec) -> tuple[str, str, str]:
    """How the games table writes an option: kind, default, allowed values."""
    if spec.kind is OptionKind.CHOICE:
        allowed = ", ".join(f'`"{c}"`' for c in spec.choices)
        default = f'`"{spec.default}"`'
    elif spec.kind is OptionKind.BOOL:
        allowed, default = "true, false", str(spec.default).lower()
    else:
        allowed, default = f"{spec.minimum} to {spec.maximum}", str(spec.default)
        if spec.name == "turn_limit":
            allowed += " (0: none)"
    if spec.applies_when is not None:
        option, value = spec.applies_when
        allowed += f'; counts when `{option}` is `"{value}"`'
    return spec.kind.value, default, allowed


def test_each_game_s_rules_version_and_options_are_in_the_doc() -> None:
    rows = _table("### Games, rules versions and options")
    expected = [
        [f"`{info.id}`", str(info.rules_version), f"`{spec.name}`", *_documented(spec)]
        for info in GAMES.infos() if info.players == 2 for spec in info.options
    ]
    assert rows == expected
