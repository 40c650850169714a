"""Not a duplicate" (docs/duplicates.md): the reviewer's judgement that a candidate is not a
duplicate.

A dismissal names the item and the candidate as they were (refs, for people) and keys them by
both texts' content (`matching.content_key`, for the matcher): the pair is not proposed again in
any later scan of any batch while both texts stay as they were, and a changed text is judged
again. It is saved in the session at once (one undo step) and committed in the brief's sidecar;
every scan reads the sidecars of the earlier briefs and the batch's own session.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict


class Dismissal(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    item: str  # the item's ref when it was judged
    candidate: str  # the candidate's ref (an item, an entry, a living-document section)
    item_key: str  # content key of the item's text
    candidate_key: str  # content key of the candidate's text

    @property
    def pair(self) -> tuple[str, str]:
        return (self.item_key, self.candidate_key)


def key_pairs(dismissals: Iterable[Dismissal]) -> set[tuple[str, str]]:
    return {d.pair for d in dismissals}
