"""Rally Round the King in the window: its menu (Armies) and the Armies screen.

The Armies screen: pick a nation on the left (its card: name, historical
equivalent, battle tactics, a text of our own); its list in the middle, every unit
drawn by the stand renderer (game/ui/rrtk/stands.py) with its tags as icons (their
rules in a tooltip), Rep, AC, figures, cost, recruiting totals and the Basic Army's
count; the army on the right: points used and left always in view, and every rule
the army breaks, each with its reason (game.rules.rrtk.army.check), live.

Build by purchase (the Basic Army, then + and - on a unit: an addition that would
pass the limit, or a removal below the Basic Army, is refused with the reason) or by
recruiting rolls (game.rules.rrtk.muster: each roll is the muster's chance step, its
2d6 thrown in the dice tray, the unit gained lit up, until the limit is reached).
Save, load, rename and delete armies in the per-user data folder
(game/ui/rrtk/armystore.py); a bad file gives a dialog. Army sheet: a PNG.

`dice`: the 2d6 throws to use (a list of (a, b) pairs, tests' forced dice); else the
muster's seeded dice."""

from __future__ import annotations

import html
import os
import random
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from game.core.events import RollMade
from game.ui import art
from game.ui.app import App, Scene
from game.ui.panels import DiceTray
from game.ui.rrtk import armystore, cards, stands

PANEL_TOP = 250  # where the army panel's buttons start, below its words
LIMITS = (200, 300, 400, 500, 600, 800, 1000)  # the points limits offered (400: §7.3)
THROW_GAP = 0.45  # seconds between throws of "Throw to the limit"
GLOW = 1.6  # seconds the unit gained stays lit brightest


def _rules() -> tuple[Any, Any, Any]:
    from game.rules.rrtk import army, lists, muster
    return lists, army, muster


class RecruitTray(DiceTray):
    """The dice tray of recruiting rolls: both dice of a 2d6 count (no re-rolls), and
    each line says the total and the unit it raised."""

    summed = True

    def words(self, r: Any, names: dict[str, str], pending: tuple[str, str, int] | None = None) -> str:
        return f"{r.result}: {r.reason}"


class RrtkMenuScene(Scene):
    """Rally Round the King's own menu: Armies (the battle comes later), Back."""

    def enter(self) -> None:
        w, h = self.app.size
        m = self.app.manager
        x, y = w // 2 - 160, h // 2 - 120
        self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(x - 200, y - 110, 720, 70),
                                                        "Rally Round the King", m, object_id="#title"))
        self.widgets.append(pygame_gui.elements.UILabel(
            pygame.Rect(x - 200, y - 40, 720, 30), "Fantasy mass battles: build your army from the book's 44 lists",
            m, object_id="#subtitle"))
        self.armies = pygame_gui.elements.UIButton(pygame.Rect(x, y + 10, 320, 44), "Armies", m,
                                                   tool_tip_text="Pick a nation, build an army by purchase or by "
                                                                 "recruiting rolls, save it, print its sheet")
        self.back = pygame_gui.elements.UIButton(pygame.Rect(x, y + 64, 320, 44), "Back", m)
        self.widgets += [self.armies, self.back]

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.armies:
            self.app.replace(ArmiesScene(self.app))
        elif event.ui_element is self.back:
            from game.ui.scenes.menu import MenuScene
            self.app.replace(MenuScene(self.app))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from game.ui.scenes.menu import MenuScene
            self.app.replace(MenuScene(self.app))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        _backdrop(surface)
        w, h = surface.get_size()
        # two battle lines face each other across the table: red above, blue below
        line = (("melee", False, ("Pike",), 4), ("melee", True, ("Shock",), 3), ("missile", False, (), 3),
                ("melee", False, (), 4), ("skirmish", True, (), 2), ("melee", False, ("Pike",), 4))
        step = 118
        x0 = w // 2 - step * len(line) // 2 + 8
        for i, (purpose, mounted, tags, figs) in enumerate(line):
            for side, y, facing in ((0, 34, 180), (1, h - 150, 0)):
                img = stands.stand_surface(figs, mounted, purpose, tags, art.player_colour(side), 100,
                                           facing=facing, marker=side, ac=4)
                surface.blit(img, (x0 + i * step, y + (80 - img.get_height()) // 2))


def _backdrop(surface: pygame.Surface) -> None:
    surface.blit(_shaded(surface.get_size()), (0, 0))


_SHADED: dict[tuple[int, int], pygame.Surface] = {}


def _shaded(size: tuple[int, int]) -> pygame.Surface:
    """The main menu's table (cached: drawn already), darkened, in the display's format."""
    if size not in _SHADED:
        s = art.table_background(size).copy()
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((10, 8, 6, 120))
        s.blit(shade, (0, 0))
        try:
            s = s.convert()
        except pygame.error:
            pass
        _SHADED.clear()
        _SHADED[size] = s
    return _SHADED[size]


class ArmiesScene(Scene):
    def __init__(self, app: App, nation: str | None = None, dice: list[tuple[int, int]] | None = None,
                 seed: int | None = None) -> None:
        super().__init__(app)
        lists, army_mod, _ = _rules()
        self.nations = lists.nations()
        self.forced = list(dice) if dice is not None else None
        self.seed = seed
        self.limit = army_mod.LIMIT
        self.options = army_mod.ArmyOptions()
        self.nation = lists.nation(nation) if nation else self.nations[0]
        self.mode = "purchase"
        self.muster: Any = None
        self.army: Any = None
        self.path: str | None = None  # the file this army was saved to or loaded from
        self.saved_army: Any = None  # the army as it was then (unsaved changes: it differs)
        self.note = ""  # the last thing refused or done, in words
        self.note_bad = False
        self.gained: int | None = None  # the unit number the last roll raised
        self.glow = 0.0
        self.throwing = 0  # throws still to make (Throw to the limit)
        self.wait = 0.0
        self.dice = RecruitTray()
        self.dialog: Any = None
        self.hover: tuple[str, str] | None = None  # (tooltip words, where) under the mouse
        self.mouse = (0, 0)
        self._page: tuple[Any, pygame.Surface] | None = None  # (what it shows, the composed page)
        self._rows: dict[Any, tuple[pygame.Surface, list[Any]]] = {}  # unit rows drawn, by what they show
        self._probs: tuple[Any, list[str]] | None = None
        self.tag_rects: list[tuple[pygame.Rect, str]] = []
        self.row_rects: list[tuple[pygame.Rect, Any]] = []
        self.new_army()

    # --- the army ------------------------------------------------------------------------------
    def new_army(self, mode: str | None = None) -> None:
        """The nation's Basic Army, to build on by `mode` (purchase or recruit)."""
        _, army_mod, muster = _rules()
        self.mode = mode or self.mode
        self.muster = None
        self.gained = None
        self.throwing = 0
        self.dice = RecruitTray()  # a new army: the tray starts empty
        self.path, self.saved_army = None, None
        base = army_mod.Army.basic(self.nation, self.options, limit=self.limit)
        name = f"{self.nation.name} army"
        if self.mode == "recruit":
            seed = self.seed if self.seed is not None else (None if self.forced is not None
                                                            else random.randrange(1, 10 ** 6))
            try:
                self.muster = muster.Muster(self.nation, self.limit, self.options, seed=seed)
            except muster.CannotRecruit as e:
                self.mode, self.note, self.note_bad = "purchase", str(e), True
                self.army = replace(base, built=army_mod.Built("purchased", self.limit), name=name)
                return
            self.army = replace(self.muster.army, name=name)
            self.note = ("No recruiting rolls on this list: its Basic Army, then units bought at random to the "
                         "limit (the book's lists give it none)" if self.muster.defaulted else
                         "Throw 2d6 for each recruiting roll until the army reaches the limit")
            self.note_bad = False
        else:
            self.army = replace(base, built=army_mod.Built("purchased", self.limit), name=name)
            self.note, self.note_bad = "The Basic Army: add units with + up to the limit", False

    def set_options(self, limit: int | None = None, unit_cost: str | None = None) -> None:
        """A new points limit or unit cost option: the army starts again from its Basic Army."""
        self.limit = limit or self.limit
        if unit_cost:
            self.options = replace(self.options, unit_cost=unit_cost)
        self.new_army()
        _, army_mod, _ = _rules()
        costs = army_mod.OPTIONS.value_word("unit_cost", self.options.unit_cost)
        self.say(f"Points limit {self.limit}, unit costs {costs}: the army starts again from its Basic Army")
        self.layout()

    def problems(self) -> list[str]:
        """Every rule the army breaks, each in words (none while recruiting goes on)."""
        _, army_mod, _ = _rules()
        if self.mode == "recruit" and self.muster is not None and not self.muster.done:
            return []
        if self._probs is None or self._probs[0] != self.army:
            self._probs = (self.army, list(army_mod.check(self.army)))
        return self._probs[1]

    def add(self, u: Any) -> None:
        """Buy one more of a unit: refused, with the reason, if it would pass the limit."""
        if self.mode != "purchase":
            return
        price = u.price(self.army.options.unit_cost)
        used = self.army.points()
        if used + price > self.limit:
            self.say(f"{u.name} costs {price}: {used} + {price} = {used + price} would pass the limit of "
                     f"{self.limit} (a purchased army may not)", bad=True)
            return
        self.army = self.army.with_units(u, 1)
        self.say(f"{u.name} added for {price} points")

    def remove(self, u: Any) -> None:
        """One fewer of a unit: refused below the Basic Army's count."""
        if self.mode != "purchase":
            return
        have = self.army.count(u)
        if have <= u.count:
            why = (f"the Basic Army has {u.count} {u.name}: an army is built on its Basic Army" if u.count
                   else f"the army has no {u.name}")
            self.say(f"Cannot remove: {why}", bad=True)
            return
        self.army = self.army.with_units(u, -1)
        self.say(f"{u.name} removed ({u.price(self.army.options.unit_cost)} points back)")

    def add_captain(self) -> None:
        _, army_mod, _ = _rules()
        allowed = army_mod.captains_allowed(self.army.unit_count(), self.army.options.captain_thresholds)
        if self.army.bought_captains() >= allowed:
            self.say(f"An army of {self.army.unit_count()} units may have {allowed} Captain"
                     f"{'s' if allowed != 1 else ''} (the first from 21 units)", bad=True)
            return
        if self.mode == "recruit":
            if self.muster is None or self.muster.done:
                self.say("Recruiting is over: no roll left to spend on a Captain", bad=True)
                return
            self.muster.take_captain()
            self.army = replace(self.muster.army, name=self.army.name)
            self.say("A recruiting roll spent on a Captain")
            return
        if self.army.points() + army_mod.CAPTAIN_POINTS > self.limit:
            self.say(f"A Captain costs {army_mod.CAPTAIN_POINTS}: it would pass the limit of {self.limit}", bad=True)
            return
        self.army = self.army.with_leader(army_mod.Leader("captain"))
        self.say(f"A Captain added for {army_mod.CAPTAIN_POINTS} points")

    def throw(self) -> None:
        """One recruiting roll: the muster's chance step, its two dice in the tray."""
        m = self.muster
        pending = m.pending_chance() if self.mode == "recruit" and m is not None else None
        if pending is None:  # recruiting is over (or not recruiting)
            return
        if self.forced is not None:
            if not self.forced:
                self.say("No more dice", bad=True)
                self.throwing = 0
                return
            faces = self.forced.pop(0)
            unit = m.apply(faces[0] + faces[1])
        elif m.rng is not None:
            faces, unit = m.throw()
        else:  # pragma: no cover - a muster always has a seed here
            return
        total = faces[0] + faces[1]
        self.army = replace(m.army, name=self.army.name)
        what = unit.name if unit is not None else "no unit"
        self.dice.add(RollMade(self.nation.name, pending.player, what, pending.die, tuple(faces), total))
        self.gained = unit.number if unit is not None else None
        self.glow = 0.0
        if unit is None:
            self.say(f"{total}: the list has no unit on that total")
        else:
            price = unit.price(self.army.options.unit_cost)
            self.say(f"Rolled {total}: {unit.name} raised for {price} points" +
                     (" - the limit is reached, recruiting is over" if m.done else ""))
        if m.done:
            self.throwing = 0

    def say(self, text: str, bad: bool = False) -> None:
        self.note, self.note_bad = text, bad

    def pick(self, nation: Any) -> None:
        if nation.id == self.nation.id:
            return
        self.nation = nation
        self.note = ""
        self.new_army()
        self.layout()

    def built_words(self) -> str:
        b = self.army.built
        if b.method == "recruited":
            seed = f", seed {b.seed}" if b.seed is not None else ""
            if not self.nation.recruits:
                return f"no recruiting rolls: units bought at random{seed}"
            return f"recruited: {len(b.rolls)} rolls{seed}"
        if b.method == "purchased":
            return f"up to {b.limit} points, never past them"
        return "the Basic Army"

    # --- files ---------------------------------------------------------------------------------
    def save(self) -> None:
        path, why = armystore.save(self.army, self.path)
        if path is None:
            self.show_dialog("The army was not saved", why)
            return
        self.path, self.saved_army = path, self.army
        self.say(f"Saved as {path}")

    def adopt(self, army: Any, path: str) -> None:
        """A loaded army (game/ui/rrtk/armyfiles.py) becomes the one on screen."""
        lists, _, _ = _rules()
        self.nation = lists.nation(army.nation)
        self.mode = "recruit" if army.built.method == "recruited" else "purchase"
        self.muster, self.throwing, self.gained = None, 0, None
        self.army = army
        self.limit = army.built.limit
        self.options = army.options
        self.path, self.saved_army = path, army
        self.say(f"Loaded {os.path.basename(path)}")
        self.layout()

    def renamed(self, path: str, name: str) -> None:
        """The army on screen was renamed in its file."""
        self.army = replace(self.army, name=" ".join(name.split()))
        self.path, self.saved_army = path, self.army

    def sheet(self) -> str | None:
        """Write the army sheet PNG; its path (or None, with a dialog)."""
        surf = cards.army_sheet(self.army.name or self.nation.name, self.nation, self.army, self.problems(),
                                self.built_words(), self.army.options.unit_cost)
        try:
            path = armystore.sheet_path(self.army.name or self.nation.name)
            pygame.image.save(surf, path)
        except (OSError, pygame.error) as e:
            self.show_dialog("The army sheet was not written", str(e))
            return None
        self.say(f"Army sheet written: {path}")
        return path

    def show_dialog(self, title: str, text: str) -> None:
        w, h = self.app.size
        self.dialog = pygame_gui.windows.UIMessageWindow(pygame.Rect(w // 2 - 280, h // 2 - 130, 560, 260),
                                                         html.escape(text), self.app.manager, window_title=title)
        self.widgets.append(self.dialog)

    # --- widgets -------------------------------------------------------------------------------
    def geometry(self) -> dict[str, pygame.Rect]:
        w, h = self.app.size
        lw = max(220, min(300, round(w * 0.16)))
        rw = max(330, min(430, round(w * 0.24)))
        top = 60
        mw = w - lw - rw - 48
        card_h = 158
        return {"list": pygame.Rect(12, top, lw, h - top - 12),
                "card": pygame.Rect(lw + 24, top, mw, card_h),
                "rows": pygame.Rect(lw + 24, top + card_h + 10, mw, h - top - card_h - 22),
                "army": pygame.Rect(w - rw - 12, top, rw, h - top - 12)}

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        for wdg in self.widgets:
            wdg.kill()
        self.widgets.clear()
        self._page = None
        m = self.app.manager
        g = self.geometry()
        w = self.app.size[0]
        title = "Armies - Rally Round the King"
        tw = art.font(20, True).size(title)[0] + 40
        self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(g["card"].x - 16, 8, tw, 44), title, m,
                                                        object_id="#subtitle"))
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w - 132, 10, 120, 38), "Back", m)
        self.widgets.append(self.back)
        labels = [n.name for n in self.nations]
        self.nation_list = pygame_gui.elements.UISelectionList(g["list"], labels, m,
                                                               default_selection=self.nation.name)
        self.widgets.append(self.nation_list)
        # the unit rows' + and - (purchase)
        self.plus: dict[Any, Any] = {}
        self.minus: dict[Any, Any] = {}
        rows = g["rows"]
        self.row_rects = []
        self.row_h = max(cards.ROW_H, min(92, rows.h // max(8, len(self.nation.units)) - 6))
        for i, u in enumerate(self.nation.units):
            r = pygame.Rect(rows.x, rows.y + i * (self.row_h + 6), rows.w, self.row_h)
            self.row_rects.append((r, u))
            if self.mode == "purchase":
                by = r.y + (r.h - 36) // 2
                b = pygame_gui.elements.UIButton(pygame.Rect(r.right - 92, by, 40, 36), "+", m,
                                                 tool_tip_text=f"Buy one more {html.escape(u.name)}",
                                                 object_id=f"#add_{u.number}")
                self.plus[b] = u
                b2 = pygame_gui.elements.UIButton(pygame.Rect(r.right - 48, by, 40, 36), "-", m,
                                                  tool_tip_text=f"One fewer {html.escape(u.name)}",
                                                  object_id=f"#remove_{u.number}")
                self.minus[b2] = u
                self.widgets += [b, b2]
        _, army_mod, _ = _rules()
        a = g["army"]
        x, bw = a.x + 12, (a.w - 36) // 2
        y = a.y + PANEL_TOP
        self.buttons: dict[Any, str] = {}

        def button(label: str, key: str, rect: pygame.Rect, tip: str, enabled: bool = True) -> None:
            b = pygame_gui.elements.UIButton(rect, label, m, tool_tip_text=tip or None)
            if not enabled:
                b.disable()
            self.buttons[b] = key
            self.widgets.append(b)

        recruiting = self.mode == "recruit"
        button("Buy units", "purchase", pygame.Rect(x, y, bw, 36),
               "Start again from the Basic Army and buy units up to the limit (never past it)")
        button("Recruit by rolls", "recruit", pygame.Rect(x + bw + 12, y, bw, 36),
               "Start again from the Basic Army and throw 2d6 recruiting rolls until the limit is reached "
               "(the last roll may pass it)")
        y += 44
        done = self.muster is None or self.muster.done
        button("Throw 2d6", "throw", pygame.Rect(x, y, bw, 36), "One recruiting roll: the unit of that total joins",
               recruiting and not done)
        button("Throw to the limit", "throw_all", pygame.Rect(x + bw + 12, y, bw, 36),
               "Keep throwing until the army reaches the limit", recruiting and not done)
        y += 44
        button("Add a Captain", "captain", pygame.Rect(x, y, bw, 36),
               "A Captain: 20 points (a recruiting roll when recruiting); one from 21 units, one more each "
               "further 10", not recruiting or not done)
        button("Army sheet (PNG)", "sheet", pygame.Rect(x + bw + 12, y, bw, 36),
               "Write a printable sheet of this army")
        y += 44
        button("Save", "save", pygame.Rect(x, y, bw, 36), "Save this army in your armies folder")
        button("Saved armies...", "files", pygame.Rect(x + bw + 12, y, bw, 36),
               "Load, rename or delete a saved army")
        y += 44
        opts = army_mod.OPTIONS
        limits: list[str | tuple[str, str]] = [f"Limit {v} points" for v in sorted({*LIMITS, self.limit})]
        self.limit_menu = pygame_gui.elements.UIDropDownMenu(limits, f"Limit {self.limit} points",
                                                             pygame.Rect(x, y, bw, 34), m)
        costs: list[str | tuple[str, str]] = [opts.value_word("unit_cost", v) for v in opts.choices["unit_cost"]]
        self.cost_words = {str(c): v for c, v in zip(costs, opts.choices["unit_cost"])}
        self.cost_menu = pygame_gui.elements.UIDropDownMenu(
            costs, opts.value_word("unit_cost", self.options.unit_cost), pygame.Rect(x + bw + 12, y, bw, 34), m)
        self.widgets += [self.limit_menu, self.cost_menu]
        self.dice_rect = pygame.Rect(x, y + 46, a.w - 24, max(60, a.bottom - (y + 46) - 12))

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.limit_menu:
                self.set_options(limit=int(event.text.split()[1]))
            elif event.ui_element is self.cost_menu:
                self.set_options(unit_cost=self.cost_words[event.text])
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.nation_list:
            for n in self.nations:
                if n.name == event.text:
                    self.pick(n)
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.back:
            self.app.replace(RrtkMenuScene(self.app))
        elif el in self.plus:
            self.add(self.plus[el])
        elif el in self.minus:
            self.remove(self.minus[el])
        elif el in self.buttons:
            self.command(self.buttons[el])

    def command(self, key: str) -> None:
        if key in ("purchase", "recruit"):
            self.new_army(key)
            self.layout()
        elif key == "throw":
            self.throw()
            if self.muster is not None and self.muster.done:
                self.layout()
        elif key == "throw_all":
            self.throwing = 99
            self.wait = 0.0
        elif key == "captain":
            self.add_captain()
        elif key == "sheet":
            self.sheet()
        elif key == "save":
            self.save()
        elif key == "files":
            from game.ui.rrtk.armyfiles import ArmyFilesScene
            self.app.push(ArmyFilesScene(self.app, self))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.dialog is None:
            self.app.replace(RrtkMenuScene(self.app))
            return True
        return False

    def update(self, dt: float) -> None:
        self.dice.update(dt)
        self.glow += dt
        if self.throwing > 0 and self.muster is not None and not self.muster.done:
            self.wait -= dt
            if self.app.instant or self.wait <= 0:
                self.throw()
                self.throwing -= 1
                self.wait = THROW_GAP
                if self.muster.done:
                    self.throwing = 0
                    self.layout()

    def busy(self) -> bool:
        return self.throwing > 0 or self.glow < GLOW or self.dice.age < 0.4

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The page (backdrop, card, rows, army panel) is composed once per change into
        one opaque surface in the display's format; a frame blits it, the dice tray and
        the tooltip."""
        g = self.geometry()
        n = self.nation
        cost = self.army.options.unit_cost
        room = self.limit - self.army.points()
        lit = self.gained if self.glow < GLOW * 3 else None
        rows = []
        for r, u in self.row_rects:
            price = u.price(cost)
            rows.append((r, u, self.army.count(u), lit == u.number, price, self.mode == "purchase" and price > room))
        done = self.muster is not None and self.muster.done
        army_key = (self.army, self.note, self.note_bad, self.mode, done, self.saved_army == self.army, self.path)
        key = (surface.get_size(), n.id, tuple((r.topleft, r.size, c, hi, p, bad) for r, _, c, hi, p, bad in rows),
               army_key, art.UI_SCALE[0])
        if self._page is None or self._page[0] != key:
            self._page = (key, self.compose(surface.get_size(), g, rows))
        surface.blit(self._page[1], (0, 0))
        self.dice.draw(surface, self.dice_rect, {})
        self.draw_tooltip(surface)

    def compose(self, size: tuple[int, int], g: dict[str, pygame.Rect], rows: list[Any]) -> pygame.Surface:
        page = pygame.Surface(size)
        _backdrop(page)
        page.blit(cards.nation_card(self.nation, g["card"].w, g["card"].h), g["card"])
        self.tag_rects = []
        kept = {}
        for r, u, count, lit, price, refused in rows:
            key = (self.nation.id, u.number, r.size, count, lit, price, refused)
            row, tags = self._rows.get(key) or cards.unit_row(u, r.w, count, highlight=lit, price=price,
                                                               refused=refused, row_h=r.h)
            kept[key] = (row, tags)
            page.blit(row, r)
            self.tag_rects += [(t.move(r.x, r.y), tag) for t, tag in tags]
        self._rows = kept
        bottom = rows[-1][0].bottom + 10 if rows else g["rows"].y
        room = pygame.Rect(g["rows"].x, bottom, g["rows"].w, g["rows"].bottom - bottom)
        if room.h >= 110:
            page.blit(cards.army_on_table(self.nation, self.army, room.w, room.h), room)
        page.blit(self._army_panel(g["army"], self.problems()), g["army"])
        try:
            return page.convert()
        except pygame.error:  # no display mode (a bare surface in a tool)
            return page

    def _army_panel(self, a: pygame.Rect, probs: list[str]) -> pygame.Surface:
        army = self.army
        s = cards.panel(a.w, a.h)
        x, y, w = 12, 10, a.w - 24
        title = army.name or "An army"
        if self.path is not None and self.saved_army != army:
            title += " (changed since saved)"
        s.blit(cards.fit_text(art.font(18, True), title, w, cards.GOLD), (x, y))
        y += art.font(18, True).get_linesize()
        how = {"purchase": "Built by purchase", "recruit": "Built by recruiting rolls"}[self.mode]
        s.blit(art.font(13).render(f"{how}: {self.built_words()}", True, cards.DIM), (x, y))
        y += art.font(13).get_linesize() + 6
        bar = cards.points_bar(w, army.points(), self.limit)
        s.blit(bar, (x, y))
        y += bar.get_height() + 2
        caps = army.captains()
        s.blit(art.font(13).render(f"{army.unit_count()} units  ·  Commander in Chief" +
                                   (f" and {caps} Captain{'s' if caps != 1 else ''}" if caps else ""),
                                   True, cards.INK), (x, y))
        y += art.font(13).get_linesize() + 6
        lines = self.check_lines(probs)
        block = cards.lines_block(lines, w)
        s.blit(block, (x, y), pygame.Rect(0, 0, w, max(0, PANEL_TOP - 10 - y)))
        return s

    def check_lines(self, probs: list[str]) -> list[tuple[str, tuple[int, int, int]]]:
        """The rule check's lines and the last note, each with its colour."""
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.mode == "recruit" and self.muster is not None and not self.muster.done:
            lines.append((f"Recruiting: {self.limit - self.army.points()} points to go to {self.limit}", cards.INK))
        elif probs:
            lines += [(f"Breaks a rule: {p}", cards.BAD) for p in probs]
        else:
            lines.append(("Every rule holds: a legal army", cards.GOOD))
        if self.note:
            lines.append((self.note, cards.BAD if self.note_bad else cards.GOLD))
        return lines

    def panel_words(self) -> str:
        """Everything the army panel says, as one text (tests, and what a screen reader would need)."""
        army = self.army
        used = army.points()
        left = self.limit - used
        points = (f"{used} points used, {left} left of {self.limit}" if left >= 0
                  else f"{used} points: {-left} over {self.limit}")
        return "\n".join([army.name, self.built_words(), points, f"{army.unit_count()} units"] +
                         [t for t, _ in self.check_lines(self.problems())])

    def tooltip(self) -> str | None:
        """The rule of the tag icon under the mouse, in words (None: no icon there)."""
        for r, tag in self.tag_rects:
            if r.collidepoint(self.mouse):
                return self._tag_words().get(tag) or stands.tag_words(tag)
        return None

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """A tag's rule under the mouse, in a box beside it."""
        text = self.tooltip()
        if text is None:
            return
        r = next(r for r, _ in self.tag_rects if r.collidepoint(self.mouse))
        lines = cards.lines_block([(text, cards.INK)], 300)
        box = pygame.Rect(r.x, r.bottom + 6, lines.get_width() + 16, lines.get_height() + 12)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (24, 20, 16), box, border_radius=5)
        pygame.draw.rect(surface, cards.GOLD, box, 1, border_radius=5)
        surface.blit(lines, (box.x + 8, box.y + 6))

    def _tag_words(self) -> dict[str, str]:
        lists, _, _ = _rules()
        return {t: stands.tag_words(t, lists.TAGS[t].sp) for t in lists.TAGS}
