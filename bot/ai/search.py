"""The ``hard`` level's search: determinized sampling over what a seat cannot see.

A ``hard`` player asks its game's ``normal`` player for a few candidate moves, then for each of a
fixed number of *samples* deals the cards it cannot see (other hands, the stock, the side piles)
at random among the places the view says hold them, builds an engine from the view plus that
sample (``ENGINE.from_json`` of a synthesized state: the real engine is never read), plays each
candidate followed by a playout with a cheap policy, and keeps the candidate with the best total
value. Every candidate is judged on the same samples (common random numbers), which makes the
comparison far less noisy than independent samples would.

Everything is drawn from the ``rng`` the caller passes, and the budget is counted in playouts,
never in wall time, so a seed gives the same decision on any machine. Only a queue of decisions
cuts it (``SHARE``: the bot's computer workers, when more decisions wait than they can make at
once), so that a busy machine searches less rather than keeping tables waiting. Hidden
cards enter only as a canonical (sorted) pool that the rng shuffles, so permuting the cards a
seat cannot see never changes what it samples, hence never its decision.
"""

from __future__ import annotations

import gc
import multiprocessing
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from itertools import chain
from typing import Any

from bot.games.answers import kept
from bot.games.base import Engine, MeldKind, MeldView, Move, SeatView
from bot.games.cards import ACE, Card, deck_106, sort_key, text_cards
from bot.games.rummy import RummyView
from bot.games.views import View

Policy = Callable[[Any, Sequence[Move], random.Random], Move]
Order = Callable[[Any, Sequence[Move]], Iterable[Move]]
Builder = Callable[[Any, random.Random], dict[str, Any]]
Valuer = Callable[[Any, int], float]
Reader = Callable[[Any, random.Random, int], list[dict[str, Any]] | None]


@dataclass(frozen=True)
class SearchSpec:
    """A game's sampling search in its parts, for code outside ``bot.ai`` that plays deals out
    from a seat's view the way ``hard`` does (a practice game's review, ``bot.learning.review``).

    ``deal`` makes a whole state (``ENGINE.from_json``'s) from the view, the unseen cards dealt
    at random by their counts; ``value`` is a seat's worth at a playout's end, in points;
    ``policy`` plays the playouts (the game's ``normal``); ``read`` deals ``n`` states at once as
    the game's ``hard`` does where that is not at random (Run Fast's reads the others' play, and
    gives None without a record of the whole deal), else None and ``deal`` deals each."""

    deal: Builder
    value: Valuer
    policy: Policy
    read: Reader | None = None


@dataclass(frozen=True)
class Budget:
    """How much a ``hard`` decision may search. ``samples`` deals of the hidden cards, each
    played out once per candidate for at most ``horizon`` decisions (None: to the round's end)."""

    samples: int
    horizon: int | None
    candidates: int


# The share of its budget a hard decision spends: 1, unless the computer workers have more
# decisions waiting than they can make at once (``bot.computers.pool``), when each searches less
# so that none keeps its table waiting long. A share cuts the deals drawn, never the moves
# compared: every candidate is still judged on the same deals.
SHARE: ContextVar[float] = ContextVar("budget_share", default=1.0)
MIN_SAMPLES = 2  # below this one unlucky deal decides


@contextmanager
def sharing(share: float) -> Iterator[None]:
    """Decide within ``share`` of the budget (0 < share <= 1) inside this block."""
    token = SHARE.set(min(1.0, max(share, 0.0)))
    try:
        yield
    finally:
        SHARE.reset(token)


def samples(budget: Budget) -> int:
    """How many deals a decision draws: the budget's, cut to the share the load allows."""
    share = SHARE.get()
    if share >= 1.0:
        return budget.samples
    return max(min(MIN_SAMPLES, budget.samples), round(budget.samples * share))


@dataclass(frozen=True)
class Preference:
    """A player stated as an order of preference: it makes the first legal move that
    ``order(view, moves)`` yields, else the first legal one. The order yields moves from among
    those it is offered (what else it yields is passed over, or refused by the check).

    Offered the legal moves (``__call__``), it is an ordinary policy, weighing those of them
    that ``own`` keeps (a rummy's legal moves list more melds than its players weigh). Offered
    the engine's unchecked ``candidate_moves`` (``play``), it checks only its favourites until
    one passes: the same move, since the order must rank any two moves alike whatever else is
    offered, and the moves it weighs are the candidates the check passes, in the same order
    (tests/ai/test_own_moves.py). That is how
    ``hard``'s playouts run ``normal`` (the lean path): checking every candidate is most of
    what listing the legal moves costs, and a playout needs only one. There ``order`` reads the
    engine's ``glance`` rather than its view: the fields it reads, built in a fraction of the
    time (``bot.games.rummy.Glance``; Mor and More, whose ``normal`` is a ``Preference``, have
    one).
    """

    order: Order
    # The legal moves the player weighs, of those it is offered (``bot.ai.rummy.own_moves``):
    # the engine's candidates, where the legal list holds more for a member's menu.
    own: Callable[[Any, Sequence[Move]], Sequence[Move]] | None = None

    def __call__(self, view: Any, legal: Sequence[Move], rng: random.Random) -> Move:
        if self.own is not None:
            legal = self.own(view, legal) or legal
        return next((m for m in self.order(view, legal) if m in legal), legal[0])

    def play(self, game: Any, seat: int) -> Move | None:
        """The move this player makes at ``game``'s turn of ``seat``, None if it has none."""
        moves = game.candidate_moves(seat)
        if not moves:
            return None
        # Not filtered by ``m in moves``, as ``__call__`` filters: the order yields what it is
        # offered, and each favourite is checked anyway. (Comparing each with the candidates
        # before it cost 1.1% of the instructions of Mor's and More's decisions.)
        favourites = self.order(game.glance(seat), moves)
        return next((m for m in chain(favourites, moves) if game.can(seat, m)), None)


def listing(policy: Policy) -> Policy:
    """``policy`` as a plain function, which a playout offers every legal move, each checked:
    the path before the lean one, for the bench and tests that compare the two."""

    def choose(view: Any, legal: Sequence[Move], rng: random.Random) -> Move:
        return policy(view, legal, rng)

    return choose


def unseen(deck: Iterable[Card], seen: Iterable[Card]) -> list[Card]:
    """The deck less every card the seat has seen, in a canonical order (independent of where the
    hidden cards really are: the fairness of ``hard`` rests on it)."""
    left = Counter(deck)
    left.subtract(Counter(seen))
    if any(n < 0 for n in left.values()):
        raise ValueError("The view shows more copies of a card than the deck holds.")
    # A deck's distinct cards have distinct sort keys, so equal keys are equal cards.
    return sorted(left.elements(), key=sort_key)


def deal(pool: Sequence[Card], sizes: Sequence[int], rng: random.Random) -> list[list[Card]]:
    """Shuffle ``pool`` and cut it into places of ``sizes`` (their sum must be the pool's size)."""
    if sum(sizes) != len(pool):
        raise ValueError(f"{len(pool)} unseen cards for places holding {sum(sizes)}.")
    cards = list(pool)
    rng.shuffle(cards)
    out, i = [], 0
    for n in sizes:
        out.append(cards[i : i + n])
        i += n
    return out


def seat_hands(
    view: SeatView, others: Sequence[int], dealt: Sequence[Sequence[Card]]
) -> list[list[str]]:
    """Every seat's hand in a sampled deal, as a table file writes them: the viewing seat's
    own as it holds it, each of ``others`` the cards dealt to it (``dealt`` in the order of
    ``others``; what is dealt after them, the stock and piles, is not a hand)."""
    hands: list[list[str]] = [[] for _ in range(view.n_seats)]
    hands[view.seat] = text_cards(view.hand)
    for s, cards in zip(others, dealt[: len(others)], strict=True):
        hands[s] = text_cards(cards)
    return hands


def deal_table(
    view: RummyView, places: Sequence[int], rng: random.Random
) -> tuple[list[list[str]], list[list[Card]]]:
    """A rummy table's hidden cards dealt at random: every other seat's hand, then ``places`` of
    those sizes (the stock, the side piles). A hand keeps the cards the table saw go into it
    (``view.shown``) and is filled up to its count from the unseen cards. Returns the hands as
    a table file writes them and the places' cards."""
    others = [s for s in range(view.n_seats) if s != view.seat]
    known = [list(view.shown[s]) if view.shown else [] for s in others]
    fill = [view.hand_counts[s] - len(cards) for s, cards in zip(others, known, strict=True)]
    if min(fill, default=0) < 0:
        raise ValueError("The view shows more cards in a hand than it holds.")
    seen = [*view.hand, *(c for m in view.melds for c in m.cards), *view.discard]
    seen += [c for cards in known for c in cards]
    dealt = deal(_unseen_106(tuple(seen)), [*fill, *places], rng)
    hands = [[*cards, *more] for cards, more in zip(known, dealt, strict=False)]
    return seat_hands(view, others, hands), dealt[len(others) :]


# Kept by the cards seen: a decision deals every one of its samples from the same view.
@kept(64)
def _unseen_106(seen: tuple[Card, ...]) -> tuple[Card, ...]:
    """``unseen`` in the rummies' deck of 106."""
    return tuple(unseen(deck_106(), seen))


# Kept by the view: a decision writes the same table's melds into every one of its samples.
# (One dict for all of them: a sample's state is read, never changed.)
@kept(50_000)
def meld_json(m: MeldView) -> dict[str, Any]:
    """A table meld as the engines store it (``TableMeld.to_json``), read back from its view: the
    view lists cards in table order and says which indexes hold wilds."""
    wild = {i for i, _ in m.wilds}
    naturals = [(i, c) for i, c in enumerate(m.cards) if i not in wild]
    suit, low, rank = None, 0, 0
    if m.kind == MeldKind.SET:
        rank = naturals[0][1].rank
    else:
        suit = naturals[0][1].suit
        plain = [(i, c) for i, c in naturals if c.rank != ACE]
        if plain:
            i, c = plain[0]
            low = c.rank - i
        else:  # only aces natural cannot happen (two naturals of a run differ), but be safe
            i, _ = naturals[0]
            low = 1 - i if i == 0 else 14 - i
    meld = {"kind": m.kind, "cards": text_cards(m.cards), "suit": suit, "low": low, "rank": rank}
    return {"id": m.id, "seat": m.seat, "meld": meld}


def search(
    view: View,
    candidates: Sequence[Move],
    rng: random.Random,
    *,
    engine: type[Engine],
    build: Builder,
    value: Valuer,
    policy: Policy,
    budget: Budget,
    keep_first: float = 0.0,
) -> Move:
    """The candidate with the best total value over ``samples(budget)`` determinizations.

    Ties keep the earlier candidate, so the first (``normal``'s own choice) wins unless another
    does strictly better on the same samples. With ``keep_first``, another must beat it by that
    much per sample: with few samples a lucky playout would otherwise overrule a heuristic that
    is right more often than not.
    """
    if len(candidates) == 1:
        return candidates[0]
    seat = view.seat
    totals = [0.0] * len(candidates)
    drawn = samples(budget)
    for _ in range(drawn):
        sample_seed = rng.getrandbits(64)
        state = build(view, random.Random(sample_seed))
        for k, move in enumerate(candidates):
            game = engine.from_json(state)
            game.apply(seat, move)
            playout(game, policy, sample_seed ^ 0x5EED, budget.horizon)
            totals[k] += value(game, seat)
    totals[0] += keep_first * drawn
    best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
    return candidates[best]


def playout(game: Any, policy: Policy, seed: int, horizon: int | None) -> int:
    """Play ``policy`` for every seat until the round ends or ``horizon`` decisions are made;
    the number made. A ``Preference`` plays on the engine's candidates (its lean path); any
    other policy draws its random choices from a generator seeded with ``seed``."""
    play: Callable[[Any, int], Move | None]
    if isinstance(policy, Preference):
        # It draws nothing, so no generator is seeded: one for each of a decision's playouts
        # was 1.4% of More's instructions.
        play = policy.play
    else:
        rng = random.Random(seed)

        def play(game: Any, seat: int) -> Move | None:
            legal = game.legal_moves(seat)
            return policy(game.view(seat), legal, rng) if legal else None

    steps = 0
    while not game.round_over and (horizon is None or steps < horizon):
        seat = game.turn
        move = play(game, seat)
        if move is None:
            break
        game.apply(seat, move)
        steps += 1
    return steps


def distinct(moves: Iterable[Move], limit: int) -> list[Move]:
    out: list[Move] = []
    for m in moves:
        if m not in out:
            out.append(m)
        if len(out) >= limit:
            break
    return out


def header(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """A neutral header for a sampled state: the sample never deals, so the seed is irrelevant."""
    return {"game": game, "rules_version": 1, "options": dict(options), "seed": 0}


def refine(
    first: Move, candidates: Sequence[Move], view: View, rng: random.Random, **how: Any
) -> Move:
    """``hard``'s decision: ``normal``'s move ``first`` unless ``search`` (with ``how``) finds a
    better candidate. Nothing to compare, or a view whose counts can't be dealt into a sample,
    leaves ``normal``'s move."""
    if len(candidates) <= 1:
        return first
    try:
        return search(view, candidates, rng, **how)
    except ValueError:
        return first


# ---------------------------------------------------------------- memory

# Whether ``settle`` freezes the survivors of each hard decision: None until first asked, then
# True in a child process (the bot's computer workers, the ladder's jobs), which only decide.
# The ladder and self-play switch it on in their own process too.
FREEZE: bool | None = None


def settle() -> None:
    """After a hard decision: collect its garbage and move what survives out of the collector's
    sight (``gc.freeze``).

    The survivors are mostly entries of the meld and judgement caches, kept for good. Left to the
    collector, every full collection walks all of them, and a worker's caches grow to millions of
    objects: the decisions that paid for such a walk were the slowest (up to 2.6 s of CPU in Mor,
    most of it the collector). Frozen, they are never walked again, and each decision's own
    collection walks only what that decision made, a few milliseconds. Only in processes that do
    nothing but decide: in the bot's own process, objects that later form garbage cycles would
    never be freed.
    """
    global FREEZE
    if FREEZE is None:
        FREEZE = multiprocessing.parent_process() is not None
    if FREEZE:
        gc.collect()
        gc.freeze()
