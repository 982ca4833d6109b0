"""Runs and sets with wilds: one place for the meld rules of Mor, More and Hand.

A game describes its melds with ``MeldRules`` (which cards are wild, how many per meld, which
ranks may form sets, ...). ``read_meld`` turns a list of cards into a ``Meld`` laid out in table
order, or says why it isn't one (a ``Reason``, worded by ``bot.i18n``); ``add_to_meld`` and ``reclaim_joker`` change a
meld on the table. Finding the melds a hand holds is ``bot.games.meld_search``'s.

Positions in a run are numbered by rank, the ace low at 1 or high at 14 (specification §0).
A wild's place follows the listing order; unordered input is read the one way it can be, and when
several readings exist the wild goes to the high end if it can, else the low end, else a gap.

>>> from bot.games.cards import parse_cards
>>> m = read_meld(parse_cards("5H 6H JK"), MOR_MELDS)
>>> [str(c) for c in m.cards], m.stands_for(2)
(['5H', '6H', 'JK'], Card(rank=7, suit='H'))
>>> str(read_meld(parse_cards("JK 5H 6H"), MOR_MELDS).stands_for(0))
'4H'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, NamedTuple

from bot.games.answers import fields_only, kept, kept_hash
from bot.games.base import MeldKind
from bot.games.cards import (
    ACE,
    JOKER,
    JOKER_RANK,
    SUITS,
    Card,
    Count,
    Reason,
    because,
    parse_cards,
)

ACE_HIGH = 14  # the position of an ace above the king

# The kinds as module constants: the meld code asks a meld's kind in its hottest loops.
RUN, SET = MeldKind.RUN, MeldKind.SET


class MeldRules(NamedTuple):
    """What a game allows in a meld.

    A NamedTuple, as ``Card`` is: the rules are half of the key of every meld answer kept
    (``_read_meld``, ``_add_to_meld``, ``find_melds``), asked hundreds of thousands of times a
    decision, and a tuple hashes in C where a frozen dataclass called Python each time."""

    jokers_wild: bool = True
    twos_wild: bool = True
    max_jokers: int = 1
    max_wild_twos: int = 1
    max_wilds: int = 2
    min_naturals: int = 2
    # Ranks that may form a set; None means any rank, an empty set means no sets at all.
    set_ranks: frozenset[int] | None = frozenset()
    set_distinct_suits: bool = False
    set_max: int | None = None
    min_size: int = 3


# Mor: runs, sets of 3s or aces; at most one joker and one wild 2, two naturals at least.
MOR_MELDS = MeldRules(set_ranks=frozenset({3, ACE}))
# More: runs only (ace-sets for players over 1500: ``MORE_MELDS_ACES``); one pankal per meld.
MORE_MELDS = MeldRules(max_wilds=1, set_ranks=frozenset())
MORE_MELDS_ACES = MORE_MELDS._replace(set_ranks=frozenset({ACE}))
# Hand: sets of 3 or 4 distinct suits, runs; one joker per meld; 2s are ordinary cards.
HAND_MELDS = MeldRules(
    twos_wild=False,
    max_wild_twos=0,
    max_wilds=1,
    set_ranks=None,
    set_distinct_suits=True,
    set_max=4,
)


class MeldError(ValueError):
    """Not a legal meld, or not a legal change to one. ``reason`` says why (a ``core.meld.*``
    key, for ``bot.i18n.say``); ``str()`` is its key."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason = reason


def inline(reason: Reason) -> Reason:
    """A meld's reason as it reads after a colon inside another sentence ("7S 7H 7D is not a
    meld: a set must ..."): every ``core.meld.*`` key has a twin ``<key>.inline`` worded to
    follow, since a catalogue's text can't lower its own first letter."""
    if reason.key.startswith("core.meld.") and not reason.key.endswith(".inline"):
        return Reason(f"{reason.key}.inline", reason.params)
    return reason


@dataclass(frozen=True)
class Meld:
    """A meld laid out in table order.

    A run has ``suit`` and ``low`` (the position of ``cards[0]``; card i stands at ``low + i``).
    A set has ``rank``; its wilds stand for that rank.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    suit: str | None = None
    low: int = 0
    rank: int = 0

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def spot(self, index: int) -> Card:
        """The natural card for position ``index`` of a run."""
        return spot_card(self.suit or "S", self.low + index)

    def is_natural_at(self, index: int) -> bool:
        card = self.cards[index]
        if self.kind == RUN:
            return card == self.spot(index)
        return not card.is_joker and card.rank == self.rank

    def stands_for(self, index: int) -> Card:
        """What the card at ``index`` stands for (itself when natural)."""
        if self.kind == RUN:
            return self.spot(index)
        card = self.cards[index]
        return card if self.is_natural_at(index) else Card(self.rank, None)

    def __hash__(self) -> int:
        return self.__dict__.get("_hash") or kept_hash(self)

    __getstate__ = fields_only

    def wild_indexes(self) -> tuple[int, ...]:
        # Asked again and again of the same table meld by the engines and players, so kept in
        # the instance dict (a frozen dataclass forbids setattr, not that; equality and hashing
        # read the fields only). functools.cached_property takes a lock at every read.
        known = self.__dict__.get("_wild_indexes")
        if known is None:
            # ``is_natural_at`` for every card, written out: every new meld of a playout asks
            # it at once (the wild limits), and most are new.
            cards = self.cards
            if self.kind == RUN:
                row, low = SPOTS[self.suit or "S"], self.low
                known = tuple(i for i, c in enumerate(cards) if row.get(low + i) != c)
            else:
                known = tuple(i for i, c in enumerate(cards) if c.is_joker or c.rank != self.rank)
            self.__dict__["_wild_indexes"] = known
        return known

    @property
    def wilds(self) -> list[Card]:
        return [self.cards[i] for i in self.wild_indexes()]

    @property
    def is_clean(self) -> bool:
        return not self.wild_indexes()

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "cards": [str(c) for c in self.cards],
            "suit": self.suit,
            "low": self.low,
            "rank": self.rank,
        }

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> Meld:
        return read_written(written_meld(d))


def written_meld(d: Mapping[str, Any]) -> tuple[str, Any, Any, int, int]:
    """A meld's fields as ``to_json`` writes them, in their order, the cards as a tuple (a
    string of cards as it is): what ``read_written`` keeps a meld by."""
    cards = d["cards"]
    cards = cards if isinstance(cards, str) else tuple(cards)
    return str(d["kind"]), cards, d.get("suit"), int(d.get("low", 0)), int(d.get("rank", 0))


def read_written(written: tuple[str, Any, Any, int, int]) -> Meld:
    """The meld of ``written_meld``'s fields: one object for each meld written alike."""
    try:
        return _kept_meld(*written)
    except TypeError:  # something in it that cannot be a key: read it as it is
        return _meld_from_cards(*written)


def _meld_from_cards(
    kind: str, cards: Iterable[str | Card], suit: str | None, low: int, rank: int
) -> Meld:
    return Meld(MeldKind(kind), tuple(parse_cards(cards)), suit, low, rank)


# The search reads the same table melds from every sampled state it builds: one object for each
# meld written alike (its cards as text, or as cards in a hand-made state), so what a meld keeps
# in its instance dict (``single_adds``, ``wild_indexes``) is worked out once, not once per
# playout. Melds are immutable, so sharing one between games is safe.
_kept_meld = kept(50_000, "_kept_meld")(_meld_from_cards)


# Each suit's natural card at each run position (1 and 14 both the ace): the meld search
# builds runs from positions, for every new hand in every playout, and ``single_adds`` tries a
# run's suit.
SPOTS = {
    suit: {p: Card(ACE if p == ACE_HIGH else p, suit) for p in range(1, ACE_HIGH + 1)}
    for suit in SUITS
}


def spot_card(suit: str, position: int) -> Card:
    """The natural card of ``suit`` at run position ``position`` (an ace at 1 or 14)."""
    card = SPOTS[suit].get(position)
    return Card(position, suit) if card is None else card  # off the ends: no card, as before


def wild_capable(card: Card, rules: MeldRules) -> bool:
    """Can this card act as a wild in this game (a 2 may still stand naturally in its spot)?"""
    # Asked hundreds of thousands of times a decision: the joker's rank, not the property.
    rank = card.rank
    return (rank == JOKER_RANK and rules.jokers_wild) or (rank == 2 and rules.twos_wild)


def run_positions(card: Card) -> tuple[int, ...]:
    """The run positions a natural card may stand at: an ace's two (1 and 14), else its rank."""
    return (1, ACE_HIGH) if card.rank == ACE else (card.rank,)


def _ranks(rank: int) -> Reason:
    """Cards of one rank together, for sentences: 'aces', '3s'."""
    return because(f"core.ranks.{rank}")


def _either(reasons: Sequence[Reason]) -> Reason:
    """'3s or aces' (a nested ``core.either`` for each further choice)."""
    out = reasons[0]
    for other in reasons[1:]:
        out = because("core.either", a=out, b=other)
    return out


# ---------------------------------------------------------------- checking limits


def check_limits(meld: Meld, rules: MeldRules) -> Reason | None:
    """Why the meld breaks the game's wild limits, or None."""
    wilds = meld.wilds
    jokers = sum(1 for c in wilds if c.is_joker)
    twos = len(wilds) - jokers
    naturals = len(meld.cards) - len(wilds)
    if len(meld.cards) < rules.min_size:
        return because("core.meld.min_cards", cards=Count("n_cards", rules.min_size))
    if jokers > rules.max_jokers:
        return because("core.meld.one_joker")
    if twos > rules.max_wild_twos:
        return because("core.meld.one_wild_two")
    if len(wilds) > rules.max_wilds:
        if rules.max_wilds == 1:
            return because("core.meld.one_wild")
        return because("core.meld.max_wilds", wilds=Count("core.n_wild_cards", rules.max_wilds))
    if naturals < rules.min_naturals:
        return because(
            "core.meld.min_cards", cards=Count("core.n_natural_cards", rules.min_naturals)
        )
    return None


# ---------------------------------------------------------------- sets


def _read_set(cards: Sequence[Card], rules: MeldRules) -> Meld | Reason:
    wilds = [c for c in cards if c.is_joker or (rules.twos_wild and c.rank == 2)]
    naturals = [c for c in cards if not (c.is_joker or (rules.twos_wild and c.rank == 2))]
    ranks = {c.rank for c in naturals}
    if not naturals:
        return because("core.meld.only_wilds")
    if len(ranks) != 1:
        return because("core.meld.set_one_rank")
    rank = ranks.pop()
    if rules.set_ranks is not None and rank not in rules.set_ranks:
        if not rules.set_ranks:
            return because("core.meld.no_sets")
        allowed = _either([_ranks(r) for r in sorted(rules.set_ranks, reverse=True)])
        return because("core.meld.sets_only_of", ranks=allowed)
    if any(c.is_joker for c in wilds) and not rules.jokers_wild:
        return because("core.meld.jokers_not_wild")
    if rules.set_distinct_suits and len({c.suit for c in naturals}) != len(naturals):
        return because("core.meld.set_distinct_suits")
    if rules.set_max is not None and len(cards) > rules.set_max:
        return because("core.meld.set_max", cards=Count("n_cards", rules.set_max))
    # Naturals first, wilds after: a set has no positions, this is just a tidy table order.
    meld = Meld(SET, tuple(naturals) + tuple(wilds), rank=rank)
    return check_limits(meld, rules) or meld


# ---------------------------------------------------------------- runs


def _run_suit(cards: Sequence[Card], rules: MeldRules) -> str | MeldError | None:
    """The run's suit from its cards that can only be natural; an error if mixed."""
    hard = [c for c in cards if not wild_capable(c, rules)]
    if not hard:
        twos = [c for c in cards if c.rank == 2]
        suits = {c.suit for c in twos}
        return twos[0].suit if len(suits) == 1 else None
    if hard[0].is_joker:  # only when jokers are not wild
        return MeldError(because("core.meld.jokers_not_wild"))
    suits = {c.suit for c in hard}
    if None in suits:
        return MeldError(because("core.meld.jokers_not_wild"))
    if len(suits) != 1:
        return MeldError(because("core.meld.run_one_suit"))
    return suits.pop()


def _fill_window(
    cards: Sequence[Card], suit: str, low: int, rules: MeldRules
) -> tuple[Card, ...] | None:
    """Lay ``cards`` into positions low..low+n-1 (unordered): naturals in their spots, a 2 of the
    suit in its own spot when it can (it is natural there), wilds in the remaining spots in the
    order they were listed. None when they don't fit."""
    n = len(cards)
    high = low + n - 1
    slots: list[Card | None] = [None] * n
    loose: list[Card] = []
    for card in cards:
        placed = False
        if not card.is_joker and card.suit == suit:
            for pos in run_positions(card):
                if low <= pos <= high and slots[pos - low] is None:
                    slots[pos - low] = card
                    placed = True
                    break
        if not placed:
            if not wild_capable(card, rules):
                return None
            loose.append(card)
    free = [i for i, s in enumerate(slots) if s is None]
    if len(free) != len(loose):
        return None
    for i, card in zip(free, loose, strict=True):
        slots[i] = card
    return tuple(c for c in slots if c is not None)


def _ordered_low(cards: Sequence[Card], suit: str, rules: MeldRules) -> int | None:
    """The run's low position if ``cards`` are listed low to high, else None."""
    n = len(cards)
    for i, card in enumerate(cards):
        if wild_capable(card, rules):
            continue
        for pos in run_positions(card):
            low = pos - i
            if low < 1 or low + n - 1 > ACE_HIGH:
                continue
            if all(
                c == spot_card(suit, low + j) or wild_capable(c, rules) for j, c in enumerate(cards)
            ):
                return low
        return None
    return None


def drop_back(meld: Meld, rules: MeldRules) -> Meld:
    """A wild 2 of the run's own suit that can stand in its own spot goes there (specification §1).

    It swaps with another wild holding spot 2, or moves from the high end to just below a run
    starting at 3. Either way the run keeps its cards and may become clean.
    """
    if meld.kind != RUN or not rules.twos_wild:
        return meld
    own_two = Card(2, meld.suit)
    cards = list(meld.cards)
    low = meld.low
    for j, card in enumerate(cards):
        if card != own_two or low + j == 2:
            continue
        if low <= 2 <= low + len(cards) - 1:
            k = 2 - low
            if cards[k] != own_two and wild_capable(cards[k], rules):
                cards[j], cards[k] = cards[k], cards[j]
                return drop_back(Meld(RUN, tuple(cards), meld.suit, low), rules)
        elif low == 3 and j == len(cards) - 1:
            return drop_back(Meld(RUN, (card, *cards[:-1]), meld.suit, 2), rules)
    return meld


def _read_run(cards: Sequence[Card], rules: MeldRules) -> Meld | Reason | None:
    n = len(cards)
    if n > 13:
        return because("core.meld.run_max", cards=Count("n_cards", 13))
    suit = _run_suit(cards, rules)
    if isinstance(suit, MeldError):
        return suit.reason
    if suit is None:
        return because("core.meld.only_wilds")
    low = _ordered_low(cards, suit, rules)
    if low is not None:
        meld = drop_back(Meld(RUN, tuple(cards), suit, low), rules)
        problem = check_limits(meld, rules)
        if problem is None:
            return meld
    best: Meld | None = None
    best_key: tuple[int, int] | None = None
    for start in range(1, ACE_HIGH - n + 2):
        laid = _fill_window(cards, suit, start, rules)
        if laid is None:
            continue
        meld = drop_back(Meld(RUN, laid, suit, start), rules)
        if check_limits(meld, rules) is not None:
            continue
        # Fewest wilds first (a 2 in its own spot is natural), then the wild as high as it goes.
        key = (-len(meld.wilds), start)
        if best_key is None or key > best_key:
            best, best_key = meld, key
    if best is not None:
        return best
    if low is not None:
        return check_limits(drop_back(Meld(RUN, tuple(cards), suit, low), rules), rules)
    return _run_problem(cards, suit, rules)


def _run_problem(cards: Sequence[Card], suit: str, rules: MeldRules) -> Reason:
    naturals = [c for c in cards if not wild_capable(c, rules) or (c.rank == 2 and c.suit == suit)]
    if len(naturals) != len(set(naturals)):
        return because("core.meld.run_same_card_twice")
    if sum(1 for c in naturals if c.rank == ACE) > 1:
        return because("core.meld.run_one_ace")
    wilds = len(cards) - len(naturals)
    if wilds > rules.max_wilds:
        too_many = because("core.meld.too_many_wilds")
        return check_limits(Meld(SET, tuple(cards), rank=0), rules) or too_many
    return because("core.meld.not_in_sequence", suit=because(f"core.suit.{suit}"))


def read_meld(cards: Sequence[Card], rules: MeldRules) -> Meld:
    """Read a new meld; raise MeldError with its reason when the cards aren't one."""
    result = meld_or_why(cards, rules)
    if isinstance(result, Meld):
        return result
    raise MeldError(result)


def meld_or_why(cards: Sequence[Card], rules: MeldRules) -> Meld | Reason:
    """``read_meld`` answering why not instead of raising: a check that refuses many moves (the
    engines' lay check, in every playout) pays less for a returned reason than a raised one."""
    return _read_meld(tuple(cards), rules)


# Reading melds is pure (cards and rules are immutable) and the computer players' playouts read
# the same few card groups turn after turn: each answer is kept, a reason stored rather than an
# exception (a re-raised exception would grow its traceback every time).
@kept(200_000)
def _read_meld(cards: tuple[Card, ...], rules: MeldRules) -> Meld | Reason:
    try:
        return _read_meld_uncached(cards, rules)
    except MeldError as e:
        return e.reason


def _read_meld_uncached(cards: Sequence[Card], rules: MeldRules) -> Meld:
    if len(cards) < rules.min_size:
        raise MeldError(because("core.meld.min_cards", cards=Count("n_cards", rules.min_size)))
    natural_ranks = {c.rank for c in cards if not wild_capable(c, rules)}
    result: Meld | Reason | None
    if len(natural_ranks) == 1 and len([c for c in cards if not wild_capable(c, rules)]) > 1:
        result = _read_set(cards, rules)
    else:
        result = _read_run(cards, rules)
        if isinstance(result, Reason):
            result = _neither(cards, rules, result)
    if not isinstance(result, Meld):
        raise MeldError(result or because("core.meld.no_meld"))
    return result


def _neither(cards: Sequence[Card], rules: MeldRules, why: Reason) -> Reason:
    """A run refused for its suits, of cards one of whose ranks comes twice: the player may
    have meant a set (``3D 3C AH``), and "a run must be cards of one suit" answered only the
    run (issue 61). The refusal then says what a set needs too, where the game has sets. A run
    refused for the same card twice, whose card's rank makes no set in this game (Mor's ``10S
    10S 3S``), was a set attempt: it hears which ranks make sets."""
    if rules.set_ranks is not None and not rules.set_ranks:
        return why  # no sets in this game: a run it must be
    naturals = [c for c in cards if not wild_capable(c, rules)]
    if why.key == "core.meld.run_same_card_twice" and rules.set_ranks is not None:
        twice = {c.rank for c in naturals if naturals.count(c) > 1}
        if twice and not twice & rules.set_ranks:
            allowed = _either([_ranks(r) for r in sorted(rules.set_ranks, reverse=True)])
            return because("core.meld.sets_only_of", ranks=allowed)
    if why.key != "core.meld.run_one_suit":
        return why
    if len({c.rank for c in naturals}) == len(naturals):
        return why  # every rank once: a run was meant
    if rules.set_ranks is None:
        return because("core.meld.run_or_set")
    allowed = _either([_ranks(r) for r in sorted(rules.set_ranks, reverse=True)])
    return because("core.meld.run_or_set_of", ranks=allowed)


def try_meld(cards: Sequence[Card], rules: MeldRules) -> Meld | None:
    """The meld ``cards`` make, or None (``read_meld`` without raising: the meld search tries
    many groups that are not melds, and an exception costs more than the answer)."""
    # ``meld_or_why``'s answer, read here directly: the meld searches ask it of every group.
    result = _read_meld(tuple(cards), rules)
    return result if isinstance(result, Meld) else None


# ---------------------------------------------------------------- changing a meld


def _open_end(low: int, high: int, end: str | None) -> int | None:
    """The position a wild goes to at an open end: ``end`` if open, else the other one."""
    can_high = high < ACE_HIGH and not (low == 1 and high + 1 == ACE_HIGH)
    can_low = low > 1 and not (high == ACE_HIGH and low - 1 == 1)
    order = ("low", "high") if end == "low" else ("high", "low")
    for side in order:
        if side == "high" and can_high:
            return high + 1
        if side == "low" and can_low:
            return low - 1
    return None


def could_add(meld: Meld, card: Card, rules: MeldRules) -> bool:
    """A cheap first look: could ``card`` possibly go on ``meld``? (``add_to_meld`` decides.)"""
    if wild_capable(card, rules):
        return True
    if meld.kind == SET:
        return card.rank == meld.rank
    if card.suit != meld.suit:
        return False
    # Just beyond an end, or in the spot of a wild it would take over: a natural card already in
    # its spot has no place (a double deck's other copy is the usual case).
    low, high = meld.low, meld.high
    return any(
        p == low - 1 or p == high + 1 or (low <= p <= high and p - low in meld.wild_indexes())
        for p in run_positions(card)
    )


def single_adds(meld: Meld, rules: MeldRules) -> frozenset[Card]:
    """Every card that ``add_to_meld`` takes on ``meld`` on its own (wherever it goes by
    default): exact, where ``could_add`` only rules out.

    Kept in the meld's instance dict per rules, as ``wild_indexes`` is: a table meld is asked
    this for every card in every hand at every turn, and it changes only when added to (a new
    object). Behind that it is kept by the meld's value (``_single_adds``): the same meld is
    often a second object, the engine's made by an addition and a player's read from the cards
    it sees (``bot.ai.rummy.fitting``), and working it out is dear."""
    by_rules: dict[MeldRules, frozenset[Card]] | None = meld.__dict__.get("_single_adds")
    if by_rules is None:
        by_rules = meld.__dict__["_single_adds"] = {}
    found = by_rules.get(rules)
    if found is None:
        found = by_rules[rules] = _single_adds(meld, rules)
    return found


@kept(50_000)
def _single_adds(meld: Meld, rules: MeldRules) -> frozenset[Card]:
    """``single_adds`` worked out: the cards ``could_add`` lets through, each checked. A 2 of
    another suit than a run's can only stand in for one of its cards (only the run's own 2 may
    be itself, ``drop_back``), so the three go on it alike: one is asked for all. (Most of the
    work here is adding wilds, and a playout makes new runs at every turn.)"""
    alike = [Card(2, s) for s in SUITS if s != meld.suit] if meld.kind == RUN else []
    unasked = alike[1:]
    asked = [c for c in (*_wild_cards(rules), *_its_cards(meld)) if c not in unasked]
    takes = {
        c
        for c in asked
        if could_add(meld, c, rules) and isinstance(_add_to_meld(meld, (c,), rules, None), Meld)
    }
    if alike and alike[0] in takes:
        takes.update(alike[1:])
    return frozenset(takes)


@cache
def _wild_cards(rules: MeldRules) -> tuple[Card, ...]:
    """One of each card that may act as a wild under ``rules``."""
    twos = [Card(2, s) for s in SUITS] if rules.twos_wild else []
    return (*twos, JOKER) if rules.jokers_wild else tuple(twos)


def _its_cards(meld: Meld) -> Iterable[Card]:
    """The natural cards that could go on ``meld`` at all: its rank's in a set, its suit's in a
    run (``could_add`` says which of them may)."""
    if meld.kind == SET:
        return [Card(meld.rank, s) for s in SUITS]
    return SPOTS[meld.suit or "S"].values()


def add_to_meld(
    meld: Meld, cards: Sequence[Card], rules: MeldRules, end: str | None = None
) -> Meld:
    """The meld with ``cards`` added; raise MeldError with its reason when they don't fit.

    In a run a natural card may take the place of a wild, which then moves to an open end
    (``end``, default high) -- or back into its own spot if it is the run's own 2.
    """
    result = added_or_why(meld, cards, rules, end)
    if isinstance(result, Meld):
        return result
    raise MeldError(result)


def added_or_why(
    meld: Meld, cards: Sequence[Card], rules: MeldRules, end: str | None = None
) -> Meld | Reason:
    """``add_to_meld`` answering why not instead of raising (as ``meld_or_why``)."""
    return _add_to_meld(meld, tuple(cards), rules, end)


@kept(200_000)
def _add_to_meld(
    meld: Meld, cards: tuple[Card, ...], rules: MeldRules, end: str | None
) -> Meld | Reason:
    """``add_to_meld``'s answer, kept as ``_read_meld``'s are."""
    try:
        return _add_to_meld_uncached(meld, cards, rules, end)
    except MeldError as e:
        return e.reason


def _add_to_meld_uncached(
    meld: Meld, cards: Sequence[Card], rules: MeldRules, end: str | None
) -> Meld:
    if not cards:
        raise MeldError(because("core.meld.add_which"))
    if meld.kind == SET:
        result = _read_set(list(meld.cards) + list(cards), rules)
        if not isinstance(result, Meld):
            if any(not wild_capable(c, rules) and c.rank != meld.rank for c in cards):
                raise MeldError(because("core.meld.set_only_rank", ranks=_ranks(meld.rank)))
            raise MeldError(result)
        return result
    return _add_to_run(meld, cards, rules, end)


def _add_to_run(meld: Meld, cards: Sequence[Card], rules: MeldRules, end: str | None) -> Meld:
    suit = meld.suit or "S"
    slots: dict[int, Card] = {meld.low + i: c for i, c in enumerate(meld.cards)}
    natural = {pos for pos, c in slots.items() if c == spot_card(suit, pos)}
    pending = list(cards)
    displaced: list[Card] = []

    def try_place(card: Card) -> bool:
        if card.suit != suit or card.is_joker:
            return False
        lo, hi = min(slots), max(slots)
        # An ace that could go at either end goes where the player said, high by default.
        spots = run_positions(card) if end == "low" else tuple(reversed(run_positions(card)))
        for pos in spots:
            if pos in slots:
                if pos in natural:
                    continue
                displaced.append(slots[pos])
                slots[pos] = card
                natural.add(pos)
                return True
            if pos in (lo - 1, hi + 1):
                if (pos == ACE_HIGH and lo == 1) or (pos == 1 and hi == ACE_HIGH):
                    continue
                slots[pos] = card
                natural.add(pos)
                return True
        return False

    def fill_gap() -> bool:
        """A natural one spot beyond an end, with a wild among the added cards: the wild takes
        the spot between (``5H 6H 7H`` + ``JK 9H``: the joker is 8H), as a new run would read."""
        wild = next((c for c in pending if wild_capable(c, rules)), None)
        if wild is None:
            return False
        lo, hi = min(slots), max(slots)
        for card in pending:
            if card.suit != suit or card.is_joker or card is wild:
                continue
            for pos in run_positions(card):
                between = hi + 1 if pos == hi + 2 else lo - 1 if pos == lo - 2 else None
                if between is not None and 1 <= between <= ACE_HIGH:
                    slots[between] = wild
                    pending.remove(wild)
                    return True
        return False

    progress = True
    while progress:
        progress = False
        for card in list(pending):
            if try_place(card):
                pending.remove(card)
                progress = True
        if not progress:
            progress = fill_gap()
    for card in pending:
        if not wild_capable(card, rules):
            if (
                card.suit == suit
                and not card.is_joker
                and any(p in natural for p in run_positions(card))
            ):
                raise MeldError(because("core.meld.run_has_card", card=card.name))
            if card.suit != suit:
                one = because(f"core.suit_one.{suit}")
                raise MeldError(because("core.meld.run_wrong_suit", card=card.pretty, suit=one))
            raise MeldError(because("core.meld.run_not_next", card=card.pretty))
    wilds_in = [c for c in pending if wild_capable(c, rules)] + displaced
    for card in wilds_in:
        pos = _open_end(min(slots), max(slots), end)
        if pos is None:
            raise MeldError(because("core.meld.run_no_open_end"))
        slots[pos] = card
    low, high = min(slots), max(slots)
    if high - low + 1 != len(slots) or len(slots) > 13:
        raise MeldError(because("core.meld.run_cards_dont_fit"))
    new = drop_back(Meld(RUN, tuple(slots[p] for p in range(low, high + 1)), suit, low), rules)
    problem = check_limits(new, rules)
    if problem:
        raise MeldError(problem)
    return new


def reclaim_joker(meld: Meld, cards: Sequence[Card]) -> Meld:
    """Hand: put the card(s) a joker stands for in its place; the joker goes back to the hand.

    In a run, the one card it stands for; in a set of 4, the missing suit; in a set of 3, both
    missing suits (specification §3). Returns the meld without the joker.
    """
    joker_at = [i for i, c in enumerate(meld.cards) if c.is_joker]
    if not joker_at:
        raise MeldError(because("core.meld.no_joker_to_take"))
    i = joker_at[0]
    if meld.kind == RUN:
        wanted = meld.spot(i)
        if len(cards) != 1 or cards[0] != wanted:
            raise MeldError(because("core.meld.joker_stands_for", card=wanted.pretty))
        return replace(meld, cards=(*meld.cards[:i], wanted, *meld.cards[i + 1 :]))
    present = {c.suit for c in meld.cards if not c.is_joker}
    missing = sorted({"S", "H", "D", "C"} - present, key="SHDC".index)
    # A set of 4 lacks one suit; a set of 3 lacks two, and both must come (specification §3).
    wanted_cards = [Card(meld.rank, s) for s in missing]
    if Counter(cards) != Counter(wanted_cards):
        raise MeldError(because("core.meld.joker_take_back", cards=both(wanted_cards)))
    naturals = tuple(c for c in meld.cards if not c.is_joker)
    return replace(meld, cards=naturals + tuple(wanted_cards))


def both(cards: Sequence[Card]) -> str | Reason:
    """One card, or cards listed with 'and' in the reader's language: '9D and 9C'."""
    out: str | Reason = cards[0].pretty if cards else ""
    for card in cards[1:]:
        out = because("core.and", a=out, b=card.pretty)
    return out
