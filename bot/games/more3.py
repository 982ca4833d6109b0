"""More for three players (specification §2): a Solo against a Pair, roles re-decided each round.

Built on the same base as Mor (``rummy.SidePileGame``, ``lays.play_lay``, ``melds``), with More's
policy: runs only (ace-sets for players over 1500), one pankal per meld, taking only the top
discard, the 7.5 opening rule, biribas, the More piles and the Solo's ×1.5.

Scores are whole points (every card is worth a multiple of 5, bids are whole), so they are ints.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, ClassVar

from bot.games.base import (
    DRAWING,
    LAYING,
    AddTo,
    Bid,
    BidMade,
    BidsRevealed,
    Discard,
    Draw,
    Event,
    IllegalMove,
    Lay,
    Meld,
    MeldKind,
    Move,
    Phase,
    Reason,
    RoundEnd,
    RoundResult,
    ScoreLine,
    StockRefilled,
    TableFileError,
    Take,
    as_lay,
    because,
    points,
    require_well_made,
)
from bot.games.cards import (
    ACE,
    JOKER_RANK,
    Card,
    per_card,
    round_rng,
    take_cards,
    text_cards,
)
from bot.games.lays import LayOutcome, TableMeld, adds_alone, play_lay, uses_any
from bot.games.meld_search import extend_with, find_melds, meld_with, opening_melds, openings_worth
from bot.games.melds import MORE_MELDS, MORE_MELDS_ACES, MeldRules, could_add
from bot.games.melds import Meld as MeldShape
from bot.games.rummy import (
    CARD_PILES,
    LIST,
    SEAT_SET,
    TURN_PHASE,
    VALUE,
    Glance,
    RummyView,
    SidePileGame,
    public_event,
)
from bot.games.table_file import read_seat

N_SEATS = 3
HAND_SIZE = 11
PILE_SIZE = 11
PAIR, SOLO = 0, 1  # side numbers; also the index of each side's More pile
# Every seat's side as ``More3.side`` gives it, by the Solo's seat (None before the bids have
# named one), kept the first time it is asked (``More3._seat_sides``).
_SIDES: dict[int | None, tuple[int, ...]] = {}
TARGET = 3100
HIGH_SCORE = 1500  # over this: the 7.5 rule and ace-sets
OPENING_HALVES = 15  # 7.5 points, counted in half-points
OPENINGS_LISTED = 8  # 7.5 openings offered among the legal moves at most
PURE_BONUS, DIRTY_BONUS = 200, 100
OUT_BONUS = 100
NO_PILE_PENALTY = 100
SOLO_WIN_BONUS = 150
MAX_BID = 3
MAX_SOLO_STREAK = 2
# Pearls (the app's reward): the specification (docs/specification.md) gives none for More, so, like Mor's Full game, a winner gets
# a base award and a big-win bonus over a clear margin. (decision: 60, +30 for a 500-point margin)
PEARLS_WIN = 60
BIG_WIN_MARGIN = 500
BIG_WIN_BONUS = 30
# A biriba's score sheet line by its kind (``biriba_kind``).
BIRIBA_LINES = {"pure": "more3.line.pure_biriba", "dirty": "more3.line.dirty_biriba"}


# ---------------------------------------------------------------- pure rules


def _card_points(card: Card) -> int:
    """Scoring value: joker 20, ace 15, 2 and 8-K 10, 3-7 5."""
    if card.rank == JOKER_RANK:
        return 20
    if card.rank == ACE:
        return 15
    return 10 if card.rank == 2 or card.rank >= 8 else 5


card_points = per_card(_card_points)  # scored for every card at every playout's end


def opening_halves(card: Card) -> int:
    """7.5-rule value in half-points: joker 2.0, ace 1.5, 2 and 8-K 1.0, 3-7 0.5."""
    if card.rank == JOKER_RANK:
        return 4
    if card.rank == ACE:
        return 3
    return 2 if card.rank == 2 or card.rank >= 8 else 1


def biriba_kind(meld: MeldShape) -> str | None:
    """ "pure" or "dirty" for a run of 7 or more; an ace-set never counts. (decision, specification §2)"""
    if meld.kind != MeldKind.RUN or len(meld.cards) < 7:
        return None
    return "pure" if meld.is_clean else "dirty"


def can_go_out_with(biribas: Sequence[str]) -> bool:
    """One pure biriba and a second biriba; a second pure one will do. (decision, specification §2)"""
    return "pure" in biribas and len(biribas) >= 2


def solo_score(
    melded: int,
    biriba_bonus: int,
    hand: int,
    *,
    went_out_bonus: int = 0,
    pile_penalty: int = 0,
    round_win_bonus: int = 0,
) -> int:
    """The Solo's round score in the page's order of operations: the net, ×1.5 rounded down only
    when positive, then the round-win bonus, which is never multiplied."""
    net = melded + biriba_bonus + went_out_bonus - hand - pile_penalty
    if net > 0:
        net = net * 3 // 2
    return net + round_win_bonus


# The Solo's score sheet after the lines that add up to the subtotal (issue 61: one line "Solo
# total ×1.5 if positive, +150 if out" replaced the sum inside a column of addends): the subtotal
# (a sum, not an addend), then what ×1.5 adds, then the 150 for going out, each on its own line.
SOLO_SUBTOTAL = "more3.line.solo_subtotal"
SUBTOTALS = frozenset({SOLO_SUBTOTAL})  # lines a sheet shows as sums, not as addends


def solo_lines(seat: int, net: int, won: int) -> list[ScoreLine]:
    """The Solo's last lines from the ``net`` its other lines add up to and ``won``, the bonus
    for going out: the subtotal, what ×1.5 adds when it is above 0, then ``won``; the lines
    after the subtotal add up from it to ``solo_score``'s score."""
    lines = [ScoreLine(seat, SOLO_SUBTOTAL, net)]
    if net > 0:
        lines.append(ScoreLine(seat, "more3.line.solo_times", net * 3 // 2 - net))
    if won:
        lines.append(ScoreLine(seat, "more3.line.solo_out", won))
    return lines


def choose_solo(
    totals: Sequence[float], past_solos: Sequence[int], starter: int, cap: bool = True
) -> int:
    """The Solo by the role rules: lowest total; tie -> Solo least recently (never = least
    recently); tie -> first from the starter in play order. Someone who was Solo in each of the
    last two rounds is skipped for the next in that same order when ``cap`` holds."""
    n = len(totals)

    def last_solo(seat: int) -> int:
        return max((i for i, s in enumerate(past_solos) if s == seat), default=-1)

    order = sorted(range(n), key=lambda s: (totals[s], last_solo(s), (s - starter) % n))
    recent = list(past_solos[-MAX_SOLO_STREAK:])
    if cap and len(recent) == MAX_SOLO_STREAK and len(set(recent)) == 1:
        order = [s for s in order if s != recent[0]]
    return order[0]


def bid_winner(bids: Sequence[int], starter: int) -> int:
    """Highest bid; tied highest -> the first of them from the starter on."""
    n = len(bids)
    return max(range(n), key=lambda s: (bids[s], -((s - starter) % n)))


@dataclass(frozen=True)
class More3View(RummyView):
    """What one seat may see of a More table."""

    solo: int | None
    bids: tuple[int | None, ...]  # before the reveal only the seat's own bid is shown
    opened: tuple[int, ...]
    hands_left: tuple[tuple[Card, ...], ...] = ()  # every hand, once the round is over
    # Facts of the game, not of the position: play goes clockwise (seed page 000), and the
    # cumulative score that wins.
    counter_clockwise: ClassVar[bool] = False
    target: ClassVar[int] = TARGET


class More3(SidePileGame):
    """A whole game of three-player More: rounds until someone reaches 3100."""

    game: ClassVar[str] = "more3"
    meld_biriba = staticmethod(biriba_kind)
    OWN_STATE = (
        ("past_solos", LIST),
        ("piles", CARD_PILES),
        ("pile_taken", LIST),
        ("pile_gone", LIST),
        ("pile_waiting", LIST),
        ("solo", VALUE),
        ("bids", LIST),
        ("opened", SEAT_SET),
        ("after_bids", TURN_PHASE),
        ("went_out", VALUE),
    )

    def __init__(self, options: Mapping[str, Any], seed: int | str) -> None:
        super().__init__(options, seed)
        self.past_solos: list[int] = []  # the Solo of each finished round, oldest first
        self.piles: list[list[Card]] = [[], []]  # [Pair's, Solo's], top first
        self.pile_taken = [False, False]  # counts as taken from the emptying throw on
        self.pile_gone = [False, False]  # went into the stock: nobody can take it any more
        self.pile_waiting: list[int] = []
        self.solo: int | None = None
        self.bids: list[int | None] = [None] * N_SEATS
        self.opened: set[int] = set()
        self.phase = Phase.DRAW
        self.after_bids: tuple[int, Phase] = (0, Phase.DRAW)  # turn and phase once the bids are in
        self.went_out: int | None = None

    # ------------------------------------------------------------ set-up

    def _read_options(self, options: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
        bid = options.get("bid", False)
        if not isinstance(bid, bool):
            raise TableFileError("More's “bid” option must be true or false.")
        return {"bid": bid}, N_SEATS

    def _reset_round(self) -> None:
        super()._reset_round()
        self.pile_taken, self.pile_gone, self.pile_waiting = [False, False], [False, False], []
        self.bids, self.opened, self.solo = [None] * N_SEATS, set(), None
        self.went_out = None

    def _deal(self) -> None:
        self._reset_round()
        rest = self._deal_hands(self._shuffled_deck(), HAND_SIZE, None)
        self.piles = [rest[:PILE_SIZE], rest[PILE_SIZE : 2 * PILE_SIZE]]
        self.stock = list(reversed(rest[2 * PILE_SIZE :]))
        self.discard = [self.stock.pop()]  # the dealer turns the top stock card up
        self._start_roles(None, (self.starter, Phase.DRAW))

    def _start_roles(self, solo: int | None, after: tuple[int, Phase]) -> None:
        """Settle the Solo (or open the bidding) and hand the turn to whoever plays first."""
        self.after_bids = after
        if solo is not None:
            self.solo = solo
        elif self.options["bid"]:
            # (decision) The cards are dealt face down and nobody sees them until the bids are in:
            # the same as bidding before the deal, and every card of the deck always has a place.
            # A table file with the bid option and no "solo" starts with the bidding too.
            self.phase = Phase.BID
            self._turn = self._next_bidder()
            return
        else:
            # (decision) With the bid option the role always comes from the bids, so the
            # 2-rounds cap (from which a bid-won Solo is exempt) applies only without it.
            self.solo = choose_solo(self.totals, self.past_solos, self.starter)
        self._turn, self.phase = after
        if self.phase == Phase.DRAW:
            self._begin_turn(self._turn, [])

    def _set_position(self, raw: Any) -> None:
        pos = self._read_position(raw, self.rules_for, 2, PILE_SIZE)
        self.piles = pos.side
        self.pile_taken = list(pos.side_taken)
        # A pile given empty but not taken has gone into the stock: it can't be taken any more.
        # Side piles are listed top first, like the stock. (decision)
        self.pile_gone = [not t and not p for t, p in zip(self.pile_taken, self.piles, strict=True)]
        opened = raw.get("opened")
        if opened is None:
            self.opened = {m.seat for m in pos.melds}
        elif isinstance(opened, list):
            self.opened = {read_seat(s, N_SEATS, "Each seat in “opened”") for s in opened}
        else:
            raise TableFileError("“opened” must be a list of seats.")
        solo = raw.get("solo")
        if solo is not None:
            solo = read_seat(solo, N_SEATS, "“solo”")
        turn = self.starter if pos.turn is None else pos.turn
        self._start_roles(solo, (turn, pos.phase or Phase.DRAW))
        if self.solo is not None:
            self._waiting_from_position()

    def _waiting_from_position(self) -> None:
        # A seat whose hand is already empty emptied it with a throw: its More pile is waiting.
        for seat, hand in enumerate(self.hands):
            side = self.side(seat)
            if not hand and not self.pile_taken[side] and self.piles[side]:
                self.pile_taken[side] = True
                self.pile_waiting.append(seat)
        if self.phase == Phase.DRAW and self._turn in self.pile_waiting:
            self._begin_turn(self._turn, [])

    # ------------------------------------------------------------ basics

    def side(self, seat: int) -> int:
        return SOLO if seat == self.solo else PAIR

    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(N_SEATS) if self.side(s) == side]

    def partner(self, seat: int) -> int | None:
        if self.side(seat) == SOLO:
            return None
        return next(s for s in self.side_seats(PAIR) if s != seat)

    def rules_for(self, seat: int) -> MeldRules:
        """Ace-sets only for a player whose own total is over 1500.

        (decision) The 1500 rules read the total at the moment of play, bid payments included."""
        return MORE_MELDS_ACES if self.totals[seat] > HIGH_SCORE else MORE_MELDS

    def needs_opening(self, seat: int) -> bool:
        """Must this seat's first lay be worth 7.5? (decision: the rule is per player)"""
        if seat in self.opened or self.totals[seat] <= HIGH_SCORE:
            return False
        partner = self.partner(seat)
        return partner is None or partner not in self.opened

    def side_biribas(
        self,
        side: int,
        changed: Mapping[int, MeldShape] | None = None,
        new: Sequence[MeldShape] = (),
    ) -> list[str]:
        """The side's biribas, optionally as they would be after a lay."""
        changed = changed or {}
        out = []
        for m in self.melds.values():
            if self.side(m.seat) == side:
                kind = biriba_kind(changed.get(m.id, m.meld))
                if kind:
                    out.append(kind)
        out += [k for k in (biriba_kind(m) for m in new) if k]
        return out

    def pile_open(self, side: int) -> bool:
        """Can the side still take its More pile (not taken, not gone into the stock)?"""
        return not self.pile_taken[side] and not self.pile_gone[side] and bool(self.piles[side])

    def _next_bidder(self) -> int:
        # (decision) Bids are simultaneous: any seat that hasn't bid may bid, and ``turn`` names
        # the next one from the starter so a table can prompt someone.
        return next(
            (self.starter + i) % N_SEATS
            for i in range(N_SEATS)
            if self.bids[(self.starter + i) % N_SEATS] is None
        )

    # ------------------------------------------------------------ checks

    def _plan(self, seat: int, move: Move) -> Any:
        """Check ``move`` fully and return what ``apply`` needs; raise IllegalMove."""
        require_well_made(move)
        self._common(seat)
        if isinstance(move, Bid):
            return self._check_bid(seat, move.chips)
        if self.phase == Phase.BID:
            raise IllegalMove(because("more3.bid_first"))
        self._is_turn(seat)
        if isinstance(move, DRAWING):
            if self.phase != Phase.DRAW:
                raise IllegalMove(because("game.already_drawn"))
            if isinstance(move, Take):
                return self._check_take(seat)
            if not self.stock:
                raise IllegalMove(because("game.stock_empty"))
            return None
        if isinstance(move, LAYING):
            if self.phase != Phase.PLAY:
                raise IllegalMove(because("game.draw_first"))
            return self._lay_outcome(seat, as_lay(move), self.hands[seat], self.must_lay)
        if isinstance(move, Discard):
            if self.phase != Phase.PLAY:
                raise IllegalMove(because("game.draw_first"))
            return self._check_discard(seat, move.card)
        raise IllegalMove(because("more3.unknown_move", do=move.do))

    def _check_bid(self, seat: int, chips: int) -> None:
        if not self.options["bid"]:
            raise IllegalMove(because("more3.no_bidding"))
        if self.phase != Phase.BID:
            raise IllegalMove(because("more3.bidding_over"))
        if self.bids[seat] is not None:
            raise IllegalMove(because("more3.already_bid"))
        if not 0 <= chips <= MAX_BID:
            raise IllegalMove(because("more3.bid_range"))

    def _check_take(self, seat: int) -> Lay:
        """The top discard may be taken only if this player can meld it this turn: return a lay
        that would do it. (decision) The rest of the pile joins the hand at once and may be laid
        this turn too, with the top card or in other melds."""
        if not self.discard:
            raise IllegalMove(because("game.discard_empty"))
        top = self.discard[-1]
        hand_after = self.hands[seat] + self.discard
        rest = self.hands[seat] + self.discard[:-1]
        for lay in self._every_take_lay(seat, top, rest):
            try:
                self._lay_outcome(seat, lay, hand_after, [top])
                return lay
            except IllegalMove:
                continue
        if self.needs_opening(seat):
            raise IllegalMove(
                because("more3.take_no_opening", card=top.pretty, least=OPENING_HALVES / 2)
            )
        raise IllegalMove(because("more3.take_no_meld", card=top.pretty))

    def _take_lays(self, seat: int, card: Card, rest: list[Card]) -> Iterator[Lay]:
        """Lays that meld ``card``: a new meld with hand cards or an addition to a side meld, each
        also widened by more melds from the hand, which a 7.5 opening may need. Small lays come
        first and the costly widened ones only when asked for: a take check stops at the first
        lay that works.

        (decision) The search is sound but not exhaustive: a take is allowed only when the engine
        finds a real lay for the card, so a player can never be stuck holding it."""
        rules = self.rules_for(seat)
        base: list[Lay] = []
        # Each small lay is offered as soon as it is found: a take check that takes it looks no
        # further.
        found = meld_with(card, rest, rules)
        if found:
            base.append(Lay(melds=(found,)))
            yield base[-1]
        side = self.side(seat)
        for m in self.melds.values():
            if self.side(m.seat) == side:
                # One card asked: the cheap first look (the check follows), not the meld's whole
                # set, which a take check would build for a single question.
                if could_add(m.meld, card, rules):
                    base.append(Lay(adds=(AddTo(m.id, (card,)),)))
                    yield base[-1]
                for group in extend_with(card, rest, m.meld, rules):
                    base.append(Lay(adds=(AddTo(m.id, group),)))
                    yield base[-1]
        if not self.needs_opening(seat):
            return  # a small lay will do; widening only helps a 7.5 opening
        # A 7.5 opening may need the card's longest meld (10H JH QH + KH, not JH QH KH alone).
        # Only the longest: each base lay is widened below, and widening costs a meld search.
        holding = [m.cards for m in find_melds([*rest, card], rules) if card in m.cards]
        longest = max(holding, key=len, default=None)
        if longest is not None and (longest,) not in [lay.melds for lay in base]:
            base.append(Lay(melds=(longest,)))
            yield base[-1]
        for lay in base:
            left = take_cards([*rest, card], [c for m in lay.melds for c in m]) or []
            if card in left and not lay.melds:
                left.remove(card)  # the card went on a side meld
            more = _disjoint_melds(left, rules)
            if more:
                yield Lay(melds=lay.melds + tuple(more), adds=lay.adds)
        # Last, the openings of several particular melds with the card in one of them, which
        # the greedy widening above can miss.
        every = find_melds([*rest, card], rules)
        for chosen in openings_worth(every, [*rest, card], _meld_halves, OPENING_HALVES, must=card)[
            :OPENINGS_LISTED
        ]:
            yield Lay(melds=chosen)

    def _every_take_lay(self, seat: int, card: Card, rest: list[Card]) -> Iterator[Lay]:
        """``_take_lays``, then, for a 7.5 opening, the openings with ``card`` among every meld
        the hand holds (``_take_openings``): the take check stops at the first lay that works,
        so those are searched only when no other lay does."""
        yield from self._take_lays(seat, card, rest)
        if self.needs_opening(seat):
            yield from self._take_openings(seat, card, rest)

    def _take_openings(self, seat: int, card: Card, rest: list[Card]) -> list[Lay]:
        """7.5 openings with ``card`` in them among every meld the hand holds (``every_meld``):
        one may need a pankal inside a run of four or more, which ``find_melds`` does not make."""
        whole = [*rest, card]
        every = opening_melds(whole, self.rules_for(seat))
        worth = openings_worth(every, whole, _meld_halves, OPENING_HALVES, must=card)
        return [Lay(melds=chosen) for chosen in worth[:OPENINGS_LISTED]]

    def _may_add(self, seat: int, target: TableMeld) -> Reason | None:
        if self.side(target.seat) != self.side(seat):
            return because("more3.add_own_side")
        return None

    def _lay_outcome(
        self, seat: int, lay: Lay, hand: list[Card], must: Sequence[Card]
    ) -> LayOutcome:
        # (decision) Anyone of the side may add to an ace-set already on the table: the
        # over-1500 rule limits who forms one. Sets can only be ace-sets, so one rule set serves.
        if self.totals[seat] <= HIGH_SCORE and any(_is_ace_set(m) for m in lay.melds):
            raise IllegalMove(because("more3.ace_sets_over_1500"))
        outcome = play_lay(
            hand,
            self.melds,
            lay,
            self.rules_for(seat),
            lambda m: self._may_add(seat, m),
            lambda _m: MORE_MELDS_ACES,
        )
        if self.needs_opening(seat):
            value = sum(opening_halves(c) for c in outcome.laid)
            if value < OPENING_HALVES:
                # Numbers (5, 6.5, the 7.5 needed), each language writes them its own way.
                raise IllegalMove(
                    because("more3.opening_75", worth=points(value / 2), least=OPENING_HALVES / 2)
                )
        problem = self._leftover_problem(seat, outcome)
        if problem:
            raise IllegalMove(problem)
        if must and not uses_any(outcome.laid, must) and not self._meldable_after(seat, outcome):
            raise IllegalMove(because("more3.taken_stuck", card=must[0].pretty))
        return outcome

    def _meldable_after(self, seat: int, outcome: LayOutcome) -> bool:
        """(decision) Until the taken card is melded only the throw waits (specification §2), so other
        lays may come first; but not one after which no lay could meld it: the player would be
        stuck, unable to throw. Tried on a copy of the table with the lay made."""
        trial = self._trial()
        # The real move may still apply the outcome: the trial gets its own lists.
        mine = LayOutcome(
            list(outcome.hand), list(outcome.new), dict(outcome.changed), list(outcome.laid)
        )
        trial._do_lay(seat, mine, [])
        taken = trial.must_lay[0]
        rest = take_cards(trial.hands[seat], [taken])
        if rest is None:
            return False
        for lay in trial._every_take_lay(seat, taken, rest):
            try:
                trial._lay_outcome(seat, lay, trial.hands[seat], [taken])
            except IllegalMove:
                continue
            return True
        return False

    def _leftover_problem(self, seat: int, outcome: LayOutcome) -> Reason | None:
        """A lay may not empty the hand unless the side's More pile comes at once, nor leave one
        card the player could never legally throw (that would be a dead end)."""
        left = len(outcome.hand)
        if left > 1:
            return None
        side = self.side(seat)
        biribas = self.side_biribas(side, outcome.changed, outcome.new)
        if not biribas:
            if left:
                return because("more3.keep_two_no_biriba")
            return because("more3.keep_one_no_biriba")
        if self.pile_open(side):
            return None
        if not self.pile_taken[side]:
            # (decision) A side whose More pile went into the stock can never take it, so it can
            # neither empty a hand nor go out; it also pays the -100 for never taking it.
            return because("more3.keep_two_pile_gone")
        if left == 0:
            return because("more3.keep_one_to_throw")
        if can_go_out_with(biribas):
            return None
        return because("more3.keep_two_to_go_out")

    def _lay_taken_first(self) -> Reason:
        return because("more3.meld_taken_first", card=self.must_lay[0].pretty)

    def _last_throw(self, seat: int) -> bool:
        """True when this last card goes out."""
        side = self.side(seat)
        biribas = self.side_biribas(side)
        if not biribas:
            raise IllegalMove(because("more3.last_card_no_biriba"))
        if self.pile_open(side):
            return False  # the More pile waits for this seat's next turn
        if not self.pile_taken[side]:
            raise IllegalMove(because("more3.last_card_pile_gone"))
        if not can_go_out_with(biribas):
            raise IllegalMove(because("more3.go_out_needs_biribas"))
        return True

    # ------------------------------------------------------------ playing

    def _play(self, seat: int, move: Move, plan: Any, events: list[Event]) -> None:
        if isinstance(move, Bid):
            self._do_bid(seat, move.chips, events)
        elif isinstance(move, Draw):
            self._draw(seat, events)
            if not self.stock:
                self._stock_exhausted(events)
        elif isinstance(move, Take):
            self.must_lay = [self._take_pile(seat, events)[-1]]  # the top card, melded this turn
        elif isinstance(move, LAYING):
            self._do_lay(seat, plan, events)
        elif isinstance(move, Discard):
            self._do_discard(seat, move.card, going_out=plan, events=events)

    def _do_bid(self, seat: int, chips: int, events: list[Event]) -> None:
        self.bids[seat] = chips
        events.append(BidMade(seat, chips))
        if any(b is None for b in self.bids):
            self._turn = self._next_bidder()
            return
        bids = [b or 0 for b in self.bids]
        solo = bid_winner(bids, self.starter)
        # The Solo pays the bid to each opponent at once: totals change now, not at round end.
        for s in range(N_SEATS):
            self.totals[s] += -2 * bids[solo] if s == solo else bids[solo]
        events.append(BidsRevealed(None, tuple(bids), solo))
        self._start_roles(solo, self.after_bids)
        self._waiting_from_position()

    def _stock_exhausted(self, events: list[Event]) -> None:
        """The last stock card was drawn: the untaken More piles become the stock, or, with none
        left, the round ends at the end of this turn."""
        left = [s for s in (PAIR, SOLO) if self.pile_open(s)]
        if not left:
            self.stock_out = True
            return
        if len(left) == 2 and round_rng(self.seed, self.round_no, "more-stock").random() < 0.5:
            left.reverse()
        top_first = [c for s in left for c in self.piles[s]]  # each pile keeps its order
        for s in left:
            self.piles[s] = []
            self.pile_gone[s] = True
        self.stock = list(reversed(top_first))
        events.append(StockRefilled(None, len(self.stock), tuple(sorted(left))))

    def _do_lay(self, seat: int, outcome: LayOutcome, events: list[Event]) -> None:
        self._place(seat, outcome, events)
        self.opened.add(seat)
        if not self.hands[seat]:
            self._take_side_pile(seat, events)

    def _side_piles(self) -> tuple[list[list[Card]], list[bool], list[int]]:
        return self.piles, self.pile_taken, self.pile_waiting

    def _do_discard(self, seat: int, card: Card, going_out: bool, events: list[Event]) -> None:
        self._throw(seat, card, events)
        if going_out:
            self.went_out = seat
            self._end_round(RoundEnd.WENT_OUT, events)
            return
        if not self.hands[seat]:
            self._emptied_by_throw(seat, events)
        if self.stock_out:
            self._end_round(RoundEnd.STOCK_OUT, events)
            return
        self._begin_turn((seat + 1) % N_SEATS, events)

    # ------------------------------------------------------------ scoring

    def round_scores(self) -> tuple[list[int], list[ScoreLine]]:
        """Each seat's score for the round as it stands (specification §2, Scoring), with its score
        lines."""
        lines: list[ScoreLine] = []
        return self._score(lines), lines

    def scores_now(self) -> list[int]:
        """``round_scores`` without the lines: ``hard``'s cut-short playouts read the scores at
        every playout's end, and writing the score sheet was most of the cost."""
        return self._score(None)

    def _score(self, lines: list[ScoreLine] | None) -> list[int]:
        """Each seat's score for the round as it stands; its lines go to ``lines`` if given."""
        scores = [0] * N_SEATS
        for side in (PAIR, SOLO):
            seats = self.side_seats(side)
            melds = [m.meld for m in self.melds.values() if self.side(m.seat) == side]
            # Counted in C (``card_points`` is a lookup): every playout of the search ends here.
            melded = sum(map(card_points, chain.from_iterable(m.cards for m in melds)))
            kinds = [k for k in (biriba_kind(m) for m in melds) if k]
            bonus = sum(PURE_BONUS if k == "pure" else DIRTY_BONUS for k in kinds)
            penalty = 0 if self.pile_taken[side] else NO_PILE_PENALTY
            for seat in seats:
                hand = sum(map(card_points, self.hands[seat]))
                out = seat == self.went_out
                if side == PAIR:
                    scores[seat] = melded + bonus + (OUT_BONUS if out else 0) - hand - penalty
                else:
                    scores[seat] = solo_score(
                        melded,
                        bonus,
                        hand,
                        went_out_bonus=OUT_BONUS if out else 0,
                        pile_penalty=penalty,
                        round_win_bonus=SOLO_WIN_BONUS if out else 0,
                    )
                if lines is None:
                    continue
                # Each line's label is a catalogue key (domain more3): the score sheet words it
                # in its reader's language.
                lines.append(ScoreLine(seat, "core.line.cards_in_melds", melded))
                for k in kinds:
                    points_for = PURE_BONUS if k == "pure" else DIRTY_BONUS
                    lines.append(ScoreLine(seat, BIRIBA_LINES[k], points_for))
                if out:
                    lines.append(ScoreLine(seat, "core.line.went_out", OUT_BONUS))
                lines.append(ScoreLine(seat, "core.line.cards_left", -hand))
                if penalty:
                    lines.append(ScoreLine(seat, "more3.line.never_took_pile", -penalty))
                if side == SOLO:
                    net = melded + bonus + (OUT_BONUS if out else 0) - hand - penalty
                    lines += solo_lines(seat, net, SOLO_WIN_BONUS if out else 0)
        return scores

    def _end_round(self, reason: RoundEnd, events: list[Event]) -> None:
        scores, lines = self.round_scores()
        for s in range(N_SEATS):
            self.totals[s] += scores[s]
        result = RoundResult(tuple(scores), reason, self.went_out, tuple(lines))
        assert self.solo is not None
        self.past_solos.append(self.solo)
        history = {"solo": self.solo, "scores": list(scores), "reason": reason}
        self._round_ends(result, history, events)
        # (decision) Reaching 3100 exactly counts; the game ends only at the end of a round, never
        # on a bid payment.
        over = [s for s in range(N_SEATS) if self.totals[s] >= TARGET]
        if not over:
            return
        best = max(self.totals[s] for s in over)
        top = [s for s in over if self.totals[s] == best]
        if len(top) > 1 and self.went_out in top:
            top = [self.went_out]
        if len(top) == 1:  # still tied: another round is played
            self._game_ends(top, events)

    def pearls(self) -> dict[int, int]:
        """Pearls for the winner once the game is over (see PEARLS_WIN: a (decision))."""
        if not self.finished:
            return {}
        out = {}
        for w in self.winners:
            second = max(self.totals[s] for s in range(N_SEATS) if s != w)
            big = self.totals[w] - second >= BIG_WIN_MARGIN
            out[w] = PEARLS_WIN + (BIG_WIN_BONUS if big else 0)
        return out

    # ------------------------------------------------------------ moves for computer players

    def legal_moves(self, seat: int) -> list[Move]:
        """Every bid, draw, take and discard that is legal, every new meld the hand holds, and
        a useful set of the other lays (``RummyGame.legal_moves``)."""
        if self.phase == Phase.BID and not self.round_over:
            if not 0 <= seat < N_SEATS or self.bids[seat] is not None:
                return []
            return [Bid(c) for c in range(MAX_BID + 1)]
        return super().legal_moves(seat)

    def candidate_moves(self, seat: int) -> list[Move]:
        if self.phase == Phase.BID and not self.round_over:
            return self.legal_moves(seat)  # every bid a seat may still make is legal
        return super().candidate_moves(seat)

    def _lay_candidates(self, seat: int) -> list[Move]:
        hand = self.hands[seat]
        rules = self.rules_for(seat)
        candidates: list[Move] = []
        if self.must_lay:
            rest = take_cards(hand, self.must_lay) or []
            taken = list(self._take_lays(seat, self.must_lay[0], rest))
            if self.needs_opening(seat) and not any(self.can(seat, lay) for lay in taken):
                # The take went through on an opening only every meld the hand holds makes.
                # Only then: the computers' lays stay the ones they were measured with.
                taken += self._take_openings(seat, self.must_lay[0], rest)
            candidates += taken
        found = find_melds(hand, rules)
        candidates += [Meld(cards) for cards in offered_melds(hand, rules)]
        everything = _disjoint_melds(hand, rules)
        if len(everything) > 1:
            candidates.append(Lay(melds=tuple(everything)))
        if self.needs_opening(seat):
            candidates += self._openings(seat, hand, found, rules)
        side = self.side(seat)
        for m in self.melds.values():
            if self.side(m.seat) == side:
                candidates += adds_alone(m, MORE_MELDS_ACES, hand)
        if self.must_lay:
            # Other lays may come first (``_meldable_after``), but computer players meld the
            # taken card first: list only the lays that do.
            taken_card = self.must_lay[0]
            candidates = [m for m in candidates if isinstance(m, LAYING) and taken_card in m.cards]
        return candidates

    def _openings(
        self, seat: int, hand: list[Card], found: Sequence[MeldShape], rules: MeldRules
    ) -> list[Lay]:
        """7.5 openings of the hand: the 7.5 may need two or three particular melds together, so
        every such opening among ``found`` is offered (bounded), not only single melds and the
        lay of all. When none of those can go down, every meld the hand holds is searched too:
        an opening may need a pankal inside a run of four or more (9D 10D 2D QD beside 7C 8C 9C
        10C), which ``find_melds`` does not make. Only then: the computers' openings stay the
        ones they were measured with wherever they had one."""
        must = self.must_lay[0] if self.must_lay else None
        worth = openings_worth(found, hand, _meld_halves, OPENING_HALVES, must=must)
        out = [Lay(melds=chosen) for chosen in worth[:OPENINGS_LISTED]]
        if any(self.can(seat, lay) for lay in out):
            return out
        every = opening_melds(hand, rules)
        worth = openings_worth(every, hand, _meld_halves, OPENING_HALVES, must=must)
        return out + [Lay(melds=chosen) for chosen in worth[:OPENINGS_LISTED]]

    def new_meld_rules(self, seat: int) -> MeldRules:
        return self.rules_for(seat)

    # ------------------------------------------------------------ views and data

    side_of = side

    def view(self, seat: int) -> More3View:
        return self._view(
            More3View,
            seat,
            tuple(self.totals),
            hand=self._bidding_hand(),
            side_piles=tuple(len(p) for p in self.piles),
            side_taken=tuple(self.pile_taken),
            sides=self._sides(),
            solo=self.solo,
            bids=tuple(self._visible_bids(seat)),
            opened=tuple(sorted(self.opened)),
        )

    def glance(self, seat: int) -> Glance:
        return self._glance(
            seat,
            tuple(self.totals),
            self._sides(),
            tuple(self.pile_taken),
            hand=self._bidding_hand(),
            solo=self.solo,
        )

    def _bidding_hand(self) -> tuple[Card, ...] | None:
        """Nobody sees their cards while bidding (the page bids "before anyone looks"): an empty
        hand then, else None for the seat's own."""
        return () if self.phase == Phase.BID else None

    def _sides(self) -> tuple[int, ...]:
        """Each seat's side once the Solo is known; none before."""
        return () if self.solo is None else self._seat_sides()

    def _seat_sides(self) -> tuple[int, ...]:
        # Asked at every glance of a playout (twice: the sides and the melds' views), so looked
        # up by the Solo rather than worked out seat by seat each time.
        try:
            return _SIDES[self.solo]
        except KeyError:
            sides = _SIDES[self.solo] = tuple(map(self.side, range(N_SEATS)))
            return sides

    def _visible_bids(self, seat: int) -> list[int | None]:
        # (decision) Before the reveal a seat sees only its own bid.
        if self.phase != Phase.BID:
            return list(self.bids)
        return [b if s == seat else None for s, b in enumerate(self.bids)]

    def _public(self, event: Event, seat: int) -> Event:
        """Hide a drawn card, and a bid before the reveal, from everyone but its owner."""
        if isinstance(event, BidMade) and event.seat != seat:
            return BidMade(event.seat, None)
        return public_event(event, seat)

    def scenario_state(self) -> dict[str, Any]:
        return {
            **self._scenario_table(),
            "side_taken": list(self.pile_taken),
            "side": [len(p) for p in self.piles],
            "side_gone": list(self.pile_gone),
            "pile_waiting": list(self.pile_waiting),
            "must_lay": text_cards(self.must_lay),
            "solo": self.solo,
            "bids": list(self.bids) if self.phase != Phase.BID else [None] * N_SEATS,
            "opened": sorted(self.opened),
            "dealer": self.dealer,
            "round_over": self.round_over,
            "round_scores": list(self.result.scores) if self.result else None,
            "went_out": self.went_out,
            "totals": list(self.totals),
            **self._scenario_end(),
        }


def offered_melds(
    hand: Sequence[Card], rules: MeldRules, taken: Card | None = None
) -> list[tuple[Card, ...]]:
    """The new melds among a computer player's candidates (``More3._lay_candidates``), each as
    its move lists its cards: ``find_melds``'s few, and with a ``taken`` top card to meld only
    those that hold it. A member's menu lists every meld the hand holds (``legal_moves``);
    ``bot.ai`` sets the others aside by this list."""
    return [m.cards for m in find_melds(hand, rules) if taken is None or taken in m.cards]


def _meld_halves(meld: MeldShape) -> int:
    return sum(opening_halves(c) for c in meld.cards)


def _is_ace_set(cards: Sequence[Card]) -> bool:
    naturals = [c for c in cards if not c.is_joker and c.rank != 2]
    return len(naturals) >= 2 and all(c.rank == ACE for c in naturals)


def _disjoint_melds(hand: Sequence[Card], rules: MeldRules) -> list[tuple[Card, ...]]:
    """Melds from ``hand`` that don't share cards, biggest first: a whole lay for an opening."""
    left = list(hand)
    out: list[tuple[Card, ...]] = []
    for meld in sorted(find_melds(left, rules), key=lambda m: -len(m.cards)):
        rest = take_cards(left, meld.cards)
        if rest is not None:
            out.append(meld.cards)
            left = rest
    return out


ENGINE = More3
