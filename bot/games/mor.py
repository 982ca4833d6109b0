"""Mor (RULES.md section 1): 2 vs 2 (partners opposite) or 1 vs 1, Quick (101) or Full (201).

Scores are kept in half-points (integers) so that a 3 worth ½ never becomes a float; they are shown
as points (``points()``) only at the edges.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from bot.games.base import (
    RULES_VERSION,
    Add,
    AddTo,
    Discard,
    Discarded,
    Draw,
    Drew,
    Event,
    GameOver,
    IllegalMove,
    Lay,
    Meld,
    MeldView,
    Move,
    PlannedChecks,
    Reason,
    RoundOver,
    RoundResult,
    ScoreLine,
    SidePileWaits,
    TableFileError,
    Take,
    TookPile,
    as_lay,
    because,
    hands_left,
    points,
    require_well_made,
    result_from_json,
    result_to_json,
)
from bot.games.cards import ACE, JOKER_RANK, Card, deck_106, parse_cards, round_rng, sort_key
from bot.games.melds import MOR_MELDS, could_add, extend_with, find_melds, meld_with
from bot.games.melds import Meld as MeldShape
from bot.games.rummy import (
    RummyView,
    TableMeld,
    place_lay,
    play_lay,
    public_event,
    read_header,
    read_options,
    read_position,
    take_side_pile,
    text_cards,
    uses_any,
)

HAND_SIZE = 11
MOR_SIZE = 11
TARGETS = {"quick": 101, "full": 201}
PEARLS = {"quick": 50, "full": 80}
BIG_WIN_MARGIN = 80
BIG_WIN_BONUS = 30  # (decision) RULES.md section 1
CLOSE_BONUS = 20  # 10 points, in halves
NO_MOR_PENALTY = 20  # 10 points, in halves


def card_halves(card: Card) -> int:
    """Card values in half-points: 3-6 = ½, 7-K = 1, A, 2 and joker = 1½."""
    if card.rank in (JOKER_RANK, ACE, 2):
        return 3
    return 1 if card.rank <= 6 else 2


def project_value(meld: MeldShape) -> int | None:
    """The project a meld is now (100, 150, 200, 300) or None under 7 cards."""
    if len(meld.cards) < 7:
        return None
    if meld.kind == "set":
        return 300 if meld.is_clean else 150
    return 200 if meld.is_clean else 100


def can_close_with(projects: list[int]) -> bool:
    """A 300, or a 200 plus at least one other project (three 100s or two 150s are not enough)."""
    return 300 in projects or (200 in projects and len(projects) >= 2)


def meter(projects: list[int]) -> Reason:
    """The team's project meter, for the table's words: "200 + 100 ✓" or what is still needed
    ("200: needs one more project"). ``projects`` is the sum as the table shows it, in digits."""
    shown = " + ".join(str(p) for p in sorted(projects, reverse=True))
    if can_close_with(projects):
        return because("mor.meter.ready", projects=shown)
    if 200 in projects:
        return because("mor.meter.one_more", projects=shown)
    if shown:
        return because("mor.meter.needs", projects=shown)
    return because("mor.meter.none")


# A score sheet's lines (ScoreLine.label): catalogue keys, plain strings, so a stored result
# stays JSON; the picture and the terminal word them in the reader's language.
PROJECT_LINES = {p: f"mor.line.project_{p}" for p in (100, 150, 200, 300)}


@dataclass(frozen=True)
class MorView(RummyView):
    """What one seat may see of a Mor table."""

    target: int
    meters: tuple[Reason, ...]  # per team: its project meter (``meter``), worded by the reader
    mor_waiting: tuple[int, ...]
    hands_left: tuple[tuple[Card, ...], ...] = ()  # every hand, once the round is over
    # Facts of the game, not of the position: play goes counter-clockwise (seed page 001).
    counter_clockwise: ClassVar[bool] = True


# A table's options when none are given: the one default of Discord's /table new and the
# terminal client alike.
DEFAULT_PLAYERS = 4
DEFAULT_LENGTH = "full"


class Mor(PlannedChecks):
    """A whole game of Mor: rounds until a team reaches the target."""

    game: ClassVar[str] = "mor"
    low_score_wins: ClassVar[bool] = False

    def __init__(self, options: Mapping[str, Any], seed: int | str) -> None:
        players = options.get("players", DEFAULT_PLAYERS)
        length = options.get("length", DEFAULT_LENGTH)
        if isinstance(players, bool) or players not in (2, 4):
            raise TableFileError("Mor is played by 4 players (2 vs 2) or 2 (1 vs 1).")
        if not isinstance(length, str) or length not in TARGETS:
            raise TableFileError("Mor's length is “quick” (101) or “full” (201).")
        self.options: dict[str, Any] = {"players": players, "length": length}
        self.n_seats: int = players
        self.seed = seed
        self.header: dict[str, Any] = {}
        self.moves: list[dict[str, Any]] = []
        self.round_no = 0
        self.dealer = 0
        self.totals = [0, 0]  # per team, in halves
        self.history: list[dict[str, Any]] = []
        self.hands: list[list[Card]] = []
        self.stock: list[Card] = []  # top last
        self.discard: list[Card] = []
        self.melds: dict[int, TableMeld] = {}
        self.next_id = 1
        self.mors: list[list[Card]] = [[], []]
        self.mor_taken = [False, False]  # counts as taken from the emptying throw on
        self.mor_waiting: list[int] = []  # seats that take their team's Mor at their next turn
        self._turn: int | None = 0
        self.phase = "play"
        self.must_lay: list[Card] = []
        self.just_drawn: list[Card] = []
        self.stock_out = False
        self.result: RoundResult | None = None
        self.winners: list[int] = []
        self.finished = False
        self.last_events: list[Event] = []

    # ------------------------------------------------------------ set-up

    @classmethod
    def new(cls, options: Mapping[str, Any] | None = None, seed: int | str = 0) -> Mor:
        return cls.from_table_file({"game": "mor", "options": dict(options or {}), "seed": seed})

    @classmethod
    def from_table_file(cls, data: Mapping[str, Any]) -> Mor:
        options = read_options(data)
        game = cls(options, data.get("seed", 0))
        seed, dealer, totals = read_header(data, game.n_seats)
        game.seed = seed
        game.dealer = dealer
        game.totals = [round(totals[t] * 2) for t in range(2)]
        game.header = {
            "game": "mor",
            "rules_version": RULES_VERSION,
            "options": game.options,
            "seed": seed,
            "dealer": dealer,
            "totals": [points(t) for t in totals],
        }
        if data.get("position") is not None:
            game.header["position"] = copy.deepcopy(data["position"])
            game._set_position(data["position"])
        else:
            game._deal()
        return game

    def _deal(self) -> None:
        deck = deck_106()
        round_rng(self.seed, self.round_no, "deal").shuffle(deck)
        n = self.n_seats
        starter = (self.dealer + 1) % n
        self._reset_round()
        self.hands = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(n)]
        rest = deck[n * HAND_SIZE :]
        self.hands[starter].append(rest.pop(0))  # the starter's 12th card
        self.mors = [rest[:MOR_SIZE], rest[MOR_SIZE : 2 * MOR_SIZE]]
        self.stock = list(reversed(rest[2 * MOR_SIZE :]))
        # The starter opens the discard pile by throwing without drawing (and may meld first).
        self._turn, self.phase = starter, "play"

    def _reset_round(self) -> None:
        self.melds, self.next_id, self.discard = {}, 1, []
        self.mor_taken, self.mor_waiting = [False, False], []
        self.must_lay, self.just_drawn, self.stock_out = [], [], False
        self.result, self.last_events = None, []

    def _set_position(self, raw: Any) -> None:
        self._reset_round()
        pos = read_position(
            raw,
            n_seats=self.n_seats,
            deck=deck_106(),
            meld_rules=lambda _seat: MOR_MELDS,
            side_piles=2,
            side_size=MOR_SIZE,
            rng=round_rng(self.seed, self.round_no, "position"),
        )
        self.hands = pos.hands
        self.melds = {m.id: m for m in pos.melds}
        self.next_id = len(pos.melds) + 1
        self.stock = list(reversed(pos.stock))
        self.discard = pos.discard
        self.mors = pos.side
        self.mor_taken = list(pos.side_taken)
        starter = (self.dealer + 1) % self.n_seats
        self._turn = starter if pos.turn is None else pos.turn
        default_phase = "play" if self._turn == starter and not self.discard else "draw"
        self.phase = pos.phase or default_phase
        if self.phase == "draw":
            self._begin_turn(self._turn, [])

    # ------------------------------------------------------------ basics

    def team(self, seat: int) -> int:
        return seat % 2

    def team_seats(self, team: int) -> list[int]:
        return [s for s in range(self.n_seats) if s % 2 == team]

    @property
    def turn(self) -> int | None:
        return None if self.round_over else self._turn

    @property
    def round_over(self) -> bool:
        return self.result is not None

    @property
    def game_over(self) -> bool:
        return self.finished

    @property
    def target(self) -> int:
        return TARGETS[self.options["length"]]

    def team_projects(self, team: int) -> list[int]:
        out = []
        for m in self.melds.values():
            if self.team(m.seat) == team:
                value = project_value(m.meld)
                if value:
                    out.append(value)
        return out

    # ------------------------------------------------------------ checks

    def _common(self, seat: int) -> None:
        if self.finished:
            raise IllegalMove(because("game.over"))
        if self.round_over:
            raise IllegalMove(because("game.round_over"))
        if not 0 <= seat < self.n_seats:
            raise IllegalMove(because("game.not_seated"))
        if seat != self._turn:
            raise IllegalMove(because("game.not_your_turn"))

    def _plan(self, seat: int, move: Move) -> Any:
        """Check ``move`` fully and return what ``apply`` needs; raise IllegalMove."""
        require_well_made(move)
        self._common(seat)
        if isinstance(move, Draw):
            if self.phase != "draw":
                raise IllegalMove(self._already_drawn(seat))
            if not self.stock:
                raise IllegalMove(because("game.stock_empty"))
            return None
        if isinstance(move, Take):
            if self.phase != "draw":
                raise IllegalMove(self._already_drawn(seat))
            return self._check_take(seat)
        if isinstance(move, Meld | Add | Lay):
            if self.phase != "play":
                raise IllegalMove(because("game.draw_or_take_pile_first"))
            return self._check_lay(seat, as_lay(move))
        if isinstance(move, Discard):
            if self.phase != "play":
                raise IllegalMove(because("game.draw_or_take_pile_first"))
            return self._check_discard(seat, move.card)
        raise IllegalMove(because("mor.unknown_move", do=move.do))

    def _already_drawn(self, seat: int) -> Reason:
        # The opening turn of any round: nothing thrown yet and nothing drawn or taken.
        if not self.discard and not self.just_drawn and seat == (self.dealer + 1) % self.n_seats:
            return because("game.starter_throws")
        return because("game.already_drawn")

    def _check_take(self, seat: int) -> None:
        if not self.discard:
            raise IllegalMove(because("game.discard_empty"))
        team = self.team(seat)
        team_melds = [m for m in self.melds.values() if self.team(m.seat) == team]
        if not team_melds:
            raise IllegalMove(because("mor.take_no_meld"))
        # Some card of the pile must be layable at once -- with cards from the hand or on a team
        # meld -- by a lay this player could then really make (see _leftover_problem).
        hand_after = self.hands[seat] + self.discard
        for lay in self._pile_lays(seat, self.hands[seat], self.discard):
            try:
                self._lay_outcome(seat, lay, hand_after)
                return
            except IllegalMove:
                continue
        raise IllegalMove(because("mor.take_nothing_layable"))

    def _pile_lays(self, seat: int, hand: list[Card], pile: list[Card]) -> list[Lay]:
        """Small lays that use one card of ``pile``: a new meld with hand cards, or an addition
        to a team meld, on its own or with the hand cards that lead up to it."""
        team = self.team(seat)
        out: list[Lay] = []
        for card in sorted(set(pile), key=sort_key):
            found = meld_with(card, hand, MOR_MELDS)
            if found:
                out.append(Lay(melds=(found,)))
            for m in self.melds.values():
                if self.team(m.seat) != team:
                    continue
                if could_add(m.meld, card, MOR_MELDS):
                    out.append(Lay(adds=(AddTo(m.id, (card,)),)))
                for group in extend_with(card, hand, m.meld, MOR_MELDS):
                    out.append(Lay(adds=(AddTo(m.id, group),)))
        return out

    def _may_add(self, seat: int, target: TableMeld) -> Reason | None:
        if self.team(target.seat) != self.team(seat):
            return because("mor.add_own_team")
        return None

    def _check_lay(self, seat: int, lay: Lay) -> Any:
        return self._lay_outcome(seat, lay, self.hands[seat])

    def _lay_outcome(self, seat: int, lay: Lay, hand: list[Card]) -> Any:
        outcome = play_lay(hand, self.melds, lay, MOR_MELDS, lambda m: self._may_add(seat, m))
        if self.must_lay and not uses_any(outcome.laid, self.must_lay):
            taken = " ".join(sorted({str(c) for c in self.must_lay}))
            raise IllegalMove(because("mor.lay_must_use_taken", cards=taken))
        problem = self._leftover_problem(seat, outcome)
        if problem:
            raise IllegalMove(problem)
        return outcome

    def _leftover_problem(self, seat: int, outcome: Any) -> Reason | None:
        """Once the team has its Mor the hand empties only by closing, so a lay may not leave the
        player with no card, nor with one card they could not throw (that would be a dead end)."""
        team = self.team(seat)
        if not self.mor_taken[team] or len(outcome.hand) > 1:
            return None
        if not outcome.hand:
            return because("mor.keep_a_card")
        projects = [
            p
            for p in (
                project_value(outcome.changed.get(m.id, m.meld))
                for m in self.melds.values()
                if self.team(m.seat) == team
            )
            if p
        ] + [p for p in (project_value(m) for m in outcome.new) if p]
        if can_close_with(projects):
            return None
        return because("mor.keep_two_cards")

    def _check_discard(self, seat: int, card: Card) -> bool:
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalMove(because("game.card_not_held", card=str(card)))
        if self.must_lay:
            taken = " ".join(sorted({str(c) for c in self.must_lay}))
            raise IllegalMove(because("mor.lay_taken_first", cards=taken))
        if len(hand) > 1:
            return False
        team = self.team(seat)
        if not self.mor_taken[team]:
            return False  # the Mor waits for this seat's next turn
        if not can_close_with(self.team_projects(team)):
            raise IllegalMove(because("mor.cannot_close"))
        return True  # closing

    # ------------------------------------------------------------ playing

    def apply(self, seat: int, move: Move) -> list[Event]:
        plan = self._plan(seat, move)
        events: list[Event] = []
        if isinstance(move, Draw):
            card = self.stock.pop()
            self.hands[seat].append(card)
            self.just_drawn = [card]
            self.phase = "play"
            if not self.stock:
                self.stock_out = True  # the round ends at the end of this turn
            events.append(Drew(seat, card))
        elif isinstance(move, Take):
            taken = self.discard
            self.discard = []
            self.hands[seat].extend(taken)
            self.must_lay = list(taken)
            self.just_drawn = list(taken)
            self.phase = "play"
            events.append(TookPile(seat, tuple(taken)))
        elif isinstance(move, Meld | Add | Lay):
            self._do_lay(seat, plan, events)
        elif isinstance(move, Discard):
            self._do_discard(seat, move.card, closing=plan, events=events)
        self.moves.append({"seat": seat, **move.to_dict()})
        self.last_events = events
        return events

    def _do_lay(self, seat: int, outcome: Any, events: list[Event]) -> None:
        self.hands[seat] = outcome.hand
        self.next_id = place_lay(self.melds, self.next_id, seat, outcome, events)
        if self.must_lay and uses_any(outcome.laid, self.must_lay):
            self.must_lay = []
        if not self.hands[seat]:
            self._take_mor(seat, events)

    def _take_mor(self, seat: int, events: list[Event]) -> None:
        self.just_drawn = take_side_pile(
            seat, self.team(seat), self.hands, self.mors, self.mor_taken, events
        )

    def _do_discard(self, seat: int, card: Card, closing: bool, events: list[Event]) -> None:
        self.hands[seat].remove(card)
        self.discard.append(card)
        events.append(Discarded(seat, card))
        if closing:
            self._end_round("closed", closer=seat, events=events)
            return
        if not self.hands[seat]:
            team = self.team(seat)
            self.mor_taken[team] = True  # the team counts as having taken it from this throw on
            self.mor_waiting.append(seat)
            events.append(SidePileWaits(seat))
        if self.stock_out:
            self._end_round("stock_out", closer=None, events=events)
            return
        self._begin_turn((seat + 1) % self.n_seats, events)

    def _begin_turn(self, seat: int | None, events: list[Event]) -> None:
        assert seat is not None
        self._turn = seat
        self.phase = "draw"
        self.must_lay = []
        self.just_drawn = []
        if seat in self.mor_waiting:
            self.mor_waiting.remove(seat)
            self._take_mor(seat, events)

    # ------------------------------------------------------------ scoring

    def _end_round(self, reason: str, closer: int | None, events: list[Event]) -> None:
        scores = [0, 0]
        lines: list[ScoreLine] = []
        for team in range(2):
            rep = self.team_seats(team)[0]
            team_melds = [m for m in self.melds.values() if self.team(m.seat) == team]
            melded = sum(card_halves(c) for m in team_melds for c in m.meld.cards)
            projects = [p for p in (project_value(m.meld) for m in team_melds) if p]
            project_halves = sum(p // 5 for p in projects)  # a project adds a tenth: 200 -> 20
            in_hand = sum(card_halves(c) for s in self.team_seats(team) for c in self.hands[s])
            close = CLOSE_BONUS if closer is not None and self.team(closer) == team else 0
            no_mor = 0 if self.mor_taken[team] else NO_MOR_PENALTY
            scores[team] = melded + project_halves + close - in_hand - no_mor
            lines.append(ScoreLine(rep, "core.line.cards_in_melds", melded / 2))
            for p in sorted(projects, reverse=True):
                lines.append(ScoreLine(rep, PROJECT_LINES[p], p / 10))
            if close:
                lines.append(ScoreLine(rep, "mor.line.closed", close / 2))
            lines.append(ScoreLine(rep, "core.line.cards_left", -in_hand / 2))
            if no_mor:
                lines.append(ScoreLine(rep, "mor.line.no_mor", -no_mor / 2))
        for team in range(2):
            self.totals[team] += scores[team]
        per_seat = tuple(scores[self.team(s)] / 2 for s in range(self.n_seats))
        self.result = RoundResult(per_seat, reason, closer, tuple(lines))
        self.history.append(
            {"round": self.round_no, "scores": [points(s / 2) for s in scores], "reason": reason}
        )
        events.append(RoundOver(closer, self.result))
        self._turn = None
        target = 2 * self.target
        if max(self.totals) >= target and self.totals[0] != self.totals[1]:
            best = 0 if self.totals[0] > self.totals[1] else 1
            self.winners = self.team_seats(best)
            self.finished = True
            events.append(GameOver(None, tuple(self.winners)))

    def next_round(self) -> list[Event]:
        if self.finished:
            raise IllegalMove(because("game.over"))
        if not self.round_over:
            raise IllegalMove(because("game.round_playing"))
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.n_seats
        self._deal()
        self.moves.append({"do": "next_round"})
        return []

    def pearls(self) -> dict[int, int]:
        """Pearls for each winner once the game is over (RULES.md section 1)."""
        if not self.finished:
            return {}
        margin = abs(self.totals[0] - self.totals[1]) / 2
        award = PEARLS[self.options["length"]] + (BIG_WIN_BONUS if margin >= BIG_WIN_MARGIN else 0)
        return {s: award for s in self.winners}

    # ------------------------------------------------------------ moves for computer players

    def legal_moves(self, seat: int) -> list[Move]:
        """Every draw, take and discard that is legal, and a useful set of lays."""
        if self.round_over or seat != self._turn:
            return []
        if self.phase == "draw":
            return [m for m in (Draw(), Take()) if self.can(seat, m)]
        out: list[Move] = []
        hand = self.hands[seat]
        if self.must_lay:
            rest = list(hand)
            for c in self.must_lay:
                rest.remove(c)
            for lay in self._pile_lays(seat, rest, self.must_lay):
                if self.can(seat, lay):
                    out.append(lay)
        for meld in find_melds(hand, MOR_MELDS):
            move = Meld(meld.cards)
            if self.can(seat, move):
                out.append(move)
        team = self.team(seat)
        for m in self.melds.values():
            if self.team(m.seat) != team:
                continue
            for card in sorted(set(hand), key=sort_key):
                if not could_add(m.meld, card, MOR_MELDS):
                    continue
                move = Add(m.id, (card,))
                if self.can(seat, move):
                    out.append(move)
        for card in sorted(set(hand), key=sort_key):
            move = Discard(card)
            if self.can(seat, move):
                out.append(move)
        return out

    # ------------------------------------------------------------ views and data

    def meld_view(self, m: TableMeld) -> MeldView:
        return _meld_view(m.id, m.seat, self.team(m.seat), m.meld)

    def view(self, seat: int) -> MorView:
        own = 0 <= seat < self.n_seats
        return MorView(
            game="mor",
            seat=seat,
            n_seats=self.n_seats,
            hand=tuple(sorted(self.hands[seat], key=sort_key)) if own else (),
            hand_counts=tuple(len(h) for h in self.hands),
            turn=self.turn,
            phase=self.phase,
            dealer=self.dealer,
            round_no=self.round_no,
            totals=tuple(self.totals[self.team(s)] / 2 for s in range(self.n_seats)),
            round_over=self.round_over,
            game_over=self.finished,
            winners=tuple(self.winners),
            result=self.result,
            last_events=tuple(self._public(e, seat) for e in self.last_events),
            melds=tuple(self.meld_view(m) for m in self.melds.values()),
            discard=tuple(self.discard),
            stock_count=len(self.stock),
            side_piles=tuple(len(p) for p in self.mors),
            side_taken=tuple(self.mor_taken),
            sides=tuple(self.team(s) for s in range(self.n_seats)),
            just_drawn=tuple(self.just_drawn) if own and seat == self._turn else (),
            must_lay=tuple(self.must_lay) if seat == self._turn else (),
            target=self.target,
            meters=tuple(meter(self.team_projects(t)) for t in range(2)),
            mor_waiting=tuple(self.mor_waiting),
            hands_left=hands_left(self.hands, self.round_over, sort_key),
        )

    @staticmethod
    def _public(event: Event, seat: int) -> Event:
        """Hide a drawn card from everyone but the drawer."""
        return public_event(event, seat)

    @property
    def record(self) -> dict[str, Any]:
        return {**copy.deepcopy(self.header), "moves": copy.deepcopy(self.moves)}

    def scenario_state(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "hands": [text_cards(h) for h in self.hands],
            "stock": len(self.stock),
            "discard": text_cards(self.discard),
            "melds": [
                {
                    "id": m.id,
                    "seat": m.seat,
                    "cards": text_cards(m.meld.cards),
                    "project": project_value(m.meld),
                    "biriba": None,
                }
                for m in self.melds.values()
            ],
            "side_taken": list(self.mor_taken),
            "side": [len(p) for p in self.mors],
            "mor_waiting": list(self.mor_waiting),
            "must_lay": text_cards(self.must_lay),
            "solo": None,
            "dealer": self.dealer,
            "round_over": self.round_over,
            "round_scores": [points(s) for s in self.result.scores] if self.result else None,
            "totals": [points(self.totals[self.team(s)] / 2) for s in range(self.n_seats)],
            "game_over": self.finished,
            "winners": list(self.winners),
            "pearls": {str(k): v for k, v in self.pearls().items()},
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "mor",
            "header": copy.deepcopy(self.header),
            "moves": copy.deepcopy(self.moves),
            "round_no": self.round_no,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "history": copy.deepcopy(self.history),
            "hands": [text_cards(h) for h in self.hands],
            "stock": text_cards(self.stock),
            "discard": text_cards(self.discard),
            "melds": [m.to_json() for m in self.melds.values()],
            "next_id": self.next_id,
            "mors": [text_cards(p) for p in self.mors],
            "mor_taken": list(self.mor_taken),
            "mor_waiting": list(self.mor_waiting),
            "turn": self._turn,
            "phase": self.phase,
            "must_lay": text_cards(self.must_lay),
            "just_drawn": text_cards(self.just_drawn),
            "stock_out": self.stock_out,
            "result": result_to_json(self.result),
            "winners": list(self.winners),
            "finished": self.finished,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Mor:
        header = d["header"]
        game = cls(header.get("options", {}), header.get("seed", 0))
        game.header = copy.deepcopy(header)
        game.moves = copy.deepcopy(d["moves"])
        game.round_no, game.dealer = d["round_no"], d["dealer"]
        game.totals = list(d["totals"])
        game.history = copy.deepcopy(d["history"])
        game.hands = [parse_cards(h) for h in d["hands"]]
        game.stock, game.discard = parse_cards(d["stock"]), parse_cards(d["discard"])
        melds = [TableMeld.from_json(m) for m in d["melds"]]
        game.melds = {m.id: m for m in melds}
        game.next_id = d["next_id"]
        game.mors = [parse_cards(p) for p in d["mors"]]
        game.mor_taken, game.mor_waiting = list(d["mor_taken"]), list(d["mor_waiting"])
        game._turn, game.phase = d["turn"], d["phase"]
        game.must_lay, game.just_drawn = parse_cards(d["must_lay"]), parse_cards(d["just_drawn"])
        game.stock_out = d["stock_out"]
        game.result = result_from_json(d["result"])
        game.winners, game.finished = list(d["winners"]), d["finished"]
        return game


ENGINE = Mor


# A view lists every table meld at every turn, and computer players' playouts ask for views
# thousands of times a decision: a meld's view is made once (melds and views are immutable).
@lru_cache(maxsize=50_000)
def _meld_view(meld_id: int, seat: int, team: int, meld: MeldShape) -> MeldView:
    wilds = tuple((i, meld.stands_for(i)) for i in meld.wild_indexes())
    return MeldView(meld_id, seat, team, meld.kind, meld.cards, wilds, project_value(meld))
