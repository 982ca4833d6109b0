"""A scratch PostgreSQL database for a benchmark: created for the run and dropped after it.

The server's URL is ``--postgres`` or ``DIWANIYA_TEST_POSTGRES`` (default: the development
machine's, postgresql://postgres@127.0.0.1:5432/test); the user must be allowed to create
databases.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit, urlunsplit

import asyncpg

DEFAULT_URL = os.environ.get("DIWANIYA_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


@asynccontextmanager
async def scratch_database(server: str = DEFAULT_URL) -> AsyncIterator[str]:
    """The URL of a new, empty database on ``server``, dropped (with its connections) after."""
    name = f"diwaniya_bench_{os.getpid()}_{secrets.token_hex(3)}"
    admin = await asyncpg.connect(server, timeout=10)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield urlunsplit(urlsplit(server)._replace(path=f"/{name}"))
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


async def server_version(url: str) -> str:
    conn = await asyncpg.connect(url, timeout=10)
    try:
        return str(await conn.fetchval("SHOW server_version"))
    finally:
        await conn.close()
