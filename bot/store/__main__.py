"""The store's maintenance commands.

``python -m bot.store copy diwaniya.db postgresql://…`` moves a bot's store to PostgreSQL. Stop the
bot first (a move saved during the copy would be left behind), copy, then start the bot with
``DIWANIYA_DB`` set to the URL. Prints one line per table copied and one at the end; a copy it
can't make ends in one sentence on stderr and exit status 2, with the target left as it was.

``python -m bot.store rerate [DB]`` rebuilds every skill rating from the rated games, in the order
they were rated, in one transaction, and says how many ratings came out different from the stored
ones (none, unless they were changed by hand or the rating rule changed).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys

from bot.store import DEFAULT_PATH, open_store
from bot.store.copy import copy
from bot.store.errors import StoreError


async def rerate(database: str) -> tuple[int, int]:
    store = await open_store(database)
    try:
        return await store.rerate()
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.store", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    copying = commands.add_parser(
        "copy", help="copy a SQLite file's store into an empty PostgreSQL database, and check it"
    )
    copying.add_argument("source", help="the SQLite file, e.g. diwaniya.db")
    copying.add_argument("target", help="the PostgreSQL URL, e.g. postgresql://bot@db/diwaniya")
    rerating = commands.add_parser(
        "rerate", help="rebuild every skill rating from the rated games, and compare"
    )
    rerating.add_argument(
        "database",
        nargs="?",
        default=os.environ.get("DIWANIYA_DB") or DEFAULT_PATH,
        help="the SQLite file or PostgreSQL URL (default: DIWANIYA_DB, else diwaniya.db)",
    )
    args = parser.parse_args(argv)
    if args.command == "rerate":
        try:
            games, differed = asyncio.run(rerate(args.database))
        except StoreError as e:
            print(e, file=sys.stderr)
            return 2
        print(
            f"Rated {games} games again from the start; stored ratings that came out "
            f"different: {differed}."
        )
        return 0
    try:
        done = asyncio.run(copy(args.source, args.target, say=print))
    except StoreError as e:
        print(e, file=sys.stderr)
        return 2
    rows = sum(done.counts.values())
    print(
        f"Copied {rows} rows from {args.source}, and checked the counts of every table and the "
        f"records of its {done.unfinished} unfinished tables: start the bot with "
        "DIWANIYA_DB set to the URL."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
