"""The table service without Discord, on real SQLite files."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.computers.pool import ComputerPool, choose_computer_move
from bot.games.base import Discard, Draw
from bot.games.cards import Card
from bot.i18n import say
from bot.store import SQLiteStore
from bot.store.models import Seat, Status
from bot.tables import LiveTable, Refusal, TableService

from .conftest import ParkedSleep, Recorder

G = 111  # guild
CH = 222  # channel
HOST, BOB, CAROL, DAN = 1, 2, 3, 4


async def open_mor(service: TableService, **kw: object) -> LiveTable:
    return await service.open_table(
        G, channel_id=CH, host_id=HOST, game="mor", options={"players": 4, "length": "quick"}, **kw
    )


async def started_mor(service: TableService) -> LiveTable:
    """A Mor table the host and Bob have sat down at and started, settled to a member's turn."""
    live = await open_mor(service)
    await service.join(G, live.id, BOB)
    await service.start(G, live.id, HOST)
    await service.idle(G, live.id)
    return live


async def member_move(service: TableService, live: LiveTable) -> bool:
    """Play one member's turn the way a computer would; False when no member is to move."""
    await service.idle(live.guild_id, live.id)
    engine = live.engine
    if engine is None or engine.round_over or engine.game_over:
        return False
    seat = engine.turn
    user = live.seats[seat].user_id
    if user is None or live.automated(seat):
        return False
    move = choose_computer_move(engine, seat, "normal", random.Random(live.version))
    await service.play(live.guild_id, live.id, user, move, expected_version=live.version)
    return True


async def play_round(service: TableService, live: LiveTable) -> None:
    for _ in range(2000):
        if not await member_move(service, live):
            break
    await service.idle(live.guild_id, live.id)
    assert live.engine.round_over


async def test_lobby_join_team_computer_kick_leave(service: TableService, recorder: Recorder):
    live = await open_mor(service)
    assert live.seats == (Seat.member(HOST), None, None, None)
    assert live.table.turn_timer == 120  # the server default
    assert await service.join(G, live.id, BOB) == 1
    with pytest.raises(Refusal, match="already seated"):
        await service.join(G, live.id, BOB)
    # Bob picks team 1 (seats 0 and 2, with the host): he moves to seat 2.
    assert await service.pick_team(G, live.id, BOB, 0) == 2
    assert await service.join(G, live.id, CAROL, team=1) == 1
    with pytest.raises(Refusal, match="team is full"):
        await service.join(G, live.id, DAN, team=0)
    with pytest.raises(Refusal, match="Only the host"):
        await service.add_computer(G, live.id, BOB, "simple")
    with pytest.raises(Refusal, match="levels"):
        await service.add_computer(G, live.id, HOST, "genius")
    assert await service.add_computer(G, live.id, HOST, "simple") == 3
    with pytest.raises(Refusal, match="full"):
        await service.join(G, live.id, DAN)
    await service.kick(G, live.id, HOST, CAROL)
    assert live.seats[1] is None
    await service.leave(G, live.id, BOB)
    with pytest.raises(Refusal, match="not seated"):
        await service.leave(G, live.id, BOB)
    with pytest.raises(Refusal, match="host can't leave"):
        await service.leave(G, live.id, HOST)
    stored = await service.store.get_table(G, live.id)
    assert stored is not None and stored.seats == live.seats
    assert "lobby" in recorder.kinds()


async def test_start_fills_with_computers_and_plays_to_member(service: TableService):
    live = await open_mor(service)
    await service.join(G, live.id, BOB)
    with pytest.raises(Refusal, match="Only the host"):
        await service.start(G, live.id, BOB)
    await service.start(G, live.id, HOST)
    await service.idle(G, live.id)
    assert all(s is not None for s in live.seats)
    assert [s.is_computer for s in live.seats] == [False, False, True, True]
    turn = live.engine.turn
    assert not live.automated(turn)  # computers played until a member's turn
    stored = await service.store.get_table(G, live.id)
    assert stored.status == Status.PLAYING and stored.version == live.version
    assert stored.record == live.engine.record
    with pytest.raises(Refusal, match="already started"):
        await service.join(G, live.id, DAN)


async def test_a_failed_save_leaves_the_game_where_the_store_has_it(
    service: TableService, monkeypatch: pytest.MonkeyPatch
):
    live = await started_mor(service)
    seat = live.engine.turn
    user = live.seats[seat].user_id
    before, version = live.engine.to_json(), live.version
    move = choose_computer_move(live.engine, seat, "normal", random.Random(1))

    async def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    with monkeypatch.context() as m:
        m.setattr(service.store, "save_move", disk_full)
        with pytest.raises(OSError):
            await service.play(G, live.id, user, move, expected_version=version)
    # Nothing was stored, so nothing moved: the same move can be played again.
    assert live.engine.to_json() == before and live.version == version
    await service.play(G, live.id, user, move, expected_version=version)
    assert (await service.store.get_table(G, live.id)).version == version + 1


async def test_refusals_not_seated_not_your_turn_stale_and_engine_reason(
    service: TableService, recorder: Recorder
):
    live = await started_mor(service)
    turn = live.engine.turn
    mover = live.seats[turn].user_id
    other = BOB if mover == HOST else HOST
    with pytest.raises(Refusal, match="not seated"):
        await service.play(G, live.id, DAN, Draw())
    with pytest.raises(Refusal, match="not your turn"):
        await service.play(G, live.id, other, Draw())
    with pytest.raises(Refusal, match="earlier turn"):
        await service.play(G, live.id, mover, Draw(), expected_version=live.version - 1)
    # A card not in the hand: the engine's own one-sentence reason comes back.
    hand = live.engine.view(turn).hand
    missing = next(
        Card.parse(c)
        for c in ("2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C")
        if Card.parse(c) not in hand
    )
    reason = live.engine.check(turn, Discard(missing))
    assert reason
    with pytest.raises(Refusal) as e:
        await service.play(G, live.id, mover, Discard(missing), expected_version=live.version)
    assert e.value.reason == reason and str(e.value) == say(reason)
    moves_before = live.version
    assert (await service.store.get_table(G, live.id)).version == moves_before


async def test_two_clicks_apply_once(service: TableService):
    live = await started_mor(service)
    seat = live.engine.turn
    user = live.seats[seat].user_id
    move = live.engine.legal_moves(seat)[0]
    version = live.version
    results = await asyncio.gather(
        service.play(G, live.id, user, move, expected_version=version),
        service.play(G, live.id, user, move, expected_version=version),
        return_exceptions=True,
    )
    refusals = [r for r in results if isinstance(r, Refusal)]
    assert len(refusals) == 1 and refusals[0].key == "stale"
    assert live.engine.record["moves"][version]["seat"] == seat


async def test_round_end_next_round_after_ready_and_restore(
    db_path: Path, service: TableService, sleeper: ParkedSleep, recorder: Recorder
):
    live = await open_mor(service)
    await service.join(G, live.id, BOB)
    await service.start(G, live.id, HOST)
    await play_round(service, live)
    assert "round_over" in recorder.kinds()
    rounds = await service.store.table_rounds(G, live.id)
    assert len(rounds) == 1
    assert rounds[0].scores == tuple(live.engine.view(0).result.scores)
    if live.engine.game_over:
        return
    assert await sleeper.waiting(30) == 1  # the 30 s pause before the next round
    assert await service.ready(G, live.id, HOST) is False
    with pytest.raises(Refusal, match="not seated"):
        await service.ready(G, live.id, DAN)
    assert await service.ready(G, live.id, BOB) is True
    assert not live.engine.round_over
    await service.idle(G, live.id)
    # A few moves into round two, then a "restart": a new service on the same file.
    for _ in range(3):
        await member_move(service, live)
    await service.idle(G, live.id)
    state = live.engine.to_json()
    version = live.version
    await service.close()
    store2 = await SQLiteStore.open(db_path)
    try:
        rec2 = Recorder()
        svc2 = TableService(
            store2, listener=rec2, bot_delay=0, sleep=ParkedSleep(), computers=ComputerPool(0)
        )
        restored = await svc2.restore()
        assert [t.id for t in restored] == [live.id]
        again = svc2.get(G, live.id)
        assert again.version == version
        assert again.engine.to_json() == state
        assert rec2.kinds()[0] == "restored"
        # The game goes on.
        assert await member_move(svc2, again)
        assert again.version > version
        await svc2.close()
    finally:
        await store2.close()


async def test_timer_runs_out_then_computer_keeps_seat_until_back(
    service: TableService, sleeper: ParkedSleep, recorder: Recorder
):
    live = await service.open_table(
        G, channel_id=CH, host_id=HOST, game="mor", options={"players": 2}, turn_timer=60
    )
    await service.start(G, live.id, HOST)  # host against one computer
    await service.idle(G, live.id)
    assert live.engine.turn == 0
    assert live.table.turn_deadline is not None
    version = live.version
    assert await sleeper.fire(60) == 1
    await service.idle(G, live.id)
    auto = [n for n in recorder.notices if n.kind == "move" and n.auto]
    assert auto and auto[0].seat == 0 and auto[0].move["seat"] == 0
    assert live.version > version
    assert live.table.missed_turns[0] == 1
    # The host's next turn runs out too: the computer keeps the seat.
    while live.table.missed_turns[0] < 2:
        assert await sleeper.fire(60) >= 1
        await service.idle(G, live.id)
        if live.engine.round_over and live.table.missed_turns[0] < 2:
            pytest.skip("the round ended before a second missed turn")
    assert "taken_over" in recorder.kinds()
    assert live.taken_over(0)
    with pytest.raises(Refusal, match="table back"):
        await service.play(G, live.id, HOST, Draw())
    stored = await service.store.get_table(G, live.id)
    assert stored.missed_turns[0] >= 2  # survives a restart
    await service.take_back(G, live.id, HOST)
    assert not live.taken_over(0)
    with pytest.raises(Refusal, match="yours already"):
        await service.take_back(G, live.id, HOST)


async def test_a_timer_of_zero_opens_a_table_without_a_timer(service: TableService):
    live = await service.open_table(
        G, channel_id=CH, host_id=HOST, game="mor", options={"players": 2}, turn_timer=0
    )
    assert live.table.turn_timer == 0
    await service.start(G, live.id, HOST)  # host against one computer
    await service.idle(G, live.id)
    assert live.engine.turn == 0  # the host's turn, and nothing counting it down
    assert live.table.turn_deadline is None and live.task_kind != "timer"
    assert (await service.store.get_table(G, live.id)).turn_deadline is None


async def test_full_game_saves_result_leaderboard_and_pearls(
    service: TableService, sleeper: ParkedSleep, recorder: Recorder
):
    live = await open_mor(service)
    await service.join(G, live.id, BOB, team=0)  # partners: host and Bob against two computers
    await service.start(G, live.id, HOST)
    for _ in range(40):
        await play_round(service, live)
        if live.engine.game_over:
            break
        await service.ready(G, live.id, HOST)
        await service.ready(G, live.id, BOB)
    assert live.engine.game_over
    assert recorder.kinds()[-1] == "game_over"
    stored = await service.store.get_table(G, live.id)
    assert stored.status == Status.FINISHED
    game = await service.store.table_game(G, live.id)
    assert game is not None and game.with_computers
    won = {s.seat for s in game.seats if s.won}
    assert won == set(live.engine.winners)
    top = await service.store.top(G, "mor")
    assert {s.user_id for s in top} == {HOST, BOB}
    pearls = live.engine.pearls()
    assert {s.user_id: s.pearls for s in top} == {HOST: pearls.get(0, 0), BOB: pearls.get(2, 0)}
    with pytest.raises(Refusal):
        await service.get(G, live.id)


async def test_guilds_are_isolated_and_cancel(service: TableService):
    a = await open_mor(service)
    b = await service.open_table(999, channel_id=CH, host_id=BOB, game="runfast")
    with pytest.raises(Refusal):
        await service.join(999, a.id, CAROL)
    assert service.find(G, CH).id == a.id
    assert service.find(999, CH).id == b.id
    with pytest.raises(Refusal, match="Only the host"):
        await service.cancel(G, a.id, BOB)
    await service.cancel(G, a.id, HOST)
    assert (await service.store.get_table(G, a.id)).status == Status.CANCELLED
    with pytest.raises(Refusal, match="no table"):
        service.find(G, CH)


async def test_idle_lobby_closes(service: TableService, sleeper: ParkedSleep, recorder: Recorder):
    live = await open_mor(service)
    assert await sleeper.waiting(30 * 60) == 1
    await sleeper.fire(30 * 60)
    await service.idle(G, live.id)
    assert "cancelled" in recorder.kinds()
    assert (await service.store.get_table(G, live.id)).status == Status.CANCELLED
