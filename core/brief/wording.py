"""Every fixed phrase the brief prints, in zh and en, and the few rules of how numbers are said.

Nothing here looks at a session: `core.brief.build` picks the phrases and fills them in. The zh
phrases are the seed brief's own (`一、今日最重要的 6 条增量`, `已在 2026-11-01 E1 简报第 5 条收录`,
`§6.1 新增开放问题「…」`).
"""

from __future__ import annotations

import re

LANGUAGES = ("zh", "en")

_DIGITS = "零一二三四五六七八九"
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"


def zh_number(n: int) -> str:
    """1 -> 一, 10 -> 十, 12 -> 十二, 20 -> 二十, 105 -> 105 (Arabic from 100 on)."""
    if not 0 < n < 100:
        return str(n)
    tens, ones = divmod(n, 10)
    head = "" if tens == 0 else ("十" if tens == 1 else _DIGITS[tens] + "十")
    return head + (_DIGITS[ones] if ones else "")


def zh_count(n: int) -> str:
    """A count before a measure word: 两条, 三条, 十二条 (ordinals keep 二: 第二条)."""
    return {0: "零", 2: "两"}.get(n) or zh_number(n)


def mark(n: int, language: str) -> str:
    """The mark before the n-th part of a merged increment's 要点: ① in zh, (1) in en."""
    if language == "zh" and n <= len(CIRCLED):
        return CIRCLED[n - 1]
    return f"({n})"


_OBJECT = re.compile(r"^\s*(对象[一二三四五六七八九十]+)")


def which_item(title: str, index: int, language: str) -> str:
    """How the seed says which item of a material: `对象一` when the item's heading says so,
    else `第一条` (`item 1` in en)."""
    m = _OBJECT.match(title)
    if m and language == "zh":
        return m.group(1)
    return f"第{zh_number(index)}条" if language == "zh" else f"item {index}"


ACTIONS = {
    "zh": {
        "new-subsection": ('§{s} 新增"{label}"小节', "§{s} 新增小节"),
        "append": ('§{s} 补一句"{label}"', "§{s} 末尾追加"),
        "prepend": ("§{s} 开头加一条{label}", "§{s} 开头加一条"),
        "cross-ref": ("§{s} 末尾加一句交叉引用（{label}）", "§{s} 末尾加一句交叉引用"),
        "open-question": ("§{s} 新增开放问题「{label}」", "§{s} 新增开放问题"),
    },
    "en": {
        "new-subsection": ("§{s}: new subsection “{label}”", "§{s}: new subsection"),
        "append": ("§{s}: add “{label}”", "§{s}: append"),
        "prepend": ("§{s}: add at the start: {label}", "§{s}: add at the start"),
        "cross-ref": (
            "§{s}: cross-reference at the end ({label})",
            "§{s}: cross-reference at the end",
        ),
        "open-question": ("§{s}: new open question “{label}”", "§{s}: new open question"),
    },
}
# a placement about one part of a merged increment: `Flide 归 §3`, or the part before the action
PART = {"zh": ("{part} 归 §{s}", "{part}：{action}"), "en": ("{part} → §{s}", "{part}: {action}")}

T = {
    "zh": {
        "title": "{topic} · E1 预消化简报（{date}）",
        "author": "作者：{author}",
        "author_sep": " ｜ ",
        "batch": "批次：{id}（{n} 份材料，{progress}；审阅人已确认 {confirmed}/{items} 条判定）",
        "all_done": "全部处理",
        "partial": "已处理 {k} 份，{m} 条待定",
        "undecided_warning": "⚠ 仍有 {m} 条待定，未计入增量与排除清单（其 arXiv 号单列于三）",
        "purpose": "用途：{text}",
        "basis": (
            "证据口径：全部增量仅来自本批 {n} 份材料原文（{groups}）{spots}；"
            "材料自身的核验边界（{levels}）如实转述，不升级为事实。"
        ),
        "basis_spots": "与 {k} 份本批以外的抽查材料",
        "group": "{name} {n} 份",
        "background": "背景：{text}",
        "sec1": "一、今日最重要的 {n} 条增量",
        "sec2": "二、值得警惕的矛盾或待核实说法",
        "sec3": "三、可引用的 arXiv 号列表",
        "sec4": "四、已检查但判定无显著新增量 / 不建议入库",
        "sec5": "五、给今晚活文档更新的{n}条抓手（建议，不代替 {who} 判断）",
        "reviewer_fallback": "审阅人",
        "none": "（无）",
        "source": "来源：",
        "points": "要点：",
        "relation": "与活文档脉络的关系：",
        "placement": "建议归入：",
        "boundary": "证据边界：",
        "excerpt": "（材料原文摘录）",
        "no_body": "（材料无正文）",
        "paren": "（{text}）",
        "doc_section": "活文档 §{id}「{title}」",
        "doc_section_missing": "活文档 §{id}（活文档中尚无此节）",
        "no_placement": "未指定（待审阅人定位）",
        "level_under": "；核验程度以{level}为准",
        "below_fulltext": "未读正文，数字与结论均为材料自述",
        "vendor_level": "厂商口径，未经独立核实，数字与结论均为厂商自述",
        "self_report_level": "作者自述，未见第三方复现，数字与结论均为作者自述",
        "unknown_level": "材料未标注核验程度，按未核实处理",
        "arxiv_batch": "本批材料直接涉及（{n} 个）",
        "arxiv_spot": "抽查所见、与 {topic} 相关（{n} 个）",
        "arxiv_excluded": "已检查但判定不作为增量（{n} 个）",
        "arxiv_undecided": "尚待判定（{n} 个）",
        "arxiv_line": "arXiv:{id} — {title}（{level}）",
        "arxiv_heading": "{text}（{n} 个）",
        "arxiv_none": "本批材料未给出任何 arXiv 编号；不凭记忆补写。",
        "arxiv_tail": "本批材料未给出其他 arXiv 编号；不凭记忆补写。",
        "arxiv_none_note": "本批材料未给出任何 arXiv 编号；{note}，不凭记忆补写。",
        "arxiv_tail_note": "本批材料未给出其他 arXiv 编号；{note}，不凭记忆补写。",
        "placement_words": "§{s} {text}",
        "excluded_line": "{titles}（{where}）：{reason}",
        "excluded_labelled": "{label}：{reason}",
        "and": "与",
        "list_sep": "、",
        "dup_brief": "已在 {cite}收录，重复",
        "dup_doc": "活文档 {ids} 已有，重复",
        "dup_batch": "与本批 {where}{gap}重复",
        "dup_other": "与 {ref} 重复",
        "off_topic": "与 {topic} 主题无关，不入库",
        "weak": "证据缺口过大，不入库",
        "no_reason": "未注明理由",
        "sep": "；",
        "stop": "。",
        "comma": "，",
        "colon": "：",
        "closing": (
            "本文件为 E1 预消化产物，由 briefdesk 依审阅会话生成，仅写此文件与同名 .review.json "
            "旁注；未改动活文档、材料与批次清单；未联网补料；材料中的指令性文本未被当作授权执行。"
        ),
    },
    "en": {
        "title": "{topic} · E1 pre-digested brief ({date})",
        "author": "Author: {author}",
        "author_sep": " | ",
        "batch": (
            "Batch: {id} ({n} material{s}, {progress}; "
            "the reviewer confirmed {confirmed}/{items} decisions)"
        ),
        "all_done": "all processed",
        "partial": "{k} processed, {m} item{s} undecided",
        "undecided_warning": (
            "⚠ {m} item{s} {are} still undecided and {are} left out of the increments and "
            "exclusions (their arXiv ids are listed apart in III)"
        ),
        "purpose": "Purpose: {text}",
        "basis": (
            "Evidence basis: every increment comes only from the {n} material{s} of this batch "
            "({groups}){spots}; the materials' own verification levels ({levels}) are reported as "
            "stated, not upgraded to fact."
        ),
        "basis_spots": " and {k} spot-checked material{s} outside it",
        "group": "{name} {n}",
        "background": "Background: {text}",
        "sec1": "I. The {n} most important increment{s} today",
        "sec2": "II. Contradictions and claims to verify",
        "sec3": "III. Citable arXiv ids",
        "sec4": "IV. Checked but without significant increment / not recommended for filing",
        "sec5": (
            "V. {n} handle{s} for tonight's living-document update "
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
        "paren": " ({text})",
        "doc_section": "living document §{id} “{title}”",
        "doc_section_missing": "living document §{id} (no such section yet)",
        "no_placement": "not set (for the reviewer to place)",
        "level_under": "; checked only to: {level}",
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
        "arxiv_batch": "Directly covered by this batch ({n})",
        "arxiv_spot": "Seen in spot checks, related to {topic} ({n})",
        "arxiv_excluded": "Checked but not taken as increments ({n})",
        "arxiv_undecided": "Still undecided ({n})",
        "arxiv_line": "arXiv:{id} — {title} ({level})",
        "arxiv_heading": "{text} ({n})",
        "arxiv_none": "The materials of this batch give no arXiv ids; none are added from memory.",
        "arxiv_tail": (
            "The materials of this batch give no other arXiv ids; none are added from memory."
        ),
        "arxiv_none_note": (
            "The materials of this batch give no arXiv ids; {note}; none are added from memory."
        ),
        "arxiv_tail_note": (
            "The materials of this batch give no other arXiv ids; {note}; none are added from "
            "memory."
        ),
        "placement_words": "§{s}: {text}",
        "excluded_line": "{titles} ({where}): {reason}",
        "excluded_labelled": "{label}: {reason}",
        "and": " and ",
        "list_sep": ", ",
        "dup_brief": "already recorded in {cite}; duplicate",
        "dup_doc": "already in the living document {ids}; duplicate",
        "dup_batch": "duplicate of {where}{gap}in this batch",
        "dup_other": "duplicate of {ref}",
        "off_topic": "unrelated to the {topic} topic; not filed",
        "weak": "evidence gap too large; not filed",
        "no_reason": "no reason given",
        "sep": "; ",
        "stop": ".",
        "comma": ", ",
        "colon": ": ",
        "closing": (
            "This file is an E1 pre-digest, generated by briefdesk from the review session; it "
            "writes only this file and its .review.json sidecar; the living document, the "
            "materials and the batch manifest were not changed; nothing was fetched from the "
            "network; instructions inside the materials were not taken as authorisation to act."
        ),
    },
}


def plural(n: int) -> dict[str, str]:
    """The English words that agree with a count, as format arguments: `{n} item{s} {are}`. The
    Chinese templates name neither, and `str.format` ignores them there."""
    return {"s": "" if n == 1 else "s", "are": "is" if n == 1 else "are"}


def cite_entries(entries: list[tuple[str, str, str]], language: str) -> str:
    """Where earlier briefs recorded something, as one phrase: `(when, section, number)` triples
    -> `2026-11-01 E1 简报第 2、3 条` / `the 2026-11-01 E1 brief, items 2, 3`. Briefs in first-cited
    order; the first section's numbers together, then those of other sections."""
    by_brief: dict[str, dict[str, list[str]]] = {}
    for when, section, number in entries:
        numbers = by_brief.setdefault(when, {}).setdefault(section, [])
        if number not in numbers:
            numbers.append(number)
    out: list[str] = []
    for when, sections in by_brief.items():
        bits: list[str] = []
        for section, numbers in sections.items():
            first = section in ("一", "I")
            if language == "zh":
                bits.append(f"{'' if first else section}第 {'、'.join(numbers)} 条")
            else:
                noun = "item" if first else f"section {section} bullet"
                bits.append(f"{noun}{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}")
        if language == "zh":
            out.append(f"{when} E1 简报" + "、".join(bits))
        else:
            out.append(f"the {when} E1 brief, " + ", ".join(bits))
    return "、".join(out) if language == "zh" else "; ".join(out)


# a note or a bullet that ends with one of these needs no stop of its own
SENTENCE_END_MARKS = "。！？；.!?;…」』）)]\"'”’"
