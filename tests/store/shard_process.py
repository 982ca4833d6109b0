"""A bot process's start on PostgreSQL, for the tests that need real processes:
``python shard_process.py URL SHARDS COUNT``.

Opens the store and claims the shards as ``python -m bot`` does, prints ``running`` once it
may drive their tables, and closes when its stdin ends (exit 0); a refused start prints
``refused`` and the sentence, and exits 2.
"""

from __future__ import annotations

import asyncio
import sys

from bot.store import StoreError, open_store
from bot.store.shards import Shards


async def main(url: str, shards: Shards) -> int:
    try:
        store = await open_store(url, shards=shards, hold=True)
    except StoreError as e:
        print(f"refused {e}", flush=True)
        return 2
    print("running", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await store.close()
    return 0


if __name__ == "__main__":
    url, spec, count = sys.argv[1:]
    sys.exit(asyncio.run(main(url, Shards.parse(spec, int(count)))))
