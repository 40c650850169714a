"""Deciding an item: include, exclude (with a reason), duplicate of a candidate, undo and redo."""

from __future__ import annotations

from briefdesk.core.matching.targets import Target, duplicate_targets
from briefdesk.core.model.values import Duplicate

from ...typeahead import opens
from ...widgets.duplicates import DuplicateList
from .base import Controller
from .guards import mutating


class Decide(Controller):
    def decided(self) -> None:
        """After a decision: on to the next item when the reviewer asked for that."""
        if self.view.advance:
            self.screen.moves.step(1)

    @mutating
    def action_include(self) -> None:
        ref = self.view.current
        assert ref is not None
        self.apply(lambda: self.session.include(ref))
        self.decided()

    def exclude_with(self, ref: str, reason: str) -> None:
        """Exclude `ref`, and say so when its increment keeps other items."""
        view = self.view
        parts = view.other_parts(ref)
        self.apply(lambda: self.session.exclude(ref, reason))
        if parts and self.session.decision(ref).status == "exclude":
            n = len(parts)
            self.notify(
                f"Excluded; its increment keeps {n} other item{'s' if n != 1 else ''}: "
                + "; ".join(view.items[p].title[:40] for p in parts),
                title="the increment stays",
            )

    @opens
    @mutating
    def action_exclude(self) -> None:
        from ...dialogs.exclude import ExcludeDialog

        view = self.view
        ref = view.current
        assert ref is not None
        item = view.items[ref]
        matches = view.item_matches(ref)
        decision = self.session.decision(ref)

        def done(reason: str | None) -> None:
            if not reason:
                return
            refusal = view.refusal(reason)
            if refusal:
                self.notify(refusal, severity="error")
                return
            self.exclude_with(ref, reason)
            self.decided()

        def targets() -> list[Target]:  # run by the picker in a worker thread
            return duplicate_targets(view.review, ref)

        dialog = ExcludeDialog(
            item.title,
            ref,
            matches.duplicates if matches else (),
            decision.reason,
            view.brief_cites,
            warning=view.parts_warning(view.other_parts(ref)),
            targets=targets,
        )
        self.app.push_screen(dialog, done)

    @mutating
    def action_mark_duplicate(self) -> None:
        ref = self.view.current
        assert ref is not None
        dup = self.selected_duplicate()
        if dup is None:
            why = self.view.waiting("no duplicate candidates for this item")
            self.notify(
                f"Cannot mark a duplicate: {why}. Use exclude to give a reason.", severity="warning"
            )
            return
        self.exclude_with(ref, f"duplicate:{dup.ref}")
        self.decided()

    def selected_duplicate(self) -> Duplicate | None:
        self.screen.later.flush("panes")
        return self.screen.query_one(DuplicateList).selected()

    @mutating
    def action_undecide(self) -> None:
        ref = self.view.current
        assert ref is not None
        self.apply(lambda: self.session.undecide(ref))

    @mutating
    def action_confirm(self) -> None:
        ref = self.view.current
        assert ref is not None
        decision = self.session.decision(ref)
        if decision.confirmed or decision.status == "undecided":
            self.notify("Nothing to confirm: the item has no proposed decision.")
            return
        self.apply(lambda: self.session.confirm(ref))

    def action_undo(self) -> None:
        self.history_step(undo=True)

    def action_redo(self) -> None:
        self.history_step(undo=False)

    def history_step(self, undo: bool) -> None:
        """Undo or redo one step, say what it was, and show the item it was about."""
        from ...undo_text import describe_step

        if self.read_only():
            return
        stack = self.session.history.undo if undo else self.session.history.redo
        if not stack:
            self.notify("Nothing to undo." if undo else "Nothing to redo.")
            return
        heads = {inc.id: inc.parts[0] for inc in self.session.plan.increments}
        titles = {r: i.title for r, i in self.view.items.items()}
        what, ref = describe_step(stack[-1], titles, heads)
        self.apply(self.session.undo if undo else self.session.redo)
        where = ""
        if ref is not None:
            if ref in self.view.shown_index:
                self.screen.moves.go_to(ref)  # show what was undone
            else:
                where = " (the filter hides that item)"
        self.notify(f"{'Undid' if undo else 'Redid'}: {what}{where}")

    def action_retry_save(self) -> None:
        if self.read_only():
            return
        if self.session.retry_save():
            self.notify("Saved.")
        self.screen.panes.draw_status()

    @opens
    @mutating
    def action_gone_decisions(self) -> None:
        """Decisions whose item is gone from its material (docs/staleness.md): pick one, then
        move it onto the current item or drop it (each one undo step, in core)."""
        from ...dialogs.choice import ChoiceDialog

        gone = self.session.gone
        ref = self.view.current
        if not gone or ref is None:
            self.notify("No decision of a gone item: every decision has its item.")
            return
        item = self.view.items[ref]
        lines = [g.describe() for g in gone]

        def chosen(value: str | None) -> None:
            if value is None:
                return
            index = lines.index(value)

            def act(what: str | None) -> None:
                if what == "move":
                    self.apply(lambda: self.session.move_gone(index, ref))
                elif what == "drop":
                    self.apply(lambda: self.session.drop_gone(index))
                if what is not None:
                    self.screen.panes.draw_status()

            self.app.push_screen(
                ChoiceDialog(
                    "A decision whose item is gone",
                    item.title,
                    ref,
                    [("move", "move"), ("drop", "drop")],
                    f"{value}\n1 or enter moves it onto this item (it must be undecided) · 2 "
                    "drops it (undo brings it back) · esc cancels",
                ),
                act,
            )

        self.app.push_screen(
            ChoiceDialog(
                "Decisions whose item is gone",
                item.title,
                ref,
                [("gone", text) for text in lines],
                "Items no longer in their material (a heading deleted): their decisions are kept. "
                "Choose one to move onto this item or drop · esc cancels",
            ),
            chosen,
        )
