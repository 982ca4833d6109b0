"""Check that hints tell the truth: ``python scripts/check_hints.py [--positions N] [--level L]
[--games G ...] [--every-throw]``.

Games are played by the ``normal`` computer in every seat from seeds 0 up, and at each decision
the hint of ``--level`` (the hard player, as the bot gives hints) is asked for and its reason is
checked against the engine: every card a reason names as going with the thrown card can share a
meld with it (the engine reads the meld, ``bot.games.melds.try_meld``), none it leaves out can;
every number it states is the one the engine works out (the cards a take brings, the cards left,
an opening's points); and every rule it states is the engine's answer (which taken cards must be
laid, that nothing beats the table, that a pass is refused). ``--every-throw`` checks the reason
of every throw, draw and take the seat could make as well (what the property test in
tests/learning/test_hint_truth.py does on thousands of positions, with the quicker ``normal`` hints).

Prints, per game, the positions, the reasons checked by kind and every false one; exits 1 when a
reason is false. The checks are this module's ``false_claims``, which the tests call too.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import ai
from bot.ai.hand import plan_opening
from bot.games.base import (
    Add,
    Count,
    Discard,
    Draw,
    Engine,
    Event,
    Lay,
    Meld,
    Melded,
    MeldKind,
    Move,
    Pass,
    Play,
    Played,
    Reason,
    Return,
    RoundEnd,
    RoundOver,
    SidePileWaits,
    Take,
    TookPile,
    TookSidePile,
    as_lay,
    points,
)
from bot.games.cards import JOKER_RANK, Card, deck_48, deck_106, parse_cards, sort_key
from bot.games.hand import OPENING_MIN, Hand, hand_value, meld_value
from bot.games.meld_search import every_meld
from bot.games.melds import (
    HAND_MELDS,
    MOR_MELDS,
    MeldRules,
    added_or_why,
    read_meld,
    try_meld,
    wild_capable,
)
from bot.games.melds import Meld as MeldsMeld
from bot.games.mor import Mor, can_close_with, card_halves, project_value
from bot.games.more3 import (
    OPENING_HALVES,
    More3,
    can_go_out_with,
    card_points,
    opening_halves,
)
from bot.games.registry import new_game
from bot.games.runfast import BombBonus, RunFast, bomb_bonus
from bot.games.runfast_combos import (
    ACE_POWER,
    BOMB_KINDS,
    HEAVENLY,
    PAIRS,
    STRAIGHT,
    Combo,
    classify,
    legal_plays,
    power,
)
from bot.games.views import RummyView
from bot.learning.hints import (
    HAND_END,
    HAND_NEAR,
    SAYS_NO_LAY,
    WRAPPERS,
    hint,
    hint_move,
    hint_rng,
    in_hand_points,
    reason,
)

GAMES = ("mor", "more3", "hand", "runfast")
PLAYER = "normal"  # who plays the games the positions come from: quick, and plays them through


# ---------------------------------------------------------------- the engine's answers


def rules_of(engine: Engine, seat: int) -> MeldRules:
    """The rules the engine reads ``seat``'s new melds by (More's change over 1500 points)."""
    if isinstance(engine, More3):
        return engine.rules_for(seat)
    return {"mor": MOR_MELDS, "hand": HAND_MELDS}[engine.game]


DECK = tuple(sorted(set(deck_106()), key=sort_key))  # every card the rummies are dealt from, once


@cache
def one_card_from_a_meld(card: Card, other: Card, rules: MeldRules) -> bool:
    """Do ``card`` and ``other`` make a meld with one more card of the deck, as the engine reads
    melds? (Two copies of a card at most: a third is never the one more card.)"""
    return any(
        try_meld((card, other, extra), rules) is not None
        for extra in DECK
        if not extra == card == other
    )


def _copy(engine: Engine) -> Engine:
    return type(engine).from_json(engine.to_json())


def _played(engine: Engine, seat: int, move: Move) -> tuple[Engine, list[Event]]:
    after = _copy(engine)
    return after, after.apply(seat, move)


def _cards_of(text: str) -> list[Card]:
    return parse_cards(text) if text else []


def _n(value: Any) -> Any:
    return value.n if isinstance(value, Count) else value


def _laid(before: Sequence[Card], after: Sequence[Card]) -> list[Card]:
    """The cards that left the hand (a multiset difference)."""
    left = Counter(after)
    out = []
    for c in before:
        if left[c]:
            left[c] -= 1
        else:
            out.append(c)
    return out


# ---------------------------------------------------------------- checking one reason


@dataclass(frozen=True)
class Case:
    """A reason to check: ``key``/``params`` said of ``move`` by ``seat`` on ``engine``."""

    engine: Engine
    seat: int
    move: Move
    key: str
    params: Mapping[str, Any]


Check = Callable[[Case], list[str]]


def _take_facts(case: Case) -> tuple[list[Card], tuple[Card, ...]]:
    """The cards a take would bring and the cards of which one must then be laid, by the engine."""
    after, events = _played(case.engine, case.seat, Take())
    taken = [c for e in events if isinstance(e, TookPile) for c in e.cards]
    return taken, tuple(after.view(case.seat).must_lay)


def in_hand_worth(engine: Engine, seat: int, held: Sequence[Card]) -> float:
    """What ``held`` would count against ``seat`` at the round's end: in Mor, the fall of the
    team's score as the engine scores it now with the cards put in the seat's hand; in More, the
    engine's card points; in Hand, its hand values."""
    if isinstance(engine, Mor):
        twin = _copy(engine)
        team = twin.team(seat)
        was = twin.scores_now()[team]
        twin.hands[seat].extend(held)
        return (was - twin.scores_now()[team]) / 2
    if isinstance(engine, More3):
        return float(sum(map(card_points, held)))
    return float(sum(map(hand_value, held)))


def pile_lays(engine: Engine, seat: int) -> tuple[list[Card], tuple[Card, ...], list[Move]]:
    """What a take brings, the cards of which one must then be laid, and the engine's legal lays
    right after the take that put down one of those."""
    after, events = _played(engine, seat, Take())
    taken = [c for e in events if isinstance(e, TookPile) for c in e.cards]
    must = tuple(getattr(after, "must_lay", ()))
    lays = [
        m
        for m in after.legal_moves(seat)
        if isinstance(m, Meld | Add | Lay) and set(must) & set(m.cards)
    ]
    return taken, must, lays


#: How many lays in a row after a take ``pile_laid`` follows (the hint's ``LAYS_DEEP``).
PILE_LAYS_DEEP = 3


def pile_laid(engine: Engine, seat: int) -> set[Card]:
    """The taken cards a take lets be laid this turn: in More every taken card that some
    sequence of up to ``PILE_LAYS_DEEP`` legal lays puts down, the first holding a card the
    engine wants laid, each later one a lay the engine lists then that puts down a taken card
    still in hand (the fourth More newcomer: 8♠ after 10♣); elsewhere the taken cards of the
    first lays. Asked of the engine step by step, level by level, on copies."""
    taken, _, lays = pile_lays(engine, seat)
    found = {c for m in lays for c in m.cards if c in taken}
    if engine.game != "more3":
        return found
    start, _ = _played(engine, seat, Take())
    level: list[tuple[Engine, Counter[Card], list[Move]]] = [(start, Counter(taken), list(lays))]
    for _ in range(PILE_LAYS_DEEP):
        nxt: list[tuple[Engine, Counter[Card], list[Move]]] = []
        for state, held, moves in level:
            for m in moves:
                if state.check(seat, m) is not None:
                    continue
                put = Counter(m.cards) & held
                found |= set(put)
                rest = held - put
                if not set(rest) - found:
                    continue
                after, _ = _played(state, seat, m)
                if after.round_over:
                    continue
                more = [
                    n
                    for n in after.legal_moves(seat)
                    if isinstance(n, Meld | Add | Lay) and Counter(n.cards) & rest
                ]
                nxt.append((after, rest, more))
        level = nxt
    return found


def check_pile_use(engine: Engine, seat: int, key: str, params: Mapping[str, Any]) -> list[str]:
    """ "{card} can go onto meld {meld}" / "{card} makes a meld with {partners}", right after a
    take: the card is one the engine wants laid, and the engine, asked after the take, adds
    exactly that card alone to that meld ("onto"), or exactly it with the named cards
    ("onto_with": "{card} can go onto meld {meld} with {partners}"), or a legal lay lays
    exactly those cards as a new meld. (Mor's newcomer: "K♣ can go onto meld 1" of 8♣ 9♣ 10♣,
    where only an addition with Q♣ and the 2♣ wild took it.)"""
    _, must, lays = pile_lays(engine, seat)
    card = _cards_of(params["card"])
    if len(card) != 1 or card[0] not in must:
        return [f"{card} is not a card to lay of {sorted(must)}"]
    if "onto" in key:
        after = _copy(engine)
        after.apply(seat, Take())
        with_ = _cards_of(params["partners"]) if "with" in key else ()
        claimed = [card[0], *with_]
        ok = any(
            after.check(seat, Add(params["meld"], tuple(order))) is None
            for order in itertools.permutations(claimed)
        )
        return [] if ok else [f"the engine won't add {claimed} alone to meld {params['meld']}"]
    meld = sorted([card[0], *_cards_of(params["partners"])])
    ok = any(sorted(new) == meld for m in lays for new in as_lay(m).melds)
    out = [] if ok else [f"no legal lay melds {meld}"]
    pile = engine.view(seat).discard
    if engine.game == "mor" and not Counter(meld) - Counter(pile):
        # RULES.md §1: a meld of pile cards alone doesn't let you take the pile, so it is no
        # reason for the take (the fourth fresh Mor newcomer's finding 1).
        out.append(f"{meld} are pile cards alone: no use that counts for the take")
    return out


def _check_review_take(case: Case) -> list[str]:
    """The review's "{use} Of the pile's N, this turn you could lay L (Q) …; a draw brings one
    card": More; the take is legal, the inner clue is true (``check_pile_use``), N is what the
    take brings and L exactly the taken cards that can go down this turn (``pile_laid``)."""
    engine, seat = case.engine, case.seat
    if not isinstance(engine, More3) or engine.check(seat, Take()) is not None:
        return ["not a More take"]
    use = case.params["use"]
    out = check_pile_use(engine, seat, use.key, use.params)
    taken, _, _ = pile_lays(engine, seat)
    if _n(case.params["count"]) != len(taken):
        out.append(f"a take brings {len(taken)} cards")
    laid = pile_laid(engine, seat)
    if set(_cards_of(case.params["laid"])) != laid:
        out.append(f"the layable cards are {sorted(laid)}")
    if _n(case.params["laid_points"]) != in_hand_worth(engine, seat, sorted(laid)):
        out.append("the layable cards' worth")
    return out


def _check_pile_cost(case: Case) -> list[str]:
    """ "The pile's N cards would count P against you in hand; of them you could lay L (Q)": the
    numbers are the engine's (``in_hand_worth``), and L the taken cards that can go down this
    turn (``pile_laid``; none for the ``_none`` forms)."""
    taken, _, _ = pile_lays(case.engine, case.seat)
    out = []
    if _n(case.params["count"]) != len(taken):
        out.append(f"a take brings {len(taken)} cards")
    worth = in_hand_worth(case.engine, case.seat, taken)
    if _n(case.params["points"]) != worth:
        out.append(f"the taken cards count {worth} in hand")
    laid = pile_laid(case.engine, case.seat)
    named = set(_cards_of(case.params.get("laid", "")))
    if named != laid:
        out.append(f"named {sorted(named)} as layable, the engine lays {sorted(laid)}")
    if "laid" in case.params:
        laid_worth = in_hand_worth(case.engine, case.seat, sorted(laid))
        if _n(case.params["laid_points"]) != laid_worth:
            out.append(f"the layable cards are worth {laid_worth}")
    if case.key.endswith("_none") == bool(laid):
        out.append(f"{case.key} with {len(laid)} layable cards")
    return out


def _check_pile_cost_most(case: Case) -> list[str]:
    """Mor: ``_check_pile_cost``, and "less than half": the layable cards' worth in hand is
    under half the pile's, both by the engine's own score (``in_hand_worth``)."""
    out = _check_pile_cost(case)
    taken, _, lays = pile_lays(case.engine, case.seat)
    laid = sorted({c for m in lays for c in m.cards if c in taken})
    worth = in_hand_worth(case.engine, case.seat, taken)
    if 2 * in_hand_worth(case.engine, case.seat, laid) >= worth:
        out.append(f"the layable cards are worth half the pile's {worth} or more")
    return out


def _check_pile_favoured(case: Case) -> list[str]:
    """A Mor take the hint gives in place of the draw (``pile_by_its_numbers``), or a Mor draw
    said with the plain ``hint_draw_cost``: the layable cards are worth half the pile or more."""
    taken, _, lays = pile_lays(case.engine, case.seat)
    laid = sorted({c for m in lays for c in m.cards if c in taken})
    worth = in_hand_worth(case.engine, case.seat, taken)
    if laid and 2 * in_hand_worth(case.engine, case.seat, laid) >= worth:
        return []
    return [f"the layable cards {laid} are worth less than half the pile's {worth}"]


def _check_draw_idle(case: Case) -> list[str]:
    """ "{card} could go into no new meld this turn": ``_check_draw_idle_any``, and before the
    seat has opened the card makes no meld with the hand (one short of the 51 is another
    sentence, ``hint_draw_idle_unopened``)."""
    out = _check_draw_idle_any(case)
    if not case.engine.view(case.seat).opened[case.seat] and _melds_with_hand(case):
        out.append("the card makes a meld with the hand, only short of the opening")
    return out


def _check_draw_idle_any(case: Case) -> list[str]:
    """The take brings that card alone, and no legal lay after it puts it down."""
    taken, _, lays = pile_lays(case.engine, case.seat)
    out = [] if taken == _cards_of(case.params["card"]) else [f"a take brings {taken}"]
    if lays:
        out.append(f"{len(lays)} legal lays use the taken card")
    return out


def _check_draw_no_take(case: Case) -> list[str]:
    why = case.engine.check(case.seat, Take())
    return [] if why is not None and why == case.params["reason"] else [f"take refused for {why}"]


def _melds_with_hand(case: Case) -> bool:
    """Does the ``card`` of the reason make a meld with two or three of the hand's cards?"""
    hand = case.engine.view(case.seat).hand
    card = _cards_of(case.params["card"])[0]
    groups = [g for k in (2, 3) for g in itertools.combinations(hand, k)]
    return any(try_meld((card, *g), HAND_MELDS) is not None for g in groups)


def _check_draw_idle_unopened(case: Case) -> list[str]:
    """ "With {card} your melds can't reach the 51 to open this turn": no legal lay after the
    take uses it, the seat has not opened (every lay before it would be the opening), and the
    card does make a meld with the hand (else it fits nothing: ``hint_draw_idle``)."""
    out = _check_draw_idle_any(case)
    if case.engine.view(case.seat).opened[case.seat]:
        out.append("the seat has opened")
    if not _melds_with_hand(case):
        out.append("the card makes no meld with the hand: it fits nothing, not just short of 51")
    return out


def _check_draw_keep(case: Case) -> list[str]:
    """Hand: "taking {card} would mean laying it at once in a new meld, for example with
    {partners}": the take brings that card alone, the engine then wants it laid, and a legal lay
    after the take melds it with exactly those cards."""
    taken, must = _take_facts(case)
    card = _cards_of(case.params["card"])
    out = []
    if taken != card:
        out.append(f"a take brings {taken}, not {card} alone")
    if list(must) != card:
        out.append(f"after the take {list(must)} must be laid")
    return out + check_pile_use(case.engine, case.seat, "hint_clue_pile_with", case.params)


def _check_take(case: Case) -> list[str]:
    taken, must = _take_facts(case)
    out = []
    if _n(case.params["count"]) != len(taken):
        out.append(f"the take brings {len(taken)} cards")
    if sorted(must) != sorted(taken):  # "a taken card": any of them will do
        out.append(f"only {sorted(must)} may be laid of the taken {sorted(taken)}")
    return out


def _check_take_then(case: Case) -> list[str]:
    """ "Take the whole discard pile (3 cards); then first lay ...": the rule quoted is the
    engine's refusal of every throw right after the take, and what the take brings is said as
    it is (issue 59): the whole pile ("hint_take_then"), the top card and the rest of the pile
    with it ("hint_take_top_pile_then"), or the top card alone ("hint_take_top_then")."""
    pile = list(case.engine.view(case.seat).discard)
    after, events = _played(case.engine, case.seat, Take())
    taken = [c for e in events if isinstance(e, TookPile) for c in e.cards]
    out = [] if _n(case.params["count"]) == len(taken) else [f"the take brings {len(taken)}"]
    if case.key in ("hint_take_then", "hint_take_top_pile_then") and len(taken) != len(pile):
        out.append(f"the take brings {len(taken)} of the pile's {len(pile)} cards")
    if case.key == "hint_take_top_then" and taken != pile[-1:]:
        out.append(f"the take brings {taken}, not the top card alone")
    if case.key == "hint_take_top_pile_then" and tuple(getattr(after, "must_lay", ())) != tuple(
        pile[-1:]
    ):
        out.append("the top card is not the one to meld")
    hand = after.view(case.seat).hand
    refusals = {after.check(case.seat, Discard(c)) for c in hand}
    if refusals != {case.params["rule"]}:
        out.append(f"a throw after the take is answered {refusals}")
    then = case.params.get("then")
    if then is not None and then.key in (
        "hint_then_lay_onto",
        "hint_then_lay_with",
        "hint_then_lay_onto_with",
    ):
        out += check_pile_use(case.engine, case.seat, then.key, then.params)
    return out


def _check_take_project(case: Case) -> list[str]:
    """Mor's "Take the whole discard pile …; then … Of the pile's P, only L go down this turn,
    but with its cards a meld of your team becomes a N project": the take as ``_check_take_then``
    checks it, P and L as the draw's numbers (``_check_pile_cost``), and some legal lay right
    after the take turns a meld of the team, by the engine's meld views, into a project of N it
    wasn't (a new meld, or one of fewer points before)."""
    out = _check_take_then(case)
    taken, _, lays = pile_lays(case.engine, case.seat)
    if _n(case.params["points"]) != in_hand_worth(case.engine, case.seat, taken):
        out.append("the pile's worth in hand is not as said")
    laid = sorted({c for m in lays for c in m.cards if c in taken})
    if _n(case.params["laid_points"]) != in_hand_worth(case.engine, case.seat, laid):
        out.append("the layable cards' worth is not as said")
    engine = case.engine
    assert isinstance(engine, Mor)
    team = engine.team(case.seat)
    was = {m.id: m.project or 0 for m in engine.view(case.seat).melds}
    after, _ = _played(engine, case.seat, Take())
    # The lays the engine lists, and the one the hint gives next (a lay of several melds and
    # additions the list leaves out), each played by the engine.
    follow = hint_move(after, case.seat, hint_rng(after.record))
    made = False
    for lay in [*lays, *([follow] if isinstance(follow, Meld | Add | Lay) else [])]:
        trial = _copy(after)
        trial.apply(case.seat, lay)
        made = made or any(
            m.side == team and m.project == case.params["project"] and was.get(m.id, 0) < m.project
            for m in trial.view(case.seat).melds
        )
    if not made:
        out.append(f"no lay after the take makes a {case.params['project']} project")
    return out


def _check_legal(case: Case) -> list[str]:
    why = case.engine.check(case.seat, case.move)
    return [] if why is None else [f"the move is refused: {why}"]


def _check_bid(case: Case) -> list[str]:
    """A bid's chips, and the standing it names: the seat's total, how far behind the leader."""
    out = [] if case.params["chips"] == getattr(case.move, "chips", None) else ["other chips"]
    totals = case.engine.view(case.seat).totals
    mine = totals[case.seat]
    others = [t for s, t in enumerate(totals) if s != case.seat]
    if case.params.get("total") != points(mine):
        out.append(f"the total is {mine}")
    if case.key == "hint_bid_lead" and mine < max(others):
        out.append(f"someone is ahead: {max(others)}")
    if case.key == "hint_bid_lowest" and mine >= min(others):
        out.append("not the lowest total")
    if case.key == "hint_bid" and _n(case.params.get("behind")) != max(others) - mine:
        out.append(f"{max(others) - mine} behind the leader")
    return out


def _check_pass(case: Case) -> list[str]:
    beats = [m for m in case.engine.legal_moves(case.seat) if isinstance(m, Play)]
    return [f"{beats[0]} beats the table"] if beats else []


def _check_play_out(case: Case) -> list[str]:
    after, _ = _played(case.engine, case.seat, case.move)
    return [] if not after.view(case.seat).hand else ["cards are left in the hand"]


def _check_play_bomb(case: Case) -> list[str]:
    _, events = _played(case.engine, case.seat, case.move)
    kinds = [e.kind for e in events if isinstance(e, Played)]
    on_table = case.engine.view(case.seat).trick
    return (
        [] if kinds and kinds[0] in BOMB_KINDS and on_table else [f"not a bomb on a play: {kinds}"]
    )


def _check_play_out_bomb(case: Case) -> list[str]:
    """ "Your last cards … a bomb as your last play is paid at once: 10 from each other
    player": the hand is empty, and the play's own events pay the seat 10 from each other."""
    after, events = _played(case.engine, case.seat, case.move)
    out = [] if not after.view(case.seat).hand else ["cards are left in the hand"]
    paid = [e for e in events if isinstance(e, BombBonus) and e.seat == case.seat]
    if not paid:
        out.append("no bomb bonus with the play")
    gains = bomb_bonus(case.seat)
    if any(gains[s] != -10 for s in range(len(gains)) if s != case.seat):
        out.append(f"the others pay {gains}")
    return out


def _check_play_bomb_paid(case: Case) -> list[str]:
    """ "A bomb beats …, and if no higher bomb beats it before the trick ends, each other player
    pays you 10": a bomb on another player's play, which the engine then holds for the bonus
    (``bomb_seat``), and the bonus is 10 from each other player."""
    out = _check_play_bomb(case)
    after, _ = _played(case.engine, case.seat, case.move)
    assert isinstance(after, RunFast)
    if after.bomb_seat != case.seat:
        out.append("the engine holds no bonus for this bomb")
    gains = bomb_bonus(case.seat)
    if any(gains[s] != -10 for s in range(len(gains)) if s != case.seat):
        out.append(f"the others pay {gains}")
    return out


def _check_must_beat(case: Case) -> list[str]:
    out = []
    if not case.engine.view(case.seat).trick:
        out.append("nothing on the table to beat")
    # "whoever can beat the table must": the engine refuses the pass.
    if case.engine.check(case.seat, Pass()) is None:
        out.append("a pass is allowed here")
    return out


def _check_play_beat(case: Case) -> list[str]:
    """ "It beats T, and whoever can beat the table must" as the whole why: the pass is refused,
    and no other kind of beat was there to choose, every play that beats (bombs aside) as high
    as this one (the newcomer's finding 3: said with higher pairs in hand)."""
    out = _check_must_beat(case)
    tops = {c.top for _, c in _plays_beating(case)}
    if len(tops) > 1:
        out.append(f"beats of {len(tops)} heights to choose from")
    return out


def _plays_beating(case: Case) -> list[tuple[Play, Any]]:
    """Every play the engine offers on the table, with its combination (bombs left out)."""
    out = []
    for m in case.engine.legal_moves(case.seat):
        if isinstance(m, Play):
            combo = classify(list(m.cards))
            if isinstance(combo, Combo) and combo.kind not in BOMB_KINDS:
                out.append((m, combo))
    return out


_NOT_A_BEAT = "the play is a bomb or no play"


def _check_lowest_beat(case: Case) -> list[str]:
    """ "Of your plays that beat T it is the lowest": the engine makes the seat beat, the play is
    no bomb, no beat of the hand has a lower top card, and one has a higher (the part every
    "lowest beat" reason says)."""
    assert isinstance(case.move, Play)
    out = _check_must_beat(case)
    mine = classify(list(case.move.cards))
    plays = _plays_beating(case)
    if not isinstance(mine, Combo) or mine.kind in BOMB_KINDS:
        return [*out, _NOT_A_BEAT]
    out += [f"{m} is lower" for m, c in plays if c.top < mine.top]
    if not any(c.top > mine.top for _, c in plays):
        out.append("no higher play beats the table")
    return out


def _check_play_beat_lowest(case: Case) -> list[str]:
    """ "Of your plays that beat the table it is the lowest": no play the engine offers (bombs
    aside) has a lower top card, and one has a higher."""
    assert isinstance(case.move, Play)
    out = _check_lowest_beat(case)
    if out and out[-1] == _NOT_A_BEAT:
        return out
    # "so your higher cards stay": the play keeps the hand's pairs and more whole (issue 61).
    if _broken(case.move.cards, list(case.engine.view(case.seat).hand)):
        out.append("the play splits a rank")
    if _breaks_straight(case.move.cards, list(case.engine.view(case.seat).hand)):
        out.append("the play breaks a straight")
    return out


def _check_play_beat_lowest_straight(case: Case) -> list[str]:
    """ "Of your plays that beat T it is the lowest, but it breaks up the straight S": the
    lowest beat (bombs aside), a higher one there; S a straight of the hand's cards, one a
    rank, holding a rank the play takes the hand's last card of."""
    assert isinstance(case.move, Play)
    out = _check_lowest_beat(case)
    if out and out[-1] == _NOT_A_BEAT:
        return out
    hand = list(case.engine.view(case.seat).hand)
    named = _named_cards(case.params["straight"])
    run = classify(named)
    if not isinstance(run, Combo) or run.kind != STRAIGHT:
        out.append(f"{named} is no straight")
    if any(c not in hand for c in named):
        out.append("a named card is not in the hand")
    left = list(hand)
    for c in case.move.cards:
        left.remove(c)
    gone = {power(c) for c in case.move.cards} - {power(c) for c in left}
    if not gone & {power(c) for c in named}:
        out.append("the play leaves every rank of the straight in the hand")
    return out


def combinations_answering(played: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every play the engine lets answer ``played`` from a hand holding all the 48-card deck's
    other cards (a rank's cards cut to two where they make no bomb: suits change no kind, size
    or height, and the plays stay few enough to list)."""
    table = classify(list(played))
    assert isinstance(table, Combo)
    rest = [c for c in deck_48() if c not in played]
    by_power: dict[int, list[Card]] = {}
    for c in rest:
        by_power.setdefault(power(c), []).append(c)
    kept = [
        c
        for cs in by_power.values()
        for c in (cs if len(cs) == 4 or power(cs[0]) == 14 else cs[:2])
    ]
    return [tuple(p) for p in legal_plays(kept, table)]


def _check_play_lead_long(case: Case) -> list[str]:
    """ "Lead X: this straight (these consecutive pairs) puts N out in one play, you hold no
    longer one; only a higher one of as many cards, or a bomb, beats it": a legal lead of that
    kind, N its count, no legal play of its kind longer, and every legal answer the engine
    gives the next seat, were it to hold the whole rest of the deck, is of that kind and size
    and higher, or a bomb."""
    out = _check_play_lead_pick(case)
    played = list(getattr(case.move, "cards", ()))
    mine = classify(played)
    kind = STRAIGHT if case.key.endswith("_straight") else PAIRS
    if not isinstance(mine, Combo) or mine.kind != kind:
        return [*out, f"not a lead of the kind {kind}"]
    if _n(case.params["count"]) != len(played):
        out.append("the count is not the play's")
    for m in case.engine.legal_moves(case.seat):
        other = classify(list(getattr(m, "cards", ())))
        if isinstance(other, Combo) and other.kind == kind and other.size > mine.size:
            out.append(f"{m} is of its kind and longer")
    for answer in combinations_answering(played):
        combo = classify(list(answer))
        if not isinstance(combo, Combo):
            continue
        if combo.kind in BOMB_KINDS:
            continue
        if combo.kind != kind or combo.size != mine.size or combo.top <= mine.top:
            out.append(f"{answer} beats it")
    return out


def _named_cards(value: Any) -> list[Card]:
    """Every card a reason's parameter names, through the reasons inside it."""
    if isinstance(value, Reason):
        return [c for v in value.params.values() for c in _named_cards(v)]
    if isinstance(value, str):
        return _cards_of(value)
    return []


def _named_groups_sorted(value: Any) -> list[str]:
    """Each named combination's cards run low to high (the hand's order by power)."""
    if isinstance(value, Reason) and "cards" in value.params:
        shown = _cards_of(value.params["cards"])
        order = [power(c) for c in shown]
        return [] if order == sorted(order) else [f"{shown} not low to high"]
    if isinstance(value, Reason):
        return [e for v in value.params.values() for e in _named_groups_sorted(v)]
    return ["a split named without its combination"]


def _joins(value: Any) -> list[str]:
    """The keys joining a list of named combinations, first to last."""
    if isinstance(value, Reason) and value.key in ("hint_split_more", "runfast.hint_split_or"):
        return [value.key, *_joins(value.params["rest"])]
    return []


def _either_joined(value: Any) -> list[str]:
    """Combinations of which each lower play splits one: the last two joined by "or", the
    others by a comma (the newcomer's finding 4: a list with no "or" read as all at once)."""
    joins = _joins(value)
    if joins and joins != ["hint_split_more"] * (len(joins) - 1) + ["runfast.hint_split_or"]:
        return [f"joined {joins}, not '…, … or …'"]
    return []


def _all_joined(value: Any) -> list[str]:
    """Combinations a play splits all of: joined without "or"."""
    return ["joined by 'or'"] if "runfast.hint_split_or" in _joins(value) else []


def _bomb_ranks(hand: Sequence[Card]) -> set[int]:
    held = Counter(c.rank for c in hand)
    return {r for r, n in held.items() if n == 4 or (r == 1 and n == 3)}


def _check_play_beat_bomb_kept(case: Case) -> list[str]:
    """ "Every lower play that beats it too would break up your bomb: …": every lower play the
    engine offers takes part of a bomb's rank; the move takes none; the named cards are the
    hand's cards of the bomb ranks those plays split."""
    assert isinstance(case.move, Play)
    out = _check_must_beat(case)
    hand = list(case.engine.view(case.seat).hand)
    mine = classify(list(case.move.cards))
    if not isinstance(mine, Combo) or mine.kind in BOMB_KINDS:
        return [*out, "the play is a bomb or no play"]
    bombs = _bomb_ranks(hand)
    if _broken(case.move.cards, hand) & bombs:
        out.append("the play splits a bomb")
    lower = [m for m, c in _plays_beating(case) if c.top < mine.top]
    if not lower:
        out.append("no lower play beats the table")
    out += [f"{m} keeps every bomb" for m in lower if not _broken(m.cards, hand) & bombs]
    split = {r for m in lower for r in _broken(m.cards, hand)} & bombs
    named = _named_cards(case.params["split"])
    if sorted(named, key=sort_key) != sorted((c for c in hand if c.rank in split), key=sort_key):
        out.append(f"named {named}, split {sorted(split)}")
    out += _either_joined(case.params["split"])
    return out + _named_groups_sorted(case.params["split"])


def _check_play_beat_near_out(case: Case) -> list[str]:
    """ "An opponent is down to 1 card, and fewer of the cards you can't see beat this than a
    lower card": a single on a single; another seat holds one card; every lower single the
    engine offers is beaten by more of the other hands' cards than the move."""
    assert isinstance(case.move, Play) and isinstance(case.engine, RunFast)
    out = _check_must_beat(case)
    view = case.engine.view(case.seat)
    if len(case.move.cards) != 1 or len(view.trick) != 1:
        out.append("not a single on a single")
    if not any(len(h) == 1 for s, h in enumerate(case.engine.hands) if s != case.seat):
        out.append("no opponent holds one card")
    others = [power(c) for s, h in enumerate(case.engine.hands) if s != case.seat for c in h]
    mine = power(case.move.cards[0])
    lower = [m for m, c in _plays_beating(case) if len(m.cards) == 1 and c.top < mine]
    if not lower:
        out.append("no lower single beats the table")
    for m in lower:
        if sum(p > power(m.cards[0]) for p in others) <= sum(p > mine for p in others):
            out.append(f"{m} is beaten by no more of the others' cards")
    return out


def _table_is_bomb(case: Case) -> bool:
    table = classify(list(case.engine.view(case.seat).trick))
    return isinstance(table, Combo) and table.kind in BOMB_KINDS


def _not_on_a_bomb(check: Check) -> Check:
    """ "A bomb beats T" said of a bomb on a play that is no bomb (the second Run Fast newcomer:
    said over four 9s, where only a higher bomb beats)."""

    def checked(case: Case) -> list[str]:
        out = check(case)
        return (
            [*out, "the table is a bomb: only a higher one beats it"]
            if _table_is_bomb(case)
            else out
        )

    return checked


def _on_a_bomb(check: Check) -> Check:
    """ "Only a higher bomb beats the bomb T, and this one is higher": the table is a bomb and
    the engine took the play (``_check_play_bomb``)."""

    def checked(case: Case) -> list[str]:
        out = check(case)
        return out if _table_is_bomb(case) else [*out, "the table is no bomb"]

    return checked


def _check_play_bomb_sure(case: Case) -> list[str]:
    """ "No card left in the game can make a higher bomb": the bonus as for any bomb on a play,
    and the other seats' hands together (every card not in this hand nor played) hold no
    higher four of a kind and not the three aces."""
    out = _check_play_bomb_paid(case)
    mine = classify(list(case.move.cards))
    assert isinstance(case.engine, RunFast) and isinstance(mine, Combo)
    others = Counter(power(c) for s, h in enumerate(case.engine.hands) if s != case.seat for c in h)
    out += [f"four of power {p} are out" for p, n in others.items() if n == 4 and p > mine.top]
    if mine.top < ACE_POWER and others[ACE_POWER] == 3:
        out.append("the three aces are out")
    return out


def _check_play_beat_lead_back(case: Case) -> list[str]:
    """ "Nobody can beat it with the cards you can't see, so the lead comes back to you": a beat,
    a lower play beats the table too, and, played on the engine, each other player in turn
    has no play but a pass, and then the seat leads."""
    assert isinstance(case.move, Play)
    out = _check_must_beat(case)
    mine = classify(list(case.move.cards))
    if not isinstance(mine, Combo) or not any(c.top < mine.top for _, c in _plays_beating(case)):
        out.append("no lower play beats the table")
    after, _ = _played(case.engine, case.seat, case.move)
    for _ in range(after.n_seats - 1):
        seat = next((s for s in range(after.n_seats) if after.legal_moves(s)), None)
        if seat is None or seat == case.seat:
            break
        plays = [m for m in after.legal_moves(seat) if isinstance(m, Play)]
        if plays:
            return [*out, f"seat {seat} can answer with {plays[0]}"]
        after.apply(seat, Pass())
    if not after.legal_moves(case.seat) or after.view(case.seat).trick:
        out.append("the lead does not come back to the seat")
    return out


def _broken(played: Sequence[Card], hand: Sequence[Card]) -> set[int]:
    held, used = Counter(c.rank for c in hand), Counter(c.rank for c in played)
    return {r for r in used if held[r] >= 2 and used[r] < held[r]} | _pairs_broken(played, hand)


def _pairs_broken(played: Sequence[Card], hand: Sequence[Card]) -> set[int]:
    """The ranks of every run of consecutive pairs the hand holds (ranks in a row, none a 2,
    each held exactly twice, the run as long as it goes) that ``played`` takes part of, not
    all: tried rank by rank from each run's lowest."""
    held = Counter(power(c) for c in hand)
    used = Counter(power(c) for c in played)
    out: set[int] = set()
    p = 3
    while p <= ACE_POWER:
        if held[p] != 2:
            p += 1
            continue
        run = []
        while p <= ACE_POWER and held[p] == 2:
            run.append(p)
            p += 1
        taken = sum(used[q] for q in run)
        if len(run) >= 2 and taken and taken != 2 * len(run):
            out |= {c.rank for c in hand if power(c) in run}
    return out


def _breaks_straight(played: Sequence[Card], hand: Sequence[Card]) -> bool:
    """Does ``played``, no straight, take out the last card of a rank in a straight the hand
    holds: five or more ranks in a row, none a 2? Every straight of the hand is tried."""
    mine = classify(list(played))
    if isinstance(mine, Combo) and mine.kind == STRAIGHT:
        return False
    left = list(hand)
    for c in played:
        left.remove(c)
    gone = {power(c) for c in played} - {power(c) for c in left}
    ranks = {power(c) for c in hand}
    for low in range(3, ACE_POWER - 3):
        for high in range(low + 4, ACE_POWER + 1):
            run = set(range(low, high + 1))
            if run <= ranks and run & gone:
                return True
    return False


def _whole(played: Sequence[Card], hand: Sequence[Card]) -> bool:
    """Breaks up nothing of the hand: no rank held twice or more split, no straight broken."""
    return not _broken(played, hand) and not _breaks_straight(played, hand)


def _check_play_beat_lowest_split(case: Case) -> list[str]:
    """ "Of your plays that beat T it is the lowest. It splits up S, but every other beat costs
    a higher card": no legal beat (bombs aside) is as low but another kind of beat exists, and
    S names exactly the hand's cards of the ranks the play splits."""
    assert isinstance(case.move, Play)
    out = _check_must_beat(case)
    mine = classify(list(case.move.cards))
    if not isinstance(mine, Combo) or mine.kind in BOMB_KINDS:
        return [*out, "the play is a bomb or no play"]
    plays = _plays_beating(case)
    out += [f"{m} is lower" for m, c in plays if c.top < mine.top]
    if not any(c.top > mine.top for _, c in plays):
        out.append("no higher play beats the table")
    hand = list(case.engine.view(case.seat).hand)
    split = _broken(case.move.cards, hand)
    named = _named_cards(case.params["split"])
    if not split:
        out.append("the play splits no rank")
    if sorted(named, key=sort_key) != sorted((c for c in hand if c.rank in split), key=sort_key):
        out.append(f"named {named}, split {sorted(split)}")
    out += _all_joined(case.params["split"])
    return out + _named_groups_sorted(case.params["split"])


def _check_play_heavenly(case: Case) -> list[str]:
    """ "All four 3s as the game's first play are the heavenly bomb; nothing beats it": the
    engine reads the play as the heavenly bomb, no lead is on the table, and the bomb earns no
    bonus event when played."""
    out = []
    if case.engine.view(case.seat).trick:
        out.append("a play is on the table: not a lead")
    _, events = _played(case.engine, case.seat, case.move)
    if not any(isinstance(e, Played) and e.kind == HEAVENLY for e in events):
        out.append("the engine does not read a heavenly bomb")
    if any(isinstance(e, BombBonus) for e in events):
        out.append("a bonus is paid")
    return out


def _check_play_beat_whole(case: Case) -> list[str]:
    """ "Every lower play that beats it too would split up ...": the move leaves every rank of
    the hand whole; each lower play the engine offers takes part of a rank held twice or more;
    the named cards are exactly the hand's cards of the ranks those plays split."""
    assert isinstance(case.move, Play)
    out = _check_must_beat(case)
    hand = list(case.engine.view(case.seat).hand)
    mine = classify(list(case.move.cards))
    if not isinstance(mine, Combo) or mine.kind in BOMB_KINDS:
        return [*out, "the play is a bomb or no play"]
    if _broken(case.move.cards, hand):
        out.append("the play splits a rank")
    lower = [m for m, c in _plays_beating(case) if c.top < mine.top]
    if not lower:
        out.append("no lower play beats the table")
    out += [f"{m} splits nothing" for m in lower if not _broken(m.cards, hand)]
    split = {r for m in lower for r in _broken(m.cards, hand)}
    named = _named_cards(case.params["split"])
    if sorted(named, key=sort_key) != sorted((c for c in hand if c.rank in split), key=sort_key):
        out.append(f"named {named}, split {sorted(split)}")
    out += _either_joined(case.params["split"])
    return out + _named_groups_sorted(case.params["split"])


def _check_play_beat_split_high(case: Case) -> list[str]:
    """ "{cards} splits up {broken}; every lower beat would split up {split}, lower cards":
    the move, no bomb, takes part of the named ranks (no bomb among them); each lower play the
    engine offers splits a rank too; the named ``split`` cards are exactly the hand's of the
    ranks they split, all below every card of the ranks the move splits."""
    assert isinstance(case.move, Play)
    out = _check_must_beat(case)
    hand = list(case.engine.view(case.seat).hand)
    mine = classify(list(case.move.cards))
    if not isinstance(mine, Combo) or mine.kind in BOMB_KINDS:
        return [*out, "the play is a bomb or no play"]
    broken = _broken(case.move.cards, hand)
    named = sorted(_named_cards(case.params["broken"]), key=sort_key)
    if not broken or named != sorted((c for c in hand if c.rank in broken), key=sort_key):
        out.append(f"named {named} as split, the play splits {sorted(broken)}")
    held = Counter(c.rank for c in hand)
    if any(held[r] == 4 or (r == 1 and held[r] == 3) for r in broken):
        out.append("the play splits a bomb")
    lower = [m for m, c in _plays_beating(case) if c.top < mine.top]
    if not lower:
        out.append("no lower play beats the table")
    out += [f"{m} splits nothing" for m in lower if not _broken(m.cards, hand)]
    split = {r for m in lower for r in _broken(m.cards, hand)}
    named = sorted(_named_cards(case.params["split"]), key=sort_key)
    if named != sorted((c for c in hand if c.rank in split), key=sort_key):
        out.append(f"named {named}, split {sorted(split)}")
    highest = max((power(c) for c in hand if c.rank in split), default=0)
    if broken and highest >= min(power(c) for c in hand if c.rank in broken):
        out.append("a lower play splits a rank as high as the play's")
    out += _either_joined(case.params["split"])
    return out + _named_groups_sorted(case.params["split"])


def _on_their_melds(engine: Engine, seat: int, card: Card) -> bool:
    """Would the engine add ``card`` to a meld of the other team (its own add check, at either
    end), as that team's next player could after taking the pile?"""
    assert isinstance(engine, Mor)
    team = engine.team(seat)
    return any(
        isinstance(added_or_why(m.meld, (card,), MOR_MELDS, end), MeldsMeld)
        for m in engine.melds.values()
        if engine.team(m.seat) != team
        for end in ("high", "low")
    )


def _check_throw_not_theirs(case: Case) -> list[str]:
    """ "It goes on none of the other team's melds, while ... would, and the next player could
    then take the whole pile": the thrown card fits no meld of the other team, the cards named
    are exactly the rest of the hand that fits one, and the next seat is of the other team (it
    takes the pile when one of its cards goes on that team's melds, ``mor.take_nothing_layable``)."""
    assert isinstance(case.move, Discard)
    engine, seat, card = case.engine, case.seat, case.move.card
    view = engine.view(seat)
    rest = list(view.hand)
    rest.remove(card)
    out = [f"{card} goes on their melds"] if _on_their_melds(engine, seat, card) else []
    fits = {c for c in rest if _on_their_melds(engine, seat, c)}
    named = set(_cards_of(case.params["feeding"]))
    if named != fits:
        out.append(f"named {sorted(named, key=sort_key)}, fit {sorted(fits, key=sort_key)}")
    if view.sides[(seat + 1) % view.n_seats] == view.sides[seat]:
        out.append("the next seat is a partner")
    # A pile that already holds such a card is theirs to take whatever is thrown: the throw
    # keeps nothing from them.
    open_by = sorted({c for c in view.discard if _on_their_melds(engine, seat, c)}, key=sort_key)
    if open_by:
        out.append(f"the pile already holds {open_by}, which go on their melds")
    return out


def _check_pile_note(case: Case) -> list[str]:
    """Mor: "{reason} {card} goes onto their meld M: the next player can take the whole pile,
    N cards with your throw" (``_all``: every card in the hand does), or "{reason} the pile
    already holds {feeding}, on their melds": the reason under it as its own key checks it; the
    next seat is of the other team and the throw ends no round; N is the pile after the throw;
    the thrown card goes on meld M of the other team by the engine's add check (every card of
    the hand does, for ``_all``), or, for ``_pile_open``, it goes on none of theirs and the
    cards named are exactly the pile's that do."""
    assert isinstance(case.move, Discard) and isinstance(case.engine, Mor)
    engine, seat, card = case.engine, case.seat, case.move.card
    inner = case.params["reason"]
    # The reason under the note by its own check (``check_reason`` would ask it for the note).
    under = CHECKS.get(inner.key)
    out = [f"no check for {inner.key}"] if under is None else under(replace_params(case, inner))
    view = engine.view(seat)
    if view.sides[(seat + 1) % view.n_seats] == view.sides[seat]:
        out.append("the next seat is a partner")
    after, _ = _played(engine, seat, case.move)
    if after.round_over:
        out.append("the throw ends the round: no next player takes the pile")
    if _n(case.params["count"]) != len(after.view(seat).discard):
        out.append(f"the pile holds {len(after.view(seat).discard)} cards after the throw")
    if case.key == "mor.hint_throw_feeds":
        meld = engine.melds.get(case.params["meld"])
        fits = meld is not None and engine.team(meld.seat) != engine.team(seat)
        if not fits or not any(
            isinstance(added_or_why(meld.meld, (card,), MOR_MELDS, end), MeldsMeld)
            for end in ("high", "low")
        ):
            out.append(f"{card} does not go on the other team's meld {case.params['meld']}")
    elif case.key == "mor.hint_throw_feeds_all":
        out += [
            f"{c} goes on none of their melds"
            for c in view.hand
            if not _on_their_melds(engine, seat, c)
        ]
    else:
        if _on_their_melds(engine, seat, card):
            out.append(f"{card} goes on their melds: the note must name it")
        fits = {c for c in view.discard if _on_their_melds(engine, seat, c)}
        named = set(_cards_of(case.params["feeding"]))
        if not fits or named != fits:
            out.append(
                f"named {sorted(named, key=sort_key)}, the pile's {sorted(fits, key=sort_key)} fit"
            )
    return out


def replace_params(case: Case, said: Reason) -> Case:
    """``case`` with the key and parameters of ``said``."""
    return dataclasses.replace(case, key=said.key, params=said.params)


# Mor's throw reasons that say what the throw means for the pile the next player may take.
PILE_NOTES = frozenset(
    {"mor.hint_throw_feeds", "mor.hint_throw_feeds_all", "mor.hint_throw_pile_open"}
)


def _pile_unsaid(case: Case) -> list[str]:
    """A Mor throw that lets the next player take the pile (the thrown card, or a card already
    in the pile, goes on one of the other team's melds) says so: some reason in its chain of
    added sentences is a pile note (``PILE_NOTES``). Nothing to say of a throw that ends the
    round."""
    engine, move = case.engine, case.move
    if not isinstance(engine, Mor) or not isinstance(move, Discard):
        return []
    key, params = case.key, case.params
    while True:
        if key in PILE_NOTES:
            return []
        inner = params.get("reason") if key in WRAPPERS | REVIEW_WRAPPERS else None
        if not isinstance(inner, Reason):
            break
        key, params = inner.key, inner.params
    after, _ = _played(engine, case.seat, move)
    if after.round_over:
        return []
    open_by = [c for c in [move.card, *engine.discard] if _on_their_melds(engine, case.seat, c)]
    return [f"{open_by[0]} lets the next player take the pile, unsaid"] if open_by else []


def _next_side_fits(engine: Engine, seat: int, card: Card) -> bool:
    """More: would the engine add ``card`` to a meld of the next player's side (its own add
    check, by that player's rules, at either end), that player being of the other side?"""
    assert isinstance(engine, More3)
    nxt = (seat + 1) % engine.n_seats
    if engine.side(nxt) == engine.side(seat):
        return False
    return any(
        isinstance(added_or_why(m.meld, (card,), engine.rules_for(nxt), end), MeldsMeld)
        for m in engine.melds.values()
        if engine.side(m.seat) == engine.side(nxt)
        for end in ("high", "low")
    )


def _check_not_next(game: type[Engine], fits: Callable[[Any, int, Card], bool]) -> Check:
    """ "It goes onto no meld of the next player's, while … would": the thrown card fits none
    of those melds by ``fits`` and the cards named are exactly the rest of the hand that fits
    one. More (``_next_side_fits``: the next player's side, who may then take the pile; an
    over-1500 player not yet down needs 7.5). (Hand's said it of the next player's runs, which a
    taken discard never goes onto: no longer said.) Whether they take it is theirs: it says "may"."""

    def check(case: Case) -> list[str]:
        assert isinstance(case.move, Discard)
        engine, seat, card = case.engine, case.seat, case.move.card
        if not isinstance(engine, game):
            return [f"not {game.__name__}"]
        rest = list(engine.view(seat).hand)
        rest.remove(card)
        out = [f"{card} goes on their melds"] if fits(engine, seat, card) else []
        found = {c for c in rest if fits(engine, seat, c)}
        named = set(_cards_of(case.params["feeding"]))
        if named != found:
            out.append(f"named {sorted(named, key=sort_key)}, fit {sorted(found, key=sort_key)}")
        return out

    return check


def _check_hand_throw_twin(case: Case) -> list[str]:
    """ "You hold two of it, and the other stays for the same melds": Hand; the hand holds the
    thrown card twice, and with the cards kept the card makes a meld as they are (the engine's
    meld reader), so the copy kept still does."""
    assert isinstance(case.move, Discard)
    engine, card = case.engine, case.move.card
    if not isinstance(engine, Hand):
        return ["not Hand"]
    hand = list(engine.view(case.seat).hand)
    out = [] if hand.count(card) >= 2 else [f"one {card} in hand"]
    hand.remove(card)
    others = [c for c in hand if c != card]
    if not any(
        try_meld((card, *pair), HAND_MELDS) is not None
        for pair in itertools.combinations(others, 2)
    ):
        out.append(f"{card} makes no meld with the hand")
    return out


def _check_hand_next_few(case: Case) -> list[str]:
    """ "The next player has opened and is down to N … of the cards you can't see, as few make
    a meld with it as with any card of yours": Hand; the next seat has opened and holds N
    (3 or fewer), and counted over every pair of the deck's cards the seat can't see (the
    whole deck less its hand, the melds and the discard pile), the thrown card makes a meld
    with no more pairs than any other card of the hand, and with fewer than one of them."""
    assert isinstance(case.move, Discard)
    engine, seat = case.engine, case.seat
    if not isinstance(engine, Hand):
        return ["not Hand"]
    view = engine.view(seat)
    nxt = (seat + 1) % engine.n_seats
    out = []
    if not view.opened[nxt] or view.hand_counts[nxt] > 3:
        out.append("the next player hasn't opened or holds more than 3")
    if _n(case.params["count"]) != view.hand_counts[nxt]:
        out.append(f"the next player holds {view.hand_counts[nxt]}")
    unseen = Counter(deck_106())
    unseen.subtract([*view.hand, *(c for m in view.melds for c in m.cards), *view.discard])
    kinds = sorted((c for c, n in unseen.items() if n > 0), key=sort_key)

    def pairs(card: Card) -> int:
        return sum(
            1
            for i, a in enumerate(kinds)
            for b in kinds[i:]
            if (a != b or unseen[a] >= 2) and try_meld((card, a, b), HAND_MELDS) is not None
        )

    if not any(
        try_meld((case.move.card, other, x), HAND_MELDS) is not None
        for other in set(view.hand) - {case.move.card}
        for x in DECK
    ):
        out.append(f"{case.move.card} goes with no card of the hand")
    mine = pairs(case.move.card)
    others = [pairs(c) for c in set(view.hand) - {case.move.card}]
    if any(o < mine for o in others) or not any(o > mine for o in others):
        out.append(f"{case.move.card} makes {mine} unseen meld pairs, the others {others}")
    # "So they may take it into a meld and go out": the engine lets a next player holding that
    # many unseen cards take it from the pile and go out this turn (the fresh newcomer's
    # finding 1: on 1 or 2 cards nobody can).
    held = [
        [a, b, *rest][: view.hand_counts[nxt]]
        for i, a in enumerate(kinds)
        for b in kinds[i:]
        if (a != b or unseen[a] >= 2) and try_meld((case.move.card, a, b), HAND_MELDS) is not None
        for rest in [[c for c in kinds if c not in (a, b)][:2]]
    ]
    if not any(_takes_and_goes_out(engine, seat, case.move.card, h) for h in held):
        out.append(f"no {view.hand_counts[nxt]} cards let the next player take it and go out")
    return out


def _unseen_meld_pairs(engine: Engine, seat: int, card: Card) -> int:
    """How many pairs of the deck's cards the seat can't see (the whole deck less its hand,
    the melds and the discard pile) make a meld with ``card`` by the engine's meld reader."""
    view = engine.view(seat)
    assert isinstance(view, RummyView)
    unseen = Counter(deck_106())
    unseen.subtract([*view.hand, *(c for m in view.melds for c in m.cards), *view.discard])
    kinds = sorted((c for c, n in unseen.items() if n > 0), key=sort_key)
    return sum(
        1
        for i, a in enumerate(kinds)
        for b in kinds[i:]
        if (a != b or unseen[a] >= 2) and try_meld((card, a, b), HAND_MELDS) is not None
    )


def _check_alone_unseen(case: Case) -> list[str]:
    """ "It makes no meld with your other cards, and neither do these; but of the cards you
    can't see, fewer pairs make a meld with it than with any of those": Hand; the thrown card
    and each named one alone as ``_check_throw_alone`` checks them (the named ones may be
    worth more), and the thrown card makes a meld with fewer unseen pairs than each named."""
    assert isinstance(case.move, Discard)
    if not isinstance(case.engine, Hand):
        return ["not Hand"]
    out = [o for o in _check_throw_alone(case) if not o.endswith("is worth more")]
    card = case.move.card
    mine = _unseen_meld_pairs(case.engine, case.seat, card)
    named = _cards_of(case.params["others"])
    if not named:
        out.append("no card named")
    out += [
        f"{o} makes {n} unseen meld pairs, {card} {mine}"
        for o in named
        for n in [_unseen_meld_pairs(case.engine, case.seat, o)]
        if n <= mine
    ]
    return out


def _check_alone_top_unseen(case: Case) -> list[str]:
    """ "…worth as much as any of them (N), and of the cards you can't see, fewer pairs make a
    meld with it than with these": Hand; as ``hint_throw_alone_top`` (none named worth more),
    each card named as tied is among the others and worth as much, and makes a meld with more
    unseen pairs than the thrown card."""
    assert isinstance(case.move, Discard)
    if not isinstance(case.engine, Hand):
        return ["not Hand"]
    out = _check_throw_alone_top(case)
    card = case.move.card
    others = _cards_of(case.params["others"])
    tied = _cards_of(case.params["tied"])
    mine = _unseen_meld_pairs(case.engine, case.seat, card)
    if not tied:
        out.append("no tied card named")
    for o in tied:
        if o not in others:
            out.append(f"{o} is not among the others")
        if hand_value(o) != hand_value(card):
            out.append(f"{o} is not worth as much as {card}")
        n = _unseen_meld_pairs(case.engine, case.seat, o)
        if n <= mine:
            out.append(f"{o} makes {n} unseen meld pairs, {card} {mine}")
    return out


def _check_twin_few(several: bool) -> Check:
    """ "You hold two of it, and the other stays in your hand with these, which go with it":
    Hand; the hand holds the thrown card twice, and the partners as ``_check_partner_count``
    checks them."""

    def check(case: Case) -> list[str]:
        assert isinstance(case.move, Discard)
        out = _check_partner_count(several)(case)
        if not isinstance(case.engine, Hand):
            out.append("not Hand")
        if case.engine.view(case.seat).hand.count(case.move.card) < 2:
            out.append(f"one {case.move.card} in hand")
        return out

    return check


def _takes_and_goes_out(engine: Engine, seat: int, card: Card, held: list[Card]) -> bool:
    """Played on a copy: the seat throws ``card``, the next player, holding ``held``, takes it
    and goes out this turn by the engine's legal moves (up to three lays before the throw)."""
    nxt = (seat + 1) % engine.n_seats
    trial = _copy(engine)
    assert isinstance(trial, Hand)
    trial.hands[nxt] = list(held)
    if any(isinstance(e, RoundOver) for e in trial.apply(seat, Discard(card))):
        return False
    if trial.check(nxt, Take()) is not None:
        return False
    trial.apply(nxt, Take())

    def out(game: Engine, depth: int) -> bool:
        for move in game.legal_moves(nxt):
            if isinstance(move, Draw | Take | Return):
                continue
            after, events = _played(game, nxt, move)
            if isinstance(move, Discard):
                if any(
                    isinstance(e, RoundOver) and e.result is not None and e.result.closer == nxt
                    for e in events
                ):
                    return True
            elif depth and out(after, depth - 1):
                return True
        return False

    return out(trial, 3)


def _check_play_lead(case: Case) -> list[str]:
    out = []
    if case.engine.view(case.seat).trick:
        out.append("a play is on the table: not a lead")
    if _n(case.params["count"]) != len(getattr(case.move, "cards", ())):
        out.append("another number of cards")
    # "One play takes N cards out" as a comparison (issue 61): more than one card, and no
    # legal play takes more.
    n = len(getattr(case.move, "cards", ()))
    if n < 2:
        out.append("a single: every lead of one card takes one card out")
    bigger = [
        m for m in case.engine.legal_moves(case.seat) if isinstance(m, Play) and len(m.cards) > n
    ]
    if bigger:
        out.append(f"{bigger[0].to_dict()} takes more cards out")
    return out


def _first_play_holds_the_three(case: Case) -> list[str]:
    """The game's first play: the move holds the 3♥, and the engine refuses a play without it."""
    out = []
    three = Card.parse("3H")
    if three not in getattr(case.move, "cards", ()):
        out.append("the play lacks 3♥")
    hand = case.engine.view(case.seat).hand
    other = next((c for c in hand if c != three), None)
    if other is None or case.engine.check(case.seat, Play((other,))) is None:
        out.append("a play without 3♥ is allowed")
    return out


def _check_play_lead_first_pick(case: Case) -> list[str]:
    """ "Lead X: the game's first play must contain the 3♥": a legal lead that holds the 3♥,
    and the engine refuses a play without it."""
    out = _check_play_lead_pick(case)
    return out + _first_play_holds_the_three(case)


def _check_play_beat_higher(case: Case) -> list[str]:
    """ "Play X: it beats T. Y beats it too and is lower": both beat the table, Y is a legal play
    lower than X, and none is lower than Y."""
    out = []
    view = case.engine.view(case.seat)
    if not view.trick:
        return ["no play on the table"]
    mine = classify(list(getattr(case.move, "cards", ())))
    beats = [
        (m, c)
        for m in case.engine.legal_moves(case.seat)
        if isinstance(m, Play)
        and isinstance(c := classify(list(m.cards)), Combo)
        and c.kind not in BOMB_KINDS
    ]
    named = [
        (m, c) for m, c in beats if " ".join(x.pretty for x in m.cards) == case.params["lowest"]
    ]
    if not isinstance(mine, Combo) or case.move not in [m for m, _ in beats]:
        out.append("the move is no legal beat")
    if not named:
        return [*out, "the named lowest is no legal beat"]
    low = named[0][1].top
    if isinstance(mine, Combo) and low >= mine.top:
        out.append("the named play is not lower")
    if any(c.top < low for _, c in beats):
        out.append("a lower beat than the named one")
    return out


def _check_play_lead_pick(case: Case) -> list[str]:
    """ "Lead X. No simple rule explains this lead": a lead, a legal one, and the hint's move."""
    out = []
    if case.engine.view(case.seat).trick:
        out.append("a play is on the table: not a lead")
    if not isinstance(case.move, Play) or case.move not in case.engine.legal_moves(case.seat):
        out.append("not a legal play")
    return out


def _check_play_lead_whole(case: Case) -> list[str]:
    """ "Each lower card of yours would split up …": a lead of one card that splits no rank;
    every lower card of the hand is of a rank held twice or more; the named cards are exactly
    the hand's cards of those ranks, each combination low to high."""
    assert isinstance(case.move, Play)
    view = case.engine.view(case.seat)
    hand = list(view.hand)
    out = ["a play is on the table: not a lead"] if view.trick else []
    mine = classify(list(case.move.cards))
    if len(case.move.cards) != 1 or not isinstance(mine, Combo):
        return [*out, "not a lead of one card"]
    if _broken(case.move.cards, hand):
        out.append("the card splits a rank")
    lower = [c for c in hand if power(c) < mine.top]
    if not lower:
        out.append("no lower card in the hand")
    out += [f"{c} splits nothing" for c in lower if not _broken([c], hand)]
    split = {r for c in lower for r in _broken([c], hand)}
    named = _named_cards(case.params["split"])
    if sorted(named, key=sort_key) != sorted((c for c in hand if c.rank in split), key=sort_key):
        out.append(f"named {named}, split {sorted(split)}")
    out += _either_joined(case.params["split"])
    return out + _named_groups_sorted(case.params["split"])


def _check_play_lead_first(case: Case) -> list[str]:
    """ "The game's first play must contain the 3♥": the engine refuses this seat's plays
    without the 3♥ now, and the move holds it."""
    out = _check_play_lead(case)
    return out + _first_play_holds_the_three(case)


def _check_play_lead_lowest(case: Case) -> list[str]:
    """ "Your lowest card, alone": a lead of one card, and no card of the hand ranks lower."""
    out = []
    if case.engine.view(case.seat).trick:
        out.append("a play is on the table: not a lead")
    played = list(getattr(case.move, "cards", ()))
    if len(played) != 1:
        return [*out, "not a single card"]
    power = classify(played)
    lower = [
        c
        for c in case.engine.view(case.seat).hand
        if isinstance(power, Combo)
        and isinstance(mine := classify([c]), Combo)
        and mine.top < power.top
    ]
    return out + [f"{c} is lower" for c in lower]


def _check_play_lead_lowest_kind(case: Case) -> list[str]:
    """ "Lead X: N out at once, and no play of this kind in your hand is lower": a legal lead of
    two or more cards, no bomb, N its count, no legal play of its kind and length ranks lower,
    and one ranks higher."""
    out = _check_play_lead_pick(case)
    played = list(getattr(case.move, "cards", ()))
    mine = classify(played)
    if len(played) < 2 or not isinstance(mine, Combo) or mine.kind in BOMB_KINDS:
        return [*out, "not a lead of two or more cards, no bomb"]
    if _n(case.params["count"]) != len(played):
        out.append("the count is not the play's")
    higher = False
    for m in case.engine.legal_moves(case.seat):
        if isinstance(m, Play) and len(m.cards) == len(played):
            other = classify(list(m.cards))
            if isinstance(other, Combo) and other.kind == mine.kind and other.top < mine.top:
                out.append(f"{m} is of its kind and lower")
            higher = higher or (
                isinstance(other, Combo) and other.kind == mine.kind and other.top > mine.top
            )
    if not higher:
        out.append("no higher play of its kind: no choice of the lowest")
    return out


def _check_play_beat_higher_whole(case: Case) -> list[str]:
    """ "Play X: it beats T. Y beats it too, is lower and breaks up nothing": X and Y beat the
    table, Y lower than X and splitting no rank of the hand, and no lower beat splits none."""
    out = []
    view = case.engine.view(case.seat)
    if not view.trick:
        return ["no play on the table"]
    hand = list(view.hand)
    mine = classify(list(getattr(case.move, "cards", ())))
    beats = _plays_beating(case)
    if not isinstance(mine, Combo) or case.move not in [m for m, _ in beats]:
        out.append("the move is no legal beat")
    named = [
        (m, c) for m, c in beats if " ".join(x.pretty for x in m.cards) == case.params["lowest"]
    ]
    if not named:
        return [*out, "the named play is no legal beat"]
    low_move, low = named[0]
    if isinstance(mine, Combo) and low.top >= mine.top:
        out.append("the named play is not lower")
    # "breaks up nothing in your hand": every combination, straights too (the newcomer's
    # finding 1: 10♦ named, in the straight 10♦ J Q K♦ A♣).
    if not _whole(low_move.cards, hand):
        out.append("the named play breaks up a combination of the hand")
    if any(c.top < low.top and _whole(m.cards, hand) for m, c in beats):
        out.append("a lower beat splitting nothing than the named one")
    return out


def _check_events(kind: type, what: str) -> Check:
    def check(case: Case) -> list[str]:
        _, events = _played(case.engine, case.seat, case.move)
        return [] if any(isinstance(e, kind) for e in events) else [f"no {what}"]

    return check


def _check_throw_partners(case: Case) -> list[str]:
    """ "It goes only with ...": each card named makes a meld with the thrown card and one more
    card; every other card in hand does not."""
    assert isinstance(case.move, Discard)
    card = case.move.card
    rest = list(case.engine.view(case.seat).hand)
    rest.remove(card)
    rules = rules_of(case.engine, case.seat)
    named = _cards_of(case.params.get("partners", ""))
    out = [f"{p} is not in the hand" for p in named if p not in rest]
    out += [
        f"{p} can't share a meld with {card}"
        for p in named
        if p in rest and not one_card_from_a_meld(card, p, rules)
    ]
    out += [
        f"{o} goes with {card} too"
        for o in sorted(set(rest) - set(named))
        if one_card_from_a_meld(card, o, rules)
    ]
    if "points" in case.params and _n(case.params["points"]) != hand_value(card):
        out.append(f"{card} costs {hand_value(card)}")
    return out + _no_ready_meld(case)


def _check_throw_alone_ace(case: Case) -> list[str]:
    """ "Throw A♦: no other card … even with one more card. An ace is worth 1½ … nothing to lay
    it with": the thrown card is an ace, worth 1½ by the engine's card values, goes with no card
    of the hand (``hint_throw_alone``'s check), and the engine adds it to none of the team's
    melds."""
    assert isinstance(case.move, Discard) and isinstance(case.engine, Mor)
    card = case.move.card
    out = _check_throw_partners(case)
    if card.rank != 1 or card_halves(card) != 3:
        out.append(f"{card} is not an ace worth 1½")
    out += [
        f"{card} goes on meld {m}"
        for m in case.engine.melds
        if case.engine.check(case.seat, Add(meld=m, cards=(card,))) is None
    ]
    return out


def _check_with_short(case: Case) -> list[str]:
    """ "{reason} Meld N now holds six cards and no wild: one more natural card makes it a 200
    (300) project (a wild, only a 100 (150)) …": the reason as its own key checks it; after the
    move, meld N is of the seat's team, the move laid or added to it, it holds six cards with no
    wild, is a run (200) or a set (300), and a natural card the engine adds to it keeps it clean
    at seven, valued 200 or 300 by the engine (a wild at seven: 100 or 150)."""
    inner = case.params["reason"]
    out = check_reason(case.engine, case.seat, case.move, inner.key, inner.params)
    short = case.params["short"]
    after, events = _played(case.engine, case.seat, case.move)
    if not isinstance(after, Mor):
        return [*out, "not Mor"]
    meld_id = short.params["meld"]
    touched = {getattr(e, "meld", None) for e in events}
    table = after.melds.get(meld_id)
    if table is None or meld_id not in touched:
        return [*out, f"the move did not lay or add to meld {meld_id}"]
    if after.team(table.seat) != after.team(case.seat):
        out.append(f"meld {meld_id} is not the team's")
    meld = table.meld
    if len(meld.cards) != 6 or not meld.is_clean:
        out.append(f"meld {meld_id} is not six cards without a wild")
    want = {
        "mor.hint_short_run": (MeldKind.RUN, 200, 100),
        "mor.hint_short_set": (MeldKind.SET, 300, 150),
    }
    kind, clean_value, dirty_value = want[short.key]
    if meld.kind != kind:
        out.append(f"meld {meld_id} is a {meld.kind}")
    grown = [g for c in DECK if isinstance(g := added_or_why(meld, [c], MOR_MELDS), MeldsMeld)]
    if not any(g.is_clean and project_value(g) == clean_value for g in grown):
        out.append(f"no natural card makes meld {meld_id} a {clean_value}")
    if any(not g.is_clean and project_value(g) != dirty_value for g in grown):
        out.append(f"a wild on meld {meld_id} makes no {dirty_value}")
    return out


def _ready(engine: Engine, seat: int, card: Card) -> list[tuple[Card, Card]]:
    """The pairs of the hand's other cards that make a meld with ``card`` as they are."""
    rest = list(engine.view(seat).hand)
    rest.remove(card)
    rules = rules_of(engine, seat)
    return [
        (a, b)
        for a, b in itertools.combinations(rest, 2)
        if try_meld((card, a, b), rules) is not None
    ]


def _no_ready_meld(case: Case) -> list[str]:
    """A reason of partners "needing one more card" is false of a card that already makes a
    meld with two cards of the hand (issue 61: a Solo's 3♣ 4♣ 5♣)."""
    assert isinstance(case.move, Discard)
    ready = _ready(case.engine, case.seat, case.move.card)
    return [f"{case.move.card} makes a meld with {list(ready[0])} as they are"] if ready else []


def _ready_named(case: Case) -> tuple[Card, list[Card], list[str]]:
    """The thrown card, the partners named, and what is false of "with {partners} it makes a
    meld": the partners are two cards of the hand besides it, and the three are a meld."""
    assert isinstance(case.move, Discard)
    card = case.move.card
    rest = list(case.engine.view(case.seat).hand)
    rest.remove(card)
    named = _cards_of(case.params["partners"])
    # Hand names the whole meld the hand holds with the card (``_check_meld_refused``).
    whole = case.engine.game == "hand" and case.key == "hint_throw_meld_refused"
    out = [] if len(named) == 2 or (whole and len(named) > 2) else [f"{len(named)} partners named"]
    for p in named:
        if p not in rest:
            out.append(f"{p} is not in the hand")
        else:
            rest.remove(p)
    if try_meld((card, *named), rules_of(case.engine, case.seat)) is None:
        out.append(f"{card} {named} is no meld")
    return card, named, out


def _lays_of(engine: Engine, seat: int, card: Card) -> list[tuple[Card, ...]]:
    """The new melds of the legal lays that put ``card`` down."""
    return [
        new
        for m in engine.legal_moves(seat)
        if isinstance(m, Meld | Lay)
        for new in as_lay(m).melds
        if card in new
    ]


def _check_meld_refused(case: Case) -> list[str]:
    """ "With {partners} it makes a meld, but you can't lay that meld this turn. {reason}": a
    meld of the hand, no legal lay puts the card down, and the engine refuses that meld with
    the reason quoted."""
    card, named, out = _ready_named(case)
    if _lays_of(case.engine, case.seat, card):
        out.append(f"a legal lay puts {card} down")
    why = case.engine.check(case.seat, Meld((card, *named)))
    if why != case.params["reason"]:
        out.append(f"the engine answers {why}")
    if case.engine.game == "hand":
        # The whole meld, never a part of it (the fresh newcomer's finding 3).
        hand = case.engine.view(case.seat).hand
        longer = [m.cards for m in every_meld(hand, HAND_MELDS) if card in m.cards]
        if any(len(m) > len(named) + 1 for m in longer):
            out.append(f"{card} is in a longer meld of the hand: {max(longer, key=len)}")
    return out


def _check_meld_short(case: Case) -> list[str]:
    """ "It is part of {meld}, which you can't lay this turn. {reason} {kept} stays a meld
    without it": Hand; the meld is the hand's, holds the card, and no meld the hand holds with
    the card is longer (the engine's meld search: the whole meld, the fresh newcomer's finding
    3); no legal lay puts the card down, the engine refuses the meld with the reason quoted,
    and the meld less the card is the meld named as kept."""
    assert isinstance(case.move, Discard)
    card, engine = case.move.card, case.engine
    if not isinstance(engine, Hand):
        return ["not Hand"]
    hand = list(engine.view(case.seat).hand)
    meld = _cards_of(case.params["meld"])
    out = []
    if card not in meld or Counter(meld) - Counter(hand):
        out.append(f"{meld} is not the hand's, with {card}")
    if try_meld(meld, HAND_MELDS) is None:
        out.append(f"{meld} is no meld")
    longer = [m.cards for m in every_meld(hand, HAND_MELDS) if card in m.cards]
    if any(len(m) > len(meld) for m in longer):
        out.append(f"{card} is in a longer meld of the hand: {max(longer, key=len)}")
    if _lays_of(engine, case.seat, card):
        out.append(f"a legal lay puts {card} down")
    why = engine.check(case.seat, Meld(tuple(meld)))
    if why is None or why != case.params["reason"]:
        out.append(f"the engine answers {why}")
    kept = list(meld)
    if card in kept:
        kept.remove(card)
    named = _cards_of(case.params["kept"])
    if try_meld(kept, HAND_MELDS) is None or Counter(named) != Counter(kept):
        out.append(f"{named} kept: {kept} without {card} is no meld, or not these cards")
    return out


def _check_keeps_wild(case: Case) -> list[str]:
    """ "…but only by spending your pankal {wild}": More; a legal lay melds exactly these
    cards, the wild named is one of them and a pankal, and every legal lay putting the card
    down spends one."""
    card, named, out = _ready_named(case)
    rules = rules_of(case.engine, case.seat)
    lays = _lays_of(case.engine, case.seat, card)
    if case.engine.game != "more3":
        out.append("not More")
    if sorted((card, *named)) not in [sorted(new) for new in lays]:
        out.append("no legal lay melds these cards")
    wild = _cards_of(case.params["wild"])
    if len(wild) != 1 or wild[0] not in (card, *named) or not wild_capable(wild[0], rules):
        out.append(f"{wild} is no pankal of the meld")
    if not all(any(wild_capable(c, rules) for c in new) for new in lays):
        out.append("a legal lay puts the card down without a pankal")
    return out


def _check_ready_kept(case: Case) -> list[str]:
    """ "With {partners} it already makes a meld": the partners are the hand's, and it does."""
    return _ready_named(case)[2]


def _check_partner_count(several: bool) -> Check:
    """ "Only 8♥ goes with it, the two …" names one partner; "only 8♥ Q♥ go with it, each on its
    own" several: the partners as ``_check_throw_partners`` checks them, and their number."""

    def check(case: Case) -> list[str]:
        out = _check_throw_partners(case) + _loose_kept(case)
        named = _cards_of(case.params.get("partners", ""))
        if several != (len(named) > 1):
            out.append(f"{len(named)} partners named for {case.key}")
        if case.engine.game == "mor" and case.key in ("hint_throw_few", "hint_throw_few_one"):
            # "Only 9♥ goes with it" beside a 10♥ two short of 7♥ 8♥ 9♥ 10♥ reads as false.
            far = _two_short(case)
            if far:
                out.append(f"'only' said, while {sorted(far)} also make a meld with it")
        return out

    return check


def _check_only_joker(case: Case) -> list[str]:
    """ "Nothing in your hand goes with it but the joker": Hand; the partners as
    ``_check_partner_count`` checks them, each a joker."""
    out = _check_partner_count(several=False)(case)
    named = _cards_of(case.params.get("partners", ""))
    if not named or not all(c.is_joker for c in named):
        out.append(f"{named}: not the joker alone")
    if not isinstance(case.engine, Hand):
        out.append("not Hand")
    return out


def _loose_kept(case: Case) -> list[str]:
    """Mor and More: "The rest of your hand is worth more to keep" is false while a card that
    nothing goes with stays in the hand. Mor: no other card of the hand shares a meld with it,
    the engine adds it to no meld of the team, and adding it to no meld of the other team, it
    feeds no one (the newcomer's "Throw 5♣: only 6♣ goes with it" beside a loose 6♦ and 10♦).
    More: ``_loose`` (the second More newcomer's 6♠ thrown from 6♠ 8♠ 3♣)."""
    engine, seat = case.engine, case.seat
    if not isinstance(engine, Mor | More3) or not isinstance(case.move, Discard):
        return []
    hand = list(engine.view(seat).hand)
    rest = list(hand)
    rest.remove(case.move.card)
    if isinstance(engine, More3):
        kept = {c for c in rest if _loose(engine, seat, c, hand)}
        return [f"{c} goes with nothing and is kept" for c in sorted(kept, key=sort_key)]
    rules = rules_of(engine, seat)
    out = []
    for c in sorted(set(rest), key=sort_key):
        others = list(hand)
        others.remove(c)
        if any(one_card_from_a_meld(c, o, rules) for o in others):
            continue
        fits = any(
            isinstance(added_or_why(m.meld, (c,), MOR_MELDS, end), MeldsMeld)
            for m in engine.melds.values()
            for end in ("high", "low")
        )
        if not fits:
            out.append(f"{c} goes with nothing and is kept")
    return out


def _two_short(case: Case) -> set[Card]:
    """Mor: the kept cards (the thrown one left out) that make a meld with the thrown card and
    two more cards of the deck, but not with one: 10♥ beside a thrown 7♥ (7♥ 8♥ 9♥ 10♥)."""
    assert isinstance(case.move, Discard)
    card, rules = case.move.card, rules_of(case.engine, case.seat)
    rest = list(case.engine.view(case.seat).hand)
    rest.remove(card)
    return {
        c
        for c in rest
        if not one_card_from_a_meld(card, c, rules)
        and any(
            try_meld((card, c, a, b), rules) is not None
            for a, b in itertools.combinations_with_replacement(DECK, 2)
            if max(Counter((card, c, a, b)).values()) <= 2
        )
    }


def _check_few_far(case: Case) -> list[str]:
    """ "Throw X: with Y it needs one more card to make a meld, with Z two more" (Mor): the
    partners as ``_check_throw_partners`` checks them, and Z exactly the kept cards two short
    (``_two_short``)."""
    out = _check_throw_partners(case) + _loose_kept(case)
    named = set(_cards_of(case.params["far"]))
    due = _two_short(case)
    if named != due or not due:
        out.append(f"named {sorted(named)} two short, the engine finds {sorted(due)}")
    return out


def _check_few_loose(case: Case) -> list[str]:
    """ "Throw X: only Y can make a meld with it …; nothing in your hand goes with Z": the
    partners as ``_check_throw_partners`` checks them, and the cards named loose exactly the
    kept cards ``_loose_kept`` finds."""
    out = _check_throw_partners(case)
    loose = {line.split()[0] for line in _loose_kept(case)}
    named = {str(c) for c in _cards_of(case.params["loose"])}
    if loose != named:
        out.append(f"named {sorted(named)} loose, the kept loose cards are {sorted(loose)}")
    return out


def check_clue(
    engine: Engine, seat: int, key: str, params: Mapping[str, Any], move: Move | None = None
) -> list[str]:
    """A hint's second stage before a draw or a take (issue 61): before a take, a pile card the
    engine lets be laid right after it and where (``check_pile_use``); before a draw, what the
    pile would bring and cost in hand (``_check_pile_cost``), that none of it could be laid, or
    (Hand) the new meld its one card would have to go into. Never a pile card to lay before a
    draw: the stage agrees with the move."""
    if key == "hint_cards_melds":
        return _check_melds_apart(engine, seat, params, move)
    view = engine.view(seat)
    if not view.discard:
        return ["no discard pile to speak of"]
    taken, _, lays = pile_lays(engine, seat)
    if key in ("hint_clue_pile_onto", "hint_clue_pile_with", "hint_clue_pile_onto_with"):
        out = [] if isinstance(move, Take) else [f"a pile card to lay before {move}"]
        return out + check_pile_use(engine, seat, key, params)
    if isinstance(move, Take):
        return [f"{key} before a take"]
    if key in ("hint_clue_pile_none", "hand.hint_clue_top_none"):
        return [f"{len(lays)} legal lays use a taken card"] if lays else []
    if key == "hint_clue_top_with":
        out = [] if engine.game == "hand" else ["not Hand"]
        return out + check_pile_use(engine, seat, "hint_clue_pile_with", params)
    if key == "hint_clue_pile_cost":
        laid = {c for m in lays for c in m.cards if c in taken}
        out = [] if laid else ["nothing of the pile could be laid: the _none form is due"]
        if _n(params["count"]) != len(taken):
            out.append(f"a take brings {len(taken)} cards")
        worth = in_hand_worth(engine, seat, taken)
        if _n(params["points"]) != worth:
            out.append(f"the taken cards count {worth} in hand")
        return out
    return [f"no check for the clue {key}"]


def _check_melds_apart(
    engine: Engine, seat: int, params: Mapping[str, Any], move: Move | None
) -> list[str]:
    """A rummy's cards stage of a lay of several melds: in English, each new meld's cards and
    each addition's cards onto its meld, laid out as typed (Mor's typed form, the others'
    ``in_order``), in the lay's order, one group after another and nothing else, so the groups
    read apart."""
    if engine.game not in ("mor", "more3", "hand") or not isinstance(move, Lay):
        return [f"melds named apart for {move}"]
    from bot.games.notation import in_order
    from bot.learning.hints import typed_form

    # As the hint names them: as they are typed.
    laid_out = typed_form(engine, seat, move) if engine.game == "mor" else in_order(move)
    assert isinstance(laid_out, Lay)
    groups = [" ".join(c.pretty for c in m) for m in laid_out.melds] + [
        f"{' '.join(c.pretty for c in a.cards)} onto meld {a.meld}" for a in laid_out.adds
    ]
    if len(groups) < 2:
        return ["one group only: the plain cards stage is due"]
    from bot.i18n import t

    text = t("hint_cards_melds", "en", **params)
    expected = ", ".join(groups[:-1]) + " and " + groups[-1] if len(groups) > 2 else None
    if expected is None:
        expected = f"{groups[0]} and {groups[1]}"
    return [] if text == f"The cards to use: {expected}." else [f"not the lay's groups: {text}"]


def check_nudge(engine: Engine, seat: int, key: str, move: Move) -> list[str]:
    """A hint's first stage with one card in hand: the move throws it, and "throwing it ends the
    round" only when the engine ends the round on it."""
    if key not in ("hint_nudge_last", "hint_nudge_last_ends"):
        return []
    hand = engine.view(seat).hand
    out = [] if len(hand) == 1 and move == Discard(hand[0]) else ["not the throw of a last card"]
    _, events = _played(engine, seat, move)
    if (key == "hint_nudge_last_ends") != any(isinstance(e, RoundOver) for e in events):
        out.append(f"{key}, and the round ends: {any(isinstance(e, RoundOver) for e in events)}")
    return out


def check_lead_last_nudge(engine: Engine, seat: int, key: str, move: Move) -> list[str]:
    """Run Fast's "you hold one card: lead it": a lead, one card in hand, and the move plays it
    and empties the hand."""
    if key != "runfast.hint_nudge_lead_last":
        return []
    view = engine.view(seat)
    out = ["a play is on the table: not a lead"] if view.trick else []
    if len(view.hand) != 1 or move != Play((view.hand[0],)):
        out.append("not the lead of a last card")
    after, _ = _played(engine, seat, move)
    if after.view(seat).hand:
        out.append("cards are left after the lead")
    return out


def check_heavenly_nudge(engine: Engine, seat: int, key: str, move: Move) -> list[str]:
    """Run Fast's "you lead the game's first play and hold all four 3s": the engine reads the
    move as the heavenly bomb."""
    if key != "runfast.hint_nudge_heavenly":
        return []
    _, events = _played(engine, seat, move)
    if not any(isinstance(e, Played) and e.kind == HEAVENLY for e in events):
        return ["the engine does not read a heavenly bomb"]
    return []


def _check_keeps_combos(case: Case) -> list[str]:
    """ "The one card that goes with no other; every card you keep still has a partner among
    them": the thrown card makes a meld with no card of the hand (and one more), and each card
    left makes one with another card left."""
    assert isinstance(case.move, Discard)
    card = case.move.card
    rest = list(case.engine.view(case.seat).hand)
    rest.remove(card)
    rules = rules_of(case.engine, case.seat)
    out = _check_throw_partners(case)

    def partnered(c: Card) -> bool:
        others = list(rest)
        others.remove(c)
        return any(one_card_from_a_meld(c, o, rules) for o in others)

    out += [
        f"{c} goes with no card kept" for c in sorted(set(rest), key=sort_key) if not partnered(c)
    ]
    return out


NEAR_OUT = 3  # the most cards a rummy opponent nearly out holds (the hints' own bound)


def _check_near_out(case: Case) -> list[str]:
    """ "An opponent is down to N, and cards still in your hand at the end count against you":
    an opponent (another side; in Mor and More one whose side has taken its spare pile) holds N
    cards, N at most ``NEAR_OUT``; the move lays cards, and the cards left are counted. (That
    the cards in hand count against you is the scoring of all three rummies: RULES.md.)"""
    view = case.engine.view(case.seat)
    n = _n(case.params["count"])
    out = _check_add(case) if case.key == "hint_add_near_out" else _check_left(case)
    if case.engine.game not in ("mor", "more3", "hand"):
        out.append("not a rummy")
    opponents = [
        o
        for o in range(view.n_seats)
        if view.sides[o] != view.sides[case.seat]
        and (case.engine.game == "hand" or view.side_taken[view.sides[o]])
    ]
    # Only a side that may go out, by the engine: More's biribas (issue 61).
    opponents = [o for o in opponents if _may_go_out(case.engine, o)]
    # An empty hand waits for its spare pile at its next turn (the Mor, the More pile): it
    # comes back with eleven cards, not nearly out.
    if not 0 < n <= NEAR_OUT or not any(view.hand_counts[o] == n for o in opponents):
        out.append(f"no opponent nearly out holds {n}: {[view.hand_counts[o] for o in opponents]}")
    after, _ = _played(case.engine, case.seat, case.move)
    if len(after.view(case.seat).hand) >= len(view.hand):
        out.append("the move lays no card")
    if len(view.just_drawn) > 1:  # issue 61: not right after a take the hint may have advised
        out.append(f"the seat took {len(view.just_drawn)} cards this turn")
    if case.engine.game == "mor" and _round_ends_this_turn(case.engine):
        # The seat's own throw ends the round: an opponent's count is beside the point.
        out.append("the round ends with this turn's throw")
    return out


def _round_ends_this_turn(engine: Engine) -> bool:
    """Has the stock run out, so the round ends at the end of this turn (RULES.md §0), by the
    engine's own state?"""
    return bool(getattr(engine, "stock_out", False))


def _check_round_ends(case: Case) -> list[str]:
    """ "The stock has run out, so your throw this turn ends the round; you keep N": the move
    lays cards, and after it every throw the engine allows ends the round (its events), the
    cards left counted."""
    out = _check_left(case)
    after, _ = _played(case.engine, case.seat, case.move)
    hand = after.view(case.seat).hand
    if len(hand) >= len(case.engine.view(case.seat).hand):
        out.append("the move lays no card")
    for c in set(hand):
        if after.check(case.seat, Discard(c)) is None:
            _, events = _played(after, case.seat, Discard(c))
            if not any(isinstance(e, RoundOver) for e in events):
                out.append(f"throwing {c} after the move does not end the round")
    return out


def _may_go_out(engine: Engine, seat: int) -> bool:
    """Could ``seat``'s side go out now, by the engine's own state: More's side biribas (Mor's
    and Hand's reasons are not held to it)."""
    if isinstance(engine, More3):
        return can_go_out_with(engine.side_biribas(engine.side(seat)))
    return True


def _check_lead_near_out(case: Case) -> list[str]:
    """ "An opponent is down to N, too few to beat a play of M": a lead; an opponent holds N
    cards; N < M, and N < 3, the fewest cards of a bomb (three aces), as the engine's
    combination reader finds them: an answer is as many cards, or a bomb."""
    out = []
    view = case.engine.view(case.seat)
    if view.trick:
        out.append("a play is on the table: not a lead")
    n, m = _n(case.params["count"]), _n(case.params["size"])
    played = list(getattr(case.move, "cards", ()))
    if m != len(played):
        out.append(f"the play is {len(played)} cards")
    if not any(view.hand_counts[o] == n for o in range(view.n_seats) if o != case.seat):
        out.append(f"no opponent holds {n}")
    smallest_bomb = min(
        len(c)
        for c in (parse_cards("AS AD AC"), parse_cards("4S 4H 4D 4C"))
        if isinstance(k := classify(c), Combo) and k.kind in BOMB_KINDS
    )
    if not n < m or not n < smallest_bomb:
        out.append(f"{n} cards could answer {m}")
    return out


def _check_throw_alone_highest(case: Case) -> list[str]:
    """ "Alone, like these, and worth the most": the thrown card and each named one go with no
    other card of the hand; no other card is alone; none named is worth as much."""
    out = _check_throw_alone(case)
    card = case.move.card  # type: ignore[attr-defined]
    named = _cards_of(case.params["others"])
    return out + [f"{o} is worth as much" for o in named if hand_value(o) == hand_value(card)]


def _check_throw_alone_highest_more(case: Case) -> list[str]:
    """More's "alone, like these, and costs the most in hand": as Hand's, by More's card points
    (the points the engine counts against a hand at the end), each named one worth less."""
    # The cards named as alone, as More names them: a loose card for the side's own melds is
    # kept for them, not named (the third More newcomer's finding 4).
    out = _more_alone_named(case)
    card = case.move.card  # type: ignore[attr-defined]
    named = _cards_of(case.params["others"])
    if not named:
        out.append("no other card named")
    if _n(case.params["points"]) != card_points(card):
        out.append(f"{card} costs {card_points(card)}, not {_n(case.params['points'])}")
    return out + [f"{o} costs as much" for o in named if card_points(o) >= card_points(card)]


def _check_end_high(case: Case) -> list[str]:
    """Hand's endgame throw: the hand holds ``HAND_END`` cards or fewer before it (the cards
    kept can't make a new meld and leave one to throw), ``left`` are kept, an opponent holds
    ``count`` (at most ``HAND_NEAR``), and the card is worth the most of the hand, more than
    some card kept, at the points named."""
    card = case.move.card  # type: ignore[attr-defined]
    view = case.engine.view(case.seat)
    out = [] if case.engine.game == "hand" else ["not Hand"]
    rest = list(view.hand)
    rest.remove(card)
    if not 1 < len(view.hand) <= HAND_END:
        out.append(f"the hand holds {len(view.hand)} cards")
    if _n(case.params["left"]) != len(rest):
        out.append(f"{len(rest)} cards kept, not {_n(case.params['left'])}")
    n = _n(case.params["count"])
    if n > HAND_NEAR or n not in [c for o, c in enumerate(view.hand_counts) if o != case.seat]:
        out.append(f"no opponent holds {n}")
    if _n(case.params["points"]) != hand_value(card):
        out.append(f"{card} costs {hand_value(card)}")
    if any(hand_value(c) > hand_value(card) for c in rest):
        out.append("a card kept costs more")
    if not any(hand_value(c) < hand_value(card) for c in rest):
        out.append("no card kept costs less")
    return out


def _check_no_cheaper_cost(check: Check) -> Check:
    """Hand's "it costs you N if still in your hand" is a reason to throw it only where no card
    kept costs more (issue 61)."""

    def both(case: Case) -> list[str]:
        card = case.move.card  # type: ignore[attr-defined]
        rest = list(case.engine.view(case.seat).hand)
        rest.remove(card)
        dear = [c for c in rest if hand_value(c) > hand_value(card)]
        return check(case) + ([f"{dear[0]} kept costs more than {card}"] if dear else [])

    return both


def _check_throw_alone_top(case: Case) -> list[str]:
    """ "Alone, like these, and worth as much as any": as above, and one named ties it."""
    out = _check_throw_alone(case)
    card = case.move.card  # type: ignore[attr-defined]
    named = _cards_of(case.params["others"])
    if not any(hand_value(o) == hand_value(card) for o in named):
        out.append("no card named is worth as much")
    return out


def _check_throw_alone(case: Case) -> list[str]:
    """The thrown card and each named one go with no other card of the hand; no other card is
    alone; none named is worth more."""
    assert isinstance(case.move, Discard)
    card = case.move.card
    hand = list(case.engine.view(case.seat).hand)
    rules = rules_of(case.engine, case.seat)

    def alone(c: Card) -> bool:
        rest = list(hand)
        rest.remove(c)
        return not any(one_card_from_a_meld(c, o, rules) for o in rest)

    named = _cards_of(case.params["others"])
    out = _check_throw_partners(case)
    out += [f"{o} is not in the hand" for o in named if o not in hand]
    out += [f"{o} goes with a card" for o in named if o in hand and not alone(o)]
    out += [f"{o} is alone too" for o in set(hand) - set(named) - {card} if alone(o)]
    out += [f"{o} is worth more" for o in named if hand_value(o) > hand_value(card)]
    return out


def _check_wait_hand(case: Case) -> list[str]:
    hand = list(case.engine.view(case.seat).hand)
    plan = plan_opening(hand)
    if plan is None:
        return ["no opening"]
    opening = Lay(melds=tuple(tuple(m) for m in plan.melds))
    why = case.engine.check(case.seat, opening)
    out = [] if why is None else [f"the opening is refused: {why}"]
    if _n(case.params["count"]) != len(hand) - len(opening.cards):
        out.append("another number of cards from a Hand")
    return out


def _check_keeps_run(case: Case) -> list[str]:
    assert isinstance(case.move, Discard)
    run = _cards_of(case.params["run"])
    why = case.engine.check(case.seat, Meld(tuple(run)))
    out = [] if why is None else [f"the run can't be laid: {why}"]
    if case.move.card in run and Counter(case.engine.view(case.seat).hand)[case.move.card] < 2:
        out.append("the thrown card is in the run")
    return out


def _check_lay_run_end_near(case: Case) -> list[str]:
    """More's "lay the run: the round is near its end": a new meld of the hand's cards as named,
    the cards left to draw counted from the engine (its stock and the More piles still to open
    into it) and few, and the run's card points."""
    engine = case.engine
    if not isinstance(engine, More3) or not isinstance(case.move, Meld):
        return ["not a More meld"]
    out = []
    if Counter(_cards_of(case.params["cards"])) != Counter(case.move.cards):
        out.append("the cards named are not the meld's")
    left = len(engine.stock) + sum(
        len(p) for s, p in enumerate(engine.piles) if engine.pile_open(s)
    )
    if _n(case.params["count"]) != left or left > 12:
        out.append(f"{left} cards are left to draw")
    worth = sum(map(card_points, case.move.cards))
    if _n(case.params["points"]) != worth:
        out.append(f"the run counts {worth}")
    return out


def _new_melds(case: Case) -> tuple[Engine, list[Any]]:
    after, events = _played(case.engine, case.seat, case.move)
    made = {e.meld for e in events if isinstance(e, Melded)}
    return after, [m for m in after.view(case.seat).melds if m.id in made]


def _check_lay_opens(case: Case) -> list[str]:
    before = case.engine.view(case.seat)
    after, made = _new_melds(case)
    worth = sum(meld_value(read_meld(m.cards, HAND_MELDS)) for m in made)
    out = []
    if before.opened[case.seat] or not after.view(case.seat).opened[case.seat]:
        out.append("not the seat's opening")
    if _n(case.params["points"]) != worth or worth < OPENING_MIN:
        out.append(f"the opening is worth {worth}")
    return out


def _check_lay_opens_75(case: Case) -> list[str]:
    engine = case.engine
    assert isinstance(engine, More3)
    after, _ = _played(engine, case.seat, case.move)
    laid = _laid(engine.view(case.seat).hand, after.view(case.seat).hand)
    halves = sum(opening_halves(c) for c in laid)
    out = [] if engine.needs_opening(case.seat) else ["the seat needs no 7.5"]
    if case.params["worth"] != points(halves / 2) or halves < OPENING_HALVES:
        out.append(f"worth {points(halves / 2)}")
    return out


def _check_left(case: Case) -> list[str]:
    after, _ = _played(case.engine, case.seat, case.move)
    left = len(after.view(case.seat).hand)
    out = [] if _n(case.params["left"]) == left else [f"{left} cards are left"]
    if case.key == "hint_lay" and case.engine.game == "hand":
        out.append("in Hand laid cards do not count for the player")
    return out


def _check_add(case: Case) -> list[str]:
    """ "Add J♠ to meld 1 …": the move adds to that meld, and the cards left are counted."""
    out = _check_left(case)
    lay = as_lay(case.move) if isinstance(case.move, (Meld, Add, Lay)) else None
    if lay is None or lay.melds or {a.meld for a in lay.adds} != {case.params["meld"]}:
        out.append(f"the move is {case.move}, not an add to meld {case.params['meld']}")
    return out


def _verb(case: Case) -> list[str]:
    """The hint's verb is the move's (issue 59): "Lay …" for a move that lays new melds only,
    never for one that adds to a meld on the table (in Dutch aanleggen, not uitleggen); an
    ``act`` says what the move does: an add to one meld, to several, or a lay and an add."""
    if not isinstance(case.move, (Meld, Add, Lay)):
        return []
    lay = as_lay(case.move)
    act = case.params.get("act")
    if act is None:
        return [f"the move adds to meld {lay.adds[0].meld}, the hint says lay"] if lay.adds else []
    targets = {a.meld for a in lay.adds}
    if lay.melds and lay.adds:
        wanted = "hint_act_lay_add"
    elif len(targets) == 1:
        wanted = "hint_act_add"
        if act.params.get("meld") != lay.adds[0].meld:
            return [f"the move adds to meld {lay.adds[0].meld}, not {act.params.get('meld')}"]
    else:
        wanted = "hint_act_add_melds" if targets else "hint_lay"
    return [] if act.key == wanted else [f"the move is worded {act.key}, not {wanted}"]


def _check_mor_lay_new(case: Case) -> list[str]:
    """Mor's "Lay X: it is your team's first meld, so from now on your team may take the pile
    …" / "the set (run) … with 7 cards and no wild it becomes a 300 (200) project": the move
    lays one new meld and adds nothing; for the first, no meld of the team was on the table
    (RULES.md §1: a take needs one), and after it the engine no longer refuses a take for that;
    for a set or run, the meld as the engine reads it is of that kind, holds no wild and has
    fewer than 7 cards (``project_value``: a clean set of 7 is a 300, a clean run a 200)."""
    engine = case.engine
    if not isinstance(engine, Mor) or not isinstance(case.move, Meld | Lay):
        return ["not a Mor lay of a new meld"]
    lay = as_lay(case.move)
    if len(lay.melds) != 1 or lay.adds:
        return ["not one new meld alone"]
    cards_ = tuple(lay.melds[0])
    team = engine.team(case.seat)
    mine = [m for m in engine.view(case.seat).melds if m.side == team]
    if case.key == "mor.hint_lay_first_meld":
        return [f"the team has {len(mine)} melds already"] if mine else []
    out = [] if mine else ["the team's first meld: that is the reason to say"]
    shape = try_meld(cards_, MOR_MELDS)
    want = MeldKind.SET if case.key.endswith("_set") else MeldKind.RUN
    if shape is None or shape.kind != want:
        return [*out, f"{cards_} is no {want}"]
    if not shape.is_clean:
        out.append(f"{cards_} holds a wild")
    if len(cards_) >= 7:
        out.append("already 7 cards or more")
    return out


def _and_verb(check: Check) -> Check:
    """``check``, and the verb the hint uses is the move's."""

    def both(case: Case) -> list[str]:
        return check(case) + _verb(case)

    return both


def _check_made(attr: str) -> Check:
    """A project / biriba the lay makes: on a meld the move touched, not there before."""

    def check(case: Case) -> list[str]:
        said = case.params[attr]
        said = said.key.rsplit(".", 1)[-1] if hasattr(said, "key") else said
        before = {m.id: getattr(m, attr) for m in case.engine.view(case.seat).melds}
        after, _ = _played(case.engine, case.seat, case.move)
        made = [
            getattr(m, attr)
            for m in after.view(case.seat).melds
            if getattr(m, attr) != before.get(m.id)
        ]
        out = [] if said in made else [f"the lay makes {made}"]
        # A biriba spoilt is none made: a wild on a pure biriba makes it dirty (issue 61).
        worse = [
            f"meld {m.id} was a {before[m.id]} biriba"
            for m in after.view(case.seat).melds
            if attr == "biriba" and before.get(m.id) == "pure" and m.biriba == "dirty"
        ]
        return out + worse

    return check


def _spoilt(engine: Engine, seat: int, move: Move) -> list[int]:
    """The pure biribas ``move`` turns dirty (a wild added: 200 down to 100), by the engine."""
    if not isinstance(engine, More3) or not isinstance(move, Add | Lay):
        return []
    pure = {m.id for m in engine.view(seat).melds if m.biriba == "pure"}
    if not pure:
        return []
    after, _ = _played(engine, seat, move)
    return [m.id for m in after.view(seat).melds if m.id in pure and m.biriba != "pure"]


def _check_spoils(case: Case) -> list[str]:
    """ "It turns the pure biriba dirty": the move does."""
    return [] if _spoilt(case.engine, case.seat, case.move) else ["no pure biriba turns dirty"]


def _check_ends(case: Case) -> list[str]:
    """ "It is your last card and ends the round": the round ends, and the hand held only it."""
    _, events = _played(case.engine, case.seat, case.move)
    out = [] if any(isinstance(e, RoundOver) for e in events) else ["the round goes on"]
    held = len(case.engine.view(case.seat).hand)
    return out + ([] if held == 1 else [f"not the last card: {held} in hand"])


def _check_stock_out(case: Case) -> list[str]:
    """ "The stock has run out, so this throw ends the round": the round ends, the stock is
    empty and the throw is not the hand's last card."""
    _, events = _played(case.engine, case.seat, case.move)
    out = [] if any(isinstance(e, RoundOver) for e in events) else ["the round goes on"]
    view = case.engine.view(case.seat)
    if view.stock_count:
        out.append(f"{view.stock_count} cards in the stock")
    if len(view.hand) == 1:
        out.append("it is the last card")
    return out


def view_meter(engine: Engine, seat: int) -> Any:
    """The project meter of ``seat``'s team as the table's view shows it."""
    view = engine.view(seat)
    return view.meters[engine.team(seat)]  # type: ignore[attr-defined]


def _check_with_near(case: Case) -> list[str]:
    """ "{reason} {near}": the reason as its own key checks it, and the near end said of the
    engine after the move: the cards left (1 or 2), and what emptying the hand brings there."""
    inner = case.params["reason"]
    out = check_reason(case.engine, case.seat, case.move, inner.key, inner.params)
    near = case.params["near"]
    after, events = _played(case.engine, case.seat, case.move)
    left = len(after.view(case.seat).hand)
    if after.round_over or any(isinstance(e, SidePileWaits) for e in events):
        out.append("the round is over or the spare pile already comes")
    if _n(near.params["left"]) != left or not 1 <= left <= 2:
        out.append(f"{left} cards are left")
    if key_meter := near.params.get("meter"):
        shown = view_meter(after, case.seat)
        if key_meter != shown:
            out.append(f"the table's meter says {shown}, the hint {key_meter}")
    key = near.key
    if isinstance(after, Mor):
        team = after.team(case.seat)
        facts = {
            "hint_near_mor": not after.mor_taken[team] and bool(after.mors[team]),
            "hint_near_close": after.mor_taken[team] and can_close_with(after.projects()[team]),
            "hint_near_close_needs": after.mor_taken[team]
            and not can_close_with(after.projects()[team])
            and "meter" in near.params,
        }
    elif isinstance(after, More3):
        side = after.side(case.seat)
        biribas = after.side_biribas(side)
        facts = {
            "hint_near_more_pile": bool(biribas) and after.pile_open(side),
            "hint_near_go_out": after.pile_taken[side] and can_go_out_with(biribas),
            "more3.hint_near_needs_biribas": after.pile_taken[side]
            and not can_go_out_with(biribas),
        }
    else:
        facts = _hand_near_facts(after, case.seat, left)
    if not facts.get(key, False):
        out.append(f"{key} is not so in {case.engine.game}")
    return out


def _hand_near_facts(after: Any, seat: int, left: int) -> dict[str, bool]:
    """Hand's near ends, by the engine itself: "throw your last card to go out" (−30, or −60
    for a Hand) only when it is still the seat's turn, one card is left and the engine, given
    that throw, ends the round with the seat going out (``RoundEnd.WENT_OUT``) or with a Hand
    (``RoundEnd.HAND``); "on a later turn" when the seat has opened and the turn is over (a
    throw) or this turn's throw keeps a card, the stock not out (its round ends this turn)."""
    if not isinstance(after, Hand) or not after.opened[seat]:
        return {}
    now = after.turn == seat
    ends = None
    if now and left == 1:
        last = Discard(after.view(seat).hand[0])
        if after.check(seat, last) is None:
            _, events = _played(after, seat, last)
            over = [e.result for e in events if isinstance(e, RoundOver) and e.result]
            ends = over[0].reason if over and over[0].closer == seat else None
    return {
        "hint_near_out_hand": ends == RoundEnd.WENT_OUT,
        "hint_near_out_the_hand": ends == RoundEnd.HAND,
        "hint_near_out_hand_later": (not now or left > 1) and not after.stock_out,
        # One card kept by a throw: after the next draw two, too few for a new meld with a
        # card to throw, so going out takes one of them added to a meld on the table.
        "hint_near_out_hand_one": not now and left == 1 and not after.stock_out,
    }


def _check_with_joker(case: Case) -> list[str]:
    """ "{reason} {joker}": the reason as its own key checks it, and the joker note by the
    engine: the move puts a joker on the table in a meld whose swap (the engine's own,
    ``Hand._swap``) wants the cards named; "can take it back": a copy of each is in another
    hand or the stock; "safe": no copy of the card named as in sight is in either."""
    inner = case.params["reason"]
    out = check_reason(case.engine, case.seat, case.move, inner.key, inner.params)
    engine = case.engine
    if not isinstance(engine, Hand):
        return [*out, "not Hand"]
    before = {i: sum(c.is_joker for c in m.meld.cards) for i, m in engine.melds.items()}
    after, _ = _played(engine, case.seat, case.move)
    assert isinstance(after, Hand)
    wanted = [
        sorted(getattr(Hand._swap(m), "cards", ()))
        for i, m in after.melds.items()
        if sum(c.is_joker for c in m.meld.cards) > before.get(i, 0)
    ]
    note = case.params["joker"]
    notes = (
        [note.params["first"], note.params["second"]] if note.key == "hint_jokers_two" else [note]
    )
    # Every joker laid that can be taken back is named, each once (the newcomer's finding 8).
    if sorted(sorted(_cards_of(n.params["wanted"])) for n in notes) != sorted(
        w for w in wanted if w
    ):
        out.append(f"the jokers laid want {wanted}, the notes name {[n.params for n in notes]}")
    for note in notes:
        out += _joker_note_false(engine, case.seat, note)
    return out


def _joker_note_false(engine: Hand, seat: int, note: Reason) -> list[str]:
    """One joker note: "can take it back", a copy of each card named is in another hand or the
    stock; "safe", the card named as in sight is in neither."""
    out: list[str] = []
    named = sorted(_cards_of(note.params["wanted"]))
    elsewhere = [c for s, h in enumerate(engine.hands) if s != seat for c in h]
    elsewhere += list(engine.stock)
    if note.key == "hint_joker_open":
        out += [f"no copy of {c} is out of sight" for c in named if c not in elsewhere]
    elif note.key == "hint_joker_safe":
        gone = _cards_of(note.params["gone"])
        if len(gone) != 1 or gone[0] not in named or gone[0] in elsewhere:
            out.append(f"{gone} is not out of every other hand and the stock")
    else:
        out.append(f"no check for {note.key}")
    return out


# The review's reasons that say a hint's reason again, with what tells the two moves apart.
REVIEW_WRAPPERS = frozenset({"review.same_but_sheds_more", "review.same_reason_close"})


def _check_review_rule(case: Case) -> list[str]:
    """The review's "your move goes against a rule of thumb: {rule}" (``review.ruled_out``):
    the rule's words are the hint's reason for the move the rule puts in place of the member's
    (``ruled``), checked as such; "your {card} made a meld with {partners} from your hand as
    they were": the card (the member's throw) and the two partners are the hand's, and the
    three are a meld."""
    ruled, inner = case.params["ruled"], case.params["rule"]
    out = check_reason(case.engine, case.seat, ruled, inner.key, inner.params)
    if case.key == "review.rule_breaks_meld":
        card = _cards_of(case.params["card"])[0]
        if card not in case.engine.view(case.seat).hand:
            return [*out, f"{card} is not in the hand"]
        thrown = Case(case.engine, case.seat, Discard(card), case.key, case.params)
        out += _ready_named(thrown)[2]
    if case.key == "review.rule_breaks_pair":
        # "Your {card} went with {partners} in your hand": every natural card of the hand that
        # makes a meld with it and one more, as the engine reads melds, and no other.
        card = _cards_of(case.params["card"])[0]
        rest = list(case.engine.view(case.seat).hand)
        if card not in rest:
            return [*out, f"{card} is not in the hand"]
        rest.remove(card)
        rules = rules_of(case.engine, case.seat)
        due = {
            c for c in rest if not wild_capable(c, rules) and one_card_from_a_meld(card, c, rules)
        }
        if set(_cards_of(case.params["partners"])) != due or not due:
            out.append(f"{card} goes with {sorted(due)} of the hand")
        if isinstance(ruled, Discard) and ruled.card == card:
            out.append("the rule's move throws the same card")
    return out


def _check_review_same(case: Case) -> list[str]:
    """The review's "{reason} … the same would be said of yours: {card} would count {points}
    against you, {made} only {made_points}" / "… close by that rule of thumb": the reason under
    it as its own key checks it; for the points, the better throw is of ``card``, worth
    ``points`` held, and the member's ``made`` card is worth fewer, ``made_points``."""
    inner = case.params["reason"]
    out = check_reason(case.engine, case.seat, case.move, inner.key, inner.params)
    if case.key == "review.same_reason_close":
        return out
    move, game = case.move, case.engine.game
    if not isinstance(move, Discard) or move.card.pretty != case.params["card"]:
        return [*out, f"the better move is not a throw of {case.params['card']}"]
    points = in_hand_points(game, (move.card,))
    if _n(case.params["points"]) != points:
        out.append(f"{move.card} counts {points} held, said {_n(case.params['points'])}")
    made = [c for c in case.engine.view(case.seat).hand if c.pretty == case.params["made"]]
    if not made:
        return [*out, f"{case.params['made']} is not in the hand"]
    mine = in_hand_points(game, (made[0],))
    if _n(case.params["made_points"]) != mine or not mine < points:
        out.append(f"{made[0]} counts {mine} held, said {_n(case.params['made_points'])}")
    return out


def _standing_alone(hand: Sequence[Card]) -> list[Card]:
    """The cards of a Run Fast hand no pair, triple, bomb or straight could take out with
    another: the only one of its rank, and no five ranks in a row held around it."""
    held = Counter(power(c) for c in hand)
    out = []
    for c in hand:
        if held[power(c)] > 1:
            continue
        p = power(c)
        row = [q for q in range(p - 4, p + 1) if all(r in held for r in range(q, q + 5))]
        if not any(q + 4 <= ACE_POWER for q in row):
            out.append(c)
    return sorted(out, key=sort_key)


def _check_review_runfast(case: Case) -> list[str]:
    """The review's Run Fast "{cards} keeps {kept} whole, which your {made} broke up" / "after
    your play {count} stood alone ({loose}), after {cards} only {fewer}": by the hands each play
    leaves. ``kept``: the hand's cards of ranks the member's play takes some but not all of, the
    better play none of; ``loose``: every card left alone after the member's play, more of them
    than after the better one."""
    move = case.move
    assert isinstance(case.engine, RunFast) and isinstance(move, Play)
    hand = list(case.engine.view(case.seat).hand)
    made = _cards_of(case.params["made"])
    out = []
    if _cards_of(case.params["cards"]) != list(move.cards):
        out.append(f"the better play is not {case.params['cards']}")
    if not made or any(made.count(c) > hand.count(c) for c in made):
        return [*out, f"{made} is not a play of the hand"]
    held = Counter(c.rank for c in hand)
    if "kept" in case.params:
        used = Counter(c.rank for c in made)
        broke = {r for r, n in used.items() if held[r] >= 2 and n < held[r]}
        whole = broke - {c.rank for c in move.cards}
        named = sorted(_named_cards(case.params["kept"]), key=sort_key)
        if not whole or named != sorted((c for c in hand if c.rank in whole), key=sort_key):
            out.append(f"kept {named}: the member's play breaks up {sorted(whole)} only")
        out += _named_groups_sorted(case.params["kept"])
    elif case.key != "review.runfast_fewer_loose":
        out.append("nothing kept named")
    if "loose" in case.params:
        alone = _standing_alone([c for c in hand if c not in made])
        fewer = _standing_alone([c for c in hand if c not in move.cards])
        if _cards_of(case.params["loose"]) != alone or _n(case.params["count"]) != len(alone):
            out.append(f"after the member's play {alone} stand alone")
        if _n(case.params["fewer"]) != len(fewer) or not len(fewer) < len(alone):
            out.append(f"after the better play {fewer} stand alone")
    elif case.key != "review.runfast_keeps_whole":
        out.append("no cards left alone named")
    return out


def _check_with_stock(case: Case) -> list[str]:
    """ "{reason} The stock is down to {count} …" / "… is empty …": the reason as its own key
    checks it, and the stock by the engine: Mor, before the move, holds that many cards, fewer
    than the seats (the round may end before the seat plays again); "empty": none."""
    inner = case.params["reason"]
    out = check_reason(case.engine, case.seat, case.move, inner.key, inner.params)
    engine = case.engine
    if not isinstance(engine, Mor):
        return [*out, "not Mor"]
    left = len(engine.stock)
    if case.key == "mor.hint_with_stock_out":
        return out if left == 0 else [*out, f"the stock holds {left} cards, not none"]
    said = case.params["count"].n
    if said != left or not 0 < left < engine.n_seats:
        out.append(f"the stock holds {left} cards, said {said}")
    return out


def _more_gift(engine: Engine, seat: int, card: Card) -> bool:
    """More: could the next player, of the other side, take the pile with ``card`` thrown on
    top, by what the table shows: a pankal by their rules; a card the engine adds to their
    side's melds; a card that melds (the engine's meld reader) with two cards they would hold
    once the pile is taken (its cards, or cards they picked up before), or goes with one they
    picked up."""
    assert isinstance(engine, More3)
    nxt = (seat + 1) % engine.n_seats
    if engine.side(nxt) == engine.side(seat):
        return False
    rules = engine.rules_for(nxt)
    if wild_capable(card, rules) or _next_side_fits(engine, seat, card):
        return True
    shown = engine.view(seat).shown[nxt]
    held = sorted({*engine.discard, *shown}, key=sort_key)
    if any(try_meld((card, *pair), rules) for pair in itertools.combinations(held, 2)):
        return True
    return any(one_card_from_a_meld(card, o, rules) for o in shown)


def _gift_chain(case: Case) -> list[str]:
    """The reason's keys, outermost first, down through the added sentences."""
    key, params, out = case.key, case.params, [case.key]
    while key in WRAPPERS | REVIEW_WRAPPERS and isinstance(params.get("reason"), Reason):
        key, params = params["reason"].key, params["reason"].params
        out.append(key)
    return out


GIFT_KEYS = frozenset(
    {
        "hint_throw_gift_more",
        "hint_throw_gift_pankal_more",
        "hint_throw_gift_forced_more",
        "hint_throw_gift_forced_shown_more",
    }
)


def _gift_unsaid(case: Case) -> list[str]:
    """A More throw that hands the next player, of the other side, the pile (``_more_gift``) says
    so (the second More newcomer's findings 1 and 3: a joker thrown to the Solo as "the rest of
    your hand is worth more to keep"; 4♠ thrown onto 3♠ 5♠). Nothing to say of a throw that
    ends the round or brings the More pile."""
    engine, move = case.engine, case.move
    if not isinstance(engine, More3) or not isinstance(move, Discard):
        return []
    if GIFT_KEYS & set(_gift_chain(case)):
        return []
    after, events = _played(engine, case.seat, move)
    if after.round_over or any(isinstance(e, SidePileWaits) for e in events):
        return []
    if _more_gift(engine, case.seat, move.card):
        return [f"{move.card} lets the next player take the pile, unsaid"]
    return []


def _check_gift(case: Case) -> list[str]:
    """ "Careful with {card}: … they could take the pile with it. Another card is a safer throw"
    (the pankal's form: the card is a pankal): More; the card is a gift (``_more_gift``), and
    some other card of the hand is none. "Every card you could throw here might let them take
    the pile": every card of the hand is one."""
    assert isinstance(case.move, Discard)
    engine, seat, card = case.engine, case.seat, case.move.card
    if not isinstance(engine, More3):
        return ["not More"]
    hand = engine.view(seat).hand
    out = [] if _more_gift(engine, seat, card) else [f"{card} is no gift"]
    safe = [c for c in hand if not _more_gift(engine, seat, c)]
    if case.key == "hint_throw_gift_forced_more":
        return [*out, f"{safe} are no gift"] if safe else out
    if case.key == "hint_throw_gift_forced_shown_more":
        # And the named cards are ones the next player picked up and still holds, each going
        # with the card by their rules.
        nxt = (seat + 1) % engine.n_seats
        rules = engine.rules_for(nxt)
        picked = engine.view(seat).shown[nxt]
        named = _cards_of(case.params["partners"])
        if not named or not all(
            c in picked and one_card_from_a_meld(card, c, rules) for c in named
        ):
            out.append(f"{named} are not cards picked up that go with {card}")
        return [*out, f"{safe} are no gift"] if safe else out
    if not safe:
        out.append("every card is a gift")
    pankal = wild_capable(card, engine.rules_for((seat + 1) % engine.n_seats))
    if pankal != (case.key == "hint_throw_gift_pankal_more"):
        out.append(f"{card} pankal: {pankal}")
    return out


def _whole_pile_lay(engine: Engine, seat: int) -> bool:
    """Does one legal lay right after a take put down every card the take brings?"""
    taken, _, lays = pile_lays(engine, seat)
    return bool(taken) and any(not Counter(taken) - Counter(m.cards) for m in lays)


def _check_pile_free(case: Case) -> list[str]:
    """ "Draw if you like, but this passes up the pile: its N (cards) could all go down this
    turn": More; the take is legal, it brings exactly those cards, and one legal lay after it
    puts them all down."""
    if case.engine.game != "more3":
        return ["not More"]
    if case.engine.check(case.seat, Take()) is not None:
        return ["the take is refused"]
    taken, _, _ = pile_lays(case.engine, case.seat)
    out = [] if _whole_pile_lay(case.engine, case.seat) else ["no lay puts the whole pile down"]
    if sorted(_cards_of(case.params["laid"]), key=sort_key) != sorted(taken, key=sort_key):
        out.append(f"the take brings {taken}")
    if _n(case.params["count"]) != len(taken):
        out.append(f"a take brings {len(taken)} cards")
    return out


def _draw_cost_more(case: Case) -> list[str]:
    """More's "the pile would count N against you; of them you could lay …" is no reason to draw
    where one lay could put the whole pile down (the second More newcomer's finding 2)."""
    if case.engine.game != "more3" or not _whole_pile_lay(case.engine, case.seat):
        return []
    return ["the whole pile could go down this turn"]


def _loose(engine: More3, seat: int, c: Card, hand: Sequence[Card]) -> bool:
    """A card of the hand that goes with no other card of it, no pankal, and no gift."""
    rules = rules_of(engine, seat)
    rest = list(hand)
    rest.remove(c)
    return (
        not any(one_card_from_a_meld(c, o, rules) for o in rest)
        and not wild_capable(c, rules)
        and not _more_gift(engine, seat, c)
    )


def _check_breaks(case: Case) -> list[str]:
    """ "{card} goes with {partners}, so the throw breaks up a start of a meld, while {loose}
    goes with nothing in your hand": More; the partners are exactly the cards of the rest that
    go with it, and the loose card is one (``_loose``)."""
    assert isinstance(case.move, Discard)
    engine, seat, card = case.engine, case.seat, case.move.card
    if not isinstance(engine, More3):
        return ["not More"]
    rules = rules_of(engine, seat)
    hand = list(engine.view(seat).hand)
    rest = list(hand)
    rest.remove(card)
    goes = {o for o in rest if one_card_from_a_meld(card, o, rules)}
    out = []
    if set(_cards_of(case.params["partners"])) != goes or not goes:
        out.append(f"{card} goes with {sorted(goes, key=sort_key)}")
    loose = _cards_of(case.params["loose"])
    if len(loose) != 1 or loose[0] not in rest or not _loose(engine, seat, loose[0], hand):
        out.append(f"{loose} is not a loose card kept")
    return out


def _check_kept_wild_meld(case: Case) -> list[str]:
    """ "{reason} You could lay {meld} now, but only by spending your pankal {wild}": the reason
    under it as its own key checks it; More; the meld is a new meld of a legal lay, the wild a
    pankal in it, and every new meld of the legal lays holds a pankal."""
    inner = case.params["reason"]
    engine, seat = case.engine, case.seat
    # The inner reason's own check, not ``check_reason``: this sentence is what says the meld.
    check = CHECKS.get(inner.key)
    if check is None:
        return [f"no check for {inner.key}"]
    out = check(Case(engine, seat, case.move, inner.key, inner.params))
    if not isinstance(engine, More3):
        return [*out, "not More"]
    rules = rules_of(engine, seat)
    melds = [
        new
        for m in engine.legal_moves(seat)
        if isinstance(m, Meld | Lay)
        for new in as_lay(m).melds
    ]
    if sorted(_cards_of(case.params["meld"])) not in [sorted(new) for new in melds]:
        out.append("no legal lay melds these cards")
    wild = _cards_of(case.params["wild"])
    if len(wild) != 1 or wild[0] not in _cards_of(case.params["meld"]):
        out.append(f"{wild} is not in the meld")
    elif not wild_capable(wild[0], rules):
        out.append(f"{wild} is no pankal")
    if not all(any(wild_capable(c, rules) for c in new) for new in melds):
        out.append("a legal meld spends no pankal")
    return out


def _pankal_meld_unsaid(case: Case) -> list[str]:
    """A More throw while the hand could lay a meld now, every one spending a pankal, says why
    it keeps the meld back (the second More newcomer's finding 5: ``meld 6D 2C 8D`` skipped
    without a word)."""
    engine, move = case.engine, case.move
    if not isinstance(engine, More3) or not isinstance(move, Discard):
        return []
    said = {"hint_with_kept_wild_more", *SAYS_NO_LAY}
    if said & set(_gift_chain(case)):
        return []
    after, _ = _played(engine, case.seat, move)
    if after.round_over:
        return []
    rules = rules_of(engine, case.seat)
    melds = [
        new
        for m in engine.legal_moves(case.seat)
        if isinstance(m, Meld | Lay)
        for new in as_lay(m).melds
    ]
    if melds and all(any(wild_capable(c, rules) for c in new) for new in melds):
        return ["a meld with a pankal could be laid now, and why not is unsaid"]
    return []


# ---------------------------------------------------------------- More's throws (third newcomer)


def _own_fit(engine: More3, seat: int, card: Card) -> list[int]:
    """The melds of the seat's own side a natural ``card`` goes onto (either end), by the
    engine's add reader and the seat's rules; none for a pankal."""
    rules = rules_of(engine, seat)
    if wild_capable(card, rules):
        return []
    side = engine.side(seat)
    return [
        mid
        for mid, m in sorted(engine.melds.items())
        if engine.side(m.seat) == side
        and any(
            isinstance(added_or_why(m.meld, (card,), rules, end), MeldsMeld)
            for end in ("high", "low")
        )
    ]


def _alone_in(card: Card, hand: Sequence[Card], rules: MeldRules) -> bool:
    rest = list(hand)
    rest.remove(card)
    return not any(one_card_from_a_meld(card, o, rules) for o in rest)


# The More throw reasons that speak of the card as loose or as the one the rest outweighs.
LOOSE_THROWS = frozenset(
    {
        "hint_throw_alone",
        "hint_throw_alone_highest_more",
        "hint_throw_alone_top_more",
        "hint_throw_alone_keeps_own_more",
        "hint_throw_few",
        "hint_throw_few_one",
        "hint_throw_few_more",
        "hint_throw_few_more_one",
        "hint_throw_keeps_combos",
    }
)


def _lays_later(engine: More3, seat: int, kept: int) -> bool:
    """Could a card kept be laid on a later turn: two kept, or one whose laying (after the next
    draw, one card left to throw) empties the hand, which RULES.md (More) allows a side only to
    take its More pile (a biriba down) or to go out (a pure biriba and a second one)."""
    if kept >= 2:
        return True
    side = engine.side(seat)
    biribas = engine.side_biribas(side)
    return bool(biribas) and (
        engine.pile_open(side) or (engine.pile_taken[side] and can_go_out_with(biribas))
    )


def _more_loose_unsaid(case: Case) -> list[str]:
    """More (the third newcomer's findings 1 and 4): a throw told as loose, or as the card the
    rest of the hand outweighs, is of a card that goes onto none of the side's own melds, and
    is no pankal while the hand holds a natural card."""
    engine, move = case.engine, case.move
    if not isinstance(engine, More3) or not isinstance(move, Discard):
        return []
    keys = set(_gift_chain(case))
    if not keys & LOOSE_THROWS:
        return []
    rules = rules_of(engine, case.seat)
    hand = engine.view(case.seat).hand
    # A card that can't be laid later (``_lays_later``): its fit is no matter.
    later = _lays_later(engine, case.seat, len(hand) - 1)
    own = _own_fit(engine, case.seat, move.card) if later else []
    out = [f"{move.card} goes onto own meld {m}" for m in own]
    if wild_capable(move.card, rules) and any(not wild_capable(c, rules) for c in hand):
        out.append(f"{move.card} is a pankal thrown beside a natural card")
    if keys & {"hint_throw_few", "hint_throw_few_one"}:
        # "The rest of your hand is worth more to keep", by the rule book's card values.
        out += [
            f"{c} is kept and worth less than {move.card}"
            for c in sorted(set(hand) - {move.card}, key=sort_key)
            if card_points(c) < card_points(move.card)
        ]
    return out


def _check_pankal_more(case: Case) -> list[str]:
    """ "Throw the pankal if you must … throw another card ({others})": the card is a pankal,
    and each named card is in the hand, natural and no gift to the next player."""
    assert isinstance(case.move, Discard)
    engine, seat, card = case.engine, case.seat, case.move.card
    if not isinstance(engine, More3):
        return ["not More"]
    rules = rules_of(engine, seat)
    hand = engine.view(seat).hand
    out = [] if wild_capable(card, rules) else [f"{card} is no pankal"]
    named = _cards_of(case.params["others"])
    if not named:
        out.append("no other card named")
    for o in named:
        if o not in hand or wild_capable(o, rules) or _more_gift(engine, seat, o):
            out.append(f"{o} is no natural safe throw of the hand")
    return out


def _check_own_meld(forced: bool) -> Check:
    """ "It goes onto your side's meld {meld}": the engine's add reader takes the card onto that
    meld of the seat's side. Forced ("each of your other cards is a pankal, goes onto your
    melds too, or would let the next player take the pile"): every other card of the hand is
    one of those. Kept ("throw another card ({others})"): each named card is in the hand,
    natural, for none of the side's melds, and no gift."""

    def check(case: Case) -> list[str]:
        assert isinstance(case.move, Discard)
        engine, seat, card = case.engine, case.seat, case.move.card
        if not isinstance(engine, More3):
            return ["not More"]
        rules = rules_of(engine, seat)
        out = []
        if case.params["meld"] not in _own_fit(engine, seat, card):
            out.append(f"{card} goes not onto own meld {case.params['meld']}")
        rest = list(engine.view(seat).hand)
        rest.remove(card)
        if not _lays_later(engine, seat, len(rest)):
            out.append(f"the throw keeps {len(rest)} card, and the side may not empty a hand")
        if forced:
            out += [
                f"{o} is a natural safe card for no own meld"
                for o in rest
                if not wild_capable(o, rules)
                and not _own_fit(engine, seat, o)
                and not _more_gift(engine, seat, o)
            ]
            return out
        named = _cards_of(case.params["others"])
        if not named:
            out.append("no other card named")
        for o in named:
            bad = wild_capable(o, rules) or _own_fit(engine, seat, o)
            if o not in rest or bad or _more_gift(engine, seat, o):
                out.append(f"{o} is no natural safe throw for no own meld")
        return out

    return check


def _check_alone_keeps_own(case: Case) -> list[str]:
    """ "Nothing in your hand goes with it, it goes onto none of your side's melds, while {own}
    can go onto them later": the card is alone and for no own meld; each named card is in the
    hand, alone, and goes onto an own meld; every other alone card is named."""
    assert isinstance(case.move, Discard)
    engine, seat, card = case.engine, case.seat, case.move.card
    if not isinstance(engine, More3):
        return ["not More"]
    rules = rules_of(engine, seat)
    hand = list(engine.view(seat).hand)
    out = _check_throw_partners(case)
    if _own_fit(engine, seat, card):
        out.append(f"{card} goes onto an own meld")
    if not _lays_later(engine, seat, len(hand) - 1):
        out.append(f"the throw keeps {len(hand) - 1} card, and the side may not empty a hand")
    named = _cards_of(case.params["own"])
    for o in named:
        if o not in hand or not _alone_in(o, hand, rules) or not _own_fit(engine, seat, o):
            out.append(f"{o} is no loose card for an own meld")
    others = {o for o in hand if o != card and _alone_in(o, hand, rules)}
    out += [f"{o} is alone too" for o in others - set(named)]
    return out


def _check_alone_top_more(case: Case) -> list[str]:
    """ "Alone, like these, and none of those costs more": as ``_check_throw_alone_highest_more``
    but with a tie allowed: no named card costs more by More's card points."""
    card = case.move.card  # type: ignore[attr-defined]
    named = _cards_of(case.params["others"])
    out = _more_alone_named(case)
    if not named:
        out.append("no other card named")
    if _n(case.params["points"]) != card_points(card):
        out.append(f"{card} costs {card_points(card)}, not {_n(case.params['points'])}")
    return out + [f"{o} costs more" for o in named if card_points(o) > card_points(card)]


def _more_alone_named(case: Case) -> list[str]:
    """More's loose cards named beside the thrown one: each in the hand and alone; every other
    alone card is named, but for those that go onto the side's own melds (kept for them)."""
    assert isinstance(case.move, Discard)
    engine, seat, card = case.engine, case.seat, case.move.card
    assert isinstance(engine, More3)
    rules = rules_of(engine, seat)
    hand = list(engine.view(seat).hand)
    named = _cards_of(case.params["others"])
    # The partners' check reads "points" as Hand's hand value: More's cost is checked apart.
    plain = {k: v for k, v in case.params.items() if k != "points"}
    out = _check_throw_partners(dataclasses.replace(case, params=plain))
    out += [f"{o} is not in the hand" for o in named if o not in hand]
    out += [f"{o} goes with a card" for o in named if o in hand and not _alone_in(o, hand, rules)]
    out += [
        f"{o} is alone too"
        for o in set(hand) - set(named) - {card}
        if _alone_in(o, hand, rules) and not _own_fit(engine, seat, o)
    ]
    return out


def _check_few_more(several: bool) -> Check:
    """ "Only {partners} go with it …, and it costs you {points}, more than {cheaper}": the
    partners as ``_check_partner_count`` checks them, the card's points by More's values, and
    the cheaper cards exactly the kept ones that cost less."""
    count = _check_partner_count(several)

    def check(case: Case) -> list[str]:
        assert isinstance(case.move, Discard)
        card = case.move.card
        plain = {k: v for k, v in case.params.items() if k != "points"}
        out = count(dataclasses.replace(case, params=plain))
        if _n(case.params["points"]) != card_points(card):
            out.append(f"{card} costs {card_points(card)}, not {_n(case.params['points'])}")
        rest = list(case.engine.view(case.seat).hand)
        rest.remove(card)
        cheaper = {c for c in rest if card_points(c) < card_points(card)}
        named = set(_cards_of(case.params["cheaper"]))
        if not named or named != cheaper:
            out.append(f"named {sorted(map(str, named))} cheaper, not {sorted(map(str, cheaper))}")
        return out

    return check


def _check_lay_run_end_near_piles(case: Case) -> list[str]:
    """ "… {count} left to draw: {stock} in the stock, then {pile} from the More pile(s) nobody
    took": as ``_check_lay_run_end_near``, with the stock's count and the closed piles' own,
    one pile or two as the key says."""
    engine = case.engine
    out = _check_lay_run_end_near(case)
    if not isinstance(engine, More3):
        return out
    closed = [len(p) for s, p in enumerate(engine.piles) if engine.pile_open(s) and p]
    if _n(case.params["stock"]) != len(engine.stock):
        out.append(f"the stock holds {len(engine.stock)}")
    if _n(case.params["pile"]) != sum(closed):
        out.append(f"the closed More piles hold {sum(closed)}")
    want = 1 if case.key == "hint_lay_run_end_near_pile" else 2
    if len(closed) != want:
        out.append(f"{len(closed)} More piles are closed")
    return out


CHECKS: dict[str, Check] = {
    "hint_draw_no_take": _check_draw_no_take,
    "mor.hint_draw_no_take": _check_draw_no_take,  # the same claim, Mor's refusal unbracketed
    "hint_draw_keep": _check_draw_keep,
    "hint_draw_cost": lambda case: (
        _check_pile_cost(case)
        + (_check_pile_favoured(case) if case.engine.game == "mor" else [])
        + _draw_cost_more(case)
    ),
    "hint_draw_pile_free_more": _check_pile_free,
    "hint_throw_gift_more": _check_gift,
    "hint_throw_gift_pankal_more": _check_gift,
    "hint_throw_gift_forced_more": _check_gift,
    "hint_throw_gift_forced_shown_more": _check_gift,
    "hint_throw_breaks_more": _check_breaks,
    "hint_with_kept_wild_more": _check_kept_wild_meld,
    "hint_draw_cost_none": _check_pile_cost,
    "mor.hint_draw_cost_most": _check_pile_cost_most,
    "hint_draw_idle": _check_draw_idle,
    "hint_draw_idle_unopened": _check_draw_idle_unopened,
    "hint_take": _check_take,
    "hint_take_then": _check_take_then,
    "mor.hint_take_then_project": _check_take_project,
    "hint_take_top_then": _check_take_then,
    "hint_take_top_pile_then": _check_take_then,
    "hint_return": _check_legal,
    "hint_swap": _check_legal,
    "hint_bid": _check_bid,
    "hint_bid_lead": _check_bid,
    "hint_bid_lowest": _check_bid,
    "hint_pass": _check_pass,
    "hint_play_out": _check_play_out,
    "hint_play_out_bomb": _check_play_out_bomb,
    "hint_play_bomb_paid": _not_on_a_bomb(_check_play_bomb_paid),
    "runfast.hint_play_higher_bomb_paid": _on_a_bomb(_check_play_bomb_paid),
    "runfast.hint_play_higher_bomb_sure": _on_a_bomb(_check_play_bomb_sure),
    "hint_play_beat": _check_play_beat,
    "hint_play_lead": _check_play_lead,
    "hint_play_lead_first": _check_play_lead_first,
    "runfast.hint_play_lead_pick": _check_play_lead_pick,
    "runfast.hint_play_beat_higher": _check_play_beat_higher,
    "runfast.hint_play_beat_higher_whole": _check_play_beat_higher_whole,
    "runfast.hint_play_lead_lowest_kind": _check_play_lead_lowest_kind,
    "runfast.hint_play_lead_first_pick": _check_play_lead_first_pick,
    "hint_play_lead_lowest": _check_play_lead_lowest,
    "hint_play_beat_lowest": _check_play_beat_lowest,
    "hint_play_beat_lead_back": _check_play_beat_lead_back,
    "hint_play_beat_whole": _check_play_beat_whole,
    "runfast.hint_play_beat_split_high": _check_play_beat_split_high,
    "hint_play_beat_bomb_kept": _check_play_beat_bomb_kept,
    "hint_play_bomb_sure": _not_on_a_bomb(_check_play_bomb_sure),
    "hint_play_beat_near_out": _check_play_beat_near_out,
    "hint_play_lead_whole": _check_play_lead_whole,
    "runfast.hint_play_beat_lowest_split": _check_play_beat_lowest_split,
    "runfast.hint_play_heavenly": _check_play_heavenly,
    "runfast.hint_play_beat_lowest_straight": _check_play_beat_lowest_straight,
    "runfast.hint_play_lead_long_straight": _check_play_lead_long,
    "runfast.hint_play_lead_long_pairs": _check_play_lead_long,
    "hint_throw_not_theirs": _check_throw_not_theirs,
    "mor.hint_throw_feeds": _check_pile_note,
    "mor.hint_throw_feeds_all": _check_pile_note,
    "mor.hint_throw_pile_open": _check_pile_note,
    "hint_throw_meld_refused": _check_meld_refused,
    "hand.hint_throw_meld_short": _check_meld_short,
    "hint_throw_not_next": _check_not_next(More3, _next_side_fits),
    "hand.hint_throw_twin": _check_hand_throw_twin,
    "hand.hint_throw_twin_few": _check_twin_few(several=True),
    "hand.hint_throw_twin_few_one": _check_twin_few(several=False),
    "hand.hint_throw_alone_unseen": _check_alone_unseen,
    "hand.hint_throw_alone_top_unseen": _check_alone_top_unseen,
    "hand.hint_throw_next_few": _check_hand_next_few,
    "hint_with_near": _check_with_near,
    "hint_with_joker": _check_with_joker,
    "review.same_but_sheds_more": _check_review_same,
    "review.more_take_brings": _check_review_take,
    "review.same_reason_close": _check_review_same,
    "review.runfast_keeps_whole": _check_review_runfast,
    "review.runfast_keeps_whole_loose": _check_review_runfast,
    "review.runfast_fewer_loose": _check_review_runfast,
    "review.rule_of_thumb": _check_review_rule,
    "review.rule_breaks_meld": _check_review_rule,
    "review.rule_breaks_pair": _check_review_rule,
    "mor.hint_with_stock": _check_with_stock,
    "mor.hint_with_stock_out": _check_with_stock,
    "hint_throw_keeps_wild": _check_keeps_wild,
    "hint_throw_ready_kept": _check_ready_kept,
    "hint_throw_alone_highest_more": _check_throw_alone_highest_more,
    "hint_throw_ends": _check_ends,
    "hint_throw_stock_out": _check_stock_out,
    "hint_throw_mor": _check_events(SidePileWaits, "Mor waiting"),
    "hint_throw_more_pile": _check_events(SidePileWaits, "More pile waiting"),
    "hint_lay_mor": _and_verb(_check_events(TookSidePile, "Mor taken")),
    "hint_lay_more_pile": _and_verb(_check_events(TookSidePile, "More pile taken")),
    "hint_add_mor": _and_verb(_check_events(TookSidePile, "Mor taken")),
    "hint_add_more_pile": _and_verb(_check_events(TookSidePile, "More pile taken")),
    "hint_throw_keeps_run": _check_keeps_run,
    "hint_lay_run_end_near": _check_lay_run_end_near,
    "hint_lay_run_end_near_pile": _check_lay_run_end_near_piles,
    "hint_lay_run_end_near_piles": _check_lay_run_end_near_piles,
    "hint_throw_pankal_more": _check_pankal_more,
    "hint_throw_few_more": _check_few_more(several=True),
    "hint_throw_few_more_one": _check_few_more(several=False),
    "hint_throw_own_meld_more": _check_own_meld(forced=True),
    "hint_throw_own_meld_kept_more": _check_own_meld(forced=False),
    "hint_throw_alone_keeps_own_more": _check_alone_keeps_own,
    "hint_throw_alone_top_more": _check_alone_top_more,
    "hint_throw_wait_hand": _check_wait_hand,
    "hint_throw_loose": _check_throw_partners,
    "hint_throw_alone": _check_throw_partners,
    "mor.hint_throw_alone_ace": _check_throw_alone_ace,
    "mor.hint_with_short": _check_with_short,
    "hint_throw_alone_highest": _check_throw_alone_highest,
    "hint_throw_alone_top": _check_throw_alone_top,
    "hint_throw_keeps_combos": _check_keeps_combos,
    "hint_lay_near_out": _and_verb(_check_near_out),
    "hint_add_near_out": _check_near_out,
    "hint_lay_round_ends": _and_verb(_check_round_ends),
    "hint_add_round_ends": _and_verb(_check_round_ends),
    "hint_play_lead_near_out": _check_lead_near_out,
    "hint_throw_few": _check_partner_count(several=True),
    "hint_throw_few_one": _check_partner_count(several=False),
    "hand.hint_throw_few": _check_partner_count(several=True),
    "hand.hint_throw_few_one": _check_partner_count(several=False),
    "hand.hint_throw_only_joker": _check_only_joker,
    "mor.hint_throw_few_loose": _check_few_loose,
    "mor.hint_throw_few_far": _check_few_far,
    "hint_throw_few_hand": _check_no_cheaper_cost(_check_partner_count(several=True)),
    "hint_throw_few_hand_one": _check_no_cheaper_cost(_check_partner_count(several=False)),
    "hint_throw_end_high": _check_end_high,
    "hint_lay_project": _and_verb(_check_made("project")),
    "hint_lay_biriba": _and_verb(_check_made("biriba")),
    "hint_add_project": _and_verb(_check_made("project")),
    "hint_add_biriba": _and_verb(_check_made("biriba")),
    "hint_add_spoils_biriba": _and_verb(_check_spoils),
    "hint_lay_opens": _and_verb(_check_lay_opens),
    "hint_lay_opens_75": _and_verb(_check_lay_opens_75),
    "hint_add_opens_75": _and_verb(_check_lay_opens_75),
    "hint_lay_hand": _and_verb(_check_left),
    "hint_lay": _and_verb(_check_left),
    "mor.hint_lay_first_meld": _check_mor_lay_new,
    "mor.hint_lay_clean_set": _check_mor_lay_new,
    "mor.hint_lay_clean_run": _check_mor_lay_new,
    "hint_add_left_hand": _and_verb(_check_left),
    "hint_add_left": _and_verb(_check_left),
    "hint_add": _check_add,
    "hint_add_hand": _check_add,
}


def false_claims(engine: Engine, seat: int, move: Move) -> tuple[str, list[str]]:
    """The key of the reason a hint gives for ``move`` and what in it the engine says is false
    (nothing when it is true)."""
    key, params = reason(engine, seat, engine.view(seat), move)
    return key, check_reason(engine, seat, move, key, params)


def check_reason(
    engine: Engine, seat: int, move: Move, key: str, params: Mapping[str, Any]
) -> list[str]:
    """What the engine says is false in the reason ``key``/``params`` given for ``move`` (a
    hint's, a review item's). A reason with no check here counts as false: a new kind of reason
    comes with its check."""
    check = CHECKS.get(key)
    if check is None:
        return [f"no check for {key}"]
    # Whatever else a reason says, a move that spoils a pure biriba says so (issue 61: "laid
    # cards count for you" hid the 100 points a joker on a pure biriba throws away).
    hidden = [
        f"it turns pure biriba {i} dirty and the reason hides it"
        for i in _spoilt(engine, seat, move)
        # (a reason that adds a sentence to another leaves it to the other's own check)
        if key
        not in (
            "hint_add_spoils_biriba",
            "hint_with_near",
            "hint_with_joker",
            "mor.hint_with_stock",
            "mor.hint_with_stock_out",
            "mor.hint_with_short",
            *REVIEW_WRAPPERS,
        )
    ]
    if key not in REVIEW_WRAPPERS:
        hidden += _wild_spent(engine, seat, move)
    case = Case(engine, seat, move, key, params)
    return (
        hidden
        + _pile_unsaid(case)
        + _gift_unsaid(case)
        + _pankal_meld_unsaid(case)
        + _more_loose_unsaid(case)
        + check(case)
    )


def _wild_spent(engine: Engine, seat: int, move: Move) -> list[str]:
    """Mor: a new meld of a hinted lay that spends a wild where a natural card left in the hand
    stands in its place, the engine allowing that lay (the newcomer's "lay 3S 2C 3H" with a
    third 3♥ in hand: a set of 3s with a wild tops at 150, a clean one reaches 300)."""
    if not isinstance(engine, Mor) or not isinstance(move, Meld | Lay):
        return []
    lay = as_lay(move)
    rest = list(engine.view(seat).hand)
    for c in lay.cards:
        rest.remove(c)
    out = []
    for n, meld in enumerate(lay.melds):
        for i, card in enumerate(meld):
            if card.rank not in (2, JOKER_RANK):
                continue
            for natural in set(rest):
                if natural.rank in (2, JOKER_RANK):
                    continue
                tried = (*meld[:i], natural, *meld[i + 1 :])
                melds = (*lay.melds[:n], tried, *lay.melds[n + 1 :])
                if engine.check(seat, Lay(melds, lay.adds)) is None:
                    out.append(f"{card} is spent in {list(meld)} where {natural} stands")
    return out


# ---------------------------------------------------------------- positions


def positions(game: str, count: int, first_seed: int = 0) -> Iterator[tuple[Engine, int, int]]:
    """``count`` positions where a seat has a move, with a number to seed the hint by: games the
    ``normal`` computer plays in every seat, from ``first_seed`` on."""
    seed, found = first_seed, 0
    while found < count:
        engine = new_game(game, None, seed)
        rng = random.Random(f"positions:{seed}")
        while found < count and not engine.game_over:
            if engine.round_over:
                engine.next_round()
                continue
            seat = next(s for s in range(engine.n_seats) if engine.legal_moves(s))
            yield engine, seat, found
            found += 1
            engine.apply(
                seat, ai.choose_move(engine.view(seat), engine.legal_moves(seat), PLAYER, rng)
            )
        seed += 1


def other_moves(engine: Engine, seat: int, hinted: Move) -> list[Move]:
    """Every throw, draw, take and return the seat could make besides ``hinted``: a reason must be
    true of any move it is given for (a lesson's answer, a review's better move)."""
    kinds = Discard | Draw | Take | Return
    return [m for m in engine.legal_moves(seat) if isinstance(m, kinds) and m != hinted]


@dataclass
class Tally:
    """One game's check: the positions, the reasons checked by key, and each false one."""

    game: str
    positions: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    false: list[str] = field(default_factory=list)
    false_positions: set[int] = field(default_factory=set)
    seconds: float = 0.0


def check_game(game: str, count: int, level: str, throws_every: int = 0) -> Tally:
    """Check the hints of ``level`` at ``count`` positions of ``game``, and every throw (and draw)
    at every ``throws_every``-th position (0: none)."""
    tally = Tally(game)
    start = time.process_time()
    for engine, seat, n in positions(game, count):
        given = hint(engine, seat, random.Random(n), level)
        assert given is not None  # the seat has a move
        found = [
            (given.move, given.key, check_reason(engine, seat, given.move, given.key, given.params))
        ]
        if given.clue is not None:  # the second stage of a draw or a take is checked too
            key, params = given.clue
            found.append((given.move, key, check_clue(engine, seat, key, params, given.move)))
        if given.nudge in ("hint_nudge_last", "hint_nudge_last_ends"):  # and a last card's first
            found.append(
                (given.move, given.nudge, check_nudge(engine, seat, given.nudge, given.move))
            )
        if given.nudge == "runfast.hint_nudge_lead_last":
            found.append(
                (
                    given.move,
                    given.nudge,
                    check_lead_last_nudge(engine, seat, given.nudge, given.move),
                )
            )
        if given.nudge == "runfast.hint_nudge_heavenly":
            found.append(
                (
                    given.move,
                    given.nudge,
                    check_heavenly_nudge(engine, seat, given.nudge, given.move),
                )
            )
        if throws_every > 0 and n % throws_every == 0:
            found += [
                (m, *false_claims(engine, seat, m)) for m in other_moves(engine, seat, given.move)
            ]
        for move, key, problems in found:
            tally.reasons[key] += 1
            tally.false += [f"position {n}, {move.to_dict()}: {key}: {p}" for p in problems]
            if problems:
                tally.false_positions.add(n)
        tally.positions += 1
    tally.seconds = time.process_time() - start
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per game")
    parser.add_argument("--level", default="hard", help="the computer whose move is hinted")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--every-throw", action="store_true", help="check every throw too")
    args = parser.parse_args(argv)
    wrong = 0
    for game in args.games:
        t = check_game(game, args.positions, args.level, 1 if args.every_throw else 0)
        print(
            f"{game}: {t.positions} positions, {sum(t.reasons.values())} reasons checked, "
            f"{len(t.false)} false at {len(t.false_positions)} positions "
            f"({t.seconds:.1f} s CPU)"
        )
        print("  " + ", ".join(f"{k} {v}" for k, v in sorted(t.reasons.items())))
        for line in t.false[:20]:
            print("  FALSE " + line)
        wrong += len(t.false)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
