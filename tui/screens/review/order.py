"""The brief's order and which items form which increment: moving increments up and down,
merging an item into another increment (as a described part, or absorbed), taking a part out into
an increment of its own (`split`) and describing an absorbed item (`describe`). Every one is one
undo step; the rule behind them is `core.brief.plan`'s."""

from __future__ import annotations

from briefdesk.core.model.increments import SpotCheck

from ...typeahead import opens
from ...widgets.brief import OrderList
from .base import Controller
from .guards import mutating


class Order(Controller):
    @mutating
    def action_move_up(self) -> None:
        self.move(-1)

    @mutating
    def action_move_down(self) -> None:
        self.move(1)

    def move(self, delta: int) -> None:
        """The current item's increment; with the brief pane's list focused on a spot check,
        that spot check (among the spot checks)."""
        order = self.screen.query_one(OrderList)
        key = order.highlighted_ref() if self.screen.focused is order else None
        spot = self.session.plan.by_id(key) if key else None
        if isinstance(spot, SpotCheck):
            if self.session.move_increment(spot.id, delta):
                order.highlight_ref(spot.id)
            else:
                self.notify("Already first." if delta < 0 else "Already last.")
            return
        head = self.view.increment_head(self.view.current or "")
        if head is None:
            self.notify(
                "Only included items have a place in the brief's order.", severity="warning"
            )
            return
        if not self.session.move(head, delta):
            self.notify("Already first." if delta < 0 else "Already last.")

    @opens
    @mutating
    def action_merge(self) -> None:
        from ...dialogs.merge import MergeChoice, MergeDialog

        ref = self.view.current
        assert ref is not None
        targets = self.view.merge_targets(ref)
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

        self.app.push_screen(MergeDialog(self.view.items[ref].title, ref, targets), done)

    @mutating
    def action_split(self) -> None:
        """Take the current item out of its merged increment into one of its own, right after."""
        ref = self.view.current
        assert ref is not None
        self.apply(lambda: self.session.split(ref))

    @mutating
    def action_describe(self) -> None:
        """Make the current item, absorbed by its increment, a described part of it."""
        ref = self.view.current
        assert ref is not None
        if self.session.plan.role(ref) != "absorbed":
            self.notify("Only an absorbed item can be described (it is not absorbed).")
            return
        self.apply(lambda: self.session.describe(ref))
