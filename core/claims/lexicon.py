"""The words that make a version or a date a *claim*: role words, the fillers around them, and
the words that are never a project's name.

A role says what the text asserts of a version: that it is the current one (`稳定版`, `最新`,
`正式版`, `stable`, `latest` …), when it was released (`发布`, `released`, `GA` …), or that a
project was archived (`归档`, `archived`, `deprecated` …). Only mentions with a role or a date are
claims; a bare mention (`SGLang 0.5.20 静默降并发`) is context.
"""

from __future__ import annotations

from typing import Literal

from ..text.normalize import STOPWORDS

Role = Literal["current", "released", "archived"]

# "Current" role words, longest first inside each alternation (regex alternation is ordered).
CURRENT_ZH = (
    r"(?:当前稳定版本?|稳定版本?|正式版本?|最新稳定版本?|最新正式版本?|最新版本?|最新"
    r"|当前版本|现行版本|LTS\s*版本?)"
)
CURRENT_EN = r"(?:latest|current|newest|stable|LTS|most[ -]recent)"
RELEASE_ZH = r"(?:正式发布|发布|发版|上线|推出|放出)"
ARCHIVE_ZH = r"(?:归档|停止维护|停更|弃用|停止更新|进入维护模式|维护模式|不再维护|停止开发)"
ARCHIVE_EN = (
    r"(?:archived|deprecated|sunset|end[- ]of[- ]life|EOL|maintenance[- ]mode|discontinued"
    r"|no\s+longer\s+maintained)"
)

# A project or model name: a Latin word, dots, dashes and pluses inside (`llama.cpp`, `llm-d`,
# `TensorRT-LLM`).
NAME = r"[A-Za-z][A-Za-z0-9]*(?:[.\-_+][A-Za-z0-9]+)*"

# Words that stand where a name would and are not one.
NOT_NAMES = frozenset(
    {
        *STOPWORDS,
        "version",
        "versions",
        "release",
        "releases",
        "released",
        "build",
        "tag",
        "upgrade",
        "upgraded",
        "since",
        "until",
        "via",
        "vs",
        "versus",
        "e.g",  # abbreviations written with inner dots, which `is_name` would take for names
        "i.e",
        "cf",
        "etc",
        "prior",
        "before",
        "after",
        "latest",
        "stable",
        "current",
        "newest",
        "new",
        "old",
        "older",
        "newer",
        "era",
        "gen",
        "section",
        "table",
        "figure",
        "fig",
        "step",
        "steps",
        "batch",
        "line",
        "branch",
        "series",
        "patch",
        "fix",
        "fixed",
        "about",
        "around",
        "approx",
        "up",
        "down",
        "only",
        "ships",
        "shipped",
        "adds",
        "arxiv",
        "issue",
        "pr",
        "see",
        "ga",
        "lts",
        "rc",
        "dev",
        "top",
        "p50",
        "p90",
        "p95",
        "p99",
        "eol",
        # verbs written right before a release (`still 0.9.4`, `requires 0.17.2`)
        "still",
        "now",
        "also",
        "requires",
        "require",
        "needs",
        "need",
        "uses",
        "use",
        "pins",
        "pin",
        "bumps",
        "bump",
        "supports",
        "targets",
        "includes",
        "reaches",
        "hits",
        "moves",
        "goes",
        # a document's parts, numbered like releases (`chapter 2.3.1`, `eq 3.1.2`)
        "chapter",
        "appendix",
        "part",
        "item",
        "rule",
        "clause",
        "page",
        "sec",
        "eq",
        "equation",
        "theorem",
        "lemma",
        "paragraph",
        # months: a date's word, never a project (`v1.2.3 (24 Nov)`)
        "jan",
        "feb",
        "mar",
        "apr",
        "may",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "january",
        "february",
        "march",
        "april",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    }
)


def is_name(word: str) -> bool:
    """Whether `word` can name a project: it looks like a proper name (a capital, a digit, or
    `.`/`-`/`_`/`+` inside: `SGLang`, `llama.cpp`, `llm-d`) and is no common word. A plain
    lowercase word (`still v1.2.1`, `from 0.5 to 0.6`) names nothing, so a project written all
    in lowercase letters (`candle`) is not recognised here (`is_name_at` reads one in Chinese
    prose)."""
    low = word.lower()
    if low in NOT_NAMES or low.split(" ")[0] in NOT_NAMES:
        return False
    return any(c.isupper() or c.isdigit() or c in ".-_+" for c in word)


def _chinese_mark(ch: str) -> bool:
    """A CJK ideograph or a full-width mark (`（`, `，`, `：`): Chinese writing."""
    return "\u4e00" <= ch <= "\u9fff" or "\u3000" <= ch <= "\u303f" or "\uff00" <= ch <= "\uffef"


def in_chinese(text: str, start: int, end: int) -> bool:
    """Whether the Latin word at text[start:end] stands in Chinese writing: the nearest
    character other than a space on either side is Chinese (`作者称 trl v0.31.0 于 11/4 发布`,
    `peft 稳定版为 v0.18.0`, `verl（volcengine/verl）`)."""
    k = start - 1
    while k >= 0 and text[k] in " \t":
        k -= 1
    if k >= 0 and _chinese_mark(text[k]):
        return True
    k = end
    while k < len(text) and text[k] in " \t":
        k += 1
    return k < len(text) and _chinese_mark(text[k])


def is_name_at(text: str, start: int, end: int) -> bool:
    """Whether the word at text[start:end] can name a project there: `is_name`, or a plain
    lowercase word of two letters or more standing in Chinese writing (`trl`, `peft`, `verl`).
    Chinese prose writes only names, code and abbreviations in Latin letters, so there a
    lowercase word is a name; in English prose it is most often a common word (`still
    v1.2.1`), and stays none."""
    word = text[start:end]
    if is_name(word):
        return True
    low = word.lower()
    return (
        len(word) >= 2
        and word.isascii()
        and low not in NOT_NAMES
        and low.split(" ")[0] not in NOT_NAMES
        and in_chinese(text, start, end)
    )


def entity_key(name: str) -> str:
    """Two spellings of one project compare equal: case, `'s`, spacing."""
    key = name.strip().removesuffix("'s").removesuffix("’s").casefold()
    return " ".join(key.split())
