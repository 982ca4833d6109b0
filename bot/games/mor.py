"""Mor (specification §1): 2 vs 2 (partners opposite) or 1 vs 1, Quick (101) or Full (201).

Scores are kept in half-points (integers) so that a 3 worth ½ never becomes a float; they are shown
as points (``points()``) only at the edges.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, ClassVar

from bot.games.base import (
    LAYING,
    AddTo,
    Discard,
    Draw,
    Event,
    IllegalMove,
    Lay,
    Meld,
    MeldKind,
    MeldView,
    Move,
    Phase,
    Reason,
    RoundEnd,
    RoundResult,
    ScoreLine,
    TableFileError,
    Take,
    as_lay,
    because,
    points,
    require_well_made,
)
from bot.games.cards import ACE, JOKER_RANK, Card, per_card, sort_key, text_cards
from bot.games.lays import TableMeld, adds_alone, play_lay, uses_any
from bot.games.meld_search import extend_with, find_melds, meld_across, meld_with
from bot.games.melds import MOR_MELDS, MeldRules, single_adds
from bot.games.melds import Meld as MeldShape
from bot.games.rummy import CARD_PILES, LIST, Glance, RummyView, SidePileGame

HAND_SIZE = 11
MOR_SIZE = 11
TARGETS = {"quick": 101, "full": 201}
_TEAMS = (0, 1, 0, 1)  # each seat's team, at a table of two or four
PEARLS = {"quick": 50, "full": 80}
BIG_WIN_MARGIN = 80
BIG_WIN_BONUS = 30  # (decision) specification §1
CLOSE_BONUS = 20  # 10 points, in halves
NO_MOR_PENALTY = 20  # 10 points, in halves


def _card_halves(card: Card) -> int:
    """Card values in half-points: 3-6 = ½, 7-K = 1, A, 2 and joker = 1½."""
    if card.rank in (JOKER_RANK, ACE, 2):
        return 3
    return 1 if card.rank <= 6 else 2


card_halves = per_card(_card_halves)  # scored for every card at every playout's end


def offered_melds(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The new melds among a computer player's candidates (``Mor._lay_candidates``), each as
    its move lists its cards: ``find_melds``'s few. A member's menu lists every meld the hand
    holds (``legal_moves``); ``bot.ai`` sets the others aside by this list."""
    return [meld.cards for meld in find_melds(hand, MOR_MELDS)]


def project_value(meld: MeldShape) -> int | None:
    """The project a meld is now (100, 150, 200, 300) or None under 7 cards."""
    if len(meld.cards) < 7:
        return None
    if meld.kind == MeldKind.SET:
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


class Mor(SidePileGame):
    """A whole game of Mor: rounds until a team reaches the target."""

    game: ClassVar[str] = "mor"
    meld_project = staticmethod(project_value)
    OWN_STATE = (("mors", CARD_PILES), ("mor_taken", LIST), ("mor_waiting", LIST))

    def __init__(self, options: Mapping[str, Any], seed: int | str) -> None:
        super().__init__(options, seed)
        self.totals = [0, 0]  # per team, in halves
        self.mors: list[list[Card]] = [[], []]
        self.mor_taken = [False, False]  # counts as taken from the emptying throw on
        self.mor_waiting: list[int] = []  # seats that take their team's Mor at their next turn

    # ------------------------------------------------------------ set-up

    def _read_options(self, options: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
        players = options.get("players", DEFAULT_PLAYERS)
        length = options.get("length", DEFAULT_LENGTH)
        if isinstance(players, bool) or players not in (2, 4):
            raise TableFileError("Mor is played by 4 players (2 vs 2) or 2 (1 vs 1).")
        if not isinstance(length, str) or length not in TARGETS:
            raise TableFileError("Mor's length is “quick” (101) or “full” (201).")
        return {"players": players, "length": length}, players

    def _set_totals(self, totals: list[float]) -> list[float | int]:
        self.totals = [round(totals[t] * 2) for t in range(2)]
        return [points(t) for t in totals]

    def _deal(self) -> None:
        self._reset_round()
        rest = self._deal_hands(self._shuffled_deck(), HAND_SIZE, self.starter)
        self.mors = [rest[:MOR_SIZE], rest[MOR_SIZE : 2 * MOR_SIZE]]
        self.stock = list(reversed(rest[2 * MOR_SIZE :]))
        # The starter opens the discard pile by throwing without drawing (and may meld first).
        self._turn, self.phase = self.starter, Phase.PLAY

    def _reset_round(self) -> None:
        super()._reset_round()
        self.mor_taken, self.mor_waiting = [False, False], []

    def _set_position(self, raw: Any) -> None:
        pos = self._read_position(raw, lambda _seat: MOR_MELDS, 2, MOR_SIZE)
        self.mors = pos.side
        self.mor_taken = list(pos.side_taken)
        starter = self.starter
        self._turn = starter if pos.turn is None else pos.turn
        default_phase = Phase.PLAY if self._turn == starter and not self.discard else Phase.DRAW
        self.phase = pos.phase or default_phase
        # A table laid out after the draw with an empty stock: that draw took its last card, so
        # the round ends with this turn's throw (specification §0), as in Hand.
        self.stock_out = not self.stock and self.phase == Phase.PLAY
        if self.phase == Phase.DRAW:
            self._begin_turn(self._turn, [])

    # ------------------------------------------------------------ basics

    def team(self, seat: int) -> int:
        return seat % 2

    side_of = team

    def team_seats(self, team: int) -> list[int]:
        return [s for s in range(self.n_seats) if s % 2 == team]

    @property
    def target(self) -> int:
        return TARGETS[self.options["length"]]

    def projects(self) -> tuple[list[int], list[int]]:
        """Each team's projects on the table, in one look at the meld views (each carries its
        meld's project and side)."""
        out: tuple[list[int], list[int]] = ([], [])
        for v in self._meld_views():
            if v.project:
                out[v.side].append(v.project)
        return out

    _kept_meters: tuple[tuple[MeldView, ...], tuple[Reason, ...]] | None = None

    def _meters(self) -> tuple[Reason, ...]:
        """Each team's project meter, kept while the table's meld views are: every view shows
        the meters, and most turns change no meld."""
        views = self._meld_views()
        if self._kept_meters is None or self._kept_meters[0] is not views:
            self._kept_meters = (views, tuple(map(meter, self.projects())))
        return self._kept_meters[1]

    # ------------------------------------------------------------ checks

    def _plan(self, seat: int, move: Move) -> Any:
        """Check ``move`` fully and return what ``apply`` needs; raise IllegalMove."""
        require_well_made(move)
        self._on_turn(seat)
        if isinstance(move, Draw):
            if self.phase != Phase.DRAW:
                raise IllegalMove(self._already_drawn(seat))
            if not self.stock:
                raise IllegalMove(because("game.stock_empty"))
            return None
        if isinstance(move, Take):
            if self.phase != Phase.DRAW:
                raise IllegalMove(self._already_drawn(seat))
            return self._check_take(seat)
        if isinstance(move, LAYING):
            if self.phase != Phase.PLAY:
                raise IllegalMove(because("game.draw_or_take_pile_first"))
            return self._check_lay(seat, as_lay(move))
        if isinstance(move, Discard):
            if self.phase != Phase.PLAY:
                raise IllegalMove(because("game.draw_or_take_pile_first"))
            return self._check_discard(seat, move.card)
        raise IllegalMove(because("mor.unknown_move", do=move.do))

    def _already_drawn(self, seat: int) -> Reason:
        # The opening turn of any round: nothing thrown yet and nothing drawn or taken.
        if not self.discard and not self.just_drawn and seat == self.starter:
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

    def _pile_lays(self, seat: int, hand: list[Card], pile: list[Card]) -> Iterator[Lay]:
        """Small lays that use a card of ``pile`` (RULES.md §1: a new meld with hand cards, or an
        addition to a team meld; a meld of pile cards alone does not count): first those of one
        pile card (``_lays_with_hand``), then the new melds of pile cards with at least one hand
        card (``_melds_across``), which cost the most to look for. One at a time: a take check
        stops at the first that works, and the search for the rest is most of the check's cost."""
        yield from self._lays_with_hand(seat, hand, pile)
        yield from self._melds_across(hand, pile)

    def _lays_with_hand(self, seat: int, hand: list[Card], pile: list[Card]) -> Iterator[Lay]:
        """A card of ``pile`` in a new meld with hand cards, or added to a team meld on its own
        or with the hand cards that lead up to it."""
        team = self.team(seat)
        for card in sorted(set(pile), key=sort_key):
            found = meld_with(card, hand, MOR_MELDS)
            if found:
                yield Lay(melds=(found,))
            for m in self.melds.values():
                if self.team(m.seat) != team:
                    continue
                if card in single_adds(m.meld, MOR_MELDS):
                    yield Lay(adds=(AddTo(m.id, (card,)),))
                for group in extend_with(card, hand, m.meld, MOR_MELDS):
                    yield Lay(adds=(AddTo(m.id, group),))

    def _melds_across(self, hand: list[Card], pile: list[Card]) -> Iterator[Lay]:
        """New melds of a card of ``pile`` with other pile cards and at least one hand card (two
        pile cards and a hand card, say)."""
        for card in sorted(set(pile), key=sort_key):
            others = list(pile)
            others.remove(card)
            found = meld_across(card, hand, others, MOR_MELDS)
            if found:
                yield Lay(melds=(found,))

    def new_meld_rules(self, seat: int) -> MeldRules:
        return MOR_MELDS

    def _may_add(self, seat: int, target: TableMeld) -> Reason | None:
        if self.team(target.seat) != self.team(seat):
            return because("mor.add_own_team")
        return None

    def _check_lay(self, seat: int, lay: Lay) -> Any:
        return self._lay_outcome(seat, lay, self.hands[seat])

    def _lay_outcome(self, seat: int, lay: Lay, hand: list[Card]) -> Any:
        outcome = play_lay(hand, self.melds, lay, MOR_MELDS, lambda m: self._may_add(seat, m))
        if self.must_lay and not uses_any(outcome.laid, self.must_lay):
            taken = " ".join(sorted({c.pretty for c in self.must_lay}))
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

    def _lay_taken_first(self) -> Reason:
        taken = " ".join(sorted({c.pretty for c in self.must_lay}))
        return because("mor.lay_taken_first", cards=taken)

    def _last_throw(self, seat: int) -> bool:
        team = self.team(seat)
        if not self.mor_taken[team]:
            return False  # the Mor waits for this seat's next turn
        if not can_close_with(self.projects()[team]):
            raise IllegalMove(because("mor.cannot_close"))
        return True  # closing

    # ------------------------------------------------------------ playing

    def _play(self, seat: int, move: Move, plan: Any, events: list[Event]) -> None:
        if isinstance(move, Draw):
            self._draw(seat, events)
            if not self.stock:
                self.stock_out = True  # the round ends at the end of this turn
        elif isinstance(move, Take):
            self.must_lay = list(self._take_pile(seat, events))  # a lay must use one of them
        elif isinstance(move, LAYING):
            self._place(seat, plan, events)
            if not self.hands[seat]:
                self._take_side_pile(seat, events)
        elif isinstance(move, Discard):
            self._do_discard(seat, move.card, closing=plan, events=events)

    def _side_piles(self) -> tuple[list[list[Card]], list[bool], list[int]]:
        return self.mors, self.mor_taken, self.mor_waiting

    def _do_discard(self, seat: int, card: Card, closing: bool, events: list[Event]) -> None:
        self._throw(seat, card, events)
        if closing:
            self._end_round(RoundEnd.CLOSED, closer=seat, events=events)
            return
        if not self.hands[seat]:
            self._emptied_by_throw(seat, events)
        if self.stock_out:
            self._end_round(RoundEnd.STOCK_OUT, closer=None, events=events)
            return
        self._begin_turn((seat + 1) % self.n_seats, events)

    # ------------------------------------------------------------ scoring

    def round_scores(self, closer: int | None = None) -> tuple[list[int], list[ScoreLine]]:
        """Each team's score for the round as it stands, in halves, with its score lines
        (specification §1, Scoring): the round's end scores it."""
        lines: list[ScoreLine] = []
        return self._score(closer, lines), lines

    def scores_now(self) -> list[int]:
        """``round_scores`` without the lines, as if the round ended now: ``hard``'s cut-short
        playouts read the scores at every playout's end, where the score sheet goes unread."""
        return self._score(None, None)

    def _score(self, closer: int | None, lines: list[ScoreLine] | None) -> list[int]:
        """Each team's score for the round, in halves; its lines go to ``lines`` if given."""
        scores = [0, 0]
        for team in range(2):
            rep = self.team_seats(team)[0]
            team_melds = [m for m in self.melds.values() if self.team(m.seat) == team]
            # Counted in C (``card_halves`` is a lookup): every playout of the search ends here.
            melded = sum(map(card_halves, chain.from_iterable(m.meld.cards for m in team_melds)))
            projects = [p for p in (project_value(m.meld) for m in team_melds) if p]
            project_halves = sum(p // 5 for p in projects)  # a project adds a tenth: 200 -> 20
            in_hand = sum(
                map(card_halves, chain.from_iterable(self.hands[s] for s in self.team_seats(team)))
            )
            close = CLOSE_BONUS if closer is not None and self.team(closer) == team else 0
            no_mor = 0 if self.mor_taken[team] else NO_MOR_PENALTY
            scores[team] = melded + project_halves + close - in_hand - no_mor
            if lines is None:
                continue
            lines.append(ScoreLine(rep, "core.line.cards_in_melds", melded / 2))
            for p in sorted(projects, reverse=True):
                lines.append(ScoreLine(rep, PROJECT_LINES[p], p / 10))
            if close:
                lines.append(ScoreLine(rep, "mor.line.closed", close / 2))
            lines.append(ScoreLine(rep, "core.line.cards_left", -in_hand / 2))
            if no_mor:
                lines.append(ScoreLine(rep, "mor.line.no_mor", -no_mor / 2))
        return scores

    def _end_round(self, reason: RoundEnd, closer: int | None, events: list[Event]) -> None:
        scores, lines = self.round_scores(closer)
        for team in range(2):
            self.totals[team] += scores[team]
        per_seat = tuple(scores[self.team(s)] / 2 for s in range(self.n_seats))
        result = RoundResult(per_seat, reason, closer, tuple(lines))
        shown = [points(s / 2) for s in scores]
        self._round_ends(result, {"scores": shown, "reason": reason}, events)
        target = 2 * self.target
        if max(self.totals) >= target and self.totals[0] != self.totals[1]:
            best = 0 if self.totals[0] > self.totals[1] else 1
            self._game_ends(self.team_seats(best), events)

    def pearls(self) -> dict[int, int]:
        """Pearls for each winner once the game is over (specification §1)."""
        if not self.finished:
            return {}
        margin = abs(self.totals[0] - self.totals[1]) / 2
        award = PEARLS[self.options["length"]] + (BIG_WIN_BONUS if margin >= BIG_WIN_MARGIN else 0)
        return {s: award for s in self.winners}

    # ------------------------------------------------------------ moves for computer players

    def _lay_candidates(self, seat: int) -> list[Move]:
        out: list[Move] = []
        hand = self.hands[seat]
        rest: list[Card] = []
        if self.must_lay:
            rest = list(hand)
            for c in self.must_lay:
                rest.remove(c)
            out += self._lays_with_hand(seat, rest, self.must_lay)
        out += [Meld(cards) for cards in offered_melds(hand)]
        team = self.team(seat)
        for m in self.melds.values():
            if self.team(m.seat) == team:
                out += adds_alone(m, MOR_MELDS, hand)
        if self.must_lay and not any(
            isinstance(m, LAYING) and uses_any(m.cards, self.must_lay) for m in out
        ):
            # Taken for a meld of pile cards and hand cards that no lay above makes (the hand's
            # melds hold most such: 8S 9S taken to 7S is a run of the hand now).
            out += self._melds_across(rest, self.must_lay)
        return out

    # ------------------------------------------------------------ views and data

    def view(self, seat: int) -> MorView:
        return self._view(
            MorView,
            seat,
            self._seat_totals(),
            side_piles=tuple(len(p) for p in self.mors),
            side_taken=tuple(self.mor_taken),
            sides=self._seat_sides(),
            target=self.target,
            meters=self._meters(),
            mor_waiting=tuple(self.mor_waiting),
        )

    def glance(self, seat: int) -> Glance:
        return self._glance(seat, self._seat_totals(), self._seat_sides(), tuple(self.mor_taken))

    def _seat_totals(self) -> tuple[float, ...]:
        """Each seat's game total in points (its team's)."""
        halves = [total / 2 for total in self.totals]
        return tuple(map(halves.__getitem__, self._seat_sides()))

    def _seat_sides(self) -> tuple[int, ...]:
        # Seats alternate teams; asked at every glance of a playout, so not worked out each time.
        return _TEAMS[: self.n_seats]

    def scenario_state(self) -> dict[str, Any]:
        return {
            **self._scenario_table(),
            "side_taken": list(self.mor_taken),
            "side": [len(p) for p in self.mors],
            "mor_waiting": list(self.mor_waiting),
            "must_lay": text_cards(self.must_lay),
            "solo": None,
            "dealer": self.dealer,
            "round_over": self.round_over,
            "round_scores": [points(s) for s in self.result.scores] if self.result else None,
            "totals": [points(self.totals[self.team(s)] / 2) for s in range(self.n_seats)],
            **self._scenario_end(),
        }


ENGINE = Mor
