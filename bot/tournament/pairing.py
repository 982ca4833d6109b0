"""Who sits with whom in a tournament: knockout brackets, Swiss rounds and Arena groups.

Pure and seeded: plain data in (member ids, points, ratings, who already met), plain data out,
the same seed giving the same tables. No Discord, no store, no clock; the tournament service
keeps what these return and asks again when results come in. A table is a tuple of seats; a
seat holds a member id, or ``None`` for a computer player.

The policies, as a tournament announces them to its players:

- **Table sizes**: 3 in More, Hand and Run Fast; in Mor 2 (1 vs 1) or 4 (2 vs 2, partners at
  seats 0 and 2).
- **Swiss**: every present member is seated each round, in tables of the game's size, by score:
  the standings are cut into tables so that, first, as few pairs of members meet again as can be
  and, second, each table's points (then ranks) lie as close together as they can. Fields up to
  ``EXACT_UP_TO`` members are searched whole; larger ones start from the standings cut in order
  and improve by swapping members between tables while that lowers the cost. Members left over
  when the count does not divide: with computers allowed and the leftover at least half a table,
  they sit together with computers; otherwise each gets a **bye** (one per member while anyone
  is left without one, the lowest in the standings first), worth a second place's points.
- **Arena**: the members free now are seated as soon as a table's worth wait, those waiting
  longest first, grouped by points and then rating, and never in the same group as their last game when another grouping of the
  waiting members exists.
- **Knockout**: entries (a member, or in Mor 2 vs 2 a pair drawn at random) are drawn at random
  into the smallest bracket that holds them. A first-round table left with one entry is a
  **bye**; a table that cannot be filled otherwise gets a computer player (only in the first
  round, only when the count makes it unavoidable). The winner of each table goes on; a computer
  never does: when one wins, the best-placed member's entry goes on.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

Seat = int | None
Table = tuple[Seat, ...]
Cost = tuple[int, int, int]
Measure = Callable[[Sequence[int]], Cost]

# Swiss fields up to this many members are searched whole (the exact least repeats).
EXACT_UP_TO = 12
# Sweeps of the swapping search at most (each tries every pair of tables).
MAX_SWEEPS = 40


@dataclass(frozen=True)
class Entrant:
    """A member as pairing sees them: points (half-points) and rating."""

    member: int
    points: int = 0
    rating: float = 0.0


def table_size(game: str, options: Mapping[str, object]) -> int:
    """Seats at one table of ``game``."""
    if game == "mor":
        return 2 if options.get("players") == 2 else 4
    return 3


def ranked(entrants: Iterable[Entrant]) -> list[Entrant]:
    """The standings' order for pairing: points, then rating, then member id."""
    return sorted(entrants, key=lambda e: (-e.points, -e.rating, e.member))


def met_counts(history: Iterable[Sequence[Seat]]) -> Counter[frozenset[int]]:
    """How many times each pair of members sat at one table."""
    met: Counter[frozenset[int]] = Counter()
    for table in history:
        members = sorted({m for m in table if m is not None})
        for a, b in itertools.combinations(members, 2):
            met[frozenset((a, b))] += 1
    return met


def repeats(tables: Iterable[Sequence[Seat]], met: Mapping[frozenset[int], int]) -> int:
    """Pairs of members seated together who have met before (each earlier meeting counts)."""
    total = 0
    for table in tables:
        members = [m for m in table if m is not None]
        for a, b in itertools.combinations(members, 2):
            total += met.get(frozenset((a, b)), 0)
    return total


# ---------------------------------------------------------------------------------------------
# Swiss


@dataclass(frozen=True)
class SwissRound:
    """One Swiss round: the tables (members by seat, computers as None) and the byes."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()


def _table_cost(
    group: Sequence[int],
    met: Mapping[frozenset[int], int],
    points: Mapping[int, int],
    rank: Mapping[int, int],
) -> Cost:
    rep = sum(met.get(frozenset(p), 0) for p in itertools.combinations(group, 2))
    pts = [points[m] for m in group]
    rks = [rank[m] for m in group]
    return (rep, max(pts) - min(pts), max(rks) - min(rks))


def _add(a: Cost, b: Cost) -> Cost:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _exact(members: Sequence[int], size: int, measure: Measure) -> list[list[int]]:
    """The grouping of ``members`` (a multiple of ``size``) with the least total cost, searched
    whole: the first member left always opens the next table, so each grouping is met once."""
    best: list[list[int]] = []
    best_cost: Cost = (10**9, 0, 0)

    def walk(left: tuple[int, ...], chosen: list[list[int]], so_far: Cost) -> None:
        nonlocal best, best_cost
        if so_far >= best_cost:
            return
        if not left:
            best, best_cost = [list(g) for g in chosen], so_far
            return
        first, rest = left[0], left[1:]
        for others in itertools.combinations(rest, size - 1):
            group = [first, *others]
            remaining = tuple(m for m in rest if m not in others)
            chosen.append(group)
            walk(remaining, chosen, _add(so_far, measure(group)))
            chosen.pop()

    walk(tuple(members), [], (0, 0, 0))
    return best


def _improve(groups: list[list[int]], measure: Measure, rng: random.Random) -> list[list[int]]:
    """Swap members between tables while a swap lowers the total cost (first improvement, the
    tables taken in a seeded order), for at most ``MAX_SWEEPS`` sweeps."""
    costs = [measure(g) for g in groups]
    for _ in range(MAX_SWEEPS):
        improved = False
        order = list(range(len(groups)))
        rng.shuffle(order)
        for i, j in itertools.combinations(order, 2):
            gi, gj = groups[i], groups[j]
            here = _add(costs[i], costs[j])
            for a in range(len(gi)):
                for b in range(len(gj)):
                    gi[a], gj[b] = gj[b], gi[a]
                    ci, cj = measure(gi), measure(gj)
                    if _add(ci, cj) < here:
                        costs[i], costs[j], here = ci, cj, _add(ci, cj)
                        improved = True
                    else:
                        gi[a], gj[b] = gj[b], gi[a]
        if not improved:
            break
    return groups


def _grouped(members: Sequence[int], size: int, measure: Measure, seed: int) -> list[list[int]]:
    """The whole search for small fields, else the standings cut in order and improved."""
    if len(members) <= EXACT_UP_TO:
        return _exact(members, size, measure)
    groups = [list(members[i : i + size]) for i in range(0, len(members), size)]
    return _improve(groups, measure, random.Random(seed))


def group_members(
    entrants: Sequence[Entrant],
    size: int,
    history: Iterable[Sequence[Seat]],
    seed: int,
) -> list[tuple[int, ...]]:
    """``entrants`` (a multiple of ``size``) cut into tables: the fewest repeat meetings, then
    points close together, then ranks close together; each table listed in standings order."""
    order = ranked(entrants)
    members = [e.member for e in order]
    if len(members) % size:
        raise ValueError("the members do not fill whole tables")
    if not members:
        return []
    met = met_counts(history)
    points = {e.member: e.points for e in order}
    rank = {m: i for i, m in enumerate(members)}

    def measure(group: Sequence[int]) -> Cost:
        return _table_cost(group, met, points, rank)

    groups = _grouped(members, size, measure, seed)
    tables = [tuple(sorted(g, key=rank.__getitem__)) for g in groups]
    return sorted(tables, key=lambda t: rank[t[0]])


def swiss_round(
    entrants: Sequence[Entrant],
    size: int,
    history: Iterable[Sequence[Seat]],
    had_bye: Iterable[int],
    computers: bool,
    seed: int,
) -> SwissRound:
    """One Swiss round for the present ``entrants``: every one seated or given a bye."""
    history = list(history)
    order = ranked(entrants)
    left = len(order) % size
    byes: list[int] = []
    short: tuple[Seat, ...] = ()
    if left:
        if computers and 2 * left >= size:
            short_members = order[-left:]
            order = order[:-left]
            short = tuple(e.member for e in short_members) + (None,) * (size - left)
        else:
            had = set(had_bye)
            # The lowest in the standings first, among those without a bye while any is left.
            candidates = sorted(
                reversed(order), key=lambda e: e.member in had
            )  # stable: the lowest first within each kind
            chosen = {e.member for e in candidates[:left]}
            byes = [e.member for e in order if e.member in chosen]
            order = [e for e in order if e.member not in chosen]
    tables: list[Table] = list(group_members(order, size, history, seed))
    if short:
        tables.append(short)
    return SwissRound(tables=tuple(tables), byes=tuple(byes))


# ---------------------------------------------------------------------------------------------
# Arena


def arena_groups(
    waiting: Sequence[Entrant],
    size: int,
    last_table: Mapping[int, Sequence[Seat]],
    seed: int,
) -> list[tuple[int, ...]]:
    """Tables for the members waiting now, ``waiting`` in the order they began to wait: as many
    whole tables as they fill, the longest waiting seated first (the rest wait for the next
    table), grouped by points then rating; a table whose members sat together at one of their
    last games is avoided whenever another grouping of the seated members avoids it."""
    count = len(waiting) // size * size
    if not count:
        return []
    chosen = ranked(waiting[:count])
    last = {m: frozenset(x for x in t if x is not None) for m, t in last_table.items()}
    points = {e.member: e.points for e in chosen}
    rank = {e.member: i for i, e in enumerate(chosen)}
    members = [e.member for e in chosen]

    def measure(group: Sequence[int]) -> Cost:
        # The same members as one of theirs' last table: the repeat Arena avoids.
        same = frozenset(group)
        again = int(any(last.get(m) == same for m in group))
        _, spread, ranks = _table_cost(group, {}, points, rank)
        return (again, spread, ranks)

    groups = _grouped(members, size, measure, seed)
    tables = [tuple(sorted(g, key=rank.__getitem__)) for g in groups]
    return sorted(tables, key=lambda t: rank[t[0]])


# ---------------------------------------------------------------------------------------------
# Knockout

Entry = tuple[Seat, ...]  # a member, or Mor 2 vs 2's pair (a computer partner as None)


@dataclass(frozen=True)
class KnockoutTable:
    """A bracket's table: its entries (filled as the rounds go on), and the entry that went on
    (None until decided). A table of one entry is a bye: that entry goes on unplayed."""

    entries: tuple[Entry, ...] = ()
    winner: Entry | None = None

    @property
    def bye(self) -> bool:
        return len(self.entries) == 1

    @property
    def seats(self) -> Table:
        """The table's seats in play order: Mor's pairs sit opposite (0 and 2, 1 and 3)."""
        if self.entries and len(self.entries[0]) == 2:
            first, second = self.entries[0], self.entries[1]
            return (first[0], second[0], first[1], second[1])
        return tuple(e[0] for e in self.entries)


@dataclass(frozen=True)
class Bracket:
    """Rounds of tables, the first drawn; table ``j`` of a round takes the winners of tables
    ``j * per_table`` to ``j * per_table + per_table - 1`` of the round before."""

    per_table: int
    rounds: tuple[tuple[KnockoutTable, ...], ...]

    @property
    def champion(self) -> Entry | None:
        return self.rounds[-1][0].winner

    def to_json(self) -> BracketJSON:
        return {
            "per_table": self.per_table,
            "rounds": [
                [
                    {
                        "entries": [list(e) for e in t.entries],
                        "winner": list(t.winner) if t.winner else None,
                    }
                    for t in rnd
                ]
                for rnd in self.rounds
            ],
        }

    @classmethod
    def from_json(cls, data: BracketJSON) -> Bracket:
        return cls(
            per_table=int(data["per_table"]),
            rounds=tuple(
                tuple(
                    KnockoutTable(
                        entries=tuple(tuple(e) for e in t["entries"]),
                        winner=tuple(t["winner"]) if t["winner"] else None,
                    )
                    for t in rnd
                )
                for rnd in data["rounds"]
            ),
        )


class TableJSON(TypedDict):
    entries: list[list[Seat]]
    winner: list[Seat] | None


class BracketJSON(TypedDict):
    """A bracket as the store keeps it."""

    per_table: int
    rounds: list[list[TableJSON]]


def knockout_minimum(size: int) -> int:
    """The fewest members a knockout of tables of ``size`` seats starts with: one table's worth."""
    return size


def entries_for(members: Sequence[int], size: int, rng: random.Random) -> list[Entry]:
    """The bracket's entries in a random order: the members alone, or (Mor 2 vs 2) pairs drawn
    at random, a member left without a partner playing beside a computer."""
    shuffled = list(members)
    rng.shuffle(shuffled)
    if size != 4:
        return [(m,) for m in shuffled]
    pairs: list[Entry] = [tuple(shuffled[i : i + 2]) for i in range(0, len(shuffled) - 1, 2)]
    if len(shuffled) % 2:
        pairs.append((shuffled[-1], None))
    return pairs


def draw_bracket(members: Sequence[int], size: int, seed: int) -> Bracket:
    """The bracket for ``members`` at tables of ``size`` seats, drawn with ``seed``.

    Entries per table: 3 in the three-player games, 2 in Mor (two members 1 vs 1, two pairs 2 vs
    2). The bracket is the smallest whose first round holds every entry; the first round's
    tables are as many full tables as the count allows, the rest byes (one entry each), and at
    most one short table completed by a computer player when no split into full tables and byes
    exists (three-player games, an odd number of seats left)."""
    rng = random.Random(seed)
    entries = entries_for(members, size, rng)
    per_table = 2 if size in (2, 4) else size
    if len(entries) < 2:
        raise ValueError("a knockout needs at least two entries")
    rounds_needed = 1
    while per_table**rounds_needed < len(entries):
        rounds_needed += 1
    first_tables = per_table ** (rounds_needed - 1)
    extra = len(entries) - first_tables  # entries beyond one a table
    full, short = divmod(extra, per_table - 1)
    shapes = [per_table] * full + ([short + 1] if short else [])
    shapes += [1] * (first_tables - len(shapes))
    # Byes spread through the bracket rather than bunched at one end.
    rng.shuffle(shapes)
    first: list[KnockoutTable] = []
    at = 0
    for count in shapes:
        group = tuple(entries[at : at + count])
        at += count
        if count < per_table and count > 1:
            filler: Entry = (None, None) if size == 4 else (None,)
            group = group + (filler,) * (per_table - count)
        table = KnockoutTable(entries=group, winner=group[0] if count == 1 else None)
        first.append(table)
    rounds: list[tuple[KnockoutTable, ...]] = [tuple(first)]
    tables = first_tables
    while tables > 1:
        tables //= per_table
        rounds.append(tuple(KnockoutTable() for _ in range(tables)))
    return _carry(Bracket(per_table=per_table, rounds=tuple(rounds)))


def _carry(bracket: Bracket) -> Bracket:
    """Fill each later table once every table feeding it is decided (byes feed at once)."""
    rounds = [list(r) for r in bracket.rounds]
    for r in range(1, len(rounds)):
        for j, table in enumerate(rounds[r]):
            if table.entries:
                continue
            feeding = rounds[r - 1][j * bracket.per_table : (j + 1) * bracket.per_table]
            if all(t.winner is not None for t in feeding):
                entries = tuple(t.winner for t in feeding if t.winner is not None)
                rounds[r][j] = KnockoutTable(
                    entries=entries, winner=entries[0] if len(entries) == 1 else None
                )
    return Bracket(per_table=bracket.per_table, rounds=tuple(tuple(r) for r in rounds))


def is_computer(entry: Entry) -> bool:
    return all(seat is None for seat in entry)


def record_winner(bracket: Bracket, round_no: int, table: int, order: Sequence[Entry]) -> Bracket:
    """The bracket once table ``table`` of round ``round_no`` (both from 0) has finished, its
    entries in ``order`` (best first): the best entry holding a member goes on."""
    current = bracket.rounds[round_no][table]
    if current.winner is not None:
        raise ValueError("that table is already decided")
    if sorted(order, key=repr) != sorted(current.entries, key=repr):
        raise ValueError("the order must list the table's entries")
    winner = next(e for e in order if not is_computer(e))
    rounds = [list(r) for r in bracket.rounds]
    rounds[round_no][table] = KnockoutTable(entries=current.entries, winner=winner)
    return _carry(Bracket(per_table=bracket.per_table, rounds=tuple(tuple(r) for r in rounds)))


def playable(bracket: Bracket) -> list[tuple[int, int]]:
    """The (round, table) pairs seated and waiting for a result."""
    return [
        (r, j)
        for r, rnd in enumerate(bracket.rounds)
        for j, t in enumerate(rnd)
        if t.entries and t.winner is None
    ]
