"""``python -m bot [--shards 0-3 --shard-count 16]``: start the Discord bot."""

from __future__ import annotations

import argparse
import logging
import sys

from bot.client.config import ConfigError, load_settings


def arguments(argv: list[str] | None) -> dict[str, str]:
    """The command line's settings, as the .env keys they stand for."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Start the Discord bot.")
    parser.add_argument(
        "--shards", metavar="0-3", help="the shards this process runs (DIWANIYA_SHARDS)"
    )
    parser.add_argument(
        "--shard-count",
        metavar="16",
        help="how many shards the bot has in all, the same for every process "
        "(DIWANIYA_SHARD_COUNT)",
    )
    args = parser.parse_args(argv)
    given = {"DIWANIYA_SHARDS": args.shards, "DIWANIYA_SHARD_COUNT": args.shard_count}
    return {key: value for key, value in given.items() if value is not None}


def main(argv: list[str] | None = None) -> int:
    overrides = arguments(argv)
    try:
        settings = load_settings(overrides=overrides)
    except ConfigError as e:
        print(e, file=sys.stderr)
        return 2
    # The log goes to stdout, so stderr holds only the sentence a stop ends with: a start
    # refused after the store was opened (a token Discord refuses) still says one thing there.
    logging.basicConfig(
        stream=sys.stdout,
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        from bot.client.serve import run
    except ImportError as e:
        print(f"The Discord client could not load: {e}.", file=sys.stderr)
        return 2
    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
