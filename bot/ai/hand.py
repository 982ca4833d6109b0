"""Computer players for Hand (specification §3), deciding from a ``HandView``.

- ``simple``: always draws, opens with the biggest 51 the engine lists, then lays what it can and
  throws its highest useless card.
- ``normal``: takes the top discard only when it fits a new meld this turn (in a 51 opening
  before it has opened; and puts it back should the engine list no lay using it), reclaims
  jokers, plans the 51 opening: it waits while the hand is close to laying out whole
  (a **Hand** doubles every score) and the stock is long, otherwise opens with the biggest lay;
  once open it sheds its highest cards onto any meld. Penalties count high cards, so it throws
  the highest card it does not need.
- ``hard``: ``normal`` with a deeper look at its own hand. Before opening it searches every
  combination of melds in the hand for a 51 (the engine lists only a few openings, built
  greedily, and can miss one that exists), and keeps the cards of high partial melds longer,
  since they bring the 51 sooner. It throws the card whose loss leaves the most cards in melds
  after the next draw, averaged over every card it has not seen (the research's "outs": a pair
  whose third cards are all in sight is worth nothing), its order of need and points breaking
  ties. It weighs the risk that an opened opponent goes out before its next turn (``out_risk``,
  by their cards held, fitted on self-play: ``scripts/fit_hand_out_risk.py``) and sheds high
  cards sooner. The determinized playout search ``hard`` runs in the other games drew level with
  ``normal`` here in every form tried (README, "Computer players"), so Hand's ``hard`` does not
  deal the hidden cards; it only counts them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.ai.rummy import (
    KEEP_WILD,
    best_discard,
    biggest_lay,
    keep_scores,
    laid_cards,
    lays,
    own_moves,
    positions,
    ranked_discards,
    seen_counts,
)
from bot.ai.search import SearchSpec, deal_table, header, meld_json, unseen
from bot.games.base import Discard, Draw, Lay, Move, Phase, Return, RoundEnd, Swap, Take
from bot.games.cards import Card, deck_106, text_cards
from bot.games.hand import (
    OPENING_MIN,
    Hand,
    HandView,
    hand_value,
    meld_value,
    offered_melds,
)
from bot.games.meld_search import find_melds, meld_combinations, with_inner_sets
from bot.games.melds import HAND_MELDS
from bot.games.melds import Meld as MeldShape

LATE_STOCK = 15
HAND_WAIT = 3  # at most this many cards outside the opening: wait and try for a Hand


def own_legal(view: HandView, legal: Sequence[Move]) -> list[Move]:
    """The legal moves Hand's computer players weigh (``own_moves``)."""
    return own_moves(legal, offered_melds(view.hand, view.opened[view.seat], view.must_lay))


def choose_simple(view: HandView, legal: Sequence[Move], rng: random.Random) -> Move:
    legal = own_legal(view, legal) or legal
    if view.phase == Phase.DRAW:
        return next((m for m in legal if isinstance(m, Draw)), legal[0])
    lay = biggest_lay(legal)
    if lay is not None:
        return lay
    keep = keep_scores(view.hand, HAND_MELDS)
    return best_discard(legal, keep, hand_value) or legal[0]


def choose_normal(view: HandView, legal: Sequence[Move], rng: random.Random) -> Move:
    legal = own_legal(view, legal) or legal
    if view.phase == Phase.DRAW:
        take = next((m for m in legal if isinstance(m, Take)), None)
        if take is not None and take_pays(view):
            return take
        return next((m for m in legal if isinstance(m, Draw)), legal[0])
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
        if not _waits(view, best):
            return best
    elif options:
        # Shed high cards first: they are what a hand left at the end costs.
        return max(options, key=lambda m: (len(laid_cards(m)), sum(map(hand_value, laid_cards(m)))))
    order = _discard_order(view, legal)
    return order[0] if order else legal[0]


def take_pays(view: HandView) -> bool:
    """Whether the top discard would go into a new meld this turn: with hand cards once open
    (keeping one to throw), in a 51 opening before. A taken card that can't is put back before the draw, a wasted move
    every other player watches, so ``normal`` does not take it then."""
    top = view.discard[-1]
    hand = [*view.hand, top]
    if view.opened[view.seat]:
        # One card must be left for the final throw: a pair and its third card on the pile,
        # with nothing else in hand, can only go back.
        return any(top in m.cards and len(m.cards) < len(hand) for m in candidate_melds(hand))
    return plan_opening(hand, (top,)) is not None


def _discard_order(view: HandView, legal: Sequence[Move]) -> list[Discard]:
    return ranked_discards(legal, _keep(view), hand_value)


def _keep(view: HandView) -> dict[Card, float]:
    """How much the hand needs each of its cards, a run whose missing card is all in sight
    counting for nothing."""
    return keep_scores(view.hand, HAND_MELDS, view)


# ---------------------------------------------------------------- hard

# Before opening, a card that belongs to a partial meld is kept by this much more per point:
# the 51 comes sooner from high melds. Measured against 6 and 10 (and 0, normal's order) over
# whole games; 3 was best, 10 measured weaker than normal.
HIGH_PARTIAL = 3.0
# The opening planner stops looking past this many partial plans and keeps the best found: a
# bound so a hand full of overlapping melds can't stall a decision.
PLAN_LIMIT = 50_000
# The same bound for counting the cards a hand melds, which the throw does some 300 times.
MELD_LIMIT = 3_000


def choose_hard(view: HandView, legal: Sequence[Move], rng: random.Random) -> Move:
    legal = own_legal(view, legal) or legal
    first = choose_normal(view, legal, rng)
    if view.phase == Phase.DRAW or len(view.hand) <= 1:
        return first
    if not view.opened[view.seat] and isinstance(first, Discard | Return):
        # normal found no opening among the few the engine lists: look at every way to open.
        opening = plan_opening(view.hand, view.must_lay)
        if opening is not None and (view.must_lay or not _waits(view, opening)):
            return opening
    if isinstance(first, Discard) and not view.must_lay:
        return lookahead_throw(view, _hard_discard_order(view, legal))
    return first


def _waits(view: HandView, opening: Move) -> bool:
    """normal's rule for holding back an opening: close to a Hand (all cards out in one turn,
    doubling every score) with the stock still long."""
    left = len(view.hand) - len(laid_cards(opening))
    return 1 < left <= HAND_WAIT and view.stock_count > LATE_STOCK


def _hard_discard_order(view: HandView, legal: Sequence[Move]) -> list[Discard]:
    """normal's order with a card's points weighed against its use to the hand, and before the
    opening partial melds of high cards kept longer: they bring the 51."""
    keep = _keep(view)
    opened = view.opened[view.seat]

    def points(card: Card) -> float:
        if not opened and 0 < keep.get(card, 0.0) < KEEP_WILD:
            return (HIGH_PARTIAL - 1) * hand_value(card)
        return -hand_value(card)

    return ranked_discards(legal, keep, hand_value, points)


def candidate_melds(hand: Sequence[Card]) -> list[MeldShape]:
    """The melds ``find_melds`` sees in the hand, and every set of three inside a set of four
    (the fourth card may be wanted in a run)."""
    return with_inner_sets(find_melds(hand, HAND_MELDS, limit=1000), HAND_MELDS)


def plan_opening(hand: Sequence[Card], taken: Sequence[Card] = ()) -> Lay | None:
    """The opening that lays the most cards (then the most points) among every combination of
    melds in ``hand`` worth 51, keeping a card to throw, with the ``taken`` discard in it if
    there is one; None when there is none. The engine lists only a few openings, built greedily
    from the most valuable meld, and can miss one that exists."""
    melds = candidate_melds(hand)
    values = [meld_value(m) for m in melds]
    best: tuple[int, int] = (0, 0)
    plan: tuple[int, ...] = ()
    for chosen in meld_combinations(melds, Counter(hand), PLAN_LIMIT):
        laid = sum(len(melds[i].cards) for i in chosen)
        value = sum(values[i] for i in chosen)
        if (
            value >= OPENING_MIN
            and laid < len(hand)
            and (laid, value) > best
            and (not taken or any(taken[0] in melds[i].cards for i in chosen))
        ):
            best, plan = (laid, value), chosen
    return Lay(melds=tuple(melds[i].cards for i in plan)) if plan else None


def most_melded(melds: Sequence[MeldShape], cards: Counter[Card]) -> int:
    """The most of ``cards`` that disjoint melds among ``melds`` lay at once."""
    return max(
        sum(len(melds[i].cards) for i in chosen)
        for chosen in meld_combinations(melds, cards, MELD_LIMIT)
    )


def _fitted_out_risk() -> dict[int, float]:
    """The chance that an opened opponent goes out on their next turn, by the cards they hold
    when it begins, as ``scripts/fit_hand_out_risk.py`` measured it in ``normal``'s self-play
    (``hand_out_risk.json``); no risk at all without the table."""
    path = Path(__file__).with_name("hand_out_risk.json")
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {int(count): float(chance) for count, chance in table["out_risk"].items()}


# The risk that an opponent goes out before our next turn, by the cards they hold once they have
# opened (an unopened seat must lay 51 first and all but one card at once: 0.15% of its turns).
# Fitted, not guessed: one card goes out 30% of the time, three 14%, but two only 2% and four
# 1.5%, since the last card must be thrown, not laid: two cards and a draw can't make a new meld
# and still leave one to throw. (The guess it replaces, 50/30/15% for one to three cards,
# decided level with it: +0.001 [-0.014, +0.016] over 300 tuning deals.)
OUT_RISK: dict[int, float] = _fitted_out_risk()
# A point shed now is worth this many cards kept in melds when the round surely ends: a card that
# will be melded saves its points too, about 7 on average, and a card thrown saves them at once.
POINTS_PER_CARD = 7.0


def out_risk(view: HandView) -> float:
    """The chance, by the public counts, that some opponent goes out before our next turn."""
    stay = 1.0
    for seat, count in enumerate(view.hand_counts):
        if seat != view.seat and view.opened[seat]:
            stay *= 1.0 - OUT_RISK.get(count, 0.0)
    return 1.0 - stay


def lookahead_throw(view: HandView, order: Sequence[Move]) -> Move:
    """The throw among ``order`` that leaves the most cards in melds after the next draw,
    averaged over every copy still unseen (each as likely to come). A card that is not within
    two steps of a hand card in its suit, of its rank in another suit, or a joker makes no meld
    with the hand, so those draws share one count. Equals keep ``order``: hard's ranking
    decides between them. When an opponent may go out (``out_risk``) a card's points count
    too: the cards still in hand are what that costs, so high cards go first."""
    hand = list(view.hand)
    seen = seen_counts(view.hand, view.melds, view.discard)
    # Cards the others took in sight stay in their hands: they are not among the draws.
    seen.update(c for s, cards in enumerate(view.shown) if s != view.seat for c in cards)
    hidden = Counter(unseen(deck_106(), seen.elements()))
    near = [(card, n) for card, n in hidden.items() if _could_meld(card, hand)]
    elsewhere = hidden.total() - sum(n for _, n in near)
    throws = [move for move in order if isinstance(move, Discard)]
    score = {move: 0 for move in throws}
    for drawn, copies in [(None, elsewhere), *near]:
        cards = hand if drawn is None else [*hand, drawn]
        melds = candidate_melds(cards)
        have = Counter(cards)
        for move in throws:
            have[move.card] -= 1
            score[move] += copies * most_melded(melds, have)
            have[move.card] += 1
    risk = out_risk(view)
    if risk == 0.0:
        return max(throws, key=lambda move: score[move])
    total = hidden.total() or 1

    def worth(move: Discard) -> float:
        return score[move] / total + risk * hand_value(move.card) / POINTS_PER_CARD

    return max(throws, key=worth)


def _could_meld(card: Card, hand: Sequence[Card]) -> bool:
    if card.is_joker:
        return True
    for other in hand:
        if other.is_joker:
            continue
        if other.rank == card.rank and other.suit != card.suit:
            return True
        if other.suit == card.suit and any(
            0 < abs(p - q) <= 2 for p in positions(card) for q in positions(other)
        ):
            return True
    return False


# ---------------------------------------------------------------- deals of what the seat cannot see


def _value(game: Hand, seat: int) -> float:
    """Hand's points are against you: the other seats' average less this seat's, the round
    scored as if it ended now when the playout stopped before."""
    if not game.round_over:
        game._end_round(RoundEnd.STOCK_OUT, None, [])
    assert game.result is not None
    scores = game.result.scores
    others = [x for s, x in enumerate(scores) if s != seat]
    return sum(others) / len(others) - scores[seat]


def _sample_state(view: HandView, rng: random.Random) -> dict[str, Any]:
    """A whole Hand state from the view: the unseen cards dealt into the other hands and the
    stock by their counts. Hand's own player does not search (a search measured level with it);
    a practice game's review (``bot.learning.review``) plays its deals out from here."""
    hands, (stock,) = deal_table(view, [view.stock_count], rng)
    next_id = max((m.id for m in view.melds), default=0) + 1
    return {
        "game": "hand",
        "header": header("hand", {}),
        "moves": [],
        "round_no": view.round_no,
        "dealer": view.dealer,
        "totals": [round(x) for x in view.totals],
        "history": [],
        "hands": hands,
        "stock": text_cards(stock),
        "discard": text_cards(view.discard),
        "melds": [meld_json(m) for m in view.melds],
        "next_id": next_id,
        "opened": list(view.opened),
        "turn": view.turn,
        "phase": view.phase,
        "must_lay": text_cards(view.must_lay),
        "just_drawn": text_cards(view.just_drawn),
        "shown": [text_cards(cards) for cards in view.shown],
        # Only a Hand (all out in one turn) reads what the turn began with: the view's present
        # state stands in for it.
        "opened_at_start": view.opened[view.seat],
        "turn_first_id": next_id,
        "touched_old": False,
        "stock_out": view.stock_count == 0 and view.phase != Phase.DRAW,
        "result": None,
        "winners": [],
        "finished": False,
    }


# What a practice game's review (``bot.learning.review``) plays its deals out with.
SEARCH = SearchSpec(deal=_sample_state, value=_value, policy=choose_normal)
