"""Seeded playouts with computer players, and hidden-card shuffles for the fairness tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from bot.ai import choose_move
from bot.games.base import Move
from bot.games.registry import from_json, new_game

N_SEATS = {"mor": 4, "more3": 3, "hand": 3, "runfast": 3}


def decision_rng(seed: int, n: int) -> random.Random:
    return random.Random(f"{seed}:{n}")


def decisions(
    game: str, levels: list[str], seed: int, options: Mapping[str, Any] | None = None
) -> Iterator[tuple[Any, int, list[Move], Move, random.Random]]:
    """Play one round (a "deal") and yield (engine before the move, seat, legal, chosen, rng seed
    state) at every decision; the caller may inspect the engine, and the move is then applied."""
    engine = new_game(game, options or {}, seed)
    n = 0
    while not engine.round_over:
        seat = engine.turn
        legal = engine.legal_moves(seat)
        rng = decision_rng(seed, n)
        state = rng.getstate()
        move = choose_move(engine.view(seat), legal, levels[seat % len(levels)], rng)
        rng.setstate(state)
        yield engine, seat, legal, move, rng
        engine.apply(seat, move)
        n += 1


def _redeal(cards_lists: list[list[str]], rng: random.Random) -> list[list[str]]:
    """The same cards, shuffled among the same places with the same sizes."""
    pool = [c for cards in cards_lists for c in cards]
    rng.shuffle(pool)
    out, i = [], 0
    for cards in cards_lists:
        out.append(pool[i : i + len(cards)])
        i += len(cards)
    return out


def _unshown(data: dict[str, Any], seat: int) -> list[str]:
    """A rummy hand less the cards the table saw go into it (those stay where they are)."""
    rest = list(data["hands"][seat])
    for card in data["shown"][seat]:
        rest.remove(card)
    return rest


def _rummy_hands(
    data: dict[str, Any], seat: int, rng: random.Random, side: str | None
) -> dict[str, Any]:
    """The other hands' unseen cards, the stock and the spare piles (``side``: the key of the
    Mors or More piles, None in Hand) dealt again at random, each keeping its count."""
    others = [s for s in range(len(data["hands"])) if s != seat]
    spare = data[side] if side else []
    new = _redeal([*(_unshown(data, s) for s in others), data["stock"], *spare], rng)
    for s, cards in zip(others, new, strict=False):
        data["hands"][s] = [*data["shown"][s], *cards]
    data["stock"] = new[len(others)]
    if side:
        data[side] = new[len(others) + 1 :]
    return data


def _shuffle_mor(data: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    return _rummy_hands(data, seat, rng, "mors")


def _shuffle_runfast(data: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    others = [s for s in range(len(data["hands"])) if s != seat]
    new = _redeal([data["hands"][s] for s in others], rng)
    for s, cards in zip(others, new, strict=True):
        data["hands"][s] = cards
    return data


def _shuffle_more3(data: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    return _rummy_hands(data, seat, rng, "piles")


def _shuffle_hand(data: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    return _rummy_hands(data, seat, rng, None)


SHUFFLERS: dict[str, Callable[[dict[str, Any], int, random.Random], dict[str, Any]]] = {
    "mor": _shuffle_mor,
    "runfast": _shuffle_runfast,
    "more3": _shuffle_more3,
    "hand": _shuffle_hand,
}


def hidden_shuffled(engine: Any, seat: int, rng: random.Random) -> Any:
    """A copy of the game in which every card ``seat`` cannot see has moved (same counts)."""
    data = engine.to_json()
    return from_json(SHUFFLERS[engine.game](data, seat, rng))
