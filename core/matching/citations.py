"""Source citations (docs/workspace.md, docs/duplicates.md): which material, and which item of it,
an earlier brief says it was written from.

This is the strongest evidence of a duplicate there is — the knowledge base saying so itself — and
a summary in other words or in another language carries it when its text shares almost nothing.
Two places say it:

- the text of an entry: its 来源 line
  (`来源：inbox/jay/2026-11-01T0820-csdn-discovery.md 第一条（…）`) or a 四 bullet's parenthesis
  (`（inbox/…md 第 2、3 条）`): a material path, then optionally which item, in any of the ways
  people write it — `第一条`, `第 2 条`, `第 2、3 条`, `对象二`, `对象一、二`, `#2`, `.md#2`,
  `item 2`, `items 2 and 3`, `first item`. A path with no item names the material as a whole (each
  of its items);
- the sidecar of a brief the tool wrote (`<brief>.review.json`): which items each increment holds,
  parts and absorbed items alike (the brief names only the parts it describes).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import BriefdeskError
from ..facts.numerals import zh_number
from ..model.values import BriefEntry, Item
from ..storage.fileio import read_bytes

# A workspace-relative Markdown path, not part of a longer word or URL path.
_PATH = re.compile(r"(?<![\w/.@:-])((?:[A-Za-z0-9_.@+-]+/)+[A-Za-z0-9_.@+-]+\.md)(?![\w/])")
_NUM = r"[0-9]{1,3}|[一二两三四五六七八九十]{1,3}"
_SEP = r"\s*(?:[、,，/]|和|与|及|and|&)\s*"
# `2–4`, `二至四`, `2 to 4`: a range names every item from one to the other
_RANGE = r"\s*(?:[–—~～\-]|至|到|to|through)\s*"
_DESIGNATIONS = [
    re.compile(rf"#\s*({_NUM})((?:(?:{_SEP}|{_RANGE})#?\s*(?:{_NUM}))*)"),
    re.compile(rf"第\s*({_NUM})((?:(?:{_SEP}|{_RANGE})第?\s*(?:{_NUM}))*)\s*(?:条|项|则|篇|个)"),
    re.compile(rf"对象\s*({_NUM})((?:(?:{_SEP}|{_RANGE})(?:对象)?\s*(?:{_NUM}))*)"),
    re.compile(rf"(?i:items?|entry|entries|no\.)\s*({_NUM})((?:(?:{_SEP}|{_RANGE})(?:{_NUM}))*)"),
]
# `第二条起`, `第 2 条及以后`, `items 2 onwards`, `from item 2 on`: every item from there on
_ONWARDS = re.compile(
    r"\s*(?:起|开始|以后|之后|往后|及以后|及之后|以下|(?i:onwards?|and after|and later))"
)
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_ORDINAL_ITEM = re.compile(
    rf"(?i:(?:the\s+)?({'|'.join(_ORDINALS)})((?:{_SEP}(?:{'|'.join(_ORDINALS)}))*)\s+items?)"
)
_LEAD = re.compile(r"[\s,，:：]{0,3}(?:从|自|(?i:from)\s*)?")
ONWARDS = 99  # the highest item number a citation "from item n on" names


@dataclass(frozen=True)
class Citation:
    """A material path and the item numbers it names (empty: the material as a whole)."""

    path: str
    items: tuple[int, ...] = ()

    def names(self, item: Item) -> bool:
        return item.material == self.path and (not self.items or item.index in self.items)


def number(text: str) -> int | None:
    """`2`, `二`, `十二`, `二十一` as an int (1..99), else None (the numerals are the fact
    index's: `core.facts.numerals.zh_number`)."""
    text = text.strip()
    value = zh_number(text) if text else None
    if value is None or not 0 < value < 100 or value != int(value):
        return None
    return int(value)


_PIECE = re.compile(rf"({_RANGE})?(?:第|对象|#)?\s*({_NUM})")


def _numbers(first: str, rest: str) -> tuple[int, ...]:
    """The numbers of a designation, a range (`2–4`, `二至四`) expanded to every number in it."""
    out: list[int] = []
    start = number(first)
    if start is not None:
        out.append(start)
    for m in _PIECE.finditer(rest):
        n = number(m.group(2))
        if n is None:
            continue
        if m.group(1) and out and out[-1] < n <= ONWARDS:
            out.extend(range(out[-1] + 1, n + 1))
        else:
            out.append(n)
    return tuple(dict.fromkeys(out))


def designation(after: str) -> tuple[int, ...]:
    """The item numbers named at the start of `after` (the text right after a path), else ()."""
    lead = _LEAD.match(after)
    tail = after[lead.end() if lead else 0 :]
    for pattern in _DESIGNATIONS:
        m = pattern.match(tail)
        if m:
            found = _numbers(m.group(1), m.group(2))
            if found and _ONWARDS.match(tail, m.end()):
                return tuple(range(found[0], ONWARDS + 1))
            return found
    m = _ORDINAL_ITEM.match(tail)
    if m:
        words = [m.group(1), *re.findall("|".join(_ORDINALS), m.group(2), re.IGNORECASE)]
        return tuple(_ORDINALS.index(w.lower()) + 1 for w in words)
    return ()


# what may stand between an item named first and its material's path (`the Tuesday digest's
# second item (inbox/…md, …)`, `item 2 of inbox/…md`, `第二条（inbox/…md）`)
_BEFORE_PATH = re.compile(r"[\s(（:：,，]*(?:(?i:of|in|from)\s+(?:the\s+)?|的|出自|来自)?[\s(（]*")
# where the words before a path stop being about it: another sentence, clause or path
_BEFORE_CUT = re.compile(r"[。；;\n)）]|\.md\b|\.\s")


def designation_before(before: str) -> tuple[int, ...]:
    """The item numbers named at the end of `before` (the text right before a path, with only
    a bracket or `of` between), else (): a citation that names the item first."""
    cuts = list(_BEFORE_CUT.finditer(before))
    tail = before[cuts[-1].end() :] if cuts else before
    after_path = bool(cuts) and cuts[-1].group(0) == ".md"
    for pattern in (*_DESIGNATIONS, _ORDINAL_ITEM):
        for m in reversed(list(pattern.finditer(tail))):
            if not _BEFORE_PATH.fullmatch(tail, m.end()):
                continue
            if after_path and not tail[: m.start()].strip():
                return ()  # the item named right after another path is that path's
            if pattern is _ORDINAL_ITEM:
                words = [m.group(1), *re.findall("|".join(_ORDINALS), m.group(2), re.IGNORECASE)]
                return tuple(_ORDINALS.index(w.lower()) + 1 for w in words)
            found = _numbers(m.group(1), m.group(2))
            if found and _ONWARDS.match(tail, m.end()):
                return tuple(range(found[0], ONWARDS + 1))
            return found
    return ()


def find_citations(text: str, wanted: Collection[str] | None = None) -> list[Citation]:
    """Every material path the text names (of `wanted` only, if given), with the items it names
    right after it, else right before it (`the Tuesday digest's second item (inbox/…md)`)."""
    if ".md" not in text:
        return []
    out: list[Citation] = []
    for m in _PATH.finditer(text):
        path = m.group(1).removeprefix("./")
        if wanted is None or path in wanted:
            items = designation(text[m.end() : m.end() + 48])
            if not items:
                items = designation_before(text[max(0, m.start() - 60) : m.start()])
            out.append(Citation(path, items))
    return out


def sidecar_holdings(data: Any, brief: str) -> dict[str, set[str]]:
    """Item ref -> the entry refs (`<brief>#n`) whose increment holds it, from a sidecar's JSON.

    Read loosely, for every schema the tool has written: the brief model's numbered `entries`
    (schema 2, `model.entries`, each with `number`, `parts` and `absorbed`), a list of
    `increments` (each with `parts` and `absorbed`), else `order` with the decisions'
    `merged_into` (schema 1). Anything else holds nothing.
    """
    out: dict[str, set[str]] = defaultdict(set)
    if not isinstance(data, dict):
        return {}
    model = data.get("model")
    entries = model.get("entries") if isinstance(model, dict) else None
    if isinstance(entries, list):
        for entry in entries:
            if not isinstance(entry, dict) or not isinstance(entry.get("number"), int):
                continue
            for key in ("parts", "absorbed"):
                for ref in entry.get(key) or ():
                    if isinstance(ref, str):
                        out[ref].add(f"{brief}#{entry['number']}")
        return dict(out)
    increments = data.get("increments")
    if isinstance(increments, list):
        for n, inc in enumerate(increments, 1):
            if not isinstance(inc, dict):
                continue
            for key in ("parts", "absorbed", "items"):
                for ref in inc.get(key) or ():
                    ref = ref.get("item") if isinstance(ref, dict) else ref
                    if isinstance(ref, str):
                        out[ref].add(f"{brief}#{n}")
        return dict(out)
    order = data.get("order")
    if not isinstance(order, list):
        return {}
    head_of: dict[str, str] = {}
    for item in data.get("items") or ():
        if isinstance(item, dict) and isinstance(item.get("ref"), str):
            merged = (item.get("decision") or {}).get("merged_into")
            if isinstance(merged, str):
                head_of[item["ref"]] = merged
    for n, head in enumerate(order, 1):
        if isinstance(head, str):
            out[head].add(f"{brief}#{n}")
    for ref, head in head_of.items():
        if head in order:
            out[ref].add(f"{brief}#{order.index(head) + 1}")
    return dict(out)


def read_sidecars(root: Path, briefs: Iterable[str]) -> dict[str, set[str]]:
    """Item ref -> entry refs, from the sidecar next to each brief (a missing or unreadable one is
    no evidence; it never fails a scan)."""
    out: dict[str, set[str]] = defaultdict(set)
    for rel in briefs:
        side = root / (rel.removesuffix(".md") + ".review.json")
        try:
            if not side.is_file():
                continue
            data = json.loads(read_bytes(side, side).decode("utf-8"))
        except (BriefdeskError, ValueError):
            continue
        for ref, entries in sidecar_holdings(data, rel).items():
            out[ref] |= entries
    return dict(out)


def cited_entries(
    items: Sequence[Item],
    entries: Sequence[BriefEntry],
    sidecars: Mapping[str, Collection[str]] | None = None,
) -> list[list[int]]:
    """Per item, the indices of the entries that cite it, in entry order."""
    by_path: dict[str, list[int]] = defaultdict(list)
    for k, item in enumerate(items):
        by_path[item.material].append(k)
    out: list[set[int]] = [set() for _ in items]
    for e, entry in enumerate(entries):
        for cite in find_citations(entry.text, by_path):
            for k in by_path.get(cite.path, ()):
                if cite.names(items[k]):
                    out[k].add(e)
    if sidecars:
        index = {entry.ref: e for e, entry in enumerate(entries)}
        for k, item in enumerate(items):
            for ref in sidecars.get(item.ref, ()):
                if ref in index:
                    out[k].add(index[ref])
    return [sorted(s) for s in out]


# how a living document names the earlier-brief entry a sentence came from: `（11-10 简报第 2
# 条）`, `2026-11-01 E1 简报第 5 条`, `11-01 简报四第 2 条`, `the 2026-11-01 E1 brief, item 5`
_ABSORBED = re.compile(
    rf"(?<![0-9])(?:(?P<y>[0-9]{{4}})-)?(?P<m>[0-9]{{1,2}})-(?P<d>[0-9]{{1,2}})\s*(?:E1\s*)?"
    rf"(?:简报\s*(?P<zs>[一二三四五六七八九十]|[IVX]{{1,4}})?\s*第\s*(?P<zn>{_NUM})\s*条"
    rf"|(?i:brief),?\s+(?:(?i:section)\s+(?P<es>[IVX]{{1,4}}|[0-9])\s+(?i:bullet)\s+|(?i:item)\s+"
    rf"|#)(?P<en>[0-9]{{1,3}}))"
)


_SENTENCE_END = "。！？；;!?\n"
LEAD_IN = 12  # characters after a citation to the colon that ends its lead-in (`的对比：`)


def _lead_in(text: str, start: int, end: int) -> bool:
    """Whether a citation opens its sentence as the lead-in of what follows: nothing before it
    in its sentence, and a colon soon after it (`11-10 简报第 3 条的对比：…`, `The 11-10 brief,
    item 3: …`)."""
    opening = text[:start].rstrip(" \t")
    if opening[-3:].casefold() == "the":  # `The 11-10 brief, item 3: …`
        opening = opening[:-3].rstrip(" \t")
    if opening and opening[-1] not in _SENTENCE_END:
        return False
    tail = text[end : end + LEAD_IN]
    for ch in tail:
        if ch in "：:":
            return True
        if ch in _SENTENCE_END:
            return False
    return False


def absorbed_entries(
    paragraphs: Sequence[str], entries: Sequence[BriefEntry]
) -> dict[int, list[int]]:
    """Per entry index, the living-document paragraphs (indices) that say they hold it: the
    living document naming, in brackets after what it took in, the brief entry it came from
    (`…每期替换约 1/6 的题目（11-10 简报第 2 条）`), by the brief's date and the entry's number
    (docs/duplicates.md), or opening the sentence that reports it, as its lead-in (`11-10 简报第
    3 条的对比：不调参时 RRF …`). A citation elsewhere outside brackets (`入门推导见 11-01 简报第
    2 条收录的教程`) points the reader elsewhere: the paragraph does not hold that entry."""
    by_key: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for e, entry in enumerate(entries):
        if entry.date:
            by_key[(entry.date[5:], entry.section, entry.number)].append(e)
    out: dict[int, list[int]] = defaultdict(list)
    for p, text in enumerate(paragraphs):
        if "简报" not in text and "brief" not in text.casefold():
            continue
        for m in _ABSORBED.finditer(text):
            before = text[: m.start()]
            if max(before.rfind("（"), before.rfind("(")) <= max(
                before.rfind("）"), before.rfind(")")
            ) and not _lead_in(text, m.start(), m.end()):
                continue  # `入门推导见 …简报第 2 条收录的教程`: a pointer, not where it came from
            day = f"{int(m['m']):02d}-{int(m['d']):02d}"
            n = number(m["zn"] or m["en"] or "")
            part = m["zs"] or m["es"] or ""
            sections = (part,) if part else ("一", "I")
            for section in sections:
                for e in by_key.get((day, section, str(n)), ()):
                    year = entries[e].date or ""
                    if (not m["y"] or year.startswith(m["y"])) and p not in out[e]:
                        out[e].append(p)
    return dict(out)
