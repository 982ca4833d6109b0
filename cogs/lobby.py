"""``/table``: open a table (in its own thread where allowed), join, leave, computers, start."""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai import Level
from bot.client import limits
from bot.client.diwaniya import lang_of, refusals
from bot.games.mor import DEFAULT_LENGTH, DEFAULT_PLAYERS
from bot.games.registry import Game
from bot.i18n import t
from bot.tables import LiveTable, Refusal, TableService
from cogs.utils.context import remember, service_of
from cogs.utils.hand import send_hand
from cogs.utils.presenter import table_messages
from cogs.utils.words import game_name, level_name

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

logger = logging.getLogger(__name__)

# The levels members may seat: ``random`` and ``simple`` exist only to measure the others.
SEATED = (Level.NORMAL, Level.HARD)


class Lobby(commands.GroupCog, group_name="table", group_description="Open and run card tables"):
    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        table_messages(self.bot)  # a table opened here is shown by the bot's table messages

    def here(self, interaction: discord.Interaction[Diwaniya]) -> tuple[TableService, LiveTable]:
        remember(interaction)
        service = service_of(interaction)
        live = service.find(
            interaction.guild_id or 0, interaction.channel_id or 0, interaction.user.id
        )
        return service, live

    async def shown(self, live: LiveTable) -> None:
        """The table message posted afresh."""
        await table_messages(self.bot).refresh(live, new=True)

    async def done(
        self, interaction: discord.Interaction[Diwaniya], key: str, **params: Any
    ) -> None:
        """The member's private confirmation, in their language."""
        text = t(key, await lang_of(interaction), **params)
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="new", description="Open a new card table in this channel.")
    @app_commands.describe(
        game="Which game",
        players="Mor: 4 (2 vs 2) or 2 (1 vs 1)",
        length="Mor: quick (101) or full (201)",
        bid="More: play with bidding",
        timer="Seconds per turn (0 = no timer; default: the server's setting)",
    )
    @app_commands.guild_only()
    @refusals
    async def new(
        self,
        interaction: discord.Interaction[Diwaniya],
        game: Game,
        players: Literal[4, 2] | None = None,
        length: Literal["quick", "full"] | None = None,
        bid: bool | None = None,
        timer: app_commands.Range[int, limits.TIMER_OFF, limits.TIMER_MAX] | None = None,
    ) -> None:
        remember(interaction)
        service = service_of(interaction)
        # Everything the table needs is checked before anything is created (no empty thread
        # left behind): values a client may send that Discord's choices and ranges don't cover.
        limits.game(game)
        limits.timer(timer)
        limits.choice(length, ("quick", "full"))
        options: dict[str, Any] = {}
        if game == "mor":
            options = {"players": players or DEFAULT_PLAYERS, "length": length or DEFAULT_LENGTH}
        elif players is not None:
            raise Refusal("limits.players_three", game=game_name(game, await lang_of(interaction)))
        elif game == "more3" and bid is not None:
            options = {"bid": bid}
        service.check_options(game, options)
        # Inside a table's thread every command acts on that table, so a second table opened
        # there could never be reached; refused before the public "thinking" answer.
        for other in service.tables(interaction.guild_id or 0):
            if other.table.thread_id == interaction.channel_id:
                channel_id = other.table.channel_id
                raise Refusal("thread_has_table", table=other.id, channel=f"<#{channel_id}>")
        await interaction.response.defer(thinking=True)
        # The thread and the answer everyone sees speak the server's language.
        server = await self.bot.server_language(interaction.guild_id)
        thread_id = None
        channel = interaction.channel
        if isinstance(channel, discord.TextChannel):
            perms = channel.permissions_for(channel.guild.me) if channel.guild.me else None
            if perms is None or perms.create_public_threads:
                try:
                    thread = await channel.create_thread(
                        name=limits.fit(
                            t("thread.table", server, game=game_name(game, server)),
                            limits.THREAD_NAME,
                        ),
                        type=discord.ChannelType.public_thread,
                    )
                    thread_id = thread.id
                except discord.HTTPException:
                    logger.info(
                        "No thread in channel %s: the table plays in the channel", channel.id
                    )
        try:
            live = await service.open_table(
                interaction.guild_id or 0,
                channel_id=interaction.channel_id or 0,
                host_id=interaction.user.id,
                game=game,
                options=options,
                turn_timer=timer,
                thread_id=thread_id,
            )
        except Refusal:
            # Not saved (the store could not write just now, say): no empty thread is left for a
            # table that does not exist.
            if thread_id is not None:
                with contextlib.suppress(discord.HTTPException):
                    await thread.delete()
            raise
        await self.shown(live)
        where = f"<#{thread_id}>" if thread_id else t("here", server)
        await interaction.followup.send(t("opened", server, table=live.id, where=where))

    @app_commands.command(name="join", description="Take a seat at the table here.")
    @app_commands.describe(team="Mor 2 vs 2: the team you want (1 or 2)")
    @app_commands.guild_only()
    @refusals
    async def join(
        self, interaction: discord.Interaction[Diwaniya], team: Literal[1, 2] | None = None
    ) -> None:
        limits.choice(team, (1, 2))
        service, live = self.here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        gid = live.guild_id
        if team is not None and live.seat_of(interaction.user.id) is not None:
            seat = await service.pick_team(gid, live.id, interaction.user.id, team - 1)
        else:
            seat = await service.join(
                gid, live.id, interaction.user.id, None if team is None else team - 1
            )
        await self.done(interaction, "joined", seat=seat + 1)

    @app_commands.command(name="leave", description="Leave the table's lobby.")
    @app_commands.guild_only()
    @refusals
    async def leave(self, interaction: discord.Interaction[Diwaniya]) -> None:
        service, live = self.here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await service.leave(live.guild_id, live.id, interaction.user.id)
        await self.done(interaction, "left")

    @app_commands.command(name="bot", description="Seat a computer player (host only).")
    @app_commands.describe(level="How well it plays")
    @app_commands.choices(
        level=[app_commands.Choice(name=lv.value, value=lv.value) for lv in SEATED]
    )
    @app_commands.guild_only()
    @refusals
    async def computer(
        self, interaction: discord.Interaction[Diwaniya], level: str = Level.NORMAL
    ) -> None:
        limits.choice(level, SEATED)
        service, live = self.here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        seat = await service.add_computer(live.guild_id, live.id, interaction.user.id, level)
        lang = await lang_of(interaction)
        await self.done(interaction, "computer_added", level=level_name(level, lang), seat=seat + 1)

    @app_commands.command(name="kick", description="Remove a member from the lobby (host only).")
    @app_commands.describe(member="Who to remove")
    @app_commands.guild_only()
    @refusals
    async def kick(self, interaction: discord.Interaction[Diwaniya], member: discord.User) -> None:
        service, live = self.here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await service.kick(live.guild_id, live.id, interaction.user.id, member.id)
        await self.done(interaction, "kicked", name=member.display_name)

    @app_commands.command(name="start", description="Start the game; computers fill empty seats.")
    @app_commands.guild_only()
    @refusals
    async def start(self, interaction: discord.Interaction[Diwaniya]) -> None:
        service, live = self.here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await service.start(live.guild_id, live.id, interaction.user.id)
        await self.done(interaction, "started")

    @app_commands.command(name="cancel", description="Cancel the table (host only).")
    @app_commands.guild_only()
    @refusals
    async def cancel(self, interaction: discord.Interaction[Diwaniya]) -> None:
        service, live = self.here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await service.cancel(live.guild_id, live.id, interaction.user.id)
        await self.done(interaction, "cancelled")

    @app_commands.command(name="show", description="Post the live table again.")
    @app_commands.guild_only()
    @refusals
    async def show(self, interaction: discord.Interaction[Diwaniya]) -> None:
        _, live = self.here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.shown(live)
        await self.done(interaction, "table.shown", table=live.id)

    @app_commands.command(name="back", description="Take your seat back from the computer.")
    @app_commands.guild_only()
    @refusals
    async def back(self, interaction: discord.Interaction[Diwaniya]) -> None:
        service, live = self.here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await service.take_back(live.guild_id, live.id, interaction.user.id)
        await send_hand(interaction, service.hand(live.guild_id, live.id, interaction.user.id))


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Lobby(bot))
