"""Playout speed of ``hard``'s search, per game: simulated moves per CPU second.

    python bench/playouts.py [GAME ...] [--states N] [--seed S] [--decisions N]

For each game, N decision states are taken from seeded rounds played by ``normal`` (every fifth
decision of the round, skipping a Mor or More bid). At each state the search's own machinery runs
as ``hard`` runs it: a sample of the unseen cards is built from the seat's view
(``SEARCH.deal``), an engine is made from it, and the round is played on by the ``normal``
policy with ``hard``'s horizon (``search.playout``). The figure is simulated moves (the moves
offered + policy + apply) per CPU second (``time.process_time``), and the cost of one sample's
build. Where ``normal`` is a ``search.Preference`` (Mor, More) the playout offers it the engine's
unchecked candidates, as ``hard``'s do; a second line offers it every legal move instead (the
path before, each candidate checked), measured after the first in the same process.
Each game runs once in a fresh process state (the caches of the lean path start empty; a
worker process keeps them warm across decisions, so real play does at least as well).
Run it at two commits to compare them: the README gives the figures before and after the lean
path.

``--decisions N`` measures the same thing where it counts, inside ``hard``'s own decisions in Mor
and More: N decisions (every fifth of seeded ``normal`` rounds, in a shuffled order) after as many
unmeasured ones, as a computer worker makes them with its caches warm and what survives each
decision frozen out of the collector's sight (``search.settle``, where the commit has it;
``--unfrozen``: as a process that does more than decide, whose collections walk the kept answers),
and every move the engines apply during them counted (a candidate tried, then the playout's moves),
per CPU second of the whole decision (sampling and judging the playouts included). The budget is
set to today's (Mor 8 deals x 16 decisions x 3 moves, More 24 x 9 x 3, Run Fast 24 deals x 6 plays
to the end) whatever the commit, so older code searches alike; copy this file into an older
checkout to run it there. Run Fast's ``hard`` plays its deals out on counts per power
(``bot.ai.runfast_counts``), not on the engine: a second line measures that path from the same
states and deals. Inside its decisions Run Fast deals at random here (its reading of the others'
play is replaced by random deals here, so that the figure is the playouts' and its moves are
counted on counts.

CPU seconds on a shared machine vary by a fifth from run to run. The instructions the decisions
execute do not: run the bench under valgrind (``valgrind --tool=cachegrind --cache-sim=no``),
once as it is and once with ``--setup-only`` (the same states found, no decision made), and the
difference is the instructions of the 2N decisions, warm-up included, the same on every run.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import inspect
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import search
from bot.games.registry import engine_class, new_game

GAMES = ("mor", "more3", "hand", "runfast")

OPTIONS = {"mor": {"players": 4, "length": "quick"}}
# Hand's hard does not sample (its review does); its playouts run Mor's horizon for comparison.
HORIZON = {"mor": 16, "more3": 9, "hand": 16, "runfast": None}


def spots(game: str, count: int, seed: int) -> list[tuple[Any, list]]:
    """``count`` decision spots (the seat's view and legal moves) from seeded rounds played by
    ``normal``: every fifth decision of a round, skipping a Mor or More bid."""
    from bot.ai import choose_move

    out = []
    s = seed
    while len(out) < count:
        engine = new_game(game, OPTIONS.get(game, {}), s)
        n = 0
        while not engine.round_over and len(out) < count:
            seat = engine.turn
            view, legal = engine.view(seat), engine.legal_moves(seat)
            if n % 5 == 0 and getattr(view, "phase", "") != "bid":
                out.append((view, legal))
            engine.apply(seat, choose_move(view, legal, "normal", random.Random(n)))
            n += 1
        s += 1
    return out


def states(game: str, count: int, seed: int) -> list:
    return [view for view, _ in spots(game, count, seed)]


def playout_seeds() -> Callable[[], Any]:
    """What ``search.playout`` is given to draw from, made fresh for each playout: a seed since
    it seeds a generator only for a policy that draws, a generator in the commits before (the
    bench runs there too). Asked once, outside the timed playouts."""
    if "seed" in inspect.signature(search.playout).parameters:
        return lambda: 1
    return lambda: random.Random(1)


def measure(game: str, count: int, seed: int, lean: bool = True) -> tuple[float, float, int]:
    """Moves per CPU second, ms to build a sample, moves. ``lean``: ``normal`` plays as the
    search plays it, on the engine's unchecked candidates when it is a ``Preference``; else on
    the whole list of legal moves, every candidate checked (the path before the lean one)."""
    module = importlib.import_module(f"bot.ai.{game}")
    engine = engine_class(game)
    views = states(game, count, seed)
    steps = 0
    build_cpu = play_cpu = 0.0
    rng = random.Random(seed)
    policy = module.choose_normal
    if not lean:
        policy = search.listing(policy)
    seeds = playout_seeds()
    for view in views:
        drawn_from = seeds()
        t0 = time.process_time()
        game_ = engine.from_json(module.SEARCH.deal(view, rng))
        t1 = time.process_time()
        steps += search.playout(game_, policy, drawn_from, HORIZON[game])
        t2 = time.process_time()
        build_cpu += t1 - t0
        play_cpu += t2 - t1
    return steps / max(play_cpu, 1e-9), 1000 * build_cpu / len(views), steps


def measure_counts(count: int, seed: int) -> tuple[float, int]:
    """Run Fast's playouts on counts (``Deal.play_out``, as ``hard`` plays them) from the same
    states and the same deals as ``measure``."""
    from bot.ai import runfast, runfast_counts

    views = states("runfast", count, seed)
    play_cpu = 0.0
    rng = random.Random(seed)
    with counting(runfast_counts.Deal, COUNTS_MOVES) as made:
        for view in views:
            hands = runfast._deal_others(view, rng)
            t1 = time.process_time()
            runfast_counts.from_view(view, hands).play_out()
            play_cpu += time.process_time() - t1
    return made[0] / max(play_cpu, 1e-9), made[0]


# Where a deal on counts makes a move: a play or a pass (``move`` at commits before them).
COUNTS_MOVES = ("_play", "_pass")


@contextmanager
def counting(cls: Any, names: Sequence[str]) -> Iterator[list[int]]:
    """``cls``'s methods ``names`` (those it has of them, else ``move``) each counted while the
    block runs, in the one-item list it is given; put back afterwards."""
    made = [0]
    held = [n for n in names if hasattr(cls, n)] or ["move"]
    methods = {name: getattr(cls, name) for name in held}

    def counted(method: Any) -> Any:
        def call(*args: Any) -> Any:
            made[0] += 1
            return method(*args)

        return call

    for name, method in methods.items():
        setattr(cls, name, counted(method))
    try:
        yield made
    finally:
        for name, method in methods.items():
            setattr(cls, name, method)


# hard's budget in the games whose hard searches (Hand's does not sample), as it is today.
DECISION_BUDGET = {"mor": (8, 16, 3), "more3": (24, 9, 3), "runfast": (24, None, 6)}


def measure_decisions(
    game: str,
    count: int,
    seed: int,
    frozen: bool = True,
    setup_only: bool = False,
) -> tuple[float, int, float]:
    """Moves made per CPU second inside ``count`` ``hard`` decisions made after ``count``
    unmeasured ones (the engine's applies; Run Fast's plays and passes on counts); the moves
    and the CPU seconds. ``frozen``: each decision ends as in a computer worker, its survivors frozen out of the collector's sight (``search.settle``), where the
    commit has that; else as in a process that does more than decide. ``setup_only``: only
    find the states (what an instruction count subtracts)."""
    from bot.ai import choose_move

    module = importlib.import_module(f"bot.ai.{game}")
    settings: dict[str, Any] = {"HARD": search.Budget(*DECISION_BUDGET[game])}
    # Where a move is made: the engine's apply, or on Run Fast's counts a play or a pass.
    cls: Any = engine_class(game)
    names: Sequence[str] = ("apply",)
    if game == "runfast":
        # Deal at random instead of reading the others' play: the figure is the playouts'.
        settings |= {"_read": lambda view, rng, n: None}
        cls = importlib.import_module("bot.ai.runfast_counts").Deal
        names = COUNTS_MOVES
    found = spots(game, 2 * count, seed)
    random.Random(seed).shuffle(found)
    if setup_only:
        return 0.0, 0, 0.0
    # Put back afterwards: a test runs this beside others in one process.
    were = {name: getattr(module, name, None) for name in settings}
    for name, value in settings.items():
        setattr(module, name, value)
    # A worker freezes what survives each decision (search.settle): set it here too, where the
    # commit has it, and put it back after. Older commits have nothing to set.
    was_freezing = getattr(search, "FREEZE", None)
    freezing = frozen and hasattr(search, "FREEZE") and was_freezing is not True
    if freezing:
        search.FREEZE = True
    try:
        with counting(cls, names) as made:
            for i, (view, legal) in enumerate(found[:count]):  # warming the caches, as a worker's
                choose_move(view, legal, "hard", random.Random(i))
            made[0] = 0
            t0 = time.process_time()
            for i, (view, legal) in enumerate(found[count:]):
                choose_move(view, legal, "hard", random.Random(i))
            cpu = time.process_time() - t0
        applied = made[0]
    finally:
        for name, value in were.items():
            setattr(module, name, value)
        if freezing:
            search.FREEZE = was_freezing
            gc.unfreeze()
    return applied / max(cpu, 1e-9), applied, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--states", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--decisions", type=int, default=0, help="measure inside hard's decisions")
    ap.add_argument(
        "--unfrozen",
        action="store_true",
        help="decide as a process that does more than decide: no survivors frozen",
    )
    ap.add_argument(
        "--setup-only",
        action="store_true",
        help="with --decisions: find the states and stop (an instruction count's baseline)",
    )
    args = ap.parse_args()
    if args.decisions:
        for game in args.games or DECISION_BUDGET:
            rate, moves, cpu = measure_decisions(
                game, args.decisions, args.seed, not args.unfrozen, args.setup_only
            )
            if args.setup_only:
                continue
            print(
                f"{game:<8} {rate:8.0f} moves per CPU second inside {args.decisions} hard "
                f"decisions ({moves} moves in {cpu:.2f} s)"
            )
        return 0
    for game in args.games or GAMES:
        # One game per process: caches filled by another game's run would not flatter this one
        # (they hold different rules), but run each game alone for the figures anyway.
        rate, build_ms, steps = measure(game, args.states, args.seed)
        print(
            f"{game:<8} {rate:8.0f} moves per CPU second over {steps} moves; "
            f"one sample built in {build_ms:.2f} ms"
        )
        if isinstance(importlib.import_module(f"bot.ai.{game}").choose_normal, search.Preference):
            rate, _, steps = measure(game, args.states, args.seed, lean=False)
            print(f"{'  listing every legal move':<8} {rate:8.0f} moves per CPU second")
        if game == "runfast":
            rate, steps = measure_counts(args.states, args.seed)
            print(f"{'  on counts':<8} {rate:8.0f} moves per CPU second over {steps} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
