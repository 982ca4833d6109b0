"""Fit Mor's tables for ``hard``'s cut-short playouts: ``python scripts/train_mor_value.py
[--rounds N] [--every K] [--out PATH]``.

``normal`` plays every seat (it is the playouts' policy) through rounds dealt from tuning seeds
(0 up, below the ladder's reporting seeds), ``N`` rounds 2 vs 2 and ``N`` rounds 1 vs 1; every
``K``-th decision of a round, each side's ``bot.ai.mor.features`` is recorded (partners share
every feature, so one seat of each side), and later paired with the margin the round really
ended with. The margin is fitted by least squares (``bot.ai.fitted``) for each size of table
apart, since a side of one hand plays differently from a side of two, and written as a small
JSON table next to the player (``bot/ai/mor_value.json``; the 1 vs 1 fit's fields begin with
``heads_up_``), each with its squared error on the last fifth of the samples when fitted on the
rest, against scoring the round as if it ended at the recorded moment.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import fitted, mor
from bot.ai.fitted import margin_fit, write_table
from bot.games.registry import new_game

Samples = fitted.Samples


def samples(rounds: int, every: int, first: int = 0, players: int = 4) -> Samples:
    """A side's features and its margin at the end, from the rounds of seeds ``first`` on at a
    table of ``players``."""
    margins: Samples = ([], [])
    for seed in range(first, first + rounds):
        game = new_game("mor", {"players": players}, seed)
        pending: list[tuple[int, list[float]]] = []
        n = 0
        while not game.round_over:
            if n % every == 0:
                pending += [(s, mor.features(game, s)) for s in (0, 1)]
            seat = game.turn
            legal = game.legal_moves(seat)
            game.apply(seat, mor.choose_normal(game.view(seat), legal, random.Random(n)))
            n += 1
        for s, x in pending:
            margins[0].append(x)
            margins[1].append(mor._final_margin(game, s))
    return margins


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--out", default=str(Path(mor.__file__).with_name("mor_value.json")))
    args = ap.parse_args(argv)
    heads_up = margin_fit(mor.FEATURES, samples(args.rounds, args.every, players=2), args.rounds)
    table = {
        **margin_fit(mor.FEATURES, samples(args.rounds, args.every), args.rounds),
        **{"heads_up_" + key: value for key, value in heads_up.items()},
        "command": f"python scripts/train_mor_value.py --rounds {args.rounds} --every {args.every}",
    }
    write_table(table, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
