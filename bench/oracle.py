"""How far above ``normal`` can any player get? A ceiling for "hard beats normal", per game.

    python bench/oracle.py GAME [--knows whole|hands|view] [--samples K] [--deals N] [--seed S]
        [--jobs N] [--candidates C]

Plays the fair ladder (``bot.computers.ladder``: duplicate deals, the levels rotated through
every seat) of an *oracle* against ``normal``. The oracle cheats twice over: it sees the whole
table, every hand and the stock in its order, and it knows the others play ``normal``. At each
decision it plays each of its legal moves (``normal``'s own first, then the engine's order, up
to ``--candidates``) out to the round's end from the true state, every seat then playing
``normal``, and keeps the move that beats the most seats (then the best margin), ``normal``'s
own on a tie. ``normal`` draws on no random numbers in Hand and Run Fast, so there each playout
is the exact future of its move. It is a one-move lookahead, not perfect play, but it knows far
more than any fair player can: where it stays short of 0.60 against ``normal``, the cards decide
the rest, and no fair ``hard`` gets there by searching better.

``--knows`` takes knowledge away to tell where the oracle's edge comes from: ``hands`` sees every
hand but not the stock's order (each of ``--samples`` playouts per move shuffles the stock
anew, every move on the same shuffles); ``view`` sees what the seat sees, its samples dealt by
the game's own ``hard`` sampler (``_sample_state``), which is a fair player searching every legal
move to the round's end. A measurement tool, never a level; only the ladder's own table shows
it the truth. Seeds default to the tuning ones (from 0).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import Chooser
from bot.ai.search import playout
from bot.computers import ladder
from bot.games.base import Move
from bot.games.registry import GAME_KEYS, engine_class

sys.path.insert(0, str(Path(__file__).resolve().parent))
information = importlib.import_module("information")  # its open table, shown the whole state

DEFAULT_CANDIDATES = 24


def open_table(game: str) -> type:
    """The game's engine, whose views also carry the whole state (``table``, its JSON)."""
    return information.showing(game, "table", lambda engine: engine.to_json())


def seats_beaten(game: Any, seat: int, sign: float) -> float:
    """The ladder's measure from ``seat``: the other seats its round score beats (a tie half),
    the margin over their average breaking ties between outcomes that beat as many."""
    scores = [sign * s for s in game.result.scores]
    mine = scores[seat]
    others = [x for s, x in enumerate(scores) if s != seat]
    beaten = sum(1.0 if mine > x else 0.5 if mine == x else 0.0 for x in others)
    return beaten + 0.0001 * (mine - sum(others) / len(others))


KNOWS = ("whole", "hands", "view")


def sampler(game: str, knows: str) -> Callable[[Any, random.Random], dict[str, Any]]:
    """The states the oracle plays out from, as much of the truth as ``knows`` allows."""
    if knows == "whole":
        return lambda view, rng: view.table
    if knows == "hands":

        def shuffled(view: Any, rng: random.Random) -> dict[str, Any]:
            state = dict(view.table)
            if "stock" in state:
                stock = list(state["stock"])
                rng.shuffle(stock)
                state["stock"] = stock
            return state

        return shuffled
    return importlib.import_module(f"bot.ai.{game}")._sample_state  # type: ignore[no-any-return]


def oracle(game: str, candidates: int, knows: str = "whole", samples: int = 1) -> Chooser:
    module = importlib.import_module(f"bot.ai.{game}")
    engine = engine_class(game)
    sign = -1.0 if game in ladder.LOWER_IS_BETTER else 1.0
    build = sampler(game, knows)

    def choose(view: Any, legal: Sequence[Move], rng: random.Random) -> Move:
        first = module.choose_normal(view, legal, rng)
        moves = [first, *(m for m in legal if m != first)][:candidates]
        if len(moves) == 1:
            return first
        totals = [0.0] * len(moves)
        for _ in range(samples):
            seed = rng.getrandbits(64)
            state = build(view, random.Random(seed))
            for k, move in enumerate(moves):
                table = engine.from_json(state)
                table.apply(view.seat, move)
                playout(table, module.choose_normal, seed, None)
                totals[k] += seats_beaten(table, view.seat, sign)
        # The first best: normal's own move unless another does strictly better.
        return moves[max(range(len(moves)), key=lambda k: (totals[k], -k))]

    return choose


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=GAME_KEYS)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0: tuning seeds)")
    ap.add_argument("--jobs", type=int, default=1, help="play deals in this many processes")
    ap.add_argument("--candidates", type=int, default=DEFAULT_CANDIDATES, help="moves compared")
    ap.add_argument("--knows", choices=KNOWS, default="whole", help="what the oracle sees")
    ap.add_argument("--samples", type=int, default=1, help="playouts per move")
    args = ap.parse_args(argv)
    if min(args.deals, args.candidates, args.samples) < 1:
        ap.error("--deals, --candidates and --samples are at least 1")
    table = open_table(args.game)
    ladder.new_game = lambda game, options, seed: table.new(options, seed)
    ladder.EXTRA["oracle"] = lambda game: oracle(game, args.candidates, args.knows, args.samples)
    rung = ladder.ladder([args.game], ("oracle", "normal"), args.deals, args.seed, args.jobs)
    print(f"knows {args.knows}, {args.samples} playouts a move:", rung[args.game].line(args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
