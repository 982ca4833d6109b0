"""The fair ladder: ``python -m bot.computers.selfplay ladder [GAME ...] --levels A,B --deals N``.

Duplicate deals with seat rotation. Each deal (seed) is dealt once and replayed with the levels
rotated through every seat: in the 3-seat games A sits alone against two B's, once in each seat;
in Mor (2 vs 2) A's team plays the deal once as each team. The same cards go to the same seats
in every replay, so a lucky hand counts for both levels alike and the seat order cancels.

A deal's figure is the share of seat pairings A won over all its replays: every seat of A against
every seat of B, the better round score winning (the lower in Hand), a tie half. The ladder
reports the mean over deals with a 95% interval and the number of deals, per game (in More
also A's share in each kind of pairing: as the Solo, in the Pair against the Solo, against its
partner). A level against itself scores exactly 0.5 on every deal, because each replay decides
the same moves (a decision's rng depends on the deal and the move number, not on the seat's
label) and every ordered pair of seats is counted once each way.

Seeds: the ladder's figures use seeds from ``REPORT_SEED`` up; tuning (``bot.computers.selfplay``'s default
``--seed 0``, the tests, any experiment while changing a player) uses seeds below it, so the
README's figures come from deals no player was ever tuned on. ``--tuning`` runs the ladder on the
tuning seeds instead.

Decision times are CPU seconds of the deciding process (``time.process_time``), so a busy machine
does not inflate them; the ladder prints p50, p99 and the max per level and game.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.ai import LEVELS, chooser, search
from bot.computers.selfplay import mean_interval, percentile
from bot.games.registry import GAME_KEYS as GAMES
from bot.games.registry import new_game

LOWER_IS_BETTER = frozenset({"hand"})
REPORT_SEED = 1_000_000  # the README's figures; tuning stays below
OPTIONS: dict[str, dict[str, Any]] = {"mor": {"players": 4, "length": "quick"}}

# A replay's seats, as roles: 0 is level A, 1 level B.
PATTERNS: dict[str, tuple[int, ...]] = {
    "mor": (0, 1, 0, 1),
    "more3": (0, 1, 1),
    "hand": (0, 1, 1),
    "runfast": (0, 1, 1),
}


def seatings(pattern: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct rotation of ``pattern`` (Mor's A,B,A,B has two)."""
    out: list[tuple[int, ...]] = []
    for r in range(len(pattern)):
        rot = tuple(pattern[r:]) + tuple(pattern[:r])
        if rot not in out:
            out.append(rot)
    return out


@dataclass(frozen=True)
class Deal:
    """One deal's outcome, plain data for worker processes."""

    seed: int
    won: float  # seat pairings A won over every replay (ties half)
    pairs: int
    times: tuple[list[float], list[float]]  # CPU seconds per decision, of A and of B
    # In More, the same pairings by what A was to B that round (PAIRINGS): won, pairs.
    kinds: dict[str, tuple[float, int]] = field(default_factory=dict)


# More's pairings are three different contests: A as the Solo against a Pair player, A in the
# Pair against the Solo, and A against its own partner, which is settled by who goes out or holds
# fewer points. A share over all of them hides which one a player gains in, so the ladder says.
PAIRINGS = ("as the Solo", "in the Pair against the Solo", "against its partner")


def pairing_kind(engine: Any, a: int, b: int) -> str | None:
    """What seat ``a`` was to seat ``b`` this round, in a game whose roles change the contest."""
    solo = getattr(engine, "solo", None) if engine.game == "more3" else None
    if solo is None:
        return None
    return PAIRINGS[0] if a == solo else PAIRINGS[1] if b == solo else PAIRINGS[2]


def tally(kinds: dict[str, tuple[float, int]], kind: str, won: float, pairs: int) -> None:
    """Add ``won`` of ``pairs`` pairings to ``kind``'s count in ``kinds``."""
    k_won, k_pairs = kinds.get(kind, (0.0, 0))
    kinds[kind] = (k_won + won, k_pairs + pairs)


def play_deal(game: str, levels: tuple[str, str], seed: int, players: int | None = None) -> Deal:
    """Replay deal ``seed`` once per seating; decision ``n`` of every replay draws from
    ``Random(f"{seed}:{n}")`` whichever level makes it. ``players``: a smaller table than the
    ladder's (Mor 1 vs 1, for the bench), its seats the first of ``PATTERNS``'."""
    choose = (chooser(game, levels[0]), chooser(game, levels[1]))
    sign = -1.0 if game in LOWER_IS_BETTER else 1.0
    won, pairs = 0.0, 0
    kinds: dict[str, tuple[float, int]] = {}
    times: tuple[list[float], list[float]] = ([], [])
    options, pattern = OPTIONS.get(game, {}), PATTERNS[game]
    if players is not None:
        options, pattern = {**options, "players": players}, pattern[:players]
    for roles in seatings(pattern):
        engine = new_game(game, options, seed)
        n = 0
        while not engine.round_over:
            seat = engine.turn
            assert seat is not None  # a round in play always has a seat to play
            view = engine.view(seat)
            legal = engine.legal_moves(seat)
            rng = random.Random(f"{seed}:{n}")
            role = roles[seat]
            start = time.process_time()
            move = choose[role](view, legal, rng)
            times[role].append(time.process_time() - start)
            engine.apply(seat, move)
            n += 1
        result = engine.view(0).result
        assert result is not None  # the round is over
        scores = [sign * s for s in result.scores]
        for i, ri in enumerate(roles):
            for j, rj in enumerate(roles):
                if ri == 0 and rj == 1:
                    w = 1.0 if scores[i] > scores[j] else 0.5 if scores[i] == scores[j] else 0.0
                    pairs += 1
                    won += w
                    kind = pairing_kind(engine, i, j)
                    if kind is not None:
                        tally(kinds, kind, w, 1)
    return Deal(seed, won, pairs, times, kinds)


@dataclass
class Rung:
    """A game's ladder figures so far."""

    game: str
    levels: tuple[str, str]
    shares: list[float] = field(default_factory=list)
    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    kinds: dict[str, tuple[float, int]] = field(default_factory=dict)

    def add(self, deal: Deal) -> None:
        self.shares.append(deal.won / deal.pairs)
        for role in (0, 1):
            self.times[role].extend(deal.times[role])
        for kind, (won, pairs) in deal.kinds.items():
            tally(self.kinds, kind, won, pairs)

    def interval(self) -> tuple[float, float, float]:
        return mean_interval(self.shares)

    def pairings(self) -> str:
        """A's share in each kind of pairing (More's three contests), in ``PAIRINGS`` order."""
        return ", ".join(
            f"{kind} {won / pairs:.3f} of {pairs}"
            for kind in PAIRINGS
            if kind in self.kinds
            for won, pairs in [self.kinds[kind]]
        )

    def line(self, first_seed: int) -> str:
        a, b = self.levels
        mean, lo, hi = self.interval()
        n = len(self.shares)
        replays = len(seatings(PATTERNS[self.game]))
        out = [
            f"{self.game}: {a} vs {b}: {mean:.3f} [95% {lo:.3f}-{hi:.3f}] over {n} deals "
            f"({replays} seatings each; seeds {first_seed}-{first_seed + n - 1})"
        ]
        if self.kinds:
            out.append(f"  {a}'s pairings: {self.pairings()}")
        for role, level in enumerate(self.levels):
            t = self.times[role]
            out.append(
                f"  {level if a != b else f'{level}#{role + 1}':<8} CPU per decision "
                f"p50 {1000 * percentile(t, 0.5):.1f} ms  p99 {1000 * percentile(t, 0.99):.1f} ms  "
                f"max {1000 * max(t, default=0.0):.1f} ms  ({len(t)} decisions)"
            )
        return "\n".join(out)


def ladder(
    games: Sequence[str],
    levels: tuple[str, str],
    deals: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Rung]:
    """Play ``deals`` duplicate deals of every game in ``games``, seeds ``seed`` on."""
    rungs: dict[str, Rung] = {}
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        for game in games:
            rung = rungs[game] = Rung(game, levels)
            task = partial(play_deal, game, levels)
            seeds = range(seed, seed + deals)
            # A deal's play depends on nothing else: the same figures in any order or process.
            outcomes = pool.map(task, seeds) if pool else map(task, seeds)
            for deal in outcomes:
                rung.add(deal)
            if progress:
                progress(rung.line(seed))
    return rungs


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bot.computers.selfplay ladder", description=__doc__.split("\n")[0]
    )
    ap.add_argument("games", nargs="*", help=f"any of {', '.join(GAMES)} (default: all four)")
    ap.add_argument("--levels", required=True, help="two levels, A,B: the share is A's")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=None, help=f"first seed (default {REPORT_SEED})")
    ap.add_argument("--tuning", action="store_true", help="use the tuning seeds (from 0)")
    ap.add_argument("--jobs", type=int, default=1, help="play deals in this many processes")
    args = ap.parse_args(argv)
    games = args.games or list(GAMES)
    bad_game = [g for g in games if g not in GAMES]
    if bad_game:
        print(f"“{bad_game[0]}” is not a game: choose {', '.join(GAMES)}.", file=sys.stderr)
        return 2
    levels = tuple(s.strip() for s in args.levels.split(","))
    known = LEVELS
    if len(levels) != 2 or any(lv not in known for lv in levels):
        print(f"--levels takes two of {', '.join(known)}, as A,B.", file=sys.stderr)
        return 2
    first = args.seed if args.seed is not None else 0 if args.tuning else REPORT_SEED
    if args.deals < 1:
        print("--deals must be at least 1.", file=sys.stderr)
        return 2
    # This process only decides: let hard's decisions keep their caches out of the collector's
    # walks, as a computer worker does (bot.ai.search.settle).
    search.FREEZE = True
    ladder(games, (levels[0], levels[1]), args.deals, first, args.jobs, progress=print)
    return 0


if __name__ == "__main__":
    sys.exit(main())
