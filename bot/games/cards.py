"""Cards, suits, ranks and jokers, their notation, and the decks the games use.

Notation (specification §0): rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` then suit ``S H D C``;
``JK`` is a joker. Input also takes ``T`` for 10, lower case and the suit symbols. Output is
always canonical (``10H``, ``QS``, ``JK``).

>>> Card.parse("th")
Card(rank=10, suit='H')
>>> str(Card.parse("q♠"))
'QS'
>>> str(Card.parse("jk"))
'JK'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()} | {"♤": "S", "♡": "H", "♢": "D", "♧": "C"}

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER_RANK = 0
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 11)}
_TEXT_TO_RANK = {v: k for k, v in RANK_TEXT.items()} | {"T": 10}

# A slash command's text can hold 6,000 characters and a table file's any number: a sentence that
# repeated them whole would be longer than a Discord message may be, so it quotes a short start.
QUOTE_MOST = 12  # characters of a player's text quoted back: enough to spot the slip
CARDS_NAMED = 8  # cards listed by name in one sentence; the rest are counted


# ---------------------------------------------------------------- reasons
# Why something is refused, as data. They live here, the engines' lowest layer, so that a
# CardError carries one too; bot.games.base exports them with the rest of the engine contract.


@dataclass(frozen=True)
class Count:
    """A counted noun inside a reason ("1 card", "3 cards"): the catalogue's plural ``key``
    (such as ``n_cards``) and the number, worded in the reader's language by ``bot.i18n``."""

    key: str
    n: float  # a whole number, or Mor's half points (2.5 points)


@dataclass(frozen=True)
class Reason:
    """Why a move is refused, as data: a catalogue key and its parameters. The engines name the
    reason; the words, in each player's language, live in ``bot.i18n``'s catalogues.

    A parameter is a number, a string written in the game's notation (cards such as ``7H``), a
    ``Count``, or another ``Reason`` (a lay refused because one of its melds is not a meld)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:  # logs and reprs only: players read bot.i18n.say(reason, lang)
        return self.key

    def __hash__(self) -> int:
        # Frozen, so hashable like the views that carry one (Mor's meters); the params dict
        # itself is not, its items are.
        return hash((self.key, tuple(sorted(self.params.items()))))


def because(key: str, **params: Any) -> Reason:
    """``Reason(key, params)`` written the short way: ``because("game.not_your_turn")``."""
    return Reason(key, params)


def cut(text: str) -> str:
    """A player's text to quote back in a sentence (the catalogue adds the quotation marks), cut
    to its first characters when long.

    >>> cut("KX")
    'KX'
    >>> cut("5H" * 100)
    '5H5H5H5H5H5H…'
    """
    return text if len(text) <= QUOTE_MOST else f"{text[:QUOTE_MOST]}…"


def named(cards: Iterable[Card]) -> str | Reason:
    """Cards listed in a sentence with their suit signs, as the hints show them: the first few,
    then how many more (a ``Reason``, so the "and 12 more" reads in the player's language).

    >>> named([Card.parse("5H")] * 3)
    '5♥ 5♥ 5♥'
    >>> reason = named([Card.parse("5H")] * 20)
    >>> reason.key, reason.params["cards"], reason.params["more"]
    ('core.cards_and_more', '5♥ 5♥ 5♥ 5♥ 5♥ 5♥ 5♥ 5♥', Count(key='core.n_more', n=12))
    """
    names = [c.pretty for c in cards]
    if len(names) <= CARDS_NAMED:
        return " ".join(names)
    more = Count("core.n_more", len(names) - CARDS_NAMED)
    return because("core.cards_and_more", cards=" ".join(names[:CARDS_NAMED]), more=more)


class CardError(ValueError):
    """A card or a list of cards could not be read. ``reason`` says why, for ``bot.i18n.say``;
    ``str()`` is its key."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason = reason


class Card(NamedTuple):
    """One playing card. Copies from the two decks are equal: they are interchangeable.

    A NamedTuple rather than a frozen dataclass: cards are hashed and compared millions of times by
    the engines and computer players, and a tuple does both in C (about 5x faster), while staying
    immutable with the same fields, order and repr.
    """

    rank: int  # 1 (ace) .. 13 (king); 0 for a joker
    suit: str | None  # "S" "H" "D" "C"; None for a joker

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @staticmethod
    def parse(text: str) -> Card:
        """Read one card in the notation; raise CardError with its reason when it isn't one."""
        raw = text.strip()
        t = raw.upper()
        if t in ("JK", "JOKER", "🃏"):
            return JOKER
        if len(t) < 2:
            raise CardError(because("core.not_a_card", text=cut(raw)))
        rank_text, suit_text = t[:-1], t[-1]
        suit = _SYMBOL_TO_SUIT.get(suit_text, suit_text)
        if suit not in SUITS:
            raise CardError(because("core.card_bad_suit", text=cut(raw)))
        rank = _TEXT_TO_RANK.get(rank_text)
        if rank is None:
            raise CardError(because("core.card_bad_rank", text=cut(raw)))
        return Card(rank, suit)

    def __str__(self) -> str:
        if self.is_joker:
            return "JK"
        # A suitless rank is what a wild stands for in a set ("3" in a set of 3s).
        return f"{RANK_TEXT[self.rank]}{self.suit or ''}"

    @property
    def name(self) -> Reason:
        """The card's name in words, for sentences: 'the 7 of hearts', 'a joker' in English
        (``core.card_name``: each language says a card its own way, 'سبعة الكبة', 'de
        hartenzeven')."""
        if self.is_joker:
            return because("core.a_joker")
        rank, suit = because(f"core.rank.{self.rank}"), because(f"core.suit.{self.suit or 'S'}")
        return because("core.card_name", rank=rank, suit=suit)

    @property
    def pretty(self) -> str:
        """Text with the suit symbol, for chat messages: '7♥'."""
        if self.is_joker:
            return "🃏"
        # A suitless rank (what a wild stands for in a set) has no sign: "3".
        return f"{RANK_TEXT[self.rank]}{SUIT_SYMBOLS[self.suit] if self.suit else ''}"


JOKER = Card(JOKER_RANK, None)


def parse_cards(items: str | Iterable[str | Card]) -> list[Card]:
    """Read a list of cards from a space/comma separated string or a list of strings (a Card
    among them is taken as it is: a hand-made state may hold cards rather than their text)."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    elif not isinstance(items, list | tuple):
        items = list(items)  # read twice below when the quick look fails
    # Saved games and the search's sampled states write every card as ``str(card)`` does: those
    # are looked up (all at once in C first: ``hard`` reads a whole table back for each of its
    # playouts), and anything else (a player's "10♥", a typo) is read by ``Card.parse``.
    try:
        return list(map(_WRITTEN.__getitem__, items))
    except (KeyError, TypeError):
        pass
    return [
        (_WRITTEN.get(i) or Card.parse(i)) if isinstance(i, str) else _not_text(i) for i in items
    ]


def _not_text(item: object) -> Card:
    if isinstance(item, Card):
        return item
    raise CardError(because("core.card_not_text", text=cut(str(item))))


def text_cards(cards: Iterable[Card]) -> list[str]:
    """Cards in their text form (``["7H", "JK"]``), as table files and saved games hold them."""
    return list(map(card_text, cards))


def _sort_key(card: Card) -> int:
    # One number, suit then rank (ranks stay below 16): a sort compares numbers faster than
    # pairs of them.
    if card.is_joker:
        return len(SUITS) * 16
    return SUITS.index(card.suit or "S") * 16 + card.rank


T = TypeVar("T")


class _PerCard(dict[Card, Any]):
    """Each card's answer of ``rule``, worked out the first time it is asked."""

    def __init__(self, rule: Callable[[Card], Any]) -> None:
        super().__init__()
        self.rule = rule

    def __missing__(self, card: Card) -> Any:
        answer = self[card] = self.rule(card)
        return answer


def per_card(rule: Callable[[Card], T]) -> Callable[[Card], T]:
    """``rule`` looked up instead of worked out: each card's answer is kept the first time it is
    asked, and the lookup is a dict's, in C. For a rule of the card alone that the search's
    playouts ask of every card in every hand at every turn (its sort key, its points)."""
    return _PerCard(rule).__getitem__


# Suit then rank, jokers last: the order hands are shown in. Hands are sorted hundreds of
# thousands of times a decision in the search's playouts.
sort_key: Callable[[Card], int] = per_card(_sort_key)
# A card's text (``"7H"``, ``"JK"``): ``hard`` writes out a whole table for every deal it samples
# (``text_cards``), and ``normal`` ties its throws by it.
card_text: Callable[[Card], str] = per_card(str)


def standard_deck() -> list[Card]:
    return [Card(r, s) for s in SUITS for r in range(1, 14)]


_WRITTEN = {str(c): c for c in [*standard_deck(), JOKER]}  # parse_cards' quick path


def deck_106() -> list[Card]:
    """Two 52-card decks and two jokers (Mor, More, Hand)."""
    return list(_DECK_106)  # a copy, to shuffle; ``hard`` asks for one at every sample it deals


_DECK_106 = (*standard_deck(), *standard_deck(), JOKER, JOKER)


RUNFAST_REMOVED = (Card(ACE, "H"), Card(2, "H"), Card(2, "D"), Card(2, "C"))


def deck_48() -> list[Card]:
    """Run Fast: one pack without jokers, the ace of hearts and the 2s of hearts, diamonds, clubs."""
    return [c for c in standard_deck() if c not in RUNFAST_REMOVED]


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    out = list(cards)
    rng.shuffle(out)
    return out


def round_rng(seed: int | str, round_no: int, purpose: str = "deal") -> random.Random:
    """The seeded random source for one purpose of one round, so no RNG state is ever stored."""
    return random.Random(f"{seed}:{round_no}:{purpose}")


def count(cards: Iterable[Card]) -> Counter[Card]:
    return Counter(cards)


def take_cards(hand: Sequence[Card], cards: Iterable[Card]) -> list[Card] | None:
    """The hand without ``cards`` (a multiset), or None when the hand doesn't hold them all."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return rest


def missing_from(hand: Iterable[Card], cards: Iterable[Card]) -> list[Card]:
    """The cards of ``cards`` the hand does not hold (as a multiset)."""
    have = Counter(hand)
    missing = []
    for c in cards:
        if have[c] > 0:
            have[c] -= 1
        else:
            missing.append(c)
    return missing


def not_held(hand: Iterable[Card], cards: Sequence[Card]) -> Reason:
    """Why ``hand`` can't give ``cards`` (``missing_from`` found some missing): the cards it
    does not hold at all, or else a card named more often than the hand holds it. "You don't
    have K♥" would be false of a K♥ held once and named twice, so that one is said as such.

    >>> not_held([Card.parse("KH")], [Card.parse(c) for c in ("KH", "KS", "KH")]).params
    {'cards': 'K♠'}
    >>> reason = not_held([Card.parse("KH")], [Card.parse("KH"), Card.parse("KH")])
    >>> reason.key, reason.params
    ('game.card_named_twice', {'card': 'K♥'})
    """
    have = Counter(hand)
    absent = [c for c in cards if have[c] == 0]
    if absent:
        return because("game.cards_not_held", cards=named(absent))
    over = next(c for c in cards if cards.count(c) > have[c])
    key = "game.card_named_twice" if have[over] == 1 else "game.card_named_too_often"
    return because(key, card=over.pretty)


def check_deck_limits(cards: Iterable[Card], deck: Sequence[Card]) -> str | None:
    """A sentence when ``cards`` hold more copies of a card than ``deck`` has, else None (for a
    TableFileError: a table file's trouble, said in English to the developer)."""
    limit = Counter(deck)
    for c, n in Counter(cards).items():
        if n > limit[c]:
            if limit[c] == 0:
                return f"{c} is not in this game's deck."
            return f"There are {n} copies of {c}, but the deck has only {limit[c]}."
    return None
