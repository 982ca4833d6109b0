"""What the computer players of the three rummies (Mor, More, Hand) share.

Everything here reads only what a seat may see: its own hand, the melds on the table, the discard
pile and the counts. A card is judged by how much it helps the hand (``keep_scores``); the card to
throw is the one the hand needs least, highest points first.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from typing import Any

from bot.ai.search import distinct, refine
from bot.games.answers import kept
from bot.games.base import DRAWING, LAYING, Discard, Meld, MeldView, Move, Phase
from bot.games.cards import ACE, Card, card_text
from bot.games.meld_search import find_melds, run_gap
from bot.games.melds import MeldRules, single_adds, try_meld, wild_capable
from bot.games.rummy import Glance
from bot.games.views import HandView, More3View, MorView

ACE_HIGH = 14

# What a rummy player reads: a seat's view, or in ``hard``'s playouts the engine's glance.
Sight = HandView | MorView | More3View | Glance

# How much a card is worth keeping, by what it does for the hand. Only the order matters.
KEEP_WILD = 100.0
KEEP_IN_MELD = 50.0
KEEP_NEXT_TO = 20.0  # a card one step from another of its suit, or a pair towards a set
KEEP_GAP = 10.0  # two apart: one card completes the run
KEEP_FEEDS_OPPONENT = 60.0  # normal: a card the next player could lay off on their melds


def positions(card: Card) -> tuple[int, ...]:
    return (1, ACE_HIGH) if card.rank == ACE else (card.rank,)


def fitting(melds: Iterable[MeldView], rules: MeldRules) -> frozenset[Card]:
    """The cards that one of ``melds`` takes on its own, as the meld rules read each (table
    order puts the wilds where they stand). One set for all of them: a player asks it of every
    card of the pile or the hand, at every turn of a playout."""
    return frozenset().union(*[_fits(meld.cards, rules) for meld in melds])


@kept(50_000)
def _fits(cards: tuple[Card, ...], rules: MeldRules) -> frozenset[Card]:
    """The cards the meld of ``cards`` (in table order) takes on its own, none if they are no
    meld under ``rules``: kept by the cards, one look-up where reading the meld and asking it
    were two, at every turn of every playout."""
    meld = try_meld(cards, rules)
    return frozenset() if meld is None else single_adds(meld, rules)


def seen_counts(
    hand: Iterable[Card], melds: Iterable[MeldView], discard: Iterable[Card]
) -> Counter[Card]:
    """Copies of each card the seat can see: a run waiting on a card whose copies are all in sight
    is dead, so its cards are not worth keeping for it."""
    # Counted in one go: updating a Counter meld by meld cost more than the counting.
    return Counter([*hand, *chain.from_iterable(m.cards for m in melds), *discard])


def keep_scores(
    hand: Sequence[Card],
    rules: MeldRules,
    sight: Sight | None = None,
    copies: int = 2,
) -> dict[Card, float]:
    """How much each distinct card of the hand is worth keeping (higher: keep).

    With ``sight`` (normal level: what the seat sees), a partial run whose missing card is all in
    sight earns nothing.
    """
    scores: dict[Card, float] = {}
    # Counted only for a hand with a run missing its middle card: most hands in a playout have
    # none, and counting the table's cards was a fifth of More's ``normal`` choosing its throw.
    seen: Counter[Card] | None = None
    for card, score, gaps, capped in _keep_plan(tuple(hand), rules):
        for other in gaps:
            if seen is None and sight is not None:
                seen = seen_counts(sight.hand, sight.melds, sight.discard)
            if not _dead_gap(card, other, seen, copies):
                score += KEEP_GAP
        # A second copy can't sit in the same run: throwing one loses nothing.
        scores[card] = min(score, KEEP_GAP / 2) if capped else score
    return scores


# About 0.7 KB an entry: 20,000 hold many decisions' hands, and the hits come within one.
@kept(20_000)
def _keep_plan(
    hand: tuple[Card, ...], rules: MeldRules
) -> tuple[tuple[Card, float, tuple[Card, ...], bool], ...]:
    """What ``keep_scores`` knows from the hand alone, per distinct card: its score without the
    two-apart neighbours, those neighbours (each worth ``KEEP_GAP`` unless the card between is
    all in sight, which depends on what is seen), and whether a second copy caps the score.
    The same hand comes back again and again in the search's playouts; what is seen changes."""
    have = Counter(hand)
    in_meld: Counter[Card] = Counter()
    for meld in find_melds(hand, rules):
        for c in set(meld.cards):
            in_meld[c] += 1
    plan: list[tuple[Card, float, tuple[Card, ...], bool]] = []
    # The naturals, each judged against the others (wilds help any card alike).
    naturals = [c for c in have if not wild_capable(c, rules)]
    for card in have:
        if wild_capable(card, rules):
            plan.append((card, KEEP_WILD, (), False))
            continue
        score = KEEP_IN_MELD if in_meld[card] else 0.0
        gaps: list[Card] = []
        for other in naturals:
            if other == card:
                continue
            if other.rank == card.rank and _sets_allowed(card.rank, rules):
                if not rules.set_distinct_suits or other.suit != card.suit:
                    score += KEEP_NEXT_TO
                continue
            if other.suit != card.suit:
                continue
            gap = run_gap(card, other)
            if gap == 1:
                score += KEEP_NEXT_TO
            elif gap == 2:
                gaps.append(other)
        capped = have[card] > 1 and not _sets_allowed(card.rank, rules)
        plan.append((card, score, tuple(gaps), capped))
    return tuple(plan)


def _sets_allowed(rank: int, rules: MeldRules) -> bool:
    return rules.set_ranks is None or rank in rules.set_ranks


def _dead_gap(a: Card, b: Card, seen: Counter[Card] | None, copies: int) -> bool:
    if seen is None or a.suit is None:
        return False
    for p in positions(a):
        for q in positions(b):
            if abs(p - q) == 2:
                mid = (p + q) // 2
                middle = Card(ACE if mid in (1, ACE_HIGH) else mid, a.suit)
                if seen[middle] < copies:
                    return False
    return True


def best_discard(
    legal: Sequence[Move],
    keep: dict[Card, float],
    value: Callable[[Card], float],
    penalty: Callable[[Card], float] | None = None,
) -> Move | None:
    """The legal throw of the card the hand needs least; among equals, the one worth most points
    (it would count against us in the hand)."""
    order = ranked_discards(legal, keep, value, penalty)
    return order[0] if order else None


def ranked_discards(
    legal: Sequence[Move],
    keep: dict[Card, float],
    value: Callable[[Card], float],
    penalty: Callable[[Card], float] | None = None,
) -> list[Discard]:
    """Every legal throw, the one ``best_discard`` picks first (``hard`` tries the first few)."""
    throws = [m for m in legal if isinstance(m, Discard)]

    def cost(m: Discard) -> tuple[float, float, str]:
        extra = penalty(m.card) if penalty else 0.0
        return (keep.get(m.card, 0.0) + extra, -value(m.card), card_text(m.card))

    return sorted(throws, key=cost)


def refine_draw_or_throw(
    first: Move,
    view: MorView | More3View | HandView,
    legal: Sequence[Move],
    throws: Sequence[Move],
    rng: random.Random,
    *,
    extra: Sequence[Move] = (),
    **how: Any,
) -> Move:
    """``hard``'s decision in Mor and More: ``normal``'s move ``first`` unless the search
    (``search.refine`` with ``how``) finds better among ``extra`` and the other choice of the draw
    (stock or pile) or, when ``normal`` throws, its next-best ``throws`` (``normal``'s order).
    Lays follow ``normal`` unsearched: a lay is rarely wrong and searching every turn's lays would
    cost more than the budget allows."""
    others: list[Move]
    if view.phase == Phase.DRAW:
        others = [m for m in legal if isinstance(m, DRAWING) and m != first]
    elif isinstance(first, Discard) and len(view.hand) > 1:
        others = list(throws[1:])
    else:
        others = []
    candidates = distinct([*extra, first, *others], how["budget"].candidates)
    return refine(first, candidates, view, rng, **how)


def own_moves(legal: Sequence[Move], offered: Iterable[tuple[Card, ...]]) -> list[Move]:
    """The legal moves a computer player weighs: all but the new melds outside ``offered`` (the
    engine's ``offered_melds`` for the seat). The engine lists every meld the hand holds for a
    member's menu; the computers keep the shorter list they were tuned and measured on, which
    the engine's ``candidate_moves`` (``hard``'s playouts) hold too, so a decision weighs the
    same moves in a playout as at the table."""
    keep = set(offered)
    return [m for m in legal if not isinstance(m, Meld) or m.cards in keep]


def laid_cards(move: Move) -> tuple[Card, ...]:
    return move.cards if isinstance(move, LAYING) else ()


def lays(legal: Sequence[Move]) -> list[Move]:
    return [m for m in legal if isinstance(m, LAYING)]


def biggest_lay(legal: Sequence[Move]) -> Move | None:
    """The legal lay that puts down the most cards (ties: the first listed, the engine's order)."""
    options = lays(legal)
    if not options:
        return None
    return max(options, key=lambda m: len(laid_cards(m)))
