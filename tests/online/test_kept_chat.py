"""An online game's chat is kept beside its seat's ticket (``game.client.files.chats``): the
lines heard are stored off the frame, bounded, read back when the game is resumed; a kept
chat that is not ours is refused with the reason, left untouched and never written over."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from game.catalog import all_games
from game.client.files import chats
from game.client.files.chats import Said
from game.client.files.paths import Paths
from game.client.match.online import OnlineGame
from game.net.session import Heard, TableNow
from game.net.wire import messages as m
from tests.online.test_online_game import FakeSession, table


def heard_game(paths: Paths) -> tuple[OnlineGame, FakeSession]:
    session = FakeSession()
    game = OnlineGame(session, all_games(), paths, "Ada")  # type: ignore[arg-type]
    session.queued = [TableNow(table((True, True)), ())]
    game.pump()
    return game, session


def test_lines_heard_are_kept_and_read_back(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    game, session = heard_game(paths)
    session.queued = [Heard(m.Said(1, "good luck 🙂")), Heard(m.Said(0, "you too"))]
    game.pump()
    game.writer.settle()
    assert chats.load(paths, "t1") == [Said("Blaise", "good luck 🙂"), Said("Ada", "you too")]
    if hasattr(os, "fchmod"):
        assert stat.S_IMODE(chats.path_of(paths, "t1").stat().st_mode) == 0o600
    again = OnlineGame(FakeSession(), all_games(), paths, "Ada")  # type: ignore[arg-type]
    again.take_kept_chat("t1")
    assert again.chat == game.chat and again.chat_kept and not again.heard


def test_only_the_last_lines_are_kept(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    game, session = heard_game(paths)
    session.queued = [Heard(m.Said(n % 2, f"line {n}"))
                      for n in range(chats.KEPT_LINES + 30)]
    while game.pump():
        pass
    game.writer.settle()
    kept = chats.load(paths, "t1")
    assert len(kept) == len(game.chat) == chats.KEPT_LINES
    assert kept[0].text == "line 30" and kept[-1].text == f"line {chats.KEPT_LINES + 29}"
    assert chats.path_of(paths, "t1").stat().st_size < chats.MAX_BYTES


def test_the_longest_lines_a_server_relays_are_kept_whole() -> None:
    from game.net.wire.limits import MAX_CHAT, MAX_NAME

    assert chats.LONGEST_TEXT >= MAX_CHAT and chats.LONGEST_NAME >= MAX_NAME


def test_a_full_chat_of_the_longest_lines_reads_back(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    lines = [Said("🙂" * chats.LONGEST_NAME, "🙂" * chats.LONGEST_TEXT)] * chats.KEPT_LINES
    chats.store(paths, "t1", lines)
    assert chats.load(paths, "t1") == lines


def test_text_the_screen_cannot_show_is_kept_as_shown(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    chats.store(paths, "t1", [Said("Ada\u202e", "a\x00b")])
    (said,) = chats.load(paths, "t1")
    assert "\x00" not in said.text and "\u202e" not in said.name


HOSTILE = {
    "not JSON": b"{\"format\": ",
    "not UTF-8": b"\xff\xfe\x00",
    "another kind of file": json.dumps({"format": "conquid-arcade-record"}).encode(),
    "another version": json.dumps({"format": chats.FORMAT, "version": 99,
                                   "lines": []}).encode(),
    "too many lines": json.dumps({"format": chats.FORMAT, "version": 1, "lines": [
        {"name": "a", "text": "b"}] * (chats.KEPT_LINES + 1)}).encode(),
    "a control character": json.dumps({"format": chats.FORMAT, "version": 1, "lines": [
        {"name": "a", "text": "b\x1b[2J"}]}).encode(),
    "a line that is not text": json.dumps({"format": chats.FORMAT, "version": 1, "lines": [
        {"name": "a", "text": 7}]}).encode(),
    "nested too deeply": b"[" * 100_000 + b"]" * 100_000,
    "too large": b" " * (chats.MAX_BYTES + 1),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_kept_chat_is_refused_left_untouched_and_not_written_over(
        tmp_path: Path, kind: str) -> None:
    paths = Paths.under(tmp_path)
    path = chats.path_of(paths, "t1")
    path.parent.mkdir(parents=True)
    path.write_bytes(HOSTILE[kind])
    with pytest.raises(chats.ChatRefused, match="kept chat"):
        chats.load(paths, "t1")
    game, session = heard_game(paths)
    game.take_kept_chat("t1")
    assert not game.chat_kept and game.heard and "new lines are not kept" in game.heard[-1]
    session.queued = [Heard(m.Said(1, "still shown"))]
    game.pump()
    game.writer.settle()
    assert game.chat == [Said("Blaise", "still shown")]
    assert path.read_bytes() == HOSTILE[kind]
    assert sorted(p.name for p in path.parent.iterdir()) == ["t1.chat.json"]


def test_a_kept_chat_that_is_a_device_is_refused_at_once(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    path = chats.path_of(paths, "t1")
    path.parent.mkdir(parents=True)
    path.symlink_to("/dev/zero")
    with pytest.raises(chats.ChatRefused, match="not a regular file"):
        chats.load(paths, "t1")


def test_a_chat_that_cannot_be_written_is_said_once_and_the_game_goes_on(
        tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.online.mkdir(parents=True)
    chats.path_of(paths, "t1").mkdir()  # a folder where the file goes: replace fails
    game, session = heard_game(paths)
    session.queued = [Heard(m.Said(1, "hello"))]
    game.pump()
    game.writer.settle()
    assert game.chat == [Said("Blaise", "hello")]
    assert any("chat could not be kept" in line for line in game.heard)
