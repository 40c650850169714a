"""The brief's lines the reviewer writes outside the increments: a note after a placement, the
placements of a merged increment's parts in one clause, an exclusion's label in 四, the header's
用途 and 背景 (docs/brief.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from briefdesk.core.brief import render_brief
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace

BATCH = "2026-11-03-e627b203"
CSDN1 = "inbox/jay/2026-11-01T0820-csdn-discovery.md#1"  # a duplicate of the 11-01 brief
RSS = "inbox/jay/2026-11-03-1000-rss-cool-papers.md"


def test_header_label_and_placement_lines_in_zh_and_en(seed_ws: Path) -> None:
    review = load_review(Workspace.open(seed_ws), BATCH)
    with review.open_session() as session:
        session.set_text("purpose", "只写本文件")
        session.set_text("background", "")  # an empty 背景: no line at all
        session.set_label(CSDN1, "llama.cpp 编译参数")
        inc = session.plan.increment_of(f"{RSS}#1")
        assert inc is not None
        session.edit_placement(inc.id, 0, after="；不单独立条", note=None)
        zh = render_brief(review, session.data, reviewer="Tom")
        en = render_brief(review, session.data, "en", reviewer="Tom")
        assert "  • 用途：只写本文件" in zh.splitlines()
        assert not any(line.startswith("  • 背景") for line in zh.splitlines())
        assert "  • llama.cpp 编译参数：已在 2026-11-01 E1 简报第 5 条收录，重复。" in zh
        assert '§1.2 新增"决策模型与 decisions 端点"小节；不单独立条；Flide 归 §3' in zh
        assert "，DecisionRank 归 §4.2（蒸馏）。" in zh  # the parts' placements: one clause
        assert "  • Purpose: 只写本文件" in en.splitlines()
        assert "  • llama.cpp 编译参数: already recorded in " in en
        assert "), DecisionRank → §4.2 (蒸馏)." in en
        session.undo()  # the placement
        session.undo()  # the label
        session.undo()  # 背景
        session.undo()  # 用途: the manifest's again
        again = render_brief(review, session.data, reviewer="Tom")
        assert "  • 用途：为今晚 inference 主题活文档接力预习备料（只写本文件，" in again
        assert any(line.startswith("  • 背景：") for line in again.splitlines())
        session.set_text("arxiv_note", "博文未给号。")
        assert "本批材料未给出其他 arXiv 编号；博文未给号，不凭记忆补写。" in render_brief(
            review, session.data, reviewer="Tom"
        )
        session.edit_placement(inc.id, 1, wording="末尾可引一句")
        assert "；Flide：§3 末尾可引一句（" in render_brief(review, session.data, reviewer="Tom")
        with pytest.raises(BriefdeskError, match="only an excluded item"):
            session.set_label(f"{RSS}#1", "x")
