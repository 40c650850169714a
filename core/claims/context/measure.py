"""What a figure measures when its own words do not say (docs/claims.md): a time per unit
(`141 s per step`, `每步约 96 秒`), the share of a count of what was done (`151/244 proved, 61.9%`),
a metric that the fact index keeps as a name (`Pearson r 0.48`, `94.1 ANLS`), a success rate
written after its figure, and the benchmark's own score where no word names one (`IMPLICIT`)."""

from __future__ import annotations

import dataclasses
import re

from ...facts.extract import (
    MEASURES,
    METRIC_NAMES,
    Fact,
    is_measure,
    rate_measure,
)
from ...facts.index import unit_of

TIMES = frozenset({"ms", "s", "min", "h"})


# the unit a time is counted per, in English and Chinese (`per step`, `/step`, `每步`)
_PER = {
    "step": "step",
    "steps": "step",
    "iteration": "step",
    "iter": "step",
    "it": "step",
    "步": "step",
    "epoch": "epoch",
    "epochs": "epoch",
    "轮": "epoch",
    "sample": "sample",
    "samples": "sample",
    "条": "sample",
    "request": "request",
    "requests": "request",
    "请求": "request",
    "query": "query",
    "queries": "query",
    "查询": "query",
    "batch": "batch",
    "批": "batch",
}


_PER_AFTER = re.compile(r"\s?(?:per|/|a|each)\s?(?P<u>[A-Za-z]+)\b")


_PER_BEFORE = re.compile(r"每(?:一)?(?P<u>步|轮|条|请求|查询|批)\s*(?:约|大约|大概)?\s*$")


# the share of a count of what was done: `151/244 proved, 61.9%`, `151/244 proved (61.9%)`
_COUNT_DONE = re.compile(
    r"(?<![0-9.])[0-9][0-9,]*\s*/\s*[0-9][0-9,]*\s+(?P<w>[A-Za-z]+ed)\s*[,(:：（]\s*$"
)


def done_share(f: Fact, text: str) -> Fact:
    """A share with no measure after a count of what was done (`151/244 proved, 61.9%`) is the
    rate of that verb (`prove rate`: core.facts.extract.rate_measure)."""
    if f.kind != "quantity" or f.thing or unit_of(f.value) != "%":
        return f
    m = _COUNT_DONE.search(text, max(0, f.pos - 40), f.pos)
    return f if m is None else dataclasses.replace(f, thing=rate_measure(m.group("w")))


def per_unit(f: Fact, text: str) -> Fact:
    """A time counted per step, epoch, sample …: its measure is `per-<unit>` (module doc)."""
    if f.kind != "quantity" or unit_of(f.value) not in TIMES:
        return f
    unit = None
    k = text.find(f.text, max(0, f.pos - 4)) if f.text else -1
    m = _PER_AFTER.match(text, k + len(f.text)) if k >= 0 else None
    if m is not None:
        unit = _PER.get(m.group("u").lower())
    if unit is None:
        b = _PER_BEFORE.search(text, max(0, f.pos - 8), f.pos)
        unit = _PER.get(b.group("u")) if b else None
    return f if unit is None else dataclasses.replace(f, thing=f"per-{unit}")


METRIC_NAME_REACH = 24


_CLAUSE_ENDS = re.compile(r"[。！？；;!?\n,，、]|\. ")


FIGURE = re.compile(r"[0-9]")


_WORD_AFTER = re.compile(r"\s?(?P<w>[A-Za-z][A-Za-z0-9\-]*)")


# a success rate written after its figure (`29.1 average success`, `62% success rate`)
_SUCCESS_AFTER = re.compile(r"\s?(?i:(?:average|mean|avg\.?)\s+)?(?i:success)(?i:\s+rate)?\b")


# the measure given to a score no word names (`MMBench-V1.1 en test：- InternVL3-8B：81.7`,
# `测得 79.6`, `VBench Total … 86.22%`): what its benchmark scores, told apart by the setting
IMPLICIT = "score"


def named_metric(f: Fact, text: str) -> Fact:
    """A figure no measure word names takes the metric name written right before it in its
    clause, with no other figure between (`an ANLS of 94.1`, `Pearson r 0.62`), else right
    after it (`94.1 ANLS`); the metric leaves its setting."""
    if f.kind != "quantity" or is_measure(f.thing):
        return f
    lo = max(0, f.pos - METRIC_NAME_REACH)
    cut = list(_CLAUSE_ENDS.finditer(text, lo, f.pos))
    lo = cut[-1].end() if cut else lo
    metric = None
    for m in _WORD.finditer(text, lo, f.pos):
        w = m.group(0).casefold()
        if w in METRIC_NAMES and not FIGURE.search(text, m.end(), f.pos):
            metric = w
    if metric is None and f.text:
        k = text.find(f.text, max(0, f.pos - 4))
        after = _WORD_AFTER.match(text, k + len(f.text)) if k >= 0 else None
        if after is not None and after.group("w").casefold() in METRIC_NAMES:
            metric = after.group("w").casefold()
        success = _SUCCESS_AFTER.match(text, k + len(f.text)) if k >= 0 else None
        if metric is None and success is not None:
            metric = "success-rate"  # `scores 29.1 average success`, `62% success rate`
    if metric is None:
        metric = _worded_measure(f, text)
    if metric is None:
        return f
    setting = tuple(n for n in f.setting if n != metric)
    return dataclasses.replace(f, thing=metric, setting=setting)


# a measure written after a difference in points (`+6 pts of MFU`, `8.8 percentage points in
# accuracy`)
_POINTS_OF = re.compile(r"\s?(?:of|in)\s+(?:the\s+)?(?P<w>[A-Za-z][A-Za-z0-9@\-]*)")


def points_measure(f: Fact, text: str) -> Fact:
    """A difference in points no measure word names (`FP8 buys +6 pts of MFU over BF16`, `FP8
    的 MFU 为 48.3%，BF16 为 39.5%，FP8 高出 8.8 个百分点`) is a difference of the measure its
    sentence names: written right after it (`of MFU`), else the last one before it in its
    sentence. Two such differences of one measure in one setting are one measure, as two `MFU`
    figures are; a `pp` figure never compares with a `%` one (its unit)."""
    if f.kind != "quantity" or unit_of(f.value) != "pp" or f.thing in MEASURES:
        return f
    k = text.find(f.text, max(0, f.pos - 4)) if f.text else -1
    if k < 0:
        return f
    after = _POINTS_OF.match(text, k + len(f.text))
    metric = None
    if after is not None and _named_measure(after.group("w").casefold()):
        metric = after.group("w").casefold()
    if metric is None:
        lo = max(text.rfind(mark, 0, k) for mark in ("。", "\n", ". ", "；", "; ")) + 1
        for m in _WORD.finditer(text, lo, k):
            w = m.group(0).casefold()
            if _named_measure(w):
                metric = w
    if metric is None:
        return f
    return dataclasses.replace(f, thing=metric, setting=tuple(n for n in f.setting if n != metric))


def _named_measure(word: str) -> bool:
    """A word that names a measure by itself (`mfu`, `accuracy`, `recall@10`)."""
    return word in METRIC_NAMES or word in MEASURES or "@" in word


# a ratio written as how much faster (`快 2.2 倍`, `2.2x faster`, `a 2.2× speedup`), or how much
# shorter a time is (`阻塞时间短 6.3 倍`, `2.1x shorter`): a speedup
_FASTER_BEFORE = re.compile(r"(?:快|缩短|短)\s?(?:了|约|大约)?\s?$")
_FASTER_AFTER = re.compile(r"\s?(?:(?i:faster|quicker|shorter|speedup|speed-up)\b|的?加速)")
# a time a task takes (`the 22 queries take 29.8 seconds`, `用了 14 分钟`): a duration, as a
# figure in minutes is whatever its word (docs/claims.md)
_TAKES_BEFORE = re.compile(
    r"(?:\b(?i:takes?|took|taking|finish(?:es|ed)?\s+in|complete[sd]?\s+in)"
    r"(?:\s+(?i:about|around|roughly|only|just))?|用了|用时|花了|耗时)\s?[~约]?\s?$"
)


def _worded_measure(f: Fact, text: str) -> str | None:
    """The measure the words around a figure no word names say it is: a speedup (`快 2.2 倍`,
    `2.2x faster`), or the duration of what takes it (`take 29.8 seconds in total`)."""
    unit = unit_of(f.value)
    before = text[max(0, f.pos - 24) : f.pos]
    if unit == "×" and (not f.thing or f.thing.endswith(("快", "短"))):
        k = text.find(f.text, max(0, f.pos - 4)) if f.text else -1
        after = _FASTER_AFTER.match(text, k + len(f.text)) if k >= 0 else None
        if _FASTER_BEFORE.search(before) or after is not None:
            return "speedup"
    if unit in TIMES and not f.thing and _TAKES_BEFORE.search(before):
        return "duration"
    return None


def score_like(f: Fact) -> bool:
    """A share (`86.22%`) or a bare score in points (`81.7`: from 1 to 100, with a decimal as
    written: `88.0`, whose value the index keeps as `88`, is one)."""
    value = f.value
    unit = unit_of(value)
    if unit == "%":
        return True
    if unit != "":
        return False
    try:
        x = float(value)
    except ValueError:
        return False
    return "." in f.text and 1.0 <= x <= 100.0


# a figure a word follows (`45% lower cost`, `66.8% of tasks`) or a change stands before
# (`少了四成半`, `by 12%`, `提升 3.1`) is a difference or a share of something else, not a score
_WORD_NEXT = re.compile(r"[ \t]?[A-Za-z\u4e00-\u9fff]")


_CHANGE_BEFORE = re.compile(
    r"(?:少了|多了|减少|降低|下降|提升|提高|增加|增长|快了|慢了|差了|高了|低了|"
    r"(?i:\bby|\bup|\bdown|\bplus|\bminus))\s*(?:了)?\s*[~≈约]?\s*$"
)


def implicit_score(f: Fact, text: str) -> Fact:
    """A share or a score in points that no word names a measure of, in a setting of two names
    or more (a model and its benchmark: `VBench Total … Wan2.1-T2V-14B 86.22%`, `InternVL3-8B，
    MMBench-V1.1 … 测得 79.6`), is the benchmark's score (IMPLICIT): two such figures of one
    setting are one measure, as two `accuracy` figures are. A figure a word follows or a
    change stands before is none (`_WORD_NEXT`, `_CHANGE_BEFORE`)."""
    if f.kind != "quantity" or is_measure(f.thing) or len(f.setting) < 2:
        return f
    if not score_like(f) or not stands_alone(f, text):
        return f
    return dataclasses.replace(f, thing=IMPLICIT)


def stands_alone(f: Fact, text: str) -> bool:
    """Whether a figure is written as a result of its own: no word right after it, no change
    right before it."""
    k = text.find(f.text, max(0, f.pos - 4)) if f.text else -1
    if k < 0:
        return False
    if _WORD_NEXT.match(text, k + len(f.text)):
        return False
    return _CHANGE_BEFORE.search(text, max(0, k - 12), k) is None


_WORD = re.compile(r"[A-Za-z][A-Za-z0-9@^_\-]*")


def measures_in(text: str, lo: int, hi: int) -> set[str]:
    """The measures the words of `text[lo:hi]` name (`CER（test）：` names `cer`, `召回率：` the
    Chinese word number conflicts read as `recall`)."""
    found = {
        w
        for m in _WORD.finditer(text, lo, hi)
        if ((w := m.group(0).casefold()) in MEASURES or w in METRIC_NAMES)
        and not _THRESHOLD.match(text, m.end())  # `RMSD < 2 Å` is a criterion, not the measure
    }
    return found | {w for w in _ZH_NAMED if w in text[lo:hi]}


# Chinese measures a list's lead may name (core.claims.numbers reads each as its English one)
_ZH_NAMED = frozenset({"召回", "延迟", "时延", "吞吐", "胜率", "功率"})


_THRESHOLD = re.compile(r"\s*(?:[<>≤≥＜＞]|低于|高于|以下|以上)")


# measures whose bare figure is a result (`My F1 is 0.84`, `a Pearson r of 0.48`), not a count or a
# parameter (`batch size 1`): such a figure carries the setting written before it, as one with a
# unit does
SCORES = METRIC_NAMES | {
    "f1",
    "auc",
    "ndcg",
    "mrr",
    "bleu",
    "rouge",
    "precision",
    "recall",
    "accuracy",
    "wer",
    "cer",
    "mos",
    "utmos",
    "score",
}
