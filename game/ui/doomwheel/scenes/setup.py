"""Doomwheel Race set-up: the course, picked from pictures of every Doomwheel track
(levels/doomwheel and the player's own from the editor's folder, listed by
game.levels.course_list) with its critters and bolt-thrower spots shown; 2-4 players,
each human or an AI level; the rules options, defaults first.

A course that cannot be raced is a greyed card with its first problem; picked, the
whole problem shows under the cards and Start is off. The players list offers only
as many wheels as the picked track seats (game.rules.doomwheel.seats), lowering the
count, with the reason, when a smaller track is picked. Each option shows its plain
label and value words (game.rules.doomwheel.options LABELS, VALUE_WORDS); the spec's
name, values and section are in its tooltip."""

from __future__ import annotations

import os
from typing import Any

import pygame
import pygame_gui

from game.levels import course_list
from game.levels.course_list import CourseEntry
from game.core.errors import BadInput
from game.core import registry
from game.rules.doomwheel import MAX_PLAYERS, NAME, check_field, seats
from game.rules.doomwheel.options import CHOICES, Options, option_label, option_tooltip, parse_options, value_word
from game.ui import art
from game.ui.doomwheel import art as doom_art
from game.names import seat_name
from game.ui.app import App, Scene
from game.ui.course_picker import problem_card, problem_lines, wrap_text
from game.ui.setup_choice import setup_choice_scene, setup_choices
from game.ui.seats import DEFAULT_NAMES, choice_items, colour_choices, selected_id, shown_names
from game.ui.table_view import course_preview

CARD = (206, 116)  # a course picture in the picker (three to a row)
BIG_CARD = (322, 182)  # two to a row, when there are no more than two courses
PER_PAGE = 6
TITLE = registry.get(NAME).title  # its title in the set-up scenes' ruleset list
RULESETS = setup_choices()  # the set-up scenes one choice away (game.ui.setup_choice), by title


def doom_courses() -> list[CourseEntry]:
    """The shipped Doomwheel tracks, then the player's own (and their files that do not
    read, with the reason)."""
    return course_list.list_courses("doomwheel")


def seat_count(entry: CourseEntry) -> tuple[int, str]:
    """How many wheels a race on this course seats (0: it cannot be raced), and why no
    more."""
    if entry.course is None or not entry.startable:
        return 0, entry.problem
    hit = _SEATS.get(id(entry.course))
    if hit is None or hit[0] is not entry.course:
        hit = _SEATS[id(entry.course)] = (entry.course, seats(entry.course))
    return hit[1]


_SEATS: dict[int, tuple[Any, tuple[int, str]]] = {}  # id(course) -> (the course, its seat count)


def seat_kinds() -> dict[str, str]:
    """Human and the AI levels the Doomwheel Race has (game.ai.agents.DOOMWHEEL_AGENTS)."""
    from game.ai.agents import DOOMWHEEL_AGENTS, LABELS
    out = {"Human": "human"}
    for k in ("easy", "normal", "hard", "random"):
        if k in DOOMWHEEL_AGENTS:
            out[LABELS.get(k, f"AI ({k})")] = k
    for k in DOOMWHEEL_AGENTS:
        out.setdefault(LABELS.get(k, f"AI ({k})"), k)
    return out


def default_ai() -> str:
    kinds = seat_kinds()
    for k in ("normal", "easy", "random"):
        for label, v in kinds.items():
            if v == k:
                return label
    return "Human"


def doom_preview(course: Any, size: tuple[int, int]) -> pygame.Surface:
    """The course picture with its critters (by kind) and bolt-thrower spots."""
    surf = course_preview(course, size).copy()
    xs = [p[0] for p in course.outline()]
    ys = [p[1] for p in course.outline()]
    minx, miny, maxx, maxy = min(xs), min(ys), max(xs), max(ys)
    pad = 2.0  # as course_preview fits it
    ppi = min(size[0] / (maxx - minx + 2 * pad), size[1] / (maxy - miny + 2 * pad))
    ox = minx - pad - (size[0] / ppi - (maxx - minx + 2 * pad)) / 2
    oy = maxy + pad + (size[1] / ppi - (maxy - miny + 2 * pad)) / 2
    for c in course.critters:
        spr = doom_art.critter_sprite(c.kind, ppi * 1.6, 0.45)
        surf.blit(spr, spr.get_rect(center=((c.x - ox) * ppi, (oy - c.y) * ppi)))
    for i, f in enumerate(course.fans[:MAX_PLAYERS]):
        spr = doom_art.bolt_thrower(art.player_colour(i), i, ppi * 1.3, True)
        surf.blit(spr, spr.get_rect(center=((f.x - ox) * ppi, (oy - f.y) * ppi)))
    return surf


class DoomSetupScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries = doom_courses()
        self.labels = course_list.distinct_labels(self.entries)
        self.course_i = next((i for i, e in enumerate(self.entries) if self.startable(e)), 0)
        self.page = 0
        self.players = 2
        self.names = list(DEFAULT_NAMES)
        self.kinds = ["Human"] + [default_ai()] * 3
        self.colour_of = list(range(8))
        self.options: dict[str, str] = {}
        self.error = ""
        self.seed: int | None = None
        self.takebacks = False  # house rule (issue 7): off by default
        self._cards: dict[int, pygame.Surface | None] = {}
        self._card_rects: dict[int, pygame.Rect] = {}
        self.seat_note = ""  # why the players count was lowered

    @property
    def files(self) -> list[str]:
        """The listed course files, in list order."""
        return [e.path for e in self.entries]

    @property
    def chosen(self) -> CourseEntry | None:
        return self.entries[self.course_i] if 0 <= self.course_i < len(self.entries) else None

    @staticmethod
    def startable(e: CourseEntry) -> bool:
        """A race can be run on it: it loads, has no errors and seats two wheels."""
        return seat_count(e)[0] >= 2

    def most_players(self) -> int:
        """The players list's top: what the picked track seats (MAX_PLAYERS if none is picked)."""
        e = self.chosen
        return seat_count(e)[0] if e is not None and self.startable(e) else MAX_PLAYERS

    def pick(self, i: int) -> None:
        """Pick course `i` (read again if its file changed); the players count follows
        what it seats, and says so when it is lowered."""
        self.course_i = i
        e = self.entries[i] = course_list.entry(self.entries[i].path, self.entries[i].where)
        self._cards.pop(i, None)
        self.error = ""
        self.seat_note = ""
        most, why = seat_count(e)
        if most >= 2 and self.players > most:
            self.seat_note = f"players lowered to {most}: {self.labels[i]} seats {most} wheels"
            self.players = most

    # --- layout ---------------------------------------------------------------------
    def enter(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        add = self.widgets.append
        add(pygame_gui.elements.UILabel(pygame.Rect(30, 12, 600, 64), "New Doomwheel Race", m, object_id="#title"))
        x2 = max(580, w - 560)
        self.ruleset_dd = pygame_gui.elements.UIDropDownMenu(list(RULESETS), TITLE,
                                                             pygame.Rect(x2, 28, 300, 34), m)
        add(self.ruleset_dd)
        self._card_rects = {}
        size, across = self.card_size()
        for k in range(PER_PAGE):
            i = self.page * PER_PAGE + k
            if i >= len(self.entries):
                break
            self._card_rects[i] = pygame.Rect(30 + (k % across) * (size[0] + 14),
                                              84 + (k // across) * (size[1] + 34), *size)
        self.prev_b = self.next_b = None
        if len(self.entries) > PER_PAGE:
            self.prev_b = pygame_gui.elements.UIButton(pygame.Rect(456, 44, 110, 30), "< courses", m)
            self.next_b = pygame_gui.elements.UIButton(pygame.Rect(572, 44, 110, 30), "courses >", m)
            add(self.prev_b)
            add(self.next_b)
        y = self.below_cards() + 78
        add(pygame_gui.elements.UILabel(pygame.Rect(30, y, 160, 30), "Players", m))
        most = max(2, self.most_players())
        self.players = min(self.players, most)
        self.players_dd = pygame_gui.elements.UIDropDownMenu([str(i) for i in range(2, most + 1)],
                                                             str(self.players), pygame.Rect(190, y, 80, 30), m)
        add(self.players_dd)
        note = self.seat_note or (f"this track seats {most} wheels" if most < MAX_PLAYERS else "")
        if note:
            why = seat_count(self.chosen)[1] if self.chosen is not None else ""
            self.seat_label = pygame_gui.elements.UILabel(pygame.Rect(284, y, -1, 30), note, m)  # as wide as its words
            self.seat_label.set_tooltip(f"{why}. The players list offers only as many as the picked track "
                                        f"seats (up to {MAX_PLAYERS}).", wrap_width=320)
            add(self.seat_label)
        y += 40
        self.name_entries, self.kind_dds, self.colour_dds = [], [], []
        kinds: list[str | tuple[str, str]] = list(seat_kinds())
        for i in range(self.players):
            ci = self.colour_of[i]
            col = art.player_colour(ci, self.app.settings.colour_blind)
            add(pygame_gui.elements.UIImage(pygame.Rect(30, y + 3, 50, 25),
                                            doom_art.wheel_sprite(col, ci, 12.7, 3.937, 1.969), m))
            e = pygame_gui.elements.UITextEntryLine(pygame.Rect(90, y, 200, 30), m)
            e.set_text(seat_name(self.names[i], ci, self.app.settings.colour_blind))
            e.set_text_length_limit(20)
            self.name_entries.append(e)
            add(e)
            kind = self.kinds[i] if self.kinds[i] in kinds else default_ai()
            dd = pygame_gui.elements.UIDropDownMenu(kinds, kind, pygame.Rect(300, y, 150, 30), m)
            self.kind_dds.append(dd)
            add(dd)
            colours = colour_choices(self.app.settings.colour_blind)
            cdd = pygame_gui.elements.UIDropDownMenu(colours, colours[ci], pygame.Rect(456, y, 100, 30), m)
            self.colour_dds.append(cdd)
            add(cdd)
            y += 36
        self._options_column(x2)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(30, h - 70, 160, 46), "Back", m)
        self.start = pygame_gui.elements.UIButton(pygame.Rect(w - 250, h - 70, 220, 46), "Start the race", m)
        add(self.back)
        add(self.start)
        if self.error:
            add(pygame_gui.elements.UILabel(pygame.Rect(210, h - 64, w - 480, 34), self.error[:120], m,
                                            object_id="#subtitle"))
        chosen = self.chosen
        if chosen is None or not self.startable(chosen):
            self.start.disable()

    def _options_column(self, x2: int) -> None:
        m = self.app.manager
        add = self.widgets.append
        add(pygame_gui.elements.UILabel(pygame.Rect(x2, 80, 500, 30), "Rules options (defaults first)", m))
        defaults = Options().to_json()
        self.option_dds: dict[Any, str] = {}
        oy = 116
        add(self._option_label(pygame.Rect(x2, oy, 250, 28), "laps"))
        laps: list[str | tuple[str, str]] = [str(i) for i in range(1, 10)]
        self.laps_dd = pygame_gui.elements.UIDropDownMenu(laps, self.options.get("laps", str(defaults["laps"])),
                                                          pygame.Rect(x2 + 255, oy, 250, 28), m)
        add(self.laps_dd)
        oy += 32
        for name, values in CHOICES.items():
            add(self._option_label(pygame.Rect(x2, oy, 250, 28), name))
            cur = self.options.get(name, str(defaults[name]))
            items = choice_items(name, values, value_word)
            dd = pygame_gui.elements.UIDropDownMenu(items, (value_word(name, cur), cur),
                                                    pygame.Rect(x2 + 255, oy, 250, 28), m)
            self.option_dds[dd] = name
            add(dd)
            oy += 32
        add(self._option_label(pygame.Rect(x2, oy, 250, 28), "turn_cap"))
        self.cap_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x2 + 255, oy, 100, 28), m)
        self.cap_entry.set_text(self.options.get("turn_cap", str(defaults["turn_cap"])))
        add(self.cap_entry)
        oy += 40  # house rules: not the published rules, so set apart
        add(pygame_gui.elements.UILabel(pygame.Rect(x2, oy, 250, 28), "House rule: take-backs", m))
        self.takebacks_dd = pygame_gui.elements.UIDropDownMenu(
            ["off", "on"], "on" if self.takebacks else "off", pygame.Rect(x2 + 255, oy, 100, 28), m)
        add(self.takebacks_dd)

    def _option_label(self, rect: pygame.Rect, name: str) -> Any:
        """An option's plain label; its tooltip has the help and the spec's name."""
        label = pygame_gui.elements.UILabel(rect, option_label(name), self.app.manager)
        label.set_tooltip(option_tooltip(name), wrap_width=380)
        return label

    def card_size(self) -> tuple[tuple[int, int], int]:
        return (BIG_CARD, 2) if len(self.entries) <= 2 else (CARD, 3)

    def below_cards(self) -> int:
        size, across = self.card_size()
        rows = max(1, (len(self._card_rects) + across - 1) // across)
        return 84 + rows * (size[1] + 34) + 2

    # --- input ------------------------------------------------------------------------
    def _read(self) -> None:
        def sel(dd: Any) -> str:
            v = dd.selected_option
            return str(v[0] if isinstance(v, tuple) else v)
        self.names = shown_names([e.get_text() for e in self.name_entries], self.colour_of,
                                 self.app.settings.colour_blind) + self.names[len(self.name_entries):]
        self.kinds = [sel(dd) for dd in self.kind_dds] + self.kinds[len(self.kind_dds):]
        for dd, name in self.option_dds.items():
            self.options[name] = selected_id(dd)
        v = self.takebacks_dd.selected_option
        self.takebacks = (v[0] if isinstance(v, tuple) else v) == "on"
        self.options["laps"] = sel(self.laps_dd)
        self.options["turn_cap"] = self.cap_entry.get_text().strip()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in self._card_rects.items():
                if r.collidepoint(event.pos) and not self._dropdown_open():
                    self._read()
                    self.pick(i)
                    self.resized()  # the players list follows what the track seats
                    return True
        return False

    def _dropdown_open(self) -> bool:
        return any(getattr(dd, "current_state", None) is getattr(dd, "menu_states", {}).get("expanded")
                   for dd in [self.ruleset_dd, self.players_dd, *self.kind_dds, *self.colour_dds])

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._read()
            if event.ui_element is self.ruleset_dd and event.text != TITLE and setup_choice_scene(event.text):
                self.app.replace(setup_choice_scene(event.text)(self.app))
            elif event.ui_element is self.players_dd:
                self.players = int(event.text)
                self.seat_note = ""
                self.resized()
            elif event.ui_element in self.colour_dds:
                i = self.colour_dds.index(event.ui_element)
                new = colour_choices(self.app.settings.colour_blind).index(event.text)
                if new in self.colour_of[:self.players]:
                    j = self.colour_of.index(new)
                    self.colour_of[j] = self.colour_of[i]
                self.colour_of[i] = new
                self.resized()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.back:
            from game.ui.scenes.menu import MenuScene
            self.app.replace(MenuScene(self.app))
        elif event.ui_element is self.start:
            self._read()
            self.start_race()
        elif event.ui_element in (self.prev_b, self.next_b):
            pages = (len(self.entries) + PER_PAGE - 1) // PER_PAGE
            self.page = (self.page + (1 if event.ui_element is self.next_b else -1)) % pages
            self.resized()

    def start_race(self) -> None:
        from game.ui.doomwheel.flow import start_doomwheel
        entry = self.chosen
        if entry is not None:  # read again if the file changed since it was listed
            entry = self.entries[self.course_i] = course_list.entry(entry.path, entry.where)
        if entry is None or entry.course is None or not self.startable(entry):  # stay: the page says why
            self.error = "no Doomwheel course found" if entry is None else "this course cannot be raced"
            self._cards.pop(self.course_i, None)
            self.resized()
            return
        course = entry.course
        try:
            options = parse_options({**self.options, "players": self.players}, "race set-up", "options")
            check_field(course, self.players, "race set-up")
        except BadInput as e:
            self.error = e.line()
            self.resized()
            return
        kinds = seat_kinds()
        seats = [(self.names[i], kinds.get(self.kinds[i], "random")) for i in range(self.players)]
        start_doomwheel(self.app, course, seats, options, self.seed, colours=self.colour_of[:self.players],
                        takebacks=self.takebacks)

    # --- drawing ----------------------------------------------------------------------
    def _card(self, i: int) -> pygame.Surface:
        if self._cards.get(i) is None:
            e = self.entries[i]
            if e.course is not None and self.startable(e):
                self._cards[i] = doom_preview(e.course, self.card_size()[0])
            else:  # greyed, with its problem (in full under the cards once picked)
                self._cards[i] = problem_card(_with_seats(e), self.card_size()[0])[0]
        card = self._cards[i]
        assert card is not None
        return card

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.table_background((w, h)), (0, 0))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 150))
        surface.blit(shade, (0, 0))
        labels = self.labels
        small, bold = art.font(13), art.font(14, bold=True)
        for i, r in self._card_rects.items():
            surface.blit(self._card(i), r)
            chosen = i == self.course_i
            ok = self.startable(self.entries[i])
            pygame.draw.rect(surface, (255, 214, 120) if chosen else (120, 94, 60) if ok else (96, 90, 84), r,
                             4 if chosen else 2, border_radius=3)
            font = bold if chosen else small
            name = _fit(font, labels[i], r.width - 4)
            surface.blit(font.render(name, True, (255, 226, 150) if chosen else (230, 220, 200) if ok
                                     else (160, 154, 146)), (r.x + 2, r.bottom + 4))
        e = self.chosen
        if e is not None and not self.startable(e):
            y = self.below_cards()
            text = " ".join(problem_lines(_with_seats(e))[:2]) + f" ({problem_lines(e)[2]})"
            for k, row in enumerate(wrap_text(small, text, 660)):
                surface.blit(small.render(row, True, (235, 200, 185)), (30, y + k * small.get_linesize()))
            return
        course = e.course if e is not None else None
        if course is not None:
            desc = getattr(course, "description", "") or ""
            crit: dict[str, int] = {}
            for c in course.critters:
                crit[c.kind] = crit.get(c.kind, 0) + 1
            facts = (f"{course.max_racers or MAX_PLAYERS} wheels at most; {crit.get('fanatic', 0)} Fanatics, "
                     f"{crit.get('slayer', 0)} Dammaz-Drengi, {crit.get('slave', 0)} slaves; "
                     f"{len(course.checkpoints)} checkpoints")
            y = self.below_cards()
            self._wrap(surface, desc, 30, y, 660, small, (230, 220, 200), 3)
            surface.blit(small.render(facts, True, (200, 190, 170)), (30, y + 3 * small.get_linesize() + 2))

    @staticmethod
    def _wrap(surface: pygame.Surface, text: str, x: int, y: int, width: int, font: pygame.font.Font,
              colour: tuple[int, int, int], max_lines: int) -> None:
        words, line, n = text.split(), "", 0
        for word in words:
            trial = (line + " " + word).strip()
            if font.size(trial)[0] > width and line:
                surface.blit(font.render(line, True, colour), (x, y + n * font.get_linesize()))
                n += 1
                line = word
                if n >= max_lines:
                    return
            else:
                line = trial
        if line and n < max_lines:
            surface.blit(font.render(line, True, colour), (x, y + n * font.get_linesize()))


def _with_seats(e: CourseEntry) -> CourseEntry:
    """The entry with its problem said, when what stops it is that it seats no two wheels."""
    if e.problem or e.course is None:
        return e
    from dataclasses import replace
    return replace(e, problem=f"it cannot seat two wheels: {seat_count(e)[1]}")


def _fit(font: pygame.font.Font, text: str, width: int) -> str:
    """`text`, shortened with "..." to fit `width` pixels (the full name is in the list)."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text.rstrip() + "..."
