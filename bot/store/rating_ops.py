"""Skill ratings in the store: each rated game moves its members' ratings, and ``rerate``
replays them all.

The operations are the store's (``SQLStore`` takes them in as a base, as it does
``TournamentOps``), written once for SQLite and PostgreSQL. A game is rated inside its result's
transaction (``_rate``, called by ``SQLStore._insert_game``), so a result is never saved without
its rating or rated twice; the order games were rated in is kept with them, and ``rerate``
rebuilds every rating from that history.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.store.models import RatedLine
from bot.store.ratings import Rating, rate_game, rating_format
from bot.store.rows import change_row, first, one, rating_inputs, rating_row
from bot.store.sql import (
    INSERT_RATING_CHANGE,
    NEXT_RATING_ORDER,
    RATINGS_AHEAD,
    SELECT_ALL_RATINGS,
    SELECT_MEMBER_RATINGS,
    SELECT_RATED_GAMES,
    SELECT_RATING,
    SELECT_RATING_HISTORY,
    SELECT_RATING_TOP,
    SELECT_SEATS_OF_GAME,
    SET_RATING_ORDER,
    UPSERT_RATING,
)


class RatingOps:
    """The store's rating operations (a base of ``SQLStore``: its connection and lock)."""

    # Provided by the store that takes these operations in.
    _fetch: Any
    _locked: Any
    _transaction: Any

    # ------------------------------------------------------------ rating a game

    async def _serialize_ratings(self, db: Any, guild_id: int) -> None:
        """Hold the server's ratings for this transaction. SQLite's one writer already does; a
        store shared by processes takes a lock here, so two games ending at once rate in turn."""

    async def _rating(self, db: Any, guild_id: int, fmt: str, user_id: int) -> Rating | None:
        row = await first(db, SELECT_RATING, {"guild": guild_id, "format": fmt, "user": user_id})
        return None if row is None else Rating(row["mu"], row["sigma"], row["games"])

    async def _rate(
        self,
        db: Any,
        guild_id: int,
        game_id: int,
        game: str,
        options: Mapping[str, Any],
        lines: Sequence[Mapping[str, Any]],
    ) -> None:
        """Move the members' ratings by this game, inside its result's transaction, and note the
        order it was rated in (what ``rerate`` replays)."""
        await self._serialize_ratings(db, guild_id)
        fmt = rating_format(game, options)
        teams, places = rating_inputs(game, lines, bool(lines[0]["low"]))
        before: dict[int, Rating] = {}
        for user in (u for team in teams for u in team):
            known = await self._rating(db, guild_id, fmt, user)
            if known is not None:
                before[user] = known
        changes = rate_game(teams, places, before)
        order = int(await one(db, NEXT_RATING_ORDER, {"guild": guild_id}))
        await db.execute(SET_RATING_ORDER, {"order": order, "game_id": game_id})
        await db.executemany(UPSERT_RATING, [rating_row(guild_id, fmt, c) for c in changes])
        await db.executemany(
            INSERT_RATING_CHANGE, [change_row(guild_id, game_id, fmt, c) for c in changes]
        )

    async def rating_history(self, guild_id: int, user_id: int) -> dict[str, list[Rating]]:
        """The member's rating after each of their rated games on this server, oldest first,
        by format (``bot.store.ratings.rating_format``); ``games`` counts the games up to that one."""
        rows = await self._fetch(SELECT_RATING_HISTORY, {"guild": guild_id, "user": user_id})
        out: dict[str, list[Rating]] = {}
        for row in rows:
            rating = Rating(row["mu_after"], row["sigma_after"], row["games_before"] + 1)
            out.setdefault(row["format"], []).append(rating)
        return out

    # ------------------------------------------------------------ the skill ladder

    async def rating_top(self, guild_id: int, fmt: str, limit: int = 10) -> list[RatedLine]:
        """The server's best rated members in one format (``bot.store.ratings.rating_format``), by the
        shown rating; equal ratings share a place."""
        rows = await self._fetch(
            SELECT_RATING_TOP, {"guild": guild_id, "format": fmt, "limit": limit}
        )
        out: list[RatedLine] = []
        for i, row in enumerate(rows):
            rating = Rating(row["mu"], row["sigma"], row["games"])
            same = out and out[-1].rating.shown == rating.shown
            out.append(RatedLine(out[-1].rank if same else i + 1, row["user_id"], fmt, rating))
        return out

    async def member_ratings(self, guild_id: int, user_id: int) -> dict[str, RatedLine]:
        """The member's rating and place in every format they have a rated game in."""
        out: dict[str, RatedLine] = {}
        async with self._locked() as db:
            rows = await db.execute_fetchall(
                SELECT_MEMBER_RATINGS, {"guild": guild_id, "user": user_id}
            )
            for row in rows:
                rating = Rating(row["mu"], row["sigma"], row["games"])
                ahead = await one(
                    db,
                    RATINGS_AHEAD,
                    {
                        "guild": guild_id,
                        "format": row["format"],
                        "conservative": rating.mu - 3 * rating.sigma,
                    },
                )
                out[row["format"]] = RatedLine(int(ahead) + 1, user_id, row["format"], rating)
        return out

    async def rerate(self) -> tuple[int, int]:
        """Rebuild every rating from the rated games, in the order they were rated, in one
        transaction: (games replayed, ratings that differed from the stored ones). The same
        history gives the same floats, so the second number is 0 unless the ratings were changed
        by hand or by a different rating rule."""
        async with self._transaction() as db:
            stored = {
                (r["guild_id"], r["format"], r["user_id"]): Rating(r["mu"], r["sigma"], r["games"])
                for r in await db.execute_fetchall(SELECT_ALL_RATINGS)
            }
            games = list(await db.execute_fetchall(SELECT_RATED_GAMES))
            await db.execute("DELETE FROM rating_changes")
            await db.execute("DELETE FROM ratings")
            rebuilt: dict[tuple[int, str, int], Rating] = {}
            for g in games:
                fmt = rating_format(g["game"], json.loads(g["options"]))
                seats = await db.execute_fetchall(SELECT_SEATS_OF_GAME, {"game_id": g["id"]})
                lines = [
                    {"seat": r["seat"], "user": r["user_id"], "score": r["score"], "won": r["won"]}
                    for r in seats
                ]
                teams, places = rating_inputs(g["game"], lines, bool(g["low_score_wins"]))
                before = {
                    u: rebuilt[key]
                    for team in teams
                    for u in team
                    if (key := (g["guild_id"], fmt, u)) in rebuilt
                }
                changes = rate_game(teams, places, before)
                for c in changes:
                    rebuilt[(g["guild_id"], fmt, c.user_id)] = c.after
                await db.executemany(
                    INSERT_RATING_CHANGE,
                    [change_row(g["guild_id"], g["id"], fmt, c) for c in changes],
                )
            await db.executemany(
                UPSERT_RATING,
                [
                    {
                        "guild": guild,
                        "format": fmt,
                        "user": user,
                        "mu": r.mu,
                        "sigma": r.sigma,
                        "games": r.games,
                    }
                    for (guild, fmt, user), r in rebuilt.items()
                ],
            )
        differed = sum(
            1 for key in stored.keys() | rebuilt.keys() if stored.get(key) != rebuilt.get(key)
        )
        return len(games), differed
