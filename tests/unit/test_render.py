"""The brief (PRODUCT §9): the seed's layout, session order, exclusions that cite, determinism.

The Review is built straight from the models, so these tests hold whatever the parsers and the
demo workspace do; only the round-trip test at the end reads the brief back with `parse_brief`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from pathlib import Path

import pytest
from briefdesk.core.decisions import Decision, Origin, SessionData
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.manifest import Batch, Manifest
from briefdesk.core.models import BriefEntry, Evidence, Item, LivingDoc, Material, Section
from briefdesk.core.render import clean, excerpt, render_brief
from briefdesk.core.review import Review
from briefdesk.core.settings import Settings
from briefdesk.core.workspace import Workspace

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
                status="include",
                origin=r,
                section="1.2",
                action="new-subsection",
                notes=("decision model 用一次前向替代逐 token 解码",),
                handles=("补齐 decision model 概念层",),
            ),
            RANK: Decision(
                status="include",
                origin=r,
                merged_into=FLIDE,
                section="4.2",
                action="append",
                contradictions=("on-policy 蒸馏会改变分布",),
            ),
            JAVA: Decision(status="exclude", origin=r, reason="off-topic"),
            PLENA: Decision(
                status="include",
                origin=r,
                section="5.8",
                action="new-subsection",
                notes=("三条并行路径", "配套自定义 ISA"),
                contradictions=("基线为 A100 与 TPU v6e",),
                handles=("先修版本线，再加新条目", "PLENA 挂进 §5.8"),
            ),
            LLAMA: Decision(status="exclude", origin=r, reason=f"duplicate:{OLD}#5"),
            EMBED: Decision(status="exclude", reason=f"duplicate:{DOC}§4.2"),
        },
        order=[PLENA, FLIDE],
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


def test_five_sections_in_order_with_title_and_header(review: Review, data: SessionData) -> None:
    text = render_brief(review, data)
    lines = text.splitlines()
    assert lines[0] == "inference · E1 预消化简报（2026-11-03）"
    assert lines[1] == ""
    assert lines[2] == (
        "  • 作者：Tom ｜ 批次：work-guard/e627b203（3 份材料，全部处理；审阅人已确认 5/6 条判定）"
    )
    assert "  • 用途：为今晚 inference 主题活文档接力预习备料" in lines
    assert "（inbox/jay 1 份 + inbox/flyp 1 份 + organized/paper_cards 1 份）" in text
    assert "  • 背景：本批是 inference 侧本轮唯一增量来源。" in lines
    assert [s[:2] for s in section_lines(text)] == ["一、", "二、", "三、", "四、", "五、"]
    assert section_lines(text)[0] == "一、今日最重要的 2 条增量"
    assert section_lines(text)[4] == "五、给今晚活文档更新的 3 条抓手（建议，不代替 Tom 判断）"
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


def test_increments_in_session_order_with_every_bullet(review: Review, data: SessionData) -> None:
    text = render_brief(review, data)
    first = section(text, "一、", "二、")
    heads = re.findall(r"^(\d+)\. (.*)$", first, re.M)
    assert heads == [
        ("1", "PLENA 软硬件协同（2509.09505）"),
        ("2", "Flide: Accelerating Decision Inference（2610.42148 / 2610.42128）"),
    ]
    blocks = re.split(r"^\d+\. .*$", first, flags=re.M)[1:]
    for block in blocks:
        labels = re.findall(r"^  • ([^：]+)：", block, re.M)
        assert labels == ["来源", "要点", "与活文档脉络的关系", "建议归入", "证据边界"]
    plena, flide = blocks
    assert f"  • 来源：{FLYP} 第 1 条（摘要级）" in plena
    # 要点 is the material's own words; the reviewer's notes say how it relates to the living doc
    assert "  • 要点：（材料原文摘录）" in plena
    assert (
        "  • 与活文档脉络的关系：活文档 §5.8「边缘与专用加速器」：三条并行路径。配套自定义 ISA。"
        in plena
    )
    assert "  • 建议归入：§5.8（新增小节）" in plena
    assert "  • 证据边界：摘要级；未读正文，数字与结论均为材料自述" in plena
    # the merged item is folded in: its source, its notes-or-excerpt, its placement
    assert f"  • 来源：{JAY} 第 1 条（摘要级）；{JAY} 第 2 条（摘要级）" in flide
    assert "① Flide: Accelerating Decision Inference：（材料原文摘录）" in flide
    assert (
        "② DecisionRank: On-Policy Distillation：（材料原文摘录）"
        "把排序知识迁移给 decision model reranker。" in flide
    )
    assert "decision model 用一次前向替代逐 token 解码。" in flide.split("与活文档脉络的关系：")[1]
    assert "  • 建议归入：§1.2（新增小节）；§4.2（追加）" in flide
    assert "活文档 §1.2「SGLang」；活文档 §4.2「内存杠杆」" in flide


def test_excerpt_strips_markdown_and_is_bounded(review: Review, data: SessionData) -> None:
    text = render_brief(review, data)
    assert (
        "① Flide: Accelerating Decision Inference：（材料原文摘录）"
        "精确状态分叉加速决策推理。见 论文。" in text
    )
    long = "很长的一句话" * 200
    cut = excerpt("## 标题\n\n" + long)
    assert cut.endswith("…") and len(cut) <= 301 and not cut.startswith("#")
    assert excerpt("- **粗体** 与 `代码`\n> 引用") == "粗体 与 代码 引用"


def test_every_exclusion_with_its_reason(review: Review, data: SessionData) -> None:
    fourth = section(render_brief(review, data), "四、", "五、")
    assert fourth.strip("\n").splitlines() == [
        f"  • Java 类加载机制（{JAY} 第 3 条）：与 inference 主题无关，不入库",
        f"  • llama.cpp CUDA 编译参数（{FLYP} 第 2 条）：已在 2026-11-01 E1 简报第 5 条收录，重复",
        (
            f"  • Scaling Embeddings Outperforms Scaling Experts（{CARD} 第 1 条）："
            "活文档 §4.2 已有，重复"
        ),
    ]


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        (f"duplicate:{FLYP}#1", f"与本批 {FLYP} 第 1 条重复"),
        (f"duplicate:{OLD}#四-2", "已在 2026-11-01 E1 简报四第 2 条收录，重复"),
        ("duplicate:elsewhere.md#9", "与 elsewhere.md#9 重复"),
        ("weak-evidence", "证据缺口过大，不入库"),
        ("只是一条转述", "只是一条转述"),
    ],
)
def test_exclusion_reasons(review: Review, data: SessionData, reason: str, expected: str) -> None:
    data.decisions[JAVA] = Decision(status="exclude", reason=reason)
    assert f"（{JAY} 第 3 条）：{expected}\n" in render_brief(review, data)


def test_contradictions_in_increment_order_prefixed_by_title(
    review: Review, data: SessionData
) -> None:
    data.decisions[JAVA] = data.decisions[JAVA].model_copy(
        update={"contradictions": ("材料自相矛盾",)}
    )
    second = section(render_brief(review, data), "二、", "三、")
    assert re.findall(r"^  (\d+)\. (.*)$", second, re.M) == [
        ("1", "PLENA 软硬件协同：基线为 A100 与 TPU v6e"),
        ("2", "DecisionRank: On-Policy Distillation：on-policy 蒸馏会改变分布"),
        ("3", "Java 类加载机制：材料自相矛盾"),
    ]


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
    assert "五、给今晚活文档更新的 0 条抓手（建议，不代替 Tom 判断）\n\n  （无）\n" in text


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
    assert "（重复 / 弱相关 / 证据不足，2 个）" in excluded
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


def test_reordering_the_session_reorders_the_brief(review: Review, data: SessionData) -> None:
    data.order = [FLIDE, PLENA]
    heads = re.findall(r"^\d+\. (.*)$", section(render_brief(review, data), "一、", "二、"), re.M)
    assert [h.split("（")[0] for h in heads] == [
        "Flide: Accelerating Decision Inference",
        "PLENA 软硬件协同",
    ]
    assert re.findall(r"^  \d+\. (.*)$", section(render_brief(review, data), "五、", None), re.M)[
        :3
    ] == [
        "补齐 decision model 概念层",
        "先修版本线，再加新条目",
        "PLENA 挂进 §5.8",
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
    data.order = ["inbox/gone.md#1", FLIDE]  # PLENA left out, an unknown ref in
    data.decisions[RANK] = data.decisions[RANK].model_copy(
        update={"merged_into": "inbox/gone.md#1"}
    )
    heads = re.findall(r"^\d+\. (.*)$", section(render_brief(review, data), "一、", "二、"), re.M)
    assert [h.split("（")[0] for h in heads] == [
        "Flide: Accelerating Decision Inference",
        "PLENA 软硬件协同",
        "DecisionRank: On-Policy Distillation",
    ]


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
    for label in (
        "Key points: ",
        "Relation to the living document: ",
        "Suggested placement: §5.8 (new subsection)",
        "Evidence boundary: abstract only; full text not read",
    ):
        assert f"  • {label}" in text
    assert "already recorded in the 2026-11-01 E1 brief, item 5; duplicate" in text
    assert "unrelated to the inference topic; not filed" in text
    assert "已在" not in text and "一、" not in text
    assert render_brief(make_review(language="zh"), make_data(), "en") == text


def test_unknown_language_is_refused(review: Review, data: SessionData) -> None:
    with pytest.raises(BriefdeskError, match="language"):
        render_brief(review, data, "fr")


def test_control_characters_from_materials_never_appear(review: Review, data: SessionData) -> None:
    data.decisions[PLENA] = data.decisions[PLENA].model_copy(
        update={"notes": ()}
    )  # body excerpt is used
    data.decisions[JAVA] = data.decisions[JAVA].model_copy(
        update={"reason": "x" + HOSTILE + "\n2. y"}
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
        assert "伪造行" in text and not re.search(r"^1\. 伪造行", text, re.M)
        assert (
            len(
                re.findall(
                    r"^\d+\. ",
                    section(
                        text, "一、" if lang == "zh" else "I. ", "二、" if lang == "zh" else "II. "
                    ),
                    re.M,
                )
            )
            == 2
        )
    assert clean("a\r\nb\x1b[0m\x85c\u2029d\x1b]0;title\x07e") == "a bc de"
    assert clean("x\x1b]unterminated 正文\x9d保留") == "xunterminated 正文保留"


def test_evidence_override_and_note(review: Review, data: SessionData) -> None:
    data.decisions[PLENA] = data.decisions[PLENA].model_copy(
        update={"evidence": Evidence.fulltext, "evidence_note": "读了第 4 节与附录 B"}
    )
    text = render_brief(review, data)
    assert f"  • 来源：{FLYP} 第 1 条（正文已核）" in text
    assert "  • 证据边界：正文已核；读了第 4 节与附录 B\n" in text
    data.decisions[EMBED] = Decision(status="include", section="9.9")
    data.order.append(EMBED)
    text = render_brief(review, data)
    assert "活文档 §9.9（活文档中尚无此节）" in text and "  • 建议归入：§9.9\n" in text


def test_merged_increment_with_mixed_evidence_names_each_level(
    review: Review, data: SessionData
) -> None:
    data.decisions[RANK] = data.decisions[RANK].model_copy(update={"evidence": Evidence.vendor})
    text = render_brief(review, data)
    assert f"{JAY} 第 2 条（厂商口径）" in text
    assert (
        "  • 证据边界：Flide: Accelerating Decision Inference：摘要级；"
        "DecisionRank: On-Policy Distillation：厂商口径；"
        "未读正文，数字与结论均为材料自述；厂商口径，未经独立核实，数字与结论均为厂商自述\n"
    ) in text


def test_parse_brief_reads_the_increments_back(review: Review, data: SessionData) -> None:
    briefs = pytest.importorskip("briefdesk.core.briefs")
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
    # JAY has included items, so its own ids go with them, after the first of its items listed;
    # 2610.42128 is carried by an item and keeps that item's title
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
    """A material whose items are all excluded lists its own ids with the exclusions; undecided
    wins over excluded."""
    review = _with_material_ids(review, CARD, "2006.11477")
    third = section(render_brief(review, data), "三、", "四、")
    excluded = third.split("已检查但判定不作为增量")[1]
    assert "（重复 / 弱相关 / 证据不足，3 个）" in excluded
    assert f"  - arXiv:2006.11477 — {CARD}（TLDR 级）" in excluded

    data.decisions[EMBED] = Decision()
    third = section(render_brief(review, data), "三、", "四、")
    undecided = third.split("尚待判定")[1]
    assert f"  - arXiv:2006.11477 — {CARD}（TLDR 级）" in undecided


def test_material_level_ids_alone_are_not_arxiv_none(review: Review) -> None:
    bare = [
        m.model_copy(update={"items": tuple(i.model_copy(update={"arxiv": ()}) for i in m.items)})
        for m in review.materials
    ]
    review = Review(review.workspace, review.batch, bare, review.living_doc)
    review.entries = []
    assert "本批材料未给出任何 arXiv 编号" in render_brief(
        review, SessionData(batch_id="x", batch_stem="x", topic="inference")
    )
    review = _with_material_ids(review, FLYP, "2509.09505")
    text = render_brief(review, SessionData(batch_id="x", batch_stem="x", topic="inference"))
    assert f"  - arXiv:2509.09505 — {FLYP}（摘要级）" in text
    assert "本批材料未给出其他 arXiv 编号" in text


@pytest.mark.parametrize(
    "body",
    [
        "前文。\n```python\nsecret = 1\n```\n后文。",
        # a shorter fence does not close it
        "前文。\n````\nsecret = 1\n```\nsecret = 2\n`````\n后文。",
        # a longer one does
        "前文。\n~~~\nsecret = 1\n~~~~~\n后文。",
        "前文。\n  ```\nsecret = 1\n  ```\n后文。",
    ],
)
def test_fenced_code_is_dropped_from_the_excerpt(body: str) -> None:
    assert excerpt(body) == "前文。 后文。"


def test_unclosed_fence_drops_the_rest() -> None:
    assert excerpt("前文。\n```\ncode\nmore code") == "前文。"


def test_excerpt_is_cached_by_body() -> None:
    excerpt.cache_clear()
    body = "缓存测试正文。"
    assert excerpt(body) is excerpt(body)
    assert excerpt.cache_info().hits >= 1


def test_plan_ignores_repeated_and_unknown_refs_in_the_order(
    review: Review, data: SessionData
) -> None:
    from briefdesk.core.render import plan

    data.order = [PLENA, "inbox/nowhere.md#1", PLENA, FLIDE, PLENA]
    assert [inc.head.item.ref for inc in plan(review, data).increments] == [PLENA, FLIDE]
