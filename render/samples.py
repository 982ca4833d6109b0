"""Sample positions for the preview, the benchmark and the tests, each played through the real
engines: a table file (docs/table-files.md) sets the position up and real moves lead to it, so every
sample is a position the rules reach. They show states a fresh deal doesn't reach (projects,
wilds, taken piles, a trick) so every part of a picture can be looked at.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from bot.games import registry
from bot.games.base import RoundEnd, RoundResult, ScoreLine
from bot.games.more3 import OUT_BONUS, SOLO_WIN_BONUS, solo_lines, solo_score
from bot.games.runfast import RunFastView
from bot.i18n import number, t
from render.common import GameView
from render.tournament import BracketTable, StandingRow

NAMES = {
    2: ("Sara", "عبد الله"),
    3: ("Sara", "मीरा", "أبو خالد الكبير"),
    4: ("Sara", "عبد الله", "Omar the Bold", "प्रिया"),
}

# The same tables with names in the picture's language, for the Arabic and Hindi previews; each
# has a Latin name too, so a picture shows a name of the other direction inside its lines.
NAMES_BY_LANG = {
    "ar": {
        2: ("سارة", "Omar"),
        3: ("سارة", "Meera", "أبو خالد الكبير"),
        4: ("سارة", "عبد الله", "Omar (the Bold)", "نورة"),
    },
    "hi": {
        2: ("सारा", "عبد الله"),
        3: ("सारा", "मीरा", "Omar"),
        4: ("सारा", "अर्जुन", "Omar (the Bold)", "प्रिया"),
    },
}


def names_for(n: int, lang: str = "en") -> tuple[str, ...]:
    """Sample names for ``n`` seats, in ``lang`` where it has its own (Arabic, Hindi)."""
    return NAMES_BY_LANG.get(lang, NAMES)[n]


# Members' names can be long and in any script: plates, areas, captions and sheets must fit them
# without cutting a letter (the tests and the preview use these).
LONG_NAMES = {
    2: ("Alexandria Konstantinopoulou-Vandermeer", "عبد الرحمن بن عبد العزيز آل سعود"),
    3: (
        "Alexandria Konstantinopoulou-Vandermeer",
        "प्रियंका चोपड़ा जोनस श्रीवास्तव",
        "عبد الرحمن بن عبد العزيز آل سعود",
    ),
    4: (
        "Alexandria Konstantinopoulou-Vandermeer",
        "عبد الرحمن بن عبد العزيز آل سعود",
        "Maximilian Bartholomew Fitzgerald III",
        "प्रियंका चोपड़ा जोनस श्रीवास्तव",
    ),
}


def _played(record: dict[str, Any], seat: int = 0) -> GameView:
    """``seat``'s view once the table file ``record`` (docs/table-files.md) is set up and its moves
    played by the real engine, so a sample is a position the rules reach."""
    return registry.replay(record).view(seat)


def _cards(text: str) -> list[str]:
    """Cards as a table file writes them, from one string: ``"4H 5H 6H"``."""
    return text.split()


def _melds(*melds: tuple[int, str]) -> list[dict[str, Any]]:
    return [{"seat": seat, "cards": _cards(text)} for seat, text in melds]


def mor_midgame(n_seats: int = 4) -> GameView:
    """Mor mid-round, seen by seat 0 during its turn (it drew, then added to its team's meld 4):
    team A has a 200 and a 100 and has taken its Mor (so it can close), team B a 150 and short
    melds."""
    mate, right = 2 % n_seats, 3 % n_seats  # 1 vs 1: seat 0's partner is itself
    return _played(
        {
            "game": "mor",
            "options": {"players": n_seats, "length": "quick"},
            "seed": 7,
            "dealer": n_seats - 1,
            "totals": [84.5, 61.0, 84.5, 61.0][:n_seats],
            "position": {
                "hands": [
                    _cards("4C 6C 7D 7D KH JK 9S QH"),
                    _cards("5D 6D 8C 9H 10H JH QC KC 4S"),
                    _cards("6H 7H 8S 10D"),
                    _cards("4D 5H 8D 9D 10C JD QS KS AC 6S 7C"),
                ][:n_seats],
                "melds": _melds(
                    (0, "4H 5H 6H 7H 8H 9H 10H JH"),
                    (mate, "3S 4S 5S 6S JK 8S 9S"),
                    (0, "AS AD AC 2H"),
                    (0, "10S JS QS KS"),
                    (1, "3H 3D 3C 3S 3H 2C 3D"),
                    (1, "9C 10C JC"),
                    (right, "QD KD AD"),
                ),
                "stock": ["5C"],
                "discard": _cards("5S 9D KC QH"),
                "side_taken": [True, False],
                "turn": 0,
                "phase": "draw",
            },
            "moves": [
                {"seat": 0, "do": "draw"},
                {"seat": 0, "do": "add", "meld": 4, "cards": ["9S"]},
            ],
        }
    )


def more3_midgame() -> GameView:
    """More mid-round, seen by seat 0, the Solo, with a dirty biriba; the Pair has a pure one.
    Seat 1 has just drawn, laid a run and thrown; seat 2 is to play."""
    return _played(
        {
            "game": "more3",
            "seed": 7,
            "dealer": 2,
            "totals": [1240, 1610, 980],
            "position": {
                "hands": [
                    _cards("3H 4H 8S 8D 9D KC KC 2C"),
                    _cards("JS QS KS AS 10D 4C 6H"),
                    _cards("3C 4S 5H 6C 8H 9S 10S QD KD JD"),
                ],
                "melds": _melds(
                    (0, "AD 2D 3D 4D 5D 2S 7D"),
                    (0, "9H 10H JK QH"),
                    (2, "5C 6C 7C 8C 9C 10C JC"),
                ),
                "stock": ["8C"],
                "discard": ["6S"],
                "solo": 0,
                "turn": 1,
                "phase": "draw",
            },
            "moves": [
                {"seat": 1, "do": "draw"},
                {"seat": 1, "do": "meld", "cards": ["JS", "QS", "KS", "AS"]},
                {"seat": 1, "do": "discard", "card": "10D"},
            ],
        }
    )


def hand_midgame() -> GameView:
    """Hand mid-round, seen by seat 0, who has not opened and has just drawn (the 6♣); the
    others have opened."""
    return _played(
        {
            "game": "hand",
            "seed": 7,
            "dealer": 1,
            "totals": [42, -30, 55],
            "position": {
                "hands": [
                    _cards("2S 3S 9S 5H 8H 8H KD 3C 4C JK"),
                    _cards("5S 6S 9H 10H JD QD"),
                    _cards("2D 3D 8S 9C 10S"),
                ],
                "melds": _melds(
                    (1, "7S 7H 7D"),
                    (1, "10C JC QC KC AC"),
                    (2, "4D JK 6D"),
                    (2, "QS QH QD QC"),
                ),
                "stock": ["6C"],
                "discard": _cards("9C 2H 8C"),
                "turn": 0,
                "phase": "draw",
            },
            "moves": [{"seat": 0, "do": "draw"}],
        }
    )


def runfast_midgame() -> GameView:
    """Run Fast mid-deal, seen by seat 0: seat 1 opened with a straight holding the 3♥, seat 2
    could not beat it, seat 0 beat it with a higher one; seat 1 is to play."""
    return _played(
        {
            "game": "runfast",
            "seed": 7,
            "position": {
                "hands": [
                    _cards("5D 6C 7C 8S 9H 10D JD QS KS AS 2S 6S 7H 8D 9C 10S"),
                    _cards("3H 4S 5C 6D 7S 4C 5S 8C 9D 10C JC QD KD QC"),
                    _cards("3D 3C 4H 4D 5H JH JS QH KH KC AD"),
                ],
            },
            "moves": [
                {"seat": 1, "do": "play", "cards": ["3H", "4S", "5C", "6D", "7S"]},
                {"seat": 2, "do": "pass"},
                {"seat": 0, "do": "play", "cards": ["6S", "7H", "8D", "9C", "10S"]},
            ],
        }
    )


def dealt(game: str, n_seats: int | None = None, seed: int = 7) -> GameView:
    """A fresh deal as the rules give it: what seat 0 sees before any move."""
    options = {"players": n_seats} if game == "mor" and n_seats else {}
    return registry.new_game(game, options, seed).view(0)


def midgame(game: str, n_seats: int | None = None) -> GameView:
    if game == "mor":
        return mor_midgame(n_seats or 4)
    if game == "more3":
        return more3_midgame()
    if game == "hand":
        return hand_midgame()
    if game == "runfast":
        return runfast_midgame()
    raise ValueError(f"No sample for {game}.")


def sample_result(game: str, n_seats: int) -> tuple[RoundResult, tuple[float, ...]]:
    """A finished round's result with a line-by-line breakdown, and the totals after it."""
    if game == "mor":
        # As the engine gives them: a team's lines on its first seat, each seat the team's score.
        team_lines = (
            (
                ("core.line.cards_in_melds", 38.5),
                ("mor.line.project_200", 20),
                ("mor.line.project_100", 10),
                ("mor.line.closed", 10),
                ("core.line.cards_left", -3.5),
            ),
            (
                ("core.line.cards_in_melds", 21),
                ("mor.line.project_150", 15),
                ("core.line.cards_left", -12.5),
                ("mor.line.no_mor", -10),
            ),
        )
        lines = tuple(ScoreLine(team, label, p) for team in (0, 1) for label, p in team_lines[team])
        team_scores = [sum(p for _, p in team_lines[t]) for t in (0, 1)]
        scores = tuple(team_scores[s % 2] for s in range(n_seats))
        return RoundResult(scores, RoundEnd.CLOSED, 0, lines), tuple(s + 41.5 for s in scores)
    if game == "more3":
        # RULES.md's worked example, in the engine's order and by its own sum: 400 melded +
        # 200 pure + 100 dirty + 100 for going out = 800; ×1.5 = 1200; +150 = 1350.
        solo = solo_score(400, 300, 0, went_out_bonus=OUT_BONUS, round_win_bonus=SOLO_WIN_BONUS)
        lines = (
            ScoreLine(0, "core.line.cards_in_melds", 400),
            ScoreLine(0, "more3.line.pure_biriba", 200),
            ScoreLine(0, "more3.line.dirty_biriba", 100),
            ScoreLine(0, "core.line.went_out", OUT_BONUS),
            ScoreLine(0, "core.line.cards_left", 0),
            *solo_lines(0, 800, SOLO_WIN_BONUS),
            ScoreLine(1, "core.line.cards_in_melds", 310),
            ScoreLine(1, "more3.line.dirty_biriba", 100),
            ScoreLine(1, "core.line.cards_left", -45),
            ScoreLine(2, "core.line.cards_in_melds", 310),
            ScoreLine(2, "more3.line.dirty_biriba", 100),
            ScoreLine(2, "core.line.cards_left", -120),
        )
        scores = (float(solo), 365.0, 290.0)
        before = (1240.0, 1610.0, 980.0)
        return RoundResult(scores, RoundEnd.WENT_OUT, 0, lines), tuple(
            b + s for b, s in zip(before, scores, strict=True)
        )
    if game == "hand":
        lines = (
            ScoreLine(0, "core.line.went_out", -30),
            ScoreLine(1, "core.line.cards_left", 23),
            ScoreLine(2, "core.line.cards_left", 41),
            ScoreLine(2, "hand.line.never_opened", 100),
        )
        return RoundResult((-30.0, 23.0, 141.0), RoundEnd.WENT_OUT, 0, lines), (12.0, -7.0, 196.0)
    # As the engine writes them: the winner receives what the others pay.
    lines = (
        ScoreLine(0, "runfast.line.bomb_bonus", 20),
        ScoreLine(0, "runfast.line.received", 20),
        ScoreLine(1, "runfast.line.cards_left", -3),
        ScoreLine(1, "runfast.line.paid_for_bomb", -10),
        ScoreLine(2, "runfast.line.cards_left", -7),
        ScoreLine(2, "runfast.line.two_of_spades_held", -10),
        ScoreLine(2, "runfast.line.paid_for_bomb", -10),
    )
    return RoundResult((40.0, -13.0, -27.0), RoundEnd.HAND_EMPTY, 0, lines), (40.0, -13.0, -27.0)


def leaders(game: str, totals: tuple[float, ...]) -> tuple[int, ...]:
    """The seats the sheet stars as leading, as the engine reads totals: the lowest in Hand
    (``low_score_wins``), the highest elsewhere."""
    best = min(totals) if registry.engine_class(game).low_score_wins else max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def engine_round(game: str, seed: int, n_seats: int | None = None) -> dict[str, GameView]:
    """Public views of a real round played with seeded random legal moves that prefer laying
    cards: ``start``, ``busiest`` (the most melds, or the longest trick, on the table) and
    ``round_over`` (with every hand left)."""
    options = {"players": n_seats} if game == "mor" and n_seats else {}
    engine = registry.new_game(game, options, seed)
    rng = random.Random(seed)
    start = busiest = engine.view(-1)

    def crowd(view: GameView) -> int:
        match view:
            case RunFastView(trick=trick):
                return len(trick)
            case _:
                return len(view.melds) * 100

    # A round not over always has a seat to move (``turn`` is None only once it is).
    while not engine.round_over and (seat := engine.turn) is not None:
        legal = engine.legal_moves(seat)
        lays = [m for m in legal if m.do in ("meld", "lay", "add", "play")]
        engine.apply(seat, rng.choice(lays) if lays and rng.random() < 0.8 else rng.choice(legal))
        view = engine.view(-1)
        if not view.round_over and crowd(view) >= crowd(busiest):
            busiest = view
    return {"start": start, "busiest": busiest, "round_over": engine.view(-1)}


# ---------------------------------------------------------------------------------- tournaments

# Members of a sample tournament, in the picture's language where it has its own: short names,
# long ones of each script (shortened by whole letters), and names of the other direction.
TOURNAMENT_NAMES = {
    "en": (
        "Sara",
        "Omar the Bold",
        "عبد الله",
        "प्रिया",
        "Maximilian Bartholomew Fitzgerald III",
        "Noor",
        "Layla",
        "Yusuf",
        "Meera",
        "عبد الرحمن بن عبد العزيز آل سعود",
        "Daan",
        "प्रियंका चोपड़ा जोनस श्रीवास्तव",
        "Fatima",
        "Ravi",
        "Sanne",
        "Khalid",
    ),
    "ar": (
        "سارة",
        "عمر",
        "عبد الله",
        "Priya",
        "عبد الرحمن بن عبد العزيز آل سعود",
        "نورة",
        "ليلى",
        "يوسف",
        "Meera",
        "Maximilian Bartholomew Fitzgerald III",
        "خالد",
        "فاطمة",
        "ريم",
        "أبو خالد الكبير",
        "منى",
        "حسن",
    ),
    "hi": (
        "सारा",
        "अर्जुन",
        "Omar",
        "प्रिया",
        "प्रियंका चोपड़ा जोनस श्रीवास्तव",
        "मीरा",
        "रवि",
        "عبد الله",
        "आदित्य",
        "Maximilian Bartholomew Fitzgerald III",
        "सुनीता",
        "विक्रम",
        "नेहा",
        "राहुल",
        "अनीता",
        "कबीर",
    ),
}


def tournament_names(lang: str = "en") -> tuple[str, ...]:
    return TOURNAMENT_NAMES.get(lang, TOURNAMENT_NAMES["en"])


def sample_standings(lang: str = "en", count: int = 10, swiss: bool = True) -> list[StandingRow]:
    """A tournament's standings as the caller hands them over: places (a tie shares one), games,
    points and the Swiss tie-break in half-points written in ``lang`` (4.5, 4,5)."""
    names = tournament_names(lang)
    half_points = [15, 13, 12, 12, 10, 9, 9, 7, 6, 4, 3, 2, 1, 0, 0, 0]
    tiebreaks = [44, 47, 41, 41, 38, 40, 35, 30, 33, 29, 20, 21, 18, 15, 15, 12]
    rows: list[StandingRow] = []
    for i in range(count):
        points, tiebreak = half_points[i % 16], tiebreaks[i % 16]
        tied = bool(rows) and (points, tiebreak) == (half_points[i % 16 - 1], tiebreaks[i % 16 - 1])
        rows.append(
            StandingRow(
                place=rows[-1].place if tied else i + 1,
                name=names[i % len(names)],
                games=4 + (i % 3 == 0),
                points=number(points / 2, lang),
                tiebreak=number(tiebreak / 2, lang) if swiss else None,
            )
        )
    return rows


def bracket_shapes(entries: int, per_table: int) -> list[int]:
    """How many entries each first-round table gets, as a knockout draws them (the smallest
    bracket holding every entry; full tables, at most one short one, the rest byes spread
    through the bracket). A sample's own, so the pictures need no tournament rules."""
    rounds = 1
    while per_table**rounds < entries:
        rounds += 1
    tables = per_table ** (rounds - 1)
    full, short = divmod(entries - tables, per_table - 1)
    shapes = [per_table] * full + ([short + 1] if short else [])
    byes = tables - len(shapes)
    # Byes every so often rather than all at the end, as a drawn bracket spreads them.
    out: list[int] = []
    for i in range(tables):
        if byes and (not shapes or i % 2 == 1):
            out.append(1)
            byes -= 1
        else:
            out.append(shapes.pop(0) if shapes else 1)
    return out


def sample_bracket(
    entries: int, per_table: int, decided: int, lang: str = "en", pairs: bool = False
) -> list[list[BracketTable]]:
    """A knockout bracket of ``entries`` entries at tables of ``per_table``, its first
    ``decided`` rounds played (a table's winner picked by its place in the bracket); ``pairs``:
    each entry is Mor's pair of two members. A short table is filled by the computer."""
    names = tournament_names(lang)
    both = t("render.and", lang)

    def member(i: int) -> str:
        # A second lap of the names gets a number, so no two entries read alike.
        lap = i // len(names)
        return names[i % len(names)] + (f" {lap + 1}" if lap else "")

    def entry(i: int) -> str:
        return f"{member(2 * i)} {both} {member(2 * i + 1)}" if pairs else member(i)

    computer = t("tournament.computer", lang)
    first: list[BracketTable] = []
    at = 0
    for count in bracket_shapes(entries, per_table):
        group = tuple(entry(at + i) for i in range(count))
        at += count
        if 1 < count < per_table:
            group += (computer,) * (per_table - count)
        first.append(BracketTable(group, 0 if count == 1 else None, bye=count == 1))
    rounds = [first]
    while len(rounds[-1]) > 1:
        rounds.append([BracketTable() for _ in range(len(rounds[-1]) // per_table)])
    for r, rnd in enumerate(rounds):
        for j, table in enumerate(rnd):
            if not table.entries and r > 0:
                feeding = rounds[r - 1][j * per_table : (j + 1) * per_table]
                if all(f.winner is not None for f in feeding):
                    table = BracketTable(
                        tuple(f.entries[f.winner] for f in feeding if f.winner is not None)
                    )
            if table.entries and table.winner is None and r < decided:
                players = [i for i, e in enumerate(table.entries) if e != computer]
                table = replace(table, winner=players[(j + r) % len(players)])
            rnd[j] = table
    return rounds
