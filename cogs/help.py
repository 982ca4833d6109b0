"""``/rules`` and ``/help``: short readable summaries (the full rules are RULES.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t

if TYPE_CHECKING:
    from bot.client import Diwaniya


class Help(commands.Cog):
    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="A short summary of a game's rules.")
    @app_commands.describe(game="Which game")
    async def rules(
        self, interaction: discord.Interaction, game: Literal["mor", "more3", "hand", "runfast"]
    ) -> None:
        await interaction.response.send_message(t(f"rules_{game}"), ephemeral=True)

    @app_commands.command(name="help", description="How to open a table and play.")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"**{t('help_title')}**\n{t('help_text')}", ephemeral=True
        )


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Help(bot))
