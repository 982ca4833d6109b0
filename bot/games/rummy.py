"""What the three rummies (Mor, More, Hand) share: the game itself as one base class. The melds on
the table and playing a ``Lay`` against a hand are ``bot.games.lays``'s, reading a table file's
position is ``bot.games.table_file``'s.

``RummyGame`` holds what every rummy does alike -- setting up from options or a table file, the
turn checks, drawing, laying and throwing, ending rounds and dealing the next, the view's shared
fields, the record and the JSON state -- and each engine subclasses it (``SidePileGame`` for Mor
and More, whose sides each have a pile to take), as python-chess's variants subclass one
``Board``. The games differ in policy (whose melds a seat may add to, opening minimums, when the
hand may be emptied); that stays in each engine, in the hooks the base names.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Self, TypeVar

from bot.games.answers import kept
from bot.games.base import (
    RULES_VERSION,
    Add,
    Discard,
    Discarded,
    Draw,
    Drew,
    Event,
    GameOver,
    HeaderExtras,
    IllegalMove,
    Lay,
    MeldView,
    Move,
    Phase,
    PlannedChecks,
    Reason,
    RecordHeader,
    RoundOver,
    RoundResult,
    SeatView,
    SidePileWaits,
    TableFileRecord,
    Take,
    TookPile,
    TookSidePile,
    because,
    hands_left,
    result_from_json,
    result_to_json,
    throw_of,
)
from bot.games.base import Meld as NewMeld
from bot.games.cards import (
    Card,
    deck_106,
    parse_cards,
    round_rng,
    sort_key,
    text_cards,
)
from bot.games.lays import LayOutcome, TableMeld, place_lay, uses_any
from bot.games.meld_search import every_meld, meld_key
from bot.games.melds import Meld, MeldRules, try_meld
from bot.games.table_file import Position, read_header, read_options, read_position


@dataclass(frozen=True)
class RummyView(SeatView):
    """A rummy seat's view: the table's melds, piles and sides beside the common fields."""

    melds: tuple[MeldView, ...]
    discard: tuple[Card, ...]
    stock_count: int
    side_piles: tuple[int, ...]
    side_taken: tuple[bool, ...]
    sides: tuple[int, ...]
    just_drawn: tuple[Card, ...]
    must_lay: tuple[Card, ...]
    # Per seat, the cards the whole table saw go into that hand (taken from the discard pile,
    # a joker won back from a meld) and not laid or thrown since: a player at a real table
    # remembers them, so a computer player may too.
    shown: tuple[tuple[Card, ...], ...]


V = TypeVar("V", bound=RummyView)


class Glance(NamedTuple):
    """A glance at a Mor or More table from one seat: the few fields of its view that ``normal``
    reads, with the same names and values (``tests/ai/test_lean_playouts.py`` compares them),
    for ``hard``'s playouts, which ask for one at every move. A view has two dozen fields, each
    set through a frozen dataclass's constructor, and a glance is one tuple: that was about a
    sixth of a Mor decision's time (README, "A glance instead of a view")."""

    seat: int
    n_seats: int
    phase: Phase
    hand: tuple[Card, ...]
    melds: tuple[MeldView, ...]
    discard: tuple[Card, ...]
    stock_count: int
    must_lay: tuple[Card, ...]
    sides: tuple[int, ...]
    side_taken: tuple[bool, ...]
    totals: tuple[float, ...]
    solo: int | None  # More's Solo; None in Mor, which has no such seat


def public_event(event: Event, seat: int) -> Event:
    """An event as ``seat`` may see it: a drawn card is hidden from everyone but the drawer."""
    if isinstance(event, Drew) and event.seat != seat:
        return Drew(event.seat, None)
    return event


def take_side_pile(
    seat: int,
    side: int,
    hands: list[list[Card]],
    piles: list[list[Card]],
    taken: list[bool],
    events: list[Event],
) -> list[Card]:
    """The side's Mor / More pile goes into the hand that emptied: the pile is gone and the side
    has taken it. Returns the cards, which the seat has just received."""
    pile, piles[side] = piles[side], []
    taken[side] = True
    hands[seat].extend(pile)
    events.append(TookSidePile(seat, len(pile)))
    return pile


def _lone_meld(move: Move) -> tuple[tuple[Card, ...], ...]:
    """The cards of the one new meld ``move`` lays and nothing else (a meld, or a lay of one
    meld alone); none for any other move."""
    if isinstance(move, NewMeld):
        return (move.cards,)
    if isinstance(move, Lay) and len(move.melds) == 1 and not move.adds:
        return move.melds
    return ()


# ---------------------------------------------------------------- the shared game scaffolding


def json_copy(data: Any) -> Any:
    """A copy of plain JSON data (dicts, lists, scalars): records grow with every move and are
    copied for every ``to_json``, where ``copy.deepcopy``'s bookkeeping is needless."""
    if isinstance(data, dict):
        return {k: json_copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [json_copy(v) for v in data]
    return data


# How a piece of a game's own state goes to JSON and back (``RummyGame.OWN_STATE``).
Codec = tuple[Callable[[Any], Any], Callable[[Any], Any]]
CARDS: Codec = (text_cards, parse_cards)
CARD_PILES: Codec = (
    lambda piles: [text_cards(p) for p in piles],
    lambda piles: [parse_cards(p) for p in piles],
)
LIST: Codec = (list, list)
SEAT_SET: Codec = (sorted, set)
TURN_PHASE: Codec = (list, lambda v: (v[0], Phase(v[1])))  # a turn and its phase
VALUE: Codec = (lambda v: v, lambda v: v)


@kept(50_000)
def meld_view(
    meld_id: int,
    seat: int,
    side: int,
    meld: Meld,
    project: Callable[[Meld], int | None],
    biriba: Callable[[Meld], str | None],
) -> MeldView:
    """A table meld as everyone sees it. A view lists every meld at every turn and computer
    players' playouts ask for views thousands of times a decision, so a meld's view is made once
    (melds and views are immutable; the game's project/biriba rule is part of the key)."""
    wilds = tuple((i, meld.stands_for(i)) for i in meld.wild_indexes())
    return MeldView(
        meld_id,
        seat,
        side,
        meld.kind,
        meld.cards,
        wilds,
        project(meld),
        biriba(meld),
    )


class RummyGame(PlannedChecks):
    """A whole game of one of the three rummies: what Mor, More and Hand do alike, written once.

    Like python-chess's variants that subclass one ``Board``, each game subclasses this and fills
    in its hooks: ``_read_options`` (options -> (options, seats)), ``_set_totals`` (a table file's
    totals), ``_deal``, ``_set_position``, ``_plan`` and ``_play`` (check and play one move),
    ``_lay_candidates`` (the lays offered to computer players), ``view``, ``pearls`` and
    ``scenario_state``; ``side_of``, ``meld_project`` and ``meld_biriba`` say whose side a meld is
    on and what it counts as; ``OWN_STATE`` lists the state only that game has, for
    ``to_json``/``from_json``.
    """

    game: ClassVar[str] = ""
    low_score_wins: ClassVar[bool] = False
    # The game's own state beyond the shared fields: (attribute = JSON key, codec), written after
    # the shared ones by to_json (old saved states load: the keys are the ones they always had).
    OWN_STATE: ClassVar[tuple[tuple[str, Codec], ...]] = ()

    def __init__(self, options: Mapping[str, Any], seed: int | str) -> None:
        self.options, self.n_seats = self._read_options(options)
        self.seed = seed
        self.header: RecordHeader = {"game": self.game}
        self.moves: list[dict[str, Any]] = []
        self.round_no = 0
        self.dealer = 0
        self.totals: list[int] = [0] * self.n_seats
        self.history: list[dict[str, Any]] = []
        self.hands: list[list[Card]] = []
        self.stock: list[Card] = []  # top last
        self.discard: list[Card] = []  # top last
        self.melds: dict[int, TableMeld] = {}
        self.next_id = 1
        self._turn: int | None = 0
        self.phase = Phase.PLAY
        self.must_lay: list[Card] = []
        self.just_drawn: list[Card] = []
        self.shown: list[list[Card]] = [[] for _ in range(self.n_seats)]
        self.stock_out = False
        self.result: RoundResult | None = None
        self.winners: list[int] = []
        self.finished = False
        self.last_events: list[Event] = []

    # ------------------------------------------------------------ hooks

    @staticmethod
    def meld_project(meld: Meld) -> int | None:
        """The project a meld is (Mor's 100 to 300), for its view and the scenario state."""
        return None

    @staticmethod
    def meld_biriba(meld: Meld) -> str | None:
        """The biriba a meld is (More's "pure" or "dirty")."""
        return None

    def _read_options(self, options: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
        """The game's options, checked (raise TableFileError), and its number of seats."""
        raise NotImplementedError

    def _set_totals(self, totals: list[float]) -> list[float | int]:
        """Take a table file's totals (one per seat) as the game keeps them; return them as the
        record's header shows them."""
        self.totals = [round(t) for t in totals]
        return list(self.totals)

    def _read_table_extras(self, data: Mapping[str, Any]) -> HeaderExtras:
        """A game's own header fields from a table file (Hand's ``round``)."""
        return {}

    def _deal(self) -> None:
        raise NotImplementedError

    def _set_position(self, raw: Any) -> None:
        raise NotImplementedError

    def _play(self, seat: int, move: Move, plan: Any, events: list[Event]) -> None:
        """Play a move ``_plan`` has checked, appending what happened to ``events``."""
        raise NotImplementedError

    def _public(self, event: Event, seat: int) -> Event:
        """An event as ``seat`` may see it."""
        return public_event(event, seat)

    # ------------------------------------------------------------ set-up

    @classmethod
    def new(cls, options: Mapping[str, Any] | None = None, seed: int | str = 0) -> Self:
        return cls.from_table_file({"game": cls.game, "options": dict(options or {}), "seed": seed})

    @classmethod
    def from_table_file(cls, data: Mapping[str, Any]) -> Self:
        game = cls(read_options(data), data.get("seed", 0))
        seed, dealer, totals = read_header(data, game.n_seats)
        game.seed = seed
        game.dealer = dealer
        shown = game._set_totals(totals)
        extras = game._read_table_extras(data)
        game.header = {
            "game": cls.game,
            "rules_version": RULES_VERSION,
            "options": game.options,
            "seed": seed,
            "dealer": dealer,
            "totals": shown,
        }
        if "round" in extras:  # HeaderExtras's one key, Hand's: a new key is copied here too
            game.header["round"] = extras["round"]
        if data.get("position") is not None:
            game.header["position"] = json_copy(data["position"])
            game._set_position(data["position"])
        else:
            game._deal()
        return game

    def _shuffled_deck(self) -> list[Card]:
        deck = deck_106()
        round_rng(self.seed, self.round_no, "deal").shuffle(deck)
        return deck

    def _deal_hands(self, deck: list[Card], size: int, starter: int | None) -> list[Card]:
        """Deal ``size`` cards to each seat, and one more to ``starter`` if given (who then throws
        first without drawing); return the cards left."""
        n = self.n_seats
        self.hands = [deck[i * size : (i + 1) * size] for i in range(n)]
        rest = deck[n * size :]
        if starter is not None:
            self.hands[starter].append(rest.pop(0))
        return rest

    def _reset_round(self) -> None:
        self.melds, self.next_id, self.discard = {}, 1, []
        self.must_lay, self.just_drawn, self.stock_out = [], [], False
        self.shown = [[] for _ in range(self.n_seats)]
        self.result, self.last_events = None, []

    def _read_position(
        self, raw: Any, meld_rules: Callable[[int], MeldRules], side_piles: int, side_size: int
    ) -> Position:
        """Set a table file's position up: the hands, melds, stock and discard pile (the rest --
        turn, phase, side piles -- is the game's to read from what this returns)."""
        self._reset_round()
        pos = read_position(
            raw,
            n_seats=self.n_seats,
            deck=deck_106(),
            meld_rules=meld_rules,
            side_piles=side_piles,
            side_size=side_size,
            rng=round_rng(self.seed, self.round_no, "position"),
        )
        self.hands = pos.hands
        self.melds = {m.id: m for m in pos.melds}
        self.next_id = len(pos.melds) + 1
        self.stock = list(reversed(pos.stock))
        self.discard = pos.discard
        return pos

    # ------------------------------------------------------------ basics

    @property
    def starter(self) -> int:
        """Who plays first this round: the seat after the dealer."""
        return (self.dealer + 1) % self.n_seats

    @property
    def turn(self) -> int | None:
        return None if self.round_over else self._turn

    @property
    def round_over(self) -> bool:
        return self.result is not None

    @property
    def game_over(self) -> bool:
        return self.finished

    # ------------------------------------------------------------ checks

    def _common(self, seat: int) -> None:
        """What refuses any move: the game or round is over, or ``seat`` is nobody at the table."""
        if self.finished:
            raise IllegalMove(because("game.over"))
        if self.round_over:
            raise IllegalMove(because("game.round_over"))
        if not 0 <= seat < self.n_seats:
            raise IllegalMove(because("game.not_seated"))

    def _on_turn(self, seat: int) -> None:
        """``_common``, and it is ``seat``'s turn."""
        self._common(seat)
        self._is_turn(seat)

    def _is_turn(self, seat: int) -> None:
        if seat != self._turn:
            raise IllegalMove(because("game.not_your_turn"))

    def _check_discard(self, seat: int, card: Card) -> bool:
        """Raise why ``seat`` may not throw ``card``, else say whether the throw empties the hand.
        Every rummy wants the card held and the cards taken from the pile laid first; a last
        card is each game's to judge (``_last_throw``)."""
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalMove(because("game.card_not_held", card=card.pretty))
        if self.must_lay:
            raise IllegalMove(self._lay_taken_first())
        return len(hand) == 1 and self._last_throw(seat)

    def _lay_taken_first(self) -> Reason:
        """Why a seat holding cards it took, still to be laid, may not throw yet."""
        raise NotImplementedError

    def _last_throw(self, seat: int) -> bool:
        """Throwing ``seat``'s last card: True when it empties the hand now, False when the hand
        takes a pile instead; raises IllegalMove where the card may not go. By default it empties
        the hand (Hand)."""
        return True

    # ------------------------------------------------------------ playing

    def apply(self, seat: int, move: Move) -> list[Event]:
        plan = self._checked_plan(seat, move)
        events: list[Event] = []
        self._play(seat, move, plan, events)
        self.moves.append({"seat": seat, **move.to_dict()})
        self.last_events = events
        return events

    def _draw(self, seat: int, events: list[Event]) -> None:
        card = self.stock.pop()
        self.hands[seat].append(card)
        self.just_drawn = [card]
        self.phase = Phase.PLAY
        events.append(Drew(seat, card))

    def _place(self, seat: int, outcome: LayOutcome, events: list[Event]) -> None:
        """Put a checked lay on the table from ``seat``'s hand; a lay using the taken card(s)
        lifts the duty to lay them."""
        self.hands[seat] = outcome.hand
        self.next_id = place_lay(self.melds, self.next_id, seat, outcome, events)
        if self.must_lay and uses_any(outcome.laid, self.must_lay):
            self.must_lay = []
        self._unshow(seat, outcome.laid)

    def _throw(self, seat: int, card: Card, events: list[Event]) -> None:
        self.hands[seat].remove(card)
        self.discard.append(card)
        self._unshow(seat, (card,))
        events.append(Discarded(seat, card))

    def _show(self, seat: int, cards: Iterable[Card]) -> None:
        """``cards`` went into ``seat``'s hand in everyone's sight."""
        self.shown[seat].extend(cards)

    def _unshow(self, seat: int, cards: Iterable[Card]) -> None:
        """``cards`` left ``seat``'s hand. Of two copies of a card, one seen going in and one
        drawn unseen, the table cannot tell which left: it stops counting on either."""
        shown = self.shown[seat]
        for card in cards:
            if card in shown:
                shown.remove(card)

    def _round_ends(
        self, result: RoundResult, history: dict[str, Any], events: list[Event]
    ) -> None:
        self.result = result
        self.history.append({"round": self.round_no, **history})
        events.append(RoundOver(result.closer, result))
        self._turn = None

    def _game_ends(self, winners: list[int], events: list[Event]) -> None:
        self.winners = winners
        self.finished = True
        events.append(GameOver(None, tuple(winners)))

    def next_round(self) -> list[Event]:
        if self.finished:
            raise IllegalMove(because("game.over"))
        if not self.round_over:
            raise IllegalMove(because("game.round_playing"))
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.n_seats
        self._plans = None
        self._deal()
        self.moves.append({"do": "next_round"})
        return []

    # ------------------------------------------------------------ moves for computer players

    def legal_moves(self, seat: int) -> list[Move]:
        """Every draw, take and throw that is legal, every new meld the hand can lay, and a useful
        set of the other lays (``_lay_candidates``): the computers' candidates that the check
        passes, in their order, with the other new melds after their lays, before the throws.

        A member choosing from the menu finds every meld there (``every_meld``: runs with a wild
        in a gap or at an end, each wild in each place it may take). The computer players weigh
        their own shorter list, the candidates (``offered_melds`` says which new melds those
        hold), which the ladder measured them on: ``bot.ai`` sets the other melds aside."""
        candidates = self.candidate_moves(seat)
        checked = [m for m in candidates if self.can(seat, m)]
        if self.phase != Phase.PLAY or not checked:
            return checked
        rules = self.new_meld_rules(seat)
        # A meld the candidates offer already, as a meld or a lay of it alone, is not listed
        # twice, in whatever order its cards come.
        offered = {
            meld_key(meld)
            for move in candidates
            for cards in _lone_meld(move)
            if (meld := try_meld(cards, rules)) is not None
        }
        # While a taken card waits to be laid, the lays offered are those that lay it, as the
        # candidates' are (the menu shows them as the turn's lays).
        taken = self.must_lay
        more = [
            move
            for meld in every_meld(self.hands[seat], rules)
            if (not taken or uses_any(meld.cards, taken))
            and meld_key(meld) not in offered
            and self.can(seat, move := NewMeld(meld.cards))
        ]
        if not more:
            return checked
        throws = next((i for i, m in enumerate(checked) if isinstance(m, Discard)), len(checked))
        return [*checked[:throws], *more, *checked[throws:]]

    def new_meld_rules(self, seat: int) -> MeldRules:
        """The meld rules a new meld of ``seat``'s is read by."""
        raise NotImplementedError

    def candidate_moves(self, seat: int) -> list[Move]:
        """The computer players' moves before the rule check: ``legal_moves`` less the new melds
        only the menu lists, in the same order, among others that the check would refuse. A
        player who wants one move checks its favourites in turn until one passes (``hard``'s
        playouts, ``bot.ai.search.Preference``), instead of paying for the check of every
        candidate, which is most of what listing the legal moves costs."""
        if self.round_over or seat != self._turn:
            return []
        if self.phase == Phase.DRAW:
            return [Draw(), Take()]
        return self._lay_candidates(seat) + self._throw_candidates(seat)

    def _lay_candidates(self, seat: int) -> list[Move]:
        """The lays (and Hand's return and swaps) worth offering a computer player, unchecked."""
        raise NotImplementedError

    def _throw_candidates(self, seat: int) -> list[Move]:
        return [throw_of(c) for c in sorted(set(self.hands[seat]), key=sort_key)]

    # ------------------------------------------------------------ views and data

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (its team, More's Pair or Solo, or itself in Hand)."""
        return seat

    def meld_view(self, m: TableMeld) -> MeldView:
        return meld_view(
            m.id, m.seat, self.side_of(m.seat), m.meld, self.meld_project, self.meld_biriba
        )

    # Each table meld's view, kept with the meld and side it was made for, by meld id. A view
    # lists every meld at every turn of a playout, and most melds do not change from one turn
    # to the next; a changed meld is a new object (melds are immutable), so its view is made
    # again. (``meld_view``'s own cache would do, but building and hashing its six-part key for
    # every meld cost 3-5% of a playout more, measured with bench/playouts.py --decisions.)
    # One for each game, shared by its tables: the search reads a sample back for each of its
    # playouts, and the table's melds come back as the same objects (``TableMeld.from_json``).
    _kept_meld_views: ClassVar[dict[int, tuple[TableMeld, int, MeldView]]]
    # And the whole table's, with the melds and the seats' sides it was made from: most turns
    # of a playout change no meld at all, and comparing the melds (one by one, the same objects
    # at once) costs far less than looking each view up.
    _kept_table: tuple[tuple[TableMeld, ...], tuple[int, ...], tuple[MeldView, ...]] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._kept_meld_views = {}  # each game's own: its views show its projects or biribas

    def _seat_sides(self) -> tuple[int, ...]:
        """Each seat's side (``side_of``), as the table's meld views show them."""
        return tuple(map(self.side_of, range(self.n_seats)))

    def _meld_views(self) -> tuple[MeldView, ...]:
        melds = tuple(self.melds.values())
        sides = self._seat_sides()
        table = self._kept_table
        if table is not None and table[0] == melds and table[1] == sides:
            return table[2]
        by_id = self._kept_meld_views
        out = []
        for m in melds:
            side = sides[m.seat]
            hit = by_id.get(m.id)
            if hit is None or hit[0] is not m or hit[1] != side:
                hit = by_id[m.id] = (m, side, self.meld_view(m))
            out.append(hit[2])
        views = tuple(out)
        self._kept_table = (melds, sides, views)
        return views

    def _view(
        self,
        view: Callable[..., V],  # the game's view class (its own fields come as ``own``)
        seat: int,
        totals: tuple[float, ...],
        hand: tuple[Card, ...] | None = None,
        **own: Any,
    ) -> V:
        """A seat's view: the shared fields, the totals as the game shows them, the game's
        ``own`` fields, and ``hand`` when the game hides the seat's own cards (More's bidding).
        (Playouts ask for views thousands of times a decision: each field is computed once, and
        lists are built before tuples, which is quicker than from a generator.)"""
        mine = 0 <= seat < self.n_seats
        if hand is None:
            hand = self._own_hand(seat)
        return view(
            game=self.game,
            seat=seat,
            n_seats=self.n_seats,
            hand=hand,
            hand_counts=tuple(map(len, self.hands)),
            turn=self.turn,
            phase=self.phase,
            dealer=self.dealer,
            round_no=self.round_no,
            totals=totals,
            round_over=self.round_over,
            game_over=self.finished,
            winners=tuple(self.winners),
            result=self.result,
            last_events=tuple([self._public(e, seat) for e in self.last_events]),
            melds=self._meld_views(),
            discard=tuple(self.discard),
            stock_count=len(self.stock),
            just_drawn=tuple(self.just_drawn) if mine and seat == self._turn else (),
            must_lay=self._must_lay_seen(seat),
            shown=tuple([tuple(cards) for cards in self.shown]),
            hands_left=hands_left(self.hands, self.round_over, sort_key),
            **own,
        )

    def _own_hand(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s own cards as its view shows them (a watcher, off the seats, has none)."""
        return tuple(sorted(self.hands[seat], key=sort_key)) if 0 <= seat < self.n_seats else ()

    def _must_lay_seen(self, seat: int) -> tuple[Card, ...]:
        """The taken cards a lay must use this turn, shown to the seat whose turn it is."""
        return tuple(self.must_lay) if seat == self._turn else ()

    def _glance(
        self,
        seat: int,
        totals: tuple[float, ...],
        sides: tuple[int, ...],
        side_taken: tuple[bool, ...],
        hand: tuple[Card, ...] | None = None,
        solo: int | None = None,
    ) -> Glance:
        """A ``Glance`` from ``seat``: the shared fields as ``_view`` makes them, the game's own
        as its ``view`` passes them."""
        return Glance(
            seat,
            self.n_seats,
            self.phase,
            self._own_hand(seat) if hand is None else hand,
            self._meld_views(),
            tuple(self.discard),
            len(self.stock),
            self._must_lay_seen(seat),
            sides,
            side_taken,
            totals,
            solo,
        )

    @property
    def record(self) -> TableFileRecord:
        # A move's dict is written once and never changed, so a record shares them, in a list
        # of its own (later moves do not show in it). The table service saves a record at every
        # move: copying every move of it made a long game's save cost its length, and was a
        # third of the event loop's work at 20 busy tables (bench/ai_loop.py).
        header: RecordHeader = json_copy(self.header)  # a copy has the same fields
        return {**header, "moves": list(self.moves)}

    def _scenario_melds(self) -> list[dict[str, Any]]:
        project, biriba = self.meld_project, self.meld_biriba
        return [
            {
                "id": m.id,
                "seat": m.seat,
                "cards": text_cards(m.meld.cards),
                "project": project(m.meld),
                "biriba": biriba(m.meld),
            }
            for m in self.melds.values()
        ]

    def _scenario_table(self) -> dict[str, Any]:
        """The start of ``scenario_state`` every rummy shares, in docs/table-files.md's order."""
        return {
            "turn": self.turn,
            "phase": self.phase,
            "hands": [text_cards(h) for h in self.hands],
            "stock": len(self.stock),
            "discard": text_cards(self.discard),
            "melds": self._scenario_melds(),
        }

    def _scenario_end(self) -> dict[str, Any]:
        """The end of ``scenario_state`` every rummy shares."""
        return {
            "game_over": self.finished,
            "winners": list(self.winners),
            "pearls": {str(k): v for k, v in self.pearls().items()},
        }

    def pearls(self) -> dict[int, int]:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "header": json_copy(self.header),
            "moves": json_copy(self.moves),
            "round_no": self.round_no,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "history": json_copy(self.history),
            "hands": [text_cards(h) for h in self.hands],
            "stock": text_cards(self.stock),
            "discard": text_cards(self.discard),
            "melds": [m.to_json() for m in self.melds.values()],
            "next_id": self.next_id,
            "turn": self._turn,
            "phase": self.phase,
            "must_lay": text_cards(self.must_lay),
            "just_drawn": text_cards(self.just_drawn),
            "shown": [text_cards(cards) for cards in self.shown],
            "stock_out": self.stock_out,
            "result": result_to_json(self.result),
            "winners": list(self.winners),
            "finished": self.finished,
        }
        for name, (encode, _) in self.OWN_STATE:
            out[name] = encode(getattr(self, name))
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Self:
        header = d["header"]
        game = cls(header.get("options", {}), header.get("seed", 0))
        game.header = json_copy(header)
        game.moves = json_copy(d["moves"])
        game.round_no, game.dealer = d["round_no"], d["dealer"]
        game.totals = list(d["totals"])
        game.history = json_copy(d["history"])
        game.hands = [parse_cards(h) for h in d["hands"]]
        game.stock, game.discard = parse_cards(d["stock"]), parse_cards(d["discard"])
        game.melds = {m.id: m for m in map(TableMeld.from_json, d["melds"])}
        game.next_id = d["next_id"]
        game._turn, game.phase = d["turn"], Phase(d["phase"])
        game.must_lay, game.just_drawn = parse_cards(d["must_lay"]), parse_cards(d["just_drawn"])
        # Saved before the table remembered taken cards (or sampled by a player who does not):
        # nothing is known to be in any hand.
        shown = d.get("shown") or [[] for _ in range(game.n_seats)]
        game.shown = [parse_cards(cards) for cards in shown]
        game.stock_out = d["stock_out"]
        game.result = result_from_json(d["result"])
        game.winners, game.finished = list(d["winners"]), d["finished"]
        for name, (_, decode) in cls.OWN_STATE:
            setattr(game, name, decode(d[name]))
        return game


class SidePileGame(RummyGame):
    """Mor and More: each side has a pile of 11 (the Mor, the More pile) that goes to the first
    of its seats to empty the hand -- at once when a lay empties it, at that seat's next turn
    when a throw does."""

    def _side_piles(self) -> tuple[list[list[Card]], list[bool], list[int]]:
        """The piles, whether each side has taken its pile, and the seats whose pile waits."""
        raise NotImplementedError

    def lay_outcome(self, seat: int, move: NewMeld | Add | Lay) -> LayOutcome:
        """What the lay ``move`` would do (the hand after it, its new melds, the melds it
        changes), checked as ``apply`` checks it (IllegalMove where it is refused) and nothing
        changed: the plan a ``check`` kept, or a fresh one. Advice that weighs many lays reads
        the melds from it rather than playing each lay on a copy of the game."""
        outcome: LayOutcome
        try:
            outcome = self._plans[seat, move]  # type: ignore[index]
        except (KeyError, TypeError):  # none kept (or none at all), or a move with lists in it
            outcome = self._plan(seat, move)
        return outcome

    def _trial(self) -> Self:
        """A copy of the game to try a move on: the same object's fields, with every list, dict
        and set copied, and the lists in a list (the hands, the piles) copied too. Cards and
        melds are immutable, so nothing deeper is shared that a move changes; far cheaper than
        ``copy.deepcopy``, which walks the whole record."""
        trial = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, list):
                setattr(trial, name, [list(v) if isinstance(v, list) else v for v in value])
            elif isinstance(value, dict | set):
                setattr(trial, name, value.copy())
        trial._plans = None
        return trial

    def glance(self, seat: int) -> Glance:
        """The fields of ``view(seat)`` that ``normal`` reads, for ``hard``'s playouts."""
        raise NotImplementedError

    def _take_pile(self, seat: int, events: list[Event]) -> list[Card]:
        """The whole discard pile goes into ``seat``'s hand, in everyone's sight, and the turn
        goes on to laying; the game says which of the cards must be laid. Returns them."""
        taken, self.discard = self.discard, []
        self.hands[seat].extend(taken)
        self._show(seat, taken)
        self.just_drawn = list(taken)
        self.phase = Phase.PLAY
        events.append(TookPile(seat, tuple(taken)))
        return taken

    def _take_side_pile(self, seat: int, events: list[Event]) -> None:
        piles, taken, _ = self._side_piles()
        side = self.side_of(seat)
        self.just_drawn = take_side_pile(seat, side, self.hands, piles, taken, events)

    def _emptied_by_throw(self, seat: int, events: list[Event]) -> None:
        _, taken, waiting = self._side_piles()
        taken[self.side_of(seat)] = True  # the side counts as having taken it from this throw on
        waiting.append(seat)
        events.append(SidePileWaits(seat))

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        self._turn = seat
        self.phase = Phase.DRAW
        self.must_lay = []
        self.just_drawn = []
        _, _, waiting = self._side_piles()
        if seat in waiting:
            waiting.remove(seat)
            self._take_side_pile(seat, events)
