"""Learning: ``/lesson`` (guided steps checked by the engine) and ``/practice`` (a private table
against computers, out of the rankings, with a Hint button).

Thin like the other cogs: the steps and their judging are ``bot.learning.lessons``, the tables and hints
``bot.learning.practice``. Every control's custom_id carries all it needs (game and step, or table and
move number), so the buttons work after a restart and are re-checked like any other.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai import Level
from bot.client import limits
from bot.client.diwaniya import lang_of, refusals
from bot.games.base import BadMove, Move, Reason
from bot.games.notation import parse_move
from bot.games.registry import Game
from bot.i18n import ENGLISH, t
from bot.i18n.moves import choice_words, move_words
from bot.learning.lessons import GAMES, Step, lesson
from bot.learning.practice import (
    coach_stage,
    is_practice,
    open_practice,
    practice_hint,
    private_table,
)
from bot.store import GameStore, StepProgress
from bot.tables import HandInfo, Refusal, public_view
from cogs.utils.buttons import ActionButton, Control, TableButton, TableView
from cogs.utils.context import remember, service_of
from cogs.utils.hand import send_hand, show_after_move
from cogs.utils.hand_controls import move_options, pages_of
from cogs.utils.pictures import picture
from cogs.utils.presenter import table_messages
from cogs.utils.threads import private_thread
from cogs.utils.words import game_name
from render import render_table

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

logger = logging.getLogger(__name__)

# The levels a member practises against (``random`` exists only to measure the others).
PRACTISED = (Level.SIMPLE, Level.NORMAL, Level.HARD)
UNKNOWN_WORD = "console.input.unknown"  # notation's refusal of a word that is no move
NO_WORDS = "console.input.empty"  # and of an answer with no word at all ("," or spaces)


# ---------------------------------------------------------------- lessons


def step_of(game: str, number: int) -> Step:
    steps = lesson(game)
    if not 1 <= number <= len(steps):
        raise Refusal("lesson_no_step", count=len(steps))
    return steps[number - 1]


def step_text(step: Step, lang: str = ENGLISH, progress: Sequence[StepProgress] = ()) -> str:
    steps = len(lesson(step.game))
    engine = step.position()
    hand = " ".join(c.pretty for c in engine.view(step.seat).hand)
    lines = [
        t(
            "lesson_header",
            lang,
            game=game_name(step.game, lang),
            number=step.number,
            count=steps,
            title=step.text("title", lang),
        ),
        t("lesson_task", lang, task=step.text("task", lang)),
        t("lesson_hand", lang, cards=hand),
        t("lesson_how", lang),
    ]
    done = [p for p in progress if p.done and p.step <= steps]
    if done:
        # Where the member is, remembered across restarts: steps done, and right first time.
        first = sum(p.first_try for p in done)
        lines.append(t("lesson_progress", lang, done=len(done), count=steps, first=first))
    return "\n".join(lines)


def next_step(game: str, progress: Sequence[StepProgress]) -> int:
    """The first step of ``game`` the member has not done yet (the first when all are)."""
    done = {p.step for p in progress if p.done}
    return next((n for n in range(1, len(lesson(game)) + 1) if n not in done), 1)


def store_of(interaction: discord.Interaction[Diwaniya]) -> GameStore:
    store = interaction.client.store  # open while the bot answers
    assert store is not None
    return store


def _position_png(step: Step, lang: str = ENGLISH) -> bytes:
    engine = step.position()
    names = [
        t("console.you_cap", lang) if s == step.seat else t("console.seat_cap", lang, seat=s + 1)
        for s in range(engine.n_seats)
    ]
    return render_table(public_view(engine), names, computers=(), lang=lang)


def step_controls(step: Step, page: int = 0, lang: str = ENGLISH) -> discord.ui.View:
    v = TableView()
    choices = step.choices()
    pages = pages_of(choices)
    page = min(page, pages - 1)
    v.add_item(LessonSelect(step.game, step.number, page, choices, lang))
    if page > 0:
        v.add_item(LessonButton("page", step.game, step.number, page - 1, lang))
    if page < pages - 1:
        v.add_item(LessonButton("page", step.game, step.number, page + 1, lang))
    v.add_item(LessonButton("skip", step.game, step.number, 0, lang))
    v.add_item(GuidedButton(step.game, lang))
    return v


async def send_step(
    interaction: discord.Interaction[Diwaniya], step: Step, progress: Sequence[StepProgress] = ()
) -> None:
    lang = await lang_of(interaction)
    file = await picture(_position_png, step, lang, name="lesson.png")
    kwargs: dict[str, Any] = {"ephemeral": True, "view": step_controls(step, lang=lang)}
    if file:
        kwargs["file"] = file
    await interaction.followup.send(step_text(step, lang, progress), **kwargs)


def onwards(step: Step, text: str, lang: str) -> tuple[str, discord.ui.View]:
    """After a step is passed (answered right or skipped): the Next step button, or at the last
    step the word that the lesson is over and the guided round's button."""
    view = TableView()
    if step.number < len(lesson(step.game)):
        view.add_item(LessonButton("next", step.game, step.number + 1, 0, lang))
    else:
        text += " " + t("lesson_finished", lang, game=game_name(step.game, lang))
        view.add_item(GuidedButton(step.game, lang))
    return text, view


async def send_skip(interaction: discord.Interaction[Diwaniya], step: Step) -> None:
    """A skipped step, as the terminal's ``skip``: what the step teaches is said all the same
    (issue 61: the rules a right answer's words give were lost to a skip), and the step counts
    as passed, so ``/lesson`` goes on after it, not at it."""
    lang = await lang_of(interaction)
    await store_of(interaction).record_lesson_skip(interaction.user.id, step.game, step.number)
    text, view = onwards(step, t("lesson_skipped", lang, rule=step.text("rule", lang)), lang)
    await interaction.followup.send(text, ephemeral=True, view=view)


async def send_verdict(interaction: discord.Interaction[Diwaniya], step: Step, move: Move) -> None:
    lang = await lang_of(interaction)
    verdict = step.judge(move, lang)
    # Counted before the verdict is shown: what the member is told is what is kept.
    await store_of(interaction).record_lesson_answer(
        interaction.user.id, step.game, step.number, verdict.right
    )
    if verdict.right:
        # The step's own words already begin "Right: …": no second "Right" above them.
        text, view = onwards(step, verdict.message, lang)
    else:
        view = TableView()
        head = t("lesson_try_again", lang, move=move_words(move, lang))
        text = f"{head}\n{verdict.message}"
    await interaction.followup.send(text, ephemeral=True, view=view)


class LessonSelect(
    Control[discord.ui.Select[discord.ui.View]],
    template=r"dwl:(?P<game>[a-z0-9]+):(?P<number>\d+):(?P<page>\d+)",
):
    """A page of the step's choices; a value is an index into ``Step.choices()``, which is fixed
    for a step, so the custom_id holds the whole state."""

    def __init__(
        self,
        game: str,
        number: int,
        page: int,
        choices: Sequence[Move] = (),
        lang: str = ENGLISH,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"dwl:{game}:{number}:{page}",
                placeholder=t("lesson_pick", lang),
                options=move_options(choices, page, lang),
            )
        )
        self.game, self.number, self.page = game, number, page

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        if self.game not in GAMES:  # the custom_id is untrusted, as LessonButton's
            raise Refusal("stale")
        await interaction.response.defer(ephemeral=True, thinking=True)
        step = step_of(self.game, self.number)
        choices = step.choices()
        index = int(self.item.values[0])
        if not 0 <= index < len(choices):
            raise Refusal("stale")
        await send_verdict(interaction, step, choices[index])


LESSON_LABELS = {"next": "lesson_next", "page": "lesson_more", "skip": "lesson_skip"}


class LessonButton(
    Control[discord.ui.Button[discord.ui.View]],
    template=r"dwlb:(?P<action>[a-z]+):(?P<game>[a-z0-9]+):(?P<number>\d+):(?P<page>\d+)",
):
    """``next``: show a step; ``page``: another page of a step's choices; ``skip``: pass the
    step without answering, its rule said (``send_skip``)."""

    def __init__(self, action: str, game: str, number: int, page: int, lang: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(LESSON_LABELS.get(action, "lesson_next"), lang, page=page + 1),
                style=discord.ButtonStyle.primary,
                custom_id=f"dwlb:{action}:{game}:{number}:{page}",
            )
        )
        self.action, self.game, self.number, self.page = action, game, number, page

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        if self.game not in GAMES:
            raise Refusal("stale")
        step = step_of(self.game, self.number)
        if self.action == "page":
            lang = await lang_of(interaction)
            view = step_controls(step, self.page, lang)
            await interaction.response.edit_message(view=view)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if self.action == "skip":
            await send_skip(interaction, step)
            return
        await send_step(interaction, step)


# ---------------------------------------------------------------- the guided round


class GuidedButton(
    Control[discord.ui.Button[discord.ui.View]],
    template=r"dwg:(?P<game>[a-z0-9]+)",
):
    """Opens the game's guided round (``bot.learning.lessons.guided``) as a practice table for the
    member: the fixed deal against the coach's computers, the coach's notes above the hand."""

    def __init__(self, game: str, lang: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("btn_guided", lang),
                style=discord.ButtonStyle.success,
                custom_id=f"dwg:{game}",
            )
        )
        self.game = game

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        if self.game not in GAMES:
            raise Refusal("stale")
        if interaction.guild_id is None:  # a table lives in a server, as /practice does
            raise Refusal("guild_only")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await open_table(interaction, self.game, guided=True)


async def open_table(
    interaction: discord.Interaction[Diwaniya],
    game: str,
    level: str = Level.NORMAL,
    *,
    guided: bool = False,
) -> None:
    """A practice table for the member (``guided``: the game's guided round, the coach's first
    notes above the hand) in a private thread of the channel where the bot may make one, else
    in their private hand alone, as /practice and the guided round's button both open one;
    the computers play up to the member's turn, then the member is told where the table is and
    shown their hand."""
    service = service_of(interaction)
    thread = await private_thread(interaction, game)
    live = await open_practice(
        service,
        interaction.guild_id or 0,
        channel_id=interaction.channel_id or 0,
        user_id=interaction.user.id,
        game=game,
        level=level,
        thread_id=thread.id if thread else None,
        guided=guided,
    )
    await service.idle(live.guild_id, live.id)
    lang = await lang_of(interaction)
    told = [t("coach_opened", lang, game=game_name(game, lang))] if guided else []
    if thread is not None:
        told.append(t("practice_opened", lang, where=thread.mention))
    if told:
        await interaction.followup.send("\n".join(told), ephemeral=True)
    await send_hand(interaction, service.hand(live.guild_id, live.id, interaction.user.id))


# ---------------------------------------------------------------- practice hints


HINT_LABELS = {
    "hint": "btn_hint",
    "cards": "btn_hint_cards",
    "move": "btn_hint_move",
    "play": "btn_play_hint",
}


class HintButton(ActionButton, prefix="dwh", actions=HINT_LABELS):
    """A hint in stages, each press showing more (``bot.learning.hints.STAGES``): ``hint`` what to look
    at, ``cards`` the cards to use, ``move`` the hard player's move and why; ``play`` plays it.
    The hint is seeded by the table's move number, so every press means the same move."""

    @staticmethod
    def look(action: str, lang: str) -> tuple[str, discord.ButtonStyle]:
        label = t(HINT_LABELS.get(action, "btn_hint"), lang)
        style = discord.ButtonStyle.success if action == "play" else discord.ButtonStyle.secondary
        return label, style

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        service = service_of(interaction)
        gid, uid = interaction.guild_id or 0, interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=self.action != "play")
        if service.get(gid, self.table).version != self.number:
            raise Refusal("stale")
        found = await practice_hint(service, gid, self.table, uid)
        if self.action != "play":
            lang = await lang_of(interaction)
            stage = "nudge" if self.action == "hint" else self.action
            view = TableView()
            after = found.next_stage(stage)
            if after is None:  # the move itself, and the button that plays it
                view.add_item(HintButton("play", self.table, self.number, lang))
                title = t("hint_title", lang, move=choice_words(found.move, lang))
                text = title + "\n" + found.text(lang)
            else:
                view.add_item(HintButton(after, self.table, self.number, lang))
                text = t("hint_prefix", lang, text=found.stage_text(stage, lang))
            await interaction.followup.send(text, ephemeral=True, view=view)
            return
        live = service.get(gid, self.table)
        await service.play(gid, self.table, uid, found.move, expected_version=self.number)
        # The hint message becomes the hand, as after any move from the hand's controls.
        await show_after_move(interaction, service, live, found.move)


def hint_controls(info: HandInfo, lang: str = ENGLISH) -> list[discord.ui.Item[Any]]:
    """The Hint button on a practice table's private hand when the member has a move; and, where
    the hand is the whole table (no thread), the Ready button the table message would carry."""
    live = info.table
    if not is_practice(live):
        return []
    if info.legal:
        # At a guided stop the coach's tip is the first stage: the button goes on from there.
        stage = coach_stage(info)
        return [HintButton("hint" if stage == "nudge" else stage, live.id, info.version, lang)]
    engine = live.engine
    if private_table(live) and engine is not None and engine.round_over and not engine.game_over:
        return [TableButton("ready", live.id, info.version, lang)]
    return []


# ---------------------------------------------------------------- commands


class Learn(commands.Cog):
    def __init__(self, bot: Diwaniya) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        table_messages(self.bot)  # a practice table is shown by the bot's table messages
        self.bot.add_dynamic_items(*CONTROLS)
        self.bot.hand_extras.append(hint_controls)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*CONTROLS)
        self.bot.hand_extras.remove(hint_controls)

    @app_commands.command(name="lesson", description="A short guided lesson in a game.")
    @app_commands.describe(
        game="Which game",
        step="Go to this step (default: the first you have not done)",
        answer="Type your answer, e.g. meld 3S 3H 3D, take, play 10S 10H",
    )
    @refusals
    async def lesson_(
        self,
        interaction: discord.Interaction[Diwaniya],
        game: Game,
        step: app_commands.Range[int, 1, 99] | None = None,
        answer: app_commands.Range[str, 1, limits.ANSWER_MAX] | None = None,
    ) -> None:
        limits.game(game)
        limits.text(answer, limits.ANSWER_MAX)  # a reply quotes the answer: keep it short
        if step is not None:
            step_of(game, step)  # a step out of range is refused before anything else
        await interaction.response.defer(ephemeral=True, thinking=True)
        progress = await store_of(interaction).lesson_progress(interaction.user.id, game)
        chosen = step_of(game, step if step is not None else next_step(game, progress))
        if answer is None:
            await send_step(interaction, chosen, progress)
            return
        if answer.strip().lower() == "skip":  # the terminal's word, typed here too
            await send_skip(interaction, chosen)
            return
        try:
            move = parse_move(answer)
        except BadMove as e:
            # The console words its own errors; one carrying a Reason reads in every language.
            reason = getattr(e, "reason", None)
            if isinstance(reason, Reason) and reason.key == UNKNOWN_WORD:
                # The terminal's "type help for the list": Discord has no help, it has a menu.
                raise Refusal("lesson_unknown_word", **reason.params) from None
            if isinstance(reason, Reason) and reason.key == NO_WORDS:
                raise Refusal("lesson_no_move") from None  # "or help for the list", as above
            raise Refusal("bad_cards", reason if isinstance(reason, Reason) else str(e)) from None
        await send_verdict(interaction, chosen, move)

    @app_commands.command(
        name="practice", description="Play against computers on your own, with hints; not ranked."
    )
    @app_commands.describe(game="Which game", level="How well the computers play")
    @app_commands.choices(
        level=[app_commands.Choice(name=lv.value, value=lv.value) for lv in PRACTISED]
    )
    @app_commands.guild_only()
    @refusals
    async def practice(
        self, interaction: discord.Interaction[Diwaniya], game: Game, level: str = Level.NORMAL
    ) -> None:
        remember(interaction)
        limits.game(game)
        limits.choice(level, PRACTISED)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await open_table(interaction, game, level)


# The lessons' and the practice table's controls, known to the bot while this cog is loaded.
CONTROLS = (LessonSelect, LessonButton, HintButton, GuidedButton)


async def setup(bot: Diwaniya) -> None:
    await bot.add_cog(Learn(bot))
