"""``/tournament``: knockout, Arena and Swiss tournaments run by the bot, from sign-up to
podium. Creating one takes Manage Events (the group's default permission, Discord's
convention for who organises a server's events; a server can hand the command to any role in
its Integrations settings); members sign up with the tournament message's Join button."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import limits
from bot.client.diwaniya import lang_of, refusals
from bot.games.mor import DEFAULT_LENGTH, DEFAULT_PLAYERS
from bot.games.registry import Game
from bot.i18n import t
from bot.store.tournaments import Tournament, TournamentStatus
from bot.tables import Refusal
from bot.tournament.service import (
    ARENA_MINUTES,
    DEFAULT_TURN_TIMER,
    FORMATS,
    START_MINUTES,
    SWISS_ROUNDS,
    TURN_TIMER,
)
from cogs.utils.context import remember, tournaments_of
from cogs.utils.presenter import table_messages
from cogs.utils.tournament import (
    TournamentButton,
    TournamentPresenter,
    bracket_file,
    format_name,
    standing_lines,
    standings_file,
)
from cogs.utils.words import game_name

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

logger = logging.getLogger(__name__)

Format = Literal["knockout", "arena", "swiss"]
# How many of the server's last tournaments /tournament results lists.
RECENT = 5
# Tournaments looked through for the channel's latest open one.
LOOKED_THROUGH = 50
# A tournament's number as a member may type it.
NUMBER_MAX = 2**53


# Discord's convention for who organises a server's events; a server hands the command to any
# role in Server Settings → Integrations. No direct messages: a tournament is a server's.
@app_commands.default_permissions(manage_events=True)
@app_commands.guild_only()
class Tournaments(
    commands.GroupCog,
    group_name="tournament",
    group_description="Tournaments the bot runs: knockout, Arena, Swiss",
):
    """The commands, and while loaded, the tournament service's notices shown in Discord."""

    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot
        self.presenter = TournamentPresenter(bot)
        self.replaced: Any = None
        super().__init__()

    async def cog_load(self) -> None:
        service = self.bot.tournaments
        assert service is not None, "the tournament service opens before the cogs load"
        table_messages(self.bot)  # a tournament's tables are shown by the bot's table messages
        self.replaced = service.listener
        service.listener = self.presenter.handle
        self.bot.add_dynamic_items(TournamentButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TournamentButton)
        if self.bot.tournaments is not None:
            self.bot.tournaments.listener = self.replaced

    async def done(
        self, interaction: discord.Interaction[Diwaniya], key: str, **params: Any
    ) -> None:
        text = t(key, await lang_of(interaction), **params)
        await interaction.followup.send(limits.fit(text), ephemeral=True)

    async def pick(
        self,
        interaction: discord.Interaction[Diwaniya],
        number: int | None,
        *,
        open_only: bool = True,
    ) -> Tournament:
        """The tournament a command names by number, else the latest one of this channel (its
        table threads count as the channel) that is still signing up or running."""
        service = tournaments_of(interaction)
        gid = interaction.guild_id or 0
        if number is not None:
            return await service.get(gid, number)
        channel = interaction.channel
        here = {interaction.channel_id, getattr(channel, "parent_id", None)} - {None}
        assert self.bot.store is not None
        for tr in await self.bot.store.guild_tournaments(gid, LOOKED_THROUGH):
            if tr.channel_id not in here:
                continue
            if not open_only or tr.status in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING):
                return tr
        raise Refusal("tournament.none_here")

    @app_commands.command(name="new", description="Open a tournament in this channel.")
    @app_commands.describe(
        game="Which game",
        format="knockout, arena (a time window) or swiss (fixed rounds)",
        start_in="Minutes from now until it starts",
        players="Mor: 4 at a table (2 vs 2) or 2 (1 vs 1)",
        length="Mor: each game quick (101) or full (201)",
        bid="More: the tables play with bidding",
        minutes="Arena: how many minutes it lasts",
        rounds="Swiss: how many rounds",
        timer="Seconds per turn (default 60)",
        computers="May computers fill a table that lacks players (default yes)",
    )
    @refusals
    async def new(
        self,
        interaction: discord.Interaction[Diwaniya],
        game: Game,
        format: Format,
        start_in: app_commands.Range[int, START_MINUTES[0], START_MINUTES[1]],
        players: Literal[4, 2] | None = None,
        length: Literal["quick", "full"] | None = None,
        bid: bool | None = None,
        minutes: app_commands.Range[int, ARENA_MINUTES[0], ARENA_MINUTES[1]] | None = None,
        rounds: app_commands.Range[int, SWISS_ROUNDS[0], SWISS_ROUNDS[1]] | None = None,
        timer: app_commands.Range[int, TURN_TIMER[0], TURN_TIMER[1]] = DEFAULT_TURN_TIMER,
        computers: bool = True,
    ) -> None:
        remember(interaction)
        service = tournaments_of(interaction)
        lang = await lang_of(interaction)
        # Values a client may send that Discord's choices and ranges don't cover.
        limits.game(game)
        limits.choice(format, FORMATS)
        limits.choice(length, ("quick", "full"))
        options: dict[str, Any] = {}
        if game == "mor":
            options = {"players": players or DEFAULT_PLAYERS, "length": length or DEFAULT_LENGTH}
        else:
            for name, given in (("players", players), ("length", length)):
                if given is not None:
                    raise Refusal(
                        "tournament.option_not_for_game", option=name, game=game_name(game, lang)
                    )
        if bid is not None:
            if game != "more3":
                raise Refusal(
                    "tournament.option_not_for_game", option="bid", game=game_name(game, lang)
                )
            options = {"bid": bid}
        if not isinstance(interaction.channel, discord.TextChannel):
            raise Refusal("tournament.text_channel_only")
        await interaction.response.defer(ephemeral=True, thinking=True)
        made = await service.create(
            interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0,
            creator_id=interaction.user.id,
            game=game,
            options=options,
            format=format,
            start_in_minutes=start_in,
            minutes=minutes,
            rounds=rounds,
            turn_timer=timer,
            computers=computers,
        )
        posted = await self.presenter.post(made)
        link = interaction.channel.jump_url
        if interaction.guild is not None:
            await self.presenter.schedule_event(posted, interaction.guild, link)
        await self.done(interaction, "tournament.created", number=made.id)

    @app_commands.command(name="join", description="Sign up for a tournament.")
    @app_commands.describe(number="The tournament's number (default: this channel's latest)")
    @refusals
    async def join(
        self,
        interaction: discord.Interaction[Diwaniya],
        number: app_commands.Range[int, 1, NUMBER_MAX] | None = None,
    ) -> None:
        remember(interaction)
        tr = await self.pick(interaction, number)
        await interaction.response.defer(ephemeral=True, thinking=True)
        name = interaction.user.display_name
        await tournaments_of(interaction).join(tr.guild_id, tr.id, interaction.user.id, name)
        await self.done(interaction, "tournament.joined", number=tr.id)

    @app_commands.command(name="leave", description="Leave a tournament.")
    @app_commands.describe(number="The tournament's number (default: this channel's latest)")
    @refusals
    async def leave(
        self,
        interaction: discord.Interaction[Diwaniya],
        number: app_commands.Range[int, 1, NUMBER_MAX] | None = None,
    ) -> None:
        remember(interaction)
        tr = await self.pick(interaction, number)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await tournaments_of(interaction).leave(tr.guild_id, tr.id, interaction.user.id)
        await self.done(interaction, "tournament.left", number=tr.id)

    @app_commands.command(name="show", description="Post the tournament message again.")
    @app_commands.describe(number="The tournament's number (default: this channel's latest)")
    @refusals
    async def show(
        self,
        interaction: discord.Interaction[Diwaniya],
        number: app_commands.Range[int, 1, NUMBER_MAX] | None = None,
    ) -> None:
        remember(interaction)
        tr = await self.pick(interaction, number, open_only=False)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.presenter.post(tr)
        await self.done(interaction, "tournament.shown", number=tr.id)

    @app_commands.command(name="start", description="Start your tournament now (its creator).")
    @app_commands.describe(number="The tournament's number (default: this channel's latest)")
    @refusals
    async def start(
        self,
        interaction: discord.Interaction[Diwaniya],
        number: app_commands.Range[int, 1, NUMBER_MAX] | None = None,
    ) -> None:
        tr = await self.pick(interaction, number)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await tournaments_of(interaction).start_now(tr.guild_id, tr.id, interaction.user.id)
        await self.done(interaction, "tournament.starting", number=tr.id)

    @app_commands.command(name="cancel", description="Cancel your tournament (its creator).")
    @app_commands.describe(number="The tournament's number (default: this channel's latest)")
    @refusals
    async def cancel(
        self,
        interaction: discord.Interaction[Diwaniya],
        number: app_commands.Range[int, 1, NUMBER_MAX] | None = None,
    ) -> None:
        tr = await self.pick(interaction, number)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await tournaments_of(interaction).cancel(tr.guild_id, tr.id, interaction.user.id)
        await self.done(interaction, "tournament.cancelled_done", number=tr.id)

    @app_commands.command(name="pause", description="Arena: stop being seated for a while.")
    @app_commands.describe(number="The tournament's number (default: this channel's latest)")
    @refusals
    async def pause(
        self,
        interaction: discord.Interaction[Diwaniya],
        number: app_commands.Range[int, 1, NUMBER_MAX] | None = None,
    ) -> None:
        tr = await self.pick(interaction, number)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await tournaments_of(interaction).pause(tr.guild_id, tr.id, interaction.user.id, True)
        await self.done(interaction, "tournament.paused", number=tr.id)

    @app_commands.command(name="resume", description="Arena: be seated again after a pause.")
    @app_commands.describe(number="The tournament's number (default: this channel's latest)")
    @refusals
    async def resume(
        self,
        interaction: discord.Interaction[Diwaniya],
        number: app_commands.Range[int, 1, NUMBER_MAX] | None = None,
    ) -> None:
        tr = await self.pick(interaction, number)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await tournaments_of(interaction).pause(tr.guild_id, tr.id, interaction.user.id, False)
        await self.done(interaction, "tournament.resumed", number=tr.id)

    @app_commands.command(
        name="results", description="Standings of a tournament, and the server's last ones."
    )
    @app_commands.describe(number="The tournament's number (default: this channel's latest)")
    @refusals
    async def results(
        self,
        interaction: discord.Interaction[Diwaniya],
        number: app_commands.Range[int, 1, NUMBER_MAX] | None = None,
    ) -> None:
        remember(interaction)
        gid = interaction.guild_id or 0
        assert self.bot.store is not None
        recent = await self.bot.store.guild_tournaments(gid, RECENT)
        if not recent:
            raise Refusal("tournament.none_on_server")
        try:
            tr = await self.pick(interaction, number, open_only=False)
        except Refusal:
            if number is not None:
                raise
            tr = recent[0]
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = await lang_of(interaction)
        view = await tournaments_of(interaction).overview(gid, tr.id)
        lines = [t("tournament.results_title", lang, number=tr.id)]
        files = []
        if view.results:
            lines.extend(standing_lines(self.bot, view, lang))
            for made in (
                await standings_file(self.bot, view, lang, False),
                await bracket_file(self.bot, view, lang),
            ):
                if made is not None:
                    files.append(made)
        else:
            lines.append(t("tournament.no_results_yet", lang))
        lines.append(t("tournament.recent", lang))
        for other in recent:
            lines.append(
                t(
                    "tournament.recent_line",
                    lang,
                    number=other.id,
                    game=game_name(other.game, lang),
                    format=format_name(other.format, lang),
                    status=t(f"tournament.status.{other.status.value}", lang),
                )
            )
        await interaction.followup.send(limits.fit("\n".join(lines)), files=files, ephemeral=True)


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Tournaments(bot))
