"""`ReviewScreen`: the layout of the five panes, composed with one controller per concern.

The screen holds the view model (`view.ReviewView`: what the panes show), the Textual parts
(the widgets, the debounced redraws, the workers' messages) and its controllers; each
controller's `action_<id>` methods are bound onto it (`actions.bind_actions`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from briefdesk.core.model.values import Duplicate, ItemMatches
from briefdesk.core.review.load import Review
from briefdesk.core.review.session import Session
from briefdesk.core.settings.keymap import Keymap
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.command import Provider
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Input, ProgressBar, Static

from ...commands import ReviewCommands
from ...debounce import Debouncer
from ...keys import key_display, review_bindings
from ...live import live
from ...widgets.brief import BriefPane
from ...widgets.detail import DetailPane
from ...widgets.duplicates import DuplicatesPane
from ...widgets.item_list import ItemList
from ...widgets.keybar import KeyBar
from ...widgets.pane_list import PaneList
from ...widgets.placements import PlacementsPane
from ...widgets.search import SearchBar
from .actions import bind_actions
from .annotate import Annotate
from .base import Controller
from .claims import Claims
from .cursor import Cursor
from .decide import Decide
from .drawing import NARROW_BELOW, Panes
from .duplicates import Duplicates
from .handoff import Handoff
from .matching import Matching, MatchingDone, MatchingFailed, MatchingProgress
from .navigate import Navigate
from .order import Order
from .screens import Open
from .staleness import FilesChanged, Reread, RereadFailed, Staleness
from .view import ReviewView
from .write import Write

# On opening, the brief preview (a render of the whole batch's brief, then its layout: ~0.1 s at
# 3,000 items) waits until the list and the current item are on screen: this long after the
# screen's first frame. Timed from the mount instead, on a loaded machine the delay ran out before
# the first frame and the preview was drawn inside it (benchmarks/RESULTS.md, the desk's first
# paint).
BRIEF_OPEN_DELAY = 0.5
# A first frame never comes while the screen is not on top: then the preview (and a big batch's
# matching) start this long after the mount.
FIRST_FRAME_AT_MOST = 3.0


class ReviewScreen(Screen[None]):
    """Panes: 1 items, 2 detail, 3 placements, 4 duplicates, 5 brief. Every action of the keymap
    (docs/keys.md) is a binding whose id is the action's id (`tui.keys`), so the keymap rebinds
    it; the controller that owns it runs it."""

    # the keymap's actions, then 1-5 focusing the panes of those numbers (lazygit's convention;
    # a keymap that binds a digit keeps it: its binding comes first)
    BINDINGS: ClassVar[list[BindingType]] = [
        *review_bindings(),
        *(Binding(str(n), f"focus_pane({n})", show=False) for n in range(1, 6)),
    ]
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {ReviewCommands}
    AUTO_FOCUS = "#items"
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = [  # noqa: RUF012 (Textual's type)
        (0, "-narrow"),
        (NARROW_BELOW, "-wide"),
    ]
    # the controllers whose actions the screen runs, by the attribute that holds each
    CONTROLLERS: ClassVar[Mapping[str, type[Controller]]] = {
        "navigate": Navigate,
        "decide": Decide,
        "duplicates": Duplicates,
        "annotate": Annotate,
        "claims": Claims,
        "order": Order,
        "write": Write,
        "opener": Open,
        "handoff": Handoff,
    }

    # how far matching is (done, total), or None once it is over or not run: the bar beside the
    # status line follows it
    match_progress: reactive[tuple[int, int] | None] = reactive(
        (0, 0), init=False, always_update=True
    )

    def __init__(
        self,
        review: Review,
        session: Session,
        keymap: Keymap,
        *,
        reviewer: str | None = None,
        readonly_reason: str | None = None,
        match: bool = True,
        width: int | None = None,
    ) -> None:
        # the layout's class from the start (`width`: the app's): set in on_mount, it restyled
        # every widget of the screen once more before the first frame
        wide = width is not None and width >= NARROW_BELOW
        super().__init__(classes=None if width is None else ("-wide" if wide else "-narrow"))
        self.session = session
        self.keymap = keymap
        self.start_matching = match
        self.view = ReviewView(review, session, reviewer=reviewer, readonly_reason=readonly_reason)
        self.panes = Panes(self)
        self.later = Debouncer(self, self.panes.run_later)
        self.drawn = False  # the first frame is on the terminal (`first_frame`)
        self.moves = Cursor(self)
        self.matching = Matching(self)
        self.staleness = Staleness(self)
        self.navigate = Navigate(self)
        self.decide = Decide(self)
        self.duplicates = Duplicates(self)
        self.annotate = Annotate(self)
        self.claims = Claims(self)
        self.order = Order(self)
        self.write = Write(self)
        self.opener = Open(self)
        self.handoff = Handoff(self)

    # -- what other parts of the desk (and the tests) read ---------------------------------------

    @property
    def review(self) -> Review:
        return self.view.review

    @property
    def current(self) -> str | None:
        return self.view.current

    @property
    def matches(self) -> Mapping[str, ItemMatches] | None:
        return self.view.matches

    @property
    def shown_refs(self) -> list[str]:
        return self.view.shown_refs

    @property
    def brief_text(self) -> str:
        """The brief as it would be committed now (rendered at once if a redraw is pending)."""
        return self.panes.brief()[0]

    @property
    def message_text(self) -> str | None:
        return self.panes.brief()[1]

    @property
    def brief_cache(self) -> str:
        return self.view.brief_cache

    def go_to(self, ref: str | None, *, rest: bool = False) -> None:
        self.moves.go_to(ref, rest=rest)

    def flush(self) -> None:
        self.panes.flush()

    def item_matches(self, ref: str) -> ItemMatches | None:
        return self.view.item_matches(ref)

    def cluster(self, ref: str) -> list[str]:
        return self.view.cluster(ref)

    def cites(self) -> dict[str, str]:
        """How earlier-brief candidates are cited: `2026-11-01 E1 简报第 5 条`. Built by the
        matching worker for the candidates it found (empty until then): `review.entries` parses
        every earlier brief, which must never happen on the UI thread."""
        return self.view.brief_cites

    def selected_duplicate(self) -> Duplicate | None:
        return self.decide.selected_duplicate()

    def half_page(self) -> int:
        return self.navigate.half_page()

    def save_cursor(self) -> None:
        self.moves.save()

    def request_quit(self) -> None:
        self.opener.request_quit()

    def focus_items(self) -> None:
        """After an action, the keys go to the items list again (the reviewer moves the focus
        to a pane to act there once, not to keep typing into it)."""
        items = self.query_one(ItemList)
        if self.focused is not items and not self.query_one(SearchBar).display:
            items.focus()

    def key_hint(self, action: str) -> str:
        """The first key the keymap binds to `action`, as the key bar shows it."""
        keys = self.keymap.keys(action)
        return key_display(self.app, keys[0]) if keys else action

    # -- the layout ----------------------------------------------------------------------------

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
        if not live(self):  # pushed as the desk quit: its panes may never be mounted
            return
        # breakpoints apply on resize only; a screen switched in later must set its own
        wide = self.app.size.width >= NARROW_BELOW
        self.set_class(not wide, "-narrow")
        self.set_class(wide, "-wide")
        self.session.listeners.append(self.panes.session_changed)
        self.query_one(PlacementsPane).pick_hint = self.key_hint("pick_placement")
        self.query_one(PlacementsPane).accept_hint = self.key_hint("accept_placement")
        panes = self.panes
        panes.draw_title()
        panes.fill_items()
        panes.draw_status()
        panes.draw_order()
        # the list and the current item's panes make the first frame (one layout); the brief
        # preview and a big batch's matching process follow once they are on screen instead of
        # holding up the first paint (`first_frame`)
        panes.show_current()
        self.later.hold("brief")
        self.screen_layout_refresh_signal.subscribe(
            self.query_one(ItemList), self.first_frame, immediate=True
        )
        self.set_timer(FIRST_FRAME_AT_MOST, self.first_frame)
        if not self.start_matching:
            self.match_progress = None
        elif not self.matching.after_first_frame():
            self.matching.start()
        self.staleness.start()
        self.handoff.check_uncommitted()

    def first_frame(self, _screen: Screen[object] | None = None) -> None:
        """The screen's first frame is on the terminal (Textual publishes its layout refresh
        right after writing it): the brief preview's delay starts now, and a big batch's
        matching process is forked after its own delay."""
        if self.drawn:
            return
        self.drawn = True
        self.screen_layout_refresh_signal.unsubscribe(self.query_one(ItemList))
        if self.later.pending("brief"):
            self.later.cancel("brief")
            self.later.later("brief", BRIEF_OPEN_DELAY)
        if self.start_matching and self.matching.after_first_frame():
            self.matching.start()

    def on_resize(self) -> None:
        """Across the breakpoint the detail pane's head changes form (compact when narrow)."""
        if self.is_mounted and live(self):  # (a resize as the screen is taken down: `tui.live`)
            self.panes.show_current()

    def on_unmount(self) -> None:
        self.staleness.stop()
        self.matching.stop()
        self.later.stop()
        self.moves.save()
        if self.panes.session_changed in self.session.listeners:
            self.session.listeners.remove(self.panes.session_changed)

    def watch_match_progress(self, progress: tuple[int, int] | None) -> None:
        bar = self.query_one("#match-progress", ProgressBar)
        bar.display = progress is not None
        if progress is not None:
            done, total = progress
            bar.update(total=max(total, 1), progress=done)

    # -- the messages of the workers and the widgets -------------------------------------------

    @on(MatchingProgress)
    def _matching_progress(self, event: MatchingProgress) -> None:
        self.matching.progress(event)

    @on(MatchingFailed)
    def _matching_failed(self, event: MatchingFailed) -> None:
        self.matching.failed(event)

    @on(MatchingDone)
    def _matched(self, event: MatchingDone) -> None:
        self.matching.done(event)

    @on(FilesChanged)
    def _files_changed(self, event: FilesChanged) -> None:
        self.staleness.files_changed(event)

    @on(RereadFailed)
    def _reread_failed(self, event: RereadFailed) -> None:
        self.staleness.reread_failed(event)

    @on(Reread)
    def _reread(self, event: Reread) -> None:
        self.staleness.reread_done(event)

    @on(Input.Changed, "#search")
    def _search_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.navigate.search_changed(event.value)

    @on(Input.Submitted, "#search")
    def _search_kept(self, event: Input.Submitted) -> None:
        event.stop()
        self.navigate.close_search()

    @on(SearchBar.Cancelled)
    def _search_cancelled(self, event: SearchBar.Cancelled) -> None:
        event.stop()
        self.navigate.search_cancelled()

    @on(PaneList.OptionHighlighted, "#items")
    def _item_highlighted(self, event: PaneList.OptionHighlighted) -> None:
        """The list's own keys (home, end, pages) and clicks move the review.

        The message arrives after the highlight moved; when keys come fast the cursor has moved
        on meanwhile (next_item highlights the row itself), and a stale message must not pull
        it back: two stale messages would chase each other for ever, the panes never drawn."""
        event.stop()
        if event.option_index != event.control.highlighted:
            return
        if event.option.id:
            self.moves.go_to(event.option.id, rest=True)

    @on(PaneList.OptionHighlighted, "#order")
    def _increment_highlighted(self, event: PaneList.OptionHighlighted) -> None:
        """Moving in the brief's order (when it has the focus) moves the review to that item, so
        move_up / move_down act on it."""
        event.stop()
        ref = event.option.id
        if event.control.has_focus and ref and ref in self.view.shown_index:
            self.moves.go_to(ref)

    @on(PaneList.OptionSelected)
    def _selected(self, event: PaneList.OptionSelected) -> None:
        event.stop()  # clicks select; there is nothing more to do on a click


bind_actions(ReviewScreen)
