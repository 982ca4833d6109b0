"""What knowing who holds the hidden cards is worth to Run Fast's ``hard``: the fair ladder
against ``normal`` with ``hard``'s deals told part of the truth.

    python bench/runfast_information.py [--share R ...] [--deals N] [--seed S] [--jobs N]

Three hands of 16 use the whole deck, so ``hard`` always knows which cards are hidden (the other
two hands'), only not who holds which. Here every deal ``hard`` makes of them keeps each hidden
card with the seat that truly holds it, except a share R (``--share``, each card on its own) that
is dealt at random between the two; ``hard``'s own check of the passes on the table then redeals
as it always does. R = 1 is ``hard`` as it is (a card placed right half the time, by chance), R =
0 is ``hard`` seeing every hand, and a card is placed right about 1 - R/2 of the time. The figure
is the ladder's (duplicate deals, ``hard`` alone against two ``normal`` seats in every seat), so it
sits beside ``python -m bot.computers.selfplay ladder runfast --levels hard,normal``. The seeds
default to the tuning ones (from 0): this measures, it is never a level, and only the ladder's
own table shows this chooser the hands.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import Chooser, runfast
from bot.ai.search import settle
from bot.computers import ladder
from bot.games.base import Move
from bot.games.cards import Card
from bot.games.runfast import RunFast, RunFastView


@dataclass(frozen=True)
class OpenView(RunFastView):
    """A seat's view with every hand beside it, for the measuring chooser alone."""

    truth: tuple[tuple[Card, ...], ...] = ()


class OpenTable(RunFast):
    """The ladder's table, whose views carry every hand. ``hard``'s playouts run on plain
    ``RunFast`` copies, so nothing inside the search sees them."""

    def view(self, seat: int) -> RunFastView:
        plain = super().view(seat)
        shown = {f.name: getattr(plain, f.name) for f in fields(plain)}
        return OpenView(**shown, truth=tuple(map(tuple, self.hands)))


def told_deals(
    truth: Sequence[Sequence[Card]], share: float
) -> Callable[[RunFastView, random.Random], list[list[Card]]]:
    """Deals of the hidden cards (in place of ``runfast._deal_others``) that keep each one with
    its true holder unless it falls in ``share``, and deal those at random to fill the counts."""

    def deal_others(view: RunFastView, rng: random.Random) -> list[list[Card]]:
        hands: list[list[Card]] = [[] for _ in range(view.n_seats)]
        hands[view.seat] = list(view.hand)
        others = [s for s in range(view.n_seats) if s != view.seat]
        loose: list[Card] = []
        for s in others:
            for card in truth[s]:
                (loose if rng.random() < share else hands[s]).append(card)
        rng.shuffle(loose)
        for s in others:
            need = view.hand_counts[s] - len(hands[s])
            hands[s].extend(loose[:need])
            del loose[:need]
        return hands

    return deal_others


def told(share: float) -> Chooser:
    """``hard``, its deals of the hidden cards keeping all but ``share`` of them true."""

    def choose(view: Any, legal: Sequence[Move], rng: random.Random) -> Move:
        assert isinstance(view, OpenView), "the ladder's table must be an OpenTable"
        # choose_hard deals through the module's _deal_others at each call; a ladder process
        # decides one move at a time, so the swap is seen by this call only.
        plain = runfast._deal_others
        runfast._deal_others = told_deals(view.truth, share)
        try:
            return runfast.choose_hard(view, legal, rng)
        finally:
            runfast._deal_others = plain
            settle()

    return choose


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--share", type=float, nargs="+", default=[0.0, 0.3, 0.6, 1.0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0: tuning seeds)")
    ap.add_argument("--jobs", type=int, default=1, help="play deals in this many processes")
    args = ap.parse_args(argv)
    if any(not 0.0 <= r <= 1.0 for r in args.share):
        ap.error("a share is between 0 and 1")
    ladder.new_game = lambda game, options, seed: OpenTable.new(options, seed)
    for r in args.share:
        name = f"told{r:g}"
        ladder.EXTRA[name] = lambda game, r=r: told(r)
        rung = ladder.ladder(["runfast"], (name, "normal"), args.deals, args.seed, args.jobs)
        print(f"share {r:g} redealt:", rung["runfast"].line(args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
