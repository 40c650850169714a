"""The domain's value types: what is read from the workspace and what matching finds.

Everything here is a pydantic model so it validates on the way in and serialises to the JSON the
command line prints and the sidecar stores.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Evidence(StrEnum):
    """How far a claim was checked, weakest last but one; `unknown` when nothing says."""

    fulltext = "fulltext"
    abstract = "abstract"
    tldr = "tldr"
    search_lead = "search-lead"
    vendor = "vendor"
    self_report = "self-report"
    unknown = "unknown"

    @property
    def zh(self) -> str:
        return EVIDENCE_LABELS[self][0]

    @property
    def en(self) -> str:
        return EVIDENCE_LABELS[self][1]

    def label(self, language: str) -> str:
        return self.zh if language == "zh" else self.en


EVIDENCE_LABELS: dict[Evidence, tuple[str, str]] = {
    Evidence.fulltext: ("正文已核", "full text read"),
    Evidence.abstract: ("摘要级", "abstract only"),
    Evidence.tldr: ("TLDR 级", "TLDR only"),
    Evidence.search_lead: ("搜索线索级", "search lead only"),
    Evidence.vendor: ("厂商口径", "vendor claim"),
    Evidence.self_report: ("作者自述", "author self-report"),
    Evidence.unknown: ("未标注", "not stated"),
}


# Strong to weak, `unknown` last: a level "raises" an item when it comes before the item's own here
# (docs/brief.md: any raise needs a note saying what was read). `core.workspace.materials` reads
# cues by it too.
EVIDENCE_STRENGTH: tuple[Evidence, ...] = (
    Evidence.fulltext,
    Evidence.abstract,
    Evidence.tldr,
    Evidence.self_report,
    Evidence.vendor,
    Evidence.search_lead,
    Evidence.unknown,
)


def raises(level: Evidence, own: Evidence) -> bool:
    """Whether setting `level` on an item whose own level is `own` states it more strongly."""
    return EVIDENCE_STRENGTH.index(level) < EVIDENCE_STRENGTH.index(own)


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Item(Frozen):
    """One reviewable unit: a `## ` section of a material, or the whole material."""

    ref: str  # "<material path>#<n>", n from 1
    material: str  # workspace-relative POSIX path
    index: int  # n
    title: str
    body: str  # the item's Markdown, heading line excluded
    evidence: Evidence
    evidence_source: Literal["manifest", "front-matter", "text", "default"] = "default"
    arxiv: tuple[str, ...] = ()
    urls: tuple[str, ...] = ()
    line: int = 1  # the 1-based line of the item's heading in its file (1: the whole file)

    @property
    def text(self) -> str:
        """Title and body: what matching compares."""
        return f"{self.title}\n{self.body}".strip()


class Material(Frozen):
    path: str  # workspace-relative POSIX path
    sha256: str
    front_matter: dict[str, Any] = Field(default_factory=dict)
    title: str
    evidence: Evidence  # the material-level level (override, front matter, cues, unknown)
    items: tuple[Item, ...]
    # The material as a whole: front matter `arxiv:`/`url:` and the text before its first item.
    # Not copied onto each of several items (that would make them identity-duplicates of each
    # other).
    arxiv: tuple[str, ...] = ()
    urls: tuple[str, ...] = ()

    @property
    def collector(self) -> str:
        return collector_of(self.path)


def collector_of(path: str) -> str:
    """`inbox/jay` for inbox materials, else the folder (`organized/paper_cards`)."""
    parts = path.split("/")
    if parts[0] == "inbox" and len(parts) > 2:
        return "/".join(parts[:2])
    return "/".join(parts[:-1]) or "."


class Section(Frozen):
    """A numbered section of a living document; `text` is its own content, down to the next
    heading."""

    id: str  # "1.2"
    title: str  # heading text without the number
    level: int  # heading level (number of #)
    line: int  # 1-based line of the heading
    text: str


class LivingDoc(Frozen):
    path: str
    sections: tuple[Section, ...]

    def section(self, section_id: str) -> Section | None:
        return next((s for s in self.sections if s.id == section_id), None)


class BriefEntry(Frozen):
    """A numbered increment or a bullet of an earlier brief, as a reader would cite it."""

    ref: str  # "<brief path>#5" or "<brief path>#四-2"
    brief: str  # brief path
    date: str | None  # "2026-11-01" when the brief's name or title carries one
    section: str  # section numeral: "一", "四", "I", ...
    number: str  # "5" or "2"
    text: str

    def cite(self, language: str = "zh") -> str:
        """How the brief names where something was recorded: `2026-11-01 E1 简报第 5 条`."""
        when = self.date or self.brief
        if language == "zh":
            if self.section in ("一", "I"):
                return f"{when} E1 简报第 {self.number} 条"
            return f"{when} E1 简报{self.section}第 {self.number} 条"
        if self.section in ("一", "I"):
            return f"the {when} E1 brief, item {self.number}"
        return f"the {when} E1 brief, section {self.section} bullet {self.number}"


class Placement(Frozen):
    section: str
    title: str
    score: float
    names: tuple[str, ...] = ()  # the names the item shares with the section, its heading's first


DuplicateKind = Literal["batch", "brief", "living-doc"]
# The evidence behind a candidate (docs/duplicates.md): an earlier brief's 来源 line or sidecar
# names this material/item; a shared arXiv id or URL; the texts say the same thing.
Why = Literal["source", "identity", "text", "facts"]
# `likely`: score at or above `dedup.threshold`; `possible`: below it but clearly above the item's
# background (a few at most).
# `update`: the same subject with new or different facts (docs/facts.md): not a duplicate, an
# increment.
Tier = Literal["likely", "update", "possible"]


class Duplicate(Frozen):
    kind: DuplicateKind
    ref: str
    score: float
    text: str
    why: tuple[Why, ...] = ("text",)
    tier: Tier = "likely"
    key: str = ""  # content key of the candidate's whole text (a dismissal names it)


class StatedFact(Frozen):
    """One fact an item states (docs/facts.md), with where the knowledge base states it too
    (known) or states it otherwise (conflicting): `§1.2` refs and entry refs."""

    text: str
    refs: tuple[str, ...] = ()


class ItemFacts(Frozen):
    known: tuple[StatedFact, ...] = ()
    new: tuple[StatedFact, ...] = ()
    conflicting: tuple[StatedFact, ...] = ()


class ItemMatches(Frozen):
    placements: tuple[Placement, ...] = ()
    duplicates: tuple[Duplicate, ...] = ()
    facts: ItemFacts = ItemFacts()
