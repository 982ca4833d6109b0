"""``python -m bot.console``: the terminal client."""

import sys

from bot.console.cli import main

if __name__ == "__main__":
    sys.exit(main())
