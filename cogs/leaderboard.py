"""``/leaderboard`` and ``/stats``: this server's rankings only (every query carries its guild)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import limits
from bot.client.diwaniya import lang_of, refusals
from bot.client.limits import fit
from bot.games.registry import Game
from bot.i18n import ENGLISH, has, t, t_n
from bot.tables import Refusal
from cogs.utils.context import remember
from cogs.utils.pictures import picture
from cogs.utils.words import game_name
from render.rating_chart import RatingLine, render_rating_chart

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya
    from bot.store.models import RatedLine, Standing

By = Literal["pearls", "rating"]
# Each game's rating ladders: Mor's two formats are rated apart.
FORMATS: dict[str, tuple[str, ...]] = {
    "mor": ("mor-2v2", "mor-1v1"),
    "more3": ("more3",),
    "hand": ("hand",),
    "runfast": ("runfast",),
}
TOP_ONE_GAME = 10  # lines of one ladder
TOP_EVERY_GAME = 5  # lines of each ladder when every game is shown (one message holds them)


def format_name(fmt: str, lang: str = ENGLISH) -> str:
    """A rating ladder's name: Mor's two formats by their own words, any other by its game's."""
    key = f"rating.format.{fmt}"
    return t(key, lang) if has(key) else game_name(fmt, lang)


def provisional_mark(line: RatedLine, lang: str = ENGLISH) -> str:
    return t("rating.provisional_mark", lang) if line.rating.provisional else ""


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

    async def names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """Members' names as a ladder shows them: as the bot last saw them, else the latest
        name kept with their games' seats on this server (after a restart, for members not
        seen since), else a mention, which Discord shows by name to whoever knows them."""
        assert self.bot.store is not None
        known = {u: self.bot.names[u] for u in user_ids if u in self.bot.names}
        missing = [u for u in user_ids if u not in known]
        if missing:
            known |= await self.bot.store.member_names(guild_id, missing)
        return {u: known.get(u, f"<@{u}>") for u in user_ids}

    @app_commands.command(name="leaderboard", description="The server's best players.")
    @app_commands.describe(
        game="One game, or every game when left out",
        by="Rank by pearls (the default) or by skill rating",
    )
    @app_commands.guild_only()
    @refusals
    async def leaderboard(
        self,
        interaction: discord.Interaction[Diwaniya],
        game: Game | None = None,
        by: By = "pearls",
    ) -> None:
        remember(interaction)
        if game is not None:
            limits.game(game)
        limits.choice(by, ("pearls", "rating"))
        await interaction.response.defer(thinking=True)
        assert self.bot.store is not None
        # Posted for the whole channel to read: in the server's language.
        lang = await self.bot.server_language(interaction.guild_id)
        if by == "rating":
            text = await self.rating_ladders(interaction.guild_id or 0, game, lang)
            await interaction.followup.send(text, allowed_mentions=discord.AllowedMentions.none())
            return
        top = await self.bot.store.top(interaction.guild_id or 0, game)
        title = t("leaderboard_title", lang, game=f": {game_name(game, lang)}" if game else "")
        if not top:
            await interaction.followup.send(f"**{title}**\n{t('leaderboard_empty', lang)}")
            return
        lines = [f"**{title}**"]
        names = await self.names(interaction.guild_id or 0, [s.user_id for s in top])
        for s in top:
            cpu = t("leaderboard_cpu", lang) if s.computer_games else ""
            name = names[s.user_id]
            words = counts(s, lang)
            lines.append(t("leaderboard_line", lang, rank=s.rank, name=name, cpu=cpu, **words))
        await interaction.followup.send(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions.none()
        )

    async def rating_ladders(self, guild_id: int, game: str | None, lang: str) -> str:
        """The rating ladders of one game (Mor has two) or of every game, as one message."""
        assert self.bot.store is not None
        title = t(
            "leaderboard.rating_title", lang, game=f": {game_name(game, lang)}" if game else ""
        )
        formats = FORMATS[game] if game else tuple(f for fs in FORMATS.values() for f in fs)
        limit = TOP_ONE_GAME if game else TOP_EVERY_GAME
        lines = [f"**{title}**"]
        for fmt in formats:
            top = await self.bot.store.rating_top(guild_id, fmt, limit)
            if not top:
                continue
            if len(formats) > 1:
                lines.append(f"__{format_name(fmt, lang)}__")
            names = await self.names(guild_id, [line.user_id for line in top])
            for line in top:
                name = names[line.user_id]
                lines.append(
                    t(
                        "leaderboard.rating_line",
                        lang,
                        rank=line.rank,
                        name=name,
                        rating=line.rating.shown,
                        games=t_n("n_games", line.rating.games, lang),
                        mark=provisional_mark(line, lang),
                    )
                )
        if len(lines) == 1 and game is not None:  # other games may have rated games
            lines.append(t("leaderboard.rating_empty_game", lang, game=game_name(game, lang)))
        elif len(lines) == 1:
            lines.append(t("leaderboard.rating_empty", lang))
        return fit("\n".join(lines))

    @app_commands.command(name="stats", description="A member's results on this server.")
    @app_commands.describe(member="Whose results (you when left out)")
    @app_commands.guild_only()
    @refusals
    async def stats(
        self, interaction: discord.Interaction[Diwaniya], member: discord.User | None = None
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
        ratings = await self.bot.store.member_ratings(interaction.guild_id or 0, who.id)
        chart = await self.rating_chart(interaction.guild_id or 0, who, lang)
        lines += [
            t(
                "stats.rating_line",
                lang,
                format=format_name(fmt, lang),
                rating=line.rating.shown,
                rank=line.rank,
                mark=provisional_mark(line, lang),
            )
            for fmt, line in ratings.items()
        ]
        files = [chart] if chart is not None else []
        await interaction.followup.send(fit("\n".join(lines)), ephemeral=True, files=files)

    async def rating_chart(
        self, guild_id: int, who: discord.User | discord.Member, lang: str
    ) -> discord.File | None:
        """The member's rating over their rated games on this server as a chart, one line per
        format (None: no rated game yet, or the picture could not be drawn)."""
        assert self.bot.store is not None
        history = await self.bot.store.rating_history(guild_id, who.id)
        every = [fmt for fmts in FORMATS.values() for fmt in fmts]
        chart_lines = [
            RatingLine(
                format_name(fmt, lang),
                tuple(r.shown for r in history[fmt]),
                sum(r.provisional for r in history[fmt]),
                colour=k,  # a format's colour is the same on every member's chart
            )
            for k, fmt in enumerate(every)
            if history.get(fmt)
        ]
        if not chart_lines:
            return None
        name = f"rating-{who.id}.png"
        return await picture(render_rating_chart, who.display_name, chart_lines, lang, name=name)


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Leaderboard(bot))
