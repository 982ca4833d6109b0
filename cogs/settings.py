"""``/settings`` (server admins) and ``/preferences`` (each member), kept in the store.

Discord applies ``default_permissions`` only to a whole top-level command, so the server's
settings and a member's own preferences are two commands: members never see the admin one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import limits
from bot.client.diwaniya import lang_of, refusals
from bot.i18n import LANGUAGES, has, t
from bot.tables import Refusal
from cogs.utils.context import remember

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

# Each language offered by its own name, the way its readers look for it in a list.
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]
# A member may also hand the choice back: their Discord app's language, else the server's.
AUTOMATIC = "auto"
MEMBER_LANGUAGE_CHOICES = [
    *LANGUAGE_CHOICES,
    app_commands.Choice(
        name="Automatic (your Discord language, else the server's)", value=AUTOMATIC
    ),
]


def _yes(value: bool, lang: str) -> str:
    return t("yes", lang) if value else t("no", lang)


def language_line(code: str | None, lang: str) -> str:
    """The settings' language line: the language by its own name, or that none is chosen."""
    if code in LANGUAGES:
        return t("settings.language", lang, language=LANGUAGES[code])
    return t("settings.language_automatic", lang)


def sort_name(order: str, lang: str) -> str:
    key = f"sort.{order}"
    return t(key, lang) if has(key) else order


class Settings(commands.Cog):
    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="The server's table settings (admins).")
    @app_commands.describe(
        language="The language of the tables and of members who chose none",
        timer="Default seconds per turn for new tables (0 = no timer)",
        rank_computer_games="Whether games with computer players count in the rankings",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @refusals
    async def settings(
        self,
        interaction: discord.Interaction[Diwaniya],
        language: app_commands.Range[str, 1, 8] | None = None,
        timer: app_commands.Range[int, limits.TIMER_OFF, limits.TIMER_MAX] | None = None,
        rank_computer_games: bool | None = None,
    ) -> None:
        remember(interaction)
        limits.language(language)  # values a client should never send: refused, not saved
        limits.timer(timer)
        # default_permissions hides the command, but a server can override that per member or
        # role: check the permission again on every use.
        if not interaction.permissions.manage_guild:
            raise Refusal("settings_admin_only")
        store = self.bot.store
        assert store is not None
        gid = interaction.guild_id or 0
        current = await store.guild_settings(gid)
        changes: dict[str, object] = {}
        if language is not None:
            changes["language"] = language
        if timer is not None:
            changes["turn_timer"] = timer
        if rank_computer_games is not None:
            changes["rank_computer_games"] = rank_computer_games
        if changes:
            # Only the fields given: another process may change the others at the same time.
            current = await store.change_guild_settings(gid, **changes)
            self.bot.kept_settings.server_saved(gid, current.language)
        # Read after the save: a new server language answers at once where it applies.
        lang = await lang_of(interaction)
        timer_text = (
            t("timer_seconds", lang, seconds=current.turn_timer)
            if current.turn_timer
            else t("timer_off", lang)
        )
        lines = [
            t("settings_saved", lang) if changes else t("settings_server_title", lang),
            language_line(current.language, lang),
            t("settings_timer", lang, timer=timer_text),
            t("settings_rank_cpu", lang, value=_yes(current.rank_computer_games, lang)),
        ]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name="preferences", description="Your own card and language settings.")
    @app_commands.describe(
        four_colour="Four-colour cards (clubs green, diamonds blue) in your hand picture",
        sort="Sort your hand by suit or by rank",
        language="The language the bot answers you in",
    )
    @app_commands.choices(language=MEMBER_LANGUAGE_CHOICES)
    @refusals
    async def preferences(
        self,
        interaction: discord.Interaction[Diwaniya],
        four_colour: bool | None = None,
        sort: Literal["suit", "rank"] | None = None,
        language: app_commands.Range[str, 1, 8] | None = None,
    ) -> None:
        remember(interaction)
        limits.language(language, also=(AUTOMATIC,))
        limits.choice(sort, ("suit", "rank"))
        current = await self.bot.member_settings(interaction.user.id)
        changes: dict[str, object] = {}
        if four_colour is not None:
            changes["card_style"] = "four_colour" if four_colour else "classic"
        if sort is not None:
            changes["sort_order"] = sort
        if language is not None:
            changes["language"] = None if language == AUTOMATIC else language
        if changes:
            store = self.bot.store
            assert store is not None
            current = await store.change_member_settings(interaction.user.id, **changes)
            self.bot.kept_settings.member_saved(current)
        lang = await lang_of(interaction)  # the new language answers at once
        lines = [
            t("settings_saved", lang) if changes else t("settings_member_title", lang),
            t("settings_four_colour", lang, value=_yes(current.card_style == "four_colour", lang)),
            t("settings_sort", lang, sort=sort_name(current.sort_order, lang)),
            language_line(current.language, lang),
        ]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Settings(bot))
