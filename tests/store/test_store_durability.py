"""Nothing accepted is lost: a killed process, a restart with a real engine, concurrent tables."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from store_child import WRITE_SEATS, round_every_tenth
from store_helpers import ALICE, BOB, CAROL, GUILD, fake_record, playing_table

from bot.games import registry
from bot.store import GameStore, Seat, SQLiteStore, Status

HERE = Path(__file__).parent
REPO = HERE.parent.parent


def start_child(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(HERE)])}
    return subprocess.Popen(
        [sys.executable, str(HERE / "store_child.py"), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )


def integrity(path: Path) -> str:
    with closing(sqlite3.connect(path)) as db:
        return db.execute("PRAGMA integrity_check").fetchone()[0]


async def test_a_killed_writer_leaves_every_committed_move(db_path: Path) -> None:
    """SIGKILL a process saving moves in a loop, three times over, resuming each time."""
    last_printed = 0
    for attempt in range(3):
        child = start_child("write", str(db_path))
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first.startswith("resumed "), child.stderr.read() if child.stderr else first
        resumed = int(first.split()[1])
        assert resumed >= last_printed  # the previous kill lost nothing that was printed
        target = resumed + 30 + 13 * attempt
        for line in child.stdout:
            last_printed = int(line.split()[1])
            if last_printed >= target:
                break
        # Killed while it is busy with the next write.
        child.send_signal(signal.SIGKILL)
        # Read the rest through the same buffered file: communicate() would read the raw pipe and
        # miss lines the loop above had already buffered.
        rest = child.stdout.read()
        child.wait()
        child.stdout.close()
        if child.stderr:
            child.stderr.close()
        assert child.returncode == -signal.SIGKILL
        for line in rest.splitlines():
            last_printed = int(line.split()[1])

        assert integrity(db_path) == "ok"
        store = await SQLiteStore.open(db_path)
        try:
            [table] = await store.all_unfinished_tables()
            # At least every printed commit; at most one more, committed just before the kill.
            assert last_printed <= table.version <= last_printed + 1
            # And consistent: the record, the counters and the round results of one version.
            assert table.record == fake_record(table.version)
            assert table.missed_turns == (table.version, 0, 0)
            assert table.seats == tuple(WRITE_SEATS)
            rounds = await store.table_rounds(GUILD, table.id)
            assert [r.number for r in rounds] == list(range(1, table.version // 10 + 1))
        finally:
            await store.close()


def _json(data: object) -> object:
    return json.loads(json.dumps(data))


async def test_restart_replays_every_table_to_the_same_engine_state(db_path: Path) -> None:
    games = registry.available_games()
    if not games:
        pytest.skip("No game engine is available yet (bot/games/<game>.py), so nothing to replay.")
    child = start_child("play", str(db_path), "11", "150", *games)
    out, err = child.communicate()
    # The child died by SIGKILL after its last save, without closing the store.
    assert child.returncode == -signal.SIGKILL, err
    finals = [json.loads(line) for line in out.splitlines()]
    assert [f["game"] for f in finals] == games

    store = await SQLiteStore.open(db_path)
    try:
        unfinished = {t.id: t for t in await store.all_unfinished_tables()}
        for final in finals:
            table = await store.get_table(GUILD, final["table"])
            assert table is not None and table.record is not None
            assert table.version == len(table.record["moves"]) > 0
            engine = registry.replay(table.record)
            state = _json(engine.to_json())
            assert isinstance(state, dict)
            differing = sorted(
                k
                for k in final["state"].keys() | state.keys()
                if final["state"].get(k) != state.get(k)
            )
            assert not differing, f"{final['game']}: the replayed state differs in {differing}"
            if engine.game_over:
                assert table.status is Status.FINISHED
                result = await store.table_game(GUILD, table.id)
                assert result is not None and any(s.won for s in result.seats)
            else:
                assert unfinished[table.id] == table
    finally:
        await store.close()


async def test_moves_on_two_tables_at_once(store: GameStore) -> None:
    one = await playing_table(store, (Seat.member(ALICE), Seat.member(BOB), Seat.bot("easy")))
    two = await playing_table(store, (Seat.member(CAROL), Seat.bot("easy"), Seat.bot("hard")))
    order: list[int] = []

    async def play(table_id: int, moves: int) -> None:
        for version in range(moves):
            await store.save_move(
                GUILD,
                table_id,
                expected_version=version,
                record=fake_record(version + 1),
                turn_deadline=None,
                missed_turns=[table_id, version, 0],
                round_result=round_every_tenth(version + 1),
            )
            order.append(table_id)

    async def read_meanwhile() -> None:
        while len(order) < 120:
            await store.top(GUILD)
            await store.get_table(GUILD, one.id)
            await asyncio.sleep(0)

    await asyncio.gather(play(one.id, 60), play(two.id, 60), read_meanwhile())
    # The two tables really did interleave, and neither saw the other's writes.
    assert order.index(two.id) < len(order) - order[::-1].index(one.id)
    for table in (one, two):
        saved = await store.get_table(GUILD, table.id)
        assert saved is not None
        assert saved.version == 60 and saved.record == fake_record(60)
        assert saved.missed_turns == (table.id, 59, 0)
        rounds = await store.table_rounds(GUILD, table.id)
        assert [r.number for r in rounds] == [1, 2, 3, 4, 5, 6]
