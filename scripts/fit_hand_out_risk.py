"""Fit Hand's out-risk table for ``hard``: ``python scripts/fit_hand_out_risk.py [--rounds N]
[--out PATH]``.

``normal`` plays every seat (the level ``hard`` is measured against) through rounds dealt from
tuning seeds (0 up, below the ladder's reporting seeds). At the start of every turn the seat's
public state is recorded -- the cards it holds and whether it has opened, what every other player
at the table sees -- and later whether that turn ended with the seat going out. The share of turns
that did, by cards held, is the chance that an opened opponent holding that many goes out on their
next turn: ``bot.ai.hand.out_risk`` multiplies it over the opponents who play before our next
turn. It is written as a small JSON table next to the player (``bot/ai/hand_out_risk.json``).

Counts with fewer than ``MIN_TURNS`` turns behind them are left out (read as no risk); an unopened
seat is one row of its own (it must lay 51 first and all but one card at once: a Hand).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import hand
from bot.games.base import Discard
from bot.games.registry import new_game

MIN_TURNS = 100  # fewer turns than this at a count say too little to print a chance for it


def turns(rounds: int) -> tuple[Counter[str], Counter[str]]:
    """Turns played and turns gone out on, by the seat's state when the turn began: its count
    once opened (``"3"``), or ``"unopened"``."""
    played: Counter[str] = Counter()
    out: Counter[str] = Counter()
    for seed in range(rounds):
        game = new_game("hand", {}, seed)
        n = 0
        state = ""
        while not game.round_over:
            seat = game.turn
            view = game.view(seat)
            if view.phase == "draw" or n == 0:  # a turn begins (the starter's first has no draw)
                state = str(len(view.hand)) if view.opened[seat] else "unopened"
            move = hand.choose_normal(view, game.legal_moves(seat), random.Random(f"{seed}:{n}"))
            game.apply(seat, move)
            n += 1
            if isinstance(move, Discard):
                played[state] += 1
                if game.round_over and game.result is not None and game.result.closer == seat:
                    out[state] += 1
    return played, out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=2000)
    ap.add_argument("--out", default=str(Path(hand.__file__).with_name("hand_out_risk.json")))
    args = ap.parse_args(argv)
    played, out = turns(args.rounds)
    opened = sorted(int(k) for k in played if k != "unopened" and played[k] >= MIN_TURNS)
    table = {
        "out_risk": {str(k): round(out[str(k)] / played[str(k)], 4) for k in opened},
        "unopened": round(out["unopened"] / max(played["unopened"], 1), 4),
        "turns": {k: played[k] for k in sorted(played, key=lambda k: (len(k), k))},
        "rounds": args.rounds,
        "command": f"python scripts/fit_hand_out_risk.py --rounds {args.rounds}",
    }
    Path(args.out).write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(table, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
