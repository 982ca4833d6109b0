"""How long the bot's process pauses for a full garbage collection once it has played a while.

    python bench/collector.py [--seconds 90] [--few]

The bot's process lists every move's legal moves and views, and the meld answers it keeps on the
way (``bot.games.answers``) are objects its garbage collector walks while the event loop waits.
This plays rounds of the four games with ``simple`` players for every seat, asking each turn's
view and legal moves as the table service does, for ``--seconds``; then it counts the objects the
collector tracks and times one full collection. ``--few`` keeps the answers at the bot process's
size (``answers.FEW``, what it keeps once its decisions go to worker processes); without it, at
a worker's.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# Every kept function is listed as its module is imported: the computer players' ones too.
import bot.ai.rummy
import bot.ai.runfast
from bot.ai import choose_move
from bot.games import answers, registry


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=90.0)
    ap.add_argument("--few", action="store_true", help="the bot process's sizes")
    args = ap.parse_args()
    assert bot.ai.rummy and bot.ai.runfast  # imported for their kept functions
    if args.few:
        answers.keep_at_most(answers.FEW)
    rounds = 0
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        for game in registry.available_games():
            engine = registry.new_game(game, None, rounds)
            while not engine.round_over:
                seat = engine.turn
                view, legal = engine.view(seat), engine.legal_moves(seat)
                engine.apply(seat, choose_move(view, legal, "simple", random.Random(rounds)))
            rounds += 1
    del engine, view, legal
    objects = len(gc.get_objects())
    t0 = time.perf_counter()
    gc.collect()
    pause = time.perf_counter() - t0
    kept = sum(info.currsize for info in answers.infos().values())
    print(
        f"{rounds} rounds in {args.seconds:.0f} s ({'the bot process' if args.few else 'a worker'}"
        f"'s sizes): {kept} answers kept, {objects} objects tracked, "
        f"a full collection {pause * 1e3:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
