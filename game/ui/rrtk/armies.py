"""Rally Round the King's Armies screen (its menu: game/ui/rrtk/rrtkmenu.py).

Pick a nation on the left (its card: name, historical
equivalent, battle tactics, a text of our own); its list in the middle, every unit
drawn by the stand renderer (game/ui/rrtk/stands.py) with its tags as icons (their
rules in a tooltip), Rep, AC, figures, cost, recruiting totals and the Basic Army's
count; the army on the right: points used and left always in view, and every rule
the army breaks, each with its reason (game.rules.rrtk.army.check), live; under it
the points limit and every army option (game/ui/rrtk/armyoptions.py): a change keeps
the army and checks it again at once. With mixed lists (§7.6) the rows can show
another nation's list, whose units + adds.

Build by purchase (the Basic Army, then + and - on a unit: an addition that would
pass the limit, or a removal below the Basic Army, is refused with the reason; Captains
are added and removed) or by recruiting rolls (game.rules.rrtk.muster: each roll is the muster's chance step, its
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
from game.ui.rrtk.armyoptions import LIMITS, OptionsBlock  # noqa: F401  (LIMITS: the limits offered)
from game.ui.rrtk.armypage import GLOW, PANEL_TOP, ArmyPage
from game.ui.rrtk.rrtkmenu import RrtkMenuScene

FOREIGN_H = 26  # the line over the rows when they show another nation's list (mixed lists)
THROW_GAP = 0.45  # seconds between throws of "Throw to the limit"


def _rules() -> tuple[Any, Any, Any]:
    from game.rules.rrtk import army, lists, muster
    return lists, army, muster


class RecruitTray(DiceTray):
    """The dice tray of recruiting rolls: both dice of a 2d6 count (no re-rolls), and
    each line says the total and the unit it raised."""

    summed = True

    def words(self, r: Any, names: dict[str, str], pending: tuple[str, str, int] | None = None) -> str:
        return f"{r.result}: {r.reason}"


class ArmiesScene(ArmyPage, Scene):
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
        self.shown = self.nation  # the list the rows show: the nation's own, or another with mixed lists
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
        if self.mode != "purchase":
            self.shown = self.nation
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

    def set_option(self, name: str, value: str) -> None:
        """A new points limit ("limit"), army option, or list shown ("shown", mixed lists).
        The army keeps its units and every rule is checked again at once (the reasons on
        the panel); while recruiting, the muster goes on under the new limit and options.
        A list with no recruiting column musters again (its default depends on them)."""
        lists, army_mod, _ = _rules()
        if name == "shown":
            self.shown = lists.nation(value)
            self.say(f"The rows show the {self.shown.name} list: + adds its units to the {self.nation.name} army"
                     if self.shown.id != self.nation.id else f"The rows show the {self.nation.name} list")
            self.layout()
            return
        if name == "limit":
            self.limit = int(value)
            self.army = replace(self.army, built=replace(self.army.built, limit=self.limit))
            words = f"Points limit {self.limit}"
        else:
            self.options = replace(self.options, **{name: value})
            self.army = replace(self.army, options=self.options)
            words = f"{army_mod.OPTIONS.label(name)}: {army_mod.OPTIONS.value_word(name, value)}"
            if name == "lists" and value == "own":
                self.shown = self.nation
        m = self.muster
        if m is not None and m.defaulted and name != "captain_thresholds" and name != "lists":
            self.new_army("recruit")
            if self.mode != "recruit":  # recruiting it is refused now: bought instead, and why
                self.say(f"{words}: {self.note}", bad=True)
                self.layout()
                return
        elif m is not None:
            m.limit, m.options = self.limit, self.options
            m.army = self.army
        probs = self.problems()
        self.say(f"{words}: " + (f"the army now breaks {len(probs)} rule{'s' if len(probs) != 1 else ''} (above)"
                                 if probs else "checked again, every rule holds"), bad=bool(probs))
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
        """Buy one more of a unit of the list shown: refused, with the reason, if it would
        pass the limit (or, from another list, without mixed lists)."""
        if self.mode != "purchase":
            return
        nid = self.shown.id
        price = u.price(self.army.options.unit_cost)
        used = self.army.points()
        if used + price > self.limit:
            self.say(f"{u.name} costs {price}: {used} + {price} = {used + price} would pass the limit of "
                     f"{self.limit} (a purchased army may not)", bad=True)
            return
        why = self.army.why_not_buy(u, 1, nid)
        if why is not None:
            self.say(f"Cannot add: {why}", bad=True)
            return
        self.army = self.army.with_units(u, 1, nid)
        whose = f" of the {self.shown.name} list" if nid != self.nation.id else ""
        self.say(f"{u.name}{whose} added for {price} points")

    def remove(self, u: Any) -> None:
        """One fewer of a unit of the list shown: refused below the Basic Army's count."""
        if self.mode != "purchase":
            return
        nid = self.shown.id
        have = self.army.count(u, nid)
        least = u.count if nid == self.nation.id else 0
        if have <= least:
            why = (f"the Basic Army has {u.count} {u.name}: an army is built on its Basic Army" if least
                   else f"the army has no {u.name}")
            self.say(f"Cannot remove: {why}", bad=True)
            return
        self.army = self.army.with_units(u, -1, nid)
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

    def remove_captain(self) -> None:
        """Take back the last Captain: its 20 points come back (one paid with a roll cost none)."""
        _, army_mod, _ = _rules()
        at = [i for i, ld in enumerate(self.army.leaders) if ld.role == "captain"]
        if not at:
            self.say("Cannot remove: the army has no Captain", bad=True)
            return
        gone = self.army.leaders[at[-1]]
        leaders = self.army.leaders[:at[-1]] + self.army.leaders[at[-1] + 1:]
        self.army = replace(self.army, leaders=leaders)
        if self.muster is not None:
            self.muster.army = replace(self.muster.army, leaders=leaders)
        self.say("A Captain removed (" + (f"{army_mod.CAPTAIN_POINTS} points back)" if gone.paid == "points"
                                          else "he cost a recruiting roll, not points)"))

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
        self.nation = self.shown = nation
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
        self.nation = self.shown = lists.nation(army.nation)
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
        self.buttons: dict[Any, str] = {}

        def button(label: str, key: str, rect: pygame.Rect, tip: str, enabled: bool = True) -> None:
            b = pygame_gui.elements.UIButton(rect, label, m, tool_tip_text=tip or None)
            if not enabled:
                b.disable()
            self.buttons[b] = key
            self.widgets.append(b)

        # the files, along the top: Save, Saved armies..., Army sheet (PNG), then Back
        right = w - 132 - 10
        for label, key, bw_, tip in (("Army sheet (PNG)", "sheet", 170, "Write a printable sheet of this army"),
                                     ("Saved armies...", "files", 160, "Load, rename or delete a saved army"),
                                     ("Save", "save", 100, "Save this army in your armies folder")):
            right -= bw_
            button(label, key, pygame.Rect(right, 10, bw_, 38), tip)
            right -= 10
        self.layout_rows(g)
        a = g["army"]
        x, bw = a.x + 12, (a.w - 36) // 2
        y = a.y + PANEL_TOP
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
               "further 10 (the Captains allowed option)", not recruiting or not done)
        button("Remove a Captain", "uncaptain", pygame.Rect(x + bw + 12, y, bw, 36),
               "Take back the last Captain: his 20 points come back")
        y += 48
        # the other lists are offered with mixed lists, and while the army has units of them (to take back)
        other = any(au.nation != self.army.nation for au in self.army.units)
        mixed = (self.options.lists == "mixed" or other) and self.mode == "purchase"
        self.opts = OptionsBlock(m, x, y, a.w - 24, self.limit, self.options, self.nations if mixed else None,
                                 self.nation, self.shown)
        self.widgets += self.opts.widgets
        y += self.opts.height + 6
        self.dice_rect = pygame.Rect(x, y, a.w - 24, max(60, a.bottom - y - 12))

    def layout_rows(self, g: dict[str, pygame.Rect]) -> None:
        """The rows of the list shown (the nation's, or another's with mixed lists) and,
        buying, each row's + and -."""
        m = self.app.manager
        self.plus: dict[Any, Any] = {}
        self.minus: dict[Any, Any] = {}
        rows = g["rows"]
        if self.shown.id != self.nation.id:
            rows = pygame.Rect(rows.x, rows.y + FOREIGN_H, rows.w, rows.h - FOREIGN_H)
        self.row_rects = []
        units = self.shown.units
        self.row_h = max(cards.ROW_H, min(92, rows.h // max(8, len(units)) - 6))
        for i, u in enumerate(units):
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

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            change = self.opts.changed(event)
            if change is not None:
                self.set_option(*change)
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
        elif key == "uncaptain":
            self.remove_captain()
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
