"""A SQLite file: opening it, checking it is Diwaniya's and sound, and migrating it.

``open_file`` is how ``bot.store.sqlite.SQLiteStore`` gets its connection: a file it can't use
(damaged, read-only, from a newer Diwaniya, another program's) is refused with one sentence and
left byte for byte as it was; a file from an older Diwaniya is brought up to date in one
transaction, and the connection is switched to WAL.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Sequence

import aiosqlite

from bot.store import migrations as _migrations
from bot.store.errors import (
    CorruptDatabase,
    ForeignDatabase,
    MigrationFailed,
    NewerDatabase,
    ReadOnlyDatabase,
    ShardTaken,
    SQLiteTooOld,
    UnusableDatabase,
)
from bot.store.rows import one
from bot.store.shards import Shards

logger = logging.getLogger(__name__)

DEFAULT_PATH = "diwaniya.db"
# STRICT tables came in SQLite 3.37 (RETURNING in 3.35). Python on Linux uses the system's
# library, and some still-supported distributions ship an older one.
MIN_SQLITE = (3, 37, 0)
# How long a write waits for another process (a backup, the sqlite3 shell) to let go of the write
# lock before it gives up with StoreUnavailable. Under Discord's 3 s to answer an interaction, so
# a member whose move waited still hears the one sentence saying it was not saved.
BUSY_TIMEOUT = 2.0


async def open_file(
    path: str, steps: Sequence[_migrations.Migration], busy_timeout: float = BUSY_TIMEOUT
) -> tuple[aiosqlite.Connection, int]:
    """The connection to the database at ``path`` (created on first start) and its schema
    version, after ``steps`` brought it up to date.

    Raises an ``UnusableDatabase`` subclass, with one sentence, for a damaged file, a file from a
    newer Diwaniya or another program's database; such a file is never written to.
    ``busy_timeout`` is how many seconds a write waits for another process's write lock.
    """
    if sqlite3.sqlite_version_info < MIN_SQLITE:
        raise SQLiteTooOld(
            f"Diwaniya needs SQLite {'.'.join(map(str, MIN_SQLITE))} or newer and this Python "
            f"uses {sqlite3.sqlite_version}, so the database was not opened."
        )
    folder = os.path.dirname(os.path.abspath(path))
    if path != ":memory:" and not os.path.isdir(folder):
        # Checked here because aiosqlite leaves its worker thread stopping in the background
        # when a connection fails, and because this sentence is clearer than SQLite's.
        raise UnusableDatabase(
            f"The database file {path} can't be opened (the folder {folder} does not exist)."
        )
    if path != ":memory:":
        _check_writable(path, folder)
    try:
        db = await aiosqlite.connect(path, isolation_level=None)
    except sqlite3.Error as e:
        raise UnusableDatabase(f"The database file {path} can't be opened ({e}).") from e
    try:
        db.row_factory = sqlite3.Row
        await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        version = await _check_file(db, path, len(steps))
        # Only now that the file is known to be ours may anything write to it. Migrations run
        # before the switch to WAL (which rewrites the header), so one that fails leaves the
        # file exactly as it was.
        if version < len(steps):
            version = await _migrate(db, path, steps)
        mode = await one(db, "PRAGMA journal_mode = WAL")
        if mode != "wal":
            logger.warning("%s is in %s journal mode: WAL is not available there", path, mode)
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await db.close()
        raise
    return db, version


async def _check_file(db: aiosqlite.Connection, path: str, latest: int) -> int:
    """The schema version of an existing file, after making sure it is ours and sound.

    Runs only reads, so a file refused here is left byte for byte as it was.
    """
    try:
        problems = [r[0] for r in await db.execute_fetchall("PRAGMA quick_check") if r[0] != "ok"]
        version = int(await one(db, "PRAGMA user_version"))
        objects = int(await one(db, "SELECT count(*) FROM sqlite_schema"))
    except sqlite3.DatabaseError as e:
        raise CorruptDatabase(
            f"The database file {path} is damaged or is not a database ({e}), so it was left "
            "untouched: restore a backup or point the bot at another file."
        ) from e
    if problems:
        raise CorruptDatabase(
            f"The database file {path} is damaged ({problems[0]}), so it was left untouched: "
            "restore a backup or point the bot at another file."
        )
    if version > latest:
        raise NewerDatabase(
            f"The database file {path} was written by a newer Diwaniya (schema version {version}, "
            f"this one knows up to {latest}), so it was left untouched: run the newer version or "
            "point the bot at another file."
        )
    if version == 0 and objects:
        raise ForeignDatabase(
            f"The file {path} holds another program's database, so it was left untouched: point "
            "the bot at another file."
        )
    return version


def _check_writable(path: str, folder: str) -> None:
    """Refuse a file the bot could read but never write (or its -wal or -shm file), before
    SQLite opens it.

    SQLite quietly opens a file it can't write read-only, and then every move would fail to save;
    in a folder it can't write it can create neither the file nor the journal and WAL files it
    keeps beside it, and reports that as a file it can't open. Asked here, both get their own
    sentence, and the folder is left without a journal or WAL from the attempt.
    """
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ReadOnlyDatabase(
            f"The database file {path} can't be written because its folder {folder} is "
            "read-only: let the user running the bot write there or point the bot at another "
            "folder."
        )
    if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK):
        raise ReadOnlyDatabase(
            f"The database file {path} is read-only, so it was left untouched: let the user "
            "running the bot read and write it or point the bot at another file."
        )
    # The WAL and shared-memory files another program left beside the database (the sqlite3
    # shell run as root beside a bot running as another user): SQLite would open them read-only
    # and every write would fail with "attempt to write a readonly database".
    for suffix in ("-wal", "-shm"):
        kept = path + suffix
        if os.path.exists(kept) and not os.access(kept, os.R_OK | os.W_OK):
            raise ReadOnlyDatabase(
                f"The database file {path} can't be written because {kept} beside it is "
                "read-only for the user running the bot, so it was left untouched: give that "
                "user the file too (it was made by another user, such as the sqlite3 shell run "
                "as root)."
            )


async def _migrate(
    db: aiosqlite.Connection, path: str, migrations: Sequence[_migrations.Migration]
) -> int:
    """Apply the missing migrations in one transaction; a failure leaves the file as it was.

    Runs with foreign keys off, as SQLite advises for schema changes, and checks them before the
    commit instead.
    """
    latest = len(migrations)
    await db.execute("BEGIN IMMEDIATE")
    # Read again under the write lock: another process may have migrated in the meantime.
    current = int(await one(db, "PRAGMA user_version"))
    try:
        for migration in migrations[current:]:
            for statement in migration.statements():
                await db.execute(statement)
            logger.info("Applied migration %04d_%s to %s", migration.version, migration.name, path)
        if await db.execute_fetchall("PRAGMA foreign_key_check"):
            raise sqlite3.IntegrityError("a foreign key points at a missing row")
        # PRAGMA takes no parameters; the value is an int the code computed, never input.
        await db.execute(f"PRAGMA user_version = {int(latest)}")
        await db.execute("COMMIT")
    except BaseException as e:
        await db.execute("ROLLBACK")
        if isinstance(e, sqlite3.Error):
            raise MigrationFailed(
                f"Upgrading the database file {path} from schema version {current} to {latest} "
                f"failed ({e}), so nothing was changed."
            ) from e
        raise
    return latest


def refuse_split(path: str, shards: Shards | None) -> None:
    """A file is one process's, so shards split over processes are refused (each would hold its
    own copy of the tables). Needs nothing but the settings: checked before the file is made."""
    if shards is not None and shards.split:
        raise ShardTaken(
            f"The SQLite file {path} can't be shared between processes, so running shards "
            f"{shards} in this one was refused: run every shard in one process, or move to "
            "PostgreSQL with python -m bot.store copy."
        )
