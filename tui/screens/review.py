"""The review screen: five panes over one core `Session`, and every keymap action.

Panes: 1 items, 2 detail, 3 placements, 4 duplicates, 5 brief. Every action of PRODUCT §12 is a
binding with the action's id (see `tui.keys`); each `action_<id>` below turns the key into one
call on the session, which validates and saves it. The session's listener redraws what changed.
Matching runs in a worker thread; until it ends the panes say so and everything else works.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from typing import Any, ClassVar

from briefdesk.core.decisions import Decision, count_into
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.keymap import Keymap
from briefdesk.core.models import Duplicate, ItemMatches, Material
from briefdesk.core.review import Review
from briefdesk.core.session import Session
from textual import work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.command import Provider
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets.option_list import Option

from ..commands import ReviewCommands
from ..filtering import ItemFilter
from ..keys import key_display, review_bindings
from ..text import line
from ..widgets.brief import BriefPane, OrderList
from ..widgets.detail import DetailPane
from ..widgets.duplicates import DuplicateList, DuplicatesPane
from ..widgets.item_list import ItemList, Row, group_prompt, item_prompt
from ..widgets.keybar import KeyBar
from ..widgets.placements import PlacementsPane

CURSOR_SAVE_DELAY = 0.4  # seconds the cursor rests before its place is saved
PANES_DELAY = (
    0.06  # seconds the cursor rests before the detail, placements and duplicates follow it
)
BRIEF_DELAY = 0.12  # seconds decisions coalesce before the brief preview is rendered again
# On opening, the brief preview (a render of the whole batch's brief, then its layout: ~0.1 s at
# 3,000 items) waits until the list and the current item are on screen.
BRIEF_OPEN_DELAY = 0.5
# From this many items matching runs in a forked child process: in a thread it holds the GIL for
# seconds (every earlier brief parsed, every item tokenised), and the desk's keys wait for it.
# Smaller batches match in a thread (the fork is not worth it; tests of the thread path use them).
MATCH_PROCESS_ITEMS = 500
# The child is forked once the first frame is up: forked while the screen is being laid out, it
# made the desk copy every memory page the layout wrote (measured at 3,000 items: first paint
# 0.45 s against 0.31 s with this delay). Matching a warm batch then ends that much later.
MATCH_PROCESS_DELAY = 0.3
PANES = ("#items", "#detail", "#placements", "#dup-list", "#order")


def brief_cites(review: Review, matches: dict[str, ItemMatches], language: str) -> dict[str, str]:
    """How each earlier-brief candidate is cited, for the candidates matching found (off the UI
    thread: `review.entries` is every entry of every earlier brief)."""
    wanted = {d.ref for m in matches.values() for d in m.duplicates}
    if not wanted:
        return {}
    return {e.ref: e.cite(language) for e in review.entries if e.ref in wanted}


def _match_child(send: Any, review: Review, language: str) -> None:
    """The forked matching process: progress a few times a second, then the matches and cites.
    It must never write to the desk's terminal: the streams it inherited (and whatever the
    parent had buffered in them) are set aside unflushed before anything else runs."""
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the process
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done >= total or now - last[0] >= 0.2:
            last[0] = now
            send.send(("progress", done, total))

    try:
        matches = review.match(progress)
        send.send(("done", matches, brief_cites(review, matches, language)))
    except BriefdeskError as exc:
        send.send(("failed", str(exc)))
    except BaseException as exc:  # reported in the desk, never a traceback on its terminal
        send.send(("failed", f"{type(exc).__name__}: {exc}"))
    finally:
        send.close()


def mutating(method: Callable[..., Any]) -> Callable[..., Any]:
    """Refuse changes in a read-only session (another briefdesk holds the batch)."""

    @functools.wraps(method)
    def wrapper(self: ReviewScreen, *args: Any, **kwargs: Any) -> Any:
        if self.readonly_reason:
            self.notify(f"Read-only: {self.readonly_reason}", severity="warning", markup=False)
            return None
        if self.current is None:
            self.notify("No item selected (the filter hides every item).", severity="warning")
            return None
        return method(self, *args, **kwargs)

    return wrapper


class ReviewScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = review_bindings()
    COMMANDS: ClassVar[set[type[Provider]]] = {ReviewCommands}
    AUTO_FOCUS = "#items"
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (130, "-wide")]

    def __init__(
        self,
        review: Review,
        session: Session,
        keymap: Keymap,
        *,
        reviewer: str | None = None,
        readonly_reason: str | None = None,
        match: bool = True,
    ) -> None:
        super().__init__()
        self.review = review
        self.session = session
        self.keymap = keymap
        self.reviewer = reviewer
        self.readonly_reason = readonly_reason
        self.settings = review.workspace.settings
        self.language = self.settings.language
        self.advance = self.settings.advance_after_decision
        self.items = {item.ref: item for item in review.items}
        self.sections = {s.id: s for s in review.living_doc.sections}
        self.matches: dict[str, ItemMatches] | None = None
        self.match_problem: str | None = None
        self.progress: tuple[int, int] = (0, len(review.items))
        self.filter = ItemFilter()
        self.shown_refs: list[str] = []
        self._shown_index: dict[
            str, int
        ] = {}  # position of each shown ref (a list scan per key otherwise)
        self._drawn: dict[str, Decision] = {}
        self._tally: dict[
            str, int
        ] = {}  # `counts()` over `_drawn`, kept up to date from the changed refs
        self._start_matching = match
        self._brief_text = ""
        self._message_text: str | None = None
        self._cites: dict[str, str] = {}
        self._match_child: multiprocessing.process.BaseProcess | None = None
        self._cursor: str | None = session.data.cursor
        self._cursor_timer: Timer | None = None
        # redraws put off while keys arrive: what -> deadline, and the timer that checks it
        self._due: dict[str, float] = {}
        self._redraw_timers: dict[str, Timer] = {}
        # what each pane shows now, so a redraw touches only the panes whose content changed
        self._detail_key: tuple[Any, ...] | None = None
        self._placements_key: tuple[Any, ...] | None = None
        self._dups_key: tuple[Any, ...] | None = None
        self._order_key: tuple[Any, ...] | None = None
        # the item list: option index of each material's header, material of each item
        self._group_index: dict[str, int] = {}
        self._materials = {m.path: m for m in review.materials}

    # -- layout ------------------------------------------------------------------------------

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
        yield Static(id="statusbar", markup=False)
        yield KeyBar(self.keymap, id="keybar")

    def on_mount(self) -> None:
        # breakpoints apply on resize only; a screen switched in later must set its own
        wide = self.app.size.width >= self.HORIZONTAL_BREAKPOINTS[1][0]
        self.set_class(not wide, "-narrow")
        self.set_class(wide, "-wide")
        self.session.listeners.append(self._session_changed)
        pick = self.keymap.keys("pick_placement")
        self.query_one(PlacementsPane).pick_hint = (
            key_display(self.app, pick[0]) if pick else "pick_placement"
        )
        self._draw_title()
        self._fill_items()
        self._draw_status()
        self._draw_order()
        # the list and the current item's panes make the first frame (one layout); the brief
        # preview follows once they are on screen instead of holding up the first paint
        self._show_current()
        self._later("brief", BRIEF_OPEN_DELAY)
        if self._start_matching:
            if len(self.review.items) >= MATCH_PROCESS_ITEMS:
                self.set_timer(MATCH_PROCESS_DELAY, self.run_matching)
            else:
                self.run_matching()

    def on_unmount(self) -> None:
        child = self._match_child
        if child is not None and child.is_alive():
            child.terminate()  # the one process this screen started; its worker thread then ends
        for timer in self._redraw_timers.values():
            timer.stop()
        self._redraw_timers.clear()
        self._due.clear()
        self.save_cursor()
        if self._session_changed in self.session.listeners:
            self.session.listeners.remove(self._session_changed)

    # -- reading state -----------------------------------------------------------------------

    @property
    def current(self) -> str | None:
        cursor = self._cursor
        if cursor in self._shown_index:
            return cursor
        return self.shown_refs[0] if self.shown_refs else None

    def item_matches(self, ref: str) -> ItemMatches | None:
        if self.matches is None:
            return None
        return self.matches.get(ref, ItemMatches())

    def cites(self) -> dict[str, str]:
        """How earlier-brief candidates are cited: `2026-11-01 E1 简报第 5 条`. Built by the
        matching worker for the candidates it found (empty until then): `review.entries` parses
        every earlier brief, which must never happen on the UI thread."""
        return self._cites

    @property
    def brief_text(self) -> str:
        """The brief as it would be committed now (rendered at once if a redraw is pending)."""
        self._flush("brief")
        return self._brief_text

    @property
    def message_text(self) -> str | None:
        self._flush("brief")
        return self._message_text

    # -- redraws put off while keys arrive -------------------------------------------------------

    def _later(self, what: str, delay: float) -> None:
        """Redraw `what` ("panes" or "brief") once `delay` has passed since the last call for it:
        holding a key costs a row repaint per key and one redraw at the end."""
        self._due[what] = time.monotonic() + delay
        if what not in self._redraw_timers:
            self._redraw_timers[what] = self.set_timer(delay, functools.partial(self._tick, what))

    def _tick(self, what: str) -> None:
        self._redraw_timers.pop(what, None)
        due = self._due.get(what)
        if due is None:
            return
        left = due - time.monotonic()
        if left > 0.002:  # another key came meanwhile: wait for the rest
            self._redraw_timers[what] = self.set_timer(left, functools.partial(self._tick, what))
            return
        self._flush(what)

    def _flush(self, what: str) -> None:
        """Do a pending redraw now (an action is about to read what the pane shows)."""
        if self._due.pop(what, None) is None:
            return
        timer = self._redraw_timers.pop(what, None)
        if timer is not None:
            timer.stop()
        if not self.is_mounted:
            return
        if what == "panes":
            self._show_current()
        else:
            self._draw_brief()

    def flush(self) -> None:
        """Every pending redraw, now."""
        self._flush("panes")
        self._flush("brief")

    # -- drawing -----------------------------------------------------------------------------

    def _draw_title(self) -> None:
        batch = self.review.batch
        parts: list[Content | tuple[str, str] | str] = [
            ("briefdesk ", "bold $accent"),
            line(f"{self.review.topic} · {batch.stem}", "bold"),
            ("  ", ""),
            line(batch.manifest.id, "$text-muted"),
            (
                f"  {len(self.review.materials)} materials · {len(self.review.items)} items",
                "$text-muted",
            ),
            ("  reviewer ", "$text-muted"),
            line(self.reviewer or "(not set)"),
            (f"  keymap {self.keymap.name}", "$text-muted"),
        ]
        if self.readonly_reason:
            parts.append(("  READ-ONLY ", "bold $error"))
        self.query_one("#titlebar", Static).update(Content.assemble(*parts))

    def _row(self, ref: str) -> Content:
        item = self.items[ref]
        decision = self.session.decision(ref)
        return item_prompt(
            item,
            decision,
            decision.evidence or item.evidence,
            self.item_matches(ref),
            self.language,
        )

    def _group_row(self, material: Material) -> Content:
        decisions = self.session.data.decisions
        decided = sum(decisions[i.ref].status != "undecided" for i in material.items)
        return group_prompt(material, decided, self.language)

    def _fill_items(self) -> None:
        """Pane 1's rows, one per material and one per item the filter shows; each row's prompt
        is drawn when it is first painted."""
        options: list[Option] = []
        visible: list[str] = []
        decisions = self.session.data.decisions
        groups: dict[str, int] = {}
        active = self.filter.active
        partial = functools.partial
        for material in self.review.materials:
            if active:
                refs = [
                    i.ref
                    for i in material.items
                    if self.filter.accepts(
                        i, decisions[i.ref], self.session.evidence(i.ref), self.item_matches(i.ref)
                    )
                ]
            else:
                refs = [i.ref for i in material.items]
            if not refs:
                continue
            groups[material.path] = len(options)
            options.append(Row(partial(self._group_row, material), disabled=True))
            options.extend(Row(partial(self._row, ref), id=ref) for ref in refs)
            visible.extend(refs)
        if not options:
            options.append(
                Option(Content.styled("No item matches the filter.", "$text-muted"), disabled=True)
            )
        self.shown_refs = visible
        self._shown_index = {ref: k for k, ref in enumerate(visible)}
        self._group_index = groups
        self._drawn = dict(decisions)
        self._tally = self.session.counts()
        items = self.query_one(ItemList)
        items.fill(options)
        items.highlight_ref(self.current)
        title = (
            f"1 items {len(visible)}/{len(self.items)}"
            if self.filter.active
            else f"1 items {len(self.items)}"
        )
        items.border_title = title

    def _redraw_groups(self, refs: list[str]) -> None:
        """Group headers carry decided/total per material: redraw those of these items."""
        items = self.query_one(ItemList)
        for path in dict.fromkeys(self.items[ref].material for ref in refs):
            index = self._group_index.get(path)
            if index is not None:
                items.redraw(index)

    def _show_current(self) -> None:
        """The current item's panes; each is redrawn only when what it shows changed (a decision
        changes the detail's head, not the item's text or its duplicates)."""
        self._due.pop("panes", None)
        timer = self._redraw_timers.pop("panes", None)
        if timer is not None:
            timer.stop()
        ref = self.current
        detail = self.query_one(DetailPane)
        placements = self.query_one(PlacementsPane)
        dups = self.query_one(DuplicatesPane)
        if ref is None:
            detail.show(None)
            placements.show((), None, self.review.living_doc)
            dups.show("", (), {})
            self._detail_key = self._placements_key = self._dups_key = None
            return
        item = self.items[ref]
        decision = self.session.decision(ref)
        matches = self.item_matches(ref)
        key = (ref, decision)
        if key != self._detail_key:
            self._detail_key = key
            section = self.sections.get(decision.section or "")
            detail.show(
                item,
                self._materials.get(item.material),
                decision,
                decision.evidence or item.evidence,
                self.language,
                section.title if section else None,
            )
        key = (ref, decision.section, matches is None)
        if key != self._placements_key:
            self._placements_key = key
            placements.show(
                matches.placements if matches else None, decision.section, self.review.living_doc
            )
        key = (ref, matches is None)
        if key != self._dups_key:
            self._dups_key = key
            dups.show(item.text, matches.duplicates if matches else None, self._cites)
        self.query_one(OrderList).highlight_ref(ref)

    def _draw_order(self) -> None:
        """The increments in their order (pane 5's list), redrawn when the order or a merge
        changed."""
        data = self.session.data
        merged: dict[str, list[str]] = {}
        for ref, d in data.decisions.items():
            if d.merged_into and d.status == "include":
                merged.setdefault(d.merged_into, []).append(ref)
        key = (tuple(data.order), tuple((k, tuple(v)) for k, v in merged.items()))
        if key != self._order_key:
            self._order_key = key
            self.query_one(BriefPane).show_order(list(data.order), merged, self.items, self.current)

    def _draw_brief(self) -> None:
        """The brief preview: `render_brief` over the whole batch, so it runs once keys pause."""
        from briefdesk.core.render import render_brief

        data = self.session.data
        self._due.pop("brief", None)
        timer = self._redraw_timers.pop("brief", None)
        if timer is not None:
            timer.stop()
        self._draw_order()
        try:
            self._brief_text = render_brief(self.review, data, reviewer=self.reviewer)
        except BriefdeskError as exc:
            self._brief_text = f"(the brief cannot be rendered: {exc})"
        self._message_text = self._commit_message()
        self.query_one(BriefPane).show_preview(self._brief_text, self._message_text)

    def _commit_message(self) -> str | None:
        if not self.reviewer:
            return None
        try:
            from briefdesk.core.provenance import commit_message

            return commit_message(self.review, self.session.data, self.reviewer)
        except (ImportError, BriefdeskError):
            return None

    def _draw_status(self, tally: dict[str, int] | None = None) -> None:
        """The status bar; `tally` is the session's counts when the caller has them (a change:
        counted from the changed decisions, not over every decision of the batch)."""
        c = tally if tally is not None else self.session.counts()
        parts: list[Content | tuple[str, str] | str] = [
            (f" {c['included']} included", "bold $success"),
            (f" · {c['merged']} merged" if c["merged"] else "", "$success"),
            (f" · {c['excluded']} excluded ({c['duplicates']} duplicates)", "$error"),
            (
                f" · {c['undecided']} undecided",
                "bold $warning" if c["undecided"] else "$text-muted",
            ),
            (f" · confirmed {c['confirmed']}/{c['items']}", "$text-muted"),
        ]
        done, total = self.progress
        if self.match_problem:
            parts.append(
                Content.assemble(("  │ matching failed: ", "bold $error"), line(self.match_problem))
            )
        elif self.matches is None:
            pct = int(100 * done / total) if total else 0
            parts.append((f"  │ matching {done}/{total} ({pct}%)", "$accent"))
        if self.filter.active:
            parts.append(
                Content.assemble(("  │ filter: ", "$text-muted"), line(self.filter.describe()))
            )
        if self.readonly_reason:
            parts.append(
                Content.assemble(("  │ READ-ONLY: ", "bold $error"), line(self.readonly_reason))
            )
        if self.session.save_error:
            parts.append(
                Content.assemble(("  │ ⚠ ", "bold $error"), line(self.session.save_error, "$error"))
            )
        # one line high and as wide as the screen: a new text never needs a layout (and its repaint)
        self.query_one("#statusbar", Static).update(Content.assemble(*parts), layout=False)

    def _session_changed(self, session: Session) -> None:
        """Redraw the rows whose decision changed, the current item's panes, brief and status."""
        decisions = session.data.decisions
        items = self.query_one(ItemList)
        drawn = self._drawn
        changed = [ref for ref, d in decisions.items() if drawn.get(ref) is not d]
        tally = self._tally
        for ref in changed:
            items.redraw_ref(ref)
            old = drawn.get(ref)
            new = drawn[ref] = decisions[ref]
            if tally:  # counts() over the drawn decisions: only the changed ones move it
                if old is not None:
                    count_into(tally, old, -1)
                count_into(tally, new, 1)
        if not tally:  # nothing was drawn before this change
            tally = self._tally = session.counts()
        if changed:
            self._redraw_groups(changed)
        self._show_current()
        self._draw_order()
        self._later(
            "brief", BRIEF_DELAY
        )  # the preview renders the whole brief: once the keys pause
        self._draw_status(tally)

    # -- matching ----------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="matching")
    def run_matching(self) -> None:
        last = [0.0]

        def progress(done: int, total: int) -> None:
            # call_from_thread waits for the UI; a few updates a second are plenty
            now = time.monotonic()
            if done >= total or now - last[0] >= 0.2:
                last[0] = now
                self.app.call_from_thread(self._matching_progress, done, total)

        if (
            len(self.review.items) >= MATCH_PROCESS_ITEMS
            and "fork" in multiprocessing.get_all_start_methods()
        ):
            self._match_in_process(progress)
            return
        try:
            matches = self.review.match(progress)
            cites = brief_cites(self.review, matches, self.language)
        except BriefdeskError as exc:
            self.app.call_from_thread(self._matching_failed, str(exc))
        except Exception as exc:  # a bug in matching must not take the desk down
            self.app.call_from_thread(self._matching_failed, f"{type(exc).__name__}: {exc}")
        else:
            self.app.call_from_thread(self._matched, matches, cites)

    def _match_in_process(self, progress: Callable[[int, int], None]) -> None:
        """Match in a forked child (it has the parsed batch already, and the match cache under
        `.briefdesk/cache` makes it cheap on a warm start); this worker thread only waits on the
        pipe, so the UI keeps the GIL. The child is ended if the screen goes away first."""
        ctx = multiprocessing.get_context("fork")
        receive, send = ctx.Pipe(duplex=False)
        child = ctx.Process(
            target=_match_child, args=(send, self.review, self.language), daemon=True
        )
        child.start()
        send.close()
        self._match_child = child
        outcome: tuple[Any, ...] | None = None
        try:
            while outcome is None:
                message = receive.recv()
                if message[0] == "progress":
                    progress(message[1], message[2])
                else:
                    outcome = message
        except (EOFError, OSError):
            pass
        finally:
            receive.close()
            child.join(timeout=5)
            self._match_child = None
        if outcome is None:
            if self.is_mounted:
                self.app.call_from_thread(
                    self._matching_failed,
                    f"the matching process ended (exit code {child.exitcode})",
                )
        elif outcome[0] == "done":
            self.app.call_from_thread(self._matched, outcome[1], outcome[2])
        else:
            self.app.call_from_thread(self._matching_failed, outcome[1])

    def _matching_progress(self, done: int, total: int) -> None:
        if self.is_mounted and self.matches is None:
            self.progress = (done, total)
            self._draw_status()

    def _matching_failed(self, problem: str) -> None:
        if not self.is_mounted:
            return
        self.match_problem = problem
        self.matches = {}
        self._refresh_all()

    def _matched(
        self, matches: dict[str, ItemMatches], cites: dict[str, str] | None = None
    ) -> None:
        if not self.is_mounted:
            return
        self.matches = matches
        self._cites = cites or {}
        self._refresh_all()

    def _refresh_all(self) -> None:
        items = self.query_one(ItemList)
        if self.filter.has_duplicates is not None:  # what the filter shows depends on the matches
            self._fill_items()
        else:
            items.redraw_all()
        self._show_current()
        self._draw_status()

    # -- moving ------------------------------------------------------------------------------

    def go_to(self, ref: str | None, *, rest: bool = False) -> None:
        """Move the cursor. With `rest` (moves by key: next/prev item, the list's own keys and
        clicks) the row highlight moves now and the panes once the cursor rests (PANES_DELAY), so
        holding a key repaints two rows per key rather than four panes; otherwise all at once."""
        if ref is None or ref == self._cursor:
            return
        self._cursor = ref
        self.query_one(ItemList).highlight_ref(ref)
        if rest:
            self._later("panes", PANES_DELAY)
        else:
            self._show_current()
        self._schedule_cursor_save()

    def _schedule_cursor_save(self) -> None:
        """Save where the reviewer is once the cursor rests: a session save per key would cost a
        full write of the session file on every arrow press. Decisions are saved at once."""
        if self._cursor_timer is not None:
            self._cursor_timer.stop()
        self._cursor_timer = self.set_timer(CURSOR_SAVE_DELAY, self.save_cursor)

    def save_cursor(self) -> None:
        if self._cursor_timer is not None:
            self._cursor_timer.stop()
            self._cursor_timer = None
        if self._cursor != self.session.data.cursor and not self.readonly_reason:
            self.session.set_cursor(self._cursor)
            if self.session.save_error:
                self._draw_status()

    def _step(self, delta: int) -> bool:
        if not self.shown_refs:
            return False
        ref = self.current
        index = self._shown_index.get(ref, -1) if ref is not None else -1
        target = index + delta
        if 0 <= target < len(self.shown_refs):
            self.go_to(self.shown_refs[target], rest=True)
            return True
        return False

    def on_option_list_option_highlighted(self, event: ItemList.OptionHighlighted) -> None:
        control = event.option_list
        if isinstance(control, ItemList):
            event.stop()
            if event.option.id:
                self.go_to(event.option.id, rest=True)
        elif isinstance(control, OrderList) and control.has_focus:
            event.stop()
            if event.option.id and event.option.id in self._shown_index:
                self.go_to(event.option.id)

    def on_option_list_option_selected(self, event: ItemList.OptionSelected) -> None:
        event.stop()  # clicks select; there is nothing more to do on a click

    def _focused_pane(self) -> int:
        focused = self.focused
        for index, selector in enumerate(PANES):
            widget = self.query_one(selector)
            if focused is widget or (focused is not None and widget in focused.ancestors):
                return index
        return 0

    def _focus_pane(self, index: int) -> None:
        self.flush()  # the pane shows the current item before the reviewer moves in it
        widget: Widget = self.query_one(PANES[index % len(PANES)])
        widget.focus()

    # -- the actions of PRODUCT §12 ------------------------------------------------------------

    def action_next_item(self) -> None:
        self._step(1)

    def action_prev_item(self) -> None:
        self._step(-1)

    def action_next_pane(self) -> None:
        self._focus_pane(self._focused_pane() + 1)

    def action_prev_pane(self) -> None:
        self._focus_pane(self._focused_pane() - 1)

    def _decided(self) -> None:
        if self.advance:
            self._step(1)

    @mutating
    def action_include(self) -> None:
        ref = self.current
        self._apply(lambda: self.session.include(ref))
        self._decided()

    @mutating
    def action_exclude(self) -> None:
        from ..dialogs.exclude import ExcludeDialog

        ref = self.current
        item = self.items[ref]
        matches = self.item_matches(ref)
        decision = self.session.decision(ref)

        def done(reason: str | None) -> None:
            if reason:
                self._apply(lambda: self.session.exclude(ref, reason))
                self._decided()

        self.app.push_screen(
            ExcludeDialog(
                item.title,
                ref,
                matches.duplicates if matches else (),
                decision.reason,
                self.cites(),
            ),
            done,
        )

    @mutating
    def action_mark_duplicate(self) -> None:
        ref = self.current
        dup = self.selected_duplicate()
        if dup is None:
            why = (
                "matching is still running"
                if self.matches is None
                else "no duplicate candidates for this item"
            )
            self.notify(
                f"Cannot mark a duplicate: {why}. Use exclude to give a reason.", severity="warning"
            )
            return
        self._apply(lambda: self.session.mark_duplicate(ref, dup.ref))
        self._decided()

    def selected_duplicate(self) -> Duplicate | None:
        self._flush("panes")
        return self.query_one(DuplicateList).selected()

    def _text_dialog(
        self, heading: str, hint: str, existing: tuple[str, ...], save: Callable[[str, str], None]
    ) -> None:
        from ..dialogs.text_entry import TextEntryDialog

        ref = self.current
        item = self.items[ref]

        def done(text: str | None) -> None:
            if text:
                self._apply(lambda: save(ref, text))

        self.app.push_screen(TextEntryDialog(heading, hint, item.title, ref, existing), done)

    @mutating
    def action_annotate(self) -> None:
        d = self.session.decision(self.current)
        self._text_dialog(
            "Note",
            "A note on this item (kept in the session and the sidecar):",
            d.notes,
            self.session.add_note,
        )

    @mutating
    def action_flag_contradiction(self) -> None:
        d = self.session.decision(self.current)
        self._text_dialog(
            "Contradiction or claim to verify",
            "What conflicts, with what (brief section 二):",
            d.contradictions,
            self.session.add_contradiction,
        )

    @mutating
    def action_add_handle(self) -> None:
        d = self.session.decision(self.current)
        self._text_dialog(
            "Handle for the living document",
            "What to do in the living document (brief section 五):",
            d.handles,
            self.session.add_handle,
        )

    @mutating
    def action_cycle_evidence(self) -> None:
        from ..dialogs.evidence import EvidenceDialog

        ref = self.current
        item = self.items[ref]
        d = self.session.decision(ref)

        def done(answer: tuple[Any, str | None] | None) -> None:
            if answer is not None:
                level, note = answer
                self._apply(lambda: self.session.set_evidence(ref, level, note))

        dialog = EvidenceDialog(
            item.title,
            ref,
            self.session.evidence(ref),
            item.evidence,
            d.evidence_note,
            self.keymap.keys("cycle_evidence"),
        )
        self.app.push_screen(dialog, done)

    @mutating
    def action_pick_placement(self) -> None:
        from ..dialogs.placement import PlacementDialog

        ref = self.current
        item = self.items[ref]
        d = self.session.decision(ref)
        matches = self.item_matches(ref)

        def done(answer: tuple[str | None, str] | None) -> None:
            if answer is not None:
                section, action = answer
                self._apply(lambda: self.session.set_placement(ref, section, action))  # type: ignore[arg-type]

        dialog = PlacementDialog(
            item.title,
            ref,
            self.review.living_doc.sections,
            matches.placements if matches else (),
            d.section,
            d.action,
        )
        self.app.push_screen(dialog, done)

    @mutating
    def action_accept_placement(self) -> None:
        ref = self.current
        self._flush("panes")
        section = self.query_one(PlacementsPane).selected_section()
        if section is None:
            why = "matching is still running" if self.matches is None else "no section is proposed"
            self.notify(f"No placement to accept: {why}. Pick one instead.", severity="warning")
            return
        action = self.session.decision(ref).action or "append"
        self._apply(lambda: self.session.set_placement(ref, section, action))

    def _increment_of(self, ref: str) -> str | None:
        d = self.session.decision(ref)
        if d.status != "include":
            return None
        return d.merged_into or ref

    @mutating
    def action_move_up(self) -> None:
        self._move(-1)

    @mutating
    def action_move_down(self) -> None:
        self._move(1)

    def _move(self, delta: int) -> None:
        head = self._increment_of(self.current)
        if head is None:
            self.notify(
                "Only included items have a place in the brief's order.", severity="warning"
            )
            return
        if not self.session.move(head, delta):
            self.notify("Already first." if delta < 0 else "Already last.")

    @mutating
    def action_merge(self) -> None:
        from ..dialogs.merge import MergeDialog

        ref = self.current
        own = self._increment_of(ref)
        targets = [(r, self.items[r].title) for r in self.session.order if r not in (ref, own)]
        if not targets:
            self.notify(
                "No other increment to merge into: include another item first.", severity="warning"
            )
            return

        def done(into: str | None) -> None:
            if into:
                self._apply(lambda: self.session.merge(ref, into))

        self.app.push_screen(MergeDialog(self.items[ref].title, ref, targets), done)

    def action_undo(self) -> None:
        self._history(undo=True)

    def action_redo(self) -> None:
        self._history(undo=False)

    def _history(self, undo: bool) -> None:
        if self.readonly_reason:
            self.notify(f"Read-only: {self.readonly_reason}", severity="warning", markup=False)
            return
        stack = self.session.history.undo if undo else self.session.history.redo
        if not stack:
            self.notify("Nothing to undo." if undo else "Nothing to redo.")
            return
        refs = list(stack[-1].after)
        self._apply(self.session.undo if undo else self.session.redo)
        if len(refs) == 1 and refs[0] in self._shown_index:
            self.go_to(refs[0])  # show what was undone

    def action_filter(self) -> None:
        from ..dialogs.filter import FilterDialog

        def done(new: ItemFilter | None) -> None:
            if new is not None:
                self.apply_filter(new)

        self.app.push_screen(
            FilterDialog(self.filter, [m.path for m in self.review.materials]), done
        )

    def apply_filter(self, new: ItemFilter) -> None:
        self.filter = new
        self._fill_items()
        current = self.current
        if current is not None and current != self._cursor:
            self._cursor = current
            self._schedule_cursor_save()
        self._show_current()
        self._draw_status()

    def action_preview_brief(self) -> None:
        from .preview import PreviewScreen

        self.app.push_screen(
            PreviewScreen(
                self.brief_text,
                self.message_text,
                self.review.brief_path,
                self.keymap.keys("preview_brief"),
            )
        )

    def action_commit(self) -> None:
        from .commit import CommitScreen

        problem = None
        if self.readonly_reason:
            problem = f"Read-only: {self.readonly_reason}"
        elif not self.reviewer:
            problem = "No reviewer: set reviewer in briefdesk.yaml or git config user.name."

        def done(sha: str | None) -> None:
            if sha:
                self.notify(f"Committed {sha[:12]}.", title="brief committed")
                self._draw_status()

        screen = CommitScreen(
            self.review,
            self.session,
            self.brief_text,
            self.message_text,
            self.reviewer,
            problem,
            self.keymap.keys("commit"),
        )
        self.app.push_screen(screen, done)

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.keymap))

    def action_quit(self) -> None:
        self.save_cursor()
        self.app.exit(return_code=0)

    # -- palette-only actions ----------------------------------------------------------------

    @mutating
    def action_undecide(self) -> None:
        ref = self.current
        self._apply(lambda: self.session.undecide(ref))

    @mutating
    def action_confirm(self) -> None:
        ref = self.current
        if self.session.decision(ref).confirmed or self.session.decision(ref).status == "undecided":
            self.notify("Nothing to confirm: the item has no proposed decision.")
            return
        self._apply(lambda: self.session.confirm(ref))

    def action_clear_filter(self) -> None:
        self.apply_filter(ItemFilter())

    def action_retry_save(self) -> None:
        if self.readonly_reason:
            self.notify(f"Read-only: {self.readonly_reason}", severity="warning", markup=False)
            return
        if self.session.retry_save():
            self.notify("Saved.")
        self._draw_status()

    def _apply(self, change: Callable[[], object]) -> None:
        """Run one session change; a refused change is a message, never a crash."""
        try:
            change()
        except BriefdeskError as exc:
            self.notify(str(exc), severity="error", markup=False)
        if self.session.save_error:
            self._draw_status()
