"""Run Fast combinations (specification §4): what a group of cards is, what beats what, and every play.

Ranks are compared by **power**: 3..13 for 3..K, 14 for the ace, 15 for the 2 (the order
2, A, K ... 3 of specification §4). Suits never rank.

>>> from bot.games.cards import parse_cards
>>> classify(parse_cards("9S 10H JD QC KS"))
Combo(kind='straight', size=5, top=13)
>>> classify(parse_cards("AS AD AC"))
Combo(kind='ace_bomb', size=3, top=14)
>>> beats(classify(parse_cards("4S 4H 4D 4C")), classify(parse_cards("2S")))
True

The enumeration (``legal_plays``) lists every play with its exact cards, because suits decide which
cards leave the hand; ``can_beat`` answers the must-beat question and stops at the first play found.
Both run on the hand grouped by power once (``group_by_power``), and generate by kind, so no subset
of the hand is ever tried and rejected.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, combinations, product
from typing import NamedTuple

from bot.games.base import Count, Reason, because
from bot.games.cards import Card

SINGLE = "single"
PAIR = "pair"
TRIPLE = "triple"
STRAIGHT = "straight"
PAIRS = "consecutive_pairs"
BOMB = "bomb"  # four of a kind
ACE_BOMB = "ace_bomb"  # the three aces of the 48-card deck
HEAVENLY = "heavenly_bomb"  # all four 3s as the game's opening play
BOMB_KINDS = frozenset({BOMB, ACE_BOMB, HEAVENLY})

# Power of each rank, indexed by Card.rank (0 = joker, never in this deck).
POWER = (0, 14, 15, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
LOW, ACE_POWER, TWO_POWER = 3, 14, 15
# A bomb's ``top`` is its strength: four of a kind 3..13 by rank, the aces 14, heavenly 16, so one
# comparison orders every bomb (specification §4: three aces above every four-card bomb).
HEAVENLY_TOP = 16
THREE_OF_HEARTS = Card(3, "H")
TWO_OF_SPADES = Card(2, "S")

MIN_STRAIGHT = 5
MIN_PAIRS = 2  # pairs in a run of consecutive pairs


class Combo(NamedTuple):
    """What a play is: its kind, how many cards, and the power of its top rank (bombs: strength)."""

    kind: str
    size: int
    top: int

    @property
    def is_bomb(self) -> bool:
        return self.kind in BOMB_KINDS


_SINGLES = tuple(Combo(SINGLE, 1, p) for p in range(HEAVENLY_TOP + 1))


def power(card: Card) -> int:
    return POWER[card.rank]


_SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}  # the order of cards.SUITS, as hands are shown


def play_order(card: Card) -> tuple[int, int]:
    """Low to high as a Run Fast player sorts a hand: 3s first, the 2 last."""
    return (POWER[card.rank], _SUIT_ORDER.get(card.suit or "", 4))


def _consecutive(powers: Sequence[int]) -> bool:
    """Sorted distinct powers with no gap."""
    return powers[-1] - powers[0] == len(powers) - 1


def classify(cards: Sequence[Card], opening: bool = False) -> Combo | Reason:
    """The combination ``cards`` form, or the ``Reason`` they form none.

    ``opening``: the play would be the game's opening play, where four 3s are the heavenly bomb.
    Duplicated cards are the caller's business (the engine refuses them before asking).
    """
    n = len(cards)
    if n == 1:
        return _SINGLES[POWER[cards[0].rank]]  # the commonest play, answered without counting
    if n == 0:
        return because("game.name_cards")
    counts: dict[int, int] = {}
    for c in cards:
        p = POWER[c.rank]
        counts[p] = counts.get(p, 0) + 1
    powers = sorted(counts)
    top = powers[-1]
    if len(powers) == 1:
        if n == 1:
            return Combo(SINGLE, 1, top)
        if n == 2:
            return Combo(PAIR, 2, top)
        if n == 3:
            # (decision) The three aces are always the ace bomb, never a plain triple: the page
            # names them a bomb outright, and no triple could ever answer them anyway.
            return Combo(ACE_BOMB, 3, ACE_POWER) if top == ACE_POWER else Combo(TRIPLE, 3, top)
        if n == 4:
            if top == LOW and opening:
                return Combo(HEAVENLY, 4, HEAVENLY_TOP)
            return Combo(BOMB, 4, top)
        return because("runfast.four_of_a_rank_at_most", cards=_shown(cards))
    shape = set(counts.values())
    if shape == {1} and n < MIN_STRAIGHT:
        # Two cards in a row are no straight begun but no combination at all: a pair is the
        # only play of two cards (issue 61: "a straight needs 5; 5♥ 6♣ has 2" misled).
        if n > 2 and TWO_POWER not in counts and _consecutive(powers):
            return because(
                "runfast.straight_too_short",
                least=Count("n_cards", MIN_STRAIGHT),
                cards=_shown(cards),
                n=n,
            )
    elif shape == {1}:
        if TWO_POWER in counts:
            return because("runfast.two_in_straight")
        if not _consecutive(powers):
            return because("runfast.not_a_straight", cards=_shown(cards))
        return Combo(STRAIGHT, n, top)
    if shape == {2}:
        if not _consecutive(powers):
            return because("runfast.not_consecutive_pairs", cards=_shown(cards))
        return Combo(PAIRS, n, top)
    if 4 in shape:
        return because("runfast.four_alone")
    if 3 in shape:
        triples = [p for p in powers if counts[p] == 3]
        if len(triples) == 1:
            # A triple with cards beside it (the third Run Fast newcomer's 7 7 7 9): what of
            # two triples together said nothing of that move.
            triple = [c for c in cards if POWER[c.rank] == triples[0]]
            extra = [c for c in cards if POWER[c.rank] != triples[0]]
            return because("runfast.triple_kicker", triple=_shown(triple), extra=_shown(extra))
        return because("runfast.triple_alone")
    return because("runfast.not_a_combination", cards=_shown(cards))


def _shown(cards: Sequence[Card]) -> str:
    """Cards low to high, for a refusal (built only when refusing: classify runs per move)."""
    return pretty(sorted(cards, key=play_order))


def beats(new: Combo, old: Combo) -> bool:
    """Does ``new`` beat ``old`` on the table (specification §4, Play)?"""
    if old.kind in BOMB_KINDS:
        return new.kind in BOMB_KINDS and new.top > old.top
    if new.kind in BOMB_KINDS:
        return True
    return new.kind == old.kind and new.size == old.size and new.top > old.top


# ---------------------------------------------------------------- words


def pretty(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty for c in cards)


# A kind's name has a key per kind, not one sentence with the kind filled in: languages agree
# an article or an adjective with the noun ("een hoger paar", "een hogere straat"), so each
# phrase is worded whole in the catalogue (domain runfast).
_KIND_KEYS = {
    SINGLE: "runfast.kind.single",
    PAIR: "runfast.kind.pair",
    TRIPLE: "runfast.kind.triple",
    STRAIGHT: "runfast.kind.straight",
    PAIRS: "runfast.kind.consecutive_pairs",
    BOMB: "runfast.kind.bomb",
    ACE_BOMB: "runfast.kind.ace_bomb",
    HEAVENLY: "runfast.kind.heavenly_bomb",
}
_THE_KEYS = {
    SINGLE: "runfast.the.single",
    PAIR: "runfast.the.pair",
    TRIPLE: "runfast.the.triple",
    STRAIGHT: "runfast.the.straight",
    PAIRS: "runfast.the.consecutive_pairs",
    BOMB: "runfast.the.bomb",
    ACE_BOMB: "runfast.the.ace_bomb",
    HEAVENLY: "runfast.the.heavenly_bomb",
}
# Only the plain kinds: a bomb is answered by any higher bomb, which its refusal says itself.
_HIGHER_KEYS = {
    SINGLE: "runfast.higher.single",
    PAIR: "runfast.higher.pair",
    TRIPLE: "runfast.higher.triple",
    STRAIGHT: "runfast.higher.straight",
    PAIRS: "runfast.higher.consecutive_pairs",
}
KINDS = tuple(_KIND_KEYS)


def _size(combo: Combo) -> dict[str, Count]:
    """The counted part of a kind's name: a straight's cards, a run's pairs."""
    if combo.kind == STRAIGHT:
        return {"length": Count("runfast.n_card", combo.size)}
    if combo.kind == PAIRS:
        return {"pairs": Count("runfast.n_pairs", combo.size // 2)}
    return {}


def kind_words(combo: Combo) -> Reason:
    """The kind as a player says it ('pair', '6-card straight', '3 consecutive pairs'),
    for ``bot.i18n.say`` to word in a language."""
    return Reason(_KIND_KEYS[combo.kind], _size(combo))


def higher_words(combo: Combo) -> Reason:
    """What answers a plain ``combo``: 'a higher pair', 'a higher 5-card straight'."""
    return Reason(_HIGHER_KEYS[combo.kind], _size(combo))


def describe(cards: Sequence[Card], combo: Combo) -> Reason:
    """'the 9♠', 'the pair 9♠ 9♥', 'the bomb 7♠ 7♥ 7♦ 7♣': a play named in a sentence."""
    return Reason(_THE_KEYS[combo.kind], {"cards": pretty(cards), **_size(combo)})


# ---------------------------------------------------------------- enumeration

Play = tuple[Card, ...]


def group_by_power(hand: Iterable[Card]) -> list[list[Card]]:
    """The hand as 17 lists indexed by power (3..15 used), each in the hand's order."""
    # Written out (not a comprehension) and with a local name: this runs for every must-beat
    # check and every enumeration, so its constant cost shows in whole-game throughput.
    groups: list[list[Card]] = [[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []]
    pw = POWER
    for c in hand:
        groups[pw[c.rank]].append(c)
    return groups


def _bombs_above(groups: list[list[Card]], strength: int) -> list[Play]:
    """Bombs stronger than ``strength``, weakest first (0: every bomb)."""
    out = [tuple(g) for g in groups[max(strength + 1, LOW) : ACE_POWER] if len(g) == 4]
    if strength < ACE_POWER and len(groups[ACE_POWER]) == 3:
        out.append(tuple(groups[ACE_POWER]))
    return out


def _same_kind_above(groups: list[list[Card]], table: Combo) -> Iterator[Play]:
    """Plays of the table's kind and size with a higher top, lowest first."""
    kind, size, top = table
    if kind == SINGLE:
        for p in range(top + 1, TWO_POWER + 1):
            for c in groups[p]:
                yield (c,)
    elif kind == PAIR:
        for p in range(top + 1, TWO_POWER):
            if len(groups[p]) >= 2:
                yield from combinations(groups[p], 2)
    elif kind == TRIPLE:
        # Aces are excluded: three aces are the ace bomb (see classify).
        for p in range(top + 1, ACE_POWER):
            if len(groups[p]) >= 3:
                yield from combinations(groups[p], 3)
    elif kind == STRAIGHT:
        for hi in range(top + 1, ACE_POWER + 1):
            window = groups[hi - size + 1 : hi + 1]
            if all(window):
                yield from product(*window)
    elif kind == PAIRS:
        n = size // 2
        for hi in range(top + 1, ACE_POWER + 1):
            window = groups[hi - n + 1 : hi + 1]
            if all(len(g) >= 2 for g in window):
                for parts in product(*(combinations(g, 2) for g in window)):
                    yield tuple(chain.from_iterable(parts))


def _runs(units: list[list[Play]], min_len: int) -> Iterator[list[Play]]:
    """Every run of ``min_len`` or more consecutive powers (3..A), one unit (a card as a 1-tuple,
    or a pair) per power, as one list per (start, length).

    Built by extending shorter runs one power at a time, so each longer run reuses the work of the
    run it grows from instead of redoing a cartesian product per window.
    """
    p = LOW
    while p <= ACE_POWER:
        if not units[p]:
            p += 1
            continue
        q = p
        while q <= ACE_POWER and units[q]:
            q += 1
        # powers p..q-1 are all present
        for start in range(p, q - min_len + 1):
            cur = units[start]
            for r in range(start + 1, q):
                nxt = units[r]
                cur = [a + x for a in cur for x in nxt]
                if r - start + 1 >= min_len:
                    yield cur
        p = q


def _all_plays(groups: list[list[Card]]) -> list[Play]:
    """Every play a leader could make, by kind: singles, pairs, triples, straights, pairs, bombs."""
    out: list[Play] = []
    singles: list[list[Play]] = [[] for _ in range(HEAVENLY_TOP + 1)]
    pairs: list[list[Play]] = [[] for _ in range(HEAVENLY_TOP + 1)]
    for p in range(LOW, TWO_POWER + 1):
        g = groups[p]
        if not g:
            continue
        singles[p] = [(c,) for c in g]
        out.extend(singles[p])
        if len(g) >= 2:
            pairs[p] = list(combinations(g, 2))
            out.extend(pairs[p])
            if len(g) >= 3 and p != ACE_POWER:
                out.extend(combinations(g, 3))
    for run in _runs(singles, MIN_STRAIGHT):
        out.extend(run)
    for run in _runs(pairs, MIN_PAIRS):
        out.extend(run)
    out.extend(_bombs_above(groups, 0))
    return out


def legal_plays(
    hand: Iterable[Card], table: Combo | None = None, must_include: Card | None = None
) -> list[Play]:
    """Every play from ``hand`` that may be made now, each once, with its exact cards.

    ``table``: the combination to beat, or None when leading. ``must_include``: a card every play
    must contain (3♥ in the game's opening play). Plays that differ only by suit are all listed:
    they leave different cards in the hand.
    """
    groups = group_by_power(hand)
    if table is None:
        plays = _all_plays(groups)
    else:
        plays = [] if table.is_bomb else list(_same_kind_above(groups, table))
        plays.extend(_bombs_above(groups, table.top if table.is_bomb else 0))
    if must_include is not None:
        plays = [p for p in plays if must_include in p]
    return plays


def can_beat(hand: Iterable[Card], table: Combo) -> Play | None:
    """The lowest play that beats ``table`` (a same-kind play before any bomb), or None.

    Stops at the first play found: the must-beat rule only needs to know one exists.
    """
    groups = group_by_power(hand)
    if not table.is_bomb:
        for play in _same_kind_above(groups, table):
            return play
    bombs = _bombs_above(groups, table.top if table.is_bomb else 0)
    return bombs[0] if bombs else None


def bombs_in(hand: Iterable[Card]) -> int:
    """How many bombs a hand holds: four of a kind of any rank, and the three aces.

    (decision) Four 3s still held at the end count as a bomb held: they are one (the lowest).
    """
    return len(_bombs_above(group_by_power(hand), 0))
