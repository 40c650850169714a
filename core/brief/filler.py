"""Which increments of a brief still print text the tool generated in place of the reviewer's.

A brief whose 与活文档脉络的关系 says `未指定（待审阅人定位）` or whose 要点 is a raw excerpt of the
material reads as written by someone, but nobody wrote it. The commit screen names those entries
before the commit (docs/brief.md, "Generated 要点"); the brief itself is left as it is.

Read from the model, i.e. from what the brief prints, in its own language: a written text that
happens to quote the phrase is still the reviewer's, so only a field that *starts* with it counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from .content import BriefModel, EntryModel
from .wording import T


@dataclass(frozen=True)
class Filler:
    number: int  # the entry's number in section 一
    title: str
    fields: tuple[str, ...]  # the labels of the fields still generated, as the brief prints them


def filler(model: BriefModel) -> list[Filler]:
    """The entries of section 一 still carrying generated filler, in brief order."""
    out: list[Filler] = []
    for entry in model.entries:
        fields = _generated(model, entry)
        if fields:
            out.append(Filler(entry.number, entry.title, fields))
    return out


def _generated(model: BriefModel, entry: EntryModel) -> tuple[str, ...]:
    t = T[model.language]
    _source, points, relation, placement, _boundary = model.labels
    found: list[str] = []
    if _is_excerpt(entry.points, model.language):
        found.append(points)
    if entry.relation.startswith(t["no_placement"]):
        found.append(relation)
    if entry.placement == t["no_placement"]:
        found.append(placement)
    return tuple(label.strip().rstrip("：:").strip() for label in found)


def _is_excerpt(points: str, language: str) -> bool:
    """要点 made of the material's own text: `（材料原文摘录）…`, or `① title：（材料原文摘录）…`
    for a part of a merged increment, or the no-body phrase."""
    t = T[language]
    marks = (t["excerpt"].strip(), t["no_body"])
    if points.startswith(marks):
        return True
    merged = points.startswith(("①", "(1)"))
    return merged and any(f"{t['colon']}{m}" in points for m in marks)
