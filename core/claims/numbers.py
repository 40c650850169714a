"""Number conflicts (docs/facts.md): the same quantity in the same setting with another value.

`recall@10 +12%` for `bge-m3` on `BEIR` and `MTEB` in a material, against `recall@10 +4%` for the
same model and datasets in the living document: one of them is wrong, or they measure different
things that the texts do not say. The figures are the fact index's quantities
(`core.facts.extract`): a metric (the measure named right before the figure), a value with its
unit, and a setting (the other names of its sentence). Two figures are of one setting when
their metrics and units are equal and the names of one sentence hold all those of the other, at
least MIN_SETTING of them (`core.facts.index`). A figure that either text also states with the
other's value is no conflict (`from 0.61 to 0.73` states both), and the same figure repeated is
a consistent repetition, never a conflict.

Compared: every batch item with the other items and the living document's sections; each
conflict involves an item. The answer is cached for the exact texts (`cached_number_conflicts`,
sealed like every cache: core.storage.cachefile), so a warm scan reads no figure again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from ..facts.extract import FACTS_VERSION, Fact, extract
from ..facts.index import MIN_SETTING, Facts, quantity_clash, unit_of
from ..storage.cachefile import read_sealed, write_sealed
from . import wording
from .context import CONTEXT_VERSION, in_context
from .types import Claim, Conflict, Origin

# (ref, origin, doc, text)
Text = tuple[str, Origin, str, str]


def _claim(
    ref: str, origin: Origin, doc: str, fact_text: str, metric: str, setting: Sequence[str]
) -> Claim:
    return Claim(
        entity=metric,
        key=metric,
        event="measure",
        quote=fact_text,
        value=fact_text,
        setting=tuple(setting),
        ref=ref,
        origin=origin,
        doc=doc,
    )


# units of a duration long enough to be a task's (an index build, a training run, a job)
DURATIONS = frozenset({"min", "h", "d"})


def _measured(f: Fact) -> Fact:
    """A figure in minutes, hours or days measures a duration, whatever Chinese word stands
    before it, unless an English measure names it: `总耗时 25 分钟` and `HNSW 建索引 11 分钟` are
    one measure (the word before is the task or a filler), as a figure in a currency is a price
    whatever its word (docs/facts.md). A latency in `ms` or `s` keeps its word (`延迟`, `首字`
    are two measures)."""
    if f.kind != "quantity" or unit_of(f.value) not in DURATIONS:
        return f
    if f.thing and f.thing.isascii() and f.thing not in f.setting:
        return f  # `ttft 2 min`: the measure is written (a qualifier standing for it is not)
    return dataclasses.replace(f, thing="duration")


CACHE_FILE = "numbers.json"
MAX_CACHE_BYTES = 64 << 20


def cached_number_conflicts(
    texts: Sequence[Text], language: str, cache_dir: Path | None
) -> list[Conflict]:
    """`number_conflicts`, answered from the cache when every text is the same (the key hashes
    the extractor's version, the language and every ref, origin, file and text)."""
    h = hashlib.blake2b(digest_size=20)
    h.update(f"{FACTS_VERSION}\x1f{CONTEXT_VERSION}\x1f{language}\x1f".encode())
    for t in texts:
        h.update("\x1e".join(t).encode("utf-8", "surrogatepass") + b"\x1d")
    key = h.hexdigest()
    path = cache_dir / "claims-v1" / CACHE_FILE if cache_dir is not None else None
    if path is not None:
        sealed = read_sealed(path, MAX_CACHE_BYTES)
        if sealed is not None:
            try:
                data = json.loads(bytes(sealed[0]))
                if data.get("key") == key:
                    return [Conflict.model_validate(c) for c in data["conflicts"]]
            except (ValueError, TypeError, KeyError, ValidationError):
                pass  # a cache that does not load is no cache
    found = number_conflicts(texts, language)
    if path is not None and cache_dir is not None and cache_dir.is_dir():
        payload = {"key": key, "conflicts": [c.model_dump(mode="json") for c in found]}
        write_sealed(path, json.dumps(payload, ensure_ascii=False).encode("utf-8"))
    return found


def number_conflicts(texts: Sequence[Text], language: str = "zh") -> list[Conflict]:
    """Every number conflict between an item and another item or a section, in text order."""
    facts = [
        Facts.of(
            _measured(f)
            for f in in_context(extract(t, figures_only=True), t)
            if f.kind in ("quantity", "name")
        )
        for *_, t in texts
    ]
    # one finding per figure of an item: every text that states its measure otherwise; only a
    # text with a figure of the same measure and unit and two of its setting's names can, so
    # they are found through an index of (measure, unit, name), not by comparing every pair
    index: dict[tuple[str, str, str], set[int]] = {}
    for k, f in enumerate(facts):
        for q in f.all:
            if q.kind == "quantity" and q.thing:
                for name in q.setting:
                    index.setdefault((q.thing, unit_of(q.value), name), set()).add(k)
    found: dict[tuple[int, str, str], list[tuple[int, Fact, Fact]]] = {}
    for a, (_, origin_a, doc_a, _) in enumerate(texts):
        if origin_a != "item":
            continue
        near: Counter[int] = Counter()
        for q in facts[a].all:
            if q.kind == "quantity" and q.thing:
                seen: Counter[int] = Counter()
                for name in set(q.setting):
                    seen.update(index.get((q.thing, unit_of(q.value), name), ()))
                near.update(b for b, n in seen.items() if n >= MIN_SETTING)
        for b in sorted(near):
            if b == a or texts[b][2] == doc_a:
                continue
            for fa, fb in quantity_clash(facts[a], facts[b]):
                found.setdefault((a, fa.thing, fa.value), []).append((b, fa, fb))
    out: list[Conflict] = []
    statements = {
        key: frozenset({(texts[key[0]][0], key[2]), *((texts[b][0], fb.value) for b, _, fb in o)})
        for key, o in found.items()
    }
    done: set[frozenset[tuple[str, str]]] = set()
    for (a, metric, value), others in found.items():
        ref_a, origin_a, doc_a, _ = texts[a]
        fa = others[0][1]
        mine = statements[(a, metric, value)]
        if mine in done or any(mine < other for other in statements.values()):
            continue  # part of a finding already made: another item's figure against this one
        done.add(mine)
        claims = (
            _claim(ref_a, origin_a, doc_a, fa.text, metric, fa.setting),
            *(
                _claim(texts[b][0], texts[b][1], texts[b][2], fb.text, metric, fb.setting)
                for b, _, fb in others
            ),
        )
        setting = sorted(set(fa.setting).intersection(*(fb.setting for _, _, fb in others)))
        out.append(
            Conflict(
                kind="number",
                entity=metric,
                text=wording.number(metric, setting, claims, language),
                refs=tuple(dict.fromkeys(c.ref for c in claims)),
                claims=claims,
            )
        )
    return out
