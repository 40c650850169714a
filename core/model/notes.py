"""The batch's contradictions (section 二) and handles (section 五): docs/brief.md.

They belong to the batch, not to an item: a contradiction may name two items (`PLENA 与 2601.21204
都缺"精度代价"`), a living-document section, or nothing at all (`本批材料整体证据密度偏低`). Each is
an entry of an ordered list the reviewer edits, reorders and deletes.

A ref is an item ref (`<path>#<n>`), a living-document section (`docs/<topic>.md§1.2`) or an
earlier brief's entry ref (`<brief path>#5`, `#四-2`); `core.review.load.Review.resolves` says
whether
one exists.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .decisions import Origin


class Note(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str = Field(min_length=1)
    refs: tuple[str, ...] = ()
    detail: str | None = None  # a handle's explanation, printed after its text
    origin: Origin = Origin.reviewer
