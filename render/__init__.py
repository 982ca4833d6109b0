"""Pictures of the table, a hand and a round's score sheet, drawn with Pillow.

Every function here is pure (view in, PNG bytes out) and safe to run in ``asyncio.to_thread``.
Card faces, fonts and text are built once and cached; see DESIGN.md section 5.
"""

from render.hand import hand_order, render_hand
from render.score import render_score_sheet
from render.style import CardStyle
from render.table import render_table

__all__ = ["CardStyle", "hand_order", "render_hand", "render_score_sheet", "render_table"]
