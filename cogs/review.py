"""The review after a practice game: "Review my moves" on a finished practice table's message,
then the moves where the hard computer player would have played otherwise, one at a time, each
with the position, both moves, why, and "Try again from here" (a new practice table at that move).

Thin like the other cogs: the judging is ``bot.learning.review`` (run in the computer players' workers),
the new table ``bot.learning.practice.practice_again``. Every button's custom_id carries the table id and
an item or a position: untrusted input, checked against the store, so the buttons work after a
restart; only a finished practice table of this server, and only for a member seated at it.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.client.diwaniya import lang_of
from bot.client.limits import fit
from bot.i18n import ENGLISH, t
from bot.i18n.moves import choice_words
from bot.learning.practice import is_practice, practice_again, practice_seat, review_start
from bot.learning.review import ITEMS_FEW, Item, Review, margin_line
from bot.store.models import Table
from bot.tables import LiveTable, Refusal, TableService
from cogs.utils.buttons import ActionButton
from cogs.utils.context import service_of
from cogs.utils.hand import send_hand
from cogs.utils.kept import Kept
from cogs.utils.presenter import table_messages
from cogs.utils.threads import private_thread
from cogs.utils.words import game_name, seat_names
from render import render_hand, render_table

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

REVIEWS_KEPT = 32  # reviews kept in memory (each took the workers a few seconds)


REVIEW_LABELS = {"review": "review.button", "next": "review.next", "again": "review.again"}


class ReviewButton(ActionButton, prefix="dwy", actions=REVIEW_LABELS):
    """``review``: open the review of a finished practice table (a new private message);
    ``next``: show its item ``number`` in that message; ``again``: a new practice table at
    position ``number`` of that game."""

    @staticmethod
    def look(action: str, lang: str) -> tuple[str, discord.ButtonStyle]:
        label = t(REVIEW_LABELS.get(action, "review.button"), lang)
        style = discord.ButtonStyle.success if action == "again" else discord.ButtonStyle.primary
        return label, style

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        cog = interaction.client.get_cog("Reviews")
        assert isinstance(cog, Reviews)  # this button is registered while that cog is loaded
        if self.action == "next":
            await interaction.response.defer()
        else:  # the workers take a few seconds: say the bot is thinking meanwhile
            await interaction.response.defer(ephemeral=True, thinking=True)
        if self.action == "again":
            await cog.again(interaction, self.table, self.number)
        else:
            await cog.show(interaction, self.table, self.number, new=self.action == "review")


def review_controls(live: LiveTable, lang: str = ENGLISH) -> list[discord.ui.Item[Any]]:
    """The "Review my moves" button beside Rematch on a finished practice table's message."""
    if not is_practice(live):
        return []
    return [ReviewButton("review", live.id, 0, lang)]


def item_text(table: Table, review: Review, n: int, lang: str, *, first: bool = False) -> str:
    """Item ``n`` of a review in words: where, the member's move, the better move, why, and by
    how much; the first also says how much of the game was looked at."""
    item: Item = review.items[n]
    lines = [
        "**"
        + t(
            "review.title",
            lang,
            game=game_name(table.game, lang),
            table=table.id,
            number=n + 1,
            count=len(review.items),
            round=item.round_no,
            move=item.number,  # the member's move number, as the terminal's review shows it
        )
        + "**",
        t("review.made", lang, move=choice_words(item.made, lang)),
        t("review.better", lang, move=choice_words(item.better, lang)),
        item.why(lang),  # a hint's words: the better move and why
        margin_line(item, lang),
    ]
    if first:
        if len(review.items) < ITEMS_FEW:
            lines.append(t("review.few", lang))
        lines.append(review.looked(lang))
    return fit("\n".join(lines))


class Reviews(commands.Cog):
    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot
        self.kept: Kept[tuple[int, int, int], Review] = Kept(REVIEWS_KEPT)

    async def cog_load(self) -> None:
        table_messages(self.bot)  # "try again from here" opens a practice table
        self.bot.add_dynamic_items(ReviewButton)
        self.bot.over_extras.append(review_controls)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ReviewButton)
        self.bot.over_extras.remove(review_controls)

    def service(self) -> TableService:
        assert self.bot.service is not None
        return self.bot.service

    async def finished_practice(
        self, guild_id: int, table_id: int, user_id: int
    ) -> tuple[Table, int]:
        """The finished practice table a button names and the member's seat there, or the
        refusal saying why not (another member's, still playing, a ranked table)."""
        assert self.bot.store is not None
        table = await self.bot.store.get_table(guild_id, table_id)
        if table is None:
            raise Refusal("replay.no_game", table=table_id)
        return table, practice_seat(table, user_id)

    async def review_of(self, table: Table, seat: int) -> Review:
        """The table's review for ``seat``, worked out once (two presses at once wait for the
        same work) in the computer players' worker processes."""

        async def judge() -> Review:
            assert table.record is not None
            found = await self.service().computers.review(table.record, seat, review_start(table))
            # Shown in the order the moves were played (the review picks them by margin): the
            # game read again from its start, each item's table and hand with it.
            return replace(found, items=tuple(sorted(found.items, key=lambda i: i.position)))

        return await self.kept.get((table.guild_id, table.id, seat), judge)

    async def show(
        self, interaction: discord.Interaction[Diwaniya], table_id: int, n: int, *, new: bool
    ) -> None:
        guild_id, user_id = interaction.guild_id or 0, interaction.user.id
        table, seat = await self.finished_practice(guild_id, table_id, user_id)
        lang = await lang_of(interaction)
        review = await self.review_of(table, seat)
        if not review.items:
            text = t("review.none", lang) + "\n" + review.looked(lang)
            await interaction.followup.send(fit(text), ephemeral=True)
            return
        if not 0 <= n < len(review.items):
            raise Refusal("stale")
        item = review.items[n]
        view = item.view  # the position, as the member's seat saw it
        plates = seat_names(self.bot, interaction.guild, table, lang, picture=True)
        computers = [i for i, s in enumerate(table.seats) if s is None or s.is_computer]
        table_png, hand_png = await asyncio.to_thread(
            lambda: (
                render_table(view, plates, computers=computers, bottom=seat, lang=lang),
                render_hand(view, game=table.game, lang=lang),
            )
        )
        files = [
            discord.File(io.BytesIO(table_png), filename=f"review-{table.id}-{n + 1}.png"),
            discord.File(io.BytesIO(hand_png), filename="hand.png"),
        ]
        controls = discord.ui.View(timeout=None)
        if n + 1 < len(review.items):
            controls.add_item(ReviewButton("next", table.id, n + 1, lang))
        controls.add_item(ReviewButton("again", table.id, item.position, lang))
        content = item_text(table, review, n, lang, first=n == 0)
        if new:
            await interaction.followup.send(content, files=files, view=controls, ephemeral=True)
        else:
            await interaction.edit_original_response(
                content=content, attachments=files, view=controls
            )

    async def again(
        self, interaction: discord.Interaction[Diwaniya], table_id: int, position: int
    ) -> None:
        """A new practice table at ``position`` of the finished one, in a new private thread
        of the channel it was played from (where the bot may make one), and the member's hand."""
        guild_id, user_id = interaction.guild_id or 0, interaction.user.id
        table, _ = await self.finished_practice(guild_id, table_id, user_id)
        service = service_of(interaction)
        thread = None
        if table.thread_id is not None:
            channel = self.bot.get_channel(table.channel_id)
            if isinstance(channel, discord.TextChannel):
                thread = await private_thread(interaction, table.game, channel)
        live = await practice_again(
            service, table, user_id, position, thread_id=thread.id if thread else None
        )
        await service.idle(live.guild_id, live.id)
        if thread is not None:
            lang = await lang_of(interaction)
            text = t("review.again_opened", lang, table=live.id, where=thread.mention)
            await interaction.followup.send(text, ephemeral=True)
        await send_hand(interaction, service.hand(live.guild_id, live.id, user_id))


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Reviews(bot))
