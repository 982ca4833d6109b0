"""How skill ratings read on Discord: a rating change, and the game-over message's rating line.

Not a cog: the words the game-over message (cogs.utils.presenter), /history (cogs.history) and
the ladders (cogs.leaderboard) share, so a rating reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import ENGLISH, listed, t
from bot.store.models import GameRecord, Seat
from bot.store.ratings import Change


def signed(n: int) -> str:
    """+23, −11 (a true minus sign), ±0."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"


def rating_words(change: Change | None, lang: str = ENGLISH) -> str:
    """A member's rating after a game: "1040 (+40)", "provisional" while they have played fewer
    rated games than the ladder needs to trust the number, or "unrated"."""
    if change is None:
        return t("rating.unrated", lang)
    if change.after.provisional:
        return t("rating.provisional", lang)
    return t("rating.shown", lang, rating=change.after.shown, delta=signed(change.delta))


def game_over_note(
    record: GameRecord | None,
    seats: Sequence[Seat | None],
    names: Sequence[str],
    taken_over: bool,
    lang: str = ENGLISH,
) -> str:
    """The game-over message's word on ratings: each member's change when the game was rated;
    why not when a seat the computer kept made it unrated; nothing for a game with computer
    players or a practice table, which are never rated."""
    if record is not None and record.rated:
        parts = [
            t(
                "rating.member",
                lang,
                name=names[i],
                rating=rating_words(record.changes.get(s.user_id), lang),
            )
            for i, s in enumerate(seats)
            if s is not None and s.user_id is not None
        ]
        return t("rating.game_over", lang, lines=listed(parts, lang))
    members_only = all(s is not None and s.user_id is not None for s in seats)
    if record is not None and taken_over and members_only:
        return t("rating.unrated_taken_over", lang)
    return ""
