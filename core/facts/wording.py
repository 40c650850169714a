"""The increment form's first drafts from the fact index (docs/facts.md): the relation line
("活文档 §4.2 已有 …；本条新增 …") and the key points (the item's own sentences that carry its new
facts). A draft for the reviewer to edit, in the brief's language; None when the facts say
nothing (the form then shows what it showed before).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..model.values import ItemFacts

MAX_LISTED = 4  # facts named per clause
_SENTENCE = re.compile(r"[^。！？；!?\n]+(?:[。！？；!?]|(?<=[^0-9])\.(?=\s|$))?")


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


def key_points(bodies: Sequence[str], facts: Sequence[ItemFacts]) -> str | None:
    """The parts' own sentences that state their new facts — a release, a figure, a date: not
    an id, which says what the item is, not what it found — in text order, each once; else None.
    `bodies`: each part's text without its heading and front matter."""
    wanted = [n.text.split(" ")[-1] for f in facts for n in f.new if not _is_id(n.text)]
    if not wanted:
        return None
    out: list[str] = []
    for body in bodies:
        for m in _SENTENCE.finditer(body):
            sentence = m.group(0).strip()
            if sentence and any(w and w in sentence for w in wanted) and sentence not in out:
                out.append(sentence)
    return " ".join(out) or None
