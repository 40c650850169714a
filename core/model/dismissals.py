"""Not a duplicate" (PRODUCT §7): the reviewer's judgement that a candidate is not a duplicate.

A dismissal names the item and the candidate as they were (refs, for people) and keys them by
both texts' content (`matching.content_key`, for the matcher): the pair is not proposed again in
any later scan of any batch while both texts stay as they were, and a changed text is judged
again. It is saved in the session at once (one undo step) and committed in the brief's sidecar;
every scan reads the sidecars of the earlier briefs and the batch's own session.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from ..errors import BriefdeskError
from ..storage.fileio import read_bytes


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


def _loose(data: Any) -> list[Dismissal]:
    """The `dismissed` list of a session's or a sidecar's JSON; what does not parse is skipped."""
    out: list[Dismissal] = []
    if not isinstance(data, dict) or not isinstance(data.get("dismissed"), list):
        return out
    for raw in data["dismissed"]:
        try:
            out.append(Dismissal.model_validate(raw))
        except ValidationError:
            continue
    return out


def read_file(path: Path) -> list[Dismissal]:
    """The dismissals a session file or a sidecar holds (none when it is missing or broken: a
    dismissal only ever hides a candidate, so reading fewer is the safe side)."""
    try:
        if not path.is_file():
            return []
        return _loose(json.loads(read_bytes(path, path).decode("utf-8")))
    except (BriefdeskError, ValueError):
        return []


def committed(root: Path, briefs: Iterable[str]) -> list[Dismissal]:
    """Every dismissal committed in the sidecars of `briefs` (workspace-relative paths)."""
    out: list[Dismissal] = []
    for rel in briefs:
        out += read_file(root / (rel.removesuffix(".md") + ".review.json"))
    return out
