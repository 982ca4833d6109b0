"""The discord.py bot: opens the store, loads the cogs, restores tables, syncs commands."""

from __future__ import annotations

import functools
import inspect
import logging
import typing
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.i18n import t
from bot.store import Store
from bot.tables import Refusal, TableService

logger = logging.getLogger(__name__)

# Loaded explicitly, in this order, so a missing cog is an error at start rather than a surprise.
EXTENSIONS: tuple[str, ...] = (
    "cogs.play",
    "cogs.lobby",
    "cogs.leaderboard",
    "cogs.settings",
    "cogs.help",
    "cogs.learn",
)


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """One ephemeral sentence, whether or not the interaction was already answered."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def refusals(func: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """A command's refusals answered as one ephemeral sentence right there: a refusal is an
    expected answer, not an error to log."""

    @functools.wraps(func)
    async def wrapper(
        self: Any, interaction: discord.Interaction, *args: Any, **kwargs: Any
    ) -> None:
        try:
            await func(self, interaction, *args, **kwargs)
        except Refusal as r:
            await refuse(interaction, r.text)

    # discord.py reads parameter types from the callback; resolve them in the command's own
    # module, since the wrapper lives here.
    wrapper.__annotations__ = typing.get_type_hints(func, include_extras=True)
    wrapper.__signature__ = inspect.signature(func, eval_str=True)  # type: ignore[attr-defined]
    return wrapper


class DiwaniyaTree(app_commands.CommandTree):
    """Refusals become one ephemeral sentence; anything unexpected is logged and apologised for."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, Refusal):
            await refuse(interaction, original.text)
            return
        if isinstance(error, app_commands.NoPrivateMessage):
            await refuse(interaction, t("guild_only"))
            return
        if isinstance(error, app_commands.CheckFailure):
            await refuse(interaction, t("settings_admin_only"))
            return
        command = interaction.command.qualified_name if interaction.command else "?"
        logger.error("Command %s failed", command, exc_info=original)
        try:
            await refuse(interaction, t("error"))
        except discord.HTTPException:
            logger.warning("Could not apologise for a failed command")


class Diwaniya(commands.Bot):
    def __init__(
        self,
        settings: Settings | None = None,
        *,
        database: str | Path | None = None,
        bot_delay: float | None = None,
        next_round_delay: float = 30.0,
        sync_guilds: tuple[int, ...] = (),
        seeds: Callable[[], int] | None = None,
        **kwargs: Any,
    ) -> None:
        # Slash commands and components only: no message-content or members intent is needed.
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=DiwaniyaTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **kwargs,
        )
        self.settings = settings
        self.database = Path(database) if database else (settings.database if settings else None)
        self.bot_delay = (
            bot_delay if bot_delay is not None else (settings.bot_move_delay if settings else 1.5)
        )
        self.next_round_delay = next_round_delay
        self.seeds = seeds  # tests fix the deal; None: a fresh random seed per table
        dev = (settings.dev_guild,) if settings and settings.dev_guild else ()
        self.sync_guilds = sync_guilds or dev
        self.store: Store | None = None
        self.service: TableService | None = None
        self.names: dict[int, str] = {}  # display names seen in interactions (no members intent)
        self.presenter: Any = None

    async def setup_hook(self) -> None:
        assert self.database is not None, "the bot needs a database path"
        self.store = await Store.open(self.database)
        self.service = TableService(
            self.store,
            bot_delay=self.bot_delay,
            next_round_delay=self.next_round_delay,
            seeds=self.seeds,
        )
        for ext in EXTENSIONS:
            try:
                await self.load_extension(ext)
            except Exception:
                logger.exception("Extension %s failed to load", ext)
        restored = await self.service.restore()
        logger.info("Restored %d table(s)", len(restored))
        if self.sync_guilds:
            for gid in self.sync_guilds:
                guild = discord.Object(gid)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        if self.service is not None:
            await self.service.close()
        if self.store is not None:
            await self.store.close()
            self.store = None
        await super().close()


def run(settings: Settings) -> int:
    """Start the bot; the token goes to discord.py only and is never logged."""
    bot = Diwaniya(settings)
    bot.run(settings.token, log_handler=None)
    return 0
