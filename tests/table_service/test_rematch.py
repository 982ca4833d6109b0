"""A finished table played again (the service's ``rematch``), and the computers' given names:
the same seats, game, options and timer at a new lobby where the old table played, for its
players only, one at a time, also after a restart; names distinct per table and stable."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.computers.pool import ComputerPool, choose_computer_move
from bot.i18n import LANGUAGES, t
from bot.store import SQLiteStore
from bot.store.models import Seat, Status
from bot.tables import (
    COMPUTER_NAMES,
    LiveTable,
    Refusal,
    TableService,
    computer_name_key,
)

from .conftest import ParkedSleep, Recorder

G = 111  # guild
CH = 222  # channel
THREAD = 333
HOST, BOB, CAROL = 1, 2, 3


async def finished_runfast(service: TableService) -> LiveTable:
    """Run Fast is one deal: the host and Bob with a hard computer, played to its end."""
    live = await service.open_table(
        G, channel_id=CH, host_id=HOST, game="runfast", turn_timer=45, thread_id=THREAD
    )
    await service.join(G, live.id, BOB)
    await service.add_computer(G, live.id, HOST, "hard")
    await service.start(G, live.id, HOST)
    for _ in range(500):
        await service.idle(G, live.id)
        engine = live.engine
        if engine.game_over:
            break
        seat = engine.turn
        move = choose_computer_move(engine, seat, "normal", random.Random(live.version))
        user = live.seats[seat].user_id
        await service.play(G, live.id, user, move, expected_version=live.version)
    assert live.engine.game_over
    return live


async def test_a_rematch_seats_the_same_players_in_a_new_lobby(
    service: TableService, recorder: Recorder
) -> None:
    old = await finished_runfast(service)
    assert service.tables(G) == []  # a finished table leaves the service: only the store has it

    # Only a member who sat at the table may call its rematch.
    with pytest.raises(Refusal) as refused:
        await service.rematch(G, old.id, CAROL)
    assert refused.value.key == "rematch_not_seated"
    assert refused.value.text == f"Only the players of table #{old.id} can start its rematch."

    new = await service.rematch(G, old.id, BOB)
    assert new.id != old.id and new.table.status == Status.LOBBY
    assert new.table.seats == (Seat.member(HOST), Seat.member(BOB), Seat.bot("hard"))
    assert new.table.host_id == BOB  # who pressed Rematch runs the new lobby
    assert (new.table.game, new.table.options) == ("runfast", old.table.options)
    assert (new.table.channel_id, new.table.thread_id, new.table.turn_timer) == (CH, THREAD, 45)
    assert service.tables(G) == [new]

    # One rematch at a time: a second press points at the one already open.
    with pytest.raises(Refusal) as refused:
        await service.rematch(G, old.id, HOST)
    assert refused.value.key == "rematch_open" and f"#{new.id}" in refused.value.text

    # Bob, its host, starts it: the same seats play, everyone at the place they had.
    await service.start(G, new.id, BOB)
    assert new.engine is not None and new.seats[2] == Seat.bot("hard")
    assert new.level(2) == "hard"


async def test_a_rematch_needs_a_finished_table(service: TableService) -> None:
    lobby = await service.open_table(G, channel_id=CH, host_id=HOST, game="runfast")
    for table in (lobby.id, 999):  # a lobby (no game over yet), and no table at all
        with pytest.raises(Refusal) as refused:
            await service.rematch(G, table, HOST)
        assert refused.value.key == "no_rematch"
    # Another server's finished table is not this server's to replay.
    old = await finished_runfast(service)
    with pytest.raises(Refusal):
        await service.rematch(G + 1, old.id, HOST)


async def test_a_rematch_after_a_restart(
    db_path: Path, store: SQLiteStore, sleeper: ParkedSleep, service: TableService
) -> None:
    old = await finished_runfast(service)
    await service.close()
    # A new service on the same file: nothing of the old table is in memory.
    again = TableService(
        store, bot_delay=0, sleep=sleeper, seeds=lambda: 7, computers=ComputerPool(0)
    )
    try:
        assert await again.restore() == []
        new = await again.rematch(G, old.id, HOST)
        assert [s.user_id for s in new.seats[:2]] == [HOST, BOB]
        assert new.seats[2] == Seat.bot("hard") and new.table.seed == 7
    finally:
        await again.close()


def test_computer_names_are_distinct_at_a_table_and_stable() -> None:
    for table_id in range(1, 400):
        keys = [computer_name_key(table_id, seat) for seat in range(4)]
        assert len(set(keys)) == 4, (table_id, keys)
        assert keys == [computer_name_key(table_id, seat) for seat in range(4)]
    # Tables differ from one another, so a server's tables don't all seat the same names.
    firsts = {computer_name_key(table_id, 1) for table_id in range(1, 100)}
    assert len(firsts) == COMPUTER_NAMES
    # Fixed by the table id alone (not Python's salted ``hash``), so the same in every process:
    # after a restart, table 7's computers keep these names.
    assert [computer_name_key(7, s) for s in range(4)] == [
        f"computer.name.{k}" for k in (10, 9, 8, 7)
    ]
    for lang in LANGUAGES:
        names = [t(f"computer.name.{k}", lang) for k in range(1, COMPUTER_NAMES + 1)]
        assert len(set(names)) == COMPUTER_NAMES, lang
        # Short, so a seat plate shows them whole on a phone (test_game_over draws them).
        assert all(len(n) <= 8 for n in names), (lang, names)
    assert t("computer.name.1", "ar") == "فهد" and t("computer.name.1", "hi") == "फ़हद"
