"""Both storages keep tables, moves, invites and leases the same way."""

from __future__ import annotations

import itertools
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from game.net.storage import EntryConflict, Storage, StorageError, TableWrite, open_storage
from game.net.storage.common import SqlStorage
from game.net.storage.postgres import redact

_ids = itertools.count()


@pytest.fixture(params=["sqlite", "postgres"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    if request.param == "sqlite":
        where = str(tmp_path / "tables.sqlite")
    else:
        where = request.getfixturevalue("postgres_url")
    opened = open_storage(where)
    yield opened
    opened.close()


def _table_id() -> str:
    return f"t{next(_ids)}"


def test_a_table_is_read_back_as_written(storage: Storage) -> None:
    table = _table_id()
    storage.write(TableWrite(table, meta={"game": "conquid"}, entries=("a", "b")))
    storage.write(TableWrite(table, first=2, entries=("c",)))
    stored = storage.load(table)
    assert stored is not None
    assert stored.meta == {"game": "conquid"} and stored.entries == ("a", "b", "c")
    assert table in storage.unfinished()
    storage.write(TableWrite(table, finished=True))
    assert table not in storage.unfinished()
    assert storage.load("nothing") is None


def test_a_different_entry_at_a_stored_number_is_refused_and_changes_nothing(
    storage: Storage,
) -> None:
    table = _table_id()
    storage.write(TableWrite(table, meta={}, entries=("a",)))
    storage.write(TableWrite(table, entries=("a",)))  # the same move again is no change
    with pytest.raises(EntryConflict):
        storage.write(TableWrite(table, meta={"changed": True}, entries=("x",)))
    stored = storage.load(table)
    assert stored is not None and stored.entries == ("a",) and stored.meta == {}


def test_invites_open_their_table_until_they_expire_or_are_used(storage: Storage) -> None:
    table = _table_id()
    code = f"C{table}"
    storage.write(TableWrite(table, meta={}, set_invite=True, invite=code, invite_expires=100))
    assert storage.find_invite(code, now=99) == table
    assert storage.find_invite(code, now=101) is None
    storage.write(TableWrite(table, set_invite=True, invite=None))
    assert storage.find_invite(code, now=0) is None


def test_one_process_serves_a_table_until_its_lease_runs_out(postgres_url: str) -> None:
    storage = open_storage(postgres_url)
    table = _table_id()
    storage.write(TableWrite(table, meta={}))
    assert storage.claim(table, "one", "ws://one", now=1000) is None
    assert storage.claim(table, "two", "ws://two", now=1001) == "ws://one"
    storage.renew("one", now=1020)
    assert storage.claim(table, "two", "ws://two", now=1040) == "ws://one"
    assert storage.claim(table, "two", "ws://two", now=1100) is None  # one stopped renewing
    assert storage.claim(table, "three", "ws://two", now=1102) is None  # two, restarted
    storage.release("three")
    assert storage.claim(table, "one", "ws://one", now=1103) is None
    storage.close()


def test_a_new_table_is_never_seen_without_its_owner(postgres_url: str) -> None:
    storage = open_storage(postgres_url)
    table = _table_id()
    storage.write(TableWrite(table, meta={}, lease=("one", "ws://one", 1000)))
    assert storage.claim(table, "two", "ws://two", now=1001) == "ws://one"
    storage.close()


def test_a_dead_process_s_tables_are_taken_at_once(postgres_url: str) -> None:
    """Its lease has most of its 30 s to run, but its lock went with its connection."""
    one, two = open_storage(postgres_url), open_storage(postgres_url)
    owners = (f"one-{uuid.uuid4().hex}", f"two-{uuid.uuid4().hex}")
    one.hold(owners[0])
    two.hold(owners[1])
    table = _table_id()
    one.write(TableWrite(table, meta={}, lease=(owners[0], "ws://one", 1000)))
    assert two.claim(table, owners[1], "ws://two", now=1001) == "ws://one"  # alive
    one.close()  # as a killed process's connection ends
    deadline = time.monotonic() + 5
    while (found := two.claim(table, owners[1], "ws://two", now=1002)) is not None:
        assert time.monotonic() < deadline, f"still sent to {found}"
        time.sleep(0.02)  # the server process of the closed connection is ending
    two.close()


def test_one_process_serves_an_sqlite_file(tmp_path: Path) -> None:
    storage = open_storage(str(tmp_path / "one.sqlite"))
    storage.write(TableWrite("t", meta={}))
    assert storage.claim("t", "one", "ws://one", now=0) is None
    assert storage.claim("t", "two", "ws://two", now=1) is None  # one was killed
    storage.close()


def test_published_messages_reach_the_listeners(storage: Storage) -> None:
    import queue

    heard: queue.Queue[str] = queue.Queue()
    storage.listen(heard.put)
    storage.publish("hello")
    assert heard.get(timeout=10) == "hello"


def test_a_bad_database_gets_a_readable_reason(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="does not exist"):
        open_storage(str(tmp_path / "missing" / "db.sqlite"))
    not_a_database = tmp_path / "text.sqlite"
    not_a_database.write_text("hello, this is not SQLite" * 100)
    with pytest.raises(StorageError, match="cannot use"):
        open_storage(str(not_a_database))
    with pytest.raises(StorageError, match="cannot connect"):
        open_storage("postgresql://nobody:secret@127.0.0.1:1/none")


def test_one_sqlite_file_serves_one_process(tmp_path: Path) -> None:
    first = open_storage(str(tmp_path / "one.sqlite"))
    with pytest.raises(StorageError, match="another server is using"):
        open_storage(str(tmp_path / "one.sqlite"))
    first.close()
    open_storage(str(tmp_path / "one.sqlite")).close()  # free again


def test_passwords_never_show() -> None:
    assert redact("postgresql://ada:secret@db:5432/x") == "postgresql://ada:***@db:5432/x"
    assert redact("postgresql://db/x") == "postgresql://db/x"


def test_many_changes_commit_together_or_not_at_all(storage: Storage) -> None:
    first, second = _table_id(), _table_id()
    storage.write_many([TableWrite(first, meta={}, entries=("a",)),
                        TableWrite(second, meta={}, entries=("b",))])
    with pytest.raises(EntryConflict):
        storage.write_many([TableWrite(first, first=1, entries=("c",)),
                            TableWrite(second, entries=("changed",))])
    loaded = storage.load(first), storage.load(second)
    assert [s.entries for s in loaded if s] == [("a",), ("b",)]


def test_a_read_on_the_reader_never_holds_up_a_commit(tmp_path: Path) -> None:
    """SQLite: a read transaction takes no write lock (WAL), so the server's commits go on
    while its reads' connection is in the middle of one."""
    storage = open_storage(str(tmp_path / "tables.sqlite"))
    reader = storage.reader()
    assert isinstance(reader, SqlStorage)
    storage.write(TableWrite("t", meta={}, entries=("a",)))
    with reader._lock, reader._reading():
        assert reader._rows("SELECT COUNT(*) FROM net_entries", ()) == [(1,)]
        done = ThreadPoolExecutor(1).submit(storage.write, TableWrite("t", first=1,
                                                                       entries=("b",)))
        done.result(timeout=2)  # committed while the read goes on
    stored = reader.load("t")
    assert stored is not None and stored.entries == ("a", "b")
    reader.close()
    storage.close()
