"""The exclude dialog's picker: every ref a duplicate may name, found by a few words."""

from __future__ import annotations

from pathlib import Path

from briefdesk.core.matching.targets import Target, duplicate_targets, rank
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace

BATCH = "2026-11-03-e627b203"


def test_targets_are_what_a_duplicate_reason_may_name(demo_ws: Path) -> None:
    review = load_review(Workspace.open(demo_ws), BATCH)
    me = review.items[0].ref
    targets = duplicate_targets(review, me)
    assert me not in {t.ref for t in targets}
    assert {t.kind for t in targets} == {"batch", "living-doc", "brief"}
    assert all(review.resolves(t.ref) for t in targets)


def test_rank_finds_by_name_number_or_ref_in_any_language() -> None:
    targets = [
        Target("brief", "briefs/b.md#5", "llama.cpp CUDA 编译参数与三类报错对策"),
        Target("living-doc", "docs/inference.md§4.1", "§4.1 投机解码 标准形态：draft 模型"),
        Target("batch", "inbox/a.md#2", "PLENA reports 4.70x over TPU v6e"),
    ]
    assert rank("投机解码", targets)[0].ref == "docs/inference.md§4.1"
    assert rank("llama cuda", targets)[0].ref == "briefs/b.md#5"
    assert rank("4.70x", targets)[0].ref == "inbox/a.md#2"
    assert rank("b.md#5", targets)[0].ref == "briefs/b.md#5"
    assert rank("", targets) == targets and rank("zzzz", targets) == []
