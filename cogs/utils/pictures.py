"""The table's pictures for Discord, through one adapter each: drawn in a worker thread (the
event loop keeps answering meanwhile) and sent as a file, or left out when drawing fails.

Both the adapters (``pictures.hand_png``) and the drawing (``render.render_hand``) are looked up
on their modules when a picture is drawn, not bound at import: this module is imported once per
process, however many bots load the cogs, so a test that watches which picture is drawn (or
stands a quick one in) reaches every bot by replacing it there.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

import render
from bot.games.views import View
from bot.i18n import ENGLISH

logger = logging.getLogger(__name__)


def table_png(
    view: View, names: Sequence[str], computers: Sequence[int], lang: str = ENGLISH
) -> bytes:
    return render.render_table(view, names, computers=computers, lang=lang)


def hand_png(
    view: View, four_colour: bool = False, sort: str = "suit", lang: str = ENGLISH
) -> bytes:
    return render.render_hand(
        view,
        game=view.game,
        four_colour=four_colour,
        sort="rank" if sort == "rank" else "suit",
        lang=lang,
    )


def score_png(view: View, names: Sequence[str], lang: str = ENGLISH) -> bytes:
    # Drawn when a round ends, so the result is there; were it not, ``picture`` logs the error
    # and the round's text goes out without a sheet, as for any picture that fails.
    if view.result is None:
        raise ValueError("A score sheet is drawn only for a round that is over.")
    return render.render_score_sheet(
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
