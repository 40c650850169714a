"""Deciding an item: include, exclude (with a reason), duplicate of a candidate, undo and redo."""

from __future__ import annotations

from briefdesk.core.matching.targets import Target, duplicate_targets
from briefdesk.core.model.values import Duplicate

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

    def other_parts(self, ref: str) -> list[str]:
        """The other items of `ref`'s increment: excluding `ref` leaves them in the brief."""
        inc = self.session.increment_of(ref)
        return [r for r in inc.items if r != ref] if inc is not None else []

    def parts_warning(self, parts: list[str]) -> str | None:
        if not parts:
            return None
        names = "; ".join(self.items[p].title[:40] for p in parts[:3])
        more = f" and {len(parts) - 3} more" if len(parts) > 3 else ""
        n = len(parts)
        return (
            f"This item shares an increment with {n} other item{'s' if n != 1 else ''} "
            f"({names}{more}): {'they stay' if n != 1 else 'it stays'} in the brief."
        )

    def exclude_with(self, ref: str, reason: str) -> None:
        """Exclude `ref`, and say so when its increment keeps other items."""
        parts = self.other_parts(ref)
        self.apply(lambda: self.session.exclude(ref, reason))
        if parts and self.session.decision(ref).status == "exclude":
            n = len(parts)
            self.notify(
                f"Excluded; its increment keeps {n} other item{'s' if n != 1 else ''}: "
                + "; ".join(self.items[p].title[:40] for p in parts),
                title="the increment stays",
                markup=False,
            )

    @mutating
    def action_exclude(self) -> None:
        from ...dialogs.exclude import ExcludeDialog

        ref = self.current
        assert ref is not None
        item = self.items[ref]
        matches = self.item_matches(ref)
        decision = self.session.decision(ref)

        def done(reason: str | None) -> None:
            if reason and not self.refused(reason):
                self.exclude_with(ref, reason)
                self.decided()

        def targets() -> list[Target]:  # run by the picker in a worker thread
            return duplicate_targets(self.review, ref)

        dialog = ExcludeDialog(
            item.title,
            ref,
            matches.duplicates if matches else (),
            decision.reason,
            self.cites(),
            warning=self.parts_warning(self.other_parts(ref)),
            targets=targets,
        )
        self.app.push_screen(dialog, done)

    def refused(self, reason: str) -> bool:
        """A `duplicate:<ref>` that names no batch item, living-document section or earlier
        brief entry is refused, saying so (the manifest's proposals are refused the same way)."""
        if not reason.startswith("duplicate:"):
            return False
        target = reason.removeprefix("duplicate:").strip()
        if target and self.review.resolves(target):
            return False
        self.notify(
            f"Not excluded: {target or '(nothing)'} is no batch item, living-document section or "
            "earlier brief entry. Choose 'Duplicate of something else…' to search for one.",
            severity="error",
            markup=False,
        )
        return True

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
        self.exclude_with(ref, f"duplicate:{dup.ref}")
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
        """Undo or redo one step, say what it was, and show the item it was about."""
        from ...undo_text import describe_step

        if self.readonly_reason:
            self.notify(f"Read-only: {self.readonly_reason}", severity="warning", markup=False)
            return
        stack = self.session.history.undo if undo else self.session.history.redo
        if not stack:
            self.notify("Nothing to undo." if undo else "Nothing to redo.")
            return
        heads = {inc.id: inc.parts[0] for inc in self.session.plan.increments}
        what, ref = describe_step(stack[-1], {r: i.title for r, i in self.items.items()}, heads)
        self.apply(self.session.undo if undo else self.session.redo)
        where = ""
        if ref is not None:
            if ref in self.shown_index:
                self.go_to(ref)  # show what was undone
            else:
                where = " (the filter hides that item)"
        self.notify(f"{'Undid' if undo else 'Redid'}: {what}{where}", markup=False)

    def action_retry_save(self) -> None:
        if self.readonly_reason:
            self.notify(f"Read-only: {self.readonly_reason}", severity="warning", markup=False)
            return
        if self.session.retry_save():
            self.notify("Saved.")
        self.draw_status()
