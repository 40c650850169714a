"""What an unwritten 要点 quotes of an item: its own content sentences, not its front matter
(docs/brief.md, "Generated 要点").

An item's text opens with what says which item it is — YAML front matter, its heading, a line
`arXiv:2610.42148 · cs.CL, cs.LG`, `- 类型：学术综述 ｜ 被引：4（S2）`, a URL, a date, tags, a
byline
— and a reader quoting it skips all that for the sentences that say what it found. `lead` does
the same: metadata lines are left out, the text is split into sentences at Chinese and English
sentence ends (a `.` between digits or letters, `4.70×`, `v0.5.22.dev`, is none), and the quote is
the sentences that carry the given facts (the item's new releases and figures, docs/facts.md)
when there are any, else the first sentences, as many whole ones as fit. A first sentence longer
than the limit is cut where `core.brief.excerpt` cuts: never inside a token or a character.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..text.identifiers import ARXIV, URL
from ..text.markdown import atx_heading, fenced, split_lines
from .excerpt import EXCERPT_CHARS, clean, cut_point, is_cjk, strip_markdown

# `key：value` fields that say what the item is, where it came from, how far it was read: the
# brief prints those in 来源 and 证据边界, never in 要点 (lower case; matched whole)
_METADATA_WORDS = """
    arxiv doi id url urls link links source 来源 原文 链接 出处 date dates 日期 时间 published
    updated 发布 发布时间 更新 tags tag 标签 keywords keyword 关键词 categories category 分类 类别
    领域 type 类型 author authors by 作者 byline 署名 citations cited 被引 引用 status 状态
    阅读状态 核查范围 核查 evidence 证据 card_id card 卡片 collector collector_run 采集 mtime
    venue 会议 期刊 pdf code 代码 license 建议动作 action
"""
METADATA_KEYS = frozenset(_METADATA_WORDS.split())
# labels in front of the content itself: the label goes, the words stay (`TLDR：综述…`)
_CONTENT_WORDS = "tldr tl;dr summary abstract 摘要 简介 概要 内容 正文 要点 可复用要点"
CONTENT_KEYS = frozenset(_CONTENT_WORDS.split())

_FIELD = re.compile(r"^\s*([^\s:：|｜·]{1,16}(?:\s[^\s:：|｜·]{1,16})?)\s*[:：]\s*(.*)$")
_FIELD_SPLIT = re.compile(r"\s+[|｜·]\s+|\s*[|｜]\s*")
# what a metadata line is made of: ids, URLs, dates, arXiv categories, tags, handles, separators
# (URLs and arXiv ids as core/text/identifiers finds them: one owner of those patterns)
_ID_TOKENS = re.compile(
    rf"{URL.pattern}|www\.\S+"
    rf"|(?:arxiv\s*[:：]?\s*)?{ARXIV.pattern}"
    r"|\bdoi\s*[:：]?\s*10\.\S+|\b10\.[0-9]{4,9}/\S+"
    r"|\b[0-9]{4}[-/.][0-9]{1,2}(?:[-/.][0-9]{1,2})?(?:[ T][0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?)?\b"
    r"|[0-9]{4}\s*年(?:\s*[0-9]{1,2}\s*月(?:\s*[0-9]{1,2}\s*日)?)?"
    r"|\b(?:cs|stat|math|eess|econ|q-bio|q-fin|physics|astro-ph|cond-mat|hep-[a-z]+)\.[A-Za-z]{2}\b"
    r"|(?<!\w)#[^\s#,，、]+|(?<!\w)@\w+",
    re.IGNORECASE,
)
_SEPARATORS = re.compile(r"[\s·•|｜,，、;；。/\\()（）\[\]【】<>《》:：\-–—_*]+")
_BYLINE = re.compile(
    r"^(?:by|posted by|written by|文\s*[/／]|作者\s*[/／])\s*[^\s.。!?！？;；]+"
    r"(?:\s+[^\s.。!?！？;；]+){0,3}$",
    re.IGNORECASE,
)
# a sentence ends at a Chinese stop, or at `.!?` before a space, a Chinese character or the end;
# closing quotes and brackets stay with it
_ENDS = re.compile(r"(?:[。！？]|[.!?](?=\s|$|[\u3000-\u9fff]))[”’\"'」』）)]*")
_ABBREVIATION = re.compile(
    r"(?:\b(?:e\.g|i\.e|etc|vs|al|cf|fig|figs|eq|no|dr|mr|ms|prof|approx|ca)|\b[A-Z])\.$",
    re.IGNORECASE,
)
FRONT_FENCES = ("---", "...")


def _front_matter_end(lines: list[str]) -> int:
    """How many lines a leading YAML front matter block (`---` … `---`) takes, else 0."""
    if not lines or lines[0].strip() != "---":
        return 0
    for n, line in enumerate(lines[1:], 1):
        if line.strip() in FRONT_FENCES:
            return n + 1
    return 0


def _is_metadata_field(segment: str) -> bool:
    m = _FIELD.match(segment)
    return m is not None and m.group(1).strip().lower() in METADATA_KEYS


def is_metadata(line: str) -> bool:
    """Whether a line (Markdown markers removed) only says what the item is: ids, categories,
    URLs, dates, tags, a byline, or `key：value` fields about it (`METADATA_KEYS`)."""
    text = line.strip()
    if not text:
        return True
    if not _SEPARATORS.sub("", _ID_TOKENS.sub("", text)):
        return True  # nothing but ids, URLs, dates, categories, tags and separators
    if _BYLINE.match(text) and len(text) <= 60:
        return True
    segments = [s for s in _FIELD_SPLIT.split(text) if s.strip()]
    return bool(segments) and all(_is_metadata_field(s) for s in segments)


def _without_label(line: str) -> str:
    """`TLDR：综述…` -> `综述…`: a content label goes, its words stay."""
    m = _FIELD.match(line)
    if m is not None and m.group(1).strip().lower() in CONTENT_KEYS and m.group(2).strip():
        return m.group(2)
    return line


def content_text(body: str) -> str:
    """The item's text without its metadata: front matter, headings, code, metadata lines gone;
    paragraphs joined into one safe line."""
    lines = split_lines(body)
    lines = lines[_front_matter_end([x.rstrip("\r\n") for x in lines]) :]
    kept: list[str] = []
    for line, in_code in fenced(lines):
        if in_code or atx_heading(line) is not None:
            continue
        text = clean(strip_markdown(line))
        if not text or is_metadata(text):
            continue
        kept.append(_without_label(text))
    out = ""
    for text in kept:  # a Chinese line wrapped mid-sentence joins without a space
        gap = "" if out and is_cjk(out[-1]) and is_cjk(text[0]) else " "
        out = out + gap + text if out else text
    return out


def sentences(text: str) -> list[str]:
    """`text` cut at its sentence ends, each sentence stripped; a trailing fragment is one too."""
    out: list[str] = []
    start = 0
    for m in _ENDS.finditer(text):
        end = m.end()
        before = text[max(0, m.start() - 8) : m.start() + 1]
        if text[m.start()] == "." and _ABBREVIATION.search(before):
            continue  # `e.g. Jev`, `et al. 2026`: not an end
        piece = text[start:end].strip()
        if piece:
            out.append(piece)
        start = end
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return out


def _joined(parts: list[str]) -> str:
    out = ""
    for p in parts:
        gap = "" if not out or is_cjk(out[-1]) else " "
        out += gap + p
    return out


@lru_cache(maxsize=8192)
def _lead(body: str, wanted: tuple[str, ...], limit: int) -> str:
    found = sentences(content_text(body))
    if not found:
        return ""
    chosen = [s for s in found if any(w and w in s for w in wanted)] if wanted else []
    picked = list(dict.fromkeys(chosen or found))
    out: list[str] = []
    for s in picked:
        if len(_joined([*out, s])) > limit:
            break
        out.append(s)
    if out:  # whole sentences: what is left out is left out at a sentence end
        return _joined(out)
    first = picked[0]  # one sentence longer than the limit: cut where a reader would
    cut = cut_point(first, limit)
    return first if cut >= len(first) else first[:cut].rstrip() + "…"


def lead(body: str, wanted: Sequence[str] = (), limit: int = EXCERPT_CHARS) -> str:
    """The quote an unwritten 要点 gives of `body` (module docstring); "" when it has no content
    but metadata. `wanted`: words of the item's new facts (`core.facts.wording.new_fact_words`):
    the sentences naming them lead. Cached: the desk builds the brief again on every key."""
    return _lead(body, tuple(dict.fromkeys(w for w in wanted if w)), limit)
