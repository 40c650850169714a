"""The 要点 the tool drafts when nobody wrote one (docs/brief.md, "Generated 要点"): the item's own
content sentences, its front matter, ids, categories, URLs, dates, tags, bylines and headings
left out; the sentences with its new facts first; marked as generated for the commit screen."""

from __future__ import annotations

import pytest
from briefdesk.core.brief.build import generated_points
from briefdesk.core.brief.content import BriefModel, EntryModel
from briefdesk.core.brief.filler import filler
from briefdesk.core.brief.points import content_text, is_metadata, lead, sentences

ENGLISH = """arXiv:2610.42148 · cs.CL, cs.LG
Published: 2026-11-03 · Tags: #agents #decoding
https://papers.cool/arxiv/2610.42148

Decision models (e.g. Jev) are a promising paradigm for LLM agent systems: they return a
classification-style choice in one forward pass. Flide forks the exact inference state of a
shared prefix, so N candidates cost one prefill. The abstract reports a 3.1× speed-up on
WebShop v2.0.
"""

CHINESE = """- arXiv：2609.19969
- 类型：学术综述 ｜ 被引：158（S2）
- 阅读状态：TLDR 级，正文未读
- 日期：2026年11月2日

作者：flyP

### 正文

DeepSeek-V4.1-Flash 为多模态 MoE，552B 骨干参数。支持最长 1M token
上下文，主打 agent 工作负载的成本效率！卡内字段未更新？
"""

CARD = """---
title: Cloud-native and Distributed Systems for LLM：研究路线图
source: paper-card
url: https://arxiv.org/abs/2604.17227
arxiv: [2604.17227]
---

# Cloud-native and Distributed Systems for LLM：研究路线图

- arXiv：2604.17227
- 类型：学术综述 ｜ 被引：4（S2）/ 0（OpenAlex）
- TLDR：综述分布式 LLM 训练与推理服务；核心论断是"需要 LLM-aware 的系统"。
- 可复用要点：KubeVirt 爆发；自动化 FinOps 成为主流。
- 建议动作：关注；工程实践参考，非学术。
"""

MIXED = """---
title: 帖子
---
by @infra_watch · 2026-10-02

帖文声称两周内 vLLM v0.30.0(9/22)、SGLang v0.5.21(10/2) 连发。判断：可信度低。
The post calls v0.5.21 "the latest". HF archived TGI in 2026-03.
"""

ONLY_METADATA = """---
title: x
---
# A heading

arXiv:2601.21204 · cs.LG
- URL: https://example.org/a
- 日期：2026-11-02 ｜ 标签：#moe
by Tom
"""


def test_an_english_item_starts_from_its_sentences_not_its_ids_categories_or_tags() -> None:
    text = lead(ENGLISH)
    assert text.startswith("Decision models (e.g. Jev) are a promising paradigm")  # no cut at e.g.
    for noise in ("arXiv:", "cs.CL", "Tags", "#agents", "https://", "Published"):
        assert noise not in text, noise
    assert text.endswith("3.1× speed-up on WebShop v2.0.")  # `3.1`, `v2.0`: no sentence end


def test_a_chinese_item_leaves_out_its_fields_byline_and_heading() -> None:
    assert lead(CHINESE) == (
        "DeepSeek-V4.1-Flash 为多模态 MoE，552B 骨干参数。"
        "支持最长 1M token 上下文，主打 agent 工作负载的成本效率！卡内字段未更新？"
    )
    assert sentences(content_text(CHINESE))[1].endswith("成本效率！")  # ！ ends a sentence


def test_a_card_with_yaml_front_matter_gives_its_tldr_without_the_label() -> None:
    text = lead(CARD)
    assert text == (
        '综述分布式 LLM 训练与推理服务；核心论断是"需要 LLM-aware 的系统"。'
        "KubeVirt 爆发；自动化 FinOps 成为主流。"
    )
    assert "建议动作" not in text and "paper-card" not in text and "研究路线图" not in text


def test_mixed_text_leads_with_the_sentences_of_its_new_facts() -> None:
    assert lead(MIXED).startswith("帖文声称两周内 vLLM v0.30.0(9/22)")
    assert "@infra_watch" not in lead(MIXED)
    # the new facts' sentences first, in text order, and only those
    assert lead(MIXED, ["v0.5.21", "2026-03"]) == (
        "帖文声称两周内 vLLM v0.30.0(9/22)、SGLang v0.5.21(10/2) 连发。The post calls v0.5.21 "
        '"the latest". HF archived TGI in 2026-03.'
    )
    # a fact no sentence names: the first sentences, as without facts
    assert lead(MIXED, ["v9.9"]) == lead(MIXED)


def test_an_item_with_only_metadata_has_no_points_and_says_so() -> None:
    assert lead(ONLY_METADATA) == ""
    assert generated_points(ONLY_METADATA, "zh") == "（材料无正文）"
    assert generated_points(ONLY_METADATA, "en") == "(the material has no body text)"


@pytest.mark.parametrize(
    "line",
    [
        "arXiv:2610.42148 · cs.CL, cs.LG",
        "https://arxiv.org/abs/2604.17227",
        "2026-11-03 09:50",
        "#llm #inference",
        "类型：学术综述 ｜ 被引：4（S2）/ 0（OpenAlex）",
        "Authors: A. Li, B. Wang",
        "by Omid Saffari",
        "doi: 10.1145/3600006.3613165",
    ],
)
def test_metadata_lines(line: str) -> None:
    assert is_metadata(line)


@pytest.mark.parametrize(
    "line",
    [
        "摘要自述：吞吐相对 A100 最高 2.23×。",
        "TLDR：综述分布式 LLM 训练。",
        "vLLM v0.30.0 在 H100 上开启 fp8 KV 后并发提升约 1.9×。",
        "By default the indexer scores every token.",
    ],
)
def test_content_lines_are_not_metadata(line: str) -> None:
    assert not is_metadata(line)


def test_nothing_is_cut_inside_a_token_or_a_character() -> None:
    long_zh = "长上下文推理" * 80 + "。"
    text = lead(long_zh, limit=50)
    assert text.endswith("…") and len(text) <= 51
    long_en = "The accelerator reaches 4.70× over TPU v6e on v0.5.22.dev builds " * 8 + "."
    text = lead(long_en, limit=60)
    assert text.endswith("…")
    assert text[:-1].split()[-1] in long_en.split()  # a whole word before the mark
    decomposed = "e\u0301" * 100  # é as e + a combining acute accent, no space to cut at
    for limit in (30, 31):
        assert lead(decomposed, limit=limit)[:-1].endswith("\u0301"), limit


def test_the_generated_points_stay_marked_for_the_commit_screens_warning() -> None:
    """`core.brief.filler` is the one owner of "is this generated": the new wording still starts
    with the excerpt mark, so an increment that prints it is named before the commit."""
    points = generated_points(CARD, "zh")
    assert points.startswith("（材料原文摘录）综述分布式 LLM 训练")
    entry = EntryModel(
        number=1,
        kind="increment",
        id="i1",
        title="t",
        source="s",
        points=points,
        relation="written",
        placement="§1 末尾追加。",
        boundary="b",
    )
    model = BriefModel(
        language="zh",
        title="t",
        header=(),
        section1="一",
        entries=(entry,),
        section2="二",
        contradictions=(),
        section3="三",
        arxiv=(),
        arxiv_tail="",
        section4="四",
        exclusions=(),
        section5="五",
        handles=(),
        none="（无）",
        closing="",
        labels=("来源：", "要点：", "与活文档脉络的关系：", "建议归入：", "证据边界："),
    )
    assert [f.fields for f in filler(model)] == [("要点",)]


def test_a_line_of_ids_and_links_as_the_identifier_finders_read_them_is_metadata() -> None:
    # URLs and arXiv ids come from core/text/identifiers: a Chinese full stop after a link, a
    # version after an id and `arxiv` in any case still make a line that only says what it is

    for line in ("https://example.com/a/b。", "arxiv 2601.21204v2 · cs.CL", "www.example.com"):
        assert is_metadata(line), line
    assert not is_metadata("DecisionRank 在 2610.42128 上提升了 3%")
