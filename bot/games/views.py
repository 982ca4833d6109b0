"""The four games' views by one name, for code that reads a view's own fields.

``Engine.view`` promises a ``View``: every one is a ``SeatView`` (the fields every game shows); a
reader that needs a game's own fields (Mor's meters, More's bids, Hand's opened seats, Run Fast's
trick) tells them apart by type (``match view: case MorView(): ...``) rather than by
``getattr``. The rummies' views share ``RummyView`` (melds, piles and sides).
"""

from __future__ import annotations

from bot.games.hand import HandView
from bot.games.mor import MorView
from bot.games.more3 import More3View
from bot.games.rummy import RummyView
from bot.games.runfast import RunFastView

View = MorView | More3View | HandView | RunFastView

__all__ = ["HandView", "MorView", "More3View", "RummyView", "RunFastView", "View"]
