"""The brief's order and which items form which increment: moving increments up and down,
merging an item into another increment (as a described part, or absorbed), taking a part out into
an increment of its own (`split`) and describing an absorbed item (`describe`). Every one is one
undo step; the rule behind them is `core.brief.plan`'s."""

from __future__ import annotations

from briefdesk.core.model.increments import SpotCheck

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
        """The current item's increment; with the brief pane's list focused on a spot check,
        that spot check (among the spot checks)."""
        from ...widgets.brief import OrderList

        order = self.query_one(OrderList)
        key = order.highlighted_ref() if self.focused is order else None
        spot = self.session.plan.by_id(key) if key else None
        if isinstance(spot, SpotCheck):
            if self.session.move_increment(spot.id, delta):
                order.highlight_ref(spot.id)
            else:
                self.notify("Already first." if delta < 0 else "Already last.")
            return
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
        from ...dialogs.merge import MergeChoice, MergeDialog

        ref = self.current
        assert ref is not None
        own = self.increment_of(ref)
        plan = self.session.plan
        targets = [
            (r, getattr(plan.increment_of(r), "title", None) or self.items[r].title)
            for r in self.session.order
            if r not in (ref, own)
        ]  # named as the brief names them: the written title, else the first part's heading
        if not targets:
            self.notify(
                "No other increment to merge into: include another item first.", severity="warning"
            )
            return

        def done(choice: MergeChoice | None) -> None:
            if choice is None:
                return
            if not choice.absorb:
                self.apply(lambda: self.session.merge(ref, choice.into))
                return
            inc = self.session.increment_of(choice.into)
            if inc is not None:
                self.apply(lambda: self.session.absorb(ref, inc.id))

        self.app.push_screen(MergeDialog(self.items[ref].title, ref, targets), done)

    @mutating
    def action_split(self) -> None:
        """Take the current item out of its merged increment into one of its own, right after."""
        ref = self.current
        assert ref is not None
        self.apply(lambda: self.session.split(ref))

    @mutating
    def action_describe(self) -> None:
        """Make the current item, absorbed by its increment, a described part of it."""
        ref = self.current
        assert ref is not None
        if self.session.plan.role(ref) != "absorbed":
            self.notify("Only an absorbed item can be described (it is not absorbed).")
            return
        self.apply(lambda: self.session.describe(ref))
