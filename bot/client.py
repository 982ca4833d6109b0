"""The discord.py bot: opens the store, loads the cogs, restores tables, syncs commands."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
import signal
import sys
import typing
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.config import MAX_RETRY_DELAY, Settings
from bot.i18n import ENGLISH, has, pick_language, t
from bot.limits import fit
from bot.shards import Shards
from bot.store import GameStore, MemberSettings, StoreError, StoreUnavailable, open_store
from bot.tables import Refusal, TableService, unsaved

logger = logging.getLogger(__name__)

# Loaded explicitly, in this order, so a missing cog is an error at start rather than a surprise.
EXTENSIONS: tuple[str, ...] = (
    "cogs.play",
    "cogs.lobby",
    "cogs.leaderboard",
    "cogs.settings",
    "cogs.help",
    "cogs.learn",
    "cogs.history",
    "cogs.review",
)


# Members' and servers' settings kept in memory, so a button press needs no database read to know
# its reader's language. Bounded: a busy bot forgets the members it has not seen for longest.
SETTINGS_CACHE = 10_000


class SettingsCache:
    """Members' /preferences and servers' languages, read from the store once and then kept; a
    save through /preferences or /settings replaces the kept copy, so a change shows at once.
    That holds only where the store is this process's own file: on a store other processes
    write too (``store.shared``, PostgreSQL), a save there would not reach this copy, so nothing
    is kept and every read asks the store."""

    def __init__(self, limit: int = SETTINGS_CACHE) -> None:
        self.limit = limit
        self._members: OrderedDict[int, MemberSettings] = OrderedDict()
        self._servers: OrderedDict[int, str] = OrderedDict()

    @staticmethod
    def _keep(cache: OrderedDict[int, Any], key: int, value: Any, limit: int) -> None:
        cache[key] = value
        cache.move_to_end(key)
        while len(cache) > limit:
            cache.popitem(last=False)

    async def member(self, store: GameStore, user_id: int) -> MemberSettings:
        if store.shared:
            return await store.member_settings(user_id)
        found = self._members.get(user_id)
        if found is None:
            found = await store.member_settings(user_id)
        self._keep(self._members, user_id, found, self.limit)
        return found

    async def server_language(self, store: GameStore, guild_id: int) -> str:
        if store.shared:
            return (await store.guild_settings(guild_id)).language
        found = self._servers.get(guild_id)
        if found is None:
            found = (await store.guild_settings(guild_id)).language
        self._keep(self._servers, guild_id, found, self.limit)
        return found

    def member_saved(self, settings: MemberSettings) -> None:
        self._keep(self._members, settings.user_id, settings, self.limit)

    def server_saved(self, guild_id: int, language: str) -> None:
        self._keep(self._servers, guild_id, language, self.limit)


async def lang_of(interaction: discord.Interaction) -> str:
    """The language to answer this member in, privately: their /preferences language, else
    their Discord app's language where it is one of ours, else the server's, else English."""
    bot = interaction.client
    locale = str(interaction.locale) if interaction.locale else None
    if not isinstance(bot, Diwaniya) or bot.store is None:
        return pick_language(None, locale, None)
    try:
        member = (await bot.member_settings(interaction.user.id)).language
        server = await bot.server_language(interaction.guild_id)
    except StoreError:  # an unreadable store must not leave the member without an answer
        logger.exception("Could not read the language settings")
        return pick_language(None, locale, None)
    return pick_language(member, locale, server)


async def refuse(interaction: discord.Interaction, text: str | Refusal) -> None:
    """One ephemeral sentence, whether or not the interaction was already answered; a
    ``Refusal`` is worded in the member's language."""
    if isinstance(text, Refusal):
        text = text.words(await lang_of(interaction))
    text = fit(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def refusals(func: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """A command's refusals answered as one ephemeral sentence right there: a refusal is an
    expected answer, not an error to log; so is a store that could not save just now (the store
    has logged why)."""

    @functools.wraps(func)
    async def wrapper(
        self: Any, interaction: discord.Interaction, *args: Any, **kwargs: Any
    ) -> None:
        try:
            await func(self, interaction, *args, **kwargs)
        except Refusal as r:
            await refuse(interaction, r)
        except StoreUnavailable as e:  # nothing was saved: one sentence, not an apology
            await refuse(interaction, unsaved(e))

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
            await refuse(interaction, original)
            return
        if isinstance(original, StoreUnavailable):
            await refuse(interaction, unsaved(original))
            return
        if isinstance(error, app_commands.NoPrivateMessage):
            await refuse(interaction, Refusal("guild_only"))
            return
        if isinstance(error, app_commands.CheckFailure):
            await refuse(interaction, Refusal("settings_admin_only"))
            return
        command = interaction.command.qualified_name if interaction.command else "?"
        logger.error("Command %s failed", command, exc_info=original)
        try:
            await refuse(interaction, Refusal("error"))
        except discord.HTTPException:
            logger.warning("Could not apologise for a failed command")


# Discord clients' languages we have catalogues for (Discord has no Arabic client: Arabic comes
# from /preferences and /settings). English clients keep the commands' own English names.
CLIENT_LANGUAGES: dict[str, str] = {"nl": "nl", "hi": "hi"}


def command_key(location: app_commands.TranslationContextLocation, data: Any) -> str | None:
    """The ``commands`` catalogue's key for one string of a slash command's definition:
    ``cmd.table.new.name``, ``cmd.table.new.description``, ``cmd.table.new.game.name`` (a
    parameter), ``cmd.table.new.game.description``, ``cmd.choice.mor`` (a choice, by value)."""
    where = app_commands.TranslationContextLocation
    if location in (where.command_name, where.group_name):
        return f"cmd.{data.qualified_name.replace(' ', '.')}.name"
    if location in (where.command_description, where.group_description):
        return f"cmd.{data.qualified_name.replace(' ', '.')}.description"
    if location in (where.parameter_name, where.parameter_description):
        part = "name" if location is where.parameter_name else "description"
        own = f"cmd.{data.command.qualified_name.replace(' ', '.')}.{data.name}.{part}"
        # A parameter means the same in every command it appears in (game, cards, level ...):
        # one key for all of them, unless a command words its own (/leaderboard's game).
        return own if has(own) else f"cmd.option.{data.name}.{part}"
    if location is where.choice_name:
        own = f"cmd.choice.{data.value}"
        return own if has(own) else SHARED_CHOICES.get(str(data.value), own)
    return None


# Choices that name what the bot already words elsewhere use that key: one word for a level,
# a length or a sort order wherever it appears.
SHARED_CHOICES = {
    "simple": "level.simple",
    "normal": "level.normal",
    "hard": "level.hard",
    "quick": "option.value.quick",
    "full": "option.value.full",
    "suit": "sort.suit",
    "rank": "sort.rank",
}


class CatalogueTranslator(app_commands.Translator):
    """Slash commands' names, descriptions, parameters and choices in the members' Discord
    languages, from the ``commands`` catalogue; None (Discord shows the English) for English
    clients, for other locales and for a string the catalogue leaves alone (a language's own
    name among /settings' choices)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        lang = CLIENT_LANGUAGES.get(locale.value)
        if lang is None:
            return None
        key = command_key(context.location, context.data)
        if key is None or not has(key, lang):
            return None
        return t(key, lang)


class Diwaniya(commands.AutoShardedBot):
    """The bot, on as many shards as Discord recommends, or on the ``shards`` it is given (from
    ``DIWANIYA_SHARDS``); it drives only the tables of the servers its shards own."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        database: str | Path | None = None,
        store: GameStore | None = None,
        bot_delay: float | None = None,
        next_round_delay: float = 30.0,
        sync_guilds: tuple[int, ...] = (),
        seeds: Callable[[], int] | None = None,
        service_options: Mapping[str, Any] | None = None,
        shards: Shards | None = None,
        **kwargs: Any,
    ) -> None:
        self.owned_shards = (
            shards if shards is not None else (settings.shards if settings else None)
        )
        if self.owned_shards is not None:
            kwargs.setdefault("shard_ids", list(self.owned_shards.ids))
            kwargs.setdefault("shard_count", self.owned_shards.count)
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
        # A SQLite file's path or a postgresql:// URL (kept a string: a Path would mangle a URL).
        self.database = str(database) if database else (settings.database if settings else None)
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
        self.store: GameStore | None = store
        self._owns_store = store is None
        self.service: TableService | None = None
        self.names: dict[int, str] = {}  # display names seen in interactions (no members intent)
        self.presenter: Any = None
        # Controls other cogs add to a private hand (cogs.learn: Hint), by HandInfo and language.
        self.hand_extras: list[Callable[[Any, str], Any]] = []
        # Controls other cogs add to a finished table's message (cogs.review), by table and language.
        self.over_extras: list[Callable[[Any, str], Any]] = []
        self.kept_settings = SettingsCache()

    async def member_settings(self, user_id: int) -> MemberSettings:
        """A member's /preferences (kept in memory after the first read)."""
        assert self.store is not None
        return await self.kept_settings.member(self.store, user_id)

    async def server_language(self, guild_id: int | None) -> str:
        """The server's /settings language: the shared messages' (the table, pings, results)."""
        if not guild_id or self.store is None:
            return ENGLISH
        return await self.kept_settings.server_language(self.store, guild_id)

    async def setup_hook(self) -> None:
        if self.store is None:
            assert self.database is not None, "the bot needs a database path or URL"
            self.store = await open_store(self.database)
            await self.store.hold_shards(self.owned_shards)
        self.service = TableService(
            self.store,
            shards=self.owned_shards
            if self.owned_shards is not None and self.owned_shards.split
            else None,
            bot_delay=self.bot_delay,
            next_round_delay=self.next_round_delay,
            seeds=self.seeds,
            names=self.names.get,
            **self.service_options,
        )
        for ext in EXTENSIONS:
            try:
                await self.load_extension(ext)
            except Exception:
                logger.exception("Extension %s failed to load", ext)
        restored = await self.service.restore()
        logger.info("Restored %d table(s)", len(restored))
        # Before syncing: the synced definitions carry each command's localized names.
        await self.tree.set_translator(CatalogueTranslator())
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


SHARDS_LOST = (
    "The database connection holding this process's shards was lost, so the bot stopped before "
    "another process could drive the same tables: its service manager starts it again."
)


def stop_when_lost(store: GameStore, bot: Diwaniya, lost: asyncio.Event) -> None:
    """If the store loses the locks that keep the shards this process's alone (PostgreSQL's
    connection holding them went away), stop the bot: another process may now take them."""

    closing: set[asyncio.Task[None]] = set()  # a reference, so the task isn't collected

    def on_lost() -> None:
        lost.set()
        closing.add(asyncio.get_running_loop().create_task(bot.close()))

    store.on_shards_lost = on_lost


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


def _warm_pictures() -> None:
    from render import warm

    try:
        logger.info("Pictures warmed in %.1f s", warm())
    except Exception:  # a picture that can't be drawn shows at its table: the bot starts anyway
        logger.exception("Warming the pictures failed")


async def _serve(settings: Settings) -> int:
    # The database first: it needs no network, and a file it can't use is the operator's to mend.
    try:
        store = await open_store(settings.database)
    except StoreError as e:
        return _stop(str(e), 2)
    lost = asyncio.Event()
    try:
        # Before Discord: a second process for a shard another runs must not drive its tables.
        await store.hold_shards(settings.shards)
    except StoreError as e:
        await store.close()
        return _stop(str(e), 2)
    # The pictures' fonts and usual card faces are built while Discord is being reached, off the
    # event loop (about half a second of CPU), so the first table after a restart isn't slower.
    asyncio.get_running_loop().run_in_executor(None, _warm_pictures)
    stopping = Stopping()
    try:
        delay = settings.first_retry_delay
        attempt = 0
        while not stopping.asked.is_set():
            attempt += 1
            # A fresh client each try: a login that failed half way leaves its session closed.
            try:
                async with Diwaniya(settings, store=store) as bot:
                    stop_when_lost(store, bot, lost)
                    stopping.bot = bot
                    stopping.started = asyncio.create_task(bot.start(settings.token))
                    try:
                        await stopping.started
                    except asyncio.CancelledError:
                        if not stopping.asked.is_set():
                            raise  # not our SIGTERM's doing: asyncio.run is ending the loop
                if lost.is_set():
                    return _stop(SHARDS_LOST, 1)
                return 0
            except discord.LoginFailure:
                return _stop(TOKEN_REFUSED, 2)
            except UNREACHABLE as e:
                if stopping.asked.is_set():
                    break
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
                # A SIGTERM ends the wait at once.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stopping.asked.wait(), delay)
                delay = min(delay * 2, MAX_RETRY_DELAY)
            finally:
                stopping.bot = None
                stopping.started = None
        return 0
    finally:
        stopping.remove()
        await store.close()


class Stopping:
    """SIGTERM (what ``kill``, systemd and container runtimes send) as a clean shutdown: the bot
    closes (its table service takes no more actions, lets the ones in hand be saved and closes
    the computers' pool, then the gateway closes), ``_serve`` closes the store, and the process
    exits with status 0."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()
        self.bot: Diwaniya | None = None
        self.started: asyncio.Task[None] | None = None  # the bot's start(): login, then gateway
        self._closing: asyncio.Task[None] | None = None
        self._loop = asyncio.get_running_loop()
        try:
            self._loop.add_signal_handler(signal.SIGTERM, self.stop)
            self._installed = True
        except (NotImplementedError, RuntimeError):  # not on this platform, or not main thread
            self._installed = False

    def stop(self) -> None:
        if self.asked.is_set():
            return
        logger.info("SIGTERM: shutting down")
        self.asked.set()
        if self.bot is not None:
            self._closing = asyncio.create_task(self._close(self.bot))

    async def _close(self, bot: Diwaniya) -> None:
        """Close the bot, then end its start() if it is still waiting: a sharded client that is
        still connecting its first shard has no gateway for close() to end yet."""
        await bot.close()
        if self.started is not None and not self.started.done():
            self.started.cancel()

    def remove(self) -> None:
        if self._installed:
            self._loop.remove_signal_handler(signal.SIGTERM)
