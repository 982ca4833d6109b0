"""Playing: the move commands (/hand, /draw, /discard, /meld ... /bid).

Thin on purpose: every rule is the engine's, asked through the table service; this cog turns
commands into service calls. The service's notices become messages in
``cogs.utils.presenter`` (the bot's, whichever cogs are loaded), the private hand is
``cogs.utils.hand`` and its controls ``cogs.utils.hand_controls``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import limits
from bot.client.diwaniya import lang_of, refusals
from bot.games.base import BadMove, Reason, move_from_dict
from bot.games.cards import CardError
from bot.games.more3 import MAX_BID
from bot.i18n import t
from bot.i18n.moves import move_words
from bot.learning.practice import coach_on_move
from bot.tables import Refusal
from cogs.utils.context import remember, service_of
from cogs.utils.hand import send_hand
from cogs.utils.presenter import table_messages

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

logger = logging.getLogger(__name__)


def typed_refusal(error: BadMove | CardError | Exception) -> Refusal:
    """A typed move or card the game can't read, refused with the error's own reason (worded in
    each reader's language) where it carries one, else its sentence."""
    reason = getattr(error, "reason", None)
    return Refusal("bad_cards", reason if isinstance(reason, Reason) else str(error))


async def hand_cards(
    interaction: discord.Interaction[Diwaniya], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete from the caller's own hand only (as many as Discord lets it offer)."""
    service = service_of(interaction)
    try:
        live = service.find(
            interaction.guild_id or 0, interaction.channel_id or 0, interaction.user.id
        )
        info = service.hand(live.guild_id, live.id, interaction.user.id)
    except Refusal:
        return []
    typed = current.strip().upper().split()
    last = typed[-1] if typed and not current.endswith(" ") else ""
    before = " ".join(typed[:-1] if last else typed)
    out: list[app_commands.Choice[str]] = []
    for c in dict.fromkeys(str(c) for c in info.view.hand):
        if c.startswith(last):
            value = f"{before} {c}".strip()
            out.append(app_commands.Choice(name=value, value=value))
        if len(out) == limits.AUTOCOMPLETE_CHOICES:
            break
    return out


# Typed cards, with Discord's length limits in the synced command (checked again in ``move``).
CardText = app_commands.Range[str, 1, limits.CARD_MAX]
CardsText = app_commands.Range[str, 1, limits.CARDS_MAX]


class Play(commands.Cog):
    """The move commands. The table message and the private hands they change are the bot's
    (``table_messages``), there whether or not this cog is loaded; a reload of this cog
    leaves one of each."""

    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        table_messages(self.bot)  # a move is shown on the table message and the hands

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Diwaniya]) -> None:
        """Every interaction shows the member's display name as it is now: kept with their
        seats when it changed, so the table names them rightly after a restart too."""
        service = self.bot.service
        if service is None or not interaction.guild_id:
            return
        name = interaction.user.display_name
        self.bot.names[interaction.user.id] = name
        try:
            await service.name_seat(interaction.guild_id, interaction.user.id, name)
        except Exception:  # a name is a nicety: never let it trouble the member's action
            logger.exception("Could not keep a member's display name")

    async def move(self, interaction: discord.Interaction[Diwaniya], data: dict[str, Any]) -> None:
        """A typed move in three requests at most: the confirmation as this command's first
        answer once the move is saved (a crash after it loses nothing), then the table edit and
        the next player's ping. No "thinking" deferral when the table is free: one engine check,
        one engine call and one store write take milliseconds, well within Discord's 3 s; a
        table busy with another move (a computer's, being shown) defers first."""
        remember(interaction)
        for value in data.values():  # typed cards, checked again: a client may send anything
            if isinstance(value, str):
                limits.text(value, limits.CARDS_MAX)
        limits.choice(data.get("end"), ("high", "low"))
        service = service_of(interaction)
        gid = interaction.guild_id or 0
        live = service.find(gid, interaction.channel_id or 0, interaction.user.id)
        seat = live.seat_of(interaction.user.id)
        try:
            move = move_from_dict({**data, "seat": seat})
        except (BadMove, CardError) as e:
            raise typed_refusal(e) from None
        service.check(gid, live.id, interaction.user.id, move)  # a refusal needs no wait
        lang = await lang_of(interaction)
        if live.lock.locked():
            await interaction.response.defer(ephemeral=True, thinking=True)

        async def confirm() -> None:
            # At a guided table, the coach's word on a move other than its own comes with it.
            said = [
                t("move_done", lang, move=move_words(move, lang)),
                *coach_on_move(live, seat, lang),
            ]
            text = "\n".join(said)
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)

        # A refusal here (the table moved on since the check: a turn timer ran out) is
        # answered by @refusals, as one sentence.
        await service.play(gid, live.id, interaction.user.id, move, confirm=confirm)

    @app_commands.command(
        name="hand", description="See your own cards and the moves you may make now."
    )
    @app_commands.guild_only()
    @refusals
    async def hand(self, interaction: discord.Interaction[Diwaniya]) -> None:
        remember(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = service_of(interaction)
        live = service.find(
            interaction.guild_id or 0, interaction.channel_id or 0, interaction.user.id
        )
        await send_hand(interaction, service.hand(live.guild_id, live.id, interaction.user.id))

    @app_commands.command(name="draw", description="Draw the top card of the stock.")
    @app_commands.guild_only()
    @refusals
    async def draw(self, interaction: discord.Interaction[Diwaniya]) -> None:
        await self.move(interaction, {"do": "draw"})

    @app_commands.command(name="take", description="Take the discard pile.")
    @app_commands.guild_only()
    @refusals
    async def take(self, interaction: discord.Interaction[Diwaniya]) -> None:
        await self.move(interaction, {"do": "take"})

    @app_commands.command(name="return", description="Return a card (where the game allows it).")
    @app_commands.guild_only()
    @refusals
    async def return_(self, interaction: discord.Interaction[Diwaniya]) -> None:
        await self.move(interaction, {"do": "return"})

    @app_commands.command(name="pass", description="Pass your turn (where the game allows it).")
    @app_commands.guild_only()
    @refusals
    async def pass_(self, interaction: discord.Interaction[Diwaniya]) -> None:
        await self.move(interaction, {"do": "pass"})

    @app_commands.command(name="discard", description="Throw one card onto the discard pile.")
    @app_commands.describe(card="The card, e.g. 7H, 10S, QD, JK (joker)")
    @app_commands.autocomplete(card=hand_cards)
    @app_commands.guild_only()
    @refusals
    async def discard(self, interaction: discord.Interaction[Diwaniya], card: CardText) -> None:
        await self.move(interaction, {"do": "discard", "card": card.strip().upper()})

    @app_commands.command(name="meld", description="Lay one new meld from your hand.")
    @app_commands.describe(cards="The meld's cards separated by spaces, e.g. 5H 6H 7H")
    @app_commands.autocomplete(cards=hand_cards)
    @app_commands.guild_only()
    @refusals
    async def meld(self, interaction: discord.Interaction[Diwaniya], cards: CardsText) -> None:
        await self.move(interaction, {"do": "meld", "cards": cards.upper()})

    @app_commands.command(name="lay", description="Lay several melds at once (an opening).")
    @app_commands.describe(melds="Melds separated by |, e.g. 5H 6H 7H | 9C 10C JC")
    @app_commands.guild_only()
    @refusals
    async def lay(self, interaction: discord.Interaction[Diwaniya], melds: CardsText) -> None:
        limits.text(melds, limits.CARDS_MAX)
        parts = [p.strip().upper() for p in melds.split("|") if p.strip()]
        await self.move(interaction, {"do": "lay", "melds": parts, "adds": []})

    @app_commands.command(name="add", description="Add cards to a meld on the table.")
    @app_commands.describe(
        meld="The meld's number on the table", cards="Cards to add", end="Which end of a run"
    )
    @app_commands.autocomplete(cards=hand_cards)
    @app_commands.guild_only()
    @refusals
    async def add(
        self,
        interaction: discord.Interaction[Diwaniya],
        meld: app_commands.Range[int, 1, 999],
        cards: CardsText,
        end: Literal["high", "low"] | None = None,
    ) -> None:
        data: dict[str, Any] = {"do": "add", "meld": meld, "cards": cards.upper()}
        if end:
            data["end"] = end
        await self.move(interaction, data)

    @app_commands.command(
        name="swap", description="Hand: reclaim a joker from a meld with the card it stands for."
    )
    @app_commands.describe(
        meld="The meld's number on the table", cards="The card(s) the joker stands for"
    )
    @app_commands.autocomplete(cards=hand_cards)
    @app_commands.guild_only()
    @refusals
    async def swap(
        self,
        interaction: discord.Interaction[Diwaniya],
        meld: app_commands.Range[int, 1, 999],
        cards: CardsText,
    ) -> None:
        await self.move(interaction, {"do": "swap", "meld": meld, "cards": cards.upper()})

    @app_commands.command(name="play", description="Run Fast: play a combination.")
    @app_commands.describe(cards="The cards separated by spaces, e.g. 9S 9H")
    @app_commands.autocomplete(cards=hand_cards)
    @app_commands.guild_only()
    @refusals
    async def play(self, interaction: discord.Interaction[Diwaniya], cards: CardsText) -> None:
        await self.move(interaction, {"do": "play", "cards": cards.upper()})

    @app_commands.command(name="bid", description="More: bid chips for the Solo.")
    @app_commands.describe(chips="How many chips")
    @app_commands.guild_only()
    @refusals
    async def bid(
        self, interaction: discord.Interaction[Diwaniya], chips: app_commands.Range[int, 0, MAX_BID]
    ) -> None:
        if not 0 <= chips <= MAX_BID:
            raise Refusal("limits.choice")
        await self.move(interaction, {"do": "bid", "chips": chips})


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Play(bot))
