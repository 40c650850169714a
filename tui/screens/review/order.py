"""The brief's order: moving increments up and down, merging an item into another increment."""

from __future__ import annotations

from .drawing import ReviewDrawing
from .guards import mutating


class OrderActions(ReviewDrawing):
    def increment_of(self, ref: str) -> str | None:
        """The first part of the item's increment (how the order names it), if it is in one."""
        inc = self.session.increment_of(ref)
        return inc.parts[0] if inc is not None else None

    @mutating
    def action_move_up(self) -> None:
        self.move(-1)

    @mutating
    def action_move_down(self) -> None:
        self.move(1)

    def move(self, delta: int) -> None:
        head = self.increment_of(self.current or "")
        if head is None:
            self.notify(
                "Only included items have a place in the brief's order.", severity="warning"
            )
            return
        if not self.session.move(head, delta):
            self.notify("Already first." if delta < 0 else "Already last.")

    @mutating
    def action_merge(self) -> None:
        from ...dialogs.merge import MergeDialog

        ref = self.current
        assert ref is not None
        own = self.increment_of(ref)
        targets = [(r, self.items[r].title) for r in self.session.order if r not in (ref, own)]
        if not targets:
            self.notify(
                "No other increment to merge into: include another item first.", severity="warning"
            )
            return

        def done(into: str | None) -> None:
            if into:
                self.apply(lambda: self.session.merge(ref, into))

        self.app.push_screen(MergeDialog(self.items[ref].title, ref, targets), done)
