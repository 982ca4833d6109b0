"""The private hand's controls: a button for each of the simple moves the engine allows now,
a paged menu for the rest, a button per amount while More's bids are sealed, and the view they
sit in (``hand_controls``). What the hand says and a move made from these controls are
``cogs.utils.hand``.

Each is a ``Control`` whose custom_id carries the table and the move number it was drawn at
(untrusted: the service checks the number, the engine the move), so a hand shown before a
restart still plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.client import limits
from bot.client.diwaniya import lang_of
from bot.games.base import Bid, Move, move_from_dict
from bot.games.views import RummyView
from bot.i18n import ENGLISH, t
from bot.i18n.moves import choice_words
from bot.tables import HandInfo, Refusal
from cogs.utils.buttons import ActionButton, Control, TableView
from cogs.utils.context import service_of
from cogs.utils.hand import (
    HandExtra,
    bid_now,
    bidding,
    extras_of,
    live_hands,
    play_from_hand,
    send_hand,
)

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

# Moves on one page of the move menu: as many as Discord lets one select menu offer.
PAGE = limits.SELECT_OPTIONS
# The moves with a button of their own; the others are chosen from the menu.
SIMPLE = ("draw", "take", "pass", "return")
# The private hand's buttons: (label's key, style); "hand" is also on the table message.
LABELS = {
    "hand": ("btn_hand", discord.ButtonStyle.primary),
    "draw": ("btn_draw", discord.ButtonStyle.primary),
    "take": ("btn_take", discord.ButtonStyle.success),
    "pass": ("btn_pass", discord.ButtonStyle.secondary),
    "return": ("mv_return", discord.ButtonStyle.secondary),
    "laynow": ("btn_lay_now", discord.ButtonStyle.success),
}


class HandButton(ActionButton, prefix="dw", actions=LABELS):
    """Show my hand, and the hand's simple moves (draw, take, pass, return, lay it now): the
    custom_id carries the action, the table and the move number it was drawn at; all three are
    untrusted and re-checked by the service."""

    @staticmethod
    def look(action: str, lang: str) -> tuple[str, discord.ButtonStyle]:
        key, style = LABELS[action]
        return t(key, lang, cards="", card="", meld="", chips=""), style

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        service, gid = service_of(interaction), interaction.guild_id or 0
        a, uid, tid = self.action, interaction.user.id, self.table
        if a == "hand":
            await interaction.response.defer(ephemeral=True, thinking=True)
            await send_hand(interaction, service.hand(gid, tid, uid))
            return
        # A move from the private hand's buttons, shown in that same hand afterwards.
        await interaction.response.defer()
        if a == "laynow":
            # The engine's lays that use the taken card(s); the first is the one offered.
            info = service.hand(gid, tid, uid)
            if info.version != self.number:
                raise Refusal("stale")
            lays = lay_now_moves(info)
            if not lays:
                raise Refusal("no_lay_now")
            move = lays[0]
        else:
            move = move_from_dict({"do": a})
        await play_from_hand(interaction, service, gid, tid, move, self.number)


def pages_of(moves: Sequence[Move]) -> int:
    """The menu pages ``moves`` take, at least one."""
    return max(1, -(-len(moves) // PAGE))


def move_options(
    moves: Sequence[Move], page: int, lang: str = ENGLISH
) -> list[discord.SelectOption]:
    """Page ``page`` of a menu of ``moves`` as choices in ``lang``, each valued by its index in
    the whole list (so the pages together offer every move); a page past the end holds one
    dash, since Discord refuses a menu without options."""
    chunk = list(enumerate(moves))[page * PAGE : (page + 1) * PAGE]
    options = [
        discord.SelectOption(
            label=limits.fit(choice_words(m, lang), limits.OPTION_LABEL), value=str(i)
        )
        for i, m in chunk
    ]
    return options or [discord.SelectOption(label="-", value="-1")]


class MoveSelect(
    Control[discord.ui.Select[discord.ui.View]],
    template=r"dwm:(?P<table>\d+):(?P<version>\d+):(?P<page>\d+)",
):
    """One page of the moves the engine allows now; a value is the move's index in the engine's
    list at that move number, so the service's version check makes it safe."""

    def __init__(
        self,
        table: int,
        version: int,
        page: int,
        legal: Sequence[Move] = (),
        lang: str = ENGLISH,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"dwm:{table}:{version}:{page}",
                placeholder=t("select_move", lang, page=page + 1, pages=pages_of(legal)),
                options=move_options(legal, page, lang),
            )
        )
        self.table, self.version, self.page = table, version, page

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        service = service_of(interaction)
        gid = interaction.guild_id or 0
        await interaction.response.defer()
        info = service.hand(gid, self.table, interaction.user.id)
        index = int(self.item.values[0])
        if info.version != self.version or not 0 <= index < len(info.legal):
            raise Refusal("stale_menu")
        move = info.legal[index]
        await play_from_hand(interaction, service, gid, self.table, move, self.version)

    def refused(self, refusal: Refusal) -> Refusal:
        # The service's "stale" speaks of a button: the member chose from a menu.
        return Refusal("stale_menu") if refusal.key == "stale" else refusal


class PageButton(
    Control[discord.ui.Button[discord.ui.View]],
    template=r"dwp:(?P<table>\d+):(?P<version>\d+):(?P<page>\d+)",
):
    """Another page of the move menu, in place."""

    def __init__(self, table: int, version: int, page: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"dwp:{table}:{version}:{page}",
            )
        )
        self.table, self.version, self.page = table, version, page

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        service = service_of(interaction)
        info = service.hand(interaction.guild_id or 0, self.table, interaction.user.id)
        if info.version != self.version:
            raise Refusal("stale")
        lang = await lang_of(interaction)
        await interaction.response.edit_message(
            view=hand_controls(info, self.page, extras_of(interaction), lang)
        )
        hands = live_hands(interaction)
        if hands is not None:  # the hand the member is looking at: kept from here
            hands.keep(interaction, info, lang)


class BidButton(
    Control[discord.ui.Button[discord.ui.View]],
    template=r"dwb:(?P<table>\d+):(?P<version>\d+):(?P<chips>\d+)",
):
    """One amount on More's bidding screen; table, move number and chips come from the
    custom_id, untrusted: the service checks the move number, the engine the bid."""

    def __init__(self, table: int, version: int, chips: int, lang: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("btn.bid", lang, chips=chips),
                style=discord.ButtonStyle.primary,
                custom_id=f"dwb:{table}:{version}:{chips}",
            )
        )
        self.table, self.version, self.chips = table, version, chips

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        service = service_of(interaction)
        await interaction.response.defer()
        move = move_from_dict({"do": "bid", "chips": self.chips})
        gid = interaction.guild_id or 0
        await play_from_hand(interaction, service, gid, self.table, move, self.version)


def lay_now_moves(info: HandInfo) -> list[Move]:
    """After taking the pile or a discard, the engine's legal moves are the lays that use a taken
    card (``view.must_lay``); empty otherwise."""
    if not isinstance(info.view, RummyView) or not info.view.must_lay:
        return []
    return [m for m in info.legal if m.do not in SIMPLE]


def hand_controls(
    info: HandInfo, page: int = 0, extras: Sequence[HandExtra] = (), lang: str = ENGLISH
) -> discord.ui.View:
    """Only the moves the engine allows now: buttons for the simple ones, a paged menu for the
    rest (every option reachable, never truncated), then the ``extras``' controls; labelled in
    the member's ``lang``. While More's bids are sealed: a button per amount instead."""
    v = TableView()
    tid, ver = info.table.id, info.version
    v.add_item(HandButton("hand", tid, ver, lang))
    if bidding(info):
        if bid_now(info):
            for m in info.legal:
                if isinstance(m, Bid):
                    v.add_item(BidButton(tid, ver, m.chips, lang))
        for extra in extras:
            for item in extra(info, lang):
                v.add_item(item)
        return v
    for m in info.legal:
        if m.do in SIMPLE:
            v.add_item(HandButton(m.do, tid, ver, lang))
    if lay_now_moves(info):
        v.add_item(HandButton("laynow", tid, ver, lang))
    rest = [m for m in info.legal if m.do not in SIMPLE]
    for extra in extras:
        for item in extra(info, lang):
            v.add_item(item)
    if rest:
        # Indexes must be those of the full legal list, so page over it but show non-simple ones.
        pages = pages_of(info.legal)
        page = min(page, pages - 1)
        v.add_item(MoveSelect(tid, ver, page, info.legal, lang))
        if page > 0:
            v.add_item(PageButton(tid, ver, page - 1, t("btn_prev", lang)))
        if page < pages - 1:
            v.add_item(PageButton(tid, ver, page + 1, t("btn_next", lang)))
    return v


# The private hand's kinds of control, registered with the table message's
# (``cogs.utils.presenter.table_messages``).
HAND_CONTROLS = (HandButton, MoveSelect, PageButton, BidButton)
