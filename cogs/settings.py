"""``/settings`` (server admins) and ``/preferences`` (each member), kept in the store.

Discord applies ``default_permissions`` only to a whole top-level command, so the server's
settings and a member's own preferences are two commands: members never see the admin one.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import refusals
from bot.i18n import t
from bot.tables import Refusal
from cogs.play import remember

if TYPE_CHECKING:
    from bot.client import Diwaniya

# Only English has a catalogue so far; the choice is there so servers see it is coming.
Language = Literal["en"]


def _yes(value: bool) -> str:
    return t("yes") if value else t("no")


class Settings(commands.Cog):
    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="The server's table settings (admins).")
    @app_commands.describe(
        language="The server's language (English only for now)",
        timer="Default seconds per turn for new tables (0 = no timer)",
        rank_computer_games="Whether games with computer players count in the rankings",
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @refusals
    async def settings(
        self,
        interaction: discord.Interaction,
        language: Language | None = None,
        timer: app_commands.Range[int, 0, 3600] | None = None,
        rank_computer_games: bool | None = None,
    ) -> None:
        remember(interaction)
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
            current = await store.save_guild_settings(dataclasses.replace(current, **changes))
        timer_text = (
            t("timer_seconds", seconds=current.turn_timer) if current.turn_timer else t("timer_off")
        )
        lines = [
            t("settings_saved") if changes else t("settings_server_title"),
            t("settings_language", language=current.language),
            t("settings_timer", timer=timer_text),
            t("settings_rank_cpu", value=_yes(current.rank_computer_games)),
        ]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name="preferences", description="Your own card and language settings.")
    @app_commands.describe(
        four_colour="Four-colour cards (clubs green, diamonds blue) in your hand picture",
        sort="Sort your hand by suit or by rank",
        language="Your language (English only for now)",
    )
    @refusals
    async def preferences(
        self,
        interaction: discord.Interaction,
        four_colour: bool | None = None,
        sort: Literal["suit", "rank"] | None = None,
        language: Language | None = None,
    ) -> None:
        remember(interaction)
        store = self.bot.store
        assert store is not None
        current = await store.member_settings(interaction.user.id)
        changes: dict[str, object] = {}
        if four_colour is not None:
            changes["card_style"] = "four_colour" if four_colour else "classic"
        if sort is not None:
            changes["sort_order"] = sort
        if language is not None:
            changes["language"] = language
        if changes:
            current = await store.save_member_settings(dataclasses.replace(current, **changes))
        lines = [
            t("settings_saved") if changes else t("settings_member_title"),
            t("settings_four_colour", value=_yes(current.card_style == "four_colour")),
            t("settings_sort", sort=current.sort_order),
            t("settings_language", language=current.language or "en"),
        ]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Settings(bot))
