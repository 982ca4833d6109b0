"""Every meld a hand holds is among its legal moves, and an opening whenever one exists (issue 61).

A member picks from the menu, and the menu is the legal moves: a meld or an opening missing
there can't be found by anyone who doesn't type. Both are checked against a brute force over the
hand's cards (``rummy_positions.brute_melds``), not the engines' own meld search."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import pytest

from bot.games.base import LAYING, Lay, Meld
from bot.games.cards import Card, sort_key
from bot.games.hand import OPENING_MIN, meld_value
from bot.games.meld_search import meld_key
from bot.games.melds import Meld as MeldShape
from bot.games.melds import try_meld
from bot.games.more3 import OPENING_HALVES, opening_halves
from tests.games.rummy_positions import RUMMIES, brute_melds, positions

BIGGEST_HAND = 15  # the brute force over a picked-up Mor pile would take minutes


def _offered(engine: Any, seat: int) -> set[Any]:
    """The new melds the legal moves lay alone (a meld, or a lay of one meld), by
    ``meld_key``."""
    rules = engine.new_meld_rules(seat)
    out = set()
    for move in engine.legal_moves(seat):
        if isinstance(move, Meld):
            groups: Sequence[tuple[Card, ...]] = (move.cards,)
        elif isinstance(move, Lay) and len(move.melds) == 1 and not move.adds:
            groups = move.melds
        else:
            continue
        for cards in groups:
            meld = try_meld(cards, rules)
            assert meld is not None
            out.add(meld_key(meld))
    return out


@pytest.mark.parametrize("game", RUMMIES)
def test_every_meld_the_engine_takes_is_a_legal_move(game: str) -> None:
    """Runs with a wild in a gap or at an end were mostly missing (Mor 1,131 of 2,383 with a
    wild inside): the menu must hold every one the engine would take."""
    kinds: Counter[str] = Counter()
    # Hand's seats lay single melds only once opened, late in a round: more rounds for it.
    seeds, every = (range(6), 1) if game == "hand" else (range(2), 2)
    for engine in positions(game, seeds, every=every):
        seat = engine.turn
        hand = engine.hands[seat]
        if len(hand) > BIGGEST_HAND:
            continue
        offered = _offered(engine, seat)
        taken = set(engine.must_lay)
        for key, meld in brute_melds(hand, engine.new_meld_rules(seat)).items():
            if taken and taken.isdisjoint(meld.cards):
                continue  # while a taken card waits, the turn's lays are those that lay it
            if engine.can(seat, Meld(meld.cards)):
                assert key in offered, (game, [str(c) for c in hand], [str(c) for c in meld.cards])
                inside = [i for i in meld.wild_indexes() if 0 < i < len(meld.cards) - 1]
                kinds["wild inside" if inside else "wild" if meld.wilds else "natural"] += 1
    assert kinds["wild inside"] and kinds["natural"], kinds


def _worth(engine: Any, seat: int, game: str) -> tuple[Callable[[MeldShape], int], int]:
    """What a meld counts toward the seat's opening, and the least an opening counts (nothing
    for a seat that needs none)."""
    if game == "hand" and not engine.opened[seat]:
        return meld_value, OPENING_MIN
    if game == "more3" and engine.needs_opening(seat):
        return (lambda meld: sum(map(opening_halves, meld.cards))), OPENING_HALVES
    return (lambda meld: 0), 0


def _a_lay(engine: Any, seat: int, game: str) -> Lay | None:
    """A lay of one to three new melds the engine accepts, found by brute force, or None."""
    hand = engine.hands[seat]
    value, least = _worth(engine, seat, game)
    melds: dict[tuple[Card, ...], MeldShape] = {}
    for meld in brute_melds(hand, engine.new_meld_rules(seat)).values():
        melds.setdefault(tuple(sorted(meld.cards, key=sort_key)), meld)
    found = list(melds.values())
    have = Counter(hand)
    for n in (1, 2, 3):
        for chosen in combinations(found, n):
            if sum(map(value, chosen)) < least:
                continue
            need = Counter(c for m in chosen for c in m.cards)
            if any(have[c] < k for c, k in need.items()):
                continue
            lay = Lay(melds=tuple(m.cards for m in chosen))
            if engine.can(seat, lay):
                return lay
    return None


# The rounds: before the fix, More's seeds 15, 25, 32 and 36 over 1500 and Hand's 36, 71, 109
# and 111 held an opening and offered no lay.
@pytest.mark.parametrize(
    ("game", "totals", "seeds"),
    [
        ("mor", None, range(3)),
        ("more3", None, range(6)),
        ("more3", 1600.0, range(40)),
        ("hand", None, range(112)),
    ],
)
def test_whenever_a_lay_exists_a_lay_is_offered(
    game: str, totals: float | None, seeds: range
) -> None:
    """More's 7.5 and Hand's 51 may need a wild inside a run of four or more: wherever the
    brute force finds a lay of new melds the engine accepts, the legal moves (the menu's, the
    hints' and the computers') hold a lay, though not every lay there is."""
    asked = 0
    for engine in positions(game, seeds, totals=totals):
        seat = engine.turn
        if len(engine.hands[seat]) > BIGGEST_HAND:
            continue
        if any(isinstance(m, LAYING) for m in engine.legal_moves(seat)):
            continue
        asked += 1
        lay = _a_lay(engine, seat, game)
        hand = " ".join(str(c) for c in engine.hands[seat])
        assert lay is None, f"{game}: {hand} lays {lay}, and no lay is offered"
    assert asked > 100
