"""Claims of one review, each with its ref, and the conflicts among them (`scan --json` `claims`).

Batch items and living-document sections are read whole. Earlier-brief entries (50,000 in a
mature knowledge base) are read only where they can matter: every conflict involves a claim of a
batch item (see `core.claims.conflicts`), and an entry's claim can only take part in one about the
same project, so only entries that name a project the items make claims about are extracted
(found by a literal search over all entries at once, at C speed). The answer is the one a full
extraction of every entry gives; `everything=True` does that, for the tests and the benchmark.

Statements are cached per text content (`core.claims.cache`), like matching's tokens.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ..text.identifiers import normalize_url
from . import cache as claims_cache
from .aliases import aliases
from .conflicts import find_conflicts
from .dates import parse_date
from .extract import extract
from .lexicon import entity_key
from .named import named_source_conflicts
from .types import Claim, Conflict, Origin

if TYPE_CHECKING:
    from ..model.values import BriefEntry, Material
    from ..review.load import Review

Rank = Callable[[str], tuple[int, int]]  # where a ref is listed: items, sections, entries
# (ref, origin, doc, text, heading, default sources) of a text that can hold claims
Source = tuple[str, Origin, str, str, str | None, tuple[str, ...]]


def batch_sources(review: Review) -> Iterator[Source]:
    """The batch's items (with their material's own URL) and the living document's sections."""
    for m in review.materials:
        own = m.front_matter.get("url")
        defaults = tuple(normalize_url(u) for u in ([own] if isinstance(own, str) else []))
        for item in m.items:
            yield item.ref, "item", m.path, item.text, item.title, defaults
    doc = review.living_doc
    for s in doc.sections:
        yield f"{doc.path}§{s.id}", "living-doc", doc.path, s.text, s.title, ()


def entry_source(e: BriefEntry) -> Source:
    return e.ref, "brief", e.brief, e.text, e.text.split("\n", 1)[0], ()


def naming(entries: list[BriefEntry], keys: Iterable[str]) -> list[int]:
    """Indices of the entries whose text names any of these projects (case-insensitive)."""
    keys = [k for k in keys if k]
    if not keys or not entries:
        return []
    corpus = "\x00".join(e.text for e in entries).lower()
    starts = [0]
    for e in entries:
        starts.append(starts[-1] + len(e.text) + 1)
    found: set[int] = set()
    for key in keys:
        pos = corpus.find(key)
        while pos >= 0:
            k = bisect.bisect_right(starts, pos) - 1
            found.add(k)
            pos = corpus.find(key, starts[k + 1] if k + 1 < len(starts) else len(corpus))
    return sorted(found)


def review_claims(
    review: Review, cache_dir: Path | None = None, *, everything: bool = False
) -> tuple[list[Claim], Rank]:
    """The claims that can take part in a conflict, and the order their refs are listed in."""
    store = claims_cache.load(cache_dir)
    claims: list[Claim] = []
    rank: dict[str, tuple[int, int]] = {}
    kinds = {"item": 0, "living-doc": 1, "brief": 2}

    def read(n: int, source: Source) -> None:
        ref, origin, doc, text, heading, defaults = source
        rank.setdefault(ref, (kinds[origin], n))
        key, found = store.get(text, heading, defaults)
        if found is None:
            found = extract(text, heading, defaults)
            store.put(key, found)
        for s in found:
            claims.append(Claim(**s.model_dump(), ref=ref, origin=origin, doc=doc))

    for n, source in enumerate(batch_sources(review)):
        read(n, source)
    entries = review.entries
    first = len(rank)
    if everything:
        wanted = list(range(len(entries)))
    else:
        wanted = naming(entries, {c.key for c in claims if c.origin == "item"})
    for k in wanted:
        read(first + k, entry_source(entries[k]))
    claims_cache.save(cache_dir, store)

    def order(ref: str) -> tuple[int, int]:
        return rank.get(ref, (3, 0))

    return plain_names(claims), order


def plain_names(claims: list[Claim]) -> list[Claim]:
    """The claims with a plain lowercase word before their version in English prose
    (`flashinfer v0.4.3, which shipped Nov 3`) made about that project where another text makes
    a claim under that name (`flashinfer 稳定版 v0.4.3（2026-10-27）`): the word is a project
    the review knows, not an English word. Unconfirmed, the claim keeps the project it had
    without the word (its clause's subject, its heading's name), or is none."""
    if not any(c.plain for c in claims):
        return claims
    known = {c.key for c in claims if c.plain is None}
    out: list[Claim] = []
    for c in claims:
        if c.plain is None:
            out.append(c)
        elif entity_key(c.plain) in known:
            out.append(c.model_copy(update={"entity": c.plain, "key": entity_key(c.plain)}))
        elif c.entity != c.plain:
            out.append(c)
    return out


_NAMED_DAY = re.compile(r"(?<![0-9])(20[0-9]{2}-[01][0-9]-[0-3][0-9])")


def material_day(m: Material) -> str | None:
    """The day a material speaks for: its `date`, else a date its file name starts with
    (`inbox/mei/2026-12-01-1030-reposts.md`); None when neither says."""
    own = m.front_matter.get("date")
    if isinstance(own, (str, dt.date)) and parse_date(str(own)) is not None:
        return str(own)
    found = _NAMED_DAY.match(m.path.rsplit("/", 1)[-1])
    return found.group(1) if found else None


_JOINERS = re.compile(r"[\s\-_]+")


def one_name(claims: list[Claim], texts: Iterable[tuple[str, str]]) -> list[Claim]:
    """The claims with each project under one name: a claim under another name the texts give
    a project (`core.claims.aliases`: `pip 包名 crfm-helm` of HELM) is about that project, and
    a name of several words that ends with a name other claims use is that project's
    (`Microsoft Agent Framework` and `Agent Framework`, `Meta FAISS` and `FAISS`), and so is one
    written joined, spaced or hyphenated (`IsaacLab`, `Isaac Lab`)."""
    by_ref: dict[str, list[Claim]] = {}
    for c in claims:
        by_ref.setdefault(c.ref, []).append(c)
    other_names = aliases((text, by_ref.get(ref, ())) for ref, text in texts)
    keys = {c.key for c in claims}
    # one name written joined, spaced or hyphenated (`IsaacLab`, `Isaac Lab`, `isaac-lab`) is
    # one project: the forms go under the one written joined, else the first in order
    joined: dict[str, list[str]] = {}
    for key in keys:
        joined.setdefault(_JOINERS.sub("", key), []).append(key)
    for bare, forms in joined.items():
        if len(forms) > 1:
            target = bare if bare in forms else min(forms)
            for key in forms:
                if key != target and key not in other_names:
                    other_names[key] = target
    # a one-word ending is that project's only when it is written like a name, not like a word
    # (`FAISS`, `SGLang`, `llama.cpp`; not `Framework`: `Spring AI Framework` is not it)
    strong = {
        c.key
        for c in claims
        if " " not in c.key
        and any(ch.isupper() or ch.isdigit() or ch in ".-_+" for ch in c.entity[1:])
    }
    # shorter names first, so that a chain (`a b c` -> `b c` -> `c`) ends at one name whatever
    # the order sets iterate in
    for key in sorted(keys, key=lambda k: (k.count(" "), k)):
        words = key.split(" ")
        # the longest shorter ending another claim is made under
        tail = next(
            (
                t
                for t in (" ".join(words[k:]) for k in range(1, len(words)))
                if t in keys and (" " in t or t in strong)
            ),
            None,
        )
        if tail is not None and key not in other_names:
            other_names[key] = other_names.get(tail, tail)
    if not other_names:
        return claims
    return [
        c.model_copy(update={"key": other_names[c.key]}) if c.key in other_names else c
        for c in claims
    ]


def review_conflicts(
    review: Review, cache_dir: Path | None = None, *, everything: bool = False
) -> list[Conflict]:
    from .numbers import Text, cached_number_conflicts  # the fact index reads claims' dates

    claims, rank = review_claims(review, cache_dir, everything=everything)
    language = review.workspace.settings.language
    claims = one_name(claims, ((ref, text) for ref, _, _, text, _, _ in batch_sources(review)))
    as_of = {m.path: day for m in review.materials if (day := material_day(m)) is not None}
    found = find_conflicts(claims, rank, language, as_of)
    texts: list[Text] = [
        (ref, origin, doc, text)
        for ref, origin, doc, text, heading, _ in batch_sources(review)
        if origin == "item"
    ]
    doc = review.living_doc
    texts += [
        (f"{doc.path}§{s.id}", "living-doc", doc.path, f"{s.title}\n{s.text}") for s in doc.sections
    ]
    numbers = sorted(
        cached_number_conflicts(texts, language, cache_dir), key=lambda c: rank(c.refs[0])
    )
    sourced = [c for c in found if c.kind == "single-source"]
    told = {frozenset(c.refs) for c in sourced}
    named = [c for c in named_source_conflicts(texts, language) if frozenset(c.refs) not in told]
    return [
        *[c for c in found if c.kind != "single-source"],
        *numbers,
        *sorted([*sourced, *named], key=lambda c: rank(c.refs[0])),
    ]
