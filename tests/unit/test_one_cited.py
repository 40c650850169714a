"""A candidate whose facts are all the item's is a summary of it only where it keeps more than one
of them: a text sharing one figure with an item that states more is a caveat, a comparison or the
older record of a baseline, and its facts do not make it `likely` (docs/facts.md, "Same subject,
nothing new"; core.matching.tiers._one_cited)."""

from __future__ import annotations

import pytest
from briefdesk.core.facts.extract import extract
from briefdesk.core.facts.index import Facts
from briefdesk.core.matching.tiers import LIKELY, _judge

CARD = (
    "ScaleMix: Block-Scaled FP8 Attention on H200 (arXiv:2612.01234)\n"
    "TLDR: 1x64 query tiles and 64x64 key blocks, each with its own FP8 scale; rescaling every "
    "256 K-elements overlaps the next block's wgmma. 980 TFLOPS at sequence 16K on H200, "
    "against 870 for FlashAttention-3 FP8."
)


def facts(text: str) -> Facts:
    return Facts.of(extract(text))


def judge(item: str, candidate: str) -> int | None:
    return _judge(facts(item), facts(candidate), set())


# each: an item stating several facts, and a candidate that states one of them and nothing else
CITES_ONE = {
    # a caveat on a paper's headline figure, beside the card with its tiles, blocks and K-step
    "caveat": (
        CARD,
        "值得警惕：ScaleMix 的 980 TFLOPS 与 §2.1 的 FA3 数字不是同一精度口径，"
        "加速比不能直接当免费。",
    ),
    # the living document's line on the old model, which a new one's release compares with
    "baseline": (
        "Diarization got better\nNeMo 2.6 ships a new Sortformer-v2 diarizer. On CALLHOME it "
        "reaches a diarization error rate of 9.4%, where the old Sortformer had 11.2%; most of the "
        "gain is on overlapped speech.",
        "说话人分离：Sortformer 在 CALLHOME 上 DER 11.2%（作者自述）。",
    ),
    # an English caveat on one figure of a Chinese report with its own setup and scores
    "comparison": (
        "Paraformer-v3 中文长音频\n新模型 0.8B，分块 600 ms；AISHELL-1 test 上 CER 3.9%，"
        "WenetSpeech test_net 上 7.2%，8 线程 CPU 上实时率约 0.05。",
        "Caveat: the 3.9% CER is on the clean AISHELL-1 split only and is not comparable with the "
        "WenetSpeech rows.",
    ),
    # only a range in common, written otherwise: the span of prompt lengths a subset is cut to
    "range": (
        "Kokoro is slower than the card says\nWe ran Kokoro-82M on an RTX 4090: an RTF of 0.42 "
        "averaged over 300 prompts of 3–8 s, about twice the card's figure.",
        "LJSpeech test（带标点）：Kokoro-82M 等常用的英文评测子集，2–10 秒的句子约 500 句。",
    ),
}


@pytest.mark.parametrize("case", sorted(CITES_ONE))
def test_a_candidate_citing_one_of_the_items_facts_is_not_likely_on_its_facts(case: str) -> None:
    item, candidate = CITES_ONE[case]
    assert judge(item, candidate) != LIKELY


def test_a_summary_keeping_several_of_the_cards_facts_is_still_likely() -> None:
    # the distractor beside the caveat: a Chinese summary of the same card, four figures kept
    summary = (
        "ScaleMix：H200 上块缩放的 FP8 注意力。查询 1×64、键 64×64 块各带 FP8 缩放，每 256 个 K "
        "元素重缩放一次；16K 序列上 980 TFLOPS。"
    )
    assert judge(CARD, summary) == LIKELY


@pytest.mark.parametrize(
    ("item", "candidate"),
    [
        # the item is the short one: a repost keeping one figure of the paper is its summary
        (
            "FlashSieve 转载\nFlashSieve 在重排前预筛候选，重排开销降到 18%。",
            "FlashSieve: Cheap Candidate Sieving (arXiv:2612.04567)\nFlashSieve sieves "
            "candidates before reranking: reranking cost falls to 18% of the full pass, nDCG@10 "
            "within 0.3 points, on BEIR with bge-reranker-v2.",
        ),
        # a card whose only fact beyond the shared figure is its own id, which a summary drops
        (
            "PlanReuse: Caching Plans for Tool Agents (arXiv:2612.07777)\nTLDR: PlanReuse caches "
            "plan skeletons across tasks; on τ-bench it cuts cost by 38%.",
            "PlanReuse 缓存计划骨架，τ-bench 上成本降低 38%。",
        ),
        # one release both are about: the post's own speed-up is what a section line leaves out
        (
            "SGLang v0.5.3 adds a BM25 reranker\nSGLang v0.5.3 ships a native reranking endpoint, "
            "2.1× faster than the old Python hook.",
            "SGLang v0.5.3 加入重排接口：内置 reranker，与生成同一服务。",
        ),
    ],
)
def test_a_summary_a_card_or_a_release_sharing_one_fact_stays_likely(
    item: str, candidate: str
) -> None:
    assert judge(item, candidate) == LIKELY
