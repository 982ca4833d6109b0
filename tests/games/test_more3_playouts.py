"""Seeded playouts of More: thousands of rounds checking the invariants at every step."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bot.games import registry
from bot.games.base import Add, Bid, Discard, Draw, IllegalMove, Lay, Meld, Move, Take
from bot.games.cards import Card, deck_106
from bot.games.meld_search import meld_with
from bot.games.melds import Meld as MeldShape
from bot.games.more3 import More3, _disjoint_melds, card_points

DECK = Counter(deck_106())


def all_cards(game: More3) -> Counter:
    cards = [c for h in game.hands for c in h] + game.stock + game.discard
    cards += [c for m in game.melds.values() for c in m.meld.cards]
    cards += [c for p in game.piles for c in p]
    return Counter(cards)


def choose(game: More3, rng: random.Random, greedy: bool = False) -> tuple[int, Move]:
    """A cheap policy: bid at random, draw (sometimes take), lay, add, discard.

    It asks the engine about a handful of candidates only and looks for melds around the drawn
    card most turns (a full search now and then), so thousands of rounds stay quick.
    """
    seat = game.turn
    assert seat is not None
    if game.phase == "bid":
        return seat, Bid(rng.randrange(4))
    if game.phase == "draw":
        if game.discard and rng.random() < (0.6 if greedy else 0.15) and game.can(seat, Take()):
            return seat, Take()
        return seat, Draw()
    hand = game.hands[seat]
    rules = game.rules_for(seat)
    if game.must_lay:
        rest = list(hand)
        rest.remove(game.must_lay[0])
        for move in game._every_take_lay(seat, game.must_lay[0], rest):
            if game.can(seat, move):
                return seat, move
        raise AssertionError("a take left no lay for the taken card")
    tries: list[Move] = []
    if greedy:
        tries += greedy_lays(game, seat)
    elif rng.random() < 0.1:
        melds = _disjoint_melds(hand, rules)
        if melds:
            tries.append(Lay(melds=tuple(melds)))
    elif game.just_drawn and game.just_drawn[0] in hand:
        card = game.just_drawn[0]
        rest = list(hand)
        rest.remove(card)
        found = meld_with(card, rest, rules)
        if found:
            tries.append(Meld(found))
    side = game.side(seat)
    targets = [m.id for m in game.melds.values() if game.side(m.seat) == side]
    if targets and rng.random() < 0.4:
        for card in rng.sample(hand, min(2, len(hand))):
            tries.append(Add(rng.choice(targets), (card,)))
    for move in tries:
        if game.can(seat, move):
            return seat, move
    order = sorted(hand, key=lambda c: (c.rank in (0, 2), rng.random()))
    for card in order:
        if game.can(seat, Discard(card)):
            return seat, Discard(card)
    raise AssertionError(f"seat {seat} has no legal move: {game.to_json()}")


def fits(card: Card, meld: MeldShape) -> bool:
    """Could ``card`` extend this run at an end? A cheap filter before asking the engine."""
    if meld.kind != "run" or card.suit != meld.suit:
        return False
    spots = (1, 14) if card.rank == 1 else (card.rank,)
    return any(p in (meld.low - 1, meld.high + 1) for p in spots)


def greedy_lays(game: More3, seat: int) -> list[Move]:
    """Lay everything the hand makes, then extend the side's runs card by card."""
    hand = game.hands[seat]
    out: list[Move] = []
    melds = _disjoint_melds(hand, game.rules_for(seat))
    if melds:
        out.append(Lay(melds=tuple(melds)))
    side = game.side(seat)
    for m in game.melds.values():
        if game.side(m.seat) == side:
            out += [Add(m.id, (c,)) for c in sorted(set(hand)) if fits(c, m.meld)]
    return out


def play_round(game: More3, rng: random.Random, stats: Counter) -> None:
    greedy = rng.random() < 0.3
    steps = 0
    while not game.round_over:
        steps += 1
        assert steps < 2000, "round did not end"
        seat, move = choose(game, rng, greedy)
        if rng.random() < 0.005:
            # An illegal move is refused and changes nothing.
            before = json.dumps(game.to_json(), sort_keys=True)
            with pytest.raises(IllegalMove):
                game.apply((seat + 1) % 3, Draw() if game.phase != "bid" else Bid(9))
            assert json.dumps(game.to_json(), sort_keys=True) == before
        events = game.apply(seat, move)
        stats.update(type(e).__name__ for e in events)
        # Cheap conservation check every move, the full multiset now and then.
        sizes = sum(map(len, game.hands)) + len(game.stock) + len(game.discard)
        sizes += sum(len(m.meld.cards) for m in game.melds.values()) + sum(map(len, game.piles))
        assert sizes == 106
        if steps % 25 == 0:
            assert all_cards(game) == DECK
    assert all_cards(game) == DECK
    # The Pair shares one pooled score: partners differ only by their own hands and going out.
    a, b = game.side_seats(0)
    scores = game.result.scores

    def own(seat: int) -> int:
        out = 100 if game.went_out == seat else 0
        return out - sum(card_points(c) for c in game.hands[seat])

    assert scores[a] - own(a) == scores[b] - own(b)
    stats[game.result.reason] += 1


def test_two_thousand_rounds() -> None:
    stats: Counter = Counter()
    rounds = 0
    seed = 0
    while rounds < 2000:
        rng = random.Random(seed)
        game = More3.new({"bid": seed % 4 == 0}, seed)
        for _ in range(3):
            play_round(game, rng, stats)
            rounds += 1
            if seed % 25 == 0:
                data = game.to_json()
                assert More3.from_json(json.loads(json.dumps(data))).to_json() == data
            if game.game_over:
                break
            game.next_round()
        if seed % 3 == 0:
            assert registry.replay(game.record).to_json() == game.to_json()
        seed += 1
    print(dict(stats))
    assert stats["StockRefilled"] > 100  # rounds where the More piles became the stock
    assert stats["TookSidePile"] > 0
    assert stats["stock_out"] > 0
    assert stats["went_out"] > 0
    assert stats["BidsRevealed"] > 0
