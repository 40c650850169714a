"""`markdown_content`: material Markdown laid out as one Content — each construct, hostile text,
and a property: whatever the text, it never raises and shows no control character."""

from __future__ import annotations

import unicodedata

import pytest
from briefdesk.core.text.sanitize import is_safe
from briefdesk.tui.linebreak import break_offsets
from briefdesk.tui.markdown_layout import MAX_CHARS, markdown_content, markdown_lines
from briefdesk.tui.widgets.markdown_text import MarkdownVisual
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.content import Content

ESC, CSI = "\x1b", "\x9b"


def plain(text: str) -> str:
    """The laid-out text."""
    return markdown_content(text).plain


def rows(text: str, width: int) -> list[str]:
    """The laid-out text as the pane draws it at `width` cells."""
    return MarkdownVisual(markdown_lines(text)).wrapped(width).plain.split("\n")


def styles_of(content: Content, needle: str) -> set[str]:
    """The styles of the spans that cover the first occurrence of `needle`."""
    start = content.plain.index(needle)
    end = start + len(needle)
    return {str(span.style) for span in content.spans if span.start <= start and span.end >= end}


def lines(text: str) -> list[str]:
    return plain(text).split("\n")


# -- constructs ----------------------------------------------------------------------------------


def test_plain_paragraphs_are_separated_by_a_blank_line() -> None:
    assert plain("one\n\ntwo") == "one\n\ntwo"
    assert markdown_content("") == Content("")
    assert plain("  \n\n ") == ""


def test_soft_breaks_are_spaces_except_between_chinese() -> None:
    assert plain("one\ntwo") == "one two"
    assert plain("中文第一行\n第二行") == "中文第一行第二行"
    assert plain("中文\nEnglish") == "中文 English"
    assert plain("hard  \nbreak") == "hard\nbreak"
    assert plain("hard\\\nbreak") == "hard\nbreak"


def test_headings_are_bold_and_coloured() -> None:
    content = markdown_content("# 标题一\n\n## Two\n\n### Three\n\ntext")
    assert content.plain == "标题一\n\nTwo\n\nThree\n\ntext"
    assert any("bold" in s and "$accent" in s for s in styles_of(content, "标题一"))
    assert any("bold" in s and "$accent" in s for s in styles_of(content, "Two"))
    assert any("bold" in s for s in styles_of(content, "Three"))
    assert styles_of(content, "text") == set()
    assert plain("Setext\n===\n\nafter") == "Setext\n\nafter"


def test_emphasis_strong_strike_and_inline_code() -> None:
    content = markdown_content("a *em* b **strong** c ~~gone~~ d `co[b]de` e ***both***")
    assert content.plain == "a em b strong c gone d co[b]de e both"
    assert "italic" in styles_of(content, "em")
    assert "bold" in styles_of(content, "strong")
    assert "strike" in styles_of(content, "gone")
    assert any("$text-warning" in s for s in styles_of(content, "co[b]de"))
    both = " ".join(styles_of(content, "both"))
    assert "italic" in both and "bold" in both
    # emphasis inside a heading keeps the heading's style
    heading = markdown_content("## a *b* c")
    assert any("$accent" in s and "italic" in s for s in styles_of(heading, "b"))


def test_bullet_lists_nest_with_indentation() -> None:
    assert lines("- a\n- b\n  - c\n    - d\n- e") == ["• a", "• b", "  ◦ c", "    ▪ d", "• e"]
    assert lines("text\n\n- a\n- b\n\nafter") == ["text", "", "• a", "• b", "", "after"]


def test_ordered_lists_keep_their_numbers() -> None:
    assert lines("1. one\n2. two\n   1. inner\n3. three") == [
        "1. one",
        "2. two",
        "   1. inner",
        "3. three",
    ]
    assert lines("7) seven\n8) eight") == ["7) seven", "8) eight"]


def test_loose_lists_and_paragraphs_in_items() -> None:
    assert lines("- a\n\n- b\n\n  more of b") == ["• a", "", "• b", "", "  more of b"]
    assert lines("- a  \n  b") == ["• a", "  b"], "an item's second line is indented under its text"
    assert lines("-\n- x") == ["•", "• x"], "an empty item keeps its marker"


def test_wrapped_lines_hang_under_their_text() -> None:
    assert rows("- " + "word " * 8 + "\n  - " + "deep " * 6, 20) == [
        "• word word word",
        "  word word word",
        "  word word",
        "  ◦ deep deep deep",
        "    deep deep deep",
    ]
    assert rows("> " + "quoted " * 5, 16) == ["▌ quoted quoted", "▌ quoted quoted", "▌ quoted"]
    assert rows("12. " + "x " * 10, 12) == ["12. x x x x", "    x x x x", "    x x"]


def test_chinese_breaks_between_characters_and_keeps_punctuation() -> None:
    # to Content's own wrapper a run of Chinese is one word: the marker would stand alone
    assert rows("- " + "很长" * 12, 20) == [
        "• 很长很长很长很长很",
        "  长很长很长很长很长",
        "  很长很长很长",
    ]
    assert rows("中文 English 混排的一段文字", 14) == ["中文 English", "混排的一段文字"]
    # closing punctuation stays on the line it closes, opening on the line it opens
    assert rows("一二三四，五六", 8) == ["一二三", "四，五六"]
    assert rows("一二（三四", 6) == ["一二", "（三四"]


def test_break_offsets() -> None:
    assert break_offsets("aaa bbb ccc", 7, 7) == [8]
    assert break_offsets("aaa bbb ccc", 6, 6) == [4, 8]
    assert break_offsets("aaa bbb ccc", 100, 100) == []
    assert break_offsets("abcdefghij", 4, 3) == [4, 7]
    assert break_offsets("中文中文", 4, 4) == [2]
    assert break_offsets("", 5, 5) == []
    assert break_offsets("中\u0301文", 2, 2) == [2], "a combining mark stays with its letter"


def test_every_row_fits_the_width() -> None:
    text = (
        "- "
        + "中文混排 English words 和更多的中文，" * 10
        + "\n\n> "
        + "引用" * 50
        + "\n\n"
        + "x" * 300
    )
    visual = MarkdownVisual(markdown_lines(text))
    for width in (1, 2, 5, 10, 23, 40, 71):
        for row in visual.wrapped(width).split("\n"):
            assert row.cell_length <= max(width, 2), (width, row.plain)  # a wide character is 2

        def letters(content: Content) -> str:  # the text without the prefixes that rows repeat
            return "".join(content.plain.replace("▌", "").replace("•", "").split())

        assert letters(visual.wrapped(width)) == letters(visual.content), "no text lost"


def test_code_blocks_are_verbatim() -> None:
    source = "```python\ndef f(x):\n    return '[b]x[/b]' + $y  # \\n\n```\n\nafter"
    content = markdown_content(source)
    text = content.plain
    assert "  def f(x):\n      return '[b]x[/b]' + $y  # \\n\n\nafter" in text
    assert any("$text-warning" in s for s in styles_of(content, "def f(x):"))
    assert "python" not in text, "the fence's language is not shown"
    assert lines("text\n\n    indented code\n      more") == [
        "text",
        "",
        "  indented code",
        "    more",
    ]


def test_blockquotes_have_a_bar_on_every_line() -> None:
    assert lines("> one\n> two\n>\n> - item\n\nafter") == [
        "▌ one two",
        "▌",
        "▌ • item",
        "",
        "after",
    ]
    assert lines("> > nested") == ["▌ ▌ nested"]
    assert lines("- > quoted item") == ["• ▌ quoted item"]


def test_links_show_their_target_and_are_not_clickable() -> None:
    content = markdown_content(
        "see [the site](https://e.com/a?b=1) and <https://auto.org> or www.x.org."
    )
    assert content.plain == "see the site <https://e.com/a?b=1> and https://auto.org or www.x.org."
    assert "underline" in styles_of(content, "the site")
    assert any("$text-muted" in s for s in styles_of(content, "<https://e.com/a?b=1>"))
    for span in content.spans:
        assert isinstance(span.style, str), "no Style objects: no meta, no @click"
        assert "link" not in span.style and "@click" not in span.style
    # a link's target is shown readable (markdown-it percent-encodes it for HTML)
    assert plain("[中文](https://e.com/路径)") == "中文 <https://e.com/路径>"
    assert plain("[x](javascript:alert(1))") == "[x](javascript:alert(1))", "markdown-it refuses it"
    assert plain("[same](https://same.org)") == "same <https://same.org>"
    assert plain("[https://s.org](https://s.org)") == "https://s.org"


def test_images_show_alt_text_and_source() -> None:
    assert (
        plain("![架构 *图*](http://i.example/a.png)") == "[image: 架构 图] <http://i.example/a.png>"
    )
    assert plain("![](x.png)") == "[image: ] <x.png>"


def test_tables_are_rows_with_separators() -> None:
    text = plain("| 名称 | value |\n|---|---|\n| 中文 | 1 |\n| b | **long** value |")
    assert text.split("\n") == [
        "名称 │ value",
        "─────┼───────────",
        "中文 │ 1",
        "b    │ long value",
    ]
    content = markdown_content("| h1 | h2 |\n|---|---|\n| a | b |")
    assert "bold" in styles_of(content, "h1")


def test_rules_and_html_are_literal() -> None:
    assert lines("a\n\n---\n\nb") == ["a", "", "─" * 24, "", "b"]
    assert (
        plain("<div onclick='x()'>block</div>\n\nafter")
        == "<div onclick='x()'>block</div>\n\nafter"
    )
    assert plain("an <b>inline</b> tag <!-- c -->") == "an <b>inline</b> tag <!-- c -->"


def test_entities_are_decoded_but_never_to_controls() -> None:
    text = plain("&amp; &lt;x&gt; &#x1b;[2J &#x202e;evil &#13; &#0;")
    assert text.startswith("& <x> ")
    assert ESC not in text and "\u202e" not in text and "\r" not in text and "\x00" not in text
    assert is_safe(text)


# -- hostile text ----------------------------------------------------------------------------------

HOSTILE = [
    (
        "[bold]x[/bold] [@click=app.quit]y[/] [link=https://e.com]z[/link] "
        "$variable $accent \\[b\\] C:\\dir\\n"
    ),
    (
        f"ESC{ESC}[2J CSI{CSI}31m BEL\x07 NUL\x00 DEL\x7f "
        f"OSC{ESC}]52;c;aGk=\x07 \u202eevil\u2066 \u2028sep"
    ),
    "emoji 👨‍👩‍👧 ZWJ 👨\u200d 组合 e\u0301 全角ＡＢ",
    "[unclosed *emph **strong `code\n\n```\nnever closed fence",
    "> " * 200 + "deep quote",
    "".join("  " * i + "- level\n" for i in range(60)),
    "1. " * 300 + "nested ordered",
    "*" * 3000 + "x" + "*" * 3000,
    "| a |\n|---|\n" + "| b | c | d |\n" * 50,
    "<script>alert(1)</script>\n\n<style>*{}</style>",
    "[a](<javascript:x>) [b](file:///etc/passwd) [c](data:text/html,x) ![i](javascript:y)",
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_text_is_shown_literally_and_safely(text: str) -> None:
    content = markdown_content(text)
    assert is_safe(content.plain)
    assert ESC not in content.plain and CSI not in content.plain
    for span in content.spans:
        assert (
            isinstance(span.style, str) and "@click" not in span.style and "link" not in span.style
        )
        assert 0 <= span.start <= span.end <= len(content.plain)


def test_markup_stays_literal() -> None:
    text = plain(HOSTILE[0])
    assert (
        "[bold]x[/bold] [@click=app.quit]y[/] [link=https://e.com]z[/link] $variable $accent"
        in text
    )
    assert "[b]" in text, "a Markdown escape: the brackets are shown"
    assert "C:\\dir\\n" in text


def test_controls_become_visible_placeholders() -> None:
    text = plain(HOSTILE[1])
    assert "␛[2J" in text and "\ufffd31m" in text and "␇" in text and "␀" in text and "␡" in text
    assert "\ufffdevil" in text


def test_text_nested_too_deeply_is_shown_as_written() -> None:
    # markdown-it drops what lies deeper than its nesting limit: none of it may go missing
    quote = "> " * 200 + "deep quote"
    assert "deep quote" in plain(quote)
    levels = "".join("  " * i + f"- level{i}\n" for i in range(60))
    text = plain(levels)
    assert all(f"level{i}" in text for i in range(60))


def test_a_very_long_body_is_cut_with_a_note() -> None:
    """Only MAX_CHARS of a body are laid out (the time it takes: `python -m benchmarks.hostile`)."""
    line = "长" * 2_000_000
    content = markdown_content(line)
    assert content.plain.startswith("长" * 100)
    assert content.plain.count("长") == MAX_CHARS
    assert content.plain.endswith(f"… {2_000_000 - MAX_CHARS:,} more characters not shown here")
    assert any("italic" in s for s in styles_of(content, "more characters not shown"))
    assert "not shown" not in markdown_content("x" * MAX_CHARS).plain


def test_the_result_is_reused_for_the_same_text() -> None:
    assert markdown_content("# same\n\ntext") is markdown_content("# same\n\ntext")
    assert markdown_lines("# same\n\ntext") is markdown_lines("# same\n\ntext")


# -- property ------------------------------------------------------------------------------------

MARKDOWN_BITS = st.sampled_from(
    [
        "\n",
        "\n\n",
        "# ",
        "## ",
        "- ",
        "1. ",
        "> ",
        "```",
        "    ",
        "*",
        "**",
        "~~",
        "`",
        "[",
        "]",
        "(",
        ")",
        "![",
        "<",
        ">",
        "|",
        "---",
        "&#x1b;",
        "&amp;",
        "\\",
        "https://e.com",
        "中文",
        "  \n",
        "\t",
        ESC,
        CSI,
    ]
)
TEXT = st.lists(st.one_of(MARKDOWN_BITS, st.text(max_size=12)), max_size=40).map("".join)


def _control(char: str) -> bool:
    return unicodedata.category(char) == "Cc" and char not in "\n\t"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_any_text_lays_out_without_controls(text: str) -> None:
    content = markdown_content(text)
    assert not any(_control(char) for char in content.plain)
    assert is_safe(content.plain)
    for span in content.spans:
        assert isinstance(span.style, str) and "@click" not in span.style
        assert 0 <= span.start <= span.end <= len(content.plain)


# -- the widget --------------------------------------------------------------------------------


def test_the_widget_shows_the_lines_wrapped_at_its_width() -> None:
    import asyncio

    from briefdesk.tui.widgets.markdown_text import MarkdownText
    from textual.app import App
    from textual.geometry import Offset
    from textual.selection import Selection

    class One(App):
        def compose(self):
            yield MarkdownText(id="body")

    async def go() -> None:
        app = One()
        async with app.run_test(size=(22, 12)) as pilot:
            body = app.query_one(MarkdownText)
            body.show("- " + "很长" * 12 + "\n\n[site](https://e.com) [b]x[/b]")
            await pilot.pause()
            assert not body.children, "one widget, no block widgets"
            assert body.size.height == 6
            drawn = [body.render_line(y).text.rstrip() for y in range(body.size.height)]
            assert drawn == [
                "• 很长很长很长很长很长",
                "  很长很长很长很长很长",
                "  很长很长",
                "",
                "site <https://e.com>",
                "[b]x[/b]",
            ]
            # selecting and copying gives the rows as drawn (a selection's offsets are characters)
            text, _ = body.get_selection(Selection(Offset(2, 1), Offset(6, 2)))
            assert text == "很长很长很长很长很长\n  很长很长"
            body.show("")
            await pilot.pause()
            assert body.size.height == 0 or not str(body.visual).strip()

    asyncio.run(go())
