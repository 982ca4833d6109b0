"""Seeded Mor rounds played to the end with a simple legal policy, checking invariants every step:
all 106 cards accounted for exactly once, every meld on the table legal and owned by the seat
that laid it, refused moves change nothing, the round ends, and the record replays exactly."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from bot.games.base import Discard, Draw, IllegalMove, Meld, Move, Reason, Take, move_from_dict
from bot.games.cards import deck_106
from bot.games.meld_search import find_melds
from bot.games.melds import MOR_MELDS, read_meld
from bot.games.mor import Mor, meter
from bot.games.registry import from_json, replay
from bot.i18n import has, say, t

DECK = Counter(deck_106())
ROUNDS = 2000


def all_cards(g: Mor) -> Counter:
    cards = [c for h in g.hands for c in h] + g.stock + g.discard
    cards += [c for m in g.melds.values() for c in m.meld.cards] + [c for p in g.mors for c in p]
    return Counter(cards)


def simple_move(g: Mor, rng: random.Random):
    """Draw (or sometimes take the pile), lay what the hand makes, throw a random card."""
    seat = g.turn
    if g.phase == "draw":
        if g.discard and rng.random() < 0.3 and g.can(seat, Take()):
            return Take()
        return Draw()
    if g.must_lay:
        return rng.choice(g.legal_moves(seat))
    for meld in find_melds(g.hands[seat], MOR_MELDS, limit=10):
        if g.can(seat, Meld(meld.cards)):
            return Meld(meld.cards)
    cards = list(g.hands[seat])
    rng.shuffle(cards)
    for card in cards:
        if g.can(seat, Discard(card)):
            return Discard(card)
    return rng.choice(g.legal_moves(seat))


def check_melds(g: Mor) -> None:
    for m in g.melds.values():
        again = read_meld(list(m.meld.cards), MOR_MELDS)
        assert len(again.cards) == len(m.meld.cards)


@pytest.mark.parametrize("players", [4, 2])
def test_seeded_rounds_keep_every_invariant(players: int) -> None:
    ends: Counter[str] = Counter()
    for seed in range(ROUNDS // 2):
        g = Mor.new({"players": players, "length": "quick"}, seed)
        rng = random.Random(seed)
        steps = 0
        while not g.round_over:
            seat = g.turn
            assert seat is not None
            move = simple_move(g, rng)
            if steps % 25 == 0:
                # An out-of-turn move is refused and changes nothing.
                before = g.to_json()
                with pytest.raises(IllegalMove):
                    g.apply((seat + 1) % players, Draw())
                assert g.to_json() == before
            g.apply(seat, move)
            steps += 1
            assert all_cards(g) == DECK
            assert steps < 1000, "a round must end"
        check_melds(g)
        ends[g.result.reason] += 1
        assert sum(g.result.scores) == pytest.approx(sum(g.result.scores))
        if seed % 20 == 0:
            assert replay(g.record).to_json() == g.to_json()
            assert from_json(json.loads(json.dumps(g.to_json()))).to_json() == g.to_json()
    # The policy is simple, but both endings must occur across so many rounds.
    assert ends["stock_out"] > 0 and sum(ends.values()) == ROUNDS // 2


def test_whole_games_replay_to_the_same_state() -> None:
    for seed in range(6):
        g = Mor.new({"players": 4, "length": "quick"}, seed)
        rng = random.Random(seed)
        while not g.game_over and g.round_no < 40:
            if g.round_over:
                g.next_round()
                continue
            seat = g.turn
            moves = g.legal_moves(seat)
            lays = [m for m in moves if not isinstance(m, Discard | Draw | Take)]
            g.apply(seat, rng.choice(lays) if lays and rng.random() < 0.9 else rng.choice(moves))
        assert replay(g.record).to_json() == g.to_json()


TABLES = Path(__file__).parents[1] / "table_files" / "mor"


def first_move_of(name: str) -> tuple[Mor, int, Move]:
    """A Mor table file's position and its first move, not yet played."""
    data = json.loads((TABLES / f"{name}.json").read_text(encoding="utf-8"))
    m = data["moves"][0]
    return Mor.from_table_file(data), m["seat"], move_from_dict(m)


def test_a_refusal_is_a_reason_each_language_words() -> None:
    g, seat, move = first_move_of("close_refused_200_alone")
    reason = g.check(seat, move)
    assert reason is not None and reason.key == "mor.cannot_close"
    assert say(reason) == (
        "You can't throw your last card: to close, your team needs a 300 project, "
        "or a 200 and another project."
    )
    arabic = say(reason, "ar")
    assert arabic != say(reason) and "مشروع 300" in arabic and "للختم" in arabic
    with pytest.raises(IllegalMove) as refused:
        g.apply(seat, move)
    assert refused.value.reason == reason


def test_a_refused_addition_names_the_cards_in_the_players_language() -> None:
    g, seat, move = first_move_of("add_to_opponent_refused")
    reason = g.check(seat, move)
    assert say(reason) == "You can only add to your own team's melds."
    assert say(reason, "nl") == "Je kunt alleen aanleggen bij de combinaties van je eigen team."


@pytest.mark.parametrize(
    ("projects", "english", "dutch"),
    [
        (
            [],
            "needs a 300, or a 200 and another project",
            "project van 300 nodig, of 200 + nog een",
        ),
        (
            [100, 100, 100],
            "100 + 100 + 100, needs a 300 or a 200",
            "100 + 100 + 100, nog een project van 300 of 200 nodig",
        ),
        ([200], "200, needs one more project", "200, nog één project nodig"),
        ([100, 200], "200 + 100 ✓", "200 + 100 ✓"),
        ([300], "300 ✓", "300 ✓"),
    ],
)
def test_the_project_meter_is_data_each_reader_words(
    projects: list[int], english: str, dutch: str
) -> None:
    reason = meter(projects)
    assert say(reason) == english and say(reason, "nl") == dutch
    # The numbers stay digits in every language, in the order the table shows them.
    if projects:
        assert " + ".join(str(p) for p in sorted(projects, reverse=True)) in say(reason, "ar")


def test_the_view_carries_each_teams_meter_as_a_reason() -> None:
    g, _, _ = first_move_of("close_refused_200_alone")
    meters = g.view(0).meters
    assert len(meters) == 2 and all(isinstance(m, Reason) for m in meters)
    assert say(meters[0]) == "200, needs one more project"


def test_score_sheet_lines_are_catalogue_keys() -> None:
    data = json.loads((TABLES / "close_with_300.json").read_text(encoding="utf-8"))
    g = replay(data)
    assert g.result is not None
    labels = [line.label for line in g.result.lines]
    assert "mor.line.project_300" in labels and "mor.line.closed" in labels
    for lang in ("en", "ar", "hi", "nl"):
        assert all(has(label, lang) for label in labels), lang
    assert (
        t("mor.line.project_300") == "project 300"
        and t("core.line.cards_in_melds") == "cards in melds"
    )
    # Keys are plain strings, so a stored result stays JSON.
    assert from_json(json.loads(json.dumps(g.to_json()))).result == g.result
