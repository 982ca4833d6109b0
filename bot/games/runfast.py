"""Run Fast (specification §4): three players race to empty a 16-card hand; one deal is a game.

The engine follows the contract in ``bot.games.base``. Combinations, what beats what and the
enumeration of plays live in ``bot.games.runfast_combos``; this module holds the table: whose turn,
the trick, must-beat, bomb bonuses and the settlement.

Decisions where the specification (docs/specification.md) is silent (each also marked **(decision)** where the code takes it):

- Three aces are always the ace bomb, never a plain triple.
- Passing does not take a player out of the trick: ``passes`` counts passes since the last play,
  and the trick ends when it reaches 2 (both others passed the top play).
- The 3♥ rule binds the opening leader only when that leader holds 3♥ (a table file may leave 3♥
  out of play); four 3s are the heavenly bomb only as the game's opening play.
- The doubling for "never played a card" applies to the per-card points only, not to the 10s for
  the 2♠ and for bombs still held; four 3s held at the end count as a bomb held.
- A bomb bonus is paid when its trick ends (both others passed it), or at once when the bomb was
  its player's last cards. It counts in the settlement (``round_scores``) and in ``totals`` from
  the moment it is paid.
- Table files: ``trick`` given in a position counts as led (a bomb there earns nothing) and is an
  ordinary play (four 3s there are the lowest ordinary bomb, not the heavenly one).
- Pearls: the winner gets 50 (a one-deal game is a short game, like a Quick Mor game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from bot.games.base import (
    RULES_VERSION,
    Event,
    GameOver,
    IllegalMove,
    Move,
    Pass,
    Passed,
    Phase,
    Play,
    Played,
    Reason,
    RecordHeader,
    RoundEnd,
    RoundOver,
    RoundResult,
    ScoreLine,
    SeatView,
    TableFileError,
    TableFileRecord,
    TrickWon,
    because,
    hands_left,
    move_problem,
    points,
    result_from_json,
    result_to_json,
)
from bot.games.cards import (
    Card,
    check_deck_limits,
    deck_48,
    parse_cards,
    round_rng,
    text_cards,
)
from bot.games.runfast_combos import (
    BOMB_KINDS,
    HEAVENLY,
    PAIRS,
    STRAIGHT,
    THREE_OF_HEARTS,
    TWO_OF_SPADES,
    Combo,
    beats,
    bombs_in,
    can_beat,
    classify,
    describe,
    higher_words,
    kind_words,
    legal_plays,
    play_order,
    pretty,
)
from bot.games.table_file import read_cards, read_options, read_seat, read_seed, read_totals

N_SEATS = 3
HAND_SIZE = 16
BOMB_BONUS = 10  # from each opponent
HELD_PENALTY = 10  # for the 2♠ and for each bomb still in hand
WINNER_PEARLS = 50
_DECK = tuple(deck_48())  # built once: dealing copies it instead of filtering a pack each deal
_POSITION_KEYS = frozenset(
    {"hands", "turn", "phase", "trick", "trick_seat", "passes", "played", "opening"}
)
# The rummies' position fields (docs/table-files.md): a file may carry them empty, which says nothing
# about a Run Fast table, so only a non-empty one is refused.
_RUMMY_KEYS = frozenset({"melds", "stock", "discard", "side", "side_taken", "solo", "opened"})


@dataclass(frozen=True)
class BombBonus(Event):
    """A bomb played over another player's cards held its trick: ``seat`` gets 10 from each."""

    points: int = 2 * BOMB_BONUS


@dataclass(frozen=True)
class RunFastView(SeatView):
    """What one seat may see: its own hand, everybody's card counts, the table and the scores."""

    trick: tuple[Card, ...]
    trick_seat: int | None
    trick_kind: str | None
    passes: int
    played: tuple[bool, ...]
    settlement: tuple[int, ...]  # this deal's points so far (bomb bonuses, then the settlement)
    opening: bool  # the next play is the game's opening play
    must_include: Card | None  # a card this seat must put in its play now (3♥ at the opening)
    played_cards: tuple[Card, ...] = ()  # every card played so far: public, everyone saw them
    # Every play and pass of the deal in order, as (seat, cards), no cards for a pass: public,
    # everyone at the table saw them. From a table file's position on, only what came after it.
    history: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    hands_left: tuple[tuple[Card, ...], ...] = ()  # every hand, once the deal is over
    # Facts of the game, not of the position: play goes counter-clockwise (seed page 002), and
    # the card the game's first play must hold (a public rule, though only its holder's view
    # has it in ``must_include``).
    counter_clockwise: ClassVar[bool] = True
    opening_card: ClassVar[Card] = THREE_OF_HEARTS


def _sorted(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=play_order) if len(cards) > 1 else list(cards)


def _empty(value: Any) -> bool:
    """Nothing placed: null, false, an empty list, or a list of nothing but those."""
    if isinstance(value, list):
        return all(_empty(v) for v in value)
    return value is None or value is False


class RunFast:
    """One game of Run Fast: a single deal among three seats."""

    game: ClassVar[str] = "runfast"
    low_score_wins: ClassVar[bool] = False
    n_seats: int = N_SEATS

    def __init__(
        self,
        seed: int | str,
        totals: Sequence[float],
        hands: Sequence[Sequence[Card]],
        turn: int,
        *,
        trick: Sequence[Card] = (),
        trick_seat: int | None = None,
        passes: int = 0,
        played: Sequence[bool] = (False, False, False),
        opening: bool = True,
        position: dict[str, Any] | None = None,
    ) -> None:
        self.seed = seed
        self.options: dict[str, Any] = {}
        self.start_totals: list[float] = list(totals)
        self.position = position  # the table file's position, kept for the record
        # The first leader (a trick on the table always comes with the seat that played it).
        self.dealer: int = trick_seat if trick and trick_seat is not None else turn
        self.hands: list[list[Card]] = [_sorted(h) for h in hands]
        self.table: list[Card] = _sorted(trick)  # every card played so far, in play order
        self.turn_seat: int | None = turn
        self.trick: tuple[Card, ...] = tuple(self.table)
        self.trick_combo: Combo | None = None
        if trick:
            combo = classify(self.trick)
            assert isinstance(combo, Combo)
            self.trick_combo = combo
        self.trick_seat = trick_seat if trick else None
        self.passes = passes
        self.played = list(played)
        self.opening = opening
        self.bomb_seat: int | None = None  # a bomb played over cards, waiting for its trick to end
        self.settlement = [0] * N_SEATS
        self.lines: list[ScoreLine] = []
        self.winner: int | None = None
        self.result: RoundResult | None = None
        self.moves: list[dict[str, Any]] = []
        self.history: list[tuple[int, tuple[Card, ...]]] = []  # the moves as the view shows them
        self.last_events: list[Event] = []

    # ------------------------------------------------------------ setting up

    @classmethod
    def new(cls, options: Mapping[str, Any] | None = None, seed: int | str = 0) -> RunFast:
        _check_options(options)
        return cls._dealt(seed, [0] * N_SEATS)

    @classmethod
    def _dealt(cls, seed: int | str, totals: Sequence[float]) -> RunFast:
        deck = list(_DECK)
        round_rng(seed, 0).shuffle(deck)
        hands = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(N_SEATS)]
        leader = next(s for s, h in enumerate(hands) if THREE_OF_HEARTS in h)
        return cls(seed, totals, hands, leader)

    @classmethod
    def from_table_file(cls, data: Mapping[str, Any]) -> RunFast:
        if not isinstance(data, Mapping):
            raise TableFileError("The table file must be a JSON object.")
        _check_options(data.get("options"))
        seed = read_seed(data)
        if "dealer" in data:
            # Run Fast has no dealer (the 3♥ leads); a given one is checked, then not used.
            read_seat(data["dealer"], N_SEATS, "“dealer”")
        totals = read_totals(data, N_SEATS)
        position = data.get("position")
        if position is None:
            return cls._dealt(seed, totals)
        return cls._placed(seed, totals, position)

    @classmethod
    def _placed(cls, seed: int | str, totals: Sequence[float], pos: Any) -> RunFast:
        if not isinstance(pos, Mapping):
            raise TableFileError("“position” must be an object with the “hands”.")
        unknown = sorted(
            k for k in set(pos) - _POSITION_KEYS if k not in _RUMMY_KEYS or not _empty(pos[k])
        )
        if unknown:
            raise TableFileError(f"A Run Fast position has no “{unknown[0]}”.")
        if "hands" not in pos:
            raise TableFileError("The position has no “hands”: give one list of cards per seat.")
        raw = pos["hands"]
        if not isinstance(raw, list):
            raise TableFileError("“hands” must be a list with one list of cards per seat.")
        if len(raw) != N_SEATS:
            raise TableFileError(
                f"Run Fast has {N_SEATS} seats, but the position gives {len(raw)} hands."
            )
        hands = [read_cards(h, f"The hand of seat {s}", name_part=False) for s, h in enumerate(raw)]
        trick = read_cards(pos.get("trick", []), "“trick”", name_part=False)
        why = check_deck_limits([c for h in hands for c in h] + trick, _DECK)
        if why:
            raise TableFileError(why)
        for s, h in enumerate(hands):
            if not h:
                raise TableFileError(f"Seat {s} has no cards: the game would already be over.")
        if pos.get("phase", Phase.PLAY) != Phase.PLAY:
            raise TableFileError("Run Fast has only the “play” phase.")

        trick_seat: int | None = None
        passes = 0
        if trick:
            # (decision) A trick from a file is an ordinary play: four 3s there are the lowest
            # bomb, and the heavenly bomb exists only as a play made at the opening.
            if not isinstance(classify(trick), Combo):
                raise TableFileError(
                    f"The trick on the table ({' '.join(text_cards(trick))}) is not a Run Fast combination."
                )
            if "trick_seat" not in pos:
                raise TableFileError(
                    "The position gives a “trick” but no “trick_seat” who played it."
                )
            trick_seat = read_seat(pos["trick_seat"], N_SEATS, "“trick_seat”")
            passes = pos.get("passes", 0)
            if isinstance(passes, bool) or passes not in (0, 1):
                raise TableFileError("“passes” must be 0 or 1: after 2 passes the trick is over.")
        elif "trick_seat" in pos or pos.get("passes", 0) != 0:
            raise TableFileError("“trick_seat” and “passes” need a “trick” on the table.")

        played = pos.get("played")
        if played is None:
            played = [s == trick_seat for s in range(N_SEATS)]
        elif (
            not isinstance(played, list)
            or len(played) != N_SEATS
            or not all(isinstance(p, bool) for p in played)
        ):
            raise TableFileError(f"“played” must be a list of {N_SEATS} true/false, one per seat.")
        if trick_seat is not None and not played[trick_seat]:
            raise TableFileError(f"Seat {trick_seat} played the trick, so “played” must say so.")

        holder = next((s for s, h in enumerate(hands) if THREE_OF_HEARTS in h), None)
        # (decision) The next play is the game's opening play unless the position shows play
        # already under way: a trick, someone who has played, or a seat to move given by hand.
        opening = pos.get("opening", not trick and not any(played) and "turn" not in pos)
        if not isinstance(opening, bool):
            raise TableFileError("“opening” must be true or false.")
        if opening and (trick or any(played)):
            raise TableFileError(
                "The next play can't be the game's opening play once cards have been played."
            )

        if trick_seat is not None:
            turn = (trick_seat + 1 + passes) % N_SEATS
            if "turn" in pos and read_seat(pos["turn"], N_SEATS, "“turn”") != turn:
                after = f"seat {trick_seat}'s play" + (" and one pass" if passes else "")
                raise TableFileError(f"After {after}, seat {turn} plays, not seat {pos['turn']}.")
        elif "turn" in pos:
            turn = read_seat(pos["turn"], N_SEATS, "“turn”")
        else:
            # (decision) Without a turn, the 3♥ holder leads; seat 0 when 3♥ is out of play.
            turn = holder if holder is not None else 0
        if opening and holder is not None and turn != holder:
            raise TableFileError(
                f"The game's opening play belongs to seat {holder}, who holds 3H; "
                f"set “turn” to {holder} or “opening” to false."
            )

        normal = {
            "hands": [text_cards(_sorted(h)) for h in hands],
            "turn": turn,
            "played": list(played),
            "opening": opening,
        }
        if trick:
            normal |= {"trick": text_cards(trick), "trick_seat": trick_seat, "passes": passes}
        return cls(
            seed,
            totals,
            hands,
            turn,
            trick=trick,
            trick_seat=trick_seat,
            passes=passes,
            played=played,
            opening=opening,
            position=normal,
        )

    # ------------------------------------------------------------ the contract

    @property
    def turn(self) -> int | None:
        return self.turn_seat

    @property
    def round_over(self) -> bool:
        return self.winner is not None

    @property
    def game_over(self) -> bool:
        return self.winner is not None

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    def totals(self) -> list[float]:
        """The given totals plus this deal's settlement so far."""
        return [t + s for t, s in zip(self.start_totals, self.settlement, strict=True)]

    def pearls(self) -> dict[int, int]:
        """Pearls for the winner once the game is over: (decision) 50, like a Quick Mor win."""
        if self.winner is None:
            return {}
        return {self.winner: WINNER_PEARLS}

    def must_include(self, seat: int) -> Card | None:
        """3♥ while it is the opening play and the leader holds it: the first play must show it."""
        # (decision) Only when the leader holds 3♥: a table file may leave it out of play, and
        # then the opening play is free.
        if self.opening and THREE_OF_HEARTS in self.hands[seat]:
            return THREE_OF_HEARTS
        return None

    def check(self, seat: int, move: Move) -> Reason | None:
        return self._check(seat, move)[0]

    def can(self, seat: int, move: Move) -> bool:
        return self._check(seat, move)[0] is None

    def _check(self, seat: int, move: Move) -> tuple[Reason | None, Combo | None]:
        if (problem := move_problem(move)) is not None:
            return problem, None
        if self.winner is not None:
            return because("game.over"), None
        if type(seat) is not int or not 0 <= seat < N_SEATS:  # (bool is not a seat number)
            return because("game.no_seat", seat=str(seat)), None
        if seat != self.turn_seat:
            return because("runfast.not_your_turn", seat=self.turn_seat), None
        if isinstance(move, Pass):
            return self._check_pass(seat), None
        if isinstance(move, Play):
            return self._check_play(seat, move.cards)
        return because("runfast.play_or_pass"), None

    def _check_pass(self, seat: int) -> Reason | None:
        if self.trick_combo is None:
            if self.must_include(seat):
                return because("runfast.first_lead_cannot_pass")
            return because("runfast.lead_cannot_pass")
        better = can_beat(self.hands[seat], self.trick_combo)
        if better is not None:
            return because(
                "runfast.must_beat",
                table=describe(self.trick, self.trick_combo),
                cards=pretty(_sorted(better)),
            )
        return None

    def _check_play(self, seat: int, cards: Sequence[Card]) -> tuple[Reason | None, Combo | None]:
        if not cards:
            return because("game.name_cards"), None
        if len(set(cards)) != len(cards):
            twice = next(c for c in cards if cards.count(c) > 1)
            return because("runfast.named_twice", card=twice.pretty), None
        held = set(self.hands[seat])
        missing = [c for c in cards if c not in held]
        if missing:
            return because("runfast.not_held", cards=pretty(missing)), None
        combo = classify(cards, opening=self.opening)
        if not isinstance(combo, Combo):
            return combo, None
        need = self.must_include(seat)
        if need is not None and need not in cards:
            return because("runfast.first_play_3h"), None
        old = self.trick_combo
        if old is not None and not beats(combo, old):
            return self._why_not_beaten(cards, combo, old), None
        return None, combo

    def _why_not_beaten(self, cards: Sequence[Card], new: Combo, old: Combo) -> Reason:
        table = describe(self.trick, old)
        if old.kind == HEAVENLY:
            return because("runfast.heavenly_unbeatable")
        if old.is_bomb:
            return because("runfast.only_higher_bomb", table=table)
        if new.kind == old.kind and new.size == old.size:
            return because(
                "runfast.does_not_beat",
                cards=pretty(_sorted(cards)),
                table=table,
                higher=higher_words(old),
            )
        if new.kind == old.kind and new.kind in (STRAIGHT, PAIRS):
            # The same kind of another length: say that the length is what differs (issue 61).
            return because(
                "runfast.answer_same_length",
                table=table,
                higher=higher_words(old),
                mine=describe(_sorted(cards), new),
            )
        # Another kind: named with its kind, as the other refusals name the play (the second
        # Run Fast newcomer's K♦ on a pair read only "answer the pair … with a higher pair").
        return because(
            "runfast.answer_other_kind",
            table=table,
            higher=higher_words(old),
            mine=describe(_sorted(cards), new),
            kind=kind_words(new),
        )

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move: each play with its exact cards, or the pass when nothing beats."""
        if self.winner is not None or seat != self.turn_seat:
            return []
        plays = legal_plays(self.hands[seat], self.trick_combo, self.must_include(seat))
        if not plays:
            return [Pass()]
        return list(map(Play, plays))

    def apply(self, seat: int, move: Move) -> list[Event]:
        why, combo = self._check(seat, move)
        if why is not None:
            raise IllegalMove(why)
        if isinstance(move, Play):
            assert combo is not None
            events = self._play(seat, move.cards, combo)
        else:
            events = self._pass(seat)
        self.moves.append({"seat": seat, **move.to_dict()})
        # A play is on the table now as the view shows it (sorted by ``_play``); a pass shows none.
        self.history.append((seat, self.trick if isinstance(move, Play) else ()))
        self.last_events = events
        return events

    def _play(self, seat: int, cards: Sequence[Card], combo: Combo) -> list[Event]:
        gone = set(cards)
        hand = [c for c in self.hands[seat] if c not in gone]
        self.hands[seat] = hand
        shown = tuple(_sorted(cards))
        self.table.extend(shown)
        self.played[seat] = True
        over_cards = self.trick_combo is not None
        self.trick, self.trick_combo, self.trick_seat = shown, combo, seat
        self.passes = 0
        self.opening = False
        # Led bombs earn nothing; a bomb over someone's cards waits for its trick to end, and a
        # higher bomb on top of it takes the wait over (the beaten one earns nothing).
        # (decision) "Before the trick ends" = until both others pass it; the bonus is paid then
        # (into the settlement and the totals), or at once below when it was the last play.
        self.bomb_seat = seat if over_cards and combo.kind in BOMB_KINDS else None
        events: list[Event] = [Played(seat, shown, combo.kind)]
        if hand:
            self.turn_seat = (seat + 1) % N_SEATS
            return events
        if self.bomb_seat is not None:
            events.append(self._pay_bomb())  # a bomb that is the last play settles at once
        events.extend(self._finish(seat))
        return events

    def _pass(self, seat: int) -> list[Event]:
        events: list[Event] = [Passed(seat)]
        # (decision) A pass doesn't take the player out of the trick: the trick ends only when
        # both others have passed the top play in a row, and any later play resets the count.
        self.passes += 1
        if self.passes < N_SEATS - 1:
            self.turn_seat = (seat + 1) % N_SEATS
            return events
        leader = self.trick_seat
        assert leader is not None
        events.append(TrickWon(leader))
        if self.bomb_seat is not None:
            events.append(self._pay_bomb())
        self.trick, self.trick_combo, self.trick_seat, self.passes = (), None, None, 0
        self.turn_seat = leader
        return events

    def _pay_bomb(self) -> BombBonus:
        bomber = self.bomb_seat
        assert bomber is not None
        self.bomb_seat = None
        for s, paid in enumerate(bomb_bonus(bomber)):
            self.settlement[s] += paid
            if s != bomber:
                self.lines.append(ScoreLine(s, "runfast.line.paid_for_bomb", paid))
        self.lines.append(ScoreLine(bomber, "runfast.line.bomb_bonus", 2 * BOMB_BONUS))
        return BombBonus(bomber, 2 * BOMB_BONUS)

    def _finish(self, winner: int) -> list[Event]:
        """Settle the deal (specification §4, End and scoring): every opponent pays the winner."""
        self.winner = winner
        self.turn_seat = None
        received = 0
        for s in range(N_SEATS):
            if s == winner:
                continue
            for label, owed in penalties(self.hands[s], self.played[s]):
                self.lines.append(ScoreLine(s, label, -owed))
                self.settlement[s] -= owed
                received += owed
        self.settlement[winner] += received
        self.lines.append(ScoreLine(winner, "runfast.line.received", received))
        self.result = RoundResult(
            tuple(self.settlement), RoundEnd.HAND_EMPTY, winner, tuple(self.lines)
        )
        return [RoundOver(winner, self.result), GameOver(winner, (winner,))]

    def next_round(self) -> list[Event]:
        if self.winner is None:
            raise IllegalMove(because("runfast.deal_playing"))
        raise IllegalMove(because("game.over"))

    # ------------------------------------------------------------ what players see

    def view(self, seat: int) -> RunFastView:
        """A seat's view; any other number (say -1) is a spectator's, with no hand, as in the
        other games -- what the public table picture is drawn from."""
        own = not isinstance(seat, bool) and isinstance(seat, int) and 0 <= seat < N_SEATS
        return RunFastView(
            game=self.game,
            seat=seat,
            n_seats=N_SEATS,
            hand=tuple(self.hands[seat]) if own else (),
            hand_counts=tuple(len(h) for h in self.hands),
            turn=self.turn_seat,
            phase=Phase.PLAY,
            dealer=self.dealer,
            round_no=0,
            totals=tuple(self.totals()),
            round_over=self.round_over,
            game_over=self.game_over,
            winners=self.winners,
            result=self.result,
            last_events=tuple(self.last_events),
            trick=self.trick,
            trick_seat=self.trick_seat,
            trick_kind=self.trick_combo.kind if self.trick_combo else None,
            passes=self.passes,
            played=tuple(self.played),
            settlement=tuple(self.settlement),
            opening=self.opening,
            must_include=self.must_include(seat) if seat == self.turn_seat else None,
            played_cards=tuple(self.table),
            history=tuple(self.history),
            hands_left=hands_left(self.hands, self.round_over, play_order),
        )

    def scenario_state(self) -> dict[str, Any]:
        return {
            "turn": self.turn_seat,
            "phase": Phase.PLAY,
            "hands": [text_cards(h) for h in self.hands],
            "stock": 0,
            "discard": [],
            "melds": [],
            "side_taken": [],
            "solo": None,
            "round_over": self.round_over,
            "round_scores": list(self.settlement) if self.round_over else None,
            "totals": [points(t) for t in self.totals()],
            "game_over": self.game_over,
            "winners": list(self.winners),
            "trick": text_cards(self.trick),
            "trick_seat": self.trick_seat,
            "trick_kind": self.trick_combo.kind if self.trick_combo else None,
            "passes": self.passes,
            "played": list(self.played),
            "opening": self.opening,
            "settlement": list(self.settlement),
            "bomb_waiting": self.bomb_seat,
        }

    # ------------------------------------------------------------ saving and replaying

    @property
    def record(self) -> TableFileRecord:
        header: RecordHeader = {
            "game": self.game,
            "rules_version": RULES_VERSION,
            "options": {},
            "seed": self.seed,
            "dealer": self.dealer,
            "totals": list(self.start_totals),
        }
        if self.position is not None:
            header["position"] = self.position
        return {**header, "moves": list(self.moves)}  # a move's dict never changes once written

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": RULES_VERSION,
            "options": {},
            "seed": self.seed,
            "dealer": self.dealer,
            "start_totals": list(self.start_totals),
            "position": self.position,
            "hands": [text_cards(h) for h in self.hands],
            "table": text_cards(self.table),
            "turn": self.turn_seat,
            "trick": text_cards(self.trick),
            "trick_kind": self.trick_combo.kind if self.trick_combo else None,
            "trick_seat": self.trick_seat,
            "passes": self.passes,
            "played": list(self.played),
            "opening": self.opening,
            "bomb_seat": self.bomb_seat,
            "settlement": list(self.settlement),
            "lines": [[line.seat, line.label, line.points] for line in self.lines],
            "winner": self.winner,
            "moves": [dict(m) for m in self.moves],
            "last_events": [_event_to_json(e) for e in self.last_events],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunFast:
        game = cls(
            data["seed"],
            data["start_totals"],
            [parse_cards(h) for h in data["hands"]],
            data["dealer"],
            position=data["position"],
        )
        game.dealer = data["dealer"]
        game.table = parse_cards(data["table"])
        game.turn_seat = data["turn"]
        game.trick = tuple(parse_cards(data["trick"]))
        game.trick_combo = _combo_of(game.trick, data["trick_kind"])
        game.trick_seat = data["trick_seat"]
        game.passes = data["passes"]
        game.played = list(data["played"])
        game.opening = data["opening"]
        game.bomb_seat = data["bomb_seat"]
        game.settlement = list(data["settlement"])
        game.lines = [ScoreLine(s, label, p) for s, label, p in data["lines"]]
        game.winner = data["winner"]
        if game.winner is not None:
            game.result = RoundResult(
                tuple(game.settlement), RoundEnd.HAND_EMPTY, game.winner, tuple(game.lines)
            )
        game.moves = [dict(m) for m in data["moves"]]
        game.history = [
            (m["seat"], tuple(_sorted(parse_cards(m["cards"]))) if m["do"] == "play" else ())
            for m in game.moves
        ]
        game.last_events = [_event_from_json(e) for e in data["last_events"]]
        return game


ENGINE = RunFast


# ---------------------------------------------------------------- helpers


def bomb_bonus(bomber: int) -> list[int]:
    """What a bomb's bonus moves, seat by seat (specification §4): ``BOMB_BONUS`` from each opponent to
    the bomber."""
    return [2 * BOMB_BONUS if s == bomber else -BOMB_BONUS for s in range(N_SEATS)]


def penalties(hand: Sequence[Card], played: bool) -> list[tuple[str, int]]:
    """What a losing hand owes the winner, line by line (specification §4, End and scoring).

    Each line's label is a catalogue key (domain runfast) the score sheet words in the reader's
    language; the points say how many cards, so a label needs no number: the doubling for a hand
    that never played is a line of its own, as many points again."""
    out: list[tuple[str, int]] = []
    if hand:
        out.append(("runfast.line.cards_left", len(hand)))
        if not played:
            # (decision) Doubling covers the per-card points only, not the 2♠ and bomb extras.
            out.append(("runfast.line.never_played", len(hand)))
    if TWO_OF_SPADES in hand:
        out.append(("runfast.line.two_of_spades_held", HELD_PENALTY))
    for _ in range(bombs_in(hand)):
        out.append(("runfast.line.bomb_held", HELD_PENALTY))
    return out


def _check_options(options: Any) -> None:
    """Run Fast has no options: a given ``options`` object must be empty."""
    if read_options({"options": options}):
        raise TableFileError(f"Run Fast has no options; remove “{next(iter(options))}”.")


def _combo_of(cards: tuple[Card, ...], kind: str | None) -> Combo | None:
    if not cards:
        return None
    combo = classify(cards, opening=kind == HEAVENLY)
    assert isinstance(combo, Combo)
    return combo


def _event_to_json(e: Event) -> dict[str, Any]:
    if isinstance(e, Played):
        return {"event": "played", "seat": e.seat, "cards": text_cards(e.cards), "kind": e.kind}
    if isinstance(e, Passed):
        return {"event": "passed", "seat": e.seat}
    if isinstance(e, TrickWon):
        return {"event": "trick_won", "seat": e.seat}
    if isinstance(e, BombBonus):
        return {"event": "bomb_bonus", "seat": e.seat, "points": e.points}
    if isinstance(e, RoundOver):
        result = result_to_json(e.result)
        return {"event": "round_over", "seat": e.seat, "result": result}
    if isinstance(e, GameOver):
        return {"event": "game_over", "seat": e.seat, "winners": list(e.winners)}
    raise TypeError(f"No JSON form for {e!r}")


def _event_from_json(d: Mapping[str, Any]) -> Event:
    kind, seat = d["event"], d["seat"]
    if kind == "played":
        return Played(seat, tuple(parse_cards(d["cards"])), d["kind"])
    if kind == "passed":
        return Passed(seat)
    if kind == "trick_won":
        return TrickWon(seat)
    if kind == "bomb_bonus":
        return BombBonus(seat, d["points"])
    if kind == "round_over":
        return RoundOver(seat, result_from_json(d["result"]))
    if kind == "game_over":
        return GameOver(seat, tuple(d["winners"]))
    raise ValueError(f"Unknown event “{kind}”.")
