"""Placements (docs/duplicates.md, "Placements"): the living-document sections an item belongs in,
best first, and the names it shares with each (why the desk proposes it).

**Text.** A section is its title (counted twice) and its text; it is weighed with the same idf and
token kinds as the duplicate score — idf over every record of the knowledge base, not over the few
hundred sections, so that a bigram every Chinese section shares (推理, 模型) does not look rare and
the names and figures decide, as they do for English. An English plural counts as its singular
when the singular occurs (`decisions` in a section, `decision` in the item): the duplicate score
keeps them apart, a placement asks what the texts are about. A section's cosine is the better of
the whole section's and its best paragraph's (a long section about several things is not diluted
by its other paragraphs).

**Across languages**: an item and a section also meet through the Chinese–English bridge
(`bridge.py`), as the duplicates do: WEIGHT times the Chinese of one against the English of the
other is added to both cosines (`cross_language`), so an English abstract meets the Chinese
section that says the same in Chinese (`classification-style` and `分类式`).

**Evidence beyond the text**, each a rule a reviewer follows:

- *names of the heading*: the cosine grows by HEAD_BOOST per name of the section's heading the
  item uses (two at most count; a name of several capitalised words also as written short,
  `_short_heads`: `Copilot` for `GitHub Copilot`) — the heading says what the section is
  about; and by TITLE_HEAD_BOOST once more when the item's own title (its first line) uses one
  — the title says what the item is about, where its text may name a tool or a benchmark only as
  the setting (a rerun of a benchmark "with lm-evaluation-harness v0.4.9" belongs with the
  benchmark); and by TITLE_NAME_BOOST when the section's text names a name of the item's title
  (`… 的 GPQA 成绩` goes where GPQA is written about, not where another Llama model's
  long-context score is);
  a name the title writes only as where its subject ran (`… copy kernel on H200`, `… 在 Milvus
  上的复现`) is the setting and earns neither, when the title names something before it
  (`_title_subject`); nor does a name the item writes only as what its subject is compared
  with or built on (`_compared`: `than B200`, `against 0.39 s for Moshi`, `基于 flashinfer`,
  `相比 Moshi`, `our baseline is HopScale`) — the baseline's section is where the baseline is
  written about; nor, in the text, a name the title writes as where the subject ran (`… on
  Hopper and Blackwell`: the text's `Blackwell` is that setting too);
- *what it says of its baseline*: the tokens the item writes only of a compared name — from
  its cue, with a relative clause about it (`Our baseline is HopScale (…), which we rerun at its
  published 1,310 TFLOPS for M=N=K=8192 on H100 SXM`) — are left out of its text for the
  placement cosine (`baselines`): the baseline's run is its setting, and a section measuring
  another kernel on that shape and GPU is not where the item goes;
- *placed before*: an earlier brief entry the item repeats (a `likely` candidate) was placed in a
  section (its 建议归入 / Placement line): that section's cosine grows by PLACED_BOOST and it
  comes first like a contradicted one (below) — the same content goes where the knowledge base
  put it, even when the section says it in other words than the item (`storage` where the
  section writes `内存`, a cosine near nothing that no factor lifts);
- *contradicted or named*: a section that states one of the item's facts otherwise (another
  version of a project both name, another figure for one measure in one setting: the claims'
  number comparison decides the setting, `_same_setting`), that records
  the release the item's title is about (`_recorded_release`: `Milvus 3.0 …` in the section
  headed Milvus that states 3.0.2 — what a release brings is written with its project, though
  a section on the technique it ships may share more of the item's words), or that the item
  names itself (`活文档 §1.2 记的…`, `the living document's §1.2`), comes first when it is
  closer to the item than most sections are (above the median) — the increment is that
  correction, or the material's author has already said where it belongs, even where another
  section holds more of what the item repeats. A contradiction counts only in the section of
  what it is about (`_clash_subject`): a version's or a release date's project where a heading
  names it (any section naming it when none does, unless the item's title names a section's
  heading: the title's subject has its section, the version is said in passing; nor the
  version of what the title writes as where its subject ran, `… on GB200 NVL72 with Megatron
  Core`, nor an earlier patch of a line the section states, `_older_patch`), a figure's
  subject — the names of its setting the item's title names — where that is written about; a
  benchmark table naming a release as its setting, or a baseline's figure in the setting of the
  item's own, is no correction to make there; a version stated under a
  package's name (`crfm-helm`) is about its project (`HELM`);
- *within its chapter*: a subsection's cosine grows by CHAPTER_SHARE of its chapter's (the
  chapter's heading and opening text) — a reviewer finds the chapter first, then the subsection
  in it, so of two subsections with similar words the one in the item's chapter comes first;
- *subsection over chapter*: a chapter ranked above one of its own subsections gives way to it
  when the subsection comes within SUBSECTION_SHARE of it — a subsection says where, a chapter
  only roughly; a chapter stays first only when none of its subsections fits;
- *the chapter of its kind*: an item about a project no section names (its title names it and
  the item states its version) has, second, the closest chapter that files one project per
  subsection (`_filing_chapters`) — a reviewer opens the new project's subsection there, while
  the subsection sharing the item's words stays first; that chapter's subsections (other
  projects) do not displace it.

The score shown is on the duplicates' scale (`score.calibrated`), against the item's own
background over the sections: 0 for a section no closer than the item's typical section (its 90th
percentile), 85 for one as far above it as a likely duplicate is above its background, 100 for
the same text. So the numbers read the same for a Chinese and an English item. The scores follow the
ranking: a subsection placed before its chapter shows the chapter's score where that is higher.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Collection, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from ..claims.numbers import disagrees
from ..claims.versions import parse_version
from ..facts.extract import Fact
from ..facts.index import MIN_SETTING, Facts, clashes
from ..facts.lookup import Lookup
from ..model.values import Section
from ..text.normalize import tokens
from .bridge import WEIGHT as BRIDGE_WEIGHT
from .bridge import Bridge
from .score import calibrated
from .tiers import FactBook, heading_names
from .tokens import Records

if TYPE_CHECKING:
    import scipy.sparse as sp  # imported where it is used: a warm scan never needs it

# bump when a rule or weight below changes: a scan's cached answer is keyed by it, so a warm scan
# never serves placements the rules no longer give
PLACEMENT_VERSION = "20"
HEAD_BOOST = 0.3  # a section's cosine grows by this share per name of its heading the item uses
# and by this once more when the item's title uses one (0.3 left a benchmark rerun run with a
# tool tied with the tool's section, which shares more of its setting's words; 0.4-0.8 all gave
# the same figures on every corpus)
TITLE_HEAD_BOOST = 0.5
TITLE_NAME_BOOST = HEAD_BOOST / 2  # and by this when its text names a name of the item's title
PLACED_BOOST = 1.0  # and by this share when an entry the item repeats was placed there
SUBSECTION_SHARE = 0.6  # a subsection this close to its chapter comes before it
# a subsection's cosine grows by this share of its chapter's (below SUBSECTION_SHARE: a subsection
# sharing nothing with the item never displaces a chapter that fits)
CHAPTER_SHARE = 0.3
MAX_SHOWN_NAMES = 4
# a section of the living document named in an item's text: `活文档 §1.2`, `living document §1.2`,
# `the living doc's §1.2` (a bare `§3` may be a paper's own section)
_NAMED_SECTION = re.compile(
    r"(?:活文档|(?i:living[ \t]+doc(?:ument)?(?:'s)?))[ \t]*(?:的[ \t]*)?"
    r"§[ \t]*([0-9]+(?:\.[0-9]+)*)"
)
# where a title's subject ran, up to the next clause: `… on Hopper and Blackwell (arXiv…)`,
# `… 在 H200 上…`
_TITLE_SETTING = re.compile(
    r"(?<=[a-z0-9)\]]) on (?:the )?([^(:：,，;|—]+)|在([^，。：:（(、]{1,24}?)上"
)
# a name written as what the item is compared with or built on, right after the cue: `than B200`,
# `vs Moshi`; or within a short stretch without a clause break: `against 0.39 s for Moshi`,
# `compared with Whisper`, `基于 flashinfer`, `相比 Moshi`, `our baseline is HopScale`,
# `initialised from Qwen2.5-7B`, `we implement it on Megatron Core 0.15`; a bare `比`/`较` only
# before a comparative (`比 B200 快`: `和人工校对稿比 WER 变化` compares no WER). `over` is left
# out: `all-reduce over NVLink` names the link used.
_NEAR_CUE = re.compile(r"\b(?:than|vs\.?|versus)[ \t]*(?:the[ \t]+)?\Z")
_FAR_CUE = re.compile(
    r"(?:\b(?:against|compared (?:with|to)|relative to|baseline (?:is|of)|buil(?:t|ds?|ding) on"
    r"|based on|on top of|initiali[sz]ed from|fine-tuned from"
    r"|implement(?:s|ed|ing)?(?:[ \t]+(?:it|this|them|ours?))?[ \t]+(?:on|in|atop|with))"
    r"|相比(?:于)?|相较(?:于)?|对比|比起|基于)"
    r"(?:[^,，;；。:：!?！？\n]|\.(?=[0-9])){0,16}\Z"
)
_BARE_CUE = re.compile(r"(?<![对相])[比较][ \t]*\Z")
_COMPARATIVE = re.compile(r"[ \t]*(?:还|更)?[快慢高低好差强弱多少大小]")
_CUE_REACH = 40  # characters before a name searched for its cue
_ANY_CUE = re.compile(
    r"than|vs|versus|against|compared|relative to|baseline|buil[td]|based on|on top of|initiali"
    r"|fine-tuned from|implement|[比较对基]"
)
# a relative clause about a compared name, after its bracket (`StreamDisk (arXiv:…), which the
# authors rerun at 2.6 ms p99`), up to the end of that clause: what the baseline's run measured;
# the clause ends at a sentence's or a clause's end (not a decimal point or a thousands
# separator). Anything else after the name is the item's own (`initialised from Qwen2.5-7B that
# consumes Mimi tokens` describes the new model)
_RELATIVE = re.compile(
    r"[ \t]*(?:[(（][^()（）\n]{0,80}[)）])?[ \t]*[,，][ \t]*(?:which|where|whose)\b"
)
_CLAUSE_END = re.compile(r"[;；。!?！？\n，]|[.,](?![0-9])")
_MIN_FILED = 2  # subsections a chapter needs to file one project per subsection
_MIN_SHORT = 4  # letters of a heading name's last word that may stand for the whole name
_MIN_PLURAL = 4  # `uses`, `gpus`: shorter words ending in s are seldom plurals of a word used


def section_matrix(sec: Records, df: np.ndarray, n_records: int, kind: np.ndarray) -> sp.csr_matrix:
    """Sections as L2-normalised vectors over the records' vocabulary and idf."""
    import scipy.sparse as sp

    n_vocab = len(df)
    idf = (np.log((1.0 + n_records) / (1.0 + df)) + 1.0).astype(np.float32) * kind
    data = (1.0 + np.log(sec.counts.astype(np.float32))) * idf[sec.ids]
    owner = np.repeat(np.arange(sec.n), sec.lengths)
    norms = np.sqrt(np.bincount(owner, weights=data.astype(np.float64) ** 2, minlength=sec.n))
    data /= np.repeat(np.where(norms > 0, norms, 1.0), sec.lengths).astype(np.float32)
    return sp.csr_matrix((data, sec.ids, sec.indptr), shape=(sec.n, n_vocab), dtype=np.float32)


def fold_plurals(
    vocab: Sequence[str], index: dict[str, int], items: sp.csr_matrix, *sections: sp.csr_matrix
) -> list[sp.csr_matrix]:
    """The matrices (items first, then the section matrices) with every English plural merged
    into its singular's column (`decisions` into `decision`) where one of the two is in a
    section's text and the vocabulary has both, rows L2-normalised again. Only the sections'
    words are looked at: a pair neither side of which a section uses changes no placement."""
    import scipy.sparse as sp

    n_vocab = items.shape[1]
    target = np.arange(n_vocab)
    used = np.unique(np.concatenate([m.indices for m in sections] or [np.zeros(0, np.int32)]))
    for t in used.tolist():
        word = vocab[t]
        if not (word.isascii() and word.isalpha()):
            continue
        plural = len(word) > _MIN_PLURAL and word.endswith("s") and not word.endswith("ss")
        one = index.get(word[:-1]) if plural else None
        if one is not None and one < n_vocab:
            target[t] = one
        many = index.get(word + "s") if len(word) >= _MIN_PLURAL and word[-1] != "s" else None
        if many is not None and many < n_vocab:
            target[many] = t
    moved = np.flatnonzero(target != np.arange(n_vocab))
    if not len(moved):
        return [items, *sections]
    fold = sp.csr_matrix(
        (np.ones(n_vocab, np.float32), (np.arange(n_vocab), target)), shape=(n_vocab, n_vocab)
    )
    out = []
    for m in (items, *sections):
        merged = (m @ fold).tocsr()
        norms = np.sqrt(np.asarray(merged.multiply(merged).sum(axis=1), np.float64)).ravel()
        merged = sp.diags(1.0 / np.where(norms > 0, norms, 1.0)).astype(np.float32) @ merged
        out.append(sp.csr_matrix(merged, dtype=np.float32))
    return out


def evidence(
    book: FactBook,
    n_items: int,
    sections: Sequence[Section],
    facts: Sequence[Facts],
    placed_before: Sequence[Sequence[int]] = (),
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(boost, first, kin), items × sections: the factors on the placement cosine (the names of
    the section's heading the item uses, a section an entry it repeats was placed in), whether
    the section comes first (it states one of the item's facts otherwise, records the release the
    item's title names, an entry the item repeats was placed there, or the item names it) and
    whether it is a chapter that files the item's kind, one project per subsection, for a
    project the document has no word of (module doc).
    `placed_before[i]`: the section indices of item i's repeated entries."""
    boost = np.ones((n_items, len(sections)), np.float32)
    first = np.zeros((n_items, len(sections)), bool)
    kin = np.zeros((n_items, len(sections)), bool)
    filing = _filing_chapters(sections, facts)
    lookup = Lookup([(s.id, f) for s, f in zip(sections, facts, strict=True)])
    heads: dict[str, list[int]] = defaultdict(list)
    for j, s in enumerate(sections):
        for name in heading_names(s):
            heads[name].append(j)
    short = _short_heads(sections, heads, book.texts[:n_items])
    by_id = {s.id: j for j, s in enumerate(sections)}
    named_in: dict[str, list[int]] = defaultdict(list)
    for j, f in enumerate(facts):
        for name in f.names:
            named_in[name].append(j)
    # what `clashes` needs of a pair to answer anything (a project both version, a release both
    # date, MIN_SETTING (unit, name) pairs of the figures' settings in common), indexed once: a
    # section the item shares none of is not compared
    versioned: dict[str, list[int]] = defaultdict(list)
    for j, f in enumerate(facts):
        for thing in (*f.versions, *f.release_dates):
            versioned[thing].append(j)
    set_in: dict[tuple[str, str], list[int]] = defaultdict(list)
    for j, f in enumerate(facts):
        if f.set_figures:
            for key in f.setting_keys:
                set_in[key].append(j)
    for i in range(n_items):
        mine = book[i]
        if "§" in book.texts[i]:
            named = {m.group(1) for m in _NAMED_SECTION.finditer(book.texts[i])}
            for sid in named & by_id.keys():
                first[i, by_id[sid]] = True
        text = book.texts[i].casefold()
        compared = _compared(text, mine.names)
        title = text.split("\n", 1)[0]
        titled = [name for name in mine.names if _in_title(name, title)]
        subject = [n for n in _title_subject(title, titled) if n not in compared]
        ran_on = set(titled) - set(subject) - compared
        # a heading's name as the item writes it short (`Copilot` for `GitHub Copilot`), where
        # it never writes it whole
        own = {
            name: [j for j, whole in short[name] if whole not in mine.names]
            for name in mine.names & short.keys()
        }
        count: dict[int, int] = defaultdict(int)
        for name in mine.names - compared - ran_on:
            for j in heads.get(name) or own.get(name) or ():
                count[j] += 1
        for j, c in count.items():
            boost[i, j] += HEAD_BOOST * min(c, 2)
        for j in {j for name in subject for j in heads.get(name) or own.get(name) or ()}:
            boost[i, j] += TITLE_HEAD_BOOST
        for j in {j for name in subject for j in named_in.get(name, ())}:
            boost[i, j] += TITLE_NAME_BOOST
        for j in _recorded_release(title, titled, mine, heads, facts):
            first[i, j] = True
        if filing and any(n in mine.versions and n not in named_in for n in titled):
            kin[i, filing] = True
        for j in set(placed_before[i]) if i < len(placed_before) else ():
            boost[i, j] += PLACED_BOOST
            first[i, j] = True
        if any(f.kind in ("version", "quantity") for f in mine.all):
            # where no heading names a clash's project, any section naming it is its place, unless
            # the item's title names a section's heading: the title's subject has its section
            where = heads if any(n in heads for n in titled) else named_in
            may_clash = {
                j
                for thing in (*mine.versions, *mine.release_dates)
                for j in versioned.get(thing, ())
            }
            if mine.set_figures:
                shared: Counter[int] = Counter()
                for key in mine.setting_keys:
                    shared.update(set_in.get(key, ()))
                may_clash.update(j for j, n in shared.items() if n >= MIN_SETTING)
            for j in lookup.relevant_index(mine):
                theirs = facts[j]
                if j not in may_clash or first[i, j] or not theirs.names & mine.names:
                    continue
                for fa, fb in clashes(mine, theirs):
                    if fa.kind == "quantity" and not _same_setting(book.texts[i], sections[j]):
                        continue  # a figure of another setting, subject or split states no clash
                    about = _clash_subject(fa, set(titled))
                    if fb.kind == "version":
                        about |= set(fb.setting)  # a package's project (`crfm-helm`: HELM)
                    if fa.kind != "quantity" and about <= ran_on:
                        continue  # the version of what the title says the subject ran with
                    if fa.kind == "version" and any(
                        _older_patch(fa, g)
                        for g in theirs.all
                        if g.kind == "version" and g.thing == fa.thing
                    ):
                        continue  # a run on an earlier patch of a line stated: its setup
                    if any(j in heads.get(n, where.get(n, ())) for n in about):
                        first[i, j] = True
                        break
    return boost, first, kin


_TITLE_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


def _short_heads(
    sections: Sequence[Section], heads: Mapping[str, Sequence[int]], texts: Sequence[str]
) -> dict[str, list[tuple[int, str]]]:
    """The last word of each heading name of several capitalised words (`GitHub Copilot`:
    `copilot`), with its section and the whole name: the name written short, as a text about it
    writes it after its first mention (`What context does Copilot send?`). Not a word that is a
    heading's name itself, nor a lowercase one (`Vision-Language-Action models`: `models` is no
    name), nor one the document or the batch's `texts` write in lowercase as a word (`code`:
    `Claude Code` is no `code`)."""
    out: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for j, s in enumerate(sections):
        words = {w.casefold(): w for w in _TITLE_WORD.findall(s.title)}
        for whole in heading_names(s):
            if " " not in whole:
                continue
            first, last = whole.split(" ", 1)[0], whole.rsplit(" ", 1)[1]
            if (
                len(last) >= _MIN_SHORT
                and last not in heads
                and words.get(last, "")[:1].isupper()
                and words.get(first, "")[:1].isupper()
            ):
                out[last].append((j, whole))
    if not out:
        return out
    # only the few candidate words are looked for in the texts, not every lowercase word
    plain = re.compile(rf"(?<![A-Za-z0-9_-])(?:{'|'.join(map(re.escape, out))})(?![A-Za-z0-9_-])")
    found = {m.group(0) for t in (*(s.text for s in sections), *texts) for m in plain.finditer(t)}
    return {w: where for w, where in out.items() if w not in found}


def _older_patch(mine: Fact, theirs: Fact) -> bool:
    """Whether the item's release is an earlier patch of the line the section states (`Cilium
    1.20.2` in a run's setup, against `稳定版 v1.20.4`): what the run used, no correction of the
    section (a later one, or another line, is news for it)."""
    a, b = parse_version(mine.value), parse_version(theirs.value)
    return a is not None and b is not None and a.release == b.release and a.padded < b.padded


def _same_setting(item: str, section: Section) -> bool:
    """Whether a figure of the item states one of the section's otherwise in the same setting:
    the claims' number comparison decides it (docs/claims.md: one measure and unit, one subject,
    one setting; `test-clean` against `test-other`, `AISHELL-1` against `AISHELL-2`, `H100`
    against `H200` are other settings, a `LoCA` result is no `Whisper large-v3` one). The fact
    index's figure clash is weaker (two names in common, one setting within the other) and is
    only the cheap sieve before it: the claims owner is asked of the few pairs it lets through.
    """
    return disagrees(item, section.title, section.text)


def _recorded_release(
    title: str,
    titled: Sequence[str],
    mine: Facts,
    heads: Mapping[str, Sequence[int]],
    facts: Sequence[Facts],
) -> set[int]:
    """The sections recording a release the item's casefolded `title` names: a project of the
    title written there with its version (`Milvus 3.0 …`, `… v1.16`), in a section its heading
    names that states that version or one of its line (`3.0.2`). What a release brings is
    written with its project. A version only in the item's body is often the setting (`with
    lm-evaluation-harness v0.4.9`), not what the item is about."""
    out: set[int] = set()
    for name in titled:
        said = [
            v
            for v in mine.versions.get(name, ())
            if _in_title(v, title) or _in_title(f"v{v}", title)
        ]
        for j in heads.get(name, ()) if said else ():
            stated = facts[j].versions.get(name, ())
            if any(t == v or t.startswith(v + ".") for v in said for t in stated):
                out.add(j)
    return out


def _filing_chapters(sections: Sequence[Section], facts: Sequence[Facts]) -> list[int]:
    """The chapters that file one project per subsection: at least two subsections, half of
    them or more headed by a project whose version they state (`2.1 pgvector`: `pgvector 稳定版
    为 v0.9.1`). A new project's release belongs among its kind."""
    subs: dict[str, list[int]] = defaultdict(list)
    for j, s in enumerate(sections):
        if "." in s.id:
            subs[s.id.split(".")[0]].append(j)
    out = []
    for j, s in enumerate(sections):
        mine = subs.get(s.id, []) if "." not in s.id else []
        headed = [m for m in mine if heading_names(sections[m]) & facts[m].versions.keys()]
        if len(mine) >= _MIN_FILED and 2 * len(headed) >= len(mine):
            out.append(j)
    return out


def _clash_subject(fact: Fact, titled: set[str]) -> set[str]:
    """The names a clash of the item's `fact` is about: the project of a version or a release
    date (`faiss 1.13` -> `faiss`); for a figure, the names of its setting the item's title
    names (the figure is the title's subject's, not its baseline's: a reranker's nDCG@10 over
    BM25 is no BM25 figure), else its whole setting."""
    if fact.kind == "version":
        return {fact.thing}
    if fact.kind == "date":
        return {fact.thing.rsplit(" ", 1)[0]}
    setting = set(fact.setting)
    return (setting & titled) or setting


@lru_cache(maxsize=4096)
def _compared(text: str, names: frozenset[str]) -> frozenset[str]:
    """The names the casefolded `text` writes only as what its subject is compared with or built
    on (`_NEAR_CUE`, `_FAR_CUE`): a baseline, a competitor, a base model or library. The item is
    about its own subject; a section headed by the baseline is where the baseline is written
    about (`DuplexLM … 0.27 s, against 0.39 s for Moshi` is no Moshi news). Kept per text:
    `evidence` and `baselines` both ask it of every item."""
    if not _ANY_CUE.search(text):
        return frozenset()  # most texts compare nothing: no name is looked for
    out: set[str] = set()
    for name in names:
        at = list(_title_at(name, text))
        if at and all(_cued(text, k, k + len(name)) for k in at):
            out.add(name)
    return frozenset(out)


def baseline_tokens(text: str, compared: Collection[str]) -> frozenset[str]:
    """The tokens the casefolded `text` writes only where it speaks of what it is compared with
    or built on: each compared name (`_compared`) from its cue, with a relative clause about it
    (`_RELATIVE`: `, which we rerun at its published 1,310 TFLOPS for M=N=K=8192 on H100 SXM`). The
    figures of a baseline's run are its setting, not the item's: a section that shares only them
    (another kernel measured on the same shape and GPU) is not where the item goes."""
    if not compared:
        return frozenset()
    spans = []
    for name in compared:
        for k in _title_at(name, text):
            before = text[max(0, k - _CUE_REACH) : k]
            cue = _NEAR_CUE.search(before) or _FAR_CUE.search(before) or _BARE_CUE.search(before)
            start = k - len(before) + cue.start() if cue else k
            after = _RELATIVE.match(text, k + len(name))
            end = _CLAUSE_END.search(text, after.end()) if after else None
            spans.append((start, end.start() if end else (len(text) if after else k + len(name))))
    spans.sort()
    inside: set[str] = set()
    outside: set[str] = set()
    at = 0
    for a, b in spans:
        outside.update(tokens(text[at:a]))
        inside.update(tokens(text[max(a, at) : b]))
        at = max(at, b)
    outside.update(tokens(text[at:]))
    return frozenset(inside - outside)


def baselines(book: FactBook, n_items: int) -> list[frozenset[str]]:
    """Per item, the tokens it writes only of what it is compared with or built on
    (`baseline_tokens`): `place` leaves them out of the item's text (`damp`)."""
    out = []
    for i in range(n_items):
        text = book.texts[i].casefold()
        out.append(baseline_tokens(text, _compared(text, book[i].names)))
    return out


def _cued(text: str, start: int, end: int) -> bool:
    """Whether the name at `text[start:end]` is written as a comparison's or a base's: a cue
    right before it, or a bare `比` before it and a comparative after it."""
    before = text[max(0, start - _CUE_REACH) : start]
    if _NEAR_CUE.search(before) or _FAR_CUE.search(before):
        return True
    return bool(_BARE_CUE.search(before)) and bool(_COMPARATIVE.match(text, end))


def _in_title(name: str, title: str) -> bool:
    """Whether a casefolded name occurs in a casefolded title as a whole name (`ai` is not in
    `rain`; a Chinese name has no word boundary to look for)."""
    return next(_title_at(name, title), -1) >= 0


def _title_at(name: str, title: str) -> Iterator[int]:
    """Where a casefolded name occurs in a casefolded title (or text) as a whole name; a joiner
    after it that nothing continues ends a sentence (`… than HopScale.`), not the name."""
    at = title.find(name)
    while at >= 0:
        before = title[at - 1] if at else " "
        end = at + len(name)
        after = title[end] if end < len(title) else " "
        if after in "-_." and not (end + 1 < len(title) and _word_char(title[end + 1])):
            after = " "
        if not (_word_char(before) and _word_char(name[0])) and not (
            _word_char(after) and _word_char(name[-1])
        ):
            yield at
        at = title.find(name, at + 1)


def _title_subject(title: str, titled: Sequence[str]) -> list[str]:
    """The names of the casefolded `title` (`titled`) it is about: not those written only as
    where the subject ran (`… GEMM on Hopper and Blackwell`, `… 在 H200 上的实测`), when the
    title names something before that setting. A title says what the item is about; the
    hardware or platform it ran on is the setting, as a tool named in the text is (`Notes on
    vLLM` names nothing before `on`: vLLM is its subject)."""
    spans = [m.span(1 if m.group(1) is not None else 2) for m in _TITLE_SETTING.finditer(title)]
    if not spans:
        return list(titled)

    def setting(name: str) -> bool:
        return all(any(a <= k < b for a, b in spans) for k in _title_at(name, title))

    about = [name for name in titled if not setting(name)]
    start = min(a for a, _ in spans)
    if not any(k < start for name in about for k in _title_at(name, title)):
        return list(titled)
    return about


def _word_char(ch: str) -> bool:
    """A Latin letter, digit or joiner: what continues an English or code name."""
    return ch.isascii() and (ch.isalnum() or ch in "-_.")


def shared_names(
    book: FactBook,
    placed: list[list[tuple[int, float]]],
    sections: Sequence[Section],
    facts: Sequence[Facts],
) -> list[list[list[str]]]:
    """Per item and placement, the names the item shares with the section (its heading's
    first): why the desk proposes it."""
    out = []
    for i, row in enumerate(placed):
        mine = book[i].names
        names = []
        for j, _ in row:
            head = heading_names(sections[j])
            shared = sorted(mine & facts[j].names, key=lambda n: (n not in head, n))
            names.append(shared[:MAX_SHOWN_NAMES])
        out.append(names)
    return out


def place(
    items: sp.csr_matrix,
    sections: sp.csr_matrix,
    paragraphs: sp.csr_matrix,
    paragraph_section: np.ndarray,
    top: int,
    boost: np.ndarray | None = None,
    chapter_of: np.ndarray | None = None,
    first: np.ndarray | None = None,
    vocab: tuple[Sequence[str], dict[str, int]] | None = None,
    kin: np.ndarray | None = None,
    cross: tuple[sp.csr_matrix, sp.csr_matrix, sp.csr_matrix] | None = None,
    damp: Sequence[Collection[str]] = (),
) -> list[list[tuple[int, float]]]:
    """Per item the best `top` (section index, score 0..100) with a cosine above 0, best first,
    ties in document order; after the first, only sections scoring above 0 (closer than the
    item's typical section).

    `boost` (items × sections) multiplies the cosines (`evidence`); `first` (items ×
    sections, bool) marks the sections that come first (`evidence`): one above the item's
    median section is raised to just above the best. `vocab` (the tokens and their ids): English
    plurals are folded into their singulars first (`fold_plurals`).
    `chapter_of[j]`: the index of section j's chapter (`3` for `3.2`), -1 for none (module
    doc). `cross` (`cross_language`): the items', sections' and paragraphs' concept columns, so
    that each product adds the bridge's Chinese–English similarity. `damp[i]`: the tokens item i
    writes only of its baseline (`baselines`), left out of its text (needs `vocab`)."""
    n_items, n_sec = items.shape[0], sections.shape[0]
    if n_sec == 0 or top <= 0:
        return [[] for _ in range(n_items)]
    if vocab is not None and any(damp):
        items = _without(items, damp, vocab[1])
    if vocab is not None:
        items, sections, paragraphs = fold_plurals(*vocab, items, sections, paragraphs)
    if cross is not None:
        import scipy.sparse as sp

        items, sections, paragraphs = (
            sp.hstack([m, c], format="csr")
            for m, c in zip((items, sections, paragraphs), cross, strict=True)
        )
    cos = (items @ sections.T).toarray()
    if paragraphs.shape[0]:
        per_para = (items @ paragraphs.T).toarray()
        best = np.full((n_items, n_sec), 0.0, np.float32)
        for j in np.unique(paragraph_section):
            best[:, j] = per_para[:, paragraph_section == j].max(axis=1)
        cos = np.maximum(cos, best)
    if chapter_of is not None and (chapter_of >= 0).any():
        cos = _within_chapters(cos, chapter_of)
    if boost is not None:
        cos = cos * boost
    q50, q90 = np.percentile(cos, [50, 90], axis=1, keepdims=True)
    if first is not None and first.any():
        cos = _raise_first(cos, first, q50)
    keep = np.zeros_like(cos, bool)
    if kin is not None and kin.any() and chapter_of is not None:
        cos, keep = _raise_kin(cos, kin, chapter_of, q50)
    shown = calibrated(cos.astype(np.float64), q50, q90)
    order = np.argsort(-cos, axis=1, kind="stable")[:, : top + 2]
    if chapter_of is not None and (chapter_of >= 0).any():
        order = np.array(
            [_subsections_first(row, cos[k], chapter_of, keep[k]) for k, row in enumerate(order)]
        )
    order = order[:, :top]
    best_cos = np.take_along_axis(cos, order, axis=1)
    scores = np.round(np.take_along_axis(shown, order, axis=1), 0)
    # the scores follow the ranking: a subsection placed before its chapter shows the chapter's
    # score where that is higher (the reviewer reads the first as the best)
    scores = np.maximum.accumulate(scores[:, ::-1], axis=1)[:, ::-1]
    return [
        [
            (int(j), float(s))
            for k, (j, c, s) in enumerate(zip(rj, rc, rs, strict=True))
            if c > 0 and (k == 0 or s > 0)
        ]
        for rj, rc, rs in zip(order.tolist(), best_cos.tolist(), scores.tolist(), strict=True)
    ]


def _without(
    items: sp.csr_matrix, damp: Sequence[Collection[str]], index: Mapping[str, int]
) -> sp.csr_matrix:
    """The item rows with the tokens of `damp` (per row) left out, L2-normalised again (only the
    rows with something to leave out are touched)."""
    out = items.copy()
    data, indices, indptr = out.data, out.indices, out.indptr
    for i, toks in enumerate(damp):
        ids = [index[t] for t in toks if t in index]
        if not ids or i >= out.shape[0]:
            continue
        a, b = indptr[i], indptr[i + 1]
        row = data[a:b]
        row[np.isin(indices[a:b], ids)] = 0.0
        norm = float(np.sqrt((row.astype(np.float64) ** 2).sum()))
        if norm > 0:
            row /= norm
    out.eliminate_zeros()
    return out


def cross_language(
    bridge: Bridge, n_items: int, n_head: int, n_records: int
) -> tuple[sp.csr_matrix, sp.csr_matrix, sp.csr_matrix]:
    """The concept columns `place` appends (`cross`), from one bridge over the records and the
    sections (the sections after the `n_records` records; the paragraphs from `n_head` on): an
    item's `[√W·z, √W·e]` against a section's `[√W·e, √W·z]`, so that the product adds WEIGHT
    times the Chinese of one against the English of the other, as for the duplicates
    (`bridge.bridged`) — an English abstract meets a Chinese section that says it in Chinese."""
    import scipy.sparse as sp

    w = np.float32(np.sqrt(BRIDGE_WEIGHT))
    z, e = (bridge.z * w).tocsr(), (bridge.e * w).tocsr()
    return (
        sp.hstack([z[:n_items], e[:n_items]], format="csr"),
        sp.hstack([e[n_records:], z[n_records:]], format="csr"),
        sp.hstack([e[n_head:n_records], z[n_head:n_records]], format="csr"),
    )


def _within_chapters(cos: np.ndarray, chapter_of: np.ndarray) -> np.ndarray:
    """The cosines with every subsection's grown by CHAPTER_SHARE of its chapter's: a reviewer
    finds the chapter first, and a chapter's opening says what all its subsections are about."""
    sub = np.flatnonzero(chapter_of >= 0)
    out = cos.copy()
    out[:, sub] += CHAPTER_SHARE * cos[:, chapter_of[sub]]
    return out


def _raise_first(cos: np.ndarray, first: np.ndarray, q50: np.ndarray) -> np.ndarray:
    """The cosines with every section that comes first (`evidence`: contradicted, named, …) and
    is above the item's median section (`q50`) raised to just above the item's best, keeping
    their own order among themselves (the shown score then follows the ranking)."""
    lift = first & (cos > q50)
    if not lift.any():
        return cos
    top = cos.max(axis=1, keepdims=True)
    return np.where(lift, top * 1.001 + cos * 1e-3, cos)


def _raise_kin(
    cos: np.ndarray, kin: np.ndarray, chapter_of: np.ndarray, q50: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The cosines with, per item, the closest of the chapters that file its kind (`kin`; a
    chapter's closeness is its own or its best subsection's) raised to just below the item's
    best, where that closeness is above the item's median section; and which chapters were
    raised (their subsections, about other projects, do not displace them)."""
    out = cos.copy()
    keep = np.zeros_like(cos, bool)
    for i in np.flatnonzero(kin.any(axis=1)):
        best_j, best_c = -1, 0.0
        for j in np.flatnonzero(kin[i]).tolist():
            near = max([cos[i, j], *cos[i, chapter_of == j].tolist()])
            if near > best_c:
                best_j, best_c = j, near
        top = cos[i].max()
        if best_j >= 0 and best_c > q50[i, 0] and cos[i, best_j] < top:
            out[i, best_j] = top * 0.999
            keep[i, best_j] = True
    return out, keep


def _subsections_first(
    row: np.ndarray, cos: np.ndarray, chapter_of: np.ndarray, keep: np.ndarray | None = None
) -> np.ndarray:
    """The ranking with every chapter moved below its own best subsection, where that one has at
    least SUBSECTION_SHARE of the chapter's cosine (not a chapter in `keep`)."""
    out = list(row.tolist())
    for k in range(len(out)):
        j = out[k]
        if keep is not None and keep[j]:
            continue
        subs = [
            m for m in out[k + 1 :] if chapter_of[m] == j and cos[m] >= SUBSECTION_SHARE * cos[j]
        ]
        if subs:
            out.remove(subs[0])
            out.insert(k, subs[0])
    return np.array(out, dtype=row.dtype)
