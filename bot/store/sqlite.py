"""The store on a SQLite file: one long-lived aiosqlite connection, for a bot run as one process.

``SQLiteStore`` takes every operation from ``bot.store.sql_store.SQLStore`` and gives them their
connection, its transactions and its lock; opening, checking and migrating the file is
``bot.store.sqlite_file``'s.

Concurrency: aiosqlite runs statements one after another on a single thread, but coroutines could
still interleave statements inside one another's transactions, so every operation holds
``self._lock``. Writes that belong together (a move, its round result, the game result and the
leaderboard) run in one ``BEGIN IMMEDIATE … COMMIT``; a write of one statement is atomic by itself
and runs without them.

Durability: WAL with ``synchronous=NORMAL`` keeps every committed transaction through a crash or
kill of the process (a power cut may lose the last few, never corrupt the file), at a fraction of
the cost of a sync per move.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager

import aiosqlite

from bot.store import migrations as _migrations
from bot.store.errors import DiskFull, StoreUnavailable
from bot.store.models import StoreInfo
from bot.store.rows import one
from bot.store.shards import Shards
from bot.store.sql_store import SQLStore
from bot.store.sqlite_file import BUSY_TIMEOUT, DEFAULT_PATH, open_file, refuse_split

logger = logging.getLogger(__name__)

# SQLite's primary result codes for a database that can't be used just now, whatever the SQL:
# locked by another process, read-only, an I/O error, a full disk, a file gone or damaged. Any
# other error (a syntax error, a constraint) is a bug in the SQL and is raised as it is.
_UNAVAILABLE = frozenset(
    {
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_CORRUPT,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PROTOCOL,
        sqlite3.SQLITE_NOTADB,
    }
)


class SQLiteStore(SQLStore):
    """Diwaniya's database in a SQLite file. Open one with ``await SQLiteStore.open(path)`` and
    close it at shutdown."""

    engine = "sqlite"
    shared = False  # one process's own file: nothing else writes it
    # Called if the store loses its hold on the shards (never, for a file: see hold_shards).
    on_shards_lost: Callable[[], None] | None = None

    def __init__(
        self, db: aiosqlite.Connection, path: str, version: int, clock: Callable[[], float]
    ) -> None:
        super().__init__(db, path, version, clock)
        self._lock = asyncio.Lock()

    # ------------------------------------------------------------ lifecycle

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] = DEFAULT_PATH,
        *,
        clock: Callable[[], float] = time.time,
        migrations: Sequence[_migrations.Migration] | None = None,
        busy_timeout: float = BUSY_TIMEOUT,
    ) -> SQLiteStore:
        """Open (creating it on first start) and upgrade the database at ``path``.

        Raises an ``UnusableDatabase`` subclass, with one sentence, for a damaged file, a file from a
        newer Diwaniya or another program's database; such a file is never written to.
        ``migrations`` is for tests; the bot uses the files shipped in ``bot/store/migrations``.
        ``busy_timeout`` is how many seconds a write waits for another process's write lock.
        """
        path = os.fspath(path)
        steps = tuple(_migrations.load() if migrations is None else migrations)
        db, version = await open_file(path, steps, busy_timeout)
        logger.info("Opened %s at schema version %d", path, version)
        return cls(db, path, version, clock)

    async def close(self) -> None:
        """Close the connection and stop aiosqlite's thread, whatever else fails on the way.

        The thread is not a daemon: left running, it would keep the process from ever exiting.
        """
        async with self._lock:
            try:
                # Lets SQLite refresh the statistics its query planner uses, cheaply, as it
                # advises. Only a help for the next start: if another program holds the lock
                # (a backup, the sqlite3 shell), skip it rather than wait at shutdown.
                await self._db.execute("PRAGMA busy_timeout = 0")
                await self._db.execute("PRAGMA optimize")
            except sqlite3.Error as e:
                logger.warning("Skipped optimising %s at close: %s", self.path, e)
            finally:
                await self._db.close()
        logger.info("Closed %s", self.path)

    async def info(self) -> StoreInfo:
        async with self._locked() as db:
            mode = await one(db, "PRAGMA journal_mode")
            keys = await one(db, "PRAGMA foreign_keys")
            sync = await one(db, "PRAGMA synchronous")
        names = {0: "off", 1: "normal", 2: "full", 3: "extra"}
        return StoreInfo(self.path, self.schema_version, mode, bool(keys), names[sync])

    # ------------------------------------------------------------ the connection

    @contextmanager
    def _unavailable_as_store_error(self) -> Iterator[None]:
        """A database that can't be used just now (``_UNAVAILABLE``: locked past the busy wait,
        read-only, an I/O error, a full disk) as the store's own ``StoreUnavailable`` (``DiskFull``
        for a full disk), so callers handle one store error rather than a raw
        ``sqlite3.OperationalError``. The statement or transaction that hit it has been rolled
        back by then: SQLite undoes a failed statement, and ``_locked_transaction`` the rest."""
        try:
            yield
        except sqlite3.DatabaseError as e:
            code = getattr(e, "sqlite_errorcode", 0) & 0xFF
            if code == sqlite3.SQLITE_FULL:
                raise DiskFull(self.path) from e
            if code in _UNAVAILABLE:
                logger.warning("%s could not be used: %s", self.path, e)
                raise StoreUnavailable(self.path, str(e)) from e
            raise

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        with self._unavailable_as_store_error():
            async with self._locked_transaction() as db:
                yield db

    @asynccontextmanager
    async def _locked_transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE … COMMIT, rolled back on any error (``_transaction`` names it)."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                try:
                    await self._db.execute("ROLLBACK")
                except sqlite3.DatabaseError:
                    # Already ended: SQLite rolled back by itself (some I/O errors and a full
                    # disk do), or the COMMIT went through just as the task was cancelled. The
                    # version check makes a retry safe.
                    logger.warning("Rollback after a finished transaction", exc_info=True)
                raise

    @asynccontextmanager
    async def _locked(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection to itself for a few statements (reads that belong together)."""
        with self._unavailable_as_store_error():
            async with self._lock:
                yield self._db

    async def hold_shards(self, shards: Shards | None) -> None:
        """Make sure no other process drives these shards' tables (see ``refuse_split``)."""
        refuse_split(self.path, shards)
