"""The tournament service on the real table service and a real SQLite file: Swiss, knockout and
Arena played to their standings, restarts that lose and double nothing, and bad input refused."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.computers.pool import ComputerPool, choose_computer_move
from bot.store import SQLiteStore
from bot.store.tournaments import EntryStatus, TournamentStatus
from bot.tables import TOURNAMENT, Refusal, TableService
from bot.tournament.service import TournamentNotice, TournamentNoticeKind, TournamentService
from tests.table_service.conftest import ParkedSleep

G, CH, ADMIN = 111, 222, 999
MEMBERS = list(range(1, 13))


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Heard:
    def __init__(self) -> None:
        self.notices: list[TournamentNotice] = []
        self.changed = asyncio.Condition()

    async def __call__(self, notice: TournamentNotice) -> None:
        async with self.changed:
            self.notices.append(notice)
            self.changed.notify_all()

    async def wait_for(self, kind: TournamentNoticeKind) -> TournamentNotice:
        """The first notice of ``kind``, once the service has sent it."""
        async with self.changed:
            await self.changed.wait_for(lambda: any(n.kind == kind for n in self.notices))
        return next(n for n in self.notices if n.kind == kind)

    def kinds(self) -> list[str]:
        return [n.kind.value for n in self.notices]


class Bot:
    """A store, a table service and a tournament service, as one process has them."""

    def __init__(self, path: Path, clock: Clock, sleeper: ParkedSleep) -> None:
        self.path, self.clock, self.sleeper = path, clock, sleeper
        self.heard = Heard()

    async def start(self) -> Bot:
        self.store = await SQLiteStore.open(self.path)
        self.tables = TableService(
            self.store,
            bot_delay=0,
            next_round_delay=30,
            sleep=self.sleeper,
            clock=self.clock,
            seeds=lambda: 4242,
            computers=ComputerPool(0),
        )
        self.tournaments = TournamentService(
            self.store,
            self.tables,
            listener=self.heard,
            clock=self.clock,
            sleep=self.sleeper,
            seeds=lambda: 7,
        )
        await self.tables.restore()
        await self.tournaments.restore()
        return self

    async def stop(self) -> None:
        await self.tournaments.close()
        await self.tables.close()
        await self.store.close()


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    b = await Bot(tmp_path / "t.db", Clock(), ParkedSleep()).start()
    yield b
    await b.stop()


async def settle(bot: Bot) -> None:
    for live in bot.tables.tables(G):
        await bot.tables.idle(G, live.id)
    for _ in range(5):
        await asyncio.sleep(0)


async def play_all(bot: Bot, limit: int = 20000, games: tuple[int, int] | None = None) -> int:
    """Play every member's turn at every tournament table, as a computer would, until no table
    waits for a member (or, ``games`` = (tournament, n), until it has ``n`` results); the moves
    played."""
    played = 0
    for _ in range(limit):
        await settle(bot)
        if games is not None and len(await bot.store.tournament_results(games[0])) >= games[1]:
            return played
        moved = False
        for live in bot.tables.tables(G):
            engine = live.engine
            if engine is None or engine.game_over:
                continue
            if engine.round_over:
                await bot.sleeper.fire(30)
                moved = True
                continue
            seat = engine.turn
            if seat is None:
                seat = next(s for s in range(engine.n_seats) if engine.legal_moves(s))
            user = live.seats[seat].user_id
            if user is None or live.automated(seat):
                continue
            move = choose_computer_move(engine, seat, "simple", random.Random(live.version))
            await bot.tables.play(G, live.id, user, move, expected_version=live.version)
            played += 1
            moved = True
        if not moved:
            return played
    raise AssertionError("the tables never settled")


async def new(bot: Bot, fmt: str, game: str = "runfast", players: int = 6, **kw) -> int:
    options = kw.pop("options", None)
    t = await bot.tournaments.create(
        G,
        channel_id=CH,
        creator_id=ADMIN,
        game=game,
        options=options,
        format=fmt,
        start_in_minutes=5,
        **kw,
    )
    for m in MEMBERS[:players]:
        await bot.tournaments.join(G, t.id, m, f"member {m}")
    return t.id


async def test_a_swiss_of_six_over_three_rounds_seats_everyone_and_finishes(bot: Bot) -> None:
    tid = await new(bot, "swiss", rounds=3)
    await bot.tournaments.start_now(G, tid, ADMIN)
    for _ in range(3):
        await play_all(bot)
    view = await bot.tournaments.overview(G, tid)
    assert view.tournament.status == TournamentStatus.FINISHED
    assert [s.round for s in view.slots] == [1, 1, 2, 2, 3, 3]
    assert len(view.results) == 6
    assert all(s.games == 3 for s in view.standings)
    # Every table of three hands out 6 half-points.
    assert sum(s.points for s in view.standings) == 6 * 6
    assert bot.heard.kinds().count("table") == 6 and bot.heard.kinds()[-1] == "finished"
    # The tables were real, finished games, marked with their slot.
    for slot in view.slots:
        table = await bot.store.get_table(G, slot.table_id)
        assert table.options[TOURNAMENT] == {"id": tid, "round": slot.round, "number": slot.number}


async def test_a_knockout_of_nine_plays_three_tables_then_a_final(bot: Bot) -> None:
    tid = await new(bot, "knockout", players=9)
    await bot.tournaments.start_now(G, tid, ADMIN)
    await play_all(bot)
    await play_all(bot)
    view = await bot.tournaments.overview(G, tid)
    assert view.tournament.status == TournamentStatus.FINISHED
    assert [s.round for s in view.slots] == [1, 1, 1, 2]
    final = view.slots[-1]
    first_round_winners = {max(r.points, key=r.points.get) for r in view.results if r.round == 1}
    assert set(final.seats) == first_round_winners
    assert view.standings[0].member in final.seats and view.standings[0].place == 1


async def test_an_arena_seats_players_as_they_finish_until_its_end(bot: Bot) -> None:
    tid = await new(bot, "arena", players=5, minutes=30)
    await bot.tournaments.start_now(G, tid, ADMIN)
    await play_all(bot, games=(tid, 3))
    view = await bot.tournaments.overview(G, tid)
    assert len(view.slots) >= 3  # the finishers and the waiting were seated again
    bot.clock.now += 31 * 60
    await bot.sleeper.fire(30 * 60)
    await play_all(bot)
    await bot.heard.wait_for(TournamentNoticeKind.FINISHED)
    view = await bot.tournaments.overview(G, tid)
    assert view.tournament.status == TournamentStatus.FINISHED
    assert {s.member for s in view.standings if s.games} == set(MEMBERS[:5])
    seated_after_end = len(view.slots)
    await bot.tournaments.advance(G, tid)
    assert len((await bot.tournaments.overview(G, tid)).slots) == seated_after_end


async def test_a_restart_mid_round_loses_and_doubles_nothing(tmp_path: Path) -> None:
    clock, sleeper = Clock(), ParkedSleep()
    first = await Bot(tmp_path / "t.db", clock, sleeper).start()
    tid = await new(first, "swiss", rounds=2)
    await first.tournaments.start_now(G, tid, ADMIN)
    # One table of the first round is played to its end, the other only halfway.
    tables = first.tables.tables(G)
    done = tables[0]
    while not done.engine.game_over:
        await settle(first)
        engine = done.engine
        seat = engine.turn
        user = done.seats[seat].user_id
        move = choose_computer_move(engine, seat, "simple", random.Random(done.version))
        await first.tables.play(G, done.id, user, move, expected_version=done.version)
    await settle(first)
    await first.stop()
    second = await Bot(tmp_path / "t.db", clock, ParkedSleep()).start()
    try:
        await play_all(second)
        await play_all(second)
        view = await second.tournaments.overview(G, tid)
        assert view.tournament.status == TournamentStatus.FINISHED
        assert len(view.results) == len(view.slots) == 4
        assert len({r.table_id for r in view.results}) == 4
        assert all(s.games == 2 for s in view.standings)
    finally:
        await second.stop()


async def test_a_table_opened_but_not_linked_before_a_crash_is_taken_up_not_doubled(
    bot: Bot,
) -> None:
    tid = await new(bot, "swiss", rounds=1)
    t = await bot.store.get_tournament(G, tid)
    from bot.store.models import Seat

    t = await bot.store.update_tournament(
        t, status=TournamentStatus.RUNNING, round=1, slots=[(1, (1, 2, 3)), (2, (4, 5, 6))]
    )
    orphan = await bot.tables.open_table(
        G,
        channel_id=CH,
        host_id=ADMIN,
        game="runfast",
        tournament={"id": tid, "round": 1, "number": 1},
        turn_timer=60,
        seats=[Seat.member(m) for m in (1, 2, 3)],
    )
    await bot.tournaments.advance(G, tid)
    slots = await bot.store.tournament_slots(tid)
    assert slots[0].table_id == orphan.id
    assert len(bot.tables.tables(G)) == 2


async def test_at_the_start_time_too_few_sign_ups_cancel_it_with_one_notice(bot: Bot) -> None:
    tid = await new(bot, "swiss", rounds=2, players=2)
    bot.clock.now += 5 * 60
    await bot.sleeper.fire(5 * 60)
    await bot.heard.wait_for(TournamentNoticeKind.CANCELLED)
    t = await bot.store.get_tournament(G, tid)
    assert t.status == TournamentStatus.CANCELLED
    cancelled = [n for n in bot.heard.notices if n.kind == TournamentNoticeKind.CANCELLED]
    assert [n.reason for n in cancelled] == ["too_few"]


async def test_at_the_start_time_enough_sign_ups_start_it(bot: Bot) -> None:
    tid = await new(bot, "swiss", rounds=1, players=3)
    bot.clock.now += 5 * 60
    await bot.sleeper.fire(5 * 60)
    await bot.heard.wait_for(TournamentNoticeKind.TABLE)
    t = await bot.store.get_tournament(G, tid)
    assert t.status == TournamentStatus.RUNNING and len(bot.tables.tables(G)) == 1


async def test_a_member_who_misses_two_whole_games_leaves_pairing(bot: Bot) -> None:
    tid = await new(bot, "swiss", rounds=3)
    t = await bot.store.get_tournament(G, tid)
    t = await bot.store.update_tournament(t, status=TournamentStatus.RUNNING, round=2)
    # Two finished games in which member 1's seat was kept by the computer.
    from bot.store import GameOutcome
    from bot.store.models import Seat

    for n in (1, 2):
        t = await bot.store.get_tournament(G, tid)
        t = await bot.store.update_tournament(t, round=n, slots=[(9, (1, 2, 3))])
        live = await bot.tables.open_table(
            G,
            channel_id=CH,
            host_id=ADMIN,
            game="runfast",
            turn_timer=60,
            seats=[Seat.member(m) for m in (1, 2, 3)],
        )
        await bot.store.link_table(tid, n, 9, live.id)
        await bot.store.start_table(G, live.id, record={"game": "runfast", "moves": []})
        await bot.store.save_move(
            G,
            live.id,
            expected_version=0,
            record={"game": "runfast", "moves": [{}]},
            turn_deadline=None,
            game_result=GameOutcome((1.0, 2.0, 3.0), (2,), (0, 0, 50), absent=(0,)),
        )
    await bot.tournaments.advance(G, tid)
    entries = {e.user_id: e.status for e in await bot.store.tournament_entries(tid)}
    assert entries[1] == EntryStatus.DROPPED
    dropped = [n.user_id for n in bot.heard.notices if n.kind == TournamentNoticeKind.DROPPED]
    assert dropped == [1]


@pytest.mark.parametrize(
    ("kw", "key"),
    [
        ({"format": "league"}, "tournament.bad_format"),
        ({"format": "swiss", "rounds": 0}, "tournament.bad_rounds"),
        ({"format": "swiss"}, "tournament.bad_rounds"),
        ({"format": "swiss", "rounds": 3, "minutes": 30}, "tournament.minutes_arena_only"),
        ({"format": "arena", "minutes": 2}, "tournament.bad_minutes"),
        ({"format": "knockout", "rounds": 2}, "tournament.rounds_swiss_only"),
        ({"format": "knockout", "start_in_minutes": 0}, "tournament.bad_start"),
        ({"format": "knockout", "turn_timer": 5}, "tournament.bad_timer"),
        ({"format": "knockout", "game": "chess"}, "unknown_game"),
    ],
)
async def test_a_tournament_that_can_t_be_run_is_refused_and_nothing_is_made(
    bot: Bot, kw: dict, key: str
) -> None:
    args = {"game": "runfast", "options": None, "start_in_minutes": 5} | kw
    with pytest.raises(Refusal) as refused:
        await bot.tournaments.create(G, channel_id=CH, creator_id=ADMIN, **args)
    assert refused.value.key == key
    assert await bot.store.guild_tournaments(G) == []


async def test_members_get_one_sentence_for_what_they_can_t_do(bot: Bot) -> None:
    tid = await new(bot, "swiss", rounds=2, players=3)

    async def refused(call) -> str:
        with pytest.raises(Refusal) as caught:
            await call
        return caught.value.key

    assert await refused(bot.tournaments.join(G, tid, 1, None)) == "tournament.already_joined"
    assert await refused(bot.tournaments.leave(G, tid, 99)) == "tournament.not_joined"
    assert await refused(bot.tournaments.pause(G, tid, 1, True)) == "tournament.pause_arena_only"
    assert await refused(bot.tournaments.start_now(G, tid, 1)) == "tournament.creator_only"
    assert await refused(bot.tournaments.cancel(G, tid, 1)) == "tournament.creator_only"
    assert await refused(bot.tournaments.get(G, 424242)) == "tournament.not_found"
    await bot.tournaments.start_now(G, tid, ADMIN)
    assert await refused(bot.tournaments.join(G, tid, 50, None)) == "tournament.started_no_join"
    assert await refused(bot.tournaments.start_now(G, tid, ADMIN)) == "tournament.already_started"
    small = await new(bot, "knockout", players=2)
    assert await refused(bot.tournaments.start_now(G, small, ADMIN)) == (
        "tournament.too_few_to_start"
    )


async def test_the_creator_may_cancel_and_its_tables_stop(bot: Bot) -> None:
    tid = await new(bot, "swiss", rounds=2)
    await bot.tournaments.start_now(G, tid, ADMIN)
    await settle(bot)
    await bot.tournaments.cancel(G, tid, ADMIN)
    assert (await bot.store.get_tournament(G, tid)).status == TournamentStatus.CANCELLED
    assert all(live.table.status.value == "cancelled" for live in bot.tables.tables(G))


async def test_a_member_who_never_plays_is_counted_absent_and_then_dropped(bot: Bot) -> None:
    """The turn timer plays for a member who never moves, the computer keeps the seat after two
    missed turns, and the game's result says so; two such games drop the member."""
    tid = await new(bot, "swiss", rounds=3)
    await bot.tournaments.start_now(G, tid, ADMIN)
    absent = 1
    for _ in range(10000):
        await settle(bot)
        played = waiting = False
        for live in bot.tables.tables(G):
            engine = live.engine
            if engine is None or engine.game_over:
                continue
            seat = engine.turn
            user = live.seats[seat].user_id
            if user == absent and not live.automated(seat):
                waiting = True
                continue
            if user is None or live.automated(seat):
                continue
            move = choose_computer_move(engine, seat, "simple", random.Random(live.version))
            await bot.tables.play(G, live.id, user, move, expected_version=live.version)
            played = True
        if played:
            continue
        if waiting:  # only the absent member is awaited: their turn timer runs out
            await bot.sleeper.fire(60)
            continue
        if len(await bot.store.tournament_results(tid)) >= 4:
            break
    results = await bot.store.tournament_results(tid)
    assert [absent in r.absent for r in results if absent in r.points] == [True, True]
    await bot.tournaments.advance(G, tid)
    entries = {e.user_id: e.status for e in await bot.store.tournament_entries(tid)}
    assert entries[absent] == EntryStatus.DROPPED
    assert absent not in {
        m for s in await bot.store.tournament_slots(tid) if s.round == 3 for m in s.seats
    }
