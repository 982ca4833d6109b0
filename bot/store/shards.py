"""Which of Discord's shards a process runs, and so which servers' tables it drives.

Discord splits a bot's servers into ``count`` shards by ``(guild_id >> 22) % count``; a process
given some of them (``DIWANIYA_SHARDS=0-3``, ``DIWANIYA_SHARD_COUNT=16``) receives only those
servers' commands, so it restores, times and drives only their tables. Every process of one bot
must be given the same count, or two of them would own one server.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


class ShardsError(ValueError):
    """The shards asked for can't be run; one sentence says what to write instead."""


@dataclass(frozen=True)
class Shards:
    ids: tuple[int, ...]  # sorted, distinct, each in range(count)
    count: int

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ShardsError("The shard count must be 1 or more.")
        if not self.ids:
            raise ShardsError("A process must run at least one shard.")
        wrong = [i for i in self.ids if not 0 <= i < self.count]
        if wrong:
            raise ShardsError(
                f"Shard {wrong[0]} does not exist with {self.count} shards: shards are numbered "
                f"0 to {self.count - 1}."
            )

    @classmethod
    def of(cls, ids: Iterable[int], count: int) -> Shards:
        return cls(tuple(sorted(set(ids))), count)

    @classmethod
    def parse(cls, text: str, count: int) -> Shards:
        """``0-3``, ``5``, ``0-3,8,10-11``: shard numbers and inclusive ranges."""
        ids: list[int] = []
        for part in text.replace(" ", "").split(","):
            first, dash, last = part.partition("-")
            if not first.isdigit() or (dash and not last.isdigit()):
                raise ShardsError(
                    f"{text!r} is not a list of shards: write numbers and ranges like 0-3,8."
                )
            low, high = int(first), int(last) if dash else int(first)
            if high < low:
                raise ShardsError(f"The shard range {part} runs backwards: write {high}-{low}.")
            ids.extend(range(low, high + 1))
        return cls.of(ids, count)

    @property
    def split(self) -> bool:
        """Whether other processes run the rest of the shards."""
        return len(self.ids) < self.count

    def owns(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.count in self.ids

    def __str__(self) -> str:
        """``0-3,8 of 16``: runs of shards as ranges."""
        runs: list[str] = []
        start = prev = self.ids[0]
        for i in (*self.ids[1:], None):
            if i is not None and i == prev + 1:
                prev = i
                continue
            runs.append(str(start) if start == prev else f"{start}-{prev}")
            if i is not None:
                start = prev = i
        return f"{','.join(runs)} of {self.count}"
