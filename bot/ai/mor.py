"""Computer players for Mor (specification §1), deciding from a ``MorView`` and the legal moves.

- ``simple``: always draws, lays the biggest thing it can, throws its highest useless card.
- ``normal``: takes the pile when its cards are useful, keeps wilds for projects (a clean run of 7
  is worth 200, a dirty one 100), lays naturals and feeds the team's melds, never throws a card the
  opponents could lay off on their melds while it has another, and closes as soon as it can.
- ``hard``: ``normal``'s move unless the cards say otherwise: at a draw (stock or pile) or a
  throw, ``normal``'s best three are each tried on the same 8 deals of the cards this seat cannot
  see (the other hands, the stock, the Mors; a hand keeps the cards the table saw go into it),
  played 16 decisions on by ``normal`` for every seat, and judged by the margin that a table
  fitted on self-play (``mor_value.json``, one fit for 2 vs 2 and one for 1 vs 1) predicts the
  round will end with.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.ai import fitted
from bot.ai.fitted import dot
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
from bot.games.base import Add, Discard, Draw, Meld, MeldView, Move, Phase, Take
from bot.games.cards import Card, text_cards
from bot.games.meld_search import meld_with
from bot.games.melds import MOR_MELDS, wild_capable
from bot.games.mor import (
    ENGINE,
    HAND_SIZE,
    MOR_SIZE,
    TARGETS,
    Mor,
    MorView,
    can_close_with,
    card_halves,
    offered_melds,
    project_value,
)
from bot.games.rummy import Glance

PROJECT_SIZE = 7
DECK = 106  # two packs and two jokers: a round's first stock is what the hands and Mors leave
LATE_STOCK = 12  # few draws left: laying any points beats holding them

# What ``normal``'s order reads: a seat's view, or in ``hard``'s playouts the engine's glance
# (the same fields, built faster).
Sight = MorView | Glance


def _team_melds(view: Sight) -> list[MeldView]:
    team = view.sides[view.seat]
    return [m for m in view.melds if m.side == team]


def own_legal(view: Sight, legal: Sequence[Move]) -> list[Move]:
    """The legal moves Mor's computer players weigh (``own_moves``)."""
    return own_moves(legal, offered_melds(view.hand))


def choose_simple(view: MorView, legal: Sequence[Move], rng: random.Random) -> Move:
    legal = own_legal(view, legal) or legal
    if view.phase == Phase.DRAW:
        return next((m for m in legal if isinstance(m, Draw)), legal[0])
    lay = biggest_lay(legal)
    if lay is not None:
        return lay
    keep = keep_scores(view.hand, MOR_MELDS)
    return best_discard(legal, keep, card_halves) or legal[0]


def _normal_order(view: Sight, moves: Sequence[Move]) -> Iterator[Move]:
    """``normal``'s moves among ``moves``, best first (it makes the first legal one)."""
    if view.phase == Phase.DRAW:
        if _pile_worth_taking(view):
            yield from (m for m in moves if isinstance(m, Take))
        yield from (m for m in moves if isinstance(m, Draw))
        return
    if _closes(view):
        yield from (m for m in moves if isinstance(m, Discard))
    yield from _lay_order(view, moves)
    yield from _discard_order(view, moves)


choose_normal = Preference(_normal_order, own=own_legal)


def _closes(view: Sight) -> bool:
    """With one card left and the Mor taken, a legal throw closes: +10 and the round ends."""
    return len(view.hand) == 1 and view.side_taken[view.sides[view.seat]]


def _pile_worth_taking(view: Sight) -> bool:
    """Take the whole pile when enough of it is useful: cards that make new melds with the hand or
    go on the team's melds. Late in the round a big pile is mostly points left in hand."""
    team_melds = _team_melds(view)
    if not team_melds or not view.discard:
        return False  # the rules allow no take then (checked first: playouts ask every draw)
    pile = list(view.discard)
    hand = list(view.hand)
    fit = fitting(team_melds, MOR_MELDS)

    def helps(card: Card) -> bool:
        if wild_capable(card, MOR_MELDS):
            return True
        return card in fit or bool(meld_with(card, hand, MOR_MELDS))

    if view.stock_count > 2 * LATE_STOCK:
        return any(helps(card) for card in pile)
    # At least half of the pile must help (and one card at least): stop counting once that is
    # settled either way, since playouts weigh the pile at every draw.
    need = (len(pile) + 1) // 2
    useful = 0
    for weighed, card in enumerate(pile, 1):
        useful += helps(card)
        if useful >= need:
            return True
        if useful + len(pile) - weighed < need:
            return False  # too few cards left to weigh to reach half
    return False


def _wilds(cards: Sequence[Card]) -> int:
    # A 2 of a run's suit in its own spot is natural; the engine's shape knows, but for choosing
    # what to hold back it is enough to count cards that could be wild.
    return sum(1 for c in cards if wild_capable(c, MOR_MELDS))


def _lay_score(
    view: Sight, move: Move, melds: Mapping[int, MeldView], melded: bool
) -> float | None:
    """How good a lay is, or None to hold it back (a wild spent on a small meld). ``melds``: the
    table's by id; ``melded``: whether the team has a meld down (the same for every lay
    weighed, so worked out once)."""
    cards = laid_cards(move)
    wilds = _wilds(cards)
    late = view.stock_count <= LATE_STOCK
    score = float(len(cards))
    if isinstance(move, Meld):
        if wilds and not late and melded and len(cards) < PROJECT_SIZE:
            return None  # keep the wild for a project
        score += 2.0 if not wilds else 0.0
    elif isinstance(move, Add):
        target = melds.get(move.meld)
        size = len(target.cards) + len(cards) if target else 0
        if wilds and not late:
            # A wild makes a 100 of a run that could become a 200: only spend it to reach a
            # project on a meld that already holds a wild.
            dirty = target is not None and bool(target.wilds)
            if not (dirty and size >= PROJECT_SIZE):
                return None
        if target is not None and len(target.cards) < PROJECT_SIZE <= size:
            score += 5.0
    if any(c in view.must_lay for c in cards):
        score += 10.0
    return score


def _lay_order(view: Sight, moves: Sequence[Move]) -> Iterator[Move]:
    """The lays ``normal`` would make, best first; a lay it holds back is not among them."""
    options = lays(moves)
    if view.must_lay:
        # The throw is refused until a card from the pile is laid: any lay using one will do.
        using = [m for m in options if any(c in view.must_lay for c in laid_cards(m))]
        yield from sorted(using, key=lambda m: -len(laid_cards(m)))
    if not options:
        return
    melds, melded = {m.id: m for m in view.melds}, bool(_team_melds(view))
    scored = [(s, m) for m in options if (s := _lay_score(view, m, melds, melded)) is not None]
    yield from (m for _, m in sorted(scored, key=lambda sm: -sm[0]))


def _discard_order(view: Sight, legal: Sequence[Move]) -> list[Discard]:
    keep = keep_scores(view.hand, MOR_MELDS, view)
    team = view.sides[view.seat]
    theirs = fitting((m for m in view.melds if m.side != team), MOR_MELDS)

    def feeds(card: Card) -> float:
        # The next opponent takes the whole pile if one card of it goes on their melds.
        return KEEP_FEEDS_OPPONENT if card in theirs else 0.0

    return ranked_discards(legal, keep, card_halves, feeds)


# ---------------------------------------------------------------- hard

# 3 candidates x 4 deals of the unseen cards, each played 16 decisions on by ``normal`` for every
# seat (over a round of turns: the next opponent's answer to our throw or pick-up, and what
# our side makes of it), then the round scored as if it ended there. It replaces ``simple``
# playouts of 12 decisions judging our side's score alone, the scheme that lost to normal in Hand;
# hard,normal,hard,normal: hard's side won 0.717 [0.689-0.744] of 1000 deals.
# The leaner playouts (bench/playouts.py) pay for 8 deals instead of 4: 0.719 [0.621-0.817] of
# 40 ladder deals against normal (12 deals: 0.713 [0.614-0.811], p99 281 ms against 214). The
# slowest decisions (2.6 s of CPU with 8 and 2.3 s with 12 alike) were the garbage collector
# walking the lean path's caches, not the search: ``settle`` after each decision keeps the
# slowest at 0.18 s (README, the slow decisions). Against the hard of 4 deals: 0.550 over 30
# reporting deals, 0.507 over the next 70, so 8 deals are not clearly stronger than 4.
# Playouts of 8, 12, 20, 24 or 32 decisions, or played on to the end of the turn under way, did
# no better than 16 against the previous hard, deal by deal on tuning deals 0-99 (README); nor
# did comparing normal's best two moves instead of three, with 8 deals or 12; nor 16 deals
# (+0.016 +- 0.068 deal by deal over tuning deals 0-199).
# The end of a playout predicted by the fitted table (WEIGHTS, below) instead of scored as if the
# round ended there, each against the previous hard and told apart deal by deal from the hard
# without the table: +0.077 +- 0.085 over tuning deals 6660-6759 and +0.100 +- 0.072 over
# 6760-6919. Not kept: the table's chance of winning the round instead of its margin (+0.058 +-
# 0.088 on the first batch), and with the table 12 deals 8 decisions deep (+0.056 +- 0.075 on
# the second).
HARD = Budget(samples=8, horizon=16, candidates=3)


def choose_hard(view: MorView, legal: Sequence[Move], rng: random.Random) -> Move:
    legal = own_legal(view, legal) or legal
    first = choose_normal(view, legal, rng)
    if _closes(view) and isinstance(first, Discard):
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
        value=_value,
        policy=choose_normal,
        budget=HARD,
    )


def _value(game: Mor, seat: int) -> float:
    """Our side's round score less the other side's, in points (the round is won on the
    difference): the real scores if the playout ended the round, else what the weights fitted
    for this many players (``WEIGHTS``, 2 vs 2; ``HEADS_UP_WEIGHTS``, 1 vs 1) predict the round's
    end will bring from here (``features``), or without them the round as if it ended now
    (melded cards and projects for, cards in hand against)."""
    if game.round_over:
        return _final_margin(game, seat)
    now = features(game, seat)
    weights = WEIGHTS if game.n_seats == 4 else HEADS_UP_WEIGHTS
    return dot(weights, now) if weights else now[0]


def _final_margin(game: Mor, seat: int) -> float:
    assert game.result is not None
    # Seats alternate sides, so the next seat is always on the other side.
    scores = game.result.scores
    return float(scores[seat] - scores[(seat + 1) % len(scores)])


# A playout stops 16 decisions on, where "as if the round ended now" counts a run one card from
# a project, a Mor about to be taken or a side ready to close as nothing yet. What the rest of
# the round brings is predicted instead, by weights fitted on ``normal``'s self-play (its playout
# policy): ``python scripts/train_mor_value.py``, into ``mor_value.json``. Each feature is ours
# less theirs, so the prediction changes sign with the side: no constant.
FEATURES = (
    "margin if the round ended now",
    "melds of 5 or 6 (one or two cards from a project)",
    "projects",
    "ready to close (the Mor taken and a 300, or a 200 and another)",
    "Mor taken",
    "cards in hand",
    "fewest cards in one hand",
    "ready to close x fewest cards in one hand",
    "melds of 5 or 6 x stock left",
    "points in hand x stock left",
    "Mor taken x stock left",
    "margin now x stock left",
    "our side plays next",
)


def features(game: Mor, seat: int) -> list[float]:
    """What predicts a Mor round's end from the middle of it, from ``seat``'s side (``FEATURES``
    names them): the margin as if it ended now and what still moves it, the progress toward
    projects, the Mor, the cards left to lay and how near a side is to closing, with how much
    stock is left to do it in."""
    halves = game.scores_now()
    ours = game.team(seat)
    near = [0, 0]
    projects: list[list[int]] = [[], []]
    for m in game.melds.values():
        side = game.team(m.seat)
        value = project_value(m.meld)
        if value:
            projects[side].append(value)
        elif len(m.meld.cards) >= 5:
            near[side] += 1
    cards, fewest, in_hand = [0, 0], [99, 99], [0, 0]
    for s in range(game.n_seats):
        side, hand = game.team(s), game.hands[s]
        cards[side] += len(hand)
        fewest[side] = min(fewest[side], len(hand))
        in_hand[side] += sum(map(card_halves, hand))
    ready = [float(game.mor_taken[t] and can_close_with(projects[t])) for t in range(2)]

    def diff(of: Sequence[float]) -> float:
        return float(of[ours] - of[1 - ours])

    left = len(game.stock) / (DECK - game.n_seats * HAND_SIZE - 2 * MOR_SIZE)
    now = diff(halves) / 2
    return [
        now,
        diff(near),
        diff([len(p) for p in projects]),
        diff(ready),
        diff(game.mor_taken),
        diff(cards),
        diff(fewest),
        diff([r * f for r, f in zip(ready, fewest, strict=True)]),
        diff(near) * left,
        diff(in_hand) / 2 * left,
        diff(game.mor_taken) * left,
        now * left,
        _plays_next(game, ours),
    ]


def _plays_next(game: Mor, side: int) -> float:
    """1 when ``side`` plays next, -1 when the other side does."""
    turn = game.turn
    if turn is None:  # the round is over (the only time no seat is to play)
        return 0.0  # nobody does
    return 1.0 if game.team(turn) == side else -1.0


_TABLE = fitted.read_table(Path(__file__).with_name("mor_value.json"))
# The round's margin in points, fitted apart for each size of table: one hand a side plays
# differently from two. 1 vs 1, against the previous hard, deal by deal against the hard without
# a table on tuning deals 7200-7299: the 2 vs 2 weights -0.217 +- 0.078, its own +0.085 +- 0.087
# (and +0.158 +- 0.082 on 7300-7399).
WEIGHTS = fitted.weights(_TABLE, "", FEATURES)
HEADS_UP_WEIGHTS = fitted.weights(_TABLE, "heads_up_", FEATURES)


def _sample_state(view: MorView, rng: random.Random) -> dict[str, Any]:
    """A whole Mor state from the view, the unseen cards dealt at random into the other hands,
    the stock and the Mors by their counts."""
    hands, (stock, *mors) = deal_table(view, [view.stock_count, *view.side_piles], rng)
    totals = [0, 0]
    for s in range(view.n_seats):
        totals[view.sides[s]] = round(2 * view.totals[s])
    length = "quick" if view.target == TARGETS["quick"] else "full"
    return {
        "game": "mor",
        "header": header("mor", {"players": view.n_seats, "length": length}),
        "moves": [],
        "round_no": view.round_no,
        "dealer": view.dealer,
        "totals": totals,
        "history": [],
        "hands": hands,
        "stock": text_cards(stock),
        "discard": text_cards(view.discard),
        "melds": [meld_json(m) for m in view.melds],
        "next_id": max((m.id for m in view.melds), default=0) + 1,
        "mors": [text_cards(p) for p in mors],
        "mor_taken": list(view.side_taken),
        "mor_waiting": list(view.mor_waiting),
        "turn": view.turn,
        "phase": view.phase,
        "must_lay": text_cards(view.must_lay),
        "just_drawn": text_cards(view.just_drawn),
        "shown": [text_cards(cards) for cards in view.shown],
        # The last stock card was drawn this turn: the round ends with it.
        "stock_out": view.stock_count == 0 and view.phase != Phase.DRAW,
        "result": None,
        "winners": [],
        "finished": False,
    }


# What a practice game's review (``bot.learning.review``) plays its deals out with.
SEARCH = SearchSpec(deal=_sample_state, value=_value, policy=choose_normal)
