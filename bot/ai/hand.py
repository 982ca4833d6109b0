"""Computer players for Hand (RULES.md section 3), deciding from a ``HandView``.

- ``simple``: always draws, opens with the biggest 51 the engine lists, then lays what it can and
  throws its highest useless card.
- ``normal``: takes the top discard when it fits a new meld (and puts it back when it can't use
  it), reclaims jokers, plans the 51 opening: it waits while the hand is close to laying out whole
  (a **Hand** doubles every score) and the stock is long, otherwise opens with the biggest lay;
  once open it sheds its highest cards onto any meld. Penalties count high cards, so it throws
  the highest card it does not need.
- ``hard``: ``normal``'s move unless the cards say otherwise: at a draw (stock or discard), a
  throw, or the choice to open now or wait, ``normal``'s choice and the next best are each tried
  on the same 16 deals of the cards this seat cannot see, played a round of turns on by
  ``normal`` for every seat; another move must do clearly better to be played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.ai.rummy import (
    best_discard,
    biggest_lay,
    keep_scores,
    laid_cards,
    lays,
    ranked_discards,
    refine_draw_or_throw,
    seen_counts,
)
from bot.ai.search import Budget, deal, header, meld_json, texts, unseen
from bot.games.base import Discard, Draw, Move, Return, Swap, Take
from bot.games.cards import deck_106
from bot.games.hand import ENGINE, Hand, HandView, hand_value
from bot.games.melds import HAND_MELDS

LATE_STOCK = 15
HAND_WAIT = 3  # at most this many cards outside the opening: wait and try for a Hand


def choose_simple(view: HandView, legal: Sequence[Move], rng: random.Random) -> Move:
    if view.phase == "draw":
        return next((m for m in legal if isinstance(m, Draw)), legal[0])
    lay = biggest_lay(legal)
    if lay is not None:
        return lay
    keep = keep_scores(view.hand, HAND_MELDS)
    return best_discard(legal, keep, hand_value) or legal[0]


def choose_normal(view: HandView, legal: Sequence[Move], rng: random.Random) -> Move:
    if view.phase == "draw":
        take = next((m for m in legal if isinstance(m, Take)), None)
        return take or next((m for m in legal if isinstance(m, Draw)), legal[0])
    if view.must_lay:
        using = [m for m in lays(legal) if any(c in view.must_lay for c in laid_cards(m))]
        if using:
            return max(using, key=lambda m: len(laid_cards(m)))
        back = next((m for m in legal if isinstance(m, Return)), None)
        if back is not None:
            return back
    if len(view.hand) == 1:
        out = next((m for m in legal if isinstance(m, Discard)), None)
        if out is not None:
            return out
    swap = next((m for m in legal if isinstance(m, Swap)), None)
    if swap is not None:
        return swap  # a joker back in hand is the best card in the game
    opened = view.opened[view.seat]
    options = lays(legal)
    if not opened and options:
        best = max(options, key=lambda m: len(laid_cards(m)))
        left = len(view.hand) - len(laid_cards(best))
        # Close to a Hand (all cards out in one turn, doubling every score) with time left: wait.
        waiting = 1 < left <= HAND_WAIT and view.stock_count > LATE_STOCK
        if not waiting:
            return best
    elif options:
        # Shed high cards first: they are what a hand left at the end costs.
        return max(options, key=lambda m: (len(laid_cards(m)), sum(map(hand_value, laid_cards(m)))))
    order = _discard_order(view, legal)
    return order[0] if order else legal[0]


def _discard_order(view: HandView, legal: Sequence[Move]) -> list[Move]:
    seen = seen_counts(view.hand, view.melds, view.discard)
    keep = keep_scores(view.hand, HAND_MELDS, seen)
    return ranked_discards(legal, keep, hand_value)


# ---------------------------------------------------------------- hard

# 3 candidates x 16 deals of the unseen cards, each played 9 decisions on (a round of turns: the
# next players' answer to our throw or pick-up, and our next turn) by ``normal`` for every seat,
# then scored as if the round ended there. It draws level with normal, no better: 0.487
# [0.463-0.512] of seat pairs over 1000 deals, as did 4 deals of 40 decisions (0.486 over 300)
# and, over 1000 deals, throwing before the opening whatever brings the 51 soonest over sampled
# draws (0.493). ``simple`` playouts measured weaker than normal itself.
HARD = Budget(samples=16, horizon=9, candidates=3)
# Another move must beat normal's by a quarter of a seat beaten per sample, so that a lucky
# playout does not overrule normal's heuristic on noise alone.
KEEP_FIRST = 0.25


def choose_hard(view: HandView, legal: Sequence[Move], rng: random.Random) -> Move:
    first = choose_normal(view, legal, rng)
    if view.must_lay:
        return first  # a taken discard to use or give back: normal's rule settles it
    order = _discard_order(view, legal)
    return refine_draw_or_throw(
        first,
        view,
        legal,
        order,
        rng,
        extra=_opening_choice(first, view, legal, order),
        engine=ENGINE,
        build=_sample_state,
        value=_value,
        policy=choose_normal,
        budget=HARD,
        keep_first=KEEP_FIRST,
    )


def _opening_choice(
    first: Move, view: HandView, legal: Sequence[Move], order: Sequence[Move]
) -> list[Move]:
    """Before opening, whether to open now or wait (for a Hand, or for more of the 51) is
    ``normal``'s biggest guess: weigh both, normal's choice first."""
    if view.phase == "draw" or view.opened[view.seat] or len(view.hand) <= 1:
        return [first]
    options = lays(legal)
    if not options:
        return [first]
    best = max(options, key=lambda m: len(laid_cards(m)))
    wait = order[0] if order else None
    other = wait if first == best else best
    return [first] if other is None else [first, other]


def _value(game: Hand, seat: int) -> float:
    """How the seat did against each other seat (points are bad in Hand): +1 for each one it
    beat, -1 for each that beat it (what the table's standings reward), plus the score margin
    in hundreds to tell a close round from a rout."""
    if not game.round_over:
        game._end_round("stock_out", None, [])  # a playout can only stop at the round's end
    assert game.result is not None
    scores = game.result.scores
    mine = scores[seat]
    others = [x for s, x in enumerate(scores) if s != seat]
    wins = sum((x > mine) - (x < mine) for x in others)
    return wins + (sum(others) / len(others) - mine) / 100.0


def _sample_state(view: HandView, rng: random.Random) -> dict[str, Any]:
    """A whole Hand state from the view, the unseen cards dealt into the other hands and the
    stock by their counts."""
    others = [s for s in range(view.n_seats) if s != view.seat]
    seen = [*view.hand, *(c for m in view.melds for c in m.cards), *view.discard]
    sizes = [*(view.hand_counts[s] for s in others), view.stock_count]
    dealt = deal(unseen(deck_106(), seen), sizes, rng)
    hands: list[list[str]] = [[] for _ in range(view.n_seats)]
    hands[view.seat] = texts(view.hand)
    for s, cards in zip(others, dealt, strict=False):
        hands[s] = texts(cards)
    next_id = max((m.id for m in view.melds), default=0) + 1
    return {
        "game": "hand",
        "header": header("hand", {}),
        "moves": [],
        "round_no": view.round_no,
        "dealer": view.dealer,
        "totals": [round(t) for t in view.totals],
        "history": [],
        "hands": hands,
        "stock": texts(dealt[-1]),
        "discard": texts(view.discard),
        "melds": [meld_json(m) for m in view.melds],
        "next_id": next_id,
        "opened": list(view.opened),
        "turn": view.turn,
        "phase": view.phase,
        "must_lay": texts(view.must_lay),
        "just_drawn": texts(view.just_drawn),
        # What the turn began with only matters for a Hand (all out in one turn); the search
        # never weighs the throw that goes out, so the view's present state stands in for it.
        "opened_at_start": view.opened[view.seat],
        "turn_first_id": next_id,
        "touched_old": False,
        "stock_out": view.stock_count == 0 and view.phase != "draw",
        "result": None,
        "winners": [],
        "finished": False,
    }
