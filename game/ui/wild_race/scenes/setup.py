"""Race set-up: the course (with a preview), the players (name, colour and shape,
human or AI), racers per player, the rules options with their defaults, and for a
Grand Prix the number of races.

The courses come from game.levels.course_list (the shipped ones, the Sprint first,
then the player's own); one that cannot be raced is marked in the list, shows its
first problem in full where the preview would be, and cannot be started. Each rules
option shows its plain label and value words (game.rules.wild_race.options LABELS,
VALUE_WORDS); the spec's name, values and section are in its tooltip."""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui

from game.levels import course_list
from game.levels.course_list import CourseEntry
from game.core.errors import BadInput
from game.core import registry
from game.rules.wild_race import MAX_RACERS, NAME
from game.rules.wild_race.options import CHOICES, Options, option_label, option_tooltip, parse_options, value_word
from game.ui import art
from game.ui.app import App, Scene
from game.names import seat_name
from game.ui.course_picker import problem_card
from game.ui.seats import DEFAULT_NAMES, colour_choices, selected_id, shown_names  # noqa: F401  (also used by tests)
from game.ui.seats import choice_items as seat_choice_items
from game.ui.setup_choice import setup_choice_scene, setup_choices
from game.ui.table_view import course_preview

TITLE = registry.get(NAME).title  # its title in the set-up scenes' ruleset list (game.ui.setup_choice)

SEAT_KINDS = {"Human": "human", "AI (easy)": "easy", "AI (normal)": "normal", "AI (hard)": "hard",
              "AI (random)": "random"}
PREVIEW = (380, 200)
NOT_RACED = "  (cannot be raced)"


def course_options(entries: list[CourseEntry]) -> list[str | tuple[str, str]]:
    """The course drop-down's items: (the label, marked if it cannot be raced; its index)."""
    labels = course_list.distinct_labels(entries)
    return [(label + ("" if e.startable else NOT_RACED), str(i)) for i, (label, e) in enumerate(zip(labels, entries))]


def choice_items(name: str, values: tuple[str, ...],
                 words: Callable[[str, str], str] = value_word) -> list[str | tuple[str, str]]:
    """An option drop-down's items (game.ui.seats.choice_items), in the Wild Race's words."""
    return seat_choice_items(name, values, words)


class SetupScene(Scene):
    def __init__(self, app: App, grand_prix: bool = False) -> None:
        super().__init__(app)
        self.grand_prix = grand_prix
        self.entries = course_list.list_courses("wild-race")
        self.course_i = next((i for i, e in enumerate(self.entries) if e.startable), 0)
        self.players = 2
        self.per = 1
        self.names = list(DEFAULT_NAMES)
        self.kinds = ["Human"] + ["AI (normal)"] * 7
        self.colour_of = list(range(8))  # palette index per seat
        self.options: dict[str, str] = {}
        self.races = 3
        self.error = ""
        self._preview: pygame.Surface | None = None
        self._preview_for: CourseEntry | None = None  # the entry the preview shows
        self.seed: int | None = None  # None: a fresh random race each time (tests fix it)
        self.takebacks = False  # house rule (issue 7): off by default

    @property
    def files(self) -> list[str]:
        """The listed course files, in list order."""
        return [e.path for e in self.entries]

    @property
    def chosen(self) -> CourseEntry | None:
        """The course picked (None when there is none to pick)."""
        return self.entries[self.course_i] if 0 <= self.course_i < len(self.entries) else None

    def enter(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        add = self.widgets.append
        add(pygame_gui.elements.UILabel(pygame.Rect(30, 12, 600, 64),
                                        "New Grand Prix" if self.grand_prix else "New race", m, object_id="#title"))
        if not self.grand_prix:  # the other ruleset is one choice away
            x2 = max(580, w - 560)
            self.ruleset_dd = pygame_gui.elements.UIDropDownMenu(list(setup_choices()), TITLE,
                                                                 pygame.Rect(x2, 28, 300, 34), m)
            add(self.ruleset_dd)
        items = course_options(self.entries) or [("(no course found)", "-1")]
        self.course_dd = pygame_gui.elements.UIDropDownMenu(items, items[max(0, min(self.course_i, len(items) - 1))],
                                                            pygame.Rect(30, 80, 380, 34), m)
        add(self.course_dd)
        y = 330
        add(pygame_gui.elements.UILabel(pygame.Rect(30, y, 160, 30), "Players", m))
        self.players_dd = pygame_gui.elements.UIDropDownMenu([str(i) for i in range(1, 9)], str(self.players),
                                                             pygame.Rect(190, y, 80, 30), m)
        add(self.players_dd)
        add(pygame_gui.elements.UILabel(pygame.Rect(280, y, 150, 30), "Racers each", m))
        self.per_dd = pygame_gui.elements.UIDropDownMenu(["1", "2", "3"], str(self.per), pygame.Rect(430, y, 70, 30), m)
        add(self.per_dd)
        self.name_entries = []
        self.kind_dds = []
        y += 44
        self.colour_dds = []
        for i in range(self.players):
            ci = self.colour_of[i]
            col = art.player_colour(ci, self.app.settings.colour_blind)
            icon = pygame_gui.elements.UIImage(pygame.Rect(30, y + 2, 52, 26), art.racer_sprite(col, ci, 26.0), m)
            add(icon)
            e = pygame_gui.elements.UITextEntryLine(pygame.Rect(90, y, 200, 30), m)
            e.set_text(seat_name(self.names[i], ci, self.app.settings.colour_blind))
            e.set_text_length_limit(20)
            self.name_entries.append(e)
            add(e)
            dd = pygame_gui.elements.UIDropDownMenu(list(SEAT_KINDS), self.kinds[i], pygame.Rect(300, y, 150, 30), m)
            self.kind_dds.append(dd)
            add(dd)
            colours = colour_choices(self.app.settings.colour_blind)
            cdd = pygame_gui.elements.UIDropDownMenu(colours, colours[ci], pygame.Rect(456, y, 100, 30), m)
            self.colour_dds.append(cdd)
            add(cdd)
            y += 36
        if self.grand_prix:
            add(pygame_gui.elements.UILabel(pygame.Rect(30, y + 6, 160, 30), "Races", m))
            self.races_dd = pygame_gui.elements.UIDropDownMenu([str(i) for i in (2, 3, 4, 5, 6)], str(self.races),
                                                               pygame.Rect(190, y + 6, 80, 30), m)
            add(self.races_dd)
        # rules options, defaults shown
        x2 = max(580, w - 560)
        add(pygame_gui.elements.UILabel(pygame.Rect(x2, 80, 500, 30), "Rules options (defaults first)", m))
        self.option_dds = {}
        oy = 116
        defaults = Options().to_json()
        for name, values in CHOICES.items():
            if name == "gp_carry_favour" and not self.grand_prix:
                continue
            add(self._option_label(pygame.Rect(x2, oy, 270, 28), name))
            cur = self.options.get(name, str(defaults[name]))
            dd = pygame_gui.elements.UIDropDownMenu(choice_items(name, values), (value_word(name, cur), cur),
                                                    pygame.Rect(x2 + 275, oy, 250, 28), m)
            self.option_dds[dd] = name
            add(dd)
            oy += 32
        add(self._option_label(pygame.Rect(x2, oy, 270, 28), "turn_cap"))
        self.cap_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x2 + 275, oy, 100, 28), m)
        self.cap_entry.set_text(self.options.get("turn_cap", "60"))
        add(self.cap_entry)
        oy += 40  # house rules: not the published rules, so set apart
        add(pygame_gui.elements.UILabel(pygame.Rect(x2, oy, 270, 28), "House rule: take-backs", m))
        self.takebacks_dd = pygame_gui.elements.UIDropDownMenu(
            ["off", "on"], "on" if self.takebacks else "off", pygame.Rect(x2 + 275, oy, 100, 28), m)
        add(self.takebacks_dd)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(30, h - 70, 160, 46), "Back", m)
        self.start = pygame_gui.elements.UIButton(pygame.Rect(w - 250, h - 70, 220, 46), "Start the race", m)
        add(self.back)
        add(self.start)
        self._start_allowed()
        if self.error:
            add(pygame_gui.elements.UILabel(pygame.Rect(210, h - 64, w - 480, 34), self.error[:120], m,
                                            object_id="#subtitle"))

    def _option_label(self, rect: pygame.Rect, name: str) -> Any:
        """An option's plain label; its tooltip has the help and the spec's name."""
        label = pygame_gui.elements.UILabel(rect, option_label(name), self.app.manager)
        label.set_tooltip(option_tooltip(name), wrap_width=380)
        return label

    def _start_allowed(self) -> None:
        """Start only on a course that can be raced (the preview says why not)."""
        e = self.chosen
        if e is None or not e.startable:
            self.start.disable()
        else:
            self.start.enable()

    def _read(self) -> None:
        self.names = shown_names([e.get_text() for e in self.name_entries], self.colour_of,
                                 self.app.settings.colour_blind) + self.names[len(self.name_entries):]
        self.kinds = [dd.selected_option[0] if isinstance(dd.selected_option, tuple) else dd.selected_option
                      for dd in self.kind_dds] + self.kinds[len(self.kind_dds):]
        for dd, name in self.option_dds.items():
            self.options[name] = selected_id(dd)
        self.options["turn_cap"] = self.cap_entry.get_text().strip()
        v = self.takebacks_dd.selected_option
        self.takebacks = (v[0] if isinstance(v, tuple) else v) == "on"

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._read()
            if getattr(self, "ruleset_dd", None) is event.ui_element and event.text != TITLE and \
                    setup_choice_scene(event.text):
                self.app.replace(setup_choice_scene(event.text)(self.app))
            elif event.ui_element is self.players_dd:
                self.players = int(event.text)
                self.resized()
            elif event.ui_element in self.colour_dds:
                i = self.colour_dds.index(event.ui_element)
                new = colour_choices(self.app.settings.colour_blind).index(event.text)
                if new in self.colour_of[:self.players]:  # swap with whoever had it
                    j = self.colour_of.index(new)
                    self.colour_of[j] = self.colour_of[i]
                self.colour_of[i] = new
                self.resized()
            elif event.ui_element is self.per_dd:
                self.per = int(event.text)
            elif event.ui_element is self.course_dd:
                i = int(selected_id(self.course_dd))
                if 0 <= i < len(self.entries):
                    self.course_i = i
                    self.entries[i] = course_list.entry(self.entries[i].path, self.entries[i].where)
                    self.error = ""
                    self._start_allowed()
            elif getattr(self, "races_dd", None) is event.ui_element:
                self.races = int(event.text)
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.back:
            from game.ui.scenes.menu import MenuScene
            self.app.replace(MenuScene(self.app))
        elif event.ui_element is self.start:
            self._read()
            self.start_race()

    def start_race(self) -> None:
        from game.ui.wild_race.flow import start_series
        entry = self.chosen
        if entry is not None:  # read again if the file changed since it was listed
            entry = self.entries[self.course_i] = course_list.entry(entry.path, entry.where)
        if entry is None or entry.course is None or not entry.startable:  # stay, nothing lost: the preview says why
            self.error = "no course found in levels/wild_race" if entry is None else "this course cannot be raced"
            self.resized()
            return
        course = entry.course
        try:
            opts = {k: v for k, v in self.options.items()}
            cap = opts.pop("turn_cap", "60")
            options = parse_options({**opts, "turn_cap": cap}, "race set-up", "options")
            if self.players * self.per > min(MAX_RACERS, course.max_racers or MAX_RACERS):
                raise BadInput("race set-up", "racers", f"{self.players} x {self.per} racers: at most "
                               f"{min(MAX_RACERS, course.max_racers or MAX_RACERS)} on this course")
        except BadInput as e:
            self.error = e.line()
            self.resized()
            return
        seats = [(self.names[i], SEAT_KINDS[self.kinds[i]]) for i in range(self.players)]
        start_series(self.app, course, seats, self.per, options, self.races if self.grand_prix else 1, self.seed,
                     colours=self.colour_of[:self.players], takebacks=self.takebacks)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.table_background((w, h)), (0, 0))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 150))
        surface.blit(shade, (0, 0))
        e = self.chosen
        if e is not None and self._preview_for is not e:
            self._preview_for = e
            if e.course is not None and e.startable:
                self._preview = course_preview(e.course, PREVIEW)
            else:  # greyed, with the whole problem wrapped in it
                self._preview = problem_card(e, PREVIEW)[0]
        if self._preview is not None:
            surface.blit(self._preview, (30, 122))
            pygame.draw.rect(surface, (140, 110, 70), pygame.Rect(30, 122, *PREVIEW), 2)

