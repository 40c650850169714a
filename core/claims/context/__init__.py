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

The reading is one pipeline (`in_context`) over three ideas, each its own module: what the text
says others claim (`source`), what a figure measures (`measure`), where it sits (`layout`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ...facts.extract import Fact, is_measure
from ...facts.index import unit_of
from ...text.normalize import nfkc
from .layout import (
    in_words,
    listed,
    series,
    series_member,
    table_cell,
    tabled,
    version_cell,
    with_title,
    written_before,
)
from .measure import (
    IMPLICIT,
    SCORES,
    done_share,
    implicit_score,
    named_metric,
    per_unit,
    points_measure,
)
from .source import denied, quoted

__all__ = ["CONTEXT_VERSION", "IMPLICIT", "in_context", "in_words", "series_member", "table_cell"]

CONTEXT_VERSION = "12"  # bump when this reading changes: cached number conflicts are keyed by it


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
        if quoted(f, text) or denied(f, text) or version_cell(f, text):
            continue
        f = named_metric(done_share(per_unit(tabled(f, text, names), text), text), text)
        f = points_measure(f, text)
        f = series(f, text, names)
        if not f.setting and (unit_of(f.value) or f.thing in SCORES) and is_measure(f.thing):
            f = dataclasses.replace(f, setting=written_before(f, text, names))
        elif len(f.setting) == 1 and is_measure(f.thing):
            # a result whose sentence names one thing only (its benchmark: `PoseBusters v2 成功率
            # 72.7%`) is of what the text's title names too (`AlphaFold 3 在 PoseBusters 上`)
            f = dataclasses.replace(f, setting=with_title(f, text, names))
        f = implicit_score(listed(f, text, names), text)
        out.append(f)
    return out
