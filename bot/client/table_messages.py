"""What the bot holds to show a table in its channel and its members' private hands, named by
what it does: the ``Presenter`` (``cogs.utils.presenter``) sits on the bot as
``Diwaniya.presenter``, made by the first cog that shows a table (``table_messages``) and kept
for the bot's life, so no cog needs another loaded to show one. The client may not import the
cog helpers, so it types the presenter by these protocols, and code that reaches it through the
bot is checked against them."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import discord

from bot.tables import HandInfo, LiveTable, Notice


class KeptHands(Protocol):
    """Each seated member's latest private hand, edited as the table changes
    (``cogs.utils.live_hands.LiveHands``)."""

    def keep(
        self,
        interaction: discord.Interaction[Any],
        info: HandInfo,
        lang: str,
        message_id: int | None = None,
    ) -> None:
        """``interaction`` has just shown ``info``: that hand is the member's latest."""
        ...

    def editing(
        self, guild_id: int, table_id: int, user_id: int
    ) -> AbstractAsyncContextManager[Any]:
        """Held while the member's kept hand is edited, so two edits never cross."""
        ...

    def forget(self, guild_id: int, table_id: int, user_id: int) -> None:
        """The member's hand at that table is no longer kept."""
        ...


class TableMessages(Protocol):
    # Private news kept for each member until their next private hand (a practice table's).
    outbox: dict[int, list[str]]

    @property
    def hands(self) -> KeptHands:
        """Each seated member's latest private hand."""
        ...

    async def handle(self, n: Notice) -> None:
        """A table service notice shown: the table message edited, pings and results sent."""
        ...

    async def language(self, live: LiveTable) -> str:
        """The language the table speaks."""
        ...

    def channel(self, live: LiveTable) -> discord.abc.Messageable:
        """Where the table's messages go (its thread, else its channel)."""
        ...

    def text(self, live: LiveTable, lang: str = ...) -> str:
        """The table message's words."""
        ...

    def view(self, live: LiveTable, lang: str = ...) -> discord.ui.View:
        """The table message's buttons."""
        ...

    async def refresh(self, live: LiveTable, *, new: bool = False, lang: str | None = None) -> None:
        """Edit the table message (or post it when there is none yet, or ``new``)."""
        ...

    def close(self) -> None:
        """Stop editing the kept hands: the bot is closing."""
        ...
