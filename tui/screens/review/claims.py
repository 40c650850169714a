"""A claim conflict becomes a contradiction of section 二 (docs/claims.md).

The `claim_contradiction` key takes the first conflict touching the current item that is not in
section 二 yet (`ReviewView.adopted`), opens its drafted text for the reviewer to edit, and saves
what they keep as a contradiction of the batch citing the item and the conflict's refs.
"""

from __future__ import annotations

from ...typeahead import opens
from ...widgets.claims import KIND_LABEL
from ...wording import section
from .base import Controller
from .guards import mutating


class Claims(Controller):
    @opens
    @mutating
    def action_claim_contradiction(self) -> None:
        from ...dialogs.text_entry import TextEntryDialog

        view = self.view
        ref = view.current
        assert ref is not None
        conflicts = view.item_conflicts(ref)
        if not conflicts:
            waiting = " (matching still runs)" if view.conflicts is None else ""
            self.notify(f"No claim conflict touches this item{waiting}.")
            return
        todo = [c for c, done in zip(conflicts, view.adopted(conflicts), strict=True) if not done]
        if not todo:
            self.notify(
                "Every claim conflict of this item is in section "
                f"{section(2, self.view.language)} already."
            )
            return
        conflict = todo[0]
        item = view.items[ref]

        def done(text: str | None) -> None:
            if text:
                # keywords: the call fails loudly, not silently, if the signature changes
                refs = list(dict.fromkeys([ref, *conflict.refs]))
                self.apply(lambda: self.session.add_contradiction(text=text, refs=refs))

        self.app.push_screen(
            TextEntryDialog(
                "Contradiction from a claim conflict",
                f"{conflict.entity} · {KIND_LABEL.get(conflict.kind, conflict.kind)}: edit the "
                "drafted text, which names the refs (brief section "
                f"{section(2, self.view.language)}):",
                item.title,
                ref,
                view.context(ref).contradictions,
                initial=conflict.text,
            ),
            done,
        )
