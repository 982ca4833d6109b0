"""Tournaments in the store, on SQLite and PostgreSQL alike: sign-ups, planned rounds, and each
game's points written in the same transaction as the game's own result."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from store_helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    GUILD,
    OTHER_GUILD,
    fake_record,
    playing_table,
)

from bot.store import GameOutcome, GameStore, Seat, StaleVersion, WrongStatus
from bot.store.tournaments import (
    EntryRefused,
    EntryStatus,
    Tournament,
    TournamentChanged,
    TournamentStatus,
)

START = datetime(2026, 12, 7, 20, 0, tzinfo=UTC)


async def new_tournament(store: GameStore, fmt: str = "swiss", guild: int = GUILD) -> Tournament:
    return await store.create_tournament(  # type: ignore[attr-defined,no-any-return]
        guild,
        channel_id=CHANNEL,
        creator_id=ALICE,
        game="runfast",
        options={},
        format=fmt,
        starts_at=START,
        ends_at=START + timedelta(minutes=60) if fmt == "arena" else None,
        rounds=3 if fmt == "swiss" else None,
        turn_timer=60,
        computers=True,
        seed=11,
    )


async def test_a_tournament_is_kept_as_created_and_belongs_to_its_server(store) -> None:
    made = await new_tournament(store)
    got = await store.get_tournament(GUILD, made.id)
    assert got == made
    assert (got.game, got.format, got.status, got.rounds, got.round) == (
        "runfast",
        "swiss",
        TournamentStatus.SIGNUP,
        3,
        0,
    )
    assert got.starts_at == START and got.computers and got.turn_timer == 60
    assert await store.get_tournament(OTHER_GUILD, made.id) is None
    assert [t.id for t in await store.guild_tournaments(GUILD)] == [made.id]
    assert [t.id for t in await store.unfinished_tournaments()] == [made.id]


async def test_sign_ups_refuse_a_second_one_a_full_field_and_a_dropped_member(store) -> None:
    t = await new_tournament(store)
    await store.join_tournament(t, ALICE, "alice")
    with pytest.raises(EntryRefused) as second:
        await store.join_tournament(t, ALICE, "alice")
    assert second.value.key == "tournament.already_joined"
    await store.join_tournament(t, BOB, "bob", limit=2)
    with pytest.raises(EntryRefused) as full:
        await store.join_tournament(t, CAROL, "carol", limit=2)
    assert full.value.key == "tournament.full"
    # Before the start a sign-up is simply taken back.
    await store.leave_tournament(t, BOB)
    assert [e.user_id for e in await store.tournament_entries(t.id)] == [ALICE]
    with pytest.raises(EntryRefused):
        await store.leave_tournament(t, BOB)
    await store.set_entry_status(t.id, ALICE, EntryStatus.DROPPED)
    with pytest.raises(EntryRefused) as dropped:
        await store.join_tournament(t, ALICE, "alice")
    assert dropped.value.key == "tournament.dropped_cannot_join"


async def test_once_running_a_member_who_leaves_stays_in_the_standings(store) -> None:
    t = await new_tournament(store, "arena")
    for user in (ALICE, BOB, CAROL):
        await store.join_tournament(t, user, None)
    running = await store.update_tournament(t, status=TournamentStatus.RUNNING)
    await store.leave_tournament(running, BOB)
    entries = {e.user_id: e.status for e in await store.tournament_entries(t.id)}
    assert entries == {ALICE: EntryStatus.ACTIVE, BOB: EntryStatus.LEFT, CAROL: EntryStatus.ACTIVE}
    # An Arena takes a member back.
    await store.join_tournament(running, BOB, "bob")
    assert {e.user_id: e.status for e in await store.tournament_entries(t.id)}[BOB] == (
        EntryStatus.ACTIVE
    )


async def test_a_round_is_planned_with_its_byes_on_the_version_it_was_read_at(store) -> None:
    t = await new_tournament(store)
    planned = await store.update_tournament(
        t,
        status=TournamentStatus.RUNNING,
        round=1,
        state={"note": "round one"},
        slots=[(1, (ALICE, BOB, None)), (2, (CAROL, DAVE, None))],
        byes=[ALICE + 99],
    )
    assert (planned.round, planned.version, planned.state) == (1, 1, {"note": "round one"})
    slots = await store.tournament_slots(t.id)
    assert [(s.round, s.number, s.seats, s.table_id) for s in slots] == [
        (1, 1, (ALICE, BOB, None), None),
        (1, 2, (CAROL, DAVE, None), None),
    ]
    assert await store.tournament_byes(t.id) == {ALICE + 99: 1}
    # Written from the old version: refused, and nothing of it is kept.
    with pytest.raises(TournamentChanged):
        await store.update_tournament(t, round=2, slots=[(1, (ALICE, CAROL, None))])
    assert len(await store.tournament_slots(t.id)) == 2


async def test_a_tournament_game_s_points_are_written_with_the_game_once(store) -> None:
    t = await new_tournament(store)
    t = await store.update_tournament(
        t, status=TournamentStatus.RUNNING, round=1, slots=[(1, (ALICE, BOB, None))]
    )
    seats = (Seat.member(ALICE), Seat.member(BOB), Seat.bot("normal"))
    table = await playing_table(store, seats)
    await store.link_table(t.id, 1, 1, table.id)
    assert [s.table_id for s in await store.tournament_slots(t.id)] == [table.id]
    outcome = GameOutcome((-20.0, 30.0, -10.0), (1,), (0, 50, 0), absent=(0,))
    await store.save_move(
        GUILD,
        table.id,
        expected_version=0,
        record=fake_record(1),
        turn_deadline=None,
        game_result=outcome,
    )
    (result,) = await store.tournament_results(t.id)
    # Bob won (4 half-points), the computer came second, Alice last; her seat was kept.
    assert (result.table_id, result.round, result.number) == (table.id, 1, 1)
    assert result.points == {BOB: 4, ALICE: 0}
    assert result.absent == (ALICE,)
    # The game can't be finished twice, so neither can its points.
    with pytest.raises(WrongStatus):
        await store.save_move(
            GUILD,
            table.id,
            expected_version=0,
            record=fake_record(1),
            turn_deadline=None,
            game_result=outcome,
        )
    assert len(await store.tournament_results(t.id)) == 1


async def test_a_game_outside_any_tournament_writes_no_points(store) -> None:
    t = await new_tournament(store)
    table = await playing_table(store, (Seat.member(ALICE), Seat.member(BOB), Seat.bot("simple")))
    await store.save_move(
        GUILD,
        table.id,
        expected_version=0,
        record=fake_record(1),
        turn_deadline=None,
        game_result=GameOutcome((1.0, 2.0, 3.0), (2,), (0, 0, 50)),
    )
    assert await store.tournament_results(t.id) == []


async def test_a_stale_move_writes_neither_the_game_nor_its_points(store) -> None:
    t = await new_tournament(store)
    t = await store.update_tournament(t, round=1, slots=[(1, (ALICE, BOB, None))])
    table = await playing_table(store, (Seat.member(ALICE), Seat.member(BOB), Seat.bot("normal")))
    await store.link_table(t.id, 1, 1, table.id)
    await store.save_move(
        GUILD, table.id, expected_version=0, record=fake_record(1), turn_deadline=None
    )
    with pytest.raises(StaleVersion):
        await store.save_move(
            GUILD,
            table.id,
            expected_version=0,
            record=fake_record(2),
            turn_deadline=None,
            game_result=GameOutcome((1.0, 2.0, 3.0), (2,), (0, 0, 50)),
        )
    assert await store.tournament_results(t.id) == []
