"""Slash commands in the members' Discord languages, from the ``commands`` catalogue."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.i18n import has, t

logger = logging.getLogger(__name__)


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
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = CLIENT_LANGUAGES.get(locale.value)
        if lang is None:
            return None
        key = command_key(context.location, context.data)
        if key is None or not has(key, lang):
            return None
        return t(key, lang)
