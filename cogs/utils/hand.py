"""A member's private hand: what it says (their cards, whose turn, More's sealed bids), the
picture of it and the table with it where the hand is the whole table, and a move made from its
controls, shown in that same hand afterwards. The controls themselves are
``cogs.utils.hand_controls``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.client import limits
from bot.client.diwaniya import lang_of
from bot.client.table_messages import KeptHands, TableMessages
from bot.games.base import Move, Phase
from bot.games.more3 import MAX_BID
from bot.games.views import More3View
from bot.i18n import ENGLISH, names_list, t, t_n
from bot.i18n.moves import choice_words, move_words
from bot.learning.practice import coach_notes, private_table
from bot.tables import HandInfo, LiveTable, Refusal, TableService, public_view
from cogs.utils import pictures
from cogs.utils.words import names_of, seat_name

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

# Another cog's controls for a private hand, given the hand and the member's language.
HandExtra = Callable[[HandInfo, str], Sequence[discord.ui.Item[Any]]]


def extras_of(interaction: discord.Interaction[Diwaniya]) -> Sequence[HandExtra]:
    """The controls other cogs add to a private hand (cogs.learn: a practice table's Hint),
    kept on the bot, each cog adding its own while it is loaded: every bot in a process (tests
    run many) has its own list, and a cog's reload never leaves a second copy behind."""
    return interaction.client.hand_extras


def shown_by(bot: Diwaniya) -> TableMessages:
    """The bot's table messages (its Presenter), made by whichever cog that shows a table
    loaded first (``cogs.utils.presenter.table_messages``): every cog that shows a hand did."""
    presenter = bot.presenter
    assert presenter is not None, "a cog that shows a hand asks for the table messages as it loads"
    return presenter


def bidding(info: HandInfo) -> bool:
    """More with bidding before the reveal: the cards are dealt face down, nobody holds one."""
    return info.view.phase == Phase.BID


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


def bid_text(bot: Diwaniya, info: HandInfo, lang: str = ENGLISH) -> str:
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
    bids = info.view.bids if isinstance(info.view, More3View) else ()
    mine = bids[info.seat] if info.seat < len(bids) else None
    if mine is not None:
        lines.append(t("bid.yours", lang, chips=mine))
    if bid_now(info):
        lines.append(t("bid.your_turn", lang))
    elif info.view.turn is not None and info.view.turn != info.seat:
        lines.append(t("bid.waiting", lang, name=names[info.view.turn]))
    return "\n".join(lines)


def hand_text(bot: Diwaniya, info: HandInfo, lang: str = ENGLISH) -> str:
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
    interaction: discord.Interaction[Diwaniya],
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
    bot: Diwaniya,
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
    if bot.store is not None and picture:
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
        text = shown_by(bot).text(live, lang) + "\n\n" + text
        names = names_of(bot, live, lang, picture=True)
        computers = [i for i in range(len(live.seats)) if live.automated(i)]
        assert live.engine is not None  # a hand is shown at a dealt game
        table = await pictures.picture(
            pictures.table_png, public_view(live.engine), names, computers, lang, name="table.png"
        )
        files = [table, *(files or [])] if table else files
    # A guided table's coach speaks above the hand (bot.learning.practice.coach_notes).
    text = limits.fit("\n".join([*notes, *coach_notes(info, lang, choice_words), text]))
    # The controls' module imports this one (a control's press shows the hand again), so it is
    # imported here, once this one is whole.
    from cogs.utils.hand_controls import hand_controls

    view = hand_controls(info, extras=extras, lang=lang) if controls else None
    return text, files, view


def live_hands(interaction: discord.Interaction[Diwaniya]) -> KeptHands:
    """The bot's kept private hands (``cogs.utils.live_hands.LiveHands``, the Presenter's)."""
    return shown_by(interaction.client).hands


async def send_hand(interaction: discord.Interaction[Diwaniya], info: HandInfo) -> None:
    """A fresh ephemeral hand in the member's language, with the moves allowed now."""
    lang = await lang_of(interaction)
    text, files, view = await hand_answer(interaction, info, lang)
    kwargs: dict[str, Any] = {"ephemeral": True, "view": view}
    if files:
        kwargs["files"] = files
    sent = await interaction.followup.send(text, wait=True, **kwargs)
    # This hand is now the member's latest: kept up to date from here.
    live_hands(interaction).keep(interaction, info, lang, message_id=sent.id)


async def finished_answer(
    interaction: discord.Interaction[Diwaniya], live: LiveTable, lang: str, notes: Sequence[str]
) -> tuple[str, list[discord.File], discord.ui.View]:
    """The last hand of a practice table without a thread, once its game is over: the move's
    confirmation and the game's news, then the finished table as a table message would show it
    (the standings, its picture) with the same controls (Rematch, and ``bot.over_extras``:
    the review)."""
    bot = interaction.client
    names = names_of(bot, live, lang, picture=True)
    computers = [i for i in range(len(live.seats)) if live.automated(i)]
    assert live.engine is not None  # the game is over, so it was dealt
    table = await pictures.picture(
        pictures.table_png, public_view(live.engine), names, computers, lang, name="table.png"
    )
    presenter = shown_by(bot)
    text = limits.fit("\n".join(notes) + "\n\n" + presenter.text(live, lang))
    return text, [table] if table else [], presenter.view(live, lang)


async def show_after_move(
    interaction: discord.Interaction[Diwaniya], service: TableService, live: LiveTable, move: Move
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
    notes += shown_by(interaction.client).outbox.pop(interaction.user.id, [])
    view: discord.ui.View | None  # the controls the message is left with, if any
    uid = interaction.user.id
    hands = live_hands(interaction)
    # This message may be the member's kept hand with an edit of its own under way: this edit
    # waits for it, so the newer hand is the one that stays.
    editing = hands.editing(gid, tid, uid)
    try:
        if live.engine is None or live.engine.game_over:
            raise Refusal("game.over")
        info = service.hand(gid, tid, uid)
    except Refusal:
        # The game is over and its table closed: the confirmation (and any news), and where the
        # hand is the whole table, the finished table with its controls (Rematch, the review).
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
        hands.keep(interaction, info, lang)  # the hand played from is the member's latest now


async def play_from_hand(
    interaction: discord.Interaction[Diwaniya],
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
