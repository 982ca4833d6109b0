"""The discord.py bot: opens the store, loads the cogs, restores tables, syncs commands; and
how its answers reach a member (their language, one-sentence refusals)."""

from __future__ import annotations

import functools
import inspect
import logging
import typing
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.client.config import Settings
from bot.client.limits import fit
from bot.client.table_messages import TableMessages
from bot.client.translator import CatalogueTranslator
from bot.i18n import ENGLISH, pick_language
from bot.store import GameStore, MemberSettings, StoreError, StoreUnavailable, open_store
from bot.store.shards import Shards
from bot.tables import Refusal, TableService, unsaved
from bot.tournament.service import TournamentService

logger = logging.getLogger(__name__)

_Cog = TypeVar("_Cog")
_P = ParamSpec("_P")

# Loaded explicitly, in this order, so a missing cog is an error at start rather than a surprise:
# a listed cog that fails to load stops the start (``CogFailed``).
EXTENSIONS: tuple[str, ...] = (
    "cogs.play",
    "cogs.lobby",
    "cogs.leaderboard",
    "cogs.settings",
    "cogs.help",
    "cogs.learn",
    "cogs.history",
    "cogs.review",
    "cogs.tournament",
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


def refusals(
    func: Callable[Concatenate[_Cog, discord.Interaction[Any], _P], Awaitable[None]],
) -> Callable[Concatenate[_Cog, discord.Interaction[Any], _P], Coroutine[Any, Any, None]]:
    """A command's refusals answered as one ephemeral sentence right there: a refusal is an
    expected answer, not an error to log; so is a store that could not save just now (the store
    has logged why)."""

    @functools.wraps(func)
    async def wrapper(
        self: _Cog, interaction: discord.Interaction[Any], /, *args: _P.args, **kwargs: _P.kwargs
    ) -> None:
        try:
            await func(self, interaction, *args, **kwargs)
        except Refusal as r:
            await refuse(interaction, r)
        except StoreUnavailable as e:  # nothing was saved: one sentence, not an apology
            await refuse(interaction, unsaved(e))

    # discord.py reads parameter types from the callback; resolve them in the command's own
    # module, since the wrapper lives here. A cog names the bot's class for the type checker
    # only (``discord.Interaction[Diwaniya]``), so that name is found here.
    bot_class = {"Diwaniya": Diwaniya}
    wrapper.__annotations__ = typing.get_type_hints(func, localns=bot_class, include_extras=True)
    wrapper.__signature__ = inspect.signature(func, locals=bot_class, eval_str=True)  # type: ignore[attr-defined]
    return wrapper


class CogFailed(Exception):
    """A listed cog that could not be loaded: the bot does not start without it (its commands
    and controls would answer nothing), and says so in one sentence (``bot.client.serve``)."""

    def __init__(self, name: str, error: commands.ExtensionError) -> None:
        cause = error.original if isinstance(error, commands.ExtensionFailed) else error
        why = (str(cause) or type(cause).__name__).splitlines()[0]
        super().__init__(
            f"The cog {name} could not be loaded ({why}), so the bot did not start: the log "
            "holds the traceback."
        )
        self.name = name


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
        extensions: tuple[str, ...] | None = None,
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
        # The cogs loaded at start, in order (tests load fewer, or one that fails).
        self.extensions_listed = EXTENSIONS if extensions is None else extensions
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
        # Tournaments run on the table service's tables (same store, same shards); the
        # tournament cog hands its notices to the Discord side while it is loaded.
        self.tournaments: TournamentService | None = None
        self.names: dict[int, str] = {}  # display names seen in interactions (no members intent)
        # The table messages and private hands (cogs.utils.presenter.table_messages): made by the
        # first cog that shows a table, kept for the bot's life, whichever cogs are loaded.
        self.presenter: TableMessages | None = None
        # Controls other cogs add to a private hand (cogs.learn: Hint), by HandInfo and language.
        self.hand_extras: list[Callable[[Any, str], Any]] = []
        # Controls other cogs add to a finished table's message (cogs.review), by table and language.
        self.over_extras: list[Callable[[Any, str], Any]] = []
        self.kept_settings = SettingsCache()
        # The kinds of control the cogs registered (their DynamicItems), in order: a press whose
        # custom_id none of them reads is no control of this bot's (see ``on_interaction``).
        self.controls: list[type[discord.ui.DynamicItem[Any]]] = []

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self.controls += [kind for kind in items if kind not in self.controls]

    def remove_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().remove_dynamic_items(*items)
        self.controls = [kind for kind in self.controls if kind not in items]

    def reads(self, custom_id: str) -> bool:
        """Whether one of the registered kinds of control reads ``custom_id``."""
        return any(
            kind.__discord_ui_compiled_template__.fullmatch(custom_id) for kind in self.controls
        )

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A press of a control whose custom_id no kind of control reads (a message drawn by an
        older version of the bot, or a modified client): discord.py would leave it unanswered
        and Discord say "This interaction failed", so it gets one private sentence. Every
        control the bot draws is a registered DynamicItem, so nothing else answers it."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: Mapping[str, Any] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if self.reads(custom_id):
            return
        try:
            await refuse(interaction, Refusal("control.unknown"))
        except discord.HTTPException:
            logger.warning("Could not answer a control the bot does not know")

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
        self.tournaments = TournamentService(
            self.store,
            self.service,
            shards=self.service.shards,
            seeds=self.seeds,
            **{
                k: v
                for k, v in self.service_options.items()
                if k in ("clock", "sleep")  # the same clock and sleeps as the tables'
            },
        )
        for ext in self.extensions_listed:
            try:
                await self.load_extension(ext)
            except commands.ExtensionError as e:
                logger.error("The cog %s failed to load", ext, exc_info=e)
                raise CogFailed(ext, e) from e
        restored = await self.service.restore()
        logger.info("Restored %d table(s)", len(restored))
        # After the tables: a running tournament goes on from the tables just taken up.
        taken_up = await self.tournaments.restore()
        logger.info("Took up %d tournament(s)", len(taken_up))
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
        # The tournaments first: their timers must not open tables on a closing service.
        if self.tournaments is not None:
            await self.tournaments.close()
        if self.service is not None:
            await self.service.close()
        if self.presenter is not None:
            self.presenter.close()
        if self.store is not None and self._owns_store:
            await self.store.close()
            self.store = None
        await super().close()


# What start-up can run into on the way to Discord: no network, no name resolution, a timeout.
# (discord.py retries a dropped connection by itself once logged in.)
