"""Every engine keeps the whole contract of ``bot.games.base.Engine``.

The tuple below is typed ``type[Engine]``: a type checker (mypy) refuses an engine that lacks a
member or gives it another shape. The test checks the same at run time, member by member, on a
fresh game and on one rebuilt from its JSON, so a member added to the contract and forgotten in an
engine fails here."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.base import Engine, SeatView
from bot.games.hand import Hand
from bot.games.mor import Mor
from bot.games.more3 import More3
from bot.games.runfast import RunFast
from bot.games.views import View

ENGINES: tuple[type[Engine], ...] = (Mor, More3, Hand, RunFast)
MEMBERS = sorted({*Engine.__annotations__, *(n for n in vars(Engine) if not n.startswith("_"))})


def test_the_contract_lists_every_member_its_docstring_names() -> None:
    for name in ("new", "from_table_file", "check", "can", "apply", "legal_moves", "view"):
        assert name in MEMBERS
    for name in ("next_round", "turn", "round_over", "game_over", "winners", "pearls"):
        assert name in MEMBERS
    for name in ("low_score_wins", "to_json", "from_json", "record", "scenario_state", "n_seats"):
        assert name in MEMBERS


@pytest.mark.parametrize("engine_class", ENGINES, ids=lambda c: c.game)
def test_engine_has_every_member(engine_class: type[Engine]) -> None:
    assert registry.engine_class(engine_class.game) is engine_class
    game = registry.new_game(engine_class.game, seed=3)
    again = engine_class.from_json(game.to_json())
    for engine in (game, again):
        missing = [name for name in MEMBERS if not hasattr(engine, name)]
        assert not missing, f"{engine_class.__name__} lacks {missing}"
        view = engine.view(0)
        assert isinstance(view, SeatView) and isinstance(view, View)
        assert view.game == engine_class.game


def test_every_registered_game_is_available() -> None:
    assert registry.available_games() == list(registry.GAMES)
    with pytest.raises(registry.UnknownGame, match="not a game here"):
        registry.engine_class("chess")


@pytest.mark.parametrize("engine_class", ENGINES, ids=lambda c: c.game)
def test_a_record_stays_what_it_was_as_the_game_goes_on(engine_class: type[Engine]) -> None:
    # The table service saves a record at every move and keeps the last one saved, to rebuild
    # the game from if a save fails: the moves played after it must not show in it. (A record
    # shares the move dicts, which are never changed once written.)
    import json
    import random

    from bot.ai import choose_move

    game = registry.new_game(engine_class.game, seed=5)
    for step in range(12):
        seat = game.turn
        game.apply(
            seat,
            choose_move(game.view(seat), game.legal_moves(seat), "normal", random.Random(step)),
        )
    saved, state = game.record, game.to_json()
    written = json.dumps(saved, sort_keys=True)
    for step in range(12, 40):
        if game.game_over:
            break
        if game.round_over:
            game.next_round()
        seat = game.turn
        game.apply(
            seat,
            choose_move(game.view(seat), game.legal_moves(seat), "normal", random.Random(step)),
        )
    assert json.dumps(saved, sort_keys=True) == written
    assert registry.replay(saved).to_json() == state
    assert len(game.record["moves"]) > len(saved["moves"])


def test_every_record_has_the_shape_its_type_declares() -> None:
    # ``TableFileRecord`` is what the table service and the store are told a record holds: every
    # key an engine writes is declared there, and the required ones are always written, whether
    # the game was dealt from a seed, laid out in a position or set in a later Hand round.
    import json
    from pathlib import Path

    from bot.games.base import TableFileError, TableFileRecord

    allowed = TableFileRecord.__required_keys__ | TableFileRecord.__optional_keys__
    files = sorted((Path(__file__).parent.parent / "table_files").rglob("*.json"))
    seen: set[str] = set()
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        try:
            engine = registry.engine_class(data["game"]).from_table_file(data)
        except (TableFileError, registry.UnknownGame):
            continue  # an unusable file: its own test checks the refusal
        record = engine.record
        assert TableFileRecord.__required_keys__ <= set(record), path.name
        assert set(record) <= allowed, f"{path.name}: {set(record) - allowed} undeclared"
        seen |= set(record)
    assert seen == allowed  # every declared key is written by some file (none is dead)
