"""Hints: the move the ``hard`` computer player would make from a seat, and one sentence why.

The move comes from the same computer player the tables use, deciding from the seat's view only.
The sentence describes what the move does and the fact that allows or drives it, found by playing
the move on a copy of the engine (a project or biriba made, an opening's points, the side pile
coming, a bomb, nothing able to beat the table) -- never a strategy the player didn't use.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from typing import Any

from bot import ai
from bot.ai import Level
from bot.ai.more3 import LATE_STOCK, keeps_in_hand
from bot.games.base import (
    Add,
    AddTo,
    Bid,
    Count,
    Discard,
    Draw,
    Engine,
    Event,
    Lay,
    Meld,
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
    Swap,
    Take,
    TookPile,
    TookSidePile,
    as_lay,
    points,
)
from bot.games.cards import Card, deck_48, deck_106, sort_key
from bot.games.hand import Hand, card_value, hand_value, meld_value
from bot.games.meld_search import every_meld, meld_with
from bot.games.melds import (
    HAND_MELDS,
    MOR_MELDS,
    MeldRules,
    added_or_why,
    single_adds,
    try_meld,
    wild_capable,
)
from bot.games.melds import Meld as MeldsMeld
from bot.games.mor import Mor, MorView, can_close_with, card_halves, meter
from bot.games.more3 import More3, can_go_out_with, card_points, opening_halves
from bot.games.notation import in_order, move_text, parse_move
from bot.games.runfast import BombBonus, RunFast
from bot.games.runfast_combos import (
    ACE_POWER,
    BOMB_KINDS,
    HEAVENLY,
    MIN_STRAIGHT,
    PAIRS,
    STRAIGHT,
    Combo,
    classify,
    describe,
    play_order,
    power,
)
from bot.games.views import HandView, RummyView, RunFastView, View
from bot.i18n import t

HINT_LEVEL = Level.HARD


# A hint comes in stages, each press showing more: what to look at, then the cards (for a draw
# or a take, the cards of the hand the top discard goes with), then the move and why. Only a
# move with neither (a pass, a bid, a return) goes from what to look at to the move.
STAGES = ("nudge", "cards", "move")


@dataclass(frozen=True)
class Hint:
    move: Any  # a Move
    key: str  # the i18n key of the reason
    params: dict[str, Any] = field(default_factory=dict)
    nudge: str = "hint_nudge_lay"  # the i18n key of the first stage: what to look at
    # The second stage of a move without cards of the hand (a draw or a take), or of More's lay
    # of several melds (each named apart): a key and its parameters, or none.
    clue: tuple[str, dict[str, Any]] | None = None
    # The move's cards in the one order the hint shows them in every stage: the order its
    # "(type: …)" writes (``typed_form``); none for the move's own order.
    shown: tuple[Card, ...] | None = None

    def text(self, lang: str = "en") -> str:
        return t(self.key, lang, **self.params)

    def cards(self) -> tuple[Card, ...]:
        """The hand's cards the move uses; none for a draw, take, return, pass or bid."""
        if isinstance(self.move, Discard):
            return (self.move.card,)
        if self.shown is not None:
            return self.shown
        return tuple(getattr(self.move, "cards", ()))

    def next_stage(self, stage: str) -> str | None:
        """The stage after ``stage``, None after the move."""
        if stage == "nudge":
            return "cards" if self.cards() or self.clue else "move"
        return "move" if stage == "cards" else None

    def stage_text(self, stage: str, lang: str = "en") -> str:
        """The words of ``stage``: never the move before the stage ``move`` (a ``cards`` asked
        of a hint without a second stage says what to look at again)."""
        if stage == "move":
            return self.text(lang)
        if stage == "cards" and self.clue:
            # A clue of its own: a draw's or take's, or More's lay of several melds, each shown
            # apart (``clue``).
            return t(self.clue[0], lang, **self.clue[1])
        if stage == "cards" and self.cards():
            return t("hint_cards", lang, cards=cards(self.cards()), n=len(self.cards()))
        return t(self.nudge, lang)


# Mor's draw and take weigh the whole discard pile, not its top card (RULES.md §1): its own
# first stage says so.
_MOR_PILE_NUDGES: dict[type[Move], str] = {Draw: "mor.hint_nudge_draw", Take: "mor.hint_nudge_take"}


def nudge_key(move: Move, view: View, engine: Engine | None = None) -> str:
    """What to look at before the move is given away, by the kind of move. A throw of the last
    card in hand says so (issue 61: "the card that helps your melds least" of one card), and,
    asked of the engine, that it ends the round when it does."""
    if isinstance(move, Discard) and len(getattr(view, "hand", ())) == 1:
        if engine is not None and any(
            isinstance(e, RoundOver) for e in _copy(engine).apply(view.seat, move)
        ):
            return "hint_nudge_last_ends"
        return "hint_nudge_last"
    if isinstance(view, MorView) and type(move) in _MOR_PILE_NUDGES:
        return _MOR_PILE_NUDGES[type(move)]
    if isinstance(view, RunFastView) and isinstance(move, Play) and _lone_lead(view):
        # One card to lead is no choice (issue 61: "which card is hardest to get rid of?" of a
        # hand of one).
        return "runfast.hint_nudge_lead_last"
    if (
        isinstance(view, RunFastView)
        and isinstance(move, Play)
        and view.must_include is not None
        and heavenly(move.cards)
    ):
        # All four 3s as the game's first play: what they make then, not "which card is
        # hardest to get rid of" (the second Run Fast newcomer, seed 71).
        return "runfast.hint_nudge_heavenly"
    if isinstance(move, Play):
        # Only Run Fast is played by plays, and only its view has a trick.
        return (
            "hint_nudge_beat" if isinstance(view, RunFastView) and view.trick else "hint_nudge_lead"
        )
    kinds = {
        Draw: "hint_nudge_draw",
        Take: "hint_nudge_take",
        Return: "hint_nudge_return",
        Pass: "hint_nudge_pass",
        Bid: "hint_nudge_bid",
        Swap: "hint_nudge_swap",
        Discard: "hint_nudge_discard",
    }
    key = next((key for kind, key in kinds.items() if isinstance(move, kind)), "hint_nudge_lay")
    if key == "hint_nudge_lay" and isinstance(view, HandView) and not view.opened[view.seat]:
        # Before the 51 nothing can go onto a meld on the table (issue 61).
        return "hint_nudge_open"
    return key


def typed_form(engine: Engine, seat: int, move: Move) -> Move:
    """``move`` in the plainest form ``help`` teaches, for the hint's "(type: …)" (issue 61:
    "lay add 2 6H", "lay 7S 6S 8S"): its cards in the order they are laid out (``in_order``),
    one addition alone as ``add 2 6H``, one new meld alone as ``meld 6S 7S 8S``. The plain form
    is given only where it reads back (``parse_move``) as a move the engine plays alike: the
    same hand and melds after it; else the move as it came."""
    plain = in_order(move)
    if isinstance(plain, Lay) and len(plain.melds) == 1 and not plain.adds:
        plain = Meld(plain.melds[0])
    if plain == move:
        return move
    try:
        back = parse_move(move_text(plain))
    except ValueError:
        return move
    return back if _same_table(engine, seat, move, back) else move


def _same_table(engine: Engine, seat: int, one: Move, other: Move) -> bool:
    """Do the two moves, each played on a copy, leave the same hand, melds (each meld's cards
    as the engine lays them out) and trick?"""

    def after(move: Move) -> Any:
        copy = _copy(engine)
        if copy.check(seat, move) is not None:
            return None
        copy.apply(seat, move)
        view = copy.view(seat)
        melds = [tuple(m.cards) for m in getattr(view, "melds", ())]
        return sorted(view.hand, key=sort_key), melds, sorted(getattr(view, "trick", ()) or ())

    first = after(one)
    return first is not None and first == after(other)


def heavenly(played: Sequence[Card]) -> bool:
    """Are ``played`` the heavenly bomb, read as the game's opening play?"""
    combo = classify(list(played), opening=True)
    return isinstance(combo, Combo) and combo.kind == HEAVENLY


def _lone_lead(view: RunFastView) -> bool:
    """Run Fast's lead with one card in hand: no choice to weigh."""
    return not view.trick and len(view.hand) == 1


def cards(cs: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cs)


def _copy(engine: Engine) -> Engine:
    return type(engine).from_json(engine.to_json())


def record_seed(record: Any) -> Any:
    """The seed a game's record was dealt from (the rummies keep it in the record's header)."""
    return (record.get("header") or {}).get("seed", record.get("seed", 0))


def hint_rng(record: Any, position: int | None = None) -> random.Random:
    """The randomness of the hint at ``position`` of a game's ``record`` (by default its end:
    the move about to be made): the terminal, the bot and the review after the game
    (``bot.learning.review``) draw the same, so the review's better move at a position is the
    hint's own move there, never another (issue 61)."""
    at = len(record["moves"]) if position is None else position
    return random.Random(f"hint:{record_seed(record)}:{at}")


def hint(engine: Engine, seat: int, rng: random.Random, level: str = HINT_LEVEL) -> Hint | None:
    """The hard player's move for ``seat`` now and its reason; None when the seat has no move.
    (``level``: another computer player's move instead, for tests that need many quickly.)"""
    move = hint_move(engine, seat, rng, level)
    return None if move is None else hint_for(engine, seat, move)


def hint_move(
    engine: Engine, seat: int, rng: random.Random, level: str = HINT_LEVEL
) -> Move | None:
    """The move ``hint`` gives, without its reason and stages: what the review's screen asks
    of many positions, where the words would be thrown away."""
    legal = engine.legal_moves(seat)
    if not legal:
        return None
    view = engine.view(seat)
    return advise(
        engine, seat, legal, lambda ok: ai.choose_move(view, ok, level, rng), several=True
    )


def advise(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    choose: Callable[[Sequence[Move]], Move | None],
    several: bool = True,
) -> Move:
    """The one chain of advice the hint and the guided coach share (issue 61: the coach said
    ``draw`` on a pile whose own numbers favoured the take, which the hint took): ``choose``
    (the adviser's judgement: the hard player for a hint, the coach's suggestion in the guided
    round) picks the move, then each rule of the chain checks it on the engine, in order.
    ``several``: the adds of several cards to one meld are weighed beside the legal moves."""
    first = choose(legal)
    move = first if first is not None and first in legal else legal[0]
    move = no_idle_take(engine, seat, legal, move)
    move = pile_by_its_numbers(engine, seat, legal, move)
    move = no_feeding_throw(engine, seat, legal, move, choose)
    move = throws_loose_first(engine, seat, legal, move, choose)
    move = keeps_joker(engine, seat, legal, move, choose)
    move = makes_biriba(engine, seat, legal, move, choose, several=several)
    move = betters_project(engine, seat, legal, move, choose)
    move = lays_before_stock_out(engine, seat, legal, move, choose)
    move = sheds_high_at_end(engine, seat, legal, move, choose)
    move = hand_least_wanted(engine, seat, legal, move, choose)
    move = no_spoilt_biriba(engine, seat, legal, move, choose)
    move = lays_kept_run(engine, seat, legal, move)
    move = toward_more_pile(engine, seat, legal, move, choose, several=several)
    move = plain_run_fast_play(engine, seat, legal, move)
    move = keeps_wild(engine, seat, move)
    if isinstance(engine, More3):
        # The rules after the throw's own check choose again among the legal moves, and may
        # come back with a throw that feeds the next player: checked once more.
        move = no_feeding_throw(engine, seat, legal, move, choose)
        move = throws_loose_first(engine, seat, legal, move, choose)
        move = keeps_pure_chance(engine, seat, legal, move, choose)
        move = keeps_pankal_for_biriba(engine, seat, legal, move, choose)
        move = more_throw_order(engine, seat, legal, move, choose)
    return move


# Run Fast's reasons that give no rule of thumb: the adviser's pick, said as such.
NO_RULE = frozenset(
    {
        "runfast.hint_play_beat_higher",
        "runfast.hint_play_beat_higher_whole",
        "runfast.hint_play_lead_pick",
    }
)
# How many plain plays are weighed, lowest first, before the adviser's pick stands.
PLAIN_TRIED = 8


def plain_run_fast_play(engine: Engine, seat: int, legal: Sequence[Move], move: Move) -> Move:
    """Run Fast: a hint is for teaching (the second newcomer's finding 2: a third of the hints
    were "no simple rule of thumb … the computer player's pick", some splitting a pair while a
    lower beat split nothing). When the adviser's pick has no reason a learner can be told, the
    plain play a rule of thumb gives: of the plays that split no pair, triple or bomb (bombs
    aside), the lowest whose reason is a rule (the lowest beat, one every lower beat would
    split, the lowest loose card or combination to lead), more cards first at a height. The
    pick stands when none has."""
    if not isinstance(engine, RunFast) or not isinstance(move, Play):
        return move
    before = engine.view(seat)
    move = high_on_last_card(before, legal, move)
    move = leads_long(before, legal, move)
    if reason(engine, seat, before, move)[0] not in NO_RULE:
        return move
    plain = sorted(
        (
            m
            for m in legal
            if isinstance(m, Play) and plain_top(m.cards) and keeps_whole(m.cards, before.hand)
        ),
        key=lambda m: (plain_top(m.cards), -len(m.cards)),
    )
    for m in plain[:PLAIN_TRIED]:
        if reason(engine, seat, before, m)[0] not in NO_RULE:
            return m
    return move


# Leads that put a whole straight or run of consecutive pairs out in one play.
LONG_KINDS = frozenset({STRAIGHT, PAIRS})


def long_kind(played: Sequence[Card]) -> str | None:
    """The kind of ``played`` when it is a straight or consecutive pairs, else None."""
    combo = classify(list(played))
    return combo.kind if isinstance(combo, Combo) and combo.kind in LONG_KINDS else None


def leads_long(view: RunFastView, legal: Sequence[Move], move: Play) -> Play:
    """Run Fast, a lead (the fourth Run Fast newcomer's finding 1: "Lead 4♥" out of the straight
    3..9, "Lead 4♠ 4♦" out of 44 55 66, and following them cost points): a lead that breaks up a
    straight or a run of consecutive pairs of the hand leads the longest such play instead,
    the lowest of that length, unless it splits a bomb. Only as many cards of the same kind,
    higher, or a bomb, beat it."""
    if view.trick or long_kind(move.cards) or not breaks_long(move.cards, view.hand):
        return move
    bombs = bomb_ranks(view.hand)
    longs = [
        m
        for m in legal
        if isinstance(m, Play) and long_kind(m.cards) and not splits(m.cards, view.hand) & bombs
    ]
    if not longs:
        return move
    return min(longs, key=lambda m: (-len(m.cards), plain_top(m.cards)))


def breaks_long(played: Sequence[Card], hand: Sequence[Card]) -> bool:
    """Does ``played`` break up a straight or a run of consecutive pairs the hand holds?"""
    return breaks_straight(played, hand) or bool(pair_runs_split(played, hand))


def high_on_last_card(view: RunFastView, legal: Sequence[Move], move: Play) -> Play:
    """Run Fast, an opponent down to one card (the third Run Fast newcomer's finding 3: "Play
    10♠ … your higher cards stay in your hand for later", while seat 2 would go out on any
    single that beat it): there may be no later. Over a single, the single the fewest of the
    unseen cards beat (the lowest of those), a bomb's card aside; a lone card led while a play
    of more cards is there, the lowest such play instead: no single card can answer it."""
    if not any(n == 1 for o, n in enumerate(view.hand_counts) if o != view.seat):
        return move
    if len(move.cards) != 1 or not plain_top(move.cards):
        return move
    if not view.trick:
        more = [
            m
            for m in legal
            if isinstance(m, Play) and len(m.cards) > 1 and plain_top(m.cards)
            if not splits(m.cards, view.hand) & bomb_ranks(view.hand)
        ]
        if not more:
            return move
        return min(more, key=lambda m: (plain_top(m.cards), -len(m.cards)))
    if len(view.trick) != 1:
        return move
    seen = set(view.hand) | set(view.played_cards)
    unseen = [plain_top([c]) for c in deck_48() if c not in seen]

    def beaten_by(m: Play) -> int:
        return sum(p > plain_top(m.cards) for p in unseen)

    bombs = bomb_ranks(view.hand)
    singles = [
        m
        for m in legal
        if isinstance(m, Play) and len(m.cards) == 1 and plain_top(m.cards)
        if m.cards[0].rank not in bombs
    ]
    if not singles:
        return move
    best = min(singles, key=lambda m: (beaten_by(m), plain_top(m.cards)))
    return best if beaten_by(best) < beaten_by(move) else move


def keeps_wild(engine: Engine, seat: int, move: Move) -> Move:
    """Mor: a new meld of the lay that spends a wild (a 2 or a joker) where a natural card of
    the hand stands in its place is laid with the natural card, and the wild kept: a set of 3s
    with a wild tops at 150, a clean one reaches 300 (the newcomer's "lay 3S 2C 3H" with a third
    3♥ in hand). The engine decides that the natural lay is one."""
    if not isinstance(engine, Mor) or not isinstance(move, Meld | Lay):
        return move
    rules = meld_rules(engine, seat)
    lay = as_lay(move)
    rest = list(engine.view(seat).hand)
    for c in lay.cards:
        rest.remove(c)
    melds = [list(m) for m in lay.melds]
    changed = False
    for meld in melds:
        for i, card in enumerate(meld):
            if not wild_capable(card, rules):
                continue
            for natural in sorted(set(rest), key=sort_key):
                if wild_capable(natural, rules):
                    continue
                tried = [*meld[:i], natural, *meld[i + 1 :]]
                others = [tuple(m) for m in melds if m is not meld]
                attempt: Move = Lay((*others, tuple(tried)), lay.adds)
                if isinstance(move, Meld):
                    attempt = Meld(tuple(tried))
                if engine.check(seat, attempt) is None:
                    meld[i] = natural
                    rest.remove(natural)
                    rest.append(card)
                    changed = True
                    break
    if not changed:
        return move
    if isinstance(move, Meld):
        return Meld(tuple(melds[0]))
    return Lay(tuple(tuple(m) for m in melds), lay.adds)


def reaches_more_pile(engine: Engine, seat: int, move: Move) -> bool:
    """More: does ``move`` bring the side's More pile, by the engine on a copy: it empties the
    hand (the pile comes at once, or at the next turn after the emptying throw), or, a lay,
    leaves the one card whose throw will."""
    after = _copy(engine)
    if after.check(seat, move) is not None:
        return False
    events = after.apply(seat, move)
    if any(isinstance(e, TookSidePile | SidePileWaits) for e in events):
        return True
    return isinstance(move, Meld | Add | Lay) and len(after.view(seat).hand) == 1


def toward_more_pile(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
    several: bool = True,
) -> Move:
    """More: once the side has a biriba and its More pile is still to take, the lay that brings
    it (``reaches_more_pile``) goes before a throw or lay that keeps cards back (the More
    newcomer's finding 4: the coach kept 5♠ 6♠ JK in hand to throw instead of laying it and
    emptying the hand for the pile). ``choose`` picks among such lays; ``several``: with the
    adds of several cards to one meld (``side_adds``) too. The hint and the guided coach both
    ask it."""
    if not isinstance(engine, More3) or not isinstance(move, Discard | Meld | Add | Lay):
        return move
    side = engine.side(seat)
    view = engine.view(seat)
    has_biriba = any(m.biriba for m in view.melds if engine.side(m.seat) == side)
    if not has_biriba or not engine.pile_open(side) or reaches_more_pile(engine, seat, move):
        return move
    lays = [m for m in legal if isinstance(m, Meld | Add | Lay)]
    if several:
        lays += side_adds(engine, seat)
    reach = [m for m in lays if reaches_more_pile(engine, seat, m)]
    if not reach:
        return move
    return pick_among(reach, move, choose)


def draws_left(engine: Engine, seat: int) -> int | None:
    """More, late in the round: the cards left to draw before it can end (the stock, and the
    More piles still closed, which become the stock when it runs out), when there are
    ``LATE_STOCK`` or fewer, the hard player's own "late"; None earlier and elsewhere."""
    if not isinstance(engine, More3):
        return None
    view = engine.view(seat)
    left = view.stock_count + sum(view.side_piles)
    return left if left <= LATE_STOCK else None


def lays_kept_run(engine: Engine, seat: int, legal: Sequence[Move], move: Move) -> Move:
    """More's Solo keeps its short runs in hand to take piles with (``keeps_in_hand``); as the
    round nears its end (``draws_left``) a run still held counts against it instead (the More
    newcomer's finding 3: "keep your run Q♦ K♦ A♦" with the stock nearly out). There a throw
    that keeps such a run becomes the run laid, where the engine allows it."""
    if not isinstance(move, Discard) or draws_left(engine, seat) is None:
        return move
    assert isinstance(engine, More3)
    kept = _run_kept(engine, seat, engine.view(seat), move.card)
    if not kept:
        return move
    meld = Meld(kept)
    return meld if engine.check(seat, meld) is None else move


def no_feeding_throw(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
) -> Move:
    """Advice never hands the next opponent the pile when a throw as cheap is safe (issue 61):
    where ``move`` throws a card that goes on the next opponent's melds (Mor, More:
    ``feeds_next``), the throw ``choose`` (the adviser's judgement) picks among the safe
    throws of cards that break up no more of the hand: with no more partners in the hand and
    in no meld ready in it. ``move`` itself when there is none."""
    more = isinstance(engine, More3)
    # More weighs every gift the table shows: a pankal, a card the pile's own cards meld with.
    gift = gifts_next if more else feeds_next_at_all
    if not isinstance(move, Discard) or not gift(move.card, engine, seat):
        return move
    rules = meld_rules(engine, seat)
    hand = engine.view(seat).hand

    def partners(card: Card) -> int:
        rest = list(hand)
        rest.remove(card)
        return sum(goes_with(card, other, rules) for other in rest)

    limit = partners(move.card)
    safe = [
        m
        for m in legal
        if isinstance(m, Discard)
        and not gift(m.card, engine, seat)
        and (partners(m.card) <= limit or more)
        and not ready_melds(m.card, hand, rules)
    ]
    if more and not safe:
        # Every throw feeds them: at least not a pankal, where a natural card will do.
        safe = (
            [m for m in legal if isinstance(m, Discard) and not wild_capable(m.card, rules)]
            if wild_capable(move.card, rules)
            else []
        )
    if not safe:
        return move
    if isinstance(engine, More3):
        # In More the top card brings the whole pile with it: a card that only might make a
        # meld one day goes before one the other side melds at once (the More newcomer's
        # finding 2: 10♥ went onto the Pair's J♥ Q♥ K♥ to keep 5♣ 6♣ together). The safe
        # throws that break up the least.
        fewest = min(partners(m.card) for m in safe)
        safe = [m for m in safe if partners(m.card) == fewest]
    return pick_among(safe, move, choose)


def loose_cards(engine: Engine, seat: int, hand: Sequence[Card] | None = None) -> list[Card]:
    """Mor and More: the cards of ``hand`` (the seat's, by default) that nothing goes with and
    that hand over nothing: no other card of it makes a meld with the card (even with one more
    card, ``_alone``), and thrown it feeds no one: in Mor it goes onto no meld of either team
    (the own team's melds take it instead); in More it is no pankal and no gift to the next
    player (``gifts_next``). The throws that break up nothing; none in the other games."""
    if not isinstance(engine, Mor | More3):
        return []
    rules = meld_rules(engine, seat)
    held = engine.view(seat).hand if hand is None else hand
    if isinstance(engine, More3):
        fits = {c for c in held if wild_capable(c, rules) or gifts_next(c, engine, seat)}
    else:
        team = engine.team(seat)
        fits = {
            c
            for c in held
            if feeds_other_team(c, engine, seat)
            or any(
                isinstance(added_or_why(m.meld, (c,), MOR_MELDS, end), MeldsMeld)
                for m in engine.melds.values()
                if engine.team(m.seat) == team
                for end in ("high", "low")
            )
        }
    return sorted({c for c in held if _alone(c, held, rules) and c not in fits}, key=sort_key)


def throws_loose_first(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
) -> Move:
    """Mor and More: a card nothing goes with (``loose_cards``) is thrown before one that goes
    with another card of the hand: the newcomers read "Throw 5♣: only 6♣ goes with it … The
    rest of your hand is worth more to keep" beside a loose 6♦ and 10♦ (Mor), and "Throw 6♠:
    only 8♠ goes with it" beside a 3♣ that went with nothing (More). The throw ``choose`` picks
    among the loose cards; ``move`` itself when none is loose, when its card is, or (More) when
    its card goes with nothing in the hand anyway."""
    if not isinstance(engine, Mor | More3) or not isinstance(move, Discard):
        return move
    hand = engine.view(seat).hand
    loose = loose_cards(engine, seat, hand)
    if not loose or move.card in loose:
        return move
    if isinstance(engine, More3) and _alone(move.card, hand, meld_rules(engine, seat)):
        return move
    throws = [m for m in legal if isinstance(m, Discard) and m.card in loose]
    if not throws:
        return move
    return pick_among(throws, move, choose)


def taken_card_fits(engine: Engine, seat: int) -> bool:
    """Hand: would the top discard, once taken, go into a new meld this turn? Asked of the
    engine after the take on a copy: some lay it then allows uses the card (its legal moves hold
    every single meld and, wherever a lay exists, one). A pair of 10s with nothing else in hand
    can't use a third 10: laying all three leaves no card to throw."""
    after = _copy(engine)
    after.apply(seat, Take())
    taken = set(getattr(after, "must_lay", ()))
    return any(isinstance(m, Meld | Lay) and taken & set(m.cards) for m in after.legal_moves(seat))


def no_idle_take(engine: Engine, seat: int, legal: Sequence[Move], move: Move) -> Move:
    """Advice never takes Hand's top discard only to return it (issue 61): where the taken card
    could go into no new meld this turn, the draw instead, as the player does when the card
    doesn't fit. The computer players' own judgement (``bot.ai.hand``) misses the card kept for
    the throw."""
    idle = engine.game == "hand" and isinstance(move, Take) and Draw() in legal
    return Draw() if idle and not taken_card_fits(engine, seat) else move


def pile_favoured(engine: Engine, seat: int) -> bool:
    """Mor: do the pile's own numbers, as the draw's reason states them, favour the take: could
    the pile's cards that go down this turn (some legal lay right after the take puts them
    down) make up at least half of what the whole pile would count in hand?"""
    taken, _, laid, _ = after_take(engine, seat)
    return bool(laid) and 2 * in_hand_points("mor", laid) >= in_hand_points("mor", taken)


def lays_whole_pile(engine: Engine, seat: int) -> bool:
    """More: could one legal lay right after a take put every card of the pile down (the
    engine's answers on a copy, ``after_take``)?"""
    taken, lays, _, _ = after_take(engine, seat)
    need = Counter(taken)
    return bool(taken) and any(not need - Counter(m.cards) for m in lays)


def pile_by_its_numbers(engine: Engine, seat: int, legal: Sequence[Move], move: Move) -> Move:
    """Mor's take or draw agrees with the numbers its reason states (issue 61: a draw was
    advised where half the pile or more could go down at once): a draw where the pile is
    favoured becomes the take."""
    if engine.game not in ("mor", "more3") or not isinstance(move, Draw) or Take() not in legal:
        return move
    if engine.game == "more3":
        # More (the More newcomer's finding 2): a pile every card of which could go down this
        # turn costs nothing in hand, so its draw's reason ("would count N against you; of
        # them you could lay all") gives no reason to draw: such a pile is taken.
        return Take() if lays_whole_pile(engine, seat) else move
    return Take() if pile_favoured(engine, seat) else move


def forced_pass(engine: Engine, seat: int) -> bool:
    """Is a pass the seat's only move (nothing in the hand beats the table)? The guided coach
    then gives no tip: its note has already said so (issue 61)."""
    legal = engine.legal_moves(seat)
    return bool(legal) and all(isinstance(m, Pass) for m in legal)


def spoils_biriba(engine: Engine, seat: int, move: Move) -> bool:
    """Does ``move`` turn a pure biriba dirty (a wild added to it: 200 down to 100)? Asked of
    the engine, by playing the move on a copy."""
    if not isinstance(move, Add | Lay) or not isinstance(engine, More3):
        return False
    pure = {m.id for m in engine.view(seat).melds if m.biriba == "pure"}
    if not pure:
        return False
    changed = engine.lay_outcome(seat, move).changed
    return any(engine.meld_biriba(meld) != "pure" for mid, meld in changed.items() if mid in pure)


def no_spoilt_biriba(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
) -> Move:
    """Advice never turns a pure biriba dirty without saying so (issue 61): where ``move``
    would, the move ``choose`` (the adviser's own judgement) picks among the legal moves that
    don't; ``move`` itself when every legal move does (its reason then says what it costs)."""
    if not spoils_biriba(engine, seat, move):
        return move
    keep = [m for m in legal if not spoils_biriba(engine, seat, m)]
    return pick_among(keep, move, choose)


def pick_among(
    keep: Sequence[Move], move: Move, choose: Callable[[Sequence[Move]], Move | None]
) -> Move:
    """The adviser's pick (``choose``) among ``keep``, the legal moves a rule of thumb leaves
    in place of ``move``; its first where the adviser picks none of them, and ``move`` itself
    where the rule leaves none (its reason then says what it costs)."""
    if not keep:
        return move
    other = choose(keep)
    return other if other is not None and other in keep else keep[0]


def dirties_near_pure(engine: Engine, seat: int, move: Move) -> bool:
    """More: does ``move`` put a pankal into a pure run of the seat's side that one more natural
    card would make a pure biriba (six cards or more, no biriba yet), while the side still has
    no pure biriba, the one it needs to go out (RULES.md §2)? Asked of the lay's outcome as the
    engine checks it (the third More newcomer's finding 3: 2♥ added to a pure 7♣…Q♣, and the
    partner's K♣ came next)."""
    if not isinstance(engine, More3) or not isinstance(move, Add | Lay):
        return False
    side = engine.side(seat)
    if "pure" in engine.side_biribas(side):
        return False
    if engine.check(seat, move) is not None:
        return False
    changed = engine.lay_outcome(seat, move).changed
    for mid, meld in changed.items():
        old = engine.melds[mid]
        if engine.side(old.seat) != side or old.meld.kind != MeldKind.RUN:
            continue
        near = old.meld.is_clean and len(old.meld.cards) >= BIRIBA_SIZE - 1
        if near and engine.meld_biriba(old.meld) is None and not meld.is_clean:
            return True
    return False


def keeps_pure_chance(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
) -> Move:
    """More: advice never dirties a pure run one natural card short of a pure biriba while the
    side still lacks the pure biriba it needs to go out (``dirties_near_pure``): the move
    ``choose`` picks among the legal moves that don't; ``move`` itself when every legal move
    does (a taken pankal that must go down there)."""
    if not dirties_near_pure(engine, seat, move):
        return move
    keep = [m for m in legal if not dirties_near_pure(engine, seat, m)]
    return pick_among(keep, move, choose)


def _short_dirty(engine: More3, seat: int, cards_: Sequence[Card]) -> bool:
    """A new meld of ``cards_`` that spends a pankal and is shorter than a biriba."""
    meld = try_meld(tuple(cards_), meld_rules(engine, seat))
    return meld is not None and not meld.is_clean and len(cards_) < BIRIBA_SIZE


def spends_pankal_early(engine: Engine, seat: int, move: Move) -> bool:
    """More: does the lay ``move`` spend a pankal on a new meld shorter than a biriba where the
    hard player keeps it for one (``bot.ai.more3``'s own rule for a single meld, the same for
    the melds of a lay)? Not late in the round (``LATE_STOCK``), not the Pair's first meld of
    the side, which the partner can build on, and not a lay that brings the More pile."""
    if not isinstance(engine, More3) or not isinstance(move, Meld | Lay):
        return False
    if not any(_short_dirty(engine, seat, new) for new in as_lay(move).melds):
        return False
    view = engine.view(seat)
    if view.stock_count <= LATE_STOCK or draws_left(engine, seat) is not None:
        return False
    side = engine.side(seat)
    first_of_pair = seat != engine.solo and not any(
        engine.side(m.seat) == side for m in engine.melds.values()
    )
    if first_of_pair or engine.check(seat, move) is not None:
        return False
    return not reaches_more_pile(engine, seat, move)


def keeps_pankal_for_biriba(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
) -> Move:
    """More: one principle for the pankal, said by the hint and followed by the coach (the third
    More newcomer's finding 2: the coach laid 8♣ 9♣ 2♠ beside 8♥ 9♥ 10♥, and the hint then said
    the pankal was better kept for a biriba): a lay that spends one early
    (``spends_pankal_early``) loses its short melds with a pankal where the rest is a lay the
    engine allows; otherwise ``choose`` picks among the legal moves that spend none so."""
    if not spends_pankal_early(engine, seat, move):
        return move
    assert isinstance(engine, More3) and isinstance(move, Meld | Lay)
    lay = as_lay(move)
    kept = tuple(new for new in lay.melds if not _short_dirty(engine, seat, new))
    trimmed: Move = Lay(kept, lay.adds)
    if len(kept) == 1 and not lay.adds:
        trimmed = Meld(kept[0])
    if (kept or lay.adds) and engine.check(seat, trimmed) is None:
        return trimmed
    keep = [m for m in legal if not spends_pankal_early(engine, seat, m)]
    return pick_among(keep, move, choose)


def own_meld(card: Card, engine: Engine, seat: int) -> int | None:
    """More: the first meld of the seat's own side that the natural ``card`` goes onto by the
    seat's meld rules (either end), whether or not the engine lets it be added this turn (a
    side without a biriba keeps two cards in hand); None for a pankal, which goes anywhere,
    and elsewhere."""
    if not isinstance(engine, More3):
        return None
    rules = engine.rules_for(seat)
    if wild_capable(card, rules):
        return None
    side = engine.side(seat)
    for mid, m in sorted(engine.melds.items()):
        if engine.side(m.seat) != side:
            continue
        if any(
            isinstance(added_or_why(m.meld, (card,), rules, end), MeldsMeld)
            for end in ("high", "low")
        ):
            return mid
    return None


def more_throw_order(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
) -> Move:
    """More's throw, by one order the reasons can say (the third More newcomer's findings 1 and
    4): a throw that hands the next player nothing (``gifts_next``) before one that does; then
    a natural card before a pankal ("Throw JK" with 5♥ K♦ in hand); then a card that goes onto
    none of the side's own melds before one that does (``own_meld``: 5♣ thrown beside 9♦ with
    6♣ 7♣ 8♣ on the table); then, among cards nothing in the hand goes with, the dearest
    (``card_points``: what it costs in hand at the end). ``move`` itself when its card
    is already among the first of that order; otherwise ``choose`` picks among them."""
    if not isinstance(engine, More3) or not isinstance(move, Discard):
        return move
    if move not in legal:
        return move
    best = [Discard(c) for c in best_more_throws(engine, seat, legal)]
    if not best or move in best:
        return move
    return pick_among(best, move, choose)


def best_more_throws(
    engine: More3, seat: int, legal: Sequence[Move], dearest: bool = True
) -> list[Card]:
    """The cards ``more_throw_order`` throws first, each once: no gift before a gift, a natural
    card before a pankal, a card for none of the side's melds before one for them, and
    (``dearest``) among cards nothing in the hand goes with, those that cost the most."""
    throws = sorted({m.card for m in legal if isinstance(m, Discard)}, key=sort_key)
    rules = meld_rules(engine, seat)
    hand = engine.view(seat).hand

    def narrow(ok: list[Card], test: Callable[[Card], bool]) -> list[Card]:
        kept = [c for c in ok if test(c)]
        return kept or ok

    best = narrow(throws, lambda c: not gifts_next(c, engine, seat))
    best = narrow(best, lambda c: not wild_capable(c, rules))
    best = narrow(best, lambda c: own_meld(c, engine, seat) is None)
    alone = [c for c in best if _alone(c, hand, rules)]
    if dearest and alone and len(alone) == len(best):
        top = max(card_points(c) for c in alone)
        best = [c for c in alone if card_points(c) == top]
    return best


def biriba_gain(engine: Engine, seat: int, move: Move) -> int:
    """More: how much ``move`` betters the side's biribas, by the engine after it on a copy:
    for each meld of the side, the steps it climbs (none, dirty, pure: a pure biriba made of
    nothing is 2), summed. 0 for a move that lays nothing, or lays too few cards to make one."""
    if not isinstance(engine, More3) or not isinstance(move, Meld | Add | Lay):
        return 0
    lay = as_lay(move)
    if not lay.adds and all(len(m) < BIRIBA_SIZE for m in lay.melds):
        return 0
    # Read from the lay's outcome, as the engine checks it (the melds it changes, the new ones,
    # all the seat's side's), not from the game played on a copy: the hint and the review ask
    # this of every lay a position offers.
    outcome = engine.lay_outcome(seat, move)
    side = engine.side(seat)

    def rank(meld: MeldsMeld) -> int:
        return _BIRIBA_RANK.get(engine.meld_biriba(meld) or "", 0)

    return sum(map(rank, outcome.new)) + sum(
        max(0, rank(meld) - rank(engine.melds[mid].meld))
        for mid, meld in outcome.changed.items()
        if engine.side(engine.melds[mid].seat) == side
    )


def _side_of(engine: Mor | More3, seat: int) -> int:
    """The seat's side: its team in Mor, its side in More."""
    return engine.team(seat) if isinstance(engine, Mor) else engine.side(seat)


def side_adds(engine: Mor | More3, seat: int) -> list[Add]:
    """Every add of several cards of the hand to one meld of the seat's side (Mor's team, More's
    side) that the engine allows now (its legal moves list single adds only): grown a card at a
    time from the adds it allows, the cards in the order they are laid out (``in_order``)."""
    hand = engine.view(seat).hand
    side = _side_of(engine, seat)
    out: list[Add] = []
    for meld_id, m in engine.melds.items():
        if _side_of(engine, m.seat) != side:
            continue
        grown: set[frozenset[int]] = {frozenset()}
        while grown:
            bigger: set[frozenset[int]] = set()
            for used in grown:
                for i in range(len(hand)):
                    if i in used:
                        continue
                    chosen = used | {i}
                    if chosen in bigger:
                        continue
                    add = in_order(Add(meld_id, tuple(hand[j] for j in sorted(chosen))))
                    if engine.check(seat, add) is None:
                        bigger.add(chosen)
                        if len(chosen) > 1:
                            out.append(add)  # type: ignore[arg-type]
            grown = bigger
    return out


# The fewest cards a biriba holds (RULES.md §2).
BIRIBA_SIZE = 7


def makes_biriba(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
    several: bool = True,
) -> Move:
    """Advice sees a lay that makes or betters a biriba (issue 61: the hint laid 3♥ 4♥ 5♥ 6♥
    apart where adding 3♥ 4♥ 5♥ to the side's 6♥…10♥ made an 8-card pure biriba, the one thing
    the side lacked to go out): where ``move``, a lay or a throw, betters the side's biribas
    less than some legal lay does, the move ``choose`` picks among the lays that better them
    most; ``move`` itself when none does better. ``several``: the adds of several cards to one
    meld (``side_adds``) are weighed too, beyond the legal moves' list of single adds (the
    guided coach keeps to that list)."""
    if not isinstance(engine, More3) or not isinstance(move, Meld | Add | Lay | Discard):
        return move
    lays = [m for m in legal if isinstance(m, Meld | Add | Lay)]
    if several:
        lays += side_adds(engine, seat)
    gains = [(biriba_gain(engine, seat, m), m) for m in lays]
    best = max((g for g, _ in gains), default=0)
    if best <= biriba_gain(engine, seat, move):
        return move
    top = [m for g, m in gains if g == best]
    return pick_among(top, move, choose)


def project_gain(engine: Engine, seat: int, move: Move) -> int:
    """Mor: how much ``move`` adds to the team's projects on the table (their values summed,
    by the engine after the move on a copy); 0 for a move that lays nothing. A pure run made
    dirty counts against it."""
    if not isinstance(engine, Mor) or not isinstance(move, Meld | Add | Lay):
        return 0
    # Read from the lay's outcome, as ``biriba_gain`` is: new melds are the team's.
    outcome = engine.lay_outcome(seat, move)
    team = engine.team(seat)

    def value(meld: MeldsMeld) -> int:
        return engine.meld_project(meld) or 0

    return sum(map(value, outcome.new)) + sum(
        value(meld) - value(engine.melds[mid].meld)
        for mid, meld in outcome.changed.items()
        if engine.team(engine.melds[mid].seat) == team
    )


def betters_project(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
) -> Move:
    """Mor's advice sees a lay that makes or betters a project, as ``makes_biriba`` does
    More's biribas (issue 61: the hint laid 4♦ 5♦ 6♦ as a new meld where adding them to the
    team's 7♦…10♦ made a 200 project): where ``move``, a lay or a throw, adds less to the
    team's projects than some lay the engine allows (the legal moves and the adds of several
    cards to one meld, ``side_adds``), the move ``choose`` picks among the lays that add most;
    ``move`` itself when none adds more."""
    if not isinstance(engine, Mor) or not isinstance(move, Meld | Add | Lay | Discard):
        return move
    lays = [m for m in legal if isinstance(m, Meld | Add | Lay)] + side_adds(engine, seat)
    gains = [(project_gain(engine, seat, m), m) for m in lays]
    best = max((g for g, _ in gains), default=0)
    if best <= project_gain(engine, seat, move):
        return move
    top = [m for g, m in gains if g == best]
    return pick_among(top, move, choose)


# Hand: a hand of this many cards or fewer, before the throw, keeps too few to lay a new meld
# and still throw a card after it (a meld is three cards): its pairs are dead.
HAND_END = 3
# Hand: an opponent with this many cards or fewer may go out on the next turns.
HAND_NEAR = 2


def hand_end_near(engine: Engine, seat: int) -> int | None:
    """Hand: with ``HAND_END`` cards or fewer in the seat's hand and an opponent down to
    ``HAND_NEAR`` or fewer, that opponent's count; None otherwise, and in the other games."""
    view = engine.view(seat)
    if not isinstance(view, HandView) or not 1 < len(view.hand) <= HAND_END:
        return None
    counts = [n for o, n in enumerate(view.hand_counts) if o != seat and n <= HAND_NEAR]
    return min(counts) if counts else None


# Mor: a hand of this many cards or fewer at the throw keeps one card at most after it.
MOR_END = 2


def stock_low(engine: Engine, seat: int) -> int | None:
    """Mor: the cards left in the stock when fewer than a round of turns needs (the seat's
    count of seats): the round may end, on the stock running out, before the seat plays again
    (RULES.md §0, "Stock exhausted"). None otherwise, and in the other games."""
    if not isinstance(engine, Mor) or engine.round_over:
        return None
    left = len(engine.stock)
    return left if left < engine.n_seats else None


def end_near(engine: Engine, seat: int) -> bool:
    """Is the round's end near for the seat's throw, so the card kept in hand is what counts:
    Hand's endgame (``hand_end_near``), or Mor's hand of ``MOR_END`` cards or fewer with an
    opponent nearly out (``near_out``) or the stock nearly out (``stock_low``)."""
    if hand_end_near(engine, seat) is not None:
        return True
    if not isinstance(engine, Mor):
        return False
    view = engine.view(seat)
    if not 1 < len(view.hand) <= MOR_END:
        return False
    return near_out(view) is not None or stock_low(engine, seat) is not None


def sheds_high_at_end(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
) -> Move:
    """The endgame throw sheds the costliest card (issue 61: in Hand, with 5♠ 2♥ 5♦ and an
    opponent on 1 card the hint threw the 2♥ to keep a pair that can never be laid; in Mor,
    with two cards left it threw 2♦ and kept 7♥): where the round's end is near
    (``end_near``), a throw of a card worth less in hand than another becomes the throw
    ``choose`` picks among the costliest ones, those that feed no opponent's meld first
    (``feeds_next``)."""
    if not isinstance(move, Discard) or not end_near(engine, seat):
        return move

    def worth(card: Card) -> float:
        return float(in_hand_points(engine.game, (card,)))

    throws = [m for m in legal if isinstance(m, Discard)]
    safe = [m for m in throws if not feeds_next(m.card, engine, seat)] or throws
    top = max(worth(m.card) for m in safe)
    if worth(move.card) >= top:
        return move
    costly = [m for m in safe if worth(m.card) == top]
    return pick_among(costly, move, choose)


def hand_least_wanted(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
) -> Move:
    """Hand: of the throws that cost the same, the one fewest unseen cards make a meld with
    (the fourth fresh Hand newcomer's finding 3: "Throw J♣", and the next player opened with
    J♠ J♥ J♣). Where ``move`` throws a card that goes with nothing in the hand (``_alone``),
    another such card worth as much in hand, that goes onto no meld of the next player
    (``feeds_next``), with fewer pairs among the cards the seat can't see (``unseen_pairs``,
    what the seat can know of another hand) is thrown instead: ``choose`` picks among those
    with the fewest. ``move`` itself otherwise."""
    if not isinstance(engine, Hand) or not isinstance(move, Discard):
        return move
    hand = engine.view(seat).hand
    rules = meld_rules(engine, seat)
    if not _alone(move.card, hand, rules):
        return move
    worth = hand_value(move.card)
    same = [
        m
        for m in legal
        if isinstance(m, Discard)
        and hand_value(m.card) == worth
        and _alone(m.card, hand, rules)
        and not feeds_next(m.card, engine, seat)
    ]
    if not same:
        return move
    fewest = min(unseen_pairs(m.card, engine, seat) for m in same)
    if unseen_pairs(move.card, engine, seat) <= fewest:
        return move
    least = [m for m in same if unseen_pairs(m.card, engine, seat) == fewest]
    return pick_among(least, move, choose)


def lays_before_stock_out(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
) -> Move:
    """Mor: with the stock nearly out (``stock_low``) the round may end before the seat plays
    again, and every card still in hand then counts against the team: a throw where a lay the
    engine allows betters the team's score were the round to end now (``scores_now``, on a
    copy) becomes the lay ``choose`` picks among those that better it most (a hint held cards
    back with three cards left in the stock)."""
    if not isinstance(move, Discard) or not isinstance(engine, Mor):
        return move
    if stock_low(engine, seat) is None:
        return move
    team = engine.team(seat)

    def worth(lay: Move) -> int:
        after = Mor.from_json(engine.to_json())
        after.apply(seat, lay)
        return after.scores_now()[team]

    lays = [(worth(m), m) for m in legal if isinstance(m, Meld | Add | Lay)]
    best = max((w for w, _ in lays), default=None)
    if best is None or best <= engine.scores_now()[team]:
        return move
    top = [m for w, m in lays if w == best]
    return pick_among(top, move, choose)


def hint_for(engine: Engine, seat: int, move: Move) -> Hint:
    """``move`` (a lesson step's answer) as a hint: a step's hint is its answer, with the
    reason worded from what the move does."""
    view = engine.view(seat)
    shown = None
    if isinstance(move, Meld | Add | Lay) and isinstance(engine, Mor):
        # One order for one meld in every stage (the newcomer read "3♠ 2♣ 3♥", "Lay 2♣ 3♥
        # 3♠" and "type: lay 3S 2C 3H"): the typed form's.
        shown = tuple(typed_form(engine, seat, move).cards)  # type: ignore[attr-defined]
    return Hint(
        move,
        *reason(engine, seat, view, move),
        nudge_key(move, view, engine),
        clue(engine, seat, move),
        shown,
    )


def clue(engine: Engine, seat: int, move: Move) -> tuple[str, dict[str, Any]] | None:
    """The second stage of a draw or a take, between what to look at and the move, agreeing
    with the move (issue 61): before a take, a pile card the engine lets be laid right after
    the take and where (onto a meld, or in a new meld with which cards); before a draw, what the
    pile would bring and cost in hand, never a pointer toward it. None for any other move, and
    for a draw where the pile can't be taken: the draw is then the only move, told at once."""
    # Mor's stages show a meld in its typed form's order (``hint_for``), the others in
    # ``in_order``'s, the order their typed form writes.
    laid_out = typed_form(engine, seat, move) if isinstance(engine, Mor) else in_order(move)
    if isinstance(laid_out, Lay) and len(lay_groups(laid_out)) > 1:
        # The newcomer read "6♠ 7♠ 8♠ Q♦ Q♣ Q♥" as one meld: each meld and addition apart, as
        # they are typed, in every rummy (Mor's read "Lay 6♠ 7♠ 8♠ 9♦ 10♦ J♦" as one run).
        return "hint_cards_melds", {"melds": joined(lay_groups(laid_out))}
    view = engine.view(seat)
    if not isinstance(move, Draw | Take) or not isinstance(view, RummyView) or not view.discard:
        return None
    if engine.check(seat, Take()) is not None:
        return None
    if isinstance(move, Take) and isinstance(engine, More3 | Mor):
        # The lay the hint gives right after the take, not any lay the engine allows: the
        # stages are about one move (the More newcomer's finding 5; Mor's newcomer read "K♣
        # can go onto meld 1" and the next hint laid 3♣ instead).
        named = followed_use(engine, seat)
        if named is not None:
            return named
    use = pile_use(engine, seat)
    if isinstance(move, Take) and use is not None:
        return use
    taken, _, laid, _ = after_take(engine, seat)
    if not laid:
        # Hand takes only the top discard: one card, not "the cards you would take".
        return ("hand.hint_clue_top_none" if engine.game == "hand" else "hint_clue_pile_none"), {}
    if engine.game == "hand" and use is not None and use[0] == "hint_clue_pile_with":
        # Hand's one card must go down at once in a new meld: what the take would cost is the
        # hand's cards laid with it, not points kept in hand.
        return "hint_clue_top_with", use[1]
    return "hint_clue_pile_cost", {
        "count": Count("n_cards", len(taken)),
        "points": Count("n_points", in_hand_points(engine.game, taken)),
    }


def _pile_card_words(
    move: Move | None, must: Sequence[Card], pile: Sequence[Card] | None = None
) -> tuple[str, dict[str, Any]] | None:
    """A lay that puts down a taken card the engine wants laid, as a take's clue words it: the
    card onto its meld (with the other cards the addition needs), or the card with the hand's
    cards of its new meld. None for another move. With ``pile`` (Mor's taken cards), a new meld
    those cards alone could make is passed over: it doesn't count for the take (the fourth
    fresh Mor newcomer's finding 1: "7♦ makes a meld with 8♦ 9♦ 10♦", all four taken)."""
    if not isinstance(move, Meld | Add | Lay):
        return None
    lay = as_lay(move)
    for a in lay.adds:
        for c in a.cards:
            if c in must:
                return _onto_words(c, a)
    for new in lay.melds:
        if pile is not None and not Counter(new) - Counter(pile):
            continue
        for c in new:
            if c in must:
                others = list(new)
                others.remove(c)
                return "hint_clue_pile_with", {
                    "card": c.pretty,
                    "partners": cards(sorted(others, key=sort_key)),
                }
    return None


def _onto_words(card: Card, add: AddTo) -> tuple[str, dict[str, Any]]:
    """``card`` going onto ``add``'s meld, in words true of the addition: "can go onto meld N"
    only when the card goes there alone; otherwise with the other cards the addition lays
    (Mor's newcomer: "K♣ can go onto meld 1" of 8♣ 9♣ 10♣, where it goes only with Q♣ 2♣)."""
    if len(add.cards) == 1:
        return "hint_clue_pile_onto", {"card": card.pretty, "meld": add.meld}
    others = list(add.cards)
    others.remove(card)
    return "hint_clue_pile_onto_with", {
        "card": card.pretty,
        "meld": add.meld,
        "partners": cards(sorted(others, key=sort_key)),
    }


def followed_use(engine: Engine, seat: int) -> tuple[str, dict[str, Any]] | None:
    """The pile card the hint's own lay right after a take puts down, in the clue's words
    (``_pile_card_words``); None when that lay puts down no card the engine wants laid."""
    after = _copy(engine)
    taken = [c for e in after.apply(seat, Take()) if isinstance(e, TookPile) for c in e.cards]
    follow = hint_move(after, seat, hint_rng(after.record))
    # Mor: a new meld of pile cards alone doesn't count for the take (RULES.md §1).
    pile = taken if engine.game == "mor" else None
    return _pile_card_words(follow, getattr(after, "must_lay", ()), pile)


def lay_groups(move: Lay) -> list[str | Reason]:
    """The lay's new melds, each its cards, then its additions, each its cards onto its meld."""
    added: list[str | Reason] = [
        Reason("hint_cards_onto", {"cards": cards(a.cards), "meld": a.meld}) for a in move.adds
    ]
    return [cards(m) for m in move.melds] + added


def joined(groups: Sequence[str | Reason]) -> str | Reason:
    """Groups listed as the language lists them: "A and B", "A, B and C"."""
    if len(groups) == 1:
        return groups[0]
    if len(groups) == 2:
        return Reason("hint_melds_two", {"first": groups[0], "second": groups[1]})
    return Reason("hint_split_more", {"first": groups[0], "rest": joined(groups[1:])})


def in_hand_points(game: str, held: Sequence[Card]) -> float | int:
    """What ``held`` would count against its holder if the round ended with them in hand, by
    the game's own values (Mor's halves, More's card points, Hand's hand values)."""
    if game == "mor":
        return points(sum(map(card_halves, held)) / 2)
    if game == "more3":
        return sum(map(card_points, held))
    return sum(map(hand_value, held))


def after_take(
    engine: Engine, seat: int
) -> tuple[tuple[Card, ...], list[Meld | Add | Lay], tuple[Card, ...], tuple[Card, ...]]:
    """What a take brings, the legal lays right after it that use a card of which the engine
    wants one laid (``must_lay``), and the taken cards that can go down this turn (some such
    lay; in More, some such lay and the lays after it, ``_laid_later``): the engine's answers,
    asked on a copy."""
    after = _copy(engine)
    taken = tuple(c for e in after.apply(seat, Take()) if isinstance(e, TookPile) for c in e.cards)
    must = set(getattr(after, "must_lay", ()))
    lays = [
        m
        for m in after.legal_moves(seat)
        if isinstance(m, Meld | Add | Lay) and must & set(m.cards)
    ]
    first = {c for m in lays for c in m.cards if c in taken}
    if isinstance(after, More3):
        # More: once the taken card is down, other pile cards may follow it this turn (the
        # fourth More newcomer: 8♠ onto the partner's run after 10♣ was laid, left unsaid).
        first = _laid_later(after, seat, taken, lays)
    laid = tuple(sorted(first, key=sort_key))
    return taken, lays, laid, tuple(getattr(after, "must_lay", ()))


#: How many lays after a take ``_laid_later`` follows, the first (with the taken card) included.
LAYS_DEEP = 3


def _laid_later(
    after: Engine, seat: int, taken: Sequence[Card], firsts: Sequence[Meld | Add | Lay]
) -> set[Card]:
    """The taken cards some sequence of up to ``LAYS_DEEP`` legal lays puts down this turn,
    starting with one of ``firsts`` (the lays the engine allows right after the take), each
    later lay one the engine lists then that puts down a taken card not yet down: the engine's
    answers, step by step, on copies. Bounded: only lays that add a taken card are followed."""
    found: set[Card] = set()

    def down(
        engine: Engine, moves: Sequence[Meld | Add | Lay], depth: int, pile: Counter[Card]
    ) -> None:
        for m in moves:
            used = Counter(m.cards) & pile
            if depth > 0 and not used:
                continue
            if engine.check(seat, m) is not None:
                continue
            left = pile - used
            found.update(used)
            if depth + 1 >= LAYS_DEEP or not set(left) - found:
                continue  # as deep as it goes, or nothing new left to find
            nxt = _copy(engine)
            nxt.apply(seat, m)
            if nxt.round_over:
                continue
            later = [n for n in nxt.legal_moves(seat) if isinstance(n, Meld | Add | Lay)]
            down(nxt, later, depth + 1, left)

    down(after, firsts, 0, Counter(taken))
    return found


def pile_use(engine: Engine, seat: int) -> tuple[str, dict[str, Any]] | None:
    """One lay the engine allows right after a take that puts down a card it wants laid, in
    words: the card and the meld it goes onto ("hint_clue_pile_onto"), or the cards it makes a
    new meld with ("hint_clue_pile_with"). An add of the card alone comes first, then any add,
    then a new meld, then an addition with other cards, naming them. None when no lay uses one
    (the take is then refused)."""
    taken, lays, _, must = after_take(engine, seat)
    # Mor: a new meld of pile cards alone doesn't count for the take (RULES.md §1).
    alone_ok = engine.game != "mor"
    onto: list[tuple[int, Card, AddTo]] = []
    within: list[tuple[Card, tuple[Card, ...]]] = []
    for m in lays:
        lay = as_lay(m)
        for a in lay.adds:
            for c in a.cards:
                if c in must:
                    onto.append((len(a.cards), c, a))
        for new in lay.melds:
            if not alone_ok and not Counter(new) - Counter(taken):
                continue
            for c in new:
                if c in must:
                    others = list(new)
                    others.remove(c)
                    within.append((c, tuple(sorted(others, key=sort_key))))
    alone = [o for o in onto if o[0] == 1]
    if alone:
        return _onto_words(alone[0][1], alone[0][2])
    if within:
        card, rest = within[0]
        return "hint_clue_pile_with", {"card": card.pretty, "partners": cards(rest)}
    if onto:
        _, card, add = min(onto, key=lambda o: o[0])
        return _onto_words(card, add)
    return None


def hint_from_json(game: str, data: Any, seat: int, rng: random.Random) -> Hint | None:
    """``hint`` on an engine rebuilt from its ``to_json``: what a worker process runs, so the
    bot's event loop never waits on the hard player's search (``bot.computers.pool``)."""
    from bot.games.registry import engine_class

    return hint(engine_class(game).from_json(data), seat, rng)


def reason(engine: Engine, seat: int, before: Any, move: Move) -> tuple[str, dict[str, Any]]:
    """The key and parameters of the sentence saying what ``move`` does from ``before``."""
    if isinstance(move, Draw):
        why = engine.check(seat, Take())
        if why is not None:
            # Mor's refusal is a whole sentence of its own, after the advice, not in brackets.
            key = "mor.hint_draw_no_take" if isinstance(engine, Mor) else "hint_draw_no_take"
            return key, {"reason": why}
        taken, _, laid, _ = after_take(engine, seat)
        if len(taken) == 1 and engine.game == "hand":
            if not laid:
                # Hand's top card that no lay this turn could use: taken, it would only go back
                # (issue 61: not "the hard player would rather keep your hand"). Before the seat
                # has opened, a meld it makes may exist but falls short of the 51 to open.
                view = engine.view(seat)
                melds = meld_with(taken[0], view.hand, HAND_MELDS) is not None
                short = melds and isinstance(view, HandView) and not view.opened[seat]
                return "hint_draw_idle_unopened" if short else "hint_draw_idle", {
                    "card": taken[0].pretty
                }
            use = pile_use(engine, seat)
            if use is not None and use[0] == "hint_clue_pile_with":
                # What the take would cost: the hand's cards laid with it at once (issue 61).
                return "hint_draw_keep", use[1]
        # Mor and More: what the pile would cost (issue 61), its cards' worth against you while
        # in your hand, beside the cards of it that could go down this turn and their worth.
        cost = {
            "count": Count("n_cards", len(taken)),
            "points": Count("n_points", in_hand_points(engine.game, taken)),
        }
        if not laid:
            return "hint_draw_cost_none", cost
        if engine.game == "more3" and lays_whole_pile(engine, seat):
            # The whole pile could go down this turn: what it would count in hand is no reason
            # to draw (the More newcomer's finding 2), and the draw is said to pass it up.
            return "hint_draw_pile_free_more", {"count": cost["count"], "laid": cards(taken)}
        key = "hint_draw_cost"
        if engine.game == "mor" and not pile_favoured(engine, seat):
            # Mor's draw says why, by its numbers: less than half the pile could go down.
            key = "mor.hint_draw_cost_most"
        return key, {
            **cost,
            "laid": cards(laid),
            "laid_points": Count("n_points", in_hand_points(engine.game, laid)),
        }
    if isinstance(move, Take):
        return _take_reason(engine, seat)
    if isinstance(move, Return):
        return "hint_return", {}
    if isinstance(move, Bid):
        return _bid_reason(before, move)
    if isinstance(move, Pass):
        return "hint_pass", {"trick": cards(before.trick)}
    needs_75 = isinstance(engine, More3) and engine.needs_opening(seat)
    after_engine = _copy(engine)
    events = after_engine.apply(seat, move)
    after = after_engine.view(seat)
    if isinstance(move, Play):
        return _play_reason(move, before, after, events, engine.legal_moves(seat))
    if isinstance(move, Discard):
        kept = _run_kept(engine, seat, before, move.card)
        said = _throw_reason(move.card, engine, before, events, kept, meld_rules(engine, seat))
        said = _pile_note(move.card, engine, seat, events, said)
        said = _kept_wild_meld(engine, seat, events, said)
    elif isinstance(move, Swap):
        said = "hint_swap", {"cards": cards(move.cards), "meld": move.meld}
    elif isinstance(move, Meld) and draws_left(engine, seat) and keeps_in_hand(move, before):
        # The run a Solo would keep to take piles with, laid as the round nears its end: say
        # why now (the More newcomer's finding 3).
        said = (
            "hint_lay_run_end_near",
            {
                "cards": cards(in_order(move).cards),  # type: ignore[attr-defined]
                "count": Count("n_cards", draws_left(engine, seat) or 0),
                "points": Count("n_points", sum(map(card_points, move.cards))),
            },
        )
        closed = [n for n in before.side_piles if n]
        if closed:
            # The count holds the More piles still closed, which become the stock (the third
            # More newcomer's finding 6: "12 cards left to draw" beside "stock 2").
            key = (
                "hint_lay_run_end_near_pile" if len(closed) == 1 else "hint_lay_run_end_near_piles"
            )
            said = (
                key,
                {
                    **said[1],
                    "stock": Count("n_cards", before.stock_count),
                    "pile": Count("n_cards", sum(closed)),
                },
            )
    else:
        # Named as the typed form writes it (``in_order``): "Add 10♣ J♣", as it lies in the run.
        ends = bool(getattr(engine, "stock_out", False))
        laid_out = typed_form(engine, seat, move) if isinstance(engine, Mor) else in_order(move)
        said = _lay_reason(laid_out, before, after, events, needs_75, ends)
    base = said[0]
    joker = joker_note(engine, seat, move)
    if joker is not None:
        # Hand: a joker this move lays, and whether another player could take it back.
        said = "hint_with_joker", {"reason": Reason(*said), "joker": joker}
    near = near_end(after_engine, seat, events)
    if near is not None and (base not in _ENDS or near.key in _OUT_THIS_TURN):
        # Going out, or the side's spare pile, is near: say so (issue 61's newcomer had no push).
        said = "hint_with_near", {"reason": Reason(*said), "near": near}
    one_short = short_of_project(after_engine, seat, events)
    if one_short is not None:
        # Mor: a clean meld one natural card short of a 200 or 300, the road to closing.
        said = "mor.hint_with_short", {"reason": Reason(*said), "short": one_short}
    low = stock_low(engine, seat)
    if low is None or base in _ENDS:
        return said
    # Mor's stock nearly out: the round ends when it runs out, which no newcomer sees coming
    # (issue 61); said once, after what the move does.
    if low == 0:
        return "mor.hint_with_stock_out", {"reason": Reason(*said)}
    return "mor.hint_with_stock", {"reason": Reason(*said), "count": Count("n_cards", low)}


# The throws' reasons that already say why no meld is laid, or end the round.
SAYS_NO_LAY = frozenset(
    {
        "hint_throw_keeps_wild",
        "hint_throw_keeps_run",
        "hint_throw_meld_refused",
        "hint_throw_ready_kept",
        "hint_throw_ends",
        "hint_throw_stock_out",
        "hint_throw_more_pile",
    }
)


def _kept_wild_meld(
    engine: Engine, seat: int, events: Sequence[Event], said: tuple[str, dict[str, Any]]
) -> tuple[str, dict[str, Any]]:
    """More: a throw while the hand holds a meld it could lay now, every one of which spends a
    pankal, says why the meld stays in hand (the More newcomer's finding 5: ``meld 6D 2C 8D``
    skipped without a word): the hard player keeps its pankal for a biriba. ``said`` as it is
    elsewhere, and where the reason already speaks of the lays."""
    if not isinstance(engine, More3) or said[0] in SAYS_NO_LAY:
        return said
    if any(isinstance(e, RoundOver) for e in events):
        return said
    rules = meld_rules(engine, seat)
    melds = [
        new
        for m in engine.legal_moves(seat)
        if isinstance(m, Meld | Lay)
        for new in as_lay(m).melds
    ]
    if not melds or not all(_has_wild(new, rules) for new in melds):
        return said
    first = melds[0]
    wild = next(c for c in first if wild_capable(c, rules))
    shown = in_order(Meld(first))
    return "hint_with_kept_wild_more", {
        "reason": Reason(*said),
        "meld": cards(shown.cards),  # type: ignore[attr-defined]
        "wild": wild.pretty,
    }


def jokers_laid(engine: Engine, seat: int, move: Move) -> list[tuple[int, tuple[Card, ...]]]:
    """Hand: each meld in which ``move`` puts a joker on the table, with the cards that would
    take it back (the engine's own swap of that meld, ``Hand._swap``: the card a run's joker
    stands for, a set's missing suits). None in the other games, where no wild moves off."""
    if not isinstance(engine, Hand) or not isinstance(move, Meld | Add | Lay):
        return []
    if not any(c.is_joker for c in move.cards):
        return []
    before = {i: sum(c.is_joker for c in m.meld.cards) for i, m in engine.melds.items()}
    after = _copy(engine)
    after.apply(seat, move)
    assert isinstance(after, Hand)
    out = []
    for i, m in after.melds.items():
        if sum(c.is_joker for c in m.meld.cards) > before.get(i, 0):
            wanted = getattr(Hand._swap(m), "cards", ())
            out.append((i, tuple(wanted)))
    return out


def unseen_copies(engine: Engine, seat: int, card: Card) -> int:
    """How many copies of ``card`` (two in the deck) the seat can't see: neither in its hand,
    nor in a meld on the table, nor in the discard pile."""
    view = engine.view(seat)
    assert isinstance(view, RummyView)
    seen = list(view.hand) + [c for m in view.melds for c in m.cards] + list(view.discard)
    return max(0, 2 - seen.count(card))


def joker_note(engine: Engine, seat: int, move: Move) -> Reason | None:
    """What a Hand lay that puts a joker on the table means for it (issue 61): another player
    who has opened and holds the cards that take it back may do so (``hint_joker_open``), or,
    every copy of one of those cards in sight, nobody can (``hint_joker_safe``)."""
    notes = [_joker_note(engine, seat, wanted) for _, wanted in jokers_laid(engine, seat, move)]
    said = [n for n in notes if n is not None]
    if len(said) > 1:
        # Two jokers laid, each with its own cards to take it back (the newcomer's finding 8:
        # "Mind the joker" named only the first).
        return Reason("hint_jokers_two", {"first": said[0], "second": said[1]})
    return said[0] if said else None


def _joker_note(engine: Engine, seat: int, wanted: tuple[Card, ...]) -> Reason | None:
    if not wanted:
        return None
    shown = cards(wanted)
    if all(unseen_copies(engine, seat, c) for c in wanted):
        return Reason("hint_joker_open", {"wanted": shown})
    gone = next(c for c in wanted if not unseen_copies(engine, seat, c))
    return Reason("hint_joker_safe", {"wanted": shown, "gone": gone.pretty})


def hands_joker(engine: Engine, seat: int, move: Move) -> bool:
    """Does ``move`` put a joker where another player could take it back?"""
    note = joker_note(engine, seat, move)
    if note is not None and note.key == "hint_jokers_two":
        return "hint_joker_open" in (note.params["first"].key, note.params["second"].key)
    return note is not None and note.key == "hint_joker_open"


def keeps_joker(
    engine: Engine,
    seat: int,
    legal: Sequence[Move],
    move: Move,
    choose: Callable[[Sequence[Move]], Move | None],
) -> Move:
    """Advice prefers a lay that hands no joker over (issue 61): where ``move`` puts a joker on
    the table another player could take back, the move ``choose`` picks among the legal lays
    that don't and put down as many cards (an opening where ``move`` opens); ``move`` itself
    when there is none."""
    if not hands_joker(engine, seat, move):
        return move
    laid = len(getattr(move, "cards", ()))
    view = engine.view(seat)
    opens = isinstance(view, HandView) and not view.opened[seat]
    keep = [
        m
        for m in legal
        if isinstance(m, Meld | Add | Lay)
        and len(m.cards) >= laid
        and not hands_joker(engine, seat, m)
        and (not opens or _opens(engine, seat, m))
    ]
    return pick_among(keep, move, choose)


def _opens(engine: Engine, seat: int, move: Move) -> bool:
    after = _copy(engine)
    after.apply(seat, move)
    view = after.view(seat)
    return isinstance(view, HandView) and view.opened[seat]


# Reasons that add a sentence to another reason: the other is under "reason".
WRAPPERS = frozenset(
    {
        "hint_with_near",
        "hint_with_joker",
        "mor.hint_with_stock",
        "mor.hint_with_stock_out",
        "mor.hint_with_short",
        "mor.hint_throw_feeds",
        "mor.hint_throw_feeds_all",
        "mor.hint_throw_pile_open",
        "hint_with_kept_wild_more",
    }
)


def base_reason(key: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The reason under any added sentence (a near end, a joker's note): what the move does."""
    while key in WRAPPERS:
        inner = params["reason"]
        key, params = inner.key, dict(inner.params)
    return key, params


# Reasons that already speak of the round's end, the spare pile the move brings or an
# opponent nearly out: no near end is added to them.
_ENDS = frozenset(
    {
        "hint_throw_ends",
        "hint_throw_stock_out",
        "hint_throw_mor",
        "hint_throw_more_pile",
        "hint_lay_mor",
        "hint_lay_more_pile",
        "hint_add_mor",
        "hint_add_more_pile",
        # An opponent nearly out: that reason already urges the cards down.
        "hint_lay_near_out",
        "hint_add_near_out",
        # The round ends with this turn's throw: no Mor, pile or going out comes after it.
        "hint_lay_round_ends",
        "hint_add_round_ends",
    }
)
# Hand: this turn's throw of the last card goes out; said even after a reason of _ENDS (guided
# seed 2: "an opponent is down to 3 … you keep 1 card" never said that the throw wins the round).
_OUT_THIS_TURN = frozenset({"hint_near_out_hand", "hint_near_out_the_hand"})
# A hand of this many cards or fewer after the move is near its end.
NEAR_END = 2


def near_end(after: Engine, seat: int, events: Sequence[Event]) -> Reason | None:
    """After the move (``after``, the engine it was played on): with 1 or 2 cards left, what
    emptying the hand would bring, by the engine's own state: the team's Mor (Mor), the side's
    More pile (More, once the side has a biriba), closing or going out where the team's
    projects or the side's biribas allow it (or, Mor, what closing still needs), Hand's going
    out once opened. None otherwise."""
    if after.round_over or any(isinstance(e, RoundOver | SidePileWaits) for e in events):
        return None
    left = len(after.view(seat).hand)
    if not 1 <= left <= NEAR_END:
        return None
    count = {"left": Count("n_cards", left), "n": left}
    if isinstance(after, Mor | More3) and after.stock_out:
        # The round ends with this turn's throw: no Mor or More pile comes after it, and only
        # a throw of the last card now can close or go out.
        if left > 1:
            return None
        if isinstance(after, Mor):
            team = after.team(seat)
            closes = after.mor_taken[team] and can_close_with(after.projects()[team])
            return Reason("hint_near_close", count) if closes else None
        side = after.side(seat)
        goes = after.pile_taken[side] and can_go_out_with(after.side_biribas(side))
        return Reason("hint_near_go_out", count) if goes else None
    if isinstance(after, Mor):
        team = after.team(seat)
        if not after.mor_taken[team]:
            return Reason("hint_near_mor", count) if after.mors[team] else None
        if can_close_with(after.projects()[team]):
            return Reason("hint_near_close", count)
        # What closing still needs, in the table's own words (``meter``): the newcomer read "a
        # 300, or a 200 and one more" where the table said "200, needs one more project".
        return Reason("hint_near_close_needs", {**count, "meter": meter(after.projects()[team])})
    if isinstance(after, More3):
        side = after.side(seat)
        biribas = after.side_biribas(side)
        if biribas and after.pile_open(side):
            return Reason("hint_near_more_pile", count)
        if after.pile_taken[side] and can_go_out_with(biribas):
            return Reason("hint_near_go_out", count)
        if after.pile_taken[side]:
            # The side took its More pile but lacks what going out needs: a hand near its end
            # waits on it (the fourth More newcomer held one card for 18 turns beside four dirty
            # biribas, and no hint said why). The engine's own refusal says what is missing.
            return Reason("more3.hint_near_needs_biribas", count)
        return None
    if isinstance(after, Hand) and after.opened[seat]:
        if after.stock_out and left > 1:
            # The round ends with this turn's throw (the stock ran out), and a throw that
            # keeps a card doesn't go out: no going out is near (issue 61: "you score −30" in
            # the lesson where nobody does).
            return None
        if after.turn != seat or left > 1:
            # The turn is over (a throw), or this turn's throw keeps a card: going out comes
            # on a later turn, never as a Hand, as the seat has opened by then (the newcomer's
            # findings 1 and 2: "throw your last card" said of a throw that keeps one).
            if left == 1 and after.turn != seat:
                # One card kept by the throw: the same "close to going out" each turn read as
                # noise (the fourth fresh Hand newcomer's finding 5). Say how: after the draw,
                # two cards, and a meld needs three, so one goes onto a meld on the table.
                return Reason("hint_near_out_hand_one", count)
            return Reason("hint_near_out_hand_later", count)
        # One card left and this turn's throw still to come: how the engine itself ends the
        # round when that card is thrown, a Hand (opened this turn, no old meld touched,
        # −60) or going out (−30).
        last = Discard(after.hands[seat][0])
        if after.check(seat, last) is not None:
            return None
        probe = _copy(after)
        ends = [e for e in probe.apply(seat, last) if isinstance(e, RoundOver)]
        result = ends[0].result if ends else None
        if result is None or result.closer != seat:
            return None
        if result.reason == RoundEnd.HAND:
            return Reason("hint_near_out_the_hand", count)
        return Reason("hint_near_out_hand", count)
    return None


# Mor: a clean meld this long is one natural card short of a project.
SHORT_OF_PROJECT = 6


def short_of_project(after: Engine, seat: int, events: Sequence[Event]) -> Reason | None:
    """Mor: a meld of the seat's team that the move laid or added to, which now holds six cards
    and no wild, and takes a natural card that keeps it clean: one more such card makes it a 200
    (a run) or a 300 (a set), where a wild makes only a 100 or a 150. The road to closing, said
    where it is one card away (the Mor newcomer's finding 3: a set of six aces, one short of a
    300, and no hint said so). None otherwise."""
    if not isinstance(after, Mor) or after.round_over:
        return None
    team = after.team(seat)
    touched = sorted({m for e in events if isinstance(m := getattr(e, "meld", None), int)})
    for meld_id in touched:
        table = after.melds.get(meld_id)
        if table is None or after.team(table.seat) != team:
            continue
        meld = table.meld
        if len(meld.cards) != SHORT_OF_PROJECT or not meld.is_clean:
            continue
        clean = any(
            isinstance(grown := added_or_why(meld, [c], MOR_MELDS), MeldsMeld) and grown.is_clean
            for c in single_adds(meld, MOR_MELDS)
        )
        if not clean:
            continue
        kind = "set" if meld.kind == MeldKind.SET else "run"
        return Reason(f"mor.hint_short_{kind}", {"meld": meld_id})
    return None


def _bid_reason(before: Any, move: Bid) -> tuple[str, dict[str, Any]]:
    """A bid, by the seat's own standing (issue 61: "the computer bids from the standings" told
    the member the computer's method, not why they should bid so): the seat's total, and how
    far behind the leader it is, or that nobody is ahead, or that it is the lowest."""
    mine = before.totals[before.seat]
    others = [t for s, t in enumerate(before.totals) if s != before.seat]
    params: dict[str, Any] = {"chips": move.chips, "total": points(mine)}
    if mine >= max(others):
        return "hint_bid_lead", params
    if mine < min(others):
        return "hint_bid_lowest", params
    return "hint_bid", {**params, "behind": Count("n_points", max(others) - mine)}


def _run_kept(engine: Engine, seat: int, before: Any, card: Card) -> tuple[Card, ...]:
    """In More, a run the Solo could lay now and keeps in hand instead, as the hard player's
    Solo does (``bot.ai.more3.keeps_in_hand``), one the thrown card is not part of; none
    elsewhere. Only such runs among the candidates are checked, not every lay of the hand."""
    if not isinstance(engine, More3):
        return ()
    for move in engine.candidate_moves(seat):
        if keeps_in_hand(move, before) and card not in move.cards and engine.can(seat, move):
            return tuple(move.cards)
    return ()


# The engine's refusal of a throw right after a take, told as what comes next: the refusal
# looks back ("the cards you took"), the hint reads in order ("then you must first lay …").
_THEN = {
    "mor.lay_taken_first": "hint_then_lay_one",
    "more3.meld_taken_first": "hint_then_meld_top",
    "hand.lay_or_return_taken": "hint_then_new_meld",
    "hand.lay_taken_first": "hint_then_new_meld",
}
# Mor's "then …" naming the pile card to lay and where, by the clue that found it.
_THEN_USE = {
    "hint_clue_pile_onto": "hint_then_lay_onto",
    "hint_clue_pile_with": "hint_then_lay_with",
    "hint_clue_pile_onto_with": "hint_then_lay_onto_with",
}
# What the take brings, by the same refusal, so the hint says what the game does (issue 59):
# Mor takes the whole pile, More the top card with the rest of the pile, Hand the top card only.
_TAKE = {
    "mor.lay_taken_first": "hint_take_then",
    "more3.meld_taken_first": "hint_take_top_pile_then",
    "hand.lay_or_return_taken": "hint_take_top_then",
    "hand.lay_taken_first": "hint_take_top_then",
}


def _take_reason(engine: Engine, seat: int) -> tuple[str, dict[str, Any]]:
    """What a take brings and what it obliges, from the engine: its refusal of a throw right
    after the take ("First lay one of the cards you took from the pile" in Mor, the top card in
    More, a new meld for it in Hand) picks the hint's "then …" (``rule`` keeps the refusal for
    the checks), so the rule is decided once, by the engine."""
    after = _copy(engine)
    taken = [c for e in after.apply(seat, Take()) if isinstance(e, TookPile) for c in e.cards]
    hand = after.view(seat).hand
    rule = after.check(seat, Discard(hand[0])) if hand else None
    if rule is None:  # no game here lets a taken card be thrown at once (the checks would say)
        return "hint_take", {"count": len(taken)}
    must = tuple(getattr(after, "must_lay", ()))  # More's top card / Hand's taken card first
    then: Reason = rule
    use = None
    if rule.key == "mor.lay_taken_first":
        # The card the hint's own next lay puts down, else one the engine lets be laid.
        use = followed_use(engine, seat) or pile_use(engine, seat)
    if use is not None:
        # Which card can be laid and where, as the engine answers after the take (issue 61),
        # not only the pile's cards of which one must be.
        then = Reason(_THEN_USE[use[0]], use[1])
    elif rule.key in _THEN and must:
        any_one = rule.key == "mor.lay_taken_first"
        shown = cards(sorted(set(must), key=sort_key) if any_one else must[:1])
        then = Reason(_THEN[rule.key], {"cards": shown})
    key = _TAKE.get(rule.key) or ("hint_take_top_then" if len(taken) == 1 else "hint_take_then")
    params: dict[str, Any] = {"count": Count("n_cards", len(taken)), "rule": rule, "then": then}
    if rule.key == "mor.lay_taken_first" and not pile_favoured(engine, seat):
        # Taken though less than half of it goes down this turn, the reason a draw gives
        # (the fourth fresh Mor newcomer's finding 2: the 200 it made came only in the next
        # hint): the project the hint's lay right after the take makes or betters.
        project = take_project(engine, seat)
        if project is not None:
            _, _, laid, _ = after_take(engine, seat)
            return "mor.hint_take_then_project", {
                **params,
                "points": Count("n_points", in_hand_points("mor", taken)),
                "laid_points": Count("n_points", in_hand_points("mor", laid)),
                "project": project,
            }
    return key, params


def take_project(engine: Engine, seat: int) -> int | None:
    """Mor: the highest project a meld of the seat's team becomes, or grows to, by the hint's
    lay right after a take (the engine's meld views before and after, on copies); None when it
    makes none."""
    after = _copy(engine)
    after.apply(seat, Take())
    follow = hint_move(after, seat, hint_rng(after.record))
    if not isinstance(follow, Meld | Add | Lay):
        return None
    if not isinstance(engine, Mor):
        return None
    was = {m.id: m.project or 0 for m in engine.view(seat).melds}
    laid = _copy(after)
    laid.apply(seat, follow)
    assert isinstance(laid, Mor)
    mine = _side_of(engine, seat)
    grown = [
        m.project
        for m in laid.view(seat).melds
        if m.side == mine and m.project and m.project > was.get(m.id, 0)
    ]
    return max(grown, default=None)


def _play_reason(
    move: Play, before: Any, after: Any, events: Sequence[Event], legal: Sequence[Move] = ()
) -> tuple[str, dict[str, Any]]:
    shown = cards(move.cards)
    kind = next((e.kind for e in events if isinstance(e, Played)), "")
    if not after.hand:
        # The engine's own word on a bomb paid at once: its bonus event with the play.
        if any(isinstance(e, BombBonus) for e in events):
            return "hint_play_out_bomb", {"cards": shown}
        return "hint_play_out", {"cards": shown, "n": len(move.cards)}
    if kind in BOMB_KINDS and before.trick:
        # Over another player's cards: the bonus waits for the trick's end (a led bomb earns
        # nothing, and goes by the lead's reasons below). A bomb no card left unseen can top
        # (the three aces, once the game's opening is past) is paid for sure.
        key = "hint_play_bomb_sure" if unbeatable(move.cards, before) else "hint_play_bomb_paid"
        table = classify(list(before.trick))
        if isinstance(table, Combo) and table.kind in BOMB_KINDS:
            # On a bomb, "a bomb beats it" is not the rule: only a higher one does (the second
            # Run Fast newcomer, the three aces over four 9s).
            key = "runfast.hint_play_higher_" + key.removeprefix("hint_play_")
        return key, {"cards": shown, "trick": cards(before.trick)}
    if before.trick:
        trick = cards(before.trick)
        # Why this play of the several that beat the table: the lowest of them (when it keeps
        # the hand's pairs and more whole), or one that every lower play would split.
        tops = [top for m in legal if isinstance(m, Play) if (top := plain_top(m.cards))]
        mine = plain_top(move.cards)
        if near_out_single(move.cards, before, legal):
            # An opponent on one card goes before keeping cards whole or low (the third Run
            # Fast newcomer's finding 3): their going out ends the game.
            return "hint_play_beat_near_out", {"cards": shown, "trick": trick}
        if mine and len(set(tops)) > 1:
            broken = splits(move.cards, before.hand)
            straight = straight_broken(move.cards, before.hand)
            if mine == min(tops) and not broken and straight:
                # The lowest beat, but it takes a card out of a straight (the fourth Run Fast
                # newcomer's 5♠ out of 5..9 on 3♣): said, never "the rest stays whole".
                return "runfast.hint_play_beat_lowest_straight", {
                    "cards": shown,
                    "trick": trick,
                    "straight": straight,
                }
            if mine == min(tops) and not broken:
                return "hint_play_beat_lowest", {"cards": shown, "trick": trick}
            lower = [m for m in legal if isinstance(m, Play) and 0 < plain_top(m.cards) < mine]
            split = {r for m in lower for r in splits(m.cards, before.hand)}
            if lower and all(splits(m.cards, before.hand) for m in lower):
                named = {
                    "cards": shown,
                    "trick": trick,
                    "split": groups_text(split, before.hand, either=True),
                }
                if not broken and not straight:
                    return "hint_play_beat_whole", named
                bombs = bomb_ranks(before.hand)
                if not broken & bombs and all(splits(m.cards, before.hand) & bombs for m in lower):
                    named["split"] = groups_text(split & bombs, before.hand, either=True)
                    return "hint_play_beat_bomb_kept", named
            if mine == min(tops):
                # The lowest beat, splitting a rank: "whoever can beat must" says why not pass,
                # not why this play of several (the newcomer's finding 3). Every other beat is
                # higher, and the split is said.
                return "runfast.hint_play_beat_lowest_split", {
                    "cards": shown,
                    "trick": trick,
                    "split": groups_text(broken, before.hand),
                }
        if mine and mine > min(tops) and unanswerable(move.cards, before):
            # A higher beat than the lowest (issue 61): nothing the others can hold beats it,
            # so they must pass and the lead comes back.
            return "hint_play_beat_lead_back", {"cards": shown, "trick": trick}
        kept_low = splits_high(move.cards, before.hand, legal)
        if kept_low is not None:
            # Every beat splits something, and this one the higher combination (the third Run
            # Fast newcomer's finding 2: A♣ on 5♣ beside 7♦, said "no simple rule of thumb"):
            # the low cards kept together, the high ones left can still win a trick.
            return "runfast.hint_play_beat_split_high", {
                "cards": shown,
                "trick": trick,
                "broken": groups_text(splits(move.cards, before.hand), before.hand),
                "split": groups_text(kept_low, before.hand, either=True),
            }
        if mine and tops and mine > min(tops):
            # Not the lowest that beats, against the lesson's rule, and nothing above explains
            # it (issue 61: 10♦ 10♣ over 3♠ 3♥ while 4♥ 4♣ was there): say so, and name the
            # lowest.
            beats = [m for m in legal if isinstance(m, Play) and plain_top(m.cards)]
            # The cheaper play to name is the lowest that breaks up nothing of the hand, where
            # one is lower than the move (issue 61: 4♠ named, splitting the 4s, while the loose
            # 10♦ was the cheaper play).
            whole = [
                m for m in beats if plain_top(m.cards) < mine and keeps_whole(m.cards, before.hand)
            ]
            if whole and not keeps_whole(
                min(beats, key=lambda m: plain_top(m.cards)).cards, before.hand
            ):
                low = min(whole, key=lambda m: plain_top(m.cards))
                return "runfast.hint_play_beat_higher_whole", {
                    "cards": shown,
                    "trick": trick,
                    "lowest": cards(low.cards),
                }
            low = min(beats, key=lambda m: plain_top(m.cards))
            return "runfast.hint_play_beat_higher", {
                "cards": shown,
                "trick": trick,
                "lowest": cards(low.cards),
            }
        return "hint_play_beat", {"cards": shown, "trick": trick}
    count = Count("n_cards", len(move.cards))
    if kind == HEAVENLY:
        # All four 3s as the game's opening play (the newcomer's finding 4): what it is, that
        # nothing beats it, and that it earns nothing, not only that it holds the 3♥.
        return "runfast.hint_play_heavenly", {"cards": shown}
    few = [n for o, n in enumerate(before.hand_counts) if o != before.seat and n < 3]
    if few and min(few) < len(move.cards):
        # An opponent down to one or two cards can't beat a play of more cards: an answer must
        # be as many cards, or a bomb, which takes three or four.
        # "n" picks the sentence's form: Hindi's verb agrees with the opponent's count.
        return "hint_play_lead_near_out", {
            "cards": shown,
            "count": Count("n_cards", min(few)),
            "size": Count("n_cards", len(move.cards)),
            "n": min(few),
        }
    if len(move.cards) == 1 and 0 < plain_top(move.cards) <= min(
        plain_top([c]) for c in before.hand
    ):
        # A lone card, the lowest of the hand: the highest ones are kept to win tricks.
        return "hint_play_lead_lowest", {"cards": shown}
    if (run := long_kind(move.cards)) and not any(
        isinstance(m, Play) and long_kind(m.cards) == run and len(m.cards) > len(move.cards)
        for m in legal
    ):
        # A whole straight or run of consecutive pairs, none of its kind longer in the hand
        # (the fourth Run Fast newcomer's finding 1): many cards out, and hard to answer.
        long = "straight" if run == STRAIGHT else "pairs"
        return f"runfast.hint_play_lead_long_{long}", {"cards": shown, "count": count}
    lone = len(move.cards) == 1 and plain_top(move.cards) > 0
    below = [c for c in before.hand if 0 < plain_top([c]) < plain_top(move.cards)]
    if lone and below and keeps_whole(move.cards, before.hand):
        # A lone card over lower ones, each of which would split up a pair or more: say so
        # (issue 61: "Lead 10♠: one play takes 1 card out" said nothing of the lower 6♦).
        split = {r for c in below for r in splits([c], before.hand)}
        if all(splits([c], before.hand) for c in below):
            return "hint_play_lead_whole", {
                "cards": shown,
                "split": groups_text(split, before.hand, either=True),
            }
    bigger = any(isinstance(m, Play) and len(m.cards) > len(move.cards) for m in legal)
    if getattr(before, "must_include", None) is not None:
        # The game's opening play: the 3♥ is in it because it must be. "This one takes N cards
        # out" reads as the most there is: said only when it is (issue 61).
        if bigger:
            return "runfast.hint_play_lead_first_pick", {"cards": shown}
        return "hint_play_lead_first", {"cards": shown, "count": count}
    if bigger and len(move.cards) > 1 and lowest_of_its_kind(move.cards, legal):
        # A pair, triple, straight or consecutive pairs, the lowest of the hand's of that kind
        # and length: low cards out, the higher kept (issue 61: "no rule of thumb" was said of
        # a lead of the lowest pair).
        return "runfast.hint_play_lead_lowest_kind", {"cards": shown, "count": count}
    if len(move.cards) == 1 or bigger:
        # "One play takes N cards out" says nothing of a single, and is false as a comparison
        # when a bigger play was there (issue 61): no rule of thumb is claimed.
        return "runfast.hint_play_lead_pick", {"cards": shown}
    return "hint_play_lead", {"cards": shown, "count": count}


def splits_high(
    played: Sequence[Card], hand: Sequence[Card], legal: Sequence[Move]
) -> set[int] | None:
    """Run Fast, a beat that is no bomb and splits a combination of the hand, above the lowest
    beat, every lower beat splitting one too, each of those of lower ranks than any ``played``
    splits, and no bomb split: the ranks the lower beats split (kept whole by ``played``); None
    otherwise."""
    mine = plain_top(played)
    broken = splits(played, hand)
    if not mine or not broken or broken & bomb_ranks(hand):
        return None
    lower = [m for m in legal if isinstance(m, Play) and 0 < plain_top(m.cards) < mine]
    if not lower or not all(splits(m.cards, hand) for m in lower):
        return None
    split = {r for m in lower for r in splits(m.cards, hand)}
    if split & broken:
        return None
    high = {power(c) for c in hand if c.rank in split}
    low = {power(c) for c in hand if c.rank in broken}
    return split if max(high) < min(low) else None


def lowest_of_its_kind(played: Sequence[Card], legal: Sequence[Move]) -> bool:
    """Is ``played``, no bomb, the lowest of the legal plays of its kind and length, with a
    higher one among them (the lowest of one is no choice)?"""
    combo = classify(list(played))
    if not isinstance(combo, Combo) or combo.kind in BOMB_KINDS:
        return False
    tops = set()
    for m in legal:
        if isinstance(m, Play) and len(m.cards) == len(played):
            other = classify(list(m.cards))
            if isinstance(other, Combo) and other.kind == combo.kind:
                tops.add(other.top)
    return min(tops) == combo.top and max(tops) > combo.top


def plain_top(played: Sequence[Card]) -> int:
    """The top power of a Run Fast play that is no bomb (0 for a bomb or no play), as the
    engine's combination reader ranks it."""
    combo = classify(list(played))
    if not isinstance(combo, Combo) or combo.kind in BOMB_KINDS:
        return 0
    return combo.top


def splits(played: Sequence[Card], hand: Sequence[Card]) -> set[int]:
    """The ranks of which ``played`` takes some of the hand's cards but not all, where the hand
    holds two or more: a pair, triple or four of a kind it breaks up; and the ranks of each run
    of consecutive pairs it breaks up (``pair_runs_split``). Straights: ``breaks_straight``."""
    held, used = Counter(c.rank for c in hand), Counter(c.rank for c in played)
    split = {r for r, n in used.items() if held[r] >= 2 and n < held[r]}
    return split | pair_runs_split(played, hand)


def pair_runs_split(played: Sequence[Card], hand: Sequence[Card]) -> set[int]:
    """The ranks of each run of consecutive pairs the hand holds (two or more ranks in a row,
    each held exactly twice, none a 2) of which ``played`` takes some cards but not all: the
    fourth Run Fast newcomer's 4♠ 4♦ led out of 44 55 66, said to split nothing."""
    held = Counter(power(c) for c in hand)
    used = Counter(power(c) for c in played)
    twice = sorted(p for p, n in held.items() if n == 2 and p <= ACE_POWER)
    runs: list[list[int]] = []
    for p in twice:
        if runs and runs[-1][-1] == p - 1:
            runs[-1].append(p)
        else:
            runs.append([p])
    out: set[int] = set()
    for run in runs:
        taken = sum(used[p] for p in run)
        if len(run) >= 2 and 0 < taken < 2 * len(run):
            out |= {c.rank for c in hand if power(c) in run}
    return out


def breaks_straight(played: Sequence[Card], hand: Sequence[Card]) -> bool:
    """Does ``played``, no straight itself, take the last card of a rank out of a straight the
    hand holds (five or more ranks in a row, 3 up to the ace)? The newcomer's finding: 10♦ was
    said to break up nothing while it was in the hand's straight 10♦ J Q K♦ A♣."""
    combo = classify(list(played))
    if isinstance(combo, Combo) and combo.kind == STRAIGHT:
        return False
    held = {power(c) for c in hand if power(c) <= ACE_POWER}
    left = Counter(power(c) for c in hand)
    left.subtract(power(c) for c in played)
    for p in {power(c) for c in played if left[power(c)] <= 0 and power(c) <= ACE_POWER}:
        low = p
        while low - 1 in held:
            low -= 1
        high = p
        while high + 1 in held:
            high += 1
        if high - low + 1 >= MIN_STRAIGHT:
            return True
    return False


def straight_broken(played: Sequence[Card], hand: Sequence[Card]) -> Reason | None:
    """The longest straight of the hand ``played`` (no straight itself) breaks, named (one card
    a rank, as the hand orders them); None when it breaks none."""
    if not breaks_straight(played, hand):
        return None
    held = {power(c) for c in hand if power(c) <= ACE_POWER}
    left = Counter(power(c) for c in hand)
    left.subtract(power(c) for c in played)
    best: list[int] = []
    for p in {power(c) for c in played if left[power(c)] <= 0 and power(c) <= ACE_POWER}:
        low = high = p
        while low - 1 in held:
            low -= 1
        while high + 1 in held:
            high += 1
        if high - low + 1 > len(best):
            best = list(range(low, high + 1))
    run = [min((c for c in hand if power(c) == p), key=sort_key) for p in best]
    combo = classify(run)
    assert isinstance(combo, Combo)
    return describe(run, combo)


def lone_cards(hand: Sequence[Card]) -> list[Card]:
    """Run Fast: the hand's cards that stand alone, each a single to get rid of in a trick of
    its own: the only card of its rank, and in no run of five ranks or more the hand holds
    (3 up to the ace) that a straight could take out."""
    held = Counter(power(c) for c in hand)
    ranks = {p for p in held if p <= ACE_POWER}

    def in_run(p: int) -> bool:
        if p not in ranks:
            return False
        low = high = p
        while low - 1 in ranks:
            low -= 1
        while high + 1 in ranks:
            high += 1
        return high - low + 1 >= MIN_STRAIGHT

    return sorted((c for c in hand if held[power(c)] == 1 and not in_run(power(c))), key=sort_key)


def keeps_whole(played: Sequence[Card], hand: Sequence[Card]) -> bool:
    """Does ``played`` break up nothing the hand holds: no pair, triple, bomb or consecutive
    pairs (a rank held twice or more) split, and no straight broken?"""
    return not splits(played, hand) and not breaks_straight(played, hand)


def bomb_ranks(hand: Sequence[Card]) -> set[int]:
    """The ranks of the hand's bombs: four of a kind, or the three aces of the 48-card deck."""
    held = Counter(c.rank for c in hand)
    return {r for r, n in held.items() if n == 4 or (r == 1 and n == 3)}


def groups_text(ranks: set[int], hand: Sequence[Card], either: bool = False) -> Reason:
    """The hand's cards of ``ranks`` as the combinations they make, each named and sorted low to
    high ("the 3 consecutive pairs 8♦ 8♥ 9♠ 9♦ 10♥ 10♦, the pair Q♠ Q♣"), as the engine's
    combination reader reads them: ranks of two cards in a row are consecutive pairs."""
    by_power = sorted(([c for c in hand if c.rank == r] for r in ranks), key=lambda g: power(g[0]))
    runs: list[list[list[Card]]] = []
    for g in by_power:
        run = runs[-1] if runs else []
        if (
            run
            and len(g) == 2
            and len(run[-1]) == 2
            and power(g[0]) == power(run[-1][0]) + 1
            and power(g[0]) <= ACE_POWER
        ):
            run.append(g)
        else:
            runs.append([g])
    named: list[Reason] = []
    for run in runs:
        played = sorted((c for g in run for c in g), key=play_order)
        combo = classify(played)
        assert isinstance(combo, Combo)  # a rank's cards, or consecutive pairs
        named.append(describe(played, combo))
    listed = named[-1]
    for n, earlier in enumerate(reversed(named[:-1])):
        # ``either``: each lower play splits one of them, not all, so the last two are joined
        # by "or" (the newcomer's finding 4 read "the 2 consecutive pairs …, the pair 7♥ 7♣").
        key = "runfast.hint_split_or" if either and n == 0 else "hint_split_more"
        listed = Reason(key, {"first": earlier, "rest": listed})
    return listed


def near_out_single(played: Sequence[Card], view: Any, legal: Sequence[Move]) -> bool:
    """A single over a single, an opponent down to one card (who goes out on any single that
    beats the table), and lower singles that beat the table too, each beaten by more of the cards
    the seat can't see (neither in its hand nor played) than ``played`` is."""
    if len(played) != 1 or len(view.trick) != 1:
        return False
    if not any(n == 1 for o, n in enumerate(view.hand_counts) if o != view.seat):
        return False
    mine = plain_top(played)
    lower = [
        m.cards[0]
        for m in legal
        if isinstance(m, Play) and len(m.cards) == 1 and 0 < plain_top(m.cards) < mine
    ]
    seen = set(view.hand) | set(view.played_cards)
    unseen = [plain_top([c]) for c in deck_48() if c not in seen]

    def beaten_by(card: Card) -> int:
        return sum(p > plain_top([card]) for p in unseen)

    return bool(lower) and all(beaten_by(c) > beaten_by(played[0]) for c in lower)


def unanswerable(played: Sequence[Card], view: Any) -> bool:
    """Can no play of the cards the seat can't see (neither in its hand, nor played, nor
    ``played``) beat ``played``, a single, pair or triple: no higher rank with as many unseen
    cards, and no bomb among them (four of a rank, or the three aces)?"""
    combo = classify(list(played))
    if not isinstance(combo, Combo) or combo.kind in BOMB_KINDS or len(set(map(power, played))) > 1:
        return False
    seen = set(view.hand) | set(view.played_cards) | set(played)
    unseen = Counter(power(c) for c in deck_48() if c not in seen)
    if any(n == 4 for n in unseen.values()) or unseen[ACE_POWER] == 3:
        return False
    return not any(p > combo.top and n >= len(played) for p, n in unseen.items())


def unbeatable(played: Sequence[Card], view: Any) -> bool:
    """Can no bomb beat ``played``, a bomb, any more? The heavenly bomb is played only as the
    game's opening play, so past it only a higher bomb could, and none can be made of the cards
    neither in the seat's hand nor played (``view.played_cards``)."""
    combo = classify(list(played))
    if not isinstance(combo, Combo) or combo.kind not in BOMB_KINDS:
        return False
    seen = set(view.hand) | set(view.played_cards) | set(played)
    unseen = Counter(power(c) for c in deck_48() if c not in seen)
    higher = [p for p, n in unseen.items() if combo.top < p < ACE_POWER and n == 4]
    aces = combo.top < ACE_POWER and unseen[ACE_POWER] == 3
    return not higher and not aces


# Which spare pile an emptied hand brings, by game: the Mor, or the side's More pile.
SIDE_PILE_THROW = {"mor": "hint_throw_mor", "more3": "hint_throw_more_pile"}
SIDE_PILE_LAY = {"mor": "hint_lay_mor", "more3": "hint_lay_more_pile"}
SIDE_PILE_ADD = {"mor": "hint_add_mor", "more3": "hint_add_more_pile"}


def _throw_reason(
    card: Card,
    engine: Engine,
    before: Any,
    events: Sequence[Event],
    kept: Sequence[Card],
    rules: MeldRules,
) -> tuple[str, dict[str, Any]]:
    """Why throw ``card``; ``kept``, a run the thrower could lay and keeps in hand instead;
    ``rules``, the game's meld rules, which say which cards of the hand go with it."""
    shown = card.pretty
    if any(isinstance(e, RoundOver) for e in events):
        # "Your last card" only when it is: a round also ends on the throw after the last draw
        # from the stock, with cards still in the hand.
        if len(before.hand) == 1:
            return "hint_throw_ends", {"card": shown}
        return "hint_throw_stock_out", {"card": shown}
    if any(isinstance(e, SidePileWaits) for e in events):
        return SIDE_PILE_THROW.get(before.game, "hint_throw_more_pile"), {"card": shown}
    if before.game == "more3" and gifts_next(card, engine, before.seat):
        # A gift to the next player, of the other side, is never told as if it were harmless
        # (the More newcomer's findings 1 and 3): said as what it is, and whether another
        # throw would be no gift.
        if all(gifts_next(c, engine, before.seat) for c in before.hand):
            # A card that goes onto none of their melds is risky for the cards they picked up:
            # said, or "no safe throw" reads as false (the fourth More newcomer's finding 2).
            picked = shown_partners(card, engine, before.seat)
            if picked and not feeds_next(card, engine, before.seat):
                return "hint_throw_gift_forced_shown_more", {
                    "card": shown,
                    "partners": cards(picked),
                }
            return "hint_throw_gift_forced_more", {"card": shown}
        if wild_capable(card, rules):
            return "hint_throw_gift_pankal_more", {"card": shown}
        return "hint_throw_gift_more", {"card": shown}
    if kept:
        return "hint_throw_keeps_run", {"card": shown, "run": cards(kept)}
    if isinstance(engine, More3):
        said = _more_throw_words(card, engine, before.seat, rules)
        if said is not None:
            return said
    rest = list(before.hand)
    rest.remove(card)
    few = next_few(engine, before.seat)
    # Said of a card that goes with another of the hand: a loose card's own reasons (worth the
    # most, goes with nothing) already say why it goes.
    paired_card = any(goes_with(card, other, rules) for other in rest)
    if few is not None and paired_card and not riskier_for_next(card, engine, before.seat):
        mine = unseen_pairs(card, engine, before.seat)
        # Said only where the engine lets such a player take it and go out (the fresh
        # newcomer's finding 1: on 1 or 2 cards they can't).
        if any(unseen_pairs(c, engine, before.seat) > mine for c in rest) and next_takes_out(
            card, engine, before.seat
        ):
            # Hand, the next player nearly out: of the cards the seat can't see, the fewest
            # make a meld with this one (the newcomer's finding 3: the hint said nothing of
            # the next player, who took A♥ and went out).
            return "hand.hint_throw_next_few", {
                "card": shown,
                "count": Count("n_cards", few),
                "n": few,
            }
    near = hand_end_near(engine, before.seat)
    # Where every card is loose, "worth the most" of them says it (``hint_throw_alone_highest``).
    paired = not all(_alone(c, before.hand, rules) for c in before.hand)
    top = all(hand_value(card) >= hand_value(c) for c in rest)
    if near is not None and paired and top and any(hand_value(card) > hand_value(c) for c in rest):
        # Hand's endgame (issue 61): the cards kept can make no new meld before the last
        # throw, an opponent may go out soon: shed the points.
        return "hint_throw_end_high", {
            "card": shown,
            "left": Count("n_cards", len(rest)),
            "count": Count("n_cards", near),
            "points": Count("n_points", hand_value(card)),
            "n": near,
        }
    if before.game == "mor" and not pile_feeders(engine, before.seat):
        # The player takes care not to feed the next opponent: a card that goes on one of the
        # other team's melds lets them take the whole pile (``bot.ai.mor``'s throw order). Said
        # only of a pile no card of which already goes on their melds: that pile is theirs to
        # take whatever is thrown (``_pile_note`` says so).
        feeding = sorted(
            {c for c in rest if feeds_other_team(c, engine, before.seat)}, key=sort_key
        )
        if feeding and not feeds_other_team(card, engine, before.seat):
            return "hint_throw_not_theirs", {"card": shown, "feeding": cards(feeding)}
    if before.game == "more3" and not _alone(card, before.hand, rules):
        # A start of a meld thrown while a loose card stays in hand is never told as if the
        # rest were worth more (the More newcomer's finding 4): the loose card is named.
        loose = loose_cards(engine, before.seat, rest)
        loose = [c for c in loose if _alone(c, before.hand, rules)]
        if loose:
            partners = sorted(
                {other for other in rest if goes_with(card, other, rules)}, key=sort_key
            )
            return "hint_throw_breaks_more", {
                "card": shown,
                "partners": cards(partners),
                "loose": max(loose, key=lambda c: (card_points(c), sort_key(c))).pretty,
            }
    if before.game == "more3":
        # The next player, of the other side, may take the pile by melding its top card onto
        # their side's melds (RULES.md §2): the player throws such a card last (issue 61).
        feeding = sorted({c for c in rest if feeds_next(c, engine, before.seat)}, key=sort_key)
        # Said only of a card that is safe: one the next player could meld with cards they
        # picked up (public) is no safer than one that goes onto their melds (the More
        # newcomer's finding 1).
        if feeding and not feeds_next_at_all(card, engine, before.seat):
            return "hint_throw_not_next", {"card": shown, "feeding": cards(feeding)}
    # Hand names no card "carrying on the next player's run" as a danger: a taken discard
    # goes into a new meld, never onto their run (the fresh newcomer's finding 2), so the
    # reason told of a risk the rules don't make (``hand.hint_throw_not_next``, no longer said).
    if before.game == "hand" and not before.opened[before.seat]:
        # The hard player holds back an opening it has when it is close to a Hand (all the
        # cards down in one turn doubles the round): say so, not that the card is loose.
        left = _cards_from_a_hand(before.hand)
        if left is not None:
            return "hint_throw_wait_hand", {"card": shown, "count": Count("n_cards", left)}
    if before.game == "hand" and rest.count(card) and ready_melds(card, before.hand, rules):
        # Two of the card, one making a meld: the copy kept does what the thrown one would (the
        # newcomer's finding 5: "with 2♥ JK it makes a meld, but you can't lay it" argued for
        # keeping the card and never named the second 4♥).
        return "hand.hint_throw_twin", {"card": shown}
    ready = _ready_meld(card, engine, before, rules)
    if ready is not None:
        # The card already makes a meld with cards of the hand: "one more card would make a
        # meld" would read as if the meld still needed one (issue 61). Say why it isn't laid.
        return ready
    partners = sorted({other for other in rest if goes_with(card, other, rules)}, key=sort_key)
    if not partners and len(rest) >= 2 and not any(_alone(c, rest, rules) for c in rest):
        # The one card of the hand that goes with nothing: every card kept goes with another
        # card kept, so the throw breaks up none of the hand's combinations.
        return "hint_throw_keeps_combos", {"card": shown}
    if not partners:
        if before.game == "more3":
            # Several cards alone: the one thrown costs the most in hand (issue 61: "Throw K♥:
            # no other card can make a meld with it" while 3♣ was just as loose; the K costs 10,
            # the 3 costs 5). Said only where no other costs as much.
            others = sorted(
                {c for c in rest if c != card and _alone(c, before.hand, rules)}, key=sort_key
            )
            # A loose card that goes onto the side's own melds is kept for them (the third
            # More newcomer's finding 4: 5♣ thrown beside 9♦ with 6♣ 7♣ 8♣ on the table), where
            # it can be laid later (``can_lay_later``).
            later = isinstance(engine, More3) and can_lay_later(engine, before.seat, len(rest))
            own = [c for c in others if later and own_meld(c, engine, before.seat) is not None]
            others = [c for c in others if c not in own]
            if own and not others:
                return "hint_throw_alone_keeps_own_more", {"card": shown, "own": cards(own)}
            if others and all(card_points(card) > card_points(c) for c in others):
                return "hint_throw_alone_highest_more", {
                    "card": shown,
                    "others": cards(others),
                    "points": Count("n_points", card_points(card)),
                }
            if others and all(card_points(card) >= card_points(c) for c in others):
                # Tied at the top: none costs more (the third More newcomer's finding 4:
                # "Throw 3♠: no other card …" beside a loose K♦ and Q♣).
                return "hint_throw_alone_top_more", {
                    "card": shown,
                    "others": cards(others),
                    "points": Count("n_points", card_points(card)),
                }
        if before.game == "hand":
            # Several cards alone: the one thrown is the one worth most, and Hand's points
            # left in hand count against you.
            others = sorted({c for c in rest if c != card and _alone(c, before.hand, rules)})
            top = all(hand_value(card) >= hand_value(c) for c in others)
            mine = unseen_pairs(card, engine, before.seat) if others else 0
            if (
                others
                and not top
                and all(unseen_pairs(c, engine, before.seat) > mine for c in others)
            ):
                # Not the costliest: why this one, then (the fourth fresh Hand newcomer's
                # finding 4: "Throw 2♥: no other card … " beside an equally dead 7♠ and 6♦).
                # Of the cards the seat can't see, the fewest make a meld with it.
                return "hand.hint_throw_alone_unseen", {
                    "card": shown,
                    "others": cards(sorted(others, key=sort_key)),
                }
            equal = sorted((c for c in others if hand_value(c) == hand_value(card)), key=sort_key)
            if (
                equal
                and all(hand_value(card) >= hand_value(c) for c in others)
                and all(unseen_pairs(c, engine, before.seat) > mine for c in equal)
            ):
                # Tied at the top: the one another player is least likely to meld
                # (``hand_least_wanted``; the fourth fresh Hand newcomer's finding 3).
                return "hand.hint_throw_alone_top_unseen", {
                    "card": shown,
                    "others": cards(sorted(others, key=sort_key)),
                    "tied": cards(equal),
                    "points": Count("n_points", hand_value(card)),
                }
            if others and all(hand_value(card) >= hand_value(c) for c in others):
                # "Worth the most" only when no other is worth as much (issue 61: Q♣ tied K♦).
                tied = any(hand_value(card) == hand_value(c) for c in others)
                return "hint_throw_alone_top" if tied else "hint_throw_alone_highest", {
                    "card": shown,
                    "others": cards(sorted(others, key=sort_key)),
                    "points": Count("n_points", hand_value(card)),
                }
        goes_down = isinstance(engine, Mor) and any(
            engine.check(before.seat, Add(meld=m, cards=(card,))) is None for m in engine.melds
        )
        if before.game == "mor" and card.rank == 1 and not goes_down:
            # An ace given away is worth a word (the Mor newcomer's finding 3: "Throw A♦" with
            # nothing on what an ace is worth): 1½, for the team on the table, against it in hand.
            return "mor.hint_throw_alone_ace", {"card": shown}
        return "hint_throw_alone", {"card": shown}
    # One partner or several: with several, "goes with" must read as any one of them (each
    # makes a meld with the card and one more), never as one meld of them all (issue 61).
    one = "_one" if len(partners) == 1 else ""
    if before.game == "hand" and card in rest:
        # Two of the card: the copy kept goes with the same cards (the fourth fresh Hand
        # newcomer's finding 4: "only 6♥ goes with it" beside a second 8♥ never named).
        return f"hand.hint_throw_twin_few{one}", {"card": shown, "partners": cards(partners)}
    if before.game == "hand" and all(hand_value(card) >= hand_value(c) for c in rest):
        # What it would cost in hand is a reason to throw it only where no card kept costs
        # more (issue 61: "it costs you 4 points" told as why a low card goes).
        return f"hint_throw_few_hand{one}", {
            "card": shown,
            "partners": cards(partners),
            "points": Count("n_points", hand_value(card)),
        }
    if before.game == "hand":
        # Hand says neither "only JK goes with it" (a joker goes with anything) nor "the rest
        # is worth more to keep" (cards kept count against you): the fresh newcomer's finding 4.
        if all(p.is_joker for p in partners):
            return "hand.hint_throw_only_joker", {"card": shown, "partners": cards(partners)}
        return f"hand.hint_throw_few{one}", {"card": shown, "partners": cards(partners)}
    if isinstance(engine, Mor):
        # "The rest of your hand is worth more to keep" is false beside a card nothing goes
        # with (the newcomer's "Throw 5♣" beside a loose 6♦ 10♦): a throw the hint itself
        # would not make (``throws_loose_first``), as a review or a lesson words it.
        loose = sorted(set(loose_cards(engine, before.seat)) - {card}, key=sort_key)
        if loose:
            return "mor.hint_throw_few_loose", {
                "card": shown,
                "partners": cards(partners),
                "loose": cards(loose),
            }
        far = sorted(
            {c for c in rest if c not in partners and two_from_a_meld(card, c, rules)},
            key=sort_key,
        )
        if far:
            # "Only 9♥ goes with it" read as false beside a 10♥ that makes 7♥ 8♥ 9♥ 10♥ too
            # (the fourth fresh Mor newcomer's finding 6): the cards two short are named.
            return "mor.hint_throw_few_far", {
                "card": shown,
                "partners": cards(partners),
                "far": cards(far),
            }
    if before.game == "more3":
        # "The rest of your hand is worth more to keep" is said only where it is true by the
        # rule book's values (the third More newcomer's finding 1): a card kept that costs
        # less makes the throw's reason its cost in hand.
        cheaper = sorted({c for c in rest if card_points(c) < card_points(card)}, key=sort_key)
        if cheaper:
            return f"hint_throw_few_more{one}", {
                "card": shown,
                "partners": cards(partners),
                "points": Count("n_points", card_points(card)),
                "cheaper": cards(cheaper),
            }
    return f"hint_throw_few{one}", {"card": shown, "partners": cards(partners)}


def can_lay_later(engine: More3, seat: int, kept: int) -> bool:
    """More: could a card the throw keeps go onto a meld on a later turn? With two cards kept or
    more, yes; with one, laying it after the next draw leaves one card to throw, so the hand
    empties: the engine allows that only to a side that may empty a hand, one with a biriba
    whose More pile is still to take, or whose biribas let it go out (``can_go_out_with``).
    The fourth More newcomer held 3♦ alone for 18 turns beside dirty biribas, told it "can go
    onto them later"."""
    if kept >= 2:
        return True
    side = engine.side(seat)
    biribas = engine.side_biribas(side)
    if not biribas:
        return False
    return engine.pile_open(side) or (engine.pile_taken[side] and can_go_out_with(biribas))


def _more_throw_words(
    card: Card, engine: More3, seat: int, rules: MeldRules
) -> tuple[str, dict[str, Any]] | None:
    """More: a pankal thrown, or a card that goes onto the side's own melds (``own_meld``), is
    never told as a card nothing goes with or one the rest outweighs (the third More newcomer's
    findings 1 and 4): said as what it is, and, where ``more_throw_order`` would throw another
    card, which. None for other throws."""
    meld = own_meld(card, engine, seat)
    if not can_lay_later(engine, seat, len(engine.view(seat).hand) - 1):
        meld = None
    if not wild_capable(card, rules) and meld is None:
        return None
    best = best_more_throws(engine, seat, engine.legal_moves(seat), dearest=False)
    shown = card.pretty
    if card in best:
        if meld is None:
            return None  # every card a pankal, or every other one a gift: said as usual
        return "hint_throw_own_meld_more", {"card": shown, "meld": meld}
    others = cards(best)
    if meld is None:
        return "hint_throw_pankal_more", {"card": shown, "others": others}
    return "hint_throw_own_meld_kept_more", {"card": shown, "meld": meld, "others": others}


def ready_melds(card: Card, hand: Sequence[Card], rules: MeldRules) -> list[tuple[Card, ...]]:
    """The pairs of other cards of ``hand`` that make a meld with ``card`` as they are, by the
    engine's meld reader: a meld ready in the hand, needing no more card."""
    rest = list(hand)
    rest.remove(card)
    return [
        pair
        for pair in combinations(sorted(rest, key=sort_key), 2)
        if try_meld((card, *pair), rules) is not None
    ]


def _ready_meld(
    card: Card, engine: Engine, before: Any, rules: MeldRules
) -> tuple[str, dict[str, Any]] | None:
    """Why ``card`` is thrown though it makes a meld with cards of the hand as they are: the
    engine refuses that lay now (its own reason, issue 61: a Solo holding 3♣ 4♣ 5♣ must keep a
    card to throw), or every legal lay that puts it down spends a wild (the player keeps its
    wilds for a project or a biriba), or, neither, the player holds the meld back. None when
    the card makes no meld with the hand."""
    pairs = ready_melds(card, before.hand, rules)
    if not pairs:
        return None
    lays = [
        m for m in engine.legal_moves(before.seat) if isinstance(m, Meld | Lay) and card in m.cards
    ]
    shown = card.pretty
    if not lays and before.game == "hand":
        said = _short_meld(card, engine, before, rules)
        if said is not None:
            return said
    if not lays and before.game == "hand":
        # The whole meld the hand holds with it, never a part (the fresh newcomer's finding 3).
        whole = whole_meld(card, before.hand, rules)
        if whole is not None:
            rest_of = list(whole)
            rest_of.remove(card)
            pairs = [tuple(rest_of)]
    if not lays:
        for pair in pairs:
            why = engine.check(before.seat, Meld((card, *pair)))
            if why is not None and why.key not in _NOT_MELDS:
                return "hint_throw_meld_refused", {
                    "card": shown,
                    "partners": cards(pair),
                    "reason": why,
                }
        return "hint_throw_ready_kept", {"card": shown, "partners": cards(pairs[0])}
    melds = [new for m in lays for new in as_lay(m).melds if card in new]
    if before.game == "more3" and melds and all(_has_wild(new, rules) for new in melds):
        # More's hard player keeps its pankal for a biriba of its own (``bot.ai.more3``).
        first = next(new for new in melds if _has_wild(new, rules))
        spent = next(w for w in first if wild_capable(w, rules))
        partners = list(first)
        partners.remove(card)
        return "hint_throw_keeps_wild", {
            "card": shown,
            "partners": cards(sorted(partners, key=sort_key)),
            "wild": spent.pretty,
        }
    return "hint_throw_ready_kept", {"card": shown, "partners": cards(pairs[0])}


def whole_meld(card: Card, hand: Sequence[Card], rules: MeldRules) -> tuple[Card, ...] | None:
    """The longest meld of ``hand`` holding ``card`` (the engine's meld search; of two as long,
    the one worth more), as the engine lays it out; None when it is in none."""
    found = [m for m in every_meld(hand, rules) if card in m.cards]
    if not found:
        return None
    best = max(found, key=lambda m: (len(m.cards), meld_value(m)))
    return tuple(best.cards)


def _short_meld(
    card: Card, engine: Engine, before: Any, rules: MeldRules
) -> tuple[str, dict[str, Any]] | None:
    """Hand: ``card`` is in a meld of the hand the engine won't let it lay this turn, and the
    rest of that meld stays a meld without it: the whole meld named, the engine's refusal, and
    what is kept (the fresh newcomer's finding 3: "with 10♥ JK it makes a meld … worth 30" left
    out 9♥ of 9♥ 10♥ JK Q♥, worth 39, and read as a reason to keep Q♥). None otherwise."""
    whole = whole_meld(card, before.hand, rules)
    if whole is None:
        return None
    why = engine.check(before.seat, Meld(whole))
    kept = list(whole)
    kept.remove(card)
    shape = try_meld(kept, rules)
    if why is None or why.key in _NOT_MELDS or shape is None:
        return None
    return "hand.hint_throw_meld_short", {
        "card": card.pretty,
        "meld": cards(whole),
        "reason": why,
        "kept": cards(shape.cards),
    }


def _has_wild(meld: Sequence[Card], rules: MeldRules) -> bool:
    return any(wild_capable(c, rules) for c in meld)


# The engine's refusals that say the cards are no meld: not a reason the meld can't be laid.
_NOT_MELDS = frozenset({"core.not_a_meld"})


def _alone(card: Card, hand: Sequence[Card], rules: MeldRules) -> bool:
    """No other card of ``hand`` goes with ``card`` in a meld, even with one more card."""
    rest = list(hand)
    rest.remove(card)
    return not any(goes_with(card, other, rules) for other in rest)


def feeds_other_team(card: Card, engine: Engine, seat: int) -> bool:
    """Does ``card`` go on one of the other team's melds in Mor (at either end of a run, or in a
    set): would the engine's own add check take it on that meld? (Not a re-reading of the
    meld's cards with the card beside them: that moves the wilds, which an add never does.)"""
    if not isinstance(engine, Mor):
        return False
    team = engine.team(seat)
    return any(
        isinstance(added_or_why(m.meld, (card,), MOR_MELDS, end), MeldsMeld)
        for m in engine.melds.values()
        if engine.team(m.seat) != team
        for end in ("high", "low")
    )


def fed_meld(card: Card, engine: Engine, seat: int) -> int | None:
    """The first meld of the other team in Mor (by its number on the table) that the engine's
    own add check takes ``card`` on; None when none does."""
    if not isinstance(engine, Mor):
        return None
    team = engine.team(seat)
    return next(
        (
            i
            for i, m in sorted(engine.melds.items())
            if engine.team(m.seat) != team
            for end in ("high", "low")
            if isinstance(added_or_why(m.meld, (card,), MOR_MELDS, end), MeldsMeld)
        ),
        None,
    )


def pile_feeders(engine: Engine, seat: int) -> list[Card]:
    """Mor: the cards of the discard pile, as it lies before the seat's throw, that go on one
    of the other team's melds: with one of them the next player may take the whole pile
    (RULES.md §1) whatever the seat throws on it."""
    if not isinstance(engine, Mor):
        return []
    return sorted({c for c in engine.discard if feeds_other_team(c, engine, seat)}, key=sort_key)


def _pile_note(
    card: Card, engine: Engine, seat: int, events: Sequence[Event], said: tuple[str, dict[str, Any]]
) -> tuple[str, dict[str, Any]]:
    """A Mor throw's reason with what it means for the discard pile the next player, of the
    other team, may take whole (RULES.md §1): a thrown card that goes on one of their melds
    lets them take it (``mor.hint_throw_feeds``; ``_all`` where every card in the hand would);
    a pile that already holds such a card is theirs to take whatever is thrown
    (``mor.hint_throw_pile_open``). Never a throw that hands over the pile told as if it were
    harmless. ``said`` as it is when the throw ends the round or nothing is at stake."""
    if not isinstance(engine, Mor) or any(isinstance(e, RoundOver) for e in events):
        return said
    count = Count("n_cards", len(engine.discard) + 1)
    meld = fed_meld(card, engine, seat)
    inner = Reason(*said)
    if meld is not None:
        hand = engine.view(seat).hand
        if all(feeds_other_team(c, engine, seat) for c in hand):
            return "mor.hint_throw_feeds_all", {"reason": inner, "count": count}
        return "mor.hint_throw_feeds", {
            "reason": inner,
            "card": card.pretty,
            "meld": meld,
            "count": count,
        }
    feeders = pile_feeders(engine, seat)
    if feeders:
        return "mor.hint_throw_pile_open", {
            "reason": inner,
            "feeding": cards(feeders),
            "count": count,
        }
    return said


def feeds_next(card: Card, engine: Engine, seat: int) -> bool:
    """Does ``card``, thrown, go on a meld of the next player's side in More, that player being
    of the other side: would the engine's own add check take it there, by that player's meld
    rules? Such a top card the next player may take, and the rest of the pile with it."""
    if isinstance(engine, Mor):
        return feeds_other_team(card, engine, seat)
    if isinstance(engine, Hand):
        return feeds_next_hand(card, engine, seat)
    if not isinstance(engine, More3):
        return False
    nxt = (seat + 1) % engine.n_seats
    if engine.side(nxt) == engine.side(seat):
        return False
    rules = engine.rules_for(nxt)
    return any(
        isinstance(added_or_why(m.meld, (card,), rules, end), MeldsMeld)
        for m in engine.melds.values()
        if engine.side(m.seat) == engine.side(nxt)
        for end in ("high", "low")
    )


def feeds_next_hand(card: Card, engine: Hand, seat: int) -> bool:
    """Hand: does ``card``, thrown, go onto one of the next player's own melds (the engine's
    add check, at either end)? The top discard is taken only into a new meld, so such a card is
    the one a player waits for who holds the cards beyond it (8♥ to 5♥ 6♥ 7♥, with 9♥ 10♥ in
    hand): the newcomers' "the hint throws what the next player can use" (issue 61)."""
    nxt = (seat + 1) % engine.n_seats
    return any(extends_run(m.meld, card) for m in engine.melds.values() if m.seat == nxt)


def extends_run(meld: MeldsMeld, card: Card) -> bool:
    """Does ``card`` carry a run on at one of its ends, each joker still standing for the rank
    it stood for (the engine's add check)? A card the joker stands for is no such card: it
    only moves the joker, and a taken discard goes into a new meld, never onto a joker's place
    (the newcomer's finding 4). Sets aren't carried on: a set's fourth card makes no new meld."""
    if meld.kind != MeldKind.RUN:
        return False
    jokers = _joker_ranks(meld)
    for end in ("high", "low"):
        grown = added_or_why(meld, (card,), HAND_MELDS, end)
        if isinstance(grown, MeldsMeld) and _joker_ranks(grown) == jokers:
            return True
    return False


def _joker_ranks(meld: MeldsMeld) -> set[int]:
    return {meld.low + i for i, c in enumerate(meld.cards) if c.is_joker}


def shown_partners(card: Card, engine: Engine, seat: int) -> tuple[Card, ...]:
    """In More, the cards the next player (of the other side) was seen to take into the hand
    (``shown``: a pile picked up, public at the table and not laid or thrown since) that
    ``card`` goes with by that player's meld rules: with them the player may meld ``card`` as a
    new meld or grow one toward it, so a throw of it is not safe. None elsewhere."""
    if not isinstance(engine, More3):
        return ()
    nxt = (seat + 1) % engine.n_seats
    if engine.side(nxt) == engine.side(seat):
        return ()
    rules = engine.rules_for(nxt)
    seen = engine.view(seat).shown[nxt]
    return tuple(sorted({c for c in seen if goes_with(card, c, rules)}, key=sort_key))


def feeds_next_at_all(card: Card, engine: Engine, seat: int) -> bool:
    """Could the next player of the other side take the pile with ``card`` on top, by what the
    table shows: it goes onto their side's melds (``feeds_next``), or, in More, with cards they
    picked up (``shown_partners``), or, in Hand, the next player nearly out, it is not among
    the cards of the hand they could least use (``riskier_for_next``)?"""
    return (
        feeds_next(card, engine, seat)
        or bool(shown_partners(card, engine, seat))
        or riskier_for_next(card, engine, seat)
    )


# Hand: a next player who has opened and holds this many cards or fewer may take the top
# discard into a meld with two of them and go out.
NEXT_FEW = 3


def next_few(engine: Engine, seat: int) -> int | None:
    """Hand: the next player's card count when they have opened and hold ``NEXT_FEW`` or
    fewer; None otherwise, and in the other games."""
    view = engine.view(seat)
    if not isinstance(view, HandView):
        return None
    nxt = (seat + 1) % len(view.hand_counts)
    count = view.hand_counts[nxt]
    return count if view.opened[nxt] and 0 < count <= NEXT_FEW else None


def next_takes_out(card: Card, engine: Engine, seat: int) -> bool:
    """Hand: could the next player, holding as many cards as they do, take ``card`` from the
    pile once the seat throws it and go out this turn? Asked of the engine itself: it is dealt
    hands of that many cards the seat can't see (two that make a meld with ``card``, and any
    beside them), and one that takes ``card`` and goes out by the engine's moves is enough for
    "they may". The newcomer's finding 1: a player on 1 or 2 cards can't (a taken card goes
    into a new meld, and a card must be kept to throw), and the hint said they may."""
    if not isinstance(engine, Hand) or engine.round_over:
        return False
    nxt = (seat + 1) % engine.n_seats
    count = len(engine.hands[nxt])
    throw = Discard(card)
    if engine.check(seat, throw) is not None:
        return False
    for held in _unseen_hands(card, engine, seat, count):
        trial = _copy(engine)
        assert isinstance(trial, Hand)
        trial.hands[nxt] = list(held)
        if any(isinstance(e, RoundOver) for e in trial.apply(seat, throw)):
            return False
        if trial.check(nxt, Take()) is not None:
            return False
        trial.apply(nxt, Take())
        if _goes_out(trial, nxt, 3):
            return True
    return False


def _unseen_hands(card: Card, engine: Engine, seat: int, count: int) -> list[list[Card]]:
    """Hands of ``count`` cards the seat can't see (``unseen_copies``): each pair of them that
    makes a meld with ``card`` (the engine's meld reader), cut to ``count`` or filled up with
    other unseen cards."""
    copies = {c: unseen_copies(engine, seat, c) for c in set(deck_106())}
    kinds = sorted((c for c, n in copies.items() if n), key=sort_key)
    out: list[list[Card]] = []
    for i, a in enumerate(kinds):
        for b in kinds[i:]:
            if a == b and copies[a] < 2:
                continue
            if try_meld((card, a, b), HAND_MELDS) is None:
                continue
            held = [a, b][:count]
            spare = Counter(copies)
            spare.subtract(held)
            held += sorted(spare.elements(), key=sort_key)[: count - len(held)]
            if held not in out:
                out.append(held)
    return out


def _goes_out(engine: Engine, seat: int, depth: int) -> bool:
    """Can ``seat`` go out this turn by the engine's legal moves, ``depth`` lays at most
    before the throw?"""
    for move in engine.legal_moves(seat):
        if isinstance(move, Draw | Take | Return):
            continue
        trial = _copy(engine)
        events = trial.apply(seat, move)
        if isinstance(move, Discard):
            if any(isinstance(e, RoundOver) and _closer(e) == seat for e in events):
                return True
        elif depth > 0 and _goes_out(trial, seat, depth - 1):
            return True
    return False


def _closer(event: RoundOver) -> int | None:
    return event.result.closer if event.result is not None else None


def unseen_pairs(card: Card, engine: Engine, seat: int) -> int:
    """Hand: how many pairs of cards the seat can't see (``unseen_copies``: not in its hand,
    the melds or the discard pile) make a meld with ``card``, by the engine's meld reader:
    what the seat can know of the chance that another hand holds a meld for it."""
    near = [
        c
        for c in deck_106()
        if c != card
        and (
            card.is_joker  # a joker goes with any two cards that make a meld with it
            or c.is_joker
            or c.rank == card.rank
            or (c.suit == card.suit and _close(c, card))
        )
    ]
    kinds = sorted(set(near), key=sort_key)
    view = engine.view(seat)
    assert isinstance(view, RummyView)
    seen = Counter([*view.hand, *(c for m in view.melds for c in m.cards), *view.discard])
    left = {c: max(0, near.count(c) - seen[c]) for c in kinds}
    return sum(
        1
        for i, a in enumerate(kinds)
        for b in kinds[i:]
        if left[a] >= (2 if a == b else 1)
        and left[b]
        and try_meld((card, a, b), HAND_MELDS) is not None
    )


def _close(a: Card, b: Card) -> bool:
    """Two ranks within two of each other, an ace high as well as low."""
    ranks = {a.rank, 14 if a.rank == 1 else a.rank}
    return any(abs(r - s) <= 2 for r in ranks for s in {b.rank, 14 if b.rank == 1 else b.rank})


def riskier_for_next(card: Card, engine: Engine, seat: int) -> bool:
    """Hand, the next player nearly out (``next_few``): does another card of the seat's hand
    make a meld with fewer unseen pairs (``unseen_pairs``) than ``card``? Their hand is
    hidden; the cards the seat can't see are all it can weigh (the newcomer's finding 3: A♥
    thrown to a next player on 3 cards, who laid A♥ 2♥ 3♥ and went out)."""
    if not isinstance(engine, Hand) or next_few(engine, seat) is None:
        return False
    if not next_takes_out(card, engine, seat):
        return False  # they can't take it and go out: no throw is safer than this one
    hand = set(engine.view(seat).hand) - {card}
    mine = unseen_pairs(card, engine, seat)
    return any(unseen_pairs(c, engine, seat) < mine for c in hand)


def pile_partners(card: Card, engine: Engine, seat: int) -> tuple[Card, ...]:
    """More: two cards the next player (of the other side) would hold, once the pile is taken,
    that make a meld with ``card`` on top of it, by that player's meld rules: cards already
    lying in the discard pile, or picked up before (``shown``). Taken, the pile goes into the
    hand with its top card, so 4♠ thrown onto 3♠ 5♠ hands over 3♠ 4♠ 5♠ and the pile with it
    (the More newcomer's finding 3). None when there are none, and elsewhere."""
    if not isinstance(engine, More3):
        return ()
    nxt = (seat + 1) % engine.n_seats
    if engine.side(nxt) == engine.side(seat):
        return ()
    rules = engine.rules_for(nxt)
    held = sorted({*engine.discard, *engine.view(seat).shown[nxt]}, key=sort_key)
    for pair in combinations(held, 2):
        if try_meld((card, *pair), rules) is not None:
            return pair
    return ()


def gifts_next(card: Card, engine: Engine, seat: int) -> bool:
    """More: is ``card`` a gift to the next player, of the other side, by what the table shows:
    a top card they may take the pile with (``feeds_next_at_all``, ``pile_partners``), or a
    pankal, which goes into almost any meld of theirs and costs 20 in their hand no more (the
    More newcomer's finding 1: a joker thrown to the Solo, who took the pile with it)."""
    if not isinstance(engine, More3):
        return False
    nxt = (seat + 1) % engine.n_seats
    if engine.side(nxt) == engine.side(seat):
        return False
    return (
        wild_capable(card, engine.rules_for(nxt))
        or feeds_next_at_all(card, engine, seat)
        or bool(pile_partners(card, engine, seat))
    )


def _cards_from_a_hand(rest: Sequence[Card]) -> int | None:
    """When the hand could open with 51: how many of its cards the best opening leaves out (the
    cards still between the player and a Hand, as the hard player counts them before waiting).
    None when it can't open."""
    # Imported here: the hint's reason reuses the hard player's own opening search.
    from bot.ai.hand import plan_opening

    plan = plan_opening(rest)
    if plan is None:
        return None
    return len(rest) - sum(len(m) for m in plan.melds)


# Every card the rummies are dealt from, once each (Mor, More and Hand all play two decks and two
# jokers): the candidates for the one card a partner still needs.
_DECK = tuple(sorted(set(deck_106()), key=sort_key))
# The rules a game reads every seat's melds by, where they are one for all (More's are per seat).
_GAME_MELDS = {"mor": MOR_MELDS, "hand": HAND_MELDS}


def meld_rules(engine: Engine, seat: int) -> MeldRules:
    """The rules the engine reads ``seat``'s new melds by, in a rummy: More's are the seat's own
    (ace-sets over 1500 points), asked of the engine; Mor and Hand have one set each."""
    if isinstance(engine, More3):
        return engine.rules_for(seat)
    return _GAME_MELDS[engine.game]


@cache
def goes_with(card: Card, other: Card, rules: MeldRules) -> bool:
    """Does ``other`` go with ``card``: do the two make a meld with one more card of the deck, as
    the engine reads melds (``try_meld``, the reader every lay is checked by)? Two 10♠ never
    share a run, Mor has no set of queens, a Hand set wants different suits: the engine says
    so, not a second statement of its rules here. (A third copy of a card is never the one more
    card: the deck holds two.)"""
    return any(
        try_meld((card, other, extra), rules) is not None
        for extra in _DECK
        if not extra == card == other
    )


@cache
def two_from_a_meld(card: Card, other: Card, rules: MeldRules) -> bool:
    """Do ``card`` and ``other`` make a meld with two more cards of the deck (and not with one:
    ``goes_with``), as the engine reads melds? 7♥ and 10♥ do, with 8♥ 9♥."""
    if goes_with(card, other, rules):
        return False
    return any(
        try_meld((card, other, a, b), rules) is not None
        for i, a in enumerate(_DECK)
        for b in _DECK[i:]
        if Counter((card, other, a, b)).most_common(1)[0][1] <= 2
    )


# A biriba's worth by kind, to tell a lay that makes or betters one from one that spoils it.
_BIRIBA_RANK = {"dirty": 1, "pure": 2}


def _lay_reason(
    move: Any,
    before: Any,
    after: Any,
    events: Sequence[Event],
    needs_75: bool = False,
    ends: bool = False,
) -> tuple[str, dict[str, Any]]:
    """Why lay ``move``; ``ends``: the stock has run out, so the round ends with this turn's
    throw (the engine's ``stock_out``)."""
    # Meld, Add, Swap and Lay all name the cards they put down: in the order they are laid out
    # and typed (``in_order``), not as the computer found them ("Lay 7♦ 5♦ 6♦", issue 61).
    laid_out: Any = move if before.game == "mor" else in_order(move)
    shown: str | Reason = cards(laid_out.cards)
    if isinstance(laid_out, Lay) and len(laid_out.melds) > 1:
        # Several new melds read apart, as the cards stage shows them: "Lay 8♥ 9♥ 10♥ and
        # 8♣ 9♣ 2♠", not one row of six cards (the More newcomer's finding 6), in every rummy.
        shown = joined([cards(m) for m in laid_out.melds])
    touched = {getattr(e, "meld", None) for e in events} - {None}
    melds = [m for m in after.melds if m.id in touched]
    # The hint's verb is the move's: laying new melds, adding to melds on the table (Dutch
    # uitleggen beside aanleggen), or both at once. A move with no add keeps the "Lay …" keys;
    # one that adds says so in its own words, ``act``, with the same reason after it.
    act = _act(move)
    if any(isinstance(e, TookSidePile) for e in events):
        if act is not None:
            return SIDE_PILE_ADD.get(before.game, "hint_add_more_pile"), {"act": act}
        return SIDE_PILE_LAY.get(before.game, "hint_lay_more_pile"), {"cards": shown}
    spoilt = [m for m in melds if m.biriba == "dirty" and _was(before, m.id, "biriba", "pure")]
    if spoilt and act is not None:
        # A hint gives it only when every legal move does (``no_spoilt_biriba``); a review may
        # name it: either way, say what it costs.
        return "hint_add_spoils_biriba", {"act": act}
    for m in melds:
        if m.project and not _was(before, m.id, "project", m.project):
            if act is not None:
                return "hint_add_project", {"act": act, "project": m.project}
            return "hint_lay_project", {"cards": shown, "project": m.project}
        if _BIRIBA_RANK.get(m.biriba, 0) > max(
            (_BIRIBA_RANK.get(b.biriba, 0) for b in before.melds if b.id == m.id), default=0
        ):
            # Only a gain: a wild on a pure biriba makes it dirty (200 down to 100), no biriba
            # made (issue 61).
            # "pure" / "dirty": a word of the catalogue, so it reads in the hint's language.
            biriba = Reason(f"biriba.{m.biriba}")
            if act is not None:
                return "hint_add_biriba", {"act": act, "biriba": biriba}
            return "hint_lay_biriba", {"cards": shown, "biriba": biriba}
    left = Count("n_cards", len(after.hand))
    lay = as_lay(move)
    one_meld = lay.adds[0].meld if not lay.melds and len({a.meld for a in lay.adds}) == 1 else None
    if before.game == "hand" and not before.opened[before.seat] and after.opened[before.seat]:
        return "hint_lay_opens", {"cards": shown, "points": Count("n_points", _hand_points(melds))}
    if ends and before.game == "mor" and len(after.hand) < len(before.hand):
        # The stock has run out: this turn's throw ends the round, so what is still in the hand
        # then counts against you. An opponent's count is beside the point (Mor lesson 8 said
        # "an opponent is down to 3 cards" where the member's own throw ends the round).
        if act is not None:
            return "hint_add_round_ends", {"act": act, "left": left}
        return "hint_lay_round_ends", {"cards": shown, "left": left}
    near = near_out(before)
    # Not in a turn the seat took a pile (its hand grew by more than a draw): "the cards in your
    # hand count against you" right after a take the hint advised reads as "the take was a
    # mistake" (issue 61); the lay's own reason below says what it does instead.
    took_pile = len(getattr(before, "just_drawn", ())) > 1
    if near is not None and not needs_75 and not took_pile and len(after.hand) < len(before.hand):
        # An opponent nearly out: what is still in the hand when the round ends counts against
        # you (Mor, More and Hand alike), so lay what you can. (A lay that also adds, or adds
        # to several melds, keeps its own reason below: the add key names one meld.)
        # "n" picks the sentence's form: «1 पत्ता बचा है», «2 पत्ते बचे हैं».
        count = Count("n_cards", near)
        if one_meld is not None:
            return "hint_add_near_out", {
                "cards": shown,
                "meld": one_meld,
                "count": count,
                "left": left,
                "n": near,
            }
        if act is None:
            return "hint_lay_near_out", {"cards": shown, "count": count, "left": left, "n": near}
    if before.game == "hand":
        # Hand scores only what is left in the hand: laying cards is shedding them.
        if one_meld is not None:
            return "hint_add_hand", {"cards": shown, "meld": one_meld, "left": left}
        if act is not None:
            return "hint_add_left_hand", {"act": act, "left": left}
        return "hint_lay_hand", {"cards": shown, "left": left}
    if needs_75:
        # More over 1500: the first lay must be worth 7.5, counted in half-points.
        worth = points(sum(opening_halves(c) for c in move.cards) / 2)
        if act is not None:
            return "hint_add_opens_75", {"act": act, "worth": worth}
        return "hint_lay_opens_75", {"cards": shown, "worth": worth}
    if before.game == "mor" and act is None and len(melds) == 1 and not lay.adds:
        # A Mor lay's reason beyond "laid cards count for you" where one holds (the fourth
        # fresh Mor newcomer's finding 4): the team's first meld opens the pile to it
        # (RULES.md §1), a clean set or run is on its way to a 300 or a 200.
        new = melds[0]
        if not any(m.side == new.side for m in before.melds):
            return "mor.hint_lay_first_meld", {"cards": shown}
        if not new.wilds and len(new.cards) < 7:
            kind = "set" if new.kind == MeldKind.SET else "run"
            return f"mor.hint_lay_clean_{kind}", {"cards": shown}
    if one_meld is not None:
        return "hint_add", {"cards": shown, "meld": one_meld, "left": left}
    if act is not None:
        return "hint_add_left", {"act": act, "left": left}
    return "hint_lay", {"cards": shown, "left": left}


def _act(move: Any) -> Reason | None:
    """What a move that adds to melds on the table does, in words ("Add 8♣ to meld 1", "Lay
    5♥ 6♥ 7♥ and add 8♣"); None for a move that only lays new melds, which the "Lay …" keys
    word."""
    if not isinstance(move, (Add, Lay)):
        return None
    lay = as_lay(move)
    if not lay.adds:
        return None
    added = cards([c for a in lay.adds for c in a.cards])
    if lay.melds:
        laid = cards([c for m in lay.melds for c in m])
        return Reason("hint_act_lay_add", {"laid": laid, "added": added})
    targets = {a.meld for a in lay.adds}
    if len(targets) == 1:
        return Reason("hint_act_add", {"cards": added, "meld": lay.adds[0].meld})
    return Reason("hint_act_add_melds", {"cards": added})


# An opponent with this many cards or fewer is nearly out: in Mor and More once their side has
# taken its spare pile (before, an emptied hand only brings the pile); in Hand at once.
NEAR_OUT = 3


def near_out(view: Any) -> int | None:
    """The fewest cards an opponent of a rummy seat holds, when nearly out (``NEAR_OUT``) and
    able to go out: in More only with the biribas for it, a pure one and a second (issue 61:
    "an opponent is down to 1 card" of a side that could not go out suggested a danger the
    rules rule out)."""
    counts = [
        view.hand_counts[o]
        for o in range(view.n_seats)
        if view.sides[o] != view.sides[view.seat]
        and (view.game == "hand" or view.side_taken[view.sides[o]])
        # An empty hand at another's turn waits for its spare pile (a throw that empties it
        # otherwise ends the round): it is no nearly-out opponent ("down to 0 cards").
        and 0 < view.hand_counts[o] <= NEAR_OUT
        and side_may_go_out(view, view.sides[o])
    ]
    return min(counts) if counts else None


def side_may_go_out(view: Any, side: int) -> bool:
    """Do ``side``'s melds on the table let it go out, as the seat's view shows them: More's
    biribas (``can_go_out_with``). Mor's and Hand's near-out reasons are left as they were."""
    if view.game == "more3":
        return can_go_out_with([m.biriba for m in view.melds if m.side == side and m.biriba])
    return True


def _was(before: Any, meld_id: int, attr: str, value: Any) -> bool:
    return any(m.id == meld_id and getattr(m, attr) == value for m in before.melds)


def _hand_points(melds: Sequence[Any]) -> int:
    """Hand's opening value of the melds laid: each card at its value, a joker at the value of the
    card (in a set, the rank) it stands for, as ``MeldView.wilds`` gives it."""
    return sum(card_value(dict(m.wilds).get(i, c)) for m in melds for i, c in enumerate(m.cards))
