"""Skill ratings in the store: written with the game's result, read back as ladders and history,
rebuilt from the games by rerate to the same numbers."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import asyncpg
import pytest
from store_helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    GUILD,
    OTHER_GUILD,
    FakeClock,
    finish_game,
    open_engine,
)

from bot.store import GameStore, Seat, Status, StoreError
from bot.store.postgres import PostgresStore
from bot.store.ratings import Rating
from tests.postgres import RunDatabase

MOR_2V2 = {"players": 4, "length": "quick"}


def members(*ids: int) -> list[Seat]:
    return [Seat.member(u) for u in ids]


async def reopen(store: GameStore, db_path: Path, clock: FakeClock) -> GameStore:
    """The same database opened again, as after a restart."""
    await store.close()
    if isinstance(store, PostgresStore):
        return await PostgresStore.open(store.url, clock=clock)
    return await open_engine(None, db_path, clock)


async def test_a_two_versus_two_game_moves_both_teams(
    engine: RunDatabase | None, db_path: Path, clock: FakeClock
) -> None:
    store = await open_engine(engine, db_path, clock)
    table = await finish_game(
        store,
        members(ALICE, BOB, CAROL, DAVE),
        totals=(101, 40, 101, 40),
        winners=(0, 2),
        pearls=(50, 0, 50, 0),
        game="mor",
        options=MOR_2V2,
        rated=True,
    )
    record = await store.table_game(GUILD, table.id)
    assert record is not None and record.rated
    changes = record.changes
    assert set(changes) == {ALICE, BOB, CAROL, DAVE}
    assert changes[ALICE].delta > 0 and changes[CAROL].delta > 0
    assert changes[BOB].delta < 0 and changes[DAVE].delta < 0
    assert changes[ALICE].after == changes[CAROL].after
    assert all(c.after.provisional for c in changes.values())

    # After a restart the ladder reads the same ratings.
    store = await reopen(store, db_path, clock)
    ladder = await store.rating_top(GUILD, "mor-2v2")
    assert [line.rank for line in ladder] == [1, 1, 3, 3]
    assert {line.user_id for line in ladder[:2]} == {ALICE, CAROL}
    assert ladder[0].rating == changes[ladder[0].user_id].after
    mine = await store.member_ratings(GUILD, BOB)
    assert list(mine) == ["mor-2v2"] and mine["mor-2v2"].rank == 3
    assert await store.rating_top(GUILD, "mor-1v1") == []
    assert await store.rating_top(OTHER_GUILD, "mor-2v2") == []  # never across servers
    await store.close()


async def test_three_players_with_a_tie(store: GameStore) -> None:
    # Hand: the lowest total wins; Bob and Carol tie behind Alice.
    table = await finish_game(
        store,
        members(ALICE, BOB, CAROL),
        totals=(10, 85, 85),
        winners=(0,),
        pearls=(50, 0, 0),
        game="hand",
        low_score_wins=True,
        rated=True,
    )
    record = await store.table_game(GUILD, table.id)
    assert record is not None
    c = record.changes
    assert c[ALICE].delta > 0
    assert c[BOB].after == c[CAROL].after and c[BOB].delta < 0
    ladder = await store.rating_top(GUILD, "hand")
    assert (ladder[0].user_id, ladder[0].rank) == (ALICE, 1)
    assert [line.rank for line in ladder[1:]] == [2, 2]


async def test_unrated_games_move_no_rating(store: GameStore) -> None:
    # A seat the computer kept for missed turns: the table service says unrated.
    kept = await finish_game(
        store, members(ALICE, BOB, CAROL), (30, -10, -20), (0,), (50, 0, 0), rated=False
    )
    # A computer seat: never rated, whatever the caller asks.
    computer = await finish_game(
        store,
        [Seat.member(ALICE), Seat.member(BOB), Seat.bot("normal")],
        (30, -10, -20),
        (0,),
        (50, 0, 0),
        rated=True,
    )
    for table in (kept, computer):
        record = await store.table_game(GUILD, table.id)
        assert record is not None and not record.rated and record.changes == {}
    assert await store.rating_top(GUILD, "runfast") == []
    assert await store.member_ratings(GUILD, ALICE) == {}
    # Pearls still count: ratings and the pearl leaderboard are separate ladders.
    assert (await store.top(GUILD, "runfast"))[0].user_id == ALICE


async def _ladders(
    store: GameStore, guilds: list[int]
) -> dict[tuple[int, str], list[tuple[int, Rating]]]:
    out = {}
    for guild in guilds:
        for fmt in ("mor-2v2", "mor-1v1", "hand", "runfast", "more3"):
            out[(guild, fmt)] = [
                (x.user_id, x.rating) for x in await store.rating_top(guild, fmt, 50)
            ]
    return out


async def test_rerate_gives_the_stored_numbers_back_exactly(store: GameStore) -> None:
    rng = random.Random(9)
    people = [ALICE, BOB, CAROL, DAVE, 1_180_000_000_000_001_005, 1_180_000_000_000_001_006]
    rated_games = 0
    for i in range(40):
        guild = GUILD if i % 3 else OTHER_GUILD
        kind = rng.choice(["mor-2v2", "mor-1v1", "hand", "runfast"])
        if kind == "mor-2v2":
            who = rng.sample(people, 4)
            first = rng.choice([0, 1])
            totals = [101 if s % 2 == first else rng.randint(-50, 100) for s in range(4)]
            totals[2 + (1 - first)] = totals[1 - first]  # partners carry one total
            winners = [s for s in range(4) if s % 2 == first]
            game, options, low = "mor", MOR_2V2, False
        elif kind == "mor-1v1":
            who = rng.sample(people, 2)
            totals = [rng.randint(0, 101), rng.randint(0, 101)]
            winners = [0 if totals[0] >= totals[1] else 1]
            game, options, low = "mor", {"players": 2, "length": "quick"}, False
        else:
            who = rng.sample(people, 3)
            totals = [rng.randint(0, 3) * 10 for _ in range(3)]  # ties are common
            low = kind == "hand"
            best = min(totals) if low else max(totals)
            winners = [s for s in range(3) if totals[s] == best][:1]
            game, options = kind, None
        rated = rng.random() < 0.85
        rated_games += rated
        await finish_game(
            store,
            members(*who),
            totals,
            winners,
            [50 if s in winners else 0 for s in range(len(who))],
            guild_id=guild,
            game=game,
            options=options,
            low_score_wins=low,
            rated=rated,
        )
    before = await _ladders(store, [GUILD, OTHER_GUILD])
    history = await store.recent_games(GUILD, ALICE, 50)
    assert any(g.rated for g in history) and sum(1 for _ in before.values()) > 0
    assert await store.rerate() == (rated_games, 0)
    assert await _ladders(store, [GUILD, OTHER_GUILD]) == before
    assert await store.recent_games(GUILD, ALICE, 50) == history  # the changes too


async def test_a_result_and_its_rating_change_are_one_transaction(
    engine: RunDatabase | None, db_path: Path, clock: FakeClock
) -> None:
    # Another connection makes every rating-change write fail, as a crash between the result
    # and the rating would: the whole move, result and leaderboard included, must be refused.
    store = await open_engine(engine, db_path, clock)
    if isinstance(store, PostgresStore):
        other = await asyncpg.connect(store.url)
        await other.execute(
            """
            CREATE FUNCTION no_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'the rating write failed'; END $$;
            CREATE TRIGGER no_ratings BEFORE INSERT ON rating_changes
                FOR EACH ROW EXECUTE FUNCTION no_ratings();
            """
        )
    else:
        lite = sqlite3.connect(db_path)
        lite.execute(
            "CREATE TRIGGER no_ratings BEFORE INSERT ON rating_changes "
            "BEGIN SELECT RAISE(ABORT, 'the rating write failed'); END"
        )
        lite.commit()
        lite.close()
    with pytest.raises((sqlite3.Error, asyncpg.PostgresError, StoreError)):
        await finish_game(
            store, members(ALICE, BOB, CAROL), (30, -10, -20), (0,), (50, 0, 0), rated=True
        )
    tables = await store.unfinished_tables(GUILD)
    assert len(tables) == 1 and tables[0].status is Status.PLAYING and tables[0].version == 0
    assert await store.top(GUILD, "runfast") == []
    assert await store.recent_games(GUILD, ALICE) == []
    assert await store.rating_top(GUILD, "runfast") == []
    if isinstance(store, PostgresStore):
        await other.execute("DROP TRIGGER no_ratings ON rating_changes")
        await other.close()
    await store.close()


async def test_the_rerate_command_rebuilds_and_says_what_differed(
    db_path: Path, clock: FakeClock, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.store.__main__ import main

    store = await open_engine(None, db_path, clock)
    for totals in ((30, -10, -20), (-5, 25, -20), (10, 0, -10)):
        winner = max(range(3), key=lambda s: totals[s])
        pearls = [50 if s == winner else 0 for s in range(3)]
        await finish_game(store, members(ALICE, BOB, CAROL), totals, (winner,), pearls, rated=True)
    ladder = await store.rating_top(GUILD, "runfast")
    await store.close()
    # Run in a thread: the command starts its own event loop, as from a shell.
    assert await asyncio.to_thread(main, ["rerate", str(db_path)]) == 0
    assert "Rated 3 games again from the start; stored ratings that came out different: 0." in (
        capsys.readouterr().out
    )
    # A rating changed by hand is put back, and counted.
    with sqlite3.connect(db_path) as lite:
        lite.execute("UPDATE ratings SET mu = mu + 5 WHERE user_id = ?", (BOB,))
    assert await asyncio.to_thread(main, ["rerate", str(db_path)]) == 0
    assert "came out different: 1." in capsys.readouterr().out
    store = await open_engine(None, db_path, clock)
    assert await store.rating_top(GUILD, "runfast") == ladder
    await store.close()
