"""Reading the other seats' play in Run Fast: deals of the hidden hands that explain it.

Three hands of 16 use the whole deck, so a seat always knows which cards are hidden; what it
does not know is which of the other two holds each. Every play and pass of the deal is public
(the view's ``history``), and each says something about the hand that made it:

- a **pass** says the seat held nothing that beat the play (specification §4: who can beat must), a
  certainty for any player;
- a **play** says more if the seat plays as ``normal`` would: the chance of a hand is higher
  when it makes the play ``normal`` would have made from it. The model: one of ``normal``'s best
  plays with chance ``1 - DEVIATE``, otherwise any legal play alike (``DEVIATE`` keeps a hand
  that explains most of the plays likely against a player who is not ``normal``).

A deal is drawn by a Metropolis chain over who holds each hidden card: the two hands swap a card
and the swap is kept with the chance the model gives the new pair of hands against the old. Suits
never rank, so hands are judged on their counts per power, and ``normal``'s choice is worked out
on counts too (``best_shapes``), as ``normal`` itself judges plays (``runfast_counts.judge``).
The hand a seat held at any past decision is its hand now plus what it played from then on, so
every past decision is judged without replaying the deal.

Everything here reads only the view: the hidden cards enter as a canonical pool (``unseen``), so
reshuffling what the seat cannot see never changes a deal drawn, hence never a decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from bot.ai.runfast_counts import (
    N_POWERS,
    Counts,
    Shape,
    ahead,
    answers,
    counts_of,
    danger,
    steps,
    whole_deal,
)
from bot.ai.search import unseen
from bot.games.cards import Card, deck_48
from bot.games.runfast import RunFastView
from bot.games.runfast_combos import LOW, Combo, power

# The chance a seat plays other than ``normal`` would, any legal play alike. Tuned on tuning
# deals against ``normal`` and the previous ``hard`` (README, Computer players).
DEVIATE = 0.1
# Who a seat may be, as (chance, sharp, top): a player who makes ``normal``'s own play with
# chance ``sharp`` and otherwise any of ``normal``'s first ``top`` plays alike (a player who
# searches, such as ``hard``, picks among those), each but ``DEVIATE`` of the time. A seat is
# one of them for the whole deal; which, its plays tell.
PLAYERS: tuple[tuple[float, float, int], ...] = ((1.0, 1.0, 1),)
# A pass by a seat that could have beaten the play is against the rules; a deal that says so is
# kept only as a last resort (this factor per such pass), so the chain can walk away from it.
IMPOSSIBLE = 1e-6
# Steps of the chain before its first deal is kept, and between two kept deals. Deals kept 6
# steps apart were too alike to count as 24 (0.564 against normal on 60 tuning deals, 20 apart
# 0.596 and 0.613 in two runs); keeping a deal after 10 accepted swaps if that came sooner
# measured 0.569 and saved no time. 40 apart lose 0.16 +- 0.13 points a decision less than 20
# against the exact future (780 positions of tuning deals, README), within the CPU budget now
# that the deals are played out on counts.
BURN_IN = 400
THIN = 40


@dataclass(frozen=True)
class Decision:
    """One past decision of a seat, as the seat faced it: the play to beat (None: it led), the
    game's opening, whether the next player was about to go out (``normal``'s danger), what it
    did (None: a pass) and what it has played since (its hand then is its hand now plus that)."""

    table: Combo | None
    opening: bool
    danger: bool
    made: Shape | None
    since: Counts


# ---------------------------------------------------------------- the deal's record


def decisions(view: RunFastView) -> dict[int, list[Decision]] | None:
    """Every past decision of each other seat, newest first, or None when the view's record does
    not cover the whole deal (a game started from a table file's position: its hands then are
    not known)."""
    record = steps(view)
    if record is None or not whole_deal(record[0].counts if record else view.hand_counts):
        return None
    out: dict[int, list[Decision]] = {s: [] for s in range(view.n_seats) if s != view.seat}
    # What each seat played from each of its decisions on (that decision's play included).
    later = {s: [0] * N_POWERS for s in out}
    for step in reversed(record):
        if step.seat == view.seat:
            continue
        made = counts_of(step.cards) if step.cards else None
        if made is not None:
            later[step.seat] = [a + b for a, b in zip(later[step.seat], made, strict=True)]
        at_risk = danger(step.counts, step.seat, step.table is None)
        out[step.seat].append(
            Decision(step.table, step.opening, at_risk, made, tuple(later[step.seat]))
        )
    # Newest first: the hands then are smallest, quickest to judge, and a chain step that fails
    # stops early (``log_chance``'s floor).
    return out


def log_chance(hand: Counts, past: Sequence[Decision], floor: float = -math.inf) -> float:
    """How well ``hand`` (a seat's hand now) explains the seat's past decisions: the log of the
    model's chance of them all, the seat being one of ``PLAYERS`` for the whole deal. Every term
    is at most 0, so once every player's sum falls below ``floor`` the largest is returned as it
    stands (the chain only needs to know it is below)."""
    totals = [0.0] * len(PLAYERS)
    top = max(t for _, _, t in PLAYERS)
    for d in past:
        then = tuple(a + b for a, b in zip(hand, d.since, strict=True))
        legal = len(answers(then, d.table, d.opening))
        if d.made is None:
            if legal:
                totals = [t + _LOG_IMPOSSIBLE for t in totals]
        elif legal > 1:
            rank = ahead(then, d.table, d.opening, d.danger, d.made, top)
            totals = [
                t + _log_play(rank, legal, sharp, first)
                for t, (_, sharp, first) in zip(totals, PLAYERS, strict=True)
            ]
        if max(totals) < floor:
            return max(totals)
    if len(totals) == 1:
        return totals[0]
    most = max(totals)
    return most + math.log(
        sum(w * math.exp(t - most) for t, (w, _, _) in zip(totals, PLAYERS, strict=True))
    )


_LOG_IMPOSSIBLE = math.log(IMPOSSIBLE)


def _log_play(rank: int, legal: int, sharp: float, top: int) -> float:
    """The log of a player's chance of a play ``rank`` places down ``normal``'s order, among
    ``legal`` plays: ``normal``'s own with chance ``sharp``, else any of its first ``top``
    alike, all of it but ``DEVIATE``, which goes to any play alike."""
    chance = DEVIATE / legal
    if rank == 0:
        chance += (1.0 - DEVIATE) * sharp
    if rank < top:
        chance += (1.0 - DEVIATE) * (1.0 - sharp) / top
    return math.log(chance)


# ---------------------------------------------------------------- the chain


def read_deals(view: RunFastView, rng: random.Random, n: int) -> list[list[list[Card]]] | None:
    """``n`` deals of every hand (this seat's own as it is), the other two drawn by the chain
    from what their play says; None without a record of the whole deal."""
    others = [s for s in range(view.n_seats) if s != view.seat]
    pool = unseen(deck_48(), [*view.hand, *view.played_cards])
    past = decisions(view)
    if past is None:
        return None
    a_seat, b_seat = others
    size_a = view.hand_counts[a_seat]
    if size_a in (0, len(pool)):  # nothing to place: one hand holds every hidden card
        return [_hands(view, others, list(pool)) for _ in range(n)]
    by_power: list[list[Card]] = [[] for _ in range(N_POWERS)]
    for c in pool:
        by_power[power(c) - LOW].append(c)
    total = counts_of(pool)
    start = _shuffled(pool, rng)
    a = list(counts_of(start[:size_a]))
    memo: dict[tuple[int, Counts], float] = {}

    def chance(seat: int, hand: Counts, floor: float) -> float:
        """``log_chance`` of ``hand`` for ``seat``, remembered once worked out in full."""
        key = (seat, hand)
        known = memo.get(key)
        if known is not None:
            return known
        value = log_chance(hand, past[seat], floor)
        if value >= floor:
            memo[key] = value
        return value

    def score(a: Sequence[int], floor: float = -math.inf) -> float:
        """The log chance of the pair of hands, or some value below ``floor``."""
        first = chance(a_seat, tuple(a), floor)
        if first < floor:
            return first
        b = tuple(t - x for t, x in zip(total, a, strict=True))
        return first + chance(b_seat, b, floor - first)

    current = score(a)
    size_b = len(pool) - size_a
    deals: list[list[list[Card]]] = []
    for step in range(BURN_IN + THIN * (n - 1) + 1):
        # Swap a card of A's (each alike) for a card of B's: the same chance either way round.
        p = _pick(a, size_a, rng)
        q = _pick([t - x for t, x in zip(total, a, strict=True)], size_b, rng)
        if p != q:
            a[p] -= 1
            a[q] += 1
            # Metropolis: keep the swap with chance min(1, new/old), i.e. when the new log
            # chance clears the old one plus log(u); past that bar the sum need not be finished.
            bar = current + math.log(1.0 - rng.random())
            proposed = score(a, bar)
            if proposed >= bar:
                current = proposed
            else:
                a[p] += 1
                a[q] -= 1
        if step >= BURN_IN and (step - BURN_IN) % THIN == 0:
            deals.append(_from_counts(view, others, a, by_power, rng))
    return deals


def _pick(counts: Sequence[int], size: int, rng: random.Random) -> int:
    """A power, each card held alike."""
    k = rng.randrange(size)
    for i, n in enumerate(counts):
        if k < n:
            return i
        k -= n
    raise AssertionError("counts add up to less than size")


def _shuffled(pool: Sequence[Card], rng: random.Random) -> list[Card]:
    cards = list(pool)
    rng.shuffle(cards)
    return cards


def _hands(view: RunFastView, others: Sequence[int], dealt: Sequence[Card]) -> list[list[Card]]:
    hands: list[list[Card]] = [[] for _ in range(view.n_seats)]
    hands[view.seat] = list(view.hand)
    i = 0
    for s in others:
        hands[s] = list(dealt[i : i + view.hand_counts[s]])
        i += view.hand_counts[s]
    return hands


def _from_counts(
    view: RunFastView,
    others: Sequence[int],
    a: Sequence[int],
    by_power: Sequence[Sequence[Card]],
    rng: random.Random,
) -> list[list[Card]]:
    """A deal with ``a`` cards of each power to the first other seat, the rest to the second
    (which suits go where is shuffled: suits never rank)."""
    first: list[Card] = []
    second: list[Card] = []
    for i, cards in enumerate(by_power):
        mixed = _shuffled(cards, rng) if len(cards) > 1 else list(cards)
        first.extend(mixed[: a[i]])
        second.extend(mixed[a[i] :])
    return _hands(view, others, [*first, *second])
