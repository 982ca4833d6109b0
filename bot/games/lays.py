"""Melds on a rummy table and laying cards on them: what Mor, More and Hand share.

A ``TableMeld`` is a meld with its id and the seat that laid it. ``play_lay`` checks a ``Lay``
against a hand and the table without changing anything (a ``LayOutcome``), and ``place_lay``
puts a checked one down; ``adds_alone`` offers a computer player the cards of a hand that a
table meld takes one by one. Whose melds a seat may add to is each game's policy: the games
pass it in (``may_add``). The meld rules themselves are ``bot.games.melds``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.answers import kept
from bot.games.base import (
    Added,
    Event,
    IllegalMove,
    Lay,
    Melded,
    Move,
    Reason,
    because,
    single_add,
)
from bot.games.cards import Card, not_held, sort_key, take_cards
from bot.games.melds import (
    Meld,
    MeldRules,
    added_or_why,
    inline,
    meld_or_why,
    read_written,
    single_adds,
    written_meld,
)


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
        # The search reads a sampled table back for each of its playouts: one object for each
        # table meld written alike (kept by its fields, as its meld is), so its view is kept too.
        written = written_meld(d["meld"])
        try:
            return _table_meld(int(d["id"]), int(d["seat"]), written)
        except TypeError:  # something in it that cannot be a key: read it as it is
            return TableMeld(int(d["id"]), int(d["seat"]), read_written(written))


@kept(50_000)
def _table_meld(meld_id: int, seat: int, written: tuple[str, Any, Any, int, int]) -> TableMeld:
    return TableMeld(meld_id, seat, read_written(written))


def adds_alone(m: TableMeld, rules: MeldRules, hand: Iterable[Card]) -> list[Move]:
    """Each card of ``hand`` that the table meld ``m`` takes on its own, as a move, in the order
    hands are shown: a computer player's candidates. Only the cards the meld takes (kept with
    the meld, ``single_adds``) are offered, which spares the full check of every card against
    every meld; the check still follows, for what is not the meld's to say. Most melds take
    none of the hand, so the hand is met with them (in C) rather than each card asked."""
    fit = single_adds(m.meld, rules).intersection(hand)
    return [single_add(m.id, card) for card in sorted(fit, key=sort_key)] if fit else []


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
    laid = list(lay.cards)
    rest = take_cards(hand, laid)
    if rest is None:
        raise IllegalMove(not_held(hand, laid))
    new: list[Meld] = []
    for cards in lay.melds:
        meld = meld_or_why(cards, rules_for_new)
        if not isinstance(meld, Meld):
            raise IllegalMove(not_a_meld(cards, meld))
        new.append(meld)
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
        added = added_or_why(current, add.cards, rules, add.end)
        if not isinstance(added, Meld):
            raise IllegalMove(because("core.meld_problem", meld=add.meld, why=added))
        changed[add.meld] = added
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
        events.append(Added(seat, mid, _added(old.meld.cards, meld.cards)))
    return next_id


def _added(before: Sequence[Card], after: Sequence[Card]) -> tuple[Card, ...]:
    """The cards ``after`` holds beyond ``before``, each card's copies together, in the order
    each first shows in ``after``: a ``Counter``'s difference, counted in a plain dict (the
    three ``Counter`` calls cost more than the counting, at every addition of a playout)."""
    left: dict[Card, int] = {}
    for card in after:
        left[card] = left.get(card, 0) + 1
    for card in before:
        left[card] = left.get(card, 0) - 1  # below nought: none, as in a Counter's difference
    return tuple(card for card, n in left.items() for _ in range(n))


def not_a_meld(cards: Sequence[Card], why: Reason) -> Reason:
    """'7S 7H 7D is not a meld: a set must ...': the cards and why, the why worded to follow."""
    return because("core.not_a_meld", cards=" ".join(c.pretty for c in cards), why=inline(why))


def uses_any(laid: Sequence[Card], must: Sequence[Card]) -> bool:
    """Did a lay use at least one of ``must`` (copies are interchangeable)?"""
    return not set(laid).isdisjoint(must)
