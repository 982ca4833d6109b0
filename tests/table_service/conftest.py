"""Fixtures for the table service: a real SQLite file, a parked sleep, a notice recorder."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.computers.pool import ComputerPool
from bot.store import SQLiteStore
from bot.tables import Notice, TableService


class ParkedSleep:
    """``asyncio.sleep`` for the service: zero-length sleeps (computer pacing in tests) pass at
    once; longer ones (turn timers, round pauses, idle lobbies) wait until the test fires them,
    so no test depends on wall-clock time."""

    def __init__(self) -> None:
        self.parked: list[tuple[float, asyncio.Future[None]]] = []

    async def __call__(self, delay: float) -> None:
        if delay <= 0:
            await asyncio.sleep(0)
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.parked.append((delay, fut))
        await fut

    async def waiting(self, delay: float) -> int:
        for _ in range(5):
            await asyncio.sleep(0)
        return sum(1 for d, f in self.parked if abs(d - delay) < 0.5 and not f.done())

    async def fire(self, delay: float) -> int:
        """Wake every sleep of ``delay`` seconds still waiting; let the woken work run."""
        for _ in range(5):  # let freshly scheduled tasks reach their sleep first
            await asyncio.sleep(0)
        woken = 0
        for d, f in self.parked:
            if abs(d - delay) < 0.5 and not f.done():
                f.set_result(None)
                woken += 1
        for _ in range(5):
            await asyncio.sleep(0)
        return woken


class Recorder:
    def __init__(self) -> None:
        self.notices: list[Notice] = []

    async def __call__(self, notice: Notice) -> None:
        self.notices.append(notice)

    def kinds(self) -> list[str]:
        return [n.kind for n in self.notices]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tables.db"


@pytest.fixture
def sleeper() -> ParkedSleep:
    return ParkedSleep()


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[SQLiteStore]:
    opened = await SQLiteStore.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
async def service(
    store: SQLiteStore, sleeper: ParkedSleep, recorder: Recorder
) -> AsyncIterator[TableService]:
    svc = TableService(
        store,
        listener=recorder,
        bot_delay=0,
        next_round_delay=30,
        sleep=sleeper,
        seeds=lambda: 12345,
        clock=lambda: 1_000_000.0,  # a still clock: a timer's sleep is exactly its length
        computers=ComputerPool(0),  # decided inline: test_computers.py tries the processes
    )
    yield svc
    await svc.close()
