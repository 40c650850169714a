"""Normalisation and tokens: what makes two texts the same words (docs/duplicates.md)."""

from __future__ import annotations

import random
import unicodedata

from briefdesk.core.text.normalize import (
    STOPWORDS,
    identities,
    nfkc,
    normalize_url,
    paragraphs,
    tokens,
)
from hypothesis import given
from hypothesis import strategies as st

PUNCT = "。，、；：？！…—·（）《》「」【】“”‘’.,;:?!()[]{}<>\"'`~@#$%^&*-_=+|\\/•"


def fullwidth(text: str) -> str:
    """ASCII to the full-width forms a Chinese IME types (space to the ideographic space)."""
    return "".join(
        "\u3000" if c == " " else chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text
    )


def test_chinese_is_character_bigrams_and_a_lone_character_is_a_token():
    assert tokens("推理服务") == ["推理", "理服", "服务"]
    assert tokens("vLLM 与 SGLang") == ["vllm", "与", "sglang"]


def test_full_width_case_and_spacing_do_not_matter():
    assert (
        tokens("ＦＵＬＬ　Ｗｉｄｔｈ　２．２３×")
        == tokens("full   width 2.23×")
        == ["full", "width", "2.23"]
    )
    assert tokens("KV Cache") == tokens("kv\tcache")


def test_numbers_versions_and_arxiv_ids_stay_one_token():
    assert tokens("v0.5.21 提升 2.23 倍") == ["v0.5.21", "提升", "2.23", "倍"]
    assert tokens("arXiv:2601.21204v3") == ["arxiv", "2601.21204"]


def test_english_function_words_are_not_tokens():
    assert tokens("The cost of the cache") == ["cost", "cache"]
    assert "the" in STOPWORDS


def test_list_numbering_and_markup_are_not_content():
    assert tokens("1. **推理**\n  • `KV` cache") == ["推理", "kv", "cache"]


def test_empty_and_punctuation_only_have_no_tokens():
    assert tokens("") == []
    assert tokens("。。。——！？…（）") == []
    assert tokens("   \n\t ") == []


def test_identities_every_arxiv_form_is_the_same_paper():
    forms = [
        "见 2601.21204。",
        "arXiv:2601.21204",
        "2601.21204v3",
        "https://arxiv.org/abs/2601.21204v2",
        "ａｒＸｉｖ：２６０１．２１２０４",
    ]
    for text in forms:
        assert identities(text) == {"arxiv:2601.21204"}, text
    assert identities("版本 2026.1103 与 2.23×") == frozenset()


def test_identities_urls_are_normalised():
    a = identities("https://www.Example.com/posts/1/?utm_source=rss#top")
    b = identities("见 http://example.com/posts/1 。")
    assert a == b == {"url:example.com/posts/1"}
    assert normalize_url("https://example.com/a?x=1&utm_medium=m") == "example.com/a?x=1"


def test_identities_take_an_items_own_ids():
    assert identities("no ids here", ("2509.09505",), ("https://github.com/a/b",)) == {
        "arxiv:2509.09505",
        "url:github.com/a/b",
    }


def test_paragraphs_split_on_blank_lines():
    assert paragraphs("一段\n续行\n\n  \n二段\n\n") == ["一段\n续行", "二段"]


texts = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cn")), max_size=80)
ascii_texts = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=80)


@given(ascii_texts)
def test_tokens_ignore_full_width_and_case(text):
    assert tokens(fullwidth(text)) == tokens(text) == tokens(text.upper())


@given(texts)
def test_tokens_are_words_never_space_or_punctuation(text):
    for tok in tokens(text):
        assert tok and not any(c.isspace() for c in tok)
        assert unicodedata.category(tok[0])[0] in "LN"


@given(st.text(alphabet=PUNCT + " \n\t", max_size=60))
def test_punctuation_only_never_has_tokens(text):
    assert tokens(text) == []
    assert tokens(fullwidth(text)) == []


def test_nfkc_is_unicodedata_nfkc_with_full_width_punctuation_first() -> None:
    """`nfkc` replaces full-width punctuation before testing whether the rest is normalised: the
    answer is NFKC's on mixed text, combining marks after a replaced character included."""
    pool = [*"，：；（）！？％\u3000召回率提升ＡＢ１２ｆｉ①㎏é", "\u0301", "\u0308", "\u3099"]
    pool += [*"abc 12.5% SGLang v0.5.21 ", "ﬁ", "Ⅻ", "\uff61", "\u212b"]
    rng = random.Random(7)
    cases = ["recall@10 提升（12%），见表：2", "吞吐\u3000为：３倍", "（\u0301）", "％\u0308"]
    cases += ["".join(rng.choice(pool) for _ in range(rng.randint(1, 40))) for _ in range(20000)]
    for text in cases:
        assert nfkc(text) == unicodedata.normalize("NFKC", text), text
