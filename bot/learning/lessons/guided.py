"""The guided first round: a real dealt round against computer players, with a coach.

The coach watches the member's seat. Before each of the member's moves, and once more at the
score sheet, it looks at what that seat sees now (the engine's view and the seat's legal moves)
and at which rules it has already explained, and names the rules that matter here for the first
time, each as a short note (a catalogue key ``coach.<game>.<rule>`` and its parameters), with a
suggested move: the computer player's move at the coach's level, or, for a rule best shown by
doing it, a legal move that shows it.

Rules are found in the position, never at a scripted move number, so a member who plays another
legal move only changes which note comes when; a note whose moment never comes in this round is
not shown, except the few marked ``at_end`` (scoring, closing, the Hand ...), which the score sheet
explains when play never reached them.

``explained_at(engine, seat)`` rebuilds the set of rules already explained from the game's record
(the same notes at the same points, replayed), so a guided table needs nothing stored beyond its
record and its mark: a restart restores the coach as it was.

The deals are fixed (``GUIDED``): each seed was chosen by playing the round with the member
following the coach against ``normal`` computers and keeping a seed where most of the game's
rules come up during play (``scripts/guided_seeds.py`` prints the count per seed).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot import ai
from bot.ai import Level
from bot.ai.hand import take_pays
from bot.games.base import Engine, MeldKind, Move, Phase, Played, Take, move_from_dict
from bot.games.cards import Count, Reason
from bot.games.mor import Mor, can_close_with
from bot.games.more3 import More3
from bot.games.registry import engine_class, new_game, play_move, replay
from bot.games.runfast_combos import BOMB_KINDS, TRIPLE
from bot.i18n import ENGLISH, say, t
from bot.learning.hints import Hint, advise, hint_for, plain_top

MEMBER = 0  # the member's seat at a guided table: a practice table seats its member first
COACH_LEVEL = Level.NORMAL  # the computer players and the coach's suggestions
MAX_NOTES = 3  # notes at one stop: more is a wall of text before a single move
# The member's moves in a guided round that follows the coach: at the pace a newcomer plays
# (87 moves took about 40 minutes, some 25 s a move), 36 moves are about 15 minutes.
MEMBER_MOVES = 36


@dataclass(frozen=True)
class GuidedDeal:
    """The fixed deal of a game's guided round: its seed and the options it is played with."""

    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)


# Seeds chosen with scripts/guided_seeds.py (see the module's docstring), among the deals whose
# round the member plays in at most MEMBER_MOVES moves: a first guided game fits in about 15
# minutes (More's earlier deal took 76 of the member's moves, about 40 minutes). Every game is
# played with its plain options, as the game the member plays next: More's guided round once
# opened with bids, which the member's own game (``python -m bot.console more3``, /practice)
# never has (issue 61).
GUIDED: dict[str, GuidedDeal] = {
    "mor": GuidedDeal(70),
    "more3": GuidedDeal(249),
    "hand": GuidedDeal(2),
    "runfast": GuidedDeal(75),
}


def guided_game(game: str) -> Any:
    """A new game dealt as the guided round's deal."""
    deal = GUIDED[game]
    return new_game(game, dict(deal.options), deal.seed)


@dataclass(frozen=True)
class Note:
    """One rule explained: its name and the catalogue key and parameters of its words."""

    rule: str
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = ENGLISH) -> str:
        return t(self.key, lang, **self.params)


@dataclass(frozen=True)
class Stop:
    """Where the coach stops: the new notes (maybe none) and the suggested move (None at the
    score sheet)."""

    notes: tuple[Note, ...]
    move: Move | None


View = Any
Check = Callable[[View, frozenset[str]], bool]  # the view and the kinds of the legal moves


@dataclass(frozen=True)
class Rule:
    name: str
    when: Check
    # The variant of the words (a suffix of the key) and the parameters, from the view.
    variant: Callable[[View], str] | None = None
    params: Callable[[View], dict[str, Any]] | None = None
    at_end: bool = False  # explained at the score sheet when play never reached it
    show: Callable[[View, Sequence[Move]], Move | None] | None = None  # a move that shows it
    # At the score sheet, a rule whose words state something of the table (More's "you have your
    # More pile") is explained late only where it holds then.
    holds_at_end: Check | None = None
    # Where this holds, the rule matters at this very stop (a wild the seat can lay now, a hand
    # about to empty, the stock about to run out): its note goes before the others due, so the
    # few-at-a-time limit never puts it off until after it came up (issue 61).
    urgent: Check | None = None


def always(view: View, kinds: frozenset[str]) -> bool:
    return True


def can_lay(view: View, kinds: frozenset[str]) -> bool:
    return bool(kinds & {"Meld", "Lay"})


def holds_wild(view: View, kinds: frozenset[str]) -> bool:
    """A joker or a 2 in the hand, or a wild on the table (Mor and More count 2s as wild)."""
    return any(c.is_joker or c.rank == 2 for c in view.hand) or any(m.wilds for m in view.melds)


def my_side(view: View) -> int | None:
    return view.sides[view.seat] if view.sides else None


def side_melds(view: View) -> list[Any]:
    side = my_side(view)
    return [m for m in view.melds if m.side == side]


def never(view: View, kinds: frozenset[str]) -> bool:
    """A rule no position shows in the first round (how a game ends, a variant not played):
    the score sheet explains it."""
    return False


def lays_wild(view: View, kinds: frozenset[str]) -> bool:
    """A wild in the hand while the seat may lay: its place is typed at this stop."""
    return can_lay(view, kinds | ({"Meld"} if "Add" in kinds else set())) and any(
        c.is_joker or c.rank == 2 for c in view.hand
    )


def now(view: View, kinds: frozenset[str]) -> bool:
    return True


def stock_low(view: View, kinds: frozenset[str]) -> bool:
    # Two rounds of turns or fewer left in the stock: a round can end by the stock running out,
    # which no player meets before it happens unless told.
    stock: int = getattr(view, "stock_count", -1)  # Run Fast deals no stock
    return bool(0 <= stock <= 2 * view.n_seats)


def small_hand(view: View) -> bool:
    # Four cards or fewer: emptying the hand is a turn or two away.
    return 0 < len(view.hand) <= 4


# ---------------------------------------------------------------- Mor


def mor_partner_meld(view: View, kinds: frozenset[str]) -> bool:
    return any(m.seat != view.seat for m in side_melds(view))


def mor_project_near(view: View, kinds: frozenset[str]) -> bool:
    return any(len(m.cards) >= 5 for m in view.melds)


def mor_the_mor(view: View, kinds: frozenset[str]) -> bool:
    side = my_side(view)
    if side is None or view.side_taken[side]:
        return False
    return small_hand(view) or view.seat in view.mor_waiting


def mor_wild_in_run(view: View, kinds: frozenset[str]) -> bool:
    """A run on the table holds a wild: adding the card of its place moves it to an end of
    that run, never to another meld (issue 61: a newcomer first saw a wild move with no word)."""
    return any(m.kind == MeldKind.RUN and m.wilds for m in view.melds)


def mor_closing(view: View, kinds: frozenset[str]) -> bool:
    side = my_side(view)
    return side is not None and view.side_taken[side]


MOR = (
    Rule("goal", always, params=lambda v: {"target": v.target}),
    Rule("values", always),
    Rule("turn", always),
    Rule("melds", can_lay),
    Rule("aces", can_lay),
    Rule("wilds", holds_wild, urgent=lays_wild),
    Rule("wild_place", holds_wild, urgent=lays_wild),
    Rule("take", lambda v, k: "Take" in k, urgent=now),
    Rule("wild_moves", mor_wild_in_run, urgent=mor_wild_in_run),
    Rule("team", mor_partner_meld),
    Rule("project", mor_project_near, at_end=True),
    Rule("mor", mor_the_mor, at_end=True, urgent=now),
    Rule("closing", mor_closing, at_end=True, urgent=now),
    Rule("stock", stock_low, at_end=True, urgent=now),
    Rule("game_end", never, params=lambda v: {"target": v.target}, at_end=True),
)


# ---------------------------------------------------------------- More


def more_role(view: View) -> str:
    return "solo" if view.solo == view.seat else "pair"


def more_goal(view: View) -> str:
    # The goal's words name the Solo's whole score (100 for going out, ×1.5, then 150).
    return "as_" + more_role(view)


def more_playing(view: View, kinds: frozenset[str]) -> bool:
    return bool(view.phase != Phase.BID)


def more_side_down(view: View, kinds: frozenset[str]) -> bool:
    # The seat's side has melds on the table: from here on, what they are worth at the end of
    # the round is worth knowing.
    return more_playing(view, kinds) and bool(side_melds(view))


def more_stock(view: View, kinds: frozenset[str]) -> bool:
    # Once the More pile is in reach (the side's first biriba: a round can end before the stock
    # runs low), or with four rounds of turns or fewer left: told while there is still time to
    # take a More pile before the piles become the stock (issue 61).
    stock: int = view.stock_count
    low = 0 <= stock <= 4 * view.n_seats
    return more_playing(view, kinds) and (low or more_has_biriba(view))


def more_partner_down(view: View, kinds: frozenset[str]) -> bool:
    if view.solo is None or view.solo == view.seat:
        return False
    partner = next(s for s in range(view.n_seats) if s not in (view.seat, view.solo))
    return partner in view.opened


def more_not_down(view: View, kinds: frozenset[str]) -> bool:
    """The seat may lay and has not gone down yet: its opening could come at this stop."""
    # ``opened`` lists the seats that have gone down (not a flag per seat).
    return can_lay(view, kinds) and view.seat not in view.opened


def more_biriba_near(view: View, kinds: frozenset[str]) -> bool:
    return any(len(m.cards) >= 5 for m in side_melds(view))


def more_has_biriba(view: View) -> bool:
    return any(m.biriba for m in side_melds(view))


def more_keep_cards(view: View, kinds: frozenset[str]) -> bool:
    # Six cards or fewer and no biriba yet: the hand must not run empty before one is down.
    few = 0 < len(view.hand) <= 6
    return more_playing(view, kinds) and few and not more_has_biriba(view)


def more_pile(view: View, kinds: frozenset[str]) -> bool:
    side = my_side(view)
    return side is not None and more_has_biriba(view) and not view.side_taken[side]


def more_going_out(view: View, kinds: frozenset[str]) -> bool:
    side = my_side(view)
    return side is not None and view.side_taken[side]


MORE3 = (
    # The guided round is played without bids, as the member's own game: who is Solo then.
    Rule("goal", more_playing, variant=more_goal),
    Rule("roles", more_playing),
    Rule("turn", more_playing),
    Rule("values", more_playing),
    # What a meld is and what the first lay must reach, at the first stop where the seat can
    # lay and before it has gone down: the few-at-a-time limit put the opening's 7.5 off until
    # after the learner's first lay (the More newcomer's finding 7).
    Rule("runs", can_lay, urgent=more_not_down),
    Rule("opening", can_lay, urgent=more_not_down),
    # Said before the first lay that could hold a pankal, and before the first opening the
    # partner's lay exempts from the 7.5 (issue 61: both came after the learner had laid).
    Rule("pankal", lambda v, k: more_playing(v, k) and holds_wild(v, k), urgent=lays_wild),
    Rule("partner", more_partner_down, urgent=more_not_down),
    # What a side scores at the end of the round, once its melds are down (issue 61: only the
    # score sheet said it, after the round).
    Rule("score", more_side_down, variant=more_role, at_end=True),
    Rule("biriba", more_biriba_near, at_end=True),
    Rule("keep", more_keep_cards),
    Rule("pile", more_pile),
    # The Solo has no team: its own words. Said late only if the pile was really taken: a pile
    # can also become the stock (issue 61).
    Rule("out", more_going_out, variant=more_role, at_end=True, holds_at_end=more_going_out),
    Rule("stock", more_stock, at_end=True),
)


# ---------------------------------------------------------------- Hand


def hand_pairs(view: View, kinds: frozenset[str]) -> bool:
    ranks = [c.rank for c in view.hand if not c.is_joker]
    return len(ranks) != len(set(ranks))


def hand_opened(view: View) -> bool:
    return bool(view.opened[view.seat])


def hand_add_any(view: View, kinds: frozenset[str]) -> bool:
    return hand_opened(view) and any(m.seat != view.seat for m in view.melds)


def hand_can_open(view: View, kinds: frozenset[str]) -> bool:
    return not hand_opened(view) and can_lay(view, kinds)


def hand_joker_in_set(view: View, kinds: frozenset[str]) -> bool:
    return hand_opened(view) and any(m.kind == MeldKind.SET and m.wilds for m in view.melds)


def hand_taken(view: View) -> str:
    # A taken discard waits to be laid: waiting for a Hand means giving it back (issue 61: the
    # note spoke of waiting as if the card were not there).
    return "taken" if view.must_lay else ""


def hand_taken_card(view: View) -> dict[str, Any]:
    return {"card": view.must_lay[0].pretty} if view.must_lay else {}


def hand_stock(view: View, kinds: frozenset[str]) -> bool:
    # Four rounds of turns or fewer left: told while a player can still lay cards before the
    # round ends on the stock (issue 61: the guided round said it only at the score sheet).
    return bool(0 <= view.stock_count <= 4 * view.n_seats)


def show_take(view: View, legal: Sequence[Move]) -> Move | None:
    """Taking the top card shows what a taken card asks for, but only where it would go into a
    new meld this turn (an opening of 51 before the seat has opened), as the computer player
    weighs it: a card taken only to be returned is a wasted move every other player watches,
    and advice a newcomer would be right to doubt (issue 61)."""
    if Take() not in legal or not take_pays(view):
        return None
    return Take()


HAND = (
    Rule("goal", always),
    Rule("values", always),
    Rule("turn", always),
    Rule("open", lambda v, k: not hand_opened(v)),
    Rule("sets", hand_pairs),
    Rule("twos", lambda v, k: any(c.rank == 2 for c in v.hand)),
    Rule("joker", lambda v, k: any(c.is_joker for c in v.hand) or any(m.wilds for m in v.melds)),
    # A taken card must go into a new meld this turn, or back: shown by taking it where it fits
    # one (never a card the coach could only give back).
    Rule("take", lambda v, k: "Take" in k, show=show_take),
    Rule("return", lambda v, k: "Return" in k),
    Rule("add", hand_add_any),
    Rule("reclaim_set", hand_joker_in_set, at_end=True),
    Rule("hand", hand_can_open, at_end=True, variant=hand_taken, params=hand_taken_card),
    Rule("stock", hand_stock, at_end=True, urgent=now),
    Rule("tie", never, at_end=True),
)


# ---------------------------------------------------------------- Run Fast


def rf_leading(view: View, kinds: frozenset[str]) -> bool:
    return not view.trick and "Play" in kinds


def rf_beating(view: View, kinds: frozenset[str]) -> bool:
    return bool(view.trick) and "Play" in kinds


def rf_after_trick(view: View, kinds: frozenset[str]) -> bool:
    return not view.trick and not view.opening and "Play" in kinds


def rf_bomb(view: View, kinds: frozenset[str]) -> bool:
    """A bomb in the hand (four of a rank, or the three aces) or one just played."""
    counts: dict[int, int] = {}
    for c in view.hand:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    if any(n >= 4 for n in counts.values()) or counts.get(1, 0) >= 3:
        return True
    return any(isinstance(e, Played) and e.kind in BOMB_KINDS for e in view.last_events)


def rf_triple(view: View, kinds: frozenset[str]) -> bool:
    """A triple on the table (issue 61: the first one played got no word)."""
    return view.trick_kind == TRIPLE or any(
        isinstance(e, Played) and e.kind == TRIPLE for e in view.last_events
    )


RUNFAST = (
    Rule("goal", always),
    Rule("ranks", always),
    Rule("opening", lambda v, k: v.must_include is not None),
    Rule("deck", always),  # after the opening, which only the first stop can show
    Rule("combos", rf_leading),
    Rule("beat", rf_beating),
    Rule("pass", lambda v, k: k == frozenset({"Pass"})),
    Rule("trick", rf_after_trick),
    Rule("triple", rf_triple),
    Rule("bombs", rf_bomb, at_end=True),
    Rule("bomb_pay", rf_bomb, at_end=True),
)


RULES: dict[str, tuple[Rule, ...]] = {"mor": MOR, "more3": MORE3, "hand": HAND, "runfast": RUNFAST}
# The score sheet's own note, per game: how this round was counted.
SCORING = "scoring"


def note_for(game: str, rule: Rule, view: View) -> Note:
    key = f"coach.{game}.{rule.name}"
    if rule.variant is not None and (variant := rule.variant(view)):
        key += "." + variant  # an empty variant: the rule's plain words
    return Note(rule.name, key, rule.params(view) if rule.params else {})


def scoring_note(game: str, view: View) -> Note:
    result = view.result
    score = result.scores[view.seat] if result is not None else 0
    key = f"coach.{game}.{SCORING}"
    if game == "more3":
        key += "." + more_role(view)
    return Note(SCORING, key, {"points": float(score)})


def notes_now(
    game: str, view: View, legal: Sequence[Move], explained: frozenset[str]
) -> tuple[Note, ...]:
    """The rules that matter at this position for the first time: a pure function of the seat's
    view, its legal moves and the rules already explained. At the score sheet: the rules marked
    ``at_end`` that play never reached, then how the round was scored."""
    if view.round_no != 0:
        return ()  # the guided round is the first; the rest of the game is the member's own
    rules = RULES[game]
    if view.round_over:
        if SCORING in explained:
            return ()
        late = [
            note_for(game, r, view)
            for r in rules
            if r.at_end
            and r.name not in explained
            and (r.holds_at_end is None or r.holds_at_end(view, frozenset()))
        ]
        return (*late, scoring_note(game, view))
    kinds = frozenset(type(m).__name__ for m in legal)
    if not kinds:
        return ()
    due = [r for r in rules if r.name not in explained and r.when(view, kinds)]
    # The rules that matter at this stop first; the others keep their order after them.
    due.sort(key=lambda r: not (r.urgent is not None and r.urgent(view, kinds)))
    # A few at a time: the rest wait for the next stop, if they still matter then.
    return tuple(note_for(game, r, view) for r in due[:MAX_NOTES])


def suggest(
    game: str,
    view: View,
    legal: Sequence[Move],
    notes: Sequence[Note],
    rng: random.Random,
    level: str = COACH_LEVEL,
) -> Move | None:
    """The move the coach suggests: one that shows a rule just explained where that rule has
    such a move, else the computer player's move; always one of ``legal``."""
    if not legal:
        return None
    by_name = {r.name: r for r in RULES[game]}
    for note in notes:
        rule = by_name.get(note.rule)
        if rule is not None and rule.show is not None:
            shown = rule.show(view, legal)
            if shown is not None and shown in legal:
                return shown
    return ai.choose_move(view, legal, level, rng)


@dataclass
class Coach:
    """The coach of one guided round for one seat, remembering what it has explained."""

    game: str
    seat: int = MEMBER
    level: str = COACH_LEVEL
    explained: set[str] = field(default_factory=set)
    shown: list[Note] = field(default_factory=list)
    last: Stop | None = None

    def stop(self, engine: Engine) -> Stop:
        """The notes before the seat's move now (or at the score sheet) and the suggested move;
        the notes count as explained from here on."""
        view = engine.view(self.seat)
        legal = [] if engine.round_over else engine.legal_moves(self.seat)
        notes = notes_now(self.game, view, legal, frozenset(self.explained))
        self.explained.update(n.rule for n in notes)
        self.shown.extend(notes)
        self.last = Stop(notes, coach_move(engine, self.seat, notes, self.level))
        return self.last


Pick = Callable[[Stop, Sequence[Move]], Move]


def follow(stop: Stop, legal: Sequence[Move]) -> Move:
    """The member who plays the coach's move."""
    assert stop.move is not None
    return stop.move


def play_round(
    game: str,
    pick: Pick = follow,
    level: str = COACH_LEVEL,
    engine: Engine | None = None,
) -> tuple[Any, Coach]:
    """Play the guided round from its deal (or ``engine``) to the score sheet: the member's moves
    from ``pick`` (given the coach's stop and the legal moves), the others from ``level``
    computers; seeded, so a run is repeatable. Returns the engine at the score sheet and the
    coach, whose ``shown`` lists every note in order."""
    engine = engine if engine is not None else guided_game(game)
    coach = Coach(game, MEMBER, level)
    rng = random.Random(f"guided:{game}")  # the other seats' computers
    while not engine.round_over:
        seat = engine.turn
        if seat is None:  # More's bids are made at once: whoever has not bid yet
            seat = next(s for s in range(engine.n_seats) if engine.legal_moves(s))
        legal = engine.legal_moves(seat)
        if seat == MEMBER:
            move = pick(coach.stop(engine), legal)
        else:
            move = ai.choose_move(engine.view(seat), legal, level, rng)
        engine.apply(seat, move)
    coach.stop(engine)
    return engine, coach


def explained_at(engine: Engine, seat: int = MEMBER) -> frozenset[str]:
    """The rules the coach has explained so far in ``engine``'s game, found by replaying its
    record and asking the coach at each of the seat's moves (a pure function of the record)."""
    record = engine.record
    game = str(record["game"])
    replay = engine_class(game).from_table_file({k: v for k, v in record.items() if k != "moves"})
    explained: set[str] = set()
    for m in record.get("moves", []):
        if m.get("seat") == seat and not replay.round_over:
            view = replay.view(seat)
            if view.round_no != 0:
                break
            legal = replay.legal_moves(seat)
            explained.update(n.rule for n in notes_now(game, view, legal, frozenset(explained)))
        play_move(replay, m)
    return frozenset(explained)


def current_notes(engine: Engine, seat: int = MEMBER) -> tuple[Note, ...]:
    """The coach's notes for the seat now, at a table restored from its record alone: the notes
    of this position given everything explained before it."""
    if engine.view(seat).round_no != 0:
        return ()  # the coach speaks in the first round only: no need to replay it again
    before = explained_at(engine, seat)
    if engine.round_over:
        # The score sheet's notes are shown once the round is over, whoever moved last.
        return notes_now(engine.game, engine.view(seat), [], before)
    legal = engine.legal_moves(seat)
    if not legal:
        return ()
    return notes_now(engine.game, engine.view(seat), legal, before)


def coach_move(
    engine: Engine,
    seat: int = MEMBER,
    notes: Sequence[Note] | None = None,
    level: str = COACH_LEVEL,
) -> Move | None:
    """The coach's move for the seat now: the one suggestion of the guided round, which the
    terminal and Discord show under the notes and which the hint gives (one source of advice:
    a hint that said ``draw`` under a coach that said ``take`` left the learner to guess).
    Seeded by the position, so every asking at a position, after a restart too, gets the same
    move; ``notes``: the notes of this stop when the caller has them (else rebuilt from the
    record)."""
    if engine.round_over:
        return None
    legal = engine.legal_moves(seat)
    if not legal:
        return None
    if notes is None:
        notes = current_notes(engine, seat)
    record = engine.record
    rng = random.Random(f"coach:{record.get('seed')}:{len(record['moves'])}")
    view = engine.view(seat)
    # One chain of advice with the hint (``advise``): the coach's suggestion is its judgement.
    return advise(engine, seat, legal, lambda ok: suggest(engine.game, view, ok, notes, rng, level))


def coach_hint(engine: Engine, seat: int = MEMBER) -> Hint | None:
    """The hint in the guided round: the coach's move, with the hint's reason for it."""
    move = coach_move(engine, seat)
    return None if move is None else hint_for(engine, seat, move)


def same_outcome(engine: Engine, seat: int, one: Move, other: Move) -> bool:
    """Do the two moves leave the same table: the same hand and the same melds, whatever order
    their cards were typed in (``meld 9H 8H 7H`` is the coach's ``meld 7H 8H 9H``)?"""

    def after(move: Move) -> tuple[Any, ...]:
        copy = type(engine).from_json(engine.to_json())
        copy.apply(seat, move)
        state = copy.scenario_state()
        melds = sorted(sorted(m["cards"]) for m in state.get("melds", []))
        return (sorted(state["hands"][seat]), melds, state.get("trick"), state.get("discard"))

    return one == other or after(one) == after(other)


@dataclass(frozen=True)
class OtherMove:
    """The coach's word on a member's move other than its own: what the member's move achieves
    first, when it achieves something (``move_gain``), then the coach's move and the hint's
    reason for it. A newcomer whose move made a 200 project was only told "mine would have been
    another" (issue 61)."""

    hint: Hint  # the coach's move, with the hint's reason for it
    gain: Reason | None = None  # what the member's own move achieves, checked on the engine
    # Where the coach's move does better, what each leaves, checked on the engine (issue 61:
    # the coach said what the member's move made, never why its own was better).
    better: Reason | None = None

    # The member's move laid every card of the coach's and more (issue 61: "mine would have
    # been another" was said of a lay that held the coach's 200 run).
    within: bool = False

    def text(self, lang: str = ENGLISH) -> str:
        other = "coach_mine_and_more" if self.within else "coach_other_move"
        if self.gain is None:
            said = t(other, lang, reason=self.hint.text(lang))
        else:
            said = t(f"{other}_gain", lang, gain=self.gain, reason=self.hint.text(lang))
        return said if self.better is None else f"{said} {say(self.better, lang)}"


# A biriba's worth by kind: a pure biriba betters a dirty one.
_BIRIBA_RANK = {"dirty": 1, "pure": 2}


def _after(engine: Engine, seat: int, move: Move) -> Engine:
    copy = type(engine).from_json(engine.to_json())
    copy.apply(seat, move)
    return copy


def _score_now(engine: Engine, seat: int) -> float | None:
    """The seat's side's score if the round ended now, in points: Mor counts in halves per
    team, More per seat; Hand (lowest wins, only the hand counts) has none to compare."""
    if isinstance(engine, Mor):
        return engine.scores_now()[engine.team(seat)] / 2
    if isinstance(engine, More3):
        return float(engine.scores_now()[seat])
    return None


_LAYS = {"meld", "add", "lay", "swap"}


def move_gain(engine: Engine, seat: int, played: Move, coach: Move | None = None) -> Reason | None:
    """What ``played`` (legal at ``engine``, not yet played) achieves for the seat, each claim
    checked by playing it on a copy: a project made or bettered (and, in Mor, the team able to
    close now), a biriba made or bettered, the seat's opening, or -- when both it and ``coach``
    are lays -- more points for the seat's side than the coach's move, were the round to end
    now. None when it achieves none of these."""
    if engine.round_over:
        return None
    before = engine.view(seat)
    copy = _after(engine, seat, played)
    after = copy.view(seat)
    side = getattr(before, "sides", (0,) * before.n_seats)[seat]
    old = {m.id: m for m in getattr(before, "melds", ()) if m.side == side}
    for m in getattr(after, "melds", ()):
        if m.side != side:
            continue
        was = old.get(m.id)
        if m.project and (was is None or (was.project or 0) < m.project):
            if isinstance(engine, Mor) and isinstance(copy, Mor):
                team = engine.team(seat)
                if not can_close_with(engine.projects()[team]) and can_close_with(
                    copy.projects()[team]
                ):
                    return Reason("coach_gain_project_close", {"project": m.project})
            return Reason("coach_gain_project", {"project": m.project})
        if _BIRIBA_RANK.get(m.biriba or "", 0) > _BIRIBA_RANK.get(
            (was.biriba if was else None) or "", 0
        ):
            return Reason("coach_gain_biriba", {"biriba": Reason(f"biriba.{m.biriba}")})
    if played.do == "play" and coach is not None and coach.do == "play":
        # Run Fast: more cards out in one play than the coach's (the fourth Run Fast newcomer's
        # J J Q Q K K, told "mine would have been another" in the words a weak move gets).
        out = len(getattr(played, "cards", ()))
        if out > len(getattr(coach, "cards", ())):
            return Reason("coach_gain.runfast_more_out", {"count": Count("n_cards", out)})
    opening = isinstance(engine, More3) and engine.needs_opening(seat)
    if opening and isinstance(copy, More3) and seat in copy.opened:
        return Reason("coach_gain.more3_opens")
    opened = getattr(before, "opened", None)
    if before.game == "hand" and opened is not None and not opened[seat]:
        opens = getattr(after, "opened", opened)[seat]
        if opens:
            return Reason("coach_gain.hand_opens")
    if coach is not None and played.do in _LAYS and coach.do in _LAYS:
        mine = _score_now(_after(engine, seat, coach), seat)
        theirs = _score_now(copy, seat)
        # Whole points only (Mor counts an ace 1½): a count of points is worded as a whole.
        gained = None if mine is None or theirs is None else theirs - mine
        if gained is not None and gained >= 1 and gained == int(gained):
            return Reason("coach_gain_points", {"points": Count("n_points", int(gained))})
    return None


def move_better(engine: Engine, seat: int, played: Move, coach: Move) -> Reason | None:
    """Where the coach's move does better than ``played`` (both legal at ``engine``), each claim
    checked by playing both on copies: when both are lays, the points the seat's side would
    score more were the round to end now; else the fewer cards it leaves in the hand. None when
    it does neither."""
    if engine.round_over:
        return None
    mine, theirs = _after(engine, seat, coach), _after(engine, seat, played)
    if played.do in _LAYS and coach.do in _LAYS:
        ours, yours = _score_now(mine, seat), _score_now(theirs, seat)
        more = None if ours is None or yours is None else ours - yours
        if more is not None and more >= 1 and more == int(more):
            return Reason("coach_better_points", {"points": Count("n_points", int(more))})
    kept, left = len(mine.view(seat).hand), len(theirs.view(seat).hand)
    if played.do == "play" and coach.do == "play" and kept == left:
        # Run Fast, a beat of the same size (the fourth Run Fast newcomer's K♦ where the coach
        # had 8♦): the coach's is lower, so the higher cards stay for a later trick.
        ours_top = plain_top(getattr(coach, "cards", ()))
        yours_top = plain_top(getattr(played, "cards", ()))
        if getattr(engine.view(seat), "trick", ()) and 0 < ours_top < yours_top:
            return Reason("coach_better.runfast_lower", {"cards": cards_of(played)})
    if kept < left:
        return Reason(
            "coach_better_cards", {"mine": Count("n_cards", kept), "yours": Count("n_cards", left)}
        )
    return None


def cards_of(move: Move) -> str:
    return " ".join(c.pretty for c in getattr(move, "cards", ()))


def other_move_note(engine: Engine, seat: int, coach: Move, played: Move) -> OtherMove | None:
    """What the coach says when the member played ``played`` where it would have played
    ``coach`` (both legal at ``engine``, before either is played): what the member's move
    achieves, if anything, then the coach's move and the hint's reason for it; None when the
    two come to the same."""
    if same_outcome(engine, seat, coach, played):
        return None
    return OtherMove(
        hint_for(engine, seat, coach),
        move_gain(engine, seat, played, coach),
        move_better(engine, seat, played, coach),
        within=holds_move(coach, played),
    )


def holds_move(coach: Move, played: Move) -> bool:
    """Did the lay ``played`` put down every card of the lay ``coach`` and more?"""
    if coach.do not in _LAYS or played.do not in _LAYS:
        return False
    return Counter(getattr(coach, "cards", ())) < Counter(getattr(played, "cards", ()))


def other_move_said(engine: Engine, seat: int = MEMBER) -> OtherMove | None:
    """The coach's word on the seat's last move of ``engine``'s record, as ``other_move_note``
    says it in the terminal right after the move: worked out from the record alone (the
    position before that move replayed, the coach's move there), so Discord, which shows the
    hand once the move is saved and the computers have played, says what the terminal says.
    None outside the guided round or when the move was the coach's."""
    moves = engine.record.get("moves", [])
    index = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].get("seat") == seat), None)
    if index is None:
        return None
    before = replay({**engine.record, "moves": moves[:index]})
    if before.round_over or before.view(seat).round_no != 0:
        return None
    coach = coach_move(before, seat)
    if coach is None:
        return None
    return other_move_note(before, seat, coach, move_from_dict(moves[index]))
