"""A file the store can't use is refused at start in one sentence and never written to."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from store_helpers import ALICE, BOB, finish_game, read_only

from bot.store import (
    CorruptDatabase,
    ForeignDatabase,
    NewerDatabase,
    ReadOnlyDatabase,
    Seat,
    SQLiteStore,
    SQLiteTooOld,
    StoreError,
    UnusableDatabase,
    migrations,
)

LATEST = len(migrations.load())


def snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


async def refuse(path: Path) -> UnusableDatabase:
    """Open ``path`` expecting a refusal; check the message and that no byte changed."""
    before = snapshot(path.parent)
    with pytest.raises(UnusableDatabase) as refused:
        await SQLiteStore.open(path)
    assert snapshot(path.parent) == before  # the file, and no journal or WAL left beside it
    message = str(refused.value)
    assert isinstance(refused.value, StoreError)
    assert "\n" not in message and message.endswith(".")
    assert ". " not in message.replace(str(path), "FILE"), message  # one sentence
    assert str(path) in message
    return refused.value


async def a_real_database(path: Path) -> None:
    store = await SQLiteStore.open(path)
    for i in range(40):  # enough rows to span several pages
        await finish_game(
            store,
            (Seat.member(ALICE), Seat.member(BOB), Seat.bot("easy")),
            (i, 0, 0),
            (0,),
            (50, 0, 0),
        )
    await store.close()


async def test_garbage_is_refused(db_path: Path) -> None:
    db_path.write_bytes(b"These are my notes, not a database.\n" * 200)
    error = await refuse(db_path)
    assert isinstance(error, CorruptDatabase)
    assert "is damaged or is not a database (file is not a database)" in str(error)


@pytest.mark.parametrize("damage", ["page", "truncated"])
async def test_a_damaged_database_is_refused(db_path: Path, damage: str) -> None:
    await a_real_database(db_path)
    data = bytearray(db_path.read_bytes())
    page = 4096
    assert len(data) > 6 * page
    if damage == "page":
        data[2 * page : 4 * page] = b"\xa5" * (2 * page)  # the b-tree pages of two tables
    else:
        del data[len(data) // 2 :]
    db_path.write_bytes(bytes(data))
    error = await refuse(db_path)
    assert isinstance(error, CorruptDatabase)
    assert "restore a backup or point the bot at another file" in str(error)


async def test_a_newer_database_is_refused(db_path: Path) -> None:
    await a_real_database(db_path)
    with closing(sqlite3.connect(db_path, isolation_level=None)) as db:
        db.execute(f"PRAGMA user_version = {LATEST + 5}")
    error = await refuse(db_path)
    assert isinstance(error, NewerDatabase)
    assert f"(schema version {LATEST + 5}, this one knows up to {LATEST})" in str(error)


async def test_a_newer_database_in_rollback_mode_is_not_switched_to_wal(db_path: Path) -> None:
    # Switching to WAL rewrites the header; a refused file must not even get that.
    with closing(sqlite3.connect(db_path, isolation_level=None)) as db:
        db.execute("CREATE TABLE future (a INTEGER) STRICT")
        db.execute("PRAGMA user_version = 99")
    assert isinstance(await refuse(db_path), NewerDatabase)


async def test_another_programs_database_is_refused(db_path: Path) -> None:
    with closing(sqlite3.connect(db_path, isolation_level=None)) as db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        db.execute("INSERT INTO notes (body) VALUES ('keep me')")
    assert isinstance(await refuse(db_path), ForeignDatabase)


async def test_an_unreachable_path_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "no" / "such" / "folder" / "diwaniya.db"
    with pytest.raises(UnusableDatabase, match="can't be opened"):
        await SQLiteStore.open(path)
    assert not path.parent.exists()


async def test_a_read_only_file_is_refused(db_path: Path) -> None:
    # Opened as it was, SQLite would fall back to reading it and every move would fail to save.
    await (await SQLiteStore.open(db_path)).close()
    with read_only(db_path):
        error = await refuse(db_path)
    assert isinstance(error, ReadOnlyDatabase)
    assert "is read-only, so it was left untouched" in str(error)


@pytest.mark.parametrize("exists", [True, False])
async def test_a_read_only_folder_is_named_not_called_damaged(db_path: Path, exists: bool) -> None:
    # SQLite keeps its journal and WAL beside the file: it needs the folder, not only the file.
    if exists:
        await (await SQLiteStore.open(db_path)).close()
    with read_only(db_path.parent):
        error = await refuse(db_path)
    assert isinstance(error, ReadOnlyDatabase)
    assert f"its folder {db_path.parent} is read-only" in str(error)
    assert db_path.exists() == exists


async def test_an_empty_file_is_a_new_database(db_path: Path) -> None:
    db_path.touch()
    store = await SQLiteStore.open(db_path)
    assert store.schema_version == LATEST
    await store.close()


async def test_an_old_sqlite_is_named_before_anything_is_created(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 34, 1))
    monkeypatch.setattr(sqlite3, "sqlite_version", "3.34.1")
    with pytest.raises(SQLiteTooOld) as refused:
        await SQLiteStore.open(db_path)
    assert str(refused.value) == (
        "Diwaniya needs SQLite 3.37.0 or newer and this Python uses 3.34.1, so the database was "
        "not opened."
    )
    assert not db_path.exists()
