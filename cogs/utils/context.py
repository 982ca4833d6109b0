"""What an interaction brings along that every cog needs: its bot's table service, and the
member's display name, remembered for the table's words (no members intent is asked for)."""

from __future__ import annotations

from typing import Any

import discord

from bot.tables import TableService
from bot.tournament.service import TournamentService


def service_of(interaction: discord.Interaction) -> TableService:
    bot: Any = interaction.client  # the Diwaniya bot, whose table service runs while it answers
    service: TableService | None = bot.service
    assert service is not None
    return service


def tournaments_of(interaction: discord.Interaction) -> TournamentService:
    """The bot's tournament service (opened beside its table service)."""
    bot: Any = interaction.client  # the Diwaniya bot, whose services run while it answers
    service: TournamentService | None = bot.tournaments
    assert service is not None
    return service


def remember(interaction: discord.Interaction) -> None:
    """Members' display names come from interactions (no members intent is asked for)."""
    bot: Any = interaction.client
    bot.names[interaction.user.id] = interaction.user.display_name
