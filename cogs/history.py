"""``/history`` and replays: a member's last games on this server, and any finished game stepped
through move by move with every hand face up.

A replay is a private message (only the member who opened it steps through it) with the table
picture as it was after a move, the move in words, and ⏮ ◀ ▶ ⏭ buttons (a round's start, one
move back, one forward, the round's end) plus Download, which attaches the game as a table file
that ``python -m bot.scenario`` plays to the same final scores. Every button's custom_id carries
the table id and the position: untrusted input, checked against the store, so the buttons work
after a restart, and only a finished table of this server is ever shown.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from babel.dates import format_date
from discord import app_commands
from discord.ext import commands

from bot.client import limits
from bot.client.diwaniya import lang_of, refusals
from bot.client.limits import fit
from bot.games.base import TableFileError
from bot.i18n import names_list, number, t
from bot.i18n.moves import move_words
from bot.replay import Replay
from bot.store.models import GameRecord, Status, Table
from bot.tables import Refusal, computer_name_key
from cogs.utils.buttons import NUMBER, Control
from cogs.utils.context import remember
from cogs.utils.kept import Kept
from cogs.utils.ratings import rating_words
from cogs.utils.words import game_name, member_name, seat_names
from render import render_table

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

HISTORY_GAMES = 10  # /history lists this many games, newest first
REPLAYS_KEPT = 32  # replays kept built in memory (a long More game takes a moment to build)
# The stepping buttons' faces: a round's start, one move back, one forward, the round's end.
STEP_LABELS = {"start": "⏮", "back": "◀", "next": "▶", "end": "⏭"}


# ---------------------------------------------------------------- words


def history_line(
    bot: Diwaniya,
    guild: discord.Guild | None,
    game: GameRecord,
    user_id: int,
    lang: str,
    kept: Sequence[str | None] = (),
) -> str:
    """One finished game as /history lists it, from its stored result and the names ``kept``
    with its table's seats (no record read), so the others are named after a restart too."""
    mine = next(s for s in game.seats if s.user_id == user_id)
    others = [
        member_name(bot, guild, s.user_id, lang, kept[s.seat] if s.seat < len(kept) else None)
        if s.user_id is not None
        else t(computer_name_key(game.table_id, s.seat), lang)
        for s in game.seats
        if s.seat != mine.seat
    ]
    result = t("history.won" if mine.won else "history.lost", lang)
    return t(
        "history.line",
        lang,
        table=game.table_id,
        game=game_name(game.game, lang),
        date=format_date(game.finished_at, format="medium", locale=lang),
        others=names_list(others, lang),
        result=result,
        score=number(mine.score, lang),
        rating=rating_words(game.changes.get(user_id) if game.rated else None, lang),
    )


# ---------------------------------------------------------------- replays


class ReplayButton(
    Control[discord.ui.Button[discord.ui.View]],
    template=(
        rf"dwy:(?P<table>{NUMBER}):(?P<position>{NUMBER})"
        r":(?P<go>open|start|back|next|end|file)"
    ),
):
    """Every replay control: open a game's replay, step it, or download it. The position is the
    one the message shows; the action moves from there."""

    def __init__(
        self,
        table: int,
        position: int,
        go: str,
        *,
        label: str | None = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        style = discord.ButtonStyle.primary if go == "open" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or STEP_LABELS.get(go, go),
                style=style,
                custom_id=f"dwy:{table}:{position}:{go}",
                disabled=disabled,
                row=row,
            )
        )
        self.table = table
        self.position = position
        self.go = go

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        if self.go in ("open", "file"):
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await interaction.response.defer()
        await history_cog(interaction).press(interaction, self.table, self.position, self.go)


def point_of_view(table: Table, user_id: int) -> int:
    """The seat a replay is drawn from, the same at every step so the seats stay put: the
    member's own when they played, else seat 1 (the first seat), as a spectator sees it."""
    for i, seat in enumerate(table.seats):
        if seat is not None and seat.user_id == user_id:
            return i
    return 0


def replay_controls(table_id: int, replay: Replay, position: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    first, last = position == 0, position == replay.last
    for go, off in (("start", first), ("back", first), ("next", last), ("end", last)):
        view.add_item(ReplayButton(table_id, position, go, disabled=off, row=0))
    view.add_item(ReplayButton(table_id, position, "file", label=t("replay.download", lang), row=0))
    return view


def history_cog(interaction: discord.Interaction[Diwaniya]) -> History:
    """The cog that answers a replay control: it registers the control, so it is loaded."""
    cog = interaction.client.get_cog("History")
    if not isinstance(cog, History):
        raise RuntimeError("A replay control was pressed while the History cog is not loaded.")
    return cog


class History(commands.Cog):
    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot
        self.replays: Kept[tuple[int, int, int], Replay] = Kept(REPLAYS_KEPT)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ReplayButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ReplayButton)

    async def finished_table(self, guild_id: int, table_id: int) -> Table:
        """The finished table a replay button names, or the refusal saying why not."""
        assert self.bot.store is not None
        table = await self.bot.store.get_table(guild_id, table_id)
        if table is None or table.record is None:
            raise Refusal("replay.no_game", table=table_id)
        if table.status is not Status.FINISHED:
            raise Refusal("replay.not_finished", table=table_id)
        return table

    async def replay_of(self, table: Table) -> Replay:
        async def build() -> Replay:
            assert table.record is not None
            try:
                return await asyncio.to_thread(Replay, table.record)
            except TableFileError:
                raise Refusal("replay.broken", table=table.id) from None

        return await self.replays.get((table.guild_id, table.id, table.version), build)

    def caption(
        self, table: Table, replay: Replay, position: int, names: list[str], lang: str
    ) -> str:
        step = replay.step(position)
        head = t(
            "replay.heading",
            lang,
            game=game_name(table.game, lang),
            table=table.id,
            position=position,
            last=replay.last,
            round=step.round_no,
            rounds=replay.rounds,
        )
        if step.move is None:
            what = t("console.replay.deal", lang, round=step.round_no)
        else:
            seat = replay.mover(position)
            who = names[seat] if seat is not None and seat < len(names) else "?"
            what = t("replay.move", lang, name=who, move=move_words(step.move, lang))
        return fit(f"**{head}**\n{what}")

    async def press(
        self, interaction: discord.Interaction[Diwaniya], table_id: int, position: int, go: str
    ) -> None:
        guild_id = interaction.guild_id or 0
        table = await self.finished_table(guild_id, table_id)
        lang = await lang_of(interaction)
        if go == "file":
            # The seats' names go with the moves (public now the game is over), so the terminal
            # replay (python -m bot.console --replay) names the players as Discord did.
            names = seat_names(self.bot, interaction.guild, table, lang, picture=True)
            record = {**dict(table.record or {}), "names": names}
            data = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
            attach = discord.File(
                io.BytesIO(data.encode()), filename=f"diwaniya-table-{table.id}.json"
            )
            text = t("replay.file", lang, table=table.id)
            await interaction.followup.send(text, file=attach, ephemeral=True)
            return
        replay = await self.replay_of(table)
        position = replay.step_to(position, go)
        names = seat_names(self.bot, interaction.guild, table, lang)
        plates = seat_names(self.bot, interaction.guild, table, lang, picture=True)
        computers = [i for i, s in enumerate(table.seats) if s is None or s.is_computer]
        view = replay.view_at(position)
        png = await asyncio.to_thread(
            render_table,
            view,
            plates,
            computers=computers,
            bottom=point_of_view(table, interaction.user.id),
            lang=lang,
        )
        picture = discord.File(io.BytesIO(png), filename=f"replay-{table.id}-{position}.png")
        content = self.caption(table, replay, position, names, lang)
        controls = replay_controls(table.id, replay, position, lang)
        if go == "open":
            await interaction.followup.send(content, file=picture, view=controls, ephemeral=True)
        else:
            await interaction.edit_original_response(
                content=content, attachments=[picture], view=controls
            )

    @app_commands.command(
        name="history", description="A member's last games on this server, with replays."
    )
    @app_commands.describe(member="Whose games (you when left out)")
    @app_commands.guild_only()
    @refusals
    async def history(
        self, interaction: discord.Interaction[Diwaniya], member: discord.User | None = None
    ) -> None:
        remember(interaction)
        if member is not None and not isinstance(member, discord.User | discord.Member):
            # An id Discord sent without the member's data: nobody this server can show.
            raise Refusal("limits.member")
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert self.bot.store is not None
        who = member or interaction.user
        guild_id = interaction.guild_id or 0
        lang = await lang_of(interaction)
        games = await self.bot.store.recent_games(guild_id, who.id, HISTORY_GAMES)
        if not games:
            await interaction.followup.send(
                t("history.none", lang, name=who.display_name), ephemeral=True
            )
            return
        kept = await self.bot.store.kept_names(guild_id, [g.table_id for g in games])
        lines = [t("history.title", lang, name=who.display_name)]
        view = discord.ui.View(timeout=None)
        for k, game in enumerate(games):
            names = kept.get(game.table_id, ())
            lines.append(history_line(self.bot, interaction.guild, game, who.id, lang, names))
            label = t("replay.open", lang, table=game.table_id)
            view.add_item(
                ReplayButton(game.table_id, 0, "open", label=label, row=k // limits.BUTTONS_PER_ROW)
            )
        await interaction.followup.send(
            fit("\n".join(lines)),
            view=view,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(History(bot))


async def teardown(bot: Diwaniya) -> None:
    bot.remove_dynamic_items(ReplayButton)
