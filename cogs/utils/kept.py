"""Work kept in memory once done: a replay built, a review judged. Bounded (the newest few),
and two presses at once for the same key wait for the one piece of work."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    def __init__(self, size: int) -> None:
        self.size = size
        self.found: OrderedDict[K, V] = OrderedDict()
        self.busy: dict[K, asyncio.Lock] = {}

    async def get(self, key: K, make: Callable[[], Awaitable[V]]) -> V:
        """The value kept for ``key``, or ``make()``'s, kept as the newest."""
        async with self.busy.setdefault(key, asyncio.Lock()):
            if key not in self.found:
                self.found[key] = await make()
                while len(self.found) > self.size:
                    old, _ = self.found.popitem(last=False)
                    self.busy.pop(old, None)
            self.found.move_to_end(key)
            return self.found[key]
