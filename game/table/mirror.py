"""The pymunk space the player sees: a mirror of the Table, for the eye only.

Imported only by the UI; ``pymunk`` itself is imported lazily when a Mirror is
built, so headless runs never load it.  No rule outcome comes from here
(TABLE-GEOMETRY.md): the space follows the state, it never leads it.

* the table's edges and the ``sensors`` tags (e.g. a finish line): static
  2-vertex ``Poly`` shapes (not ``Segment``: pitfall 3); sensors do not collide;
* the ``dynamic`` tags (e.g. critters a doomwheel tosses): dynamic bodies;
* everything else (bases, obstacles): kinematic bodies (they don't push each
  other), moved with ``sync`` which sets position and angle and then calls
  ``space.reindex_shapes_for_body`` (pitfall 7).

Every shape's ``collision_type`` is its tag, for ``Mirror.on_collision``
(pymunk 7's ``Space.on_collision``).
"""

from __future__ import annotations

import math
from typing import Any, Callable

from game.table.geometry import CIRCLE, RECT, Shape
from game.table.table import Table


class Mirror:
    """A pymunk space holding one body per thing of a Table."""

    def __init__(self, table: Table | None = None, damping: float = 0.5, sensors: int = 0,
                 dynamic: int = 0, static: int = 0) -> None:
        """Mirror ``table`` (if given).  Tags: ``static`` (and the table's edges
        and the ``sensors``) get static shapes, ``sensors`` do not collide,
        ``dynamic`` get dynamic bodies; all others kinematic bodies."""
        import pymunk

        self._pm: Any = pymunk
        self.space: Any = pymunk.Space()
        self.space.damping = damping
        self._bodies: dict[str, Any] = {}
        self._shapes: dict[str, list[Any]] = {}
        self._sensors: int = int(sensors)
        self._dynamic: int = int(dynamic)
        self._static: int = int(static) | self._sensors | (table.edge_kind if table is not None else 0)
        if table is not None:
            for id in table.ids():
                self.add(id, table.kind(id), table.shape(id))

    # ------------------------------------------------------------ contents

    def add(self, id: str, kind: int, shape: Shape) -> None:
        """Mirror one thing (replacing it if already there)."""
        pm = self._pm
        if id in self._shapes:
            self.remove(id)
        k = int(kind)
        if k & self._static:
            body = self.space.static_body
            if shape.kind == CIRCLE:
                shapes = [pm.Circle(body, shape.radius, (shape.cx, shape.cy))]
            else:
                shapes = [pm.Poly(body, list(zip(shape.xs, shape.ys)))]
            if k & self._sensors:
                shapes[0].sensor = True
            self._bodies[id] = body
        else:
            if k & self._dynamic:
                body = pm.Body()  # dynamic; mass from the shape's density
            else:
                body = pm.Body(body_type=pm.Body.KINEMATIC)
            body.position = (shape.cx, shape.cy)
            if shape.kind == CIRCLE:
                shapes = [pm.Circle(body, shape.radius)]
            else:
                if shape.kind == RECT:
                    body.angle = math.radians(shape.heading)
                    c = math.cos(body.angle)
                    s = math.sin(body.angle)
                else:
                    c = 1.0
                    s = 0.0
                # vertices in the body's frame
                local = []
                for x, y in zip(shape.xs, shape.ys):
                    rx = x - shape.cx
                    ry = y - shape.cy
                    local.append((rx * c + ry * s, -rx * s + ry * c))
                shapes = [pm.Poly(body, local)]
            for sh in shapes:
                sh.density = 1.0
            self.space.add(body)
            self._bodies[id] = body
        for sh in shapes:
            sh.collision_type = k
            sh.friction = 0.5
        self.space.add(*shapes)
        self._shapes[id] = shapes

    def remove(self, id: str) -> None:
        shapes = self._shapes.pop(id)
        body = self._bodies.pop(id)
        self.space.remove(*shapes)
        if body is not self.space.static_body:
            self.space.remove(body)

    def has(self, id: str) -> bool:
        return id in self._shapes

    def body(self, id: str) -> Any:
        """The pymunk Body of ``id`` (the space's static body for edges)."""
        return self._bodies[id]

    def shapes(self, id: str) -> list[Any]:
        return list(self._shapes[id])

    # ------------------------------------------------------------ motion

    def sync(self, id: str, x: float, y: float, heading: float) -> None:
        """Place ``id`` at (x, y) with ``heading`` degrees (for polygons and
        circles: the turn from the orientation they were added with)."""
        body = self._bodies[id]
        body.position = (x, y)
        body.angle = math.radians(heading)
        self.space.reindex_shapes_for_body(body)

    def step(self, dt: float) -> None:
        self.space.step(dt)

    def on_collision(self, kind_a: int | None = None, kind_b: int | None = None,
                     begin: Callable[..., None] | None = None,
                     pre_solve: Callable[..., None] | None = None,
                     post_solve: Callable[..., None] | None = None,
                     separate: Callable[..., None] | None = None,
                     data: Any = None) -> None:
        """Cosmetic collision callbacks between two kinds (pymunk 7 API;
        callbacks take (arbiter, space, data) and return nothing)."""
        self.space.on_collision(
            None if kind_a is None else int(kind_a),
            None if kind_b is None else int(kind_b),
            begin=begin, pre_solve=pre_solve, post_solve=post_solve, separate=separate,
            data=data,
        )


__all__ = ["Mirror"]
