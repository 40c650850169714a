"""Materials and their items (docs/workspace.md): arXiv ids, URLs, evidence cues, `## ` items.

Material text is data: titles and bodies are kept verbatim, nothing is rendered or rewritten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, Literal

from ..model.values import EVIDENCE_LABELS, EVIDENCE_STRENGTH, Evidence, Item, Material
from ..text.identifiers import dedupe, find_arxiv, find_urls
from ..text.markdown import atx_heading, fenced, split_lines
from .frontmatter import front_matter_lines, split_front_matter

# -- evidence -------------------------------------------------------------------------------

# Strong to weak. When a text carries several cues the weakest wins: a brief may never state an
# item more strongly than its evidence (docs/workspace.md), so a mixed "摘要级 … TLDR" reads as
# TLDR.
STRENGTH: tuple[Evidence, ...] = EVIDENCE_STRENGTH[:-1]  # every level but `unknown`

_EN = r"(?<![A-Za-z])(?:{})(?![A-Za-z])"


class _Cue:
    """One kind of cue: Chinese phrases and English ones, searched apart because it is faster.

    The Chinese phrases are uncased, so they are compiled without IGNORECASE, which lets the regex
    engine skip ahead to their first characters instead of trying every position. The English ones
    (case-insensitive) are searched only when the lower-cased text holds one of `words`, which each
    of them contains. `pattern` is the cue as one case-insensitive pattern, the reference.
    """

    def __init__(self, zh: str, en: str, words: tuple[str, ...]) -> None:
        self.zh = re.compile(zh) if zh else None
        self.en = re.compile(en, re.IGNORECASE)
        self.words = words
        self.pattern = re.compile("|".join(p for p in (zh, en) if p), re.IGNORECASE)

    def search(self, text: str, low: str | None) -> bool:
        """Whether `pattern` matches `text`; `low` is `_lower(text)`."""
        if self.zh is not None and self.zh.search(text) is not None:
            return True
        if low is not None and not any(word in low for word in self.words):
            return False
        return self.en.search(text) is not None


_CUES: dict[Evidence, _Cue] = {
    Evidence.fulltext: _Cue(
        r"正文已核|全文已读|全文已核|读了正文|读过正文",
        _EN.format(r"full[- ]text (?:read|checked)|read the full text"),
        ("full",),
    ),
    Evidence.abstract: _Cue(
        r"摘要级|摘要页|仅摘要|只到摘要",
        _EN.format(r"abstract[- ]only|abstract[- ]level|only the abstract"),
        ("abstract",),
    ),
    Evidence.tldr: _Cue("", _EN.format(r"TLDR|TL;DR"), ("tldr", "tl;dr")),
    Evidence.self_report: _Cue(
        r"作者自述|作者自报|自报", _EN.format(r"self[- ]reported|author self[- ]report"), ("self",)
    ),
    Evidence.vendor: _Cue(
        r"厂商口径|厂商发布", _EN.format(r"vendor (?:claims?|announcement)"), ("vendor",)
    ),
    Evidence.search_lead: _Cue(r"搜索线索", _EN.format(r"search[- ]lead"), ("search",)),
}
# "Not read" cues never name a level by themselves; they only rule out `fulltext`.
_NOT_FULLTEXT = _Cue(
    r"正文未读|未读正文|未取正文|正文未获取|未获取正文|未读全文|全文未读",
    r"未读\s*PDF\s*全文|"
    + _EN.format(
        r"full[- ]text not (?:read|checked)|did not read the full text|full[- ]text unread"
    ),
    ("full", "pdf"),
)

# Characters that IGNORECASE matches to an ASCII letter although their `lower()` is not that
# letter (the long s, the Kelvin sign, the dotted and dotless i): with any of them in a text,
# the English cues are searched without the `words` shortcut. tests/unit/test_materials.py checks
# this list against every code point.
_ODD_CASE = re.compile("[\u017f\u212a\u0130\u0131]")


def _lower(text: str) -> str | None:
    return None if _ODD_CASE.search(text) else text.lower()


def evidence_from_text(text: str) -> Evidence | None:
    """The weakest level the text's cues claim (see STRENGTH), or None when nothing says.

    `正文未读` and the like rule out `fulltext` but imply no level of their own.
    """
    low = _lower(text)
    found = [level for level in STRENGTH if _CUES[level].search(text, low)]
    if found and found[0] is Evidence.fulltext and _NOT_FULLTEXT.search(text, low):
        found.pop(0)
    return found[-1] if found else None


def _norm_label(value: str) -> str:
    return re.sub(r"[\s_]+", "", value).casefold()


_BY_LABEL: dict[str, Evidence] = {
    _norm_label(name): level
    for level, labels in EVIDENCE_LABELS.items()
    for name in (level.value, level.name, *labels)
}


def parse_evidence_value(value: Any) -> Evidence | None:
    """A level from a front matter or manifest value: a key (`tldr`), a zh/en label, or cue text."""
    if isinstance(value, Evidence):
        return value
    if not isinstance(value, str) or not value.strip():
        return None
    return _BY_LABEL.get(_norm_label(value)) or evidence_from_text(value)


# -- materials ------------------------------------------------------------------------------


EvidenceSource = Literal["manifest", "front-matter", "text", "default"]


def parse_material(path: str, text: str, sha256: str, override: Evidence | None = None) -> Material:
    """A material and its items: each `## ` heading outside fenced code starts an item.

    Text before the first `## ` is the preamble: not an item, but its cues give the items a
    fallback level. Item level: override > front matter > item cues > preamble cues > unknown.

    The front matter's `arxiv:` and `url:` and the ids and URLs of the preamble describe the
    material as a whole: they are the Material's `arxiv`/`urls` (the brief lists them in 三), and
    the item's too when the material is a single item. They are not copied onto each of several
    items, which would make the items of one material identity-duplicates of each other.
    """
    front, body = split_front_matter(text, path)
    stem = PurePosixPath(path).stem or path
    fm_title = _text_value(front.get("title"))
    fm_evidence = parse_evidence_value(front.get("evidence"))
    if fm_evidence is Evidence.unknown:  # "未标注" states nothing; let the text speak
        fm_evidence = None
    preamble, sections, first_h1 = _split_items(body)
    offset = front_matter_lines(text, body)
    title = fm_title or first_h1 or stem
    ctx = _Context(path, override, fm_evidence, evidence_from_text(preamble))
    front_arxiv = _front_arxiv(front.get("arxiv"))
    front_urls = find_urls("\n".join(_text_values(front.get("url"))))
    items: tuple[Item, ...]
    if not sections:
        items = (ctx.item(1, title, body, front_arxiv, front_urls),)
    else:
        items = tuple(
            ctx.item(n, heading or f"{title} #{n}", content, (), (), offset + start + 1)
            for n, (heading, content, start) in enumerate(sections, start=1)
        )
    material_level = override or fm_evidence or evidence_from_text(body) or Evidence.unknown
    return Material(
        path=path,
        sha256=sha256,
        front_matter=front,
        title=title,
        evidence=material_level,
        items=items,
        arxiv=dedupe((*front_arxiv, *find_arxiv(preamble))),
        urls=dedupe((*front_urls, *find_urls(preamble))),
    )


@dataclass(frozen=True)
class _Context:
    """What every item of one material shares: its path and the levels items fall back on."""

    path: str
    override: Evidence | None
    front: Evidence | None
    preamble: Evidence | None

    def item(
        self,
        n: int,
        title: str,
        body: str,
        arxiv: tuple[str, ...],
        urls: tuple[str, ...],
        line: int = 1,
    ) -> Item:
        text = f"{title}\n{body}"
        level, source = self._level(text)
        return Item(
            ref=f"{self.path}#{n}",
            material=self.path,
            index=n,
            title=title,
            body=body,
            evidence=level,
            evidence_source=source,
            arxiv=dedupe((*arxiv, *find_arxiv(text))) if arxiv else find_arxiv(text),
            urls=dedupe((*urls, *find_urls(text))) if urls else find_urls(text),
            line=line,
        )

    def _level(self, text: str) -> tuple[Evidence, EvidenceSource]:
        if self.override is not None:
            return self.override, "manifest"
        if self.front is not None:
            return self.front, "front-matter"
        cue = evidence_from_text(text) or self.preamble
        return (cue, "text") if cue is not None else (Evidence.unknown, "default")


def _split_items(body: str) -> tuple[str, list[tuple[str, str, int]], str | None]:
    """(preamble, [(heading title, verbatim body, 0-based line of the heading)], first `# `
    title) of a material body."""
    lines = split_lines(body)
    starts: list[tuple[int, str]] = []
    first_h1: str | None = None
    for index, (text, in_code) in enumerate(fenced(lines)):
        heading = None if in_code else atx_heading(text)
        if heading is None:
            continue
        level, title = heading
        if level == 2:
            starts.append((index, title))
        elif level == 1 and first_h1 is None and title:
            first_h1 = title
    if not starts:
        return body, [], first_h1
    bounds = [index for index, _ in starts] + [len(lines)]
    sections = [
        (title, "".join(lines[start + 1 : end]), start)
        for (start, title), end in zip(starts, bounds[1:], strict=True)
    ]
    return "".join(lines[: starts[0][0]]), sections, first_h1


def _text_value(value: Any) -> str | None:
    return (value.strip() or None) if isinstance(value, str) else None


def _text_values(value: Any) -> list[str]:
    """A front matter value that may be one string or a list of them."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


def _front_arxiv(value: Any) -> tuple[str, ...]:
    return find_arxiv("\n".join(_text_values(value)))
