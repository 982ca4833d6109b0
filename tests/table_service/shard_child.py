"""A bot process for the two-process test: ``python shard_child.py URL SHARDS COUNT``.

Holds its shards on the PostgreSQL database at URL, restores the tables of the servers they own
and plays them to their end with the table service (every seat played by the computer), printing
``restored GUILD TABLE VERSION`` for each table it takes up, ``ack GUILD TABLE VERSION MOVE``
once each move is saved (what the bot would then show), ``over GUILD TABLE`` at each game's end,
and ``done`` when no table is left. The test may SIGKILL it at any point.
"""

from __future__ import annotations

import asyncio
import json
import sys

from bot.computers.pool import ComputerPool
from bot.store import ShardTaken
from bot.store.postgres import PostgresStore
from bot.store.shards import Shards
from bot.tables import Notice, TableService


async def main(url: str, spec: str, count: int) -> int:
    shards = Shards.parse(spec, count)
    store = await PostgresStore.open(url)
    try:
        await store.hold_shards(shards)
    except ShardTaken as e:
        print(f"refused {e}", flush=True)
        await store.close()
        return 2
    finished = asyncio.Event()
    service: TableService | None = None

    async def listener(notice: Notice) -> None:
        t = notice.table
        if notice.kind == "move":
            move = json.dumps(notice.move, separators=(",", ":"), sort_keys=True)
            print(f"ack {t.guild_id} {t.id} {t.version} {move}", flush=True)
        elif notice.kind == "restored":
            print(f"restored {t.guild_id} {t.id} {t.version}", flush=True)
        elif notice.kind == "game_over":
            print(f"over {t.guild_id} {t.id}", flush=True)
            if service is not None and not service.tables():
                finished.set()

    service = TableService(
        store,
        listener=listener,
        bot_delay=0,
        next_round_delay=0,
        computers=ComputerPool(0),
        shards=shards,
    )
    restored = await service.restore()
    print(f"ready {len(restored)}", flush=True)
    if service.tables():
        await finished.wait()
    await service.close()
    await store.close()
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]))))
