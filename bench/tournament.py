"""Tournaments at scale on the table service: a Swiss of 200 players and an Arena of 60, on SQLite
and on PostgreSQL.

    python bench/tournament.py                       # SQLite, and the server in DIWANIYA_TEST_POSTGRES
    python bench/tournament.py --swiss 200 --arena 60 --rounds 2 [--postgres URL] [--no-postgres]

For each store: a Swiss of Run Fast (67 tables of three a round for 200 players) and an Arena of
Run Fast (20 tables for 60). The figure per round is the time from "pair the round" to every one
of its tables opened, seated, dealt and saved (``TournamentService.advance``: standings, the
pairing, the round written with its tables, then each table opened, linked and started through
the table service). Members' turns are then played as a computer would play them, through the
table service's own ``play`` (the tournament's real path: each game's end writes its points with
its result), and the store's statements are counted: the tournament's writes per game are the
statements it adds to a game (planning, linking, the result row), apart from the game's own (its reads are counted apart).
The computers' pacing sleeps are parked, so only the service's own work is timed.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _pg import DEFAULT_URL, scratch_database, server_version

from bot.computers.pool import ComputerPool, choose_computer_move
from bot.store import open_store
from bot.tables import Refusal, TableService
from bot.tournament.service import TournamentService

GUILD, CHANNEL, ADMIN = 1_180_000_000_000_000_001, 1_180_000_000_000_000_100, 1
MEMBER0 = 1_180_000_000_000_200_000
TOURNAMENT_TABLES = ("tournament",)


class Parked:
    """Sleeps that never end on their own: computers' pacing and timers wait, nothing is timed
    by the clock."""

    async def __call__(self, delay: float) -> None:
        if delay <= 0:
            await asyncio.sleep(0)
            return
        await asyncio.Event().wait()


def count_statements(store: Any) -> Counter[str]:
    """Count every statement the store runs, by whether it touches a tournament table."""
    counts: Counter[str] = Counter()

    def kind(sql: str) -> str:
        if "tournament" not in sql:
            return "other"
        verb = sql.lstrip().split(None, 1)[0].upper()
        return "write" if verb in ("INSERT", "UPDATE", "DELETE") else "read"

    original_fetch = store._fetch

    async def fetch(sql: str, params: Any) -> Any:
        counts[kind(sql)] += 1
        return await original_fetch(sql, params)

    store._fetch = fetch
    original_transaction = store._transaction

    class Counting:
        def __init__(self, db: Any) -> None:
            self._db = db

        async def execute(self, sql: str, params: Any = None) -> Any:
            counts[kind(sql)] += 1
            return await self._db.execute(sql, params)

        async def executemany(self, sql: str, rows: Any) -> Any:
            counts[kind(sql)] += 1
            return await self._db.executemany(sql, rows)

        async def execute_fetchall(self, sql: str, params: Any = None) -> Any:
            counts[kind(sql)] += 1
            return await self._db.execute_fetchall(sql, params)

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def transaction():  # type: ignore[no-untyped-def]
        async with original_transaction() as db:
            yield Counting(db)

    store._transaction = transaction
    return counts


async def play_members(tables: TableService, live_ids: list[int]) -> int:
    """Every member's turn at these tables, as a computer would play it; the moves made."""
    moves = 0
    pending = set(live_ids)
    while pending:
        for table_id in list(pending):
            try:
                live = tables.get(GUILD, table_id)
            except Refusal:  # over: the service lets a finished table go
                pending.discard(table_id)
                continue
            await tables.idle(GUILD, table_id)
            engine = live.engine
            if engine is None or engine.game_over:
                pending.discard(table_id)
                continue
            seat = engine.turn
            user = live.seats[seat].user_id
            if user is None or live.automated(seat):
                continue
            move = choose_computer_move(engine, seat, "simple", random.Random(live.version))
            await tables.play(GUILD, table_id, user, move, expected_version=live.version)
            moves += 1
    return moves


async def run(url: str, fmt: str, players: int, rounds: int) -> dict[str, Any]:
    store = await open_store(url)
    counts = count_statements(store)
    parked = Parked()
    tables = TableService(store, bot_delay=0, sleep=parked, computers=ComputerPool(0))
    service = TournamentService(store, tables, sleep=parked, seeds=lambda: 5)
    # Rounds are paired when the bench says, so that each pairing is timed on its own (in the
    # bot the last game of a round starts the next at once, the same call).
    tables.watchers.remove(service.on_table_notice)
    kw: dict[str, Any] = {"rounds": rounds} if fmt == "swiss" else {"minutes": 60}
    t = await service.create(
        GUILD,
        channel_id=CHANNEL,
        creator_id=ADMIN,
        game="runfast",
        options=None,
        format=fmt,
        start_in_minutes=60,
        **kw,
    )
    for m in range(players):
        await service.join(GUILD, t.id, MEMBER0 + m, f"player {m}")
    out: dict[str, Any] = {"rounds": [], "games": 0, "moves": 0}
    counts.clear()
    seen: set[int] = set()
    for r in range(rounds if fmt == "swiss" else 1):
        start = time.perf_counter()
        if r == 0:
            await service.start_now(GUILD, t.id, ADMIN)
        else:
            await service.advance(GUILD, t.id)
        opened = [s.table_id for s in await store.tournament_slots(t.id)]
        new = [x for x in opened if x is not None and x not in seen]
        out["rounds"].append((len(new), time.perf_counter() - start))
        seen.update(new)
        if fmt == "arena":
            break
        out["moves"] += await play_members(tables, new)
        out["games"] += len(new)
    if fmt == "arena":
        out["moves"] += await play_members(tables, new)
        out["games"] += len(new)
    out["statements"] = dict(counts)
    await service.close()
    await tables.close()
    await store.close()
    return out


def report(label: str, fmt: str, result: dict[str, Any]) -> None:
    for i, (n, seconds) in enumerate(result["rounds"], 1):
        print(f"{label:<10} {fmt:<6} round {i}: {n} tables paired and opened in {seconds:.3f} s")
    games = result["games"] or 1
    s = result["statements"]
    print(
        f"{label:<10} {fmt:<6} {result['games']} games, {result['moves']} moves: the tournament "
        f"wrote {s.get('write', 0) / games:.2f} statements and read {s.get('read', 0) / games:.2f}"
        " a game"
    )


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--swiss", type=int, default=200)
    ap.add_argument("--arena", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--postgres", default=DEFAULT_URL)
    ap.add_argument("--no-postgres", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for fmt, players in (("swiss", args.swiss), ("arena", args.arena)):
            path = str(Path(folder) / f"{fmt}.db")
            report("SQLite", fmt, await run(path, fmt, players, args.rounds))
    if not args.no_postgres:
        print(f"PostgreSQL {await server_version(args.postgres)}")
        for fmt, players in (("swiss", args.swiss), ("arena", args.arena)):
            async with scratch_database(args.postgres) as url:
                report("PostgreSQL", fmt, await run(url, fmt, players, args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
