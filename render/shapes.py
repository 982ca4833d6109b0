"""Suit symbols and small icons drawn as polygons and ellipses, supersampled for clean edges.

No font has to carry ♠♥♦♣ (the Noto Sans families don't): every symbol is geometry in a unit
square, drawn SUPERSAMPLE times larger and reduced, and cached per size and colour.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from PIL import Image, ImageDraw

SUPERSAMPLE = 4

Point = tuple[float, float]
Painter = Callable[[ImageDraw.ImageDraw, Callable[[float, float], Point], float], None]


def _circle(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], cx: float, cy: float, r: float
) -> None:
    x0, y0 = at(cx - r, cy - r)
    x1, y1 = at(cx + r, cy + r)
    draw.ellipse((x0, y0, x1, y1), fill=255)


def _poly(draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], pts: list[Point]) -> None:
    draw.polygon([at(x, y) for x, y in pts], fill=255)


def _heart(draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], _: float) -> None:
    _circle(draw, at, 0.285, 0.33, 0.245)
    _circle(draw, at, 0.715, 0.33, 0.245)
    _poly(draw, at, [(0.055, 0.42), (0.5, 0.96), (0.945, 0.42), (0.5, 0.3)])


def _spade(draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], _: float) -> None:
    _circle(draw, at, 0.285, 0.56, 0.225)
    _circle(draw, at, 0.715, 0.56, 0.225)
    _poly(draw, at, [(0.065, 0.5), (0.5, 0.03), (0.935, 0.5), (0.5, 0.7)])
    _poly(draw, at, [(0.5, 0.62), (0.34, 0.97), (0.66, 0.97)])


def _diamond(draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], _: float) -> None:
    # Slightly concave sides, as printed pips are, so it reads as a diamond and not a square.
    pts: list[Point] = []
    corners = [(0.5, 0.02), (0.86, 0.5), (0.5, 0.98), (0.14, 0.5)]
    for i, (x0, y0) in enumerate(corners):
        x1, y1 = corners[(i + 1) % 4]
        for k in range(8):
            t = k / 8
            bow = 0.045 * math.sin(math.pi * t)
            mx, my = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            pts.append((mx + (0.5 - mx) * bow * 2, my + (0.5 - my) * bow * 2))
    _poly(draw, at, pts)


def _club(draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], _: float) -> None:
    _circle(draw, at, 0.5, 0.26, 0.215)
    _circle(draw, at, 0.265, 0.6, 0.215)
    _circle(draw, at, 0.735, 0.6, 0.215)
    _circle(draw, at, 0.5, 0.52, 0.13)
    _poly(draw, at, [(0.5, 0.5), (0.35, 0.97), (0.65, 0.97)])


def _star(draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], _: float) -> None:
    pts = []
    for k in range(10):
        r = 0.49 if k % 2 == 0 else 0.2
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((0.5 + r * math.cos(a), 0.53 + r * math.sin(a)))
    _poly(draw, at, pts)


def _check(draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], _: float) -> None:
    _poly(draw, at, [(0.06, 0.55), (0.2, 0.4), (0.4, 0.6), (0.8, 0.14), (0.95, 0.28), (0.4, 0.88)])


def _arrow(draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], _: float) -> None:
    _poly(draw, at, [(0.12, 0.08), (0.92, 0.5), (0.12, 0.92)])


def _dot(draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], _: float) -> None:
    _circle(draw, at, 0.5, 0.5, 0.46)


def _cross(draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], _: float) -> None:
    _poly(draw, at, [(0.1, 0.22), (0.22, 0.1), (0.9, 0.78), (0.78, 0.9)])
    _poly(draw, at, [(0.78, 0.1), (0.9, 0.22), (0.22, 0.9), (0.1, 0.78)])


SHAPES: dict[str, Painter] = {
    "S": _spade,
    "H": _heart,
    "D": _diamond,
    "C": _club,
    "star": _star,
    "check": _check,
    "arrow": _arrow,
    "dot": _dot,
    "cross": _cross,
}


@functools.cache
def shape_mask(kind: str, size: int) -> Image.Image:
    """An "L" mask of a shape filling a ``size`` x ``size`` square."""
    big = size * SUPERSAMPLE
    mask = Image.new("L", (big, big))
    draw = ImageDraw.Draw(mask)

    def at(x: float, y: float) -> Point:
        return (x * big, y * big)

    SHAPES[kind](draw, at, big)
    return mask.reduce(SUPERSAMPLE)


@functools.cache
def shape_sprite(kind: str, size: int, colour: tuple[int, int, int]) -> Image.Image:
    """The shape as an RGBA sprite in one colour."""
    sprite = Image.new("RGBA", (size, size), (*colour, 255))
    sprite.putalpha(shape_mask(kind, size))
    return sprite


@functools.cache
def rounded_box(
    size: tuple[int, int],
    radius: int,
    fill: tuple[int, int, int, int],
    outline: tuple[int, int, int, int] | None = None,
    outline_width: int = 0,
) -> Image.Image:
    """An anti-aliased rounded rectangle sprite (Pillow draws them aliased at 1x)."""
    w, h = size
    # The clear background takes the edge colour so averaging down leaves no dark fringe.
    edge = outline if outline is not None and outline_width else fill
    big = Image.new("RGBA", (w * SUPERSAMPLE, h * SUPERSAMPLE), (*edge[:3], 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, w * SUPERSAMPLE - 1, h * SUPERSAMPLE - 1),
        radius * SUPERSAMPLE,
        fill=fill,
        outline=outline,
        width=outline_width * SUPERSAMPLE,
    )
    return big.reduce(SUPERSAMPLE)
