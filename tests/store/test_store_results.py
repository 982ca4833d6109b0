"""Round and game results, leaderboards, rankings, member stats and settings."""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    GUILD,
    OTHER_GUILD,
    FakeClock,
    fake_record,
    finish_game,
    open_engine,
    playing_table,
)

from bot.store import (
    GameOutcome,
    GameStore,
    GuildSettings,
    MemberSettings,
    RoundOutcome,
    Seat,
    SQLiteStore,
    Standing,
    StepProgress,
)
from bot.store.postgres import PostgresStore
from tests.postgres import RunDatabase

A, B, C, D = (Seat.member(u) for u in (ALICE, BOB, CAROL, DAVE))
CPU = Seat.bot("hard")


async def test_rounds_and_the_game_are_recorded_with_durations(
    store: GameStore, clock: FakeClock
) -> None:
    table = await playing_table(store, (A, B, CPU))
    clock.advance(300)
    await store.save_move(
        GUILD,
        table.id,
        expected_version=0,
        record=fake_record(1),
        turn_deadline=None,
        round_result=RoundOutcome((12.5, -3.0, 0.5), "closed", 0),
    )
    clock.advance(200)
    await store.save_move(
        GUILD,
        table.id,
        expected_version=1,
        record=fake_record(2),
        turn_deadline=None,
        round_result=RoundOutcome((1.0, 2.0, 3.0), "stock_out"),
        game_result=GameOutcome((13.5, -1.0, 3.5), (0,), (80, 0, 0)),
    )
    rounds = await store.table_rounds(GUILD, table.id)
    assert [(r.number, r.scores, r.reason, r.closer) for r in rounds] == [
        (1, (12.5, -3.0, 0.5), "closed", 0),
        (2, (1.0, 2.0, 3.0), "stock_out", None),
    ]
    assert [r.duration for r in rounds] == [timedelta(seconds=300), timedelta(seconds=200)]
    assert rounds[0].seats == (A, B, CPU)

    game = await store.table_game(GUILD, table.id)
    assert game is not None
    assert game.rounds == 2 and game.with_computers
    assert game.duration == timedelta(seconds=500)
    assert [(s.user_id, s.computer, s.score, s.won, s.pearls) for s in game.seats] == [
        (ALICE, None, 13.5, True, 80),
        (BOB, None, -1.0, False, 0),
        (None, "hard", 3.5, False, 0),
    ]


async def test_leaderboard_counts_games_wins_points_pearls_and_best(store: GameStore) -> None:
    await finish_game(store, (A, B, C), (30, -10, -20), (0,), (50, 0, 0))
    await finish_game(store, (A, B, C), (-5, 25, -20), (1,), (0, 50, 0))
    await finish_game(store, (A, B, C), (40, -20, -20), (0,), (80, 0, 0))
    top = await store.top(GUILD, "runfast")
    assert top == [
        Standing(1, ALICE, 3, 2, 65.0, 130, 40.0, 0),
        Standing(2, BOB, 3, 1, -5.0, 50, 25.0, 0),
        Standing(3, CAROL, 3, 0, -60.0, 0, -20.0, 0),
    ]
    assert await store.top(GUILD, "runfast", limit=1) == top[:1]
    assert await store.member_rank(GUILD, BOB, "runfast") == top[1]
    assert await store.member_rank(GUILD, DAVE, "runfast") is None


async def test_best_is_the_lowest_total_where_low_wins(store: GameStore) -> None:
    for totals in ((40, 90, 120), (-30, 60, 75)):
        await finish_game(
            store, (A, B, C), totals, (0,), (50, 0, 0), game="hand", low_score_wins=True
        )
    line = await store.member_rank(GUILD, ALICE, "hand")
    assert line is not None and line.best == -30.0


async def test_equal_lines_share_a_rank(store: GameStore) -> None:
    await finish_game(store, (A, B, C), (10, 10, 0), (0, 1), (50, 50, 0))
    top = await store.top(GUILD, "runfast")
    assert [(s.rank, s.user_id) for s in top] == [(1, ALICE), (1, BOB), (3, CAROL)]


async def test_overall_ranking_adds_every_game(store: GameStore) -> None:
    await finish_game(store, (A, B, C), (30, -10, -20), (0,), (50, 0, 0))
    await finish_game(store, (A, B, C, D), (120, 80, 120, 80), (0, 2), (80, 0, 80, 0), game="mor")
    top = await store.top(GUILD)
    assert [(s.rank, s.user_id, s.games, s.wins, s.pearls, s.best) for s in top] == [
        (1, ALICE, 2, 2, 130, None),
        (2, CAROL, 2, 1, 80, None),
        (3, DAVE, 1, 0, 0, None),  # as many wins and pearls as Bob, in fewer games
        (4, BOB, 2, 0, 0, None),
    ]
    stats = await store.member_stats(GUILD, CAROL)
    assert stats.overall == top[1]
    assert set(stats.by_game) == {"mor", "runfast"}
    assert stats.by_game["mor"].rank == 1 and stats.by_game["runfast"].rank == 2  # tied with Bob


async def test_games_with_computers_are_marked_or_left_out(store: GameStore) -> None:
    await finish_game(store, (A, B, C), (30, -10, -20), (0,), (50, 0, 0))
    await finish_game(store, (B, CPU, C), (40, -20, -20), (0,), (80, 0, 0))
    await finish_game(store, (D, CPU, Seat.bot("easy")), (40, -20, -20), (0,), (80, 0, 0))

    counted = await store.top(GUILD, "runfast")
    assert [(s.user_id, s.games, s.pearls, s.computer_games) for s in counted] == [
        (DAVE, 1, 80, 1),
        (BOB, 2, 80, 1),
        (ALICE, 1, 50, 0),
        (CAROL, 2, 0, 1),
    ]
    await store.save_guild_settings(GuildSettings(GUILD, rank_computer_games=False))
    left_out = await store.top(GUILD, "runfast")
    assert [(s.rank, s.user_id, s.games, s.pearls, s.computer_games) for s in left_out] == [
        (1, ALICE, 1, 50, 0),
        (2, BOB, 1, 0, 0),
        (2, CAROL, 1, 0, 0),
    ]
    assert [s.user_id for s in await store.top(GUILD)] == [ALICE, BOB, CAROL]
    assert await store.member_rank(GUILD, DAVE, "runfast") is None
    assert (await store.member_stats(GUILD, DAVE)).overall is None
    line = await store.member_rank(GUILD, BOB, "runfast")
    assert line is not None and line.best == -10.0  # the 40 came with a computer at the table
    # An explicit choice overrides the server's, and switching back loses nothing.
    assert await store.top(GUILD, "runfast", with_computers=True) == counted
    await store.save_guild_settings(GuildSettings(GUILD, rank_computer_games=True))
    assert await store.top(GUILD, "runfast") == counted


async def test_recent_games_newest_first(store: GameStore, clock: FakeClock) -> None:
    ids = []
    for i in range(4):
        clock.advance(60)
        table = await finish_game(store, (A, B, CPU), (i, 0, 0), (0,), (50, 0, 0))
        ids.append(table.id)
    await finish_game(store, (B, C, D), (1, 0, 0), (0,), (50, 0, 0))
    recent = await store.recent_games(GUILD, ALICE, limit=3)
    assert [g.table_id for g in recent] == ids[:0:-1]
    assert all(g.with_computers and g.game == "runfast" for g in recent)
    assert [s.computer for s in recent[0].seats] == [None, None, "hard"]
    assert len(await store.recent_games(GUILD, BOB)) == 5


async def test_results_stay_in_their_guild(store: GameStore) -> None:
    here = await finish_game(store, (A, B, C), (30, -10, -20), (0,), (50, 0, 0))
    await finish_game(store, (A, B, C), (-30, 10, 20), (2,), (0, 0, 80), guild_id=OTHER_GUILD)
    assert [s.user_id for s in await store.top(GUILD)] == [ALICE, BOB, CAROL]
    assert [s.user_id for s in await store.top(OTHER_GUILD)] == [CAROL, ALICE, BOB]  # tie: by id
    alice_here = await store.member_stats(GUILD, ALICE)
    assert alice_here.overall is not None and alice_here.overall.pearls == 50
    assert [g.table_id for g in await store.recent_games(GUILD, ALICE)] == [here.id]
    assert await store.table_game(OTHER_GUILD, here.id) is None
    assert await store.table_rounds(OTHER_GUILD, here.id) == []
    assert await store.top(OTHER_GUILD + 1) == []


async def test_settings_have_defaults_and_round_trip(store: GameStore) -> None:
    assert await store.guild_settings(GUILD) == GuildSettings(GUILD)
    assert (await store.guild_settings(GUILD)).turn_timer == 120
    mine = GuildSettings(
        GUILD,
        language="ar",
        turn_timer=90,
        default_variants={"mor": {"length": "quick"}, "more3": {"bid": True}},
        rank_computer_games=False,
    )
    await store.save_guild_settings(mine)
    assert await store.guild_settings(GUILD) == mine
    assert await store.guild_settings(OTHER_GUILD) == GuildSettings(OTHER_GUILD)

    assert await store.member_settings(ALICE) == MemberSettings(ALICE)
    prefs = MemberSettings(ALICE, language="hi", card_style="four_colour", sort_order="rank")
    await store.save_member_settings(prefs)
    assert await store.member_settings(ALICE) == prefs
    await store.save_member_settings(replace(prefs, language=None))
    assert (await store.member_settings(ALICE)).language is None


# ---------------------------------------------------------------- property: leaderboard = results

MEMBERS = (ALICE, BOB, CAROL, DAVE)
game_st = st.tuples(
    st.sampled_from(["hand", "runfast"]),
    # each seat: a member index or None for a computer; members distinct
    st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=3, max_size=3).filter(
        lambda s: len([x for x in s if x is not None]) == len({x for x in s if x is not None})
    ),
    st.lists(st.integers(-50, 150).map(lambda x: x / 2), min_size=3, max_size=3),
    st.sets(st.integers(0, 2), min_size=1, max_size=2),
    st.sampled_from([0, 50, 80, 110]),
)


def expected_lines(games: list, with_computers: bool, game: str | None) -> list[tuple]:
    """The ranking recomputed from the inputs alone: (user, games, wins, points, pearls, best)."""
    lines: dict[int, list] = {}
    for key, seats, totals, winners, award in games:
        has_cpu = None in seats
        if (game is not None and key != game) or (has_cpu and not with_computers):
            continue
        for i, m in enumerate(seats):
            if m is None:
                continue
            line = lines.setdefault(MEMBERS[m], [0, 0, 0.0, 0, []])
            line[0] += 1
            line[1] += i in winners
            line[2] += totals[i]
            line[3] += award if i in winners else 0
            line[4].append(totals[i])
    low = game == "hand"
    out = [
        (u, g, w, p, pearls, None if game is None else (min(b) if low else max(b)))
        for u, (g, w, p, pearls, b) in lines.items()
    ]
    out.sort(key=lambda x: (-x[4], -x[2], x[1], x[0]))
    return out


# The engine fixture is one database for every example; each example opens a fresh store in it.
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(game_st, max_size=8))
def test_leaderboard_always_matches_the_results(engine: RunDatabase | None, games: list) -> None:
    async def run(path: Path) -> None:
        store = await open_engine(engine, path)
        try:
            for key, seats, totals, winners, award in games:
                players = [CPU if m is None else Seat.member(MEMBERS[m]) for m in seats]
                pearls = [award if i in winners else 0 for i in range(3)]
                await finish_game(
                    store,
                    players,
                    totals,
                    sorted(winners),
                    pearls,
                    game=key,
                    low_score_wins=key == "hand",
                )
            for with_computers in (True, False):
                for game in ("hand", "runfast", None):
                    top = await store.top(GUILD, game, 100, with_computers=with_computers)
                    got = [(s.user_id, s.games, s.wins, s.points, s.pearls, s.best) for s in top]
                    expected = expected_lines(games, with_computers, game)
                    assert got == expected
                    # Competition ranking ("1224"): a line ranks by how many lines beat it.
                    keys = [(x[4], x[2], -x[1]) for x in expected]  # fewer games is better
                    ranks = [1 + sum(k > mine for k in keys) for mine in keys]
                    assert [s.rank for s in top] == ranks
                    # A member's own rank is counted another way; it must agree with the list.
                    for standing in top:
                        alone = await store.member_rank(
                            GUILD, standing.user_id, game, with_computers=with_computers
                        )
                        assert alone == standing
        finally:
            await store.close()

    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(run(Path(tmp) / "prop.db"))


async def test_lesson_progress_is_kept_across_a_restart(
    engine: RunDatabase | None, db_path: Path, clock: FakeClock
) -> None:
    # A member's answers to lesson steps, read back after the database is opened again.
    store = await open_engine(engine, db_path, clock)
    url = getattr(store, "url", None)
    try:
        assert await store.lesson_progress(ALICE, "mor") == []
        await store.record_lesson_answer(ALICE, "mor", 1, right=True)  # right first time
        await store.record_lesson_answer(ALICE, "mor", 2, right=False)
        await store.record_lesson_answer(ALICE, "mor", 2, right=True)  # right at the second
        await store.record_lesson_answer(ALICE, "mor", 2, right=False)  # gone over again
        await store.record_lesson_answer(ALICE, "mor", 3, right=False)  # not done yet
        await store.record_lesson_answer(BOB, "mor", 1, right=False)
    finally:
        await store.close()
    again = await (
        PostgresStore.open(url, clock=clock) if url else SQLiteStore.open(db_path, clock=clock)
    )
    try:
        assert await again.lesson_progress(ALICE, "mor") == [
            StepProgress(1, tries=1, done=True, first_try=True),
            StepProgress(2, tries=3, done=True, first_try=False),
            StepProgress(3, tries=1, done=False, first_try=False),
        ]
        assert await again.lesson_progress(ALICE, "hand") == []
        assert await again.lesson_progress(BOB, "mor") == [StepProgress(1, 1, False, False)]
    finally:
        await again.close()


async def test_a_skipped_lesson_step_is_passed_but_never_first_try(
    engine: RunDatabase | None, db_path: Path, clock: FakeClock
) -> None:
    store = await open_engine(engine, db_path, clock)
    try:
        await store.record_lesson_skip(ALICE, "mor", 1)  # skipped at once
        await store.record_lesson_answer(ALICE, "mor", 2, right=False)
        await store.record_lesson_skip(ALICE, "mor", 2)  # skipped after a wrong answer
        await store.record_lesson_answer(ALICE, "mor", 3, right=True)
        await store.record_lesson_skip(ALICE, "mor", 3)  # right first time, skipped later
        assert await store.lesson_progress(ALICE, "mor") == [
            StepProgress(1, tries=1, done=True, first_try=False),
            StepProgress(2, tries=2, done=True, first_try=False),
            StepProgress(3, tries=2, done=True, first_try=True),
        ]
    finally:
        await store.close()
