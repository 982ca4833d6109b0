"""Positions of the three rummies for the move-list tests: a seat to play after its draw, taken
from seeded rounds of ``normal`` computer players, and a brute force over a hand's cards that
finds every new meld the meld rules read, written apart from the engines' own meld search."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations, permutations
from typing import Any

from bot.ai import choose_move
from bot.games.cards import Card, sort_key
from bot.games.meld_search import meld_key
from bot.games.melds import Meld as MeldShape
from bot.games.melds import MeldRules, try_meld, wild_capable
from bot.games.registry import engine_class, new_game

RUMMIES = ("mor", "more3", "hand")
OPTIONS: dict[str, dict[str, Any]] = {"mor": {"players": 4}}


def positions(
    game: str, seeds: range, every: int = 1, totals: float | None = None
) -> Iterator[Any]:
    """A copy of the engine at every ``every``-th play phase of ``normal``'s rounds from
    ``seeds`` (the seat to move has drawn); with ``totals``, every seat's total set to it (More
    over 1500: the 7.5 opening and the ace-sets)."""
    for seed in seeds:
        engine = new_game(game, OPTIONS.get(game, {}), seed)
        if totals is not None:
            state = engine.to_json()
            state["totals"] = [totals] * engine.n_seats
            engine = engine_class(game).from_json(state)
        n = 0
        while not engine.round_over:
            seat = engine.turn
            if engine.phase == "play" and n % every == 0:
                yield engine_class(game).from_json(engine.to_json())
            legal = engine.legal_moves(seat)
            engine.apply(seat, choose_move(engine.view(seat), legal, "normal", random.Random(n)))
            n += 1


def brute_melds(hand: list[Card], rules: MeldRules) -> dict[Any, MeldShape]:
    """Every new meld ``hand`` holds, by ``meld_key``: the naturals of one suit (a 2 of it too)
    or of one rank, every choice of them, with up to two wilds put before, between and after
    them in every order, each read by the meld rules as a player would list them."""
    cards = sorted(hand, key=sort_key)
    wilds = [c for c in cards if wild_capable(c, rules)]
    groups: dict[Any, list[Card]] = {}
    for c in cards:
        if not wild_capable(c, rules):
            groups.setdefault(("rank", c.rank), []).append(c)
        if c.suit is not None and (not wild_capable(c, rules) or c.rank == 2):
            groups.setdefault(("suit", c.suit), []).append(c)
    found: dict[Any, MeldShape] = {}
    tried: set[tuple[Card, ...]] = set()
    for group in groups.values():
        for n in range(1, len(group) + 1):
            for naturals in set(combinations(group, n)):
                spare = sorted((Counter(wilds) - Counter(naturals)).elements(), key=sort_key)
                for w in range(3):
                    for chosen in set(combinations(spare, w)):
                        for order in set(permutations(chosen)):
                            for listed in _inserted(list(naturals), list(order)):
                                if len(listed) < 3 or listed in tried:
                                    continue
                                tried.add(listed)
                                meld = try_meld(listed, rules)
                                if meld is not None:
                                    found[meld_key(meld)] = meld
    return found


def _inserted(cards: list[Card], wilds: list[Card]) -> Iterator[tuple[Card, ...]]:
    if not wilds:
        yield tuple(cards)
        return
    for i in range(len(cards) + 1):
        yield from _inserted([*cards[:i], wilds[0], *cards[i:]], wilds[1:])
