"""A claim conflict becomes a contradiction of section 二 (docs/claims.md).

The `claim_contradiction` key takes the first conflict touching the current item that is not in
section 二 yet, opens its drafted text for the reviewer to edit, and saves what they keep as a
contradiction of the batch citing the item and the conflict's refs.
"""

from __future__ import annotations

from briefdesk.core.claims import Conflict

from ...widgets.claims import KIND_LABEL
from .drawing import ReviewDrawing
from .guards import mutating


class ClaimActions(ReviewDrawing):
    def adopted(self, conflicts: tuple[Conflict, ...]) -> tuple[bool, ...]:
        """Which conflicts are contradictions already: one of the batch's contradictions cites
        every ref the conflict involves (or, written by hand, names them all in its text)."""
        notes = self.session.data.contradictions
        return tuple(
            any(set(c.refs) <= set(n.refs) or all(r in n.text for r in c.refs) for n in notes)
            for c in conflicts
        )

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
                refs = list(dict.fromkeys([ref, *conflict.refs]))
                self.apply(lambda: self.session.add_contradiction(text=text, refs=refs))

        self.app.push_screen(
            TextEntryDialog(
                "Contradiction from a claim conflict",
                f"{conflict.entity} · {KIND_LABEL.get(conflict.kind, conflict.kind)}: edit the "
                "drafted text, which names the refs (brief section 二):",
                item.title,
                ref,
                self.context(ref).contradictions,
                initial=conflict.text,
            ),
            done,
        )
