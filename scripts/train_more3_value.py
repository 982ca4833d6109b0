"""Fit More's tables for ``hard``'s cut-short playouts: ``python scripts/train_more3_value.py
[--rounds N] [--every K] [--out PATH]``.

``normal`` plays every seat (it is the playouts' policy) through rounds dealt from tuning seeds
(0 up, below the ladder's reporting seeds); every ``K``-th decision of a round, each seat's
``bot.ai.more3.features`` is recorded, and later paired with how the round really ended. Three
fits, the standard library only, written as one small JSON table next to the player
(``bot/ai/more3_value.json``), each with how well it does on the last fifth of the samples when
fitted on the rest:

- the round's margin, by least squares (a little ridge): what a practice review reports in
  points, against scoring the round as if it ended at the recorded moment;
- the chance of winning a contest with one rival of the other side (``features`` against that
  seat), by logistic regression: what ``hard`` plays for (``more3._standing``);
- the chance of a Pair player beating its own partner (``more3.partner_features``), likewise.

A chance is judged by its log loss, against the base rate alone.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import fitted, more3
from bot.ai.fitted import chance_fit, margin_fit, write_table
from bot.games.registry import new_game

Samples = fitted.Samples


def samples(rounds: int, every: int, first: int = 0) -> tuple[Samples, Samples, Samples]:
    """The margins (each seat's features, its side's margin at the end), the contests with a
    rival (features against that seat, won 1, drawn 0.5, lost 0) and the partners' contests,
    from the rounds of seeds ``first`` on."""
    margins: Samples = ([], [])
    contests: Samples = ([], [])
    partners: Samples = ([], [])
    for seed in range(first, first + rounds):
        game = new_game("more3", {}, seed)
        pending: list[tuple[Samples, int, int | None, list[float]]] = []
        n = 0
        while not game.round_over:
            if game.phase != "bid" and n % every == 0:
                scores = game.scores_now()
                for s in range(3):
                    pending.append((margins, s, None, more3.features(game, s, scores)))
                    for o in range(3):
                        if game.side(o) != game.side(s):
                            x = more3.features(game, s, scores, [o])
                            pending.append((contests, s, o, x))
                    p = game.partner(s)
                    if p is not None:
                        x = more3.partner_features(game, s, p, scores)
                        pending.append((partners, s, p, x))
            seat = game.turn
            legal = game.legal_moves(seat)
            game.apply(seat, more3.choose_normal(game.view(seat), legal, random.Random(n)))
            n += 1
        scores = game.result.scores
        for into, s, o, x in pending:
            into[0].append(x)
            if o is None:
                into[1].append(more3._margin(game, s, scores))
            else:
                into[1].append(fitted.won(scores[s] - scores[o]))
    return margins, contests, partners


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=600)
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--out", default=str(Path(more3.__file__).with_name("more3_value.json")))
    args = ap.parse_args(argv)
    margins, contests, partners = samples(args.rounds, args.every)
    contest = chance_fit(more3.FEATURES, contests)
    partner = chance_fit(more3.PARTNER_FEATURES, partners)
    table = {
        **margin_fit(more3.FEATURES, margins, args.rounds),
        **{"contest_" + key: value for key, value in contest.items()},
        **{"partner_" + key: value for key, value in partner.items()},
        "command": f"python scripts/train_more3_value.py --rounds {args.rounds} --every {args.every}",
    }
    write_table(table, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
