"""A member's private hand: what it says (their cards, whose turn, More's sealed bids), the
picture of it, and the controls for exactly the moves the engine allows now (buttons for the
simple ones, a paged menu for the rest, a button per amount while More's bids are sealed), and
a move made from those controls, shown in that same hand afterwards.

The controls are DynamicItems whose custom_id carries the table and the move number they were
drawn at (untrusted: the service checks the number, the engine the move), so a hand shown
before a restart still plays.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.client import limits
from bot.client.diwaniya import lang_of, refuse
from bot.games.base import Bid, Move, move_from_dict
from bot.games.more3 import MAX_BID
from bot.i18n import ENGLISH, names_list, t, t_n
from bot.i18n.moves import choice_words, move_words
from bot.learning.practice import coach_notes, private_table
from bot.tables import HandInfo, LiveTable, Refusal, TableService, public_view
from cogs.utils import pictures
from cogs.utils.buttons import ActionButton, TableView, control_failed
from cogs.utils.context import remember, service_of
from cogs.utils.words import names_of, seat_name

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

    async def press(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, service_of(interaction), interaction.guild_id or 0)

    async def act(self, interaction: discord.Interaction, service: TableService, gid: int) -> None:
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
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
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

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        obj = cls(int(match["table"]), int(match["version"]), int(match["page"]))
        assert isinstance(item, discord.ui.Select)  # the template is a Select's custom_id
        obj.item = item
        return obj

    async def callback(self, interaction: discord.Interaction) -> None:
        remember(interaction)
        service = service_of(interaction)
        gid = interaction.guild_id or 0
        try:
            await interaction.response.defer()
            info = service.hand(gid, self.table, interaction.user.id)
            index = int(self.item.values[0])
            if info.version != self.version or not 0 <= index < len(info.legal):
                raise Refusal("stale_menu")
            move = info.legal[index]
            await play_from_hand(interaction, service, gid, self.table, move, self.version)
        except Refusal as r:
            # The service's "stale" speaks of a button: the member pressed a menu.
            await refuse(interaction, Refusal("stale_menu") if r.key == "stale" else r)
        except Exception as e:
            await control_failed(interaction, e)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"dwp:(?P<table>\d+):(?P<version>\d+):(?P<page>\d+)",
):
    def __init__(self, table: int, version: int, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"dwp:{table}:{version}:{page}",
            )
        )
        self.table, self.version, self.page = table, version, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["table"]), int(match["version"]), int(match["page"]), label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        try:
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
        except Refusal as r:
            await refuse(interaction, r)
        except Exception as e:
            await control_failed(interaction, e)


class BidButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
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

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BidButton:
        return cls(int(match["table"]), int(match["version"]), int(match["chips"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        remember(interaction)
        service = service_of(interaction)
        gid = interaction.guild_id or 0
        try:
            await interaction.response.defer()
            move = move_from_dict({"do": "bid", "chips": self.chips})
            await play_from_hand(interaction, service, gid, self.table, move, self.version)
        except Refusal as r:
            await refuse(interaction, r)
        except Exception as e:
            await control_failed(interaction, e)


def lay_now_moves(info: HandInfo) -> list[Move]:
    """After taking the pile or a discard, the engine's legal moves are the lays that use a taken
    card (``view.must_lay``); empty otherwise."""
    if not getattr(info.view, "must_lay", ()):
        return []
    return [m for m in info.legal if m.do not in SIMPLE]


# Another cog's controls for a private hand, given the hand and the member's language.
HandExtra = Callable[[HandInfo, str], Sequence[discord.ui.Item[Any]]]


def extras_of(interaction: discord.Interaction) -> Sequence[HandExtra]:
    """The controls other cogs add to a private hand (cogs.learn: a practice table's Hint),
    kept on the bot, each cog adding its own while it is loaded: every bot in a process (tests
    run many) has its own list, and a cog's reload never leaves a second copy behind."""
    return getattr(interaction.client, "hand_extras", ())


def bidding(info: HandInfo) -> bool:
    """More with bidding before the reveal: the cards are dealt face down, nobody holds one."""
    return getattr(info.view, "phase", None) == "bid"


def bid_now(info: HandInfo) -> bool:
    """The member may bid now: the engine still offers them a bid and the table's turn (which
    the service holds to, one bidder after another from the starter) is theirs."""
    return any(m.do == "bid" for m in info.legal) and info.view.turn in (None, info.seat)


def has_moves(info: HandInfo) -> bool:
    """Something the member may do now, so their hand carries controls."""
    return bid_now(info) if bidding(info) else bool(info.legal)


def have_bid(live: LiveTable) -> list[int]:
    """The seats that have bid, never how much: while bids are sealed the engine offers a bid
    to exactly the seats that have not."""
    engine = live.engine
    assert engine is not None
    return [s for s in range(engine.n_seats) if not engine.legal_moves(s)]


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


def bid_text(bot: Any, info: HandInfo, lang: str = ENGLISH) -> str:
    """More's bidding screen: what the bid is, its range, who has bid (not how much), the
    member's own bid, and whose bid the table waits for."""
    live = info.table
    names = names_of(bot, live, lang)
    done = have_bid(live)
    who = names_list((names[s] for s in done), lang) or t("bid.nobody", lang)
    lines = [
        t("bid.title", lang),
        t("bid.explain", lang, low=0, high=MAX_BID),
        t("bid.have_bid", lang, names=who),
    ]
    bids = getattr(info.view, "bids", ())
    mine = bids[info.seat] if info.seat < len(bids) else None
    if mine is not None:
        lines.append(t("bid.yours", lang, chips=mine))
    if bid_now(info):
        lines.append(t("bid.your_turn", lang))
    elif info.view.turn is not None and info.view.turn != info.seat:
        lines.append(t("bid.waiting", lang, name=names[info.view.turn]))
    return "\n".join(lines)


def hand_text(bot: Any, info: HandInfo, lang: str = ENGLISH) -> str:
    if bidding(info):
        return bid_text(bot, info, lang)
    cards = " ".join(str(c) for c in info.view.hand)
    count = t_n("n_cards", len(info.view.hand), lang)
    lines = [t("hand_header", lang, count=count, cards=cards or "-")]
    if info.legal:
        lines.append(t("hand_your_turn", lang))
    elif info.view.turn is not None:
        name = seat_name(bot, info.table, info.view.turn, lang)
        lines.append(t("hand_not_turn", lang, name=name))
    return "\n".join(lines)


async def hand_answer(
    interaction: discord.Interaction,
    info: HandInfo,
    lang: str,
    notes: Sequence[str] = (),
    controls: bool = True,
) -> tuple[str, list[discord.File], discord.ui.View | None]:
    """The private hand in ``lang`` as text, pictures and controls: ``notes`` first (a move's
    confirmation, a practice table's news), the cards drawn the way the member chose in
    /preferences, the allowed moves unless ``controls`` is False; while More's bids are sealed,
    the bidding screen and no picture (there is no card to show)."""
    text, files, view = await hand_parts(
        interaction.client, interaction.user.id, info, lang, notes, controls, extras_of(interaction)
    )
    return text, files or [], view


async def hand_parts(
    bot: Any,
    user_id: int,
    info: HandInfo,
    lang: str,
    notes: Sequence[str] = (),
    controls: bool = True,
    extras: Sequence[HandExtra] = (),
    picture: bool = True,
) -> tuple[str, list[discord.File] | None, discord.ui.View | None]:
    """``hand_answer`` for a member known by id, so a hand can be shown again without a new
    interaction (``cogs.utils.live_hands``); without ``picture`` the files are None: the
    message keeps the picture it has (the cards it draws have not changed)."""
    four_colour, sort = False, "suit"
    if getattr(bot, "store", None) is not None and picture:
        prefs = await bot.member_settings(user_id)
        four_colour, sort = prefs.card_style == "four_colour", prefs.sort_order
    files: list[discord.File] | None = [] if picture else None
    if picture and not bidding(info):
        file = await pictures.picture(
            pictures.hand_png, info.view, four_colour, sort, lang, name="hand.png"
        )
        files = [file] if file else []
    text = hand_text(bot, info, lang)
    live = info.table
    if private_table(live):
        # No table message anywhere: the table comes with the hand.
        text = bot.presenter.text(live, lang) + "\n\n" + text
        names = names_of(bot, live, lang, picture=True)
        computers = [i for i in range(len(live.seats)) if live.automated(i)]
        assert live.engine is not None  # a hand is shown at a dealt game
        table = await pictures.picture(
            pictures.table_png, public_view(live.engine), names, computers, lang, name="table.png"
        )
        files = [table, *(files or [])] if table else files
    # A guided table's coach speaks above the hand (bot.learning.practice.coach_notes).
    text = limits.fit("\n".join([*notes, *coach_notes(info, lang, choice_words), text]))
    view = hand_controls(info, extras=extras, lang=lang) if controls else None
    return text, files, view


def live_hands(interaction: discord.Interaction) -> Any:
    """The bot's kept private hands (``cogs.utils.live_hands.LiveHands``, the Presenter's while
    the play cog is loaded), or None."""
    return getattr(getattr(interaction.client, "presenter", None), "hands", None)


async def send_hand(interaction: discord.Interaction, info: HandInfo) -> None:
    """A fresh ephemeral hand in the member's language, with the moves allowed now."""
    lang = await lang_of(interaction)
    text, files, view = await hand_answer(interaction, info, lang)
    kwargs: dict[str, Any] = {"ephemeral": True, "view": view}
    if files:
        kwargs["files"] = files
    sent = await interaction.followup.send(text, wait=True, **kwargs)
    hands = live_hands(interaction)
    if hands is not None:  # this hand is now the member's latest: kept up to date from here
        hands.keep(interaction, info, lang, message_id=sent.id)


async def finished_answer(
    interaction: discord.Interaction, live: LiveTable, lang: str, notes: Sequence[str]
) -> tuple[str, list[discord.File], discord.ui.View]:
    """The last hand of a practice table without a thread, once its game is over: the move's
    confirmation and the game's news, then the finished table as a table message would show it
    (the standings, its picture) with the same controls (Rematch, and ``bot.over_extras``:
    the review)."""
    bot: Any = interaction.client
    names = names_of(bot, live, lang, picture=True)
    computers = [i for i in range(len(live.seats)) if live.automated(i)]
    assert live.engine is not None  # the game is over, so it was dealt
    table = await pictures.picture(
        pictures.table_png, public_view(live.engine), names, computers, lang, name="table.png"
    )
    text = limits.fit("\n".join(notes) + "\n\n" + bot.presenter.text(live, lang))
    return text, [table] if table else [], bot.presenter.view(live, lang)


async def show_after_move(
    interaction: discord.Interaction, service: TableService, live: LiveTable, move: Move
) -> None:
    """After a move from the private hand's controls (the interaction deferred), that same
    message becomes the hand as it stands now: the move's confirmation first, then the cards
    and the controls for what the member may do now, none when the turn has passed on (the
    turn ping calls them back), so no stale control is left behind. ``live`` is the table as
    the move found it: a game the move ended is let go of by the service, and this object still
    holds it as it finished."""
    lang = await lang_of(interaction)
    notes = [t("move_done", lang, move=move_words(move, lang))]
    gid, tid = live.guild_id, live.id
    private = private_table(live)
    if private:
        # Nothing is posted for this table: let the computers play, then show where it stands.
        await service.idle(gid, tid)
    presenter: Any = getattr(interaction.client, "presenter", None)
    notes += presenter.outbox.pop(interaction.user.id, []) if presenter else []
    view: discord.ui.View | None  # the controls the message is left with, if any
    uid = interaction.user.id
    hands = live_hands(interaction)
    # This message may be the member's kept hand with an edit of its own under way: this edit
    # waits for it, so the newer hand is the one that stays.
    editing = hands.editing(gid, tid, uid) if hands is not None else contextlib.nullcontext()
    try:
        if live.engine is None or live.engine.game_over:
            raise Refusal("game_over")
        info = service.hand(gid, tid, uid)
    except Refusal:
        # The game is over and its table closed: the confirmation (and any news), and where the
        # hand is the whole table, the finished table with its controls (Rematch, the review).
        if hands is not None:
            hands.forget(gid, tid, uid)  # this edit is the hand's last
        if not private or live.engine is None or not live.engine.game_over:
            text = limits.fit("\n".join(notes))
            async with editing:
                await interaction.edit_original_response(content=text, attachments=[], view=None)
            return
        text, files, view = await finished_answer(interaction, live, lang, notes)
        async with editing:
            await interaction.edit_original_response(content=text, attachments=files, view=view)
        return
    keep = has_moves(info) or private  # a practice table's hand is its only way back in
    text, files, view = await hand_answer(interaction, info, lang, notes, controls=keep)
    async with editing:
        await interaction.edit_original_response(content=text, attachments=files, view=view)
        if hands is not None:  # the hand played from is the member's latest now
            hands.keep(interaction, info, lang)


async def play_from_hand(
    interaction: discord.Interaction,
    service: TableService,
    gid: int,
    tid: int,
    move: Move,
    version: int,
) -> None:
    """A move from the private hand's buttons or menu (the interaction deferred): saved, then
    the member's hand edited with its confirmation, and only then the public table drawn and
    edited, so the mover's first words never wait for the table's picture. A practice table has
    no public message: its hand shows once the computers have played."""
    live = service.get(gid, tid)
    if private_table(live):
        await service.play(gid, tid, interaction.user.id, move, expected_version=version)
        await show_after_move(interaction, service, live, move)
        return

    async def confirm() -> None:
        await show_after_move(interaction, service, live, move)

    await service.play(
        gid, tid, interaction.user.id, move, expected_version=version, confirm=confirm
    )
