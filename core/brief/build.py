"""A review session resolved into the brief's model (`core.brief.content`): every string decided.

What the reviewer wrote is printed as written (made safe); what they left `None` is derived from
the items, as docs/brief.md says:

- title: the first part's heading without its `对象一：` / `1.` prefix, with the parts' arXiv ids;
- 来源: each material the increment describes once — its path, which items (`对象一`, `第一条`)
  unless the increment covers the whole material, and the parenthesis: the 来源 text written for
  it, else the material's front matter `source` and the level. The level is always said: a
  written text that names none gets the label, one that claims more than the evidence gets the
  real level after it, and an evidence note (what the reviewer read) follows;
- 要点: each part's lead sentences (`① … ② …` for several), its metadata left out
  (`core.brief.points`), marked as the material's own words;
- 与活文档脉络的关系: the placements' sections with their titles, then the reviewer's notes;
- 建议归入: every placement, its action and label, and the part it concerns (`Flide 归 §3`);
- 证据边界: the parts' levels and what they leave unverified.

Section 三 lists every arXiv id once, grouped as the seed groups them (the batch's increments, the
spot checks, the items checked and not taken, the undecided); section 四 puts the exclusions of one
material with one reason in one bullet, duplicates of earlier briefs citing them together
(`已在 2026-11-01 E1 简报第 2、3 条收录`), the reviewer's notes after the reason.

Pure: the same Review and SessionData give the same model (no clock, no absolute path, iteration
in batch or session order only).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..errors import BriefdeskError
from ..model.decisions import Decision, count_decisions
from ..model.increments import Increment, Placement, SpotCheck
from ..model.values import EVIDENCE_STRENGTH, BriefEntry, Evidence, Item, Material, raises
from ..review.sessionfile import SessionData
from ..text.sanitize import strip_controls
from ..workspace.materials import evidence_from_text
from .content import BriefModel, EntryModel, GroupModel, LineModel
from .excerpt import clean, is_cjk
from .plan import Plan, make_plan
from .points import lead
from .wording import (
    ACTIONS,
    LANGUAGES,
    PART,
    SENTENCE_END_MARKS,
    T,
    cite_entries,
    mark,
    plural,
    which_item,
    zh_count,
)

if TYPE_CHECKING:  # the builder needs only the Review's data, not the parsers review.py imports
    from ..review.load import Review

_PREFIX = re.compile(
    r"^\s*(?:对象[一二三四五六七八九十]+|第\s*[0-9一二三四五六七八九十]+\s*条|[0-9]{1,3}[.、．)])"
    r"\s*[：:、.．—-]?\s*"
)
_TRAILING_IDS = re.compile(
    r"\s*[（(]\s*(?:arXiv:\s*)?[0-9]{4}\.[0-9]{4,5}(?:v[0-9]+)?"
    r"(?:\s*/\s*(?:arXiv:\s*)?[0-9]{4}\.[0-9]{4,5}(?:v[0-9]+)?)*\s*[）)]\s*$"
)


def bare_title(title: str) -> str:
    """A heading as a title: one safe line, without `对象一：` / `第二条` / `3.` in front or a
    bracketed arXiv id at the end."""
    text = clean(title)
    stripped = _TRAILING_IDS.sub("", _PREFIX.sub("", text, count=1)).strip()
    return stripped or text


def short_name(title: str) -> str:
    """What a placement calls a part: `Flide` for `Flide: Accelerating Decision Inference`."""
    text = bare_title(title)
    for sep in ("：", ":"):
        head = text.split(sep, 1)[0].strip()
        if sep in text and len(head) >= 2:
            return head
    return text


def paragraph(text: str | None) -> str:
    """A written text as the brief prints it: safe, lines kept (blank ones dropped), each line's
    whitespace collapsed."""
    lines = (" ".join(line.split()) for line in strip_controls(text or "").split("\n"))
    return "\n".join(line for line in lines if line)


def generated_points(body: str, language: str, wanted: Sequence[str] = ()) -> str:
    """One item's generated 要点, marked as the material's own words (`（材料原文摘录）…`, which
    `core.brief.filler` reads as generated): its lead sentences (`core.brief.points.lead`), else
    the no-body phrase."""
    t = T[language]
    text = lead(body, wanted)
    return t["excerpt"] + text if text else t["no_body"]


def drafted_points(
    review: Review,
    data: SessionData,
    inc_id: str,
    wanted: Mapping[str, Sequence[str]],
    language: str | None = None,
) -> str | None:
    """The 要点 the increment `inc_id` would print unwritten, each part's sentences naming its
    `wanted` words (the item's new facts, docs/facts.md) first: the increment form's first draft.
    None when there is no such increment."""
    lang = language or review.workspace.settings.language
    builder = _Builder(review, data, lang if lang in LANGUAGES else "zh", None)
    inc = builder.plan.by_id(inc_id)
    if not isinstance(inc, Increment):
        return None
    return builder._points(inc, wanted)


def derived_wording(
    review: Review, data: SessionData, ref: str, language: str | None = None
) -> str | None:
    """What section 四 says after the name of the excluded item `ref` as the tool words it (its
    reason with the citation, then the notes), whatever the reviewer wrote; None when `ref` is not
    excluded."""
    lang = language or review.workspace.settings.language
    return _Builder(review, data, lang if lang in LANGUAGES else "zh", None).derived_wording(ref)


def build_model(
    review: Review, data: SessionData, language: str | None = None, *, reviewer: str | None = None
) -> BriefModel:
    """The brief of `data` over `review`; `reviewer` names who judges in section 五's heading
    (default: the workspace setting, then the batch's author)."""
    lang = language or review.workspace.settings.language
    if lang not in LANGUAGES:
        raise BriefdeskError(f"unknown brief language {lang!r}; use zh or en")
    return _Builder(review, data, lang, reviewer).model()


class _Builder:
    def __init__(self, review: Review, data: SessionData, lang: str, reviewer: str | None) -> None:
        self.review = review
        self.data = data
        self.lang = lang
        self.t = T[lang]
        self.plan: Plan = make_plan([i.ref for i in review.items], data)
        manifest = review.batch.manifest
        self.who = (
            clean(reviewer or review.workspace.settings.reviewer or manifest.author)
            or self.t["reviewer_fallback"]
        )
        # Indexes built once per build: the desk builds the whole brief again after every edit.
        self.items: dict[str, Item] = {i.ref: i for i in review.items}
        self.position = {i.ref: n for n, i in enumerate(review.items)}
        self.materials: dict[str, Material] = {m.path: m for m in review.materials}
        self._entries: dict[str, BriefEntry] | None = None
        # 四's bullets (`_bullets`): each one's reason as worded, and the entries it cites
        self._reasons: dict[tuple[str, str], str] = {}
        self._cites: dict[tuple[str, str], list[BriefEntry]] = {}
        self.spot_materials: dict[str, Material | None] = {}
        for spot in self.plan.spot_checks:
            try:
                self.spot_materials[spot.id] = review.spot_material(spot.path)
            except BriefdeskError:  # gone since it was checked: printed from what was recorded
                self.spot_materials[spot.id] = None

    # -- small helpers -------------------------------------------------------------------------

    def decision(self, ref: str) -> Decision:
        return self.data.decisions.get(ref) or Decision()

    def evidence(self, ref: str) -> Evidence:
        return self.decision(ref).evidence or self.items[ref].evidence

    def join(self, parts: list[str]) -> str:
        return self.t["sep"].join(p for p in parts if p)

    def paren(self, text: str) -> str:
        return self.t["paren"].format(text=text)

    def sentences(self, parts: list[str]) -> str:
        """Several notes as one line: each closed with the stop of its own script, then joined."""
        closed = []
        for p in (p for p in parts if p):
            if p[-1] not in SENTENCE_END_MARKS:
                p += "。" if self.lang == "zh" or is_cjk(p[-1]) else "."
            closed.append(p)
        if self.lang == "zh":
            return "".join(p if is_cjk(p[-1]) else p + " " for p in closed).rstrip()
        return " ".join(closed)

    def pair(self, words: list[str]) -> str:
        """`A与B` for two (a space where Latin meets the word), `A、B、C` for more."""
        if len(words) == 2 and self.lang == "zh":
            a, b = words
            left = "" if is_cjk(a[-1]) else " "
            right = "" if is_cjk(b[0]) else " "
            return f"{a}{left}{self.t['and']}{right}{b}"
        if len(words) == 2:
            return self.t["and"].join(words)
        return self.t["list_sep"].join(words)

    def which(self, refs: list[str]) -> str:
        return self.t["list_sep"].join(
            which_item(self.items[r].title, self.items[r].index, self.lang) for r in refs
        )

    def where(self, path: str, refs: list[str], covered: set[str]) -> str:
        """`path`, then which of its items unless `covered` holds them all."""
        m = self.materials.get(path)
        whole = m is None or len(m.items) <= 1 or all(i.ref in covered for i in m.items)
        return path if whole else f"{path} {self.which(refs)}"

    def level_words(self, level: Evidence) -> str:
        return level.label(self.lang)

    # -- the document --------------------------------------------------------------------------

    def model(self) -> BriefModel:
        t = self.t
        entries = [self.increment(n, inc) for n, inc in enumerate(self.plan.increments, 1)]
        start = len(entries) + 1
        entries += [self.spot(n, s) for n, s in enumerate(self.plan.spot_checks, start)]
        handles = [
            LineModel(text=self.sentences([clean(h.text), clean(h.detail)]), refs=h.refs)
            for h in self.data.handles
        ]
        groups, any_ids = self.arxiv()
        return BriefModel(
            language=self.lang,
            title=t["title"].format(
                topic=clean(self.review.topic),
                date=self.review.workspace.brief_date(self.review.batch).isoformat(),
            ),
            header=tuple(self.header()),
            section1=t["sec1"].format(n=len(entries), **plural(len(entries))),
            entries=tuple(entries),
            section2=t["sec2"],
            contradictions=tuple(
                LineModel(text=clean(c.text), refs=c.refs) for c in self.data.contradictions
            ),
            section3=t["sec3"],
            arxiv=tuple(groups),
            arxiv_tail=self._arxiv_tail(any_ids),
            arxiv_layout="inline" if self.data.arxiv_layout == "inline" else "lines",
            section4=t["sec4"],
            exclusions=tuple(self.exclusions()),
            section5=t["sec5"].format(
                n=zh_count(len(handles)) if self.lang == "zh" else len(handles),
                who=self.who,
                **plural(len(handles)),
            ),
            handles=tuple(handles),
            none=t["none"],
            closing=t["closing"],
            labels=(t["source"], t["points"], t["relation"], t["placement"], t["boundary"]),
        )

    def header(self) -> list[str]:
        t, review = self.t, self.review
        manifest = review.batch.manifest
        undecided = len(self.plan.undecided)
        if undecided:
            pending = {self.items[r].material for r in self.plan.undecided}
            done = sum(m.path not in pending for m in review.materials)
            progress = t["partial"].format(k=done, m=undecided, **plural(undecided))
        else:
            progress = t["all_done"]
        tally = count_decisions(self.decision(i.ref) for i in review.items)
        batch_text = t["batch"].format(
            id=clean(manifest.id),
            n=len(review.materials),
            progress=progress,
            confirmed=tally["confirmed"],
            items=len(review.items),
            **plural(len(review.materials)),
        )
        author = clean(manifest.author)
        out = [(t["author"].format(author=author) + t["author_sep"] if author else "") + batch_text]
        if undecided:
            out.append(t["undecided_warning"].format(m=undecided, **plural(undecided)))
        purpose = clean(self.data.purpose if self.data.purpose is not None else manifest.purpose)
        if purpose:
            out.append(t["purpose"].format(text=purpose))
        spots = len(self.plan.spot_checks)
        out.append(
            t["basis"].format(
                n=len(review.materials),
                groups=self._groups(),
                spots=t["basis_spots"].format(k=spots, **plural(spots)) if spots else "",
                levels=self._levels(),
                **plural(len(review.materials)),
            )
        )
        background = clean(
            self.data.background if self.data.background is not None else manifest.background
        )
        if background:
            out.append(t["background"].format(text=background))
        return out

    def _groups(self) -> str:
        """`inbox/jay 4 份 + organized/paper_cards 1 份`, collectors in manifest order."""
        tally: dict[str, int] = {}
        for m in self.review.materials:
            tally[m.collector] = tally.get(m.collector, 0) + 1
        return " + ".join(
            self.t["group"].format(name=clean(name), n=n) for name, n in tally.items()
        )

    def _levels(self) -> str:
        present = {self.evidence(i.ref) for i in self.review.items}
        return " / ".join(
            e.label(self.lang) for e in Evidence if e in present
        ) or Evidence.unknown.label(self.lang)

    # -- 一: increments ------------------------------------------------------------------------

    def increment(self, number: int, inc: Increment) -> EntryModel:
        return EntryModel(
            number=number,
            kind="increment",
            id=inc.id,
            parts=inc.parts,
            absorbed=inc.absorbed,
            title=clean(inc.title) or self._title(inc),
            source=self._sources(inc),
            points=paragraph(inc.points) or self._points(inc),
            relation=paragraph(inc.relation) or self._relation(inc.placements, inc.parts),
            placement=self._placements(inc.placements),
            boundary=paragraph(inc.boundary)
            or self._boundary([self.evidence(r) for r in inc.parts], inc.parts),
            boundary_label=self._boundary_label(inc.boundary_note),
        )

    def _boundary_label(self, note: str | None) -> str | None:
        """The 证据边界 label with the note before its colon (`证据边界（须随段落保留）：`)."""
        note = clean(note) if note else ""
        if not note:
            return None
        label = self.t["boundary"]
        head = label.rstrip("：: ")
        return head + note + label[len(head) :]

    def _with_ids(self, title: str, ids: list[str]) -> str:
        ids = [a for a in dict.fromkeys(ids) if a not in title]
        if not ids:
            return title
        joined = " / ".join(ids)
        return f"{title}（{joined}）" if self.lang == "zh" else f"{title} ({joined})"

    def _title(self, inc: Increment) -> str:
        head = self.items[inc.parts[0]]
        ids = [a for r in inc.parts for a in self.items[r].arxiv]
        return self._with_ids(bare_title(head.title) or head.ref, ids)

    def _sources(self, inc: Increment) -> str:
        groups: dict[str, list[str]] = {}
        for ref in inc.parts:
            groups.setdefault(self.items[ref].material, []).append(ref)
        covered = set(inc.items)
        out = []
        for path, refs in groups.items():
            written = next((inc.sources[r] for r in refs if r in inc.sources), None)
            material = self.materials.get(path)
            paren = self._paren(written, [self.evidence(r) for r in refs], material, refs)
            out.append(self.where(path, refs, covered) + self.paren(paren))
        return self.join(out)

    def _paren(
        self,
        written: str | None,
        levels: list[Evidence],
        material: Material | None,
        refs: list[str],
    ) -> str:
        """The 来源 parenthesis: what was written (else front matter `source`), always with the
        level, never claiming more than it, then what the reviewer read to raise it."""
        weakest = max(levels, key=EVIDENCE_STRENGTH.index) if levels else Evidence.unknown
        label = self.level_words(weakest)
        text = clean(written)
        if not text:
            source = material.front_matter.get("source") if material is not None else None
            text = self.t["comma"].join(
                x for x in (clean(source) if isinstance(source, str) else "", label) if x
            )
        else:
            claimed = evidence_from_text(text)
            if claimed is None:
                text += self.t["comma"] + label
            elif raises(claimed, weakest):
                text += self.t["level_under"].format(level=label)
        for ref in refs:
            note = clean(self.decision(ref).evidence_note)
            if note and note not in text:
                text += self.t["sep"] + note
        return text

    def _points_of(self, body: str, wanted: Sequence[str] = ()) -> str:
        return generated_points(body, self.lang, wanted)

    def _points(self, inc: Increment, wanted: Mapping[str, Sequence[str]] | None = None) -> str:
        """The 要点 the tool drafts for an increment (docs/brief.md, "Generated 要点"): each
        part's lead sentences (`core.brief.points`), those naming `wanted[ref]` first."""
        wanted = wanted or {}
        if len(inc.parts) == 1:
            ref = inc.parts[0]
            return self._points_of(self.items[ref].body, wanted.get(ref, ()))
        chunks = []
        for n, ref in enumerate(inc.parts, 1):
            item = self.items[ref]
            title = bare_title(item.title) or ref
            points = self._points_of(item.body, wanted.get(ref, ()))
            chunks.append(f"{mark(n, self.lang)} {title}{self.t['colon']}{points}")
        return " ".join(chunks)

    def _relation(self, placements: tuple[Placement, ...], parts: tuple[str, ...]) -> str:
        out: list[str] = []
        for sid in dict.fromkeys(clean(p.section) for p in placements):
            section = self.review.living_doc.section(sid)
            if section is None:
                out.append(self.t["doc_section_missing"].format(id=sid))
            else:
                out.append(self.t["doc_section"].format(id=sid, title=clean(section.title)))
        where = self.join(out) or self.t["no_placement"]
        notes = [clean(n) for r in parts for n in self.decision(r).notes if clean(n)]
        return f"{where}{self.t['colon']}{self.sentences(notes)}" if notes else where

    def _placements(self, placements: tuple[Placement, ...]) -> str:
        out = []
        for p in placements:
            with_label, bare = ACTIONS[self.lang][p.action]
            label = clean(p.label)
            section = clean(p.section)
            phrase = (with_label if label else bare).format(s=section, label=label)
            wording = clean(p.wording)
            if wording:  # the reviewer's own words for what to do there
                phrase = self.t["placement_words"].format(s=section, text=wording)
            if p.part and p.part in self.items:
                part = short_name(self.items[p.part].title)
                by_part, before = PART[self.lang]
                phrase = (
                    by_part.format(part=part, s=section)
                    if p.action == "append" and not label and not wording
                    else before.format(part=part, action=phrase)
                )
            note = clean(p.note)
            out.append(phrase + (self.paren(note) if note else "") + clean(p.after))
        if not out:
            return self.t["no_placement"]
        # the placements of a merged increment's parts make one clause: `Flide 归 §3，
        # DecisionRank 归 §4.2`, the seed's way; the others are separated as a list
        line = out[0]
        for previous, p, text in zip(placements, placements[1:], out[1:], strict=False):
            same_clause = previous.part is not None and p.part is not None
            line += (self.t["comma"] if same_clause else self.t["sep"]) + text
        return line + ("" if line[-1] in "。.!?！？" else self.t["stop"])

    def _boundary(self, levels: list[Evidence], refs: tuple[str, ...]) -> str:
        t = self.t
        distinct = list(dict.fromkeys(levels))
        if len(distinct) <= 1:
            text = [self.level_words(distinct[0] if distinct else Evidence.unknown)]
        else:
            text = [
                f"{short_name(self.items[r].title)}{t['colon']}{self.level_words(level)}"
                for r, level in zip(refs, levels, strict=True)
            ]
        notes: list[str] = []
        for level in distinct:  # below full text, say plainly what the claims rest on
            phrase = self._limit(level)
            if phrase and phrase not in notes:
                notes.append(phrase)
        if len(text) == 1 and notes and notes[0].startswith(text[0]):
            # "厂商口径，未经独立核实…" names its level already: not "厂商口径；厂商口径…"
            text = []
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

    # -- 一: spot checks -----------------------------------------------------------------------

    def spot(self, number: int, spot: SpotCheck) -> EntryModel:
        material = self.spot_materials.get(spot.id)
        level = material.evidence if material is not None else Evidence.unknown
        if material is not None:
            ids = [*material.arxiv, *(a for i in material.items for a in i.arxiv)]
            heading = material.items[0].title if len(material.items) == 1 else material.title
            default_title = self._with_ids(bare_title(heading), ids)
            body = "\n\n".join(i.body for i in material.items)
        else:
            default_title, body = spot.path, ""
        return EntryModel(
            number=number,
            kind="spot-check",
            id=spot.id,
            path=spot.path,
            title=clean(spot.title) or default_title,
            source=spot.path + self.paren(self._paren(spot.source, [level], material, [])),
            points=paragraph(spot.points) or self._points_of(body),
            relation=paragraph(spot.relation) or self._relation(spot.placements, ()),
            placement=self._placements(spot.placements),
            boundary=paragraph(spot.boundary) or self._boundary([level], (spot.path,)),
            boundary_label=self._boundary_label(spot.boundary_note),
        )

    # -- 三 --------------------------------------------------------------------------------------

    def _arxiv_tail(self, any_ids: bool) -> str:
        """三's last line, with the reviewer's note when there is one (`arxiv_note`)."""
        note = clean(self.data.arxiv_note)
        if note:
            note = note.rstrip(SENTENCE_END_MARKS + "，,")
            return self.t["arxiv_tail_note" if any_ids else "arxiv_none_note"].format(note=note)
        return self.t["arxiv_tail"] if any_ids else self.t["arxiv_none"]

    def arxiv(self) -> tuple[list[GroupModel], bool]:
        """Every arXiv id once, grouped as the seed groups them (module docstring). Ids of a
        material as a whole that no item carries follow its first item in the strongest group it
        has an item in (increments, then undecided, then excluded)."""
        t = self.t
        in_increments = [r for inc in self.plan.increments for r in inc.items]
        groups_refs = {
            "batch": in_increments,
            "excluded": list(self.plan.excluded),
            "undecided": list(self.plan.undecided),
        }
        extra = self._material_ids(groups_refs)
        listed: set[str] = set()
        sources: dict[str, list[tuple[tuple[str, ...], str, Evidence]]] = {}
        for key, refs in groups_refs.items():
            rows = sources.setdefault(key, [])
            for ref in refs:
                item = self.items[ref]
                rows.append((item.arxiv, bare_title(item.title) or ref, self.evidence(ref)))
                more = extra.pop((key, item.material), None)
                if more:
                    m = self.materials[item.material]
                    rows.append((more, bare_title(m.title) or m.path, m.evidence))
        spot_rows = sources.setdefault("spot", [])
        for spot in self.plan.spot_checks:
            material = self.spot_materials.get(spot.id)
            if material is None:
                continue
            spot_rows.append((material.arxiv, bare_title(material.title), material.evidence))
            for item in material.items:
                spot_rows.append((item.arxiv, bare_title(item.title), item.evidence))
        headings = {
            "batch": t["arxiv_batch"],
            "spot": t["arxiv_spot"],
            "excluded": t["arxiv_excluded"],
            "undecided": t["arxiv_undecided"],
        }
        out: list[GroupModel] = []
        for key in ("batch", "spot", "excluded", "undecided"):
            lines: list[str] = []
            ids: list[str] = []
            for row_ids, title, level in sources.get(key, []):
                for a in row_ids:
                    if a not in listed:
                        listed.add(a)
                        ids.append(a)
                        lines.append(
                            t["arxiv_line"].format(id=a, title=title, level=self._id_note(a, level))
                        )
            if lines:
                words = clean(self.data.arxiv_headings.get(key))
                heading = (
                    t["arxiv_heading"].format(text=words, n=len(lines))
                    if words
                    else headings[key].format(n=len(lines), topic=clean(self.review.topic))
                )
                out.append(
                    GroupModel(
                        key=key,
                        heading=heading,
                        lines=tuple(lines),
                        ids=tuple(ids),
                    )
                )
        return out, bool(listed)

    def _id_note(self, arxiv_id: str, level: Evidence) -> str:
        """The parenthesis after an id in 三: the reviewer's note (`arxiv_notes`) with the level
        when it names none (or a weaker one than it claims), else the level alone."""
        label = level.label(self.lang)
        note = clean(self.data.arxiv_notes.get(arxiv_id))
        if not note:
            return label
        claimed = evidence_from_text(note)
        if claimed is None:
            return note + self.t["sep"] + label
        if raises(claimed, level):
            return note + self.t["level_under"].format(level=label)
        return note

    def _material_ids(self, groups: dict[str, list[str]]) -> dict[tuple[str, str], tuple[str, ...]]:
        carried = {a for item in self.review.items for a in item.arxiv}
        rank = {"batch": 0, "undecided": 1, "excluded": 2}
        best: dict[str, str] = {}
        for key, refs in groups.items():
            for ref in refs:
                path = self.items[ref].material
                if path not in best or rank[key] < rank[best[path]]:
                    best[path] = key
        out: dict[tuple[str, str], tuple[str, ...]] = {}
        for path, key in best.items():
            m = self.materials.get(path)
            more = tuple(a for a in m.arxiv if a not in carried) if m is not None else ()
            if more:
                out[(key, path)] = more
        return out

    # -- 四 --------------------------------------------------------------------------------------

    def _bullets(self) -> dict[tuple[str, str], list[str]]:
        """The excluded items by bullet of 四: one per material and reason (duplicates of earlier
        briefs of one material, and of the living document, together)."""
        bullets: dict[tuple[str, str], list[str]] = {}
        self._reasons, self._cites = {}, {}
        for ref in self.plan.excluded:
            kind, text, entry = self.reason(self.decision(ref))
            key = (self.items[ref].material, kind if kind in ("brief", "doc") else "r:" + text)
            bullets.setdefault(key, []).append(ref)
            self._reasons.setdefault(key, text)
            if entry is not None:
                self._cites.setdefault(key, []).append(entry)
        return bullets

    def _said(self, key: tuple[str, str], refs: list[str]) -> str:
        """What a bullet of 四 says after its name as the tool words it: the reason (a duplicate
        citing its earlier briefs' entries together), then the items' notes."""
        kind = key[1]
        if kind == "brief":
            entries = self._cites[key]
            reason = self.t["dup_brief"].format(
                cite=cite_entries(
                    [(e.date or e.brief, e.section, e.number) for e in entries], self.lang
                )
            )
        elif kind == "doc":
            ids = [self.decision(r).duplicate_of or "" for r in refs]
            sections = self.t["list_sep"].join(
                dict.fromkeys("§" + clean(i.partition("§")[2]) for i in ids)
            )
            reason = self.t["dup_doc"].format(ids=sections)
        else:
            reason = self._reasons[key]
        notes = list(
            dict.fromkeys(clean(n) for r in refs for n in self.decision(r).notes if clean(n))
        )
        return self.sentences([self.join([reason, *notes])])

    def exclusions(self) -> list[LineModel]:
        out: list[LineModel] = []
        for key, refs in self._bullets().items():
            label = next((lb for r in refs if (lb := clean(self.decision(r).label))), "")
            written = next((w for r in refs if (w := clean(self.decision(r).wording))), "")
            said = self.sentences([written]) if written else self._said(key, refs)
            text = (
                self.t["excluded_labelled"].format(label=label, reason=said)
                if label
                else self.t["excluded_line"].format(
                    titles=self.pair([bare_title(self.items[r].title) or r for r in refs]),
                    where=self.where(key[0], refs, set(refs)),
                    reason=said,
                )
            )
            # the refs hold what the line is about whatever its words: the items and the entries
            # (or sections) their reasons cite
            cited = [d for r in refs if (d := self.decision(r).duplicate_of)]
            out.append(LineModel(text=text, refs=(*refs, *dict.fromkeys(cited))))
        return out

    def derived_wording(self, ref: str) -> str | None:
        """What the bullet of 四 holding the excluded item `ref` says after its name as the tool
        words it, whatever is written: the desk's wording form starts from it."""
        for key, refs in self._bullets().items():
            if ref in refs:
                return self._said(key, refs)
        return None

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

    def reason(self, d: Decision) -> tuple[str, str, BriefEntry | None]:
        """An exclusion's reason: its kind (`brief`, `doc`, `batch`, `other`, `text`), its words,
        and the earlier brief's entry a duplicate names."""
        t = self.t
        ref = d.duplicate_of
        if ref is not None:
            entry = self.entry(ref)
            if entry is not None:
                return "brief", t["dup_brief"].format(cite=clean(entry.cite(self.lang))), entry
            item = self.items.get(ref)
            if item is not None:
                where = f"{item.material} {self.which([ref])}"
                gap = "" if self.lang == "zh" and is_cjk(where[-1]) else " "
                return "batch", t["dup_batch"].format(where=where, gap=gap), None
            doc, sep, sid = ref.partition("§")
            if sep and sid and (not doc or doc == self.review.living_doc.path):
                return "doc", t["dup_doc"].format(ids="§" + clean(sid)), None
            return "other", t["dup_other"].format(ref=clean(ref)), None
        reason = clean(d.reason)
        if reason == "off-topic":
            return "text", t["off_topic"].format(topic=clean(self.review.topic)), None
        if reason == "weak-evidence":
            return "text", t["weak"], None
        return "text", reason or t["no_reason"], None
