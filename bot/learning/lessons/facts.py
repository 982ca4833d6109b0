"""What a wrong lesson answer did, in one or two sentences worked out from the move itself.

A step's ``rule`` text says what the step teaches and holds whatever the learner tried; the facts
here say what *this* move did: the cards it threw, laid or played, the cards it left in the hand,
what the meld it touched became. Every card and number is read from the move and from the
position it left, never written beforehand for one expected mistake (a text written for one
wrong move once told another "the K♣ stays" while the 10♣ did).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import (
    Add,
    Discard,
    Draw,
    Engine,
    Event,
    Lay,
    Meld,
    Move,
    Pass,
    Play,
    Played,
    Return,
    Swap,
    Take,
)
from bot.games.cards import Card
from bot.games.notation import move_text
from bot.i18n import t

# The events whose absence means the hand was not emptied: the side pile comes, or the round
# ends, only when the last card leaves the hand.
EMPTYING = ("TookSidePile", "RoundOver")


def faces(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def laid(move: Move) -> str:
    """The cards a laying move put down, meld by meld."""
    if isinstance(move, Lay):
        groups = [faces(m) for m in move.melds] + [faces(a.cards) for a in move.adds]
        return " + ".join(groups)
    return faces(getattr(move, "cards", ()))


def what_it_did(move: Move, lang: str) -> str:
    """The move in words: "You threw the 6♠.", "You laid A♠ A♥ A♦ + J♣ Q♣ K♣." ..."""
    if isinstance(move, Discard):
        return t("lesson_fact.threw", lang, card=move.card.pretty)
    if isinstance(move, Draw):
        return t("lesson_fact.drew", lang)
    if isinstance(move, Take):
        return t("lesson_fact.took", lang)
    if isinstance(move, Return):
        return t("lesson_fact.returned", lang)
    if isinstance(move, Pass):
        return t("console.runfast.ev.passed.you", lang)  # the table's own words
    if isinstance(move, Play):
        return t("lesson_fact.played", lang, cards=faces(move.cards))
    if isinstance(move, Swap):
        return t("lesson_fact.swapped", lang, cards=faces(move.cards))
    if isinstance(move, Add):
        # An addition says which meld it went to: "You laid 🃏" read as a new meld (the second
        # Mor newcomer's finding 6).
        return t("lesson_fact.added", lang, cards=laid(move), meld=move.meld)
    if isinstance(move, Meld | Lay):
        return t("lesson_fact.laid", lang, cards=laid(move))
    return t("lesson_fact.move", lang, move=move_text(move))


def meld_fact(melds: Sequence[Mapping[str, Any]], wanted: Mapping[str, Any], lang: str) -> str:
    """What the touched meld is now, for the field the step asks about (a Mor project, a More
    biriba)."""
    meld = melds[0] if melds else {}
    if "project" in wanted:
        value = meld.get("project")
        if value:
            return t("lesson_fact.project", lang, points=value)
        return t("lesson_fact.no_project", lang)
    if "biriba" in wanted:
        kind = meld.get("biriba")
        if kind:
            return t(f"lesson_fact.biriba_{kind}", lang)
        return t("lesson_fact.no_biriba", lang)
    return ""


def missed(
    goal: Any, move: Move, events: Sequence[Event], engine: Engine, seat: int, lang: str
) -> str:
    """The sentence for the first part of ``goal`` the allowed ``move`` did not reach, from the
    position ``engine`` it left; "" when the kind of move already says it."""
    if goal.do and move.do not in goal.do:
        return ""
    hand = engine.view(seat).hand
    happened = {type(e).__name__ for e in events}
    lacking = set(goal.events) - happened
    if (lacking & set(EMPTYING) or goal.hand_left is not None) and hand:
        return t("lesson_fact.left", lang, cards=faces(hand))
    if goal.played is not None and not any(
        isinstance(e, Played) and e.kind == goal.played for e in events
    ):
        return t("lesson_fact.no_bomb", lang)
    if goal.meld:
        touched = {getattr(e, "meld", None) for e in events} - {None}
        melds = [m for m in engine.scenario_state()["melds"] if m["id"] in touched]
        return meld_fact(melds, goal.meld, lang)
    return ""


def wrong_facts(
    goal: Any, move: Move, events: Sequence[Event], engine: Engine, seat: int, lang: str
) -> str:
    """What the allowed but wrong ``move`` did, and where it fell short of the step's goal."""
    said = [what_it_did(move, lang), missed(goal, move, events, engine, seat, lang)]
    return " ".join(s for s in said if s)
