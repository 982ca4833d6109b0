"""A tournament as Discord shows it: the tournament message (kept up to date by editing it),
its Join / Leave buttons, the standings' lines and pictures, and the tournament service's
notices turned into threads, announcements and private messages.

The tournament cog makes one ``TournamentPresenter`` per bot and hands its ``handle`` to the
tournament service as its listener while the cog is loaded.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Self

import discord

from bot.client import limits
from bot.client.diwaniya import lang_of
from bot.i18n import ENGLISH, names_list, number, pick_language, t, t_n
from bot.store.tournaments import EntryStatus, Tournament, TournamentStatus
from bot.tables import Refusal
from bot.tournament.pairing import Bracket
from bot.tournament.scoring import BYE, STREAK, WIN
from bot.tournament.service import (
    Overview,
    TournamentNotice,
    TournamentNoticeKind,
    minimum_players,
)
from cogs.utils import pictures
from cogs.utils.buttons import Control, TableView
from cogs.utils.context import tournaments_of
from cogs.utils.words import game_name, option_words
from render import tournament as drawing

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

logger = logging.getLogger(__name__)

# Lines of standings the tournament message and /tournament results show in words (the
# picture shows them all).
STANDING_LINES = 10
# A scheduled event needs an end: an Arena's is its own; a Swiss is given this much a round,
# a knockout this much in all (Discord shows it as the event's length, nothing more).
EVENT_ROUND = timedelta(minutes=30)
EVENT_KNOCKOUT = timedelta(hours=2)
# A tournament's number in a button's custom_id: at most this many digits (a store's integer).
ID_DIGITS = 18


def points_text(half_points: int, lang: str = ENGLISH) -> str:
    """Points kept in half-points, as a player reads them: 3 → 1½."""
    whole, half = divmod(half_points, 2)
    if half and whole == 0:
        return "½"
    return number(whole, lang) + ("½" if half else "")


def format_name(fmt: str, lang: str) -> str:
    return t(f"tournament.format.{fmt}", lang)


def scoring_lines(t_: Tournament, lang: str) -> list[str]:
    """The rules of scoring in a line or two, as the tournament's players need them."""
    win = points_text(WIN, lang)
    if t_.game == "mor":
        lines = [t("tournament.msg.scoring_sides", lang, win=win)]
    else:
        lines = [
            t("tournament.msg.scoring_places", lang, win=win, second=points_text(WIN // 2, lang))
        ]
    if t_.format == "arena":
        lines.append(t("tournament.msg.streak", lang, wins=STREAK))
    elif t_.format == "swiss":
        lines.append(t("tournament.msg.tiebreaks", lang, bye=points_text(BYE, lang)))
    else:
        lines.append(t("tournament.msg.knockout_rule", lang))
    return lines


def stamp(when: Any) -> tuple[str, str]:
    """Discord's timestamp markup: each member sees the time in their own zone."""
    unix = int(when.timestamp())
    return f"<t:{unix}:F>", f"<t:{unix}:R>"


def member_names(bot: Diwaniya, view: Overview) -> dict[int, str]:
    """Each entrant's name: as last seen by the bot, else as kept with the sign-up."""
    return {
        e.user_id: bot.names.get(e.user_id) or e.name or f"<@{e.user_id}>" for e in view.entries
    }


def standing_lines(
    bot: Diwaniya, view: Overview, lang: str, limit: int = STANDING_LINES
) -> list[str]:
    names = member_names(bot, view)
    swiss = view.tournament.format == "swiss"
    out = []
    for s in view.standings[:limit]:
        words = {
            "place": s.place,
            "player": names.get(s.member, f"<@{s.member}>"),
            "games": s.games,
            "points": points_text(s.points, lang),
        }
        if swiss:
            out.append(
                t(
                    "tournament.sim.line_tiebreak",
                    lang,
                    tiebreak=points_text(s.tiebreak, lang),
                    **words,
                )
            )
        else:
            out.append(t("tournament.sim.line", lang, **words))
    return out


def message_text(bot: Diwaniya, view: Overview, lang: str) -> str:
    """The tournament message: what, when, how it scores, who plays, where it stands."""
    tr = view.tournament
    game = game_name(tr.game, lang)
    opts = option_words({k: v for k, v in tr.options.items()}, lang) or "-"
    lines = [
        t(
            "tournament.msg.title",
            lang,
            number=tr.id,
            game=game,
            format=format_name(tr.format, lang),
        ),
        t(
            "tournament.msg.settings",
            lang,
            options=opts,
            seconds=tr.turn_timer,
            computers=t("yes" if tr.computers else "no", lang),
        ),
    ]
    full, relative = stamp(tr.starts_at)
    lines.append(t("tournament.msg.starts", lang, when=full, relative=relative))
    if tr.format == "arena" and tr.ends_at is not None:
        minutes = int((tr.ends_at - tr.starts_at).total_seconds() // 60)
        lines.append(t("tournament.msg.arena", lang, minutes=minutes))
    elif tr.format == "swiss":
        lines.append(t("tournament.msg.swiss", lang, rounds=tr.rounds or 0))
    else:
        lines.append(t("tournament.msg.knockout", lang))
    lines.extend(scoring_lines(tr, lang))
    lines.append(t("tournament.msg.absent", lang))
    lines.append(t("tournament.msg.minimum", lang, least=minimum_players(tr.game, tr.options)))
    names = member_names(bot, view)
    playing = [e for e in view.entries if e.status in (EntryStatus.ACTIVE, EntryStatus.PAUSED)]
    if playing:
        listed = names_list((names[e.user_id] for e in playing), lang)
        lines.append(t("tournament.msg.players", lang, count=len(playing), names=listed))
    else:
        lines.append(t("tournament.msg.no_players", lang))
    if tr.status == TournamentStatus.RUNNING:
        if tr.format == "swiss":
            lines.append(t("tournament.msg.running_round", lang, round=tr.round, rounds=tr.rounds))
        else:
            lines.append(t("tournament.msg.running", lang))
    elif tr.status == TournamentStatus.FINISHED:
        won = winners(bot, view)
        lines.append(t_n("tournament.msg.finished", len(won), lang, names=winners_text(won, lang)))
    elif tr.status == TournamentStatus.CANCELLED:
        lines.append(t("tournament.msg.cancelled", lang))
    if tr.status in (TournamentStatus.RUNNING, TournamentStatus.FINISHED) and view.results:
        lines.append(t("tournament.msg.standings", lang))
        lines.extend(standing_lines(bot, view, lang))
    return limits.fit("\n".join(lines))


def winners(bot: Diwaniya, view: Overview) -> list[str]:
    """Who won, by name: a knockout's champion entry (a Mor pair), else the first place. Their
    number picks the label ("Winner: Sara", "Winners: Sara and Omar")."""
    names = member_names(bot, view)
    bracket = view.tournament.state.get("bracket")
    if view.tournament.format == "knockout" and bracket:
        champion = Bracket.from_json(bracket).champion
        if champion:
            return [names.get(m, f"<@{m}>") for m in champion if m is not None]
    return [names.get(s.member, f"<@{s.member}>") for s in view.standings if s.place == 1]


def winners_text(won: list[str], lang: str) -> str:
    """The winners' names joined as ``lang`` joins them, "-" for none."""
    return names_list(won, lang) or "-"


# ------------------------------------------------------------------ pictures


# The drawings are called through their module, so a test can stand a quick one in for each.


def standings_png(title: str, rows: Sequence[dict[str, Any]], lang: str, podium: bool) -> bytes:
    made = [drawing.StandingRow(**row) for row in rows]
    return drawing.render_standings(title, made, lang, podium=podium)


def bracket_png(title: str, rounds: Sequence[Sequence[dict[str, Any]]], lang: str) -> bytes:
    made = [[drawing.BracketTable(**table) for table in rnd] for rnd in rounds]
    return drawing.render_bracket(title, made, lang)


def standing_rows(bot: Diwaniya, view: Overview, lang: str) -> list[dict[str, Any]]:
    names = member_names(bot, view)
    swiss = view.tournament.format == "swiss"
    return [
        {
            "place": s.place,
            "name": names.get(s.member, str(s.member)),
            "games": s.games,
            "points": points_text(s.points, lang),
            "tiebreak": points_text(s.tiebreak, lang) if swiss else None,
        }
        for s in view.standings
    ]


def bracket_rounds(bot: Diwaniya, view: Overview, lang: str) -> list[list[dict[str, Any]]]:
    names = member_names(bot, view)
    bracket = Bracket.from_json(view.tournament.state["bracket"])
    computer = t("tournament.computer", lang)

    def entry(members: Sequence[int | None]) -> str:
        return " & ".join(names.get(m, str(m)) if m is not None else computer for m in members)

    return [
        [
            {
                "entries": tuple(entry(e) for e in table.entries),
                "winner": table.winner,
                "bye": table.bye,
            }
            for table in rnd
        ]
        for rnd in bracket.rounds
    ]


async def standings_file(
    bot: Diwaniya, view: Overview, lang: str, podium: bool
) -> discord.File | None:
    title = t("tournament.results_title", lang, number=view.tournament.id)
    rows = standing_rows(bot, view, lang)
    return await pictures.picture(standings_png, title, rows, lang, podium, name="standings.png")


async def bracket_file(bot: Diwaniya, view: Overview, lang: str) -> discord.File | None:
    if view.tournament.format != "knockout" or not view.tournament.state.get("bracket"):
        return None
    title = t("tournament.bracket_title", lang, number=view.tournament.id)
    rounds = bracket_rounds(bot, view, lang)
    return await pictures.picture(bracket_png, title, rounds, lang, name="bracket.png")


# ------------------------------------------------------------------ buttons

ACTIONS = ("join", "leave")


class TournamentButton(
    Control[discord.ui.Button[discord.ui.View]],
    template=r"dwt:(?P<rest>.*)",
):
    """Join / Leave on the tournament message: ``dwt:ACTION:TOURNAMENT``. Every ``dwt:`` id is
    routed here and read here, untrusted: one that doesn't read (a client's tampering, a
    button of another version) gets one sentence; a number that names no tournament of this
    server gets the service's own refusal."""

    def __init__(self, action: str, tournament: int, lang: str = ENGLISH) -> None:
        style = discord.ButtonStyle.success if action == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=t(f"btn_{action}", lang) if action in ACTIONS else "?",
                style=style,
                custom_id=f"dwt:{action}:{tournament}",
            )
        )
        self.action, self.tournament = action, tournament

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        found = re.fullmatch(rf"({'|'.join(ACTIONS)}):(\d{{1,{ID_DIGITS}}})", match["rest"])
        if found is None:
            return cls("bad", 0)
        return cls(found[1], int(found[2]))

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        if self.action not in ACTIONS or not interaction.guild_id:
            raise Refusal("tournament.bad_button")
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = tournaments_of(interaction)
        gid, uid = interaction.guild_id, interaction.user.id
        if self.action == "join":
            await service.join(gid, self.tournament, uid, interaction.user.display_name)
            key = "tournament.joined"
        else:
            await service.leave(gid, self.tournament, uid)
            key = "tournament.left"
        text = t(key, await lang_of(interaction), number=self.tournament)
        await interaction.followup.send(text, ephemeral=True)


def buttons(tr: Tournament, lang: str) -> discord.ui.View | None:
    """Join / Leave while members may still sign up or leave (an Arena takes players while it
    runs; a Swiss or knockout only before its start, though a player may leave any time)."""
    if tr.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
        return None
    v = TableView()
    if tr.status == TournamentStatus.SIGNUP or tr.format == "arena":
        v.add_item(TournamentButton("join", tr.id, lang))
    v.add_item(TournamentButton("leave", tr.id, lang))
    return v


# ------------------------------------------------------------------ the notices


class TournamentPresenter:
    """The tournament service's notices as Discord shows them, in the server's language."""

    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot

    @property
    def service(self) -> Any:
        assert self.bot.tournaments is not None
        return self.bot.tournaments

    def channel(self, tr: Tournament) -> Any:
        return self.bot.get_partial_messageable(tr.channel_id, guild_id=tr.guild_id)

    async def post(self, tr: Tournament, lang: str | None = None) -> Tournament:
        """Post the tournament message (again) and keep its id."""
        lang = lang or await self.bot.server_language(tr.guild_id)
        view = await self.service.overview(tr.guild_id, tr.id)
        kwargs: dict[str, Any] = {"content": message_text(self.bot, view, lang)}
        made = buttons(view.tournament, lang)
        if made is not None:
            kwargs["view"] = made
        sent = await self.channel(tr).send(**kwargs)
        assert self.bot.store is not None
        return await self.bot.store.set_tournament_messages(tr.guild_id, tr.id, message_id=sent.id)

    async def refresh(self, tr: Tournament, lang: str | None = None) -> None:
        """Edit the tournament message to what the store holds now."""
        if tr.message_id is None:
            return
        lang = lang or await self.bot.server_language(tr.guild_id)
        view = await self.service.overview(tr.guild_id, tr.id)
        message = self.channel(tr).get_partial_message(tr.message_id)
        # A knockout's message carries its bracket, drawn again as each table is seated and
        # decided; the other formats' standings come with /tournament results and the podium.
        bracket = await bracket_file(self.bot, view, lang)
        try:
            if bracket is None:
                await message.edit(
                    content=message_text(self.bot, view, lang), view=buttons(view.tournament, lang)
                )
            else:
                await message.edit(
                    content=message_text(self.bot, view, lang),
                    view=buttons(view.tournament, lang),
                    attachments=[bracket],
                )
        except discord.NotFound:  # deleted by someone: post it again where it was
            await self.post(view.tournament, lang)

    async def schedule_event(self, tr: Tournament, guild: discord.Guild, link: str) -> None:
        """The tournament in the server's Events list, when the bot may manage events (else
        nothing: the message is the announcement)."""
        me = guild.me
        if me is None or not me.guild_permissions.manage_events:
            return
        lang = await self.bot.server_language(tr.guild_id)
        if tr.ends_at is not None:
            ends = tr.ends_at
        elif tr.format == "swiss":
            ends = tr.starts_at + EVENT_ROUND * (tr.rounds or 1)
        else:
            ends = tr.starts_at + EVENT_KNOCKOUT
        name = t(
            "tournament.event_name",
            lang,
            number=tr.id,
            game=game_name(tr.game, lang),
            format=format_name(tr.format, lang),
        )
        try:
            event = await guild.create_scheduled_event(
                name=limits.fit(name, 100),
                start_time=tr.starts_at,
                end_time=ends,
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=link,
                description=limits.fit(" ".join(scoring_lines(tr, lang)), 1000),
            )
        except discord.HTTPException:
            logger.info("Tournament %d: no scheduled event in server %d", tr.id, tr.guild_id)
            return
        assert self.bot.store is not None
        await self.bot.store.set_tournament_messages(tr.guild_id, tr.id, event_id=event.id)

    async def end_event(self, tr: Tournament) -> None:
        """A cancelled tournament's scheduled event is cancelled too."""
        guild = self.bot.get_guild(tr.guild_id)
        if tr.event_id is None or guild is None:
            return
        with contextlib.suppress(discord.HTTPException):
            event = await guild.fetch_scheduled_event(tr.event_id)
            await event.cancel()

    async def handle(self, notice: TournamentNotice) -> None:
        tr = notice.tournament
        lang = await self.bot.server_language(tr.guild_id)
        kind = notice.kind
        if kind == TournamentNoticeKind.CHANGED:
            await self.refresh(await self.service.get(tr.guild_id, tr.id), lang)
        elif kind == TournamentNoticeKind.STARTED:
            await self.refresh(tr, lang)
            view = await self.service.overview(tr.guild_id, tr.id)
            playing = sum(1 for e in view.entries if e.status == EntryStatus.ACTIVE)
            text = t("tournament.announce.started", lang, number=tr.id, count=playing)
            await self.channel(tr).send(text)
        elif kind == TournamentNoticeKind.TABLE and notice.table_id is not None:
            await self.table(tr, notice.table_id, lang)
            # A new table follows a finished game or round: the standings and the round moved.
            await self.refresh(await self.service.get(tr.guild_id, tr.id), lang)
        elif kind == TournamentNoticeKind.CANCELLED:
            await self.refresh(tr, lang)
            if notice.reason == "too_few":
                least = minimum_players(tr.game, tr.options)
                text = t("tournament.announce.too_few", lang, number=tr.id, least=least)
            else:
                text = t("tournament.announce.cancelled", lang, number=tr.id)
            await self.channel(tr).send(text)
            await self.end_event(tr)
        elif kind == TournamentNoticeKind.FINISHED:
            await self.refresh(tr, lang)
            view = await self.service.overview(tr.guild_id, tr.id)
            won = winners(self.bot, view)
            text = t_n(
                "tournament.announce.finished",
                len(won),
                lang,
                number=tr.id,
                names=winners_text(won, lang),
            )
            files = [f for f in (await standings_file(self.bot, view, lang, True),) if f]
            bracket = await bracket_file(self.bot, view, lang)
            if bracket:
                files.append(bracket)
            await self.channel(tr).send(text, files=files)
        elif kind == TournamentNoticeKind.DROPPED and notice.user_id is not None:
            await self.dropped(tr, notice.user_id, lang)

    async def table(self, tr: Tournament, table_id: int, lang: str) -> None:
        """A tournament table opened: its own thread in the tournament's channel (where the
        bot may make one), its members called to it; the live table message comes when the
        table starts, from the table's own presenter, into that thread."""
        tables = self.bot.service
        assert tables is not None
        live = tables.get(tr.guild_id, table_id)
        mark = live.table.options.get("tournament") or {}
        where: Any = self.channel(tr)
        if live.table.thread_id is None:
            thread_id = await self.thread(tr, live.id, int(mark.get("round", tr.round)), lang)
            if thread_id is not None:
                await tables.set_messages(live, thread_id=thread_id, message_id=None)
        if live.table.thread_id is not None:
            where = self.bot.get_partial_messageable(live.table.thread_id, guild_id=tr.guild_id)
        members = live.members()
        if not members:
            return
        mentions = " ".join(f"<@{m}>" for m in members)
        text = t(
            "tournament.table_ping",
            lang,
            mentions=mentions,
            number=tr.id,
            round=mark.get("round", tr.round),
            table=live.id,
        )
        allowed = discord.AllowedMentions(users=[discord.Object(m) for m in members])
        await where.send(text, allowed_mentions=allowed)

    async def thread(self, tr: Tournament, table_id: int, round_no: int, lang: str) -> int | None:
        channel = self.bot.get_channel(tr.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return None
        me = channel.guild.me
        if me is not None and not channel.permissions_for(me).create_public_threads:
            return None
        name = t("tournament.thread", lang, number=tr.id, round=round_no, table=table_id)
        try:
            made = await channel.create_thread(
                name=limits.fit(name, limits.THREAD_NAME), type=discord.ChannelType.public_thread
            )
        except discord.HTTPException:
            logger.info("Tournament %d: no thread in channel %d", tr.id, tr.channel_id)
            return None
        return made.id

    async def dropped(self, tr: Tournament, user_id: int, server_lang: str) -> None:
        """One private message: the member missed two whole games and leaves pairing."""
        assert self.bot.store is not None
        mine = (await self.bot.member_settings(user_id)).language
        lang = pick_language(mine, None, server_lang)
        guild = self.bot.get_guild(tr.guild_id)
        text = t(
            "tournament.dropped_dm",
            lang,
            number=tr.id,
            server=guild.name if guild else "-",
        )
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            await dm.send(text)
        except discord.HTTPException:  # their DMs are closed: the standings still say it
            logger.info("Tournament %d: could not tell member %d privately", tr.id, user_id)
