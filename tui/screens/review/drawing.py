"""The review screen's panes, drawn from its view model (`view.ReviewView`).

Each pane is redrawn only when what it shows changed (the panes keep their own memo: a decision
changes the detail's head, not the item's text or its duplicates), and the expensive redraws wait
until keys pause (`ReviewScreen.later`): the current item's panes follow the cursor once it rests,
and the brief preview (a render of the whole brief) once decisions stop coming.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from briefdesk.core.facts.claimed import with_claims
from briefdesk.core.model.values import Material
from briefdesk.core.review.session import Session
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from ...live import live
from ...text import line
from ...widgets.brief import BriefPane, OrderList
from ...widgets.detail import DetailPane
from ...widgets.duplicates import DuplicatesPane
from ...widgets.item_list import ItemList, Row, group_prompt, item_prompt
from ...widgets.placements import PlacementsPane
from .base import Controller

if TYPE_CHECKING:
    from .screen import ReviewScreen

PANES_DELAY = 0.06  # seconds the cursor rests before the detail, placements and duplicates follow
BRIEF_DELAY = 0.12  # seconds decisions coalesce before the brief preview is rendered again
NARROW_BELOW = 130  # columns: the panes' narrow layout (ReviewScreen.HORIZONTAL_BREAKPOINTS)


class Panes(Controller):
    def __init__(self, screen: ReviewScreen) -> None:
        super().__init__(screen)
        self.group_index: dict[str, int] = {}  # option index of each material's header row

    def run_later(self, what: str) -> None:
        """What `later` runs once its delay has passed ("panes" or "brief"); nothing once the
        screen is being taken down (`tui.live`)."""
        if not live(self.screen):
            return
        if what == "panes":
            self.show_current()
        else:
            self.draw_brief()

    def flush(self) -> None:
        """Every pending redraw, now."""
        self.screen.later.flush("panes")
        self.screen.later.flush("brief")

    # -- the title and the list --------------------------------------------------------------

    def draw_title(self) -> None:
        view = self.view
        batch = view.review.batch
        parts: list[Content | tuple[str, str] | str] = [
            ("briefdesk ", "bold $accent"),
            line(f"{view.review.topic} · {batch.stem}", "bold"),
            ("  ", ""),
            line(batch.manifest.id, "$text-muted"),
            (
                f"  {len(view.review.materials)} materials · {len(view.review.items)} items",
                "$text-muted",
            ),
            ("  reviewer ", "$text-muted"),
            line(view.reviewer or "(not set)"),
            (f"  keymap {self.screen.keymap.name}", "$text-muted"),
        ]
        if view.readonly_reason:
            parts.append(("  READ-ONLY ", "bold $error"))
        self.screen.query_one("#titlebar", Static).update(Content.assemble(*parts))

    def row(self, ref: str) -> Content:
        view = self.view
        item = view.items[ref]
        decision = self.session.decision(ref)
        return item_prompt(
            item,
            decision,
            decision.evidence or item.evidence,
            view.item_matches(ref),
            view.language,
            self.session.is_changed(ref),
            self.session.plan.role(ref),
        )

    def group_row(self, material: Material) -> Content:
        decisions = self.session.data.decisions
        decided = sum(decisions[i.ref].status != "undecided" for i in material.items)
        return group_prompt(material, decided, self.view.language)

    def fill_items(self) -> None:
        """Pane 1's rows, one per material and one per item the filter shows; each row's prompt
        is drawn when it is first painted."""
        view = self.view
        options: list[Option] = []
        visible: list[str] = []
        groups: dict[str, int] = {}
        partial = functools.partial
        for material, refs in view.shown_groups():
            groups[material.path] = len(options)
            options.append(Row(partial(self.group_row, material), disabled=True))
            options.extend(Row(partial(self.row, ref), id=ref) for ref in refs)
            visible.extend(refs)
        if not options:
            options.append(
                Option(Content.styled("No item matches the filter.", "$text-muted"), disabled=True)
            )
        view.show(visible)
        self.group_index = groups
        items = self.screen.query_one(ItemList)
        items.fill(options)
        items.highlight_ref(view.current)
        shown = f"{len(visible)}/{len(view.items)}" if view.filter.active else f"{len(view.items)}"
        items.border_title = f"1 items {shown}"

    def redraw_groups(self, paths: tuple[str, ...]) -> None:
        """Group headers carry decided/total per material: redraw those of these materials."""
        items = self.screen.query_one(ItemList)
        for path in paths:
            index = self.group_index.get(path)
            if index is not None:
                items.redraw(index)

    # -- the current item's panes --------------------------------------------------------------

    def show_current(self) -> None:
        """The current item's panes, now (each pane skips a redraw that would change nothing)."""
        screen, view = self.screen, self.view
        screen.later.cancel("panes")
        ref = view.current
        detail = screen.query_one(DetailPane)
        placements = screen.query_one(PlacementsPane)
        dups = screen.query_one(DuplicatesPane)
        if ref is None:
            detail.show(None)
            placements.show((), None, view.review.living_doc)
            dups.show("", (), {})
            dups.show_claims(None, ())
            return
        item = view.items[ref]
        decision = self.session.decision(ref)
        matches = view.item_matches(ref)
        context = view.context(ref)
        chosen = context.placement.section if context.placement else None
        section = view.sections.get(chosen or "")
        changed = self.session.is_changed(ref)
        if changed:
            view.seen_changed = ref  # on screen with its notice: leaving it counts as seen
        detail.show(
            item,
            view.materials.get(item.material),
            decision,
            decision.evidence or item.evidence,
            view.language,
            section.title if section else None,
            compact=screen.app.size.width < NARROW_BELOW,
            changed=changed,
            context=context,
        )
        placements.show(
            matches.placements if matches else None,
            chosen,
            view.review.living_doc,
            view.offered_placement(ref),
        )
        dups.show(
            item.text,
            matches.duplicates if matches else None,
            view.brief_cites,
            view.cluster(ref),
            screen.key_hint("decide_cluster"),
            with_claims(ref, matches.facts, view.item_conflicts(ref)) if matches else None,
        )
        conflicts = view.item_conflicts(ref)
        keys = screen.keymap.keys("claim_contradiction")
        claim_key = screen.key_hint("claim_contradiction") if keys else None
        dups.show_claims(ref, conflicts, view.adopted(conflicts), claim_key)
        screen.query_one(OrderList).follow(ref)

    # -- the brief -----------------------------------------------------------------------------

    def draw_order(self) -> None:
        """The increments in their order (pane 5's list)."""
        order = self.view.order()
        self.screen.query_one(BriefPane).show_order(
            order.heads, order.merged, self.view.items, self.view.current, order.titles, order.spots
        )

    def brief(self) -> tuple[str, str | None]:
        """The brief as it would be committed now and its commit message (rendered at once if
        a redraw is pending)."""
        self.screen.later.flush("brief")
        return self.view.brief_cache, self.view.message_cache

    def draw_brief(self) -> None:
        """The brief preview and the commit message (`ReviewView.render_brief`)."""
        self.screen.later.cancel("brief")
        self.draw_order()
        self.view.render_brief()
        self.screen.query_one(BriefPane).show_preview(
            self.view.brief_cache, self.view.message_cache
        )

    # -- the status line -----------------------------------------------------------------------

    def draw_status(self, tally: dict[str, int] | None = None) -> None:
        """The status bar; `tally` is the session's counts when the caller has them (a change:
        counted from the changed decisions, not over every decision of the batch)."""
        view = self.view
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
        if view.match_problem:
            parts.append(
                Content.assemble(("  │ matching failed: ", "bold $error"), line(view.match_problem))
            )
        elif view.matches is None:  # the bar beside the status line shows how far it is
            parts.append(("  │ matching duplicates and placements", "$accent"))
        stale = len(self.session.data.changed)
        if stale:
            parts.append((f"  │ Δ {stale} changed since decided", "bold $warning"))
        gone = len(self.session.gone)
        if gone:  # decisions kept for items no longer there (palette: gone decisions)
            parts.append((f"  │ ✗ {gone} item{'s' if gone != 1 else ''} gone", "bold $warning"))
        if view.filter.active:
            parts.append(
                Content.assemble(("  │ filter: ", "$text-muted"), line(view.filter.describe()))
            )
        if view.readonly_reason:
            parts.append(
                Content.assemble(("  │ READ-ONLY: ", "bold $error"), line(view.readonly_reason))
            )
        if self.session.save_error:
            parts.append(
                Content.assemble(("  │ ⚠ ", "bold $error"), line(self.session.save_error, "$error"))
            )
        # one line high and as wide as the screen: a new text never needs a layout (and its repaint)
        self.screen.query_one("#statusbar", Static).update(Content.assemble(*parts), layout=False)

    # -- after a change ------------------------------------------------------------------------

    def session_changed(self, session: Session) -> None:
        """Redraw the rows the change touched (`ReviewView.changed`), the current item's panes,
        the order and the status; the brief once the keys pause."""
        redraw = self.view.changed()
        items = self.screen.query_one(ItemList)
        for ref in redraw.rows:
            items.redraw_ref(ref)
        if redraw.groups:
            self.redraw_groups(redraw.groups)
        self.show_current()
        self.draw_order()
        self.screen.later.later("brief", BRIEF_DELAY)  # the whole brief: once the keys pause
        self.draw_status(redraw.tally)

    def refresh_all(self) -> None:
        """Every row and the current panes again (matching's answer arrived)."""
        if self.view.filter.has_duplicates is not None:  # what it shows depends on the matches
            self.fill_items()
        else:
            self.screen.query_one(ItemList).redraw_all()
        self.show_current()
        self.draw_status()
