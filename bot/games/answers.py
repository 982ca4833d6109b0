"""Answers of pure functions kept for reuse (``functools.lru_cache``), sized per process.

A computer worker plays thousands of playouts a decision, and the meld answers it keeps
(reading a meld, adding to one, a hand's melds, a meld's view) make them several times faster.
The bot's own process only lists each move's legal moves and views, and every answer it keeps
is more objects for its garbage collector to walk while the event loop waits: a full collection
after 6,000 rounds' worth of answers (1.3 million objects) took 0.95 s. So once its decisions go
to worker processes, it keeps few (``keep_at_most``, from ``bot.computers.pool``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import fields
from functools import lru_cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

FEW = 2_000  # a process that decides nothing itself: the few tables' current hands and melds

# Each kept function as its module holds it: (module, global name, its own size).
_KEPT: list[tuple[str, str, int]] = []


def kept(size: int, name: str | None = None) -> Callable[[F], F]:
    """``lru_cache(maxsize=size)``, listed so that ``keep_at_most`` can resize it. ``name``: the
    module global that holds it, when not the function's own name."""

    def wrap(fn: F) -> F:
        _KEPT.append((fn.__module__, name or fn.__name__, size))
        return lru_cache(maxsize=size)(fn)  # type: ignore[return-value]

    return wrap


def keep_at_most(limit: int | None) -> None:
    """Give every kept function a fresh cache of at most ``limit`` answers (None: its own size).
    The function is rebound wherever one of the bot's modules holds it (its own and every one
    that imported it by name), so every caller uses the new cache and the old one's answers are
    let go. (Called on the event loop, once: the bot's modules only, not all that are loaded.)"""
    holders: list[Any] = []
    for module_name, name, size in _KEPT:
        cached = getattr(sys.modules[module_name], name)
        wanted = size if limit is None else min(size, limit)
        if cached.cache_info().maxsize == wanted:
            continue
        fresh = lru_cache(maxsize=wanted)(cached.__wrapped__)
        holders = holders or [
            m for n, m in list(sys.modules.items()) if n == "bot" or n.startswith("bot.")
        ]
        for holder in holders:
            for key, value in list(vars(holder).items()):
                if value is cached:
                    setattr(holder, key, fresh)


def infos() -> dict[str, Any]:
    """Each kept function's ``cache_info()`` now (how many answers it may keep and keeps), by
    ``module.name``."""
    return {f"{m}.{n}": getattr(sys.modules[m], n).cache_info() for m, n, _ in _KEPT}


def kept_hash(obj: Any) -> int:
    """A frozen dataclass's hash as the dataclass makes it (of its fields), worked out once and
    kept in the instance dict: the generated one walks every field each time it is asked, and
    melds are keys of meld answers kept (``_single_adds``). Equal objects still hash alike.
    The classes read the kept hash themselves first (``__hash__``), one call fewer."""
    known = obj.__dict__.get("_hash")
    if known is None:
        known = obj.__dict__["_hash"] = hash(tuple(getattr(obj, f.name) for f in fields(obj)))
    return known  # type: ignore[no-any-return]


def fields_only(obj: Any) -> dict[str, Any]:
    """What a pickle of ``obj`` holds: its fields, not what it keeps in its instance dict. A kept
    hash of strings would be wrong in another process (each salts string hashes its own way)."""
    return {f.name: getattr(obj, f.name) for f in fields(obj)}
