from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from store_helpers import FakeClock, open_engine

from bot.store import GameStore
from tests.postgres import RunDatabase

ENGINES = ("sqlite", "postgres")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "diwaniya.db"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> RunDatabase | None:
    """None for SQLite, or this run's PostgreSQL database (skipped, or failed under CI=true,
    without a server)."""
    if request.param == "sqlite":
        return None
    return request.getfixturevalue("postgres")


@pytest.fixture
async def store(
    engine: RunDatabase | None, db_path: Path, clock: FakeClock
) -> AsyncIterator[GameStore]:
    """The store the operation tests run on: each runs once on SQLite and once on PostgreSQL."""
    opened = await open_engine(engine, db_path, clock)
    yield opened
    await opened.close()
