"""Practice tables: one member against computer players, out of the rankings, with hints.

A practice table is an ordinary table of the service whose stored options carry the practice
mark (``bot.tables.PRACTICE``), so a restart restores it as one and the store keeps its finished
game out of the leaderboards. Its turn timer is long: a learner takes the time they need, and a
table left behind is still played out by the computer in the end, as any table is.
"""

from __future__ import annotations

from collections.abc import Callable

from bot import ai
from bot.ai import Level
from bot.games import registry
from bot.games.base import Move
from bot.i18n import ENGLISH, t
from bot.learning.hints import Hint, forced_pass, hint_for, hint_rng
from bot.learning.lessons import guided as coach
from bot.store.models import Seat, Status, Table
from bot.tables import (
    GUIDED,
    PRACTICE,
    PRACTICE_FROM,
    HandInfo,
    LiveTable,
    Refusal,
    TableService,
    engine_options,
)

PRACTICE_TIMER = 600  # seconds; the store keeps every table's timer above 0


def is_practice(live: LiveTable) -> bool:
    return bool(live.table.options.get(PRACTICE))


def is_guided(live: LiveTable) -> bool:
    """A practice table dealt as its game's guided round, with the coach."""
    return is_practice(live) and bool(live.table.options.get(GUIDED))


def coach_notes(
    info: HandInfo, lang: str = ENGLISH, words: Callable[[Move, str], str] | None = None
) -> list[str]:
    """The coach's notes for the member's private hand at a guided table, in ``lang``: the
    rules that matter now for the first time, when the member has a move (or the round is at
    its score sheet), and with them the coach's move (worded by ``words``, the hand's own words
    for a choice), after its word on the member's last move if that was another move than its
    own (``coach_on_move``); nothing at any other table. Worked out from the table's record alone
    (``bot.learning.lessons.guided.current_notes``), so a restarted bot says the same."""
    live = info.table
    engine = live.engine
    if engine is None or not is_guided(live) or info.seat != coach.MEMBER:
        return []
    notes = coach.current_notes(engine, info.seat)
    # First the word on the member's last move, when it was not the coach's: the hand shown
    # after that move (and again once the computers have played) is where the member reads it.
    lines = coach_on_move(live, info.seat, lang)
    lines += [t("coach_note", lang, text=note.text(lang)) for note in notes]
    if notes and words is not None and info.legal and not forced_pass(engine, info.seat):
        # The computer player's move at the coach's level: a decision of a few milliseconds,
        # seeded by the position so every showing of this hand (and the Hint) gives the same move.
        move = coach.coach_move(engine, info.seat, notes)
        if move is not None:
            # The coach's advice is the hint's first stage, as at a practice table: the Hint
            # button under it goes on from the next stage (``coach_stage``, issue 61).
            nudge = hint_for(engine, info.seat, move).stage_text("nudge", lang)
            lines.append(t("coach_tip", lang, text=nudge))
    return lines


def coach_stage(info: HandInfo) -> str:
    """The stage the Hint button of the member's hand shows first: after the coach's tip at a
    guided stop (which is the first stage), the next one; else the first."""
    live = info.table
    engine = live.engine
    if engine is None or not is_guided(live) or info.seat != coach.MEMBER or not info.legal:
        return "nudge"
    if not coach.current_notes(engine, info.seat):
        return "nudge"
    found = coach.coach_hint(engine, info.seat)
    return "nudge" if found is None else found.next_stage("nudge") or "nudge"


def coach_on_move(live: LiveTable, seat: int | None, lang: str = ENGLISH) -> list[str]:
    """After the member's move at a guided table, in its first round: the coach's word when the
    move was not its own but is allowed too (what it would have played, and why), as the
    terminal says it after the move; nothing at any other table or when the member followed the
    coach. From the table's record alone (``guided.other_move_said``)."""
    engine = live.engine
    if engine is None or not is_guided(live) or seat != coach.MEMBER:
        return []
    other = coach.other_move_said(engine, seat)
    return [] if other is None else [other.text(lang)]


def private_table(live: LiveTable) -> bool:
    """A practice table without a thread: it lives in the member's private hand messages only,
    and nothing about it is posted in the channel."""
    return is_practice(live) and not live.table.thread_id


async def open_practice(
    service: TableService,
    guild_id: int,
    *,
    channel_id: int,
    user_id: int,
    game: str,
    level: str = Level.NORMAL,
    thread_id: int | None = None,
    guided: bool = False,
) -> LiveTable:
    """Open, fill with ``level`` computers and start a practice table for one member.
    ``guided``: the game's guided round instead (its fixed deal and options, the coach's
    computers), the member in the coach's seat."""
    if level not in ai.LEVELS:
        raise Refusal("bad_level", levels=", ".join(ai.LEVELS))
    deal = coach.GUIDED[game] if guided else None
    live = await service.open_table(
        guild_id,
        channel_id=channel_id,
        host_id=user_id,
        game=game,
        options=dict(deal.options) if deal else None,
        turn_timer=PRACTICE_TIMER,
        thread_id=thread_id,
        practice=True,
        guided=guided,
        seed=deal.seed if deal else None,
    )
    if guided:
        level = coach.COACH_LEVEL
    for _ in range(len(live.seats) - 1):
        await service.add_computer(guild_id, live.id, user_id, level)
    return await service.start(guild_id, live.id, user_id)


async def practice_hint(service: TableService, guild_id: int, table_id: int, user_id: int) -> Hint:
    """What the hard player would do now in the member's seat, and why.

    Only at practice tables: at a ranked table a hint would play for the member.
    """
    live = service.get(guild_id, table_id)
    if not is_practice(live):
        raise Refusal("hint_practice_only")
    async with live.lock:
        info = service.hand(guild_id, table_id, user_id)
        if not info.legal:
            raise Refusal("no_moves")
        kept = live.last_hint
        if kept is not None and kept[:2] == (live.version, info.seat):
            # Each press of the stages means one move: the search's budget shrinks under load,
            # so a search again could find another move, and its stage jump (issue 61).
            found: Hint = kept[2]
            return found
        engine = live.engine
        assert engine is not None  # a member with legal moves sits at a dealt game
        if is_guided(live) and info.seat == coach.MEMBER and info.view.round_no == 0:
            # The guided round has one source of advice: the hint is the coach's move (a
            # decision of a few milliseconds, no search to send to the workers).
            guided = coach.coach_hint(engine, info.seat)
            if guided is None:
                raise Refusal("no_moves")
            live.last_hint = (live.version, info.seat, guided)
            return guided
        # The search runs on a copy in the computer players' worker processes: the table
        # stays free and the loop responsive.
        copy = type(engine).from_json(engine.to_json())
        # Drawn as the review after the game draws it: its better move is the hint's own.
        rng = hint_rng(engine.record)
        version = live.version
    searched = await service.computers.hint(copy, info.seat, rng)
    if searched is None:
        raise Refusal("no_moves")
    live.last_hint = (version, info.seat, searched)
    return searched


def review_start(table: Table) -> int:
    """Where a finished practice table's review begins: its first move, or for a table tried
    again from a position, that position (the moves before it were the earlier game's)."""
    start = table.options.get(PRACTICE_FROM, 0)
    return start if isinstance(start, int) and not isinstance(start, bool) else 0


def practice_seat(table: Table, user_id: int) -> int:
    """The member's seat at a finished practice table of theirs, or the refusal saying why a
    review of it can't be had."""
    if table.record is None or not table.options.get(PRACTICE):
        raise Refusal("review.not_practice", table=table.id)
    if table.status is not Status.FINISHED:
        raise Refusal("review.not_finished", table=table.id)
    seat = next(
        (i for i, s in enumerate(table.seats) if s is not None and s.user_id == user_id), None
    )
    if seat is None:
        raise Refusal("review.not_yours", table=table.id)
    return seat


async def practice_again(
    service: TableService,
    table: Table,
    user_id: int,
    position: int,
    *,
    thread_id: int | None = None,
) -> LiveTable:
    """A new practice table at ``position`` of the finished practice ``table``: its record up to
    there replayed, the member in the same seat, computers of the same level in the others, and
    the member's move to make. Opened and started through the service like any table, so it is
    saved before the member sees it."""
    seat = practice_seat(table, user_id)
    assert table.record is not None
    moves = list(table.record.get("moves", ()))
    if not 0 <= position < len(moves) or moves[position].get("seat") != seat:
        raise Refusal("review.cannot_resume")
    # Replayed once, before a table is opened for it: the member must have a move to make there.
    try:
        engine = registry.replay({**table.record, "moves": moves[:position]})
    except Exception:  # a stored record is data: one that does not replay can't be tried again
        raise Refusal("review.cannot_resume") from None
    if not engine.legal_moves(seat):
        raise Refusal("review.cannot_resume")
    level = next((s.computer for s in table.seats if s is not None and s.computer), Level.NORMAL)
    seats = [
        Seat.member(user_id, service.names(user_id)) if i == seat else Seat.bot(level)
        for i in range(len(table.seats))
    ]
    live = await service.open_table(
        table.guild_id,
        channel_id=table.channel_id,
        host_id=user_id,
        game=table.game,
        options=engine_options(table.options),
        turn_timer=PRACTICE_TIMER,
        thread_id=thread_id,
        practice=True,
        seats=seats,
        practice_from=position,
    )
    return await service.start(table.guild_id, live.id, user_id, resume=engine)
