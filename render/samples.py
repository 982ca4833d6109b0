"""Sample views for the preview and the tests: the public fields an engine's ``view(seat)`` has.

They stand in for engine views where an engine is not there yet, and show states a fresh deal
doesn't reach (projects, wilds, taken piles, a trick) so every part of a picture can be looked at.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import (
    Added,
    Discarded,
    Drew,
    Event,
    Melded,
    MeldView,
    Played,
    RoundResult,
    ScoreLine,
)
from bot.games.cards import Card, deck_48, deck_106, parse_cards, shuffled

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


@dataclass(frozen=True)
class SampleView:
    """Every field a table or hand picture may read, with harmless defaults."""

    game: str
    seat: int = 0
    n_seats: int = 4
    hand: tuple[Card, ...] = ()
    hand_counts: tuple[int, ...] = ()
    turn: int | None = 0
    phase: str = "play"
    dealer: int | None = None
    round_no: int = 0  # engines count rounds from 0
    totals: tuple[float, ...] = ()
    round_over: bool = False
    game_over: bool = False
    winners: tuple[int, ...] = ()
    result: RoundResult | None = None
    last_events: tuple[Event, ...] = ()
    melds: tuple[MeldView, ...] = ()
    discard: tuple[Card, ...] = ()
    stock_count: int = 0
    side_piles: tuple[int, ...] = ()
    side_taken: tuple[bool, ...] = ()
    sides: tuple[int, ...] = ()
    just_drawn: tuple[Card, ...] = ()
    must_lay: tuple[Card, ...] = ()
    target: int | None = None
    projects_met: tuple[str, ...] = ()
    solo: int | None = None
    opened: tuple[bool, ...] = ()
    trick: tuple[Card, ...] = ()
    trick_seat: int | None = None
    trick_kind: str = ""
    passes: int = 0
    played: tuple[bool, ...] = field(default=())
    opening: bool = False


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def _deal(deck: list[Card], n: int, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    pack = shuffled(deck, rng)
    hands = [pack[i * n : (i + 1) * n] for i in range(n)]
    return hands, pack


def mor_midgame(n_seats: int = 4, turn: int = 1) -> SampleView:
    """Mor mid-round: team A has a 200 and a 100 (can close), team B a 150 and short melds."""
    sides = tuple(i % 2 for i in range(n_seats))
    melds = (
        MeldView(0, 0, 0, "run", cards("4H 5H 6H 7H 8H 9H 10H JH"), project=200),
        MeldView(
            1, 2 % n_seats, 0, "run", cards("3S 4S 5S 6S JK 8S 9S"), ((4, Card(7, "S")),), 100
        ),
        MeldView(2, 0, 0, "set", cards("AS AD AC 2H"), wilds=((3, Card(1, None)),)),
        MeldView(3, 1, 1, "set", cards("3H 3D 3C 3S 3H 2C 3D"), ((5, Card(3, None)),), 150),
        MeldView(4, 1, 1, "run", cards("9C 10C JC")),
        MeldView(5, 3 % n_seats, 1, "run", cards("QD KD AD")),
        MeldView(6, 0, 0, "run", cards("10S JS QS KS")),
    )
    counts = (6, 9, 4, 11)[:n_seats]
    events: tuple[Event, ...] = (
        Drew(turn - 1 if turn else n_seats - 1, Card(5, "C")),
        Added(turn - 1 if turn else n_seats - 1, meld=4, cards=cards("JC")),
        Discarded(turn - 1 if turn else n_seats - 1, card=Card(12, "H")),
    )
    return SampleView(
        game="mor",
        n_seats=n_seats,
        hand=cards("4C 6C 7D 7D KH JK")[: counts[0]],
        hand_counts=counts,
        turn=turn,
        dealer=n_seats - 1,
        round_no=1,
        totals=(84.5, 61.0, 84.5, 61.0)[:n_seats],
        melds=melds,
        discard=cards("5S 9D KC QH"),
        stock_count=31,
        side_piles=(0, 11),
        side_taken=(True, False),
        sides=sides,
        just_drawn=(Card(5, "C"),) if turn == 0 else (),
        target=101,
        last_events=events,
    )


def dealt(game: str, n_seats: int | None = None, seed: int = 7) -> SampleView:
    """A fresh deal as the rules give it (RULES.md): what a table looks like before any move."""
    rng = random.Random(seed)
    if game == "runfast":
        hands, _ = _deal(deck_48(), 16, rng)
        leader = next(i for i, h in enumerate(hands) if Card(3, "H") in h)
        return SampleView(
            game="runfast",
            n_seats=3,
            hand=tuple(hands[0]),
            hand_counts=(16, 16, 16),
            turn=leader,
            totals=(0.0, 0.0, 0.0),
            played=(False, False, False),
            opening=True,
        )
    n = n_seats or (4 if game == "mor" else 3)
    size = 14 if game == "hand" else 11
    pack = shuffled(deck_106(), rng)
    counts = [size] * n
    extra = 0 if game == "more3" else 1  # the starter's extra card (Mor, Hand)
    counts[0] += extra
    hand = tuple(pack[: counts[0]])
    side = 22 if game in ("mor", "more3") else 0
    discard = (pack[-1],) if game == "more3" else ()  # More turns up a card; the others don't
    common = dict(
        n_seats=n,
        hand=hand,
        hand_counts=tuple(counts),
        turn=0,
        dealer=n - 1,
        totals=(0.0,) * n,
        stock_count=106 - sum(counts) - side - len(discard),
        discard=discard,
    )
    if game == "mor":
        return SampleView(
            game="mor",
            side_piles=(11, 11),
            side_taken=(False, False),
            sides=tuple(i % 2 for i in range(n)),
            target=101,
            **common,
        )
    if game == "more3":
        return SampleView(
            game="more3",
            side_piles=(11, 11),
            side_taken=(False, False),
            sides=(0, 1, 1),
            solo=0,
            **common,
        )
    return SampleView(game="hand", sides=tuple(range(n)), opened=(False,) * n, **common)


def more3_midgame(turn: int = 2) -> SampleView:
    sides = (0, 1, 1)  # seat 0 is Solo, seats 1 and 2 the Pair
    melds = (
        MeldView(0, 0, 0, "run", cards("5C 6C 7C 8C 9C 10C JC"), biriba="pure"),
        MeldView(1, 0, 0, "run", cards("9H 10H JK QH"), wilds=((2, Card(11, "H")),)),
        MeldView(
            2,
            1,
            1,
            "run",
            cards("AD 2D 3D 4D 5D 2S 7D"),
            wilds=((5, Card(6, "D")),),
            biriba="dirty",
        ),
        MeldView(3, 2, 1, "run", cards("JS QS KS AS")),
    )
    return SampleView(
        game="more3",
        n_seats=3,
        hand=cards("3H 4H 8S 8D 9D KC KC 2C"),
        hand_counts=(8, 5, 10),
        turn=turn,
        dealer=2,
        round_no=2,
        totals=(1240.0, 1610.0, 980.0),
        melds=melds,
        discard=cards("6S 10D"),
        stock_count=22,
        side_piles=(11, 11),
        side_taken=(False, False),
        sides=sides,
        solo=0,
        last_events=(
            Drew(1),
            Melded(1, meld=3, cards=cards("JS QS KS AS")),
            Discarded(1, card=Card(10, "D")),
        ),
    )


def hand_midgame(turn: int = 0) -> SampleView:
    melds = (
        MeldView(0, 1, 1, "set", cards("7S 7H 7D")),
        MeldView(1, 1, 1, "run", cards("10C JC QC KC AC")),
        MeldView(2, 2, 2, "run", cards("4D JK 6D"), wilds=((1, Card(5, "D")),)),
        MeldView(3, 2, 2, "set", cards("QS QH QD QC")),
    )
    return SampleView(
        game="hand",
        n_seats=3,
        hand=cards("2S 3S 9S 5H 8H 8H KD 3C 4C 6C JK"),
        hand_counts=(11, 6, 5),
        turn=turn,
        dealer=1,
        round_no=1,
        totals=(42.0, -30.0, 55.0),
        melds=melds,
        discard=cards("9C 2H 8C"),
        stock_count=44,
        sides=(0, 1, 2),
        opened=(False, True, True),
        just_drawn=(Card(6, "C"),),
        last_events=(Drew(0, Card(6, "C")),),
    )


def runfast_midgame(turn: int = 1) -> SampleView:
    return SampleView(
        game="runfast",
        n_seats=3,
        hand=cards("3H 3S 5D 6C 7C 8S 9H 10D JD QS KS AS 2S"),
        hand_counts=(13, 9, 11),
        turn=turn,
        totals=(0.0, 0.0, 0.0),
        trick=cards("6S 7H 8D 9C 10S"),
        trick_seat=0,
        trick_kind="straight",
        passes=0,
        played=(True, True, False),
        last_events=(Played(0, cards=cards("6S 7H 8D 9C 10S"), kind="straight"),),
    )


def midgame(game: str, n_seats: int | None = None) -> SampleView:
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
        return RoundResult(scores, "closed", 0, lines), tuple(s + 41.5 for s in scores)
    if game == "more3":
        lines = (
            ScoreLine(0, "core.line.cards_in_melds", 400),
            ScoreLine(0, "more3.line.pure_biriba", 200),
            ScoreLine(0, "core.line.cards_left", -80),
            ScoreLine(0, "core.line.went_out", 150),
            ScoreLine(0, "more3.line.solo_total", 930),
            ScoreLine(1, "core.line.cards_in_melds", 310),
            ScoreLine(1, "more3.line.dirty_biriba", 100),
            ScoreLine(1, "core.line.cards_left", -45),
            ScoreLine(2, "core.line.cards_in_melds", 310),
            ScoreLine(2, "more3.line.dirty_biriba", 100),
            ScoreLine(2, "core.line.cards_left", -120),
        )
        scores = (930.0, 365.0, 290.0)
        return RoundResult(scores, "went_out", 0, lines), (2170.0, 1975.0, 1270.0)
    if game == "hand":
        lines = (
            ScoreLine(0, "core.line.went_out", -30),
            ScoreLine(1, "core.line.cards_left", 23),
            ScoreLine(2, "core.line.cards_left", 41),
            ScoreLine(2, "hand.line.never_opened", 100),
        )
        return RoundResult((-30.0, 23.0, 141.0), "went_out", 0, lines), (12.0, -7.0, 196.0)
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
    return RoundResult((40.0, -13.0, -27.0), "hand_empty", 0, lines), (40.0, -13.0, -27.0)


def engine_view(game: str, seed: int = 1, seat: int = 0) -> Any | None:
    """A real engine's view of a fresh deal, or None while that engine isn't there yet."""
    try:
        from bot.games.registry import UnknownGame, new_game
    except ImportError:  # pragma: no cover - the registry is part of the core
        return None
    try:
        return new_game(game, {}, seed).view(seat)
    except UnknownGame:
        return None


def engine_round(game: str, seed: int, n_seats: int | None = None) -> dict[str, Any]:
    """Public views of a real round played with seeded random legal moves that prefer laying
    cards: ``start``, ``busiest`` (the most melds, or the longest trick, on the table) and
    ``round_over`` (with every hand left)."""
    from bot.games.registry import new_game

    options = {"players": n_seats} if game == "mor" and n_seats else {}
    engine = new_game(game, options, seed)
    rng = random.Random(seed)
    start = busiest = engine.view(-1)

    def crowd(view: Any) -> int:
        return len(getattr(view, "melds", ())) * 100 + len(getattr(view, "trick", ()) or ())

    while not engine.round_over:
        seat = engine.turn
        legal = engine.legal_moves(seat)
        lays = [m for m in legal if m.do in ("meld", "lay", "add", "play")]
        engine.apply(seat, rng.choice(lays) if lays and rng.random() < 0.8 else rng.choice(legal))
        view = engine.view(-1)
        if not view.round_over and crowd(view) >= crowd(busiest):
            busiest = view
    return {"start": start, "busiest": busiest, "round_over": engine.view(-1)}
