"""Run Fast's endgames played exactly inside ``hard``'s playouts: a measurement, never a level.

    python bench/runfast_endgame.py variants runfast 'base:' 'exact:runfast_counts.EXACT_FROM=16'
        --against oldhard --deals 200 --seed S --jobs 2
    python bench/runfast_endgame.py told --from 20 --deals 150 --seed S --jobs 2

``hard`` plays each of its deals out with ``normal`` at every seat (``runfast_counts.Deal``). Here a
line is played by ``normal`` only until the three hands hold ``EXACT_FROM`` cards or fewer; from
there every play of every seat is searched to the end of the deal, each seat making the play that
ends best for itself (its own settlement, the other two's choices searched alike: max^n), and the
line scores what that search says. Positions met twice are answered once (the answers a worker
keeps serve every later line). A search that passes ``EXACT_POSITIONS`` new positions gives up:
``normal`` makes one more move and the search starts again from there. How soon it gives up
depends on what the worker has already answered, so two runs may differ a little.

``variants`` runs ``bench/variants.py`` with that search installed and off until a variant sets
``runfast_counts.EXACT_FROM``. ``told`` is the ceiling: ``bench/information.py``'s ``hard`` that
sees every hand (``--share 0``), its endgames searched from ``--from`` cards, against the previous
hard (``bench/ladder.py``'s ``oldhard``), on counts as ``hard`` plays. The seats a playout follows
then hold their true cards, and play the last cards of every line perfectly.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot.ai import runfast_counts as counts

POSITIONS = 20_000  # positions one line's search may visit before it gives up
KEPT = 500_000  # answers kept (forgotten all at once past this)

Position = tuple[Any, ...]


class TooMany(Exception):
    """The search passed its bound on positions."""


_answers: dict[Position, tuple[int, ...]] = {}


def position(deal: counts.Deal) -> Position:
    """Everything that decides the rest of ``deal`` (its settlement so far aside)."""
    return (
        tuple(deal.hands),
        tuple(deal.sizes),
        deal.turn,
        deal.table,
        deal.table_seat,
        deal.passes,
        tuple(deal.played),
        deal.opening,
        deal.bomb_seat,
    )


def rest_of(at: Position, budget: list[int]) -> tuple[int, ...]:
    """What each seat gains from ``at`` to the end, every seat playing best for itself. A seat
    that can beat the play must (RULES.md 4), so it passes only when it has nothing over it."""
    known = _answers.get(at)
    if known is not None:
        return known
    budget[0] -= 1
    if budget[0] < 0:
        raise TooMany
    hands, sizes, turn, table, table_seat, passes, played, opening, bomb_seat = at
    hand = counts._counts(hands[turn])
    if table is None:
        options: Sequence[tuple[Any, Any]] = counts.leads(hand, opening)
    else:
        options = counts._over(hand, table) or ((None, None),)
    best: tuple[int, ...] | None = None
    for shape, combo in options:
        deal = counts.Deal(
            list(hands),
            list(sizes),
            turn,
            table,
            table_seat,
            passes,
            list(played),
            opening,
            bomb_seat,
        )
        deal.move(shape, combo)  # its settlement starts at nothing: what this move gains
        gained = tuple(deal.settlement)
        if deal.winner is None:
            gained = tuple(
                a + b for a, b in zip(gained, rest_of(position(deal), budget), strict=True)
            )
        if best is None or gained[turn] > best[turn]:
            best = gained
    assert best is not None
    if len(_answers) > KEPT:
        _answers.clear()
    _answers[at] = best
    return best


def play_out(deal: counts.Deal) -> list[int]:
    """``Deal.play_out`` with the endgame searched: ``normal`` for every seat until the hands
    hold ``EXACT_FROM`` cards or fewer, then the search, unless it gives up."""
    while deal.winner is None:
        if sum(deal.sizes) <= counts.EXACT_FROM:
            try:
                rest = rest_of(position(deal), [counts.EXACT_POSITIONS])
            except TooMany:
                pass  # one move of normal's, and the search tries again from there
            else:
                return [a + b for a, b in zip(deal.settlement, rest, strict=True)]
        deal.normal_move()
    return deal.settlement


def install(cards: int = 0, positions: int = POSITIONS) -> None:
    """The search in every playout of this process and the workers it forks, from ``cards``
    (0: off until a variant sets ``runfast_counts.EXACT_FROM``)."""
    counts.EXACT_FROM = cards  # type: ignore[attr-defined]
    counts.EXACT_POSITIONS = positions  # type: ignore[attr-defined]
    counts.Deal.play_out = play_out  # type: ignore[method-assign]


def told_ceiling(argv: Sequence[str]) -> int:
    """``bench/information.py runfast --share 0 --against oldhard --on-counts``, endgames
    searched."""
    ap = argparse.ArgumentParser(prog="runfast_endgame.py told")
    ap.add_argument("--from", dest="cards", type=int, default=20)
    ap.add_argument("--positions", type=int, default=POSITIONS)
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    information = importlib.import_module("information")
    install(args.cards, args.positions)
    told_args = ["runfast", "--share", "0", "--against", "oldhard", "--on-counts"]
    return information.main(
        [*told_args, "--deals", str(args.deals), "--seed", str(args.seed), "--jobs", str(args.jobs)]
    )


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["variants"]:
        install()
        return importlib.import_module("variants").main(argv[1:])
    if argv[:1] == ["told"]:
        return told_ceiling(argv[1:])
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
