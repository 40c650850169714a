"""The brief (docs/brief.md), in two steps: a review session resolved into a model of every string
the brief prints (`build`), then that model laid out as the seed's plain text (`render`).

- `plan`: which items form which increment, the rule the session, the renderer and the desk share;
- `wording`: the zh and en phrases;
- `excerpt`: material text made safe and cut where a reader would cut;
- `points`: the item's own content sentences an unwritten 要点 quotes, its metadata left out;
- `filler`: which entries still print generated text (the commit screen warns);
- `model`: the resolved brief, which the sidecar stores so `verify` can lay it out again;
- `build`: session -> model; `render`: model -> text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .build import build_model
from .content import BriefModel
from .render import render_model

if TYPE_CHECKING:
    from ..review.load import Review
    from ..review.sessionfile import SessionData

__all__ = ["BriefModel", "build_model", "render_brief", "render_model"]


def render_brief(
    review: Review, data: SessionData, language: str | None = None, *, reviewer: str | None = None
) -> str:
    """The brief's text, ending with exactly one newline: `render_model(build_model(...))`."""
    return render_model(build_model(review, data, language, reviewer=reviewer))
