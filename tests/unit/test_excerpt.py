"""Excerpts (docs/brief.md): Markdown removed, safe, and never cut inside a number, word or id."""

from __future__ import annotations

import re

import pytest
from briefdesk.core.brief.excerpt import can_cut, clean, cut_point, excerpt, strip_markdown
from hypothesis import given, settings
from hypothesis import strategies as st


def test_markdown_goes_and_the_length_is_bounded() -> None:
    long = "很长的一句话" * 200
    cut = excerpt("## 标题\n\n" + long)
    assert cut.endswith("…") and len(cut) <= 301 and not cut.startswith("#")
    assert excerpt("- **粗体** 与 `代码`\n> 引用") == "粗体 与 代码 引用"


@pytest.mark.parametrize(
    "body",
    [
        "前文。\n```python\nsecret = 1\n```\n后文。",
        "前文。\n````\nsecret = 1\n```\nsecret = 2\n`````\n后文。",  # a shorter fence stays open
        "前文。\n~~~\nsecret = 1\n~~~~~\n后文。",  # a longer one closes it
        "前文。\n  ```\nsecret = 1\n  ```\n后文。",
    ],
)
def test_fenced_code_is_dropped(body: str) -> None:
    assert excerpt(body) == "前文。 后文。"


def test_unclosed_fence_drops_the_rest() -> None:
    assert excerpt("前文。\n```\ncode\nmore code") == "前文。"


def test_excerpt_is_cached_by_body() -> None:
    excerpt.cache_clear()
    body = "缓存测试正文。"
    assert excerpt(body) is excerpt(body)
    assert excerpt.cache_info().hits >= 1


@pytest.mark.parametrize("token", ["4.70×", "68.5B/3B", "v0.5.22.dev", "2601.21204", "#17649"])
def test_the_issue_numbers_stay_whole(token: str) -> None:
    """The old excerpt cut `4.70×` to `4.…` (a `.` read as a sentence end) and `68.5B` to `68.…`."""
    for lead in range(280, 302):  # the token at every position around the limit
        text = "字" * lead + token + "，后面还有很多很多字" * 10
        kept = excerpt(text).removesuffix("…")
        tail = kept[lead:]  # either the whole token is kept or none of it is
        assert tail == "" or tail.startswith(token), (lead, kept[-20:])


def test_a_decimal_point_is_no_sentence_end() -> None:
    text = "吞吐相对 TPU v6e 最高 4.70× 能效相对 A100 最高 4.04× " * 20
    cut = excerpt(text)
    assert not re.search(r"[0-9]\.…$", cut) and not re.search(r"[0-9]…$", cut.rstrip())


def test_english_is_cut_between_words_and_prefers_sentences() -> None:
    words = "Decision models return a classification-style choice in one forward pass. " * 8
    cut = excerpt(words)
    assert cut.endswith("pass.…")
    text = " ".join(["supercalifragilistic"] * 40)
    cut = excerpt(text)
    assert cut.removesuffix("…").split(" ")[-1] == "supercalifragilistic"


def test_one_token_longer_than_the_limit_is_kept_whole() -> None:
    url = "https://example.org/" + "a" * 400
    assert excerpt(url + " 后文") == url + "…"


_LATIN = st.text(alphabet="abcXYZ0123456789.×%/-", min_size=1, max_size=12)
_CJK = st.text(alphabet="推理加速模型长上下文，。、：", min_size=1, max_size=12)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.one_of(_LATIN, _CJK, st.just(" ")), min_size=1, max_size=80), st.integers(20, 120)
)
def test_every_cut_is_at_a_boundary_and_a_prefix(chunks: list[str], limit: int) -> None:
    text = clean(strip_markdown("".join(chunks)))  # what `excerpt` cuts
    if len(text) <= limit:
        assert excerpt(text, limit) == text
        return
    i = cut_point(text, limit)
    assert can_cut(text, i)
    assert 0 < i <= len(text)
    # never beyond the limit unless one token alone crosses it
    if i > limit:
        assert all(not can_cut(text, k) for k in range(limit, i))
    out = excerpt(text, limit)
    assert text.startswith(out.removesuffix("…").rstrip())


@pytest.mark.parametrize(
    "body",
    [
        "https://example.com/" + "a" * 400,  # one URL longer than the limit
        "x" * 400,
        "2601.21204" * 40,
        "https://example.com/" + "a" * 400 + " 。",  # only a stop after the token
    ],
)
def test_a_token_kept_whole_is_not_marked_as_cut(body: str) -> None:
    """Nothing was left out, so no ellipsis says something was."""
    text = excerpt(body)
    assert not text.endswith("…")
    assert text.replace(" ", "") == clean(body).replace(" ", "")


@given(st.text(alphabet="ab.0 。中", min_size=301, max_size=500))
@settings(max_examples=200, deadline=None)
def test_an_ellipsis_means_something_was_left_out(body: str) -> None:
    text = excerpt(body)
    whole = clean(strip_markdown(body))
    if text.endswith("…"):
        assert len(text[:-1]) < len(whole) and whole.startswith(text[:-1])
        assert whole[len(text) - 1 :].strip(" .。")
    else:
        assert text == whole
