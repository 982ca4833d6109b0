"""The private threads practice tables are played in, where the bot may make them."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.client import limits
from bot.client.diwaniya import lang_of
from bot.i18n import t
from cogs.utils.words import game_name

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

logger = logging.getLogger(__name__)


async def private_thread(
    interaction: discord.Interaction[Diwaniya], game: str, channel: Any = None
) -> discord.Thread | None:
    """A private thread for the member's practice table in ``channel`` (the interaction's when
    not given), if the bot may make one; else None and the table lives in the member's private
    hand messages only."""
    channel = channel or interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return None
    me = channel.guild.me
    if me is None or not channel.permissions_for(me).create_private_threads:
        return None
    lang = await lang_of(interaction)  # a private thread: only the member reads its name
    try:
        thread = await channel.create_thread(
            name=limits.fit(
                t("practice_thread", lang, game=game_name(game, lang)), limits.THREAD_NAME
            ),
            type=discord.ChannelType.private_thread,
        )
        await thread.add_user(interaction.user)
    except discord.HTTPException:
        logger.info("No private thread in channel %s: practice in private hands", channel.id)
        return None
    return thread
