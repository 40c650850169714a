"""Living document sections: numbered headings of any level, text down to the next heading."""

from __future__ import annotations

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.model.values import LivingDoc
from briefdesk.core.workspace.livingdoc import parse_living_doc, section_number
from hypothesis import given, settings
from hypothesis import strategies as st

DOC = """---
topic: inference
---
# inference 活文档

前言不属于任何小节。

## 1 引擎

### 1.2 SGLang

SGLang 有 /v1/decisions 端点。

v1.2.1 稳定版 2026-09-23。

### §4.2 内存杠杆
低比特 n-gram 表量化。
#### 5.8. 边缘与专用加速器
```text
## 9.9 not a heading in code
```
## 附录
附录文字不属于 5.8。
## 3 调度
## 1.2 重复的编号
被忽略。
"""


def test_sections() -> None:
    doc = parse_living_doc("docs/inference.md", DOC)
    assert [(s.id, s.title, s.level) for s in doc.sections] == [
        ("1", "引擎", 2),
        ("1.2", "SGLang", 3),
        ("4.2", "内存杠杆", 3),
        ("5.8", "边缘与专用加速器", 4),
        ("3", "调度", 2),
    ]
    assert doc.section("1") is not None and doc.section("1").text == ""
    assert doc.section("1.2").text == "SGLang 有 /v1/decisions 端点。\n\nv1.2.1 稳定版 2026-09-23。"
    assert doc.section("4.2").text == "低比特 n-gram 表量化。"
    assert doc.section("5.8").text == "```text\n## 9.9 not a heading in code\n```"
    assert doc.section("3").text == ""
    assert doc.section("9.9") is None


def test_line_numbers_count_front_matter() -> None:
    doc = parse_living_doc("docs/inference.md", DOC)
    assert doc.section("1.2").line == DOC.splitlines().index("### 1.2 SGLang") + 1


def test_duplicate_ids_keep_the_first() -> None:
    doc = parse_living_doc("docs/x.md", DOC)
    assert [s.id for s in doc.sections].count("1.2") == 1
    assert doc.section("1.2").title == "SGLang"


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("1.2 SGLang", ("1.2", "SGLang")),
        ("§4.2 内存杠杆", ("4.2", "内存杠杆")),
        ("§ 4.2 内存杠杆", ("4.2", "内存杠杆")),
        ("5.8. 边缘与专用加速器", ("5.8", "边缘与专用加速器")),
        ("3 调度", ("3", "调度")),
        ("4.2内存杠杆", ("4.2", "内存杠杆")),
        ("6.1", ("6.1", "")),
        ("3D 渲染", None),
        ("1.2x", None),
        ("附录", None),
        ("v1.2 notes", None),
    ],
)
def test_section_number(heading: str, expected: tuple[str, str] | None) -> None:
    assert section_number(heading) == expected


def test_crlf_and_no_front_matter() -> None:
    doc = parse_living_doc("docs/x.md", "## 2.1 A\r\n\r\ntext\r\n")
    assert (doc.sections[0].id, doc.sections[0].text, doc.sections[0].line) == ("2.1", "text", 1)


def test_unclosed_front_matter_is_an_error() -> None:
    with pytest.raises(BriefdeskError, match=r"docs/x\.md: front matter never closes"):
        parse_living_doc("docs/x.md", "---\n## 1 A\n")


_fragment = st.sampled_from(
    ["---", "# 1 A", "## 1.2 B", "### §4.2 C", "#### 5.8. D", "## 附录", "```", "~~~", "x", ""]
)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(), st.lists(st.one_of(_fragment, st.text(max_size=6))).map("\n".join)))
def test_any_text_is_a_doc_or_a_briefdesk_error(text: str) -> None:
    try:
        doc = parse_living_doc("docs/x.md", text)
    except BriefdeskError:
        return
    assert isinstance(doc, LivingDoc)
    ids = [s.id for s in doc.sections]
    assert len(ids) == len(set(ids))
