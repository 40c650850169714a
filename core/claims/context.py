"""A figure read with what its text says around it, for number conflicts (docs/claims.md).

The fact index reads a figure with its own sentence (`core.facts.extract`). A forum post or a
reader's report often writes its setting in one sentence and its result in the next, and says
what others claim beside it:

- **a time per unit**: `141 s per step`, `9.5 s/step` and `每步约 96 秒` measure one thing, a time
  per step, whatever word (or none) stands before the figure;
- **the setting written before**: a measured result whose own sentence names nothing (`I get
  about 141 s per step.`) is of what its paragraph named before it (`Setup: Qwen3-8B, 8×H100,
  FSDP2 …`) and of the text's title;
- **a figure quoted from others** (`Everyone quotes ~96 s`, `号称 40 GB`) is what the text
  disputes, not what it states: it does not make the text state the other's value; so is a
  figure it denies (`61.9%, not 58.2%`, `而不是 58.2%`);
- **a share of a count of what was done** (`151/244 proved, 61.9%`) is the rate of that verb, as
  `prove rate 58.2%` is (`core.facts.extract.rate_measure`).

Only number conflicts read figures so; the tiers keep the fact index's reading.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from ..facts.extract import (
    MEASURES,
    METRIC_NAMES,
    Fact,
    is_measure,
    metric_before,
    rate_measure,
    variants,
)
from ..facts.index import unit_of
from ..text.normalize import nfkc

CONTEXT_VERSION = "8"  # bump when this reading changes: cached number conflicts are keyed by it
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
QUOTE_REACH = 24  # characters before a figure searched for a word saying others claim it
_QUOTED = re.compile(
    r"(?i:\b(?:quotes?|quoted|claims?|claimed|reportedly|supposedly|advertised|advertises))\b"
    r"|号称|据说|常说|都说|宣称|传言"
)
_ENDS = re.compile(r"[。！？；;!?\n]|\. ")


# a figure the text denies (`66%, not 71%`, `而不是 71%`): the value it disputes, not one it states
_DENIED = re.compile(
    r"(?:(?i:\bnot|\brather\s+than|\binstead\s+of)|而不是|而非|并非|不是)\s*[~≈约]?\s*$"
)
DENY_REACH = 16
# the share of a count of what was done: `151/244 proved, 61.9%`, `151/244 proved (61.9%)`
_COUNT_DONE = re.compile(
    r"(?<![0-9.])[0-9][0-9,]*\s*/\s*[0-9][0-9,]*\s+(?P<w>[A-Za-z]+ed)\s*[,(:：（]\s*$"
)


def denied(f: Fact, text: str) -> bool:
    """Whether the figure is one the text denies (`61.9%, not 58.2%`)."""
    return _DENIED.search(text, max(0, f.pos - DENY_REACH), f.pos) is not None


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


# a figure the text gives as what a source says, to set its own against it: right after a word
# that names the source or sets the figure against (`against the 86.22%`, `the paper's 0.62`,
# `the leaderboard row … says 0.89`, `nobody has reproduced 95.7`, `论文给出的 0.62`,
# `官方的 95.7`), or right before the source (`86.22% in the report`). A living document
# writes its source after its own figure (`95.7（作者自述）`): that is its statement, kept.
_ATTRIBUTED_BEFORE = re.compile(
    r"(?:(?i:\bagainst(?:\s+(?:the|a|its|their))?"
    r"|\b(?:paper|report|leaderboard|card|authors?|vendor|official|release)(?:'s|s')"
    r"(?:\s+[a-z]+)?"
    r"|\b(?:the|their|its)\s+(?:reported|claimed|official|published|advertised)"
    r"|\b(?:paper|report|leaderboard|table|row|card|authors?|README)\b[^.;。；]{0,40}"
    r"\b(?:says|said|shows|showed|lists|listed|gives|gave|reports|reported)"
    r"|\b(?:nobody|no\s+one|not|never|n't|failed\s+to|unable\s+to)\b[^.;。；]{0,24}"
    r"\breproduc[a-z]*(?:\s+(?:the|their|its))?)"
    r"|(?:论文|官方|原文|作者|排行榜|榜单|技术报告|模型卡)"
    r"(?:给出|报告|公布|声称|宣称|写|列出|自称)?(?:的|里的|中的|上的)\s*"
    r"|(?:没人|无人|没有人|未能|无法|没能)[^。；，,]{0,8}复现(?:出)?(?:的)?)"
    # the measure may be named between (`the paper's Pearson r of 0.55`)
    r"(?:(?:\s+[\w@.\-]+){1,3}?\s+(?i:of|is|was|at|=))?"
    r"\s*[~≈约]?\s*$"
)
# a sentence that says it relays a source (`作者转述官方数字：… 0.62`, `quoting the paper: …`):
# its figures are that source's, however far the word is before them
_RELAYED = re.compile(
    r"(?:转述|援引|引述|复述|搬运)(?:了)?[^。；;]{0,6}(?:官方|论文|原文|作者|报告|榜单|排行榜)"
    r"|(?i:\b(?:quoting|citing|relaying|repeating)\s+(?:the\s+|their\s+|its\s+)?"
    r"(?:paper|official|authors?|report|leaderboard|vendor|model\s+card))"
)
_ATTRIBUTED_AFTER = re.compile(
    r"\s*(?i:(?:in|from|of)\s+(?:the|their|its)\s+(?:paper|report|technical\s+report|"
    r"leaderboard|model\s+card|release\s+notes?|announcement|blog\s+post)\b"
    r"|(?:as\s+)?(?:reported|claimed|advertised)\s+(?:by|in)\b)"
)


def quoted(f: Fact, text: str) -> bool:
    """Whether the figure is one the text says others claim (`Everyone quotes ~96 s`), gives
    as a source's to set its own against (`_ATTRIBUTED_BEFORE`, `_ATTRIBUTED_AFTER`), or says
    it relays (`_RELAYED`)."""
    lo = max(0, f.pos - QUOTE_REACH)
    cut = list(_ENDS.finditer(text, lo, f.pos))
    if _QUOTED.search(text, cut[-1].end() if cut else lo, f.pos) is not None:
        return True
    lo = max(0, f.pos - ATTRIBUTION_REACH)
    cut = list(_ENDS.finditer(text, lo, f.pos))
    if _ATTRIBUTED_BEFORE.search(text, cut[-1].end() if cut else lo, f.pos) is not None:
        return True
    if _RELAYED.search(text, cut[-1].end() if cut else lo, f.pos) is not None:
        return True
    k = text.find(f.text, max(0, f.pos - 4)) if f.text else -1
    return k >= 0 and _ATTRIBUTED_AFTER.match(text, k + len(f.text)) is not None


ATTRIBUTION_REACH = 80


METRIC_NAME_REACH = 24
_CLAUSE_ENDS = re.compile(r"[。！？；;!?\n,，、]|\. ")
_FIGURE = re.compile(r"[0-9]")
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
        if w in METRIC_NAMES and not _FIGURE.search(text, m.end(), f.pos):
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
        return f
    setting = tuple(n for n in f.setting if n != metric)
    return dataclasses.replace(f, thing=metric, setting=setting)


def _score_like(value: str) -> bool:
    """A share (`86.22%`) or a bare score in points (`81.7`: from 1 to 100, with a decimal)."""
    unit = unit_of(value)
    if unit == "%":
        return True
    if unit != "":
        return False
    try:
        x = float(value)
    except ValueError:
        return False
    return "." in value and 1.0 <= x <= 100.0


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
    if not _score_like(f.value) or not _stands_alone(f, text):
        return f
    return dataclasses.replace(f, thing=IMPLICIT)


def _stands_alone(f: Fact, text: str) -> bool:
    """Whether a figure is written as a result of its own: no word right after it, no change
    right before it."""
    k = text.find(f.text, max(0, f.pos - 4)) if f.text else -1
    if k < 0:
        return False
    if _WORD_NEXT.match(text, k + len(f.text)):
        return False
    return _CHANGE_BEFORE.search(text, max(0, k - 12), k) is None


def in_context(facts: Sequence[Fact], raw: str) -> list[Fact]:
    """The text's facts with its figures read in context (module doc): a time per unit, the
    setting written before a result that names none, figures quoted from others dropped."""
    if not any(f.kind == "quantity" for f in facts):
        return list(facts)
    text = nfkc(raw)  # the positions the fact index gives are the NFKC text's
    names = [f for f in facts if f.kind == "name"]
    out: list[Fact] = []
    for f in facts:
        if f.kind != "quantity":
            out.append(f)
            continue
        if quoted(f, text) or denied(f, text):
            continue
        f = named_metric(done_share(per_unit(tabled(f, text, names), text), text), text)
        f = series(f, text, names)
        if not f.setting and (unit_of(f.value) or f.thing in SCORES) and is_measure(f.thing):
            f = dataclasses.replace(f, setting=_written_before(f, text, names))
        elif len(f.setting) == 1 and is_measure(f.thing):
            # a result whose sentence names one thing only (its benchmark: `PoseBusters v2 成功率
            # 72.7%`) is of what the text's title names too (`AlphaFold 3 在 PoseBusters 上`)
            f = dataclasses.replace(f, setting=_with_title(f, text, names))
        f = implicit_score(listed(f, text, names), text)
        out.append(f)
    return out


_LIST_ITEM = re.compile(r"[ \t]*(?:[-*•+]|[0-9]{1,2}[.)、])\s")
_TABLE_RULE = re.compile(r"\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*")


def table_cell(text: str, pos: int) -> tuple[list[str], list[list[str]], int, int, int] | None:
    """The Markdown table holding `pos`, if `pos` is in one of its data rows: its header cells,
    its data rows' cells, the row and column of `pos`, and where the table starts."""
    line = text.rfind("\n", 0, pos) + 1
    if not text.startswith("|", line):
        return None
    start = line
    while start > 0:
        prev = text.rfind("\n", 0, start - 1) + 1
        if not text.startswith("|", prev):
            break
        start = prev
    end = line
    while end < len(text) and text.startswith("|", end):
        nxt = text.find("\n", end)
        end = len(text) if nxt < 0 else nxt + 1
    rows = [r for r in text[start:end].split("\n") if r.startswith("|")]
    if len(rows) < 3 or not _TABLE_RULE.fullmatch(rows[1]):
        return None  # a table has a header and its rule line
    cells = [[c.strip() for c in r.strip().strip("|").split("|")] for r in rows]
    offsets = []
    k = start
    for r in rows:
        offsets.append(k)
        k += len(r) + 1
    row = max(i for i, o in enumerate(offsets) if o <= pos)
    if row < 2:
        return None
    column = text.count("|", offsets[row], pos) - 1
    return cells[0], cells[2:], row - 2, column, start


_SERIES_LEAD = re.compile(r"[：:]")
_SERIES_SEP = re.compile(r"[；;]")
_STOP = re.compile(r"[。！？!?]|\.(?:\s|$)")  # a sentence's end
_MEMBER_OPENS = re.compile(r"[A-Za-z\u0391-\u03c9]")


def series_member(text: str, pos: int) -> tuple[int, int, int] | None:
    """Where the series holding `pos` has its lead (from its line's start to its colon) and
    where the member holding `pos` starts, if `pos` is in one: a line whose lead has no figure,
    then members parted by `；`, two at least, each opening with a name in Latin or Greek letters
    and holding a figure (`平均成功率：SpatialVLA 42.7%；π0 40.1%`); a sentence that goes on after
    a figure (`…：FA4 …，测得 1,390 TFLOPS；博客认为…`) is prose, not a series."""
    line = text.rfind("\n", 0, pos) + 1
    colons = list(_SERIES_LEAD.finditer(text, line, pos))
    if not colons:
        return None
    lead_end = colons[-1].start()
    if _FIGURE.search(text, line, lead_end):
        return None  # a lead with figures of its own is a sentence, not a series' heading
    if _STOP.search(text, lead_end, pos):
        return None  # the colon is another sentence's
    end = text.find("\n", pos)
    end = len(text) if end < 0 else end
    stop = _STOP.search(text, pos, end)
    end = stop.start() if stop else end
    members = _SERIES_SEP.split(text[lead_end + 1 : end])
    members = [m.strip() for m in members if m.strip()]
    if len(members) < 2 or not all(_FIGURE.search(m) and _MEMBER_OPENS.match(m) for m in members):
        return None  # each member a name and its figure (`GR-1 3.06`), else it is prose
    seps = list(_SERIES_SEP.finditer(text, lead_end, pos))
    return line, lead_end, seps[-1].end() if seps else lead_end + 1


def series(f: Fact, text: str, names: Sequence[Fact]) -> Fact:
    """A figure in a series its line's lead names the measure of, its members parted by `；`
    (`WidowX 四任务平均成功率：SpatialVLA 42.7%；π0（…）40.1%；Octo-Base 16.0%`): a figure no word
    names a measure of takes the lead's, and the lead's names join its setting, as a list's
    lines do (`listed`); each member stays of the name it opens with."""
    if f.kind != "quantity" or is_measure(f.thing):
        return f
    found = series_member(text, f.pos)
    if found is None:
        return f
    line, lead_end, start = found
    member = text[start : f.pos].lstrip().casefold()
    if not any(n.thing and member.startswith(n.thing) for n in names):
        return f  # each member opens with what it is of (`SpatialVLA 42.7%`), else it is prose
    measure = metric_before(text, line, lead_end)
    if not is_measure(measure):
        return f
    # the fact index keeps a name at its first place in the text: the lead is searched for them
    lead = text[line:lead_end].casefold()
    around = {n.thing for n in names if n.thing and _written_in(n.thing, lead)}
    around = {y for y in around if not any(variants(x, y) for x in f.setting)}
    setting = tuple(sorted((set(f.setting) | around) - {measure} - MEASURES))
    return dataclasses.replace(f, thing=measure, setting=setting)


def _written_in(name: str, low: str) -> bool:
    """Whether `low` (casefolded) writes `name` as a word of its own."""
    return re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", low) is not None


def tabled(f: Fact, text: str, names: Sequence[Fact]) -> Fact:
    """A figure in a Markdown table's cell (`| 8192 | 702 TFLOPS | 760 TFLOPS |`) is measured in
    what its column's header names (`Triton v3.6.0`) and what the text before the table and its
    title name (the setup: `H100 SXM, FP16 inputs`), but for the other columns' names (a table's
    columns are values of one dimension: `cuBLAS` is not `Triton`)."""
    found = table_cell(text, f.pos)
    if found is None:
        return f
    header, _, _, column, start = found
    if not 0 <= column < len(header):
        return f

    def named(cell: str) -> set[str]:
        low = cell.casefold()
        return {n.thing for n in names if n.thing and _written_in(n.thing, low)}

    mine = named(header[column])
    others = set().union(*(named(h) for i, h in enumerate(header) if i != column)) - mine
    lead = text.rfind("\n\n", 0, max(0, start - 1))
    title = text.find("\n")
    title = len(text) if title < 0 else title
    before = {n.thing for n in names if lead <= n.pos < start or n.pos < title}
    setting = (set(f.setting) | mine | before) - others - MEASURES - {f.thing}
    return dataclasses.replace(f, setting=tuple(sorted(setting)))


_WORD = re.compile(r"[A-Za-z][A-Za-z0-9@^_\-]*")


def _measures_in(text: str, lo: int, hi: int) -> set[str]:
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


def listed(f: Fact, text: str, names: Sequence[Fact]) -> Fact:
    """A figure in a list item (`- SenseVoice-Small：2.96（作者自述）；`) is of what the list's
    lead says (`AISHELL-1：…，test 集 7,176 句。CER（test）：`): a figure no word names a measure
    of takes the one measure the lead names, else the one its text's title names (`LibriSpeech
    与英文 WER` over `- Parakeet-TDT-0.6B-v2：test-clean 1.69、test-other 3.19`); and it is
    measured in the lead's setting: the names of the lead and of the title join its own. A list
    whose lead and title name no measure, or several, leaves its figures as they are. A figure
    in another unit (`- 解码：62 token/s`) keeps its own measure and takes the lead's setting."""
    if f.kind != "quantity":
        return f
    line = text.rfind("\n", 0, f.pos) + 1
    if not _LIST_ITEM.match(text, line):
        return f
    # the lead: the block of text before the list's first item
    k = line
    while k > 0:
        prev = text.rfind("\n", 0, k - 1) + 1
        if not text[prev : k - 1].strip() or _LIST_ITEM.match(text, prev):
            k = prev
            continue
        break
    lead_end = k - 1 if k > 0 else 0
    lead = text.rfind("\n\n", 0, lead_end) + 2 if k > 0 else 0
    lead = max(lead, 0)
    title = text.find("\n")
    title = len(text) if title < 0 else title
    thing = f.thing
    if unit_of(f.value) not in ("", "%"):
        if not thing:
            return f
    elif not is_measure(thing):
        named = _measures_in(text, lead, lead_end) or _measures_in(text, 0, title)
        if len(named) > 1:
            return f
        # a lead naming no measure (`MMBench-V1.1 en test：`) names the benchmark the list
        # scores: its figures are that benchmark's score (`implicit_score`)
        thing = next(iter(named)) if named else IMPLICIT
        if thing == IMPLICIT and not (_score_like(f.value) and _stands_alone(f, text)):
            return f
    around = {n.thing for n in names if lead <= n.pos < lead_end or n.pos < title}
    # the lead's other values of one dimension are the list's other figures' (`test-clean /
    # test-other` over `test-other 3.19`)
    around = {y for y in around if not any(variants(x, y) for x in f.setting)}
    setting = tuple(sorted((set(f.setting) | around) - {thing} - MEASURES))
    return dataclasses.replace(f, thing=thing, setting=setting)


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


def _with_title(f: Fact, text: str, names: Sequence[Fact]) -> tuple[str, ...]:
    """A figure's setting with the names of the text's title (its first line), measures out."""
    title = text.find("\n")
    title = len(text) if title < 0 else title
    if f.pos < title:
        return f.setting
    around = {n.thing for n in names if n.pos < title} - MEASURES - METRIC_NAMES - {f.thing}
    around = {y for y in around if not any(variants(x, y) for x in f.setting)}
    return tuple(sorted(set(f.setting) | around))


def _written_before(f: Fact, text: str, names: Sequence[Fact]) -> tuple[str, ...]:
    """The setting of a measured figure (a unit, and a word naming its measure: `facts.md`)
    whose sentence names nothing: the names of its paragraph before that sentence and of the
    text's title (its first line); none when the sentence names something (a part of it that
    names nothing is another figure's neighbour, not a result). A bare number (`batch size 1`)
    is a count or a parameter, and a figure after a word that names no measure (`恶化 33%`) may
    be anything: neither is carried."""
    cut = list(_ENDS.finditer(text, max(0, f.pos - 400), f.pos))
    start = cut[-1].end() if cut else 0
    after = _ENDS.search(text, f.pos)
    end = after.start() if after else len(text)
    # the first occurrence of each name is all the facts keep: a name in the sentence may be
    # one written earlier too, so the sentence itself is searched for the names
    if any(n.text and n.text in text[start:end] and n.thing not in MEASURES for n in names):
        return ()  # (its own measure, `I get a CER of 3.48%`, names no setting)
    para = text.rfind("\n\n", 0, start) + 1
    title = text.find("\n")
    title = len(text) if title < 0 else title
    return tuple(
        sorted({n.thing for n in names if para <= n.pos < start or n.pos < title} - {f.thing})
    )
