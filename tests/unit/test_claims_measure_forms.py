"""Number conflicts whose measure is written in a form of its own (docs/facts.md)."""

from __future__ import annotations

from briefdesk.core.claims.numbers import Text, number_conflicts

ITEM = "inbox/a/2026-12-01-0900-digest.md#1"
ITEM2 = "inbox/b/2026-12-01-1000-forum.md#1"
DOC = "docs/code.md"


def item(text: str, ref: str = ITEM) -> Text:
    return (ref, "item", ref.split("#")[0], text)


def section(text: str, sid: str = "2.1") -> Text:
    return (f"{DOC}§{sid}", "living-doc", DOC, text)


def numbers(*texts: Text) -> list[tuple[str, ...]]:
    return [c.refs for c in number_conflicts(list(texts))]


CODE_DOC = (
    "### 2.1 LiveCodeBench\nStarCoder3-15B 在 LiveCodeBench v6 上，每题 5 次采样，"
    "pass^5 为 0.31，pass^1 为 0.52（Docker 沙箱）。"
)


def test_a_pass_hat_k_score_with_another_value_conflicts() -> None:
    # `pass^k` (all k attempts succeed) is a measure as `pass@k` is
    rerun = item("## 复测\n我们用 LiveCodeBench v6 重跑 StarCoder3-15B，每题 5 次，pass^5 = 0.24。")
    assert numbers(rerun, section(CODE_DOC)) == [(ITEM, f"{DOC}§2.1")]


def test_the_same_pass_hat_k_repeated_or_another_k_is_no_conflict() -> None:
    same = item("## 复测\n我们用 LiveCodeBench v6 重跑 StarCoder3-15B，每题 5 次，pass^5 为 0.31。")
    assert numbers(same, section(CODE_DOC)) == []
    other_k = item("## 复测\nStarCoder3-15B 在 LiveCodeBench v6 上 pass^3 为 0.40。")
    assert numbers(other_k, section(CODE_DOC)) == []
