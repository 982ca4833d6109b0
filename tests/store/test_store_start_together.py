"""Bot processes started at the same moment on a new PostgreSQL database (``systemctl enable
--now diwaniya@0-3 diwaniya@4-7``): they create the schema once between them and every one
runs. Real processes against the real server, a fresh database each try."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import asyncpg

from bot.store import migrations
from bot.store.postgres import MIGRATION_LOCK, SCHEMA_TABLE
from tests.postgres import RunDatabase

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PROCESSES = 4
TRIES = 3


def start(url: str, shard: int) -> subprocess.Popen[str]:
    """A process starting for ``shard`` of ``PROCESSES``, as ``python -m bot --shards`` would."""
    return subprocess.Popen(
        [sys.executable, str(HERE / "shard_process.py"), url, str(shard), str(PROCESSES)],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


async def waiting_to_migrate(gate: asyncpg.Connection) -> int:
    """How many sessions of the database wait for the migration lock the gate holds."""
    return await gate.fetchval(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
        "AND classid = $1 AND objid = $2 AND objsubid = 1 "
        "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        MIGRATION_LOCK >> 32,
        MIGRATION_LOCK & 0xFFFF_FFFF,
    )


async def test_processes_started_together_make_one_schema_and_all_run(
    postgres: RunDatabase,
) -> None:
    """Each try holds the migration lock until all four processes have found the database
    empty and wait for it, the moment the race needs; then lets them go together."""
    latest = len(migrations.load("postgres"))
    for _ in range(TRIES):
        url = await postgres.fresh_database()
        gate = await asyncpg.connect(url)
        children: list[subprocess.Popen[str]] = []
        try:
            await gate.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            children = [start(url, shard) for shard in range(PROCESSES)]
            while await waiting_to_migrate(gate) < PROCESSES:
                assert all(c.poll() is None for c in children), "a process ended early"
                await asyncio.sleep(0.05)
            await gate.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
            said = [await asyncio.to_thread(c.stdout.readline) for c in children]  # type: ignore[union-attr]
            assert said == ["running\n"] * PROCESSES, said
            for child in children:
                await asyncio.to_thread(child.communicate, "")
            assert [c.returncode for c in children] == [0] * PROCESSES
            assert await gate.fetch(f"SELECT version FROM {SCHEMA_TABLE}") == [(latest,)]
        finally:
            for child in children:
                child.kill()
                child.wait()
            await gate.close()
