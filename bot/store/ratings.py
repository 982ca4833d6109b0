"""Skill ratings: who plays best, per server, per game and format.

Pearls reward winning and playing often; a rating says how strong a member is. We use OpenSkill's
Plackett–Luce model, made for teams and for more than two players: Mor 2 vs 2 is two teams of two,
Mor 1 vs 1 two teams of one, and the three-player games three teams of one, ranked by the game's
own final order (the winners first, then the better totals; equal totals share a place).

A rating is ``(mu, sigma)``: the model's estimate and its uncertainty. Members see a conservative
number, ``mu - 3 sigma`` scaled to a familiar range (a new member shows 1000), marked provisional
until their ``PROVISIONAL_GAMES``th rated game.

Everything here is a pure function of the ordered game history, so ``python -m bot.store rerate``
rebuilds the very same numbers from the stored results: rating a game reads only the ratings
before it and the game itself, and OpenSkill's arithmetic is plain floating point, the same on
every machine for the same inputs in the same order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from openskill.models import PlackettLuce

PROVISIONAL_GAMES = 10  # rated games before a rating stops being provisional
# The shown rating: BASE + SCALE * (mu - 3 sigma). A new member (mu 25, sigma 25/3) shows BASE.
BASE = 1000
SCALE = 40


@cache
def _model() -> PlackettLuce:
    # The model's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300) are OpenSkill's published
    # ones; fixing them here keeps stored ratings comparable across library upgrades' defaults.
    return PlackettLuce(mu=25.0, sigma=25.0 / 3.0, beta=25.0 / 6.0, tau=25.0 / 300.0)


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0  # rated games played in this format on this server

    @classmethod
    def new(cls) -> Rating:
        model = _model()
        return cls(model.mu, model.sigma, 0)

    @property
    def shown(self) -> int:
        """The number members see: conservative, so a lucky newcomer doesn't top the ladder."""
        return round(BASE + SCALE * (self.mu - 3 * self.sigma))

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def rating_format(game: str, options: Mapping[str, Any]) -> str:
    """The ladder a game is rated on: Mor's two formats are different games to rate."""
    if game == "mor":
        return "mor-1v1" if int(options.get("players", 4) or 4) == 2 else "mor-2v2"
    return game


def teams_of(game: str, n_seats: int) -> list[list[int]]:
    """The seats that win and lose together: partners sit opposite in Mor 2 vs 2."""
    if game == "mor" and n_seats == 4:
        return [[0, 2], [1, 3]]
    return [[s] for s in range(n_seats)]


def final_places(
    teams: Sequence[Sequence[int]],
    totals: Sequence[float],
    winners: Sequence[int],
    low_score_wins: bool,
) -> list[int]:
    """Each team's place (1 is best) in the game's own final order: a team holding a winner comes
    first; the others follow by their total (lower first where the lowest total wins, as in Hand),
    and teams that cannot be told apart share a place, the next place skipping as in sport."""

    def key(team: Sequence[int]) -> tuple[int, float]:
        won = any(s in winners for s in team)
        total = totals[team[0]]  # partners carry the same total
        return (0 if won else 1, total if low_score_wins else -total)

    keys = [key(team) for team in teams]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


@dataclass(frozen=True)
class Change:
    user_id: int
    before: Rating
    after: Rating

    @property
    def delta(self) -> int:
        """How far the shown number moved (+23, -11)."""
        return self.after.shown - self.before.shown


def rate_game(
    teams: Sequence[Sequence[int]],
    places: Sequence[int],
    before: Mapping[int, Rating],
) -> list[Change]:
    """Rate one game: ``teams`` lists each team's member ids, ``places`` each team's place, and
    ``before`` every member's rating before the game (a member missing from it is new). Returns a
    change per member, in the order of ``teams``."""
    if len(teams) != len(places) or len(teams) < 2:
        raise ValueError("A rated game needs at least two teams, each with a place.")
    model = _model()
    olds = [[before.get(u, Rating.new()) for u in team] for team in teams]
    rated = model.rate(
        [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in olds],
        ranks=[float(p) for p in places],
    )
    changes: list[Change] = []
    for team, old_team, new_team in zip(teams, olds, rated, strict=True):
        for user, old, new in zip(team, old_team, new_team, strict=True):
            changes.append(Change(user, old, Rating(new.mu, new.sigma, old.games + 1)))
    return changes
