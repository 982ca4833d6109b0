"""Run Fast combinations: the classifier, the order of plays, and the fast enumeration checked
against a brute force over every subset of small hands."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import Reason
from bot.games.cards import Card, deck_48, parse_cards
from bot.games.runfast_combos import (
    ACE_BOMB,
    BOMB,
    HEAVENLY,
    HEAVENLY_TOP,
    KINDS,
    PAIR,
    PAIRS,
    SINGLE,
    STRAIGHT,
    THREE_OF_HEARTS,
    TRIPLE,
    Combo,
    beats,
    bombs_in,
    can_beat,
    classify,
    describe,
    higher_words,
    kind_words,
    legal_plays,
    power,
)
from bot.i18n import LANGUAGES, has, say

DECK = deck_48()


def c(text: str) -> Combo | Reason:
    return classify(parse_cards(text))


@pytest.mark.parametrize(
    ("cards", "combo"),
    [
        ("7H", Combo(SINGLE, 1, 7)),
        ("2S", Combo(SINGLE, 1, 15)),
        ("AS", Combo(SINGLE, 1, 14)),
        ("9S 9D", Combo(PAIR, 2, 9)),
        ("JS JH JD", Combo(TRIPLE, 3, 11)),
        ("AS AD AC", Combo(ACE_BOMB, 3, 14)),
        ("5S 5H 5D 5C", Combo(BOMB, 4, 5)),
        ("3S 3H 3D 3C", Combo(BOMB, 4, 3)),
        ("3S 4H 5D 6C 7S", Combo(STRAIGHT, 5, 7)),
        ("7S 3S 5D 6C 4H", Combo(STRAIGHT, 5, 7)),
        ("10S JH QD KC AS", Combo(STRAIGHT, 5, 14)),
        ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", Combo(STRAIGHT, 12, 14)),
        ("3S 3H 4S 4H", Combo(PAIRS, 4, 4)),
        ("KS KH AS AD", Combo(PAIRS, 4, 14)),
        ("5S 5H 6S 6H 7D 7C", Combo(PAIRS, 6, 7)),
    ],
)
def test_classify(cards: str, combo: Combo) -> None:
    assert c(cards) == combo


def test_heavenly_only_at_the_opening() -> None:
    four_threes = parse_cards("3S 3H 3D 3C")
    assert classify(four_threes, opening=True) == Combo(HEAVENLY, 4, HEAVENLY_TOP)
    assert classify(four_threes, opening=False) == Combo(BOMB, 4, 3)


@pytest.mark.parametrize(
    ("cards", "key"),
    [
        ("", "game.name_cards"),
        ("3S 4H", "runfast.not_a_combination"),  # two cards: a pair or nothing (issue 61)
        ("3S 4H 5D", "runfast.straight_too_short"),
        ("3S 4H 5D 6C", "runfast.straight_too_short"),
        ("JS QH KD AC 2S", "runfast.two_in_straight"),
        ("AS 3H 4D 5C 6S", "runfast.not_a_straight"),  # ace low
        ("QS KH AD 2S 3C", "runfast.two_in_straight"),  # wrap-around
        ("5S 5H 7S 7H", "runfast.not_consecutive_pairs"),  # pairs with a gap
        ("AS AD 2S", "runfast.not_a_combination"),
        ("5S 5H 5D 6S", "runfast.triple_kicker"),  # triple with an attachment
        ("5S 5H 5D 6S 6H 6D", "runfast.triple_alone"),  # airplane
        ("5S 5H 5D 5C 6S 6H", "runfast.four_alone"),  # four with attachments
        ("3S 3H 4S 4H 5S", "runfast.not_a_combination"),
        ("5S 5S 5S 5S 5S", "runfast.four_of_a_rank_at_most"),
    ],
)
def test_not_combinations(cards: str, key: str) -> None:
    why = c(cards)
    assert isinstance(why, Reason) and why.key == key
    # Every language words it, with the cards as the game writes them left in place.
    words = {lang: say(why, lang) for lang in LANGUAGES}
    assert len(set(words.values())) == len(LANGUAGES)
    shown = why.params.get("cards")
    assert shown is None or all(shown in text for text in words.values())


def test_refusals_in_english() -> None:
    assert say(c("3S 4H 5D 6C")) == "A straight needs at least 5 cards; 3♠ 4♥ 5♦ 6♣ has 4."
    assert say(c("5S 5H 7S 7H")) == (
        "5♠ 5♥ 7♠ 7♥ are not consecutive pairs: the ranks must follow each other, "
        "and the ace is only high."
    )


def test_kind_words_in_every_language() -> None:
    combos = {
        SINGLE: c("9S"),
        PAIR: c("9S 9H"),
        TRIPLE: c("9S 9H 9D"),
        STRAIGHT: c("3S 4H 5D 6C 7S 8S"),
        PAIRS: c("5S 5H 6S 6H 7D 7C"),
        BOMB: c("9S 9H 9D 9C"),
        ACE_BOMB: c("AS AD AC"),
        HEAVENLY: classify(parse_cards("3S 3H 3D 3C"), opening=True),
    }
    assert set(combos) == set(KINDS)
    english = {}
    for kind, combo in combos.items():
        assert isinstance(combo, Combo) and combo.kind == kind
        words = [kind_words(combo), describe(parse_cards("9S"), combo)]
        if not combo.is_bomb:
            words.append(higher_words(combo))
        for reason in words:
            assert all(has(reason.key, lang) for lang in LANGUAGES), reason.key
            assert say(reason, "ar") != say(reason)
        english[kind] = [say(w) for w in words]
    assert english[SINGLE] == ["single", "the 9♠", "a higher single"]
    assert english[STRAIGHT] == [
        "6-card straight",
        "the 6-card straight 9♠",
        "a higher 6-card straight",
    ]
    assert english[PAIRS][0] == "3 consecutive pairs"
    assert english[ACE_BOMB] == ["ace bomb", "the ace bomb 9♠"]
    # The counted part agrees with its number: Arabic's 6 cards (few) and 11 cards (many).
    assert say(kind_words(Combo(STRAIGHT, 6, 8)), "ar") == "تسلسل من 6 أوراق"
    assert say(kind_words(Combo(STRAIGHT, 11, 13)), "ar") == "تسلسل من 11 ورقة"


def test_order_of_plays() -> None:
    def b(new: str, old: str) -> bool:
        a, o = c(new), c(old)
        assert isinstance(a, Combo) and isinstance(o, Combo)
        return beats(a, o)

    assert b("2S", "AS") and b("AS", "KS") and not b("9S", "9H") and not b("8S", "9S")
    assert not b("9S 9H", "9D")  # kind must match
    assert b("4S 5S 6S 7S 8S", "3H 4H 5H 6H 7H")
    assert not b("4S 5S 6S 7S 8S 9S", "3H 4H 5H 6H 7H")  # size must match
    assert b("3S 3H 3D 3C", "2S")  # any bomb beats any non-bomb
    assert b("3S 3H 3D 3C", "10S JS QS KS AS")
    assert b("4S 4H 4D 4C", "3S 3H 3D 3C")
    assert not b("AS AD AC", "AS AD AC")
    assert b("AS AD AC", "KS KH KD KC")  # the aces are above every four-card bomb
    assert not b("KS KH KD KC", "AS AD AC")
    assert not b("2S", "3S 3H 3D 3C")
    heavenly = classify(parse_cards("3S 3H 3D 3C"), opening=True)
    assert isinstance(heavenly, Combo)
    assert not any(beats(x, heavenly) for x in [Combo(ACE_BOMB, 3, 14), Combo(BOMB, 4, 13)])


def test_bombs_in() -> None:
    assert bombs_in(parse_cards("AS AD AC 3S 3H 3D 3C 9S 9H 9D")) == 2
    assert bombs_in(parse_cards("AS AD 2S")) == 0


# ---------------------------------------------------------------- brute force


def _key(play: tuple[Card, ...] | list[Card]) -> frozenset[Card]:
    return frozenset(play)


def brute_force(
    hand: list[Card], table: Combo | None, must: Card | None, opening: bool = False
) -> set[frozenset[Card]]:
    out = set()
    for n in range(1, len(hand) + 1):
        for sub in combinations(hand, n):
            combo = classify(sub, opening=opening)
            if not isinstance(combo, Combo):
                continue
            if table is not None and not beats(combo, table):
                continue
            if must is not None and must not in sub:
                continue
            out.add(_key(sub))
    return out


@st.composite
def small_hands(draw: st.DrawFn) -> list[Card]:
    """Up to 10 cards, mostly from a narrow band of ranks so straights, pairs runs and bombs
    turn up often; sometimes with a few cards from anywhere."""
    low = draw(st.integers(3, 12))
    width = draw(st.integers(2, 8))
    band = [x for x in DECK if low <= power(x) < low + width]
    hand = draw(st.lists(st.sampled_from(band), unique=True, max_size=10))
    extra = draw(st.lists(st.sampled_from(DECK), unique=True, max_size=3))
    return list(dict.fromkeys(hand + extra))[:10]


@st.composite
def tables(draw: st.DrawFn) -> Combo | None:
    kind = draw(st.sampled_from(["lead", SINGLE, PAIR, TRIPLE, STRAIGHT, PAIRS, BOMB, ACE_BOMB]))
    if kind == "lead":
        return None
    if kind == SINGLE:
        return Combo(SINGLE, 1, draw(st.integers(3, 15)))
    if kind == PAIR:
        return Combo(PAIR, 2, draw(st.integers(3, 14)))
    if kind == TRIPLE:
        return Combo(TRIPLE, 3, draw(st.integers(3, 13)))
    if kind == STRAIGHT:
        size = draw(st.integers(5, 8))
        return Combo(STRAIGHT, size, draw(st.integers(size + 2, 14)))
    if kind == PAIRS:
        n = draw(st.integers(2, 4))
        return Combo(PAIRS, 2 * n, draw(st.integers(n + 2, 14)))
    if kind == BOMB:
        return Combo(BOMB, 4, draw(st.integers(3, 13)))
    return Combo(ACE_BOMB, 3, 14)


@settings(max_examples=400, deadline=None)
@given(small_hands(), tables())
def test_enumeration_matches_brute_force(hand: list[Card], table: Combo | None) -> None:
    plays = legal_plays(hand, table)
    keys = [_key(p) for p in plays]
    assert len(keys) == len(set(keys)), "each play is listed once"
    assert set(keys) == brute_force(hand, table, None)
    first = can_beat(hand, table) if table is not None else None
    if table is not None:
        assert (first is None) == (not plays)
        if first is not None:
            combo = classify(first)
            assert isinstance(combo, Combo) and beats(combo, table)


@settings(max_examples=150, deadline=None)
@given(small_hands())
def test_enumeration_with_a_card_that_must_be_played(hand: list[Card]) -> None:
    if THREE_OF_HEARTS not in hand:
        hand = [*hand, THREE_OF_HEARTS]
    plays = legal_plays(hand, None, must_include=THREE_OF_HEARTS)
    assert {_key(p) for p in plays} == brute_force(hand, None, THREE_OF_HEARTS, opening=True)
    assert all(THREE_OF_HEARTS in p for p in plays)


def test_enumeration_of_a_full_hand_spot_check() -> None:
    hand = parse_cards("3S 3H 4S 4H 5D 6C 7S 8S 9H 9D 9C 9S AS AD AC 2S")
    plays = legal_plays(hand)
    keys = {_key(p) for p in plays}
    assert len(keys) == len(plays)
    for combo_text in ["3S 3H 4S 4H", "3H 4S 5D 6C 7S 8S 9D", "9H 9D 9C 9S", "AS AD AC", "2S"]:
        assert _key(parse_cards(combo_text)) in keys
    assert _key(parse_cards("AS AD")) in keys
    assert _key(parse_cards("AS AD AC 2S")) not in keys
