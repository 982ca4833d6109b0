"""Computer players for Run Fast (specification §4), deciding from a ``RunFastView``.

Suits never rank, so every decision works on the hand's counts per power (3..15, 15 for the 2).

- ``simple``: the lowest play that beats the table (a same-kind play before a bomb); leading, the
  lowest card with as many of its rank as it can.
- ``normal``: plays to run out in as few plays as it can: each candidate is judged by the fewest
  plays the rest of the hand splits into (``min_plays``, a memoised search), keeping control cards
  (aces, the 2) and bombs for when they win a trick, and never leading a single the next player
  could go out on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.ai.runfast_counts import Counts, best_played, counts_of, danger, judge
from bot.ai.runfast_reading import read_deals
from bot.ai.search import Budget, SearchSpec, deal, samples, unseen
from bot.games.answers import kept
from bot.games.base import Move, Pass, Play
from bot.games.cards import Card, deck_48, text_cards
from bot.games.runfast import RunFast, RunFastView
from bot.games.runfast_combos import (
    BOMB_KINDS,
    HEAVENLY,
    Combo,
    can_beat,
    classify,
)


def _plays(legal: Sequence[Move]) -> list[Play]:
    return [m for m in legal if isinstance(m, Play)]


def choose_simple(view: RunFastView, legal: Sequence[Move], rng: random.Random) -> Move:
    plays = _plays(legal)
    if not plays:
        return legal[0]

    def key(m: Play) -> tuple[bool, int, int, str]:
        combo = classify(m.cards, opening=view.opening)
        assert isinstance(combo, Combo)
        return (combo.is_bomb, combo.top, -len(m.cards), " ".join(sorted(map(str, m.cards))))

    return min(plays, key=key)


def choose_normal(view: RunFastView, legal: Sequence[Move], rng: random.Random) -> Move:
    plays = _plays(legal)
    if len(plays) <= 1:
        return ranked(view, legal)[0]
    # ``ranked(...)[0]`` without sorting every play or spelling out every play's cards: ``hard``
    # calls this at every step of its playouts, where that was most of the time. The card text
    # only breaks ties, so it is built for the tied plays alone; the choice is the same.
    ctx = _context(view)
    keys = [_primary(ctx, view.opening, m) for m in plays]
    best = min(keys)
    tied = [m for m, k in zip(plays, keys, strict=True) if k == best]
    return min(tied, key=_card_text)


def ranked(view: RunFastView, legal: Sequence[Move]) -> Sequence[Move]:
    """Every legal move, best first by ``normal``'s judgement (a pass only when it must)."""
    plays = _plays(legal)
    if not plays:
        return [next((m for m in legal if isinstance(m, Pass)), legal[0])]
    ctx = _context(view)
    order = sorted(plays, key=lambda m: (*_primary(ctx, view.opening, m), _card_text(m)))
    return order


def _context(view: RunFastView) -> tuple[Counts, bool, bool]:
    """What every play of this turn is judged against: the hand, leading or not, and danger (a
    player about to go out)."""
    leading = not view.trick
    return counts_of(view.hand), leading, danger(view.hand_counts, view.seat, leading)


def _primary(ctx: tuple[Counts, bool, bool], opening: bool, m: Play) -> tuple[float, int, int]:
    """``normal``'s judgement of a play, best lowest, before the tie-break on its cards."""
    hand, leading, at_risk = ctx
    shape, is_bomb, kind, top = _play_info(m.cards, opening)
    return (judge(hand, shape, is_bomb, kind, leading, at_risk), top, -len(m.cards))


@kept(200_000)
def _play_info(cards: tuple[Card, ...], opening: bool) -> tuple[Counts, bool, str, int]:
    """A play's shape of powers and its combination, once per play: playouts list the same plays
    turn after turn."""
    combo = classify(cards, opening=opening)
    assert isinstance(combo, Combo)
    return counts_of(cards), combo.is_bomb, combo.kind, combo.top


def _card_text(m: Play) -> str:
    return " ".join(sorted(map(str, m.cards)))


def choose_hard(view: RunFastView, legal: Sequence[Move], rng: random.Random) -> Move:
    """``normal``'s best few plays (one per shape of powers: suits never matter), each tried on
    the same deals of the unseen cards and played out to the end by ``normal`` for every seat
    (on counts: ``runfast_counts``); the best total settlement wins. The deals are read from the
    other seats' play (``runfast_reading``): every pass they made, and how likely each play was
    from the hand dealt. Without the whole deal's record (a table file's position) they follow
    the passes on the table's play only."""
    order = ranked(view, legal)
    candidates = _candidates(order, HARD.candidates)
    if len(candidates) <= 1:
        return order[0]
    count = samples(HARD)
    deals = _read(view, rng, count)
    if deals is None:
        try:
            deals = [
                _consistent_hands(view, random.Random(rng.getrandbits(64))) for _ in range(count)
            ]
        except ValueError:  # a lesson's position, cards out of play: nothing to deal from
            return order[0]
    return best_played(view, candidates, deals)


def read_states(view: RunFastView, rng: random.Random, n: int) -> list[dict[str, Any]] | None:
    """``n`` whole states dealt as ``hard`` deals them, read from the others' play; None without
    a record of the whole deal. A practice game's review (``bot.learning.review``) judges
    ``hard``'s move on these, the deals it was chosen by."""
    deals = _read(view, rng, n)
    return None if deals is None else [_state(view, hands) for hands in deals]


def _read(view: RunFastView, rng: random.Random, n: int) -> list[list[list[Card]]] | None:
    """``hard``'s deals read from the others' play, or None when the view has no record of the
    whole deal (then it deals at random)."""
    return read_deals(view, rng, n)


def _candidates(order: Sequence[Move], limit: int) -> list[Move]:
    shapes: dict[Counts, Move] = {}
    for m in order:
        key = counts_of(m.cards) if isinstance(m, Play) else ()
        shapes.setdefault(key, m)
        if len(shapes) >= limit:
            break
    return list(shapes.values())


# 4 candidates x 16 deals of full playouts: about 64 short games. 16 deals beat normal (0.598 of
# seat pairs over 200 deals) even before the view listed the played cards; the cached judgements
# above keep them under 800 ms on a loaded core.
# 24 deals since the leaner playouts, within the CPU budget (README, decision times).
# Against normal on 60 tuning deals (ladder --tuning): 0.583 [0.539-0.628]; deals consistent with
# the passes 0.582 [0.537-0.627]; with 8 candidates 0.582 [0.535-0.629]; with a playout budget of
# 52-96 deals 0.556 [0.515-0.596] at twice the CPU. More search no longer pays here.
# Since the deals are read from the others' play and played out on counts: 6 candidates lose
# 0.10 +- 0.06 points a decision less than 4 against the exact future (780 positions, README).
HARD = Budget(samples=24, horizon=None, candidates=6)
# Deals tried per sample until the seats that passed the table's play could not have beaten it.
CONSISTENT_TRIES = 40


def _consistent_hands(view: RunFastView, rng: random.Random) -> list[list[Card]]:
    """``_deal_others``, redealt until every seat that passed the play on the table holds nothing
    that beats it: a pass is allowed only then (specification §4, a player who can beat must). After
    ``CONSISTENT_TRIES`` deals the last one is kept (the passes then only failed to narrow it)."""
    passers = _passers(view)
    hands = _deal_others(view, rng)
    combo = classify(view.trick, opening=False) if passers else None
    # Nothing beats the heavenly bomb: a pass on it says nothing.
    if isinstance(combo, Combo) and view.trick_kind != HEAVENLY:
        for _ in range(CONSISTENT_TRIES - 1):
            if not any(can_beat(hands[s], combo) for s in passers):
                break
            hands = _deal_others(view, rng)
    return hands


def _passers(view: RunFastView) -> list[int]:
    """The seats that passed the play on the table since it was made (a play resets the count)."""
    if not view.trick or view.trick_seat is None:
        return []
    n = view.n_seats
    seats = [(view.trick_seat + k) % n for k in range(1, view.passes + 1)]
    return [s for s in seats if s != view.seat]


def _settled(game: RunFast, seat: int) -> float:
    return float(game.settlement[seat])


def _sample_state(view: RunFastView, rng: random.Random) -> dict[str, Any]:
    """A whole Run Fast state from the view: the other two hands dealt from the unseen cards (the
    deck less this hand and every card played so far, which the view lists), by their counts.
    Three hands of 16 use the whole deck, so the pool is exactly the other two hands."""
    return _state(view, _deal_others(view, rng))


def _deal_others(view: RunFastView, rng: random.Random) -> list[list[Card]]:
    """Every hand: this seat's own, the other two dealt at random from the unseen cards."""
    others = [s for s in range(view.n_seats) if s != view.seat]
    pool = unseen(deck_48(), [*view.hand, *view.played_cards])
    dealt = deal(pool, [view.hand_counts[s] for s in others], rng)
    hands: list[list[Card]] = [[] for _ in range(view.n_seats)]
    hands[view.seat] = list(view.hand)
    for s, cards in zip(others, dealt, strict=True):
        hands[s] = cards
    return hands


def _state(view: RunFastView, hands: Sequence[Sequence[Card]]) -> dict[str, Any]:
    """A whole Run Fast state: the view's table with these hands."""
    bomb = view.trick_kind in BOMB_KINDS and view.trick_seat is not None
    return {
        "game": "runfast",
        "rules_version": 1,
        "options": {},
        "seed": 0,
        "dealer": view.dealer,
        "start_totals": [0.0] * view.n_seats,
        "position": None,
        "hands": [text_cards(h) for h in hands],
        "table": text_cards(view.played_cards),
        "turn": view.turn,
        "trick": text_cards(view.trick),
        "trick_kind": view.trick_kind,
        "trick_seat": view.trick_seat,
        "passes": view.passes,
        "played": list(view.played),
        "opening": view.opening,
        # A bomb on the table most often went over cards; the view can't tell, so assume it did.
        "bomb_seat": view.trick_seat if bomb else None,
        "settlement": list(view.settlement),
        "lines": [],
        "winner": None,
        "moves": [],
        "last_events": [],
    }


# What a practice game's review (``bot.learning.review``) plays its deals out with.
SEARCH = SearchSpec(deal=_sample_state, value=_settled, policy=choose_normal, read=read_states)
