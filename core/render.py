"""The brief: a review session rendered as the seed's plain-text layout (PRODUCT §9).

The output is saved as `.md` and read back by `core.briefs` when later batches look for
duplicates, so its line shapes are a contract: section lines `一、…` / `I. …`, increments
`n. <title>` at the start of a line, sub-bullets `  • …`, numbered lines `  n. …` in 二/五.
Everything copied from materials is collapsed to one line and stripped of control characters, so
no material can forge a line of that structure or reach a terminal as an escape sequence.

Rendering is pure: the same Review and SessionData give the same bytes (no clock, no absolute
path, iteration always in batch or session order, never in dict order of user data).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from .decisions import Decision, SessionData
from .errors import BriefdeskError
from .markdown import fenced, split_lines
from .models import BriefEntry, Evidence, Item, Material
from .textsafe import one_line

if TYPE_CHECKING:  # render needs only the Review's data, not the parsers review.py imports
    from .review import Review

LANGUAGES = ("zh", "en")
EXCERPT_CHARS = 300

# -- text hygiene ----------------------------------------------------------------------------


def clean(text: object) -> str:
    """Material text as one safe line: `core.textsafe.strip_controls` (escape sequences and unsafe
    characters removed, line breaks kept), then whitespace collapsed."""
    return one_line(str(text or ""))


_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")
_LINE_PREFIX = re.compile(r"^\s*(?:#{1,6}\s+|>\s?|[-*+]\s+(?:\[[ xX]\]\s+)?)+")
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_AUTOLINK = re.compile(r"<(https?://[^>\s]+)>")
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_EMPHASIS = re.compile(r"(\*\*|__|~~|`+)")
_SENTENCE_END = "。！？；.!?;"


def strip_markdown(body: str) -> str:
    """Minimal Markdown removal for an excerpt: markers go, the words stay as written.

    Fenced code (as `core.markdown.fenced` sees it: the fences, and everything up to a closing fence
    of the same character and at least the same length) and thematic breaks are dropped.
    """
    lines: list[str] = []
    for line, in_code in fenced(split_lines(_COMMENT.sub(" ", body))):
        if in_code or _RULE.match(line):
            continue
        lines.append(_LINE_PREFIX.sub("", line))
    text = "\n".join(lines)
    text = _IMAGE.sub(r"\1", text)
    text = _LINK.sub(r"\1", text)
    text = _AUTOLINK.sub(r"\1", text)
    return _EMPHASIS.sub("", text)


@lru_cache(maxsize=8192)
def excerpt(body: str, limit: int = EXCERPT_CHARS) -> str:
    """The first ~`limit` characters of an item, cut at a sentence end when one is near.

    Pure, and cached by body: the desk re-renders the brief on every decision, and the bodies do not
    change between renders.
    """
    text = clean(strip_markdown(body))
    if len(text) <= limit:
        return text
    window = text[:limit]
    cut = max(window.rfind(ch) for ch in _SENTENCE_END)
    if cut >= limit // 2:
        window = window[: cut + 1]
    return window.rstrip() + "…"


def _is_cjk(ch: str) -> bool:
    """CJK ideographs and CJK/full-width punctuation: they take `。` and need no space after."""
    o = ord(ch)
    return (
        0x3000 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0xFF00 <= o <= 0xFFEF
        or 0x20000 <= o <= 0x3FFFF
    )


# -- wording ---------------------------------------------------------------------------------

ACTION_LABELS = {
    "zh": {"new-subsection": "新增小节", "append": "追加", "cross-ref": "交叉引用"},
    "en": {"new-subsection": "new subsection", "append": "append", "cross-ref": "cross-reference"},
}

_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"

T = {
    "zh": {
        "title": "{topic} · E1 预消化简报（{date}）",
        "author": "作者：{author}",
        "batch": "批次：{id}（{n} 份材料，{progress}；审阅人已确认 {confirmed}/{items} 条判定）",
        "all_done": "全部处理",
        "partial": "已处理 {k} 份，{m} 条待定",
        "undecided_warning": "⚠ 仍有 {m} 条待定，未计入增量与排除清单（其 arXiv 号单列于三）",
        "purpose": "用途：{text}",
        "basis": (
            "证据口径：全部增量仅来自本批 {n} 份材料原文（{groups}）；"
            "材料自身的核验边界（{levels}）如实转述，不升级为事实。"
        ),
        "group": "{name} {n} 份",
        "background": "背景：{text}",
        "sec1": "一、今日最重要的 {n} 条增量",
        "sec2": "二、值得警惕的矛盾或待核实说法",
        "sec3": "三、可引用的 arXiv 号列表",
        "sec4": "四、已检查但判定无显著新增量 / 不建议入库",
        "sec5": "五、给今晚活文档更新的 {n} 条抓手（建议，不代替 {who} 判断）",
        "reviewer_fallback": "审阅人",
        "none": "（无）",
        "source": "来源：",
        "points": "要点：",
        "relation": "与活文档脉络的关系：",
        "placement": "建议归入：",
        "boundary": "证据边界：",
        "excerpt": "（材料原文摘录）",
        "no_body": "（材料无正文）",
        "item_no": "第 {n} 条",
        "doc_section": "活文档 §{id}「{title}」",
        "doc_section_missing": "活文档 §{id}（活文档中尚无此节）",
        "no_placement": "未指定（待审阅人定位）",
        "below_fulltext": "未读正文，数字与结论均为材料自述",
        "vendor_level": "厂商口径，未经独立核实，数字与结论均为厂商自述",
        "self_report_level": "作者自述，未见第三方复现，数字与结论均为作者自述",
        "unknown_level": "材料未标注核验程度，按未核实处理",
        "arxiv_included": "本批材料直接涉及（{n} 个）",
        "arxiv_excluded": "已检查但判定不作为增量（重复 / 弱相关 / 证据不足，{n} 个）",
        "arxiv_undecided": "尚待判定（{n} 个）",
        "arxiv_line": "  - arXiv:{id} — {title}（{level}）",
        "arxiv_none": "本批材料未给出任何 arXiv 编号；不凭记忆补写。",
        "arxiv_tail": "本批材料未给出其他 arXiv 编号；不凭记忆补写。",
        "excluded_line": "  • {title}（{path} 第 {n} 条）：{reason}",
        "dup_brief": "已在 {cite}收录，重复",
        "dup_doc": "活文档 §{id} 已有，重复",
        "dup_batch": "与本批 {path} 第 {n} 条重复",
        "dup_other": "与 {ref} 重复",
        "off_topic": "与 {topic} 主题无关，不入库",
        "weak": "证据缺口过大，不入库",
        "no_reason": "未注明理由",
        "sep": "；",
        "colon": "：",
        "closing": (
            "本文件为 E1 预消化产物，由 briefdesk 依审阅会话生成，仅写此文件与同名 .review.json "
            "旁注；未改动活文档、材料与批次清单；未联网补料；材料中的指令性文本未被当作授权执行。"
        ),
    },
    "en": {
        "title": "{topic} · E1 pre-digested brief ({date})",
        "author": "Author: {author}",
        "batch": (
            "Batch: {id} ({n} materials, {progress}; "
            "the reviewer confirmed {confirmed}/{items} decisions)"
        ),
        "all_done": "all processed",
        "partial": "{k} processed, {m} items undecided",
        "undecided_warning": (
            "⚠ {m} items are still undecided and are left out of the increments and exclusions "
            "(their arXiv ids are listed apart in III)"
        ),
        "purpose": "Purpose: {text}",
        "basis": (
            "Evidence basis: every increment comes only from the {n} materials of this batch "
            "({groups}); the materials' own verification levels ({levels}) are reported as stated, "
            "not upgraded to fact."
        ),
        "group": "{name} {n}",
        "background": "Background: {text}",
        "sec1": "I. The {n} most important increments today",
        "sec2": "II. Contradictions and claims to verify",
        "sec3": "III. Citable arXiv ids",
        "sec4": "IV. Checked but without significant increment / not recommended for filing",
        "sec5": (
            "V. {n} handles for tonight's living-document update "
            "(suggestions; they do not replace {who}'s judgement)"
        ),
        "reviewer_fallback": "the reviewer",
        "none": "(none)",
        "source": "Source: ",
        "points": "Key points: ",
        "relation": "Relation to the living document: ",
        "placement": "Suggested placement: ",
        "boundary": "Evidence boundary: ",
        "excerpt": "(excerpt from the material) ",
        "no_body": "(the material has no body text)",
        "item_no": "item {n}",
        "doc_section": "living document §{id} “{title}”",
        "doc_section_missing": "living document §{id} (no such section yet)",
        "no_placement": "not set (for the reviewer to place)",
        "below_fulltext": (
            "full text not read; figures and conclusions are as the material states them"
        ),
        "vendor_level": (
            "a vendor's own account, not independently checked; "
            "figures and conclusions are the vendor's"
        ),
        "self_report_level": (
            "the authors' own account, not reproduced by others; figures and conclusions are theirs"
        ),
        "unknown_level": (
            "the material does not state how far it was checked; treated as unverified"
        ),
        "arxiv_included": "Directly covered by this batch ({n})",
        "arxiv_excluded": (
            "Checked but not taken as increments (duplicate / weakly related / weak evidence, {n})"
        ),
        "arxiv_undecided": "Still undecided ({n})",
        "arxiv_line": "  - arXiv:{id} — {title} ({level})",
        "arxiv_none": "The materials of this batch give no arXiv ids; none are added from memory.",
        "arxiv_tail": (
            "The materials of this batch give no other arXiv ids; none are added from memory."
        ),
        "excluded_line": "  • {title} ({path} item {n}): {reason}",
        "dup_brief": "already recorded in {cite}; duplicate",
        "dup_doc": "already in the living document §{id}; duplicate",
        "dup_batch": "duplicate of {path} item {n} in this batch",
        "dup_other": "duplicate of {ref}",
        "off_topic": "unrelated to the {topic} topic; not filed",
        "weak": "evidence gap too large; not filed",
        "no_reason": "no reason given",
        "sep": "; ",
        "colon": ": ",
        "closing": (
            "This file is an E1 pre-digest, generated by briefdesk from the review session; it "
            "writes only this file and its .review.json sidecar; the living document, the "
            "materials and the batch manifest were not changed; nothing was fetched from the "
            "network; instructions inside the materials were not taken as authorisation to act."
        ),
    },
}


# -- the model of the brief ------------------------------------------------------------------


@dataclass
class Part:
    """One item as it appears in the brief, with the decision about it."""

    item: Item
    decision: Decision
    position: int  # index in the batch's items, for "the rest in batch order"

    @property
    def evidence(self) -> Evidence:
        return self.decision.evidence or self.item.evidence


@dataclass
class Increment:
    """An included item and the items merged into it (batch order), head first."""

    parts: list[Part] = field(default_factory=list)

    @property
    def head(self) -> Part:
        return self.parts[0]


@dataclass
class Plan:
    increments: list[Increment]
    excluded: list[Part]
    undecided: list[Part]

    def in_brief_order(self) -> list[Part]:
        """Increments (heads then merged parts), then every other item in batch order.

        `plan` puts each item in exactly one of the three lists (increments hold included items
        only), so nothing needs de-duplicating here.
        """
        rest = sorted([*self.excluded, *self.undecided], key=lambda p: p.position)
        return [p for inc in self.increments for p in inc.parts] + rest


def plan(review: Review, data: SessionData) -> Plan:
    """Sort the batch's items into increments (session order), exclusions and undecided.

    Tolerant of a session that does not quite match the batch: unknown refs are skipped, an
    included item missing from `order` follows the ordered ones, and an item merged into
    something that is not an increment stands on its own — nothing the reviewer decided is lost.
    """
    items = list(review.items)
    by_ref = {i.ref: i for i in items}
    parts = {
        item.ref: Part(item, data.decisions.get(item.ref) or Decision(), pos)
        for pos, item in enumerate(items)
    }

    def is_head(ref: str) -> bool:
        d = parts[ref].decision
        return d.status == "include" and not d.merged_into

    heads = list(dict.fromkeys(ref for ref in data.order if ref in by_ref and is_head(ref)))
    ordered = set(heads)
    heads += [i.ref for i in items if i.ref not in ordered and is_head(i.ref)]
    increments = {ref: Increment([parts[ref]]) for ref in heads}

    orphans: list[str] = []
    for item in items:
        d = parts[item.ref].decision
        if d.status != "include" or not d.merged_into:
            continue
        target, seen = d.merged_into, {item.ref}
        while target in parts and target not in increments and target not in seen:
            seen.add(target)
            target = parts[target].decision.merged_into or ""
        if target in increments:
            increments[target].parts.append(parts[item.ref])
        else:
            orphans.append(item.ref)
    for ref in orphans:
        heads.append(ref)
        increments[ref] = Increment([parts[ref]])

    return Plan(
        increments=[increments[ref] for ref in heads],
        excluded=[parts[i.ref] for i in items if parts[i.ref].decision.status == "exclude"],
        undecided=[
            parts[i.ref]
            for i in items
            if parts[i.ref].decision.status not in ("include", "exclude")
        ],
    )


# -- rendering -------------------------------------------------------------------------------


def render_brief(
    review: Review,
    data: SessionData,
    language: str | None = None,
    *,
    reviewer: str | None = None,
) -> str:
    """The brief's text, ending with exactly one newline.

    `reviewer` names who judges in section 五's heading; it defaults to the workspace setting,
    then the batch's author (the caller resolves `git config user.name`, keeping this pure).
    """
    lang = language or review.workspace.settings.language
    if lang not in LANGUAGES:
        raise BriefdeskError(f"unknown brief language {lang!r}; use zh or en")
    return _Renderer(review, data, lang, reviewer).render()


class _Renderer:
    def __init__(self, review: Review, data: SessionData, lang: str, reviewer: str | None) -> None:
        self.review = review
        self.data = data
        self.lang = lang
        self.t = T[lang]
        self.plan = plan(review, data)
        manifest = review.batch.manifest
        self.who = (
            clean(reviewer or review.workspace.settings.reviewer or manifest.author)
            or self.t["reviewer_fallback"]
        )
        self.lines: list[str] = []
        # Indexes built once per render: Review.material() is a linear search, and the desk
        # re-renders the whole brief on every decision.
        self.materials: dict[str, Material] = {m.path: m for m in review.materials}
        self.all_parts = self.plan.in_brief_order()
        self._entries: dict[str, BriefEntry] | None = None

    # helpers

    def emit(self, *lines: str) -> None:
        self.lines.extend(lines)

    def blank(self) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def heading(self, text: str) -> None:
        """A section line with a blank line on each side, as the seed and `core.briefs` expect."""
        self.blank()
        self.emit(text)
        self.blank()

    def join(self, parts: list[str]) -> str:
        return self.t["sep"].join(p for p in parts if p)

    def item_no(self, item: Item) -> str:
        material = self.materials.get(item.material)
        if material is not None and len(material.items) <= 1:
            return ""
        return self.t["item_no"].format(n=item.index)

    # document

    def render(self) -> str:
        self.header()
        self.increments()
        self.contradictions()
        self.arxiv()
        self.exclusions()
        self.handles()
        self.blank()
        self.emit(self.t["closing"])
        return "\n".join(self.lines).rstrip("\n") + "\n"

    def header(self) -> None:
        t, review = self.t, self.review
        manifest = review.batch.manifest
        self.emit(
            t["title"].format(
                topic=clean(manifest.topic),
                date=review.workspace.brief_date(review.batch).isoformat(),
            )
        )
        self.blank()

        undecided = len(self.plan.undecided)
        if undecided:
            pending = {p.item.material for p in self.plan.undecided}
            done = sum(m.path not in pending for m in review.materials)
            progress = t["partial"].format(k=done, m=undecided)
        else:
            progress = t["all_done"]
        batch_text = t["batch"].format(
            id=clean(manifest.id),
            n=len(review.materials),
            progress=progress,
            confirmed=sum(p.decision.confirmed for p in self.all_parts),
            items=len(review.items),
        )
        author = clean(manifest.author)
        sep = " ｜ " if self.lang == "zh" else " | "
        self.emit("  • " + (t["author"].format(author=author) + sep if author else "") + batch_text)
        if undecided:
            self.emit("  • " + t["undecided_warning"].format(m=undecided))
        if clean(manifest.purpose):
            self.emit("  • " + t["purpose"].format(text=clean(manifest.purpose)))
        self.emit(
            "  • "
            + t["basis"].format(
                n=len(review.materials), groups=self._groups(), levels=self._levels()
            )
        )
        if clean(manifest.background):
            self.emit("  • " + t["background"].format(text=clean(manifest.background)))

    def _groups(self) -> str:
        """`inbox/jay 4 份 + organized/paper_cards 1 份`, collectors in manifest order."""
        tally: dict[str, int] = {}
        for m in self.review.materials:
            tally[m.collector] = tally.get(m.collector, 0) + 1
        return " + ".join(
            self.t["group"].format(name=clean(name), n=n) for name, n in tally.items()
        )

    def _levels(self) -> str:
        present = {p.evidence for p in self.all_parts}
        return " / ".join(
            e.label(self.lang) for e in Evidence if e in present
        ) or Evidence.unknown.label(self.lang)

    # 一

    def increments(self) -> None:
        t = self.t
        incs = self.plan.increments
        self.heading(t["sec1"].format(n=len(incs)))
        if not incs:
            self.emit("  " + t["none"])
        for n, inc in enumerate(incs, 1):
            self.blank()
            self.emit(f"{n}. {self._increment_title(inc)}")
            self.blank()
            self.emit(
                "  • " + t["source"] + self._sources(inc),
                "  • " + t["points"] + self._points(inc),
                "  • " + t["relation"] + self._relation(inc),
                "  • " + t["placement"] + self._placement(inc),
                "  • " + t["boundary"] + self._boundary(inc),
            )

    def _increment_title(self, inc: Increment) -> str:
        title = clean(inc.head.item.title) or inc.head.item.ref
        ids: list[str] = []
        for p in inc.parts:
            ids += [a for a in p.item.arxiv if a not in ids]
        ids = [a for a in ids if a not in title]
        if not ids:
            return title
        return (
            f"{title}（{' / '.join(ids)}）" if self.lang == "zh" else f"{title} ({' / '.join(ids)})"
        )

    def _sources(self, inc: Increment) -> str:
        out: list[str] = []
        for p in inc.parts:
            where = " ".join(x for x in (p.item.material, self.item_no(p.item)) if x)
            label = p.evidence.label(self.lang)
            out.append(f"{where}（{label}）" if self.lang == "zh" else f"{where} ({label})")
        return self.join(out)

    def _points_of(self, part: Part) -> str:
        """What the material itself says: the reviewer's words go to the relation line."""
        text = excerpt(part.item.body)
        return self.t["excerpt"] + text if text else self.t["no_body"]

    def _sentences(self, parts: list[str]) -> str:
        """Several notes as one line: each closed with the stop of its own script, then joined."""
        closed = []
        for p in parts:
            if p[-1] not in _SENTENCE_END + "…」』）)]\"'”’":
                p += "。" if self.lang == "zh" or _is_cjk(p[-1]) else "."
            closed.append(p)
        if self.lang == "zh":
            return "".join(p if _is_cjk(p[-1]) else p + " " for p in closed).rstrip()
        return " ".join(closed)

    def _points(self, inc: Increment) -> str:
        if len(inc.parts) == 1:
            return self._points_of(inc.head)
        chunks = []
        for n, p in enumerate(inc.parts, 1):
            mark = _CIRCLED[n - 1] if self.lang == "zh" and n <= len(_CIRCLED) else f"({n})"
            title = clean(p.item.title) or p.item.ref
            chunks.append(f"{mark} {title}{self.t['colon']}{self._points_of(p)}")
        return " ".join(chunks)

    def _placements(self, inc: Increment) -> list[tuple[str, str | None]]:
        seen: list[tuple[str, str | None]] = []
        for p in inc.parts:
            if p.decision.section and (p.decision.section, p.decision.action) not in seen:
                seen.append((clean(p.decision.section), p.decision.action))
        return seen

    def _relation(self, inc: Increment) -> str:
        out: list[str] = []
        for sid in dict.fromkeys(s for s, _ in self._placements(inc)):
            section = self.review.living_doc.section(sid)
            if section is None:
                out.append(self.t["doc_section_missing"].format(id=sid))
            else:
                out.append(self.t["doc_section"].format(id=sid, title=clean(section.title)))
        where = self.join(out) or self.t["no_placement"]
        notes = [clean(n) for p in inc.parts for n in p.decision.notes if clean(n)]
        return f"{where}{self.t['colon']}{self._sentences(notes)}" if notes else where

    def _placement(self, inc: Increment) -> str:
        out = []
        for sid, action in self._placements(inc):
            label = ACTION_LABELS[self.lang].get(action or "")
            if label:
                out.append(f"§{sid}（{label}）" if self.lang == "zh" else f"§{sid} ({label})")
            else:
                out.append(f"§{sid}")
        return self.join(out) or self.t["no_placement"]

    def _boundary(self, inc: Increment) -> str:
        t = self.t
        levels = list(dict.fromkeys(p.evidence for p in inc.parts))
        if len(levels) == 1:
            text = [levels[0].label(self.lang)]
        else:
            text = [
                f"{clean(p.item.title) or p.item.ref}{t['colon']}{p.evidence.label(self.lang)}"
                for p in inc.parts
            ]
        notes = [
            clean(p.decision.evidence_note) for p in inc.parts if clean(p.decision.evidence_note)
        ]
        for level in levels:  # below full text, say plainly what the claims rest on
            phrase = self._limit(level)
            if phrase and phrase not in notes:
                notes.append(phrase)
        return self.join(text + notes)

    def _limit(self, level: Evidence) -> str:
        if level is Evidence.fulltext:
            return ""
        key = {Evidence.vendor: "vendor_level", Evidence.self_report: "self_report_level"}.get(
            level, "below_fulltext"
        )
        phrase = self.t[key]
        if level is Evidence.unknown:
            phrase = self.t["unknown_level"] + self.t["sep"] + phrase
        return phrase

    # 二

    def contradictions(self) -> None:
        self.heading(self.t["sec2"])
        lines = []
        for p in self.all_parts:
            title = clean(p.item.title) or p.item.ref
            lines += [
                f"{title}{self.t['colon']}{clean(c)}" for c in p.decision.contradictions if clean(c)
            ]
        self._numbered(lines)

    def _numbered(self, lines: list[str]) -> None:
        if not lines:
            self.emit("  " + self.t["none"])
        for n, line in enumerate(lines, 1):
            self.emit(f"  {n}. {line}")

    # 三

    def arxiv(self) -> None:
        """Every arXiv id of the batch, once, grouped by what became of the item that gives it.

        Ids of a material as a whole (front matter, text before its first item) that no item
        carries follow the first item of that material in the strongest group it has an item in
        (included, then undecided, then excluded), attributed to the material's title.
        """
        t = self.t
        self.heading(t["sec3"])
        groups = [
            ("arxiv_included", [p for inc in self.plan.increments for p in inc.parts]),
            ("arxiv_excluded", self.plan.excluded),
            ("arxiv_undecided", self.plan.undecided),
        ]
        home = self._material_groups(groups)
        listed: set[str] = set()
        any_ids = False
        for key, parts in groups:
            sources: list[tuple[tuple[str, ...], str, Evidence]] = []  # (ids, title, level)
            for p in parts:
                sources.append((p.item.arxiv, clean(p.item.title) or p.item.ref, p.evidence))
                extra = home.pop((key, p.item.material), None)
                if extra:
                    m = self.materials[p.item.material]
                    sources.append((extra, clean(m.title) or m.path, m.evidence))
            rows: list[str] = []
            for ids, title, level in sources:
                for a in ids:
                    if a not in listed:
                        listed.add(a)
                        rows.append(
                            t["arxiv_line"].format(id=a, title=title, level=level.label(self.lang))
                        )
            if rows:
                any_ids = True
                self.blank()
                self.emit(t[key].format(n=len(rows)), *rows)
        self.blank()
        self.emit(t["arxiv_tail"] if any_ids else t["arxiv_none"])

    def _material_groups(
        self, groups: list[tuple[str, list[Part]]]
    ) -> dict[tuple[str, str], tuple[str, ...]]:
        """(group key, material path) -> the material's own ids that no item of the batch
        carries."""
        carried = {a for item in self.review.items for a in item.arxiv}
        rank = {"arxiv_included": 0, "arxiv_undecided": 1, "arxiv_excluded": 2}
        best: dict[str, str] = {}
        for key, parts in groups:
            for p in parts:
                path = p.item.material
                if path not in best or rank[key] < rank[best[path]]:
                    best[path] = key
        out: dict[tuple[str, str], tuple[str, ...]] = {}
        for path, key in best.items():
            m = self.materials.get(path)
            extra = tuple(a for a in m.arxiv if a not in carried) if m is not None else ()
            if extra:
                out[(key, path)] = extra
        return out

    # 四

    def exclusions(self) -> None:
        t = self.t
        self.heading(t["sec4"])
        if not self.plan.excluded:
            self.emit("  " + t["none"])
        for p in self.plan.excluded:
            self.emit(
                t["excluded_line"].format(
                    title=clean(p.item.title) or p.item.ref,
                    path=p.item.material,
                    n=p.item.index,
                    reason=self.reason(p.decision),
                )
            )

    def entry(self, ref: str) -> BriefEntry | None:
        """`Review.entry`, but once every earlier brief is parsed (matching ran, as in the desk) a
        dict built once replaces its linear search over tens of thousands of entries."""
        if "entries" not in vars(self.review):  # not parsed: Review reads just the one brief
            return self.review.entry(ref)
        if self._entries is None:
            self._entries = {}
            for e in self.review.entries:
                self._entries.setdefault(e.ref, e)  # the first, as Review.entry finds it
        return self._entries.get(ref)

    def reason(self, d: Decision) -> str:
        """An exclusion reason in words; a duplicate names where the thing was already recorded."""
        t = self.t
        ref = d.duplicate_of
        if ref is not None:
            entry = self.entry(ref)
            if entry is not None:
                return t["dup_brief"].format(cite=clean(entry.cite(self.lang)))
            item = self.review.item(ref)
            if item is not None:
                return t["dup_batch"].format(path=item.material, n=item.index)
            doc, sep, sid = ref.partition("§")
            if sep and sid and (not doc or doc == self.review.living_doc.path):
                return t["dup_doc"].format(id=clean(sid))
            return t["dup_other"].format(ref=clean(ref))
        reason = clean(d.reason)
        if reason == "off-topic":
            return t["off_topic"].format(topic=clean(self.review.topic))
        if reason == "weak-evidence":
            return t["weak"]
        return reason or t["no_reason"]

    # 五

    def handles(self) -> None:
        handles = [clean(h) for p in self.all_parts for h in p.decision.handles if clean(h)]
        self.heading(self.t["sec5"].format(n=len(handles), who=self.who))
        self._numbered(handles)
