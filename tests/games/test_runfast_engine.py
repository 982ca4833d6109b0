"""Run Fast engine: the deal, the contract (check / can / apply / legal_moves / view), saving,
replaying, and the table-file errors not covered by a file under tests/table_files/runfast/."""

from __future__ import annotations

import ast
import dataclasses
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import (
    Draw,
    GameOver,
    IllegalMove,
    Pass,
    Passed,
    Play,
    Played,
    RoundOver,
    TableFileError,
    TrickWon,
)
from bot.games.cards import Card, deck_48, parse_cards
from bot.games.runfast import ENGINE, BombBonus, RunFast, RunFastView
from bot.i18n import has, say

THREE_H = Card(3, "H")


def table(hands: list[str], **position: Any) -> RunFast:
    data: dict[str, Any] = {"game": "runfast", "position": {"hands": [h.split() for h in hands]}}
    data["position"].update(position)
    return RunFast.from_table_file(data)


def play(text: str) -> Play:
    return Play(tuple(parse_cards(text)))


def random_game(seed: int, moves: int) -> RunFast:
    game = RunFast.new({}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.game_over:
            break
        seat = game.turn
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    return game


def test_engine_is_registered() -> None:
    assert ENGINE is RunFast
    assert registry.engine_class("runfast") is RunFast
    assert "runfast" in registry.available_games()
    assert RunFast.game == "runfast" and RunFast.n_seats == 3


def test_engine_modules_import_only_the_standard_library() -> None:
    root = Path(__file__).resolve().parents[2] / "bot" / "games"
    for name in ("runfast.py", "runfast_combos.py"):
        tree = ast.parse((root / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [node.module or ""]
            else:
                continue
            for mod in mods:
                top = mod.split(".")[0]
                assert top in sys.stdlib_module_names or mod.startswith("bot.games"), mod


@pytest.mark.parametrize("seed", [0, 1, 2, 7, 99, "text seed"])
def test_the_deal(seed: int | str) -> None:
    game = RunFast.new({}, seed)
    assert [len(h) for h in game.hands] == [16, 16, 16]
    dealt = [c for h in game.hands for c in h]
    assert sorted(dealt) == sorted(deck_48())
    assert THREE_H in game.hands[game.turn or 0]
    assert game.opening and game.must_include(game.turn or 0) == THREE_H
    assert RunFast.new({}, seed).to_json() == game.to_json()
    assert game.view(0).dealer == game.turn
    leader = game.turn or 0
    assert [game.view(s).must_include for s in range(3)] == [
        THREE_H if s == leader else None for s in range(3)
    ]


def test_the_leader_is_the_holder_of_3h_for_every_seed() -> None:
    for seed in range(200):
        game = RunFast.new({}, seed)
        assert game.turn is not None and THREE_H in game.hands[game.turn]


def test_new_refuses_options() -> None:
    with pytest.raises(TableFileError):
        RunFast.new({"length": "quick"}, 1)
    assert RunFast.new(None, 1).turn is not None


def test_refused_moves_change_nothing() -> None:
    game = table(["9S 3D", "10S 3S", "4C 5C"], turn=0)
    before = game.to_json()
    for seat, move, reason in [
        (1, play("10S"), "It's not your turn: seat 0 plays now."),
        (0, Draw(), "In Run Fast you can only play cards or pass."),
        (0, play("9S 9S"), "You named 9♠ twice."),
        (0, play("9H"), "You don't hold 9♥."),
        (0, Play(()), "Name the cards you want to play."),
        (
            0,
            play("9S 3D"),
            "3♦ 9♠ is not a combination: play a single, a pair, a triple, a straight of 5 or more, consecutive pairs or a bomb.",
        ),
        (0, Pass(), "You lead this trick, so you can't pass: play any combination."),
        (5, Pass(), "There is no seat 5 at this table."),
    ]:
        why = game.check(seat, move)
        assert why is not None and say(why) == reason
        assert not game.can(seat, move)
        with pytest.raises(IllegalMove) as e:
            game.apply(seat, move)
        assert e.value.reason == why
        assert game.to_json() == before


def test_events_and_the_trick() -> None:
    game = table(["9S 3D", "10S 3S", "4C 5C"], turn=0)
    assert game.apply(0, play("9S")) == [Played(0, (Card(9, "S"),), "single")]
    assert game.legal_moves(1) == [play("10S")]  # must beat: no pass offered
    assert game.legal_moves(0) == []  # not seat 0's turn
    game.apply(1, play("10S"))
    assert game.legal_moves(2) == [Pass()]
    assert game.apply(2, Pass()) == [Passed(2)]
    assert game.apply(0, Pass()) == [Passed(0), TrickWon(1)]
    assert (
        game.turn == 1
        and game.trick == ()
        and game.view(1).last_events
        == (
            Passed(0),
            TrickWon(1),
        )
    )
    assert Pass() not in game.legal_moves(1)


def test_bomb_bonus_events_and_the_end() -> None:
    game = table(["9S 3D", "7S 7H 7D 7C", "4C 5C"], turn=0)
    game.apply(0, play("9S"))
    events = game.apply(1, play("7S 7H 7D 7C"))
    assert [type(e) for e in events] == [Played, BombBonus, RoundOver, GameOver]
    assert events[1] == BombBonus(1, 20)
    result = game.view(0).result
    assert result is not None and result.scores == (-11, 25, -14) and result.closer == 1
    assert sum(line.points for line in result.lines) == 0
    assert game.winners == (1,) and game.game_over and game.round_over and game.turn is None
    assert game.pearls() == {1: 50}
    assert game.legal_moves(2) == []
    with pytest.raises(IllegalMove) as e:
        game.next_round()
    assert say(e.value) == "The game is over."


def test_refusals_read_in_arabic() -> None:
    game = table(["9S 9H 3D", "10S 10H 3S", "4C 5C"], turn=0)
    game.apply(0, play("9S 9H"))
    why = game.check(1, play("10S"))
    assert why is not None and why.key == "runfast.answer_other_kind"
    # The play named with its kind (the second Run Fast newcomer: only the table was named).
    assert say(why) == (
        "You must answer the pair 9♠ 9♥ with a higher pair or a bomb;"
        " the 10♠ is another kind of play (single)."
    )
    arabic = say(why, "ar")
    # Arabic words, the nested kind worded in Arabic too, the cards as the game writes them,
    # between left-to-right marks so they keep their order in a right-to-left line.
    assert arabic != say(why) and "الزوج \u200e9♠ 9♥\u200e" in arabic and "زوج أعلى" in arabic
    assert not any("a" <= ch <= "z" for ch in arabic)
    assert "Op het paar 9♠ 9♥ moet je" in say(why, "nl")


def test_score_lines_are_catalogue_keys() -> None:
    game = table(["9S 3D", "7S 7H 7D 7C", "4C 5C 2S"], turn=0)
    game.apply(0, play("9S"))
    game.apply(1, play("7S 7H 7D 7C"))
    result = game.view(0).result
    assert result is not None
    labels = [line.label for line in result.lines]
    assert "runfast.line.never_played" in labels and "runfast.line.two_of_spades_held" in labels
    for label in labels:
        assert has(label) and has(label, "ar") and has(label, "nl") and has(label, "hi")
    # The one who never played pays its cards twice: a line for the cards, one for the doubling.
    seat2 = [(line.label, line.points) for line in result.lines if line.seat == 2]
    assert seat2 == [
        ("runfast.line.paid_for_bomb", -10),
        ("runfast.line.cards_left", -3),
        ("runfast.line.never_played", -3),
        ("runfast.line.two_of_spades_held", -10),
    ]


def test_next_round_during_the_deal() -> None:
    with pytest.raises(IllegalMove) as e:
        RunFast.new({}, 3).next_round()
    assert say(e.value) == "The deal is still being played: Run Fast is a single deal."
    assert RunFast.new({}, 3).pearls() == {}


def _cards_in(value: Any) -> set[Card]:
    """Every card anywhere inside a view (dataclasses, tuples), to prove nothing leaks."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(_cards_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, tuple | list):
        return set().union(*(_cards_in(v) for v in value)) if value else set()
    return set()


@pytest.mark.parametrize("seed", range(12))
def test_a_view_shows_only_the_seats_own_cards(seed: int) -> None:
    game = random_game(seed, 17)
    for seat in range(3):
        view = game.view(seat)
        assert isinstance(view, RunFastView)
        assert view.hand == tuple(game.hands[seat])
        assert view.hand_counts == tuple(len(h) for h in game.hands)
        others = {c for s in range(3) if s != seat for c in game.hands[s]}
        assert not (_cards_in(view) & others)
        assert view.phase == "play" and view.round_no == 0 and view.n_seats == 3


def test_a_spectator_sees_no_hand() -> None:
    # Any number that is not a seat is a spectator, as in the other games: the public table.
    game = RunFast.new({}, 0)
    for outsider in (-1, 3):
        view = game.view(outsider)
        assert view.hand == () and view.hand_counts == (16, 16, 16)
        assert view.must_include is None


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("moves", [0, 1, 5, 23, 200])
def test_json_round_trip_and_replay(seed: int, moves: int) -> None:
    game = random_game(seed, moves)
    data = game.to_json()
    again = RunFast.from_json(data)
    assert again.to_json() == data
    assert registry.from_json(data).to_json() == data
    for seat in range(3):
        assert again.view(seat) == game.view(seat)
    assert registry.replay(game.record).to_json() == data
    assert again.scenario_state() == game.scenario_state()


def test_record_of_a_table_file_replays() -> None:
    game = table(["3D 4D", "9S 9H 5C", "6C 7C"], trick=["8S", "8H"], trick_seat=2, passes=1)
    game.apply(1, play("9S 9H"))
    record = game.record
    assert record["position"]["trick"] == ["8S", "8H"] and record["moves"][0]["seat"] == 1
    assert registry.replay(record).to_json() == game.to_json()


def test_a_trick_from_a_file_counts_as_led() -> None:
    game = table(["3D 4D", "9S 9H 5C", "6C 7C"], trick=["8S", "8H", "8D", "8C"], trick_seat=2)
    game.apply(0, Pass())
    game.apply(1, Pass())
    assert game.settlement == [0, 0, 0]


def test_opening_defaults() -> None:
    assert table(["5S", "3H", "6S"]).opening  # the start of a deal
    assert table(["5S", "3H", "6S"]).turn == 1
    assert not table(["5S", "3H", "6S"], turn=0).opening  # a turn given: play is under way
    assert not table(["5S", "3H", "6S"], played=[True, False, False]).opening
    assert table(["5S", "4H", "6S"]).turn == 0  # 3H out of play: seat 0 leads, nothing forced
    assert table(["5S", "4H", "6S"], turn=2, opening=True).must_include(2) is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"position": []}, "“position” must be an object with the “hands”."),
        ({"seed": True}, "“seed” must be a whole number or a text."),
        ({"totals": [0, 0]}, "“totals” must be a list of 3 numbers, one per seat."),
        ({"dealer": 4}, "“dealer” must be a seat from 0 to 2."),
        ({"options": "x"}, "“options” must be an object."),
        ({"position": {"hands": "3H"}}, "“hands” must be a list with one list of cards per seat."),
        (
            {"position": {"hands": [["3H"], ["4H"], 5]}},
            'The hand of seat 2 must be a list of cards like ["3H", "10S"].',
        ),
        (  # a list, as docs/table-files.md says and the rummies read them, not a text of cards
            {"position": {"hands": ["3H", ["4H"], ["5H"]]}},
            'The hand of seat 0 must be a list of cards like ["3H", "10S"].',
        ),
        (
            {"position": {"hands": [["3H"], ["4H"], ["5H"]], "played": [True]}},
            "“played” must be a list of 3 true/false, one per seat.",
        ),
        (
            {"position": {"hands": [["3H"], ["4H"], ["5H"]], "opening": "yes"}},
            "“opening” must be true or false.",
        ),
        (
            {
                "position": {
                    "hands": [["3H"], ["4H"], ["5H"]],
                    "opening": True,
                    "played": [False, True, False],
                }
            },
            "The next play can't be the game's opening play once cards have been played.",
        ),
        (
            {
                "position": {
                    "hands": [["3H"], ["4H"], ["5H"]],
                    "trick": ["7S"],
                    "trick_seat": 0,
                    "passes": 2,
                }
            },
            "“passes” must be 0 or 1: after 2 passes the trick is over.",
        ),
        (
            {"position": {"hands": [["3H"], ["4H"], ["5H"]], "passes": 1}},
            "“trick_seat” and “passes” need a “trick” on the table.",
        ),
        (
            {
                "position": {
                    "hands": [["3H"], ["4H"], ["5H"]],
                    "trick": ["7S"],
                    "trick_seat": 0,
                    "played": [False, False, False],
                }
            },
            "Seat 0 played the trick, so “played” must say so.",
        ),
        (
            {"position": {"hands": [["3H"], ["4H"], ["5H"]], "turn": 3}},
            "“turn” must be a seat from 0 to 2.",
        ),
        (
            {"position": {"hands": [["3H"], ["4H"], ["5H"]], "phase": "draw"}},
            "Run Fast has only the “play” phase.",
        ),
    ],
)
def test_unusable_table_files(data: dict[str, Any], message: str) -> None:
    with pytest.raises(TableFileError) as e:
        RunFast.from_table_file({"game": "runfast", **data})
    assert str(e.value) == message


def test_scenario_state_shape() -> None:
    state = RunFast.new({}, 5).scenario_state()
    for key in [
        "turn",
        "phase",
        "hands",
        "stock",
        "discard",
        "melds",
        "side_taken",
        "solo",
        "round_over",
        "round_scores",
        "totals",
        "game_over",
        "winners",
        "trick",
        "trick_seat",
        "passes",
    ]:
        assert key in state
    assert state["stock"] == 0 and state["discard"] == [] and state["melds"] == []
    assert state["solo"] is None and state["round_scores"] is None and state["phase"] == "play"
