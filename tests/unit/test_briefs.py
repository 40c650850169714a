"""Earlier briefs: the seed's plain text and Markdown, entries cited as a reader would."""

from __future__ import annotations

from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.model.values import BriefEntry
from briefdesk.core.workspace.earlier_briefs import brief_date, parse_brief
from hypothesis import given, settings
from hypothesis import strategies as st

SEED = Path(__file__).resolve().parents[1] / "seed" / "000_c7e6d8574e79db7a.txt"  # tests/seed/


@pytest.fixture(scope="module")
def seed_entries() -> list[BriefEntry]:
    return parse_brief("briefs/inference/seed.txt", SEED.read_text("utf-8"))


def _refs(entries: list[BriefEntry]) -> list[str]:
    return [e.ref.split("#", 1)[1] for e in entries]


def test_seed_refs(seed_entries: list[BriefEntry]) -> None:
    assert _refs(seed_entries) == (
        [str(n) for n in range(1, 7)]
        + [f"二-{k}" for k in range(1, 7)]
        + [f"四-{k}" for k in range(1, 9)]
        + [f"五-{k}" for k in range(1, 4)]
    )
    assert {e.date for e in seed_entries} == {"2026-11-03"}
    assert {e.brief for e in seed_entries} == {"briefs/inference/seed.txt"}


def test_seed_increments_carry_title_and_sub_bullets(seed_entries: list[BriefEntry]) -> None:
    first = seed_entries[0]
    assert (first.section, first.number) == ("一", "1")
    assert first.text.startswith("cs.CL 新批次：决策模型（decision model）")
    assert "\n• 来源：inbox/jay/2026-11-03-1000-rss-cool-papers.md" in first.text
    assert "\n• 证据边界" in first.text
    assert seed_entries[1].text.startswith("PLENA：长上下文 agentic 推理的软硬件协同路线图")
    assert seed_entries[5].text.startswith("论文卡抽查（近 3 天）")
    assert "五、" not in seed_entries[-1].text and "本文件为" not in seed_entries[-1].text


def test_seed_other_sections(seed_entries: list[BriefEntry]) -> None:
    by_ref = {e.ref.split("#", 1)[1]: e for e in seed_entries}
    assert by_ref["二-1"].text.startswith("SGLang 版本线双轨未标清")
    assert by_ref["四-2"].text.startswith("llama.cpp CUDA 编译参数")
    assert (by_ref["四-2"].section, by_ref["四-2"].number) == ("四", "2")
    assert by_ref["五-3"].text.startswith("把 agentic 长上下文的两条新路线")


MD = """# inference · E1 预消化简报（2026-11-01）

- 作者：Tom
- 批次：x

## 一、今日最重要的 2 条增量

1. **llama.cpp CUDA 编译参数**
   - 来源：inbox/jay/a.md
   - 要点：三类报错
     继续的一行

1. 第二条（Markdown 懒编号）
   - 来源：inbox/jay/b.md

## 二、值得警惕的矛盾

* 矛盾一
  第二行
* 矛盾二

## 三、可引用的 arXiv 号列表

本批材料直接涉及（1 个） - arXiv:2509.09505

## 四、已检查但判定无显著新增量

• 甲
• 乙
  - 乙的细节

说明段落不是条目。

## 五、抓手

1. 先修版本线
2. 再加条目

```
- not an entry
```
"""


def test_markdown_brief() -> None:
    entries = parse_brief("briefs/inference/a.md", MD)
    assert _refs(entries) == ["1", "2", "二-1", "二-2", "四-1", "四-2", "五-1", "五-2"]
    assert entries[0].text == (
        "**llama.cpp CUDA 编译参数**\n- 来源：inbox/jay/a.md\n- 要点：三类报错\n继续的一行"
    )
    assert entries[1].text.startswith("第二条")
    assert entries[2].text == "矛盾一\n第二行"
    assert entries[5].text == "乙\n- 乙的细节"
    assert entries[-1].text == "再加条目"
    assert {e.date for e in entries} == {"2026-11-01"}


def test_english_brief() -> None:
    text = (
        "# inference · E1 brief (2026-11-02)\n\n## I. Increments\n\n1. One\n   - Source: a\n"
        "2. Two\n\n## II. Contradictions\n\n- c1\n\n## IV. Checked, not included\n\n- x\n- y\n"
    )
    entries = parse_brief("briefs/inference/b.md", text)
    assert _refs(entries) == ["1", "2", "II-1", "IV-1", "IV-2"]
    assert [e.section for e in entries] == ["I", "I", "II", "IV", "IV"]
    assert entries[0].text == "One\n- Source: a"


def test_increments_keep_printed_numbers() -> None:
    text = "一、增量\n\n3. 三\n\n5. 五\n"
    assert _refs(parse_brief("b.md", text)) == ["3", "5"]


def test_heading_increments_and_lines_before_sections() -> None:
    text = "标题\n\n• 作者：Tom\n1. 不是条目\n\n## 一、增量\n\n### 1. 甲\n正文\n### 小结\n散文\n"
    entries = parse_brief("b.md", text)
    assert [(e.ref, e.text) for e in entries] == [("b.md#1", "甲\n正文")]


def test_bullets_in_first_section_before_any_increment() -> None:
    entries = parse_brief("b.md", "一、增量\n- 说明甲\n- 说明乙\n1. 增量\n")
    assert _refs(entries) == ["一-1", "一-2", "1"]


@pytest.mark.parametrize(
    ("path", "title", "date"),
    [
        ("briefs/inference/2026-11-01-e1-2026-11-01-abc.md", None, "2026-11-01"),
        ("briefs/x/notes-2026-10-30.md", "t（2026-11-01）", "2026-10-30"),
        ("briefs/x/000_c7e6d8574e79db7a.txt", "简报(2026-11-03)", "2026-11-03"),
        ("briefs/x/2026-13-45.md", "简报（ 2026-11-04 ）", "2026-11-04"),
        ("briefs/x/a.md", "created 2026-11-05", None),
        ("briefs/x/a.md", None, None),
    ],
)
def test_brief_date(path: str, title: str | None, date: str | None) -> None:
    assert brief_date(path, title) == date


def test_empty_and_sectionless_briefs() -> None:
    assert parse_brief("b.md", "") == []
    assert parse_brief("b.md", "- a\n1. b\n") == []


def test_front_matter_is_skipped_even_when_broken() -> None:
    assert _refs(parse_brief("b.md", "---\nx: 1\n---\n一、增量\n1. 甲\n")) == ["1"]
    assert _refs(parse_brief("b.md", "---\n一、增量\n1. 甲\n")) == ["1"]


_fragment = st.sampled_from(
    ["一、增量", "## 二、矛盾", "## I. Inc", "四、x", "1. a", "  1. b", "  • c", "- d", "* * *",
     "### 2. e", "```", "", "    f", "99999999999999999999. g"]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(), st.lists(st.one_of(_fragment, st.text(max_size=6))).map("\n".join)))
def test_any_text_is_entries_or_a_briefdesk_error(text: str) -> None:
    try:
        entries = parse_brief("briefs/x/b.md", text)
    except BriefdeskError:
        return
    refs = [e.ref for e in entries]
    assert len(refs) == len(set(refs))
