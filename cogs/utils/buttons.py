"""The controls that outlive the process: ``Control``, the base every one builds on (its
custom_id read back, the member remembered, a refusal or a failure answered, in one place),
the view every message's controls sit in, the lobby's and the table's buttons (join, seat a
computer, start, ready ...), Rematch, and the one apology for a control that failed.

Each control is a DynamicItem whose custom_id carries all it needs (the action, the table and
the move number it was drawn at), untrusted and re-checked by the table service, so a button
pressed after a restart works like a fresh one. The private hand's controls are in
``cogs.utils.hand_controls``.
"""

from __future__ import annotations

import logging
import re
import typing
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

import discord

from bot.client.diwaniya import lang_of, refuse
from bot.i18n import ENGLISH, t
from bot.learning.practice import private_table
from bot.store import StoreUnavailable
from bot.tables import Refusal, TableService, unsaved
from cogs.utils.context import remember, service_of

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya

logger = logging.getLogger(__name__)

# A number in a custom_id (a table, a move, a position): at most 18 ASCII digits, so it is
# always within the store's 64-bit integers. An id with a longer one is none the bot drew: no
# kind of control reads it, and the bot answers it as a control it does not know.
NUMBER = "[0-9]{1,18}"


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


# The lobby's and the table's actions: (label's key, style). The private hand's are HandButton's.
LABELS = {
    "join": ("btn_join", discord.ButtonStyle.success),
    "leave": ("btn_leave", discord.ButtonStyle.secondary),
    "bot": ("btn_computer", discord.ButtonStyle.secondary),
    "start": ("btn_start", discord.ButtonStyle.primary),
    "cancel": ("btn_cancel", discord.ButtonStyle.danger),
    "team0": ("btn_team", discord.ButtonStyle.secondary),
    "team1": ("btn_team", discord.ButtonStyle.secondary),
    "ready": ("btn_ready", discord.ButtonStyle.success),
}


# A control's item: a button or a select menu.
ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])


# Each kind of control's custom_id parts that its constructor takes as numbers, read once.
_NUMBERS: dict[type, frozenset[str]] = {}


def _numbers(kind: type) -> frozenset[str]:
    """The parts of a kind of control's custom_id that its constructor takes as numbers."""
    found = _NUMBERS.get(kind)
    if found is None:
        init = next(vars(k)["__init__"] for k in kind.__mro__ if "__init__" in vars(k))
        hints = typing.get_type_hints(init)
        found = _NUMBERS[kind] = frozenset(n for n, hint in hints.items() if hint is int)
    return found


class Control(
    discord.ui.DynamicItem[ItemT],
    template=r"(?!)",  # the base itself is never registered: each kind brings its own
):
    """Every control the bot draws: a DynamicItem, so it outlives the process, whose custom_id
    carries all it needs, untrusted and re-checked by whoever acts on it.

    The base does what every control does alike: it reads the custom_id back into the control
    (each named part of the kind's template is the constructor's argument of that name, a
    number where the constructor takes an ``int``), remembers the member's display name, and
    answers what a press runs into: a ``Refusal`` as one private sentence (``refused`` may
    reword it), a store that could not save as "nothing was saved", anything else logged with
    an apology (``control_failed``). A kind of control says only what a press does
    (``press``)."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        numbers = _numbers(cls)
        parts: dict[str, Any] = {
            k: int(v) if k in numbers else v for k, v in match.groupdict().items()
        }
        make: Callable[..., Self] = cls  # each kind's own constructor, by its parts' names
        return make(**parts)

    # discord.py declares a control's callback for any client; this bot's is a Diwaniya.
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        remember(interaction)
        try:
            await self.press(interaction)
        except Refusal as r:
            await refuse(interaction, self.refused(r))
        except Exception as e:
            await control_failed(interaction, e)

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        """What pressing (or choosing from) the control does."""
        raise NotImplementedError

    def refused(self, refusal: Refusal) -> Refusal:
        """The refusal as this control's member hears it (a menu rewords a button's)."""
        return refusal


class ActionButton(Control[discord.ui.Button[discord.ui.View]], template=r"(?!)"):
    """A button whose custom_id is ``prefix:action:table:number`` (the number: the move number
    it was drawn at, or a review's item), all untrusted and re-checked by whoever acts on it,
    so a button drawn before a restart works like a fresh one. A kind of button gives its
    ``prefix`` and its ``actions`` (which build its template), its label and style in the
    member's language (``look``), and what a press does (``press``)."""

    prefix: ClassVar[str]
    # Which kind of button reads each action, by prefix: two kinds sharing a prefix (the
    # table's and the hand's ``dw``) must not both read one action.
    readers: ClassVar[dict[tuple[str, str], str]] = {}

    def __init_subclass__(cls, *, prefix: str, actions: Iterable[str]) -> None:
        kind = f"{cls.__module__}.{cls.__qualname__}"
        for action in actions:
            reader = ActionButton.readers.setdefault((prefix, action), kind)
            if reader != kind:  # a reloaded cog defines its own kind again: that is no clash
                raise TypeError(f"{prefix}:{action} is read by {reader} already")
        template = (
            rf"{prefix}:(?P<action>{'|'.join(actions)}):(?P<table>{NUMBER}):(?P<number>{NUMBER})"
        )
        super().__init_subclass__(template=template)
        cls.prefix = prefix

    def __init__(self, action: str, table: int, number: int, lang: str = ENGLISH) -> None:
        label, style = self.look(action, lang)
        custom_id = f"{self.prefix}:{action}:{table}:{number}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.action, self.table, self.number = action, table, number

    @staticmethod
    def look(action: str, lang: str) -> tuple[str, discord.ButtonStyle]:
        raise NotImplementedError


class TableButton(ActionButton, prefix="dw", actions=LABELS):
    """The lobby's and the table's buttons: the custom_id carries the action, the table and the
    move number it was drawn at; all three are untrusted and re-checked by the service."""

    @staticmethod
    def look(action: str, lang: str) -> tuple[str, discord.ButtonStyle]:
        key, style = LABELS[action]
        team = int(action[-1]) + 1 if action.startswith("team") else ""
        return t(key, lang, team=team), style

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        await interaction.response.defer()
        await self.act(service_of(interaction), interaction.guild_id or 0, interaction.user.id)

    async def act(self, service: TableService, gid: int, uid: int) -> None:
        a, tid = self.action, self.table
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
    Control[discord.ui.Button[discord.ui.View]], template=rf"dwr:(?P<table>{NUMBER})"
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

    async def press(self, interaction: discord.Interaction[Diwaniya]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.rematch(interaction)

    async def rematch(self, interaction: discord.Interaction[Diwaniya]) -> None:
        presenter = interaction.client.presenter
        assert presenter is not None  # the play cog, loaded with the bot, shows the tables
        uid = interaction.user.id
        live = await service_of(interaction).rematch(interaction.guild_id or 0, self.table, uid)
        # The new lobby where everyone is looking, then the others called to it by a ping:
        # the host starts it, and anyone who would rather not play leaves.
        lang = await presenter.language(live)
        await presenter.refresh(live, new=True, lang=lang)
        others = [m for m in live.members() if m != uid]
        if others and not private_table(live):
            mentions = " ".join(f"<@{m}>" for m in others)
            text = t("rematch.called", lang, mentions=mentions, name=f"<@{uid}>", table=live.id)
            allowed = discord.AllowedMentions(users=[discord.Object(m) for m in others])
            await presenter.channel(live).send(text, allowed_mentions=allowed)
        mine = await lang_of(interaction)
        await interaction.followup.send(t("rematch.opened", mine, table=live.id), ephemeral=True)
