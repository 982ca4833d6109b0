"""Tables: lobby, start, moves with the optimistic version check, timers, cancel, restore queries."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from store_helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    OTHER_GUILD,
    FakeClock,
    fake_record,
    playing_table,
)

from bot.store import (
    GameOutcome,
    GameStore,
    GuildSettings,
    Seat,
    StaleVersion,
    Status,
    StoreError,
    TableNotFound,
    WrongStatus,
)

SEATS = (Seat.member(ALICE), Seat.member(BOB), Seat.bot("easy"))


async def test_new_table_is_a_lobby_with_the_default_timer(
    store: GameStore, clock: FakeClock
) -> None:
    table = await store.create_table(
        GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        game="mor",
        seats=[Seat.member(ALICE), None, None, None],
        seed=42,
        options={"players": 4, "length": "quick"},
    )
    assert table.status is Status.LOBBY
    assert table.version == 0 and table.record is None
    assert table.turn_timer == 120
    assert table.seats == (Seat.member(ALICE), None, None, None)
    assert table.missed_turns == (0, 0, 0, 0)
    assert table.options == {"players": 4, "length": "quick"}
    assert table.created_at == datetime.fromtimestamp(clock.now, UTC)
    assert await store.get_table(GUILD, table.id) == table


async def test_turn_timer_comes_from_the_server_unless_given(store: GameStore) -> None:
    await store.save_guild_settings(GuildSettings(GUILD, turn_timer=45))
    kwargs = {"channel_id": CHANNEL, "host_id": ALICE, "game": "hand", "seats": SEATS, "seed": 1}
    assert (await store.create_table(GUILD, **kwargs)).turn_timer == 45
    assert (await store.create_table(GUILD, **kwargs, turn_timer=300)).turn_timer == 300
    assert (await store.create_table(OTHER_GUILD, **kwargs)).turn_timer == 120


async def test_a_turn_timer_of_zero_means_off(store: GameStore) -> None:
    # /settings timer:0 and /table new timer:0 offer "off"; versions 1-3 of the schema refused 0.
    kwargs = {"channel_id": CHANNEL, "host_id": ALICE, "game": "hand", "seats": SEATS, "seed": 1}
    await store.save_guild_settings(GuildSettings(GUILD, turn_timer=0))
    assert (await store.guild_settings(GUILD)).turn_timer == 0
    assert (await store.create_table(GUILD, **kwargs)).turn_timer == 0
    # Given, 0 is kept as off rather than read as "not given" and replaced by the server's timer.
    await store.save_guild_settings(GuildSettings(GUILD, turn_timer=45))
    lobby = await store.create_table(GUILD, **kwargs, turn_timer=0)
    assert lobby.turn_timer == 0
    assert (await store.update_lobby(GUILD, lobby.id, turn_timer=0)).turn_timer == 0


async def test_lobby_changes_seats_options_and_seed(store: GameStore) -> None:
    table = await store.create_table(
        GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        game="mor",
        seats=[Seat.member(ALICE), None],
        seed=1,
    )
    changed = await store.update_lobby(
        GUILD, table.id, seats=[*SEATS[:2], None, None], options={"players": 4}, seed=9
    )
    assert changed.seats == (*SEATS[:2], None, None)
    assert changed.missed_turns == (0, 0, 0, 0)
    assert changed.options == {"players": 4} and changed.seed == 9
    unchanged = await store.update_lobby(GUILD, table.id, turn_timer=60)
    assert unchanged.seats == changed.seats and unchanged.turn_timer == 60


async def test_a_member_takes_only_one_seat(store: GameStore) -> None:
    with pytest.raises(ValueError, match="only one seat"):
        await store.create_table(
            GUILD,
            channel_id=CHANNEL,
            host_id=ALICE,
            game="runfast",
            seats=[Seat.member(ALICE), Seat.member(ALICE), None],
            seed=1,
        )


async def test_start_needs_every_seat_and_a_matching_record(store: GameStore) -> None:
    table = await store.create_table(
        GUILD, channel_id=CHANNEL, host_id=ALICE, game="runfast", seats=[*SEATS[:2], None], seed=1
    )
    with pytest.raises(ValueError, match="Every seat"):
        await store.start_table(GUILD, table.id, record=fake_record(0))
    with pytest.raises(ValueError, match="record is for"):
        await store.start_table(GUILD, table.id, record=fake_record(0, "mor"), seats=SEATS)
    # Both refusals were rolled back: still a lobby with its empty seat.
    assert await store.get_table(GUILD, table.id) == table

    deadline = datetime(2030, 1, 1, tzinfo=UTC)
    started = await store.start_table(
        GUILD, table.id, record=fake_record(0), seats=SEATS, turn_deadline=deadline
    )
    assert started.status is Status.PLAYING and started.started_at is not None
    assert started.seats == SEATS and started.turn_deadline == deadline
    with pytest.raises(WrongStatus, match="playing"):
        await store.start_table(GUILD, table.id, record=fake_record(0))
    with pytest.raises(WrongStatus):
        await store.update_lobby(GUILD, table.id, seed=3)


async def test_each_move_is_saved_with_its_timers(store: GameStore) -> None:
    table = await playing_table(store, SEATS)
    deadline = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
    for version in range(1, 6):
        table = await store.save_move(
            GUILD,
            table.id,
            expected_version=version - 1,
            record=fake_record(version),
            turn_deadline=deadline + timedelta(seconds=version),
            missed_turns=[version, 0, 0],
        )
    again = await store.get_table(GUILD, table.id)
    assert again == table
    assert again.version == 5 and again.record == fake_record(5)
    assert again.turn_deadline == deadline + timedelta(seconds=5)
    assert again.missed_turns == (5, 0, 0)


async def test_a_stale_version_is_refused_and_changes_nothing(store: GameStore) -> None:
    table = await playing_table(store, SEATS)
    table = await store.save_move(
        GUILD, table.id, expected_version=0, record=fake_record(1), turn_deadline=None
    )
    with pytest.raises(StaleVersion) as refused:
        await store.save_move(
            GUILD,
            table.id,
            expected_version=0,
            record=fake_record(2),
            turn_deadline=None,
            missed_turns=[9, 9, 9],
        )
    assert (refused.value.expected, refused.value.actual) == (0, 1)
    assert str(refused.value) == (
        f"Table {table.id} is at move 1, not 0: this write was based on an earlier state and was "
        "refused."
    )
    assert await store.get_table(GUILD, table.id) == table
    with pytest.raises(StaleVersion):
        await store.update_timers(GUILD, table.id, expected_version=0, turn_deadline=None)


async def test_two_writers_on_one_version_only_one_wins(store: GameStore) -> None:
    table = await playing_table(store, SEATS)
    moves = [
        store.save_move(
            GUILD, table.id, expected_version=0, record=fake_record(1), turn_deadline=None
        )
        for _ in range(2)
    ]
    results = await asyncio.gather(*moves, return_exceptions=True)
    assert sum(isinstance(r, StaleVersion) for r in results) == 1
    assert (await store.get_table(GUILD, table.id)).version == 1


async def test_a_move_must_add_to_the_record(store: GameStore) -> None:
    table = await playing_table(store, SEATS)
    with pytest.raises(ValueError, match="must add"):
        await store.save_move(
            GUILD, table.id, expected_version=0, record=fake_record(0), turn_deadline=None
        )
    with pytest.raises(ValueError, match="timezone"):
        await store.save_move(
            GUILD,
            table.id,
            expected_version=0,
            record=fake_record(1),
            turn_deadline=datetime(2030, 1, 1),
        )


async def test_a_failed_result_rolls_the_move_back(store: GameStore) -> None:
    table = await playing_table(store, SEATS)
    with pytest.raises(ValueError, match="one total"):
        await store.save_move(
            GUILD,
            table.id,
            expected_version=0,
            record=fake_record(1),
            turn_deadline=None,
            game_result=GameOutcome((1.0, 2.0), (0,), (50, 0)),  # two seats of three
        )
    assert await store.get_table(GUILD, table.id) == table
    assert await store.table_game(GUILD, table.id) is None


async def test_moves_are_refused_on_lobbies_and_finished_tables(store: GameStore) -> None:
    lobby = await store.create_table(
        GUILD, channel_id=CHANNEL, host_id=ALICE, game="runfast", seats=SEATS, seed=1
    )
    with pytest.raises(WrongStatus, match="lobby, so it can't take a move"):
        await store.save_move(
            GUILD, lobby.id, expected_version=0, record=fake_record(1), turn_deadline=None
        )
    table = await playing_table(store, SEATS)
    await store.save_move(
        GUILD,
        table.id,
        expected_version=0,
        record=fake_record(1),
        turn_deadline=datetime(2030, 1, 1, tzinfo=UTC),
        game_result=GameOutcome((10.0, -5.0, -5.0), (0,), (50, 0, 0)),
    )
    finished = await store.get_table(GUILD, table.id)
    assert finished.status is Status.FINISHED
    assert finished.finished_at is not None and finished.turn_deadline is None
    with pytest.raises(WrongStatus, match="finished"):
        await store.save_move(
            GUILD, table.id, expected_version=1, record=fake_record(2), turn_deadline=None
        )


async def test_timers_and_seats_change_without_a_move(store: GameStore) -> None:
    table = await playing_table(store, SEATS)
    deadline = datetime(2030, 1, 1, tzinfo=UTC)
    takeover = (Seat.member(ALICE), Seat.bot("medium"), Seat.bot("easy"))
    changed = await store.update_timers(
        GUILD,
        table.id,
        expected_version=0,
        turn_deadline=deadline,
        missed_turns=[0, 3, 0],
        seats=takeover,
    )
    assert changed.version == 0
    assert changed.seats == takeover and changed.missed_turns == (0, 3, 0)
    assert changed.turn_deadline == deadline


async def test_messages_and_thread_are_kept(store: GameStore) -> None:
    table = await playing_table(store, SEATS)
    moved = await store.set_messages(GUILD, table.id, thread_id=CAROL + 1, message_id=CAROL + 2)
    assert (moved.thread_id, moved.message_id) == (CAROL + 1, CAROL + 2)
    assert (await store.get_table(GUILD, table.id)) == moved


async def test_cancel_and_the_restore_queries(store: GameStore) -> None:
    lobby = await store.create_table(
        GUILD, channel_id=CHANNEL, host_id=ALICE, game="runfast", seats=SEATS, seed=1
    )
    playing = await playing_table(store, SEATS)
    elsewhere = await playing_table(store, SEATS, guild_id=OTHER_GUILD)
    cancelled = await playing_table(store, SEATS)
    assert (await store.cancel_table(GUILD, cancelled.id)).status is Status.CANCELLED
    with pytest.raises(WrongStatus, match="cancelled"):
        await store.cancel_table(GUILD, cancelled.id)

    assert [t.id for t in await store.unfinished_tables(GUILD)] == [lobby.id, playing.id]
    assert [t.id for t in await store.unfinished_tables(OTHER_GUILD)] == [elsewhere.id]
    restored = await store.all_unfinished_tables()
    assert {(t.guild_id, t.id) for t in restored} == {
        (GUILD, lobby.id),
        (GUILD, playing.id),
        (OTHER_GUILD, elsewhere.id),
    }


async def test_a_table_is_invisible_from_another_guild(store: GameStore) -> None:
    table = await playing_table(store, SEATS)
    assert await store.get_table(OTHER_GUILD, table.id) is None
    attempts = [
        store.save_move(
            OTHER_GUILD, table.id, expected_version=0, record=fake_record(1), turn_deadline=None
        ),
        store.update_timers(OTHER_GUILD, table.id, expected_version=0, turn_deadline=None),
        store.update_lobby(OTHER_GUILD, table.id, seed=1),
        store.set_messages(OTHER_GUILD, table.id, thread_id=None, message_id=1),
        store.cancel_table(OTHER_GUILD, table.id),
    ]
    for attempt in attempts:
        with pytest.raises(TableNotFound) as refused:
            await attempt
        assert str(refused.value) == f"There is no table {table.id} on this server."
        assert isinstance(refused.value, StoreError)
    assert await store.get_table(GUILD, table.id) == table
