"""``python -m bot.store copy diwaniya.db postgresql://…``: move a bot's store to PostgreSQL.

Stop the bot first (a move saved during the copy would be left behind), copy, then start the bot
with ``DIWANIYA_DB`` set to the URL. Prints one line per table copied and one at the end; a copy
it can't make ends in one sentence on stderr and exit status 2, with the target left as it was.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.store.copy import copy
from bot.store.errors import StoreError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.store", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    copying = commands.add_parser(
        "copy", help="copy a SQLite file's store into an empty PostgreSQL database, and check it"
    )
    copying.add_argument("source", help="the SQLite file, e.g. diwaniya.db")
    copying.add_argument("target", help="the PostgreSQL URL, e.g. postgresql://bot@db/diwaniya")
    args = parser.parse_args(argv)
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
