"""Computer players for three-player More (specification §2), deciding from a ``More3View``.

- ``simple``: bids 0, always draws, lays the biggest thing it can, throws its highest useless card.
- ``normal``: bids from the standings (the Solo's net is multiplied by 1.5, so a player behind
  bids to catch up; hands are unseen while bidding). The Pair feeds its partner's melds and takes
  the pile when its top card melds, late in the stock only if the pile is small; the Solo, alone
  against two, takes whenever it may but keeps its pankal (wilds) for its own biribas. Neither
  throws a card the next opponent could lay on their melds while it has another, and it goes out
  as soon as it can.
- ``hard``: ``normal``'s move unless the cards say otherwise: at a draw (stock or pile; the Solo's
  take excepted) or a throw, ``normal``'s choice and the next best are each tried on the same
  24 deals of the cards this seat cannot see (the other hands, the stock, the More piles), played
  9 decisions on by ``normal`` for every seat, and judged by the seat pairings it is likely to
  win, each contest's chance fitted on self-play (``more3_value.json``): the Solo's against each
  Pair player, a Pair player's against the Solo and against its own partner (``_standing``).
  As the Solo it holds back: it keeps its runs in hand until one is a biriba, so that the Pair
  throws it the cards that take the pile, and melds a pile it took with the fewest cards that
  meld the top card (``_lay_order``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TypeGuard

from bot.ai import fitted
from bot.ai.fitted import dot, likely, won
from bot.ai.rummy import (
    KEEP_FEEDS_OPPONENT,
    best_discard,
    biggest_lay,
    fitting,
    keep_scores,
    laid_cards,
    lays,
    own_moves,
    ranked_discards,
    refine_draw_or_throw,
)
from bot.ai.search import Budget, Preference, SearchSpec, deal_table, header, meld_json
from bot.games.base import Add, Bid, Discard, Draw, Meld, MeldKind, Move, Phase, Take
from bot.games.cards import Card, text_cards
from bot.games.melds import MORE_MELDS, MORE_MELDS_ACES, MeldRules, wild_capable
from bot.games.more3 import (
    ENGINE,
    HIGH_SCORE,
    More3,
    More3View,
    can_go_out_with,
    card_points,
    offered_melds,
)
from bot.games.rummy import Glance

BIRIBA_SIZE = 7
LATE_STOCK = 12
CATCH_UP = 600  # behind the leader by this much: bid high for the Solo's 1.5

# What ``normal``'s order reads: a seat's view, or in ``hard``'s playouts the engine's glance
# (the same fields, built faster).
Sight = More3View | Glance


def _rules(view: Sight) -> MeldRules:
    return MORE_MELDS_ACES if view.totals[view.seat] > HIGH_SCORE else MORE_MELDS


def _bid(view: More3View, legal: Sequence[Move], chips: int) -> Move:
    return next((m for m in legal if isinstance(m, Bid) and m.chips == chips), legal[0])


def own_legal(view: Sight, legal: Sequence[Move]) -> list[Move]:
    """The legal moves More's computer players weigh (``own_moves``)."""
    taken = view.must_lay[0] if view.must_lay else None
    return own_moves(legal, offered_melds(view.hand, _rules(view), taken))


def choose_simple(view: More3View, legal: Sequence[Move], rng: random.Random) -> Move:
    legal = own_legal(view, legal) or legal
    if view.phase == Phase.BID:
        return _bid(view, legal, 0)
    if view.phase == Phase.DRAW:
        return next((m for m in legal if isinstance(m, Draw)), legal[0])
    lay = biggest_lay(legal)
    if lay is not None:
        return lay
    return best_discard(legal, keep_scores(view.hand, _rules(view)), card_points) or legal[0]


def _normal_order(view: Sight, moves: Sequence[Move], holds_back: bool = False) -> Iterator[Move]:
    """``normal``'s moves among ``moves``, best first (it makes the first legal one); with
    ``holds_back``, ``hard``'s: the same, but the Solo holds back its cards (``_lay_order``)."""
    if view.phase == Phase.BID:
        size = _bid_size(view)
        yield from (m for m in moves if isinstance(m, Bid) and m.chips == size)
        return
    if view.phase == Phase.DRAW:
        # The engine allows the take only when the top card melds at once, and the rest of the
        # pile comes along: early on that is cards to build with. A Pair player takes a big pile
        # late only at the cost of its own hand, which it alone pays for; the Solo takes it
        # always: alone against two it needs every card it can meld, and a positive net counts
        # half again (taking always lifted normal's Solo rounds against random from 620 to 840).
        late_and_big = view.stock_count <= LATE_STOCK and len(view.discard) > 3
        if _solo(view) or not late_and_big:
            yield from (m for m in moves if isinstance(m, Take))
        yield from (m for m in moves if isinstance(m, Draw))
        return
    if len(view.hand) == 1:
        yield from (m for m in moves if isinstance(m, Discard))  # going out
    yield from _lay_order(view, moves, holds_back)
    yield from _discard_order(view, moves)


choose_normal = Preference(_normal_order, own=own_legal)


def _bid_size(view: Sight) -> int:
    mine = view.totals[view.seat]
    others = [t for s, t in enumerate(view.totals) if s != view.seat]
    if mine < min(others):
        return 0  # the lowest total is the Solo anyway
    behind = max(others) - mine
    if behind >= CATCH_UP:
        return 2
    return 1 if behind > 0 else 0


def _solo(view: Sight) -> bool:
    return view.solo == view.seat


def _lay_order(view: Sight, moves: Sequence[Move], holds_back: bool = False) -> Iterator[Move]:
    """The lays ``normal`` would make, best first; a lay it holds back is not among them. With
    ``holds_back`` the Solo holds back more: its new clean melds shorter than a biriba, and all
    but the least lay that melds a pile's top card it took (below)."""
    options = lays(moves)
    if view.must_lay:
        using = [m for m in options if any(c in view.must_lay for c in laid_cards(m))]
        # normal melds a taken top card with as many cards as it can. hard's Solo lays the
        # fewest that meld it, the same run-in-hand reasoning as below: the cards that came
        # with the pile stay in hand to meld the next top card with. Without search that
        # raised the Solo's share against normal from 0.235 to 0.260 and 0.254 to 0.302 (1000
        # tuning deals each, 13000 and 14000 on), and inside hard +0.018 +- 0.024 deal by deal
        # (0.580 to 0.597, the Solo 0.300 to 0.352; deals 15000-15199).
        fewest_first = 1 if holds_back and _solo(view) else -1
        yield from sorted(using, key=lambda m: fewest_first * len(laid_cards(m)))
    late = view.stock_count <= LATE_STOCK
    melds = {m.id: m for m in view.melds}
    mine = view.sides[view.seat]
    scored: list[tuple[float, Move]] = []
    for move in options:
        cards = laid_cards(move)
        wild = _has_wild(cards)
        score = float(len(cards))
        if isinstance(move, Add):
            target = melds.get(move.meld)
            size = len(target.cards) + len(cards) if target else 0
            if wild and not late and size < BIRIBA_SIZE:
                continue  # a pankal makes a dirty biriba: only spend it to reach seven
            if target is not None and len(target.cards) < BIRIBA_SIZE <= size:
                score += 5.0
            if target is not None and target.side == mine and target.seat != view.seat:
                score += 0.5  # feed the partner's melds
        elif (
            isinstance(move, Meld)
            and wild
            and not late
            and (_solo(view) or len(cards) < 4)
            and any(m.side == mine for m in view.melds)
        ):
            # The Solo keeps its pankal for a biriba of its own; the Pair spends one only to get
            # a first meld down that the partner can build on.
            continue
        elif holds_back and keeps_in_hand(move, view):
            # The Solo lives on the piles it takes, and takes one with the top card melded this
            # turn. A run in its hand takes a pile topped by either end's next card; laid, it
            # shows the Pair which cards not to throw it (``_discard_order``'s ``feeds``), and
            # with it its hand no longer holds a run to meld the top card with. So ``hard``'s
            # Solo keeps its runs in hand until one is a biriba, at any stock. Without search
            # that raised the Solo's share against ``normal`` from 0.206 to 0.237 and 0.227 to
            # 0.259 (1000 tuning deals each, 9000 and 10000 on); the Pair doing the same, and
            # the Solo laying once the Pair had its More pile or its hand was big, did not gain.
            # Inside ``hard`` the gain is smaller and within the noise: +0.002 +- 0.017 and
            # +0.018 +- 0.022 deal by deal (deals 12000-12199 and 12200-12359; README).
            continue
        if not wild:
            score += 1.0
        scored.append((score, move))
    yield from (m for _, m in sorted(scored, key=lambda sm: -sm[0]))


def keeps_in_hand(move: Move, view: Sight) -> TypeGuard[Meld]:
    """Whether ``hard``'s Solo keeps the run ``move`` would lay in its hand (``_lay_order``): a
    new clean meld shorter than a biriba. A hint names the run so kept (``bot.learning.hints``).
    (The move comes first: a type guard speaks of the first argument.)"""
    return (
        _solo(view)
        and isinstance(move, Meld)
        and len(move.cards) < BIRIBA_SIZE
        and not _has_wild(move.cards)
    )


def _has_wild(cards: Sequence[Card]) -> bool:
    """Whether any of ``cards`` is a pankal (a 2 or a joker), which may stand in as a wild."""
    return any(wild_capable(c, MORE_MELDS) for c in cards)


def _discard_order(view: Sight, legal: Sequence[Move]) -> list[Discard]:
    rules = _rules(view)
    keep = keep_scores(view.hand, rules, view)
    mine = view.sides[view.seat]
    nxt = (view.seat + 1) % view.n_seats
    # The next player may take the top card if it goes on their side's melds; a partner next
    # feeds nobody, and what the other side's melds take is not worked out.
    theirs: frozenset[Card] = frozenset()
    if view.sides[nxt] != mine:
        theirs = fitting((m for m in view.melds if m.side != mine), rules)

    def feeds(card: Card) -> float:
        return KEEP_FEEDS_OPPONENT if card in theirs else 0.0

    return ranked_discards(legal, keep, card_points, feeds)


# ---------------------------------------------------------------- hard

# 3 candidates x 12 deals of the unseen cards, each played 9 decisions on (a round of turns) by
# ``normal`` for every seat, then scored as if the round ended there, our side against the other.
# ``simple`` playouts judging our own score alone lost to normal (0.300 of seat pairs over 20
# deals); these ``normal`` playouts drew level with 4 deals and with 12 beat normal in 0.558
# [0.533-0.583] of seat pairs over 1000 deals. Since normal's Solo takes whenever it may (and
# hard keeps that take unsearched): 0.537 [0.512-0.561], p99 361 ms a decision.
# 24 deals on the leaner playouts beat normal in 0.546 [0.476-0.616] of 40 ladder deals, but the
# slowest decision took 2.8 s of CPU (the budget's max is 1.5 s): 12 stayed. That 2.8 s was the
# garbage collector walking the caches (search.settle), not the search. With the fitted end of
# the playouts (WEIGHTS) on 30 tuning deals from seed 5000: 12 deals 0.504 [0.456-0.552] (40
# deals), 24 deals 0.581 [0.516-0.645], p99 142 ms and max 175 ms a decision; 48 deals 0.569
# [0.511-0.628] at twice the CPU. Comparing normal's best two moves instead of three, with 24 or
# 36 deals, scored the same deal by deal on deals 5000-5059 (-0.001 and -0.004 +- 0.055).
# Once the contests' chances were fitted, 48 deals gained +0.026 +- 0.030 over tuning deals
# 6300-6539 but scored 0.583 on the reporting deals, level with 24's 0.591, at twice the CPU.
HARD = Budget(samples=24, horizon=9, candidates=3)
# ``hard``'s own moves before the search refines them: ``normal``'s, its Solo holding back its
# runs and the cards that came with a pile (``_lay_order``). Its playouts still play ``normal``
# for every seat, its own too: playing the runs rule there did no better (+0.009 +- 0.023
# against +0.018 on the same deals).
_hard_order = Preference(partial(_normal_order, holds_back=True), own=own_legal)


def choose_hard(view: More3View, legal: Sequence[Move], rng: random.Random) -> Move:
    legal = own_legal(view, legal) or legal
    first = _hard_order(view, legal, rng)
    if view.phase == Phase.BID or len(view.hand) <= 1:
        return first  # nobody has cards while bidding; a last card is thrown to go out
    if isinstance(first, Take) and _solo(view):
        # The playouts stop a round of turns on and count the cards still in hand, so a big pile
        # looks dear there and the search turned a third of the Solo's takes into draws; over a
        # whole round the pile pays (see choose_normal), so the Solo's take is not searched.
        return first
    throws = _discard_order(view, legal) if isinstance(first, Discard) else []
    return refine_draw_or_throw(
        first,
        view,
        legal,
        throws,
        rng,
        engine=ENGINE,
        build=_sample_state,
        value=_standing,
        policy=choose_normal,
        budget=HARD,
    )


def _value(game: More3, seat: int) -> float:
    """Our side's round score less the other side's: the real scores if the playout ended the
    round, else what ``WEIGHTS`` predict the round's end will bring from here (``features``).
    In points: a practice review (``bot.learning.review``) tells a member its margins."""
    if game.round_over:
        assert game.result is not None
        return _margin(game, seat, game.result.scores)
    now = features(game, seat)
    # No fitted table: score the round as if it ended now.
    return dot(WEIGHTS, now) if WEIGHTS else now[0]


# What ``hard`` plays for. Every player's total is their own (specification §2), so a round is a
# contest with each other player: the Solo's two, and a Pair player's against the Solo and
# against its own partner (the ladder counts each seat pairing alike). A margin in points weighs
# those contests by their size: the one against the other side, hundreds of points and mostly
# one-sided, drowned the one between partners, which the hands left and the 100 for going out
# settle, a few dozen points and close. So a playout is judged by the pairings the seat is likely
# to win: a round that ended there by those it won (it is one deal of the cards the seat cannot
# see), a round under way by the chance of each contest, a logistic fitted on ``normal``'s
# self-play (``scripts/train_more3_value.py``) on what the round shows from the two seats: the
# margin as it stands, the progress toward biribas, the More piles and the hands, with how much
# stock is left (``features``, against one rival), and between partners their hands, whether
# their side may go out already, and who plays first (``partner_features``). The fit knows what
# a fixed scale did not: a margin is surer the less stock is left, and a Pair player's hand
# weighs twice what a scale of 120 points gave it.


def _standing(game: More3, seat: int) -> float:
    """The seat pairings ``seat`` is likely to win, 0 to 2, from a playout's end."""
    partner = game.partner(seat)
    rivals = _rivals(game, seat)
    scores: Sequence[float]
    if game.round_over:
        assert game.result is not None
        scores = game.result.scores
        mates = [] if partner is None else [partner]
        return sum(won(scores[seat] - scores[s]) for s in [*rivals, *mates])
    scores = game.scores_now()
    chance = sum(likely(CONTEST_WEIGHTS, features(game, seat, scores, [s])) for s in rivals)
    if partner is not None:
        chance += likely(PARTNER_WEIGHTS, partner_features(game, seat, partner, scores))
    return chance


def _margin(game: More3, seat: int, scores: Sequence[float], against: Sequence[int] = ()) -> float:
    """``seat``'s score less its rivals' average (``_rivals``)."""
    others = _rivals(game, seat, against)
    return float(scores[seat] - sum(scores[s] for s in others) / len(others))


def _rivals(game: More3, seat: int, against: Sequence[int] = ()) -> list[int]:
    """The seats named by ``against``, or else the other side's."""
    return list(against) or [s for s in range(game.n_seats) if game.side(s) != game.side(seat)]


# The stock a round starts with: 106 cards less three hands and the two More piles of 11.
FULL_STOCK = 106 - 3 * 11 - 2 * 11
FEATURES = (
    "margin if the round ended now",
    "runs of 5 or 6 (one or two cards from a biriba), ours less theirs",
    "More pile taken, ours less theirs",
    "cards in hand, ours less theirs",
    "opened, ours less theirs",
    "runs of 5 or 6 x stock left",
    "points in hand x stock left",
    "More pile taken x stock left",
    "margin now x stock left",
    "we are the Solo",
    "constant",
)


def features(
    game: More3,
    seat: int,
    scores: Sequence[float] | None = None,
    against: Sequence[int] = (),
) -> list[float]:
    """What predicts a round's end from the middle of it, from ``seat``'s side (``FEATURES``
    names them): the margin as if it ended now, and what still moves it, the progress toward 7-card
    runs, the More pile, the cards left to lay, with how much stock is left to do it in. Fitted
    by ``scripts/train_more3_value.py`` on ``normal``'s self-play, the playouts' own policy.
    ``scores``: the round's scores as it stands, when the caller has them already; ``against``:
    the rivals (the other side's seats, their average, unless it names one)."""
    if scores is None:
        scores = game.scores_now()
    others = _rivals(game, seat, against)
    now = _margin(game, seat, scores, others)
    # Each seat's side and each side's counts read once: every playout's end asks this of
    # each rival.
    sides = [game.side(s) for s in range(game.n_seats)]
    near = [0, 0]
    for m in game.melds.values():
        if m.meld.kind == MeldKind.RUN and 5 <= len(m.meld.cards) <= 6:
            near[sides[m.seat]] += 1
    opened = {sides[o] for o in game.opened}

    def diff(of: Sequence[float]) -> float:
        """The seat's value less its rivals' average, given every seat's."""
        return float(of[seat] - sum(of[s] for s in others) / len(others))

    d_near = diff([near[side] for side in sides])
    d_pile = diff([game.pile_taken[side] for side in sides])
    d_cards = diff(list(map(len, game.hands)))
    d_opened = diff([side in opened for side in sides])
    d_points = diff([sum(map(card_points, hand)) for hand in game.hands])
    left = len(game.stock) / FULL_STOCK
    solo = 1.0 if game.solo == seat else 0.0
    return [
        now,
        d_near,
        d_pile,
        d_cards,
        d_opened,
        d_near * left,
        d_points * left,
        d_pile * left,
        now * left,
        solo,
        1.0,
    ]


PARTNER_FEATURES = (
    "margin against the partner if the round ended now",
    "cards in hand, ours less the partner's",
    "cards in hand x stock left",
    "points in hand x stock left",
    "cards in hand x our side may go out",
    "pankal in hand, ours less the partner's",
    "we play before the partner",
)


def partner_features(game: More3, seat: int, partner: int, scores: Sequence[float]) -> list[float]:
    """What tells a Pair player's round against its own partner from the middle of it
    (``PARTNER_FEATURES``): their melds are pooled, so the hands left, with how much stock there
    is to lay them and whether the side may go out already, and who of the two plays first. Each
    feature changes sign with the seats' order, as the contest does: no constant."""
    mine, theirs = game.hands[seat], game.hands[partner]
    d_cards = float(len(mine) - len(theirs))
    d_points = float(sum(map(card_points, mine)) - sum(map(card_points, theirs)))
    rules = game.rules_for(seat)
    d_wild = float(
        sum(wild_capable(c, rules) for c in mine) - sum(wild_capable(c, rules) for c in theirs)
    )
    side = game.side(seat)
    ready = 1.0 if game.pile_taken[side] and can_go_out_with(game.side_biribas(side)) else 0.0
    left = len(game.stock) / FULL_STOCK
    n = game.n_seats
    # Asked of a round in play only (``_standing`` scores an ended one), where a seat is to play.
    turn = game.turn
    assert turn is not None
    first = 1.0 if (seat - turn) % n < (partner - turn) % n else -1.0
    return [
        float(scores[seat] - scores[partner]),
        d_cards,
        d_cards * left,
        d_points * left,
        d_cards * ready,
        d_wild,
        first,
    ]


# The round's margin (points), the chance of a contest with a rival of the other side (seen
# from either side: ``features`` against that one seat), and the chance against the partner.
_TABLE = fitted.read_table(Path(__file__).with_name("more3_value.json"))
WEIGHTS = fitted.weights(_TABLE, "", FEATURES)
CONTEST_WEIGHTS = fitted.weights(_TABLE, "contest_", FEATURES)
PARTNER_WEIGHTS = fitted.weights(_TABLE, "partner_", PARTNER_FEATURES)


def _sample_state(view: More3View, rng: random.Random) -> dict[str, Any]:
    """A whole More state from the view, the unseen cards dealt into the other hands, the stock
    and the two More piles by their counts."""
    hands, (stock, *piles) = deal_table(view, [view.stock_count, *view.side_piles], rng)
    return {
        "game": "more3",
        "header": header("more3", {}),
        "moves": [],
        "round_no": view.round_no,
        "dealer": view.dealer,
        "totals": list(view.totals),
        "history": [],
        "past_solos": [],
        "hands": hands,
        "stock": text_cards(stock),
        "discard": text_cards(view.discard),
        "melds": [meld_json(m) for m in view.melds],
        "next_id": max((m.id for m in view.melds), default=0) + 1,
        "piles": [text_cards(p) for p in piles],
        "pile_taken": list(view.side_taken),
        # An untaken pile that is empty went into the stock when it ran out.
        "pile_gone": [
            not t and not n for t, n in zip(view.side_taken, view.side_piles, strict=True)
        ],
        # A seat with no cards emptied its hand by a throw and takes its pile next turn.
        "pile_waiting": [s for s in range(view.n_seats) if view.hand_counts[s] == 0],
        "solo": view.solo,
        "bids": list(view.bids),
        "opened": list(view.opened),
        "turn": view.turn,
        "phase": view.phase,
        "after_bids": [0, Phase.DRAW],
        "must_lay": text_cards(view.must_lay),
        "just_drawn": text_cards(view.just_drawn),
        "shown": [text_cards(cards) for cards in view.shown],
        "stock_out": view.stock_count == 0 and view.phase != Phase.DRAW and all(view.side_taken),
        "went_out": None,
        "result": None,
        "winners": [],
        "finished": False,
    }


# What a practice game's review (``bot.learning.review``) plays its deals out with.
SEARCH = SearchSpec(deal=_sample_state, value=_value, policy=choose_normal)
