"""``every_meld`` lists every new meld a hand holds, each once, as a brute force over the hand's
cards finds them (``rummy_positions.brute_melds``): runs with a wild in a gap, at an end or for a
card the hand holds, every wild in every place it may take, and every set."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import deck_106, parse_cards, sort_key
from bot.games.meld_search import every_meld, find_melds, meld_key, opening_melds
from bot.games.melds import HAND_MELDS, MOR_MELDS, MORE_MELDS, MORE_MELDS_ACES, MeldRules, read_meld
from tests.games.rummy_positions import brute_melds

RULES = {"mor": MOR_MELDS, "more": MORE_MELDS, "more_aces": MORE_MELDS_ACES, "hand": HAND_MELDS}


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_meld_is_every_meld_the_brute_force_finds(name: str) -> None:
    rules: MeldRules = RULES[name]
    rng = random.Random(name)
    wild_inside = 0
    for _ in range(60):
        deck = deck_106()
        rng.shuffle(deck)
        hand = deck[: rng.choice([11, 12, 14, 15])]
        melds = every_meld(hand, rules)
        by_key = {meld_key(m): m for m in melds}
        assert len(by_key) == len(melds)  # each meld once
        assert set(by_key) == set(brute_melds(hand, rules))
        for meld in melds:
            assert read_meld(meld.cards, rules) == meld  # listed as it lies, it reads as itself
            inner = [i for i in meld.wild_indexes() if 0 < i < len(meld.cards) - 1]
            wild_inside += bool(inner) and len(meld.cards) > 3
        # find_melds's few are among them, and an opening asks only for each group of cards.
        assert {meld_key(m) for m in find_melds(hand, rules)} <= set(by_key)
        groups = {tuple(sorted(m.cards, key=sort_key)) for m in melds}
        assert len(opening_melds(hand, rules)) == len(groups)
    assert wild_inside  # runs of four or more with a wild inside were among them


def test_the_issues_hand_holds_the_run_with_its_pankal_inside() -> None:
    hand = parse_cards("9S 10S JH QH 2D 9D 10D QD 7C 8C 9C 10C")
    shown = {" ".join(map(str, m.cards)) for m in every_meld(hand, MORE_MELDS)}
    assert "9D 10D 2D QD" in shown and "7C 8C 9C 10C" in shown
    assert "9D 10D 2D QD" not in {" ".join(map(str, m.cards)) for m in find_melds(hand, MORE_MELDS)}


def test_find_melds_answers_alike_whatever_order_the_hand_is_in() -> None:
    """A computer player sees its hand sorted; the engine holds it as dealt. Which two cards of
    a set go with a wild must not follow that order."""
    rng = random.Random(5)
    for _ in range(200):
        deck = deck_106()
        rng.shuffle(deck)
        hand = deck[:14]
        shuffled = rng.sample(hand, len(hand))
        for rules in RULES.values():
            assert find_melds(hand, rules) == find_melds(shuffled, rules)
