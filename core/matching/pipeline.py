"""Duplicates and placements of every item of a batch (docs/duplicates.md), from tokens to the
answer.

Records are the batch's items, the earlier briefs' entries and the living document's paragraphs;
sections are scored apart for placements. The steps, each in its own module:

1. `tokens`: every record's token ids and counts (cached per file by content, `cache`);
2. `score.tfidf`: the records as weighted vectors; `search.background`: each item's background;
3. `search.candidates`: each item's best records, scored exactly; `score`: calibrated meaning
   score and rapidfuzz's near-copy score, the larger being the text score;
4. identities (a shared arXiv id or URL) and `citations` (an earlier brief's 来源 line or sidecar
   naming this very material and item);
5. one candidate per (kind, ref) — a living-document section once, with its best paragraph — with
   its score, `why` and `tier`; pairs the reviewer dismissed as not duplicates are left out;
6. `placements`.

A candidate's score is the strongest of its evidence: 100 for a source citation (the knowledge
base saying so itself), `90 + 10 × Jaccard(identity sets)` for shared ids or URLs (a long item and
a one-line entry about one single paper score 100, an entry listing eight ids gives each 91.25),
else its text score. Scores at or above `threshold` are `likely`; below it, a text candidate
clearly above the item's background is `possible` (MAX_POSSIBLE at most).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Collection, Mapping, Sequence
from itertools import groupby
from pathlib import Path
from typing import cast

import numpy as np

from ..claims.context import CONTEXT_VERSION
from ..claims.numbers import NUMBERS_VERSION
from ..facts.extract import FACTS_VERSION
from ..model.values import BriefEntry, Item, Section
from ..text.normalize import TOKENIZER_VERSION, identities, paragraphs
from ..workspace.earlier_briefs import placed_in
from . import cache as mc
from . import score as sc
from .answer import TIERS, WHY_ORDER, Answer, FactRows
from .bridge import BRIDGE_VERSION, Bridge, bridge_of, bridged
from .citations import absorbed_entries, cited_entries
from .placements import (
    PLACEMENT_VERSION,
    baselines,
    cross_language,
    evidence,
    place,
    section_matrix,
    shared_names,
)
from .search import background, candidates
from .tiers import LIKELY, FactBook, absorbed, retier, subject_pair, vocabulary
from .tokens import MIN_SHARED, MIN_TOKENS, Records, kind_weight, tokenize

MATCH_VERSION = "17"
MAX_DUPLICATES = 10
MAX_POSSIBLE = 3
TEXT_CHARS = 300
IDENTITY_FLOOR = 90.0
SOURCE_SCORE = 100.0
KNOWN_FROM = 4  # an item's facts are looked up in its best this many search results (and sections)
COMMON_IDENTITY = 200  # an id or URL named by more records than this is not evidence

# key, texts, the items' own arXiv ids and URLs (or None), records
_Source = tuple[str, list[str], list[tuple[list[str], list[str]]] | None, int]


def content_key(text: str) -> str:
    """A text's identity for a dismissal: its words, whatever the spacing."""
    return mc.text_key("content", " ".join(text.split()))


def _section_doc(section: Section) -> str:
    return f"{section.title}\n{section.title}\n{section.text}"


def _sources(
    items: Sequence[Item],
    sections: Sequence[Section],
    entries: Sequence[BriefEntry],
    doc_paras: list[tuple[str, str]],
) -> tuple[list[_Source], int]:
    """The parts in record order (items by material, entries by brief, paragraphs, sections),
    and how many of them are item parts. A part's key hashes everything its tokens depend on."""
    out: list[_Source] = []

    def add(kind: str, texts: list[str], extra: list[tuple[list[str], list[str]]] | None) -> None:
        flat = ["\x1e".join((*a, "\x1d", *u)) for a, u in extra] if extra else []
        key = mc.text_key(kind, TOKENIZER_VERSION, *texts, *flat)
        out.append((key, texts, extra, len(texts)))

    n_item_parts = 0
    for _, run in groupby(items, key=lambda i: i.material):
        group = list(run)
        add("items", [i.text for i in group], [(list(i.arxiv), list(i.urls)) for i in group])
        n_item_parts += 1
    for _, erun in groupby(entries, key=lambda e: e.brief):
        add("brief", [e.text for e in erun], None)
    add("paragraphs", [t for _, t in doc_paras], None)
    add("sections", [_section_doc(s) for s in sections], None)
    return out, n_item_parts


def _kinds(store: mc.TokenStore, ids: np.ndarray) -> np.ndarray:
    """Kind weights over the store's vocabulary, computed for the ids in use only."""
    kinds = np.ones(len(store.vocab), np.float32)
    used = np.flatnonzero(np.bincount(ids, minlength=len(store.vocab)))
    vocab = store.vocab
    kinds[used] = np.fromiter((kind_weight(vocab[t]) for t in used.tolist()), np.float32, len(used))
    return kinds


def _shared(rec: Records, a: int, b: int, bridge: Bridge | None = None) -> int:
    """How many distinct tokens two records share, with the concepts that meet across their
    languages (`bridge.Bridge.shared`)."""
    same = len(np.intersect1d(rec.tokens_of(a), rec.tokens_of(b), assume_unique=True))
    return same + (bridge.shared(a, b) if bridge is not None else 0)


def _identity_pairs(
    rec: Records, n_items: int, subject: Callable[[int, int], bool] | None = None
) -> dict[tuple[int, int], float]:
    """(item, record) -> identity score, for records naming an arXiv id or URL some item names
    as the subject of both (`subject`: a cited id is no identity, docs/facts.md)."""
    wanted = {x for i in range(n_items) for x in rec.idents[i]}
    holders: dict[str, list[int]] = defaultdict(list)
    if wanted:
        for r in range(rec.n):
            for x in rec.idents[r]:
                if x in wanted:
                    holders[x].append(r)
    out: dict[tuple[int, int], float] = {}
    for i in range(n_items):
        mine = rec.idents[i]
        for x in mine:
            if len(holders[x]) > COMMON_IDENTITY:
                continue  # a project's home page, cited everywhere: not evidence of one paper
            for r in holders[x]:
                if r != i and (i, r) not in out and (subject is None or subject(i, r)):
                    theirs = rec.idents[r]
                    jaccard = len(mine & theirs) / len(mine | theirs)
                    out[(i, r)] = IDENTITY_FLOOR + (100 - IDENTITY_FLOOR) * jaccard
    return out


_Found = list[list[tuple[int, float, int, int]]]  # per item: (record, score, why bits, possible?)


def _duplicates(
    rec: Records,
    n_items: int,
    x: object,
    df: np.ndarray,
    cited: list[list[int]],
    kinds_of: list[str],
    refs: list[str],
    threshold: float,
    tick: Callable[[int], None],
    subject: Callable[[int, int], bool] | None = None,
    bridge: Bridge | None = None,
) -> tuple[_Found, list[list[tuple[int, float]]], list[list[tuple[int, float]]]]:
    """Each item's candidates, the records its search found best (for the facts it knows), and
    the rest of what it found (read only where they name the item's subject)."""
    import scipy.sparse as sp

    matrix = cast(sp.csr_matrix, x)
    other = None  # the records as the other side of a pair sees them: `matrix` but for the bridge
    if bridge is not None:
        matrix, other, df = bridged(matrix, df, bridge)
    q50, q90 = background(matrix, n_items, other)
    ci, cr, cos, rank = candidates(matrix, n_items, df, tick, other)
    meaning = sc.calibrated(cos.astype(np.float64), q50[ci], q90[ci])
    above = sc.clearly_above(cos.astype(np.float64), q50[ci], q90[ci])
    near = sc.NearCopy(rec)
    small = (rec.lengths[ci] < MIN_TOKENS) | (rec.lengths[cr] < MIN_TOKENS)
    # (item, record) -> (text score, possible)
    text: dict[tuple[int, int], tuple[float, bool]] = {}
    for i, r, c, k, m, ab, tiny in zip(
        ci.tolist(),
        cr.tolist(),
        cos.tolist(),
        rank.tolist(),
        meaning.tolist(),
        above.tolist(),
        small.tolist(),
        strict=True,
    ):
        if tiny:
            continue
        # the near-copy score only where it can add something: a pair the meaning score leaves
        # below the threshold yet close enough for one text to hold most of the other
        near_enough = m < threshold and c >= sc.NEAR_COPY_COS and k < sc.NEAR_COPY_RANK
        score = max(m, near(i, r)) if near_enough else m
        if score >= threshold and _shared(rec, i, r, bridge) < MIN_SHARED:
            # a handful of shared words (a name, a figure, a topic) is a topic, not a statement:
            # a text that short is likely only if its facts say so (docs/duplicates.md)
            score = min(score, threshold - 0.1)
        possible = score < threshold and ab and score >= sc.POSSIBLE_FLOOR
        if score >= threshold or possible:
            text[(i, r)] = (score, possible)
    identity = _identity_pairs(rec, n_items, subject)
    searched: list[list[tuple[int, float]]] = [[] for _ in range(n_items)]
    further: list[list[tuple[int, float]]] = [[] for _ in range(n_items)]
    for i, r, k, m, tiny in zip(
        ci.tolist(), cr.tolist(), rank.tolist(), meaning.tolist(), small.tolist(), strict=True
    ):
        if not tiny:
            (searched if k < KNOWN_FROM else further)[i].append((r, m))
    bits = {w: 1 << k for k, w in enumerate(WHY_ORDER)}
    per_item: list[dict[tuple[str, str], tuple[float, int, int, int]]] = [
        {} for _ in range(n_items)
    ]
    pairs = set(text) | set(identity) | {(i, n_items + e) for i, es in enumerate(cited) for e in es}
    cited_set = {(i, n_items + e) for i, es in enumerate(cited) for e in es}
    for i, r in pairs:
        why = 0
        score = 0.0
        possible = 0
        if (i, r) in cited_set:
            why |= bits["source"]
            score = SOURCE_SCORE
        if (i, r) in identity:
            why |= bits["identity"]
            score = max(score, identity[(i, r)])
        if (i, r) in text:
            t, p = text[(i, r)]
            why |= bits["text"]
            score = max(score, t)
            possible = int(p and score < threshold)
        key = (kinds_of[r], refs[r])
        best = per_item[i].get(key)
        if best is None or (-possible, score, -r) > (-best[3], best[0], -best[1]):
            per_item[i][key] = (score, r, why if best is None else why | best[2], possible)
        else:
            per_item[i][key] = (best[0], best[1], best[2] | why, best[3])
    out: _Found = []
    for found in per_item:
        ranked = sorted(
            (
                (poss, -round(s, 1), ref, kind, r, w)
                for (kind, ref), (s, r, w, poss) in found.items()
            ),
        )
        likely = [x for x in ranked if not x[0]]
        possible_ = [x for x in ranked if x[0]][:MAX_POSSIBLE]
        out.append(
            [(r, -neg, w, poss) for poss, neg, _, _, r, w in (likely + possible_)[:MAX_DUPLICATES]]
        )
    return out, searched, further


def match_items(
    items: Sequence[Item],
    sections: Sequence[Section],
    entries: Sequence[BriefEntry],
    living_doc_path: str,
    *,
    threshold: int = 85,
    top_placements: int = 3,
    cache_dir: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    sidecars: Mapping[str, Collection[str]] | None = None,
    dismissed: Collection[tuple[str, str]] = (),
) -> Answer:
    """Placements and duplicate candidates of every item, keyed by `item.ref` (every item present;
    `answer.Answer`, a read-only mapping that builds an item's models when it is asked for).

    `sidecars`: item ref -> entry refs whose increment holds it (`citations.read_sidecars`).
    `dismissed`: (content key, content key) pairs the reviewer judged not duplicates, either order
    (`content_key`). `cache_dir=None` reads and writes nothing; `progress(done, total)` is called
    as work completes, the last time with done == total.
    """
    threshold = min(max(threshold, 0), 100)
    doc_paras = [(s.id, p) for s in sections for p in paragraphs(s.text)]
    sources, _ = _sources(items, sections, entries, doc_paras)
    held = sorted((ref, tuple(sorted(es))) for ref, es in (sidecars or {}).items())
    result_key = mc.text_key(
        "result",
        MATCH_VERSION,
        PLACEMENT_VERSION,
        TOKENIZER_VERSION,
        BRIDGE_VERSION,
        FACTS_VERSION,
        NUMBERS_VERSION,  # placements and tiers ask the number reader (docs/claims.md)
        CONTEXT_VERSION,
        str(threshold),
        str(top_placements),
        living_doc_path,
        *(k for k, *_ in sources),
        *(i.ref for i in items),
        *(e.ref for e in entries),
        *(f"{s.id}\x1e{s.title}" for s in sections),
        *(sid for sid, _ in doc_paras),
        *("\x1e".join((ref, *es)) for ref, es in held),
    )
    kinds = ["batch"] * len(items) + ["brief"] * len(entries) + ["living-doc"] * len(doc_paras)
    refs = (
        [i.ref for i in items]
        + [e.ref for e in entries]
        + [f"{living_doc_path}§{sid}" for sid, _ in doc_paras]
    )
    texts = [i.text for i in items] + [e.text for e in entries] + [t for _, t in doc_paras]
    cached = _from_json(mc.load_result(cache_dir, result_key), len(items), sections, refs)
    if cached is not None:
        if progress:
            progress(1, 1)
        placed_c, found_c, facts_c, names_c = cached
        return _build(
            items, sections, kinds, refs, texts, placed_c, found_c, dismissed, facts_c, names_c
        )

    total = sum(n for *_, n in sources) + 2 * len(items)
    done = 0

    def tick(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(min(done, total), total)

    store = mc.load_store(cache_dir)
    parts: list[mc.Part] = []
    for key, part_texts, extra, n in sources:
        part = store.parts.get(key)
        if part is None or part.counts is None or len(part.lengths) != n:
            part = store.parts[key] = tokenize(store, part_texts, extra)
        parts.append(part)
        tick(n)
    rec = Records.of(parts[:-1])
    # its concepts are kept in the store: saved next; two texts of one script never meet through
    # it for the duplicates (`bridge.bridge_of`'s `main_script`, docs/duplicates.md)
    bridge = bridge_of(rec, store, main_script=True)
    sec_bridge = bridge_of(Records.of(parts), store)  # with the sections, both scripts: placements
    mc.save_store(cache_dir, store, [k for k, *_ in sources])

    sec = Records.of(parts[-1:])
    kind = _kinds(store, np.concatenate([rec.ids, sec.ids]))
    matrix, df = sc.tfidf(rec, kind, len(store.vocab))
    cited = cited_entries(items, entries, sidecars)
    book = FactBook(texts, vocabulary(sections), lambda r: _own_ids(items, r))
    found, searched, further = _duplicates(
        rec,
        len(items),
        matrix,
        df,
        cited,
        kinds,
        refs,
        threshold,
        tick,
        lambda i, r: subject_pair(book, i, r),
        bridge,
    )
    section_facts = [
        (f"{living_doc_path}§{s.id}", FactBook([_section_doc(s)], book.vocab, lambda _: ())[0])
        for s in sections
    ]
    n_head = len(items) + len(entries)
    took = absorbed_entries([t for _, t in doc_paras], entries)
    holds: dict[str, list[int]] = {}
    for e, ps in sorted(took.items()):
        for p in ps:
            taken = holds.setdefault(refs[n_head + p], [])
            if len(items) + e not in taken:
                taken.append(len(items) + e)
    found, facts = retier(
        items,
        book,
        found,
        section_facts,
        searched,
        refs,
        kinds,
        threshold,
        further,
        holds,
        {f"{living_doc_path}§{s.id}": s for s in sections},
    )
    found = absorbed(
        found,
        {len(items) + e: [n_head + p for p in ps] for e, ps in took.items()},
        kinds,
        refs,
    )
    section_index = {s.id: j for j, s in enumerate(sections)}
    only_facts = [f for _, f in section_facts]
    boost, first, kin = evidence(
        book,
        len(items),
        sections,
        only_facts,
        _placed_before(found, kinds, texts, section_index),
    )
    placed = place(
        matrix[: len(items)],
        section_matrix(sec, df, rec.n, kind),
        matrix[n_head:],
        np.array([section_index[sid] for sid, _ in doc_paras], np.int64),
        top_placements,
        boost,
        np.array(
            [section_index.get(s.id.split(".")[0], -1) if "." in s.id else -1 for s in sections]
        ),
        first,
        (store.vocab, store.index),
        kin,
        None if sec_bridge is None else cross_language(sec_bridge, len(items), n_head, rec.n),
        baselines(book, len(items)),
    )
    names = shared_names(book, placed, sections, only_facts)
    tick(len(items))
    if progress:
        progress(total, total)
    mc.save_result(
        cache_dir,
        result_key,
        {"placements": placed, "duplicates": found, "facts": facts, "names": names},
    )
    return _build(items, sections, kinds, refs, texts, placed, found, dismissed, facts, names)


def _placed_before(
    found: _Found, kinds: Sequence[str], texts: Sequence[str], section_index: Mapping[str, int]
) -> list[list[int]]:
    """Per item, the sections its `likely` earlier-brief candidates were placed in (their
    placement line, `earlier_briefs.placed_in`): where the knowledge base put the same content."""
    out: list[list[int]] = []
    for row in found:
        here = []
        for r, _, _, tier in row:
            if tier == LIKELY and kinds[r] == "brief":
                sid = placed_in(texts[r])
                if sid is not None and sid in section_index:
                    here.append(section_index[sid])
        out.append(here)
    return out


_REVISION = re.compile(r"arxiv\.org/(?:abs|pdf)/([0-9]{4}\.[0-9]{4,5})v([0-9]{1,2})(?![0-9])", re.I)


def _own_ids(items: Sequence[Item], r: int) -> tuple[str, ...]:
    """The ids an item's own card names (its material's front matter, not its text): its
    subject, in the form `identities` gives them (an arxiv.org link is its id)."""
    if r >= len(items):
        return ()
    item = items[r]
    own = [a for a in item.arxiv if a not in item.text]
    links = [u for u in item.urls if u not in item.text]
    # a card's link to a revision (`arxiv.org/abs/2611.09114v2`) says which version it read,
    # which its text may not repeat: `arxiv:<id>v<n>` (`core.facts.extract.extract`)
    revised = {
        f"arxiv:{m.group(1)}v{int(m.group(2))}" for u in links for m in _REVISION.finditer(u)
    }
    return (*sorted(identities("", own, links)), *sorted(revised))


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= TEXT_CHARS else text[: TEXT_CHARS - 1] + "…"


def _build(
    items: Sequence[Item],
    sections: Sequence[Section],
    kinds: list[str],
    refs: list[str],
    texts: list[str],
    placed: list[list[tuple[int, float]]],
    found: _Found,
    dismissed: Collection[tuple[str, str]] = (),
    facts: FactRows | None = None,
    names: list[list[list[str]]] | None = None,
) -> Answer:
    """The answer from (section index, score) and (record, score, why, possible) lists, leaving
    out the pairs the reviewer dismissed; only the records some item names are kept (their text
    clipped, their content key computed), and models are built when an item is asked for."""
    gone = {frozenset(p) for p in dismissed}
    keys: dict[int, str] = {}

    def key_of(r: int) -> str:
        got = keys.get(r)
        if got is None:
            got = keys[r] = content_key(texts[r])
        return got

    local: dict[int, int] = {}
    table: tuple[list[str], list[str], list[str], list[str]] = ([], [], [], [])
    rows: _Found = []
    for k in range(len(items)):
        row = []
        for r, score, why, possible in found[k]:
            if gone and frozenset((key_of(k), key_of(r))) in gone:
                continue
            j = local.get(r)
            if j is None:
                j = local[r] = len(table[1])
                for column, value in zip(
                    table, (kinds[r], refs[r], _clip(texts[r]), key_of(r)), strict=True
                ):
                    column.append(value)
            row.append((j, score, why, possible))
        rows.append(row)
    return Answer(
        [i.ref for i in items],
        [(s.id, s.title) for s in sections],
        placed,
        rows,
        table,
        facts,
        names,
    )


def _from_json(
    data: object, n_items: int, sections: Sequence[Section], refs: list[str]
) -> tuple[list[list[tuple[int, float]]], _Found, FactRows, list[list[list[str]]]] | None:
    """A cached answer (its key covers every input), or None when missing or malformed."""
    if not isinstance(data, dict):
        return None
    try:
        placed = [[(int(j), float(s)) for j, s in row] for row in data["placements"]]
        found = [
            [(int(r), float(s), int(w), int(p)) for r, s, w, p in row] for row in data["duplicates"]
        ]
        if len(placed) != n_items or len(found) != n_items:
            return None
        if any(not 0 <= j < len(sections) for row in placed for j, _ in row):
            return None
        if any(
            not 0 <= r < len(refs) or not 0 < w < 1 << len(WHY_ORDER) or not 0 <= t < len(TIERS)
            for row in found
            for r, _, w, t in row
        ):
            return None
        facts: FactRows = [
            tuple(  # type: ignore[misc]
                [(str(text), [str(x) for x in where]) for text, where in group] for group in row
            )
            for row in data["facts"]
        ]
        if len(facts) != n_items or any(len(row) != 3 for row in facts):
            return None
        names = [[[str(n) for n in shown] for shown in row] for row in data["names"]]
        if [len(row) for row in names] != [len(row) for row in placed]:
            return None
        return placed, found, facts, names
    except (KeyError, TypeError, ValueError):
        return None
