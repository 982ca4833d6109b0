"""Hand (specification §3): 3 players, each for themselves, five rounds, lowest total wins.

Built like Mor (``bot.games.mor``): the same check/plan/apply split, the same shared lay mechanics
(``bot.games.lays``), the same table-file reading (``bot.games.table_file``). What is Hand's own: the 51-point opening, the
single taken discard with its ``return``, adding to anyone's melds, reclaiming jokers (``swap``),
and the round scores with the Hand doubling.

Settlements of points the specification (docs/specification.md) leaves open are marked **(decision)** where they are made:

- A table file may give ``round`` (1-5, default 1): which of the five rounds it sets up.
- Once a player has opened -- also earlier in the same turn -- they may add to any meld and swap.
- Until the taken discard is in a new meld only the throw waits (specification §3): other lays, adds and
  swaps may come first, but none that leaves no new meld for it (the player would be stuck, able
  neither to throw nor to return it). ``return`` is possible only before laying anything.
- A joker in a run stays where it is: putting the card it stands for there is a ``swap`` (the
  joker goes to the hand), not an ``add`` that pushes the joker along as Mor does.
- A reclaimed joker need not be laid this turn.
- The Hand is spoiled by adding to, or swapping in, a meld that was on the table when the turn
  began; a taken discard does not spoil it (it is used in a new meld, which the rule allows).
- A player who goes out on the turn the stock ran out has won the round (going out comes first).
- Pearls: 50 to each winner; tied winners each get the full 50.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from bot.games.base import (
    DRAWING,
    LAYING,
    Add,
    Count,
    Discard,
    Draw,
    Event,
    HeaderExtras,
    IllegalMove,
    Lay,
    Meld,
    MeldKind,
    Move,
    Phase,
    Reason,
    Return,
    Returned,
    RoundEnd,
    RoundResult,
    ScoreLine,
    Swap,
    Swapped,
    TableFileError,
    Take,
    TookPile,
    as_lay,
    because,
    require_well_made,
    single_add,
)
from bot.games.cards import (
    ACE,
    JOKER,
    Card,
    missing_from,
    not_held,
    sort_key,
    take_cards,
    text_cards,
)
from bot.games.lays import LayOutcome, TableMeld, play_lay, uses_any
from bot.games.meld_search import (
    find_melds,
    meld_with,
    opening_melds,
    openings_worth,
    with_inner_sets,
)
from bot.games.melds import ACE_HIGH, HAND_MELDS, MeldError, MeldRules, reclaim_joker
from bot.games.melds import Meld as MeldShape
from bot.games.rummy import LIST, VALUE, RummyGame, RummyView
from bot.games.table_file import read_seat

N_SEATS = 3
HAND_SIZE = 14  # the starter gets one more and throws first
ROUNDS = 5
OPENING_MIN = 51
WIN_SCORE = -30
NOT_OPENED_PENALTY = 100
JOKER_IN_HAND = 15
PEARLS = 50  # (decision) each winner, as a Quick Mor win; ties share the win, each gets 50


def card_value(card: Card) -> int:
    """A card's points where it stands: A 11 (low or high), J/Q/K 10, 2-10 face value."""
    if card.rank == ACE:
        return 11
    return min(card.rank, 10)


def meld_value(meld: MeldShape) -> int:
    """What a meld counts toward the opening: a joker is worth the card it stands for (in a set,
    the set's rank)."""
    return sum(card_value(meld.stands_for(i)) for i in range(len(meld.cards)))


def hand_value(card: Card) -> int:
    """A card left in hand at the end of a round: as above, but a joker costs 15."""
    return JOKER_IN_HAND if card.is_joker else card_value(card)


def _joker_moved(old: MeldShape, new: MeldShape) -> bool:
    """Did an addition push a run's joker off the spot it stood for?"""
    if old.kind != MeldKind.RUN:
        return False
    before = [old.stands_for(i) for i in old.wild_indexes()]
    return bool(before) and before != [new.stands_for(i) for i in new.wild_indexes()]


def might_fit(card: Card, meld: MeldShape) -> bool:
    """A cheap first look before the full check: could ``card`` be added to ``meld`` at all?
    (Computer players try many additions; most are hopeless and need not be checked in full.)"""
    if card.is_joker:
        return not any(c.is_joker for c in meld.cards)
    if meld.kind == MeldKind.SET:
        return card.rank == meld.rank
    ends = (meld.low - 1, meld.high + 1)
    return card.suit == meld.suit and any(p in ends for p in _positions(card))


def _positions(card: Card) -> tuple[int, ...]:
    return (1, ACE_HIGH) if card.rank == ACE else (card.rank,)


def offered_melds(
    hand: Sequence[Card], opened: bool, taken: Sequence[Card] = ()
) -> list[tuple[Card, ...]]:
    """The new melds among a computer player's candidates (``Hand._lay_candidates``), each as
    its move lists its cards: none before opening (its openings are lays), one small meld of a
    ``taken`` discard, else ``find_melds``'s few. A member's menu lists every meld the hand
    holds (``legal_moves``); ``bot.ai`` sets the others aside by this list."""
    if not opened:
        return []
    if taken:
        found = meld_with(taken[0], take_cards(hand, taken) or [], HAND_MELDS)
        return [found] if found else []
    return [meld.cards for meld in find_melds(hand, HAND_MELDS)]


@dataclass(frozen=True)
class HandView(RummyView):
    """What one seat may see of a Hand table: Mor's fields where they apply, plus who has opened."""

    opened: tuple[bool, ...]
    rounds_total: int = ROUNDS
    hands_left: tuple[tuple[Card, ...], ...] = ()  # every hand, once the round is over
    # A fact of the game, not of the position: play goes counter-clockwise (seed page 004).
    counter_clockwise: ClassVar[bool] = True


class Hand(RummyGame):
    """A whole game of Hand: five rounds, then the lowest total wins."""

    game: ClassVar[str] = "hand"
    low_score_wins: ClassVar[bool] = True  # the lowest total wins (specification §3)
    OWN_STATE = (
        ("opened", LIST),
        ("opened_at_start", VALUE),
        ("turn_first_id", VALUE),
        ("touched_old", VALUE),
    )

    def __init__(self, options: Mapping[str, Any], seed: int | str) -> None:
        super().__init__(options, seed)
        self.opened = [False] * N_SEATS
        # For the Hand: was the player unopened when the turn began, which melds were already on
        # the table then (ids below this), and has the player added to or swapped in one of them.
        self.opened_at_start = False
        self.turn_first_id = 1
        self.touched_old = False

    # ------------------------------------------------------------ set-up

    def _read_options(self, options: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
        if options.get("players", N_SEATS) != N_SEATS:
            raise TableFileError("Hand is played by 3 players.")
        return {}, N_SEATS

    def _set_totals(self, totals: list[float]) -> list[float | int]:
        if not all(t.is_integer() for t in totals):
            raise TableFileError("Hand scores are whole numbers: “totals” can't hold fractions.")
        return super()._set_totals(totals)

    def _read_table_extras(self, data: Mapping[str, Any]) -> HeaderExtras:
        # (decision) A table file may say which of the five rounds it sets up; default the first.
        rnd = data.get("round", 1)
        if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= ROUNDS:
            raise TableFileError(f"“round” must be a round number from 1 to {ROUNDS}.")
        self.round_no = rnd - 1
        return {"round": rnd}

    def _deal(self) -> None:
        self._reset_round()
        self.stock = list(
            reversed(self._deal_hands(self._shuffled_deck(), HAND_SIZE, self.starter))
        )
        # The starter opens the discard pile by throwing without drawing (and may open first).
        self._start_turn(self.starter, Phase.PLAY)

    def _reset_round(self) -> None:
        super()._reset_round()
        self.opened = [False] * self.n_seats

    def _set_position(self, raw: Any) -> None:
        pos = self._read_position(raw, lambda _seat: HAND_MELDS, 0, 0)
        self.opened = self._read_opened(raw.get("opened"), pos.melds)
        # A table laid out with an empty stock is on its last turn (specification §0).
        self.stock_out = not self.stock
        starter = self.starter
        turn = starter if pos.turn is None else pos.turn
        default_phase = Phase.PLAY if turn == starter and not self.discard else Phase.DRAW
        self._start_turn(turn, pos.phase or default_phase)

    def _read_opened(self, raw: Any, melds: list[TableMeld]) -> list[bool]:
        """``opened``: the seats that have opened (a list of seats, or one true/false per seat);
        default: the seats owning a meld on the table (docs/table-files.md)."""
        if raw is None:
            owners = {m.seat for m in melds}
            return [s in owners for s in range(self.n_seats)]
        if not isinstance(raw, list):
            raise TableFileError("“opened” must be a list of the seats that have opened.")
        if len(raw) == self.n_seats and all(isinstance(v, bool) for v in raw):
            return list(raw)
        seats = {read_seat(v, self.n_seats, "Each seat in “opened”") for v in raw}
        return [s in seats for s in range(self.n_seats)]

    # ------------------------------------------------------------ checks

    def _plan(self, seat: int, move: Move) -> Any:
        """Check ``move`` fully and return what ``apply`` needs; raise IllegalMove."""
        require_well_made(move)
        self._on_turn(seat)
        if not isinstance(move, Draw | Take | Return | Meld | Add | Lay | Swap | Discard):
            raise IllegalMove(because("hand.unknown_move", do=move.do))
        if isinstance(move, DRAWING):
            if self.phase != Phase.DRAW:
                raise IllegalMove(self._already_drawn())
            if isinstance(move, Draw) and not self.stock:
                raise IllegalMove(because("game.stock_empty"))
            if isinstance(move, Take) and not self.discard:
                raise IllegalMove(because("game.discard_empty"))
            return None
        if self.phase != Phase.PLAY:
            raise IllegalMove(because("game.draw_first"))
        if isinstance(move, Return):
            return self._check_return()
        if isinstance(move, LAYING):
            return self._check_lay(seat, as_lay(move))
        if isinstance(move, Swap):
            return self._check_swap(seat, move)
        assert isinstance(move, Discard)
        return self._check_discard(seat, move.card)

    def _already_drawn(self) -> Reason:
        # Only the starter's first turn is in play without a drawn card and with no discard yet
        # (``moves`` can't tell: a record holds every round's moves).
        if not self.just_drawn and not self.discard:
            return because("game.starter_throws")
        return because("game.already_drawn")

    def _taken_text(self) -> str:
        return self.must_lay[0].pretty

    def _laid_since_take(self) -> bool:
        """Has anything been laid (a meld, an add, a swap) since this turn's take? The record
        says, so the answer survives a save and a restart."""
        for move in reversed(self.moves):
            if move["do"] == "take":
                return False
            if move["do"] in ("meld", "lay", "add", "swap"):
                return True
        return False

    def _check_return(self) -> None:
        if not self.must_lay or self._laid_since_take():
            raise IllegalMove(because("hand.return_only_taken"))
        if not self.stock:
            raise IllegalMove(because("hand.return_stock_empty", card=self._taken_text()))

    def _check_lay(self, seat: int, lay: Lay) -> LayOutcome:
        # (decision) "Opened" counts from the opening lay on, so later lays, adds and swaps in the
        # same turn are allowed; the opening itself is new melds only (an unopened seat can't add).
        opened = self.opened[seat]
        if not opened and lay.adds:
            raise IllegalMove(because("hand.add_before_opening"))
        # Anyone's meld may take cards once the player has opened (specification §3).
        outcome = play_lay(self.hands[seat], self.melds, lay, HAND_MELDS, lambda _m: None)
        # (decision) A joker stays on its spot: its card goes there only by a swap (specification §3 has
        # no wild moving along as Mor's section 1 has).
        for mid, meld in outcome.changed.items():
            old = self.melds[mid].meld
            if _joker_moved(old, meld):
                spot = old.stands_for(old.wild_indexes()[0])
                raise IllegalMove(because("hand.joker_stays", meld=mid, card=spot.pretty))
        if self.must_lay and not uses_any([c for m in outcome.new for c in m.cards], self.must_lay):
            self._keep_taken_meldable(opened, outcome.hand)
        if not opened:
            value = sum(meld_value(m) for m in outcome.new)
            if value < OPENING_MIN:
                raise IllegalMove(
                    because(
                        "hand.opening_too_low",
                        least=Count("n_points", OPENING_MIN),
                        value=value,
                        n=len(outcome.new),  # "this meld is" or "these melds are"
                    )
                )
        if not outcome.hand:
            raise IllegalMove(because("hand.keep_one_card"))
        return outcome

    def _check_swap(self, seat: int, move: Swap) -> tuple[MeldShape, list[Card]]:
        if not self.opened[seat]:
            raise IllegalMove(because("hand.swap_before_opening"))
        target = self.melds.get(move.meld)
        if target is None:
            raise IllegalMove(because("game.no_meld", meld=move.meld))
        missing = missing_from(self.hands[seat], move.cards)
        if missing:
            raise IllegalMove(not_held(self.hands[seat], move.cards))
        try:
            new = reclaim_joker(target.meld, move.cards)
        except MeldError as e:
            raise IllegalMove(because("core.meld_problem", meld=move.meld, why=e.reason)) from None
        rest = take_cards(self.hands[seat], move.cards)
        assert rest is not None  # missing_from said the hand holds them
        # (decision) The reclaimed joker joins the hand with no duty to lay it this turn.
        hand = [*rest, JOKER]
        if self.must_lay:
            self._keep_taken_meldable(True, hand)
        return new, hand

    def _keep_taken_meldable(self, opened: bool, hand: list[Card]) -> None:
        """A lay or swap that leaves the taken card out must leave ``hand`` a new meld for it,
        with a card to throw. A meld holding it has a three-card part holding it, so
        ``meld_with``'s small melds tell."""
        taken = self._taken_text()
        if not opened:
            raise IllegalMove(because("hand.taken_in_opening", card=taken))
        rest = take_cards(hand, self.must_lay)
        if rest is None:
            raise IllegalMove(because("hand.taken_new_meld", card=taken))
        found = meld_with(self.must_lay[0], rest, HAND_MELDS)
        if found is None or len(hand) <= len(found):
            raise IllegalMove(because("hand.taken_stuck", card=taken))

    def _lay_taken_first(self) -> Reason:
        # Before anything is laid the taken card may still go back: say so. (A throw that empties
        # the hand goes out: the base's ``_last_throw``.)
        key = "hand.lay_taken_first" if self._laid_since_take() else "hand.lay_or_return_taken"
        return because(key, card=self._taken_text())

    # ------------------------------------------------------------ playing

    def _play(self, seat: int, move: Move, plan: Any, events: list[Event]) -> None:
        if isinstance(move, Draw):
            self._draw(seat, events)
        elif isinstance(move, Take):
            card = self.discard.pop()
            self.hands[seat].append(card)
            self._show(seat, (card,))
            self.must_lay = [card]
            self.just_drawn = [card]
            self.phase = Phase.PLAY
            events.append(TookPile(seat, (card,)))
        elif isinstance(move, Return):
            card = self.must_lay[0]
            self.hands[seat].remove(card)
            self.discard.append(card)
            self._unshow(seat, (card,))
            self.must_lay = []
            events.append(Returned(seat, card))
            self._draw(seat, events)
        elif isinstance(move, LAYING):
            self._place(seat, plan, events)
            self.opened[seat] = True
            if any(mid < self.turn_first_id for mid in plan.changed):
                self.touched_old = True
        elif isinstance(move, Swap):
            self._do_swap(seat, move.meld, plan, events)
        elif isinstance(move, Discard):
            self._do_discard(seat, move.card, going_out=plan, events=events)

    def _draw(self, seat: int, events: list[Event]) -> None:
        super()._draw(seat, events)
        if not self.stock:
            self.stock_out = True  # the round ends at the end of this turn

    def _do_swap(
        self, seat: int, mid: int, plan: tuple[MeldShape, list[Card]], events: list[Event]
    ) -> None:
        meld, hand = plan
        old = self.melds[mid]
        self.melds[mid] = TableMeld(mid, old.seat, meld)
        self.hands[seat] = hand
        # (decision) A swap puts cards into a meld: on one already on the table it spoils the Hand.
        if mid < self.turn_first_id:
            self.touched_old = True
        put = tuple((Counter(meld.cards) - Counter(old.meld.cards)).elements())
        # The joker won back goes into the hand in everyone's sight.
        self._unshow(seat, put)
        self._show(seat, (Counter(old.meld.cards) - Counter(meld.cards)).elements())
        events.append(Swapped(seat, mid, put))

    def _do_discard(self, seat: int, card: Card, going_out: bool, events: list[Event]) -> None:
        self._throw(seat, card, events)
        if going_out:
            # (decision) Going out on the turn the stock ran out still wins the round.
            # (decision) A taken discard doesn't spoil the Hand; adds and swaps on old melds do.
            # The Hand: opened and went out in this one turn, touching no meld already down.
            the_hand = not self.opened_at_start and self.opened[seat] and not self.touched_old
            self._end_round(RoundEnd.HAND if the_hand else RoundEnd.WENT_OUT, seat, events)
            return
        if self.stock_out:
            self._end_round(RoundEnd.STOCK_OUT, None, events)
            return
        self._start_turn((seat + 1) % self.n_seats, Phase.DRAW)

    def _start_turn(self, seat: int, phase: Phase) -> None:
        self._turn = seat
        self.phase = phase
        self.must_lay = []
        self.just_drawn = []
        self.opened_at_start = self.opened[seat]
        self.turn_first_id = self.next_id
        self.touched_old = False

    # ------------------------------------------------------------ scoring

    def _end_round(self, reason: RoundEnd, winner: int | None, events: list[Event]) -> None:
        factor = 2 if reason == RoundEnd.HAND else 1
        scores = [0] * self.n_seats
        lines: list[ScoreLine] = []
        for seat in range(self.n_seats):
            # Each line's label is a catalogue key (domain hand): the score sheet words it in
            # its reader's language.
            parts: list[tuple[str, int]] = []
            if seat == winner:
                parts.append(("core.line.went_out", WIN_SCORE))
            else:
                left = sum(hand_value(c) for c in self.hands[seat])
                parts.append(("core.line.cards_left", left))
                if not self.opened[seat]:
                    parts.append(("hand.line.never_opened", NOT_OPENED_PENALTY))
            base = sum(p for _, p in parts)
            if factor == 2:
                parts.append(("hand.line.the_hand_doubles", base))
            scores[seat] = base * factor
            lines.extend(ScoreLine(seat, label, p) for label, p in parts)
        for seat in range(self.n_seats):
            self.totals[seat] += scores[seat]
        result = RoundResult(tuple(scores), reason, winner, tuple(lines))
        self._round_ends(result, {"scores": list(scores), "reason": reason}, events)
        if self.round_no + 1 >= ROUNDS:
            best = min(self.totals)
            # Tied lowest totals share the win (specification §3).
            self._game_ends([s for s in range(self.n_seats) if self.totals[s] == best], events)

    def pearls(self) -> dict[int, int]:
        """Pearls for each winner once the game is over: 50 each (decision, module docstring)."""
        if not self.finished:
            return {}
        return {s: PEARLS for s in self.winners}

    # ------------------------------------------------------------ moves for computer players

    def _lay_candidates(self, seat: int) -> list[Move]:
        """The return of a taken card, openings, or (once opened) lays, adds and joker swaps."""
        out: list[Move] = []
        if self.must_lay:
            out.append(Return())
        if not self.opened[seat]:
            out.extend(self.openings(seat))
        else:
            out.extend(self._simple_lays(seat))
        return out

    def openings(self, seat: int, limit: int = 8) -> list[Lay]:
        """Openings worth 51 from the hand (with the taken card in them, if there is one): among
        every combination of melds the hand holds, the ones no meld could be left out of, then
        bigger ones, most valuable first, ``limit`` at most. A 51 that needs two particular melds
        is offered as surely as one of a single meld. Unlike the other candidates these are
        checked here, since the limit counts legal ones (a check kept is not made twice)."""
        hand = self.hands[seat]
        melds = with_inner_sets(find_melds(hand, HAND_MELDS, limit=1000), HAND_MELDS)
        out = self._openings_among(seat, melds, limit)
        if not out:
            # A 51 may need a joker inside a run of four or more (AH 2H 3H beside 8C 9C JK JC),
            # which ``find_melds`` does not make: then every meld the hand holds is searched.
            # Only then: the computers' openings stay the ones they were measured with.
            out = self._openings_among(seat, opening_melds(hand, HAND_MELDS), limit)
        return out

    def _openings_among(self, seat: int, melds: Sequence[MeldShape], limit: int) -> list[Lay]:
        """The legal openings of ``melds`` (``openings``), ``limit`` at most."""
        must = self.must_lay[0] if self.must_lay else None
        out: list[Lay] = []
        for chosen in openings_worth(melds, self.hands[seat], meld_value, OPENING_MIN, must=must):
            lay = Lay(melds=chosen)
            if self.can(seat, lay):
                out.append(lay)
                if len(out) >= limit:
                    break
        return out

    def _simple_lays(self, seat: int) -> list[Move]:
        """For an opened player: new melds, single cards added to any meld, joker swaps."""
        hand = self.hands[seat]
        if self.must_lay:
            return [Meld(cards) for cards in offered_melds(hand, True, self.must_lay)]
        out: list[Move] = [Meld(cards) for cards in offered_melds(hand, True)]
        cards = sorted(set(hand), key=sort_key)
        for m in self.melds.values():
            out += [single_add(m.id, card) for card in cards if might_fit(card, m.meld)]
            if any(c.is_joker for c in m.meld.cards):
                out.append(self._swap(m))
        return out

    def new_meld_rules(self, seat: int) -> MeldRules:
        return HAND_MELDS

    @staticmethod
    def _swap(m: TableMeld) -> Move:
        """Taking back every joker of ``m`` with the cards they stand for."""
        meld = m.meld
        if meld.kind == MeldKind.RUN:
            wanted = [meld.stands_for(i) for i in meld.wild_indexes()]
        else:
            present = {c.suit for c in meld.cards if not c.is_joker}
            wanted = [Card(meld.rank, s) for s in "SHDC" if s not in present]
        return Swap(m.id, tuple(wanted))

    # ------------------------------------------------------------ views and data

    def view(self, seat: int) -> HandView:
        return self._view(
            HandView,
            seat,
            tuple(float(t) for t in self.totals),
            side_piles=(),
            side_taken=(),
            sides=tuple(range(self.n_seats)),
            opened=tuple(self.opened),
        )

    def scenario_state(self) -> dict[str, Any]:
        return {
            **self._scenario_table(),
            "side_taken": [],
            "opened": list(self.opened),
            "must_lay": text_cards(self.must_lay),
            "solo": None,
            "dealer": self.dealer,
            "round": self.round_no + 1,
            "round_over": self.round_over,
            "reason": self.result.reason if self.result else None,
            "round_scores": list(self.result.scores) if self.result else None,
            "totals": list(self.totals),
            **self._scenario_end(),
        }


ENGINE = Hand
