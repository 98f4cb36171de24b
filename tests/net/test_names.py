"""Names that look alike are one name: compared by their confusable skeleton (Unicode TR 39)
and case, so a name with a Cyrillic letter is not a second player beside the Latin one."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from game.net.names import name_key, skeleton
from game.net.storage import open_storage
from game.net.storage.common import SqlStorage
from game.net.storage.social import SocialStore
from tests.net.lobby_clients import CLOCK, lobby_server, peer

CYRILLIC_A = "\u0410"
LOOK_ALIKES = [
    ("Ada", "ADA"),
    ("Ada", f"{CYRILLIC_A}da"),
    ("paypal", "\u0440\u0430\u0443\u0440\u0430l"),  # Cyrillic er, a, u, er, a
    ("Bob", "B0b"),
    ("Il", "ll"),
    ("modern", "rnodern"),
]


@pytest.mark.parametrize(("one", "other"), LOOK_ALIKES)
def test_look_alike_names_have_one_key(one: str, other: str) -> None:
    assert one != other and name_key(one) == name_key(other)


def test_different_names_keep_different_keys() -> None:
    keys = {name_key(name) for name in ("Ada", "Bo", "Cy", "Adam", "Ana", "Zoë", "Zoe1")}
    assert len(keys) == 7
    assert skeleton("e\u0301") == skeleton("\u00e9")  # composed or not, one skeleton


async def test_a_look_alike_of_a_claimed_name_is_taken(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url, "Ada") as _ada, peer(url) as other, peer(url) as stranger:
        for name in ("ADA", f"{CYRILLIC_A}da"):
            await other.send("identify", name=name, secret="ab" * 16)
            assert (await other.expect("error"))["code"] == "name-taken"
        await stranger.send("create", game="pushfight", options={}, seat=0,
                            name=f"{CYRILLIC_A}DA", clock=CLOCK)
        assert (await stranger.expect("error"))["code"] == "name-taken"
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url, "Ada") as again:  # the owner still is
        assert again.got[-1]["type"] == "identified"


def test_names_claimed_before_keys_were_kept_get_theirs(tmp_path: Path) -> None:
    storage = open_storage(str(tmp_path / "t.sqlite"))
    assert isinstance(storage, SqlStorage)
    social = SocialStore(storage)
    assert social.identify("Ada", "ab" * 16, now=0) is True
    with storage._lock, storage._transaction():
        storage._count("DELETE FROM net_name_keys", ())  # as an older server left it
    social = SocialStore(storage)
    assert social.identify(f"{CYRILLIC_A}da", "cd" * 16, now=1) is None
    assert social.identify("Ada", "ab" * 16, now=2) is False
    storage.close()


def test_two_look_alikes_claimed_at_once_make_one_player(tmp_path: Path) -> None:
    storage = open_storage(str(tmp_path / "t.sqlite"))
    assert isinstance(storage, SqlStorage)
    social = SocialStore(storage)
    found = asyncio.run(_both(social))
    assert sorted(found, key=str) == [None, True]
    storage.close()


async def _both(social: SocialStore) -> list[bool | None]:
    return list(await asyncio.gather(
        asyncio.to_thread(social.identify, "Ada", "ab" * 16, 0.0),
        asyncio.to_thread(social.identify, f"{CYRILLIC_A}da", "cd" * 16, 0.0)))
