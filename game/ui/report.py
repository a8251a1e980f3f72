"""The race report (issue 7, item 5): a PNG of the course with each racer's trail
from a replay, a mark wherever a life was lost (the Wild Race) or a wound taken (the
Doomwheel Race), and the final standings beside it.

    python -m game report REPLAY --out race.png [--game N]

`trace(record)` re-plays a game record (checked as a replay is) and collects the
trails and the marks in inches; `render(report, size)` draws them on the course
picture of game.ui.table_view.course_preview; `save_report(path, ...)` writes the PNG.
"""

from __future__ import annotations

import math

import os
from dataclasses import dataclass, field
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game.core.errors import BadInput  # noqa: E402
from game.core.record import Divergence, Entry, GameRecord, replay_history  # noqa: E402
from game.names import seat_looks  # noqa: E402
from game.save.games import new_state_from_setup  # noqa: E402

Point = tuple[float, float]
PANEL = 300  # px: the standings beside the course
LOSS = (250, 250, 250)
LOSS_EDGE = (20, 20, 24)


@dataclass
class Trail:
    racer: str
    name: str
    player: str
    seat: int  # seat index (its colour and marker)
    points: list[Point] = field(default_factory=list)


@dataclass
class Mark:
    racer: str
    at: Point
    what: str  # "life" | "wound" | "destroyed" | "casualty"


@dataclass
class Report:
    ruleset: str
    course: Any
    title: str
    trails: dict[str, Trail]
    marks: list[Mark]
    standings: list[str]  # lines, best first
    colours: dict[str, int]  # player -> palette index
    # where each course obstacle ended (x, y, rotation), None if it was removed; the
    # Wild Race's scenery creeps and is recycled (obstacles absent here did not move)
    obstacles_end: dict[str, tuple[float, float, float] | None] = field(default_factory=dict)


def _parts(ruleset: str) -> Any:
    """The ruleset's report parts (its ui room's `report`: a module with pieces(state),
    on_table(state, piece id), standings(outcome, state, names), MARK and MARKS)."""
    from game.core import registry
    registry.load("ui")
    return registry.get(ruleset).hook("report")


def trace(record: GameRecord, source: str = "replay") -> Report:
    """Re-play `record` and collect each racer's trail and the marks (BadInput for a
    setup that cannot be built or a record that does not re-play)."""
    rules, state = new_state_from_setup(record.setup, source, "setup")
    ruleset = rules.name
    parts = _parts(ruleset)
    seats = {s.player: i for i, s in enumerate(record.setup.seats)}
    colours, names = seat_looks(record.setup.seats)  # as drawn, named as drawn (never "Green" on yellow)
    trails: dict[str, Trail] = {}
    for rid, piece in parts.pieces(state).items():
        label = getattr(piece, "name", None) or names.get(piece.player, rid)
        trails[rid] = Trail(rid, label, piece.player, seats.get(piece.player, 0))
    marks: list[Mark] = []

    def note(_i: int, _e: Entry, events: list[Any]) -> None:
        pieces = parts.pieces(state)
        for rid, piece in pieces.items():
            if not parts.on_table(state, rid):
                continue
            p = (float(piece.x), float(piece.y))
            pts = trails[rid].points
            if not pts or pts[-1] != p:
                pts.append(p)
        for ev in events:
            kind = type(ev).__name__
            who = getattr(ev, "racer", None) or getattr(ev, "wheel", None)
            if not isinstance(who, str) or who not in pieces:
                continue
            at = (float(pieces[who].x), float(pieces[who].y))
            if kind == "LifeLost":
                marks.append(Mark(who, at, "life"))
            elif kind == "WoundsChanged" and ev.after < ev.before:
                marks.append(Mark(who, at, "wound"))

    for rid, piece in parts.pieces(state).items():
        if parts.on_table(state, rid):
            trails[rid].points.append((float(piece.x), float(piece.y)))
    try:
        replay_history(rules, state, record, on_step=note)
    except Divergence as d:
        raise BadInput(source, d.field or "checkpoints", f"turn {d.turn}: {d.reason}") from None
    ends: dict[str, tuple[float, float, float] | None] = {}
    for o in state.course.obstacles:
        now = getattr(state, "obstacles", {}).get(o.id)
        if now is None or now.removed:
            ends[o.id] = None if now is not None else (o.x, o.y, o.rotation)
        else:
            ends[o.id] = (now.x, now.y, now.rotation)
    return Report(ruleset, state.course, _title(record, state), trails, marks,
                  parts.standings(rules.outcome(state), state, names), colours, ends)


def _title(record: GameRecord, state: Any) -> str:
    from game.core import registry
    return f"{registry.get(record.setup.ruleset).title} on {state.course.name}: {state.turn} turns"


# --------------------------------------------------------------------------- drawing

@dataclass(frozen=True)
class Frame:
    """Table inches -> pixels of the course picture (course_preview's own fit)."""

    ox: float
    oy: float
    ppi: float

    def px(self, p: Point) -> Point:
        return ((p[0] - self.ox) * self.ppi, (self.oy - p[1]) * self.ppi)


def frame_of(course: Any, size: tuple[int, int]) -> Frame:
    """The same fit as game.ui.table_view.course_preview."""
    xs = [p[0] for p in course.outline()]
    ys = [p[1] for p in course.outline()]
    minx, miny, maxx, maxy = min(xs), min(ys), max(xs), max(ys)
    pad = 2.0
    ppi = min(size[0] / (maxx - minx + 2 * pad), size[1] / (maxy - miny + 2 * pad))
    ox = minx - pad - (size[0] / ppi - (maxx - minx + 2 * pad)) / 2
    oy = maxy + pad + (size[1] / ppi - (maxy - miny + 2 * pad)) / 2
    return Frame(ox, oy, ppi)


def trail_width(frame: Frame) -> int:
    return max(3, round(frame.ppi * 0.18))


def render(rep: Report, size: tuple[int, int] = (1000, 720)) -> pygame.Surface:
    """The report picture: the course at `size`, the standings panel to its right."""
    from game.ui import art
    from game.ui.table_view import course_preview
    surf = pygame.Surface((size[0] + PANEL, size[1]))
    surf.fill((28, 30, 36))
    surf.blit(course_preview(rep.course, size, obstacles=False), (0, 0))
    frame = frame_of(rep.course, size)
    _obstacles(surf, rep, frame)
    w = trail_width(frame)
    for t in rep.trails.values():
        col = art.player_colour(rep.colours.get(t.player, t.seat))
        pts = [frame.px(p) for p in t.points]
        if len(pts) >= 2:
            pygame.draw.lines(surf, col, False, pts, w)
            for p in pts:
                pygame.draw.circle(surf, col, p, w / 2)
    for t in rep.trails.values():
        if t.points:
            idx = rep.colours.get(t.player, t.seat)
            art.draw_marker(surf, idx, frame.px(t.points[-1]), max(6.0, frame.ppi * 0.5), art.player_colour(idx))
    for m in rep.marks:
        _loss_mark(surf, frame.px(m.at), max(5.0, frame.ppi * 0.4))
    _panel(surf, rep, size)
    return surf


def _obstacles(surf: pygame.Surface, rep: Report, frame: Frame) -> None:
    """Each obstacle where it ended the race; one that moved also shows faintly where
    it began, with a line to where it went (so a trail that crossed its first spot
    reads right); one that was removed shows only faintly."""
    from game.ui import art
    for o in rep.course.obstacles:
        pic = art.obstacle_surface(o.shape, o.size, o.look, frame.ppi, o.length, o.width, o.radius, tuple(o.points))
        end = rep.obstacles_end.get(o.id, (o.x, o.y, o.rotation))

        def put(x: float, y: float, rot: float, alpha: int) -> None:
            s = pygame.transform.rotate(pic, rot) if rot and o.shape != "polygon" else pic
            if alpha < 255:
                s = s.copy()
                s.set_alpha(alpha)
            surf.blit(s, s.get_rect(center=frame.px((x, y))))

        moved = end is None or math.dist((end[0], end[1]), (o.x, o.y)) > 1e-6 or abs(end[2] - o.rotation) > 1e-6
        if moved:
            put(o.x, o.y, o.rotation, 80)
        if end is not None:
            if moved:
                pygame.draw.line(surf, (235, 230, 210), frame.px((o.x, o.y)), frame.px((end[0], end[1])), 1)
            put(end[0], end[1], end[2], 255)


def _loss_mark(surf: pygame.Surface, c: Point, r: float) -> None:
    """A white cross on a dark disc: a life lost or a wound."""
    pygame.draw.circle(surf, LOSS_EDGE, c, r)
    d = r * 0.55
    for a, b in (((c[0] - d, c[1] - d), (c[0] + d, c[1] + d)), ((c[0] - d, c[1] + d), (c[0] + d, c[1] - d))):
        pygame.draw.line(surf, LOSS, a, b, max(2, round(r * 0.3)))


def _panel(surf: pygame.Surface, rep: Report, size: tuple[int, int]) -> None:
    from game.ui import art
    x0 = size[0] + 14
    y = 14
    for line in _wrap(rep.title, 30):
        surf.blit(art.font(16, bold=True).render(line, True, (240, 238, 230)), (x0, y))
        y += 22
    y += 8
    small = art.font(13)
    by_racer = {t.racer: t for t in rep.trails.values()}
    for line in rep.standings:
        surf.blit(small.render(line, True, (225, 225, 220)), (x0 + 18, y))
        rid = _racer_in(line, by_racer, rep)
        if rid is not None:
            idx = rep.colours.get(by_racer[rid].player, by_racer[rid].seat)
            art.draw_marker(surf, idx, (x0 + 7, y + 9), 6, art.player_colour(idx))
        y += 20
    y += 12
    what = _parts(rep.ruleset).MARK
    _loss_mark(surf, (x0 + 7, y + 9), 7)
    surf.blit(small.render(f"{what} ({len(rep.marks)})", True, (225, 225, 220)), (x0 + 18, y))


def _racer_in(line: str, trails: dict[str, Trail], rep: Report) -> str | None:
    for rid, t in trails.items():
        if (f" {t.name} (" in line) or line.startswith(f"{t.name}:"):
            return rid
    return None


def _wrap(text: str, width: int) -> list[str]:
    lines, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    return lines + ([cur] if cur else [])


def save_report(path: str, rep: Report, size: tuple[int, int] = (1000, 720)) -> None:
    """Draw the report and write it as a PNG (atomically: a temporary file, then rename)."""
    if not pygame.font.get_init():
        pygame.font.init()
    surf = render(rep, size)
    folder = os.path.dirname(os.path.abspath(path)) or "."
    tmp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.tmp.png")
    try:
        pygame.image.save(surf, tmp)
        os.replace(tmp, path)
    except (pygame.error, OSError) as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise BadInput(path, "", f"cannot write the picture ({e})") from None


def report_command(path: str, out: str, game: int = 1) -> int:
    """`python -m game report REPLAY --out FILE.png [--game N]`."""
    from game.save.replay import read_replay
    rep = read_replay(path)
    if not 1 <= game <= len(rep.games):
        raise BadInput(path, "--game", f"the replay has {len(rep.games)} game(s); got {game}")
    if not out.lower().endswith(".png"):
        raise BadInput(out, "--out", "the report is a PNG: give a file name ending in .png")
    if os.path.isdir(out):
        raise BadInput(out, "", "is a folder, not a file")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    report = trace(rep.games[game - 1].record, path)
    save_report(out, report)
    print(f"{out}: written ({report.title}; {len(report.marks)} "
          f"{_parts(report.ruleset).MARKS})")
    return 0
