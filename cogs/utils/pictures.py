"""The table's pictures for Discord, through one adapter each: drawn in a worker thread (the
event loop keeps answering meanwhile) and sent as a file, or left out when drawing fails.

The adapters are looked up on this module when a picture is drawn (``pictures.hand_png``), so
a test may watch which picture is drawn in which language by replacing one of them here.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import ENGLISH
from render import render_hand, render_score_sheet, render_table

logger = logging.getLogger(__name__)


def table_png(
    view: Any, names: Sequence[str], computers: Sequence[int], lang: str = ENGLISH
) -> bytes:
    return render_table(view, names, computers=computers, lang=lang)


def hand_png(
    view: Any, four_colour: bool = False, sort: str = "suit", lang: str = ENGLISH
) -> bytes:
    return render_hand(
        view,
        game=getattr(view, "game", None),
        four_colour=four_colour,
        sort="rank" if sort == "rank" else "suit",
        lang=lang,
    )


def score_png(view: Any, names: Sequence[str], lang: str = ENGLISH) -> bytes:
    return render_score_sheet(
        view.result,
        names,
        view.totals,
        view.game,
        round_no=view.round_no + 1,
        winners=view.winners,
        game_over=view.game_over,
        lang=lang,
    )


async def picture(fn: Any, *args: Any, name: str) -> discord.File | None:
    """A picture in a thread, or None: a failed picture must never stop the game's text."""
    try:
        data = await asyncio.to_thread(fn, *args)
    except Exception:
        logger.exception("Rendering %s failed; sending text only", name)
        return None
    return discord.File(io.BytesIO(data), filename=name) if data else None
