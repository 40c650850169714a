"""The facts of one text: named things, versions, dates, quantities with their setting, ids.

What a summary in other words, or in another language, keeps of its material is its facts: the
names (`SGLang`, `pgvector`, `late chunking`), the versions (`v0.5.21`), the dates (`9/22`,
`2026年7月`), the figures with their unit and what they measure (`recall@10 +12%` on `BEIR` with
`bge-m3`) and the ids (`2601.21204`, a URL). docs/facts.md says how the index uses them.

- **names**: Latin words that look like a proper name (a capital, a digit, or `.`/`-`/`_`/`+`
  inside: `SGLang`, `llama.cpp`, `bge-m3`) and are no common word, and every phrase of
  `vocabulary` (the living document's own names, lowercase and multi-word ones included) found
  in the text;
- **versions**: `v1.2.1`, `0.5.22.dev`, `Dynamo 1.3` — of the (longest) name written right before
  them, else of the text's first name (its heading's); again under a package's or former name
  the text gives that project (`_aliased`);
- **dates**: every written form `core.claims.dates` reads;
- **quantities**: a number with a unit (`%`, `×`, `倍`, `ms`, `tok/s`, `B`, `GB` …), its *metric*
  (the word right before it: `recall@10`, `TTFT`, `吞吐`) and its *setting* (the other names of its
  sentence: the model, the dataset);
- **ids**: arXiv ids and URLs, each the text's *subject* (in its heading or first line, or its own
  card's front matter) or only *cited* (anywhere else: a baseline, a "see also").

Every finder is one `finditer` over the text with patterns that cannot backtrack (no nested
repetition), so the cost is linear in the text.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from operator import add
from typing import Literal

from ..claims.aliases import REACH as ALIAS_REACH
from ..claims.aliases import other_names
from ..claims.dates import date_of, iter_dates
from ..claims.lexicon import CURRENT_EN, CURRENT_ZH, NOT_NAMES
from ..claims.versions import parse_version
from ..text.identifiers import find_arxiv, find_urls, normalize_url
from ..text.normalize import nfkc
from .numerals import approximate, worded

FACTS_VERSION = "34"  # bump when what a text yields changes: cached facts are keyed by it

FactKind = Literal["name", "version", "date", "quantity", "id"]

# a Greek letter opens a name only with a digit after it (`π0`, `π0-FAST`, `π0.5`); alone it is
# a symbol (`Kendall τ`)
_NAME = re.compile(
    r"(?=[A-Za-z\u0391-\u03c9])(?<![A-Za-z0-9_@\u0391-\u03c9])"
    r"(?:[A-Za-z][A-Za-z0-9]*|[\u0391-\u03c9][0-9][A-Za-z0-9]*)(?:[.\-_+@][A-Za-z0-9]+)*"
)
_URL_MASK = re.compile(r"https?://[^\s)）>\]]+")
# a file's path (`inbox/kai/2026-11-16T0950-critical-read.md`, a brief's 来源 line): a name,
# not a statement; a date or a figure in it is none (blanked like a URL)
_PATH_MASK = re.compile(
    r"(?=[A-Za-z0-9_.\-])(?<![A-Za-z0-9_.\-/])[A-Za-z0-9_.\-]+/[A-Za-z0-9_.\-/]*?"
    r"\.(?:md|markdown|txt|ya?ml|json|pdf|html?)(?![A-Za-z0-9])"
)
_VERSION_LIKE = re.compile(r"[vV]?[0-9][0-9.]*[A-Za-z0-9]*")
_VERSION = re.compile(
    r"(?=[vV0-9])(?<![A-Za-z0-9_.§#/@=\-])(?P<v>[vV])?(?P<num>[0-9]{1,4}(?:\.[0-9]{1,4}){1,3})"
    r"(?P<pre>(?:[.\-]?(?:dev|rc|post|alpha|beta)[0-9]*)?)(?![A-Za-z0-9_%×]|\.[0-9xX*])"
)  # `v0.5.x` / `0.5.*` is a release line, not a release: no version
# a project and its release in one word (`verl0.7.2`, `SGLang-v0.5.3`): three parts, since two
# are a model's own number (`Qwen3.5`, `DeepSeek-V4.1`)
_GLUED = re.compile(r"([A-Za-z][A-Za-z0-9_]*?[A-Za-z])[-_]?[vV]?([0-9]{1,4}(?:\.[0-9]{1,4}){2,3})")
# a pinned requirement (`peft==0.17.2`, `trl>=0.31`, `torch~=2.5.1`)
_PINNED = re.compile(
    r"(?=[A-Za-z])(?<![A-Za-z0-9_.\-])([A-Za-z][A-Za-z0-9_\-]*[A-Za-z0-9])\s?(?:===?|>=|~=|<=|!=)\s?v?"
    r"([0-9]{1,4}(?:\.[0-9]{1,4}){1,3})(?![0-9A-Za-z]|\.[0-9])"
)
# a word, a word saying which release is current, then the release (`peft 稳定版为 v0.18.0`,
# `peft latest v0.18.0`, `ROCm 稳定版为 7.2.0`): the word is the project — a lowercase one
# whatever it is, another where it is already a name
_LOWER_CURRENT = re.compile(
    r"(?=[A-Za-z])(?<![A-Za-z0-9_.\-/@])([A-Za-z][A-Za-z0-9_\-]*[A-Za-z0-9])\s?(?:当前|目前|现行)?\s?"
    rf"(?:{CURRENT_ZH}|(?i:{CURRENT_EN}))\s?[为是:：]?\s?(v?[0-9]{{1,4}}(?:\.[0-9]{{1,4}}){{1,3}})"
    r"(?![A-Za-z0-9_%×]|\.[0-9])"
)
# a lowercase word right before a three-part release (`vllm 0.11.2`, `peft 0.17.2`)
_LOWER_OWNED = re.compile(
    r"(?=[a-z])(?<![A-Za-z0-9_.\-/@])([a-z][a-z0-9_\-]*[a-z0-9])[ ]"
    r"([0-9]{1,4}(?:\.[0-9]{1,4}){2,3})"
    r"(?![A-Za-z0-9_%×]|\.[0-9])"
)
# a lowercase word right after a label's colon, before a release (`Tools: sglang v0.5`, `框架：
# vllm 0.9`): after a label things are written as they are spelled, so the word is the project
_LABEL_OWNED = re.compile(
    r"(?<=[:：])[ ]?([a-z][a-z0-9_\-]*[a-z0-9])[ ](v?[0-9]{1,4}(?:\.[0-9]{1,4}){1,3})"
    r"(?![A-Za-z0-9_%×]|\.[0-9])"
)
# what every match of `_LOWER_CURRENT` holds: without it, that expression (which tries every
# word of the text) finds nothing. CURRENT_FIRST: every character a word of CURRENT_ZH or
# CURRENT_EN can start with (`ſ` is an `s` to `(?i:)`), looked ahead for first, so the search
# does not try each alternative at every position (tests/unit/test_facts_speed.py checks the
# lexicon's words against it)
CURRENT_FIRST = "当稳正最现LlCcNnSsMmſ"
_CURRENT_WORD = re.compile(rf"(?=[{CURRENT_FIRST}])(?:{CURRENT_ZH}|(?i:{CURRENT_EN}))")
_LABEL_WORDS = frozenset({"got", "avg", "mean", "median", "max", "min", "sum", "total", "ratio"})
_VERSION_WORD = re.compile(r"(?i:version|release|版本|版)\s*$")
_MAYBE_DATE = re.compile(
    r"(?=[0-9]|(?i:[jfmasond]))"  # every first character of a match: the other positions fail fast
    r"(?:[0-9][-/.年月]|[0-9]\s*月|(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+[0-9]"
    r"|[0-9](?i:st|nd|rd|th)?\s+(?i:of\s+)?(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))"
)  # `24 Nov`, `24th of November`: the day first
# a number, with thousands separators (`1,240` is one figure, not `1`)
_NUM = r"[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?"
_BARE = re.compile(rf"(?=[0-9])(?<![0-9.,])(?:{_NUM})(?![0-9%×A-Za-z])")
_ARXIV_NUM = re.compile(r"[0-9]{4}\.[0-9]{4,5}")
_QUANTITY = re.compile(
    # the look-behind starts a figure only at the start of a run of digits: one attempt per run;
    # the look-ahead (every first character a match can have) rejects any other position in one
    # test instead of trying every sign there
    # (a comma only after a digit: `1,240`; `，0.3B` is NFKC's `,0.3B`, a figure after a comma)
    # (a time may be one word with its figure, `a 10-second prompt`; not `4-bit`, a setting)
    r"(?=[+\-−±~≈>≥<≤约超\s0-9])"
    r"(?P<sign>[+\-−±~≈>≥<≤]|约|超过|超)?\s?(?<![0-9.])(?<![0-9],)(?P<num>" + _NUM + r")"
    r"(?:\s|-(?=(?:second|minute|hour)(?![A-Za-z])))?"
    r"(?P<unit>%|×|倍|x(?![A-Za-z])|ms|s(?![A-Za-z])|tok/s|tokens?/s"
    r"|(?:output |input )?tokens per second|tps|qps|[GT]B/s|[GTP]FLOPS(?![A-Za-z])"
    r"|GB|GiB|MB|TB|bit|pp|pts?(?![A-Za-z])|percentage points?(?![A-Za-z])|个百分点|百分点"
    r"|[BKMT](?![A-Za-z])|k(?![A-Za-z0-9])|美元|美分|美金|欧元|人民币|元|刀"
    r"|(?:(?i:usd|eur|cny|rmb)|dollars?)(?![A-Za-z])"
    r"|(?:times|percent|minutes?|min|hours?|seconds?|sec|[μu]s|ns)(?![A-Za-z])|h(?![A-Za-z0-9])"
    r"|分钟|小时|毫秒|微秒|纳秒|秒)"
)
# a price written with its currency first (`$0.02`, `US$ 5`, `¥0.5`, `€3`)
_PRICE = re.compile(
    r"(?P<cur>US\$|\$|¥|￥|€|(?<![A-Za-z])(?:USD|EUR|CNY|RMB)(?=\s?[0-9]))\s?"
    r"(?P<num>" + _NUM + r")(?![0-9])"
)  # `$1,200` is one figure, `USD 65` a price as much as `$65`
_CODE_FIRST = re.compile(r"(?:USD|EUR|CNY|RMB)\s?[0-9]")  # `USD 65`: a price, code first
# a range of two whole numbers (`20–30 Elo`, `2–4 周`): one figure, as specific as a decimal
_RANGE = re.compile(
    r"(?=[0-9])(?<![0-9.\-–~～])([0-9]{1,5})\s?[–~～]\s?([0-9]{1,5})(?![0-9.\-–~～])"
)
# the low end of a range written before a figure with its unit (`2–4 ms`, `3~5 倍`, `3 到 5 倍`):
# a whole number or a decimal, a range mark, then the figure (`2026-11-04` is a date, not `-`)
_RANGE_LOW = re.compile(
    r"(?<![0-9.\-–~～])(?<![0-9],)(" + _NUM + r")\s?(?:[–~～]|到|至)\s?[~约]?\s?\Z"
)
_MAY_RANGE = re.compile(r"[–~～到至]")
_ITEM_WORDS = re.compile(r"(?i:items?|entries|entry|第|条|§|#|no\.)\s*$")
_FILLERS = frozenset(
    " :：=为是达到了约从提升降低下降增加提高至到超过"
)  # between a measure and its figure
_MODEL_NUMBER = re.compile(r"-[0-9]")  # `GR-1`, `RT-2-X`: a model's number, not a measure's
# a verb of spending between a Chinese measure and its figure (`冷编译用了 136 秒`, `只要 11 秒`)
_SPENT = re.compile(r"(?:用了|花了|跑了|只要|需要|只需)\Z")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9@^_\-]*")
_LATIN = re.compile(r"[A-Za-z]")  # a measure's word starts with one
_WORD_CHAR = re.compile(r"[A-Za-z0-9@^_\-]")
# a number word or a share before anything else is tried (most texts have none)
_MAY_BE_WORDED = re.compile(
    r"(?=(?i:[a-z])|[0-9分成倍万亿])"  # every first character of a match: the rest fail fast
    r"(?:(?i:\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty"
    r"|sixty|seventy|eighty|ninety|hundred|twice|double|half|eleven|twelve|[a-z]+teen)\b"
    r"|[0-9]\s+(?:to|in|out|times|thousand|million|billion)\b)|[0-9]\s?[万亿]|分之|成|倍|[万亿])"
)
# a figure right after a measure's word (`pass@1 55.5`, `QPS: 5,300`, `recall@10 为 0.95`)
_FIGURE_NEXT = re.compile(r"[ :：=为是达到了约]{0,3}[0-9]")
METRIC_REACH = 24  # characters before a figure searched for its measure
# English words that name a measure (what a figure after them is of); Chinese takes the word
# right before the figure instead
MEASURES = frozenset(
    {
        "recall",
        "precision",
        "accuracy",
        "throughput",
        "latency",
        "speedup",
        "speed-up",
        "memory",
        "ndcg",
        "mrr",
        "f1",
        "bleu",
        "wer",
        "cer",
        "auc",
        "elo",
        "rouge",
        "perplexity",
        "ppl",
        "cost",
        "ttft",
        "tpot",
        "itl",
        "qps",
        "goodput",
        "utilization",
        "utilisation",
        "bandwidth",
        "energy",
        "efficiency",
        "score",
        "win-rate",
        "error-rate",
        "success-rate",
        "pass-rate",
        "refusal-rate",
        "acceptance-rate",
        "failure-rate",
        "params",
        "parameters",
        "context",
        "compression",
        "error",
        "loss",
        "hit-rate",
        "success",
        "size",
        "price",
        "power",
        # speech and audio: real-time factor (and its inverse), speaker similarity, mean opinion
        # score, diarization and equal error rates, as their benchmarks write them
        "rtf",
        "rtfx",
        "sim",
        "mos",
        "utmos",
        "der",
        "eer",
        # collective communication: nccl-tests' bus and algorithm bandwidth (`busbw`, `algbw`)
        "busbw",
        "algbw",
        "bus-bandwidth",
    }
)
# measures benchmarks report as a bare figure (`ANLS 94.1`, `Pearson r 0.62`, `94.1 ANLS`), which
# the fact index keeps as names (they place an item and match its duplicates; as measures they
# did worse): a number right after one is its score, never a release of it (`Pearson 0.48`), and
# the number reader (core.claims.context) gives a figure no measure word names the one written
# right before it in its clause, or right after it
METRIC_NAMES = frozenset(
    {
        "anls",
        "pearson",
        "spearman",
        "kendall",
        "rmsd",
        "rmse",
        "mae",
        "mse",
        "psnr",
        "ssim",
        "lpips",
        "fid",
        "fvd",
        "miou",
        "cider",
        "auroc",
        "auprc",
        "lddt",
        "plddt",
        "tm-score",
        "mfu",
    }
)
# Chinese words that name a measure, as `_metric` keeps them (the last two characters of the
# word before a figure: 召回率 -> 回率): what MEASURES is for English. `_metric` keeps any word
# (`单节点 16 GB`: 节点), which places a figure; only one of these makes it a measured result
ZH_MEASURES = frozenset(
    {
        "召回",
        "回率",
        "准确",
        "确率",
        "精度",
        "精确",
        "吞吐",
        "吐量",
        "延迟",
        "时延",
        "耗时",
        "用时",
        "时间",
        "内存",
        "显存",
        "存储",
        "占用",
        "成本",
        "价格",
        "费用",
        "单价",
        "售价",
        "速度",
        "速率",
        "加速",
        "提速",
        "得分",
        "分数",
        "均分",
        "平均",
        "均值",
        "中位",
        "胜率",
        "命中",
        "中率",
        "错误",
        "误率",
        "损失",
        "困惑",
        "提升",
        "下降",
        "降低",
        "提高",
        "增加",
        "减少",
        "增长",
        "压缩",
        "带宽",
        "功耗",
        "能耗",
        "开销",
        "准率",
        "功率",
        "效率",
        "指标",
        "性能",
        "峰值",
        "分位",
    }
)


# a line that opens a post appended to the text later (`Update (11-28):`, `EDIT:`,
# `更新（11-28）：`, `追记：`): what follows was written after the rest, its figures are later
_APPENDED = re.compile(
    r"(?m)^[ \t>*#\-•]*(?:(?i:update[ds]?|edit(?:ed)?|upd)|更新|追加|追记|补充|后续)\s?"
    r"(?:[(（][^()（）\n]{1,20}[)）]|[0-9][0-9/\-.月日 ]{0,11})?\s?\**\s?[:：]"
)


def appended_at(text: str) -> int:
    """Where the first post appended to `text` starts (a line `Update (11-28):`, `更新：` …), at
    the positions `extract` gives facts (the text made NFKC); -1 when none is."""
    m = _APPENDED.search(nfkc(text))
    return m.start() if m else -1


# words before `rate` that name no measure (`the rate`, `at a rate`, `its rate`)
_NOT_RATE = frozenset(
    {"the", "a", "an", "this", "that", "its", "their", "our", "my", "same", "at", "of", "and"}
)


def rate_measure(verb: str) -> str:
    """The measure a rate named by its verb is (`prove rate`, `resolve rate`, and the share of a
    count of what was done, `151/244 proved, 61.9%`): `<stem>-rate`, the verb without its
    `-ed` or `-e`, so that the noun's and the participle's forms meet (docs/facts.md)."""
    w = verb.casefold()
    if w.endswith("ed") and len(w) > 4:
        w = w[:-2]
    elif w.endswith("e") and len(w) > 3:
        w = w[:-1]
    return f"{w}-rate"


def _cut_off(word: str) -> bool:
    """Whether a word is a measure at a cut-off or a count of attempts: `recall@10`, `pass@1`,
    `pass^4` (all four attempts succeed), as benchmarks write them."""
    return "@" in word or "^" in word


def is_measure(thing: str) -> bool:
    """Whether a figure's measure (`Fact.thing`) names one: an English measure word or one with
    `@` (`_metric` reads no other Latin word but an abbreviation: `TTFT`), or a Chinese word of
    ZH_MEASURES."""
    if not thing:
        return False
    return thing in ZH_MEASURES if not thing.isascii() else True


_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{2,}$")
# a release right after a word (`Tessel v2.4.0, H100 …` opening a sentence or a table's cell):
# the word is the project it is of, a name though only capitalised
RELEASE_AFTER = re.compile(r"\s?v?[0-9]+\.[0-9]+(?:\.[0-9]+)*(?![0-9A-Za-z%×])")
_CJK_AFTER = re.compile(r" ?[\u4e00-\u9fff]")
_SENTENCE_END = re.compile(r"[。！？；;!?\n]|\. ")
_CITE_CUES = (
    "baseline",
    "基线",
    "对比",
    "相比",
    "比较",
    "对照",
    "compared",
    " vs",
    "versus",
    "see also",
    "参见",
    "另见",
    "cf.",
    "builds on",
    "基于",
    "extends",
    "引用",
    "cites",
    "prior work",
    "前作",
    "than ",
    "over ",
)
CITE_WINDOW = 40  # characters before an id searched for a citing word
# a project's issue, pull request or design proposal number (`DEP #17649`, `PR #4321`): three
# digits or more, so that an item's own `#2` is none; inside a path or a word it is none either
_ISSUE = re.compile(r"(?<![A-Za-z0-9_./#\-])#([0-9]{3,7})(?![0-9A-Za-z_])")
# quantity units that are one thing written several ways
_UNITS = {
    "x": "×",
    "倍": "×",
    "times": "×",
    "percent": "%",
    "pt": "pp",  # a difference of percentages, in points: `+6 pts`, `8.8 个百分点`
    "pts": "pp",
    "percentage point": "pp",
    "percentage points": "pp",
    "个百分点": "pp",
    "百分点": "pp",
    "k": "K",
    "tokens/s": "tok/s",
    "token/s": "tok/s",
    "tokens per second": "tok/s",
    "output tokens per second": "tok/s",
    "input tokens per second": "tok/s",
    "tps": "tok/s",
    "GiB": "GB",
    "minute": "min",
    "minutes": "min",
    "分钟": "min",
    "hour": "h",
    "hours": "h",
    "小时": "h",
    "second": "s",
    "seconds": "s",
    "sec": "s",
    "秒": "s",
    "毫秒": "ms",
    "us": "μs",
    "微秒": "μs",
    "纳秒": "ns",
}
# units that are a measurement by themselves, as `_UNITS` writes them: a duration or a rate is
# what a run measured, though no word names the measure (`takes 410 ms`); not hours (`350 小时`
# of a dataset is its size), nor a size (`64 GB`)
MEASURED_UNITS = frozenset(
    {"ms", "s", "min", "μs", "ns", "tok/s", "qps", "QPS", "GB/s", "TB/s", "TFLOPS", "PFLOPS"}
)

# units the name reader takes for names (`64 GB`, `80 GiB`): a figure's, never a setting's
UNIT_WORDS = frozenset(
    {"gb", "gib", "mb", "mib", "tb", "tib", "kb", "ms", "gflops", "tflops", "pflops"}
)
# a table column's unit, written in brackets at the end of its header (`总耗时（s）`,
# `hot total (s)`, `p99 (ms)`, `吞吐 (tok/s)`): its cells are figures in it
_HEADER_UNIT = re.compile(
    r"[(（]\s*(?P<unit>%|×|倍|x|ms|s|sec|seconds?|min|minutes?|h|hours?|秒|毫秒|分钟|小时|[μu]s"
    r"|tok/s|tokens?/s|qps|QPS|[GT]B/s|[GTP]FLOPS|GB|GiB|MB|TB)\s*[)）]\s*$"
)


def header_unit(header: str) -> str | None:
    """The unit a table column's header gives its cells, as a figure's unit is written
    (`总耗时（s）` -> `s`, `延迟 (毫秒)` -> `ms`), else None."""
    m = _HEADER_UNIT.search(header)
    if m is None:
        return None
    unit = m.group("unit")
    return _UNITS.get(unit, unit)


# currencies: a figure in one is a price, whatever word stands before it (docs/facts.md)
_CURRENCY = {
    "美元": "USD",
    "dollar": "USD",
    "dollars": "USD",
    "$": "USD",
    "US$": "USD",
    "美分": "USD-cent",
    "元": "CNY",
    "¥": "CNY",
    "￥": "CNY",
    "€": "EUR",
    "USD": "USD",
    "EUR": "EUR",
    "CNY": "CNY",
    "RMB": "CNY",
    "美金": "USD",
    "刀": "USD",
    "欧元": "EUR",
    "人民币": "CNY",
}
CURRENCIES = frozenset(_CURRENCY.values())


@dataclass(frozen=True)
class Fact:
    """One fact as a text states it.

    `thing` and `value` are what compares across texts (casefolded, normalised): a name is
    (`sglang`, ""), a version (`sglang`, `0.5.21`), a date (`sglang`, `2026-09-23`), a quantity
    (`recall@10`, `12%`) with its `setting`, an id (`arxiv:2601.21204`, "")."""

    kind: FactKind
    thing: str
    value: str
    text: str  # as written, for the desk: "SGLang v0.5.21"
    subject: bool = True  # an id: the text's subject, or only cited
    setting: tuple[str, ...] = ()  # a quantity: the other names of its sentence; a version
    # written under another name of its project (`_aliased`): that project
    pos: int = 0  # where in the text
    approx: bool = False  # a quantity written as approximate (`about`, `约`, `左右`, `3 in 4`)

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.kind, self.thing, self.value)


def name_key(name: str) -> str:
    return " ".join(name.casefold().removesuffix("'s").split())


def is_name(word: str) -> bool:
    """A proper name: a capital, a digit or inner punctuation, and no common word."""
    low = word.casefold()
    if low in NOT_NAMES or len(word) < 2 or _VERSION_LIKE.fullmatch(word):
        return False
    return any(c.isupper() or c.isdigit() or c in ".-_+@" for c in word[1:]) or word[0].isupper()


def _is_name_ascii(word: str) -> bool:
    """`is_name` of a word `_NAME` found (ASCII letters, digits and `.-_+@` only), with the
    cheap tests first: the same answer, at a fraction of the cost (it runs on every word)."""
    if len(word) < 2:
        return False
    if word[0] in "vV" and _VERSION_LIKE.fullmatch(word):
        return False  # `_NAME` starts with a letter: only `v1.2` can look like a version
    if word.lower() in NOT_NAMES:
        return False
    rest = word[1:]
    # some capital, digit or inner punctuation after the first letter, or a capital first
    return not (rest.isalpha() and rest.islower()) or word[0].isupper()


@lru_cache(maxsize=8)
def _phrase_index(
    vocabulary: frozenset[str],
) -> tuple[dict[str, tuple[tuple[str, frozenset[str]], ...]], tuple[str, ...]]:
    """The phrases by their first two characters, each with all its character pairs, and the
    phrases shorter than two characters."""
    by: dict[str, list[tuple[str, frozenset[str]]]] = {}
    short: list[str] = []
    for phrase in sorted(vocabulary):
        if len(phrase) >= 2:
            by.setdefault(phrase[:2], []).append((phrase, frozenset(map(add, phrase, phrase[1:]))))
        elif phrase:  # an empty phrase is found nowhere (and would never end the search)
            short.append(phrase)
    return {k: tuple(v) for k, v in by.items()}, tuple(short)


def _phrases_in(low: str, vocabulary: Collection[str]) -> list[str]:
    """The phrases of `vocabulary` whose every pair of adjacent characters occurs in `low` (only
    those can occur in it): one set of the text's character pairs instead of a search per
    phrase."""
    by, short = _phrase_index(
        vocabulary if isinstance(vocabulary, frozenset) else frozenset(vocabulary)
    )
    pairs = set(map(add, low, low[1:]))
    out = list(short)
    for pair in pairs.intersection(by):
        out += [phrase for phrase, grams in by[pair] if grams <= pairs]
    return out


def _title_case(word: str) -> bool:
    """Only the first letter is a capital (`However`): a name only where no sentence starts. A
    word that starts in lower case is not (`qwen2.5-vl-7b` opening a line is the model's name,
    as it is anywhere else in a sentence), nor one with a digit (`Orb-v3 on …` opening a title
    names the model: no English word has a digit)."""
    return word[0].isupper() and word[1:].islower() and not any(c.isdigit() for c in word)


def _opens_sentence(text: str, pos: int) -> bool:
    k = pos - 1
    while k >= 0 and text[k] in " \t":
        k -= 1
    return k < 0 or text[k] in '.!?。！？\n#:：*-•>|(（"“'


def _sentence(text: str, pos: int, starts: list[int]) -> tuple[int, int]:
    k = bisect.bisect_right(starts, pos) - 1
    return starts[k], starts[k + 1] if k + 1 < len(starts) else len(text)


def extract(
    text: str,
    vocabulary: Collection[str] = (),
    subject_ids: Iterable[str] = (),
    *,
    figures_only: bool = False,
) -> list[Fact]:
    """Every fact of `text` (its first line is its heading), in text order.

    `vocabulary`: casefolded names to find whatever their case (the living document's);
    `subject_ids`: ids the text's own card names (`arxiv:<id>`, `url:<url>`): its subject;
    `figures_only`: no dates and no ids (a reader of figures and their settings skips that
    work; the names, versions and figures are the same)."""
    raw = nfkc(text)
    text = _URL_MASK.sub(_blank, raw) if "://" in raw else raw
    text = _PATH_MASK.sub(_blank, text) if "/" in text else text
    first_end = text.find("\n")
    first_end = len(text) if first_end < 0 else first_end
    starts = [0] + [m.end() for m in _SENTENCE_END.finditer(text)]
    out: list[Fact] = []
    names: Named = []
    weak: Named = []
    owned: list[Fact] = []  # versions written glued to their project or pinned (`peft==0.17.2`)
    current: list[tuple[int, int]] = []  # (index in `owned`, end of its word): `X 稳定版为 …`
    for m in _NAME.finditer(text):
        word = m.group(0).rstrip(".-_+/")
        glued = _GLUED.fullmatch(word) if "." in word else None
        if glued and glued.group(1).casefold() not in NOT_NAMES:
            # `verl0.7.2`, `SGLang-v0.5.3`: a project and its release in one word, whatever
            # the project's case
            prefix, at = glued.group(1), m.start() + glued.start(2)
            names.append((m.start(), m.start() + len(prefix), name_key(prefix), prefix))
            owned += _owned_version(name_key(prefix), prefix, glued.group(2), at)
            continue
        if not _is_name_ascii(word):
            continue
        found = (m.start(), m.start() + len(word), name_key(word), word)
        if _title_case(word) and _opens_sentence(text, m.start()):
            # `However` opens a sentence; `Flide:` opens a heading: a name if it says so, and
            # one that opens a Chinese sentence (`Paraformer-large 在 …`: Chinese capitalises
            # no sentence, a word in Latin letters there is a name)
            if (
                text[found[1] : found[1] + 1] in (":", "：", "（", "(")
                or _CJK_AFTER.match(text, found[1])
                or RELEASE_AFTER.match(text, found[1])
            ):
                names.append(found)
            else:
                weak.append(found)
        else:
            names.append(found)
    for m in _PINNED.finditer(text) if "=" in text else ():
        # `peft==0.17.2`, `trl>=0.31`: a requirement names its project's release
        word = m.group(1)
        if word.casefold() not in NOT_NAMES:
            names.append((m.start(1), m.end(1), name_key(word), word))
            owned += _owned_version(name_key(word), word, m.group(2), m.start(2))
    named = {n[2] for n in names}
    for m in _LOWER_CURRENT.finditer(text) if "." in text and _CURRENT_WORD.search(text) else ():
        # the release belongs to the project written before the word saying it is current, not
        # to what the text names first (`… AMD … ROCm 稳定版为 7.2.0` is ROCm's)
        word = m.group(1)
        if (
            word not in NOT_NAMES
            and word not in MEASURES
            and (word.islower() or name_key(word) in named)
        ):
            names.append((m.start(1), m.end(1), name_key(word), word))
            got = _owned_version(name_key(word), word, m.group(2), m.start(2))
            if got:
                current.append((len(owned), m.end(1)))
            owned += got
    for m in _LOWER_OWNED.finditer(text) if "." in text else ():
        # `vllm 0.11.2`: a lowercase word right before a release of three parts is its project
        word = m.group(1)
        if word not in NOT_NAMES and word not in MEASURES and not word.endswith(("ing", "ed")):
            names.append((m.start(1), m.end(1), name_key(word), word))
    for m in _LABEL_OWNED.finditer(text) if "." in text and (":" in text or "：" in text) else ():
        word = m.group(1)
        if (
            word not in NOT_NAMES
            and word not in MEASURES
            and not _cut_off(word)
            and word not in _LABEL_WORDS
            and not word.endswith(("ly", "ing", "ed"))
        ):  # `Score: roughly 0.9`, `Result: got 0.91`: a word, then a figure
            names.append((m.start(1), m.end(1), name_key(word), word))
    strong = {n[2] for n in names}
    names += [w for w in weak if w[2] in strong]
    names = sorted(set(names))
    if vocabulary:
        low = text.casefold()
        for phrase in _phrases_in(low, vocabulary):
            k = low.find(phrase)
            while k >= 0:
                end = k + len(phrase)
                edge_ok = (k == 0 or not low[k - 1].isalnum() or not phrase[0].isascii()) and (
                    end == len(low) or not low[end].isalnum() or not phrase[-1].isascii()
                )
                if edge_ok:
                    names.append((k, end, phrase, text[k:end]))
                k = low.find(phrase, end)
        names.sort()
    seen_names: set[str] = set()
    for s, _, key, word in names:
        if key not in seen_names:
            seen_names.add(key)
            out.append(Fact("name", key, "", word, pos=s))
    name_starts = [n[0] for n in names]
    for k, end in current if len(owned) else ():
        # `Megatron Core 稳定版 0.15.0`: the word before `稳定版` ends a longer name (one of the
        # living document's), whose release it is (`_name_before`)
        longest = min((n for n in names if n[1] == end), default=None)
        if longest is not None and longest[2] != owned[k].thing:
            written = owned[k].text.split(" ", 1)[-1]
            owned[k] = replace(owned[k], thing=longest[2], text=f"{longest[3]} {written}")
    taken = {f.pos for f in owned}
    versions = [f for f in _versions(text, names, name_starts) if f.pos not in taken] + owned
    if versions and ("包" in text or "(" in text or "（" in text or "as " in text):
        versions += _aliased(text, versions)
    out += versions
    if not figures_only:
        out += _dates(text, names, name_starts, versions)
    out += _quantities(text, names, starts, {f.pos for f in versions})
    if not figures_only:
        out += _ids(raw, first_end, frozenset(subject_ids), text)
    out.sort(key=lambda f: f.pos)
    return out


Named = list[tuple[int, int, str, str]]  # start, end, key, as written
_ENCLOSING = 4  # names before one searched for a longer name ending where it ends


def _aliased(text: str, versions: list[Fact]) -> list[Fact]:
    """The versions a text states again under another name of their project it gives
    (`claims.aliases.other_names`: `HELM 正式版为 v1.0.0 …，pip 包名 `crfm-helm``): the release
    of a package is its project's, so `crfm-helm 0.5.12` elsewhere is a release of this HELM.
    Its setting is that project (`helm`): what a clash of it is about."""
    out = []
    by_pos = sorted(versions, key=lambda f: f.pos)
    for alias, at in other_names(text):
        lo = max(0, at - ALIAS_REACH, text.rfind("\n\n", 0, at) + 1)
        last = next((f for f in reversed(by_pos) if lo <= f.pos < at), None)
        key = name_key(alias)
        if last is not None and key != last.thing and key:
            out.append(
                Fact(
                    "version",
                    key,
                    last.value,
                    f"{alias} {last.value}",
                    setting=(last.thing,),
                    pos=at,
                )
            )
    return out


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group(0))


def _name_before(
    names: Named, starts: list[int], pos: int, reach: int, text: str | None = None
) -> tuple[str, str, int] | None:
    """The closest name ending at most `reach` characters before `pos` (with `text`: only
    spaces between them); of names ending there, the longest: `Megatron Core 0.16.0` is a
    release of Megatron Core, not of a `Core`, and `pg_duckdb v1.2.0` one of pg_duckdb, not of
    DuckDB (a name's last part is a name too, for the headings that write it alone)."""
    k = bisect.bisect_left(starts, pos) - 1
    while k >= 0:
        s, e, key, word = names[k]
        if e <= pos and pos - e <= reach:
            if text is not None and text[e:pos].strip():
                return None
            for s2, e2, key2, word2 in reversed(names[max(0, k - _ENCLOSING) : k]):
                if e2 == e and s2 < s:
                    s, key, word = s2, key2, word2
            return key, word, s
        if pos - e > reach:
            return None
        k -= 1
    return None


def _owned_version(key: str, word: str, written: str, pos: int) -> list[Fact]:
    """The version fact of a release written with its project (`verl0.7.2`, `peft==0.17.2`)."""
    v = parse_version(written)
    return [Fact("version", key, v.key, f"{word} {written}", pos=pos)] if v else []


# a part of a benchmark's data (`test-clean`, `dev-other`, `test-zh`): what follows is a score
_SPLITS = frozenset({"test", "dev", "val", "valid", "validation", "train"})
# a year and a month (`22.04`, `2025.01`): a calendar release, the one version with a padded part
_CALENDAR = re.compile(r"(?:1[5-9]|[2-3][0-9]|20[0-9]{2})\.0[1-9]")


def _is_split(key: str) -> bool:
    """`test-clean`, `dev-other`: a split of a benchmark (its first part says so; `lm-eval`,
    `pytest-xdist` are projects)."""
    parts = key.split("-")
    return len(parts) > 1 and parts[0] in _SPLITS


def _is_acronym(word: str) -> bool:
    """`STOI`, `PESQ-WB`: capitals only, what a measure's short name is and most projects'
    names are not (`vLLM`, `PyTorch`); `CUDA` is one too, so this alone decides nothing."""
    return len(word) >= 2 and word.replace("-", "").isalpha() and word.isupper()


def _written_as_figure(num: str) -> bool:
    """A two-part number no release is written as: a part after the point padded with a zero
    (`0.06`, `4.05`: semantic versions never pad, so `0.06` is no `0.6`; a calendar release,
    `22.04`, is a year and a month) or a fraction of three digits or more (`0.748`)."""
    frac = num.rsplit(".", 1)[1]
    return len(frac) >= 3 or (frac[0] == "0" and len(frac) > 1 and not _CALENDAR.fullmatch(num))


# one `name figure` item of a list (`STOI 0.92`, `WER 为 2.47`, `DER 17.0%`)
_ITEM = re.compile(
    r"(?<![A-Za-z0-9_.@\-])([A-Za-z][A-Za-z0-9@^\-]*)\s?[:：=为]?\s?"
    r"([0-9]{1,4}(?:\.[0-9]{1,4})*)(%?)(?![0-9A-Za-z.])"
)
_LIST_GAP = re.compile(r"\s?(?:[、,;；/]|（[^（）]{0,30}）[、,;；]?|\([^()]{0,30}\)[、,;]?)\s?")


def _listed_scores(text: str) -> set[int]:
    """Where a two-part number stands in a list whose items are figures (`WER 2.47（…）、PESQ-WB
    2.43、STOI 0.92`): a list of scores, where an acronym's number is its measure's; a list with
    a release in it (`NCCL 2.28.3、CUDA 13.0`) is of releases, and keeps them."""
    out: set[int] = set()
    run: list[re.Match[str]] = []
    end = -1

    def close() -> None:
        figure = release = False
        for item in run:
            word, num = item.group(1), item.group(2)
            parts = num.count(".")
            if parts >= 2:
                release = True
            elif (
                item.group(3)
                or _cut_off(word)
                or word.casefold() in MEASURES
                or _is_split(word.casefold())
            ):
                figure = True
            elif parts == 1:
                figure |= _written_as_figure(num)
        if figure and not release and len(run) > 1:
            out.update(item.start(2) for item in run)

    for m in _ITEM.finditer(text):
        if run and not _LIST_GAP.fullmatch(text, end, m.start()):
            close()
            run = []
        run.append(m)
        end = m.end()
    if run:
        close()
    return out


def _versions(text: str, names: Named, name_starts: list[int]) -> list[Fact]:
    out: list[Fact] = []
    if "." not in text:
        return out
    first = names[0] if names else None
    listed: list[set[int]] = []

    def scores() -> set[int]:
        if not listed:  # only a text with an acronym before a number reads its lists
            listed.append(_listed_scores(text))
        return listed[0]

    for m in _VERSION.finditer(text):
        num = m.group("num")
        if _ARXIV_NUM.fullmatch(num) and not m.group("v"):
            continue
        after = text[m.end() : m.end() + 2]
        if after[:1] in ("%", "×", "倍") or after.strip()[:1] in ("%", "×"):
            continue
        v = parse_version(m.group(0))
        if v is None:
            continue
        near = _name_before(names, name_starts, m.start(), 2, text)
        if (
            near is not None
            and not m.group("v")
            and (_cut_off(near[0]) or near[0] in MEASURES or near[0] in METRIC_NAMES)
        ):
            continue  # `recall@10 0.95`, `Pearson 0.48`: a measure's figure, not a version of it
        if (
            not m.group("v")
            and len(v.parts) < 3
            and not v.pre
            and _written_as_figure(m.group("num"))
        ):
            continue  # `0.06`, `0.748`: a decimal no release is written as
        if (
            near is not None
            and not m.group("v")
            and len(v.parts) < 3
            and not v.pre
            and (_is_split(near[0]) or (_is_acronym(near[1]) and m.start() in scores()))
        ):
            continue  # `test-clean 2.6`, `CER 1.2、DER 17.0`: a benchmark's score, no release
        if near is None and not m.group("v") and len(v.parts) < 3 and not v.pre:
            continue  # `1.3` alone is a number; `v1.3`, `0.5.22.dev` are versions
        if (
            near is not None
            and not m.group("v")
            and len(v.parts) < 3
            and not v.pre
            and (any(ch.isdigit() for ch in near[1]) or _listed_variant(text, names, near, m))
        ):
            # a name that carries its own number (`o3`, `DeepSeek-V4.1`, `Qwen3-235B`) is a
            # model, and `o3 85.1` its score on a leaderboard, not a release of it
            continue
        # a version with no name before it is of what the text is about: its first name
        owner = near or ((first[2], first[3], first[0]) if first else None)
        if owner is None:
            continue
        key, word, _ = owner
        out.append(Fact("version", key, v.key, f"{word} {m.group(0)}", pos=m.start()))
    return out


_SPLIT_LIST = re.compile(r"\s?[0-9]+(?:\.[0-9]+)?(?![0-9.])")


# a cloud provider's machine type, casefolded: AWS (`c6a.4xlarge`, `m5.metal`), Google Cloud
# (`n2-standard-8`, `c3-highcpu-22`), Azure (`standard_d4s_v5`)
_MACHINE = re.compile(
    r"[a-z][0-9][a-z0-9-]*\.(?:[0-9]*x?large|metal(?:-[0-9]+xl)?|medium|small|micro|nano)"
    r"|[a-z][0-9][a-z]?-(?:standard|highcpu|highmem|megamem|ultramem|hcpu)-[0-9]+"
    r"|standard_[a-z][0-9]+[a-z]*(?:_v[0-9]+)?"
)


def variants(a: str, b: str) -> bool:
    """Whether two names are values of one dimension: one benchmark's splits (`test-clean`,
    `test-other`; `test-zh`, `test-en`), one family's members (`aishell-1`, `aishell-2`; `h100`,
    `h200`; `qwen3-8b`, `qwen3-32b`; `large-v3`, `large-v3-turbo`): the same but for their digits,
    or the same first part before a dash, each with one; two cloud machine types (`c6a.4xlarge`,
    `c7i.16xlarge`)."""
    if a == b:
        return False
    if _MACHINE.fullmatch(a) and _MACHINE.fullmatch(b):
        return True  # two cloud machines (`c6a.4xlarge`, `m5.xlarge`): another machine
    if "".join(c for c in a if not c.isdigit()) == "".join(c for c in b if not c.isdigit()):
        return any(c.isdigit() for c in a + b)
    if "-" in a and "-" in b:
        return a.split("-", 1)[0] == b.split("-", 1)[0]
    return False


def _listed_variant(text: str, names: Named, near: tuple[str, str, int], m: re.Match[str]) -> bool:
    """Whether a two-part number after a name is a figure of a list of one dimension's values
    (`test-clean 1.69、test-other 3.19`, `test-zh 1.45；test-en 2.57`): another name of its
    sentence, a variant of it (`variants`), is written right before a number too. A release
    line names another project (`vLLM 0.11、SGLang 0.5`), not a split of it."""
    import bisect

    reach = max(0, m.start() - _LIST_REACH), min(len(text), m.end() + _LIST_REACH)
    lo = max(text.rfind(mark, reach[0], m.start()) for mark in ("。", "\n", ". ")) + 1
    lo = max(lo, reach[0])
    hi = min(
        (k for k in (text.find(mark, m.end(), reach[1]) for mark in ("。", "\n", ". ")) if k >= 0),
        default=reach[1],
    )
    for s, e, key, _ in names[bisect.bisect_left(names, (lo,)) : bisect.bisect_left(names, (hi,))]:
        if s != near[2] and variants(key, near[0]) and _SPLIT_LIST.match(text, e):
            return True
    return False


_LIST_REACH = 300  # characters each way searched for a list's other entries


# a release written after its day (`2026年8月发布的 Cilium 1.20`, `10/2 上线的 v0.5`)
_RELEASED_THEN = re.compile(r"\s*(?:正式)?(?:发布|发版|推出|上线)(?:了)?(?:的)?\s*")
_RELEASED_REACH = 40  # characters from `发布的` to the version it dates, the name between
_CLAUSE_MARK = re.compile(r"[，。；：,;:!?！？\n]")
# a bracket opened right after a version, its release word before the day (`v3.32.2 (released
# late October)`, `v1.4（发布于 10/3）`)
_DATED_BRACKET = re.compile(
    r" ?[(（]\s*(?:(?i:released|shipped|launched|tagged|out)\s+(?:(?i:on|in)\s+)?"
    r"|发布于\s*|于\s*)?\Z"
)


def _dates(text: str, names: Named, name_starts: list[int], versions: list[Fact]) -> list[Fact]:
    """A date right after a version (`v0.30.0(9/22)`) dates that version, and so does one right
    before `发布的` and a version (`2026年8月发布的 Cilium 1.20`); else the name before it (`HF 于
    2026-03 归档 TGI`: HF's), else nothing."""
    out: list[Fact] = []
    if not _MAYBE_DATE.search(text):
        return out  # no digit next to a date's separator and no month name: no date (fast)
    ends = {f.pos + len(f.text.split(" ", 1)[-1]): f for f in versions}
    for m in iter_dates(text):
        d = date_of(m)
        if d is None:
            continue
        version = next((ends[k] for k in range(m.start() - 3, m.start() + 1) if k in ends), None)
        if version is None and versions and ("(" in text or "（" in text):
            # `Calico v3.32.2 (released late October)`: the day in brackets after the version
            opened = _DATED_BRACKET.search(text, max(0, m.start() - 24), m.start())
            if opened is not None:
                version = next(
                    (ends[k] for k in range(opened.start() - 1, opened.start() + 1) if k in ends),
                    None,
                )
        then = _RELEASED_THEN.match(text, m.end()) if version is None and versions else None
        if then is not None:
            # `2026年8月发布的 Cilium 1.20`: the day a release written after it came out
            version = next(
                (
                    f
                    for f in versions
                    if then.end() <= f.pos <= then.end() + _RELEASED_REACH
                    and not _CLAUSE_MARK.search(text, then.end(), f.pos)
                ),
                None,
            )
        owner = _name_before(names, name_starts, m.start(), 60)
        thing = f"{version.thing} {version.value}" if version else owner[0] if owner else ""
        out.append(Fact("date", thing, d.iso, m.group(0), pos=m.start()))
    return out


def _metric(text: str, lo: int, pos: int) -> str:
    """What a figure measures: the last word before it, in its sentence, that names a measure
    (`recall@10`, `throughput`: an `@` or a word of MEASURES) with no other figure between them,
    else the Chinese word right before it (`吞吐`), else a capitalised abbreviation right before
    it (`TTFT`); "" when nothing does."""
    start = max(lo, pos - METRIC_REACH)
    before = text[start:pos]
    words = list(_WORD.finditer(before))
    if words and words[0].start() == 0 and start > lo and _WORD_CHAR.match(text, start - 1):
        words = words[1:]  # the window cut a word (`ecall@10`): not one the text wrote
    for k in range(len(words) - 1, -1, -1):
        w = words[k]
        low = w.group(0).casefold()
        if k and before[words[k - 1].end() : w.start()] == " ":
            # a measure of two words (`win rate`, `error rate`, `bus bandwidth`) is its
            # hyphenated one, though its last word is a measure of its own
            first = words[k - 1].group(0).casefold()
            joined = f"{first}-{low}"
            if joined in MEASURES:
                low = joined
            elif low == "rate" and first not in _NOT_RATE and low not in MEASURES:
                low = rate_measure(first)  # `prove rate`: a rate named by its verb
        if _cut_off(low) or low in MEASURES or low.endswith("-rate"):
            if not any(ch.isdigit() for ch in before[w.end() :]):
                return low
            break
    spent = _SPENT.search(before.rstrip())
    # `冷编译用了 136 秒` is a figure of 编译, not of 译用
    tail = before[: spent.start()] if spent is not None and spent.start() > 0 else before
    while tail and (tail[-1] in _FILLERS):
        tail = tail[:-1]
    c = _CJK_RUN.search(tail)
    if c:
        return c.group(0)[-2:]
    last = words[-1].group(0) if words else ""
    whole = not words or words[-1].start() == 0 or before[words[-1].start() - 1] not in "-._+/"
    if (
        last.isupper()
        and len(last) >= 2
        and whole
        and not _MODEL_NUMBER.search(last)
        and not before[words[-1].end() :].strip(" :=：")
    ):
        # an abbreviation the text writes as a word of its own: `TTFT：120 ms`; not the tail of a
        # name (`Qwen2.5-VL-7B：95.7`, whose `VL-7B` measures nothing), nor a model numbered
        # after a hyphen (`GR-1 3.06`, `RT-2 62%`)
        return last.casefold()
    return ""


def metric_before(text: str, lo: int, pos: int) -> str:
    """`_metric` for the number reader: what the words of `text[lo:pos]` right before `pos`
    name as a measure (a series' lead, `ABC→D 平均完成长度：`), read as a figure's are."""
    return _metric(text, lo, pos)


def _quantities(text: str, names: Named, starts: list[int], versions: set[int]) -> list[Fact]:
    """Figures with a unit, and figures without one right after the measure they are of
    (`recall@10 0.95`, `NDCG@10 为 0.71`), with a decimal point (`约 0.1`) or a range of whole
    numbers (`20–30 Elo`)."""
    out: list[Fact] = []
    taken: set[int] = set()
    # figures in words or as a share (`three times`, `3 in 4`, `四成半`: core.facts.numerals)
    # first: the digits inside them are read no other way
    covered: set[int] = set()
    for a, b, value, approx in worded(text) if _MAY_BE_WORDED.search(text) else ():
        if _inside_word(text, a):
            continue
        fact = _figure(text, names, starts, a, b, a, value)
        out.append(Fact(**{**fact.__dict__, "approx": approx or fact.approx}))
        covered.update(range(a, b))
    taken |= covered
    for m in _QUANTITY.finditer(text):
        s = m.start("num")
        if _inside_word(text, s) or s in covered:
            continue
        unit = _UNITS.get(m.group("unit"), m.group("unit"))
        unit = unit.upper() if unit.lower() in ("usd", "eur", "cny", "rmb") else unit
        unit = _CURRENCY.get(unit, unit)
        value = f"{_number(m.group('num'))}{unit}"
        bottom = None
        if _MAY_RANGE.search(text, max(0, s - 4), s):
            bottom = _RANGE_LOW.search(text, max(0, s - 16), s)
        start, pos = m.start(), s
        if bottom is not None and bottom.start() not in covered:
            # `2–4 ms`, `3 到 5 倍`: a range with its unit, not its top value
            value = f"{_number(bottom.group(1))}–{value}"
            start = pos = bottom.start()
            taken.add(start)
        out.append(_figure(text, names, starts, start, m.end(), pos, value))
        taken.add(s)
    if "$" in text or "¥" in text or "￥" in text or "€" in text or _CODE_FIRST.search(text):
        for m in _PRICE.finditer(text):
            s = m.start("num")
            if s not in taken:
                value = f"{_number(m.group('num'))}{_CURRENCY[m.group('cur')]}"
                out.append(_figure(text, names, starts, m.start(), m.end(), s, value))
                taken.add(s)
    if "–" in text or "~" in text or "～" in text:
        for m in _RANGE.finditer(text):
            s = m.start()
            if m.start(2) in taken or _inside_word(text, s):
                continue  # `55–70%`: the figure with the unit is read already
            if _ITEM_WORDS.search(text, max(0, s - 8), s):
                continue  # `items 2–4`, `第 2~4 条`: a citation range, not a figure
            value = f"{int(m.group(1))}–{int(m.group(2))}"
            out.append(_figure(text, names, starts, s, m.end(), s, value))
            taken.update((s, m.start(2)))
    for m in _BARE.finditer(text):
        s = m.start()
        if s in taken or s in versions or _inside_word(text, s):
            continue
        after = text[m.end() : m.end() + 2]
        if after[:1] == "," and after[1:2].isdigit():
            continue  # `1,2,3`: a list, not a figure
        if (
            after[:1] in ("-", "/", ":")
            or (after[:1] == "." and after[1:2] not in ("", " ", "\n", "\t"))
            or _VERSION_WORD.search(text, max(0, s - 10), s)
        ):
            # `version 0.28`, `版本 0.2`, `0.5.22`: a version, not a figure (`got 78.9.` ends a
            # sentence and is one)
            continue
        lo, _ = _sentence(text, s, starts)
        if (
            "." not in m.group(0)
            and not _LATIN.search(text, max(lo, s - METRIC_REACH), s)
            and not _LATIN.match(text, m.end() + (text[m.end() : m.end() + 1] == " "))
        ):
            continue  # an integer no Latin word precedes: no measure (`recall`, `TTFT`) names it
        metric = _metric(text, lo, s)
        if "." not in m.group(0) and not (_cut_off(metric) or metric in MEASURES):
            # a measure right after it names it too (`5,300 QPS`, as `QPS 5,300`)
            w = _WORD.match(text, m.end() + (text[m.end() : m.end() + 1] == " "))
            low = w.group(0).casefold() if w else ""
            if not (_cut_off(low) or low in MEASURES):
                continue  # a bare integer is a count, not a figure, unless a measure names it
            if w and _FIGURE_NEXT.match(text, w.end()):
                continue  # `AIME 2024 pass@1 55.5`: the measure is the next figure's, not 2024's
            metric = low
        elif "." in m.group(0) and not metric:
            # a decimal that no word before names: a measure right after it does (`gives me
            # 3.48 CER`, `reaches 2.31 WER`), unless that is the next figure's (`CER 1.45`)
            w = _WORD.match(text, m.end() + (text[m.end() : m.end() + 1] == " "))
            low = w.group(0).casefold() if w else ""
            if (_cut_off(low) or low in MEASURES) and w and not _FIGURE_NEXT.match(text, w.end()):
                metric = low
        if "." in m.group(0) and _VERSION_LIKE.fullmatch(m.group(0)) and m.group(0).count(".") > 1:
            continue
        if _ARXIV_NUM.fullmatch(m.group(0)):
            continue
        out.append(_figure(text, names, starts, s, m.end(), s, _number(m.group(0)), metric))
    return _localised(text, names, starts, out)


# a setting written as a figure: a context length (`128K`) or a shot count (`5-shot`); two
# figures of one benchmark compare only in the same one
_QUALIFIER = re.compile(
    r"(?=[0-9]|(?i:[zof]))(?<![A-Za-z0-9_.\-])"
    r"(?:(?P<k>[0-9]+)\s?[Kk]|(?P<shot>[0-9]+|(?i:zero|one|few))[- ]?(?i:shot))"
    r"(?![A-Za-z0-9])"
)


SCORE_UNITS = frozenset({"", "%", "pp"})  # a score's units: a qualifier is of scores only


def unit_of_value(value: str) -> str:
    """`81.3` -> "", `12%` -> `%` (what `core.facts.index.unit_of` says, without importing it)."""
    k = len(value)
    while k and not (value[k - 1].isdigit() or value[k - 1] == "."):
        k -= 1
    return value[k:]


_SEPARATOR = re.compile(r"[,，、;；]|\band\b|以及")


def _last_separator(text: str, a: int, b: int) -> int:
    """Where the last separator between positions `a` and `b` is (else `b`)."""
    found = b
    for m in _SEPARATOR.finditer(text, a, b):
        found = m.start()
    return found


def _bracketed(text: str, lo: int, pos: int) -> bool:
    """Whether `pos` is inside an open bracket of its sentence (`(5-shot CoT)`)."""
    before = text[max(lo, pos - 24) : pos]
    opened = max(before.rfind("("), before.rfind("（"))
    return opened >= 0 and max(before.rfind(")"), before.rfind("）")) < opened


def _localised(text: str, names: Named, starts: list[int], figures: list[Fact]) -> list[Fact]:
    """Each figure with the setting it is stated in (docs/facts.md): its *qualifier* — the
    context length or shot count written nearest to it with no other figure between
    (`RULER 128K 上为 62.4`, `81.3 on MMLU-Pro (5-shot CoT)`) — joins its setting, and stands for
    its measure when no word names one; in a sentence of several figures, a figure's names are
    those before the sentence's first figure (its subject: the model) and those between its
    neighbours (`X scores 81.3 on A and 61.2 on B`: 61.2 is not A's)."""
    if not figures or not any(ch.isdigit() for ch in text):
        return figures
    quals = [
        (
            m.start(),
            m.end(),
            f"{m.group('k')}k" if m.group("k") else f"{m.group('shot').lower()}-shot",
        )
        for m in _QUALIFIER.finditer(text)
    ]
    qual_at = {q[0] for q in quals}
    by_sentence: dict[int, list[int]] = {}
    for k, f in enumerate(figures):
        by_sentence.setdefault(_sentence(text, f.pos, starts)[0], []).append(k)
    out = list(figures)
    for lo, members in by_sentence.items():
        _, hi = _sentence(text, lo, starts)
        members.sort(key=lambda k: figures[k].pos)
        # figures that divide a sentence: not qualifiers themselves (`128K` is one)
        # nor a value with a unit that no measure names (`8GB`, `100 万条`): a configuration the
        # result is measured in, not a result of its own
        dividers = [
            figures[k].pos
            for k in members
            if figures[k].pos not in qual_at
            and (figures[k].thing or unit_of_value(figures[k].value) in SCORE_UNITS)
            and not _device_count(text, figures[k], names)
        ]
        # the sentence's qualifiers and names, by bisection (both are in text order): the cost
        # is the sentence's, not the text's
        mine = quals[bisect.bisect_left(quals, (lo,)) : bisect.bisect_left(quals, (hi,))]
        inside = names[bisect.bisect_left(names, (lo,)) : bisect.bisect_left(names, (hi,))]
        for k in members:
            f = figures[k]
            if f.pos in qual_at:
                continue
            i = bisect.bisect_left(dividers, f.pos)
            prev = dividers[i - 1] if i else lo
            nxt = dividers[i + 1] if i + 1 < len(dividers) else hi
            qualifier = None
            if unit_of_value(f.value) in SCORE_UNITS:
                # one in brackets annotates the figure before it: `61.2（0-shot CoT）`
                before = [q for q in mine if prev <= q[0] and q[1] <= f.pos]
                after = [q for q in mine if f.pos < q[0] < nxt]
                own = [q for q in after if _bracketed(text, lo, q[0])]
                free = [q for q in before if not (_bracketed(text, lo, q[0]) and prev > lo)]
                pick = own[:1] or free[-1:] or after[:1]
                qualifier = pick[0][2] if pick else None
            setting = set(f.setting)
            if len(dividers) > 1:
                # between two figures, the last separator (`and`, `，` …) parts their names
                first = dividers[0]
                start = _last_separator(text, prev, f.pos) if prev > lo else lo
                end = _last_separator(text, f.pos, nxt) if nxt < hi else hi
                # a colon after the sentence's first figure ends a lead that every figure after
                # it is measured in (`在 5,000 万条 Cohere 向量、99% 召回下对比 Pinecone 的 s1
                # 索引：p95 延迟低 28 倍，QPS 高 16 倍`): the lead's names are theirs too
                lead = _lead_end(text, first, f.pos)
                setting = {
                    key
                    for x, y, key, _ in inside
                    if y <= hi
                    and (y <= max(first, lead) or (start <= x and y <= end))
                    and key != f.thing
                    and key not in UNIT_WORDS
                }
            if len(dividers) > 1:
                # the label of another figure (`test-clean 1.69、test-other 3.19`: `test-clean`
                # is 1.69's), a variant of this one's, is not this figure's setting, though it
                # stands before the sentence's first figure
                label = _label(text, inside, f.pos)
                if label is not None:
                    for d in dividers:
                        other = _label(text, inside, d) if d != f.pos else None
                        if other is not None and variants(other, label):
                            setting.discard(other)
            if qualifier is not None:
                setting.add(qualifier)
            thing = f.thing or (qualifier or "")
            out[k] = Fact(
                "quantity",
                thing,
                f.value,
                f.text,
                setting=tuple(sorted(setting)),
                pos=f.pos,
                approx=f.approx,
            )
    return out


_LEAD_COLON = re.compile(r"[：:](?![0-9/])")


def _lead_end(text: str, a: int, b: int) -> int:
    """Where the last colon between positions `a` and `b` is (else -1): not a ratio's
    (`1:4`) nor a time's (`10:30`)."""
    found = -1
    for m in _LEAD_COLON.finditer(text, a, b):
        found = m.start()
    return found


def _label(text: str, names: Named, pos: int) -> str | None:
    """The name written right before a figure (`test-other 3.19`, `SenseVoice-Small：2.96`)."""
    for _, e, key, _ in reversed(names):
        if e <= pos:
            return key if pos - e <= 2 and not text[e:pos].strip(" :：") else None
    return None


_COUNT_TIMES = re.compile(r"[0-9]+\s?[×xX]\s?")


def _device_count(text: str, f: Fact, names: Named) -> bool:
    """Whether a figure in `×` is a count of the devices named right after it (`8×H200`, `8x
    H100`): the machine a result is measured on, configuration as `8GB` is, whatever word
    stands before it (`作者在 8×H200 上`), not a result that parts its sentence."""
    if not f.value.endswith("×"):
        return False
    m = _COUNT_TIMES.match(text, f.pos)
    if m is None:
        return False
    i = bisect.bisect_left(names, (m.end(),))
    return i < len(names) and names[i][0] == m.end()


def unit_is_currency(value: str) -> bool:
    """`0.02USD`, `3CNY`: a price."""
    k = len(value)
    while k and not value[k - 1].isdigit():
        k -= 1
    return value[k:] in CURRENCIES


def _number(written: str) -> str:
    """`0.30` and `0.3`, `007` and `7`, `1,240` and `1240` are one figure."""
    written = written.replace(",", "")
    if "." in written:
        written = written.rstrip("0").rstrip(".")
    return written.lstrip("0") or "0" if not written.startswith("0.") else written


def _inside_word(text: str, s: int) -> bool:
    """`H100`, `glove-100`, `Llama-3.1-70B`, ids, a section's number (`§2.3`): digits that are
    part of a name."""
    if s > 0 and (
        (text[s - 1].isalpha() and (text[s - 1].isascii() or "\u0391" <= text[s - 1] <= "\u03c9"))
        or text[s - 1] in "._/#@^v§"
    ):
        return True
    return s > 1 and text[s - 1] == "-" and text[s - 2].isalnum()


# a count written with its classifier and the noun it counts (`7.6 万条轨迹`, `564 个场景`): the
# noun is what the figure measures, as `轨迹：9.2 万条` writes it before the figure
_COUNTED = re.compile(
    r"\s?(?:条|个|类|家|种|项|位|台|篇|张|块|次|款|套|部|名)(?P<noun>[\u4e00-\u9fff]{1,8})"
)


def _counted_noun(run: str) -> str:
    """The counted noun as `_metric` keeps a Chinese word before a figure (its last two
    characters: `数据集` -> `据集`), so `60 个数据集` and `数据集：60 个` measure one thing; a run
    longer than a noun goes on into the sentence (`场景和任务`): its first two characters."""
    return run[-2:] if len(run) <= 4 else run[:2]


def _figure(
    text: str,
    names: Named,
    starts: list[int],
    a: int,
    b: int,
    s: int,
    value: str,
    metric: str | None = None,
) -> Fact:
    """A quantity with its measure and the names of its sentence (found by bisection in the
    names, which are in text order: the cost is the sentence's, not the text's)."""
    lo, hi = _sentence(text, s, starts)
    # a figure in a currency is a price, whatever word stands before it (`单价`, `每小时`)
    if unit_is_currency(value):
        metric = "price"
    elif metric is None:  # else the caller's, for this very figure
        metric = _metric(text, lo, a)
        if not is_measure(metric):  # none, or a Chinese word that names no measure
            counted = _COUNTED.match(text, b)
            if counted is not None:
                metric = _counted_noun(counted.group("noun"))
    first = bisect.bisect_left(names, (lo,))
    inside = []
    for j in range(first, len(names)):  # no copy of the names after the sentence: linear
        x, y, k, _ = names[j]
        if x >= hi:
            break
        if y <= hi and k != metric and not a <= x < b and k not in UNIT_WORDS:
            inside.append(k)  # not its own unit (`16 GB`), nor another figure's
    setting = tuple(sorted(set(inside)))
    approx = approximate(text, s, b)
    return Fact("quantity", metric, value, text[a:b].strip(), setting=setting, pos=s, approx=approx)


_OWN_REVISION = re.compile(r"arxiv:([0-9]{4}\.[0-9]{4,5})v([0-9]{1,2})")


_DIGITS = frozenset("0123456789")


def _revision(text: str, ident: str) -> tuple[int, str, str] | None:
    """The first `<ident>v<n>` of `text` with one or two digits and no third (where, as written,
    the digits): what `ident` followed by `v([0-9]{1,2})(?![0-9])` finds, without compiling an
    expression per id (the `re` module keeps only 512, and a scan meets thousands of ids)."""
    lead = ident + "v"
    k = text.find(lead)
    while k >= 0:
        q = k + len(lead)
        n = 0
        while n < 3 and q + n < len(text) and text[q + n] in _DIGITS:
            n += 1
        if 1 <= n <= 2:
            return k, text[k : q + n], text[q : q + n]
        k = text.find(lead, k + 1)
    return None


def _ids(text: str, first_end: int, own: frozenset[str], masked: str) -> list[Fact]:
    """arXiv ids, URLs and issue numbers (`issue:17649`, read from `masked`: the text with its
    URLs blanked), each the text's subject or only cited (module doc)."""
    out: list[Fact] = []
    low = text.casefold()
    found: list[tuple[int, str, str]] = []
    if "#" in masked:
        for m in _ISSUE.finditer(masked):
            if all(f[1] != f"issue:{m.group(1)}" for f in found):
                found.append((m.start(), f"issue:{m.group(1)}", m.group(0)))
    revisions: list[Fact] = []
    plain: set[str] = set()
    for ident in own:
        # `arxiv:<id>v<n>`: the card's own link names that version (`FactBook`'s subject ids)
        card = _OWN_REVISION.fullmatch(ident)
        if card is None:
            plain.add(ident)
            continue
        plain.add(f"arxiv:{card.group(1)}")
        revisions.append(Fact("version", f"arxiv:{card.group(1)}", card.group(2), ident[6:], pos=0))
    own = frozenset(plain)
    for a in find_arxiv(text):
        k = text.find(a)
        found.append((k, f"arxiv:{a}", a))
        # `2611.09458v2`: the paper's second version, a revision of what `2611.09458` named
        rev = _revision(text, a)
        if rev and all(f.thing != f"arxiv:{a}" for f in revisions):
            at, written, number = rev
            revisions.append(Fact("version", f"arxiv:{a}", str(int(number)), written, pos=at))
    for u in find_urls(text):
        link = normalize_url(u)
        linked = find_arxiv(link) if link.startswith("arxiv.org/") else ()
        ident = f"arxiv:{linked[0]}" if linked else f"url:{link}"
        if all(f[1] != ident for f in found):
            found.append((text.find(u), ident, u))
    issues = sum(f[1].startswith("issue:") for f in found)
    kin = {True: issues, False: len(found) - issues}
    for k, ident, written in found:
        window = low[max(0, k - CITE_WINDOW) : k]
        cue = any(c in window for c in _CITE_CUES)
        subject = ident in own or (k <= first_end and not cue)
        if not subject and not own and not cue and kin[ident[:6] == "issue:"] == 1:
            subject = True  # the only id (or issue) of a text with no card, cited by no word
        out.append(Fact("id", ident, "", written, subject=subject, pos=max(0, k)))
    for ident in sorted(own - {f[1] for f in found}):
        out.append(Fact("id", ident, "", ident.split(":", 1)[1], subject=True, pos=0))
    return out + revisions
