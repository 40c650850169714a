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

from ..facts.extract import MEASURES, Fact, is_measure, rate_measure, variants
from ..facts.index import unit_of
from ..text.normalize import nfkc

CONTEXT_VERSION = "4"  # bump when this reading changes: cached number conflicts are keyed by it
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


def quoted(f: Fact, text: str) -> bool:
    """Whether the figure is one the text says others claim (`Everyone quotes ~96 s`)."""
    lo = max(0, f.pos - QUOTE_REACH)
    cut = list(_ENDS.finditer(text, lo, f.pos))
    return _QUOTED.search(text, cut[-1].end() if cut else lo, f.pos) is not None


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
        f = done_share(per_unit(f, text), text)
        if not f.setting and unit_of(f.value) and is_measure(f.thing):
            f = dataclasses.replace(f, setting=_written_before(f, text, names))
        f = listed(f, text, names)
        out.append(f)
    return out


_LIST_ITEM = re.compile(r"[ \t]*(?:[-*•+]|[0-9]{1,2}[.)、])\s")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9@^_\-]*")


def _measures_in(text: str, lo: int, hi: int) -> set[str]:
    """The measures the words of `text[lo:hi]` name (`CER（test）：` names `cer`, `召回率：` the
    Chinese word number conflicts read as `recall`)."""
    found = {w for m in _WORD.finditer(text, lo, hi) if (w := m.group(0).casefold()) in MEASURES}
    return found | {w for w in _ZH_NAMED if w in text[lo:hi]}


# Chinese measures a list's lead may name (core.claims.numbers reads each as its English one)
_ZH_NAMED = frozenset({"召回", "延迟", "时延", "吞吐", "胜率"})


def listed(f: Fact, text: str, names: Sequence[Fact]) -> Fact:
    """A figure in a list item (`- SenseVoice-Small：2.96（作者自述）；`) is of what the list's
    lead says (`AISHELL-1：…，test 集 7,176 句。CER（test）：`): a figure no word names a measure
    of takes the one measure the lead names, else the one its text's title names (`LibriSpeech
    与英文 WER` over `- Parakeet-TDT-0.6B-v2：test-clean 1.69、test-other 3.19`); and it is
    measured in the lead's setting: the names of the lead and of the title join its own. A list
    whose lead and title name no measure, or several, leaves its figures as they are."""
    if f.kind != "quantity" or unit_of(f.value) not in ("", "%"):
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
    if not is_measure(thing):
        named = _measures_in(text, lead, lead_end) or _measures_in(text, 0, title)
        if len(named) != 1:
            return f
        thing = next(iter(named))
    around = {n.thing for n in names if lead <= n.pos < lead_end or n.pos < title}
    # the lead's other values of one dimension are the list's other figures' (`test-clean /
    # test-other` over `test-other 3.19`)
    around = {y for y in around if not any(variants(x, y) for x in f.setting)}
    setting = tuple(sorted((set(f.setting) | around) - {thing} - MEASURES))
    return dataclasses.replace(f, thing=thing, setting=setting)


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
