"""What the bot holds to show a table in its channel, named by what it does: the play cog's
``Presenter`` (``cogs.utils.presenter``) sits on the bot as ``Diwaniya.presenter`` while that cog
is loaded. The client may not import the cog helpers, so it types the presenter by this protocol,
and a cog that reaches it through the bot is checked against it."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.tables import LiveTable


class TableMessages(Protocol):
    # Private news kept for each member until their next private hand (a practice table's).
    outbox: dict[int, list[str]]

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
