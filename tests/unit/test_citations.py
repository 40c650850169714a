"""Source citations (docs/workspace.md): a material path and which item, in every way people write
it."""

from __future__ import annotations

import pytest
from briefdesk.core.matching.citations import (
    Citation,
    designation,
    find_citations,
    number,
    sidecar_holdings,
)
from hypothesis import given
from hypothesis import strategies as st

P = "inbox/jay/2026-11-01T0820-csdn-discovery.md"


@pytest.mark.parametrize(
    ("text", "items"),
    [
        (f"来源：{P} 第一条（CSDN 帖，搜索线索级）", (1,)),
        (f"来源：{P} 第 2 条（…）", (2,)),
        (f"（{P} 第 2、3 条）：与主题无关", (2, 3)),
        (f"{P} 第一、二条", (1, 2)),
        (f"{P} 对象二（Instagram 帖）", (2,)),
        (f"{P} 对象一、对象二", (1, 2)),
        (f"{P} 对象一、二", (1, 2)),
        (f"{P}#2（Substack 博文）", (2,)),
        (f"({P} #3)", (3,)),
        (f"Source: {P} item 2 (a blog post)", (2,)),
        (f"Source: {P}, items 2 and 3", (2, 3)),
        (f"Source: {P}, first item (HN thread)", (1,)),
        (f"Source: {P}, the first and second items", (1, 2)),
        (f"{P} 第十二条", (12,)),
        (f"{P} 第一、三条", (1, 3)),
        (f"Source: {P}, items 2–4 (a digest)", (2, 3, 4)),
        (f"{P} 第二至第四条", (2, 3, 4)),
        (f"{P} 对象一至三", (1, 2, 3)),
        (f"{P} #2-3", (2, 3)),
        (f"长文（{P}）：结论与决策树一致", ()),
        (f"Source: {P} (arXiv abstract page)", ()),
        # the item named first, the path after it in brackets or after `of`
        (f"Source: the Tuesday digest's second item ({P}, HN thread)", (2,)),
        (f"来源：第二条（{P}，搜索线索级）", (2,)),
        (f"see item 3 of {P}", (3,)),
        (f"items 2–4 in {P}", (2, 3, 4)),
        # an ordinal of another sentence is not this path's
        (f"The first item. Then {P} (a digest)", ()),
    ],
)
def test_every_written_form(text: str, items: tuple[int, ...]) -> None:
    assert find_citations(text) == [Citation(P, items)]


@pytest.mark.parametrize(
    "text",
    [
        f"来源：{P} 第二条起（…）",
        f"{P} 从第 2 条起",
        f"Source: {P}, items 2 onwards",
        f"{P} 第二条及以后",
    ],
)
def test_a_citation_from_an_item_on_names_every_later_item(text: str) -> None:
    (got,) = find_citations(text)
    assert got.items[:3] == (2, 3, 4) and 1 not in got.items and 40 in got.items


def test_no_path_no_citation_and_urls_are_not_paths() -> None:
    assert find_citations("同文件 Java 类加载机制：与 inference 主题无关") == []
    assert find_citations("https://example.com/inbox/a.md 第一条") == []
    assert find_citations("README.md 第一条") == []  # a bare file name is not a material path


def test_two_paths_in_one_line() -> None:
    got = find_citations(f"来源：{P} 第一条；inbox/flyp/b.md 对象二")
    assert got == [Citation(P, (1,)), Citation("inbox/flyp/b.md", (2,))]
    # the item after one path is not named before the next
    got = find_citations(f"{P} 第一条, inbox/flyp/b.md")
    assert got == [Citation(P, (1,)), Citation("inbox/flyp/b.md", ())]


@given(st.integers(1, 99))
def test_chinese_numerals_read_back(n: int) -> None:
    digits = "零一二三四五六七八九"
    tens, ones = divmod(n, 10)
    zh = (("" if tens == 1 else digits[tens]) + "十" if tens else "") + (
        digits[ones] if ones else ""
    )
    assert number(zh) == n
    assert designation(f" 第{zh}条") == (n,)


def test_sidecar_holdings_of_both_schemas() -> None:
    v1 = {
        "order": ["a.md#1", "a.md#3"],
        "items": [
            {"ref": "a.md#2", "decision": {"merged_into": "a.md#3"}},
            {"ref": "a.md#4", "decision": {"merged_into": None}},
        ],
    }
    assert sidecar_holdings(v1, "b.md") == {
        "a.md#1": {"b.md#1"},
        "a.md#3": {"b.md#2"},
        "a.md#2": {"b.md#2"},
    }
    v2 = {
        "increments": [
            {"parts": ["a.md#1"], "absorbed": ["a.md#5"]},
            {"parts": [{"item": "c.md#1"}]},
        ]
    }
    assert sidecar_holdings(v2, "b.md") == {
        "a.md#1": {"b.md#1"},
        "a.md#5": {"b.md#1"},
        "c.md#1": {"b.md#2"},
    }
    assert sidecar_holdings(["junk"], "b.md") == {} and sidecar_holdings({}, "b.md") == {}


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("每期替换约 1/6 的题目（11-10 简报第 2 条）。", ["#2"]),
        ("HF 已归档 TGI（2026-11-10 E1 简报第二条，选型文转述）。", ["#2"]),
        ("Nothing else changed (the 2026-11-10 E1 brief, item 2).", ["#2"]),
        ("未核实（11-10 简报四第 1 条）。", ["#四-1"]),
        ("入门推导见 11-10 简报第 2 条收录的教程。", []),  # a pointer, outside brackets
        ("另一份简报（11-09 简报第 2 条）。", []),  # another brief's day
    ],
)
def test_a_paragraph_holds_the_brief_entry_it_names_in_brackets(text: str, held: list[str]) -> None:
    from briefdesk.core.matching.citations import absorbed_entries
    from briefdesk.core.model.values import BriefEntry

    entries = [
        BriefEntry(ref=f"b.md#{r}", brief="b.md", date="2026-11-10", section=s, number=n, text="")
        for r, s, n in (("1", "一", "1"), ("2", "一", "2"), ("四-1", "四", "1"))
    ]
    got = absorbed_entries([text], entries)
    assert sorted(entries[e].ref.removeprefix("b.md") for e in got) == held
