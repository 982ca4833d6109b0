"""Does a computer's decision ever stall the event loop? 20 tables of `hard` players, one loop.

    python bench/ai_loop.py                      # worker processes (the bot's default)
    python bench/ai_loop.py --mode thread        # the same decisions in a thread pool
    python bench/ai_loop.py --mode inline        # on the loop itself, as before
    python bench/ai_loop.py --hints 2 --reviews 1  # and practice hints and reviews meanwhile
    python bench/ai_loop.py --games mor,runfast  # only games whose hard searches on most turns

Each table seats a member (whose turn timer runs out twice, so the computer keeps the seat) and
`hard` computers in every other seat, five tables of each game. The table service plays them all
on one event loop with no pacing between moves and a new round at once, saving every move to a
real SQLite file, while a heartbeat task asks to wake every 5 ms and records how late it wakes:
that lateness is how long the loop was blocked, by its own work or, on a shared machine, by other
processes holding the cores; the CPU time the loop's thread used between two beats tells the two
apart. Printed: the lateness (p50, p99, max), that CPU time (p99, max), the decisions made
with their p50/p99 time seen from the loop, and the shares of its budget ``hard`` was given (a
decision asked while every worker has one waiting searches less: ``bot.computers.pool``).

With ``--hints N``, N members press Hint without pause at the tables in turn (the seat to move,
the engine copied on the loop as ``bot.learning.practice.practice_hint`` does, the hint decided where the
mode says); with ``--reviews N``, N reviews of a finished More game (some 1,700 moves, a careless
member against ``simple`` computers) are asked for one after another (``bot.learning.review``). Their
counts and times are printed too.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

try:
    from bot.computers.pool import ComputerPool
except ModuleNotFoundError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bot.computers.pool import ComputerPool
from bot.computers.selfplay import careless_game
from bot.games import registry
from bot.store import SQLiteStore
from bot.tables import TableService

GAMES = {
    "mor": {"players": 4, "length": "quick"},
    "more3": {},
    "hand": {},
    "runfast": {},
}
BEAT = 0.005


class ThreadPool(ComputerPool):
    """The same decisions in threads: they still hold the GIL against the loop."""

    def _executor(self) -> Any:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.processes)  # type: ignore[assignment]
        return self._pool


class Timed:
    """Counts decisions and how long each took, seen from the loop (queueing included)."""

    def __init__(self, pool: ComputerPool) -> None:
        self.pool = pool
        self.times: list[float] = []

    async def choose(self, *args: Any) -> Any:
        t0 = time.perf_counter()
        move = await self.pool.choose(*args)
        self.times.append(time.perf_counter() - t0)
        return move

    async def close(self) -> None:
        await self.pool.close()


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, math.ceil(q * len(xs)) - 1)] if xs else float("nan")


async def heartbeat(lateness: list[float], busy: list[float], stop: asyncio.Event) -> None:
    """Wake every ``BEAT`` seconds; note how late (wall clock) and how much CPU the loop's own
    thread used meanwhile: late with little CPU is the machine's other processes holding the
    cores, late with as much CPU is work blocking the loop."""
    while not stop.is_set():
        t0, c0 = time.perf_counter(), time.thread_time()
        await asyncio.sleep(BEAT)
        lateness.append(time.perf_counter() - t0 - BEAT)
        busy.append(time.thread_time() - c0)


async def hints(
    pool: ComputerPool, tables: list[Any], times: list[float], stop: asyncio.Event
) -> None:
    """A member pressing Hint at every table in turn, as fast as the hints come."""
    n = 0
    while not stop.is_set():
        for live in tables:
            engine = live.engine
            if stop.is_set() or engine is None or engine.round_over or engine.game_over:
                continue
            seat = engine.turn if engine.turn is not None else 0
            if not engine.legal_moves(seat):
                continue
            copy = type(engine).from_json(engine.to_json())
            t0 = time.perf_counter()
            await pool.hint(copy, seat, random.Random(n))
            times.append(time.perf_counter() - t0)
            n += 1
        await asyncio.sleep(0)


def finished_more() -> dict[str, Any]:
    """A whole More game: a careless member (random) at seat 0, ``simple`` computers."""
    return careless_game("more3", 7)


async def reviews(
    pool: ComputerPool, record: dict[str, Any], times: list[float], stop: asyncio.Event
) -> None:
    while not stop.is_set():
        t0 = time.perf_counter()
        await pool.review(record, 0)
        times.append(time.perf_counter() - t0)


async def run(args: argparse.Namespace, folder: Path) -> None:
    store = await SQLiteStore.open(folder / "bench.db")
    pool: ComputerPool
    if args.mode == "process":
        pool = ComputerPool(args.workers)
    elif args.mode == "thread":
        pool = ThreadPool(args.workers or 2)
    else:
        pool = ComputerPool(0)
    timed = Timed(pool)
    service = TableService(
        store,
        bot_delay=0,
        next_round_delay=0,
        computers=timed,  # type: ignore[arg-type]
        seeds=iter(range(10_000, 20_000)).__next__,
    )
    games = [(g, GAMES[g]) for g in args.games.split(",")]
    tables = []
    for i in range(args.tables):
        game, options = games[i % len(games)]
        live = await service.open_table(
            1, channel_id=1, host_id=1000 + i, game=game, options=options, turn_timer=1
        )
        for _ in range(len(live.seats) - 1):
            await service.add_computer(1, live.id, 1000 + i, "hard")
        tables.append(live)
    # The first decision starts the worker processes: start them before measuring.
    warm = registry.new_game("runfast", None, 1)
    await pool.choose(warm, warm.turn, "hard", random.Random(1))
    record = finished_more() if args.reviews else {}
    lateness: list[float] = []
    busy: list[float] = []
    hinted: list[float] = []
    reviewed: list[float] = []
    stop = asyncio.Event()
    beat = asyncio.create_task(heartbeat(lateness, busy, stop))
    t0 = time.perf_counter()
    for live in tables:
        await service.start(1, live.id, live.table.host_id)
    extra = [asyncio.create_task(hints(pool, tables, hinted, stop)) for _ in range(args.hints)]
    extra += [
        asyncio.create_task(reviews(pool, record, reviewed, stop)) for _ in range(args.reviews)
    ]
    await asyncio.sleep(args.seconds)
    stop.set()
    await beat
    for task in extra:
        task.cancel()
    await asyncio.gather(*extra, return_exceptions=True)
    wall = time.perf_counter() - t0
    decisions = len(timed.times)
    await service.close()
    await store.close()
    print(
        f"{args.mode} ({pool.processes} workers), {args.tables} tables, {wall:.0f} s: "
        f"loop lateness p50 {pct(lateness, 0.5) * 1e3:.1f} ms, p99 {pct(lateness, 0.99) * 1e3:.1f} "
        f"ms, max {max(lateness) * 1e3:.1f} ms ({len(lateness)} beats); loop thread CPU between "
        f"beats p99 {pct(busy, 0.99) * 1e3:.1f} ms, max {max(busy) * 1e3:.1f} ms; {decisions} decisions "
        f"({decisions / wall:.1f}/s), p50 {pct(timed.times, 0.5) * 1e3:.0f} ms, "
        f"p99 {pct(timed.times, 0.99) * 1e3:.0f} ms from the loop"
    )
    if pool.shares:
        handed = ", ".join(f"{round(100 * s)}% {n}" for s, n in sorted(pool.shares.items())[::-1])
        print(f"hard's budget shares (decisions asked while others waited search less): {handed}")
    if args.hints:
        print(
            f"{len(hinted)} hints ({len(hinted) / wall:.1f}/s), p50 {pct(hinted, 0.5) * 1e3:.0f} "
            f"ms, p99 {pct(hinted, 0.99) * 1e3:.0f} ms from the loop"
        )
    if args.reviews:
        done = ", ".join(f"{x:.1f}" for x in reviewed) or "none finished"
        print(f"{len(reviewed)} reviews of a whole More game, seconds each: {done}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mode", choices=("process", "thread", "inline"), default="process")
    parser.add_argument("--workers", type=int, default=None, help="default: cores less one")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--games", default=",".join(GAMES), help="the tables' games, in turn")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--hints", type=int, default=0, help="members pressing Hint meanwhile")
    parser.add_argument("--reviews", type=int, default=0, help="reviews asked for meanwhile")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(args, Path(folder)))


if __name__ == "__main__":
    main()
