"""Notation and meld unit tests (specification §0 and the meld rules of sections 1-3)."""

from __future__ import annotations

import pickle
import random
import re
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from typing import Any

import pytest

from bot.games.cards import (
    Card,
    CardError,
    because,
    deck_48,
    deck_106,
    named,
    parse_cards,
    standard_deck,
)
from bot.games.lays import not_a_meld
from bot.games.meld_search import find_melds, meld_with, run_gap
from bot.games.melds import (
    HAND_MELDS,
    MOR_MELDS,
    MORE_MELDS,
    MORE_MELDS_ACES,
    Meld,
    MeldError,
    MeldRules,
    add_to_meld,
    could_add,
    read_meld,
    reclaim_joker,
    single_adds,
    try_meld,
)
from bot.i18n import catalogue, say


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def shown(meld) -> list[str]:
    return [str(c) for c in meld.cards]


def refusal(do: Callable[[], Any], lang: str = "en") -> str:
    """What a player reads when ``do`` raises MeldError: its reason worded in ``lang``."""
    with pytest.raises(MeldError) as e:
        do()
    return say(e.value, lang)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("7h", "7H"), ("T♠", "10S"), ("10d", "10D"), ("jk", "JK"), ("q♣", "QC"), ("a♥", "AH")],
)
def test_notation_reads_and_writes_canonically(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("bad", ["", "1H", "11S", "7X", "Z", "KK", "JKS"])
def test_bad_notation_is_one_sentence(bad: str) -> None:
    with pytest.raises(CardError) as e:
        Card.parse(bad)
    sentence = say(e.value)
    assert sentence.endswith(".") and "\n" not in sentence
    assert sentence.startswith(f"“{bad.strip()}” is not a card: ")
    # Every language words it, quoting the text as typed.
    for lang in ("ar", "hi", "nl"):
        assert bad in say(e.value, lang) and say(e.value, lang) != sentence


def test_a_long_slip_is_quoted_short() -> None:
    with pytest.raises(CardError) as e:
        Card.parse("5H" * 100 + "X")
    assert (
        say(e.value) == "“5H5H5H5H5H5H…” is not a card: the suit must be S, H, D or C (or ♠ ♥ ♦ ♣)."
    )


def test_many_cards_are_named_then_counted() -> None:
    five = Card.parse("5H")
    assert say(named([five] * 20)) == "5♥ 5♥ 5♥ 5♥ 5♥ 5♥ 5♥ 5♥ and 12 more"
    assert say(named([five] * 9), "nl") == "5♥ 5♥ 5♥ 5♥ 5♥ 5♥ 5♥ 5♥ en nog 1"
    assert named([five] * 8) == "5♥ 5♥ 5♥ 5♥ 5♥ 5♥ 5♥ 5♥"


@pytest.mark.parametrize(
    ("card", "lang", "words"),
    [
        ("7H", "en", "the 7 of hearts"),
        ("QS", "en", "the queen of spades"),
        ("3H", "ar", "ثلاثة الكبة"),
        ("3H", "hi", "पान की तिग्गी"),
        ("7H", "hi", "पान का सत्ता"),
        ("3H", "nl", "de hartendrie"),
        ("JK", "en", "a joker"),
    ],
)
def test_a_card_is_named_as_players_say_it(card: str, lang: str, words: str) -> None:
    assert say(Card.parse(card).name, lang) == words


@pytest.mark.parametrize("lang", ["en", "ar", "hi", "nl"])
def test_every_card_rank_and_suit_has_its_words(lang: str) -> None:
    # The keys are built from a card's rank and suit, so no test of literal keys sees them.
    names = {say(card.name, lang) for card in standard_deck()}
    assert len(names) == 52 and not any("core." in n for n in names)
    # "Only 3s can be added to this set", for a set of every rank (Hand has them all).
    for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]:
        sets = read_meld(cards(f"{rank}H {rank}S {rank}D"), HAND_MELDS)
        other = "4C" if rank != "4" else "5C"
        words = refusal(lambda m=sets, o=other: add_to_meld(m, cards(o), HAND_MELDS), lang)
        assert "core." not in words
    for suit in "SHDC":
        run = read_meld(cards(f"5{suit} 6{suit} 7{suit}"), MOR_MELDS)
        other = "H" if suit != "H" else "S"
        assert "core." not in refusal(
            lambda r=run, o=other: add_to_meld(r, cards(f"8{o}"), MOR_MELDS), lang
        )
        assert "core." not in refusal(
            lambda s=suit: read_meld(cards(f"5{s} 7{s} 9{s}"), MOR_MELDS), lang
        )


def test_decks() -> None:
    assert len(deck_106()) == 106 and deck_106().count(Card.parse("JK")) == 2
    assert len(deck_48()) == 48
    assert all(str(c) not in {"AH", "2H", "2D", "2C", "JK"} for c in deck_48())
    assert Card.parse("2S") in deck_48()


@pytest.mark.parametrize(
    ("listed", "table"),
    [
        ("5H 6H JK", "5H 6H JK"),  # joker as 7H
        ("JK 5H 6H", "JK 5H 6H"),  # joker as 4H
        ("7H JK 5H 6H", "5H 6H 7H JK"),  # unordered: wild to the high end
        ("JK 3H 5H", "3H JK 5H"),  # unordered, only reading: the gap
        ("QH KH JK", "QH KH JK"),  # joker as the high ace
        ("JK QH KH AH", "JK QH KH AH"),  # high end closed, so low
        ("3H 4H 5H 2H", "2H 3H 4H 5H"),  # the run's own 2 drops back: clean
        ("AH 2H 3H", "AH 2H 3H"),
    ],
)
def test_wild_placement(listed: str, table: str) -> None:
    assert shown(read_meld(cards(listed), MOR_MELDS)) == table.split()


def test_a_natural_two_keeps_the_run_clean() -> None:
    assert read_meld(cards("2H 3H 4H"), MOR_MELDS).is_clean
    assert not read_meld(cards("2S 3H 4H"), MOR_MELDS).is_clean


@pytest.mark.parametrize(
    ("listed", "rules", "reason"),
    [
        ("KH AH 2H 3H", MOR_MELDS, ""),
        ("5H 5S 5D", MOR_MELDS, "3s or aces"),
        ("5H 6H JK JK", MOR_MELDS, "one joker"),
        ("5H 6H 2C 2D", MOR_MELDS, "one wild 2"),
        ("5H 2C JK", MOR_MELDS, "2 natural"),
        ("5H 6H 2C JK", MORE_MELDS, "one wild"),
        ("AH AS AD", MORE_MELDS, "not allowed"),
        ("5H 5H JK", HAND_MELDS, "different suits"),
        ("5H 5S 5D 5C JK", HAND_MELDS, "at most 4"),
        ("5H 6S 7H", MOR_MELDS, "one suit"),
        ("5H 6H", MOR_MELDS, "at least 3"),
    ],
)
def test_refused_melds_say_why(listed: str, rules, reason: str) -> None:
    assert reason.lower() in refusal(lambda: read_meld(cards(listed), rules)).lower()


def test_a_refused_lay_says_which_cards_and_why_inside_one_sentence() -> None:
    with pytest.raises(MeldError) as e:
        read_meld(cards("7S 7S 7H"), HAND_MELDS)
    why = not_a_meld(cards("7S 7S 7H"), e.value.reason)
    assert say(why) == "7♠ 7♠ 7♥ is not a meld: a set must have cards of different suits."
    assert say(e.value) == "A set must have cards of different suits."
    assert say(why, "nl") == (
        "7♠ 7♠ 7♥ is geen combinatie: een set moet kaarten van verschillende kleuren hebben."
    )


def test_a_meld_refusal_reads_in_arabic() -> None:
    english = refusal(lambda: read_meld(cards("5H 6H JK JK"), MOR_MELDS))
    arabic = refusal(lambda: read_meld(cards("5H 6H JK JK"), MOR_MELDS), "ar")
    assert english == "A meld may hold only one joker."
    assert arabic != english and re.search("[\u0600-\u06ff]", arabic) and "جوكر" in arabic


@pytest.mark.parametrize("lang", ["en", "ar", "hi", "nl"])
def test_every_meld_reason_has_its_inline_twin(lang: str) -> None:
    texts = catalogue(lang).texts
    keys = {k for k in texts if k.startswith("core.meld.") and not k.endswith(".inline")}
    assert len(keys) > 20
    # A sentence that starts with a card ("{card} is not a ...") reads the same after a colon,
    # so it has no twin and ``t`` words the twin's key with it.
    lacking = sorted(k for k in keys if f"{k}.inline" not in texts and not texts[k].startswith("{"))
    assert lacking == []


def test_rules_per_game() -> None:
    assert read_meld(cards("AH AS AD"), MORE_MELDS_ACES).kind == "set"
    assert read_meld(cards("2H 2S 2D"), HAND_MELDS).kind == "set"  # 2s are ordinary in Hand
    assert read_meld(cards("9H 9S JK"), HAND_MELDS).kind == "set"


def test_displaced_wild_moves_to_the_chosen_end() -> None:
    run = read_meld(cards("5H JK 7H"), MOR_MELDS)
    assert shown(add_to_meld(run, cards("6H"), MOR_MELDS)) == ["5H", "6H", "7H", "JK"]
    assert shown(add_to_meld(run, cards("6H"), MOR_MELDS, "low")) == ["JK", "5H", "6H", "7H"]


def test_adding_several_cards_and_refusals() -> None:
    run = read_meld(cards("5H 6H 7H"), MOR_MELDS)
    assert shown(add_to_meld(run, cards("9H 8H"), MOR_MELDS)) == ["5H", "6H", "7H", "8H", "9H"]
    assert refusal(lambda: add_to_meld(run, cards("10H"), MOR_MELDS)) == (
        "10♥ doesn't fit this run: it isn't next to its ends."
    )
    assert refusal(lambda: add_to_meld(run, cards("6H"), MOR_MELDS)) == (
        "This run already has the 6 of hearts."
    )
    assert refusal(lambda: add_to_meld(run, cards("8S"), MOR_MELDS)) == (
        "8♠ is not a heart: it can't go on this run."
    )
    sets = read_meld(cards("3H 3S 3D"), MOR_MELDS)
    assert refusal(lambda: add_to_meld(sets, cards("4H"), MOR_MELDS)) == (
        "Only 3s can be added to this set."
    )


# Runs and sets, clean and with wilds, at the ends of the ranks; read under each game's rules.
LISTED = [
    "5H 6H 7H",
    "5H JK 7H",
    "3H 4H 2H 6H",
    "QH KH AH",
    "AH 2H 3H",
    "JK 6H 7H 8H",
    "3H 3S 3D",
    "AH AS 2D",
    "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK",
]
ALL_RULES = [MOR_MELDS, MORE_MELDS, MORE_MELDS_ACES, HAND_MELDS]


def taken_alone(meld, rules) -> set[Card]:
    """Every card the add itself takes on ``meld`` on its own."""
    takes = set()
    for card in set(deck_106()):
        try:
            add_to_meld(meld, [card], rules)
        except MeldError:
            continue
        takes.add(card)
    return takes


@pytest.mark.parametrize("listed", LISTED)
@pytest.mark.parametrize("rules", ALL_RULES)
def test_the_cards_a_meld_takes_alone_and_the_cheap_first_look(listed: str, rules) -> None:
    # Move lists, Mor's take check and the players' "does it fit" read ``single_adds`` instead
    # of trying the add: a card missing would be a legal move never offered, one too many a
    # refused one. More's take check skips what ``could_add`` refuses, without the full check.
    try:
        meld = read_meld(cards(listed), rules)
    except MeldError:
        return  # not a meld under these rules
    takes = taken_alone(meld, rules)
    assert single_adds(meld, rules) == takes, listed
    assert single_adds(meld, rules) is single_adds(meld, rules)  # kept with the meld
    for card in takes:
        assert could_add(meld, card, rules), (listed, card)


@pytest.mark.parametrize("rules", ALL_RULES)
def test_the_cards_a_meld_takes_alone_on_melds_found_in_dealt_hands(rules) -> None:
    # ``single_adds`` asks one of the three 2s of other suits than a run's for all of them:
    # checked against the add itself on every meld found in dealt hands, wilds and all.
    rng = random.Random(5)
    deck = deck_106()
    checked = 0
    for _ in range(60):
        for meld in find_melds(rng.sample(deck, 14), rules):
            assert single_adds(meld, rules) == taken_alone(meld, rules), meld
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("rules", ALL_RULES)
def test_a_meld_with_the_card_is_found_whenever_one_of_three_or_four_exists(rules) -> None:
    # The take check's ``meld_with`` tries groups of four only where a meld may hold two wilds:
    # on dealt hands it finds a meld exactly when trying every group of three and four does.
    rng = random.Random(11)
    deck = deck_106()
    fours_only = 0
    for _ in range(1500):
        card, *hand = rng.sample(deck, rng.randint(5, 13))
        by_size = [
            any(try_meld((card, *group), rules) for group in combinations(hand, size))
            for size in (2, 3)
        ]
        found = meld_with(card, hand, rules)
        assert (found is not None) == any(by_size), (card, hand)
        if found is not None:
            assert card in found and try_meld(found, rules) is not None
            assert not Counter(found[1:]) - Counter(hand)
        fours_only += by_size == [False, True]
    # Mor's two wilds make melds of four with no three among them; the others' rules never do.
    assert (fours_only > 0) == (rules.max_wilds > 1)


def test_melds_read_back_alike_are_one_object_and_rules_hash_by_their_fields() -> None:
    # The search reads every sampled state's melds back: what a meld keeps is worked out once.
    written = read_meld(cards("5H JK 7H"), MOR_MELDS).to_json()
    assert Meld.from_json(written) is Meld.from_json(dict(written))
    assert Meld.from_json(written) == read_meld(cards("5H JK 7H"), MOR_MELDS)
    again = MeldRules(set_ranks=frozenset({3, 1}))
    assert again == MOR_MELDS and hash(again) == hash(MOR_MELDS)
    assert hash(MORE_MELDS) != hash(MORE_MELDS_ACES)  # not certain in general, but here
    # What a meld keeps (its hash among it) stays out of a pickle: another process salts
    # string hashes its own way, and a kept hash would be wrong there. The rules keep nothing.
    meld = Meld.from_json(written)
    hash(meld), hash(MOR_MELDS), single_adds(meld, MOR_MELDS)
    fields = {"kind", "cards", "suit", "low", "rank"}
    assert set(pickle.loads(pickle.dumps(meld)).__dict__) == fields
    assert pickle.loads(pickle.dumps(MOR_MELDS)) == MOR_MELDS
    # Cards given as cards, not text (a hand-made state), are read all the same.
    as_cards = {**written, "cards": cards("5H JK 7H")}
    assert Meld.from_json(as_cards) == Meld.from_json(written)


def test_the_cheap_first_look_refuses_a_card_already_in_its_spot() -> None:
    run = read_meld(cards("5H 6H 7H"), MOR_MELDS)
    assert not could_add(run, cards("6H")[0], MOR_MELDS)  # the double deck's other 6H
    assert could_add(run, cards("8H")[0], MOR_MELDS)
    dirty = read_meld(cards("5H JK 7H"), MOR_MELDS)
    assert could_add(dirty, cards("6H")[0], MOR_MELDS)  # takes the joker's spot


def test_wild_two_drops_back_when_displaced() -> None:
    run = read_meld(cards("3H 4H 2H 6H"), MOR_MELDS)
    assert not run.is_clean
    grown = add_to_meld(run, cards("5H"), MOR_MELDS)
    assert shown(grown) == ["2H", "3H", "4H", "5H", "6H"] and grown.is_clean


def test_no_open_end_for_a_displaced_wild() -> None:
    run = read_meld(cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK"), MOR_MELDS)
    assert "open end" in refusal(lambda: add_to_meld(run, cards("KH"), MOR_MELDS))


def test_reclaim_joker() -> None:
    run = read_meld(cards("5H JK 7H"), HAND_MELDS)
    assert shown(reclaim_joker(run, cards("6H"))) == ["5H", "6H", "7H"]
    assert "stands for 6♥" in refusal(lambda: reclaim_joker(run, cards("8H")))
    three = read_meld(cards("9H 9S JK"), HAND_MELDS)
    assert refusal(lambda: reclaim_joker(three, cards("9D"))) == (
        "To take this joker back, put 9♦ and 9♣ in its place."
    )
    assert "\u200e9♦\u200e و\u200e9♣\u200e" in refusal(
        lambda: reclaim_joker(three, cards("9D")), "ar"
    )
    assert len(reclaim_joker(three, cards("9D 9C")).cards) == 4


@pytest.mark.parametrize("rules", [MOR_MELDS, MORE_MELDS, MORE_MELDS_ACES, HAND_MELDS])
def test_the_meld_search_finds_every_natural_run_of_three_and_every_set_the_rules_allow(
    rules: MeldRules,
) -> None:
    """``find_melds`` on random hands: each meld it offers is one, made of the hand's cards; each
    three cards of a suit in a row (naturally) are in a run it offers; and three naturals of a
    rank make a set it offers when the rules allow sets of that rank, and never one they don't.
    (A 2 standing in its own spot was once offered as the wild beside itself.)"""
    rng = random.Random(11)
    deck = deck_106()
    for _ in range(400):
        hand = rng.sample(deck, rng.randint(3, 16))
        found = find_melds(hand, rules)
        for meld in found:
            assert read_meld(meld.cards, rules) == meld
            assert not Counter(meld.cards) - Counter(hand)
        wild = {c for c in hand if c.is_joker or (rules.twos_wild and c.rank == 2)}
        naturals = [c for c in hand if c not in wild]
        for c in naturals:
            if c.suit is None or not 1 <= c.rank <= 11:
                continue
            row = {c, Card(c.rank + 1, c.suit), Card(c.rank + 2, c.suit)}
            if row <= set(naturals):
                assert any(m.kind == "run" and row <= set(m.cards) for m in found), (hand, row)
        for rank, n in Counter(c.rank for c in naturals).items():
            suits = {c.suit for c in naturals if c.rank == rank}
            enough = len(suits) >= 3 if rules.set_distinct_suits else n >= 3
            allowed = rules.set_ranks is None or rank in rules.set_ranks
            offered = any(m.kind == "set" and m.rank == rank for m in found)
            assert allowed or not offered, (hand, rank)
            assert offered or not (enough and allowed), (hand, rank)


def test_run_gap_counts_an_ace_at_both_ends() -> None:
    assert run_gap(Card(5, "H"), Card(7, "H")) == 2
    assert run_gap(Card(1, "S"), Card(3, "S")) == 2  # A 2 3
    assert run_gap(Card(12, "S"), Card(1, "S")) == 2  # Q K A
    assert run_gap(Card(1, "S"), Card(13, "S")) == 1


@pytest.mark.parametrize(
    ("listed", "rules", "words"),
    [
        # Mor: sets of 3s and aces only, and the refusal says so.
        ("3D 3C AH", MOR_MELDS, ("a run must be", "a set cards of one rank", "3s or aces")),
        ("7S 7H 8D", HAND_MELDS, ("a run must be", "a set cards of one rank")),
    ],
)
def test_cards_neither_a_run_nor_a_set_say_what_both_need(listed: str, rules, words) -> None:
    """``meld 3D 3C AH`` answered "a run must be cards of one suit" to a newcomer who meant a
    set (issue 61): cards of mixed suits with a rank twice are answered for both."""
    with pytest.raises(MeldError) as e:
        read_meld(cards(listed), rules)
    said = not_a_meld(cards(listed), e.value.reason)
    for lang in ("en", "ar", "hi", "nl"):
        assert say(said, lang) != say(
            not_a_meld(cards(listed), because("core.meld.run_one_suit")), lang
        )
    text = say(said)
    signs = " ".join(c.pretty for c in cards(listed))
    assert text.startswith(f"{signs} is not a meld: these cards make neither a run nor a set")
    for word in words:
        assert word in text, text
