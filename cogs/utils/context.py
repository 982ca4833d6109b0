"""What an interaction brings along that every cog needs: its bot's table service, and the
member's display name, remembered for the table's words (no members intent is asked for)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.tables import TableService
from bot.tournament.service import TournamentService

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya


def service_of(interaction: discord.Interaction[Diwaniya]) -> TableService:
    service = interaction.client.service  # opened before the cogs load
    assert service is not None
    return service


def tournaments_of(interaction: discord.Interaction[Diwaniya]) -> TournamentService:
    """The bot's tournament service (opened beside its table service)."""
    service = interaction.client.tournaments  # opened beside the table service
    assert service is not None
    return service


def remember(interaction: discord.Interaction[Diwaniya]) -> None:
    """Members' display names come from interactions (no members intent is asked for)."""
    interaction.client.names[interaction.user.id] = interaction.user.display_name
