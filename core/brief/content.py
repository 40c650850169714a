"""The brief as a model: every string it prints, resolved, and the refs behind them.

`core.brief.build` makes it from a review and a session; `core.brief.render` lays it out as text.
The sidecar stores it (`core.brief.sidecar`), so `briefdesk verify` can lay the committed brief out
again from the committed sidecar alone and compare the bytes. Strings here are final: already one
line where the brief prints one line (multi-line texts keep their `\\n`, which `render` indents),
stripped of unsafe characters, in the brief's language.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

# BriefModel.model_version: bumped with any change of shape (2: `arxiv_layout`); a version-1
# model (a schema 2 sidecar's) reads as version 2 with its default, and lays out the same bytes
MODEL_VERSION = 2

# how section 三 lays out a group: one id a line under its heading (the default), or the ids on
# the heading's line after ` - `, as the seed and the briefs written by hand before it do
# (`core.review.sessionfile.ARXIV_LAYOUTS`, which the session checks, names the same two)
ArxivLayout = Literal["lines", "inline"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class EntryModel(_Frozen):
    """One numbered entry of section 一: an increment or a spot check."""

    number: int
    kind: Literal["increment", "spot-check"]
    id: str  # the increment's or spot check's id in the session
    parts: tuple[str, ...] = ()  # item refs described (increments)
    absorbed: tuple[str, ...] = ()  # item refs covered (increments)
    path: str | None = None  # the material (spot checks)
    title: str
    source: str  # after 来源：
    points: str  # after 要点：
    relation: str  # after 与活文档脉络的关系：
    placement: str  # after 建议归入：
    boundary: str  # after 证据边界：
    boundary_label: str | None = None  # 证据边界's label with the reviewer's note; None: the usual


class LineModel(_Frozen):
    """A numbered line of 二 / 五 or a bullet of 四, with the refs it is about."""

    text: str
    refs: tuple[str, ...] = ()


class GroupModel(_Frozen):
    """A group of section 三: its heading and its lines (already formatted)."""

    key: Literal["batch", "spot", "excluded", "undecided"]
    heading: str
    lines: tuple[str, ...]
    ids: tuple[str, ...]


class BriefModel(_Frozen):
    model_version: Literal[1, 2] = 2
    language: Literal["zh", "en"]
    title: str
    header: tuple[str, ...]  # the header bullets, without the bullet mark
    section1: str
    entries: tuple[EntryModel, ...]
    section2: str
    contradictions: tuple[LineModel, ...]
    section3: str
    arxiv: tuple[GroupModel, ...]
    arxiv_tail: str
    arxiv_layout: ArxivLayout = "lines"
    section4: str
    exclusions: tuple[LineModel, ...]
    section5: str
    handles: tuple[LineModel, ...]
    none: str  # what an empty section says
    closing: str
    # labels of an entry's bullets, in the order printed
    labels: tuple[str, str, str, str, str]
