"""``/leaderboard`` and ``/stats``: this server's rankings only (every query carries its guild)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t, t_n
from cogs.play import GAME_NAMES, remember

if TYPE_CHECKING:
    from bot.client import Diwaniya
    from bot.store.models import Standing

Game = Literal["mor", "more3", "hand", "runfast"]


def counts(standing: Standing) -> dict[str, str]:
    """A standing's pearls, wins and games in words, each in its right singular or plural."""
    return {
        "pearls": t_n("n_pearls", standing.pearls),
        "wins": t_n("n_wins", standing.wins),
        "games": t_n("n_games", standing.games),
    }


class Leaderboard(commands.Cog):
    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The server's best players.")
    @app_commands.describe(game="One game, or every game when left out")
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: Game | None = None) -> None:
        remember(interaction)
        await interaction.response.defer(thinking=True)
        assert self.bot.store is not None
        top = await self.bot.store.top(interaction.guild_id or 0, game)
        title = t("leaderboard_title", game=f": {GAME_NAMES[game]}" if game else "")
        if not top:
            await interaction.followup.send(f"**{title}**\n{t('leaderboard_empty')}")
            return
        lines = [f"**{title}**"]
        for s in top:
            cpu = t("leaderboard_cpu") if s.computer_games else ""
            name = self.bot.names.get(s.user_id, f"<@{s.user_id}>")
            lines.append(t("leaderboard_line", rank=s.rank, name=name, cpu=cpu, **counts(s)))
        await interaction.followup.send(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="stats", description="A member's results on this server.")
    @app_commands.describe(member="Whose results (you when left out)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        remember(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert self.bot.store is not None
        who = member or interaction.user
        stats = await self.bot.store.member_stats(interaction.guild_id or 0, who.id)
        if stats.overall is None:
            await interaction.followup.send(t("stats_none", name=who.display_name), ephemeral=True)
            return
        lines = [
            t("stats_line", game=GAME_NAMES.get(g, g), rank=s.rank, **counts(s))
            for g, s in stats.by_game.items()
        ]
        await interaction.followup.send("\n".join(lines), ephemeral=True)


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Leaderboard(bot))
