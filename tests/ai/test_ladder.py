"""The fair ladder (bot.computers.ladder): duplicate deals, the levels rotated through every seat."""

from __future__ import annotations

import pytest

from bot.computers.ladder import (
    GAMES,
    PAIRINGS,
    PATTERNS,
    REPORT_SEED,
    ladder,
    play_deal,
    seatings,
)
from bot.computers.selfplay import main


def test_every_seat_holds_each_role_equally() -> None:
    assert seatings(PATTERNS["mor"]) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    three = seatings(PATTERNS["hand"])
    assert len(three) == 3
    # A sits alone once in each seat.
    assert sorted(r.index(0) for r in three) == [0, 1, 2]


@pytest.mark.parametrize("game", GAMES)
def test_a_level_against_itself_scores_exactly_half(game: str) -> None:
    # Every replay of a deal plays the same moves, and each ordered pair of seats is counted
    # once each way: 0.5 on every deal by construction, whatever the cards.
    for seed in (3, 4):
        deal = play_deal(game, ("normal", "normal"), seed)
        assert deal.pairs > 0
        assert deal.won / deal.pairs == 0.5, (game, seed)


def test_more_s_pairings_are_split_by_what_a_was_to_b() -> None:
    """Each of A's seat pairings in More counts once, under what A was that round; a level against
    itself wins as the Solo exactly what it loses in the Pair against the Solo, and half against
    its partner (the same moves in every replay, every pair counted both ways)."""
    for seed in (3, 4):
        deal = play_deal("more3", ("normal", "normal"), seed)
        assert set(deal.kinds) == set(PAIRINGS)
        assert sum(pairs for _, pairs in deal.kinds.values()) == deal.pairs
        assert sum(won for won, _ in deal.kinds.values()) == deal.won
        (solo_won, solo_n), (pair_won, pair_n), (mate_won, mate_n) = (
            deal.kinds[k] for k in PAIRINGS
        )
        assert solo_n == pair_n == mate_n == 2  # A sits as the Solo in one of the three replays
        assert solo_won + pair_won == 2 and mate_won == 1
    assert play_deal("mor", ("normal", "simple"), 3).kinds == {}  # one contest only


def test_random_is_clearly_below_normal() -> None:
    rungs = ladder(["hand", "runfast"], ("random", "normal"), deals=10, seed=0)
    for game, rung in rungs.items():
        mean, lo, hi = rung.interval()
        assert hi < 0.5, (game, mean, lo, hi)
        assert len(rung.shares) == 10


def test_one_command_reports_each_game(capsys) -> None:
    argv = ["ladder", "runfast", "hand", "--levels", "normal,simple", "--deals", "2", "--tuning"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    lines = [x for x in out.splitlines() if not x.startswith(" ")]
    assert [x.split(":")[0] for x in lines] == ["runfast", "hand"]
    for line in lines:
        assert "normal vs simple" in line and "95%" in line and "over 2 deals" in line
        assert "seeds 0-1" in line
    assert out.count("p99") == 4  # both levels, both games
    assert "pairings" not in out  # only More's pairings are different contests


def test_more_s_line_gives_a_s_share_in_each_kind_of_pairing(capsys) -> None:
    assert main(["ladder", "more3", "--levels", "normal,simple", "--deals", "1", "--tuning"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "pairings" in x)
    assert line.startswith("  normal's pairings: as the Solo ")
    assert all(f"{kind} " in line for kind in PAIRINGS) and line.count(" of 2") == 3


def test_report_seeds_are_not_the_tuning_seeds(capsys) -> None:
    assert main(["ladder", "runfast", "--levels", "normal,simple", "--deals", "1"]) == 0
    assert f"seeds {REPORT_SEED}-{REPORT_SEED}" in capsys.readouterr().out


def test_processes_give_the_same_shares() -> None:
    alone = ladder(["runfast"], ("normal", "simple"), deals=3, seed=20)["runfast"].shares
    shared = ladder(["runfast"], ("normal", "simple"), deals=3, seed=20, jobs=2)["runfast"].shares
    assert alone == shared


@pytest.mark.parametrize(
    "argv",
    [
        ["ladder", "chess", "--levels", "normal,simple"],
        ["ladder", "hand", "--levels", "normal,wizard"],
        ["ladder", "hand", "--levels", "normal"],
        ["ladder", "hand", "--levels", "normal,simple", "--deals", "0"],
    ],
)
def test_bad_input_is_refused_in_one_sentence(capsys, argv: list[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err


def test_the_previous_hard_is_seated_by_the_bench_only() -> None:
    # bench/ladder.py seats ``oldhard`` (the hard of main before issue 29) when it plays; the
    # bot's own ladder does not know it, not even once the script is loaded, and at Hand's risky
    # throw the two decide differently.
    import random

    from bot.computers import ladder as bot_ladder
    from tests.ai.repo_script import load_script
    from tests.ai.test_ai_hand import _opened_table

    assert "oldhard" not in bot_ladder.EXTRA
    try:
        bench = load_script("bench/ladder.py")
        assert "oldhard" not in bot_ladder.EXTRA
        bot_ladder.EXTRA.update(bench.LEVELS)
        engine = _opened_table("10S")
        view, legal = engine.view(0), engine.legal_moves(0)
        new = bot_ladder.resolve("hand", "hard")(view, legal, random.Random(0))
        old = bot_ladder.resolve("hand", "oldhard")(view, legal, random.Random(0))
        assert (str(new.card), str(old.card)) == ("KS", "5S")
        # The swap is undone: hard decides as before afterwards.
        assert bot_ladder.resolve("hand", "hard")(view, legal, random.Random(0)) == new
    finally:
        bot_ladder.EXTRA.pop("oldhard", None)
        bot_ladder.EXTRA.pop("noread", None)


def test_the_previous_more_hard_judges_by_its_side_s_margin(monkeypatch) -> None:
    # More's hard before issue 29 judged a playout by its side's margin as the round stood,
    # ended as if the stock ran out there: bench/ladder.py's oldhard must too, not today's
    # judgement by the pairings with the fitted weights merely left out.
    import copy
    import random

    from bot.ai import more3 as more3_ai
    from bot.computers import ladder as bot_ladder
    from tests.ai.more3_tables import more3_play
    from tests.ai.repo_script import load_script
    from tests.ai.test_more3_value import _rounds_in_play

    bench = load_script("bench/ladder.py")
    old = bench.OLD["more3"]
    judged = 0
    for game in _rounds_in_play():
        if game.phase == "bid":
            continue
        ended = copy.deepcopy(game)
        if not ended.round_over:
            ended._end_round("stock_out", events=[])
        scores = ended.result.scores
        for seat in range(3):
            theirs = [x for s, x in enumerate(scores) if game.side(s) != game.side(seat)]
            margin = scores[seat] - sum(theirs) / len(theirs)
            with monkeypatch.context() as m:
                m.setattr(more3_ai, "WEIGHTS", old["WEIGHTS"])
                assert old["_standing"](game, seat) == margin
            judged += 1
    assert judged > 30
    try:
        bot_ladder.EXTRA.update(bench.LEVELS)
        oldhard = bot_ladder.resolve("more3", "oldhard")
        differ = 0
        for n, game in enumerate(_rounds_in_play()):
            if game.round_over or game.phase == "bid":
                continue
            view, legal = game.view(game.turn), game.legal_moves(game.turn)
            hard = more3_ai.choose_hard(view, legal, random.Random(n))
            differ += oldhard(view, legal, random.Random(n)) != hard
            assert more3_ai._standing is not old["_standing"]  # the swap is undone
        assert differ > 0
        # Its Solo lays its runs as normal does; today's keeps them in hand.
        engine = more3_play("5H 6H 7H 9C KD 3S", solo=0)
        view, legal = engine.view(0), engine.legal_moves(0)
        assert oldhard(view, legal, random.Random(0)) == more3_ai.choose_normal(
            view, legal, random.Random(0)
        )
        assert more3_ai.choose_hard(view, legal, random.Random(0)) != oldhard(
            view, legal, random.Random(0)
        )
    finally:
        bot_ladder.EXTRA.pop("oldhard", None)
        bot_ladder.EXTRA.pop("noread", None)


def test_the_bench_seats_run_fast_hard_without_its_reading() -> None:
    # ``noread`` is Run Fast's hard dealing at random (READ_PLAY off), for the README's measure
    # of the reading against players who are not normal; hard reads again afterwards.
    import random

    from bot.ai import runfast as runfast_ai
    from bot.computers import ladder as bot_ladder
    from tests.ai.playout import decisions
    from tests.ai.repo_script import load_script

    try:
        bot_ladder.EXTRA.update(load_script("bench/ladder.py").LEVELS)
        noread = bot_ladder.resolve("runfast", "noread")
        differ = 0
        for n, (engine, seat, legal, _m, _r) in enumerate(decisions("runfast", ["normal"] * 3, 1)):
            if n % 3 or len(legal) < 2:
                continue
            view = engine.view(seat)
            runfast_ai.READ_PLAY = False
            try:
                blind = runfast_ai.choose_hard(view, legal, random.Random(n))
            finally:
                runfast_ai.READ_PLAY = True
            assert noread(view, legal, random.Random(n)) == blind
            differ += runfast_ai.choose_hard(view, legal, random.Random(n)) != blind
        assert differ > 0  # the reading does change decisions
        assert runfast_ai.READ_PLAY is True
    finally:
        bot_ladder.EXTRA.pop("oldhard", None)
        bot_ladder.EXTRA.pop("noread", None)


def test_variants_of_hard_play_the_ladder_s_deals_and_differ_deal_by_deal(capsys) -> None:
    # bench/variants.py: ``hard`` with names of its module set, against one opponent on the same
    # duplicate deals. Unchanged, a variant is the ladder's hard; Hand's hard without its risk of
    # an opponent going out is the previous hard, which bench/ladder.py seats as ``oldhard``.
    from bot.computers import ladder as bot_ladder
    from tests.ai.repo_script import load_script

    try:
        variants = load_script("bench/variants.py")
        seeds = range(5, 7)
        deals = variants.compare("hand", "normal", ["base:", "old:OUT_RISK={}"], seeds)
        shares = {name: [d.won / d.pairs for d in ds] for name, ds in deals.items()}
        hard = [play_deal("hand", ("hard", "normal"), s) for s in seeds]
        old = [play_deal("hand", ("oldhard", "normal"), s) for s in seeds]
        assert shares["base"] == [d.won / d.pairs for d in hard]
        assert shares["old"] == [d.won / d.pairs for d in old]
        assert shares["old"] != shares["base"]  # the risk changes a throw in these deals
        against_old = play_deal("hand", ("hard", "oldhard"), 5)
        again = variants.play("hand", "oldhard", "again:", 5)
        assert again.won / again.pairs == against_old.won / against_old.pairs
        lines = variants.report("hand", "normal", deals)
        assert lines[0].startswith("base vs normal: ") and "over 2 deals" in lines[0]
        assert "against base, deal by deal: " in lines[1]
        assert len(lines) == 2  # Hand's pairings are all of one kind: no line for kinds
        # A name the module lacks, an expression that is not Python, a variant without a name or
        # two with one name are refused in one sentence.
        for bad in (["x:NO_SUCH_NAME=1"], ["x:OUT_RISK=("], [":OUT_RISK={}"], ["a:", "a:"]):
            assert variants.main(["hand", *bad, "--deals", "1"]) == 2
            err = capsys.readouterr().err.strip()
            assert err and "\n" not in err
    finally:
        bot_ladder.EXTRA.pop("oldhard", None)
        bot_ladder.EXTRA.pop("noread", None)


def test_variants_give_more_s_share_by_kind_of_pairing() -> None:
    # In More a variant's share hides which contest it gains in (as the Solo, in the Pair against
    # the Solo, against its partner): the report gives each kind over all the deals.
    from bot.computers import ladder as bot_ladder
    from tests.ai.repo_script import load_script

    variants = load_script("bench/variants.py")
    solo, pair, partner = bot_ladder.PAIRINGS

    def deal(seed: int, kinds: dict[str, tuple[float, int]]) -> bot_ladder.Deal:
        won = sum(w for w, _ in kinds.values())
        pairs = sum(n for _, n in kinds.values())
        return bot_ladder.Deal(seed, won, pairs, ([], []), kinds)

    deals = {
        "base": [deal(1, {solo: (0.0, 2), pair: (2.0, 2), partner: (1.0, 2)})] * 2,
        "other": [
            deal(1, {solo: (1.0, 2), pair: (2.0, 2), partner: (1.5, 2)}),
            deal(2, {solo: (0.0, 2), pair: (1.0, 2), partner: (2.0, 2)}),
        ],
    }
    lines = variants.report("more3", "normal", deals)
    assert lines[1] == f"    {solo} 0.000 of 4, {pair} 1.000 of 4, {partner} 0.500 of 4"
    assert lines[3] == f"    {solo} 0.250 of 4, {pair} 0.750 of 4, {partner} 0.875 of 4"


def test_a_setting_of_another_module_is_seen_by_the_decision_and_put_back() -> None:
    # ``MODULE.NAME`` sets a name of another module of bot.ai that hard decides with: Run Fast's
    # reading with no model of a player at all can't weigh a play, so the decision fails, which
    # shows the setting was in force; afterwards the module holds its own again.
    import random

    from bot.ai import choose_move, runfast_reading
    from bot.ai import runfast as runfast_ai
    from bot.computers import ladder as bot_ladder
    from bot.games.registry import new_game

    engine = new_game("runfast", {}, 3)
    n = 0
    while True:  # on to a decision with plays to compare, after others have played
        seat = engine.turn
        view, legal = engine.view(seat), engine.legal_moves(seat)
        plays = runfast_ai._candidates(runfast_ai.ranked(view, legal), runfast_ai.HARD.candidates)
        if n >= 3 and len(plays) > 1:
            break
        engine.apply(seat, choose_move(view, legal, "normal", random.Random(n)))
        n += 1
    players = runfast_reading.PLAYERS
    assert bot_ladder.place("runfast", "runfast_reading.PLAYERS") == (runfast_reading, "PLAYERS")
    with pytest.raises(ValueError):
        bot_ladder.swapped("runfast", {"runfast_reading.PLAYERS": ()})(
            view, legal, random.Random(0)
        )
    assert runfast_reading.PLAYERS is players
    calm = bot_ladder.swapped("runfast", {"runfast_reading.DEVIATE": 0.1})
    assert calm(view, legal, random.Random(0)) == choose_move(view, legal, "hard", random.Random(0))


def test_variants_play_mor_one_against_one_when_asked(capsys) -> None:
    # bench/variants.py --heads-up: Mor's deals 1 vs 1 (the ladder's are 2 vs 2), each replayed
    # once with each level in each seat, one pairing a replay; the ladder's tables are left as
    # they were.
    from bot.computers import ladder as bot_ladder
    from tests.ai.repo_script import load_script

    variants = load_script("bench/variants.py")
    cheap = "cheap:HARD=Budget(1, 4, 2)"
    try:
        alone = variants.play("mor", "normal", cheap, 3, heads_up=True)
        assert alone.pairs == 2
        assert bot_ladder.OPTIONS["mor"]["players"] == 4
        assert bot_ladder.PATTERNS["mor"] == (0, 1, 0, 1)
        assert variants.play("mor", "normal", cheap, 3).pairs == 8  # 2 seatings x 2 x 2
        assert variants.main(["hand", "base:", "--deals", "1", "--heads-up"]) == 2
        assert capsys.readouterr().err.strip() == "Only Mor is played 1 vs 1."
    finally:
        bot_ladder.EXTRA.pop("oldhard", None)
        bot_ladder.EXTRA.pop("noread", None)
