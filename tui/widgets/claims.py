"""The claim conflicts touching the current item, as a section of pane 4 (core.claims).

One entry per conflict: its kind and project, the other refs involved, and the drafted text that
the `claim_contradiction` key puts into a contradiction of section 二 for the reviewer to edit.
A conflict already turned into a contradiction says so.
"""

from __future__ import annotations

from collections.abc import Sequence

from briefdesk.core.claims import Conflict
from textual.content import Content

from ..text import line
from ..wording import section

KIND_LABEL = {"version-line": "version lines", "date": "dates", "single-source": "one source"}


def claims_content(
    ref: str,
    conflicts: Sequence[Conflict],
    adopted: Sequence[bool],
    key: str | None,
    language: str = "zh",
) -> Content:
    """The section's text: a head line, then two lines per conflict."""
    two = section(2, language)  # the brief's contradictions
    hint = f"  {key}: to {two}" if key else ""
    parts: list[Content] = [
        Content.assemble(
            (f"claims that disagree · {len(conflicts)}", "bold $warning"), (hint, "$text-muted")
        )
    ]
    for conflict, done in zip(conflicts, adopted, strict=True):
        others = [r for r in conflict.refs if r != ref]
        parts.append(
            Content.assemble(
                (f"✓ in {two} · " if done else "• ", "$success" if done else "$warning"),
                (f"{KIND_LABEL.get(conflict.kind, conflict.kind)} ", "bold"),
                line(conflict.entity, "bold"),
                (" with " if others else "", "$text-muted"),
                line(", ".join(others), "$text-muted"),
            )
        )
        parts.append(Content.assemble(("  ", ""), line(conflict.text)))
    return Content("\n").join(parts)
