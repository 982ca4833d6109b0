"""What a tournament game is worth, and the standings: pure, no Discord, no store, no clock.

Points are kept in **half-points** (integers), as Mor keeps its tenths: a table's places share
2, 1 and 0 points (4, 2 and 0 half-points) in the three-player games, and 2 and 0 between Mor's
two sides, so tied places split their points evenly without fractions of a half.

- **Points by place** (every format): the winner 2, second 1, last 0 at a table of three; the
  winning side 2 and the other 0 in Mor (both partners of a side score alike). Tied places share
  the points of the places they span (two tied first in Hand: 1½ each).
- **A bye** (Swiss, and a knockout table of one) is worth 1 point, a second place's.
- **Arena streaks**, as lichess's Arena: after two wins in a row, every further game is worth
  double until one is not a win (a shared first place is a win).
- **Standings**: points, then (Swiss) the sum of the opponents' points (Buchholz), then
  head-to-head among the players tied, then rating, then the member id (stable). Arena and
  knockout standings go by points, then games won, then rating.

>>> place_points([[7], [8], [9]], [1, 2, 3])
{7: 4, 8: 2, 9: 0}
>>> place_points([[7], [8], [9]], [1, 1, 3])
{7: 3, 8: 3, 9: 0}
>>> place_points([[1, 3], [2, None]], [2, 1])
{1: 0, 3: 0, 2: 4}
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

# A win's points, in half-points; the last place scores nothing.
WIN = 4
# A bye: a second place's points.
BYE = 2
# Wins in a row after which an Arena game counts double.
STREAK = 2


def place_points(teams: Sequence[Sequence[int | None]], places: Sequence[int]) -> dict[int, int]:
    """Half-points per member from a table's final order, as ``bot.store.ratings.final_places`` gives
    it: ``teams`` are the sides (one seat each, or Mor's partners), ``places`` each one's place,
    1 the best, tied teams sharing a place and the next place skipping. The points fall evenly
    from ``WIN`` to 0 over the places (three: 4, 2, 0; two: 4, 0); tied teams share the points
    of the places they span. A computer's seat (None) takes its place and scores for nobody."""
    if len(teams) != len(places) or len(teams) < 2:
        raise ValueError("a table's order needs a place for each of at least two teams")
    step = WIN // (len(teams) - 1)
    values = [WIN - step * i for i in range(len(teams))]
    out: dict[int, int] = {}
    for team, place in zip(teams, places, strict=True):
        sharing = sum(1 for other in places if other == place)
        span = values[place - 1 : place - 1 + sharing]
        share = sum(span) // len(span)
        for member in team:
            if member is not None:
                out[member] = share
    return out


def is_win(points: int) -> bool:
    """A first place alone or shared: at least a tied first's share among three (3 half-points
    for two tied first) — never a second place's 2."""
    return points > BYE


def arena_points(results: Sequence[int]) -> list[int]:
    """What each of a member's Arena games counts, in order: its place points, doubled while the
    member is on a streak (``STREAK`` wins in a row before it).

    >>> arena_points([4, 4, 4, 2, 4, 4, 4])
    [4, 4, 8, 4, 4, 4, 8]
    """
    out: list[int] = []
    run = 0
    for points in results:
        out.append(points * 2 if run >= STREAK else points)
        run = run + 1 if is_win(points) else 0
    return out


@dataclass(frozen=True)
class Game:
    """One finished tournament game, as standings need it: who sat there (members; a computer
    seat is left out) and each member's place points."""

    points: Mapping[int, int]

    @property
    def members(self) -> list[int]:
        return list(self.points)


@dataclass(frozen=True)
class Standing:
    """A member's line in the standings (points and tie-break in half-points)."""

    place: int
    member: int
    games: int
    points: int
    tiebreak: int = 0
    wins: int = 0


@dataclass
class _Tally:
    games: int = 0
    points: int = 0
    wins: int = 0
    opponents: list[int] = field(default_factory=list)
    results: list[int] = field(default_factory=list)


def _tallies(
    members: Sequence[int], games: Sequence[Game], byes: Mapping[int, int], arena: bool
) -> dict[int, _Tally]:
    tallies = {m: _Tally() for m in members}
    for game in games:
        for member, points in game.points.items():
            tally = tallies.setdefault(member, _Tally())
            tally.games += 1
            tally.results.append(points)
            tally.wins += is_win(points)
            tally.opponents.extend(m for m in game.points if m != member)
    for tally in tallies.values():
        tally.points = sum(arena_points(tally.results) if arena else tally.results)
    for member, count in byes.items():
        tallies.setdefault(member, _Tally()).points += BYE * count
    return tallies


def _head_to_head(group: Sequence[int], games: Sequence[Game]) -> dict[int, int]:
    """Among ``group``'s members: each one's places above the others of the group, less those
    below, over the games where both sat."""
    inside = set(group)
    score: dict[int, int] = defaultdict(int)
    for game in games:
        present = [m for m in game.points if m in inside]
        for a in present:
            for b in present:
                if a != b:
                    score[a] += (game.points[a] > game.points[b]) - (
                        game.points[a] < game.points[b]
                    )
    return score


def standings(
    members: Sequence[int],
    games: Sequence[Game],
    ratings: Mapping[int, float],
    *,
    byes: Mapping[int, int] | None = None,
    swiss: bool = False,
    arena: bool = False,
) -> list[Standing]:
    """Every member's line, best first. Swiss: points, the opponents' points summed (each
    opponent once a game), head-to-head among the members still tied, rating, member id.
    Arena and knockout: points (Arena's streaks counted), games won, rating, member id. Members
    with equal keys all the way to rating share a place number."""
    tallies = _tallies(members, games, byes or {}, arena)
    buchholz = {
        m: sum(tallies[o].points for o in t.opponents if o in tallies) for m, t in tallies.items()
    }

    def first_key(m: int) -> tuple[int, int]:
        t = tallies[m]
        return (-t.points, -(buchholz[m] if swiss else t.wins))

    order = sorted(tallies, key=lambda m: (first_key(m), -ratings.get(m, 0.0), m))
    if swiss:
        # Head-to-head settles members still tied on points and Buchholz.
        tied: dict[tuple[int, int], list[int]] = defaultdict(list)
        for m in order:
            tied[first_key(m)].append(m)
        h2h: dict[int, int] = {}
        for group in tied.values():
            if len(group) > 1:
                h2h.update(_head_to_head(group, games))
        order.sort(key=lambda m: (first_key(m), -h2h.get(m, 0), -ratings.get(m, 0.0), m))

    def full_key(m: int) -> tuple[object, ...]:
        return (first_key(m), -h2h.get(m, 0) if swiss else 0, -ratings.get(m, 0.0))

    if not swiss:
        h2h = {}
    out: list[Standing] = []
    for index, m in enumerate(order):
        place = index + 1
        if out and full_key(order[index - 1]) == full_key(m):
            place = out[-1].place
        t = tallies[m]
        out.append(
            Standing(
                place=place,
                member=m,
                games=t.games,
                points=t.points,
                tiebreak=buchholz[m] if swiss else 0,
                wins=t.wins,
            )
        )
    return out
