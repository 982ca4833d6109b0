"""Each seated member's latest private hand, kept up to date, so that a member need not press
Show my hand at the start of every turn.

Discord lets a bot edit an ephemeral message only through an interaction that made it or was
made on it (its webhook token), and only for 15 minutes. So the hand a member last opened (Show
my hand, /hand) or last played from is remembered here with that interaction, and edited when
the table changes what it shows: the member's cards, the moves they may make now, whose turn it
is. What it shows is worked out when the table service tells of a change, and the service tells
only once the change is saved, so a hand never shows a move a crash could still lose; it is the
member's own seat's view (``TableService.hand``), so never another seat's cards.

- One edit in flight per member, and a burst shown once: an edit waits until the change under
  way is done and the computers have played (``TableService.idle``), then shows the hand as it
  stands; whatever changed meanwhile is in that one edit.
- An interaction past its 15 minutes is let go without a word (no edit is tried), and so is one
  Discord no longer knows (the member dismissed the message): the Show my hand button on the
  table message and on the hand itself always sends a fresh one, which is kept from then on.
- A member who is no longer seated, whose seat the computer keeps, or whose table closed is let
  go; the end of a game is shown once (the cards, no controls) and then let go.
- Kept in memory only: after a restart there are none, and the button works as ever. A control
  on a hand that is out of date is refused by the service as it always was (``stale``).

A practice table without a thread is left out: its hand is the whole table and already shows
where it stands once the computers have played (``cogs.utils.hand.show_after_move``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.client import limits
from bot.games.views import RummyView
from bot.i18n import t
from bot.learning.practice import private_table
from bot.tables import HandInfo, LiveTable, Refusal
from cogs.utils.hand import bidding, hand_parts, hand_text, has_moves

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Sight:
    """What a private hand shows that a change at the table can change: its words (the cards,
    whose turn it is, More's bidding), what its picture draws, and the move number its controls
    act at (None while the member has no move: then a move elsewhere leaves them as they are).
    Two equal sights need no edit between them."""

    text: str
    cards: tuple[Any, ...]
    controls: int | None
    over: bool = False


def sight_of(bot: Diwaniya, info: HandInfo, lang: str, over: bool = False) -> Sight:
    view = info.view
    # Run Fast draws nothing and lays nothing: only the rummies' views have those cards.
    just_drawn, must_lay = (
        (view.just_drawn, view.must_lay) if isinstance(view, RummyView) else ((), ())
    )
    drawn = (
        bidding(info),
        tuple(str(c) for c in view.hand),
        tuple(str(c) for c in just_drawn),
        tuple(str(c) for c in must_lay),
    )
    text = hand_text(bot, info, lang)
    if over:
        return Sight(t("game.over", lang) + "\n" + text, drawn, None, over=True)
    return Sight(text, drawn, info.version if has_moves(info) else None)


@dataclass(eq=False)
class Kept:
    """One member's kept hand at one table: the interaction that may edit it (and the message,
    when it is a follow-up rather than the interaction's own response), the language it speaks,
    what it shows now, and the change waiting to be shown."""

    interaction: discord.Interaction[Diwaniya]
    message_id: int | None
    lang: str
    shown: Sight
    # Held while the message is edited, by the keeper and by a move from the hand's controls,
    # so that two edits of one member's hand are never in flight together.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    waiting: tuple[Sight, HandInfo] | None = None
    task: asyncio.Task[None] | None = None
    gone: bool = False  # replaced by a newer hand, or let go


class LiveHands:
    """The kept hands of one bot, by table and member; the Presenter tells it of every change
    (``changed``), the hand's code of every hand shown (``keep``)."""

    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot
        self.kept: dict[tuple[int, int], dict[int, Kept]] = {}

    def keep(
        self,
        interaction: discord.Interaction[Diwaniya],
        info: HandInfo,
        lang: str,
        message_id: int | None = None,
    ) -> None:
        """``interaction`` has just shown ``info`` to its member (its own response, or the
        follow-up ``message_id``): that hand is the member's latest, kept from now on."""
        live = info.table
        if private_table(live):
            return
        here = self.kept.setdefault((live.guild_id, live.id), {})
        old = here.get(interaction.user.id)
        lock = asyncio.Lock()
        if old is not None:
            old.gone = True
            lock = old.lock  # an edit of the older hand still under way finishes first
        sight = sight_of(self.bot, info, lang)
        here[interaction.user.id] = Kept(interaction, message_id, lang, sight, lock)

    def editing(self, guild_id: int, table_id: int, user_id: int) -> Any:
        """Held around an edit of the member's hand made elsewhere (a move from its controls)."""
        kept = self.kept.get((guild_id, table_id), {}).get(user_id)
        return kept.lock if kept is not None else contextlib.nullcontext()

    def forget(self, guild_id: int, table_id: int, user_id: int, kept: Kept | None = None) -> None:
        """Let the member's hand go (only ``kept``, if given, not a newer one)."""
        here = self.kept.get((guild_id, table_id), {})
        now = here.get(user_id)
        if now is None or (kept is not None and now is not kept):
            return
        now.gone = True
        del here[user_id]
        if not here:
            self.kept.pop((guild_id, table_id), None)

    def changed(self, live: LiveTable) -> None:
        """The table changed, and the change is saved (the service tells only then): each kept
        hand there whose sight changed is edited soon, one edit at a time per member."""
        for user_id, kept in list(self.kept.get((live.guild_id, live.id), {}).items()):
            seen = self.look(live, user_id, kept)
            if seen is None:
                self.forget(live.guild_id, live.id, user_id, kept)
                continue
            sight, _ = seen
            if sight == (kept.waiting[0] if kept.waiting else kept.shown):
                continue
            kept.waiting = seen
            if kept.task is None or kept.task.done():
                kept.task = asyncio.create_task(self._show(live, user_id, kept))

    def look(self, live: LiveTable, user_id: int, kept: Kept) -> tuple[Sight, HandInfo] | None:
        """What the member's hand should show now, or None when it is no longer to be kept."""
        engine = live.engine
        seat = live.seat_of(user_id)
        if kept.interaction.is_expired() or engine is None or seat is None:
            return None
        if live.taken_over(seat):
            return None  # the computer plays this seat until the member takes it back
        if engine.game_over:  # the service has let the table go: its last hand, no controls
            info = HandInfo(live, seat, engine.view(seat), (), live.version, False)
            return sight_of(self.bot, info, kept.lang, over=True), info
        service = self.bot.service
        assert service is not None  # opened before the cogs load, closed after them
        try:
            info = service.hand(live.guild_id, live.id, user_id)
        except Refusal:  # the table closed (cancelled)
            return None
        return sight_of(self.bot, info, kept.lang), info

    async def _show(self, live: LiveTable, user_id: int, kept: Kept) -> None:
        try:
            while kept.waiting is not None and not kept.gone:
                # A change is told from inside it (under the table's lock); after it, the
                # computers may play on: shown once, where they stop.
                async with live.lock:
                    pass
                assert self.bot.service is not None
                await self.bot.service.idle(live.guild_id, live.id)
                async with kept.lock:
                    if kept.gone or kept.waiting is None:
                        return
                    (sight, info), kept.waiting = kept.waiting, None
                    if sight == kept.shown:
                        continue
                    if kept.interaction.is_expired():
                        self.forget(live.guild_id, live.id, user_id, kept)
                        return
                    try:
                        await self._edit(kept, sight, info)
                    except discord.NotFound:  # expired or dismissed: Show my hand is there
                        self.forget(live.guild_id, live.id, user_id, kept)
                        return
                    except discord.HTTPException as e:
                        # Tried again with the table's next change; the button is there too.
                        logger.warning("Table %d: a kept hand's edit failed: %s", live.id, e)
                        continue
                    kept.shown = sight
                    if sight.over:
                        self.forget(live.guild_id, live.id, user_id, kept)
                        return
        except Exception:
            logger.exception("Table %d: keeping a hand up to date failed", live.id)
            self.forget(live.guild_id, live.id, user_id, kept)

    async def _edit(self, kept: Kept, sight: Sight, info: HandInfo) -> None:
        bot = self.bot
        user_id = kept.interaction.user.id
        text, files, view = await hand_parts(
            bot,
            user_id,
            info,
            kept.lang,
            controls=not sight.over,
            extras=bot.hand_extras,
            picture=sight.cards != kept.shown.cards,
        )
        if sight.over:
            text = limits.fit(sight.text)  # the game is over: its last hand, said so
        kwargs: dict[str, Any] = {"content": text, "view": view}
        if files is not None:
            kwargs["attachments"] = files
        if kept.message_id is None:
            await kept.interaction.edit_original_response(**kwargs)
        else:
            await kept.interaction.followup.edit_message(kept.message_id, **kwargs)

    def close(self) -> None:
        """Stop every edit under way and keep nothing (the play cog unloading)."""
        for here in self.kept.values():
            for kept in here.values():
                kept.gone = True
                if kept.task is not None:
                    kept.task.cancel()
        self.kept.clear()
