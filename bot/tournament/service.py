"""The tournament service: sign-ups, the start, each round's tables, results, the podium.

It knows nothing of Discord. It keeps every step in the store and works out what to do next
from what the store holds (``advance``), so the same call after a restart, or twice in a row,
does the same thing once: a planned table that has no table yet gets one, a finished round gets
the next, a finished tournament its standings. Tables are the table service's own, opened with
the tournament's seats and timer and marked in their options; a table's game result writes the
tournament's points in the same transaction (``bot.store.tournaments``). On PostgreSQL a
tournament is driven by the process that owns its server's shard, as its tables are.

News goes out as ``TournamentNotice`` data to one listener (the Discord layer shows it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from bot.games import registry
from bot.store import GameStore
from bot.store.models import Seat, Status
from bot.store.ratings import Rating, rating_format
from bot.store.shards import Shards
from bot.store.tournaments import (
    Entry,
    EntryRefused,
    EntryStatus,
    Result,
    Slot,
    Tournament,
    TournamentChanged,
    TournamentStatus,
)
from bot.tables import TOURNAMENT, Notice, NoticeKind, Refusal, TableService
from bot.tournament.pairing import (
    Bracket,
    Entrant,
    arena_groups,
    draw_bracket,
    is_computer,
    playable,
    record_winner,
    swiss_round,
    table_size,
)
from bot.tournament.scoring import Game, Standing, standings

logger = logging.getLogger(__name__)

FORMATS = ("knockout", "arena", "swiss")
# Bounds a creator may choose within (the slash command's own limits say the same).
START_MINUTES = (1, 7 * 24 * 60)
ARENA_MINUTES = (10, 360)
SWISS_ROUNDS = (1, 15)
TURN_TIMER = (15, 600)
DEFAULT_TURN_TIMER = 60
MAX_PLAYERS = 256
# A member who misses this many whole games (the computer kept their seat to the end) leaves
# pairing, told once.
MISSED_TO_DROP = 2
# The computers that fill a short table or keep a missing member's seat.
COMPUTER_LEVEL = "normal"


class TournamentNoticeKind(StrEnum):
    CHANGED = "changed"  # sign-ups or settings changed: the tournament message is redrawn
    STARTED = "started"
    TABLE = "table"  # a tournament table was opened (``table_id``)
    FINISHED = "finished"
    CANCELLED = "cancelled"  # ``reason``: "too_few" or "by_creator"
    DROPPED = "dropped"  # ``user_id`` missed two whole games and leaves pairing


@dataclass(frozen=True)
class TournamentNotice:
    kind: TournamentNoticeKind
    tournament: Tournament
    table_id: int | None = None
    user_id: int | None = None
    reason: str | None = None


TournamentListener = Callable[[TournamentNotice], Awaitable[None]]


def minimum_players(game: str, options: Mapping[str, Any]) -> int:
    """The fewest sign-ups a tournament starts with: one table's worth of members."""
    return table_size(game, options)


@dataclass
class _Running:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None


@dataclass(frozen=True)
class Overview:
    """Everything the Discord layer shows of a tournament, read at once."""

    tournament: Tournament
    entries: list[Entry]
    standings: list[Standing]
    slots: list[Slot]
    results: list[Result]
    byes: dict[int, int]

    def name(self, user_id: int) -> str | None:
        return next((e.name for e in self.entries if e.user_id == user_id), None)


class TournamentService:
    def __init__(
        self,
        store: GameStore,
        tables: TableService,
        *,
        listener: TournamentListener | None = None,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        seeds: Callable[[], int] | None = None,
        shards: Shards | None = None,
    ) -> None:
        self.store = store
        self.tables = tables
        self.listener = listener
        self.shards = shards
        self._clock = clock
        self._sleep = sleep
        self._seeds = seeds or (lambda: random.SystemRandom().randrange(2**31))
        self._running: dict[int, _Running] = {}
        self._closed = False
        tables.watchers.append(self.on_table_notice)

    # ------------------------------------------------------------ what members and creators do

    async def create(
        self,
        guild_id: int,
        *,
        channel_id: int,
        creator_id: int,
        game: str,
        options: Mapping[str, Any] | None,
        format: str,
        start_in_minutes: int,
        minutes: int | None = None,
        rounds: int | None = None,
        turn_timer: int = DEFAULT_TURN_TIMER,
        computers: bool = True,
    ) -> Tournament:
        """A new tournament taking sign-ups, or the Refusal naming what doesn't fit."""
        if format not in FORMATS:
            raise Refusal("tournament.bad_format")
        if not START_MINUTES[0] <= start_in_minutes <= START_MINUTES[1]:
            raise Refusal("tournament.bad_start", most=START_MINUTES[1] // 60)
        if format == "arena":
            if minutes is None or not ARENA_MINUTES[0] <= minutes <= ARENA_MINUTES[1]:
                raise Refusal(
                    "tournament.bad_minutes", least=ARENA_MINUTES[0], most=ARENA_MINUTES[1]
                )
        elif minutes is not None:
            raise Refusal("tournament.minutes_arena_only")
        if format == "swiss":
            if rounds is None or not SWISS_ROUNDS[0] <= rounds <= SWISS_ROUNDS[1]:
                raise Refusal("tournament.bad_rounds", most=SWISS_ROUNDS[1])
        elif rounds is not None:
            raise Refusal("tournament.rounds_swiss_only")
        if not TURN_TIMER[0] <= turn_timer <= TURN_TIMER[1]:
            raise Refusal("tournament.bad_timer", least=TURN_TIMER[0], most=TURN_TIMER[1])
        self.tables.check_options(game, options)  # the table service's own refusal
        probe = registry.new_game(game, dict(options or {}), 0)
        table_options = dict(getattr(probe, "options", options or {}))
        starts = datetime.fromtimestamp(self._clock(), UTC) + timedelta(minutes=start_in_minutes)
        made = await self.store.create_tournament(
            guild_id,
            channel_id=channel_id,
            creator_id=creator_id,
            game=game,
            options=table_options,
            format=format,
            starts_at=starts,
            ends_at=starts + timedelta(minutes=minutes) if minutes else None,
            rounds=rounds,
            turn_timer=turn_timer,
            computers=computers,
            seed=self._seeds(),
        )
        self._schedule(made)
        return made

    async def get(self, guild_id: int, tournament_id: int) -> Tournament:
        found = await self.store.get_tournament(guild_id, tournament_id)
        if found is None:
            raise Refusal("tournament.not_found", number=tournament_id)
        return found

    async def join(self, guild_id: int, tournament_id: int, user_id: int, name: str | None) -> None:
        t = await self.get(guild_id, tournament_id)
        if t.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
            raise Refusal("tournament.over")
        if t.status == TournamentStatus.RUNNING and t.format != "arena":
            raise Refusal("tournament.started_no_join")
        try:
            await self.store.join_tournament(t, user_id, name, limit=MAX_PLAYERS)
        except EntryRefused as refused:
            raise Refusal(refused.key) from None
        await self._tell(TournamentNotice(TournamentNoticeKind.CHANGED, t))
        if t.status == TournamentStatus.RUNNING:
            await self.advance(guild_id, tournament_id)

    async def leave(self, guild_id: int, tournament_id: int, user_id: int) -> None:
        """Take a sign-up back; once running, leave pairing (a game under way goes on with the
        computer keeping the seat when the member's turns run out, and it still counts)."""
        t = await self.get(guild_id, tournament_id)
        if t.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
            raise Refusal("tournament.over")
        try:
            await self.store.leave_tournament(t, user_id)
        except EntryRefused as refused:
            raise Refusal(refused.key) from None
        await self._tell(TournamentNotice(TournamentNoticeKind.CHANGED, t))

    async def pause(self, guild_id: int, tournament_id: int, user_id: int, paused: bool) -> None:
        """Arena: stop being seated (``paused``) or come back."""
        t = await self.get(guild_id, tournament_id)
        if t.format != "arena":
            raise Refusal("tournament.pause_arena_only")
        if t.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
            raise Refusal("tournament.over")
        entry = next(
            (e for e in await self.store.tournament_entries(t.id) if e.user_id == user_id), None
        )
        if entry is None or entry.status in (EntryStatus.LEFT, EntryStatus.DROPPED):
            raise Refusal("tournament.not_joined")
        wanted = EntryStatus.PAUSED if paused else EntryStatus.ACTIVE
        if entry.status == wanted:
            raise Refusal("tournament.already_paused" if paused else "tournament.not_paused")
        await self.store.set_entry_status(t.id, user_id, wanted)
        await self._tell(TournamentNotice(TournamentNoticeKind.CHANGED, t))
        if not paused:
            await self.advance(guild_id, tournament_id)

    async def start_now(self, guild_id: int, tournament_id: int, by: int) -> None:
        t = await self.get(guild_id, tournament_id)
        if by != t.creator_id:
            raise Refusal("tournament.creator_only")
        if t.status != TournamentStatus.SIGNUP:
            raise Refusal("tournament.already_started")
        await self._start(t, early=True)

    async def cancel(self, guild_id: int, tournament_id: int, by: int) -> None:
        t = await self.get(guild_id, tournament_id)
        if by != t.creator_id:
            raise Refusal("tournament.creator_only")
        if t.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
            raise Refusal("tournament.over")
        done = await self.store.update_tournament(t, status=TournamentStatus.CANCELLED)
        self._stop_timer(t.id)
        for slot in await self.store.tournament_slots(t.id):
            if slot.table_id is None:
                continue
            with contextlib.suppress(Refusal):
                live = self.tables.get(guild_id, slot.table_id)
                if live.table.status in (Status.LOBBY, Status.PLAYING):
                    await self.tables.cancel(guild_id, slot.table_id, None)
        await self._tell(
            TournamentNotice(TournamentNoticeKind.CANCELLED, done, reason="by_creator")
        )

    async def overview(self, guild_id: int, tournament_id: int) -> Overview:
        t = await self.get(guild_id, tournament_id)
        entries = await self.store.tournament_entries(t.id)
        results = await self.store.tournament_results(t.id)
        byes = await self.store.tournament_byes(t.id)
        ratings = await self._ratings(t, [e.user_id for e in entries])
        table = standings(
            [e.user_id for e in entries],
            [Game(r.points) for r in results],
            ratings,
            byes=byes,
            swiss=t.format == "swiss",
            arena=t.format == "arena",
        )
        if t.format == "knockout" and t.state.get("bracket"):
            table = _knockout_order(table, Bracket.from_json(t.state["bracket"]))
        return Overview(t, entries, table, await self.store.tournament_slots(t.id), results, byes)

    async def _ratings(self, t: Tournament, members: Sequence[int]) -> dict[int, float]:
        """Each member's shown skill rating in the tournament's format on this server (a
        newcomer's where they have none): the last tie-break, and the order within equal points
        when seating."""
        fmt = rating_format(t.game, t.options)
        out: dict[int, float] = {}
        for m in members:
            line = (await self.store.member_ratings(t.guild_id, m)).get(fmt)
            out[m] = float((line.rating if line else Rating.new()).shown)
        return out

    # ------------------------------------------------------------ the clock and restarts

    async def restore(self) -> list[Tournament]:
        """Take up every unfinished tournament of this process's servers: timers set again and
        each one advanced from what the store holds."""
        mine = [
            t
            for t in await self.store.unfinished_tournaments()
            if self.shards is None or self.shards.owns(t.guild_id)
        ]
        for t in mine:
            self._schedule(t)
            if t.status == TournamentStatus.RUNNING:
                try:
                    await self.advance(t.guild_id, t.id)
                except Exception:
                    logger.exception("Tournament %d could not be taken up", t.id)
        return mine

    async def close(self) -> None:
        self._closed = True
        for tid in list(self._running):
            self._stop_timer(tid)

    async def on_table_notice(self, notice: Notice) -> None:
        """A tournament table's game is over: its points are saved with it; go on."""
        mark = notice.table.table.options.get(TOURNAMENT)
        if notice.kind == NoticeKind.GAME_OVER and isinstance(mark, Mapping):
            await self.advance(notice.table.guild_id, int(mark["id"]))

    def _running_of(self, tournament_id: int) -> _Running:
        return self._running.setdefault(tournament_id, _Running())

    def _schedule(self, t: Tournament) -> None:
        """The tournament's next timed step: its start, or an Arena's end."""
        self._stop_timer(t.id)
        if self._closed:
            return
        if t.status == TournamentStatus.SIGNUP:
            at = t.starts_at.timestamp()
        elif t.status == TournamentStatus.RUNNING and t.ends_at is not None:
            at = t.ends_at.timestamp()
        else:
            return
        delay = max(0.0, at - self._clock())
        run = self._running_of(t.id)
        run.timer = asyncio.create_task(self._timer(t.guild_id, t.id, delay))

    def _stop_timer(self, tournament_id: int) -> None:
        run = self._running.get(tournament_id)
        if run is not None and run.timer is not None and not run.timer.done():
            if run.timer is not asyncio.current_task():
                run.timer.cancel()
            run.timer = None

    async def _timer(self, guild_id: int, tournament_id: int, delay: float) -> None:
        await self._sleep(delay)
        try:
            t = await self.get(guild_id, tournament_id)
            if t.status == TournamentStatus.SIGNUP:
                await self._start(t, early=False)
            else:
                await self.advance(guild_id, tournament_id)
        except Exception:
            logger.exception("Tournament %d: its timer failed", tournament_id)

    # ------------------------------------------------------------ the start

    async def _start(self, t: Tournament, *, early: bool) -> None:
        run = self._running_of(t.id)
        async with run.lock:
            t = await self.get(t.guild_id, t.id)
            if t.status != TournamentStatus.SIGNUP:
                return
            entries = [
                e
                for e in await self.store.tournament_entries(t.id)
                if e.status == EntryStatus.ACTIVE
            ]
            if len(entries) < minimum_players(t.game, t.options):
                if early:
                    raise Refusal(
                        "tournament.too_few_to_start", least=minimum_players(t.game, t.options)
                    )
                done = await self.store.update_tournament(t, status=TournamentStatus.CANCELLED)
                await self._tell(
                    TournamentNotice(TournamentNoticeKind.CANCELLED, done, reason="too_few")
                )
                return
            state: dict[str, Any] = {}
            if t.format == "knockout":
                bracket = draw_bracket(
                    [e.user_id for e in entries], table_size(t.game, t.options), t.seed
                )
                state = {"bracket": bracket.to_json()}
            now = self._clock()
            ends = None
            if t.format == "arena" and t.ends_at is not None and early:
                # Started early: the Arena keeps its length from now.
                length = t.ends_at - t.starts_at
                ends = datetime.fromtimestamp(now, UTC) + length
            running = await self.store.update_tournament(
                t,
                status=TournamentStatus.RUNNING,
                state=state | ({"ends_at": ends.timestamp()} if ends else {}),
            )
        await self._tell(TournamentNotice(TournamentNoticeKind.STARTED, running))
        self._schedule(_with_end(running))
        await self.advance(t.guild_id, t.id)

    # ------------------------------------------------------------ going on

    async def advance(self, guild_id: int, tournament_id: int) -> None:
        """Do what the store says comes next, once: drop the absent, plan and open tables,
        finish. Safe to call any number of times, from any notice or timer."""
        if self._closed:
            return
        run = self._running_of(tournament_id)
        async with run.lock:
            for _ in range(3):  # another writer between the read and the write: read again
                try:
                    await self._advance_once(guild_id, tournament_id)
                    return
                except TournamentChanged:
                    continue
                except Exception:
                    # Nothing half-done stays: each step is saved whole, and the next call (a
                    # game's end, a timer, a restart) takes it up again.
                    logger.exception("Tournament %d: going on failed", tournament_id)
                    return

    async def _advance_once(self, guild_id: int, tournament_id: int) -> None:
        t = _with_end(await self.get(guild_id, tournament_id))
        if t.status != TournamentStatus.RUNNING:
            return
        entries = await self.store.tournament_entries(t.id)
        results = await self.store.tournament_results(t.id)
        await self._drop_absent(t, entries, results)
        entries = await self.store.tournament_entries(t.id)
        slots = await self.store.tournament_slots(t.id)
        done_tables = {r.table_id for r in results}
        if t.format == "knockout":
            t = await self._knockout(t, slots, results)
        elif t.format == "swiss":
            t = await self._swiss(t, entries, slots, results)
        else:
            t = await self._arena(t, entries, slots, results)
        if t.status != TournamentStatus.RUNNING:
            return
        for slot in await self.store.tournament_slots(t.id):
            if slot.table_id is None:
                await self._open(t, slot)
            elif slot.table_id not in done_tables:
                await self._resume_slot(t, slot)

    async def _drop_absent(
        self, t: Tournament, entries: list[Entry], results: list[Result]
    ) -> None:
        missed: dict[int, int] = {}
        for r in results:
            for user in r.absent:
                missed[user] = missed.get(user, 0) + 1
        for e in entries:
            if e.status == EntryStatus.ACTIVE and missed.get(e.user_id, 0) >= MISSED_TO_DROP:
                await self.store.set_entry_status(t.id, e.user_id, EntryStatus.DROPPED)
                await self._tell(
                    TournamentNotice(TournamentNoticeKind.DROPPED, t, user_id=e.user_id)
                )

    async def _finish(self, t: Tournament, state: Mapping[str, Any] | None = None) -> Tournament:
        done = await self.store.update_tournament(t, status=TournamentStatus.FINISHED, state=state)
        self._stop_timer(t.id)
        await self._tell(TournamentNotice(TournamentNoticeKind.FINISHED, done))
        return done

    async def _knockout(
        self, t: Tournament, slots: list[Slot], results: list[Result]
    ) -> Tournament:
        bracket = Bracket.from_json(t.state["bracket"])
        by_slot = {(s.round, s.number): s for s in slots}
        result_of = {r.table_id: r for r in results}
        changed = False
        # Record every finished table's winner (its entries ordered by their points).
        for r, j in playable(bracket):
            slot = by_slot.get((r + 1, j + 1))
            if slot is None or slot.table_id is None or slot.table_id not in result_of:
                continue
            table = bracket.rounds[r][j]
            points = result_of[slot.table_id].points
            order = sorted(
                table.entries,
                key=lambda e: (
                    is_computer(e),
                    -max((points.get(m, 0) for m in e if m is not None), default=0),
                    table.seats.index(e[0]),
                ),
            )
            bracket = record_winner(bracket, r, j, order)
            changed = True
        if bracket.champion is not None:
            return await self._finish(t, {"bracket": bracket.to_json()})
        new = [
            (r, j)
            for r, j in playable(bracket)
            if (r + 1, j + 1) not in by_slot and not bracket.rounds[r][j].bye
        ]
        if not changed and not new:
            return t
        round_no = max((r for r, _ in new), default=t.round - 1) + 1
        return await self.store.update_tournament(
            t,
            round=max(t.round, round_no),
            state={"bracket": bracket.to_json()},
            slots=[(j + 1, bracket.rounds[r][j].seats) for r, j in new if r + 1 == round_no],
        )

    async def _swiss(
        self, t: Tournament, entries: list[Entry], slots: list[Slot], results: list[Result]
    ) -> Tournament:
        current = [s for s in slots if s.round == t.round]
        finished = {r.table_id for r in results}
        if current and not all(s.table_id in finished for s in current):
            return t  # the round is still being played
        if t.round >= (t.rounds or 0):
            return await self._finish(t)
        present = [e for e in entries if e.status == EntryStatus.ACTIVE]
        byes = await self.store.tournament_byes(t.id)
        ratings = await self._ratings(t, [e.user_id for e in entries])
        table = standings(
            [e.user_id for e in entries],
            [Game(r.points) for r in results],
            ratings,
            byes=byes,
            swiss=True,
        )
        points = {s.member: s.points for s in table}
        size = table_size(t.game, t.options)
        if len(present) < 2 or (len(present) < size and not t.computers):
            return await self._finish(t)
        got = swiss_round(
            [Entrant(e.user_id, points.get(e.user_id, 0), ratings[e.user_id]) for e in present],
            size,
            [s.seats for s in slots],
            byes.keys(),
            t.computers,
            t.seed * 1000 + t.round + 1,
        )
        return await self.store.update_tournament(
            t,
            round=t.round + 1,
            slots=[(n, seats) for n, seats in enumerate(got.tables, 1)],
            byes=got.byes,
        )

    async def _arena(
        self, t: Tournament, entries: list[Entry], slots: list[Slot], results: list[Result]
    ) -> Tournament:
        finished = {r.table_id for r in results}
        playing = [s for s in slots if s.table_id not in finished]
        ended = t.ends_at is not None and self._clock() >= t.ends_at.timestamp()
        if ended:
            if not playing:
                return await self._finish(t)
            return t
        busy = {m for s in playing for m in s.seats if m is not None}
        # Waiting since their last table ended (or since the start): the longest first.
        free_since: dict[int, float] = {e.user_id: e.joined_at.timestamp() for e in entries}
        result_of = {r.table_id: r for r in results}
        last: dict[int, tuple[int | None, ...]] = {}
        for s in slots:
            if s.table_id in result_of:
                for m in s.seats:
                    if m is not None:
                        free_since[m] = result_of[s.table_id].finished_at.timestamp()
                        last[m] = s.seats
        ratings = await self._ratings(t, [e.user_id for e in entries])
        table = standings(
            [e.user_id for e in entries], [Game(r.points) for r in results], ratings, arena=True
        )
        points = {s.member: s.points for s in table}
        waiting = sorted(
            (e for e in entries if e.status == EntryStatus.ACTIVE and e.user_id not in busy),
            key=lambda e: (free_since[e.user_id], e.user_id),
        )
        size = table_size(t.game, t.options)
        groups = arena_groups(
            [Entrant(e.user_id, points.get(e.user_id, 0), ratings[e.user_id]) for e in waiting],
            size,
            last,
            t.seed * 1000 + len(slots),
        )
        if not groups:
            return t
        number = len(slots)
        return await self.store.update_tournament(
            t,
            round=t.round + 1,
            slots=[(number + k, g) for k, g in enumerate(groups, 1)],
        )

    # ------------------------------------------------------------ tables

    async def _open(self, t: Tournament, slot: Slot) -> None:
        """Open the slot's table (or take up one opened before a restart that was not linked),
        link it and start it."""
        existing = self._table_of(t, slot)
        if existing is None:
            entries = {e.user_id: e.name for e in await self.store.tournament_entries(t.id)}
            seats = [
                Seat.member(m, entries.get(m)) if m is not None else Seat.bot(COMPUTER_LEVEL)
                for m in slot.seats
            ]
            live = await self.tables.open_table(
                t.guild_id,
                channel_id=t.channel_id,
                host_id=t.creator_id,
                game=t.game,
                options=dict(t.options),
                turn_timer=t.turn_timer,
                seats=seats,
                tournament={"id": t.id, "round": slot.round, "number": slot.number},
            )
            table_id = live.id
        else:
            table_id = existing
        await self.store.link_table(t.id, slot.round, slot.number, table_id)
        # Told before the table starts, so the Discord side can give it its thread first and
        # the table's own messages (the live table, the first turn's ping) are posted there.
        await self._tell(TournamentNotice(TournamentNoticeKind.TABLE, t, table_id=table_id))
        await self._resume_slot(t, Slot(slot.round, slot.number, slot.seats, table_id))

    async def _resume_slot(self, t: Tournament, slot: Slot) -> None:
        """A linked table still in its lobby (the process stopped before it was started)."""
        assert slot.table_id is not None
        with contextlib.suppress(Refusal):
            live = self.tables.get(t.guild_id, slot.table_id)
            if live.table.status == Status.LOBBY:
                await self.tables.start(t.guild_id, slot.table_id, t.creator_id)

    def _table_of(self, t: Tournament, slot: Slot) -> int | None:
        for live in self.tables.tables(t.guild_id):
            mark = live.table.options.get(TOURNAMENT)
            if (
                isinstance(mark, Mapping)
                and mark.get("id") == t.id
                and mark.get("round") == slot.round
                and mark.get("number") == slot.number
            ):
                return live.id
        return None

    async def _tell(self, notice: TournamentNotice) -> None:
        if self.listener is None:
            return
        try:
            await self.listener(notice)
        except Exception:
            logger.exception("Tournament %d: showing %s failed", notice.tournament.id, notice.kind)


def _with_end(t: Tournament) -> Tournament:
    """An Arena started early keeps its length from its real start (kept in its state)."""
    ends = t.state.get("ends_at")
    if ends is None:
        return t
    return replace(t, ends_at=datetime.fromtimestamp(float(ends), UTC))


def _knockout_order(table: Sequence[Standing], bracket: Bracket) -> list[Standing]:
    """A knockout's standings: the champion first, then by the round each went out in (later
    is better), then points."""
    reached: dict[int, int] = {}
    for r, rnd in enumerate(bracket.rounds):
        for t in rnd:
            for entry in t.entries:
                for m in entry:
                    if m is not None:
                        reached[m] = max(reached.get(m, -1), r)
    champion = set(bracket.champion or ())
    ordered = sorted(
        table,
        key=lambda s: (s.member not in champion, -reached.get(s.member, -1), -s.points, s.member),
    )
    return [replace(s, place=i + 1) for i, s in enumerate(ordered)]
