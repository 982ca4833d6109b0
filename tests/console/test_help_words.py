"""``help`` lists every word the terminal takes (issue 61: ``throw`` worked but was never shown)."""

from __future__ import annotations

import io
import re

import pytest

from bot.console.table import Console
from bot.games.base import BadMove
from bot.games.notation import parse_move
from bot.games.registry import new_game

# The moves a rummy's terminal takes, and the words of its own table (``Console.handle``).
MOVES = {
    "mor": {"draw", "take", "meld", "lay", "add", "discard", "throw"},
    "more3": {"draw", "take", "meld", "lay", "add", "discard", "throw"},
    "hand": {"draw", "take", "return", "meld", "lay", "add", "swap", "discard", "throw"},
}
TABLE_WORDS = {"hand", "table", "moves", "help", "quit", "exit", "hint", "rules"}


def listed(text: str) -> set[str]:
    """The typed words ``help`` shows: each line's first column, its alternatives split."""
    words: set[str] = set()
    for line in text.splitlines()[1:]:
        if not line.startswith("  "):
            continue
        typed = line[2:].split("  ")[0]
        words |= {part.split()[0] for part in re.split("[,،] ", typed)}
    return words


@pytest.mark.parametrize("game", sorted(MOVES))
def test_help_lists_every_move_and_word_the_terminal_takes(game: str) -> None:
    # Each move word is one the terminal reads as a move (not a stray word).
    for word in MOVES[game]:
        try:
            parse_move(word)
        except BadMove as e:
            assert e.reason.key != "console.input.unknown", word
    assert parse_move("throw KD") == parse_move("discard KD")
    out = io.StringIO()
    console = Console(new_game(game, {}, 11), 0, "simple", 11, io.StringIO("help\nexit\n"), out)
    assert console.play() == 0  # "exit" leaves, as "quit" does
    text = out.getvalue()
    shown = text[text.index("Moves (") :]
    assert MOVES[game] | TABLE_WORDS <= listed(shown)


@pytest.mark.parametrize(
    ("lang", "page", "lay", "swap"),
    [
        ("en", "docs/rules.md", "/lay", "/swap"),
        # Issue 59: the Dutch terminal sent its reader to the English page and command.
        ("nl", "docs/rules.nl.md", "/tegelijk_uitleggen", "/ruilen"),
        ("hi", "docs/rules.hi.md", "/उतारें", "/बदलें"),
        ("ar", "docs/rules.ar.md", "/lay", "/swap"),  # Discord has no Arabic command names
    ],
)
def test_rules_prints_the_games_rules_in_the_terminals_words(
    lang: str, page: str, lay: str, swap: str
) -> None:
    # Issue 61: "“rules” is not a move I know" -- a newcomer who stopped after the lesson had
    # nowhere to read the rules from the terminal. Then (issue 61 again): the page named the
    # moves as Discord's slash commands (`/lay`, `/swap`) and sent the reader to "/rules on
    # Discord" in a terminal game. The terminal names each move as it is typed here, and prints
    # the page without its Markdown marks.
    from bot.console.paint import Painter, markdown
    from bot.console.table import terminal_words
    from bot.learning.rules import game_rules

    out = io.StringIO()
    console = Console(
        new_game("hand", {}, 11), 0, "simple", 11, io.StringIO("rules\nexit\n"), out, lang=lang
    )
    assert console.play() == 0
    text = out.getvalue()
    rules = game_rules("hand", lang)
    assert f"`{lay}`" in rules and f"`{swap}`" in rules  # the page as Discord shows it
    shown = markdown(terminal_words(rules, lang), Painter(False))
    assert shown in text and page in text
    assert lay not in text and swap not in text and "Discord" not in text.split(shown)[1]


def test_moves_lists_each_move_once() -> None:
    # Issue 61: `moves` listed "lay AC 2D 3C; meld AC 2D 3C" -- the engine offers some lays in
    # more than one shape, and a newcomer read them as different moves.
    import random

    from bot import ai
    from bot.games.base import Add, Lay, Meld, as_lay

    engine = new_game("more3", {}, 1)
    for n in range(71):  # a More hand whose first legal moves hold one lay twice
        seat = engine.turn
        legal = engine.legal_moves(seat)
        engine.apply(seat, ai.choose_move(engine.view(seat), legal, "simple", random.Random(n)))
    seat = engine.turn
    shapes = [as_lay(m) for m in engine.legal_moves(seat)[:15] if isinstance(m, Meld | Add | Lay)]
    assert len(shapes) > len(set(shapes))  # the engine's list repeats one
    out = io.StringIO()
    console = Console(engine, seat, "simple", 1, io.StringIO("moves\nexit\n"), out)
    assert console.play() == 0
    line = next(ln for ln in out.getvalue().splitlines() if "Some legal moves:" in ln)
    shown = line.split(": ", 1)[1].split(" (and ")[0]
    listed_moves = [parse_move(m) for m in shown.split("; ")]
    lays = [as_lay(m) for m in listed_moves if isinstance(m, Meld | Add | Lay)]
    assert len(lays) == len(set(lays)), line


def test_the_first_bid_says_what_a_bid_does_to_the_scores() -> None:
    # Issue 61: after `bid 3` a newcomer's total became -6 and each opponent's +3, and nothing
    # had said why. The first time bids are asked the terminal says it, once.
    from bot.i18n import t

    out = io.StringIO()
    engine = new_game("more3", {"bid": True}, 3)
    console = Console(engine, 0, "normal", 3, io.StringIO("bid 3\nexit\n"), out, max_rounds=1)
    assert console.play() == 0
    text = out.getvalue()
    said = t("console.more3.bidding_explained")
    assert text.count(said) == 1
    assert text.index(said) < text.index("You bid 3")
    assert "takes 4 off your total and gives each of them 2" in said
    assert "total -6" in text  # the bid of 3, paid to each of the other two, as said


def test_dutch_terminal_totals_use_the_minus_sign() -> None:
    # Issue 59: the More terminal showed "totaal -2", a hyphen; Dutch writes the minus sign.
    from bot.i18n import t

    line = t("console.seat_line", "nl", seat=0, who="jij", note="", cards="11 kaarten", total=-2)
    assert "totaal −2" in line and "-2" not in line
    assert "−2,5" in t("console.total_of", "nl", who="jij", total=-2.5)


def test_two_words_for_one_move_are_listed_with_the_languages_comma() -> None:
    # The third native read of Arabic: «discard KD, throw KD» and «quit, exit» had an English
    # comma in the Arabic help; Arabic lists them with «،».
    shown = {}
    for lang in ("en", "ar"):
        out = io.StringIO()
        game = new_game("hand", {}, 11)
        console = Console(game, 0, "simple", 11, io.StringIO("help\nexit\n"), out, lang=lang)
        console.play()
        shown[lang] = out.getvalue()
    assert "discard KD, throw KD" in shown["en"] and "quit, exit" in shown["en"]
    assert "discard KD، throw KD" in shown["ar"] and "quit، exit" in shown["ar"]
    assert "KD, throw" not in shown["ar"] and "quit, exit" not in shown["ar"]
    help_ar = shown["ar"][shown["ar"].index("\n  draw") : shown["ar"].index("\n  rules")]
    assert listed(help_ar) >= {"discard", "throw", "quit", "exit"}
