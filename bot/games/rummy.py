"""What the three rummies (Mor, More, Hand) share: melds on the table, playing a ``Lay`` against a
hand, card-point tables, and reading a table file's position.

The games differ in policy (whose melds a seat may add to, opening minimums, when the hand may be
emptied); that stays in each engine. The mechanics are here, once.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import (
    Added,
    Drew,
    Event,
    IllegalMove,
    Lay,
    Melded,
    MeldView,
    Reason,
    SeatView,
    TableFileError,
    TookSidePile,
    because,
)
from bot.games.cards import (
    Card,
    CardError,
    check_deck_limits,
    missing_from,
    named,
    parse_cards,
    round_rng,
    take_cards,
)
from bot.games.melds import Meld, MeldError, MeldRules, add_to_meld, inline, read_meld


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: its id (from 1, in laying order), the seat that laid it, the cards."""

    id: int
    seat: int
    meld: Meld

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "meld": self.meld.to_json()}

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> TableMeld:
        return TableMeld(int(d["id"]), int(d["seat"]), Meld.from_json(d["meld"]))


@dataclass(frozen=True)
class RummyView(SeatView):
    """A rummy seat's view: the table's melds, piles and sides beside the common fields."""

    melds: tuple[MeldView, ...]
    discard: tuple[Card, ...]
    stock_count: int
    side_piles: tuple[int, ...]
    side_taken: tuple[bool, ...]
    sides: tuple[int, ...]
    just_drawn: tuple[Card, ...]
    must_lay: tuple[Card, ...]


@dataclass(frozen=True)
class LayOutcome:
    """What a ``Lay`` would do: the hand after it, the new melds, the melds it changed."""

    hand: list[Card]
    new: list[Meld]
    changed: dict[int, Meld]
    laid: list[Card]


def play_lay(
    hand: Sequence[Card],
    melds: Mapping[int, TableMeld],
    lay: Lay,
    rules_for_new: MeldRules,
    may_add: Callable[[TableMeld], Reason | None],
    rules_for_add: Callable[[TableMeld], MeldRules] | None = None,
) -> LayOutcome:
    """Check a ``Lay`` against a hand and the table without changing anything.

    ``may_add`` says why a seat may not add to a given meld (or None). Raises IllegalMove.
    """
    if not lay.melds and not lay.adds:
        raise IllegalMove(because("core.lay_which"))
    laid: list[Card] = [c for m in lay.melds for c in m] + [c for a in lay.adds for c in a.cards]
    rest = take_cards(hand, laid)
    if rest is None:
        raise IllegalMove(because("game.cards_not_held", cards=named(missing_from(hand, laid))))
    new: list[Meld] = []
    for cards in lay.melds:
        try:
            new.append(read_meld(cards, rules_for_new))
        except MeldError as e:
            raise IllegalMove(not_a_meld(cards, e.reason)) from None
    changed: dict[int, Meld] = {}
    for add in lay.adds:
        target = melds.get(add.meld)
        if target is None:
            raise IllegalMove(because("game.no_meld", meld=add.meld))
        why = may_add(target)
        if why:
            raise IllegalMove(why)
        current = changed.get(add.meld, target.meld)
        rules = rules_for_add(target) if rules_for_add else rules_for_new
        try:
            changed[add.meld] = add_to_meld(current, add.cards, rules, add.end)
        except MeldError as e:
            raise IllegalMove(because("core.meld_problem", meld=add.meld, why=e.reason)) from None
    return LayOutcome(rest, new, changed, laid)


def place_lay(
    melds: dict[int, TableMeld], next_id: int, seat: int, outcome: LayOutcome, events: list[Event]
) -> int:
    """Put a checked lay on the table: new melds get ids from ``next_id`` and ``seat`` as owner,
    changed melds keep their owner. Appends Melded/Added events; returns the next free id.

    The hand is the caller's to update (``outcome.hand``): games differ in what follows."""
    for meld in outcome.new:
        melds[next_id] = TableMeld(next_id, seat, meld)
        events.append(Melded(seat, next_id, meld.cards))
        next_id += 1
    for mid, meld in outcome.changed.items():
        old = melds[mid]
        melds[mid] = TableMeld(mid, old.seat, meld)
        added = list((Counter(meld.cards) - Counter(old.meld.cards)).elements())
        events.append(Added(seat, mid, tuple(added)))
    return next_id


def public_event(event: Event, seat: int) -> Event:
    """An event as ``seat`` may see it: a drawn card is hidden from everyone but the drawer."""
    if isinstance(event, Drew) and event.seat != seat:
        return Drew(event.seat, None)
    return event


def not_a_meld(cards: Sequence[Card], why: Reason) -> Reason:
    """'7S 7H 7D is not a meld: a set must ...': the cards and why, the why worded to follow."""
    return because("core.not_a_meld", cards=" ".join(str(c) for c in cards), why=inline(why))


def take_side_pile(
    seat: int,
    side: int,
    hands: list[list[Card]],
    piles: list[list[Card]],
    taken: list[bool],
    events: list[Event],
) -> list[Card]:
    """The side's Mor / More pile goes into the hand that emptied: the pile is gone and the side
    has taken it. Returns the cards, which the seat has just received."""
    pile, piles[side] = piles[side], []
    taken[side] = True
    hands[seat].extend(pile)
    events.append(TookSidePile(seat, len(pile)))
    return pile


def uses_any(laid: Sequence[Card], must: Sequence[Card]) -> bool:
    """Did a lay use at least one of ``must`` (copies are interchangeable)?"""
    return bool(Counter(laid) & Counter(must))


def text_cards(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


# ---------------------------------------------------------------- table files


@dataclass
class Position:
    """A table file's position, read and checked against the deck."""

    hands: list[list[Card]]
    melds: list[TableMeld]
    stock: list[Card]  # top first
    discard: list[Card]  # bottom first
    side: list[list[Card]] = field(default_factory=list)
    side_taken: list[bool] = field(default_factory=list)
    turn: int | None = None
    phase: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def read_cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise TableFileError(f"{what} must be a list of cards.")
    try:
        return parse_cards(value)
    except CardError as e:
        raise TableFileError(because("core.table_part", part=what, why=e.reason)) from None


def read_seat(value: Any, n_seats: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n_seats:
        raise TableFileError(f"{what} must be a seat from 0 to {n_seats - 1}.")
    return value


def read_position(
    data: Mapping[str, Any],
    *,
    n_seats: int,
    deck: Sequence[Card],
    meld_rules: Callable[[int], MeldRules],
    side_piles: int,
    side_size: int,
    rng: random.Random,
) -> Position:
    """Read ``position``: every card of the deck ends up in exactly one place.

    Unplaced cards are shuffled by ``rng``; missing side piles take ``side_size`` of them first,
    the rest go below the given stock (SCENARIOS.md).
    """
    if not isinstance(data, Mapping):
        raise TableFileError("“position” must be an object.")
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != n_seats:
        raise TableFileError(
            f"The position needs “hands”: one list of cards for each of {n_seats} seats."
        )
    hands = [read_cards(h, f"The hand of seat {i}") for i, h in enumerate(hands_raw)]
    melds: list[TableMeld] = []
    raw_melds = data.get("melds", [])
    if not isinstance(raw_melds, list):
        raise TableFileError("“melds” must be a list of {seat, cards} objects.")
    for i, m in enumerate(raw_melds, start=1):
        if not isinstance(m, Mapping):
            raise TableFileError(f"Meld {i} must be an object with “seat” and “cards”.")
        seat = read_seat(m.get("seat"), n_seats, f"The seat of meld {i}")
        cards = read_cards(m.get("cards"), f"Meld {i}")
        try:
            meld = read_meld(cards, meld_rules(seat))
        except MeldError as e:
            raise TableFileError(because("core.table_meld", meld=i, why=e.reason)) from None
        melds.append(TableMeld(i, seat, meld))
    stock = read_cards(data.get("stock", []), "The stock")
    discard = read_cards(data.get("discard", []), "The discard pile")
    taken_raw = data.get("side_taken", [False] * side_piles)
    if (
        not isinstance(taken_raw, list)
        or len(taken_raw) != side_piles
        or not all(isinstance(t, bool) for t in taken_raw)
    ):
        raise TableFileError(f"“side_taken” must be a list of {side_piles} true/false values.")
    side_raw = data.get("side", [None] * side_piles)
    if not isinstance(side_raw, list) or len(side_raw) > side_piles:
        raise TableFileError(f"“side” must be a list of at most {side_piles} piles.")
    side_given: list[list[Card] | None] = [None] * side_piles
    for i, pile in enumerate(side_raw):
        if pile is None:
            continue
        side_given[i] = read_cards(pile, f"Side pile {i}")
        if taken_raw[i] and side_given[i]:
            raise TableFileError(f"Side pile {i} is marked taken, so it can't hold cards.")
    placed = [c for h in hands for c in h] + [c for m in melds for c in m.meld.cards]
    placed += stock + discard + [c for p in side_given if p for c in p]
    problem = check_deck_limits(placed, deck)
    if problem:
        raise TableFileError(problem)
    unplaced = list(deck)
    for c in placed:
        unplaced.remove(c)
    rng.shuffle(unplaced)
    side: list[list[Card]] = []
    for i in range(side_piles):
        given = side_given[i]
        if taken_raw[i]:
            side.append([])
        elif given is not None:
            side.append(given)
        else:
            side.append(unplaced[:side_size])
            unplaced = unplaced[side_size:]
    turn = data.get("turn")
    if turn is not None:
        turn = read_seat(turn, n_seats, "“turn”")
    phase = data.get("phase")
    if phase is not None and phase not in ("draw", "play"):
        raise TableFileError("“phase” must be “draw” or “play”.")
    return Position(
        hands=hands,
        melds=melds,
        stock=stock + unplaced,
        discard=discard,
        side=side,
        side_taken=list(taken_raw),
        turn=turn,
        phase=phase,
        extra={k: v for k, v in data.items()},
    )


def read_header(data: Mapping[str, Any], n_seats: int) -> tuple[int | str, int, list[float]]:
    """The table file's seed, dealer and totals (one number per seat).

    Without a ``dealer`` the first dealer is random, from the seed (RULES.md section 0).
    """
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TableFileError("“seed” must be a whole number.")
    dealer = data.get("dealer")
    if dealer is None:
        dealer = round_rng(seed, 0, "dealer").randrange(n_seats)
    else:
        dealer = read_seat(dealer, n_seats, "“dealer”")
    totals = data.get("totals", [0] * n_seats)
    if (
        not isinstance(totals, list)
        or len(totals) != n_seats
        or not all(isinstance(t, int | float) and not isinstance(t, bool) for t in totals)
    ):
        raise TableFileError(f"“totals” must be a list of {n_seats} numbers, one per seat.")
    return seed, dealer, [float(t) for t in totals]


def read_options(data: Mapping[str, Any]) -> dict[str, Any]:
    options = data.get("options", {})
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise TableFileError("“options” must be an object.")
    return dict(options)
