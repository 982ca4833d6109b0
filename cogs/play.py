"""Playing: the live table message, private hands, move commands and the table's buttons.

Thin on purpose: every rule is the engine's, asked through the table service; this module turns
interactions into service calls and the service's notices into messages.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.client import lang_of, refusals, refuse
from bot.games.base import BadMove, Bid, Move, Reason, move_from_dict
from bot.games.cards import CardError
from bot.games.more3 import MAX_BID
from bot.i18n import ENGLISH, has, number, pick_language, t, t_n
from bot.practice import private_table
from bot.store import StoreUnavailable
from bot.tables import (
    HandInfo,
    LiveTable,
    Notice,
    Refusal,
    TableService,
    computer_name_key,
    public_view,
    unsaved,
)
from cogs.ratings import game_over_note
from render import render_hand, render_score_sheet, render_table

if TYPE_CHECKING:
    from bot.client import Diwaniya

logger = logging.getLogger(__name__)

PAGE = 25  # Discord's limit on options in one select menu
# The games' names in English (the reference); players read ``game_name(game, lang)``.
GAME_NAMES = {"mor": "Mor", "more3": "More", "hand": "Hand", "runfast": "Run Fast"}


def game_name(game: str, lang: str = ENGLISH) -> str:
    """A game's name as its players say it in ``lang`` (the glossary's), by the game's key."""
    key = f"game.{game}.name"
    return t(key, lang) if has(key) else game


# ---------------------------------------------------------------- pictures, through one adapter


def _table_png(
    view: Any, names: Sequence[str], computers: Sequence[int], lang: str = ENGLISH
) -> bytes:
    return render_table(view, names, computers=computers, lang=lang)


def _hand_png(
    view: Any, four_colour: bool = False, sort: str = "suit", lang: str = ENGLISH
) -> bytes:
    return render_hand(
        view,
        game=getattr(view, "game", None),
        four_colour=four_colour,
        sort="rank" if sort == "rank" else "suit",
        lang=lang,
    )


def _score_png(view: Any, names: Sequence[str], lang: str = ENGLISH) -> bytes:
    return render_score_sheet(
        view.result,
        names,
        view.totals,
        view.game,
        round_no=view.round_no + 1,
        winners=view.winners,
        game_over=view.game_over,
        lang=lang,
    )


async def picture(fn: Any, *args: Any, name: str) -> discord.File | None:
    """A picture in a thread, or None: a failed picture must never stop the game's text."""
    try:
        data = await asyncio.to_thread(fn, *args)
    except Exception:
        logger.exception("Rendering %s failed; sending text only", name)
        return None
    return discord.File(io.BytesIO(data), filename=name) if data else None


# ---------------------------------------------------------------- words


def move_words(m: Any, lang: str = ENGLISH) -> str:
    """A move's record form in words, in ``lang`` (``{"do": "discard", "card": "7H"}`` →
    discarded 7H)."""
    d = m.to_dict() if isinstance(m, Move) else dict(m)
    do = d.get("do", "")
    cards = " ".join(d.get("cards", []))
    if do == "lay":
        parts = [" ".join(x) for x in d.get("melds", [])]
        parts += [f"{' '.join(a['cards'])}→{a['meld']}" for a in d.get("adds", [])]
        cards = " | ".join(parts)
    key = "mv_meld" if do == "lay" else f"mv_{do}"  # a lay is worded as a meld: "laid …"
    try:
        return t(
            key,
            lang,
            cards=cards,
            card=d.get("card", ""),
            meld=d.get("meld", ""),
            chips=d.get("chips", ""),
        )
    except KeyError:
        return str(do)


def choice_words(m: Move, lang: str = ENGLISH) -> str:
    """A move as a choice to make, in ``lang`` ("discard KC"), where ``move_words`` tells one
    made ("discarded KC")."""
    d = m.to_dict()
    do = d.get("do", "")
    cards = " ".join(d.get("cards", []))
    if do == "lay":
        parts = [" ".join(x) for x in d.get("melds", [])]
        parts += [f"{' '.join(a['cards'])}→{a['meld']}" for a in d.get("adds", [])]
        cards = " | ".join(parts)
    if not has(f"do_{do}", lang):
        return move_words(m, lang)
    params = {"cards": cards, "card": d.get("card", ""), "meld": d.get("meld", "")}
    return t(f"do_{do}", lang, chips=d.get("chips", ""), **params)


def sealed(live: LiveTable, move: dict[str, Any]) -> dict[str, Any]:
    """A move as everyone at the table may read it: a More bid says how much only once every bid
    is in (the bids are sealed until the reveal), so while bidding goes on it is just "bid"."""
    bidding = live.engine is not None and getattr(live.engine, "phase", None) == "bid"
    return {"do": "bid_sealed"} if move.get("do") == "bid" and bidding else move


def level_name(level: str | None, lang: str = ENGLISH) -> str:
    """A computer player's level in words (``hard``)."""
    key = f"level.{level}"
    return t(key, lang) if level and has(key) else str(level)


def computer_name(live: LiveTable, seat: int, lang: str = ENGLISH) -> str:
    """A computer player's given name in ``lang`` (Fahad, فهد, फ़हद): its table's and seat's,
    so every computer at a table has its own and keeps it across restarts."""
    return t(computer_name_key(live.id, seat), lang)


def names_of(
    bot: Diwaniya, live: LiveTable, lang: str = ENGLISH, *, picture: bool = False
) -> list[str]:
    """The seats' names as the table shows them: members' display names, and the words for an
    empty seat or a computer in ``lang``. A computer is its given name with that it is one and
    its seat ("Fahad (computer, seat 2)"); in a ``picture`` its given name alone, which fits a
    phone's seat plate whole, as the plate says "computer" itself."""
    out = []
    for i, seat in enumerate(live.seats):
        if seat is None:
            out.append(t("console.seat", lang, seat=i + 1))
        elif seat.user_id is not None:
            # As last seen: in this run, else as kept with the table (after a restart).
            name = bot.names.get(seat.user_id) or seat.name
            out.append(name or t("seat.unknown_member", lang, id=seat.user_id))
        elif picture:
            out.append(computer_name(live, i, lang))
        else:
            out.append(t("seat.computer", lang, name=computer_name(live, i, lang), seat=i + 1))
    return out


def seat_name(bot: Diwaniya, live: LiveTable, seat: int, lang: str = ENGLISH) -> str:
    return names_of(bot, live, lang)[seat]


def standings(
    totals: Sequence[float], low_score_wins: bool = False, winners: Sequence[int] = ()
) -> list[tuple[int, int]]:
    """(place, seat) best first: the game's winners first, sharing first place, then the
    others by total, the highest first, or the lowest where low scores win (Hand); equal
    totals share a place and keep seat order (1, 1, 3). In Run Fast whoever goes out first
    wins, whatever the settlement says, so the winner leads even behind a bigger total."""
    order = sorted(range(len(totals)), key=lambda s: totals[s] if low_score_wins else -totals[s])
    won = [s for s in order if s in winners]
    out: list[tuple[int, int]] = [(1, s) for s in won]
    rest = [s for s in order if s not in winners]
    for i, seat in enumerate(rest):
        tied = i > 0 and totals[seat] == totals[rest[i - 1]]
        out.append((out[-1][0] if tied else len(won) + i + 1, seat))
    return out


def option_words(options: Mapping[str, Any], lang: str = ENGLISH) -> str:
    """A table's options as the lobby lists them (``players=4, length=full``), the names and
    the worded values (quick, full, yes, no) in ``lang``; numbers stay as they are."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return t("yes" if v else "no", lang)
        key = f"option.value.{v}"
        return t(key, lang) if has(key) else str(v)

    def name(k: str) -> str:
        key = f"option.{k}"
        return t(key, lang) if has(key) else k

    return ", ".join(f"{name(k)}={value(v)}" for k, v in options.items())


def typed_refusal(error: BadMove | CardError | Exception) -> Refusal:
    """A typed move or card the game can't read, refused with the error's own reason (worded in
    each reader's language) where it carries one, else its sentence."""
    reason = getattr(error, "reason", None)
    return Refusal("bad_cards", reason if isinstance(reason, Reason) else str(error))


def service_of(interaction: discord.Interaction) -> TableService:
    bot: Any = interaction.client
    assert bot.service is not None
    return bot.service


def remember(interaction: discord.Interaction) -> None:
    """Members' display names come from interactions (no members intent is asked for)."""
    bot: Any = interaction.client
    bot.names[interaction.user.id] = interaction.user.display_name


# ---------------------------------------------------------------- the table message


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
        round_no = getattr(view, "round_no", 0) + 1
        lines = [t("table_title", lang, game=game, table=tb.id, round=round_no)]
        if view.turn is not None:
            lines.append(t("table_turn", lang, name=names[view.turn]))
        elif getattr(view, "round_over", False):
            lines.append(t("table_no_turn", lang))
        for key, seat, move in self.story.get(tb.id, ()):
            said = t(key, lang, name=names[seat], move=move_words(move, lang))
            lines.append(t("table_last", lang, text=said))
        totals = getattr(view, "totals", None)
        if totals:
            scores = ", ".join(
                f"{n} {number(s, lang)}" for n, s in zip(names, totals, strict=False)
            )
            lines.append(t("table_scores", lang, scores=scores))
        if hasattr(view, "stock_count"):
            lines.append(t("table_stock", lang, count=t_n("n_cards", view.stock_count, lang)))
        meters = getattr(view, "meters", None)
        if meters:
            teams = " · ".join(
                t("table.team_meter", lang, team=i + 1, meter=m) for i, m in enumerate(meters)
            )
            lines.append(t("table_meters", lang, meters=teams))
        return "\n".join(lines)[:2000]

    def final_text(self, live: LiveTable, lang: str = ENGLISH) -> str:
        """The table message once the game is over: the final standings, best first, each
        seat's total and the pearls it won, and what the Rematch button does."""
        engine = live.engine
        assert engine is not None
        names = names_of(self.bot, live, lang)
        totals = public_view(engine).totals
        pearls = engine.pearls()
        game = game_name(live.table.game, lang)
        lines = [t("table.game_over_title", lang, game=game, table=live.id)]
        if live.table.game == "runfast":
            # One deal: whoever went out first wins, and the settlement may still favour
            # another seat (a bomb's bonus), so the winner is said first, then the settlement.
            won = ", ".join(names[s] for s in engine.winners)
            lines.append(t("table.went_out_first", lang, names=won))
        else:
            lines.append(t("table.standings", lang))
        for place, seat in standings(totals, engine.low_score_wins, engine.winners):
            words = {"place": place, "name": names[seat], "total": number(totals[seat], lang)}
            won = int(pearls.get(seat, 0))
            if won:
                lines.append(
                    t("table.standing_pearls", lang, pearls=t_n("n_pearls", won, lang), **words)
                )
            else:
                lines.append(t("table.standing", lang, **words))
        lines.append(t("table.rematch_hint", lang))
        return "\n".join(lines)[:2000]

    def view(self, live: LiveTable, lang: str = ENGLISH) -> discord.ui.View:
        v = TableView()
        tid, ver = live.id, live.version
        if live.engine is not None and live.engine.game_over:
            # The game is over: no move may be made, only the same table played again.
            v.add_item(RematchButton(tid, lang))
            for extra in getattr(self.bot, "over_extras", ()):  # cogs.review: a practice review
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
            v.add_item(TableButton("hand", tid, ver, lang))
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
            file = await picture(
                _table_png,
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
        await service_of_bot(self.bot).set_messages(
            live, thread_id=live.table.thread_id, message_id=sent.id
        )

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
        extra = {"file": file} if file else {}
        await self.channel(live).send(text, allowed_mentions=allowed, **extra)

    async def round_summary(
        self, live: LiveTable, names: Sequence[str], lang: str = ENGLISH
    ) -> tuple[str, discord.File | None]:
        """The round's scores in words and its score sheet, line by line, as a picture, so
        players can check the arithmetic."""
        view = public_view(live.engine)
        scores = ", ".join(
            f"{nm} {number(s, lang, sign=True)}"
            for nm, s in zip(names, view.result.scores, strict=False)
        )
        drawn = names_of(self.bot, live, lang, picture=True)  # short enough for the sheet
        sheet = await picture(_score_png, view, drawn, lang, name="scores.png")
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
        out = []
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
        lang = await self.language(live)
        names = names_of(self.bot, live, lang)
        story = self.story.setdefault(live.id, deque(maxlen=3))
        if n.kind == "lobby":
            await self.refresh(live, lang=lang)
        elif n.kind == "started":
            story.clear()
            await self.refresh(live, lang=lang)
        elif n.kind == "cancelled":
            await self.say(live, t("lobby_cancelled", lang, table=live.id))
            if live.table.message_id:
                msg = self.channel(live).get_partial_message(live.table.message_id)  # type: ignore[attr-defined]
                await msg.edit(view=None)
        elif n.kind == "move":
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
        elif n.kind == "turn" and n.user_id is not None:
            if self.mover.get(live.id) == n.user_id:
                return
            await self.say(
                live,
                t("ping", lang, mention=f"<@{n.user_id}>", table=live.id),
                mention=n.user_id,
            )
        elif n.kind == "taken_over":
            await self.say(live, t("taken_over", lang, name=names[n.seat]))
        elif n.kind == "taken_back":
            await self.refresh(live, lang=lang)
        elif n.kind == "round_over":
            text, sheet = await self.round_summary(live, names, lang)
            soon = t("next_round_soon", lang, seconds=int(self.bot.next_round_delay))
            await self.say(live, text + " " + soon, file=sheet)
        elif n.kind == "next_round":
            story.clear()
            await self.refresh(live, lang=lang)
        elif n.kind == "game_over":
            engine = live.engine
            pearls = engine.pearls()
            won = ", ".join(names[s] for s in engine.winners)
            given = ", ".join(f"{names[s]} {p}" for s, p in pearls.items() if p)
            await self.refresh(live, lang=lang)
            # The last round's scores and sheet come with the result, in one message.
            text, sheet = await self.round_summary(live, names, lang)
            won_text = t("game_won", lang, names=won, pearls=given or "0")
            if live.table.game == "runfast":
                # The game is its one deal: the winner first, then the deal's settlement.
                result = public_view(engine).result
                scores = ", ".join(
                    f"{nm} {number(s, lang, sign=True)}"
                    for nm, s in zip(names, result.scores, strict=False)
                )
                text, won_text = won_text, t("table.settlement", lang, scores=scores)
            note = await self.rating_note(live, names, lang)
            await self.say(live, "\n".join(filter(None, [text + " " + won_text, note])), file=sheet)
        elif n.kind == "restored":
            story.clear()
            story.extend(self.last_moves(live))
            await self.say(live, t("restored", lang))
            if live.table.message_id:
                await self.refresh(live, lang=lang)


def service_of_bot(bot: Any) -> TableService:
    assert bot.service is not None
    return bot.service


# ---------------------------------------------------------------- buttons that survive restarts


async def control_failed(interaction: discord.Interaction, error: BaseException) -> None:
    """An unexpected error in a button or menu: logged with its traceback, and the member gets a
    short private apology instead of Discord's "interaction failed". A store that could not
    save just now is no bug: the member hears that nothing was saved."""
    if isinstance(error, StoreUnavailable):
        await refuse(interaction, unsaved(error))
        return
    logger.error("A table control failed", exc_info=error)
    try:
        await refuse(interaction, Refusal("error"))
    except discord.HTTPException:
        logger.warning("Could not apologise for a failed control")


class TableView(discord.ui.View):
    """Every view the bot sends; its controls are DynamicItems (they outlive the process), and
    each catches its own errors too, since a restored control has no live View behind it."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        await control_failed(interaction, error)


LABELS = {
    "join": ("btn_join", discord.ButtonStyle.success),
    "leave": ("btn_leave", discord.ButtonStyle.secondary),
    "bot": ("btn_computer", discord.ButtonStyle.secondary),
    "start": ("btn_start", discord.ButtonStyle.primary),
    "cancel": ("btn_cancel", discord.ButtonStyle.danger),
    "team0": ("btn_team", discord.ButtonStyle.secondary),
    "team1": ("btn_team", discord.ButtonStyle.secondary),
    "hand": ("btn_hand", discord.ButtonStyle.primary),
    "ready": ("btn_ready", discord.ButtonStyle.success),
    "draw": ("btn_draw", discord.ButtonStyle.primary),
    "take": ("btn_take", discord.ButtonStyle.success),
    "pass": ("btn_pass", discord.ButtonStyle.secondary),
    "return": ("mv_return", discord.ButtonStyle.secondary),
    "laynow": ("btn_lay_now", discord.ButtonStyle.success),
}


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"dw:(?P<action>[a-z0-9]+):(?P<table>\d+):(?P<version>\d+)",
):
    """Every table and hand button: the custom_id carries the action, the table and the move
    number it was drawn at; all three are untrusted and re-checked by the service."""

    def __init__(self, action: str, table: int, version: int, lang: str = ENGLISH) -> None:
        key, style = LABELS[action]
        team = int(action[-1]) + 1 if action.startswith("team") else ""
        label = t(key, lang, team=team, cards="", card="", meld="", chips="")
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"dw:{action}:{table}:{version}")
        )
        self.action, self.table, self.version = action, table, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> TableButton:
        return cls(match["action"], int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        remember(interaction)
        service = service_of(interaction)
        gid = interaction.guild_id or 0
        try:
            await self.act(interaction, service, gid)
        except Refusal as r:
            await refuse(interaction, r)
        except Exception as e:
            await control_failed(interaction, e)

    async def act(self, interaction: discord.Interaction, service: TableService, gid: int) -> None:
        a, uid, tid = self.action, interaction.user.id, self.table
        if a == "hand":
            await interaction.response.defer(ephemeral=True, thinking=True)
            await send_hand(interaction, service.hand(gid, tid, uid))
            return
        if a in (*SIMPLE, "laynow"):
            # A move from the private hand's buttons, shown in that same hand afterwards.
            await interaction.response.defer()
            if a == "laynow":
                # The engine's lays that use the taken card(s); the first is the one offered.
                info = service.hand(gid, tid, uid)
                if info.version != self.version:
                    raise Refusal("stale")
                lays = lay_now_moves(info)
                if not lays:
                    raise Refusal("no_lay_now")
                move = lays[0]
            else:
                move = move_from_dict({"do": a})
            await play_from_hand(interaction, service, gid, tid, move, self.version)
            return
        await interaction.response.defer()
        if a == "join":
            await service.join(gid, tid, uid)
        elif a == "leave":
            await service.leave(gid, tid, uid)
        elif a == "bot":
            await service.add_computer(gid, tid, uid)
        elif a == "start":
            await service.start(gid, tid, uid)
        elif a == "cancel":
            await service.cancel(gid, tid, uid)
        elif a.startswith("team"):
            await service.pick_team(gid, tid, uid, int(a[-1]))
        elif a == "ready":
            await service.ready(gid, tid, uid)


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"dwr:(?P<table>\d+)",
):
    """A finished table's Rematch: the same seats at a new table in the same place. The
    custom_id carries only the old table's id, untrusted and re-checked against the store by
    the service, so the button works after a restart too."""

    def __init__(self, table: int, lang: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("btn.rematch", lang),
                style=discord.ButtonStyle.success,
                custom_id=f"dwr:{table}",
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        remember(interaction)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.rematch(interaction)
        except Refusal as r:
            await refuse(interaction, r)
        except Exception as e:
            await control_failed(interaction, e)

    async def rematch(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client
        uid = interaction.user.id
        live = await service_of(interaction).rematch(interaction.guild_id or 0, self.table, uid)
        # The new lobby where everyone is looking, then the others called to it by a ping:
        # the host starts it, and anyone who would rather not play leaves.
        lang = await bot.presenter.language(live)
        await bot.presenter.refresh(live, new=True, lang=lang)
        others = [m for m in live.members() if m != uid]
        if others and not private_table(live):
            mentions = " ".join(f"<@{m}>" for m in others)
            text = t("rematch.called", lang, mentions=mentions, name=f"<@{uid}>", table=live.id)
            allowed = discord.AllowedMentions(users=[discord.Object(m) for m in others])
            await bot.presenter.channel(live).send(text, allowed_mentions=allowed)
        mine = await lang_of(interaction)
        await interaction.followup.send(t("rematch.opened", mine, table=live.id), ephemeral=True)


# ---------------------------------------------------------------- private hands


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select],
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
        chunk = list(enumerate(legal))[page * PAGE : (page + 1) * PAGE]
        pages = max(1, -(-len(legal) // PAGE))
        options = [
            discord.SelectOption(label=choice_words(m, lang)[:100], value=str(i)) for i, m in chunk
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"dwm:{table}:{version}:{page}",
                placeholder=t("select_move", lang, page=page + 1, pages=pages),
                options=options or [discord.SelectOption(label="-", value="-1")],
            )
        )
        self.table, self.version, self.page = table, version, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> MoveSelect:
        obj = cls(int(match["table"]), int(match["version"]), int(match["page"]))
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
    discord.ui.DynamicItem[discord.ui.Button],
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
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> PageButton:
        return cls(int(match["table"]), int(match["version"]), int(match["page"]), item.label or "")

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
        except Refusal as r:
            await refuse(interaction, r)
        except Exception as e:
            await control_failed(interaction, e)


class BidButton(
    discord.ui.DynamicItem[discord.ui.Button],
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
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
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


SIMPLE = ("draw", "take", "pass", "return")


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
    kept on the bot: discord.py loads each extension as a fresh module, so a list kept in this
    module is not the one another cog's ``from cogs import play`` reaches."""
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
    v.add_item(TableButton("hand", tid, ver, lang))
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
            v.add_item(TableButton(m.do, tid, ver, lang))
    if lay_now_moves(info):
        v.add_item(TableButton("laynow", tid, ver, lang))
    rest = [m for m in info.legal if m.do not in SIMPLE]
    for extra in extras:
        for item in extra(info, lang):
            v.add_item(item)
    if rest:
        # Indexes must be those of the full legal list, so page over it but show non-simple ones.
        pages = max(1, -(-len(info.legal) // PAGE))
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
    who = ", ".join(names[s] for s in done) or t("bid.nobody", lang)
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
    bot: Any = interaction.client
    four_colour, sort = False, "suit"
    if getattr(bot, "store", None) is not None:
        prefs = await bot.member_settings(interaction.user.id)
        four_colour, sort = prefs.card_style == "four_colour", prefs.sort_order
    files: list[discord.File] = []
    if not bidding(info):
        file = await picture(_hand_png, info.view, four_colour, sort, lang, name="hand.png")
        files = [file] if file else []
    text = hand_text(bot, info, lang)
    live = info.table
    if private_table(live):
        # No table message anywhere: the table comes with the hand.
        text = bot.presenter.text(live, lang) + "\n\n" + text
        names = names_of(bot, live, lang, picture=True)
        computers = [i for i in range(len(live.seats)) if live.automated(i)]
        table = await picture(
            _table_png, public_view(live.engine), names, computers, lang, name="table.png"
        )
        files = [table, *files] if table else files
    text = "\n".join([*notes, text])[:2000]
    view = hand_controls(info, extras=extras_of(interaction), lang=lang) if controls else None
    return text, files, view


async def send_hand(interaction: discord.Interaction, info: HandInfo) -> None:
    """A fresh ephemeral hand in the member's language, with the moves allowed now."""
    lang = await lang_of(interaction)
    text, files, view = await hand_answer(interaction, info, lang)
    kwargs: dict[str, Any] = {"ephemeral": True, "view": view}
    if files:
        kwargs["files"] = files
    await interaction.followup.send(text, **kwargs)


async def show_after_move(
    interaction: discord.Interaction, service: TableService, gid: int, tid: int, move: Move
) -> None:
    """After a move from the private hand's controls (the interaction deferred), that same
    message becomes the hand as it stands now: the move's confirmation first, then the cards
    and the controls for what the member may do now, none when the turn has passed on (the
    turn ping calls them back), so no stale control is left behind."""
    lang = await lang_of(interaction)
    notes = [t("move_done", lang, move=move_words(move, lang))]
    live = next((lt for lt in service.tables(gid) if lt.id == tid), None)
    private = live is not None and private_table(live)
    if private:
        # Nothing is posted for this table: let the computers play, then show where it stands.
        await service.idle(gid, tid)
    presenter: Any = getattr(interaction.client, "presenter", None)
    notes += presenter.outbox.pop(interaction.user.id, []) if presenter else []
    try:
        if live is None or live.engine is None or live.engine.game_over:
            raise Refusal("game_over")
        info = service.hand(gid, tid, interaction.user.id)
    except Refusal:
        # The game is over and its table closed: the confirmation (and any news) alone.
        text = "\n".join(notes)[:2000]
        await interaction.edit_original_response(content=text, attachments=[], view=None)
        return
    keep = has_moves(info) or private  # a practice table's hand is its only way back in
    text, files, view = await hand_answer(interaction, info, lang, notes, controls=keep)
    await interaction.edit_original_response(content=text, attachments=files, view=view)


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
        await show_after_move(interaction, service, gid, tid, move)
        return

    async def confirm() -> None:
        await show_after_move(interaction, service, gid, tid, move)

    await service.play(
        gid, tid, interaction.user.id, move, expected_version=version, confirm=confirm
    )


# ---------------------------------------------------------------- slash commands for moves


async def hand_cards(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete from the caller's own hand only (at most 25)."""
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
        if len(out) == 25:
            break
    return out


# Typed cards, with Discord's length limits in the synced command (checked again in ``move``).
CardText = app_commands.Range[str, 1, limits.CARD_MAX]
CardsText = app_commands.Range[str, 1, limits.CARDS_MAX]


class Play(commands.Cog):
    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
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

    async def move(self, interaction: discord.Interaction, data: dict[str, Any]) -> None:
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
            text = t("move_done", lang, move=move_words(move, lang))
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
    async def hand(self, interaction: discord.Interaction) -> None:
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
    async def draw(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, {"do": "draw"})

    @app_commands.command(name="take", description="Take the discard pile.")
    @app_commands.guild_only()
    @refusals
    async def take(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, {"do": "take"})

    @app_commands.command(name="return", description="Return a card (where the game allows it).")
    @app_commands.guild_only()
    @refusals
    async def return_(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, {"do": "return"})

    @app_commands.command(name="pass", description="Pass your turn (where the game allows it).")
    @app_commands.guild_only()
    @refusals
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, {"do": "pass"})

    @app_commands.command(name="discard", description="Throw one card onto the discard pile.")
    @app_commands.describe(card="The card, e.g. 7H, 10S, QD, JK (joker)")
    @app_commands.autocomplete(card=hand_cards)
    @app_commands.guild_only()
    @refusals
    async def discard(self, interaction: discord.Interaction, card: CardText) -> None:
        await self.move(interaction, {"do": "discard", "card": card.strip().upper()})

    @app_commands.command(name="meld", description="Lay one new meld from your hand.")
    @app_commands.describe(cards="The meld's cards separated by spaces, e.g. 5H 6H 7H")
    @app_commands.autocomplete(cards=hand_cards)
    @app_commands.guild_only()
    @refusals
    async def meld(self, interaction: discord.Interaction, cards: CardsText) -> None:
        await self.move(interaction, {"do": "meld", "cards": cards.upper()})

    @app_commands.command(name="lay", description="Lay several melds at once (an opening).")
    @app_commands.describe(melds="Melds separated by |, e.g. 5H 6H 7H | 9C 10C JC")
    @app_commands.guild_only()
    @refusals
    async def lay(self, interaction: discord.Interaction, melds: CardsText) -> None:
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
        interaction: discord.Interaction,
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
        interaction: discord.Interaction,
        meld: app_commands.Range[int, 1, 999],
        cards: CardsText,
    ) -> None:
        await self.move(interaction, {"do": "swap", "meld": meld, "cards": cards.upper()})

    @app_commands.command(name="play", description="Run Fast: play a combination.")
    @app_commands.describe(cards="The cards separated by spaces, e.g. 9S 9H")
    @app_commands.autocomplete(cards=hand_cards)
    @app_commands.guild_only()
    @refusals
    async def play(self, interaction: discord.Interaction, cards: CardsText) -> None:
        await self.move(interaction, {"do": "play", "cards": cards.upper()})

    @app_commands.command(name="bid", description="More: bid chips for the Solo.")
    @app_commands.describe(chips="How many chips")
    @app_commands.guild_only()
    @refusals
    async def bid(
        self, interaction: discord.Interaction, chips: app_commands.Range[int, 0, MAX_BID]
    ) -> None:
        if not 0 <= chips <= MAX_BID:
            raise Refusal("limits.choice")
        await self.move(interaction, {"do": "bid", "chips": chips})


async def setup(bot: Diwaniya) -> None:
    presenter = Presenter(bot)
    bot.presenter = presenter
    assert bot.service is not None
    bot.service.listener = presenter.handle
    bot.add_dynamic_items(TableButton, MoveSelect, PageButton, BidButton, RematchButton)
    await bot.add_cog(Play(bot))
