from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from store_helpers import FakeClock

from bot.store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "diwaniya.db"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(db_path: Path, clock: FakeClock) -> AsyncIterator[Store]:
    opened = await Store.open(db_path, clock=clock)
    yield opened
    await opened.close()
