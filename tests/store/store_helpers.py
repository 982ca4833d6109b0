"""Helpers shared by the store tests and the child processes they start (``store_child.py``)."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.store import GameOutcome, GameStore, RoundOutcome, Seat, SQLiteStore, Table
from bot.store.postgres import PostgresStore
from tests.postgres import RunDatabase

# Real Discord ids are 64-bit snowflakes; using ones this size checks they survive the round trip.
GUILD = 1_180_000_000_000_000_001
OTHER_GUILD = 1_180_000_000_000_000_002
CHANNEL = 1_180_000_000_000_000_100
ALICE = 1_180_000_000_000_001_001
BOB = 1_180_000_000_000_001_002
CAROL = 1_180_000_000_000_001_003
DAVE = 1_180_000_000_000_001_004


class FakeClock:
    """A clock the test moves by hand, so durations are exact without timing anything."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def open_engine(
    engine: RunDatabase | None, db_path: Path, clock: FakeClock | None = None
) -> GameStore:
    """A new, empty store: a SQLite file, or a schema of its own on this run's server."""
    options = {} if clock is None else {"clock": clock}
    if engine is None:
        return await SQLiteStore.open(db_path, **options)
    return await PostgresStore.open(await engine.fresh_schema(), **options)


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` (a file or a folder) read-only for this process, as ``chmod a-w`` makes it for an
    ordinary user running the bot.

    Root writes whatever the mode says, so as root the path is marked immutable (``chattr +i``),
    which stops root too and fails the same calls (SQLite then opens the file read-only, exactly
    as for an ordinary user); where that can't be done the test is skipped.
    """
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(mode & ~0o222)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(path)], capture_output=True).returncode:
        pytest.skip("as root file modes don't stop writes, and chattr +i is not available here")
    try:
        assert not os.access(path, os.W_OK)
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)


def fake_move(i: int) -> dict[str, Any]:
    """A move of a realistic size (a Run Fast play of several cards)."""
    return {"seat": i % 3, "do": "play", "cards": ["3S", "4S", "5S", "6S", "7S"][: 1 + i % 5]}


def fake_record(n_moves: int, game: str = "runfast") -> dict[str, Any]:
    """A table-file record with ``n_moves`` moves; engines are not needed to test storage."""
    return {
        "game": game,
        "rules_version": 1,
        "options": {},
        "seed": 7,
        "dealer": 0,
        "totals": [0, 0, 0],
        "moves": [fake_move(i) for i in range(n_moves)],
    }


async def playing_table(
    store: SQLiteStore,
    seats: Sequence[Seat],
    *,
    guild_id: int = GUILD,
    game: str = "runfast",
    options: Mapping[str, Any] | None = None,
) -> Table:
    table = await store.create_table(
        guild_id,
        channel_id=CHANNEL,
        host_id=ALICE,
        game=game,
        seats=list(seats),
        seed=7,
        options=options,
    )
    return await store.start_table(guild_id, table.id, record=fake_record(0, game))


async def finish_game(
    store: SQLiteStore,
    seats: Sequence[Seat],
    totals: Sequence[float],
    winners: Sequence[int],
    pearls: Sequence[int],
    *,
    guild_id: int = GUILD,
    game: str = "runfast",
    low_score_wins: bool = False,
    options: Mapping[str, Any] | None = None,
    rated: bool = False,
) -> Table:
    """A table played to its end in one move, with its game result."""
    table = await playing_table(store, seats, guild_id=guild_id, game=game, options=options)
    return await store.save_move(
        guild_id,
        table.id,
        expected_version=0,
        record=fake_record(1, game),
        turn_deadline=None,
        game_result=GameOutcome(
            tuple(totals), tuple(winners), tuple(pearls), low_score_wins, rated
        ),
    )


# ---------------------------------------------------------------- driving a real engine


def seat_list(pearls: Any, n: int) -> tuple[int, ...]:
    """Engines give pearls as a seat->amount dict or a per-seat sequence; the store takes the latter."""
    if isinstance(pearls, Mapping):
        return tuple(int(pearls.get(s, 0)) for s in range(n))
    return tuple(int(p) for p in pearls)


def outcomes(engine: Any, events: Sequence[Any]) -> tuple[RoundOutcome | None, GameOutcome | None]:
    """What a table service would record after a move: the round's and the game's results."""
    round_result = game_result = None
    for event in events:
        result = getattr(event, "result", None)
        if type(event).__name__ == "RoundOver" and result is not None:
            round_result = RoundOutcome(tuple(result.scores), result.reason, result.closer)
    if engine.game_over:
        state = engine.scenario_state()
        n = len(state["totals"])
        game_result = GameOutcome(
            tuple(state["totals"]), tuple(state["winners"]), seat_list(engine.pearls(), n)
        )
    return round_result, game_result


def next_move(engine: Any, rng: random.Random) -> dict[str, Any]:
    """A random legal move in its text form, or the next round when a round is over."""
    if engine.round_over:
        return {"do": "next_round"}
    seat = engine.turn
    move = rng.choice(engine.legal_moves(seat))
    return {"seat": seat, **move.to_dict()}
