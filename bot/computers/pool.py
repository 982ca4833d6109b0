"""Computer players' decisions, made off the event loop.

A ``hard`` decision is hundreds of milliseconds of pure-Python search. Made on the event loop it
would stall every other table (and Discord's heartbeat) for that long; made in a thread it would
still hold the GIL against the loop. So the table service asks a pool of worker processes: the
loop only pickles the seat's view and legal moves (a few kilobytes) and waits.

What crosses to a worker is exactly what a computer player may use: the seat's ``view``, the
engine's legal moves and the seeded ``random.Random`` (pickled with its state), so a decision is
the same in a worker as inline, and the engine itself never leaves the service.

A busy machine searches less instead of keeping tables waiting: a decision asked while every
worker already has one before it is made with half of ``hard``'s budget, and with a quarter when
two rounds wait ahead of it (``share``; ``bot.ai.search.SHARE`` says what a share cuts).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import select
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot import ai
from bot.ai import Level
from bot.ai.search import sharing
from bot.games import answers, registry
from bot.games.base import Engine, Move
from bot.games.views import View
from bot.learning.hints import Hint, hint, hint_from_json
from bot.learning.review import (
    Review,
    best_items,
    judge_positions,
    looked_numbers,
    review,
    screening,
)

logger = logging.getLogger(__name__)

T = TypeVar("T")  # what a function run in a worker returns

WORKER_NICENESS = 10  # how much lower a worker's CPU priority is than the bot's
MIN_SHARE = 0.25  # the least of its budget a queued hard decision may spend
SAY_EVERY = 60.0  # seconds between two log lines saying that decisions search less


def decide(
    view: View, legal: Sequence[Move], level: str, rng: random.Random, share: float = 1.0
) -> Move:
    """A computer's move from its seat's view, searching within ``share`` of its budget; the one
    place computer players are asked, so a new AI plugs in here. Runs in a worker or inline."""
    try:
        with sharing(share):
            return ai.choose_move(view, legal, level, rng)
    except Exception:
        # A computer player that fails must not stall a table people are playing at: log the
        # bug with its traceback and play the first legal move instead.
        logger.exception("The %s computer for %s failed; playing a legal move", level, view.game)
        return legal[0]


def hint_within(
    game: str, data: Any, seat: int, rng: random.Random, share: float = 1.0
) -> Hint | None:
    """A practice hint (``hint_from_json``) searching within ``share`` of the budget."""
    with sharing(share):
        return hint_from_json(game, data, seat, rng)


def choose_computer_move(engine: Engine, seat: int, level: str, rng: random.Random) -> Move:
    """A computer's move decided right here, on the calling thread: the pool's inline path (the
    terminal, ``processes=0``) and the tests that play tables through."""
    return decide(engine.view(seat), engine.legal_moves(seat), level, rng)


def _exit_with(bot_pid: int) -> None:
    """End this worker as soon as the bot's process ``bot_pid`` is gone, however it ended.

    A worker's parent is multiprocessing's forkserver, not the bot, and it waits on a queue the
    bot feeds, which never reports the bot's death: a bot killed with kill -9 would leave its
    workers, and through them the forkserver and the resource tracker (which both wait for every
    worker to let go of their pipes), running for good. A daemon thread waits on a pidfd of the
    bot's process (Linux), or else checks every second that it is still there."""
    try:
        handle: int | None = os.pidfd_open(bot_pid)
    except ProcessLookupError:
        os._exit(0)  # the bot is gone already
    except (AttributeError, OSError):  # not Linux, or pidfds not allowed here
        handle = None
    if handle is not None:
        select.select([handle], [], [])  # readable once the process has ended
    else:
        while _alive(bot_pid):
            time.sleep(1.0)
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # there, but another user's
        return True
    return True


def _warm_up(bot_pid: int | None = None) -> None:
    """Start a worker: below the bot's priority, so that when both want a core the event loop
    gets it at once and a search waits instead; ending with the bot's process ``bot_pid``; and
    with every game's computer player imported once, not in its first decision."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    if bot_pid is not None:
        threading.Thread(
            target=_exit_with, args=(bot_pid,), name="exit-with-bot", daemon=True
        ).start()
    for game in registry.available_games():
        ai.chooser(game, Level.HARD)


def default_processes() -> int:
    """One worker per core: the loop, mostly waiting, still wakes within a few milliseconds
    (bench/ai_loop.py: 2 workers on 2 busy cores, the loop never late by more than 12 ms)."""
    return os.cpu_count() or 2


class ComputerPool:
    """Worker processes for computer decisions, started at the first decision.

    ``processes=0`` decides inline on the calling thread, as the terminal client and most tests
    do (same moves, no processes to start)."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = default_processes() if processes is None else processes
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self._asked = 0  # decisions and hints sent to the workers and not yet answered
        self.shares: Counter[float] = Counter()  # the budget shares handed out, for the benches
        self._said_at = -SAY_EVERY  # when the log last said that decisions search less

    def _share(self) -> float:
        """The budget share for a decision asked now: all of it while a worker is free for it,
        half for each round of decisions waiting ahead of it on every worker, a quarter at
        least. Said in the log, at most once a minute, so a server's admin sees the machine is
        busy without a line for every decision of a busy hour."""
        share = max(MIN_SHARE, 0.5 ** (self._asked // max(self.processes, 1)))
        self.shares[share] += 1
        now = time.monotonic()
        if share < 1.0 and now - self._said_at >= SAY_EVERY:
            logger.info(
                "%d computer decisions waiting on %d workers: hard searches %d%% of its budget",
                self._asked,
                self.processes,
                round(100 * share),
            )
            self._said_at = now
        return share

    async def choose(self, engine: Engine, seat: int, level: str, rng: random.Random) -> Move:
        if self.processes <= 0 or self._closed:
            return choose_computer_move(engine, seat, level, rng)
        view, legal = engine.view(seat), engine.legal_moves(seat)
        try:
            return await self._ask(decide, view, legal, level, rng)
        except BrokenProcessPool:  # logged: the table goes on with a legal move
            return legal[0]

    async def hint(self, engine: Engine, seat: int, rng: random.Random) -> Hint | None:
        """A practice hint for ``seat`` (``bot.learning.hints``), decided in the same workers: the hard
        player's search and the trial moves that word its reason would otherwise hold the GIL
        against the event loop. The reason needs the whole table (a take tried, a lay played
        on a copy), so the engine's JSON crosses, and only the hint comes back."""
        if self.processes <= 0 or self._closed:
            return hint(type(engine).from_json(engine.to_json()), seat, rng)
        game, data = engine.view(seat).game, engine.to_json()
        try:
            return await self._ask(hint_within, game, data, seat, rng)
        except BrokenProcessPool:  # logged: no hint this time
            return None

    async def review(
        self, record: Mapping[str, Any], seat: int, start: int = 0, samples: int | None = None
    ) -> Review:
        """A finished practice game's review for ``seat`` (``bot.learning.review``) in the same workers:
        the record crosses once to choose the decisions worth judging, then each worker judges
        its share (every other one, so both halves of a game are shared out), and the clearest
        few come back."""
        game = str(record["game"])
        if self.processes <= 0 or self._closed:
            return review(record, seat, start, samples)
        screened = await self._in_worker(screening, record, seat, start)
        positions = screened.positions
        shares = [positions[k :: self.processes] for k in range(self.processes)]
        found = await asyncio.gather(
            *(
                self._in_worker(judge_positions, record, seat, share, samples, start)
                for share in shares
                if share
            )
        )
        items = [item for part in found for item in part]
        return Review(
            game,
            seat,
            best_items(items),
            screened.decisions,
            len(positions),
            screened.forced,
            screened.capped,
            screened.off_hint,
            looked_numbers(record, seat, screened, start),
        )

    async def _ask(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args, share)`` in a worker, ``share`` the budget this decision may spend
        (``_share``); raises ``BrokenProcessPool`` if the pool broke twice."""
        share = self._share()
        self._asked += 1
        try:
            return await self._in_worker(fn, *args, share)
        finally:
            self._asked -= 1

    async def _in_worker(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker, with a fresh pool once if a worker died (killed, out of
        memory); raises ``BrokenProcessPool`` if the fresh one broke too."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = self._executor()
            try:
                return await loop.run_in_executor(pool, fn, *args)
            except BrokenProcessPool:
                logger.exception("The computer players' pool broke (attempt %d)", attempt)
                self._discard(pool)
        raise BrokenProcessPool("The computer players' pool broke twice.")

    def _executor(self) -> Executor:
        if self._pool is None:
            # From now on this process decides nothing itself: it keeps few meld answers, so
            # that its garbage collector, which pauses the event loop, walks few objects.
            answers.keep_at_most(answers.FEW)
            # forkserver: workers start from a clean process, not a fork of this one with its
            # event loop and SQLite threads mid-flight.
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(
                self.processes, mp_context=context, initializer=_warm_up, initargs=(os.getpid(),)
            )
        return self._pool

    def _discard(self, pool: ProcessPoolExecutor | Executor) -> None:
        if self._pool is pool:
            self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the workers (a decision under way is dropped: its table is saved as it was)."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
