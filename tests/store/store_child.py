"""A bot process for the durability tests, run as ``python store_child.py MODE DB [ARGS]``.

``write DB``: make (or resume) one table and save moves for ever, every tenth with a round result,
printing ``committed N`` after each commit, until the parent kills it with SIGKILL.

``play DB SEED GAME…``: play each game with a real engine, saving after every move as the table
service will, print each final state, then die by SIGKILL without closing anything.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sys
from typing import Any

from store_helpers import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, fake_record, next_move, outcomes

from bot.store import RoundOutcome, Seat, SQLiteStore

WRITE_SEATS = [Seat.member(ALICE), Seat.member(BOB), Seat.bot("easy")]


def round_every_tenth(version: int) -> RoundOutcome | None:
    return RoundOutcome((1.0, -0.5, -0.5), "hand_empty", 0) if version % 10 == 0 else None


async def write(path: str) -> None:
    store = await SQLiteStore.open(path)
    tables = await store.all_unfinished_tables()
    if tables:
        table = tables[0]
    else:
        table = await store.create_table(
            GUILD, channel_id=CHANNEL, host_id=ALICE, game="runfast", seats=WRITE_SEATS, seed=7
        )
        table = await store.start_table(GUILD, table.id, record=fake_record(0))
    print(f"resumed {table.version}", flush=True)
    version = table.version
    while True:
        table = await store.save_move(
            GUILD,
            table.id,
            expected_version=version,
            record=fake_record(version + 1),
            turn_deadline=None,
            missed_turns=[version + 1, 0, 0],
            round_result=round_every_tenth(version + 1),
        )
        version += 1
        print(f"committed {version}", flush=True)


async def play(path: str, seed: int, games: list[str], max_moves: int) -> None:
    # Imported here so the write loop depends on nothing but the store.
    from bot.games import registry

    store = await SQLiteStore.open(path)
    members = [Seat.member(u) for u in (ALICE, BOB, CAROL, DAVE)]
    for game in games:
        rng = random.Random(seed)
        engine = registry.new_game(game, {}, seed)
        seats = members[: engine.n_seats]
        table = await store.create_table(
            GUILD, channel_id=CHANNEL, host_id=ALICE, game=game, seats=seats, seed=seed
        )
        table = await store.start_table(GUILD, table.id, record=engine.record)
        for _ in range(max_moves):
            if engine.game_over:
                break
            events = registry.play_move(engine, next_move(engine, rng))
            round_result, game_result = outcomes(engine, events)
            table = await store.save_move(
                GUILD,
                table.id,
                expected_version=table.version,
                record=engine.record,
                turn_deadline=None,
                round_result=round_result,
                game_result=game_result,
            )
        state: dict[str, Any] = {"table": table.id, "game": game, "state": engine.to_json()}
        print(json.dumps(state), flush=True)
    # No close, no checkpoint: the way a crash or `kill -9` ends the bot.
    os.kill(os.getpid(), signal.SIGKILL)


def main() -> None:
    mode, path, *rest = sys.argv[1:]
    if mode == "write":
        asyncio.run(write(path))
    else:
        seed, max_moves, *games = rest
        asyncio.run(play(path, int(seed), games, int(max_moves)))


if __name__ == "__main__":
    main()
