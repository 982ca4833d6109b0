"""The table message: the service's notices (a move, a turn, a round's or the game's end)
turned into what the table's channel shows: one live message with its picture and buttons,
edited after every move, and short messages beside it (the turn ping, results), all in the
server's language, since everyone at the table reads them.

Each bot has one Presenter (``table_messages``), made by the first cog that shows a table (the
lobby, the play, learn, review and tournament cogs each ask for it as they load) and kept on the
bot for its life: it hears the table service's notices, and the table's and the hands' controls
are registered with it, so no cog needs another loaded to show a table. A private practice
table has no message of its own: its news waits for the member's next private hand. Every notice also reaches the members' kept private hands
(``cogs.utils.live_hands``), which edit themselves when what they show has changed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.client import limits
from bot.games.views import MorView, RummyView
from bot.i18n import ENGLISH, comma, names_list, number, pick_language, t, t_n
from bot.i18n.moves import move_words
from bot.learning.practice import is_practice, private_table
from bot.tables import LiveTable, Notice, NoticeKind, public_view
from cogs.utils import pictures
from cogs.utils.buttons import RematchButton, TableButton, TableView
from cogs.utils.hand_controls import HAND_CONTROLS, HandButton
from cogs.utils.live_hands import LiveHands
from cogs.utils.ratings import game_over_note
from cogs.utils.words import (
    computer_name,
    game_name,
    level_name,
    names_of,
    option_words,
    sealed,
    standings,
)

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

# The table message's and the private hands' controls: known to the bot from the first table
# message on, so that a button pressed on a message from before a restart still reaches them.
CONTROLS = (TableButton, RematchButton, *HAND_CONTROLS)


def table_messages(bot: Diwaniya) -> Presenter:
    """The bot's one Presenter, made on the first call: it hears the table service's notices
    and the bot knows the table's and the hands' controls from then on, for the bot's life
    (closed with the bot). Every cog that shows a table calls this as it loads, so each works
    whichever others are loaded, and a reload leaves one of each."""
    found = bot.presenter
    if isinstance(found, Presenter):
        return found
    service = bot.service
    assert service is not None, "the table service opens before the cogs load"
    made = Presenter(bot)
    bot.presenter = made
    service.listener = made.handle
    bot.add_dynamic_items(*CONTROLS)
    return made


def meters_line(meters: Sequence[Any], lang: str = ENGLISH) -> str:
    """Mor's project meters as the table message's one line, "Projects — team 1: 200, needs
    one more project · team 2: 300 ✓": the teams apart by " · ", each meter one phrase."""
    teams = " · ".join(
        t("table.team_meter", lang, team=i + 1, meter=m) for i, m in enumerate(meters)
    )
    return t("table_meters", lang, meters=teams)


class Presenter:
    """Turns the service's notices into the table's messages: one live message, edited after
    every move, plus short messages (the turn ping, round and game results), all in the
    server's language: everyone at the table reads them."""

    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot
        # The table's last moves as data (the kind of line, the seat, the move's record), worded
        # when shown, so the table message reads in the language it is shown in.
        self.story: dict[int, deque[tuple[str, int, Mapping[str, Any]]]] = {}
        # Who made each table's last move by hand: their turn going on needs no new ping (they
        # are looking at it), which keeps a human move within three Discord requests.
        self.mover: dict[int, int | None] = {}
        # A private practice table's news (results, notes) by member, shown with their next hand.
        self.outbox: dict[int, list[str]] = {}
        # Each seated member's latest private hand, edited as the table changes.
        self.hands = LiveHands(bot)

    def close(self) -> None:
        """Stop editing the kept hands: the bot is closing."""
        self.hands.close()

    async def language(self, live: LiveTable) -> str:
        """The language the table speaks: the server's; a private practice table, which only
        its member ever sees, speaks the member's (their /preferences, else the server's)."""
        server = await self.bot.server_language(live.guild_id)
        if private_table(live):
            member = (await self.bot.member_settings(live.table.host_id)).language
            return pick_language(member, None, server)
        return server

    def channel(self, live: LiveTable) -> discord.abc.Messageable:
        return self.bot.get_partial_messageable(
            live.table.thread_id or live.table.channel_id, guild_id=live.guild_id
        )

    def text(self, live: LiveTable, lang: str = ENGLISH) -> str:
        tb = live.table
        game = game_name(tb.game, lang)
        names = names_of(self.bot, live, lang)
        timer = (
            t("timer_seconds", lang, seconds=tb.turn_timer)
            if tb.turn_timer
            else t("timer_off", lang)
        )
        if live.engine is None:
            lines = [
                t("lobby_title", lang, game=game, table=tb.id),
                t("lobby_host", lang, host=f"<@{tb.host_id}>"),
            ]
            for i, seat in enumerate(tb.seats):
                team = t("lobby_seat_team", lang, team=i % 2 + 1) if live.teams() else ""
                if seat is None:
                    lines.append(t("lobby_seat_empty", lang, seat=i + 1) + team)
                elif seat.is_computer:
                    level = level_name(seat.computer, lang)
                    name = computer_name(live, i, lang)
                    line = t("lobby.seat_computer", lang, seat=i + 1, name=name, level=level)
                    lines.append(line + team)
                else:
                    lines.append(t("lobby_seat_member", lang, seat=i + 1, name=names[i]) + team)
            opts = option_words(tb.options, lang) or "-"
            lines.append(t("lobby_options", lang, options=opts, timer=timer))
            return "\n".join(lines)
        if live.engine.game_over:
            return self.final_text(live, lang)
        view = public_view(live.engine)
        lines = [t("table_title", lang, game=game, table=tb.id, round=view.round_no + 1)]
        if view.turn is not None:
            lines.append(t("table_turn", lang, name=names[view.turn]))
        elif view.round_over:
            lines.append(t("table_no_turn", lang))
        for key, who, move in self.story.get(tb.id, ()):
            said = t(key, lang, name=names[who], move=move_words(move, lang))
            lines.append(t("table_last", lang, text=said))
        if view.totals:
            scores = comma(lang).join(
                f"{n} {number(s, lang)}" for n, s in zip(names, view.totals, strict=False)
            )
            lines.append(t("table_scores", lang, scores=scores))
        if isinstance(view, RummyView):  # Run Fast deals every card: no stock
            lines.append(t("table_stock", lang, count=t_n("n_cards", view.stock_count, lang)))
        if isinstance(view, MorView) and view.meters:
            lines.append(meters_line(view.meters, lang))
        return limits.fit("\n".join(lines))

    def final_text(self, live: LiveTable, lang: str = ENGLISH) -> str:
        """The table message once the game is over: the final standings, best first, each
        seat's total and the pearls it won, and what the Rematch button does."""
        engine = live.engine
        assert engine is not None
        names = names_of(self.bot, live, lang)
        totals = public_view(engine).totals
        practice = is_practice(live)  # earns no pearls: nothing of it is recorded
        pearls = {} if practice else engine.pearls()
        game = game_name(live.table.game, lang)
        lines = [t("table.game_over_title", lang, game=game, table=live.id)]
        if live.table.game == "runfast":
            # One deal: whoever went out first wins, and the settlement may still favour
            # another seat (a bomb's bonus), so the winner is said first, then the settlement.
            won = names_list((names[s] for s in engine.winners), lang)
            lines.append(t("table.went_out_first", lang, names=won))
        else:
            lines.append(t("table.standings", lang))
        for place, seat in standings(totals, engine.low_score_wins, engine.winners):
            words = {"place": place, "name": names[seat], "total": number(totals[seat], lang)}
            earned = int(pearls.get(seat, 0))
            if earned:
                lines.append(
                    t("table.standing_pearls", lang, pearls=t_n("n_pearls", earned, lang), **words)
                )
            else:
                lines.append(t("table.standing", lang, **words))
        if practice:
            lines.append(t("practice_no_pearls", lang))
        lines.append(t("table.rematch_hint", lang))
        return limits.fit("\n".join(lines))

    def view(self, live: LiveTable, lang: str = ENGLISH) -> discord.ui.View:
        v = TableView()
        tid, ver = live.id, live.version
        if live.engine is not None and live.engine.game_over:
            # The game is over: no move may be made, only the same table played again.
            v.add_item(RematchButton(tid, lang))
            for extra in self.bot.over_extras:  # cogs.review: a practice table's review
                for item in extra(live, lang):
                    v.add_item(item)
            return v
        if live.engine is None:
            for action in ("join", "leave", "bot", "start", "cancel"):
                v.add_item(TableButton(action, tid, ver, lang))
            if live.teams():
                v.add_item(TableButton("team0", tid, ver, lang))
                v.add_item(TableButton("team1", tid, ver, lang))
        else:
            v.add_item(HandButton("hand", tid, ver, lang))
            if live.engine.round_over and not live.engine.game_over:
                v.add_item(TableButton("ready", tid, ver, lang))
        return v

    async def refresh(self, live: LiveTable, *, new: bool = False, lang: str | None = None) -> None:
        """Edit the live message (or post it when there is none yet / ``new``)."""
        if private_table(live):
            return  # its table is shown in the member's private hand (send_hand)
        lang = lang or await self.language(live)
        file = None
        if live.engine is not None:
            computers = [i for i in range(len(live.seats)) if live.automated(i)]
            file = await pictures.picture(
                pictures.table_png,
                public_view(live.engine),
                names_of(self.bot, live, lang, picture=True),
                computers,
                lang,
                name="table.png",
            )
        content, view = self.text(live, lang), self.view(live, lang)
        channel = self.channel(live)
        if live.table.message_id and not new:
            msg = channel.get_partial_message(live.table.message_id)  # type: ignore[attr-defined]
            kwargs: dict[str, Any] = {"content": content, "view": view}
            kwargs["attachments"] = [file] if file else []
            await msg.edit(**kwargs)
            return
        kwargs = {"content": content, "view": view}
        if file:
            kwargs["file"] = file
        sent = await channel.send(**kwargs)
        service = self.bot.service
        assert service is not None
        await service.set_messages(live, thread_id=live.table.thread_id, message_id=sent.id)

    async def say(
        self,
        live: LiveTable,
        text: str,
        mention: int | None = None,
        file: discord.File | None = None,
    ) -> None:
        if private_table(live):
            if mention is None:  # a turn ping is noise there: the hand itself comes
                self.outbox.setdefault(live.table.host_id, []).append(text)
            return
        allowed = (
            discord.AllowedMentions(users=[discord.Object(mention)])
            if mention
            else discord.AllowedMentions.none()
        )
        if file is None:
            await self.channel(live).send(text, allowed_mentions=allowed)
        else:
            await self.channel(live).send(text, allowed_mentions=allowed, file=file)

    async def round_summary(
        self, live: LiveTable, names: Sequence[str], lang: str = ENGLISH
    ) -> tuple[str, discord.File | None]:
        """The round's scores in words and its score sheet, line by line, as a picture, so
        players can check the arithmetic."""
        assert live.engine is not None and live.engine.round_over  # told at a round's end
        view = public_view(live.engine)
        assert view.result is not None  # the round is over: its result is in the view
        scores = comma(lang).join(
            f"{nm} {number(s, lang, sign=True)}"
            for nm, s in zip(names, view.result.scores, strict=False)
        )
        drawn = names_of(self.bot, live, lang, picture=True)  # short enough for the sheet
        sheet = await pictures.picture(pictures.score_png, view, drawn, lang, name="scores.png")
        return t("round_over", lang, scores=scores), sheet

    async def rating_note(self, live: LiveTable, names: Sequence[str], lang: str) -> str:
        """The members' rating changes, read back from the result the game was saved with."""
        assert self.bot.store is not None
        record = await self.bot.store.table_game(live.guild_id, live.id)
        taken = any(live.taken_over(s) for s in range(len(live.seats)))
        return game_over_note(record, live.seats, names, taken, lang)

    @staticmethod
    def last_moves(live: LiveTable) -> list[tuple[str, int, Mapping[str, Any]]]:
        """The live table's "Last:" lines rebuilt from the saved record after a restart: the
        current round's last three moves (a seat the computer keeps marked as such)."""
        if live.engine is None:
            return []
        moves = list(live.engine.record.get("moves", ()))
        dealt = [i for i, m in enumerate(moves) if m.get("do") == "next_round"]
        moves = moves[dealt[-1] + 1 :] if dealt else moves
        out: list[tuple[str, int, Mapping[str, Any]]] = []
        for m in moves[-3:]:
            seat = m.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < len(live.seats):
                continue
            seated = live.seats[seat]
            kept = seated is not None and not seated.is_computer and live.taken_over(seat)
            out.append(("table.moved_kept" if kept else "moved", seat, sealed(live, dict(m))))
        return out

    async def handle(self, n: Notice) -> None:
        live = n.table
        self.hands.changed(live)  # the members' private hands follow, each in its own time
        lang = await self.language(live)
        names = names_of(self.bot, live, lang)
        story = self.story.setdefault(live.id, deque(maxlen=3))
        match n.kind:
            case NoticeKind.LOBBY:
                await self.refresh(live, lang=lang)
            case NoticeKind.STARTED:
                story.clear()
                await self.refresh(live, lang=lang)
            case NoticeKind.CANCELLED:
                await self.say(live, t("lobby_cancelled", lang, table=live.id))
                if live.table.message_id:
                    msg = self.channel(live).get_partial_message(live.table.message_id)  # type: ignore[attr-defined]
                    await msg.edit(view=None)
            case NoticeKind.MOVE:
                seat = n.seat if n.seat is not None else 0
                seated = live.seats[seat] if n.seat is not None else None
                self.mover[live.id] = None if n.auto or seated is None else seated.user_id
                # A member's turn the computer played: when their timer ran out, said in the
                # thread; once the computer keeps the seat (said once, by "taken_over"), its moves
                # show on the live table only, like any computer's.
                member = n.auto and seated is not None and not seated.is_computer
                key = "moved_for" if member else "moved"
                if member and live.taken_over(seat):
                    key = "table.moved_kept"
                story.append((key, seat, sealed(live, dict(n.move or {}))))
                if key == "moved_for":
                    words = move_words(story[-1][2], lang)
                    await self.say(live, t(key, lang, name=names[seat], move=words))
                await self.refresh(live, lang=lang)
            case NoticeKind.TURN if n.user_id is not None:
                if self.mover.get(live.id) == n.user_id:
                    return
                await self.say(
                    live,
                    t("ping", lang, mention=f"<@{n.user_id}>", table=live.id),
                    mention=n.user_id,
                )
            case NoticeKind.TAKEN_OVER:
                assert n.seat is not None  # a taken-over notice names its seat
                await self.say(live, t("taken_over", lang, name=names[n.seat]))
            case NoticeKind.TAKEN_BACK:
                await self.refresh(live, lang=lang)
            case NoticeKind.ROUND_OVER:
                text, sheet = await self.round_summary(live, names, lang)
                soon = t("next_round_soon", lang, seconds=int(self.bot.next_round_delay))
                await self.say(live, text + " " + soon, file=sheet)
            case NoticeKind.NEXT_ROUND:
                story.clear()
                await self.refresh(live, lang=lang)
            case NoticeKind.GAME_OVER:
                engine = live.engine
                assert engine is not None  # a game that is over was dealt
                pearls = engine.pearls()
                won = names_list((names[s] for s in engine.winners), lang)
                given = comma(lang).join(f"{names[s]} {p}" for s, p in pearls.items() if p)
                await self.refresh(live, lang=lang)
                # The last round's scores and sheet come with the result, in one message.
                text, sheet = await self.round_summary(live, names, lang)
                # "Winner: Sara" for one, "Winners: Sara and Omar" for a team: a plural entry.
                n_won = len(engine.winners)
                won_text = t_n("game_won", n_won, lang, names=won, pearls=given or "0")
                if is_practice(live):
                    won_text = t_n("practice_game_won", n_won, lang, names=won)
                if live.table.game == "runfast":
                    # The game is its one deal: the winner first, then the deal's settlement.
                    result = public_view(engine).result
                    assert result is not None  # the deal is over
                    scores = comma(lang).join(
                        f"{nm} {number(s, lang, sign=True)}"
                        for nm, s in zip(names, result.scores, strict=False)
                    )
                    text, won_text = won_text, t("table.settlement", lang, scores=scores)
                note = await self.rating_note(live, names, lang)
                await self.say(
                    live, "\n".join(filter(None, [text + " " + won_text, note])), file=sheet
                )
            case NoticeKind.RESTORED:
                story.clear()
                story.extend(self.last_moves(live))
                await self.say(live, t("restored", lang))
                if live.table.message_id:
                    await self.refresh(live, lang=lang)
