"""More positions for the tests of its computer players and of their hints."""

from __future__ import annotations

from typing import Any

from bot.games.more3 import More3


def more3_table(hand: str, discard: list[str], solo: int, phase: str) -> More3:
    """Seat 0 to play ``phase`` holding ``hand``, ``discard`` the pile (top last); ``solo`` is
    the Solo."""
    data: dict[str, Any] = {
        "game": "more3",
        "dealer": 2,
        "position": {
            "hands": [hand.split(), ["KH", "KS"], ["QH", "QS"]],
            "discard": discard,
            "solo": solo,
            "turn": 0,
            "phase": phase,
        },
    }
    return More3.from_table_file(data)


def more3_play(hand: str, solo: int) -> More3:
    """Seat 0 to lay and throw, holding ``hand``; ``solo`` is the Solo."""
    return more3_table(hand, ["4D"], solo, "play")
