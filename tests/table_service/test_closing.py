"""Closing the table service (the bot's SIGTERM): a member's move under way is finished and saved
first, and nothing new is begun after (tests/client/test_shutdown.py runs the whole process)."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.computers.pool import choose_computer_move
from bot.tables import Refusal, TableService

from .test_tables import BOB, CH, HOST, G


async def test_close_finishes_the_move_in_hand_then_refuses_new_ones(
    service: TableService,
) -> None:
    live = await service.open_table(
        G, channel_id=CH, host_id=HOST, game="mor", options={"players": 2}, turn_timer=0
    )
    await service.join(G, live.id, BOB)
    await service.start(G, live.id, HOST)
    seat = live.engine.turn
    user = live.seats[seat].user_id
    move = choose_computer_move(live.engine, seat, "normal", random.Random(1))
    version = live.version

    playing = asyncio.create_task(service.play(G, live.id, user, move, expected_version=version))
    while not live.lock.locked():  # the move is under way: it holds its table's lock
        await asyncio.sleep(0)
    await service.close()
    assert playing.done() and playing.exception() is None  # finished before close returned
    assert live.version == version + 1
    stored = await service.store.get_table(G, live.id)
    assert stored is not None and stored.version == version + 1

    with pytest.raises(Refusal) as refused:
        await service.play(G, live.id, user, move, expected_version=live.version)
    assert refused.value.key == "shutting_down"
    with pytest.raises(Refusal, match="stopping"):
        await service.open_table(G, channel_id=CH, host_id=HOST, game="runfast")
