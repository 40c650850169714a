"""The increment form's first drafts from the fact index (docs/facts.md): the relation line
("活文档 §4.2 已有 …；本条新增 …"), and the words of the new facts its 要点 leads with (the item's
own sentences naming them, `core.brief.points`). A draft for the reviewer to edit, in the brief's
language; None when the facts say nothing (the form then shows what it showed before).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..model.values import ItemFacts

MAX_LISTED = 4  # facts named per clause


_ID = re.compile(r"(?:arXiv:)?[0-9]{4}\.[0-9]{4,5}(?:v[0-9]+)?|https?://\S+", re.IGNORECASE)


def _is_id(text: str) -> bool:
    return _ID.fullmatch(text.strip()) is not None


def _where(ref: str) -> str:
    """`docs/inference.md§4.2` -> `§4.2`; an entry ref stays whole."""
    return ref[ref.index("§") :] if "§" in ref else ref


def relation_line(facts: Sequence[ItemFacts], language: str = "zh") -> str | None:
    """What the knowledge base already has (by where), what the parts add, what they state
    otherwise: `活文档 §1.1 已有 vLLM v0.30.0；本条新增 SGLang v0.5.21；与 §1.2 不一致：…`."""
    zh = language == "zh"
    by_where: dict[str, list[str]] = {}
    new: list[str] = []
    against: list[str] = []
    for f in facts:
        for k in f.known:
            where = _where(k.refs[0]) if k.refs else ""
            by_where.setdefault(where, []).append(k.text)
        new += [n.text for n in f.new]
        against += [
            f"{c.text}（{'、'.join(_where(r) for r in c.refs)}）"
            if zh
            else f"{c.text} ({', '.join(_where(r) for r in c.refs)})"
            for c in f.conflicting
        ]
    sep = "、" if zh else ", "
    clauses = []
    for where, texts in by_where.items():
        listed = sep.join(dict.fromkeys(texts[:MAX_LISTED]))
        if where.startswith("§"):
            clauses.append(f"活文档 {where} 已有 {listed}" if zh else f"§{where[1:]} has {listed}")
        else:
            clauses.append(f"{where} 已收 {listed}" if zh else f"{where} has {listed}")
    if new:
        listed = sep.join(dict.fromkeys(new[:MAX_LISTED]))
        clauses.append(f"本条新增 {listed}" if zh else f"this adds {listed}")
    if against:
        listed = sep.join(dict.fromkeys(against[:MAX_LISTED]))
        clauses.append(f"与已有说法不一致：{listed}" if zh else f"disagrees with: {listed}")
    if not clauses:
        return None
    return ("；" if zh else "; ").join(clauses) + ("。" if zh else ".")


def new_fact_words(facts: ItemFacts) -> tuple[str, ...]:
    """The words of an item's new facts a sentence must name to carry them — a release, a
    figure, a date: not an id, which says what the item is, not what it found. The 要点 the
    increment form drafts leads with the sentences naming them (`core.brief.points.lead`)."""
    return tuple(
        dict.fromkeys(w for n in facts.new if not _is_id(n.text) if (w := n.text.split(" ")[-1]))
    )
