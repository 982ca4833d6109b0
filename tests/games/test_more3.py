"""More for three (specification §2): table files per rule, scoring, roles, bids and views."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import Add, Bid, Discard, Draw, IllegalMove, Reason, because, move_from_dict
from bot.games.cards import parse_cards
from bot.games.more3 import More3, bid_winner, choose_solo, solo_score
from bot.i18n import LANGUAGES, has, number, say, t
from bot.scenario import run

TABLES = Path(__file__).parents[1] / "table_files" / "more3"


def play(name: str, **changes: Any) -> tuple[int, dict[str, Any]]:
    """Run a table file through the scenario runner: (exit code, output)."""
    data = json.loads((TABLES / f"{name}.json").read_text(encoding="utf-8"))
    data.update(changes)
    return run(data)


def legal(name: str, **changes: Any) -> dict[str, Any]:
    code, out = play(name, **changes)
    assert code == 0, out["error"]
    return out["state"]


def refused(name: str, words: str) -> dict[str, Any]:
    code, out = play(name)
    assert code == 1, out
    message = out["error"]["message"]
    assert words in message
    assert message.endswith(".") and "\n" not in message  # one plain sentence
    return out


def sorted_cards(cards: list[str]) -> list[str]:
    return sorted(cards)


def refusal(name: str) -> Reason:
    """Why the engine refuses a table file's last move, as the engine gives it: data, no words."""
    data = json.loads((TABLES / f"{name}.json").read_text(encoding="utf-8"))
    *before, last = data["moves"]
    game = registry.replay({**data, "moves": before})
    reason = game.check(last["seat"], move_from_dict(last))
    assert isinstance(reason, Reason)
    return reason


ARABIC_LETTER = re.compile("[\u0621-\u064a]")
DEVANAGARI_LETTER = re.compile("[\u0905-\u0939]")


def test_every_table_file_is_tested() -> None:
    names = {p.stem for p in TABLES.glob("*.json")}
    source = Path(__file__).read_text(encoding="utf-8")
    untested = sorted(n for n in names if f'"{n}"' not in source)
    assert not untested


# ---------------------------------------------------------------- taking the top discard


def test_take_top_card_and_rest_of_pile() -> None:
    state = legal("take_top_meld")
    assert sorted_cards(state["hands"][0]) == ["3S", "9C"]
    assert state["melds"][0]["cards"] == ["5H", "6H", "7H"]
    assert state["discard"] == ["KD"] and state["turn"] == 1


def test_take_refusals() -> None:
    refused("take_refused", "You can't take 7♥")
    refused("take_discard_first_refused", "First meld the card you took")
    refused("take_lay_leaving_it_stuck_refused", "could not be melded this turn")
    refused("take_opening_needs_75_refused", "opening worth 7.5")


def test_take_variants() -> None:
    assert legal("take_uses_rest_of_pile")["hands"][0] == ["9C", "3S"]
    assert legal("take_add_to_partner")["melds"][0]["cards"] == ["4H", "5H", "6H", "7H"]
    state = legal("take_opening_75")
    assert state["opened"] == [0] and len(state["melds"]) == 2
    # Only the throw waits for the taken card: another meld may come first.
    assert [m["cards"] for m in legal("take_other_lay_first")["melds"]] == [
        ["9C", "10C", "JC"],
        ["5H", "6H", "7H"],
    ]
    assert legal("take_add_with_hand_card")["melds"][0]["cards"] == ["3H", "4H", "5H", "6H", "7H"]
    assert len(legal("take_opening_75_longest_run")["melds"]) == 3


# ---------------------------------------------------------------- melds and going down


def test_whose_melds() -> None:
    assert legal("add_partner_meld")["melds"][0]["cards"] == ["4D", "5D", "6D", "7D"]
    refused("add_other_side_refused", "your own side's melds")


def test_seven_and_a_half_rule() -> None:
    refused("opening_75_refused", "worth 5")
    refused("opening_75_pair_refused", "worth 1.5")
    refused("opening_adds_count", "worth 6.5")
    assert legal("opening_75_ok")["opened"] == [0]
    assert legal("opening_partner_down")["opened"] == [0, 2]
    state = legal("opening_adds_reach")
    assert state["melds"][0]["cards"] == ["4D", "5D", "6D", "7D", "8D", "9D", "10D"]
    assert state["melds"][0]["biriba"] == "pure"  # the partner's meld became a biriba


def test_ace_sets_and_pankal() -> None:
    assert legal("ace_set_over_1500")["melds"][1]["cards"] == ["AS", "AH", "AD"]
    refused("ace_set_refused", "Ace-sets are only for players with over 1500")
    refused("two_pankal_refused", "only one wild card")


def test_biribas_and_the_natural_two() -> None:
    assert legal("biriba_pure_natural_two")["melds"][0]["biriba"] == "pure"
    assert legal("biriba_dirty_other_two")["melds"][0]["biriba"] == "dirty"
    assert legal("wild_moves_on_add")["melds"][0]["cards"] == ["JK", "4H", "5H", "6H", "7H"]


# ---------------------------------------------------------------- emptying, the pile, going out


def test_no_empty_hand_before_a_biriba() -> None:
    refused("empty_no_biriba_refused", "no biriba yet")
    refused("one_card_no_biriba_refused", "Keep two cards")
    refused("last_card_no_biriba_refused", "no biriba on the table")


def test_more_pile_by_lay_and_by_throw() -> None:
    state = legal("empty_by_lay_takes_pile")
    assert state["side_taken"] == [True, False] and len(state["hands"][0]) == 10
    assert state["melds"][0]["cards"][-3:] == ["10C", "JC", "QC"]
    state = legal("empty_by_discard_pile_waits")
    assert state["turn"] == 0 and state["phase"] == "draw"
    assert len(state["hands"][0]) == 11 and state["side"] == [0, 11]
    # Just after the throw the pile is counted as taken but still waits.
    code, out = play(
        "empty_by_discard_pile_waits",
        moves=[{"seat": 0, "do": "discard", "card": "KD"}],
    )
    assert code == 0 and out["state"]["pile_waiting"] == [0]
    assert out["state"]["side_taken"] == [True, False] and out["state"]["hands"][0] == []


def test_going_out_and_pair_scores() -> None:
    state = legal("go_out_pair")
    # Pool: cards 45 + 60, biribas 200 + 100 = 405. Seat 0 went out (+100); seat 2 holds 15.
    # The Solo: hand 25, never took the pile -100 = -125, negative so not multiplied.
    assert state["round_scores"] == [505, -125, 390]
    assert state["went_out"] == 0 and state["round_over"] and state["solo"] == 1
    refused("go_out_one_biriba_refused", "pure biriba and a second biriba")
    refused("go_out_two_dirty_refused", "pure biriba and a second biriba")
    refused("meld_last_card_refused", "never goes out")


def test_score_sheet_lines_are_keys_worded_in_each_language() -> None:
    data = json.loads((TABLES / "go_out_pair.json").read_text(encoding="utf-8"))
    result = registry.replay(data).result
    assert result is not None

    def sheet(seat: int, lang: str = "en") -> list[tuple[str, float]]:
        return [(t(ln.label, lang), ln.points) for ln in result.lines if ln.seat == seat]

    assert sheet(0) == [
        ("cards in melds", 105),
        ("pure biriba", 200),
        ("dirty biriba", 100),
        ("went out", 100),
        ("cards left in hand", 0),
    ]
    assert sheet(1) == [
        ("cards in melds", 0),
        ("cards left in hand", -25),
        ("never took the More pile", -100),
        ("= Solo subtotal", -125),  # not above 0: no ×1.5 line, and no 150 without going out
    ]
    labels = {ln.label for ln in result.lines}
    assert all(label.startswith(("more3.line.", "core.line.")) for label in labels)
    assert all(has(label, lang) for label in labels for lang in LANGUAGES)
    arabic = [words for words, _ in sheet(1, "ar")]
    assert all(ARABIC_LETTER.search(words) for words in arabic)
    assert arabic[-1] == t("more3.line.solo_subtotal", "ar")  # the Solo's subtotal, worded


def test_solo_who_emptied_by_the_throw_is_not_charged_for_the_pile() -> None:
    """RULES.md: the pile is taken at the next turn "as in Mor", whose team counts as having
    taken it from that throw on; the rules pages say so in More's own section too (the fourth
    More newcomer read only "minus 100 if the Solo never took their More pile")."""
    name = "solo_empties_by_throw_round_ends"
    data = json.loads((TABLES / f"{name}.json").read_text(encoding="utf-8"))
    game = registry.replay(data)
    result = game.result
    assert result is not None and game.round_over
    solo = [(ln.label, ln.points) for ln in result.lines if ln.seat == 1]
    assert ("more3.line.solo_subtotal", 245) in solo  # 45 melded + 200 pure biriba, no -100
    assert not any("pile" in label for label, _ in solo)
    docs = Path(__file__).parents[2] / "docs" / "rules.md"
    more = (
        docs.read_text(encoding="utf-8").split("**The More pile.**")[1].split("**Going out.**")[0]
    )
    assert "counts as having taken it from that throw on" in more
    assert "not charged the 100" in more


def test_solo_goes_out() -> None:
    state = legal("go_out_solo")
    # (105 + 300 + 100) = 505 -> x1.5 = 757 (757.5 down) -> + 150 = 907; the Pair never took its
    # pile (-100 each) and keeps its hands.
    assert state["round_scores"] == [907, -110, -115]


def test_the_solo_score_sheet_adds_up_line_by_line() -> None:
    # Issue 61: "Solo total ×1.5 if positive, +150 if out  2130" replaced the sum inside a column
    # of addends (the column summed to 3550). Now the subtotal, what ×1.5 adds and the 150 for
    # going out are lines of their own, and every line but the subtotal is an addend.
    data = json.loads((TABLES / "go_out_solo.json").read_text(encoding="utf-8"))
    result = registry.replay(data).result
    assert result is not None
    solo = [(ln.label, ln.points) for ln in result.lines if ln.seat == 0]
    labels = [label for label, _ in solo]
    assert labels[-3:] == [
        "more3.line.solo_subtotal",
        "more3.line.solo_times",
        "more3.line.solo_out",
    ]
    assert solo[-3:] == [(labels[-3], 505), (labels[-2], 252), (labels[-1], 150)]
    assert sum(p for label, p in solo[:-3]) == 505  # the subtotal sums the lines above it
    assert sum(p for label, p in solo if label != labels[-3]) == result.scores[0] == 907


def test_winner_tie_goes_to_who_went_out() -> None:
    state = legal("go_out_winner")
    assert state["totals"] == [3505, -125, 3505]
    assert state["game_over"] and state["winners"] == [0]
    assert state["pearls"] == {"0": 60}  # 3505 - 3505: no big-win bonus


def test_solo_score_example_from_the_page() -> None:
    # 400 melded - 80 in hand + 200 pure biriba = 520 -> x1.5 = 780 -> +150 = 930.
    assert solo_score(400, 200, 80) == 780
    assert solo_score(400, 200, 80, round_win_bonus=150) == 930


def test_solo_score_never_multiplies_a_negative_or_the_bonus() -> None:
    assert solo_score(50, 0, 80, pile_penalty=100) == -130
    assert solo_score(0, 0, 0, round_win_bonus=150) == 150
    assert solo_score(15, 0, 0) == 22  # 22.5 rounds down


# ---------------------------------------------------------------- the stock runs out


def test_both_piles_become_the_stock() -> None:
    state = legal("stock_refill_both")
    assert state["stock"] == 21 and state["side"] == [0, 0]
    assert state["side_gone"] == [True, True] and state["side_taken"] == [False, False]
    drawn = [c for c in state["hands"][1] if c not in ("KH", "KS")]
    assert drawn in (["3D"], ["3C"])  # piles list top first: the top of the pile put on top


def test_one_pile_becomes_the_stock() -> None:
    state = legal("stock_refill_one")
    assert state["stock"] == 10 and state["side_gone"] == [False, True]
    assert sorted_cards(state["hands"][1]) == ["3C", "KH", "KS"]


def test_stock_out_with_both_piles_taken_ends_the_round() -> None:
    state = legal("stock_out_both_taken")
    assert state["round_over"] and state["round_scores"] == [-20, -20, -20]


def test_a_pile_gone_into_the_stock_keeps_the_hand() -> None:
    refused("pile_gone_last_card_refused", "went into the stock")


# ---------------------------------------------------------------- bids


def test_bid_reveal_and_payment() -> None:
    state = legal("bid_reveal")
    assert state["solo"] == 1 and state["totals"] == [3, -6, 3]
    assert state["bids"] == [1, 3, 3] and state["phase"] == "draw" and state["turn"] == 0
    refused("bid_twice_refused", "already bid")
    refused("bid_out_of_range_refused", "Bid 0, 1, 2 or 3")
    refused("draw_while_bidding_refused", "bids for the Solo first")
    refused("bid_without_option_refused", "doesn't bid")


def test_bids_are_hidden_until_all_have_bid() -> None:
    game = More3.new({"bid": True}, seed=5)
    starter = game.turn
    assert starter is not None and game.phase == "bid"
    game.apply(starter, Bid(2))
    other = (starter + 1) % 3
    view = game.view(other)
    assert view.bids == (None, None, None) and view.hand == () and view.solo is None
    assert all(getattr(e, "chips", None) is None for e in view.last_events)
    assert game.view(starter).bids[starter] == 2
    assert game.scenario_state()["bids"] == [None, None, None]
    game.apply(other, Bid(0))
    game.apply((starter + 2) % 3, Bid(1))
    view = game.view(other)
    assert view.solo == starter and sorted(b or 0 for b in view.bids) == [0, 1, 2]
    assert len(view.hand) == 11 and view.sides[starter] == 1


def test_bid_winner_ties_from_the_starter() -> None:
    assert bid_winner([3, 3, 0], starter=1) == 1  # seats 0 and 1 tie: seat 1 comes first
    assert bid_winner([3, 3, 0], starter=0) == 0
    assert bid_winner([0, 2, 2], starter=2) == 2
    assert bid_winner([0, 0, 0], starter=1) == 1


# ---------------------------------------------------------------- roles


def test_role_rules_over_a_scripted_sequence() -> None:
    past: list[int] = []
    # Round 1: all on 0, nobody was Solo: the starter.
    assert choose_solo([0, 0, 0], past, starter=1) == 1
    past.append(1)
    # Lowest total.
    assert choose_solo([100, 50, 200], past, starter=2) == 1
    past.append(1)
    # Seat 1 is lowest again but was Solo twice in a row: the next-lowest instead.
    assert choose_solo([100, 50, 200], past, starter=0) == 0
    past.append(0)
    # Tie on total: the one Solo least recently (never counts as least recently).
    assert choose_solo([0, 0, 0], past, starter=0) == 2
    past.append(2)
    # Tie on total between seats 0 and 1: seat 1 was Solo longer ago than seat 0.
    assert choose_solo([10, 10, 500], past, starter=2) == 1
    # Still tied (both never Solo): first from the starter on.
    assert choose_solo([5, 5, 5], [], starter=2) == 2
    assert choose_solo([5, 5, 0], [2, 2], starter=0) == 0
    # Without the cap (a role won by bidding) the streak may go on.
    assert choose_solo([100, 50, 200], [1, 1], starter=0, cap=False) == 1


def test_next_round_roles_come_from_totals() -> None:
    code, out = play("stock_out_both_taken", totals=[0, 400, 50])
    assert code == 0 and out["state"]["round_over"]
    data = json.loads((TABLES / "stock_out_both_taken.json").read_text(encoding="utf-8"))
    data["totals"] = [0, 400, 50]
    game = registry.replay(data)
    assert game.totals == [-20, 380, 30]
    game.next_round()
    assert game.solo == 0 and game.dealer == 0 and game.turn == 1
    assert game.view(1).sides == (1, 0, 0)


# ---------------------------------------------------------------- refusals in four languages


def test_a_refusal_is_a_key_worded_in_each_language() -> None:
    reason = refusal("take_refused")
    assert reason == because("more3.take_no_meld", card="7♥")
    english = say(reason)
    assert english == "You can't take 7♥: you could not meld it this turn."
    arabic, hindi, dutch = say(reason, "ar"), say(reason, "hi"), say(reason, "nl")
    assert ARABIC_LETTER.search(arabic) and not re.search("[a-z]", arabic)
    assert DEVANAGARI_LETTER.search(hindi)
    assert dutch.startswith("Je kunt 7♥ niet pakken")
    # The card shows its suit sign, as the hints show it (not the typed code "7H", which in
    # Dutch prose reads as a word: "Je kunt AS niet pakken"), and the sentences are not English.
    assert all(
        "7♥" in words and "7H" not in words and words != english for words in (arabic, hindi, dutch)
    )


def test_a_refusal_carries_its_number_and_each_language_writes_it() -> None:
    reason = refusal("opening_adds_count")
    assert reason == because("more3.opening_75", worth=6.5, least=7.5)
    assert say(reason).endswith("; these are worth 6.5.")
    # Each language writes the numbers its own way (Dutch: "7,5" and "6,5"), by Babel's CLDR data.
    for lang in LANGUAGES:
        assert number(6.5, lang) in say(reason, lang) and number(7.5, lang) in say(reason, lang)
    assert say(reason, "nl").endswith("samen minstens 7,5 waard zijn; deze zijn 6,5 waard.")
    # A whole worth reads without a decimal point: "worth 5", not "5.0".
    whole = refusal("opening_75_refused")
    assert whole == because("more3.opening_75", worth=5, least=7.5)
    assert say(whole).endswith("these are worth 5.") and say(whole, "nl").endswith("5 waard.")


def test_a_refusal_of_the_meld_rules_keeps_the_engines_reason() -> None:
    # Adding to the other side's meld is refused through the shared lay check (lays.play_lay),
    # which passes More's own reason on.
    assert refusal("add_other_side_refused") == because("more3.add_own_side")
    assert refusal("bid_without_option_refused") == because("more3.no_bidding")
    assert ARABIC_LETTER.search(say(refusal("bid_twice_refused"), "ar"))


# ---------------------------------------------------------------- engine contract


def test_illegal_move_changes_nothing() -> None:
    game = More3.new({}, seed=11)
    before = game.to_json()
    seat = game.turn
    assert seat is not None
    with pytest.raises(IllegalMove):
        game.apply((seat + 1) % 3, Draw())
    with pytest.raises(IllegalMove):
        game.apply(seat, Discard(parse_cards("JK")[0]))
    assert game.to_json() == before
    assert game.check(seat, Draw()) is None and game.can(seat, Draw())


def test_new_round_deal() -> None:
    game = More3.new({}, seed=4)
    state = game.scenario_state()
    assert [len(h) for h in state["hands"]] == [11, 11, 11]
    assert state["side"] == [11, 11] and len(state["discard"]) == 1 and state["stock"] == 50
    assert state["solo"] == (game.dealer + 1) % 3 == game.turn and state["phase"] == "draw"
    view = game.view(game.turn)
    assert view.game == "more3" and view.sides.count(1) == 1 and view.opened == ()


def test_views_hide_other_hands_and_drawn_cards() -> None:
    game = More3.new({}, seed=9)
    seat = game.turn
    assert seat is not None
    game.apply(seat, Draw())
    other = game.view((seat + 1) % 3)
    assert other.hand != tuple(game.hands[seat]) and other.just_drawn == ()
    assert other.last_events[0].card is None
    assert game.view(seat).last_events[0].card is not None
    assert game.view(seat).just_drawn == tuple(game.just_drawn)


def test_scenario_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bot.scenario import main

    path = tmp_path / "t.json"
    path.write_text(json.dumps({"game": "more3", "seed": 3}), encoding="utf-8")
    assert main([str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["state"]["solo"] is not None and out["state"]["melds"] == []
    path.write_text(json.dumps({"game": "more3", "options": {"bid": "yes"}}), encoding="utf-8")
    assert main([str(path)]) == 2


def test_legal_moves_are_all_accepted() -> None:
    for seed in range(3):
        game = More3.new({"bid": seed == 1}, seed)
        steps = 0
        while not game.round_over and steps < 400:
            seat = game.turn
            assert seat is not None
            moves = game.legal_moves(seat)
            assert moves, f"seat {seat} has no legal move"
            assert all(game.check(seat, m) is None for m in moves)
            assert game.legal_moves((seat + 1) % 3) == [] or game.phase == "bid"
            game.apply(seat, moves[0] if game.phase != "play" else moves[-1])
            steps += 1


def test_every_single_card_add_is_listed() -> None:
    # legal_moves rules out adds with a cheap first look (could_add) before the full check: it
    # must never rule out an add the engine accepts (while a taken card waits, it lists only
    # the lays that meld it).
    for seed in range(4):
        game = More3.new({}, seed)
        rng = random.Random(seed)
        while not game.round_over:
            seat = game.turn
            assert seat is not None
            moves = game.legal_moves(seat)
            if game.phase == "play":
                for meld_id in game.melds:
                    for card in set(game.hands[seat]):
                        add = Add(meld_id, (card,))
                        listed = game.can(seat, add) and card in (game.must_lay or [card])
                        assert listed == (add in moves), (seed, add)
            game.apply(seat, rng.choice(moves))


def test_meld_views_carry_the_biriba() -> None:
    data = json.loads((TABLES / "go_out_pair.json").read_text(encoding="utf-8"))
    game = More3.from_table_file(data)
    melds = game.view(1).melds
    assert [(m.side, m.biriba) for m in melds] == [(0, "pure"), (0, "dirty")]
    assert melds[1].wilds == ((3, parse_cards("6D")[0]),)


@pytest.mark.parametrize(
    "position",
    [
        {"hands": [[], [], []], "solo": 3},
        {"hands": [[], [], []], "opened": "all"},
        {"hands": [[], [], []], "side_taken": [True]},
        {"hands": [["AS", "AS", "AS"], [], []]},
    ],
)
def test_unusable_table_files(position: dict[str, Any]) -> None:
    from bot.games.base import TableFileError

    with pytest.raises(TableFileError):
        run({"game": "more3", "position": position})


def test_pearls_big_win() -> None:
    state = legal("go_out_winner", totals=[3000, 0, 2000])
    assert state["winners"] == [0] and state["pearls"] == {"0": 90}


def test_bidding_again_each_round() -> None:
    data = json.loads((TABLES / "stock_out_both_taken.json").read_text(encoding="utf-8"))
    data["options"] = {"bid": True}
    data["position"].pop("solo")
    data["moves"] = [
        {"seat": 0, "do": "bid", "chips": 0},
        {"seat": 1, "do": "bid", "chips": 0},
        {"seat": 2, "do": "bid", "chips": 2},
        *data["moves"],
    ]
    game = registry.replay(data)
    assert game.round_over and game.solo == 2
    assert game.totals[2] == -20 - 4 and game.totals[0] == -20 + 2
    game.next_round()
    assert game.phase == "bid" and game.solo is None and game.bids == [None, None, None]
    assert registry.replay(game.record).to_json() == game.to_json()


def test_legal_moves_offer_the_only_opening_two_melds_make() -> None:
    # No single meld reaches 7.5 and laying all three would empty the hand: the one opening is
    # two particular melds together, and the engine's move list (the hint's and every computer
    # player's) must hold it.
    data = json.loads((TABLES / "opening_only_two_melds.json").read_text(encoding="utf-8"))
    game = registry.replay({**data, "moves": []})
    answer = move_from_dict(data["moves"][0])
    lays = [m for m in game.legal_moves(0) if m.do in ("lay", "meld")]
    assert lays, "no opening offered"
    assert all(game.check(0, m) is None for m in lays)
    assert any(sorted(map(sorted, m.melds)) == sorted(map(sorted, answer.melds)) for m in lays)
    state = legal("opening_only_two_melds")
    assert len(state["hands"][0]) == 3  # the 3D 4D 5D kept


def test_legal_moves_offer_the_opening_with_a_pankal_inside_a_run_of_four() -> None:
    # The one 7.5 is 9D 10D 2D QD (the 2D as the JD) with 7C 8C 9C 10C: the engine's move list
    # (the menu's, the hint's and the computers') once held no lay here, and the hint said to
    # throw (issue 61).
    data = json.loads((TABLES / "opening_pankal_inside_a_run.json").read_text(encoding="utf-8"))
    game = registry.replay({**data, "moves": []})
    answer = move_from_dict(data["moves"][0])
    lays = [m for m in game.legal_moves(0) if m.do in ("lay", "meld")]
    assert lays, "no opening offered"
    assert all(game.check(0, m) is None for m in lays)
    assert any(sorted(map(sorted, m.melds)) == sorted(map(sorted, answer.melds)) for m in lays)
    state = legal("opening_pankal_inside_a_run")
    assert sorted(state["hands"][0]) == sorted(["9S", "10S", "JH", "QH"])


def test_a_take_whose_opening_needs_a_pankal_inside_a_run_is_allowed() -> None:
    # The QD melds only in 9D 10D 2D QD beside 7C 8C 9C 10C: the take check once refused it
    # (issue 61). Taken, the opening is among the legal moves, which the computers weigh too.
    state = legal("take_opening_pankal_inside_a_run")
    assert sorted(state["hands"][0]) == sorted(["4S", "6H", "KS", "5H"])
    data = json.loads(
        (TABLES / "take_opening_pankal_inside_a_run.json").read_text(encoding="utf-8")
    )
    game = registry.replay({**data, "moves": data["moves"][:1]})
    answer = move_from_dict(data["moves"][1])
    lays = [m for m in game.legal_moves(0) if m.do == "lay"]
    assert any(sorted(map(sorted, m.melds)) == sorted(map(sorted, answer.melds)) for m in lays)
    assert any(m in lays for m in game.candidate_moves(0))
