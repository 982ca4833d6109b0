"""Computer players for Hand (RULES.md section 3), deciding from a ``HandView``.

- ``simple``: always draws, opens with the biggest 51 the engine lists, then lays what it can and
  throws its highest useless card.
- ``normal``: takes the top discard when it fits a new meld (and puts it back when it can't use
  it), reclaims jokers, plans the 51 opening: it waits while the hand is close to laying out whole
  (a **Hand** doubles every score) and the stock is long, otherwise opens with the biggest lay;
  once open it sheds its highest cards onto any meld. Penalties count high cards, so it throws
  the highest card it does not need.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.ai.rummy import best_discard, biggest_lay, keep_scores, laid_cards, lays, seen_counts
from bot.games.base import Discard, Draw, Move, Return, Swap, Take
from bot.games.hand import HandView, hand_value
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
    seen = seen_counts(view.hand, view.melds, view.discard)
    keep = keep_scores(view.hand, HAND_MELDS, seen)
    return best_discard(legal, keep, hand_value) or legal[0]
