"""Reading a table file's header and position (docs/table-files.md), for every engine.

The readers check what a file gives and refuse it with a ``TableFileError`` that says what is
wrong and where: the cards of a hand or pile (``read_cards``), a seat (``read_seat``), the seed,
totals and options, and a rummy's whole position (``read_position``: every card of the deck in
exactly one place). Run Fast reads its own position with the same card, seat, seed, totals and
options readers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Phase, TableFileError, because
from bot.games.cards import Card, CardError, check_deck_limits, parse_cards, round_rng
from bot.games.lays import TableMeld
from bot.games.melds import MeldError, MeldRules, read_meld


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
    phase: Phase | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def read_cards(value: Any, what: str, *, name_part: bool = True) -> list[Card]:
    """The cards of a list in the file (``what``: the hand, pile or meld it is, for the error).

    A card that is not one is refused with the players' reason, after ``what`` unless
    ``name_part`` is false (Run Fast's files say the reason alone, and its table files expect
    exactly that sentence)."""
    if not isinstance(value, list):
        raise TableFileError(f'{what} must be a list of cards like ["3H", "10S"].')
    try:
        return parse_cards(value)
    except CardError as e:
        if not name_part:
            raise TableFileError(e.reason) from None
        raise TableFileError(because("core.table_part", part=what, why=e.reason)) from None


def read_seat(value: Any, n_seats: int, what: str) -> int:
    """A seat's number, from 0 to ``n_seats`` - 1 (``what``: whose seat it is, for the error)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n_seats:
        raise TableFileError(f"{what} must be a seat from 0 to {n_seats - 1}.")
    return value


def read_seed(data: Mapping[str, Any]) -> int | str:
    """The file's ``seed``: a whole number or a text, 0 when left out."""
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TableFileError("“seed” must be a whole number or a text.")
    return seed


def read_totals(data: Mapping[str, Any], n_seats: int) -> list[int | float]:
    """The file's ``totals``, one number per seat as written (all 0 when left out)."""
    totals = data.get("totals", [0] * n_seats)
    if (
        not isinstance(totals, list)
        or len(totals) != n_seats
        or not all(isinstance(t, int | float) and not isinstance(t, bool) for t in totals)
    ):
        raise TableFileError(f"“totals” must be a list of {n_seats} numbers, one per seat.")
    return totals


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
    the rest go below the given stock (docs/table-files.md).
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
    if phase is not None and phase not in (Phase.DRAW, Phase.PLAY):
        raise TableFileError("“phase” must be “draw” or “play”.")
    return Position(
        hands=hands,
        melds=melds,
        stock=stock + unplaced,
        discard=discard,
        side=side,
        side_taken=list(taken_raw),
        turn=turn,
        phase=None if phase is None else Phase(phase),
        extra={k: v for k, v in data.items()},
    )


def read_header(data: Mapping[str, Any], n_seats: int) -> tuple[int | str, int, list[float]]:
    """The table file's seed, dealer and totals (one number per seat).

    Without a ``dealer`` the first dealer is random, from the seed (specification §0).
    """
    seed = read_seed(data)
    dealer = data.get("dealer")
    if dealer is None:
        dealer = round_rng(seed, 0, "dealer").randrange(n_seats)
    else:
        dealer = read_seat(dealer, n_seats, "“dealer”")
    return seed, dealer, [float(t) for t in read_totals(data, n_seats)]


def read_options(data: Mapping[str, Any]) -> dict[str, Any]:
    """The file's ``options`` object (none when left out or null)."""
    options = data.get("options", {})
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise TableFileError("“options” must be an object.")
    return dict(options)
