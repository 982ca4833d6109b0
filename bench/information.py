"""What knowing who holds the hidden cards is worth to ``hard``: the fair ladder against
``normal`` with ``hard``'s deals of the hidden cards told part of the truth.

    python bench/information.py runfast|more3|mor [--share R ...] [--against normal|oldhard]
        [--deals N] [--seed S] [--jobs N] [--on-counts]

``hard`` deals the cards its seat cannot see at random into the other hands (and, in More, the
stock and the More piles), by their counts. Here each card truly in another hand stays there in
every deal, except a share R of them (``--share``, each card on its own) that goes back among the
rest and is dealt at random as before: R = 1 is ``hard`` as it is, R = 0 is ``hard`` knowing every
hand (never the order of a stock). In Run Fast, whose three hands hold the whole deck, a card is
then placed right about 1 - R/2 of the time. The figure is the ladder's (duplicate deals, ``hard``
alone against two ``normal`` seats in every seat; in Mor its team against two), so it sits beside
``python -m bot.computers.selfplay ladder GAME --levels hard,normal``; ``--against oldhard``
seats the previous ``hard`` (``bench/ladder.py``) instead. Run Fast's told ``hard`` plays its
deals out on the engine, as the hard before the reading did, or on counts with ``--on-counts``
(``bench/runfast_endgame.py`` searches their endgames there). The seeds default to the tuning ones
(from 0): this measures, it is never a level, and only the ladder's own table shows this chooser
the hands.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import Chooser, search
from bot.computers import ladder
from bot.games.cards import Card
from bot.games.registry import engine_class

GAMES = ("runfast", "more3", "mor")  # the games whose hard deals the hidden cards

Deal = Callable[[Sequence[Card], Sequence[int], random.Random], list[list[Card]]]


def showing(game: str, name: str, reveal: Callable[[Any], Any]) -> type:
    """The game's engine, whose views also carry ``reveal(engine)`` as ``name``: what a bench's
    chooser is told beyond the seat's view. Playouts run on the plain engine's copies, so
    nothing inside a search sees it."""
    engine = engine_class(game)
    plain_view = type(engine.new(ladder.OPTIONS.get(game, {}), 0).view(0))
    view_class = dataclasses.make_dataclass(
        f"Open{plain_view.__name__}",
        [(name, Any, dataclasses.field(default=None))],
        bases=(plain_view,),
        frozen=True,
    )

    def view(self: Any, seat: int) -> Any:
        plain = engine.view(self, seat)
        shown = {f.name: getattr(plain, f.name) for f in dataclasses.fields(plain)}
        return view_class(**shown, **{name: reveal(self)})

    return type(f"Open{engine.__name__}", (engine,), {"view": view})


def open_table(game: str) -> type:
    """The game's engine, whose views also carry every hand (``truth``)."""
    return showing(game, "truth", lambda engine: tuple(map(tuple, engine.hands)))


# ``search.deal`` itself, kept here: a told deal takes its place while hard decides.
AT_RANDOM = search.deal


def told_deal(truth: Sequence[Sequence[Card]], share: float) -> Deal:
    """``search.deal`` for a sampler whose first places are the other hands (``truth``, their
    true cards, in the same order): each true card stays in its place unless it falls in
    ``share``; what is left of the pool is dealt at random into what is left of every place."""

    def deal(pool: Sequence[Card], sizes: Sequence[int], rng: random.Random) -> list[list[Card]]:
        kept = [[c for c in cards if rng.random() >= share] for cards in truth]
        rest = Counter(pool) - sum(map(Counter, kept), Counter())
        room = [n - len(k) for n, k in zip(sizes, kept, strict=False)] + list(sizes[len(kept) :])
        dealt = AT_RANDOM(list(rest.elements()), room, rng)
        return [k + d for k, d in zip(kept, dealt, strict=False)] + dealt[len(kept) :]

    return deal


# Where each game's sampler finds ``deal``: the rummy games deal through ``search.deal_table``.
DEALS_WITH = {"runfast": "deal", "more3": "search.deal", "mor": "search.deal"}


def hidden_truth(view: Any) -> list[list[Card]]:
    """The other hands' true cards that the seat does not know (a rummy hand less the cards it
    saw go into it), in seat order: what a sampler deals at random."""
    out = []
    for s in range(view.n_seats):
        if s != view.seat:
            known = Counter(view.shown[s]) if hasattr(view, "shown") else Counter()
            out.append(list((Counter(view.truth[s]) - known).elements()))
    return out


def told(game: str, share: float, on_counts: bool = False) -> Chooser:
    """``game``'s ``hard``, its deals of the hidden cards keeping all but ``share`` of them true:
    its sampler's ``deal`` (``DEALS_WITH``) is swapped for ``told_deal`` at each decision.
    Run Fast's ``hard`` then deals as it did before it read the others' play (``READ_PLAY``
    off), so R = 1 is that ``hard``: the measure of what the reading has to deliver. It plays
    its deals out on the engine, as that ``hard`` did, unless ``on_counts``
    (``bench/runfast_endgame.py`` searches the endgames of the playouts on counts)."""

    def values(view: Any) -> dict[str, Any]:
        assert hasattr(view, "truth"), "the ladder's table must be an open_table"
        told: dict[str, Any] = {DEALS_WITH[game]: told_deal(hidden_truth(view), share)}
        if game == "runfast":
            told["READ_PLAY"] = False
            told["ON_COUNTS"] = on_counts
        return told

    return ladder.swapped(game, values)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=GAMES)
    ap.add_argument("--share", type=float, nargs="+", default=[0.0, 0.3, 0.6, 1.0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0: tuning seeds)")
    ap.add_argument("--jobs", type=int, default=1, help="play deals in this many processes")
    ap.add_argument("--against", choices=("normal", "oldhard"), default="normal")
    ap.add_argument(
        "--on-counts",
        action="store_true",
        help="Run Fast: play the deals out on counts, as hard does (bench/runfast_endgame.py)",
    )
    args = ap.parse_args(argv)
    if any(not 0.0 <= r <= 1.0 for r in args.share):
        ap.error("a share is between 0 and 1")
    if args.against == "oldhard":  # bench/ladder.py's previous hard
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        ladder.EXTRA.update(importlib.import_module("ladder").LEVELS)
    table = open_table(args.game)
    ladder.new_game = lambda game, options, seed: table.new(options, seed)
    for r in args.share:
        name = f"told{r:g}"
        ladder.EXTRA[name] = lambda game, r=r: told(game, r, args.on_counts)
        rung = ladder.ladder([args.game], (name, args.against), args.deals, args.seed, args.jobs)
        print(f"share {r:g} dealt at random:", rung[args.game].line(args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
