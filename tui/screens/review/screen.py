"""`ReviewScreen`: the layout of the five panes and the actions of every theme, assembled."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.command import Provider
from textual.containers import Horizontal, Vertical
from textual.widgets import ProgressBar, Static

from ...commands import ReviewCommands
from ...keys import key_display, review_bindings
from ...widgets.brief import BriefPane
from ...widgets.detail import DetailPane
from ...widgets.duplicates import DuplicatesPane
from ...widgets.item_list import ItemList
from ...widgets.keybar import KeyBar
from ...widgets.placements import PlacementsPane
from ...widgets.search import SearchBar
from .annotate import AnnotateActions
from .claims import ClaimActions
from .decide import DecideActions
from .drawing import NARROW_BELOW
from .duplicates import DuplicateActions
from .handoff import HandoffActions
from .navigate import NavigateActions
from .order import OrderActions
from .screens import OpenActions
from .staleness import StalenessMixin
from .write import WriteActions

# On opening, the brief preview (a render of the whole batch's brief, then its layout: ~0.1 s at
# 3,000 items) waits until the list and the current item are on screen.
BRIEF_OPEN_DELAY = 0.5


class ReviewScreen(
    NavigateActions,
    DecideActions,
    DuplicateActions,
    AnnotateActions,
    ClaimActions,
    OrderActions,
    WriteActions,
    OpenActions,
    HandoffActions,
    StalenessMixin,
):
    """Panes: 1 items, 2 detail, 3 placements, 4 duplicates, 5 brief. Every action of PRODUCT
    §12 is a binding whose id is the action's id (`tui.keys`), so the keymap rebinds it."""

    BINDINGS: ClassVar[list[BindingType]] = review_bindings()
    COMMANDS: ClassVar[set[type[Provider]]] = {ReviewCommands}
    AUTO_FOCUS = "#items"
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [
        (0, "-narrow"),
        (NARROW_BELOW, "-wide"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="titlebar", markup=False)
        with Horizontal(id="body"):
            items = ItemList(id="items")
            items.border_title = "1 items"
            yield items
            with Vertical(id="middle"):
                detail = DetailPane(id="detail")
                detail.border_title = "2 detail"
                yield detail
                dups = DuplicatesPane(id="duplicates")
                dups.border_title = "4 duplicates"
                yield dups
            with Vertical(id="right"):
                placements = PlacementsPane(id="placements")
                placements.border_title = "3 placements"
                yield placements
                brief = BriefPane(id="brief")
                brief.border_title = "5 brief"
                yield brief
        with Horizontal(id="statusrow"):
            yield Static(id="statusbar", markup=False)
            # matching's share done, while it runs (core.matching.job reports it)
            yield ProgressBar(id="match-progress", show_eta=False)
        search = SearchBar(id="search")
        search.display = False
        yield search
        yield KeyBar(self.keymap, id="keybar")

    def on_mount(self) -> None:
        # breakpoints apply on resize only; a screen switched in later must set its own
        wide = self.app.size.width >= NARROW_BELOW
        self.set_class(not wide, "-narrow")
        self.set_class(wide, "-wide")
        self.session.listeners.append(self.session_changed)
        pick = self.keymap.keys("pick_placement")
        self.query_one(PlacementsPane).pick_hint = (
            key_display(self.app, pick[0]) if pick else "pick_placement"
        )
        self.draw_title()
        self.fill_items()
        self.draw_status()
        self.draw_order()
        # the list and the current item's panes make the first frame (one layout); the brief
        # preview follows once they are on screen instead of holding up the first paint
        self.show_current()
        self.later.later("brief", BRIEF_OPEN_DELAY)
        if self.start_matching:
            self.start_matching_job()
        else:
            self.query_one("#match-progress").display = False
        self.start_watching()

    def on_resize(self) -> None:
        """Across the breakpoint the detail pane's head changes form (compact when narrow)."""
        if self.is_mounted:
            self.show_current()

    def on_unmount(self) -> None:
        self.stop_watching()
        self.stop_matching_job()
        self.later.stop()
        self.save_cursor()
        if self.session_changed in self.session.listeners:
            self.session.listeners.remove(self.session_changed)
