"""Claims on material written without reading the matcher (docs/claims.md, docs/facts.md): a
setting written as a figure (`128K`, `5-shot`), a stale "newest", an alias, a named source.
Small texts in Chinese, English and both; each rule with the near misses it must not report."""

from __future__ import annotations

from briefdesk.core.claims.numbers import Text, number_conflicts

ITEM = "inbox/a/2026-12-01-0900-digest.md#1"
ITEM2 = "inbox/b/2026-12-01-1000-forum.md#1"
DOC = "docs/eval.md"


def item(text: str, ref: str = ITEM) -> Text:
    return (ref, "item", ref.split("#")[0], text)


def section(text: str, sid: str = "5.1") -> Text:
    return (f"{DOC}§{sid}", "living-doc", DOC, text)


def numbers(*texts: Text) -> list[tuple[str, ...]]:
    return [c.refs for c in number_conflicts(list(texts))]


# --- number: a benchmark score with no measure word, compared in its context length or shots

ZH_DOC = "### 5.1 RULER\nQwen3-32B 在 RULER 128K 上为 62.4，有效上下文长度 32K（bf16，vLLM 后端）。"


def test_a_score_in_the_same_context_length_with_another_value_conflicts_zh() -> None:
    got = numbers(item("## RULER 复测：Qwen3-32B 在 128K 上 70.1\n作者重测。"), section(ZH_DOC))
    assert got == [(ITEM, f"{DOC}§5.1")]


def test_the_same_score_repeated_is_no_conflict() -> None:
    assert numbers(item("## 复测\nQwen3-32B 在 RULER 128K 上为 62.4。"), section(ZH_DOC)) == []


def test_another_context_length_or_model_size_is_another_setting() -> None:
    assert numbers(item("## 复测\nQwen3-32B 在 RULER 64K 上为 70.1。"), section(ZH_DOC)) == []
    assert numbers(item("## 复测\nQwen3-8B 在 RULER 128K 上为 55.0。"), section(ZH_DOC)) == []


EN_REPORT = (
    "## The Herd\nLlama-5-70B-Instruct scores 81.3 on MMLU-Pro (5-shot CoT) and 61.2 on "
    "GPQA Diamond (0-shot CoT)."
)


def test_a_rerun_in_the_same_shots_with_another_score_conflicts_en() -> None:
    rerun = item(
        "## Our rerun\nA user reran Llama-5-70B-Instruct on MMLU-Pro, 5-shot CoT, vLLM backend,"
        " and got 78.9.",
        ITEM2,
    )
    assert numbers(item(EN_REPORT), rerun) == [(ITEM, ITEM2)]


def test_a_figure_in_other_shots_or_of_the_other_benchmark_of_a_sentence_is_no_conflict() -> None:
    zero_shot = item(
        "## Rerun\nA user reran Llama-5-70B-Instruct on MMLU-Pro, 0-shot CoT, and got 78.9.", ITEM2
    )
    assert numbers(item(EN_REPORT), zero_shot) == []
    # mixed: the Chinese note repeats the GPQA figure; MMLU-Pro's 81.3 is not GPQA's
    note = item("## Llama 5\nLlama-5-70B-Instruct 在 GPQA Diamond 上为 61.2（0-shot CoT）。", ITEM2)
    assert numbers(item(EN_REPORT), note) == []
