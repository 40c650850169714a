"""A repost of a paper's first version beside a candidate on its later version is `update`, not
`likely`, whether or not the repost names the paper (`tiers._revised`; docs/facts.md)."""

from __future__ import annotations

from briefdesk.core.facts.extract import extract
from briefdesk.core.facts.index import Facts
from briefdesk.core.matching.tiers import LIKELY, UPDATE, _judge


def judge(item: str, candidate: str) -> int | None:
    return _judge(Facts.of(extract(item)), Facts.of(extract(candidate)), set())


REPOST = (
    "按重要性剪掉视觉 token\n这篇工作给每个视觉 token 打分后剪掉一半，7B 模型在一张 80 GB 的 "
    "A100 上吞吐提高 1.8×，MMBench 仍有 81.2。"
)


def test_a_repost_without_the_id_beside_the_papers_later_version_is_an_update() -> None:
    v2 = (
        "TokenPrune: Importance-Based Visual Token Pruning (arXiv:2611.12345v2)\nReplaced "
        "2026-11-28. This version adds a 25% keep ratio, at which the 7B model runs 2.6× faster "
        "on one 80 GB A100 with MMBench at 79.5; at the 50% ratio the speed-up is 1.8× and "
        "MMBench stays at 81.2."
    )
    assert judge(REPOST, v2) == UPDATE


def test_a_repost_without_the_id_beside_the_first_version_stays_likely() -> None:
    v1 = (
        "TokenPrune: Importance-Based Visual Token Pruning (arXiv:2611.12345)\nScores every "
        "visual token and keeps half: the 7B model runs 1.8× faster on one 80 GB A100 and "
        "MMBench stays at 81.2."
    )
    assert judge(REPOST, v1) == LIKELY
