"""The review screen's panes, drawn from its state.

Each pane is redrawn only when what it shows changed (the panes keep their own memo: a decision
changes the detail's head, not the item's text or its duplicates), and the expensive redraws wait
until keys pause (`ReviewState.later`): the current item's panes follow the cursor once it rests,
and the brief preview (a render of the whole brief) once decisions stop coming.
"""

from __future__ import annotations

import contextlib
import functools

from briefdesk.core.claims import Conflict
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.model.decisions import count_into
from briefdesk.core.model.values import Material
from briefdesk.core.review.session import Session
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from ...keys import key_display
from ...text import line
from ...widgets.brief import BriefPane, OrderList
from ...widgets.detail import DetailPane, ItemContext
from ...widgets.duplicates import DuplicatesPane
from ...widgets.item_list import ItemList, Row, group_prompt, item_prompt
from ...widgets.placements import PlacementsPane
from .state import ReviewState

CURSOR_SAVE_DELAY = 0.4  # seconds the cursor rests before its place is saved
PANES_DELAY = 0.06  # seconds the cursor rests before the detail, placements and duplicates follow
BRIEF_DELAY = 0.12  # seconds decisions coalesce before the brief preview is rendered again
NARROW_BELOW = 130  # columns: the panes' narrow layout (ReviewScreen.HORIZONTAL_BREAKPOINTS)


class ReviewDrawing(ReviewState):
    def run_later(self, what: str) -> None:
        """What `later` runs once its delay has passed ("panes" or "brief")."""
        if not self.is_mounted:
            return
        if what == "panes":
            self.show_current()
        else:
            self.draw_brief()

    def flush(self) -> None:
        """Every pending redraw, now."""
        self.later.flush("panes")
        self.later.flush("brief")

    # -- the title and the list --------------------------------------------------------------

    def draw_title(self) -> None:
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

    def row(self, ref: str) -> Content:
        item = self.items[ref]
        decision = self.session.decision(ref)
        return item_prompt(
            item,
            decision,
            decision.evidence or item.evidence,
            self.item_matches(ref),
            self.language,
            self.session.is_changed(ref),
            self.session.plan.role(ref),
        )

    def group_row(self, material: Material) -> Content:
        decisions = self.session.data.decisions
        decided = sum(decisions[i.ref].status != "undecided" for i in material.items)
        return group_prompt(material, decided, self.language)

    def fill_items(self) -> None:
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
            options.append(Row(partial(self.group_row, material), disabled=True))
            options.extend(Row(partial(self.row, ref), id=ref) for ref in refs)
            visible.extend(refs)
        if not options:
            options.append(
                Option(Content.styled("No item matches the filter.", "$text-muted"), disabled=True)
            )
        self.shown_refs = visible
        self.shown_index = {ref: k for k, ref in enumerate(visible)}
        self.group_index = groups
        self.drawn = dict(decisions)
        self.roles = self.role_map()
        self.tally = self.session.counts()
        items = self.query_one(ItemList)
        items.fill(options)
        items.highlight_ref(self.current)
        shown = f"{len(visible)}/{len(self.items)}" if active else f"{len(self.items)}"
        items.border_title = f"1 items {shown}"

    def redraw_groups(self, refs: list[str]) -> None:
        """Group headers carry decided/total per material: redraw those of these items."""
        items = self.query_one(ItemList)
        for path in dict.fromkeys(self.items[ref].material for ref in refs):
            index = self.group_index.get(path)
            if index is not None:
                items.redraw(index)

    # -- the current item's panes --------------------------------------------------------------

    def show_current(self) -> None:
        """The current item's panes, now (each pane skips a redraw that would change nothing)."""
        self.later.cancel("panes")
        ref = self.current
        detail = self.query_one(DetailPane)
        placements = self.query_one(PlacementsPane)
        dups = self.query_one(DuplicatesPane)
        if ref is None:
            detail.show(None)
            placements.show((), None, self.review.living_doc)
            dups.show("", (), {})
            dups.show_claims(None, ())
            return
        item = self.items[ref]
        decision = self.session.decision(ref)
        matches = self.item_matches(ref)
        context = self.context(ref)
        chosen = context.placement.section if context.placement else None
        section = self.sections.get(chosen or "")
        changed = self.session.is_changed(ref)
        if changed:
            self.seen_changed = ref  # on screen with its notice: leaving it counts as seen
        detail.show(
            item,
            self.materials.get(item.material),
            decision,
            decision.evidence or item.evidence,
            self.language,
            section.title if section else None,
            compact=self.app.size.width < NARROW_BELOW,
            changed=changed,
            context=context,
        )
        placements.show(matches.placements if matches else None, chosen, self.review.living_doc)
        dups.show(
            item.text,
            matches.duplicates if matches else None,
            self.brief_cites,
            self.cluster(ref),
            self.key_hint("decide_cluster"),
        )
        conflicts = self.item_conflicts(ref)
        dups.show_claims(ref, conflicts, self.adopted(conflicts), self.claim_key())
        self.query_one(OrderList).follow(ref)

    def adopted(self, conflicts: tuple[Conflict, ...]) -> tuple[bool, ...]:
        """Which conflicts are already contradictions of section 二 (see `tui.screens.review.
        claims`); none here."""
        return (False,) * len(conflicts)

    def claim_key(self) -> str | None:
        keys = self.keymap.keys("claim_contradiction")
        return key_display(self.app, keys[0]) if keys else None

    # -- the brief -----------------------------------------------------------------------------

    def role_map(self) -> dict[str, str]:
        """Every item in an increment but not its first part: the rows drawn with ↳."""
        plan = self.session.plan
        return {
            r: ("part" if r in inc.parts else "absorbed")
            for inc in plan.increments
            for r in inc.items[1:]
        }

    def context(self, ref: str) -> ItemContext:
        """The item's place in its increment and the batch's notes that name it (pane 2)."""
        plan = self.session.plan
        inc = plan.increment_of(ref)
        data = self.session.data
        return ItemContext(
            role=plan.role(ref),
            head=inc.parts[0] if inc is not None and inc.parts[0] != ref else None,
            placement=plan.placement_of(ref),
            contradictions=tuple(n.text for n in data.contradictions if ref in n.refs),
            handles=tuple(n.text for n in data.handles if ref in n.refs),
        )

    def draw_order(self) -> None:
        """The increments in their order (pane 5's list)."""
        plan = self.session.plan
        order = [inc.parts[0] for inc in plan.increments]
        merged = {inc.parts[0]: list(inc.items[1:]) for inc in plan.increments if inc.items[1:]}
        titles = {inc.parts[0]: inc.title for inc in plan.increments if inc.title}
        spots = tuple((s.id, s.title or s.path) for s in plan.spot_checks)
        self.query_one(BriefPane).show_order(order, merged, self.items, self.current, titles, spots)

    def draw_brief(self) -> None:
        """The brief preview and the commit message, from one brief model built over the whole
        batch (so it runs once keys pause, and once, not once for each of the two)."""
        from briefdesk.core.brief import build_model, render_model
        from briefdesk.core.brief.message import commit_message

        self.later.cancel("brief")
        self.draw_order()
        self.message_cache = None
        try:
            model = build_model(self.review, self.session.data, reviewer=self.reviewer)
        except BriefdeskError as exc:
            self.brief_cache = f"(the brief cannot be rendered: {exc})"
        else:
            self.brief_cache = render_model(model)
            if self.reviewer:
                with contextlib.suppress(BriefdeskError):  # no message: the pane says so
                    self.message_cache = commit_message(
                        self.review, self.session.data, self.reviewer, model=model
                    )
        self.query_one(BriefPane).show_preview(self.brief_cache, self.message_cache)

    # -- the status line -----------------------------------------------------------------------

    def draw_status(self, tally: dict[str, int] | None = None) -> None:
        """The status bar; `tally` is the session's counts when the caller has them (a change:
        counted from the changed decisions, not over every decision of the batch)."""
        c = tally if tally is not None else self.session.counts()
        parts: list[Content | tuple[str, str] | str] = [
            (f" {c['included']} included", "bold $success"),
            (f" · {len(self.session.plan.entries)} increments", "$success"),
            (f" · {c['excluded']} excluded ({c['duplicates']} duplicates)", "$error"),
            (
                f" · {c['undecided']} undecided",
                "bold $warning" if c["undecided"] else "$text-muted",
            ),
            (f" · confirmed {c['confirmed']}/{c['items']}", "$text-muted"),
        ]
        if self.match_problem:
            parts.append(
                Content.assemble(("  │ matching failed: ", "bold $error"), line(self.match_problem))
            )
        elif self.matches is None:  # the bar beside the status line shows how far it is
            parts.append(("  │ matching duplicates and placements", "$accent"))
        stale = len(self.session.data.changed)
        if stale:
            parts.append((f"  │ Δ {stale} changed since decided", "bold $warning"))
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

    # -- after a change ------------------------------------------------------------------------

    def session_changed(self, session: Session) -> None:
        """Redraw the rows whose decision changed, the current item's panes, brief and status."""
        decisions = session.data.decisions
        items = self.query_one(ItemList)
        drawn = self.drawn
        changed = [ref for ref, d in decisions.items() if drawn.get(ref) is not d]
        roles = self.role_map()
        if roles != self.roles:  # a merge or a split moves rows in or out of an increment
            for ref in dict.fromkeys(r for r, _ in set(roles.items()) ^ set(self.roles.items())):
                if ref not in changed:
                    items.redraw_ref(ref)
            self.roles = roles
        tally = self.tally
        for ref in changed:
            items.redraw_ref(ref)
            old = drawn.get(ref)
            new = drawn[ref] = decisions[ref]
            if tally:  # counts() over the drawn decisions: only the changed ones move it
                if old is not None:
                    count_into(tally, old, -1)
                count_into(tally, new, 1)
        if not tally:  # nothing was drawn before this change
            tally = self.tally = session.counts()
        if changed:
            self.redraw_groups(changed)
        dismissed = {d.item for d in session.data.dismissed}
        if dismissed != self.rows_dismissed:  # a dismissal (or its undo) changes a row's score
            for ref in dismissed ^ self.rows_dismissed:
                if ref in self.items:
                    items.redraw_ref(ref)
            self.rows_dismissed = dismissed
        self.show_current()
        self.draw_order()
        self.later.later("brief", BRIEF_DELAY)  # the whole brief: rendered once the keys pause
        self.draw_status(tally)

    def refresh_all(self) -> None:
        """Every row and the current panes again (matching's answer arrived)."""
        items = self.query_one(ItemList)
        if self.filter.has_duplicates is not None:  # what the filter shows depends on the matches
            self.fill_items()
        else:
            items.redraw_all()
        self.show_current()
        self.draw_status()

    # -- the cursor ----------------------------------------------------------------------------

    def go_to(self, ref: str | None, *, rest: bool = False) -> None:
        """Move the cursor. With `rest` (moves by key: next/prev item, the list's own keys and
        clicks) the row highlight moves now and the panes once the cursor rests (PANES_DELAY), so
        holding a key repaints two rows per key rather than four panes; otherwise all at once."""
        if ref is None or ref == self.cursor:
            return
        self.leave_changed(ref)
        self.cursor = ref
        self.query_one(ItemList).highlight_ref(ref)
        if rest:  # counted from when the row's repaint is on screen (`Debouncer.rest`)
            self.later.rest("panes", PANES_DELAY)
        else:
            self.show_current()
        self.schedule_cursor_save()

    def leave_changed(self, ref: str | None) -> None:
        """Moving on from a changed item whose panes were shown: the reviewer has seen it."""
        seen, self.seen_changed = self.seen_changed, None
        if seen is None or seen == ref or not self.session.is_changed(seen):
            return
        if not self.readonly_reason:
            self.session.acknowledge(seen)
        self.query_one(ItemList).redraw_ref(seen)
        self.draw_status()

    def step(self, delta: int) -> bool:
        """Move the cursor `delta` shown items on; False at an end."""
        if not self.shown_refs:
            return False
        ref = self.current
        index = self.shown_index.get(ref, -1) if ref is not None else -1
        target = index + delta
        if 0 <= target < len(self.shown_refs):
            self.go_to(self.shown_refs[target], rest=True)
            return True
        return False

    def schedule_cursor_save(self) -> None:
        """Save where the reviewer is once the cursor rests: a session save per key would cost a
        full write of the session file on every arrow press. Decisions are saved at once."""
        if self.cursor_timer is not None:
            self.cursor_timer.stop()
        self.cursor_timer = self.set_timer(CURSOR_SAVE_DELAY, self.save_cursor)

    def save_cursor(self) -> None:
        if self.cursor_timer is not None:
            self.cursor_timer.stop()
            self.cursor_timer = None
        if self.cursor != self.session.data.cursor and not self.readonly_reason:
            self.session.set_cursor(self.cursor)
            if self.session.save_error:
                self.draw_status()
