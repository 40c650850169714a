"""The brief (docs/brief.md): the seed's layout, increments as written or derived, placements,
batch-level notes, spot checks, 三's groups, 四's grouped exclusions, determinism.

The Review is built straight from the models, so these tests hold whatever the parsers and the
demo workspace do; only the round-trip test reads the brief back with `parse_brief`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from pathlib import Path

import pytest
from briefdesk.core.brief import build_model, render_brief, render_model
from briefdesk.core.brief.excerpt import clean
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.model.decisions import Decision, Origin
from briefdesk.core.model.increments import Increment, Placement, SpotCheck
from briefdesk.core.model.notes import Note
from briefdesk.core.model.values import BriefEntry, Evidence, Item, LivingDoc, Material, Section
from briefdesk.core.review.load import Review
from briefdesk.core.review.sessionfile import SessionData
from briefdesk.core.settings import Settings
from briefdesk.core.workspace.layout import Workspace
from briefdesk.core.workspace.manifest import Batch, Manifest

JAY = "inbox/jay/2026-11-03-1000-rss-cool-papers.md"
FLYP = "inbox/flyp/2026-11-03T0950-critical-read.md"
CARD = "organized/paper_cards/140-2601-21204.md"
DOC = "docs/inference.md"
OLD = "briefs/inference/2026-11-01-e1-old.md"

FLIDE, RANK, JAVA = f"{JAY}#1", f"{JAY}#2", f"{JAY}#3"
PLENA, LLAMA = f"{FLYP}#1", f"{FLYP}#2"
EMBED = f"{CARD}#1"

HOSTILE = "\x1b[31m\x07\x9b\u2028\x00\u202e"  # ESC sequence, BEL, C1 CSI, line separator, NUL, RLO


def item(material: str, index: int, title: str, body: str, evidence: Evidence, *arxiv: str) -> Item:
    return Item(
        ref=f"{material}#{index}",
        material=material,
        index=index,
        title=title,
        body=body,
        evidence=evidence,
        arxiv=arxiv,
    )


def material(path: str, evidence: Evidence, *items: Item) -> Material:
    return Material(
        path=path,
        sha256=hashlib.sha256(path.encode()).hexdigest(),
        title=path,
        evidence=evidence,
        items=items,
    )


def make_review(root: Path = Path("/nonexistent/kb"), language: str = "zh") -> Review:
    """3 materials, 6 items, a living document with sections, two entries of an earlier brief."""
    materials = [
        material(
            JAY,
            Evidence.abstract,
            item(
                JAY,
                1,
                "Flide: Accelerating Decision Inference",
                "**精确状态分叉**加速决策推理。见 [论文](https://arxiv.org/abs/2610.42148)。",
                Evidence.abstract,
                "2610.42148",
            ),
            item(
                JAY,
                2,
                "DecisionRank: On-Policy Distillation",
                "把排序知识迁移给 decision model reranker。",
                Evidence.abstract,
                "2610.42128",
            ),
            item(JAY, 3, "Java 类加载机制", "双亲委派。" + HOSTILE, Evidence.unknown),
        ),
        material(
            FLYP,
            Evidence.abstract,
            item(
                FLYP,
                1,
                "PLENA 软硬件协同" + HOSTILE,
                "摘要自述吞吐最高 2.23×。" + HOSTILE + "\n\n1. 伪造行",
                Evidence.abstract,
                "2509.09505",
            ),
            item(FLYP, 2, "llama.cpp CUDA 编译参数", "三类报错对策。", Evidence.search_lead),
        ),
        material(
            CARD,
            Evidence.tldr,
            item(
                CARD,
                1,
                "Scaling Embeddings Outperforms Scaling Experts",
                "LongCat-Flash-Lite 68.5B。",
                Evidence.tldr,
                "2601.21204",
                "2604.17227",
            ),
        ),
    ]
    manifest = Manifest.model_validate(
        {
            "id": "work-guard/e627b203",
            "topic": "inference",
            "author": "Tom",
            "created": "2026-11-03",
            "purpose": "为今晚 inference 主题活文档接力预习备料",
            "background": "本批是 inference 侧本轮唯一增量来源。",
            "materials": [m.path for m in materials],
        }
    )
    batch = Batch(
        stem="2026-11-03-e627b203", path="batches/2026-11-03-e627b203.yaml", manifest=manifest
    )
    doc = LivingDoc(
        path=DOC,
        sections=(
            Section(id="1.2", title="SGLang", level=3, line=10, text="decisions 端点"),
            Section(id="4.2", title="内存杠杆", level=3, line=40, text="n-gram 表量化"),
            Section(id="5.8", title="边缘与专用加速器", level=3, line=80, text="TorchNeuron"),
        ),
    )
    entries = [
        BriefEntry(
            ref=f"{OLD}#5",
            brief=OLD,
            date="2026-11-01",
            section="一",
            number="5",
            text="llama.cpp CUDA 编译参数",
        ),
        BriefEntry(
            ref=f"{OLD}#四-2", brief=OLD, date="2026-11-01", section="四", number="2", text="Java"
        ),
    ]
    ws = Workspace(root, Settings(reviewer="Tom", language=language))  # type: ignore[arg-type]
    review = Review(ws, batch, materials, doc)
    review.entries = entries  # in memory: no brief files behind them
    return review


def make_data() -> SessionData:
    r = Origin.reviewer
    return SessionData(
        batch_id="work-guard/e627b203",
        batch_stem="2026-11-03-e627b203",
        topic="inference",
        decisions={
            FLIDE: Decision(
                status="include", origin=r, notes=("decision model 用一次前向替代逐 token 解码",)
            ),
            RANK: Decision(status="include", origin=r),
            JAVA: Decision(status="exclude", origin=r, reason="off-topic"),
            PLENA: Decision(status="include", origin=r, notes=("三条并行路径", "配套自定义 ISA")),
            LLAMA: Decision(status="exclude", origin=r, reason=f"duplicate:{OLD}#5"),
            EMBED: Decision(status="exclude", reason=f"duplicate:{DOC}§4.2"),
        },
        increments=[
            Increment(
                id="i2",
                parts=(PLENA,),
                placements=(Placement(section="5.8", action="new-subsection"),),
            ),
            Increment(
                id="i1",
                parts=(FLIDE, RANK),
                placements=(
                    Placement(section="1.2", action="new-subsection"),
                    Placement(section="4.2", part=RANK),
                ),
            ),
        ],
        contradictions=[
            Note(text="基线为 A100 与 TPU v6e", refs=(PLENA,)),
            Note(text="on-policy 蒸馏会改变分布", refs=(RANK,)),
        ],
        handles=[
            Note(text="补齐 decision model 概念层", refs=(FLIDE,)),
            Note(text="先修版本线，再加新条目"),
            Note(text="PLENA 挂进 §5.8", detail="§3.3 末尾加交叉引用"),
        ],
        next_id=3,
    )


@pytest.fixture()
def review() -> Review:
    return make_review()


@pytest.fixture()
def data() -> SessionData:
    return make_data()


def section_lines(text: str, lang: str = "zh") -> list[str]:
    pattern = r"^[一二三四五]、" if lang == "zh" else r"^(I|II|III|IV|V)\. "
    return [line for line in text.splitlines() if re.match(pattern, line)]


def section(text: str, start: str, end: str | None) -> str:
    """The lines after the section line starting with `start`, up to the one starting with `end`."""
    body = re.split(rf"^{re.escape(start)}.*$", text, maxsplit=1, flags=re.M)[1]
    return re.split(rf"^{re.escape(end)}.*$", body, maxsplit=1, flags=re.M)[0] if end else body


def blocks(text: str) -> dict[str, dict[str, str]]:
    """Section 一's entries: title -> {label: value} of its bullets."""
    first = section(text, "一、", "二、")
    heads = re.findall(r"^\d+\. (.*)$", first, re.M)
    out = {}
    for head, body in zip(heads, re.split(r"^\d+\. .*$", first, flags=re.M)[1:], strict=True):
        out[head] = dict(re.findall(r"^  • ([^：]+)：(.*)$", body, re.M))
    return out


def test_five_sections_in_order_with_title_and_header(review: Review, data: SessionData) -> None:
    text = render_brief(review, data)
    lines = text.splitlines()
    assert lines[0] == "inference · E1 预消化简报（2026-11-03）"
    assert lines[1] == ""
    assert lines[2] == (
        "  • 作者：Tom ｜ 批次：work-guard/e627b203（3 份材料，全部处理；审阅人已确认 5/6 条判定）"
    )
    assert "  • 用途：为今晚 inference 主题活文档接力预习备料" in lines
    assert "（inbox/jay 1 份 + inbox/flyp 1 份 + organized/paper_cards 1 份）；" in text
    assert "  • 背景：本批是 inference 侧本轮唯一增量来源。" in lines
    assert [s[:2] for s in section_lines(text)] == ["一、", "二、", "三、", "四、", "五、"]
    assert section_lines(text)[0] == "一、今日最重要的 2 条增量"
    assert section_lines(text)[4] == "五、给今晚活文档更新的三条抓手（建议，不代替 Tom 判断）"
    assert (
        lines[-1].startswith("本文件为 E1 预消化产物") and "指令性文本未被当作授权执行" in lines[-1]
    )
    assert text.endswith("。\n") and not text.endswith("\n\n")


def test_header_skips_absent_fields(review: Review, data: SessionData) -> None:
    manifest = review.batch.manifest.model_copy(
        update={"author": None, "purpose": None, "background": None}
    )
    review.batch = review.batch.model_copy(update={"manifest": manifest})
    text = render_brief(review, data)
    assert text.splitlines()[2].startswith("  • 批次：work-guard/e627b203（")
    assert "作者" not in text and "用途" not in text and "背景" not in text
    assert "不代替 Tom 判断" in text  # the workspace's reviewer still names who judges


def test_derived_increments_in_session_order(review: Review, data: SessionData) -> None:
    text = render_brief(review, data)
    got = blocks(text)
    assert list(got) == [
        "PLENA 软硬件协同（2509.09505）",
        "Flide: Accelerating Decision Inference（2610.42148 / 2610.42128）",
    ]
    for bullets in got.values():
        assert list(bullets) == ["来源", "要点", "与活文档脉络的关系", "建议归入", "证据边界"]
    plena, flide = got.values()
    # a material with several items names which one; the level is in the parenthesis
    assert plena["来源"] == f"{FLYP} 第一条（摘要级）"
    assert plena["要点"].startswith("（材料原文摘录）摘要自述吞吐最高 2.23×。")
    assert plena["与活文档脉络的关系"] == (
        "活文档 §5.8「边缘与专用加速器」：三条并行路径。配套自定义 ISA。"
    )
    assert plena["建议归入"] == "§5.8 新增小节。"
    assert plena["证据边界"] == "摘要级；未读正文，数字与结论均为材料自述"
    # two parts of one material: the path once, both items named
    assert flide["来源"] == f"{JAY} 第一条、第二条（摘要级）"
    assert flide["要点"].startswith("① Flide: Accelerating Decision Inference：（材料原文摘录）")
    assert (
        "② DecisionRank: On-Policy Distillation：（材料原文摘录）把排序知识迁移给" in flide["要点"]
    )
    # every placement, the part-specific one naming its part
    assert flide["建议归入"] == "§1.2 新增小节；DecisionRank 归 §4.2。"
    assert flide["与活文档脉络的关系"] == (
        "活文档 §1.2「SGLang」；活文档 §4.2「内存杠杆」："
        "decision model 用一次前向替代逐 token 解码。"
    )


def test_written_fields_are_printed_as_written(review: Review, data: SessionData) -> None:
    inc = data.increments[1].model_copy(
        update={
            "title": "决策模型正在成为 agent 推理的一等工程形态（2610.42148 / 2610.42128）",
            "points": "① Flide——精确状态分叉。\n② DecisionRank——on-policy 蒸馏。",
            "relation": "补上 decision model 的概念底座。",
            "boundary": "两条均为 RSS 摘要级，未读正文。",
            "sources": {FLIDE: "papers.cool cs.CL RSS，摘要级，未取正文"},
            "placements": (
                Placement(
                    section="1.2",
                    action="new-subsection",
                    label="决策模型与 decisions 端点",
                    note="串成三条降延迟路线",
                ),
                Placement(section="5.8", action="open-question", label="PLENA 的 4.70× 与精度代价"),
                Placement(section="5.8", action="cross-ref"),
                Placement(section="1.2", action="prepend", label="一条综述锚点"),
                Placement(section="4.2", part=RANK, note="蒸馏"),
            ),
        }
    )
    data.increments[1] = inc
    text = render_brief(review, data)
    flide = blocks(text)["决策模型正在成为 agent 推理的一等工程形态（2610.42148 / 2610.42128）"]
    assert flide["来源"] == f"{JAY} 第一条、第二条（papers.cool cs.CL RSS，摘要级，未取正文）"
    assert flide["要点"] == "① Flide——精确状态分叉。"
    assert "    ② DecisionRank——on-policy 蒸馏。\n" in text  # a second line, indented
    assert flide["与活文档脉络的关系"] == "补上 decision model 的概念底座。"
    assert flide["建议归入"] == (
        '§1.2 新增"决策模型与 decisions 端点"小节（串成三条降延迟路线）；'
        "§5.8 新增开放问题「PLENA 的 4.70× 与精度代价」；§5.8 末尾加一句交叉引用；"
        "§1.2 开头加一条一条综述锚点；DecisionRank 归 §4.2（蒸馏）。"
    )
    assert flide["证据边界"] == "两条均为 RSS 摘要级，未读正文。"
    # the continuation line is no entry of its own when the brief is read back
    from briefdesk.core.workspace.earlier_briefs import parse_brief

    entries = [e for e in parse_brief("b.md", text) if e.section == "一"]
    assert len(entries) == 2 and "② DecisionRank" in entries[1].text


def test_a_written_source_always_says_the_level(review: Review, data: SessionData) -> None:
    data.increments[0] = data.increments[0].model_copy(
        update={"sources": {PLENA: "arXiv 页面已看过"}}
    )
    assert blocks(render_brief(review, data))["PLENA 软硬件协同（2509.09505）"]["来源"] == (
        f"{FLYP} 第一条（arXiv 页面已看过，摘要级）"
    )
    # claiming more than the level (the level was lowered after the text was written)
    data.increments[0] = data.increments[0].model_copy(update={"sources": {PLENA: "正文已核"}})
    data.decisions[PLENA] = data.decisions[PLENA].model_copy(update={"evidence": Evidence.tldr})
    assert blocks(render_brief(review, data))["PLENA 软硬件协同（2509.09505）"]["来源"] == (
        f"{FLYP} 第一条（正文已核；核验程度以TLDR 级为准）"
    )


def test_a_raised_level_shows_what_was_read(review: Review, data: SessionData) -> None:
    data.decisions[PLENA] = data.decisions[PLENA].model_copy(
        update={"evidence": Evidence.fulltext, "evidence_note": "读了第 4 节与附录 B"}
    )
    plena = blocks(render_brief(review, data))["PLENA 软硬件协同（2509.09505）"]
    assert plena["来源"] == f"{FLYP} 第一条（正文已核；读了第 4 节与附录 B）"
    assert plena["证据边界"] == "正文已核"


def test_absorbed_items_are_covered_not_described(review: Review, data: SessionData) -> None:
    data.decisions[JAVA] = Decision(status="include", origin=Origin.reviewer)
    data.increments[1] = data.increments[1].model_copy(update={"absorbed": (JAVA,)})
    text = render_brief(review, data)
    flide = blocks(text)["Flide: Accelerating Decision Inference（2610.42148 / 2610.42128）"]
    # the increment covers the whole material now: the path alone, no item named
    assert flide["来源"] == f"{JAY}（摘要级）"
    assert "Java" not in section(text, "一、", "二、") and "Java" not in section(text, "四、", None)
    assert "③" not in flide["要点"]


def test_spot_checks_follow_the_increments(review: Review, data: SessionData) -> None:
    path = "organized/paper_cards/1417-2609-19969.md"
    card = material(
        path,
        Evidence.tldr,
        item(
            path,
            1,
            "DeepSeek-V4.1-Flash：突破 KV Cache 压缩的极限",
            "552B 骨干参数。",
            Evidence.tldr,
            "2609.19969",
        ),
    ).model_copy(update={"front_matter": {"source": "mtime 2026-11-02"}})
    review._spot[path] = card  # type: ignore[attr-defined]
    data.spot_checks.append(
        SpotCheck(
            id="s3",
            path=path,
            sha256="0" * 64,
            placements=(Placement(section="1.2", action="new-subsection", label="模型卡条目"),),
        )
    )
    text = render_brief(review, data)
    got = blocks(text)
    assert list(got)[2] == "DeepSeek-V4.1-Flash：突破 KV Cache 压缩的极限（2609.19969）"
    spot = got["DeepSeek-V4.1-Flash：突破 KV Cache 压缩的极限（2609.19969）"]
    assert spot["来源"] == f"{path}（mtime 2026-11-02，TLDR 级）"
    assert spot["要点"] == "（材料原文摘录）552B 骨干参数。"
    assert spot["建议归入"] == '§1.2 新增"模型卡条目"小节。'
    assert "一、今日最重要的 3 条增量" in text
    assert "与 1 份本批以外的抽查材料；" in text
    third = section(text, "三、", "四、")
    assert (
        "抽查所见、与 inference 相关（1 个）\n  - arXiv:2609.19969 — DeepSeek-V4.1-Flash" in third
    )


def test_exclusions_grouped_by_material_and_reason(review: Review, data: SessionData) -> None:
    fourth = section(render_brief(review, data), "四、", "五、")
    assert fourth.strip("\n").splitlines() == [
        f"  • Java 类加载机制（{JAY} 第三条）：与 inference 主题无关，不入库。",
        f"  • llama.cpp CUDA 编译参数（{FLYP} 第二条）：已在 2026-11-01 E1 简报第 5 条收录，重复。",
        f"  • Scaling Embeddings Outperforms Scaling Experts（{CARD}）：活文档 §4.2 已有，重复。",
    ]


def test_duplicates_of_one_material_cite_their_briefs_together(
    review: Review, data: SessionData
) -> None:
    other = "briefs/inference/2026-10-30-e1-old.md"
    review.entries = [
        *review.entries,
        BriefEntry(
            ref=f"{OLD}#2", brief=OLD, date="2026-11-01", section="一", number="2", text="x"
        ),
        BriefEntry(
            ref=f"{other}#4", brief=other, date="2026-10-30", section="一", number="4", text="y"
        ),
    ]
    data.decisions[FLIDE] = Decision(
        status="exclude", reason=f"duplicate:{OLD}#2", notes=("本批为重复材料",)
    )
    data.decisions[RANK] = Decision(status="exclude", reason=f"duplicate:{OLD}#5")
    data.decisions[JAVA] = Decision(
        status="exclude", reason=f"duplicate:{other}#4", notes=("同源复采",)
    )
    fourth = section(render_brief(review, data), "四、", "五、").strip("\n").splitlines()
    assert fourth[0] == (
        "  • Flide: Accelerating Decision Inference、DecisionRank: On-Policy Distillation、"
        f"Java 类加载机制（{JAY}）：已在 2026-11-01 E1 简报第 2、5 条、2026-10-30 E1 简报第 4 条"
        "收录，重复；本批为重复材料；同源复采。"
    )


def test_exclusions_with_one_reason_share_a_bullet_and_keep_the_notes(
    review: Review, data: SessionData
) -> None:
    data.decisions[RANK] = Decision(status="exclude", reason="off-topic", notes=("属 agent 工程",))
    data.increments[1] = data.increments[1].model_copy(update={"parts": (FLIDE,), "placements": ()})
    fourth = section(render_brief(review, data), "四、", "五、").strip("\n").splitlines()
    assert fourth[0] == (
        f"  • DecisionRank: On-Policy Distillation 与 Java 类加载机制（{JAY} 第二条、第三条）："
        "与 inference 主题无关，不入库；属 agent 工程。"
    )


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        (f"duplicate:{FLYP}#1", f"与本批 {FLYP} 第一条重复"),
        (f"duplicate:{OLD}#四-2", "已在 2026-11-01 E1 简报四第 2 条收录，重复"),
        ("duplicate:elsewhere.md#9", "与 elsewhere.md#9 重复"),
        ("weak-evidence", "证据缺口过大，不入库"),
        ("只是一条转述", "只是一条转述"),
    ],
)
def test_exclusion_reasons(review: Review, data: SessionData, reason: str, expected: str) -> None:
    data.decisions[JAVA] = Decision(status="exclude", reason=reason)
    assert f"（{JAY} 第三条）：{expected}。\n" in render_brief(review, data)


def test_contradictions_and_handles_are_the_batchs_in_their_order(
    review: Review, data: SessionData
) -> None:
    data.contradictions.append(Note(text="本批材料整体证据密度偏低"))
    text = render_brief(review, data)
    assert re.findall(r"^  (\d+)\. (.*)$", section(text, "二、", "三、"), re.M) == [
        ("1", "基线为 A100 与 TPU v6e"),
        ("2", "on-policy 蒸馏会改变分布"),
        ("3", "本批材料整体证据密度偏低"),
    ]
    assert re.findall(r"^  (\d+)\. (.*)$", section(text, "五、", None), re.M) == [
        ("1", "补齐 decision model 概念层。"),
        ("2", "先修版本线，再加新条目。"),
        ("3", "PLENA 挂进 §5.8。§3.3 末尾加交叉引用。"),
    ]
    data.contradictions.reverse()
    assert (
        re.findall(r"^  \d+\. (.*)$", section(render_brief(review, data), "二、", "三、"), re.M)[0]
        == "本批材料整体证据密度偏低"
    )


def test_empty_sections_say_none(review: Review) -> None:
    empty = SessionData(
        batch_id="work-guard/e627b203",
        batch_stem="s",
        topic="inference",
        decisions={i.ref: Decision(status="exclude", reason="off-topic") for i in review.items},
    )
    text = render_brief(review, empty)
    assert "一、今日最重要的 0 条增量\n\n  （无）\n" in text
    assert "二、值得警惕的矛盾或待核实说法\n\n  （无）\n" in text
    assert "五、给今晚活文档更新的零条抓手（建议，不代替 Tom 判断）\n\n  （无）\n" in text


def test_every_arxiv_id_grouped(review: Review, data: SessionData) -> None:
    text = render_brief(review, data)
    for i in review.items:
        for a in i.arxiv:
            assert f"arXiv:{a} — " in text
    third = section(text, "三、", "四、")
    included, excluded = third.split("已检查但判定不作为增量")
    assert "本批材料直接涉及（3 个）" in included
    assert "  - arXiv:2509.09505 — PLENA 软硬件协同（摘要级）" in included
    assert (
        included.index("2509.09505") < included.index("2610.42148") < included.index("2610.42128")
    )
    assert "（2 个）" in excluded
    assert (
        "  - arXiv:2601.21204 — Scaling Embeddings Outperforms Scaling Experts（TLDR 级）"
        in excluded
    )
    assert third.rstrip().endswith("本批材料未给出其他 arXiv 编号；不凭记忆补写。")


def test_same_session_same_bytes(review: Review, data: SessionData) -> None:
    first = render_brief(review, data)
    shuffled = data.model_copy(update={"decisions": dict(reversed(list(data.decisions.items())))})
    assert render_brief(review, shuffled) == first
    assert (
        render_brief(make_review(Path("/elsewhere/entirely")), make_data()).encode()
        == first.encode()
    )
    assert "/nonexistent" not in first and "\r" not in first
    assert render_model(build_model(review, data)) == first


def test_reordering_the_session_reorders_the_brief(review: Review, data: SessionData) -> None:
    data.increments.reverse()
    heads = list(blocks(render_brief(review, data)))
    assert [h.split("（")[0] for h in heads] == [
        "Flide: Accelerating Decision Inference",
        "PLENA 软硬件协同",
    ]


def test_undecided_items_are_counted_in_the_header(review: Review, data: SessionData) -> None:
    data.decisions[LLAMA] = Decision()
    data.decisions[JAVA] = Decision()
    text = render_brief(review, data)
    assert "（3 份材料，已处理 1 份，2 条待定；审阅人已确认 3/6 条判定）" in text
    assert "  • ⚠ 仍有 2 条待定，未计入增量与排除清单（其 arXiv 号单列于三）" in text
    assert "llama.cpp" not in section(text, "四、", "五、")


def test_undecided_arxiv_ids_are_still_listed(review: Review, data: SessionData) -> None:
    data.decisions[EMBED] = Decision()
    third = section(render_brief(review, data), "三、", "四、")
    assert "尚待判定（2 个）" in third and "arXiv:2604.17227" in third


def test_session_inconsistencies_lose_nothing(review: Review, data: SessionData) -> None:
    # an unknown part, an increment with an excluded part, an included item no increment names
    data.increments[1] = data.increments[1].model_copy(
        update={"parts": ("inbox/gone.md#1", FLIDE, RANK)}
    )
    data.increments.insert(0, Increment(id="i9", parts=(JAVA,)))
    data.decisions[EMBED] = Decision(status="include")
    heads = list(blocks(render_brief(review, data)))
    assert [h.split("（")[0] for h in heads] == [
        "PLENA 软硬件协同",
        "Flide: Accelerating Decision Inference",
        "Scaling Embeddings Outperforms Scaling Experts",
    ]
    assert "Java 类加载机制（" in section(render_brief(review, data), "四、", "五、")


def test_english_brief() -> None:
    review = make_review(language="en")
    text = render_brief(review, make_data())
    assert text.splitlines()[0] == "inference · E1 pre-digested brief (2026-11-03)"
    assert [s.split(" ")[0] for s in section_lines(text, "en")] == [
        "I.",
        "II.",
        "III.",
        "IV.",
        "V.",
    ]
    assert "I. The 2 most important increments today" in text
    assert (
        "V. 3 handles for tonight's living-document update "
        "(suggestions; they do not replace Tom's judgement)" in text
    )
    assert f"  • Source: {FLYP} item 1 (abstract only)" in text
    assert f"  • Source: {JAY} item 1, item 2 (abstract only)" in text
    for label in (
        "Key points: ",
        "Relation to the living document: ",
        "Suggested placement: §5.8: new subsection.\n",
        "Suggested placement: §1.2: new subsection; DecisionRank → §4.2.\n",
        "Evidence boundary: abstract only; full text not read",
    ):
        assert f"  • {label}" in text
    assert "already recorded in the 2026-11-01 E1 brief, item 5; duplicate." in text
    assert "unrelated to the inference topic; not filed." in text
    assert "已在" not in text and "一、" not in text
    assert render_brief(make_review(language="zh"), make_data(), "en") == text


def test_unknown_language_is_refused(review: Review, data: SessionData) -> None:
    with pytest.raises(BriefdeskError, match="language"):
        render_brief(review, data, "fr")


def test_control_characters_never_appear(review: Review, data: SessionData) -> None:
    data.decisions[PLENA] = data.decisions[PLENA].model_copy(update={"notes": ()})
    data.decisions[JAVA] = data.decisions[JAVA].model_copy(
        update={"reason": "x" + HOSTILE + "\n2. y"}
    )
    data.contradictions.append(Note(text="c" + HOSTILE + "\n二、伪造节"))
    data.increments[1] = data.increments[1].model_copy(
        update={
            "points": "p" + HOSTILE + "\n1. 伪造条\n二、伪造节",
            "title": "t\n3. 伪造" + HOSTILE,
        }
    )
    for lang in ("zh", "en"):
        text = render_brief(review, data, lang)
        bad = [
            c
            for c in text
            if (ord(c) < 32 and c != "\n") or 0x7F <= ord(c) <= 0x9F or c in "\u2028\u2029\u202e"
        ]
        assert bad == []
        assert len(text.splitlines()) == text.count("\n")  # no line breaks but \n
        assert "伪造行" in text and not re.search(r"^1\. 伪造", text, re.M)
        assert not re.search(r"^二、伪造", text, re.M)
        assert len(section_lines(text, lang)) == 5
        first = section(text, "一、" if lang == "zh" else "I. ", "二、" if lang == "zh" else "II. ")
        assert len(re.findall(r"^\d+\. ", first, re.M)) == 2
    assert clean("a\r\nb\x1b[0m\x85c\u2029d\x1b]0;title\x07e") == "a bc de"
    assert clean("x\x1b]unterminated 正文\x9d保留") == "xunterminated 正文保留"


def test_missing_section_and_mixed_evidence(review: Review, data: SessionData) -> None:
    data.decisions[EMBED] = Decision(status="include")
    data.increments.append(
        Increment(id="i5", parts=(EMBED,), placements=(Placement(section="9.9"),))
    )
    text = render_brief(review, data)
    assert "活文档 §9.9（活文档中尚无此节）" in text and "  • 建议归入：§9.9 末尾追加。\n" in text
    data.decisions[RANK] = data.decisions[RANK].model_copy(update={"evidence": Evidence.vendor})
    flide = blocks(render_brief(review, data))[
        "Flide: Accelerating Decision Inference（2610.42148 / 2610.42128）"
    ]
    assert flide["来源"] == f"{JAY} 第一条、第二条（厂商口径）"  # the weakest of the two
    assert flide["证据边界"] == (
        "Flide：摘要级；DecisionRank：厂商口径；"
        "未读正文，数字与结论均为材料自述；厂商口径，未经独立核实，数字与结论均为厂商自述"
    )


def test_parse_brief_reads_the_increments_back(review: Review, data: SessionData) -> None:
    from briefdesk.core.workspace import earlier_briefs as briefs

    path = "briefs/inference/2026-11-03-e1-2026-11-03-e627b203.md"
    text = render_brief(review, data)
    entries = briefs.parse_brief(path, text)
    increments = [e for e in entries if e.section == "一"]
    assert [e.ref for e in increments] == [f"{path}#1", f"{path}#2"]
    assert [e.text.splitlines()[0] for e in increments] == [
        "PLENA 软硬件协同（2509.09505）",
        "Flide: Accelerating Decision Inference（2610.42148 / 2610.42128）",
    ]
    assert all(e.date == "2026-11-03" for e in entries)
    assert increments[1].cite("zh") == "2026-11-03 E1 简报第 2 条"
    fourth = [e for e in entries if e.section == "四"]
    assert [e.number for e in fourth] == ["1", "2", "3"]
    en = briefs.parse_brief(path, render_brief(review, data, "en"))
    assert [e.ref for e in en if e.section == "I"] == [f"{path}#1", f"{path}#2"]


def test_brief_date_is_the_manifests(review: Review) -> None:
    assert review.workspace.brief_date(review.batch) == dt.date(2026, 11, 3)


def _with_material_ids(review: Review, path: str, *ids: str) -> Review:
    """The review with `ids` on the material at `path` (front matter / preamble ids), not on its
    items."""
    materials = [
        m.model_copy(update={"arxiv": ids}) if m.path == path else m for m in review.materials
    ]
    out = Review(review.workspace, review.batch, materials, review.living_doc)
    out.entries = review.entries
    return out


def test_material_level_arxiv_ids_are_listed_once_under_the_material(
    review: Review, data: SessionData
) -> None:
    """Front matter `arxiv:` of a material with several items: not on any item, still in 三."""
    review = _with_material_ids(review, JAY, "2610.42112", "2610.42128", "2610.42084")
    text = render_brief(review, data)
    included, excluded = section(text, "三、", "四、").split("已检查但判定不作为增量")
    assert "本批材料直接涉及（5 个）" in included
    assert f"  - arXiv:2610.42112 — {JAY}（摘要级）" in included
    assert f"  - arXiv:2610.42084 — {JAY}（摘要级）" in included
    assert "  - arXiv:2610.42128 — DecisionRank: On-Policy Distillation（摘要级）" in included
    assert (
        included.index("2610.42148") < included.index("2610.42112") < included.index("2610.42084")
    )
    assert text.count("arXiv:2610.42112") == 1 and text.count("arXiv:2610.42128") == 1
    assert "2610.42112" not in excluded


def test_material_level_ids_follow_the_materials_strongest_group(
    review: Review, data: SessionData
) -> None:
    review = _with_material_ids(review, CARD, "2006.11477")
    third = section(render_brief(review, data), "三、", "四、")
    excluded = third.split("已检查但判定不作为增量")[1]
    assert "（3 个）" in excluded
    assert f"  - arXiv:2006.11477 — {CARD}（TLDR 级）" in excluded
    data.decisions[EMBED] = Decision()
    third = section(render_brief(review, data), "三、", "四、")
    assert f"  - arXiv:2006.11477 — {CARD}（TLDR 级）" in third.split("尚待判定")[1]


def test_material_level_ids_alone_are_not_arxiv_none(review: Review) -> None:
    bare = [
        m.model_copy(update={"items": tuple(i.model_copy(update={"arxiv": ()}) for i in m.items)})
        for m in review.materials
    ]
    review = Review(review.workspace, review.batch, bare, review.living_doc)
    review.entries = []
    empty = SessionData(batch_id="x", batch_stem="x", topic="inference")
    assert "本批材料未给出任何 arXiv 编号" in render_brief(review, empty)
    review = _with_material_ids(review, FLYP, "2509.09505")
    text = render_brief(review, empty)
    assert f"  - arXiv:2509.09505 — {FLYP}（摘要级）" in text
    assert "本批材料未给出其他 arXiv 编号" in text


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (Evidence.vendor, "厂商口径，未经独立核实，数字与结论均为厂商自述"),
        (Evidence.self_report, "作者自述，未见第三方复现，数字与结论均为作者自述"),
        (Evidence.abstract, "摘要级；未读正文，数字与结论均为材料自述"),
    ],
)
def test_one_level_is_named_once_in_the_boundary(
    review: Review, data: SessionData, level: Evidence, expected: str
) -> None:
    """A vendor or self-reported item's boundary opens with its level's words: not twice."""
    data.decisions[PLENA] = data.decisions[PLENA].model_copy(update={"evidence": level})
    plena = blocks(render_brief(review, data))["PLENA 软硬件协同（2509.09505）"]
    assert plena["证据边界"] == expected
