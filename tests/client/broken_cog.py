"""A cog that fails as it loads, for the start-up tests: a listed cog like this stops the start."""

from __future__ import annotations

from typing import Any


async def setup(bot: Any) -> None:
    raise RuntimeError("the cog's setup broke")
