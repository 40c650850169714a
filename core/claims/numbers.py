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
import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from ..facts.extract import (
    FACTS_VERSION,
    MEASURES,
    RELEASE_AFTER,
    Fact,
    extract,
    is_measure,
    variants,
)
from ..facts.index import MIN_SETTING, Facts, stated, unit_of
from ..facts.numerals import agree, span
from ..storage.cachefile import read_sealed, write_sealed
from ..text.normalize import nfkc
from . import wording
from .context import CONTEXT_VERSION, IMPLICIT, in_context, in_words, series_member, table_cell
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
# units of one dimension that only one measure is written in: a figure in one measures it,
# whatever Chinese word stands before it (`测得 1,390 TFLOPS`, `头：1,605 TFLOPS`: compute
# throughput), unless an English measure names it (docs/facts.md)
DIMENSIONS = {
    **dict.fromkeys(DURATIONS, "duration"),
    **dict.fromkeys(("GFLOPS", "TFLOPS", "PFLOPS"), "flops"),
}


# a measure named in Chinese is the English measure of the same name: the fact index keeps the
# last two characters of the word before a figure (召回率 -> 回率, 成功率 -> 功率), so those
# are what is mapped (`recall@10` stays itself: its cut-off is part of the measure)
_ZH_MEASURES = {
    "召回": "recall",
    "回率": "recall",
    "确率": "accuracy",
    "精度": "accuracy",
    "吞吐": "throughput",
    "吐量": "throughput",
    "延迟": "latency",
    "时延": "latency",
    "胜率": "win-rate",
    "中率": "hit-rate",
    "内存": "memory",
    "显存": "memory",
    "成本": "cost",
    "价格": "price",
    "单价": "price",
    "得分": "score",
    "分数": "score",
    "误率": "error-rate",
    "速比": "speedup",
    "耗时": "duration",
    "用时": "duration",
    "加速": "speedup",
}
_SHARES = frozenset({"", "%", "pp"})  # 成功率 keeps 功率, which is also power: only in a share


def _measured(f: Fact) -> Fact:
    """A measure named in Chinese is its English one (`召回率 0.95` is `recall 0.95`, `成功率 62%`
    is `success rate 62%`, `延迟` is `latency`; an English measure of two words is the fact index's
    hyphenated one: `success-rate`, `error-rate`). A figure in minutes, hours or days measures a
    duration, whatever Chinese word stands before it, unless an English measure names it:
    `总耗时 25 分钟` and `HNSW 建索引 11 分钟` are one measure (the word before is the task or a
    filler), as a figure in a currency is a price whatever its word (docs/facts.md). A figure
    in `ms` or `s` keeps its word (`首字 120 ms` and `总延迟 900 ms` are two measures)."""
    if f.kind != "quantity":
        return f
    unit = unit_of(f.value)
    if unit == "" and is_measure(f.thing) and f.thing != IMPLICIT and _percent_like(f.value):
        # (a score no word names keeps its unit: `81.7` on a leaderboard, `1.5` a ratio)
        # a score written bare is in points, as with `%` (`CER 2.96` and `a CER of 3.48%`)
        f = dataclasses.replace(f, value=f"{f.value}%")
        unit = "%"
    elif unit == "" and f.thing.split("@", 1)[0] in SHARE_MEASURES:
        share = _as_percent(f.value)
        if share is not None:
            # a share written as a fraction is the same share in percent (`an MFU of 0.41` is
            # 41%, against `MFU 38.2%`; `recall 0.953` is 95.3%), to its written precision
            f = dataclasses.replace(f, value=share)
            unit = "%"
    english = (
        _ZH_MEASURES.get(f.thing)
        or _ABBREVIATIONS.get(f.thing)
        or ("success-rate" if f.thing == "功率" and unit in _SHARES else None)
    )
    if english is not None:
        f = dataclasses.replace(f, thing=english)
    if unit == "tok/s" and not f.thing:
        # `3,900 output tokens per second`, `：9,600 tok/s`: a rate of tokens no word names is
        # a throughput (a word that names another keeps it: `单请求速度 80 tok/s`)
        return dataclasses.replace(f, thing="throughput")
    dimension = DIMENSIONS.get(unit)
    if dimension is None:
        return f
    if f.thing and f.thing.isascii() and f.thing not in f.setting:
        return f  # `ttft 2 min`: the measure is written (a qualifier standing for it is not)
    return dataclasses.replace(f, thing=dimension)


def _percent_like(value: str) -> bool:
    """A bare value from 1 to 100 written with a decimal point (`2.96`, `62.4`): a score in
    points; a fraction (`0.95`), a count (`8`) or a larger figure (`1,291`) is not one."""
    try:
        x = float(value)
    except ValueError:
        return False
    return "." in value and 1.0 <= x <= 100.0


# measures that are a share of a whole, written as a fraction or in percent alike
SHARE_MEASURES = frozenset(
    {
        "mfu",
        "hfu",
        "accuracy",
        "recall",
        "precision",
        "f1",
        "success-rate",
        "pass-rate",
        "hit-rate",
        "win-rate",
        "error-rate",
        "acceptance-rate",
        "refusal-rate",
        "failure-rate",
        "utilization",
        "utilisation",
    }
)
_FRACTION = re.compile(r"0\.([0-9]{2,4})")


def _as_percent(value: str) -> str | None:
    """A fraction written with two to four decimals (`0.41`, `0.953`) in percent (`41%`,
    `95.3%`), keeping its written precision; None for anything else (`0.9` is too coarse to
    be read either way, `1.2` is no share)."""
    m = _FRACTION.fullmatch(value)
    if m is None:
        return None
    digits = m.group(1)
    whole, rest = digits[:2].lstrip("0") or "0", digits[2:]
    return f"{whole}.{rest}%" if rest else f"{whole}%"


# English abbreviations of one measure (nccl-tests' `busbw` is the bus bandwidth)
_ABBREVIATIONS = {"busbw": "bus-bandwidth", "algbw": "algorithm-bandwidth"}


# a parameter set in the figure's sentence (`m=16`, `ef_search = 40`, `M 设为 16`)
_PARAMETER = re.compile(
    r"(?<![A-Za-z0-9_])(?P<p>[A-Za-z][A-Za-z0-9_]*)`?\s*(?:=|＝|设为|设成|调到|调成|取)\s*"
    r"(?P<v>[0-9]+(?:\.[0-9]+)?)(?![0-9.])"
    # a model number written after a capitalised name (`RTX 3090`, `AIME 2025`): which one
    r"|(?<![A-Za-z0-9_\-])(?P<p2>[A-Z][A-Za-z]+) (?P<v2>[0-9]{2,5})(?![0-9.,%×A-Za-z])"
)
_SENTENCE_MARKS = ("。", "！", "？", "\n", ". ", "; ", "；")
SENTENCE_REACH = 400


def _sentence_span(text: str, pos: int) -> tuple[int, int]:
    """The sentence holding `pos`."""
    lo, hi = max(0, pos - SENTENCE_REACH), min(len(text), pos + SENTENCE_REACH)
    start = max(
        (text.rfind(m, lo, pos) + len(m) for m in _SENTENCE_MARKS if text.rfind(m, lo, pos) >= 0),
        default=lo,
    )
    ends = [k for k in (text.find(m, pos, hi) for m in _SENTENCE_MARKS) if k >= 0]
    return start, min(ends, default=hi)


def _parameters(text: str, pos: int) -> dict[str, str]:
    """The parameters the sentence holding `pos` sets, by name (casefolded), and the model
    numbers it writes after a name (`RTX 3090`: `rtx` is `3090`)."""
    start, end = _sentence_span(text, pos)
    return {
        (m.group("p") or m.group("p2")).casefold(): m.group("v") or m.group("v2")
        for m in _PARAMETER.finditer(text, start, end)
    }


def _releases_at(text: str, pos: int, versions: Sequence[Fact]) -> dict[str, set[str]]:
    """The releases the sentence holding `pos` names, by project (`SGLang v0.5.5`)."""
    start, end = _sentence_span(text, pos)
    out: dict[str, set[str]] = {}
    for v in versions:
        if start <= v.pos < end:
            out.setdefault(v.thing, set()).add(v.value)
    return out


def _other_release(ra: dict[str, set[str]], rb: dict[str, set[str]]) -> bool:
    """Whether the two figures' sentences name one project in releases neither shares
    (`SGLang v0.5.5` against `SGLang v0.5.4`): a run on another release, another setting."""
    return any(ra[p].isdisjoint(rb[p]) for p in ra.keys() & rb.keys())


def _other_parameters(text_a: str, pos_a: int, text_b: str, pos_b: int) -> bool:
    """Whether the two figures' sentences set one parameter to two values: two settings, though
    their names agree (`HNSW ef_search=40` against `ef_search=200`; `m=16` and `M = 16` agree)."""
    pa = _parameters(text_a, pos_a)
    if not pa:
        return False
    pb = _parameters(text_b, pos_b)
    return any(pb.get(name, value) != value for name, value in pa.items())


_LIST_ITEM = re.compile(r"[ \t]*(?:[-*•+]|[0-9]{1,2}[.)、])\s")
_FORUM_LABEL = re.compile(r"\s*(?:#+\s*)?r/[A-Za-z0-9_]+\s?[:：]\s*")
_UNIT_BEFORE = re.compile(r"[0-9]\s?$")
_CJK = re.compile(r"[\u4e00-\u9fff]")


class Subject:
    """The subjects of one text's figures, by position, found as asked."""

    def __init__(self, k: int, find: Callable[[int, int], tuple[str, ...]]) -> None:
        self.k, self.find, self.at = k, find, dict[int, tuple[str, ...]]()

    def __call__(self, pos: int) -> tuple[str, ...]:
        if pos not in self.at:
            self.at[pos] = self.find(self.k, pos)
        return self.at[pos]


# a clause that opens with a project and its release (`TensorRT 10.14.1 每批 3.9 ms`)
_RELEASED_LEAD = re.compile(
    r"\s*(?P<n>[A-Za-z][A-Za-z0-9_.+\-]*)\s+v?[0-9]+(?:\.[0-9]+){1,3}(?![0-9.])"
)


def _other_row(text_a: str, pos_a: int, text_b: str, pos_b: int) -> bool:
    """Whether one figure sits in a table row whose first cell (`4096`) is a value the table's
    rows vary (`4096`, `8192`: a shape, a batch size) and the other figure's sentence does not
    write it: which row the other figure is of is known only by its writing the row's value
    (`M=N=K=8192` is the `8192` row's, not the `4096` row's; a sentence naming no shape is
    neither's)."""
    for text, pos, other, other_pos in (
        (text_a, pos_a, text_b, pos_b),
        (text_b, pos_b, text_a, pos_a),
    ):
        found = table_cell(text, pos)
        if found is None:
            continue
        _, rows, row, _, _ = found
        keys = [r[0].casefold() for r in rows if r and r[0]]
        if row >= len(keys) or len(set(keys)) < 2:
            continue
        start, end = _sentence_span(other, other_pos)
        sentence = other[start:end].casefold()
        if not in_words(keys[row], sentence):
            return True
    return False


def _other_column(text_a: str, pos_a: int, text_b: str, pos_b: int) -> bool:
    """Whether the two figures sit in tables under two columns: another measure of the row
    (`Long` against `平均`). Columns agree by their header (`Avg` and `avg`), or by their place
    in two headers as wide (`| model | … | Avg |` and `| 模型 | … | 平均 |`: one table copied,
    its header translated)."""
    found_a = table_cell(text_a, pos_a)
    found_b = table_cell(text_b, pos_b) if found_a is not None else None
    if found_a is None or found_b is None:
        return False
    head_a, _, _, col_a, _ = found_a
    head_b, _, _, col_b, _ = found_b
    if col_a >= len(head_a) or col_b >= len(head_b):
        return False
    if head_a[col_a].casefold() == head_b[col_b].casefold():
        return False
    return not (len(head_a) == len(head_b) and col_a == col_b)


def _states(facts: Facts, f: Fact) -> bool:
    """Whether `facts` states figure `f` (its value, or written another way). A figure the fact
    index calls the other rounded must be written coarser too: its value drops trailing zeros
    (`39.0%` is `39%`), but `39.0%` written so is no rounding of `38.5%`."""
    if f.value in facts.figures:
        return True
    if not stated(f, facts):
        return False
    if f.approx or span(f.value) is not None:
        return True  # a range, or a figure written as approximate: the index's answer stands
    mine = _written_decimals(f.text)
    return any(
        g.kind == "quantity"
        and (g.approx or span(g.value) is not None or _written_decimals(g.text) != mine)
        and agree(f.value, g.value, f.approx or g.approx)
        for g in facts.all
    )


_DECIMALS = re.compile(r"[0-9]\.([0-9]+)")


def _written_decimals(text: str) -> int:
    """The decimals a figure is written with (`39.0%` -> 1, `39%` -> 0)."""
    m = _DECIMALS.search(text)
    return len(m.group(1)) if m else 0


def _named(subject: str, names: Collection[str]) -> bool:
    """Whether `names` name the subject, or a member of it (`llama` in `llama-5-70b-instruct`)."""
    return any(n == subject or n.startswith(subject + "-") for n in names)


def _singular(names: frozenset[str], other: frozenset[str]) -> frozenset[str]:
    """`names` with each English plural the other side writes as its singular folded into it."""
    if not any(n.endswith("s") for n in names):
        return names
    return frozenset(
        n[:-1]
        if len(n) > _MIN_PLURAL and n.endswith("s") and not n.endswith("ss") and n[:-1] in other
        else n
        for n in names
    )


_MIN_PLURAL = 4  # `gpus`, `rps`: a shorter word ending in s is seldom a plural


def one_setting(
    sa: frozenset[str],
    subject_a: tuple[str, ...],
    sb: frozenset[str],
    subject_b: tuple[str, ...],
    text_a: str,
    text_b: str,
    heading_b: str = "",
) -> bool:
    """Whether two figures of one measure and unit are of one setting (docs/claims.md): they
    share MIN_SETTING names; they are of one subject (the model or system each is a result of,
    `figure_subject`: each side's is the other's or in the other's setting; one side's alone
    must be named by the other text); and either the names of one hold all the other's, or
    subjects are known and no name of one is another value of a dimension the other names
    (`variants`: `test-clean` against `test-other`, `AISHELL-1` against `AISHELL-2`, `H100`
    against `H200`) — what one adds then is detail the other leaves out (a script, a vendor, a
    leaderboard), not another setting. A living document's heading (`heading_b`) names what
    its section is about: a subject it writes is the section's too. An English plural is its
    singular where the other side writes that (`10,000 Services` and `10,000 个 Service`)."""
    sa, sb = _singular(sa, sb), _singular(sb, sa)
    subject_a = tuple(_singular(frozenset(subject_a), sb)) if subject_a else subject_a
    subject_b = tuple(_singular(frozenset(subject_b), sa)) if subject_b else subject_b
    if len(sa & sb) < MIN_SETTING:
        return False
    if subject_a:
        if not any(
            _named(x, sb) or _named(x, subject_b) or in_words(x, heading_b) for x in subject_a
        ):
            return False  # `CodecTalk` on Seed-TTS-eval test-zh is not `CosyVoice2`
    elif subject_b and not any(_named(y, sa) or y in text_a for y in subject_b):
        return False
    if sa <= sb or sb <= sa:
        return True
    if not (subject_a and subject_b):
        return False  # whose result a figure is must be known on both sides to look past detail
    if not any(_named(y, sa) or y in subject_a for y in subject_b):
        return False  # `Mistral-7B-Instruct 经 KTO` is not the item's `Gemma-2-9B-it` with KTO
    return not any(variants(x, y) for x in sa - sb for y in sb - sa)


# the units a run is configured in (a chunk, a timeout, a memory budget); a count (`128K`,
# `0.3B`) may be a result as well (`有效上下文长度 64K`), so it configures nothing here
CONFIGURED = frozenset({"ms", "s", "min", "h", "MB", "GB", "TB"})


def _configuration(facts: Facts, text: str, f: Fact) -> dict[str, set[str]]:
    """The configuration the sentence of figure `f` states, by unit: its figures in a unit of
    time or memory (CONFIGURED), written before it, that no word names a measure of (`a 160 ms
    chunk configuration, at which … 3.1 WER`, `With 320 ms chunks: 2.6 WER`)."""
    start, _ = _sentence_span(text, f.pos)
    out: dict[str, set[str]] = {}
    for g in facts.all:
        if g.kind != "quantity" or not start <= g.pos < f.pos:
            continue  # written before the result (after it, `p99 around 15 ms` is another)
        unit = unit_of(g.value)
        if unit not in CONFIGURED or is_measure(g.thing):
            continue
        out.setdefault(unit, set()).add(g.value)
    return out


def _other_configuration(
    fa_: Facts, text_a: str, fa: Fact, fb_: Facts, text_b: str, fb: Fact
) -> bool:
    """Whether the two figures' sentences state one kind of configuration (one unit) with no
    value in common: two runs, though the names agree (`160 ms chunks` against `320 ms`)."""
    ca = _configuration(fa_, text_a, fa)
    if not ca:
        return False
    cb = _configuration(fb_, text_b, fb)
    return any(ca[u].isdisjoint(cb[u]) for u in ca.keys() & cb.keys())


# a switch written off or on, in either script (`无 ITN`, `no ITN`, `without an external LM`,
# `use_itn=False`, `ITN off`; `带 ITN`, `with ITN`, `use_itn=True`, `ITN 开启`)
_OFF = re.compile(
    r"(?:无|不带|不开|未开|关闭|关掉|去掉|没有|(?i:\bwithout|\bw/o|\bno))\s*"
    r"(?:外部\s*|(?i:an?\s+|external\s+))?(?P<n>[A-Za-z][A-Za-z0-9_\-]*)"
    r"|(?<![A-Za-z0-9_])(?i:use_)?(?P<m>[A-Za-z][A-Za-z0-9_\-]*)`?(?:\s*[=:：]\s*|\s+)"
    r"(?:(?i:false|off)\b|关闭|关)"
)
_ON = re.compile(
    r"(?:带|开启|打开|加上|(?i:\bwith))\s*(?:外部\s*|(?i:an?\s+|external\s+))?"
    r"(?P<n>[A-Za-z][A-Za-z0-9_\-]*)"
    r"|(?<![A-Za-z0-9_])(?i:use_)?(?P<m>[A-Za-z][A-Za-z0-9_\-]*)`?(?:\s*[=:：]\s*|\s+)"
    r"(?:(?i:true|on)\b|开启|打开)"
)


def _switches(text: str, pos: int) -> dict[str, bool]:
    """The switches the paragraph of a figure (and, in a list, the list's lead) writes off or
    on, by name (casefolded, without `use_`): `无 ITN` and `use_itn=False` are one switch off.
    A switch is written like a name (`ITN`, `fp16`, `use_itn`): `was on`, `no difference` are
    none."""
    start = text.rfind("\n\n", 0, pos)
    line = text.rfind("\n", 0, pos) + 1
    if _LIST_ITEM.match(text, line):
        # the lead before the list: the paragraph its first item follows
        k = start
        while k > 0 and _LIST_ITEM.match(text, text.rfind("\n", 0, k) + 1):
            k = text.rfind("\n", 0, k)
        start = text.rfind("\n\n", 0, max(0, k)) if k > 0 else -1
    start = max(0, start, pos - SENTENCE_REACH)
    end = text.find("\n\n", pos)
    end = min(len(text) if end < 0 else end, pos + SENTENCE_REACH)
    out: dict[str, bool] = {}
    for pattern, state in ((_OFF, False), (_ON, True)):
        for m in pattern.finditer(text, start, end):
            written = m.group("n") or m.group("m")
            if "use_" not in m.group(0).casefold() and not any(
                c.isupper() or c.isdigit() or c in "_-" for c in written
            ):
                continue  # a switch is named like a name (`ITN`, `fp16`, `use_itn`), not `was`
            name = written.casefold().removeprefix("use_")
            out.setdefault(name, state)
    return out


def _other_switch(text_a: str, pos_a: int, text_b: str, pos_b: int) -> bool:
    """Whether one text writes a switch off that the other writes on (`use_itn=False` against
    `带 ITN`): two settings, though every name agrees."""
    sa = _switches(text_a, pos_a)
    if not sa:
        return False
    sb = _switches(text_b, pos_b)
    return any(sb.get(n, v) != v for n, v in sa.items())


CACHE_FILE = "numbers.json"
NUMBERS_VERSION = "14"  # bump when the rules below answer otherwise for the same texts
MAX_CACHE_BYTES = 64 << 20


def cached_number_conflicts(
    texts: Sequence[Text], language: str, cache_dir: Path | None
) -> list[Conflict]:
    """`number_conflicts`, answered from the cache when every text is the same (the key hashes
    the extractor's version, the language and every ref, origin, file and text)."""
    h = hashlib.blake2b(digest_size=20)
    h.update(
        f"{FACTS_VERSION}\x1f{NUMBERS_VERSION}\x1f{CONTEXT_VERSION}\x1f{language}\x1f".encode()
    )
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


@lru_cache(maxsize=4096)
def _read(text: str) -> tuple[Facts, tuple[Fact, ...]]:
    """A text's figures read in context, and its versions. A text is read once however many
    comparisons it takes part in: placements ask of one item against each section it may clash
    with, and of one section against every such item. (What is kept depends on the text alone;
    `Facts` fills only its own lazy groupings later.)"""
    read = extract(text, figures_only=True)
    facts = Facts.of(_measured(f) for f in in_context(read, text) if f.kind in ("quantity", "name"))
    return facts, tuple(f for f in read if f.kind == "version")


def disagrees(item: str, title: str, section: str) -> bool:
    """Whether a figure of the item states one of the living-document section's (`title`, its
    heading, then its text, as the scan's claims read it) otherwise in the same setting: what
    placements and duplicate tiers ask of the number reader. The language is immaterial: it
    words a conflict's note, not read here."""
    doc = f"{title}\n{section}"
    return bool(
        number_conflicts(
            [("item", "item", "item", item), ("section", "living-doc", "section", doc)], "en"
        )
    )


def number_conflicts(texts: Sequence[Text], language: str = "zh") -> list[Conflict]:
    """Every number conflict between an item and another item or a section, in text order."""
    read = [_read(t) for *_, t in texts]
    facts = [f for f, _ in read]
    versions = [v for _, v in read]
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
    folded_texts: dict[int, str] = {}

    def folded(k: int) -> str:
        """The text as the fact index read it (its positions are the facts')."""
        if k not in folded_texts:
            folded_texts[k] = nfkc(texts[k][3])
        return folded_texts[k]

    lowered_texts: dict[int, str] = {}

    def lowered(k: int) -> str:
        """`folded(k)` casefolded, once per text (each of its figures' pairs reads it)."""
        if k not in lowered_texts:
            lowered_texts[k] = folded(k).casefold()
        return lowered_texts[k]

    def names(k: int) -> frozenset[str]:
        return frozenset(f.thing for f in facts[k].all if f.kind == "name")

    def heading(k: int) -> str:
        """A living-document section's heading (casefolded), which names what its figures are
        of when it names one thing (`Qdrant` over `…：QPS 1,240`); an item's title is read by
        `figure_subject`."""
        if texts[k][1] == "item":
            return ""
        end = folded(k).find("\n")
        return folded(k)[: end if end >= 0 else len(folded(k))].casefold()

    def titled(k: int) -> frozenset[str]:
        """The names of the text's title (its first line): what the text is about."""
        end = folded(k).find("\n")
        end = len(folded(k)) if end < 0 else end
        return frozenset(f.thing for f in facts[k].all if f.kind == "name" and f.pos < end)

    def one_subject(a: int, fa: Fact, b: int, fb: Fact) -> bool:
        """Whether a figure whose sentence names only the least a setting may (MIN_SETTING
        names, all the other's) is of the other's subject too: its text's title names something
        the other text names as well, or nothing (`## KiminaProver-8B` over `miniF2F-test 上 BFS
        搜索 prove rate 55.0%` is not DeepProver-7B's result on miniF2F-test with BFS). Only an
        item's title is read so: a living document's heading names what its section groups
        (`OpenRLHF 与 verl`), not the subject of each of its figures."""
        sa, sb = set(fa.setting), set(fb.setting)
        for x, y, s, t, fx in ((a, b, sa, sb, fa), (b, a, sb, sa, fb)):
            if not (s <= t and len(s) <= MIN_SETTING):
                continue
            if texts[x][1] != "item":
                # a list's lines each open with their own subject (`- Orb-v3：F1 0.89`); the
                # paragraph's first line names only the first of them
                lead = list_item_name(x, fx.pos) or paragraph_lead(x, fx.pos)
                if lead is not None and lead not in folded(y).casefold():
                    return False
                continue
            if titled(x) and titled(x).isdisjoint(names(y)):
                return False
        return True

    subjects: dict[int, Subject] = {}

    def subject(k: int) -> Subject:
        """The subject of each figure of text `k` (`figure_subject`), asked once per text."""
        if k not in subjects:
            subjects[k] = Subject(k, figure_subject)
        return subjects[k]

    def figure_subject(k: int, pos: int) -> tuple[str, ...]:
        """What a figure is a result of (docs/claims.md): the name its list item opens with
        (`- SenseVoice-Small：2.96`); in a living document, the first name its sentence writes
        (`当前代表性数字：OpenHands v1.4.0 …`) and the one its paragraph opens with (`F5-TTS
        （上海交大等）：…`); in an item, the name its title opens with after a forum's label
        (`r/HPC:`). Empty when none says."""
        text = folded(k)
        first = list_item_name(k, pos)
        if first is not None:
            return (first,)
        if texts[k][1] != "item":
            own = clause_subject(k, pos)
            if own is not None:
                return (own,)
            start, _ = _sentence_span(text, pos)
            found = [first_name(k, start, pos), paragraph_lead(k, pos)]
            return tuple(dict.fromkeys(n for n in found if n is not None and n not in MEASURES))
        end = text.find("\n")
        end = len(text) if end < 0 else end
        label = _FORUM_LABEL.match(text)
        title = first_name(k, label.end() if label else 0, end, setting_at(k, pos))
        return (title,) if title is not None else ()

    def clause_subject(k: int, pos: int) -> str | None:
        """In a living document, the name that opens the figure's clause after its sentence's
        setting, with its release (`…、L4、FP16：TensorRT 10.14.1 每批 3.9 ms`): whose result
        it is, though the sentence first names the setting (`BERT-base`) and the heading another
        project (`ONNX Runtime 与 TensorRT`)."""
        text = folded(k)
        start, _ = _sentence_span(text, pos)
        cut = max(text.rfind(c, start, pos) for c in "：:；;")
        if cut < 0:
            return None
        m = _RELEASED_LEAD.match(text, cut + 1)
        if m is None or m.end() > pos:
            return None
        name = m.group("n").casefold()
        return name if name in names(k) and name not in MEASURES else None

    def list_item_name(k: int, pos: int) -> str | None:
        """The name the list item holding `pos` opens with (`- SenseVoice-Small：2.96`), if
        `pos` is in a list item after the text's first line, or the name a table row's first
        cell writes (`| π0-FAST | … |`)."""
        text = folded(k)
        line = text.rfind("\n", 0, pos) + 1
        if line > 0 and _LIST_ITEM.match(text, line):
            return first_name(k, line, pos)
        if line > 0 and table_cell(text, pos) is not None:
            # a table's row is of the name its first cell writes (`| π0-FAST | … | 70.2 |`): a
            # baseline's row in an item's results table is the baseline's result
            cut = text.find("|", line + 1, pos)
            if cut > line + 1:
                return first_name(k, line + 1, cut)
        # a member of a series after its line's lead (`平均成功率：SpatialVLA 42.7%；π0（…）40.1%`)
        # is of the name it opens with, as a list's line is
        found = series_member(text, pos)
        if found is None:
            return None
        start = found[2]
        first = first_name(k, start, pos)
        opens = text[start:pos].lstrip().casefold()
        return first if first is not None and opens.startswith(first) else None

    def setting_at(k: int, pos: int) -> frozenset[str]:
        return next((st for f, _, st in facts[k].measured if f.pos == pos), frozenset())

    def first_name(k: int, lo: int, hi: int, setting: frozenset[str] | None = None) -> str | None:
        """The first name written in `text[lo:hi]` that can be a subject: no measure, no
        figure's unit (`362 GB/s`), and no plain lowercase word of English prose (`I re-ran
        OpenHands`; in Chinese prose, `对象二：mini-swe-agent v2.0`, it is a name). With a
        figure's `setting` (a title read for it), a word only capitalised (`## The Herd`) is
        one only when the figure's sentence names it too."""
        text = folded(k)
        low = text[lo:hi].casefold()
        chinese = _CJK.search(text, lo, hi) is not None
        best: tuple[int, str] | None = None
        for n in names(k):
            if n in MEASURES:
                continue
            at = low.find(n)
            while at >= 0:
                p = lo + at
                edge = (p == 0 or not text[p - 1].isalnum()) and (
                    p + len(n) >= len(text) or not text[p + len(n)].isalnum()
                )
                written = text[p : p + len(n)]
                plain = written.islower() and not any(c.isdigit() for c in written)
                if setting is not None and n not in setting and written[1:].islower():
                    # (`## The Herd`; but `Ortex 1.23.2 with …` names a project by its release)
                    plain = plain or not (
                        any(c in "-._+" for c in written) or RELEASE_AFTER.match(text, p + len(n))
                    )
                if (
                    edge
                    and not _UNIT_BEFORE.search(text, max(0, p - 3), p)
                    and (chinese or not plain)
                ):
                    # the first name written; of two starting there, the longer, whole one
                    # (`diskann-rs`, not the `diskann` it begins with), whatever order the names
                    # come in
                    if best is None or (p, -len(n), n) < (best[0], -len(best[1]), best[1]):
                        best = (p, n)
                    break
                at = low.find(n, at + 1)
        return best[1] if best is not None else None

    def paragraph_lead(k: int, pos: int) -> str | None:
        """The name the paragraph holding `pos` opens with (its subject: `FlashAttention-4
        （Blackwell…）…：B200、BF16 …：1,605 TFLOPS`), if it opens with one."""
        start = folded(k).rfind("\n\n", 0, pos)
        if start < 0:
            return None  # no paragraph of its own: the section's names are its heading's
        opening = folded(k)[start : start + 80].lstrip(" \n>*-•").casefold()
        # the fact index keeps a name at its first place in the text: it is looked for again
        leads = [n for n in names(k) if opening.startswith(n)]
        return max(leads, key=lambda n: (len(n), n)) if leads else None

    def clash(fa_: Facts, fb_: Facts, subj_a: Subject, subj_b: Subject) -> list[tuple[Fact, Fact]]:
        """Figures of one measure and unit in one setting (`one_setting`) with values neither
        text states: a number conflict."""
        out_: list[tuple[Fact, Fact]] = []
        for x, unit, sx in fa_.measured:
            if _states(fb_, x):
                continue
            for y, sy in fb_.by_measure.get((x.thing, unit), ()):
                if len(sx & sy) < MIN_SETTING:
                    continue  # `one_setting`'s first test, before the subjects are looked for
                if _states(fa_, y):
                    continue
                if one_setting(
                    sx,
                    subj_a(x.pos),
                    sy,
                    subj_b(y.pos),
                    lowered(subj_a.k),
                    lowered(subj_b.k),
                    # a figure whose clause names its own subject is not the heading's
                    heading(subj_b.k) if clause_subject(subj_b.k, y.pos) is None else "",
                ):
                    out_.append((x, y))
        return out_

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
            for fa, fb in clash(facts[a], facts[b], subject(a), subject(b)):
                if _other_parameters(folded(a), fa.pos, folded(b), fb.pos):
                    continue  # `ef_search=40` against `ef_search=200`: another setting
                if _other_release(
                    _releases_at(folded(a), fa.pos, versions[a]),
                    _releases_at(folded(b), fb.pos, versions[b]),
                ):
                    continue  # `SGLang v0.5.5` against `SGLang v0.5.4`: a run on another release
                if _other_row(folded(a), fa.pos, folded(b), fb.pos):
                    continue  # the `4096` row of a table against a run at `M=N=K=8192`
                if _other_column(folded(a), fa.pos, folded(b), fb.pos):
                    continue  # a row's `Long` against its `平均`: another measure of the row
                if _other_switch(folded(a), fa.pos, folded(b), fb.pos):
                    continue  # `use_itn=False` against `带 ITN`: another setting
                if _other_configuration(facts[a], folded(a), fa, facts[b], folded(b), fb):
                    continue  # `160 ms chunks` against `320 ms chunks`: another configuration
                if not one_subject(a, fa, b, fb):
                    continue  # a text about another model, naming only the benchmark
                found.setdefault((a, fa.thing, fa.value), []).append((b, fa, fb))
    statements = {
        key: frozenset({(texts[key[0]][0], key[2]), *((texts[b][0], fb.value) for b, _, fb in o)})
        for key, o in found.items()
    }
    done: set[frozenset[tuple[str, str]]] = set()
    # findings of one measure between the same texts are one conflict (a row of a table copied
    # with two of its cells changed: `Long 70.2、平均 88.0` against `60.2、85.5`)
    merged: dict[tuple[str, tuple[str, ...]], list[tuple[Claim, set[str]]]] = {}
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
        shared = set(fa.setting).intersection(*(fb.setting for _, _, fb in others))
        refs = tuple(dict.fromkeys(c.ref for c in claims))
        merged.setdefault((metric, refs), []).extend((c, shared) for c in claims)
    out: list[Conflict] = []
    for (metric, refs), held in merged.items():
        # each text's figures together, in the order the texts were first named
        claims = tuple(dict.fromkeys(sorted((c for c, _ in held), key=lambda c: refs.index(c.ref))))
        where = sorted(set.intersection(*(st for _, st in held)))
        out.append(
            Conflict(
                kind="number",
                entity=metric,
                text=wording.number(metric, where, claims, language),
                refs=refs,
                claims=claims,
            )
        )
    return out
