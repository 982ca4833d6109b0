"""Computer decisions in worker processes: the same moves as inline, and the workers stop with
the service."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.computers.pool import ComputerPool, choose_computer_move
from bot.games import registry
from bot.store import SQLiteStore
from bot.tables import TableService

from .conftest import ParkedSleep
from .test_tables import CH, HOST, G


@pytest.fixture
async def workers() -> AsyncIterator[ComputerPool]:
    pool = ComputerPool(1)
    yield pool
    await pool.close()


async def test_a_worker_decides_as_the_loop_would_for_the_same_seed(workers: ComputerPool):
    """The seeded RNG travels with the view, so a seed gives one decision wherever it is made;
    a few moves into each game so the views hold more than a fresh deal."""
    for game in registry.available_games():
        engine = registry.new_game(game, None, 3)
        for step in range(6):
            seat = engine.turn if engine.turn is not None else 0
            level = "hard" if step == 5 else "normal"
            here = choose_computer_move(engine, seat, level, random.Random(step))
            there = await workers.choose(engine, seat, level, random.Random(step))
            assert there == here, (game, step)
            engine.apply(seat, here)


async def test_the_service_plays_computers_in_its_workers_and_stops_them_on_close(
    store: SQLiteStore,
) -> None:
    pool = ComputerPool(1)
    service = TableService(
        store, bot_delay=0, sleep=ParkedSleep(), seeds=lambda: 12345, computers=pool
    )
    live = await service.open_table(
        G, channel_id=CH, host_id=HOST, game="mor", options={"players": 4, "length": "quick"}
    )
    await service.start(G, live.id, HOST)  # the host and three computers
    await service.idle(G, live.id)
    while live.engine.turn == 0:  # the host plays her turn ...
        move = choose_computer_move(live.engine, 0, "normal", random.Random(live.version))
        await service.play(G, live.id, HOST, move)
    mine = live.version
    await service.idle(G, live.id)
    assert live.version > mine and live.engine.turn == 0  # ... and the computers theirs
    processes = list(pool._pool._processes.values())  # type: ignore[union-attr]
    assert processes and all(p.is_alive() for p in processes)
    await service.close()
    assert pool._pool is None and not any(p.is_alive() for p in processes)


async def test_a_practice_hint_is_decided_in_the_workers(store: SQLiteStore) -> None:
    # Hints once ran in a thread of the bot process, holding the GIL against the event loop;
    # they go to the computer players' workers, and give the hint an inline search gives.
    from bot.learning.hints import hint, hint_rng
    from bot.learning.practice import open_practice, practice_hint

    pool = ComputerPool(1)
    service = TableService(store, bot_delay=0, sleep=ParkedSleep(), seeds=lambda: 8, computers=pool)
    try:
        live = await open_practice(service, G, channel_id=CH, user_id=HOST, game="more3")
        await service.idle(G, live.id)
        found = await practice_hint(service, G, live.id, HOST)
        assert pool._pool is not None and pool._pool._processes  # type: ignore[union-attr]
        seat = live.seat_of(HOST)
        assert seat is not None
        # Drawn from the record, as the review after the game draws the same position's move.
        assert found == hint(live.engine, seat, hint_rng(live.engine.record))
    finally:
        await service.close()


async def test_a_hint_starts_the_workers_and_matches_the_inline_one(workers: ComputerPool):
    from bot.learning.hints import hint

    # More, seed 8, after a draw: the position whose hint once crashed (More's "opened").
    engine = registry.new_game("more3", None, 8)
    seat = engine.turn
    assert seat is not None
    engine.apply(seat, engine.legal_moves(seat)[0])  # draw
    assert workers._pool is None
    there = await workers.hint(engine, seat, random.Random(1))
    assert workers._pool is not None  # the hint went to a worker process
    assert there is not None and there == hint(engine, seat, random.Random(1))


async def test_decisions_queued_on_busy_workers_search_a_smaller_share(
    workers: ComputerPool, caplog: pytest.LogCaptureFixture
):
    """A busy machine searches less instead of keeping tables waiting: with one worker, the
    first of four decisions asked at once gets the whole budget, the second half of it (one
    waits ahead of it), the others a quarter; each is the decision made inline with its share."""
    import asyncio

    from bot.computers.pool import decide

    engine = registry.new_game("mor", None, 0)
    for step in range(9):  # a position whose decision turns on the deals drawn
        seat = engine.turn
        engine.apply(seat, choose_computer_move(engine, seat, "normal", random.Random(step)))
    seat = engine.turn
    view, legal = engine.view(seat), engine.legal_moves(seat)
    caplog.set_level("INFO", logger="bot.computers.pool")
    there = await asyncio.gather(
        *(workers.choose(engine, seat, "hard", random.Random(1)) for _ in range(4))
    )
    assert workers.shares == {1.0: 1, 0.5: 1, 0.25: 2}
    # The admin reads it once, not once for each of the three that searched less.
    said = [r for r in caplog.records if "searches" in r.getMessage()]
    assert len(said) == 1 and "50% of its budget" in said[0].getMessage()
    here = [decide(view, legal, "hard", random.Random(1), share) for share in (1, 0.5, 0.25, 0.25)]
    assert there == here
    assert here[0] != here[3]  # in this position the share changes the decision
    # Once answered, nothing waits: the next decision has the whole budget again.
    assert await workers.choose(engine, seat, "hard", random.Random(1)) == here[0]
    assert workers.shares[1.0] == 2


async def test_once_its_decisions_go_to_workers_the_process_keeps_few_answers(
    workers: ComputerPool,
) -> None:
    # Its garbage collector pauses the event loop, and walks every answer kept: a full
    # collection after 6,000 rounds' worth took 0.95 s with a worker's sizes, 21 ms with these.
    import bot.ai.runfast
    import bot.ai.runfast_counts
    import bot.ai.runfast_reading
    from bot.games import answers, melds

    assert max(i.maxsize for i in answers.infos().values()) > answers.FEW  # a worker's, till now
    engine = registry.new_game("runfast", None, 2)
    await workers.choose(engine, engine.turn, "hard", random.Random(0))
    assert max(i.maxsize for i in answers.infos().values()) == answers.FEW
    assert melds._read_meld.cache_info().maxsize == answers.FEW
    # Rebound wherever a module imported one by name, not only in its own module.
    assert bot.ai.runfast.judge is bot.ai.runfast_counts.judge
    assert bot.ai.runfast_reading.answers is bot.ai.runfast_counts.answers
    assert bot.ai.runfast.judge.cache_info().maxsize == answers.FEW
    # Inline, in this process, a decision is still the one the worker makes.
    view, legal = engine.view(engine.turn), engine.legal_moves(engine.turn)
    here = choose_computer_move(engine, engine.turn, "hard", random.Random(0))
    assert here == await workers.choose(engine, engine.turn, "hard", random.Random(0))
    assert view.seat == engine.turn and here in legal


async def test_a_pool_whose_worker_died_decides_in_a_fresh_one(
    workers: ComputerPool, caplog: pytest.LogCaptureFixture
):
    """A worker killed (out of memory, say) breaks its pool: the decision asked next is made in a
    fresh pool, the same move as inline, not the first legal move the table falls back to when
    even a fresh pool breaks."""
    import os
    import signal

    engine = registry.new_game("mor", None, 4)
    seat = engine.turn
    assert seat is not None
    rng = random.Random(2)
    first = await workers.choose(engine, seat, "normal", random.Random(1))
    assert first == choose_computer_move(engine, seat, "normal", random.Random(1))
    broken = workers._pool
    assert broken is not None
    for process in list(broken._processes.values()):  # type: ignore[attr-defined]
        os.kill(process.pid, signal.SIGKILL)
        process.join()
    here = choose_computer_move(engine, seat, "hard", random.Random(2))
    assert here != engine.legal_moves(seat)[0]  # so the fallback would show
    there = await workers.choose(engine, seat, "hard", rng)
    assert there == here
    assert workers._pool is not None and workers._pool is not broken
    assert "pool broke (attempt 1)" in caplog.text and "attempt 2" not in caplog.text
