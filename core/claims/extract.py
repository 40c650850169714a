"""Claims in a text: a named project or model with a version and/or a date and a role word.

The seed brief's section 二 rests on sentences like these, which are what this finds:

- `当前稳定版 v1.2.1（2026-09-23）` under the heading `1.2 SGLang`: SGLang v1.2.1 is current,
  released 2026-09-23 (a version with no name before it takes the name before its role word, else
  the heading's);
- `把 SGLang v0.5.21 称作最新版` / `SGLang's latest release is v0.5.21`: current;
- `vLLM v0.30.0（9/22）、…、SGLang v0.5.21（10/2）接连发布`: four releases with their dates (a date
  in brackets straight after a version is its release date; a list shares the words around it);
- `HF 于 2026-03 归档 TGI` / `TGI was archived in March 2026`: an archive with its date;
- the same in other words (docs/claims.md has the list): `LangGraph 最新的 v1.4`, `The latest
  version of LangGraph is 1.4`, `v1.4（发布于 10/3）`, `The LangGraph team released version 1.4 on
  October 3`, a release note's heading version dated by its first words (`Released 2026-11-18.`).

A bare mention (`SGLang 0.5.20 静默降并发`) is no claim. Numbers that are not versions are refused
by what stands around them: `§1.2`, `Llama-3.1-8B`, `1.9×`, `3.1 ms`, `2601.21204` (an arXiv id),
URLs and file paths. A number without `v` needs a name before it (`Dynamo 1.3`), unless it has
three parts or a pre-release tag (`0.5.22.dev`). A project written in plain lowercase letters is
recognised in Chinese prose only (`作者称 trl v0.31.0 于 11/4 发布`), where Latin letters spell
names and code; in English prose (`candle 0.8`, `still v1.2.1`, `from 0.5 to 0.6`) it names nothing.

Cost is paid per number found, not per character: the text is searched for `.` followed by a
digit (a literal the regex engine finds at C speed); the number, its name, its clause, role words
and dates are looked at only there. Archive words are a second literal search.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from .dates import DATE_PATTERN, DATE_RE, parse_date
from .lexicon import (
    ARCHIVE_EN,
    ARCHIVE_ZH,
    CURRENT_EN,
    CURRENT_ZH,
    NAME,
    NOT_NAMES,
    RELEASE_ZH,
    entity_key,
    is_name,
    is_name_at,
)
from .sources import citation_lines, cited, url_spans
from .types import Statement
from .versions import VERSION_PATTERN

EXTRACT_VERSION = "12"  # bump when what a text yields changes: cached statements are keyed by it

_DATE_ANY = re.sub(r"\(\?P<\w+>", "(?:", DATE_PATTERN)
_DATE_ANY_RE = re.compile(_DATE_ANY, re.IGNORECASE)
_DOT_DIGIT = re.compile(r"\.[0-9]")
_VERSION_AT = re.compile(VERSION_PATTERN + r"(?![A-Za-z0-9_%×/]|\.[0-9])")
# a model's tier written after its version (`Gemini 3.5 Pro`, `Claude 4.5 Sonnet`)
_TIER = re.compile(
    r" (Pro|Flash|Flash-Lite|Ultra|Max|Mini|Nano|Lite|Plus|Turbo|Opus|Sonnet|Haiku)"
    r"(?![A-Za-z0-9_.\-])"
)
_NUMBER_CHARS = frozenset("0123456789.vV")
_BEFORE_NUMBER = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-/#§=@+~"
)
_URL_CHARS = frozenset(chr(c) for c in range(0x21, 0x7F)) - frozenset("()<>\"'`")
_ARXIV = re.compile(r"[0-9]{4}\.[0-9]{4,5}")
_UNIT = re.compile(
    r"[ ]?(?:ms|s|GB|MB|KB|TB|GiB|MiB|[BKMGT]|x|×|%|倍|个|分|秒|点|亿|万|tok|tokens?|pp)"
    r"(?![A-Za-z])"
)
_NAME_AT = re.compile(NAME)
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_+")
_NAME_END = _NAME_CHARS | {" "}
# Clause ends: Chinese and English sentence marks, the full-width comma (an English comma does not
# end a clause: `SGLang's latest release, v0.5.21`), dashes, blank lines and the start of a list
# item or heading. A single line break does not: Markdown paragraphs are often wrapped by hand.
_CLAUSE_ENDS = (
    "。",
    "！",
    "？",
    "；",
    ";",
    "!",
    "?",
    "，",
    "——",
    ". ",
    ".\n",
    ".\t",
    "\n\n",
    "\n#",
    "\n>",
    "\n|",
    "\n-",
    "\n*",
    "\n•",
    "\n  •",
    "\n  -",
    "\n  *",
)
CLAUSE_REACH = 400  # characters searched for a clause's ends, each way
NAME_WINDOW = 48  # characters before a number searched for its role word
DATE_REACH = 20  # characters between an archive word and its date, at most
MAX_QUOTE = 240

_OPEN = "[(（]"
_OPENERS = frozenset("(（")
_SPACED_OPENERS = frozenset((" (", " （"))
_TAG_AFTER = re.compile(r" (?:tag|release|版本?)(?= ?[(（])")
_CLOSE = "[)）]"
_COLON = "[:：]"
_RUN_GAP = re.compile(r"[\s、,/&+]*(?:和|与|及|以及|或|and|or)?[\s、,/]*")
# (`（2026-09-23 发布）`, `（Google，2026-09-23 发布）`: its maker before the day)
_BRACKET = re.compile(
    rf"[ ]?{_OPEN}\s*(?:[^()（）\n，,:：0-9]{{1,24}}[，,]\s*)?"
    r"(?:(?:发布于|发布|发版|上线|于|released|shipped|tagged|launched|out|GA)"
    rf"\s*(?:on\s+|in\s+)?[:：]?\s*)?(?P<d>{_DATE_ANY})(?P<rest>[^()（）\n]{{0,24}}){_CLOSE}",
    re.IGNORECASE,
)
_BRACKET_ROLE = re.compile(
    rf"[ ]?{_OPEN}\s*(?:{CURRENT_ZH}|(?i:\b{CURRENT_EN}\b))[^()（）\n]{{0,16}}{_CLOSE}"
)
_CURRENT_IN = re.compile(rf"{CURRENT_ZH}|(?i:\b{CURRENT_EN}\b)")
# an aside in brackets between a name and its role word: `verl（volcengine/verl）稳定版`
_ASIDE = r"[(（][^()（）\n]{1,40}[)）]"
_NOUN_EN = r"(?i:release|version|build|line|branch|series|tag)"
_VERB_EN = r"(?:is|was)(?:\s+(?:still|now|currently))?"
# `最新的 v1.4`, `最新发布的 v1.4`, `最新的稳定版 1.4`, `X：稳定版 1.4`, `the latest version of X
# is 1.4`, `X's newest version (v1.4)`: a role word before the version, with the few words between
_PRE_CURRENT = re.compile(
    rf"(?:(?<![A-Za-z0-9_.\-+])(?P<zn>{NAME})\s*(?:{_ASIDE}\s*)?(?:的|{_COLON})?\s*)?(?:当前|目前|现行)?\s*(?:的)?\s*"
    rf"{CURRENT_ZH}\s*(?:{RELEASE_ZH})?\s*(?:的)?\s*(?:{CURRENT_ZH})?\s*(?:是|为|{_COLON})?"
    rf"\s*[(（]?\s*$"
    rf"|(?i:\b{CURRENT_EN}\b)(?:\s+(?i:stable))?(?:\s+(?P<en>{NAME}))?"
    rf"(?:\s+{_NOUN_EN})?(?:\s+of\s+(?P<en3>{NAME}))?(?:\s+{_VERB_EN})?\s*[:,(（]?\s*$"
    rf"|(?<![A-Za-z0-9_.\-+])(?P<en2>{NAME})(?:['’]s|(?<=s)['’])?\s+(?i:\b{CURRENT_EN}\b)(?:\s+(?i:stable))?"
    rf"\s+{_NOUN_EN}(?:\s+{_VERB_EN})?\s*[:,(（]?\s*$"
)
# a role word denied right before it: `已不是最新版`, `no longer the latest`
_NEGATED = re.compile(r"(?:不再是|不是|并非|非|没有|未|(?i:\bno\s+longer|\bnot))\s*(?:the\s+)?$")
_POST_CURRENT = re.compile(
    rf"\s*(?:{_OPEN}\s*)?(?:被|已)?\s*(?:称作|称为|叫作|标为|标作|列为|视为|算作|作为|定为|是|为)?\s*"
    rf"(?:当前|目前|现行)?\s*(?:的)?\s*{CURRENT_ZH}"
    rf"|\s*(?:{_OPEN}\s*)?(?:,\s*)?(?:(?:is|as|was)\s+)?(?:(?:now|still|currently)\s+)?"
    rf"(?:(?:the|a|our)\s+)?(?:(?:current|new)\s+)?(?i:\b{CURRENT_EN}\b)"
)
_POST_DATE = re.compile(
    rf"\s*(?:版本|版)?\s*(?:是|已于|于|在|on|in)?\s*(?P<d>{_DATE_ANY})\s*(?:正式)?{RELEASE_ZH}"
    rf"|\s*(?:,\s*)?(?:版本|版)?\s*(?:的)?\s*(?:已经|已|正式|接连|相继)?\s*{RELEASE_ZH}\s*"
    rf"(?:时间|日期)?\s*(?:于|为|是|[:：])?\s*(?P<d2>{_DATE_ANY})"
    r"|\s*(?:[,—–]\s*)?(?:(?:which|that)\s+)?(?:was\s+|is\s+|were\s+)?(?:released|shipped|launched|out|came\s+out"
    r"|went\s+GA|tagged|published|landed)\s+(?:on\s+|in\s+|since\s+)?"
    rf"(?P<d3>{_DATE_ANY})",
    re.IGNORECASE,
)
# a part of a month written after a date the date reader did not take as one (`9 月中发布的`)
_PART_OF_MONTH = r"(?:上旬|中旬|下旬|初|底|末|中)?"
_PRE_DATE = re.compile(
    rf"(?P<d>{_DATE_ANY}){_PART_OF_MONTH}\s*(?:正式)?{RELEASE_ZH}(?:了)?(?:的)?\s*$"
    rf"|(?i:released|shipped|launched)\s+(?:on|in)\s+(?P<d2>{_DATE_ANY})\s*[,:]?\s*$",
    re.IGNORECASE,
)
# `tagged v0.5.0 of lm-evaluation-harness on 2026-11-27`: a release verb before the version, the
# project after it
_RELEASED_BEFORE = re.compile(
    r"(?i:\b(?:tagged|released|shipped|launched|published|cut))\s+(?i:version\s+)?$"
)
# `DuckDB v1.5.0 的更新日志：这一版于 11/9 发布`, `the DuckDB v1.5.0 changelog: this release
# shipped on Nov 9`: a few words about the version (its notes), then "this release" standing for
# it, and its day after that; `下一版`, `the next release` are another release's
_THIS_RELEASE = re.compile(
    r"[^\n，,。；;]{0,16}?[:：]?\s*(?:这一版|这个版本|这一版本|该版本?|此版本?|本版本?|这版"
    r"|(?i:this\s+(?:release|version)))"
)
# `LangGraph released v1.4 on Oct 3`: the day after the version
_ON_DATE = re.compile(rf"\s*,?\s+(?:on|in)\s+(?P<d>{_DATE_ANY})", re.IGNORECASE)
# a number a word marks as a version, though no name stands right before it: `version 1.4`,
# `版本 1.4`, `稳定版 1.4`, `the latest 1.4`
_VERSION_MARK = re.compile(
    rf"(?:(?i:\bversion|\brelease)|版本号?|{CURRENT_ZH}|(?i:\b{CURRENT_EN}\b))\s*(?:为|是|[:：])?\s*$"
)
# what may stand before a clause's subject: a list mark, an article (`The LangGraph team …`)
_SUBJECT_LEAD = re.compile(r"[\s>*\-•·#0-9.、:：)）]*(?i:the\s+|an?\s+)?")
_OF_PROJECT = re.compile(
    rf"\s+of\s+(?P<of>{NAME})(?:\s+(?:on|in)\s+(?P<d>{_DATE_ANY}))?", re.IGNORECASE
)
_ARCHIVE = re.compile(rf"{ARCHIVE_ZH}|(?i:\b{ARCHIVE_EN}\b)")
# the body's first words after a heading that names a version: the day it was released
_HEAD_RELEASE = re.compile(
    r"\s*(?:(?i:released|shipped|launched|published|tagged)\s+(?:on\s+|in\s+)?"
    rf"(?P<d>{_DATE_ANY})|(?:于\s*)?(?P<d2>{_DATE_ANY})\s*(?:正式)?{RELEASE_ZH}"
    rf"|(?:正式)?{RELEASE_ZH}(?:于|时间|日期)?\s*[:：]?\s*(?P<d3>{_DATE_ANY}))",
    re.IGNORECASE,
)


def _first_line_end(text: str) -> int:
    k = text.find("\n")
    return len(text) if k < 0 else k


def _archive_hint(text: str) -> bool:
    """A cheap test before the archive regex (one `in` each, no generator: this runs per text)."""
    return (
        "归档" in text
        or "停" in text
        or "rchived" in text
        or "unset" in text
        or "EOL" in text
        or "of life" in text
        or "of-life" in text
        or "维护" in text
        or "aint" in text  # maintenance mode, no longer maintained
        or "iscontinued" in text
    )


_ARCH_AFTER = re.compile(rf"[ ]?(?:了)?[ ]?(?P<n>{NAME})")
_ARCH_BEFORE = re.compile(
    rf"(?<![A-Za-z0-9_.\-+])(?P<n>{NAME})\s*(?:项目)?"
    r"(?:\s|已经|已|于|在|被|宣布|正式|起|开始|以后|之后|was|is|has|have|been|were|put|moved|went"
    r"|into|in|to|\x01)*$"
)
# joined to another name (`duckdb 与 sqlite`), not to a topic in Chinese (`flashinfer 与分页 KV
# 解码`: the chapter is flashinfer's and what it does)
_JOINED = re.compile(r"(?:与|和|及|以及|、|&|/|,|，|(?i:and|vs\.?)\b)\s*[`*]?[A-Za-z0-9]")
_NEXT_WORD = re.compile(rf" ({NAME})(?![A-Za-z0-9])")
_HEADING_NAME = re.compile(
    rf"^[\s#>*\-•·0-9.、:：§]*(?:对象[一二三四五六七八九十0-9]+[:：]\s*)?(?P<n>{NAME})"
)


@dataclass
class _Mention:
    start: int  # the name's start, or the number's
    end: int  # after the number, or after its bracket
    name: str | None
    version: str
    date: str | None  # the bracket's date, as written
    current: bool  # a role word in its bracket
    clause: tuple[int, int]
    plain: str | None = None  # a plain lowercase word before it, in English prose


def clause_at(text: str, pos: int) -> tuple[int, int]:
    """(start, end) of the clause holding `pos`."""
    lo, hi = max(0, pos - CLAUSE_REACH), min(len(text), pos + CLAUSE_REACH)
    start = lo
    end = hi
    for mark in _CLAUSE_ENDS:
        k = text.rfind(mark, lo, pos)
        while k >= 0 and (o := _aside_around(text, lo, k, pos)) >= 0:
            k = text.rfind(mark, lo, o)  # a mark in an aside closed before `pos` ends nothing
        if k >= 0 and k + len(mark) > start:
            start = k + len(mark)
        k = text.find(mark, pos, hi)
        if 0 <= k < end:
            end = k
    return start, end


_OPENS = "(（"
_CLOSES = ")）"
MAX_ASIDE = 40  # characters of an aside in brackets (`（NVIDIA，基于 Isaac Sim）`), at most


def _aside_around(text: str, lo: int, k: int, pos: int) -> int:
    """Where the bracket opens that holds `k` and closes before `pos` (an aside between a name
    and its release: `Isaac Lab（NVIDIA，基于 Isaac Sim）：稳定版 v2.2.1`), or -1."""
    o = max(text.rfind(c, max(lo, k - MAX_ASIDE), k) for c in _OPENS)
    if o < 0 or any(c in text[o:k] for c in _CLOSES):
        return -1
    ends = [e for c in _CLOSES if (e := text.find(c, k, min(pos, o + MAX_ASIDE + 2))) >= 0]
    return o if ends else -1


def heading_name(heading: str | None) -> str | None:
    """The project a heading is about when it starts with a name (`SGLang`, `vLLM 与 llama.cpp`)."""
    if not heading:
        return None
    m = _HEADING_NAME.match(heading)
    if m is None:
        return None
    name = m.group("n")
    if is_name(name):
        # with the capitalised names written after it (`3.2 Isaac Lab`: Isaac Lab, as a text
        # writing `Isaac Lab v2.2.1` names it)
        end = m.end("n")
        for _ in range(MAX_NAME_WORDS - 1):
            w = _NEXT_WORD.match(heading, end)
            if w is None or not w.group(1)[:1].isupper() or not is_name(w.group(1)):
                break
            name, end = f"{name} {w.group(1)}", w.end()
        return name
    # a heading that is one word and nothing else (`2.1 pgvector`) is that thing's name
    rest = heading[m.end() :].strip(" `*#")
    if not rest:
        return name if name.lower() not in NOT_NAMES and len(name) >= 3 else None
    # a lowercase word in Chinese prose (`pnpm 当前稳定版 v10.2.1`) names it too, unless the
    # heading joins it to another (`3.1 duckdb 与 sqlite`: a chapter on both is no one's)
    if _JOINED.match(rest) or not is_name_at(heading, m.start("n"), m.end("n")):
        return None
    return name


def _in_link(text: str, s: int) -> bool:
    """Whether the number at `s` is inside a URL or a file path."""
    k = s
    lo = max(0, s - 300)
    while k > lo and text[k - 1] in _URL_CHARS:
        k -= 1
    token = text[k:s]
    return "/" in token or "://" in token


def _quote(text: str, start: int, end: int) -> str:
    cs, _ = clause_at(text, start)
    _, ce = clause_at(text, max(start, end - 1))
    quote = " ".join(text[cs:ce].split()).strip(" ，,;；、")
    return quote if len(quote) <= MAX_QUOTE else quote[: MAX_QUOTE - 1] + "…"


def _last_match(pattern: re.Pattern[str], text: str, lo: int, hi: int) -> re.Match[str] | None:
    """The match of `pattern` that ends exactly at `hi`, starting as early as possible."""
    m = pattern.search(text, lo, hi)
    while m is not None and m.end() != hi:
        m = pattern.search(text, m.start() + 1, hi)
    return m


def _name_before(text: str, s: int, lo: int) -> tuple[str, int] | None:
    """The name written right before a number (`SGLang v0.5.21`, `OpenShift AI 3.2`, `pgvector
    的 v0.9.1`: a possessive between)."""
    k = s - 1 if s > lo and text[s - 1] in " \n" else s
    if k - 1 > lo and text[k - 1] == "的" and text[k - 2] in _NAME_END:
        k -= 1
        k = k - 1 if k > lo and text[k - 1] == " " else k
    if k - 1 > lo and text[k - 1] == "`":
        k -= 1  # `` `duckdb` v1.4.2 ``: the name in its code span
    j = k
    while j > lo and text[j - 1] in _NAME_CHARS:
        j -= 1
    while j < k and not text[j].isalpha():
        j += 1  # a name starts with a letter
    m = _NAME_AT.fullmatch(text, j, k) if j < k else None
    if m is None:
        return None
    return _words_before(text, m.group(0), j, lo)


def _words_before(text: str, name: str, start: int, lo: int) -> tuple[str, int]:
    """The name with the capitalised words written before it (`OpenShift AI`, `Microsoft Agent
    Framework`, `OpenAI Agents SDK`), not a sentence's first word (`Yesterday Microsoft …`) nor
    a common one; a name that is no capitalised name itself takes none."""
    words = 0 if name[:1].isupper() and is_name(name) else MAX_NAME_WORDS
    lo_cjk = min(len(text), start + len(name) + 24)
    while words < MAX_NAME_WORDS - 1 and start >= 2 and text[start - 1] == " ":
        i = start - 1
        while i > lo and text[i - 1] in _NAME_CHARS:
            i -= 1
        w = _NAME_AT.fullmatch(text, i, start - 1)
        if w is None or not w.group(0)[:1].isupper() or not is_name(w.group(0)):
            break
        if w.group(0)[1:].islower() and _opens_clause(text, i) and not _CJK.search(text, i, lo_cjk):
            break  # an English sentence's first word (a Chinese one starts with no English word)
        name, start, words = f"{w.group(0)} {name}", i, words + 1
    return name, start


MAX_NAME_WORDS = 4


def _opens_clause(text: str, pos: int) -> bool:
    """Whether `pos` starts a sentence, a line or a clause (a title-case word there may be any
    word: `Yesterday`)."""
    k = pos - 1
    while k >= 0 and text[k] in " \t":
        k -= 1
    return k < 0 or text[k] in '.!?。！？\n#:：*-•>|(（"“，,；;、'


def _glued_name(text: str, s: int, e: int, has_v: bool) -> tuple[str, int] | None:
    """A version written against its project's name, with no space (`Milvus3.0`, `LangGraph1.0`,
    common in Chinese writing): the name is the letters before it, three or more, starting a
    word. Not a model's size or variant after it (`Qwen2.5-72B`), nor `v` glued (`Qdrantv1`)."""
    if has_v or not text[s - 1].isalpha() or "." not in text[s:e]:
        return None
    if text[e : e + 1] in ("-", "_") or (text[e : e + 1].isalnum() and text[e : e + 1].isascii()):
        return None
    i = s
    while i > 0 and text[i - 1].isascii() and text[i - 1].isalpha():
        i -= 1
    if s - i < 3 or (i > 0 and text[i - 1] in _NAME_CHARS):
        return None
    word = text[i:s]
    return (word, i) if is_name(word) else None


# full-width digits and the marks inside dates and versions, folded one to one (NFKC would fold
# the full-width brackets and commas too, which end clauses and mark dates)
_WIDE = re.compile("[０-９．／－]")
_NARROW = str.maketrans("０１２３４５６７８９．／－", "0123456789./-")

_OWNER_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_")


def _repo_at(text: str, start: int) -> bool:
    """Whether the name at `start` is the repository of an `owner/repo` written on its own
    (`qdrant/qdrant v1.17.0`, `facebookresearch/faiss v1.13.1`): a project's GitHub name, a name
    however it is cased. Not inside a URL or a path (the owner starts after a space, a line
    start, a bracket or a backtick)."""
    if start < 2 or text[start - 1] != "/":
        return False
    k = start - 1
    while k > 0 and text[k - 1] in _OWNER_CHARS:
        k -= 1
    return k < start - 1 and (k == 0 or text[k - 1] in " \t\n`([（「*") and text[k].isalnum()


# English words a plain lowercase word before a version may be rather than a name
_BEFORE_VERSION = frozenset(
    [
        "still",
        "now",
        "using",
        "use",
        "used",
        "run",
        "running",
        "upgraded",
        "updated",
        "update",
        "bumped",
        "pinned",
        "tagged",
        "cut",
        "published",
        "launched",
        "shipped",
        "tested",
        "test",
        "moved",
        "migrated",
        "switched",
        "pin",
        "bump",
        "on",
        "at",
    ]
)
_CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")


def _after_label(text: str, start: int) -> bool:
    """Whether the word at `start` follows a label's colon (`Tools: sglang v0.5`, `Storage:
    duckdb v1.4.2`): after a label a writer lists things as they are spelled, so a lowercase
    word there is a name, as it is in Chinese prose; an English sentence does not go on after a
    colon with a plain word right before a version."""
    k = start - 1
    while k >= 0 and text[k] in " \t":
        k -= 1
    return k >= 0 and text[k] in ":："


_PLAIN_BEFORE = frozenset(" \t\n([（\"'*>“")


def _plain_word(word: str) -> bool:
    """Whether a plain lowercase word before a version may be a project's name (`flashinfer`),
    not an English word (`still`, `using`)."""
    low = word.lower()
    return (
        len(word) >= 3
        and word.isascii()
        and word == low
        and low not in NOT_NAMES
        and low not in _BEFORE_VERSION
    )


def _plain_name(text: str, start: int, cs: int, ce: int) -> bool:
    """Whether the plain lowercase word at `start` names a project (`smolagents`, `pgvector`): in
    a Chinese clause (a Latin word there is a name: Chinese writes no English function words) or
    in backticks (`` `pgvector` 0.8.1 ``), unless it is a common word."""
    m = _NAME_AT.match(text, start)
    if m is None:
        return False
    word = m.group(0)
    if len(word) < 3 or word.lower() in NOT_NAMES or word.lower() in _BEFORE_VERSION:
        return False
    if start > 0 and text[start - 1] == "`":
        return True
    return _CJK.search(text, cs, ce) is not None


def extract(
    text: str, heading: str | None = None, default_sources: tuple[str, ...] = ()
) -> list[Statement]:
    """Every claim of `text`, in text order; `heading` names the project of an unnamed version
    (the item's title, the section's title), `default_sources` are the material's own URLs."""
    if _WIDE.search(text):
        text = text.translate(_NARROW)  # `２０２６年１０月３日`: one character each, positions kept
    out: list[tuple[int, Statement]] = []
    mentions = _mentions(text)
    if mentions:
        out += _version_claims(text, mentions, heading)
    if _archive_hint(text):
        out += _archive_claims(text)
    if not out:
        return []
    out.sort(key=lambda pair: pair[0])
    urls = url_spans(text)
    fallback: list[str] | None = None
    result: list[Statement] = []
    # each claim's paragraph, from the blank lines found once (an `rfind` per claim walked back
    # over a whole long paragraph: quadratic), and its sources once per paragraph
    breaks = _blank_lines(text)
    by_paragraph: dict[tuple[int, int], list[str]] = {}
    for pos, statement in out:
        i = bisect.bisect_right(breaks, pos - 2)
        ps = breaks[i - 1] if i else -1
        j = bisect.bisect_left(breaks, pos)
        pe = breaks[j] if j < len(breaks) else -1
        span = (ps + 1, len(text) if pe < 0 else pe)
        sources = by_paragraph.get(span)
        if sources is None:
            sources = by_paragraph[span] = cited(text, span[0], span[1], urls)
        if not sources:
            if fallback is None:
                fallback = citation_lines(text, urls) or list(default_sources)
            sources = fallback
        result.append(statement.model_copy(update={"sources": tuple(sources)}))
    return result


def _blank_lines(text: str) -> list[int]:
    """Every position of `\n\n` in the text, overlapping ones too, in order."""
    found: list[int] = []
    k = text.find("\n\n")
    while k >= 0:
        found.append(k)
        k = text.find("\n\n", k + 1)
    return found


def _mentions(text: str) -> list[_Mention]:
    found: list[_Mention] = []
    done = -1  # the end of the last number looked at: its later dots are not new numbers
    for dot in _DOT_DIGIT.finditer(text):
        if dot.start() < done:
            continue
        s = dot.start()
        # back to the number's start, never past what was looked at already: a run such as
        # `1.1.1.…` would be walked back over once per dot (quadratic: 32,000 characters took
        # 14 s). A start stopped there follows a number character, which `_BEFORE_NUMBER` refuses
        # below, as it refused the same run from its true start.
        lo = max(done, 0)
        while s > lo and text[s - 1] in _NUMBER_CHARS:
            s -= 1
        m = _VERSION_AT.match(text, s)
        if m is None:
            done = dot.end()
            continue
        s, e = m.span()
        done = e
        version = m.group(0)
        tier = _TIER.match(text, e)
        if tier is not None:
            # `Gemini 3.5 Pro`: the model's tier is part of what was released (`3.5 Flash` is
            # another model, with its own day)
            version, e = f"{version} {tier.group(1)}", tier.end()
        has_v = m.group("v") is not None
        glued = None
        if s > 0 and text[s - 1] in _BEFORE_NUMBER:
            glued = _glued_name(text, s, e, has_v)
            if glued is None:
                continue  # `§1.2`, `Llama-3.1-8B`, `=0.8`
        if _ARXIV.fullmatch(m.group("num")) or (not has_v and _UNIT.match(text, e)):
            continue
        # a claim needs a bracket after the number or a role word near it: most numbers stop here
        bm = rm = None
        # (`the v0.4.0 tag (Nov 4)`: the version's tag or release, then its day)
        noun = _TAG_AFTER.match(text, e)
        b = noun.end() if noun is not None else e
        if text[b : b + 1] in _OPENERS or text[b : b + 2] in _SPACED_OPENERS:
            bm = _BRACKET.match(text, b)
            rm = None if bm is not None else _BRACKET_ROLE.match(text, b)
            if bm is None and noun is not None:
                rm = None  # only a day follows a tag so
            elif noun is not None:
                e = b
        near = text[max(0, s - NAME_WINDOW) : e + 40]
        if bm is None and rm is None and not _hint(near):
            continue
        if _in_link(text, s):
            continue
        cs, ce = clause_at(text, s)
        named = glued or _name_before(text, s, max(cs, s - NAME_WINDOW))
        beside = _APPOSITION.search(text, max(cs, s - 24), s) if named is None else None
        if beside is not None:
            # `the latest Gateway API release, v1.5.1`: the version stands beside the release
            # named before the comma
            named = _name_before(text, beside.start(), max(cs, s - NAME_WINDOW))
        ok = named is not None and (
            is_name_at(text, named[1], named[1] + len(named[0]))
            or _repo_at(text, named[1])
            or _plain_name(text, named[1], cs, ce)
            or (_after_label(text, named[1]) and _plain_word(named[0]))
        )
        name, start = (named[0], named[1]) if named and ok else (None, s)
        plain = (
            named[0]
            if named
            and not ok
            and _plain_word(named[0])
            and (named[1] == 0 or text[named[1] - 1] in _PLAIN_BEFORE)
            else None
        )  # a word of prose, not the end of a path (`src/valkey-io/valkey 8.1.0`)
        if (
            name is None
            and not has_v
            and not (m.group("num").count(".") >= 2 or m.group("pre"))
            and not _VERSION_MARK.search(text, max(cs, s - 12), s)
            and _last_match(_PRE_CURRENT, text, max(cs, s - NAME_WINDOW), s) is None
            and not _released_on(text, e, ce)
        ):
            continue  # a bare `1.3` is a number; `version 1.3`, `0.5.22.dev` are versions
        end, date, current = e, None, False
        if bm is not None:
            end, date = bm.end(), bm.group("d")
            current = bool(_CURRENT_IN.search(bm.group("rest")))
        elif rm is not None:
            end, current = rm.end(), True
        found.append(_Mention(start, end, name, version, date, current, (cs, ce), plain))
    return found


# a release named, then its version after a comma (`the latest Gateway API release, v1.5.1`)
_APPOSITION = re.compile(r" (?i:release|version|build)\s*[,，]\s*\Z")


def _hint(window: str) -> bool:
    """Whether a role word may stand near a number: plain `in` tests, several times faster than
    one regex alternation on the ~100 characters around each of thousands of numbers."""
    if (
        "稳定版" in window
        or "正式版" in window
        or "最新" in window
        or "当前" in window
        or "现行" in window
        or "LTS" in window
        or "发布" in window
        or "发版" in window
        or "上线" in window
        or "推出" in window
        or "放出" in window
    ):
        return True
    low = window.lower()
    return (
        "latest" in low
        or "current" in low
        or "newest" in low
        or "stable" in low
        or "releas" in low
        or "shipped" in low
        or "launched" in low
        or "tagged" in low
        or "landed" in low
        or "out " in low
        or "recent" in low
        or "ga " in low
    )


def _runs(text: str, mentions: list[_Mention]) -> list[list[_Mention]]:
    """Mentions of one clause that only separators join (`A v1（9/22）、B v2（9/23）`)."""
    runs: list[list[_Mention]] = []
    for m in mentions:
        if runs:
            last = runs[-1][-1]
            if last.clause == m.clause and _RUN_GAP.fullmatch(text, last.end, m.start):
                runs[-1].append(m)
                continue
        runs.append([m])
    return runs


def _version_claims(
    text: str, mentions: list[_Mention], heading: str | None
) -> list[tuple[int, Statement]]:
    out: list[tuple[int, Statement]] = []
    named_at: dict[str, list[tuple[int, tuple[str, bool]]]] = {}
    head_end = _first_line_end(text)
    head_versions = sum(m.start < head_end for m in mentions)
    for run in _runs(text, mentions):
        first, last = run[0], run[-1]
        cs, ce = first.clause
        pre_start = max(cs, first.start - NAME_WINDOW)
        pre = _last_match(_PRE_CURRENT, text, pre_start, first.start)
        if pre is not None and _NEGATED.search(text, max(cs, pre.start() - 8), pre.start()):
            pre = None  # `已不是最新版 v1.3`: denied
        post = _POST_CURRENT.match(text, last.end, ce)
        if post is not None and _denied_after(text, last.end, post.end()):
            post = None
        run_current = pre is not None or post is not None
        pre_name = None
        if pre is not None:
            pre_name = next(
                (
                    pre.group(g)
                    for g in ("zn", "en", "en2", "en3")
                    if pre.group(g) is not None
                    and (
                        is_name_at(text, pre.start(g), pre.end(g))
                        or _plain_name(text, pre.start(g), cs, ce)
                    )
                ),
                None,
            )
            if pre_name is not None and pre.group("zn") == pre_name:
                pre_name = _words_before(text, pre_name, pre.start("zn"), cs)[0]
        # `diffusers' latest release, v0.35.2`: a plain word owning the role word in English prose
        # is a name only if another text's claim confirms it (`plain_names`)
        pre_plain = (
            pre.group("en2")
            if pre is not None
            and pre_name is None
            and pre.group("en2") is not None
            and _plain_word(pre.group("en2"))
            else None
        )
        bound_date = None
        noted = False
        of_name = None
        if len(run) == 1 and _RELEASED_BEFORE.search(text, max(cs, first.start - 24), first.start):
            om = _OF_PROJECT.match(text, last.end, ce)
            if om is not None and is_name_at(text, om.start("of"), om.end("of")):
                of_name, bound_date = om.group("of"), om.group("d")
            else:
                dm = _ON_DATE.match(text, last.end, ce)
                bound_date = dm.group("d") if dm is not None else None
        if len(run) == 1 and bound_date is None and first.start < head_end and head_versions == 1:
            # a release note: the heading names one version (`qdrant/qdrant v1.17.0`), the body
            # opens with its day (`Released 2026-11-18.`, `2026-11-18 发布`)
            hm = _HEAD_RELEASE.match(text, head_end)
            if hm is not None:
                bound_date = hm.group("d") or hm.group("d2") or hm.group("d3")
                noted = True
        if len(run) == 1 and bound_date is None:
            pm = _POST_DATE.match(text, last.end, ce)
            if pm is None:
                tm = _THIS_RELEASE.match(text, last.end, ce)
                pm = _POST_DATE.match(text, tm.end(), ce) if tm is not None else None
            if pm is not None:
                bound_date = next(g for g in (pm.group("d"), pm.group("d2"), pm.group("d3")) if g)
            else:
                qm = _last_match(_PRE_DATE, text, pre_start, first.start)
                if qm is not None:
                    bound_date = qm.group("d") or qm.group("d2")
            if bound_date is not None and parse_date(bound_date) is None:
                bound_date = None
        for m in run:
            current = run_current or m.current
            date = m.date if m.date and parse_date(m.date) else bound_date
            if not (current or date):
                continue
            elsewhere = None
            if not (m.name or of_name or pre_name):
                if m.version not in named_at:  # once per version: a text may repeat it often
                    named_at[m.version] = _named_places(text, m.version)
                elsewhere = next((n for k, n in named_at[m.version] if k != m.start), None)
            entity = (
                m.name
                or of_name
                or pre_name
                or _subject(text, cs, first.start)
                or _topic(text, cs, first.start)
                or (elsewhere[0] if elsewhere and elsewhere[1] else None)
                or heading_name(heading)
            )
            plain = (
                m.plain or pre_plain or (elsewhere[0] if elsewhere and not elsewhere[1] else None)
            )
            if entity is None:
                entity = plain  # a name only if another text's claim confirms it
            if entity is None:
                continue
            statement = Statement(
                entity=entity,
                key=entity_key(entity),
                version=m.version,
                current=current,
                date=date,
                quote=_quote(text, m.start, m.end),
                noted=noted and date == bound_date,
                plain=plain,
            )
            out.append((m.start, statement))
    return out


def _named_places(text: str, version: str) -> list[tuple[int, tuple[str, bool]]]:
    """Where the version is written right after a name (`torchtitan v0.4.0 is out` over `the
    v0.4.0 tag (Nov 4)`), the first two, each with the name and whether it looks like one (else
    a plain word another text's claim must confirm: `plain_names`); never inside a link or a
    path (`src/valkey-io/valkey 8.1.0`). A mention with no name takes the first that is not its
    own place."""
    out: list[tuple[int, tuple[str, bool]]] = []
    k = text.find(version)
    while k >= 0 and len(out) < 2:
        if not text[k + len(version) : k + len(version) + 1].isalnum() and not _in_link(text, k):
            named = _name_before(text, k, max(0, k - NAME_WINDOW))
            if named is not None and not _in_link(text, named[1]):
                name, start = named
                if is_name_at(text, start, start + len(name)):
                    out.append((k, (name, True)))
                elif _plain_word(name):
                    out.append((k, (name, False)))
        k = text.find(version, k + 1)
    return out


def _released_on(text: str, e: int, ce: int) -> bool:
    """Whether a release day follows the number (`0.7 于 10/17 发布`, `1.4 was released on
    Oct 3`): then it is a version, though no name stands before it."""
    pm = _POST_DATE.match(text, e, ce)
    return (
        pm is not None and parse_date(pm.group("d") or pm.group("d2") or pm.group("d3")) is not None
    )


def _denied_after(text: str, start: int, end: int) -> bool:
    """Whether the role word after a version is denied (`v1.3 不再是最新版`, `is no longer the
    latest`)."""
    between = text[start:end]
    return any(w in between for w in ("不再", "不是", "并非", "no longer", "not "))


def _subject(text: str, cs: int, pos: int) -> str | None:
    """The name a clause starts with, when the version is later in it (`LangGraph 已更新到最新版本
    v1.4`, `The LangGraph team released version 1.4 on October 3`): the clause's subject. A name
    later in the clause (`在 H100 上测了稳定版 v1.2`) is not: it may be the hardware or data."""
    cs = max(cs, text.rfind("\n", cs, pos) + 1)  # or its line's: a heading may precede it
    lead = _SUBJECT_LEAD.match(text, cs, pos)
    k = lead.end() if lead is not None else cs
    m = _NAME_AT.match(text, k, pos)
    if m is None or not is_name(m.group(0)) or m.end() >= pos:
        return None
    return m.group(0)


_TOPIC_ENDS = ("。", "！", "？", "；", "\n", ". ")


def _topic(text: str, cs: int, pos: int) -> str | None:
    """The name a Chinese sentence starts with, for a version whose clause (after `，`) names
    nothing before it (`FunASR（阿里通义实验室）是中文 ASR 的主力工具包，稳定版 v1.3.1`): a
    Chinese sentence keeps its topic across its commas. Not a name later in the sentence (`在
    A100 上复测，稳定版 v1.3.1` is the heading's), nor across `。`/`；`, nor in English prose."""
    if cs < 1 or text[cs - 1] != "，":
        return None
    if any(is_name(m.group(0)) for m in _NAME_AT.finditer(text, cs, pos)):
        return None  # the clause names something: its own subject rules (`_subject`)
    lo = max(0, cs - CLAUSE_REACH)
    start = max(
        (k + len(mark) for mark in _TOPIC_ENDS if (k := text.rfind(mark, lo, cs)) >= 0),
        default=lo,
    )
    return _subject(text, start, cs - 1)


def _archive_claims(text: str) -> list[tuple[int, Statement]]:
    out: list[tuple[int, Statement]] = []
    for hit in _ARCHIVE.finditer(text):
        cs, ce = clause_at(text, hit.start())
        best: tuple[int, str] | None = None
        for dm in DATE_RE.finditer(text, cs, ce):
            gap = hit.start() - dm.end() if dm.end() <= hit.start() else dm.start() - hit.end()
            if 0 <= gap <= DATE_REACH and (best is None or gap < best[0]):
                best = (gap, dm.group(0))
        if best is None or parse_date(best[1]) is None:
            continue
        entity = None
        after = _ARCH_AFTER.match(text, hit.end(), ce)
        if after is not None and is_name_at(text, after.start("n"), after.end("n")):
            entity = after.group("n")
        else:
            pre_start = max(cs, hit.start() - NAME_WINDOW)
            pre = _DATE_ANY_RE.sub(
                lambda m: "\x01" * len(m.group(0)), text[pre_start : hit.start()]
            )
            bm = _ARCH_BEFORE.search(pre)
            if bm is not None and is_name_at(pre, bm.start("n"), bm.end("n")):
                entity = bm.group("n")
        if entity is None:
            continue
        statement = Statement(
            entity=entity,
            key=entity_key(entity),
            event="archive",
            date=best[1],
            quote=_quote(text, hit.start(), hit.end()),
        )
        out.append((hit.start(), statement))
    return out
