"""The discord.py bot: opens the store, loads the cogs, restores tables, syncs commands."""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import sys
import typing
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.config import MAX_RETRY_DELAY, Settings
from bot.i18n import t
from bot.store import Store, StoreError
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


MESSAGE_LIMIT = 2000  # Discord rejects message content longer than this


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut at a word to ``limit`` characters with an ellipsis: a reply Discord rejects
    would leave the member with no answer at all."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut) + "…"


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """One ephemeral sentence, whether or not the interaction was already answered."""
    text = fit(text)
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
        store: Store | None = None,
        bot_delay: float | None = None,
        next_round_delay: float = 30.0,
        sync_guilds: tuple[int, ...] = (),
        seeds: Callable[[], int] | None = None,
        service_options: Mapping[str, Any] | None = None,
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
        # More TableService arguments (tests: a clock SimCord drives, computers deciding inline).
        self.service_options = dict(service_options or {})
        dev = (settings.dev_guild,) if settings and settings.dev_guild else ()
        self.sync_guilds = sync_guilds or dev
        # A store given here was opened (and is closed) by the caller; otherwise setup_hook opens it.
        self.store: Store | None = store
        self._owns_store = store is None
        self.service: TableService | None = None
        self.names: dict[int, str] = {}  # display names seen in interactions (no members intent)
        self.presenter: Any = None
        # Controls other cogs add to a private hand (cogs.learn: Hint), by HandInfo.
        self.hand_extras: list[Callable[[Any], Any]] = []

    async def setup_hook(self) -> None:
        if self.store is None:
            assert self.database is not None, "the bot needs a database path"
            self.store = await Store.open(self.database)
        self.service = TableService(
            self.store,
            bot_delay=self.bot_delay,
            next_round_delay=self.next_round_delay,
            seeds=self.seeds,
            **self.service_options,
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
        if self.store is not None and self._owns_store:
            await self.store.close()
            self.store = None
        await super().close()


# What start-up can run into on the way to Discord: no network, no name resolution, a timeout.
# (discord.py retries a dropped connection by itself once logged in.)
UNREACHABLE = (aiohttp.ClientError, OSError, asyncio.TimeoutError)

TOKEN_REFUSED = (
    "Discord refused the token: put the bot token from the Discord developer portal (Bot, Reset "
    "Token) in DISCORD_TOKEN in .env."
)


def _stop(sentence: str, status: int) -> int:
    print(sentence, file=sys.stderr)
    return status


def _reason(error: BaseException) -> str:
    return str(error) or type(error).__name__


def run(settings: Settings) -> int:
    """Run the bot until it is stopped; the exit status of ``python -m bot``.

    A database it can't use, a refused token, or a Discord it can't reach after a few tries each
    end the run with one sentence on stderr and a non-zero status, never a traceback. The token
    goes to discord.py only and is never logged.
    """
    try:
        return asyncio.run(_serve(settings))
    except KeyboardInterrupt:  # Ctrl-C: asyncio.run has already closed the bot
        return 0


async def _serve(settings: Settings) -> int:
    # The database first: it needs no network, and a file it can't use is the operator's to mend.
    try:
        store = await Store.open(settings.database)
    except StoreError as e:
        return _stop(str(e), 2)
    try:
        delay = settings.first_retry_delay
        attempt = 0
        while True:
            attempt += 1
            # A fresh client each try: a login that failed half way leaves its session closed.
            try:
                async with Diwaniya(settings, store=store) as bot:
                    await bot.start(settings.token)
                return 0
            except discord.LoginFailure:
                return _stop(TOKEN_REFUSED, 2)
            except UNREACHABLE as e:
                if attempt >= settings.connect_attempts:
                    return _stop(
                        f"Discord can't be reached ({_reason(e)}) after {attempt} tries, so the "
                        "bot stopped: check the network and start it again.",
                        1,
                    )
                print(
                    f"Discord can't be reached ({_reason(e)}); trying again in {delay:g} s.",
                    file=sys.stderr,
                )
                await asyncio.sleep(delay)
                delay = min(delay * 2, MAX_RETRY_DELAY)
    finally:
        await store.close()
