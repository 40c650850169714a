"""Which items the list shows: the filter dialog's criteria and the test an item must pass.

A view concern only (the session and the brief always cover every item), so it lives in the UI.
"""

from __future__ import annotations

from dataclasses import dataclass

from briefdesk.core.model.decisions import Decision
from briefdesk.core.model.values import Evidence, Item, ItemMatches


@dataclass(frozen=True)
class ItemFilter:
    text: str = ""
    status: str | None = None  # undecided, include, exclude, duplicate or proposed
    evidence: Evidence | None = None
    material: str | None = None
    has_duplicates: bool | None = None  # None: either

    @property
    def active(self) -> bool:
        return self != ItemFilter()

    def describe(self) -> str:
        parts = []
        if self.text:
            parts.append(f"text “{self.text}”")
        if self.status:
            parts.append(self.status)
        if self.evidence:
            parts.append(self.evidence.value)
        if self.material:
            parts.append(self.material.rsplit("/", 1)[-1])
        if self.has_duplicates is not None:
            parts.append("with duplicates" if self.has_duplicates else "without duplicates")
        return ", ".join(parts)

    def accepts(
        self, item: Item, decision: Decision, evidence: Evidence, matches: ItemMatches | None
    ) -> bool:
        if self.material and item.material != self.material:
            return False
        if self.evidence and evidence is not self.evidence:
            return False
        if self.status and not _status_is(decision, self.status):
            return False
        if self.has_duplicates is not None:
            if matches is None:  # not matched yet: cannot tell, keep it
                pass
            elif bool(matches.duplicates) != self.has_duplicates:
                return False
        if self.text:
            needle = self.text.casefold()
            hay = f"{item.ref}\n{item.title}\n{item.body}\n" + "\n".join(decision.notes)
            if needle not in hay.casefold():
                return False
        return True


def _status_is(d: Decision, status: str) -> bool:
    if status == "duplicate":
        return d.duplicate_of is not None
    if status == "proposed":
        return d.status != "undecided" and not d.confirmed
    return d.status == status
