"""What the bot says about a table in words: games', levels' and seats' names, the standings
and a table's options, each in the reader's language. Moves made and moves to choose are worded
in ``bot.i18n.moves`` (``move_words``, ``choice_words``), which the terminal and the pictures
share.

Shared by the cogs and the other helpers here; plain functions of the table and the language,
so the same thing reads the same in the table message, a private hand, /lesson and /history.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.games.base import Phase
from bot.i18n import ENGLISH, comma, has, t
from bot.store.models import Table
from bot.tables import LiveTable, computer_name_key

if TYPE_CHECKING:
    from bot.client.diwaniya import Diwaniya


def game_name(game: str, lang: str = ENGLISH) -> str:
    """A game's name as its players say it in ``lang`` (the glossary's), by the game's key."""
    key = f"game.{game}.name"
    return t(key, lang) if has(key) else game


def sealed(live: LiveTable, move: dict[str, Any]) -> dict[str, Any]:
    """A move as everyone at the table may read it: a More bid says how much only once every bid
    is in (the bids are sealed until the reveal), so while bidding goes on it is just "bid"."""
    bidding = live.engine is not None and getattr(live.engine, "phase", None) == Phase.BID
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

    return comma(lang).join(f"{name(k)}={value(v)}" for k, v in options.items())


def member_name(
    bot: Diwaniya, guild: discord.Guild | None, user_id: int, lang: str, kept: str | None = None
) -> str:
    """A member's display name: as last seen by the bot, else as kept with the table's seat,
    else as the server's cache knows it."""
    known = bot.names.get(user_id) or kept
    if known is None and guild is not None:
        member = guild.get_member(user_id)
        known = member.display_name if member else None
    return known or t("seat.unknown_member", lang, id=user_id)


def seat_names(
    bot: Diwaniya, guild: discord.Guild | None, table: Table, lang: str, *, picture: bool = False
) -> list[str]:
    """A finished table's seats by name: members by display name, computers by the given name
    their table and seat give them (with "computer" in words, except on the picture's plates)."""
    out = []
    for i, seat in enumerate(table.seats):
        if seat is None or seat.user_id is None:
            name = t(computer_name_key(table.id, i), lang)
            out.append(name if picture else t("seat.computer", lang, name=name, seat=i + 1))
        else:
            out.append(member_name(bot, guild, seat.user_id, lang, seat.name))
    return out
