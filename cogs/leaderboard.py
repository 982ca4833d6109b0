"""``/leaderboard`` and ``/stats``: this server's rankings only (every query carries its guild)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.client import lang_of, refusals
from bot.i18n import ENGLISH, t, t_n
from bot.tables import Refusal
from cogs.play import game_name, remember

if TYPE_CHECKING:
    from bot.client import Diwaniya
    from bot.store.models import Standing

Game = Literal["mor", "more3", "hand", "runfast"]


def counts(standing: Standing, lang: str = ENGLISH) -> dict[str, str]:
    """A standing's pearls, wins and games in words, each in its right plural form."""
    return {
        "pearls": t_n("n_pearls", standing.pearls, lang),
        "wins": t_n("n_wins", standing.wins, lang),
        "games": t_n("n_games", standing.games, lang),
    }


class Leaderboard(commands.Cog):
    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The server's best players.")
    @app_commands.describe(game="One game, or every game when left out")
    @app_commands.guild_only()
    @refusals
    async def leaderboard(self, interaction: discord.Interaction, game: Game | None = None) -> None:
        remember(interaction)
        if game is not None:
            limits.game(game)
        await interaction.response.defer(thinking=True)
        assert self.bot.store is not None
        top = await self.bot.store.top(interaction.guild_id or 0, game)
        # Posted for the whole channel to read: in the server's language.
        lang = await self.bot.server_language(interaction.guild_id)
        title = t("leaderboard_title", lang, game=f": {game_name(game, lang)}" if game else "")
        if not top:
            await interaction.followup.send(f"**{title}**\n{t('leaderboard_empty', lang)}")
            return
        lines = [f"**{title}**"]
        for s in top:
            cpu = t("leaderboard_cpu", lang) if s.computer_games else ""
            name = self.bot.names.get(s.user_id, f"<@{s.user_id}>")
            words = counts(s, lang)
            lines.append(t("leaderboard_line", lang, rank=s.rank, name=name, cpu=cpu, **words))
        await interaction.followup.send(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="stats", description="A member's results on this server.")
    @app_commands.describe(member="Whose results (you when left out)")
    @app_commands.guild_only()
    @refusals
    async def stats(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        remember(interaction)
        if member is not None and not isinstance(member, discord.User | discord.Member):
            # An id Discord sent without the member's data: nobody this server can show.
            raise Refusal("limits.member")
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert self.bot.store is not None
        who = member or interaction.user
        stats = await self.bot.store.member_stats(interaction.guild_id or 0, who.id)
        lang = await lang_of(interaction)
        if stats.overall is None:
            text = t("stats_none", lang, name=who.display_name)
            await interaction.followup.send(text, ephemeral=True)
            return
        lines = [
            t("stats_line", lang, game=game_name(g, lang), rank=s.rank, **counts(s, lang))
            for g, s in stats.by_game.items()
        ]
        await interaction.followup.send("\n".join(lines), ephemeral=True)


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Leaderboard(bot))
