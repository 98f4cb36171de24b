"""The client's names file: one secret per server, private, never lost or written over."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.net.identities import Identities, IdentityError


def test_a_secret_is_made_once_kept_private_and_moves_by_export(tmp_path: Path) -> None:
    names = Identities(tmp_path)
    ada = names.claim("wss://a.example", "Ada")
    assert names.claim("wss://a.example", "Ada") == ada
    assert Identities(tmp_path).get("wss://a.example") == ada
    assert names.get("wss://b.example") is None
    assert os.stat(names.path).st_mode & 0o077 == 0
    assert ada.secret not in repr(ada)
    line = names.export("wss://a.example")
    assert line is not None
    other = Identities(tmp_path / "laptop")
    assert other.adopt("wss://a.example", line) == ada
    with pytest.raises(IdentityError):
        other.adopt("wss://a.example", "Ada 1234")


def test_a_damaged_file_is_never_written_over(tmp_path: Path) -> None:
    names = Identities(tmp_path)
    names.path.write_text("{not json")
    with pytest.raises(IdentityError, match="damaged"):
        names.claim("wss://a.example", "Ada")
    assert names.path.read_text() == "{not json"
