"""Seeded playouts of whole Hand games with a cheap policy, checking the invariants at every step:
106 cards always, every round ends, moves the policy picks are legal and illegal ones change
nothing, replaying the record gives the same state, and the JSON state round-trips."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from bot.games import registry
from bot.games.base import (
    Add,
    Discard,
    Draw,
    IllegalMove,
    Lay,
    Meld,
    Move,
    Return,
    Swap,
    Take,
)
from bot.games.cards import JOKER, Card, deck_106, parse_cards
from bot.games.hand import Hand, hand_value, might_fit
from bot.games.meld_search import find_melds, meld_with
from bot.games.melds import HAND_MELDS
from bot.i18n import LANGUAGES, say

GAMES = 400  # five rounds each: 2,000 rounds
MAX_MOVES_PER_ROUND = 1000


def all_cards(game: Hand) -> Counter[Card]:
    cards = [c for h in game.hands for c in h] + game.stock + game.discard
    cards += [c for m in game.melds.values() for c in m.meld.cards]
    return Counter(cards)


def count_cards(game: Hand) -> int:
    in_melds = sum(len(m.meld.cards) for m in game.melds.values())
    return sum(len(h) for h in game.hands) + len(game.stock) + len(game.discard) + in_melds


def snapshot(game: Hand) -> tuple[object, ...]:
    """What a refused move must leave as it was (cheaper than the whole JSON state)."""
    return (
        [list(h) for h in game.hands],
        list(game.stock),
        list(game.discard),
        dict(game.melds),
        list(game.opened),
        game.turn,
        game.phase,
        list(game.must_lay),
        len(game.moves),
    )


def choose(game: Hand, seat: int, rng: random.Random) -> Move:
    """Draw (or take a discard that melds), open when an opening of 51 is found, lay and add,
    reclaim a joker now and then, throw the most expensive card."""
    hand = game.hands[seat]
    opened = game.opened[seat]
    if game.phase == "draw":
        top = game.discard[-1] if game.discard else None
        if top is not None and (
            (opened and meld_with(top, hand, HAND_MELDS) and rng.random() < 0.8)
            or rng.random() < 0.05  # sometimes take a card it can't use, to return it
            or not game.stock
        ):
            return Take()
        return Draw()
    if game.must_lay:
        if opened:
            rest = list(hand)
            rest.remove(game.must_lay[0])
            found = meld_with(game.must_lay[0], rest, HAND_MELDS)
            if found and game.can(seat, Meld(found)):
                return Meld(found)
        else:
            openings = game.openings(seat, limit=1)
            if openings:
                return openings[0]
        return Return()
    if not opened:
        openings = game.openings(seat, limit=1)
        if openings:
            return openings[0]
    else:
        for meld in find_melds(hand, HAND_MELDS):
            if game.can(seat, Meld(meld.cards)):
                return Meld(meld.cards)
        for m in game.melds.values():
            for card in sorted(set(hand)):
                if (
                    not card.is_joker
                    and might_fit(card, m.meld)
                    and game.can(seat, Add(m.id, (card,)))
                ):
                    return Add(m.id, (card,))
            if JOKER in m.meld.cards and rng.random() < 0.5:
                swap = game._swap(m)
                if game.can(seat, swap):
                    return swap
    # Keep jokers; throw the card that would cost most if the round ended now.
    keep = [c for c in hand if not c.is_joker] or hand
    return Discard(max(keep, key=lambda c: (hand_value(c), str(c))))


def illegal_probe(game: Hand, seat: int, rng: random.Random) -> Move:
    """A move that must be refused right now."""
    held = Counter(game.hands[seat])
    absent = [c for c in set(deck_106()) if held[c] == 0]
    card = rng.choice(sorted(absent))
    options: list[Move] = [
        Discard(card),
        Swap(999, (card,)),
        Lay(melds=(tuple(parse_cards("2S 2S 2S")),)),
    ]
    if game.phase == "play":
        options += [Draw(), Take()]
    else:
        options += [Return(), Discard(game.hands[seat][0])]
    return rng.choice(options)


def play_game(seed: int) -> tuple[Hand, Counter[str]]:
    game = Hand.new({}, seed)
    rng = random.Random(seed)
    reasons: Counter[str] = Counter()
    while True:
        moves = 0
        while not game.round_over:
            seat = game.turn
            assert seat is not None
            if moves % 37 == 5:
                before = snapshot(game)
                probe = illegal_probe(game, seat, rng)
                why = game.check(seat, probe)
                assert why is not None, probe
                # Every refusal reads in every language: its key and parameters fit each text.
                assert all(say(why, lang) for lang in LANGUAGES)
                with pytest.raises(IllegalMove):
                    game.apply(seat, probe)
                wrong = (seat + 1) % 3
                assert say(game.check(wrong, Draw())) == "It's not your turn."
                assert snapshot(game) == before
            move = choose(game, seat, rng)
            assert game.check(seat, move) is None, (move, game.check(seat, move))
            game.apply(seat, move)
            moves += 1
            assert moves < MAX_MOVES_PER_ROUND, "the round does not end"
            assert count_cards(game) == 106
            if moves % 50 == 0:
                assert all_cards(game) == Counter(deck_106())
                for s in range(3):
                    view = game.view(s)
                    assert len(view.hand) == len(game.hands[s]) and view.opened == tuple(
                        game.opened
                    )
        assert game.result is not None
        reasons[game.result.reason] += 1
        if game.result.reason == "stock_out":
            assert game.result.closer is None and -30 not in game.result.scores
        else:
            winner = game.result.closer
            assert winner is not None and not game.hands[winner]
            assert game.result.scores[winner] == (-60 if game.result.reason == "hand" else -30)
        assert all_cards(game) == Counter(deck_106())
        if game.game_over:
            return game, reasons
        game.next_round()


def test_two_thousand_seeded_rounds() -> None:
    reasons: Counter[str] = Counter()
    for seed in range(GAMES):
        game, seen = play_game(seed)
        reasons += seen
        assert game.round_no == 4 and game.game_over
        best = min(game.totals)
        assert game.winners == [s for s in range(3) if game.totals[s] == best]
        for s in range(3):
            assert sum(h["scores"][s] for h in game.history) == game.totals[s]
        state = game.to_json()
        assert registry.replay(game.record).to_json() == state
        assert Hand.from_json(json.loads(json.dumps(state))).to_json() == state
        assert registry.from_json(state).to_json() == state
    assert sum(reasons.values()) == 5 * GAMES
    # The policy reaches every ending, so every scoring path ran.
    assert reasons["went_out"] and reasons["stock_out"] and reasons["hand"]


def test_json_round_trip_mid_round() -> None:
    game = Hand.new({}, 11)
    rng = random.Random(11)
    for _ in range(120):
        if game.round_over:
            game.next_round()
            continue
        seat = game.turn
        assert seat is not None
        game.apply(seat, choose(game, seat, rng))
        state = game.to_json()
        again = Hand.from_json(json.loads(json.dumps(state)))
        assert again.to_json() == state
        # Events are what the last move did, not state: a restored table starts with none.
        assert again.view(seat) == replace(game.view(seat), last_events=())
