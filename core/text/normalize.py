"""Text normalisation and tokenisation for matching (docs/duplicates.md).

Two texts should compare equal when a reader would call them the same words: full-width and
half-width forms, case, Markdown markup and spacing must not matter. Chinese has no spaces, so a
word tokeniser sees a Chinese sentence as one token; the tokens here are Latin words plus CJK
character bigrams, which makes a one-character edit in Chinese cost about what a one-word edit costs
in English. arXiv ids and URLs (found by `core.text.identifiers`) are
extracted separately: an identical id is strong evidence of a duplicate whatever the surrounding
words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from operator import add as _add

from .identifiers import find_arxiv, find_urls, normalize_url

# Bump when tokens() changes: cached token lists are keyed by it.
TOKENIZER_VERSION = "2"

# English function words carry no evidence that two texts say the same thing; left in, a short
# English bullet is mostly these and "contained" in any long English text.
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "nor",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "from",
        "with",
        "as",
        "into",
        "onto",
        "than",
        "then",
        "that",
        "this",
        "these",
        "those",
        "it",
        "its",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "not",
        "no",
        "so",
        "such",
        "can",
        "could",
        "will",
        "would",
        "may",
        "might",
        "must",
        "should",
        "shall",
        "we",
        "our",
        "you",
        "your",
        "they",
        "their",
        "them",
        "he",
        "she",
        "his",
        "her",
        "i",
        "me",
        "my",
        "which",
        "who",
        "whom",
        "whose",
        "what",
        "when",
        "where",
        "while",
        "how",
        "why",
        "all",
        "any",
        "both",
        "each",
        "few",
        "more",
        "most",
        "other",
        "some",
        "only",
        "own",
        "same",
        "too",
        "very",
        "just",
        "also",
        "about",
        "above",
        "below",
        "over",
        "under",
        "again",
        "further",
        "once",
        "here",
        "there",
        "up",
        "down",
        "out",
        "off",
        "if",
        "because",
        "until",
    ]
)

# Scripts written without spaces between words: Han (with extension A, B.. and compatibility
# ideographs), kana and Hangul syllables.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f"
# A run of CJK characters, or a word of letters/digits with inner dots (2.23, v0.5.21, 2601.21204).
_TOKEN_RUN = re.compile(f"([{_CJK}]+)|([^\\W_{_CJK}]+(?:\\.[^\\W_{_CJK}]+)*)")
_ARXIV_VERSIONED = re.compile(r"(\d{4}\.\d{4,5})v\d+")

# "1. " / "12) " at the start of a line is list numbering, not content. The indent may not cross a
# line break: `^\s*` did, so every line start of a run of blank lines scanned to its end
# (quadratic; the lines a number follows are a line start of their own anyway).
_LIST_NUMBER = re.compile(r"^[^\S\n]*\d+[.)]\s+", re.MULTILINE)

_MAYBE_ID = re.compile(
    r"[0-9]{4}\.[0-9]{4}|https?://", re.IGNORECASE
)  # else no id, skip the finders


# The full-width punctuation of Chinese text, each with its NFKD (one ASCII character, of
# combining class 0 like the character it replaces): replacing them changes no string's NFKC, and
# most mixed texts are then already normalised, which `is_normalized` tells far more cheaply
# than `normalize` computes (a tenth of the cost on the generated workspace's texts).
_WIDE = tuple((c, unicodedata.normalize("NFKD", c)) for c in "，：；（）！？％\u3000")


def nfkc(text: str) -> str:
    """NFKC, skipped for ASCII text (which NFKC never changes): the common case costs nothing;
    full-width punctuation is replaced first (`_WIDE`), so mixed text usually needs no more."""
    if text.isascii():
        return text
    for wide, narrow in _WIDE:
        if wide in text:
            text = text.replace(wide, narrow)
    return text if unicodedata.is_normalized("NFKC", text) else unicodedata.normalize("NFKC", text)


def _fold(nf: str) -> str:
    """Casefold an NFKC text; casefolding can leave it un-normalised (e.g. `ǰ`), so re-check."""
    text = nf.casefold()
    if text.isascii() or unicodedata.is_normalized("NFKC", text):
        return text
    return unicodedata.normalize("NFKC", text)


def tokens(text: str, *, folded: bool = False) -> list[str]:
    """Latin words (English function words left out) and CJK character bigrams of the normalised
    text.

    A lone CJK character (a run of one) is its own token. Versioned arXiv ids lose the version so
    `2601.21204v3` and `2601.21204` are the same token. Punctuation never makes a token, so
    punctuation-only text has none. `folded=True` says `text` is already `nfkc(text)`.
    """
    text = _LIST_NUMBER.sub(" ", _fold(text if folded else nfkc(text)))
    out: list[str] = []
    append, extend = out.append, out.extend
    for cjk, word in _TOKEN_RUN.findall(text):
        if cjk:
            if len(cjk) == 1:
                append(cjk)
            else:
                extend(map(_add, cjk[:-1], cjk[1:]))
        elif word in STOPWORDS:
            continue
        elif "v" in word and word[0].isdigit():
            append(_ARXIV_VERSIONED.sub(r"\1", word))
        else:
            append(word)
    return out


def identities(
    text: str, arxiv: Iterable[str] = (), links: Iterable[str] = (), *, folded: bool = False
) -> frozenset[str]:
    """Everything that names one paper or page: `arxiv:<id>` and `url:<normalised url>`.

    An arxiv.org link is the same identity as its id, so `arxiv.org/abs/2601.21204` in one text
    and `2601.21204` in another match. `folded=True` says `text` is already `nfkc(text)`.
    """
    if not folded:
        text = nfkc(text)
    found = _MAYBE_ID.search(text) is not None
    ids = {f"arxiv:{a}" for a in (*arxiv, *(find_arxiv(text) if found else ()))}
    for link in {normalize_url(u) for u in (*links, *(find_urls(text) if found else ()))}:
        linked = find_arxiv(link) if link.startswith("arxiv.org/") else ()
        if linked:
            ids.update(f"arxiv:{a}" for a in linked)
        else:
            ids.add(f"url:{link}")
    return frozenset(ids)


def paragraphs(text: str) -> list[str]:
    """Blank-line separated paragraphs with text in them, stripped."""
    return [p.strip() for p in re.split(r"\n[ \t]*\n", text) if p.strip()]
