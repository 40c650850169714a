"""Front matter splitting: byte-exact bodies, refused inputs as one-line BriefdeskErrors."""

from __future__ import annotations

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.text.markdown import atx_heading, fenced, split_lines
from briefdesk.core.workspace.frontmatter import MAX_FRONT_MATTER, split_front_matter
from hypothesis import given, settings
from hypothesis import strategies as st

SRC = "inbox/jay/a.md"


def test_no_front_matter_returns_text_unchanged() -> None:
    text = "# Title\n\n---\nnot front matter\n"
    assert split_front_matter(text, SRC) == ({}, text)


def test_front_matter_and_exact_body() -> None:
    text = "---\ntitle: no\nversion: 1.10\n---\n\nbody  \r\nline\n"
    front, body = split_front_matter(text, SRC)
    assert front == {"title": "no", "version": "1.10"}  # scalars stay strings
    assert body == "\nbody  \r\nline\n"


def test_crlf_bom_trailing_spaces_and_dots_close() -> None:
    text = "\ufeff---  \r\ntitle: A\r\n...\r\nbody\r\n"
    assert split_front_matter(text, SRC) == ({"title": "A"}, "body\r\n")


def test_bom_is_dropped_without_front_matter() -> None:
    assert split_front_matter("\ufeffhello", SRC) == ({}, "hello")


@pytest.mark.parametrize("text", ["---\n---\n", "---\n---", "---\n# only a comment\n---\nx"])
def test_empty_front_matter_is_empty_mapping(text: str) -> None:
    front, _ = split_front_matter(text, SRC)
    assert front == {}


def test_opening_must_be_exactly_three_dashes() -> None:
    for text in ("----\na: b\n---\n", " ---\na: b\n---\n", "--- a\n---\n", "x\n---\na: b\n---\n"):
        assert split_front_matter(text, SRC) == ({}, text)


def test_closing_fence_must_be_a_whole_line() -> None:
    text = "---\na: |\n  ---\n  ... x\n---\nbody"
    assert split_front_matter(text, SRC) == ({"a": "---\n... x\n"}, "body")


@pytest.mark.parametrize("text", ["---\ntitle: x\n", "---", "---\n"])
def test_never_closes(text: str) -> None:
    with pytest.raises(
        BriefdeskError, match=r"a\.md: front matter never closes \(opened at line 1\)"
    ):
        split_front_matter(text, SRC)


def test_too_large_is_refused_before_parsing() -> None:
    huge = "---\n" + "a: [" * 40_000 + "\n---\n"  # would be a nesting error if parsed
    assert len(huge) > MAX_FRONT_MATTER
    with pytest.raises(BriefdeskError, match="larger than 64 KB"):
        split_front_matter(huge, SRC)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("---\n- a\n- b\n---\n", "not a mapping"),
        ("---\njust text\n---\n", "not a mapping"),
        ("---\n~: x\n---\n", "is not text"),
        ("---\na: &x 1\nb: *x\n---\n", "aliases"),
        ("---\na: [\n---\n", "not valid YAML"),
    ],
)
def test_refused_front_matter(text: str, message: str) -> None:
    with pytest.raises(BriefdeskError, match=message) as info:
        split_front_matter(text, SRC)
    assert "\n" not in str(info.value) and SRC in str(info.value)


def test_yaml_errors_name_the_file_line() -> None:
    with pytest.raises(BriefdeskError, match="at line 3"):
        split_front_matter("---\na: b\nb: c: d\n---\n", SRC)


def test_fences_and_headings() -> None:
    lines = split_lines("```py\n## in code\n```\n## out\n~~~~\n~~~\n# still code\n~~~~\n")
    flags = [(text, code) for text, code in fenced(lines)]
    assert ("## in code", True) in flags and ("## out", False) in flags
    assert ("# still code", True) in flags
    assert atx_heading("## Foo ##") == (2, "Foo")
    assert atx_heading("## C#") == (2, "C#")
    assert atx_heading("##nope") is None
    assert atx_heading("    ## code") is None
    assert atx_heading("#######  x") is None


_line = st.sampled_from(
    ["---", "...", "--- ", "---\r", "a: b", "- x", "", "title: t", "~: x", "&a b"]
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.lists(st.one_of(_line, st.text(max_size=8))).map("\n".join)))
def test_any_text_splits_or_refuses(text: str) -> None:
    try:
        front, body = split_front_matter(text, SRC)
    except BriefdeskError as exc:
        assert "\n" not in str(exc)
        return
    assert isinstance(front, dict) and isinstance(body, str)
    assert text.endswith(body)


_key = st.text(alphabet="abcdefghij_", min_size=1, max_size=6)
_value = st.text(alphabet="abc xyz0123456789", max_size=10).map(str.strip).filter(bool)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(_key, _value, max_size=5),
    st.text(),
    st.sampled_from(["\n", "\r\n"]),
    st.sampled_from(["---", "..."]),
)
def test_body_is_the_exact_suffix(
    front: dict[str, str], body: str, newline: str, closer: str
) -> None:
    yaml_text = "".join(f"{k}: {v}{newline}" for k, v in front.items())
    text = f"---{newline}{yaml_text}{closer}{newline}{body}"
    got_front, got_body = split_front_matter(text, SRC)
    assert got_body == body
    assert got_front == front
