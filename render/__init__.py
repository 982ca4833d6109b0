"""Pictures of the table, a hand, a round's score sheet and a member's rating chart, drawn with
Pillow.

Every function here is pure (view in, PNG bytes out) and safe to run in ``asyncio.to_thread``.
Card faces, fonts and text are built once and cached; see docs/pictures.md.
"""

from __future__ import annotations

import time

from render.hand import hand_order, render_hand
from render.rating_chart import RatingLine, render_rating_chart
from render.score import render_score_sheet
from render.style import CardStyle
from render.table import render_table

__all__ = [
    "CardStyle",
    "RatingLine",
    "hand_order",
    "render_hand",
    "render_rating_chart",
    "render_score_sheet",
    "render_table",
    "warm",
]


def warm() -> float:
    """Build the fonts and the usual card faces now (a second or two), so the first table of the
    day isn't the slow one: the bot's start-up (bot.client.serve) calls it in a thread.
    Returns the seconds."""
    from render import samples

    start = time.perf_counter()
    for game, n in (("mor", 4), ("mor", 2), ("more3", 3), ("hand", 3), ("runfast", 3)):
        view = samples.midgame(game, n)
        render_table(view, samples.NAMES[n])
        render_hand(view)
        result, totals = samples.sample_result(game, n)
        render_score_sheet(result, samples.NAMES[n], totals, game)
    return time.perf_counter() - start
