"""Computer players: one per game, deciding only from what their seat may see.

A player is a pure function ``choose(view, legal, rng) -> Move``: ``view`` is the engine's
``view(seat)`` (the seat's own hand, the table, the counts), ``legal`` the moves the engine lists
as legal for that seat (legality is public knowledge: it follows from the seat's own hand and the
table), and ``rng`` a seeded ``random.Random``. Nothing else: never another hand, never the stock.
The engines list every draw and throw, every new meld the hand holds (for a member's menu) and a
useful few of the other lays; a rummy's players weigh the engine's own candidates among them
(``own_legal``), and may also lay what they planned from their own hand (Hand's ``hard``
opening), which the engine checks as it checks anyone's move.

>>> from bot.games.registry import new_game
>>> import random
>>> game = new_game("mor", {"players": 4}, seed=1)
>>> seat = game.turn
>>> move = choose_move(game.view(seat), game.legal_moves(seat), "normal", random.Random(0))
>>> game.can(seat, move)
True
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any

from bot.ai.search import settle
from bot.games.base import Move
from bot.games.views import View


class Level(StrEnum):
    """How well a computer plays. ``random`` and ``simple`` exist to measure the others against;
    members seat ``normal`` and ``hard`` (and practise against ``simple`` too). A ``StrEnum``, so
    a saved seat's level reads the same word as ever (``Level.HARD == "hard"``)."""

    RANDOM = "random"  # any legal move
    SIMPLE = "simple"  # a few rules of thumb
    NORMAL = "normal"  # the game's heuristics
    HARD = "hard"  # normal's candidates weighed by sampling what the seat cannot see


LEVELS: tuple[Level, ...] = tuple(Level)

Chooser = Callable[[Any, Sequence[Move], random.Random], Move]

# game -> module under bot.ai holding choose_simple / choose_normal / choose_hard
_MODULES = {
    "mor": "bot.ai.mor",
    "runfast": "bot.ai.runfast",
    "more3": "bot.ai.more3",
    "hand": "bot.ai.hand",
}


class NoMove(RuntimeError):
    """The engine listed no legal move for a seat asked to play: a bug in the caller or engine."""


def choose_random(view: View, legal: Sequence[Move], rng: random.Random) -> Move:
    return legal[rng.randrange(len(legal))]


def chooser(game: str, level: str) -> Chooser:
    if level not in LEVELS:
        raise ValueError(f"“{level}” is not a level: choose {', '.join(LEVELS)}.")
    module = importlib.import_module(_MODULES[game])
    if level == Level.RANDOM:
        own = getattr(module, "own_legal", None)
        return choose_random if own is None else _at_random_among(own)
    fn: Chooser = getattr(module, f"choose_{level}")
    return _settling(fn) if level == Level.HARD else fn


def _at_random_among(own: Callable[[Any, Sequence[Move]], Sequence[Move]]) -> Chooser:
    """``random`` among the legal moves a game's computer players weigh (``own_legal``): the
    rummies list every meld a hand holds for a member's menu, and ``random`` plays as it was
    measured, on the computers' own list."""

    def choose(view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        return choose_random(view, own(view, legal) or legal, rng)

    return choose


def _settling(fn: Chooser) -> Chooser:
    """``hard``'s chooser, settling memory after each decision (``search.settle`` says why)."""

    def choose(view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        try:
            return fn(view, legal, rng)
        finally:
            settle()

    choose.__doc__ = fn.__doc__
    return choose


def choose_move(view: View, legal: Sequence[Move], level: str, rng: random.Random) -> Move:
    """The move a computer player of ``level`` makes from ``view``, among ``legal``."""
    if not legal:
        raise NoMove(f"No legal move for seat {view.seat}.")
    return chooser(view.game, level)(view, legal, rng)
