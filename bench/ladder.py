"""The fair ladder with the previous ``hard`` at the table: ``python bench/ladder.py [GAME ...]
--levels hard,oldhard --deals N [--jobs 2]`` (every other option as ``python -m bot.computers.selfplay
ladder``).

``oldhard`` is ``hard`` as it was on main before issue 29: the same code with the budgets it had
then (Mor 4 deals, More 12, Run Fast 16) and, in Hand, without the risk that an opponent goes
out (``OUT_RISK`` empty: the throw is then chosen exactly as before). The lean path changed only
speed, never a decision, so this decides exactly as the old ``hard`` did. It is reachable here
only, never at a table.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import Chooser
from bot.ai.search import Budget
from bot.computers import ladder
from bot.games.base import Move

OLD_BUDGETS = {
    "mor": Budget(samples=4, horizon=16, candidates=3),
    "more3": Budget(samples=12, horizon=9, candidates=3),
    "runfast": Budget(samples=16, horizon=None, candidates=4),
}


def old_hard(game: str) -> Chooser:
    module = importlib.import_module(f"bot.ai.{game}")
    # The module constant choose_hard read then, and its value then.
    name, old = ("OUT_RISK", {}) if game == "hand" else ("HARD", OLD_BUDGETS[game])

    def choose(view: Any, legal: Sequence[Move], rng: random.Random) -> Move:
        # choose_hard reads the constant at each call; a ladder process decides one move at a
        # time, so the swap is seen by this call only.
        new = getattr(module, name)
        setattr(module, name, old)
        try:
            return module.choose_hard(view, legal, rng)  # type: ignore[no-any-return]
        finally:
            setattr(module, name, new)

    return choose


ladder.EXTRA["oldhard"] = old_hard

if __name__ == "__main__":
    sys.exit(ladder.main())
