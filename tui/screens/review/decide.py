"""Deciding an item: include, exclude (with a reason), duplicate of a candidate, undo and redo."""

from __future__ import annotations

from briefdesk.core.models import Duplicate

from ...widgets.duplicates import DuplicateList
from .drawing import ReviewDrawing
from .guards import mutating


class DecideActions(ReviewDrawing):
    def decided(self) -> None:
        """After a decision: on to the next item when the reviewer asked for that."""
        if self.advance:
            self.step(1)

    @mutating
    def action_include(self) -> None:
        ref = self.current
        self.apply(lambda: self.session.include(ref))
        self.decided()

    @mutating
    def action_exclude(self) -> None:
        from ...dialogs.exclude import ExcludeDialog

        ref = self.current
        assert ref is not None
        item = self.items[ref]
        matches = self.item_matches(ref)
        decision = self.session.decision(ref)

        def done(reason: str | None) -> None:
            if reason:
                self.apply(lambda: self.session.exclude(ref, reason))
                self.decided()

        dialog = ExcludeDialog(
            item.title, ref, matches.duplicates if matches else (), decision.reason, self.cites()
        )
        self.app.push_screen(dialog, done)

    @mutating
    def action_mark_duplicate(self) -> None:
        ref = self.current
        assert ref is not None
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
        self.apply(lambda: self.session.mark_duplicate(ref, dup.ref))
        self.decided()

    def selected_duplicate(self) -> Duplicate | None:
        self.later.flush("panes")
        return self.query_one(DuplicateList).selected()

    @mutating
    def action_undecide(self) -> None:
        ref = self.current
        assert ref is not None
        self.apply(lambda: self.session.undecide(ref))

    @mutating
    def action_confirm(self) -> None:
        ref = self.current
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
        if self.readonly_reason:
            self.notify(f"Read-only: {self.readonly_reason}", severity="warning", markup=False)
            return
        stack = self.session.history.undo if undo else self.session.history.redo
        if not stack:
            self.notify("Nothing to undo." if undo else "Nothing to redo.")
            return
        refs = list(stack[-1].after)
        self.apply(self.session.undo if undo else self.session.redo)
        if len(refs) == 1 and refs[0] in self.shown_index:
            self.go_to(refs[0])  # show what was undone

    def action_retry_save(self) -> None:
        if self.readonly_reason:
            self.notify(f"Read-only: {self.readonly_reason}", severity="warning", markup=False)
            return
        if self.session.retry_save():
            self.notify("Saved.")
        self.draw_status()
