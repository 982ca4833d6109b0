"""Run Fast on counts per power: every play, ``normal``'s choice, and a deal played to its end.

Suits never rank in Run Fast (specification §4), so a hand is its count of cards per power (3..15, the
2 last) and a play is its shape, the counts it takes. On counts, one play stands for every play
that differs from it only by suits (the engine lists them all), and ``normal``'s judgement
(``judge``) picks among far fewer. ``hard`` reads the
others' play with it (``runfast_reading``), and plays its deals out here: the same deal played
by ``normal`` for every seat ends in the same settlement as on the engine (tests/ai), several
times faster, since nothing is spelled out card by card, no view is built and nothing is copied
through JSON.

The rules stay in one place: a play's combination is ``classify``'s answer (the tables below are
built from it), what beats what is ``beats``, what a bomb's bonus moves is ``bomb_bonus``, and what
a hand left at the end owes is the engine's ``penalties``, asked of cards standing for the
counts. Only the order of a deal's events (when a trick ends, when a bomb is paid) is written
again here, as ``RunFast._play`` and ``_pass`` have it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.games.answers import kept
from bot.games.base import Move, Play
from bot.games.cards import Card, deck_48
from bot.games.runfast import HAND_SIZE, N_SEATS, RunFastView, bomb_bonus, penalties
from bot.games.runfast_combos import (
    ACE_POWER,
    BOMB_KINDS,
    HEAVENLY,
    LOW,
    MIN_PAIRS,
    MIN_STRAIGHT,
    PAIR,
    PAIRS,
    SINGLE,
    STRAIGHT,
    TRIPLE,
    TWO_POWER,
    Combo,
    beats,
    classify,
    group_by_power,
    power,
)

Counts = tuple[int, ...]  # cards held per power, index 0 = power 3 .. index 12 = power 15 (the 2)
N_POWERS = TWO_POWER - LOW + 1

CONTROL_COST = 0.6  # spending an ace or the 2 before it is needed
BOMB_COST = 1.5  # breaking up four of a kind or the three aces
DANGER_COST = 3.0  # leading a low single to a player holding one card


def counts_of(cards: Sequence[Card]) -> Counts:
    out = [0] * N_POWERS
    for c in cards:
        out[power(c) - LOW] += 1
    return tuple(out)


def min_plays(counts: Counts) -> int:
    """The fewest plays that empty a hand with these counts (bombs and triples count as one)."""
    return _fewest(_code(counts))


def _code(counts: Counts) -> int:
    """A hand as one number, a byte per power, lowest power lowest: a hand less a play is then a
    subtraction, and the number hashes faster than the tuple."""
    return int.from_bytes(bytes(counts), "little")


_BITS = 8
_DIGIT = (1 << _BITS) - 1
_TOP = ACE_POWER - LOW  # straights and runs of pairs stop at the ace


@kept(400_000)
def _fewest(code: int) -> int:
    """``min_plays`` of a hand read as one number.

    The lowest power held must be in some play, and every play holding it starts there: one play
    of all its cards, or a straight or run of pairs from it. Two plays of that power alone are
    never fewer than one of all of them (four cards at most make one play), so those are the
    only choices to try, and whatever of that power a straight leaves is tried next.
    """
    if not code:
        return 0
    i = ((code & -code).bit_length() - 1) // _BITS
    shift = _BITS * i
    n = (code >> shift) & _DIGIT
    best = 1 + _fewest(code - (n << shift))
    for per, least in ((1, MIN_STRAIGHT), (2, MIN_PAIRS)):
        run = 0
        j = i
        while j <= _TOP and (code >> (_BITS * j)) & _DIGIT >= per:
            run += per << (_BITS * j)
            j += 1
            if j - i >= least:
                best = min(best, 1 + _fewest(code - run))
    return best


# Many plays differ only by suit, and playouts meet the same hands again and again: judge each
# (hand, shape, situation) once.
@kept(200_000)
def judge(
    hand: Counts, shape: Counts, is_bomb: bool, kind: str, leading: bool, danger: bool
) -> float:
    rest = _code(hand) - _code(shape)
    if not rest:
        return -100.0  # going out
    plays_left = _fewest(rest)
    score = float(plays_left)
    controls = shape[ACE_POWER - LOW] + shape[TWO_POWER - LOW]
    if not danger:
        score += CONTROL_COST * controls
    if (
        not is_bomb
        and 4 in hand
        and any(h == 4 and s and s < 4 for h, s in zip(hand, shape, strict=True))
    ):
        score += BOMB_COST  # breaks four of a kind
    if not is_bomb and hand[ACE_POWER - LOW] == 3 and shape[ACE_POWER - LOW]:
        score += BOMB_COST  # breaks the three aces
    if is_bomb and leading and plays_left > 1:
        score += BOMB_COST  # a led bomb earns nothing: keep it to answer with
    if danger and kind == "single":
        # The next player holds one card: a low single lets them out; the highest may stop them.
        highest = max(k for k, n in enumerate(hand) if n)
        if shape.index(1) != highest:
            score += DANGER_COST
    return score


ACE_INDEX = ACE_POWER - LOW
Shape = Counts  # a play as counts per power

# A card of each power, low to high, in as many suits as the 48-card deck holds of it: a hand on
# counts is spelled with these wherever a rule reads cards.
_CARDS_OF_POWER: list[list[Card]] = group_by_power(sorted(set(deck_48()), key=str))[
    LOW : TWO_POWER + 1
]


def cards_of(counts: Counts) -> list[Card]:
    """Cards standing for ``counts`` (which suits is immaterial)."""
    return [c for i, n in enumerate(counts) for c in _CARDS_OF_POWER[i][:n]]


def _combo(shape: Shape, opening: bool) -> Combo:
    combo = classify(cards_of(shape), opening=opening)
    assert isinstance(combo, Combo), shape
    return combo


def _shape(cells: dict[int, int]) -> Shape:
    return tuple(cells.get(i, 0) for i in range(N_POWERS))


# Every play of one power, by power and how many cards of it the hand holds (up to that many):
# its shape and combination, apart as the game's opening play (four 3s are then the heavenly
# bomb).
_OF_A_KIND: list[list[tuple[tuple[Shape, Combo], ...]]] = [
    [
        tuple((_shape({i: k}), _combo(_shape({i: k}), False)) for k in range(1, n + 1))
        for n in range(len(_CARDS_OF_POWER[i]) + 1)
    ]
    for i in range(N_POWERS)
]
_OF_A_KIND_OPENING: list[list[tuple[tuple[Shape, Combo], ...]]] = [
    [
        tuple((_shape({i: k}), _combo(_shape({i: k}), True)) for k in range(1, n + 1))
        for n in range(len(_CARDS_OF_POWER[i]) + 1)
    ]
    for i in range(N_POWERS)
]
# Straights and runs of pairs, by (cards per power, first power, last power + 1).
_RUNS: dict[tuple[int, int, int], tuple[Shape, Combo]] = {
    (per, start, end): (
        shape := _shape(dict.fromkeys(range(start, end), per)),
        _combo(shape, False),
    )
    for per, least in ((1, MIN_STRAIGHT), (2, MIN_PAIRS))
    for start in range(ACE_INDEX + 1)
    for end in range(start + least, ACE_INDEX + 2)
}


@kept(100_000)
def leads(hand: Counts, opening: bool) -> tuple[tuple[Shape, Combo], ...]:
    """Every play a leader holding ``hand`` could make, once per shape, with its combination
    (``runfast_combos._all_plays`` on counts). At the game's opening the play must hold 3♥, and
    the leader holds it: any shape with a 3 can."""
    out: list[tuple[Shape, Combo]] = []
    of_a_kind = _OF_A_KIND_OPENING if opening else _OF_A_KIND
    for i, n in enumerate(hand):
        out.extend(of_a_kind[i][n])
    for per, least in ((1, MIN_STRAIGHT), (2, MIN_PAIRS)):
        for start in range(ACE_INDEX + 1):
            end = start
            while end <= ACE_INDEX and hand[end] >= per:
                end += 1
                if end - start >= least:
                    out.append(_RUNS[per, start, end])
    if opening:
        return tuple(p for p in out if p[0][0])
    return tuple(out)


# Every play outside the game's opening, in ``leads``'s order: its shape, its combination and its
# place in that order.
_ALL: tuple[tuple[Shape, Combo, int], ...] = tuple(
    (shape, combo, k)
    for k, (shape, combo) in enumerate(
        [
            *(play for i in range(N_POWERS) for play in _OF_A_KIND[i][-1]),
            *(_RUNS[key] for per in (1, 2) for key in sorted(_RUNS) if key[0] == per),
        ]
    )
)
_PLACE = {shape: k for shape, _, k in _ALL}
_OF_KIND = {SINGLE: 1, PAIR: 2, TRIPLE: 3}
# By kind, by power index: the single, pair or triple of that power, as ``_ALL`` holds it (None:
# three aces are a bomb, not a triple, and the deck holds one 2).
_SAME = {
    kind: [
        next((p for p in _ALL if p[1].kind == kind and p[1].top - LOW == i), None)
        for i in range(N_POWERS)
    ]
    for kind in _OF_KIND
}
# (cards per power, first power index, last + 1): the straight or run of pairs, as above.
_RUN_PLAY = {key: (shape, combo, _PLACE[shape]) for key, (shape, combo) in _RUNS.items()}
# Each bomb with the power index it takes and how many of that power.
_BOMB_PLAYS = tuple((p, p[1].top - LOW, p[1].size) for p in _ALL if p[1].is_bomb)


def _over(hand: Counts, table: Combo) -> tuple[tuple[Shape, Combo], ...]:
    """``answers`` over a play on the table: the plays from ``hand`` that beat it (``beats``,
    the one statement of the rule). Only plays of its kind and size, and bombs, can, so only
    those are looked at. No play over another is the game's opening, so four 3s are an ordinary
    bomb here."""
    kind, size = table.kind, table.size
    above = table.top - LOW + 1  # the first power index above the table's top
    # Plays of the table's kind and size, found lowest top first: already in ``answers``'s order.
    out: list[tuple[Shape, Combo, int]]
    if kind in _OF_KIND:
        n = _OF_KIND[kind]
        row = _SAME[kind]
        out = [p for i in range(above, N_POWERS) if hand[i] >= n and (p := row[i])]
    elif kind in (STRAIGHT, PAIRS):
        per = 1 if kind == STRAIGHT else 2
        length = size // per
        out = []
        run = 0
        for end in range(ACE_INDEX + 1):
            run = run + 1 if hand[end] >= per else 0
            if run >= length and end >= above:
                out.append(_RUN_PLAY[per, end + 1 - length, end + 1])
    else:
        out = []
    if 4 in hand or hand[ACE_INDEX] == 3:  # most hands hold no bomb
        out += [p for p, i, n in _BOMB_PLAYS if hand[i] == n]
        out.sort(key=lambda p: (p[1].top, -p[1].size, p[2]))
    return tuple((s, c) for s, c, _ in out if beats(c, table))


@kept(200_000)
def answers(hand: Counts, table: Combo | None, opening: bool) -> tuple[tuple[Shape, Combo], ...]:
    """Every legal play from ``hand`` over ``table`` (None: leading), once per shape, lowest
    top first (and the longer first at the same top: ``normal``'s tie-breaks), then in
    ``leads``'s order."""
    if table is not None:
        return _over(hand, table)
    return tuple(sorted(leads(hand, opening), key=lambda sc: (sc[1].top, -sc[1].size)))


def _key(
    hand: Counts, shape: Shape, combo: Combo, leading: bool, danger: bool
) -> tuple[float, int, int]:
    """``normal``'s order of plays (``runfast._primary``), best lowest."""
    return (judge(hand, shape, combo.is_bomb, combo.kind, leading, danger), combo.top, -combo.size)


def best_shapes(hand: Counts, table: Combo | None, opening: bool, danger: bool) -> frozenset[Shape]:
    """Every shape ``normal`` may play from ``hand``: its best by its own judgement (ties on the
    judgement are broken by card text, so any of them). ``normal_would`` answers the same for
    one shape, mostly without judging every play."""
    plays = answers(hand, table, opening)
    if not plays:
        return frozenset()
    keys = [_key(hand, s, c, table is None, danger) for s, c in plays]
    best = min(keys)
    return frozenset(s for (s, _), k in zip(plays, keys, strict=True) if k == best)


def normal_play(
    hand: Counts, table: Combo | None, opening: bool, danger: bool
) -> tuple[Shape, Combo] | None:
    """The play ``normal`` makes from ``hand``, None for a pass. Where its judgement ties two
    shapes (rare: ``normal`` then goes by the cards' text), the lower shape.

    A play that empties the hand is the best there is. Any other leaves at least
    ``min_plays(hand) - 1`` plays and is judged at least that (``ahead``), so once a play is
    judged that low, the plays after it in ``answers``'s order (a higher top, or a shorter play
    at the same top) cannot come before it, and are not judged."""
    # ``answers`` without its cache over a play: the reading asks the same hands again and
    # again, but a playout's hands are mostly new ones, and most are only asked for a pass.
    plays = answers(hand, None, opening) if table is None else _over(hand, table)
    if len(plays) <= 1:  # a pass, or the one play there is
        return plays[0] if plays else None
    size = sum(hand)
    out = next((p for p in plays if p[1].size == size), None)
    if out is not None:
        return out
    leading = table is None
    floor = min_plays(hand) - 1
    best: tuple[Shape, Combo] | None = None
    best_key: tuple[float, int, int, Shape] | tuple[()] = ()
    for s, c in plays:
        if best_key and best_key[0] <= floor and (c.top, -c.size) > best_key[1:3]:
            break
        key = (*_key(hand, s, c, leading, danger), s)
        if not best_key or key < best_key:
            best, best_key = (s, c), key
    return best


def normal_would(
    hand: Counts, table: Combo | None, opening: bool, danger: bool, made: Shape
) -> bool:
    """Whether ``made`` is among ``best_shapes``: whether no legal play comes before it in
    ``normal``'s order."""
    return ahead(hand, table, opening, danger, made, 1) == 0


@kept(200_000)
def ahead(
    hand: Counts, table: Combo | None, opening: bool, danger: bool, made: Shape, limit: int
) -> int:
    """How many legal shapes come before ``made`` in ``normal``'s order (its judgement, then the
    lower top, then the longer play), counted up to ``limit``.

    Every play other than going out leaves at least ``min_plays(hand) - 1`` plays, and its
    judgement is at least that. So when ``made`` is judged that low, only plays with a lower top
    (or as long a one) can come before it, and the rest need no judging; and the count stops at
    ``limit``.
    """
    plays = answers(hand, table, opening)
    leading = table is None
    combo = next(c for s, c in plays if s == made)
    mine = _key(hand, made, combo, leading, danger)
    floor = min_plays(hand) - 1
    before = 0
    for s, c in plays:
        if s == made:
            continue
        order = (c.top, -c.size)
        if mine[0] <= floor and order > mine[1:] and sum(s) < sum(hand):
            # Judged at least ``floor`` and later in the tie-breaks (not going out): it can't come
            # first, nor can anything after it in this order.
            break
        if (judge(hand, s, c.is_bomb, c.kind, leading, danger), *order) < mine:
            before += 1
            if before >= limit:
                break
    return before


def danger(counts: Sequence[int], seat: int, leading: bool) -> bool:
    """``normal``'s danger: the next player, or leading any other, holds one card (a low single
    would let them out)."""
    n = len(counts)
    if counts[(seat + 1) % n] == 1:
        return True
    return leading and min(c for s, c in enumerate(counts) if s != seat) == 1


# ---------------------------------------------------------------- a deal on counts


@kept(200_000)
def _normal_code(
    code: int, table: Combo | None, opening: bool, at_risk: bool
) -> tuple[int, int, Combo] | None:
    """``normal_play`` of a hand held as its code (``_code``), as a playout moves: the play's
    code, its number of cards and its combination; None for a pass. Kept here rather than on
    ``normal_play``: an int is hashed at once, where a hand's tuple is hashed power by power at
    every look-up."""
    play = normal_play(_counts(code), table, opening, at_risk)
    if play is None:
        return None
    shape, combo = play
    return _code(shape), sum(shape), combo


@kept(50_000)
def _owed(code: int, played: bool) -> int:
    """What a hand left at the end owes (the engine's ``penalties``), by its code."""
    return sum(p for _, p in penalties(cards_of(_counts(code)), played))


def _counts(code: int) -> Counts:
    """The counts a code stands for (``_code`` undone)."""
    return tuple(code.to_bytes(N_POWERS, "little"))


@dataclass
class Deal:
    """A deal in play on counts, as the engine keeps it (``RunFast``): the hands (each as its
    code, ``_code``, with its number of cards beside it), the play to beat and who made it, the
    passes since, who has played, whether the next play is the game's opening, the bomb waiting
    for its trick to end, and the settlement so far."""

    hands: list[int]
    sizes: list[int]
    turn: int
    table: Combo | None = None
    table_seat: int | None = None
    passes: int = 0
    played: list[bool] = field(default_factory=lambda: [False] * N_SEATS)
    opening: bool = False
    bomb_seat: int | None = None
    settlement: list[int] = field(default_factory=lambda: [0] * N_SEATS)
    winner: int | None = None

    def copy(self) -> Deal:
        return Deal(
            list(self.hands),
            list(self.sizes),
            self.turn,
            self.table,
            self.table_seat,
            self.passes,
            list(self.played),
            self.opening,
            self.bomb_seat,
            list(self.settlement),
            self.winner,
        )

    def move(self, shape: Shape | None, combo: Combo | None) -> None:
        """The seat to move plays ``shape`` (its combination ``combo``), or passes (None), by
        the engine's rules; the caller knows it is legal."""
        if shape is None:
            self._pass()
        else:
            assert combo is not None
            self._play(_code(shape), sum(shape), combo)

    def _pass(self) -> None:
        """``RunFast._pass``: the trick ends when every other seat has passed."""
        self.passes += 1
        if self.passes < N_SEATS - 1:
            self.turn = (self.turn + 1) % N_SEATS
            return
        assert self.table_seat is not None
        if self.bomb_seat is not None:
            self._pay_bomb()
        self.turn, self.table, self.table_seat, self.passes = self.table_seat, None, None, 0

    def _play(self, code: int, size: int, combo: Combo) -> None:
        """``RunFast._play``: a play of ``size`` cards whose code is ``code``."""
        seat = self.turn
        self.hands[seat] -= code
        self.sizes[seat] -= size
        self.played[seat] = True
        over_cards = self.table is not None
        self.table, self.table_seat, self.passes, self.opening = combo, seat, 0, False
        self.bomb_seat = seat if over_cards and combo.kind in BOMB_KINDS else None
        if self.sizes[seat]:
            self.turn = (seat + 1) % N_SEATS
            return
        if self.bomb_seat is not None:
            self._pay_bomb()  # a bomb that is the last play settles at once
        self._finish(seat)

    def _pay_bomb(self) -> None:
        bomber = self.bomb_seat
        assert bomber is not None
        self.bomb_seat = None
        for s, paid in enumerate(bomb_bonus(bomber)):
            self.settlement[s] += paid

    def _finish(self, winner: int) -> None:
        self.winner = winner
        for s in range(N_SEATS):
            if s != winner:
                owed = _owed(self.hands[s], self.played[s])
                self.settlement[s] -= owed
                self.settlement[winner] += owed

    def play_out(self) -> list[int]:
        """``normal`` plays every seat to the end of the deal: the settlement. The hot loop of
        ``hard``'s search."""
        while self.winner is None:
            self.normal_move()
        return self.settlement

    def normal_move(self) -> None:
        """The seat to move makes ``normal``'s move, asked on the hands' codes
        (``_normal_code``)."""
        seat = self.turn
        at_risk = danger(self.sizes, seat, self.table is None)
        play = _normal_code(self.hands[seat], self.table, self.opening, at_risk)
        if play is None:
            self._pass()
        else:
            self._play(*play)


def from_view(view: RunFastView, hands: Sequence[Sequence[Card]]) -> Deal:
    """The deal a seat's view shows, with ``hands`` for every seat (its own and those dealt to
    the others). A bomb on the table waits for its bonus if it went over cards: the view's
    record says whether it did; without one (a table file's position), assume it did, as it most
    often does."""
    table = None
    if view.trick:
        combo = classify(view.trick, opening=view.trick_kind == HEAVENLY)
        assert isinstance(combo, Combo)
        table = combo
    bomb_seat = None
    if table is not None and table.kind in BOMB_KINDS and view.trick_seat is not None:
        bomb_seat = view.trick_seat if _over_cards(view) else None
    return Deal(
        [_code(counts_of(h)) for h in hands],
        [len(h) for h in hands],
        view.turn if view.turn is not None else 0,
        table,
        view.trick_seat,
        view.passes,
        list(view.played),
        view.opening,
        bomb_seat,
        list(view.settlement),
    )


@dataclass(frozen=True)
class Step:
    """One move of the deal's record, with the table as the mover faced it: the play to beat
    (None: leading), whether it was the game's opening, and every seat's card count."""

    seat: int
    cards: tuple[Card, ...]  # none for a pass
    table: Combo | None
    opening: bool
    counts: tuple[int, ...]


def steps(view: RunFastView) -> list[Step] | None:
    """The view's record walked as the engine played it (``RunFast._play`` and ``_pass``), or
    None when some card on the table is not in it (a table file's position with a play on the
    table). The counts a seat began the record with are its count now plus what it played in
    it; from a table file's position that is less than a whole hand (``whole_deal``)."""
    if sum(len(cards) for _, cards in view.history) != len(view.played_cards):
        return None
    counts = list(view.hand_counts)
    for seat, cards in view.history:
        counts[seat] += len(cards)
    table: Combo | None = None
    passes, opening = 0, whole_deal(counts)
    out = []
    for seat, cards in view.history:
        out.append(Step(seat, cards, table, opening, tuple(counts)))
        if cards:
            combo = classify(cards, opening=opening)
            assert isinstance(combo, Combo)
            table, passes, opening = combo, 0, False
            counts[seat] -= len(cards)
        else:
            passes += 1
            if passes == view.n_seats - 1:
                table, passes = None, 0
    return out


def whole_deal(counts: Sequence[int]) -> bool:
    """Whether a record began with every hand whole: the deal itself, not a table file's
    position, so its first play was the game's opening."""
    return all(n == HAND_SIZE for n in counts)


def _over_cards(view: RunFastView) -> bool:
    """Whether the play on the table went over another play of its trick, by the record; True
    without a whole record."""
    record = steps(view)
    if record is None:
        return True
    last = next((step for step in reversed(record) if step.cards), None)
    return last is not None and last.table is not None


def best_played(
    view: RunFastView, candidates: Sequence[Move], deals: Sequence[Sequence[Sequence[Card]]]
) -> Move:
    """The candidate whose plays out (``normal`` for every seat, from each of ``deals``) settle
    best for the seat in all; ties keep the earlier candidate (``normal``'s own comes first).
    Every candidate is judged on the same deals, which makes the comparison far less noisy than
    a deal of its own for each would."""
    seat = view.seat
    moves: list[tuple[Shape | None, Combo | None]] = []
    for m in candidates:
        if isinstance(m, Play):
            combo = classify(m.cards, opening=view.opening)
            assert isinstance(combo, Combo)
            moves.append((counts_of(m.cards), combo))
        else:
            moves.append((None, None))
    totals = [0] * len(candidates)
    for hands in deals:
        start = from_view(view, hands)
        for k, move in enumerate(moves):
            deal = start.copy()
            deal.move(*move)
            totals[k] += deal.play_out()[seat]
    best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
    return candidates[best]
