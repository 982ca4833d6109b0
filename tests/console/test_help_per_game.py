"""``help`` shows each game only the move forms that game accepts (issue 61: Hand's help offered
``add 3 10H [high|low]``, a displaced wild Hand never has, and adding to a meld inside a lay).

Every form a game's ``help`` shows is parsed as the terminal parses it and then played: in some
real position of that game (real engines, played by the computer players) a move of the same
shape is accepted. A form the game refuses in every such position is not shown.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.ai import choose_move
from bot.console.paint import Painter
from bot.console.words import words_for
from bot.games.base import Add, AddTo, BadMove, Engine, IllegalMove, Lay, Meld, Move, Return, Take
from bot.games.notation import BARE_VERBS, parse_move
from bot.games.registry import new_game

GAMES: dict[str, dict[str, Any]] = {
    "hand": {},
    "more3": {"bid": True},
    "mor": {"players": 4, "length": "quick"},
    "runfast": {},
}
# A form a help line's words name besides its typed example (More's and Mor's lay line says
# "add to a meld inside with | add 3 10H").
NAMED_IN_WORDS = {
    "console.help.lay": ["lay 5H 6H 7H | add 3 10H"],
    "console.help.hand.add": ["add 3 JK low"],  # Hand's line: where an added joker goes
}


def shape(move: Move) -> tuple[Any, ...]:
    """What a form is, whatever its cards: the move's kind and the parts it has. An add's end
    counts as accepted only where it changes the table (``ends_differ``)."""
    if isinstance(move, Lay):
        return ("lay", len(move.melds) + len(move.adds) > 1, bool(move.adds))
    if isinstance(move, Meld):
        return ("lay", False, False)  # one new meld: ``meld`` and a one-meld ``lay`` alike
    if isinstance(move, Add):
        return ("add", False)
    return (move.do,)


def shown_forms(game: str) -> list[str]:
    """The forms ``help`` shows for ``game``, as typed: ``[high|low]`` both ways, each of two
    words for one move on its own."""
    words = words_for(game, 0, Painter(False), GAMES[game])
    forms = []
    for typed, key in words.move_help():
        for one in typed.split(", "):
            if "[high|low]" in one:
                plain = one.replace(" [high|low]", "")
                forms += [plain, f"{plain} high", f"{plain} low"]
            else:
                forms.append(one)
        forms += NAMED_IN_WORDS.get(key, [])
    return forms


def accepts(engine: Engine, seat: int, move: Move) -> bool:
    trial = copy.deepcopy(engine)
    try:
        trial.apply(seat, move)
    except (IllegalMove, BadMove):
        return False
    return True


def ends_differ(engine: Engine, seat: int, add: Add) -> bool:
    """Whether ``high`` and ``low`` both play ``add`` and leave different tables: the form
    does something here (a wild displaced to one end or the other)."""
    tables = []
    for end in ("high", "low"):
        trial = copy.deepcopy(engine)
        try:
            trial.apply(seat, Add(add.meld, add.cards, end))
        except (IllegalMove, BadMove):
            return False
        tables.append(trial.view(seat).melds)
    return tables[0] != tables[1]


def tried(engine: Engine, seat: int, legal: list[Move]) -> Iterator[Move]:
    """The legal moves, and at this position the shapes the engine doesn't list but may take:
    a lay of two melds, a lay that adds to a meld too, a taken card returned."""
    yield from legal
    adds = [m for m in legal if isinstance(m, Add)]
    news = [m for m in legal if isinstance(m, Meld)]
    for one, other in itertools.pairwise(news[:5]):
        if not set(one.cards) & set(other.cards):
            yield Lay((one.cards, other.cards))
    for add in adds[:3]:
        for new in news[:3]:
            if not set(new.cards) & set(add.cards):
                yield Lay((new.cards,), (AddTo(add.meld, add.cards),))
    last = engine.record["moves"][-1] if engine.record.get("moves") else {}
    if last.get("do") == "take" and last.get("seat") == seat:
        yield Return()


def accepted_shapes(game: str, seeds: int = 3, limit: int = 250) -> set[tuple[Any, ...]]:
    seen: set[tuple[Any, ...]] = set()
    for seed in range(seeds):
        engine = new_game(game, GAMES[game], seed)
        for n in range(limit):
            if engine.game_over:
                break
            if engine.round_over:
                engine.next_round()
                continue
            seat = engine.turn
            assert seat is not None
            legal = engine.legal_moves(seat)
            for move in tried(engine, seat, legal):
                if shape(move) not in seen and accepts(engine, seat, move):
                    seen.add(shape(move))
                if isinstance(move, Add) and ends_differ(engine, seat, move):
                    wild = any(c.rank in (0, 2) for c in move.cards)
                    seen.add(("add", "wild added" if wild else "wild displaced"))
            # Now and then a take, so that a taken card's return is tried too.
            takes = [m for m in legal if isinstance(m, Take)]
            rng = random.Random(n)
            move = takes[0] if takes and rng.random() < 0.3 else None
            engine.apply(seat, move or choose_move(engine.view(seat), legal, "simple", rng))
    return seen


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_form_help_shows_is_accepted_in_a_real_position(game: str) -> None:
    accepted = accepted_shapes(game)
    for form in shown_forms(game):
        move = parse_move(form, BARE_VERBS.get(game))  # the terminal reads it
        wanted = shape(move)
        if isinstance(move, Add) and move.end:  # the end of a wild: added, or displaced
            wild = any(c.rank in (0, 2) for c in move.cards)
            wanted = ("add", "wild added" if wild else "wild displaced")
        assert wanted in accepted, (game, form)


def test_hand_help_shows_no_form_hand_refuses() -> None:
    # Hand refuses the card a joker stands for (``swap`` wins the joker back), so no wild is
    # ever displaced: ``add 3 10H high|low`` changes nothing in any position (only an added
    # joker has two ends to go to), and help doesn't offer it.
    accepted = accepted_shapes("hand")
    assert ("add", "wild displaced") not in accepted and ("add", "wild added") in accepted
    help_text = words_for("hand", 0, Painter(False), {}).help()
    assert "[high|low]" not in help_text and "displaced" not in help_text
    assert "| add" not in help_text
    # Mor and More do displace wilds, and say where one goes.
    for game in ("mor", "more3"):
        assert ("add", "wild displaced") in accepted_shapes(game)
        assert "[high|low]" in words_for(game, 0, Painter(False), GAMES[game]).help()
