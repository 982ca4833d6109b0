"""The fair ladder with the previous ``hard`` at the table: ``python bench/ladder.py [GAME ...]
--levels hard,oldhard --deals N [--jobs 2]`` (every other option as ``python -m bot.computers.selfplay
ladder``).

``oldhard`` is ``hard`` as it was on main before issue 29: the same code with the budgets it had
then (Mor 4 deals, More 12, Run Fast 16), More judging a playout by its side's margin in points
and a cut-short one as if the round ended there (no fitted weights), Run Fast ignoring passes
and every earlier play, Hand without the risk that an opponent goes out (``OUT_RISK`` empty: the
throw is then chosen exactly as before), and the rummy games blind to the cards it saw the
others take (its view's ``shown`` emptied). The lean path changed only speed, never a decision,
so this decides exactly as the old ``hard`` did. It is reachable here only, never at a table.
``noread`` is today's Run Fast ``hard`` without its reading of the others' play (README, "Run
Fast reads the others' play").
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import Chooser, more3
from bot.ai.search import Budget
from bot.computers import ladder
from bot.games.base import Move

# The module constants choose_hard reads, and their values on main before issue 29. Run Fast's
# hard then dealt 16 deals and ignored passes (one try per deal).
OLD: dict[str, dict[str, Any]] = {
    # Mor's hard then scored a cut-short playout as if the round ended there (no weights).
    "mor": {
        "HARD": Budget(samples=4, horizon=16, candidates=3),
        "WEIGHTS": (),
        "HEADS_UP_WEIGHTS": (),
    },
    # More's hard then judged a playout by its side's margin in points, a cut-short one as if the
    # round ended there (no weights), not by the seat pairings it is likely to win, and its Solo
    # laid its runs as ``normal`` does.
    "more3": {
        "HARD": Budget(samples=12, horizon=9, candidates=3),
        "WEIGHTS": (),
        "_standing": more3._value,
        "_hard_order": more3.choose_normal,
    },
    "runfast": {
        "HARD": Budget(samples=16, horizon=None, candidates=4),
        "CONSISTENT_TRIES": 1,
        "READ_PLAY": False,
        "ON_COUNTS": False,
    },
    "hand": {"OUT_RISK": {}},
}


def old_hard(game: str) -> Chooser:
    choose = ladder.swapped(game, OLD[game])
    if game == "runfast":
        return choose

    def forgetting(view: Any, legal: Sequence[Move], rng: random.Random) -> Move:
        # The previous hard did not remember the cards it saw the others take.
        return choose(replace(view, shown=()), legal, rng)

    return forgetting


def not_reading(game: str) -> Chooser:
    """Run Fast's ``hard`` with its reading of the others' play off: its deals at random,
    consistent with the passes on the table's play, played out on counts as now. The other
    games' ``hard`` reads nothing, so there it is ``hard`` as it is."""
    if game != "runfast":
        return ladder.resolve(game, "hard")
    return ladder.swapped(game, {"READ_PLAY": False})


# The bench's levels by name. Whoever plays them enters them in the bot's ladder (``EXTRA``):
# this command, the variants and information benches; importing the script changes nothing.
LEVELS = {"oldhard": old_hard, "noread": not_reading}

if __name__ == "__main__":
    ladder.EXTRA.update(LEVELS)
    sys.exit(ladder.main())
