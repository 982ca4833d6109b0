"""A real PostgreSQL for the tests: one fresh database per pytest run (per xdist worker), created
at first use and dropped at the end, with a schema of its own for each test in it.

The server's URL comes from ``DIWANIYA_TEST_POSTGRES`` (default: the development and CI
machines' server). Where no server answers, the PostgreSQL tests are skipped with one line saying
how to run them, except under ``CI=true``, where a missing server fails the run.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from urllib.parse import urlencode, urlsplit, urlunsplit

import asyncpg
import pytest

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
MISSING = "no PostgreSQL server answers at {url} ({reason})"
SKIPPED = (
    "PostgreSQL tests skipped: {missing}; start one there or set "
    "DIWANIYA_TEST_POSTGRES=postgresql://user@host:port/db (a user who may create databases) "
    "to run them."
)
FAILED = "CI=true, so the PostgreSQL tests must run, but {missing}."


def server_url() -> str:
    return os.environ.get("DIWANIYA_TEST_POSTGRES", DEFAULT_URL)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def with_database(url: str, database: str, **query: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{database}", query=urlencode(query)))


class RunDatabase:
    """This run's database on the test server."""

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self.name = f"diwaniya_test_{os.getpid()}_{secrets.token_hex(4)}"
        self.url = with_database(admin_url, self.name)
        self._schemas = 0
        self.extra: list[str] = []  # databases made by fresh_database, dropped with this one

    async def _run(self, url: str, *statements: str) -> None:
        conn = await asyncpg.connect(url, timeout=5)
        try:
            for statement in statements:
                await conn.execute(statement)
        finally:
            await conn.close()

    async def create(self) -> None:
        await self._run(self.admin_url, f'CREATE DATABASE "{self.name}"')

    async def drop(self) -> None:
        """This run's database and every one ``fresh_database`` made; FORCE, as a test that
        failed half way may have left a connection open."""
        names = [*self.extra, self.name]
        await self._run(
            self.admin_url, *(f'DROP DATABASE IF EXISTS "{n}" WITH (FORCE)' for n in names)
        )

    async def fresh_schema(self) -> str:
        """The URL of an empty schema of its own, as the store sees a new database."""
        self._schemas += 1
        schema = f"t{self._schemas}_{secrets.token_hex(3)}"
        await self._run(self.url, f'CREATE SCHEMA "{schema}"')
        # asyncpg passes query parameters it doesn't know to the server as settings.
        return with_database(self.admin_url, self.name, search_path=schema)

    async def fresh_database(self) -> str:
        """The URL of a whole new database (for what one schema can't show: advisory locks)."""
        self._schemas += 1
        name = f"{self.name}_{self._schemas}"
        await self._run(self.admin_url, f'CREATE DATABASE "{name}"')
        self.extra.append(name)
        return with_database(self.admin_url, name)


def open_run_database() -> RunDatabase | str:
    """This run's database, or why there is none (the sentence to skip with)."""
    url = server_url()
    run = RunDatabase(url)
    try:
        asyncio.run(run.create())
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
        return MISSING.format(url=url, reason=str(e).rstrip(".") or type(e).__name__)
    return run


def close_run_database(run: RunDatabase) -> None:
    asyncio.run(run.drop())


def unavailable(missing: str) -> None:
    """Skip the test, or fail it under CI=true, where PostgreSQL must be there."""
    if in_ci():
        pytest.fail(FAILED.format(missing=missing), pytrace=False)
    pytest.skip(SKIPPED.format(missing=missing))


class Outage:
    """A TCP relay in front of the test server, to take the server away and bring it back as a
    store sees it (connections reset, new ones refused) without stopping a server others share."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self._target = (parts.hostname or "127.0.0.1", parts.port or 5432)
        self._url = url
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self.port = 0

    @property
    def url(self) -> str:
        """``url`` through the relay."""
        parts = urlsplit(self._url)
        user = f"{parts.username}@" if parts.username else ""
        return urlunsplit(parts._replace(netloc=f"{user}127.0.0.1:{self.port}"))

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def cut(self) -> None:
        """The server goes away: every connection is reset and new ones are refused."""
        assert self._server is not None
        self._server.close()
        await self._server.wait_closed()
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self._target)
        self._writers |= {writer, up_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.transport.abort()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
