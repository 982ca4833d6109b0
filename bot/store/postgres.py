"""The store on PostgreSQL (asyncpg, a connection pool): for a bot run as several processes.

The queries, checks and conversions are the ones the SQLite store runs (``SQLStore``): this
class inherits every operation and replaces only the plumbing under them, the connection the
operations talk to. That connection (``_Statements``) answers the three aiosqlite calls the
operations make (``execute``, ``executemany``, ``execute_fetchall``) on asyncpg, turning each
statement's ``:name`` parameters into PostgreSQL's ``$1``; the few statements whose SQLite
dialect PostgreSQL doesn't speak have a PostgreSQL text of their own in ``DIALECT``
(``bot.store.sql``). So a rule
of the store (the optimistic version check, what a result writes, how ranks are counted) is
written once and holds on both engines.

Concurrency: no process-wide lock (the SQLite store's one connection needs it); each operation
takes a pooled connection, and a write that belongs together runs in one transaction. Two
processes saving a move on one table at once both run ``UPDATE … WHERE version = :expected``:
PostgreSQL makes the second wait for the first's row lock and then re-check, so exactly one wins
and the other gets ``StaleVersion``, as on SQLite.

A server that goes away (refused, reset, shut down, out of connections or disk) raises
``StoreUnavailable``; the transaction it interrupted is rolled back by the server with the
connection, so nothing is half-applied.
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from functools import cache
from typing import Any

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store import migrations as _migrations
from bot.store.errors import (
    ForeignDatabase,
    MigrationFailed,
    NewerDatabase,
    OtherShardCount,
    ShardTaken,
    StoreUnavailable,
    UnusableDatabase,
)
from bot.store.models import StoreInfo
from bot.store.shards import Shards
from bot.store.sql import DIALECT
from bot.store.sql_store import SQLStore
from bot.store.urls import redact

logger = logging.getLogger(__name__)


POOL_SIZE = 10
CONNECT_TIMEOUT = 10.0  # seconds to reach the server before the attempt counts as unavailable
# A statement that hangs this long (a server stalled by its disk) fails as unavailable instead of
# holding a table forever; the slowest the bot runs (a restore) takes well under a second.
COMMAND_TIMEOUT = 30.0
CLOSE_TIMEOUT = 10.0  # seconds for the connections to close before they are dropped
# pg_advisory_lock key for migrating: two processes starting at once migrate one at a time.
MIGRATION_LOCK = 0x44_69_77_61_6E_69_79_61  # "Diwaniya"
# Shard locks are pg_advisory_lock(SHARD_LOCKS, shard). A process running every shard (the
# default, with Discord's count) holds (SHARD_LOCKS, ALL_SHARDS) alone; one running some holds it
# shared, beside its own shards, so it excludes the first kind and not its peers.
SHARD_LOCKS = 0x4469  # "Di"
ALL_SHARDS = -1
# Claims are made one at a time (pg_advisory_xact_lock(SHARD_LOCKS, CLAIMING) for the claim's
# transaction), so two processes of different counts starting at once can't each miss the other.
CLAIMING = -2
# A process running some shards also holds pg_advisory_lock_shared(SHARD_COUNTS, its count): one
# started with another count is refused while any holds it. With counts 2 and 4, shard 0 of 2 and
# shard 2 of 4 own the same servers, and each process would drive their tables.
SHARD_COUNTS = 0x4463  # "Dc"
# The count the running processes use, read from the locks they hold (not a table: a process that
# dies leaves no row behind to clear, its locks go with its connection).
RUNNING_COUNT = """
SELECT objid::bigint FROM pg_catalog.pg_locks
WHERE locktype = 'advisory' AND granted AND classid = $1 AND objsubid = 2 AND objid <> $2
  AND database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database())
LIMIT 1
"""

# A machine that vanishes (power cut, network gone) says nothing to the server, and the session
# holding its shard locks would live on until TCP noticed: 2 h 11 min with PostgreSQL's defaults,
# all that time refusing the process that replaces it. On the lock connection the server probes
# after KEEPALIVE_IDLE s of silence, every KEEPALIVE_INTERVAL s, and ends the session (freeing the
# locks) when KEEPALIVE_COUNT go unanswered; tcp_user_timeout bounds the same way an answer the
# server sent and never saw acknowledged. So a lost process's shards are free 25 s after its
# last word, at most.
KEEPALIVE_IDLE = 10
KEEPALIVE_INTERVAL = 5
KEEPALIVE_COUNT = 3
LOST_AFTER = KEEPALIVE_IDLE + KEEPALIVE_INTERVAL * KEEPALIVE_COUNT  # seconds
KEEPALIVES = {
    "tcp_keepalives_idle": str(KEEPALIVE_IDLE),
    "tcp_keepalives_interval": str(KEEPALIVE_INTERVAL),
    "tcp_keepalives_count": str(KEEPALIVE_COUNT),
    "tcp_user_timeout": str(LOST_AFTER * 1000),  # milliseconds
}
# The process probes the same connection from its end, after GIVE_UP_IDLE s of silence, every
# GIVE_UP_INTERVAL s: when GIVE_UP_COUNT go unanswered its kernel drops the connection, the store
# is told (``_lost``) and the bot stops, 8 s after the last word from the server, well before the
# server can hand the shards to another process (25 s): a network cut that leaves both machines
# running never makes two drivers. (The probes also count as words for the server, so a live
# process is never taken for a lost one.)
GIVE_UP_IDLE = 5
GIVE_UP_INTERVAL = 1
GIVE_UP_COUNT = 3
GIVE_UP_AFTER = GIVE_UP_IDLE + GIVE_UP_INTERVAL * GIVE_UP_COUNT  # seconds

# Rating a game takes pg_advisory_xact_lock(RATING_LOCKS, its server's key) for its transaction,
# so two games of one server ending at once in two processes rate one after the other (and
# rerate replays them in the order they took the lock). Servers sharing a key just wait in turn.
RATING_LOCKS = 0x5261  # "Ra"

SCHEMA_TABLE = "diwaniya_schema"


# ":name", not the "::" of a cast; the statements hold no string literal with a colon.
_PARAMETER = re.compile(r"(?<![:\w]):([a-z_]+)")


@cache
def positional(sql: str) -> tuple[str, tuple[str, ...]]:
    """A statement of the store in PostgreSQL's text, with ``$n`` for each distinct ``:name``,
    and the names in ``$n`` order."""
    names: list[str] = []

    def number(match: re.Match[str]) -> str:
        if match[1] not in names:
            names.append(match[1])
        return f"${names.index(match[1]) + 1}"

    return _PARAMETER.sub(number, DIALECT.get(sql, sql)), tuple(names)


def _arguments(names: Sequence[str], params: Mapping[str, Any] | None) -> list[Any]:
    given = params or {}
    return [given[name] for name in names]


# ---------------------------------------------------------------- errors


def _gone(error: BaseException) -> bool:
    """Whether ``error`` means the server could not be used just now (rather than a bad query)."""
    if isinstance(
        error,
        OSError  # refused, reset, unreachable
        | TimeoutError
        | asyncpg.PostgresConnectionError  # class 08: the connection failed or is gone
        | asyncpg.exceptions.OperatorInterventionError  # 57: shut down, starting up
        | asyncpg.exceptions.InsufficientResourcesError  # 53: disk full, too many connections
        | asyncpg.exceptions.ReadOnlySQLTransactionError  # a standby took the URL
        | asyncpg.exceptions.TransactionRollbackError,  # 40: serialization failure, deadlock
    ):
        return True
    # asyncpg's own InterfaceError is also how it reports a misuse; only a closed connection or
    # pool is the server's absence.
    return isinstance(error, asyncpg.InterfaceError) and "clos" in str(error)


@contextmanager
def unavailable_as_store_error(where: str) -> Iterator[None]:
    try:
        yield
    except StoreUnavailable:
        raise
    except Exception as e:
        if _gone(e):
            raise StoreUnavailable(where, str(e) or type(e).__name__) from e
        raise


# A connection of its own, or one lent by a pool (a proxy, to asyncpg's stubs another class).
_Connection = asyncpg.Connection | PoolConnectionProxy


class _Statements:
    """The aiosqlite calls the store's operations make, on a pool (each statement on its own)
    or on one connection inside a transaction."""

    def __init__(self, target: asyncpg.Pool | _Connection, where: str) -> None:
        self._target = target
        self._where = where

    async def execute_fetchall(
        self, sql: str, params: Mapping[str, Any] | None = None
    ) -> list[asyncpg.Record]:
        text, names = positional(sql)
        with unavailable_as_store_error(self._where):
            return await self._target.fetch(text, *_arguments(names, params))

    async def execute(self, sql: str, params: Mapping[str, Any] | None = None) -> None:
        text, names = positional(sql)
        with unavailable_as_store_error(self._where):
            await self._target.execute(text, *_arguments(names, params))

    async def executemany(self, sql: str, rows: Sequence[Mapping[str, Any]]) -> None:
        if not rows:
            return
        text, names = positional(sql)
        with unavailable_as_store_error(self._where):
            await self._target.executemany(text, [_arguments(names, r) for r in rows])


# ---------------------------------------------------------------- opening a database


async def schema_version(conn: _Connection, where: str, latest: int) -> int:
    """The schema version of the database, after making sure it is ours (or empty).

    Runs only reads, so a database refused here is left exactly as it was.
    """
    if await conn.fetchval("SELECT to_regclass($1) IS NOT NULL", SCHEMA_TABLE):
        version = int(await conn.fetchval(f"SELECT version FROM {SCHEMA_TABLE}"))
    else:
        others = await conn.fetchval(
            "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()"
        )
        if others:
            raise ForeignDatabase(
                f"The PostgreSQL database {where} holds another program's tables, so it was left "
                "untouched: point the bot at an empty database."
            )
        version = 0
    if version > latest:
        raise NewerDatabase(
            f"The PostgreSQL database {where} was written by a newer Diwaniya (schema version "
            f"{version}, this one knows up to {latest}), so it was left untouched: run the newer "
            "version or point the bot at another database."
        )
    return version


async def migrate(conn: _Connection, where: str, steps: Sequence[_migrations.Migration]) -> int:
    """Apply the missing migrations in one transaction (PostgreSQL's DDL is transactional, so a
    failure leaves the database as it was)."""
    latest = len(steps)
    current = 0
    # The lock is the session's, taken before the transaction begins, never inside it: a session
    # refreshes what it knows of the catalogue (which tables exist) as a transaction begins, so
    # one that began before the wait would still find no schema after another process had made
    # it, then find that process's tables and call them another program's.
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        async with conn.transaction():
            # Read again under the lock: another process may have migrated in the meantime.
            current = await schema_version(conn, where, latest)
            if current == 0:
                await conn.execute(f"CREATE TABLE {SCHEMA_TABLE} (version INTEGER NOT NULL)")
                await conn.execute(f"INSERT INTO {SCHEMA_TABLE} VALUES (0)")
            for migration in steps[current:]:
                await conn.execute(migration.sql)
                logger.info(
                    "Applied migration %04d_%s to %s", migration.version, migration.name, where
                )
            await conn.execute(f"UPDATE {SCHEMA_TABLE} SET version = $1", latest)
    except asyncpg.PostgresError as e:
        if _gone(e):
            raise
        raise MigrationFailed(
            f"Upgrading the PostgreSQL database {where} from schema version {current} to "
            f"{latest} failed ({e}), so nothing was changed."
        ) from e
    finally:
        if not conn.is_closed():  # a connection that is gone took the lock with it
            await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
    return latest


async def _lock_connection(url: str, where: str) -> asyncpg.Connection:
    """A connection of its own for the shard locks, with the keepalives that bound how long a
    lost process keeps them (``LOST_AFTER``) and how soon a process cut off gives them up
    (``GIVE_UP_AFTER``)."""
    try:
        conn = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT, server_settings=KEEPALIVES)
    except (OSError, TimeoutError, asyncpg.PostgresError) as e:
        raise unreachable(where, e) from e
    except ValueError as e:  # asyncpg's word for a URL it can't parse
        raise not_a_url(where, e) from e
    # asyncpg names no way to its socket but its transport's (a private attribute it has kept
    # since its first release); the tests cutting the network fail if that changes.
    # asyncpg's stubs leave it out, being private.
    _probe(conn._transport.get_extra_info("socket"))  # type: ignore[attr-defined]
    return conn


def _probe(sock: socket.socket) -> None:
    """Keepalive probes from this end of a TCP connection (``GIVE_UP_AFTER``). A Unix socket
    needs none: the server is on this machine, and can't vanish from it."""
    if sock.family not in (socket.AF_INET, socket.AF_INET6):
        return
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    for option, value in (
        ("TCP_KEEPIDLE", GIVE_UP_IDLE),  # Linux's names; other systems keep their defaults
        ("TCP_KEEPINTVL", GIVE_UP_INTERVAL),
        ("TCP_KEEPCNT", GIVE_UP_COUNT),
        ("TCP_USER_TIMEOUT", GIVE_UP_AFTER * 1000),  # an unacknowledged write, the same bound
    ):
        if hasattr(socket, option):
            sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, option), value)


async def _let_go(conn: asyncpg.Connection) -> None:
    """Close ``conn`` (its locks go with it); a connection that can't close cleanly is dropped."""
    try:
        await conn.close(timeout=CLOSE_TIMEOUT)
    except Exception:
        conn.terminate()


def not_a_url(where: str, error: ValueError) -> UnusableDatabase:
    return UnusableDatabase(f"The database URL {where} is not one PostgreSQL reads ({error}).")


async def _pool(url: str, where: str, size: int) -> asyncpg.Pool:
    try:
        return await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=size,
            timeout=CONNECT_TIMEOUT,
            command_timeout=COMMAND_TIMEOUT,
            # A statement of a process that vanished mid-transaction holds its rows' locks
            # until its session ends: bounded like the shard locks' connection.
            server_settings=KEEPALIVES,
        )
    except (OSError, TimeoutError, asyncpg.PostgresError) as e:
        raise unreachable(where, e) from e
    except ValueError as e:  # asyncpg's word for a URL it can't parse
        raise not_a_url(where, e) from e


def unreachable(where: str, error: BaseException) -> UnusableDatabase:
    reason = str(error) or type(error).__name__
    return UnusableDatabase(
        f"The PostgreSQL database {where} can't be reached ({reason.rstrip('.')}), so the bot "
        "did not start: check that the server runs and the URL in DIWANIYA_DB is right."
    )


async def _claim(conn: asyncpg.Connection, where: str, shards: Shards | None) -> None:
    """Take the advisory locks for ``shards`` on ``conn``, or raise ``ShardTaken``. Locks only:
    nothing is written, so a refused process leaves the database as it found it. The locks are
    the session's, kept after the claim's transaction (whatever its end) until ``conn`` closes."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", SHARD_LOCKS, CLAIMING)
        await _take(conn, where, shards)


async def _take(conn: asyncpg.Connection, where: str, shards: Shards | None) -> None:
    lock = "SELECT pg_try_advisory_lock($1, $2)"
    if shards is None:
        if not await conn.fetchval(lock, SHARD_LOCKS, ALL_SHARDS):
            raise ShardTaken(
                f"Another Diwaniya process already runs shards on {where}, so this one, which "
                "would run every shard, did not start: stop the other, or give every process "
                "the same DIWANIYA_SHARD_COUNT and shards of its own in DIWANIYA_SHARDS."
            )
        return
    if not await conn.fetchval(
        "SELECT pg_try_advisory_lock_shared($1, $2)", SHARD_LOCKS, ALL_SHARDS
    ):
        raise ShardTaken(
            f"A Diwaniya process running every shard already uses {where}, so this one (shards "
            f"{shards}) did not start: stop that one, or give it shards of its own too."
        )
    running = await conn.fetchval(RUNNING_COUNT, SHARD_COUNTS, shards.count)
    if running is not None:
        raise OtherShardCount(
            f"The Diwaniya processes running on {where} split the servers into {running} "
            f"shards, so this one, started with a shard count of {shards.count}, did not start: "
            "give every process the same DIWANIYA_SHARD_COUNT, and to change it stop them all, "
            "then start them with the new count."
        )
    await conn.execute("SELECT pg_advisory_lock_shared($1, $2)", SHARD_COUNTS, shards.count)
    for shard in shards.ids:
        if not await conn.fetchval(lock, SHARD_LOCKS, shard):
            raise ShardTaken(
                f"Shard {shard} is already run by another Diwaniya process on {where}, so this "
                "one did not start: give each process shards of its own in DIWANIYA_SHARDS."
            )


# ---------------------------------------------------------------- the store


class PostgresStore(SQLStore):
    """Diwaniya's database on a PostgreSQL server: ``await PostgresStore.open(url)``."""

    engine = "postgresql"
    # Other processes write this database too: nothing read from it may be kept in memory as
    # though it were the only writer (the bot reads /preferences and /settings afresh).
    shared = True

    def __init__(
        self, pool: asyncpg.Pool, url: str, version: int, clock: Callable[[], float]
    ) -> None:
        where = redact(url)
        self._statements = _Statements(pool, where)
        super().__init__(self._statements, where, version, clock)  # type: ignore[arg-type]
        self._pool = pool
        self.url = url
        self._holder: asyncpg.Connection | None = None  # holds the shard locks
        self.shards: Shards | None = None
        # Called if the shard locks are lost with their connection (the bot then stops).
        self.on_shards_lost: Callable[[], None] | None = None

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        clock: Callable[[], float] = time.time,
        migrations: Sequence[_migrations.Migration] | None = None,
        pool_size: int = POOL_SIZE,
        shards: Shards | None = None,
        hold: bool = False,
    ) -> PostgresStore:
        """Connect to (and create or upgrade the schema of) the database at ``url``.

        Raises an ``UnusableDatabase`` subclass, with one sentence, for a server that can't be
        reached, a database of another program or of a newer Diwaniya; those are never written.
        With ``hold`` the store is a bot process's: its ``shards`` (None: every shard) are
        claimed first (``hold_shards``), before anything is written, so a process refused them
        (``ShardTaken``) leaves even a new database empty.
        """
        where = redact(url)
        steps = tuple(_migrations.load("postgres") if migrations is None else migrations)
        holder = await _lock_connection(url, where) if hold else None
        try:
            if holder is not None:
                await _claim(holder, where, shards)
            pool = await _pool(url, where, pool_size)
            try:
                async with pool.acquire() as conn:
                    version = await schema_version(conn, where, len(steps))
                    if version < len(steps):
                        version = await migrate(conn, where, steps)
            except BaseException:
                await pool.close()
                raise
        except BaseException as e:
            if holder is not None:
                await _let_go(holder)
            if isinstance(e, Exception) and _gone(e):
                raise unreachable(where, e) from e
            raise
        logger.info("Opened %s at schema version %d", where, version)
        store = cls(pool, url, version, clock)
        if holder is not None:
            store._keep(holder, shards)
        return store

    async def close(self) -> None:
        try:
            try:
                # Closing waits for each connection's goodbye to be acknowledged, which a network
                # gone without a word never does (TCP gives up after some 15 minutes).
                await asyncio.wait_for(self._pool.close(), CLOSE_TIMEOUT)
            except TimeoutError:
                logger.warning("The connections to %s did not close in time: dropped", self.path)
                self._pool.terminate()
        finally:
            # Last, so no write of this process is still under way when another may take over.
            if self._holder is not None:
                self._holder.remove_termination_listener(self._lost)
                await _let_go(self._holder)
                self._holder = None
        logger.info("Closed %s", self.path)

    # ------------------------------------------------------------ ratings

    async def _serialize_ratings(self, db: Any, guild_id: int) -> None:
        await db.execute(
            "SELECT pg_advisory_xact_lock(:space, :key)",
            {"space": RATING_LOCKS, "key": guild_id % 2_147_483_647},
        )

    # ------------------------------------------------------------ shards

    async def hold_shards(self, shards: Shards | None) -> None:
        """Advisory locks on the shards (None: every shard), held on a connection of their own
        for as long as the store is open. A process that dies loses its connection, and the
        server releases its locks with it, so a restarted process can take the shards over; one
        that vanishes without a word is found out by the keepalives (``LOST_AFTER``), and one cut
        off from the server gives them up (``GIVE_UP_AFTER``: ``_lost``)."""
        if self._holder is not None:
            return
        holder = await _lock_connection(self.url, self.path)
        try:
            await _claim(holder, self.path, shards)
        except BaseException as e:
            await _let_go(holder)
            if isinstance(e, Exception) and _gone(e):
                raise unreachable(self.path, e) from e
            raise
        self._keep(holder, shards)

    def _keep(self, holder: asyncpg.Connection, shards: Shards | None) -> None:
        holder.add_termination_listener(self._lost)
        self._holder = holder
        self.shards = shards

    def _lost(self, connection: object) -> None:
        """The connection holding the shard locks is gone, and with it the locks: another
        process may take the shards over, so this one must stop driving them."""
        logger.error("Lost the connection holding the shard locks on %s", self.path)
        self._holder = None
        if self.on_shards_lost is not None:
            self.on_shards_lost()

    async def info(self) -> StoreInfo:
        with unavailable_as_store_error(self.path):
            sync = await self._pool.fetchval("SHOW synchronous_commit")
        return StoreInfo(self.path, self.schema_version, self.engine, True, str(sync))

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[_Statements]:  # type: ignore[override]
        """BEGIN … COMMIT on one pooled connection, rolled back on any error; a server gone
        mid-way rolls it back by itself, and the caller gets ``StoreUnavailable``."""
        with unavailable_as_store_error(self.path):
            async with self._pool.acquire() as conn, conn.transaction():
                yield _Statements(conn, self.path)

    @asynccontextmanager
    async def _locked(self) -> AsyncIterator[_Statements]:  # type: ignore[override]
        """The pool, each statement on a connection of its own: the SQLite store's lock keeps
        its one connection's transactions apart, and here nothing needs to wait."""
        yield self._statements
