"""Which finished games the table service has rated: one where every seat was a member at the
end, and not one where the computer kept a member's seat after missed turns."""

from __future__ import annotations

import random

from bot.computers.pool import choose_computer_move
from bot.tables import LiveTable, TableService

from .conftest import ParkedSleep

G, CH = 111, 222
HOST, BOB, CAROL = 1, 2, 3


async def runfast_of_three(service: TableService, turn_timer: int = 0) -> LiveTable:
    live = await service.open_table(
        G, channel_id=CH, host_id=HOST, game="runfast", turn_timer=turn_timer
    )
    await service.join(G, live.id, BOB)
    await service.join(G, live.id, CAROL)
    await service.start(G, live.id, HOST)
    await service.idle(G, live.id)
    return live


async def play_out(
    service: TableService, live: LiveTable, sleeper: ParkedSleep, skip: int | None = None
) -> None:
    """Members play as a computer would; the member at ``skip`` lets their turns run out."""
    for _ in range(500):
        await service.idle(G, live.id)
        engine = live.engine
        if engine.game_over:
            return
        seat = engine.turn
        user = live.seats[seat].user_id
        if live.automated(seat):
            continue  # the computer plays it by itself
        if user == skip:
            assert await sleeper.fire(live.table.turn_timer) >= 1
            continue
        move = choose_computer_move(engine, seat, "normal", random.Random(live.version))
        await service.play(G, live.id, user, move, expected_version=live.version)
    raise AssertionError("the game did not end")


async def test_a_game_of_members_is_rated(service: TableService, sleeper: ParkedSleep) -> None:
    live = await runfast_of_three(service)
    await play_out(service, live, sleeper)
    record = await service.store.table_game(G, live.id)
    assert record is not None and record.rated and set(record.changes) == {HOST, BOB, CAROL}


async def test_a_seat_the_computer_kept_leaves_the_game_unrated(
    service: TableService, sleeper: ParkedSleep
) -> None:
    live = await runfast_of_three(service, turn_timer=60)
    await play_out(service, live, sleeper, skip=HOST)
    assert live.taken_over(0)
    record = await service.store.table_game(G, live.id)
    assert record is not None and not record.rated and record.changes == {}
    assert await service.store.rating_top(G, "runfast") == []
