"""``python -m bot``: start the Discord bot."""

from __future__ import annotations

import logging
import sys

from bot.config import ConfigError, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as e:
        print(e, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        from bot.client import run
    except ImportError as e:
        print(f"The Discord client could not load: {e}.", file=sys.stderr)
        return 2
    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
