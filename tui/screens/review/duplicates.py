"""The duplicates pane's own decisions: not a duplicate, and a cluster decided at once."""

from __future__ import annotations

from .base import Controller
from .guards import mutating


class Duplicates(Controller):
    @mutating
    def action_not_duplicate(self) -> None:
        """Dismiss the selected candidate: saved in the session (one undo step), committed in the
        sidecar, and left out of every later scan while both texts stay as they are."""
        ref = self.view.current
        assert ref is not None
        dup = self.screen.decide.selected_duplicate()
        if dup is None:
            why = self.view.waiting("no candidate selected")
            self.notify(f"Nothing dismissed: {why}.", severity="warning")
            return
        self.apply(lambda: self.session.dismiss(ref, dup.ref, dup.key))
        self.notify(f"Not a duplicate: {dup.ref} (remembered; undo brings it back)")

    @mutating
    def action_decide_cluster(self) -> None:
        """Keep the current item of its cluster; the cluster's other items become its duplicates,
        in one undo step."""
        ref = self.view.current
        assert ref is not None
        group = self.view.cluster(ref)
        if not group:
            why = self.view.waiting("this item duplicates no other item of the batch")
            self.notify(f"No cluster: {why}.", severity="warning")
            return
        self.apply(lambda: self.session.decide_cluster(ref, group))
        others = len(group) - 1
        self.notify(
            f"Kept {ref}; {others} other item{'s' if others != 1 else ''} of its cluster marked "
            "as its duplicates (one undo step)."
        )
