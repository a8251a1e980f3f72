"""Headings in degrees, shared by every ruleset and the window: 0 degrees points along
+x and angles grow toward +y (the table's convention)."""

from __future__ import annotations

import math


def unit(heading: float) -> tuple[float, float]:
    """The unit vector of a heading."""
    a = math.radians(heading)
    return math.cos(a), math.sin(a)


def angle_diff(a: float, b: float) -> float:
    """Signed smallest rotation from b to a, in (-180, 180]."""
    d = (a - b) % 360.0
    return d - 360.0 if d > 180.0 else d


def norm_heading(h: float) -> float:
    """A heading in [0, 360)."""
    h = h % 360.0
    return 0.0 if abs(h - 360.0) < 1e-12 else h


def lerp_angle(a: float, b: float, f: float) -> float:
    """The heading a fraction `f` of the way from a to b, the short way round."""
    d = (b - a + 180.0) % 360.0 - 180.0
    return a + d * f
