"""Materials: arXiv ids, URLs, evidence cues and `## ` items, text kept verbatim."""

from __future__ import annotations

import re
import sys

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.model.values import Evidence, Material
from briefdesk.core.workspace.materials import (
    _CUES,
    _NOT_FULLTEXT,
    _ODD_CASE,
    STRENGTH,
    _lower,
    evidence_from_text,
    find_arxiv,
    find_urls,
    parse_evidence_value,
    parse_material,
)
from hypothesis import given, settings
from hypothesis import strategies as st

SHA = "0" * 64
RSS = "inbox/jay/2026-11-03-1000-rss-cool-papers.md"


# -- arXiv ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "2601.21204",
        "arXiv:2601.21204",
        "arXiv: 2601.21204",
        "2601.21204v3",
        "https://arxiv.org/abs/2601.21204",
        "arxiv.org/pdf/2601.21204v2.pdf",
        "（2601.21204）",
        "论文2601.21204提出",
        "see 2601.21204.",
    ],
)
def test_arxiv_forms_normalise(text: str) -> None:
    assert find_arxiv(text) == ("2601.21204",)


@pytest.mark.parametrize(
    "text",
    ["1.2.1", "2026-11-03", "12601.21204x", "12601.21204", "2601.212045", "v2601.21204",
     "2601.21204.5", "2613.12345", "2600.12345", "2601.123", "x2601.21204", "2601.21204x"],
)  # fmt: skip
def test_not_arxiv(text: str) -> None:
    assert find_arxiv(text) == ()


def test_arxiv_order_and_dedupe() -> None:
    text = "2610.42148 / 2610.42128，又见 arXiv:2610.42148v2 与 2006.11477"
    assert find_arxiv(text) == ("2610.42148", "2610.42128", "2006.11477")


# -- URLs -----------------------------------------------------------------------------------


def test_urls_strip_punctuation_and_dedupe() -> None:
    text = (
        "见 https://papers.cool/arxiv/cs.CL。再见https://x.com/a，"
        "[link](https://en.wikipedia.org/wiki/Foo_(bar)) (http://a.b/c). "
        "**https://q.io/x** https://papers.cool/arxiv/cs.CL! https:// nothing"
    )
    assert find_urls(text) == (
        "https://papers.cool/arxiv/cs.CL",
        "https://x.com/a",
        "https://en.wikipedia.org/wiki/Foo_(bar)",
        "http://a.b/c",
        "https://q.io/x",
    )


def test_url_query_and_fragment_kept() -> None:
    assert find_urls("<https://a.io/p?q=1&r=2#s>") == ("https://a.io/p?q=1&r=2#s",)


# -- evidence -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("papers.cool cs.CL RSS，摘要级，未取正文", Evidence.abstract),
        ("arXiv 摘要页已核，v3 2026-04-12，未读 PDF 全文", Evidence.abstract),
        ("本批唯一论文卡，TLDR 级，正文未读", Evidence.tldr),
        ("正文未获取，仅搜索线索级", Evidence.search_lead),
        ("厂商口径", Evidence.vendor),
        ("厂商发布会", Evidence.vendor),
        ("全部收益数字为作者自报", Evidence.self_report),
        ("正文已核", Evidence.fulltext),
        ("读了正文，全文已读", Evidence.fulltext),
        ("abstract only", Evidence.abstract),
        ("TLDR only", Evidence.tldr),
        ("Full text read.", Evidence.fulltext),
        ("a search lead", Evidence.search_lead),
        ("vendor claim", Evidence.vendor),
        ("self-reported numbers", Evidence.self_report),
    ],
)
def test_cues(text: str, level: Evidence) -> None:
    assert evidence_from_text(text) is level


@pytest.mark.parametrize(
    "text", ["", "正文未读", "未读正文", "full text not read", "a plain note", "research leader"]
)
def test_no_level(text: str) -> None:
    assert evidence_from_text(text) is None


def test_weakest_cue_wins() -> None:
    assert evidence_from_text("正文已核；另一条摘要级") is Evidence.abstract
    assert evidence_from_text("摘要级，TLDR 也有") is Evidence.tldr
    assert evidence_from_text("TLDR；厂商口径；搜索线索") is Evidence.search_lead
    assert evidence_from_text("全文已读？不，正文未读") is None  # a denial beats the claim


def _evidence_reference(text: str) -> Evidence | None:
    """evidence_from_text as first written: each cue kind as one case-insensitive search."""
    found = [level for level in STRENGTH if _CUES[level].pattern.search(text)]
    if Evidence.fulltext in found and _NOT_FULLTEXT.pattern.search(text):
        found.remove(Evidence.fulltext)
    return found[-1] if found else None


_CUE_BITS = [
    "正文已核",
    "全文已读",
    "读了正文",
    "摘要级",
    "仅摘要",
    "只到摘要",
    "作者自述",
    "自报",
    "厂商口径",
    "搜索线索",
    "正文未读",
    "未读全文",
    "未读 PDF 全文",
    "未读PDF全文",
    "Full text read",
    "FULL-TEXT CHECKED",
    "read the full text",
    "full text not read",
    "did not read the full text",
    "full-text unread",
    "abstract only",
    "Abstract-Level",
    "only the abstract",
    "TLDR",
    "tl;dr",
    "TL;DR",
    "Self-reported",
    "author self report",
    "vendor claims",
    "Vendor announcement",
    "search lead",
    "SEARCH-LEAD",
    "ſelf-reported",
    "ſearch lead",
    "pdf",
    "PDF",
    "full",
    "self",
    "vendor",
    "search",
    "abstract",
    "x",
    "a",
    " ",
    "\n",
    "，",
    "。",
    "全文",
    "正文",
    "\u017f",
    "\u212a",
    "\u0130",
    "\u0131",
]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.one_of(st.sampled_from(_CUE_BITS), st.text(max_size=3)), max_size=12).map("".join)
)
def test_evidence_cues_search_exactly_as_the_plain_patterns(text: str) -> None:
    """The split Chinese/English search with its word shortcut answers as the plain patterns do."""
    assert evidence_from_text(text) == _evidence_reference(text)


def test_the_odd_case_characters_are_all_there_are() -> None:
    """Every non-ASCII character that IGNORECASE matches to an ASCII letter is one `_ODD_CASE`
    knows, so skipping the English search when `lower()` lacks a cue word is exact."""
    letter = re.compile("[a-z]", re.IGNORECASE)
    odd = {
        chr(c)
        for c in range(128, sys.maxunicode + 1)
        if not 0xD800 <= c < 0xE000 and letter.fullmatch(chr(c))
    }
    assert odd and all(_ODD_CASE.fullmatch(c) for c in odd)
    for c in odd:
        assert _lower(f"x{c}y") is None


@pytest.mark.parametrize(
    ("value", "level"),
    [
        ("tldr", Evidence.tldr),
        ("TLDR 级", Evidence.tldr),
        ("TLDR级", Evidence.tldr),
        ("摘要级", Evidence.abstract),
        ("search-lead", Evidence.search_lead),
        ("search_lead", Evidence.search_lead),
        ("搜索线索级", Evidence.search_lead),
        ("Author self-report", Evidence.self_report),
        ("full text read", Evidence.fulltext),
        ("未标注", Evidence.unknown),
        ("摘要级，未读正文", Evidence.abstract),
        (Evidence.vendor, Evidence.vendor),
    ],
)
def test_parse_evidence_value(value: object, level: Evidence) -> None:
    assert parse_evidence_value(value) is level


@pytest.mark.parametrize("value", [None, "", "whatever", ["tldr"], {"a": "b"}])
def test_parse_evidence_value_none(value: object) -> None:
    assert parse_evidence_value(value) is None


# -- materials ------------------------------------------------------------------------------

MULTI = """---
title: papers.cool cs.CL
source: rss
extra: kept
---
# RSS digest

摘要级，未取正文。

## Flide: Accelerating Decision Inference (2610.42148)
Exact state forking. https://papers.cool/arxiv/2610.42148

```md
## not an item
```

## DecisionRank（arXiv:2610.42128v2）
TLDR only.

### a sub-heading stays in the item
##no-space is text
"""


def test_items_split_on_level_two_headings() -> None:
    m = parse_material(RSS, MULTI, SHA)
    assert m.title == "papers.cool cs.CL"
    assert m.front_matter == {"title": "papers.cool cs.CL", "source": "rss", "extra": "kept"}
    assert [i.ref for i in m.items] == [f"{RSS}#1", f"{RSS}#2"]
    first, second = m.items
    assert first.title == "Flide: Accelerating Decision Inference (2610.42148)"
    assert "## not an item" in first.body
    assert first.arxiv == ("2610.42148",)
    assert first.urls == ("https://papers.cool/arxiv/2610.42148",)
    assert (first.evidence, first.evidence_source) == (Evidence.abstract, "text")  # preamble
    assert second.arxiv == ("2610.42128",)
    assert (second.evidence, second.evidence_source) == (Evidence.tldr, "text")  # own cue
    assert second.body.endswith("### a sub-heading stays in the item\n##no-space is text\n")
    assert m.evidence is Evidence.tldr  # the weakest cue anywhere in the material


def test_item_body_is_verbatim() -> None:
    text = "## A\r\n  **bold** <b>x</b>\r\n\r\n## B\r\n"
    m = parse_material("inbox/a.md", text, SHA)
    assert [i.title for i in m.items] == ["A", "B"]
    assert m.items[0].body == "  **bold** <b>x</b>\r\n\r\n"
    assert m.items[1].body == ""


def test_front_matter_beats_cues_and_override_beats_both() -> None:
    text = "---\nevidence: TLDR 级\n---\n## One\n正文已核\n## Two\n"
    m = parse_material("inbox/a.md", text, SHA)
    assert [(i.evidence, i.evidence_source) for i in m.items] == [
        (Evidence.tldr, "front-matter"),
        (Evidence.tldr, "front-matter"),
    ]
    m = parse_material("inbox/a.md", text, SHA, override=Evidence.vendor)
    assert {(i.evidence, i.evidence_source) for i in m.items} == {(Evidence.vendor, "manifest")}
    assert m.evidence is Evidence.vendor


def test_unknown_front_matter_evidence_lets_the_text_speak() -> None:
    m = parse_material("inbox/a.md", "---\nevidence: unknown\n---\n摘要级\n", SHA)
    assert m.items[0].evidence is Evidence.abstract


def test_no_cue_is_unknown_default() -> None:
    m = parse_material("inbox/a.md", "just text", SHA)
    assert (m.items[0].evidence, m.items[0].evidence_source) == (Evidence.unknown, "default")
    assert m.evidence is Evidence.unknown


def test_single_item_material() -> None:
    text = (
        "---\ntitle: Cloud-native and Distributed Systems for LLM\n"
        "arxiv: [arXiv:2604.17227, '2604.17227v2', junk]\nurl: https://arxiv.org/abs/2604.17227\n"
        "---\n# Card\nTLDR: a survey. Cites 2601.21204.\n"
    )
    m = parse_material("organized/paper_cards/140-2604-17227.md", text, SHA)
    (item,) = m.items
    assert item.ref == "organized/paper_cards/140-2604-17227.md#1"
    assert item.title == m.title == "Cloud-native and Distributed Systems for LLM"
    assert item.body == "# Card\nTLDR: a survey. Cites 2601.21204.\n"
    assert item.arxiv == ("2604.17227", "2601.21204")
    assert item.urls == ("https://arxiv.org/abs/2604.17227",)
    assert item.evidence is Evidence.tldr


def test_front_matter_ids_of_a_material_with_several_items_stay_on_the_material() -> None:
    """Kept on the Material (the brief lists them in 三), not copied onto every item: that would
    make the items of one material identity-duplicates of each other."""
    text = (
        "---\narxiv: [arXiv:2610.42112, '2610.42148v2']\n"
        "url: [https://papers.cool/arxiv/cs.CL, 7]\n---\n"
        "# Digest\nSee arxiv.org/abs/2610.42084 and https://example.com/digest.\n\n"
        "## Flide (2610.42148)\nbody\n\n## DecisionRank\nbody\n"
    )
    m = parse_material(RSS, text, SHA)
    assert m.arxiv == ("2610.42112", "2610.42148", "2610.42084")
    assert m.urls == ("https://papers.cool/arxiv/cs.CL", "https://example.com/digest")
    first, second = m.items
    assert first.arxiv == ("2610.42148",) and first.urls == ()
    assert second.arxiv == () and second.urls == ()


def test_single_item_material_keeps_front_matter_ids_on_both() -> None:
    m = parse_material("inbox/a.md", "---\narxiv: 2604.17227\n---\nbody 2601.21204\n", SHA)
    assert m.items[0].arxiv == m.arxiv == ("2604.17227", "2601.21204")


def test_material_without_ids() -> None:
    m = parse_material(RSS, MULTI, SHA)
    assert (m.arxiv, m.urls) == ((), ())


def test_single_item_title_falls_back_to_heading_then_stem() -> None:
    assert (
        parse_material("inbox/a/x.md", "intro\n# Heading #\nbody", SHA).items[0].title == "Heading"
    )
    assert parse_material("inbox/a/x-y.md", "no heading", SHA).items[0].title == "x-y"


def test_empty_file_is_one_empty_item() -> None:
    m = parse_material("inbox/jay/empty.md", "", SHA)
    assert isinstance(m, Material) and m.title == "empty"
    (item,) = m.items
    assert (item.ref, item.title, item.body) == ("inbox/jay/empty.md#1", "empty", "")


def test_empty_heading_gets_a_title() -> None:
    m = parse_material("inbox/x.md", "## \nbody\n##\n", SHA)
    assert [i.title for i in m.items] == ["x #1", "x #2"]


def test_bad_front_matter_names_the_file() -> None:
    with pytest.raises(BriefdeskError, match=r"^inbox/x\.md: front matter never closes"):
        parse_material("inbox/x.md", "---\ntitle: x\n", SHA)


_fragment = st.sampled_from(
    ["---", "## ", "## item", "# t", "```", "~~~", "title: x", "evidence: tldr", "摘要级",
     "arXiv:2601.21204", "https://a.io/x", "", "\r"]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(), st.lists(st.one_of(_fragment, st.text(max_size=6))).map("\n".join)))
def test_any_text_is_a_material_or_a_briefdesk_error(text: str) -> None:
    try:
        m = parse_material("inbox/x.md", text, SHA)
    except BriefdeskError:
        return
    assert m.items and [i.index for i in m.items] == list(range(1, len(m.items) + 1))


def test_each_item_knows_the_line_of_its_heading() -> None:
    """The line a pager or an editor opens an item at: front matter counted, a `## ` inside a
    code fence is no heading, CRLF files count the same lines, a single-item file is line 1."""
    text = (
        "---\ntitle: t\nevidence: abstract\n---\n"  # lines 1-4
        "# Digest\n\n"  # 5-6
        "## 对象一：PLENA\n\nbody\n\n"  # 7-10
        "```md\n## not an item\n```\n\n"  # 11-14
        "## Second\n\nmore\n"  # 15-17
    )
    for variant in (text, text.replace("\n", "\r\n"), "\ufeff" + text):
        items = parse_material("inbox/jay/x.md", variant, "0" * 64).items
        assert [(i.title, i.line) for i in items] == [("对象一：PLENA", 7), ("Second", 15)]
    single = parse_material("inbox/jay/y.md", "just a note\n", "0" * 64).items
    assert [i.line for i in single] == [1]
