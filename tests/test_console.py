"""The terminal client, driven through its input and output streams."""

from __future__ import annotations

import io
import json
import random
import re

import pytest

from bot.ai import choose_move
from bot.console import Console, InputError, move_text, parse_move, parser, run, use_color
from bot.games.base import Add, AddTo, Bid, Discard, Draw, Event, Lay, Meld, Pass, Play, Swap
from bot.games.cards import parse_cards
from bot.games.registry import new_game, replay
from bot.scenario import run as run_table_file


class AutoPlayer(io.StringIO):
    """Standard input that answers each prompt with a legal move chosen from the seat's own view
    (as a person reading the screen would), after some bad lines to show they are harmless."""

    def __init__(self, bad_lines: list[str] | None = None) -> None:
        super().__init__()
        self.console: Console | None = None
        self.bad = list(bad_lines or [])
        self.answered = 0

    def readline(self, size: int | None = -1) -> str:
        assert self.console is not None
        if self.bad:
            return self.bad.pop(0) + "\n"
        engine, seat = self.console.engine, self.console.seat
        if engine.round_over:
            return "\n"  # Enter under the score sheet
        legal = engine.legal_moves(seat)
        move = choose_move(engine.view(seat), legal, "normal", random.Random(self.answered))
        self.answered += 1
        return move_text(move) + "\n"


def play_console(game: str, options: dict, seed: int, stdin: AutoPlayer, save: str | None = None):
    out = io.StringIO()
    engine = new_game(game, options, seed)
    console = Console(engine, 0, "simple", seed, stdin, out, color=False, save=save)
    stdin.console = console
    code = console.play()
    return code, out.getvalue(), engine


def test_a_whole_mor_game_through_the_console(tmp_path) -> None:
    bad = ["", "frobnicate", "discard", "discard 7Q", "meld 3H 4H", "add x 5H", "help", "table"]
    save = tmp_path / "game.json"
    stdin = AutoPlayer(bad)
    code, text, engine = play_console("mor", {"players": 4, "length": "quick"}, 5, stdin, str(save))
    assert code == 0
    assert engine.game_over
    assert "Game over. Winners:" in text
    assert "score sheet" in text and "cards in melds" in text
    assert "is not a move I know" in text
    assert "Type a move, or help for the list." in text
    # The saved game is a table file that replays to the same end.
    record = json.loads(save.read_text())
    status, out = run_table_file(record)
    assert status == 0
    assert out["state"]["game_over"] is True
    assert out["state"]["winners"] == list(engine.winners)
    assert replay(record).to_json()["totals"] == engine.to_json()["totals"]


def event_names() -> set[str]:
    """Every event class of every engine (Run Fast's bomb bonus is its own)."""
    found, todo = set(), [Event]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    assert "BombBonus" in found
    return found


# Per game: the options, what its screen must say, and exactly the moves its help lists.
SCREENS = {
    "mor": (
        {"players": 4, "length": "quick"},
        [
            "Mor · round 1 · to 101",
            "Mor piles: your team's 11",
            "your partner",
            "projects, your team:",
        ],
        {"draw", "take", "meld", "lay", "add", "discard"},
    ),
    "more3": (
        {},
        ["More · round 1 · to 3100", ", Solo)", ", Pair)", "More piles: Pair's", "Solo's"],
        {"draw", "take", "meld", "lay", "add", "discard"},
    ),
    "hand": (
        {},
        ["Hand · round 1 of 5", ", not opened)", ", opened)", "a first lay worth 51 points"],
        {"draw", "take", "return", "meld", "lay", "add", "swap", "discard"},
    ),
    "runfast": (
        {},
        ["Run Fast · one deal", "You won the trick and lead.", "held the trick with a bomb"],
        {"play", "pass"},
    ),
}


@pytest.mark.parametrize("game", sorted(SCREENS))
def test_each_game_speaks_its_own_words(game: str) -> None:
    options, says, moves = SCREENS[game]
    stdin = AutoPlayer(["help", "hand", "pass pass"])
    # Seed 11 deals Run Fast a bomb that holds its trick and a trick that seat 0 wins.
    engine = new_game(game, options, 11)
    out = io.StringIO()
    # Hand, Mor and More run for several rounds: stop once the first round is scored.
    console = Console(engine, 0, "simple", 11, stdin, out, max_rounds=1)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue()
    assert "score sheet" in text
    for words in says:
        assert words in text
    helped = text[text.index("Moves (") : text.index("Other words:")].splitlines()[1:]
    assert {line.split()[0] for line in helped} == moves
    # Nothing internal: no class names, no game codes, no reason or kind codes, no "side".
    for name in event_names() | {"more3", "runfast"}:
        assert name not in text
    assert not re.search(r"\w_\w|\bside\b", text)


def test_the_score_sheet_waits_for_enter() -> None:
    class LeavesAtTheSheet(AutoPlayer):
        def readline(self, size: int | None = -1) -> str:
            assert self.console is not None
            return "" if self.console.engine.round_over else super().readline()

    stdin = LeavesAtTheSheet()
    engine = new_game("hand", {}, 3)
    out = io.StringIO()
    console = Console(engine, 0, "simple", 3, stdin, out)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue()
    sheet = text[text.index("score sheet") :]
    assert "Press Enter for the next round" in sheet
    assert "round 2" not in sheet and sheet.rstrip().endswith("Bye.")
    assert engine.round_over and engine.round_no == 0


def test_bad_input_never_crashes_and_end_of_input_leaves() -> None:
    lines = "\n".join(
        [
            "",
            "   ",
            "dance",
            "discard",
            "discard KX",
            "discard 9H 9S",
            "meld",
            "add",
            "add 3",
            "lay |",
            "bid lots",
            "play",
            "swap x 5S",
            "draw now",
            "meld JK JK JK",
            "discard AS",
            "take",
        ]
    )
    out = io.StringIO()
    args = parser().parse_args(["mor", "--seed", "4", "--level", "simple", "--seat", "1"])
    code = run(args, io.StringIO(lines + "\n"), out)
    text = out.getvalue()
    assert code == 0
    assert "Bye." in text
    assert "“dance” is not a move I know" in text
    assert "“KX” is not a card" in text
    assert "Traceback" not in text


def test_a_card_not_in_the_hand_is_refused_with_the_engines_sentence() -> None:
    engine = new_game("mor", {"players": 2}, 8)
    seat = engine.turn
    missing = next(c for c in parse_cards("AS AH AD AC KS KH") if c not in engine.hands[seat])
    out = io.StringIO()
    console = Console(engine, seat, "simple", 8, io.StringIO(f"discard {missing}\nquit\n"), out)
    console.play()
    assert f"You don't have {missing} in your hand." in out.getvalue()


def test_unknown_game_and_bad_seat_are_sentences() -> None:
    out = io.StringIO()
    assert run(parser().parse_args(["chess"]), io.StringIO(), out) == 2
    assert "not a game here" in out.getvalue()
    out = io.StringIO()
    assert run(parser().parse_args(["mor", "--seat", "7"]), io.StringIO(), out) == 2
    assert "There is no seat 7" in out.getvalue()


@pytest.mark.parametrize(
    "move",
    [
        Draw(),
        Pass(),
        Meld(tuple(parse_cards("5H 6H JK"))),
        Add(3, tuple(parse_cards("10H")), "low"),
        Swap(2, tuple(parse_cards("5S"))),
        Discard(parse_cards("KD")[0]),
        Play(tuple(parse_cards("9S 9H"))),
        Bid(2),
        Lay(
            (tuple(parse_cards("3H 4H 5H")), tuple(parse_cards("9S 9D 9C"))),
            (AddTo(1, tuple(parse_cards("6H"))),),
        ),
    ],
)
def test_typed_moves_read_back(move) -> None:
    assert parse_move(move_text(move)) == move


def test_lay_with_bars_and_lower_case() -> None:
    assert parse_move("lay 3h 4h 5h | 9s 9d 9c") == Lay(
        (tuple(parse_cards("3H 4H 5H")), tuple(parse_cards("9S 9D 9C")))
    )
    with pytest.raises(InputError):
        parse_move("draw 3")


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_color(Tty(), no_color=False)
    assert not use_color(io.StringIO(), no_color=False)
    assert not use_color(Tty(), no_color=True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(Tty(), no_color=False)


def test_sealed_bids_stay_hidden_until_the_reveal() -> None:
    # Seat 2 bids before seat 0 on this deal; its bid must not show until every bid is in.
    out = io.StringIO()
    args = parser().parse_args(["more3", "--bid", "--seed", "123127", "--level", "simple"])
    assert run(args, io.StringIO("bid 1\nquit\n"), out) == 0
    text = out.getvalue()
    before_reveal = text[: text.index("Bids:")]
    assert "Seat 2 bid." in before_reveal
    assert not any(f"Seat {s} bid {n}" in before_reveal for s in (1, 2) for n in range(4))
    assert "You bid 1." in before_reveal
    # While bids are sealed the seat to move is bidding, not playing.
    assert "◀ to bid" in before_reveal and "◀ to play" not in before_reveal
