"""The desk's words that follow the workspace's language (`language` in briefdesk.yaml or your
config, docs/settings.md): section numerals, the brief's field names, examples in placeholders,
evidence labels. The one owner of them: a dialog or pane asks `words(self.app)` instead of
writing a Chinese or an English phrase of its own, so an English knowledge base never shows
`二 · contradictions` (tests/tui/test_truthful_desk.py walks every dialog in both languages).

The desk's own sentences (hints, buttons, messages) are English in both; what changes is what
names the brief's parts and what the reviewer is shown as an example of what to type.
"""

from __future__ import annotations

from collections.abc import Mapping

from briefdesk.core.model.values import Evidence

NUMERALS = {"zh": ("一", "二", "三", "四", "五"), "en": ("I", "II", "III", "IV", "V")}

_WORDS: dict[str, dict[str, str]] = {
    "zh": {
        "filter_example": "e.g. decision 或 投机解码",
        "section_example": "search section id or title, e.g. 5.8 or 加速器",
        "evidence_note_example": "e.g. 读了第 3–5 节与附录 B 的实验表",
        "reason_example": "free text, e.g. 同源复述，不构成新证据",
        "after_example": "；不单独立条",
        "spot": "抽查",
        "source_line": "来源 line",
        # the increment form's fields: the brief's name, and what it is in English
        "form_points": "要点 · key points",
        "form_relation": "与活文档脉络的关系 · relation",
        "form_boundary": "证据边界 · evidence boundary",
        "form_boundary_note": "证据边界的标注 · in the label, before its colon",
        "form_placement": "建议归入 · placements",
        "form_source": "来源 · source",
        "form_purpose": "用途 · purpose",
        "form_background": "背景 · background",
    },
    "en": {
        "filter_example": "e.g. decision or speculative decoding",
        "section_example": "search section id or title, e.g. 5.8 or accelerator",
        "evidence_note_example": "e.g. read sections 3–5 and the tables of appendix B",
        "reason_example": "free text, e.g. the same source repeated, no new evidence",
        "after_example": "; not a subsection of its own",
        "spot": "spot",
        "source_line": "Source line",
        "form_points": "Key points",
        "form_relation": "Relation to the living document",
        "form_boundary": "Evidence boundary",
        "form_boundary_note": "In the evidence boundary's label, before its colon",
        "form_placement": "Suggested placement",
        "form_source": "Source",
        "form_purpose": "Purpose",
        "form_background": "Background",
    },
}


def language_of(app: object) -> str:
    """The workspace's language as the app loaded it (`zh` until a workspace is open)."""
    ws = getattr(app, "ws", None)
    language = getattr(getattr(ws, "settings", None), "language", "zh")
    return language if language in _WORDS else "zh"


def words(app_or_language: object) -> Mapping[str, str]:
    """The phrases of this module's table in the app's (or the named) language."""
    lang = app_or_language if isinstance(app_or_language, str) else language_of(app_or_language)
    return _WORDS.get(lang, _WORDS["zh"])


def section(n: int, language: str) -> str:
    """The brief's n-th section numeral (1-based): 二 in zh, II in en."""
    return NUMERALS.get(language, NUMERALS["zh"])[n - 1]


def field_label(key: str, language: str) -> str:
    """A field of the increment form (key: source, points, relation, placement, boundary): the
    brief's own name of it, `要点 · key points` in zh, `Key points` in en."""
    return words(language)[f"form_{key}"]


def evidence_words(level: Evidence, language: str) -> str:
    """An evidence level's label for a list: both names in zh (`正文已核  full text read`),
    the English one in en."""
    return f"{level.zh}  {level.en}" if language == "zh" else level.en
