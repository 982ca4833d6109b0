"""Engine throughput for any game in the registry: rounds per second with a simple policy, and the
median and worst time of one ``apply`` and one ``view``.

    python bench/engines.py GAME [--rounds N] [--seed S]

GAME is a registry key (mor, more3, hand, runfast). The policy only reads ``legal_moves``: it draws
rather than takes, lays whatever is offered first, returns a taken card it can't lay, and else
plays the last legal move (a throw, in the rummies). Rounds per second are given per wall-clock
and per CPU second (the CPU figure is the fair one on a busy machine); ``apply`` and ``view`` are
timed one call at a time with ``time.perf_counter_ns``, so their worst case includes any pause
the machine took, and the median does not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games import registry
from bot.games.base import Add, Draw, Lay, Meld, Move, Return, Swap

LAYS = (Meld, Lay, Add, Swap)
MAX_MOVES_PER_ROUND = 5000  # a policy that never ends a round is a bug to report, not to wait on


def pick(moves: list[Move]) -> Move:
    """Draw first; then any lay; then give back a card that can't be laid; else the last move."""
    for kind in (Draw, *LAYS, Return):
        for move in moves:
            if isinstance(move, kind):
                return move
    return moves[-1]


def run(game_key: str, rounds: int, seed: int) -> dict[str, Any]:
    apply_ns: list[int] = []
    view_ns: list[int] = []
    played = moves = 0
    game_no = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while played < rounds:
        game = registry.new_game(game_key, {}, seed + game_no)
        game_no += 1
        while played < rounds:
            n = 0
            while not game.round_over:
                seat = game.turn
                assert seat is not None, "a live round always has a seat to move"
                move = pick(game.legal_moves(seat))
                t = time.perf_counter_ns()
                game.apply(seat, move)
                apply_ns.append(time.perf_counter_ns() - t)
                t = time.perf_counter_ns()
                game.view(seat)
                view_ns.append(time.perf_counter_ns() - t)
                n += 1
                if n > MAX_MOVES_PER_ROUND:
                    raise SystemExit(f"{game_key}: a round went past {MAX_MOVES_PER_ROUND} moves")
            played += 1
            moves += n
            if game.game_over:
                break
            game.next_round()
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {
        "game": game_key,
        "rounds": played,
        "games": game_no,
        "moves_per_round": moves / played,
        "rounds_per_s_wall": played / wall,
        "rounds_per_s_cpu": played / cpu if cpu else float("inf"),
        "apply_median_us": statistics.median(apply_ns) / 1000,
        "apply_worst_us": max(apply_ns) / 1000,
        "view_median_us": statistics.median(view_ns) / 1000,
        "view_worst_us": max(view_ns) / 1000,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(registry.GAMES))
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        registry.engine_class(args.game)
    except registry.UnknownGame as e:
        print(e, file=sys.stderr)
        return 2
    r = run(args.game, args.rounds, args.seed)
    print(
        f"{r['game']}: {r['rounds']} rounds ({r['games']} games), "
        f"{r['moves_per_round']:.0f} moves a round\n"
        f"  rounds/s   {r['rounds_per_s_wall']:.1f} wall, {r['rounds_per_s_cpu']:.1f} CPU\n"
        f"  apply      median {r['apply_median_us']:.0f} µs, worst {r['apply_worst_us']:.0f} µs\n"
        f"  view       median {r['view_median_us']:.0f} µs, worst {r['view_worst_us']:.0f} µs"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
