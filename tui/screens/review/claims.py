"""A claim conflict becomes a contradiction of section 二 (docs/claims.md).

The `claim_contradiction` key takes the first conflict touching the current item that is not in
section 二 yet, opens its drafted text for the reviewer to edit, and saves what they keep as a
contradiction naming the conflict's refs (the drafted text names them all).
"""

from __future__ import annotations

from briefdesk.core.claims import Conflict

from ...widgets.claims import KIND_LABEL
from .drawing import ReviewDrawing
from .guards import mutating


class ClaimActions(ReviewDrawing):
    def adopted(self, conflicts: tuple[Conflict, ...]) -> tuple[bool, ...]:
        """Which conflicts are contradictions already: one of the session's contradictions
        names every ref the conflict involves."""
        texts = [
            t
            for ref in {r for c in conflicts for r in c.refs}
            if ref in self.items
            for t in self.session.decision(ref).contradictions
        ]
        return tuple(any(all(r in t for r in c.refs) for t in texts) for c in conflicts)

    @mutating
    def action_claim_contradiction(self) -> None:
        from ...dialogs.text_entry import TextEntryDialog

        ref = self.current
        assert ref is not None
        conflicts = self.item_conflicts(ref)
        if not conflicts:
            waiting = " (matching still runs)" if self.conflicts is None else ""
            self.notify(f"No claim conflict touches this item{waiting}.", markup=False)
            return
        todo = [c for c, done in zip(conflicts, self.adopted(conflicts), strict=True) if not done]
        if not todo:
            self.notify("Every claim conflict of this item is in section 二 already.")
            return
        conflict = todo[0]
        item = self.items[ref]

        def done(text: str | None) -> None:
            if text:
                # keywords: the call fails loudly, not silently, if the signature changes
                self.apply(lambda: self.session.add_contradiction(ref=ref, text=text))

        self.app.push_screen(
            TextEntryDialog(
                "Contradiction from a claim conflict",
                f"{conflict.entity} · {KIND_LABEL.get(conflict.kind, conflict.kind)}: edit the "
                "drafted text, which names the refs (brief section 二):",
                item.title,
                ref,
                self.session.decision(ref).contradictions,
                initial=conflict.text,
            ),
            done,
        )
