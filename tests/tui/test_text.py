"""The display helpers without an app: cell-counted fitting, literal content, shared-text marks,
the filter's test."""

from __future__ import annotations

from briefdesk.core.model.decisions import Decision, Origin
from briefdesk.core.model.values import Duplicate, Evidence, Item, ItemMatches
from briefdesk.tui.filtering import ItemFilter
from briefdesk.tui.highlight import shared_runs, side_by_side
from briefdesk.tui.text import fit, line, status_glyph
from rich.cells import cell_len

CLICK = "[@click=app.quit]x[/]"


def test_fit_counts_cells_not_characters() -> None:
    for text in ("中文标题很长很长", "mixed 中文 and English", "emoji 👨‍👩‍👧 here", "short"):
        for width in (1, 5, 8, 13):
            out = fit(text, width)
            assert out.cell_length == width, (text, width)
            assert cell_len(out.plain) == width
    assert fit("中文标题", 5).plain == "中文…"
    assert fit("中文标题", 4).plain == "中 …"  # a wide character is never cut in half
    assert fit("abc", 5).plain == "abc  "


def test_line_is_literal_and_safe() -> None:
    content = line(f"{CLICK} [bold red]x\x1b[2J\n\x9b")
    assert content.plain == f"{CLICK} [bold red]x␛[2J \ufffd"
    assert not content.spans  # no markup became a style or an action


def test_status_glyphs() -> None:
    assert status_glyph(Decision()).plain == "· "
    assert status_glyph(Decision(status="include")).plain == "✓?"
    assert status_glyph(Decision(status="include", origin=Origin.reviewer)).plain == "✓ "
    assert (
        status_glyph(Decision(status="exclude", reason="duplicate:x", origin=Origin.reviewer)).plain
        == "≡ "
    )
    assert status_glyph(Decision(status="exclude", reason="off-topic")).plain == "✗?"


def test_shared_runs_work_on_chinese_without_spaces() -> None:
    a = "本批材料提出用精确状态分叉加速决策推理，未给出数字"
    b = "另一份材料说：用精确状态分叉加速决策推理是新思路"
    runs = shared_runs(a, b)
    assert any(a[s : s + n] == "用精确状态分叉加速决策推理" for s, _, n in runs)
    left, right, shared = side_by_side(a, b)
    assert shared >= 13 and left.spans and right.spans


def test_short_common_words_are_not_marked() -> None:
    assert shared_runs("the cat sat", "the dog ran") == []


def item(ref: str = "inbox/a.md#1", title: str = "标题", body: str = "正文") -> Item:
    return Item(
        ref=ref, material="inbox/a.md", index=1, title=title, body=body, evidence=Evidence.abstract
    )


def test_filter() -> None:
    it = item()
    undecided = Decision()
    dup = ItemMatches(duplicates=(Duplicate(kind="batch", ref="x#1", score=90, text="t"),))
    assert ItemFilter().accepts(it, undecided, Evidence.abstract, None)
    assert ItemFilter(text="正文").accepts(it, undecided, Evidence.abstract, None)
    assert not ItemFilter(text="别的").accepts(it, undecided, Evidence.abstract, None)
    assert ItemFilter(status="undecided").accepts(it, undecided, Evidence.abstract, None)
    assert not ItemFilter(status="include").accepts(it, undecided, Evidence.abstract, None)
    assert ItemFilter(status="proposed").accepts(
        it, Decision(status="include"), Evidence.abstract, None
    )
    assert ItemFilter(evidence=Evidence.tldr).accepts(it, undecided, Evidence.tldr, None)
    assert not ItemFilter(material="inbox/b.md").accepts(it, undecided, Evidence.abstract, None)
    assert ItemFilter(has_duplicates=True).accepts(it, undecided, Evidence.abstract, dup)
    assert not ItemFilter(has_duplicates=False).accepts(it, undecided, Evidence.abstract, dup)
    assert ItemFilter(has_duplicates=True).accepts(
        it, undecided, Evidence.abstract, None
    )  # not matched yet
    assert ItemFilter(text="x", status="include").describe() == "text “x”, include"
