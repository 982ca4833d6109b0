"""Practice tables on the real service and SQLite file: computers fill the seats, hints come
only there, the mark survives a restart, and the finished game stays out of the rankings."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.learning.practice import PRACTICE_TIMER, is_practice, open_practice, practice_hint
from bot.store import SQLiteStore
from bot.tables import Refusal, TableService

from .conftest import ParkedSleep, Recorder

G, CH, ME = 111, 222, 1


async def test_practice_runfast_to_the_end_with_hints_out_of_the_rankings(
    service: TableService,
) -> None:
    # Run Fast refuses options it doesn't know, so this also shows the practice mark never
    # reaches the engine.
    live = await open_practice(service, G, channel_id=CH, user_id=ME, game="runfast")
    assert is_practice(live) and live.table.turn_timer == PRACTICE_TIMER
    assert [s.computer for s in live.seats[1:]] == ["normal", "normal"]
    while not live.engine.game_over:
        await service.idle(G, live.id)
        if live.engine.game_over:
            break
        h = await practice_hint(service, G, live.id, ME)
        assert live.engine.check(0, h.move) is None, h
        await service.play(G, live.id, ME, h.move, expected_version=live.version)
    game = await service.store.table_game(G, live.id)
    assert game is not None and game.options.get("practice") is True  # in the history
    assert await service.store.top(G, "runfast") == []  # and in no ranking
    assert await service.store.top(G) == []


async def test_hint_only_at_practice_tables(service: TableService) -> None:
    live = await service.open_table(G, channel_id=CH, host_id=ME, game="runfast")
    await service.start(G, live.id, ME)
    with pytest.raises(Refusal, match="practice"):
        await practice_hint(service, G, live.id, ME)


async def test_practice_mark_survives_a_restart(
    db_path: Path, service: TableService, sleeper: ParkedSleep, recorder: Recorder
) -> None:
    live = await open_practice(service, G, channel_id=CH, user_id=ME, game="hand", level="hard")
    await service.idle(G, live.id)
    await service.close()
    store = await SQLiteStore.open(db_path)
    try:
        again = TableService(store, bot_delay=0, sleep=sleeper, seeds=lambda: 1)
        (restored,) = await again.restore()
        assert is_practice(restored)
        await again.close()
    finally:
        await store.close()


async def test_bad_level_changes_nothing(service: TableService) -> None:
    with pytest.raises(Refusal, match="levels"):
        await open_practice(service, G, channel_id=CH, user_id=ME, game="mor", level="expert")
    assert service.tables(G) == []


OTHER, THIRD = 2, 3


async def test_a_practice_table_is_never_the_channel_table_for_anyone_else(
    service: TableService,
) -> None:
    # An open lobby in the channel, then someone's practice there (no thread): the lobby stays
    # "the table" of the channel, for joining and for everyone else's commands.
    lobby = await service.open_table(G, channel_id=CH, host_id=OTHER, game="runfast")
    practice = await open_practice(service, G, channel_id=CH, user_id=ME, game="runfast")
    assert service.find(G, CH, THIRD) is lobby
    await service.join(G, lobby.id, THIRD)  # not "the game has already started"
    assert service.find(G, CH, OTHER) is lobby
    # Its own member, not seated at the lobby, still means the channel's real table there.
    assert service.find(G, CH, ME) is lobby
    # The practice table is found for its member alone, and only where no real table is.
    alone = await open_practice(service, G, channel_id=CH + 1, user_id=ME, game="hand")
    assert service.find(G, CH + 1, ME) is alone
    with pytest.raises(Refusal):
        service.find(G, CH + 1, OTHER)
    assert practice is not lobby


async def test_a_member_at_a_real_table_gets_it_not_their_newer_practice(
    service: TableService,
) -> None:
    real = await service.open_table(G, channel_id=CH, host_id=ME, game="runfast")
    await service.start(G, real.id, ME)
    await open_practice(service, G, channel_id=CH, user_id=ME, game="mor")
    assert service.find(G, CH, ME) is real


async def test_a_practice_thread_is_found_only_for_its_member(service: TableService) -> None:
    thread = 999
    practice = await open_practice(
        service, G, channel_id=CH, user_id=ME, game="runfast", thread_id=thread
    )
    assert service.find(G, thread, ME) is practice
    with pytest.raises(Refusal):
        service.find(G, thread, OTHER)
    with pytest.raises(Refusal):
        service.find(G, CH, OTHER)  # the parent channel has no table for anyone else


@pytest.mark.parametrize(
    ("game", "seed"),
    [
        ("mor", 1),
        ("hand", 1),
        ("runfast", 1),
        ("more3", 2),
        ("more3", 6),
        ("more3", 7),
        ("more3", 8),
    ],
)
async def test_the_first_hints_of_a_practice_table_in_every_game(
    store: SQLiteStore, sleeper: ParkedSleep, game: str, seed: int
) -> None:
    # More tables dealt from seeds 2, 6, 7 and 8 once answered their first Hint with the
    # generic apology (a crash in the hint's reason): a few turns of hints in every game.
    from bot.computers.pool import ComputerPool

    service = TableService(
        store, bot_delay=0, sleep=sleeper, seeds=lambda: seed, computers=ComputerPool(0)
    )
    try:
        live = await open_practice(service, G, channel_id=CH, user_id=ME, game=game)
        for _ in range(6):
            await service.idle(G, live.id)
            if live.engine.round_over:
                break
            h = await practice_hint(service, G, live.id, ME)
            assert live.engine.check(0, h.move) is None, h
            assert h.text() and "{" not in h.text()
            await service.play(G, live.id, ME, h.move, expected_version=live.version)
    finally:
        await service.close()


@pytest.mark.parametrize("game", ["mor", "runfast"])
async def test_each_press_of_a_hint_means_the_same_move(service: TableService, game: str) -> None:
    # Issue 61: the stages jumped. Every press asked the search again, and under load its budget
    # shrinks, so a later stage could belong to another move: the hint found at a position is
    # the one every press of its stages shows, until the table moves on.
    live = await open_practice(service, G, channel_id=CH, user_id=ME, game=game)
    await service.idle(G, live.id)
    first = await practice_hint(service, G, live.id, ME)
    assert await practice_hint(service, G, live.id, ME) is first
    await service.play(G, live.id, ME, first.move, expected_version=live.version)
    await service.idle(G, live.id)
    if live.engine is not None and live.engine.legal_moves(0):
        assert await practice_hint(service, G, live.id, ME) is not first
