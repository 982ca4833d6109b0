"""A whole tournament played by computer players, for an organiser to see a format before
running it: ``python -m bot.tournament simulate GAME --format swiss --players 12 --rounds 4``.

Every table is a real game on the engines, each seat played by a computer at ``--level``, and the
tournament runs by the same pairing and scoring the bot uses (``pairing``, ``scoring``): each
round's tables (or, in an Arena, each table as it is seated) are printed, then the final
standings. Arena time is simulated: every move counts as ``SECONDS_PER_MOVE`` seconds, so a
90-minute Arena takes seconds to simulate.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from babel.lists import format_list

from bot.ai import choose_move
from bot.games.registry import new_game
from bot.i18n import number, t
from bot.store.ratings import final_places, teams_of
from bot.tournament.pairing import (
    Bracket,
    Entrant,
    Entry,
    Seat,
    Table,
    arena_groups,
    draw_bracket,
    playable,
    record_winner,
    swiss_round,
    table_size,
)
from bot.tournament.scoring import Game, Standing, place_points, standings

# Simulated seconds a move takes in an Arena (a quick human table: about a minute for ten moves).
SECONDS_PER_MOVE = 6
# Every member's rating in a simulation: nobody has played yet.
START_RATING = 1000.0


@dataclass(frozen=True)
class Played:
    """One table's game: its seats, each member's place points, the teams' places, its moves."""

    seats: Table
    points: Mapping[int, int]
    team_places: Sequence[tuple[Sequence[int], int]]  # (seat numbers, place)
    moves: int


def play_table(
    game: str, options: Mapping[str, Any], seats: Table, level: str, seed: int
) -> Played:
    """A whole game at a table of ``seats`` (members, None for a computer), every seat played by
    a computer at ``level``; the members' place points from the game's own final order."""
    engine = new_game(game, options, seed)
    n = 0
    while not engine.game_over:
        if engine.round_over:
            engine.next_round()
            continue
        seat = engine.turn
        if seat is None:  # More's sealed bids: whoever still has a bid to make
            seat = next(s for s in range(engine.n_seats) if engine.legal_moves(s))
        move = choose_move(
            engine.view(seat), engine.legal_moves(seat), level, random.Random(f"{seed}:{n}")
        )
        engine.apply(seat, move)
        n += 1
    teams = teams_of(game, engine.n_seats)
    totals = [float(x) for x in engine.view(0).totals]
    places = final_places(teams, totals, engine.winners, engine.low_score_wins)
    points = place_points([[seats[s] for s in team] for team in teams], places)
    return Played(seats, points, list(zip(teams, places, strict=True)), n)


@dataclass
class Simulation:
    """What a simulated tournament printed and left."""

    lines: list[str] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)
    champion: Entry | None = None


def _names(members: Sequence[Seat], lang: str) -> str:
    words = [
        t("tournament.player", lang, number=m) if m is not None else t("tournament.computer", lang)
        for m in members
    ]
    return format_list(words, locale=lang)


def _standing_lines(table: Sequence[Standing], lang: str, tiebreak: bool) -> list[str]:
    out = [t("tournament.sim.standings", lang)]
    for s in table:
        key = "tournament.sim.line_tiebreak" if tiebreak else "tournament.sim.line"
        out.append(
            t(
                key,
                lang,
                place=s.place,
                player=t("tournament.player", lang, number=s.member),
                games=s.games,
                points=number(s.points / 2, lang),
                tiebreak=number(s.tiebreak / 2, lang),
            )
        )
    return out


def simulate_swiss(
    game: str,
    options: Mapping[str, Any],
    players: int,
    rounds: int,
    level: str,
    seed: int,
    lang: str,
    computers: bool = True,
) -> Simulation:
    size = table_size(game, options)
    members = list(range(1, players + 1))
    games: list[Game] = []
    history: list[Table] = []
    byes: dict[int, int] = {}
    sim = Simulation()
    for r in range(1, rounds + 1):
        now = {s.member: s.points for s in standings(members, games, {}, byes=byes, swiss=True)}
        field_ = [Entrant(m, now.get(m, 0), START_RATING) for m in members]
        got = swiss_round(field_, size, history, byes.keys(), computers, seed * 1000 + r)
        sim.lines.append(t("tournament.sim.round", lang, number=r))
        for j, seats in enumerate(got.tables, 1):
            played = play_table(game, options, seats, level, seed * 100_000 + r * 100 + j)
            games.append(Game(played.points))
            history.append(seats)
            sim.lines.append(t("tournament.sim.table", lang, number=j, players=_names(seats, lang)))
        for m in got.byes:
            byes[m] = byes.get(m, 0) + 1
        if got.byes:
            sim.lines.append(t("tournament.sim.bye", lang, players=_names(got.byes, lang)))
    sim.standings = standings(members, games, {}, byes=byes, swiss=True)
    sim.lines += _standing_lines(sim.standings, lang, tiebreak=True)
    return sim


def simulate_arena(
    game: str,
    options: Mapping[str, Any],
    players: int,
    minutes: int,
    level: str,
    seed: int,
    lang: str,
) -> Simulation:
    size = table_size(game, options)
    members = list(range(1, players + 1))
    end = minutes * 60
    games: list[Game] = []
    last: dict[int, Table] = {}
    waiting = list(members)  # in the order they began to wait
    finishing: list[tuple[int, int, Table]] = []  # (second it ends, table number, seats)
    now = 0
    count = 0
    sim = Simulation()
    while True:
        if now < end:
            table_now = {s.member: s.points for s in standings(members, games, {}, arena=True)}
            entrants = [Entrant(m, table_now.get(m, 0), START_RATING) for m in waiting]
            for seats in arena_groups(entrants, size, last, seed * 1000 + count):
                count += 1
                played = play_table(game, options, seats, level, seed * 100_000 + count)
                games.append(Game(played.points))
                waiting = [m for m in waiting if m not in seats]
                for m in seats:
                    if m is not None:
                        last[m] = seats
                heapq.heappush(finishing, (now + played.moves * SECONDS_PER_MOVE, count, seats))
                sim.lines.append(
                    t(
                        "tournament.sim.arena_table",
                        lang,
                        minute=now // 60,
                        number=count,
                        players=_names(seats, lang),
                    )
                )
        if not finishing:
            break
        now, _, done = heapq.heappop(finishing)
        waiting += [m for m in done if m is not None]
    sim.standings = standings(members, games, {}, arena=True)
    sim.lines += _standing_lines(sim.standings, lang, tiebreak=False)
    return sim


def simulate_knockout(
    game: str, options: Mapping[str, Any], players: int, level: str, seed: int, lang: str
) -> Simulation:
    size = table_size(game, options)
    members = list(range(1, players + 1))
    bracket: Bracket = draw_bracket(members, size, seed)
    games: list[Game] = []
    sim = Simulation()
    shown_round = -1
    while bracket.champion is None:
        r, j = playable(bracket)[0]
        if r != shown_round:
            shown_round = r
            sim.lines.append(t("tournament.sim.round", lang, number=r + 1))
            for table in bracket.rounds[r]:
                if table.bye:
                    sim.lines.append(
                        t("tournament.sim.bye", lang, players=_names(table.entries[0], lang))
                    )
        table = bracket.rounds[r][j]
        played = play_table(game, options, table.seats, level, seed * 100_000 + r * 100 + j)
        games.append(Game(played.points))
        order = _entry_order(table.entries, table.seats, played)
        bracket = record_winner(bracket, r, j, order)
        winner = bracket.rounds[r][j].winner
        assert winner is not None
        sim.lines.append(
            t(
                "tournament.sim.knockout_table",
                lang,
                number=j + 1,
                players=_names(table.seats, lang),
                winner=_names(winner, lang),
            )
        )
    sim.champion = bracket.champion
    sim.standings = standings(members, games, {})
    sim.lines.append(t("tournament.sim.champion", lang, players=_names(sim.champion or (), lang)))
    return sim


def _entry_order(entries: Sequence[Entry], seats: Table, played: Played) -> list[Entry]:
    """A knockout table's entries best first, by their seats' places; entries tied for a place
    keep their seating order (drawn at random)."""
    place_of_seat = {s: place for team, place in played.team_places for s in team}

    def place(entry: Entry) -> tuple[int, int]:
        first_seat = next(i for i, seat in enumerate(seats) if seat == entry[0])
        return (place_of_seat[first_seat], first_seat)

    return sorted(entries, key=place)


FORMATS: dict[str, Callable[..., Simulation]] = {
    "swiss": simulate_swiss,
    "arena": simulate_arena,
    "knockout": simulate_knockout,
}
