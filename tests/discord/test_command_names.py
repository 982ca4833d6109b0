"""Slash commands in the members' Discord languages: the translator gives every command, group,
parameter and choice its Dutch and Hindi words from the ``commands`` catalogue, every localized
name is one Discord accepts, and the definitions the bot syncs carry them."""

from __future__ import annotations

import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from discord import app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation

from bot.client.translator import CLIENT_LANGUAGES, CatalogueTranslator, command_key
from bot.i18n import LANGUAGES, catalogue, has, t

from .conftest import make_bot

Where = TranslationContextLocation
NAME_LIMIT, DESCRIPTION_LIMIT, CHOICE_LIMIT = 32, 100, 100


def discord_accepts_name(name: str) -> bool:
    """Discord's rule for command and option names, ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``,
    and lowercase wherever a script has case."""

    def allowed(ch: str) -> bool:
        if ch in "-_" or unicodedata.category(ch)[0] in "LN":
            return True
        return (
            "\u0900" <= ch <= "\u097f" or "\ua8e0" <= ch <= "\ua8ff" or "\u0e00" <= ch <= "\u0e7f"
        )

    return 1 <= len(name) <= NAME_LIMIT and all(map(allowed, name)) and name == name.lower()


def test_the_rule_check_itself() -> None:
    assert discord_accepts_name("tafel") and discord_accepts_name("ढेर_उठाएँ")
    assert not discord_accepts_name("Tafel")  # uppercase
    assert not discord_accepts_name("two words")
    assert not discord_accepts_name("ارمِ")  # an Arabic vowel mark is no letter
    assert not discord_accepts_name("x" * 33)


def command_entries() -> dict[str, dict[str, str]]:
    """The ``commands`` catalogue's texts by language."""
    return {
        lang: {k: v for k, v in catalogue(lang).texts.items() if k.startswith("cmd.")}
        for lang in LANGUAGES
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_localized_name_and_description_is_one_discord_accepts(lang: str) -> None:
    entries = command_entries()[lang]
    assert entries
    for key, text in entries.items():
        if key.startswith("cmd.choice."):
            assert 1 <= len(text) <= CHOICE_LIMIT, (key, text)
        elif key.endswith(".name"):
            assert discord_accepts_name(text), (key, text)
        else:
            assert key.endswith(".description") and 1 <= len(text) <= DESCRIPTION_LIMIT, (key, text)


async def _translate(
    translator: CatalogueTranslator, text: Any, locale: discord.Locale, where: Any, data: Any
) -> str | None:
    string = (
        text if isinstance(text, app_commands.locale_str) else app_commands.locale_str(str(text))
    )
    return await translator.translate(string, locale, TranslationContext(location=where, data=data))


def definitions(tree: app_commands.CommandTree) -> list[tuple[Any, Any, str, Any]]:
    """Every translatable string of the tree: (location, data, English text, owner key)."""
    out: list[tuple[Any, Any, str, Any]] = []
    for cmd in tree.walk_commands():
        group = isinstance(cmd, app_commands.Group)
        out.append((Where.group_name if group else Where.command_name, cmd, cmd.name, cmd))
        out.append(
            (
                Where.group_description if group else Where.command_description,
                cmd,
                cmd.description,
                cmd,
            )
        )
        if group:
            continue
        for p in cmd.parameters:
            out.append((Where.parameter_name, p, p.name, cmd))
            out.append((Where.parameter_description, p, str(p.description), cmd))
            for c in p.choices:
                if has(command_key(Where.choice_name, c)):  # a language's own name stays
                    out.append((Where.choice_name, c, c.name, cmd))
    return out


async def test_translator_gives_dutch_and_hindi_for_every_command_and_none_for_english(
    tmp_path: Path,
) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot):
        translator = CatalogueTranslator()
        strings = definitions(bot.tree)
        assert len({id(owner) for *_, owner in strings}) >= 29  # every command and subcommand
        for where, data, english, _ in strings:
            key = command_key(where, data)
            # The English catalogue is the code's own words, so the two never drift apart.
            assert t(key) == english, key
            for locale, lang in ((discord.Locale.dutch, "nl"), (discord.Locale.hindi, "hi")):
                said = await _translate(translator, english, locale, where, data)
                assert said == t(key, lang), (key, lang)
            for english_client in (discord.Locale.american_english, discord.Locale.british_english):
                assert await _translate(translator, english, english_client, where, data) is None
            # Discord has no Arabic client; other locales keep the English.
            assert await _translate(translator, english, discord.Locale.french, where, data) is None
        # Dutch and Hindi clients see their own words for most commands, not the English ones.
        nl = [await _translate(translator, e, discord.Locale.dutch, w, d) for w, d, e, _ in strings]
        assert sum(a != e for a, (_, _, e, _) in zip(nl, strings, strict=True)) > len(strings) // 2
        await bot.close()


async def test_synced_commands_carry_their_localized_names(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot.db")
    async with simcord.run(bot):
        synced = {c.name: c for c in await bot.tree.fetch_commands()}
        table = synced["table"]
        assert table.name_localizations[discord.Locale.dutch] == "tafel"
        assert table.name_localizations[discord.Locale.hindi] == "टेबल"
        assert discord.Locale.american_english not in table.name_localizations
        new = next(o for o in table.options if o.name == "new")
        assert new.name_localizations[discord.Locale.dutch] == "nieuw"
        assert new.description_localizations[discord.Locale.hindi] == t(
            "cmd.table.new.description", "hi"
        )
        game = next(o for o in new.options if o.name == "game")
        assert game.name_localizations[discord.Locale.dutch] == "spel"
        runfast = next(c for c in game.choices if c.value == "runfast")
        assert runfast.name_localizations[discord.Locale.dutch] == "Run Fast"
        assert synced["draw"].description_localizations[discord.Locale.dutch] == (
            "Trek de bovenste kaart van de trekstapel."
        )
        # A parameter shared by commands, and a choice the bot words elsewhere, use one key.
        practice = synced["practice"]
        level = next(o for o in practice.options if o.name == "level")
        assert level.name_localizations[discord.Locale.dutch] == t("cmd.option.level.name", "nl")
        simple = next(c for c in level.choices if c.value == "simple")
        assert simple.name_localizations[discord.Locale.hindi] == t("level.simple", "hi")
        for locale in CLIENT_LANGUAGES:
            loc = discord.Locale(locale)
            # Within each language, top-level names and each command's options stay distinct.
            names = Counter(c.name_localizations.get(loc, c.name) for c in synced.values())
            assert max(names.values()) == 1, (locale, names)
            for c in synced.values():
                opts = Counter(o.name_localizations.get(loc, o.name) for o in c.options)
                assert not opts or max(opts.values()) == 1, (locale, c.name, opts)
                for o in c.options:
                    sub = Counter(
                        s.name_localizations.get(loc, s.name) for s in getattr(o, "options", [])
                    )
                    assert not sub or max(sub.values()) == 1, (locale, c.name, o.name, sub)
        await bot.close()
