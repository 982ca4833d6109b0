"""``/rules`` and ``/help``: a game's whole rules from ``docs/rules.md``, paged, and how to play."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import limits
from bot.client.diwaniya import lang_of, refusals
from bot.games.registry import GAME_KEYS, Game
from bot.i18n import ENGLISH, t
from bot.learning.rules import game_rules, pages
from bot.tables import Refusal
from cogs.utils.buttons import Control, TableView
from cogs.utils.words import game_name

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

# A page's text leaves room in the message for its heading line ("**Run Fast**, page 2 of 3").
RULES_PAGE = limits.MESSAGE - 100


def rules_pages(game: str, lang: str = ENGLISH) -> list[str]:
    """The game's section of the rules document in ``lang`` (English where that language's is
    not written), cut into pages that fit one message."""
    return pages(game_rules(game, lang), RULES_PAGE)


def rules_message(game: str, page: int, lang: str = ENGLISH) -> tuple[str, discord.ui.View]:
    """Page ``page`` of a game's rules (clamped to the pages there are) and its buttons, in
    the reader's ``lang``: the buttons carry no language, each press answers its presser's."""
    text = rules_pages(game, lang)
    page = min(max(page, 0), len(text) - 1)
    heading = t("rules_page", lang, game=game_name(game, lang), page=page + 1, pages=len(text))
    view = TableView()
    last = len(text) - 1
    view.add_item(RulesButton(game, page - 1, "prev", disabled=page == 0, lang=lang))
    view.add_item(RulesButton(game, page + 1, "next", disabled=page == last, lang=lang))
    return f"{heading}\n{text[page].strip()}", view


class RulesButton(
    Control[discord.ui.Button[discord.ui.View]],
    template=r"dwr:(?P<game>[a-z0-9]+):(?P<page>-?\d+):(?P<way>prev|next)",
):
    """Previous / Next on a rules page: the custom_id carries the game and the page to show, so
    the buttons keep working after a restart; both are untrusted and checked."""

    def __init__(
        self, game: str, page: int, way: str, *, disabled: bool = False, lang: str = ENGLISH
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(f"btn_rules_{way}", lang),
                style=discord.ButtonStyle.secondary,
                custom_id=f"dwr:{game}:{page}:{way}",
                disabled=disabled,
            )
        )
        self.game, self.page = game, page

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        if self.game not in GAME_KEYS:
            raise Refusal("rules_gone")
        content, view = rules_message(self.game, self.page, await lang_of(interaction))
        await interaction.response.edit_message(content=content, view=view)


class Help(commands.Cog):
    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(RulesButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(RulesButton)

    @app_commands.command(name="rules", description="A game's whole rules, page by page.")
    @app_commands.describe(game="Which game")
    @refusals
    async def rules(self, interaction: discord.Interaction[Diwaniya], game: Game) -> None:
        limits.game(game)  # a client may send a game that is not among the choices
        content, view = rules_message(game, 0, await lang_of(interaction))
        await interaction.response.send_message(content, view=view, ephemeral=True)

    @app_commands.command(name="help", description="How to open a table and play.")
    async def help(self, interaction: discord.Interaction[Diwaniya]) -> None:
        lang = await lang_of(interaction)
        await interaction.response.send_message(
            f"**{t('help_title', lang)}**\n{t('help_text', lang)}", ephemeral=True
        )


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Help(bot))
