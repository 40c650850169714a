"""What an edit sees (`View`) and what it returns (`Change`), with the list helpers they share."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

from ...brief.plan import Plan, make_plan
from ...errors import BriefdeskError
from ...model.decisions import Decision
from ...model.dismissals import Dismissal
from ...model.gone import GoneDecision
from ...model.increments import Increment, SpotCheck
from ...model.notes import Note
from ...model.values import Evidence
from ..sessionfile import SessionData

T = TypeVar("T")
UNCHANGED: Any = object()  # an edit's default for "leave this field as it is"


@dataclass
class Change:
    """The new values of whatever an edit touched; `None` lists were not touched."""

    decisions: dict[str, Decision] = field(default_factory=dict)
    increments: list[Increment] | None = None
    spot_checks: list[SpotCheck] | None = None
    contradictions: list[Note] | None = None
    handles: list[Note] | None = None
    dismissed: list[Dismissal] | None = None  # not-a-duplicate judgements
    gone: list[GoneDecision] | None = None  # decisions whose item is gone
    next_id: int | None = None  # ids handed out (never taken back by undo)
    # the batch's own texts written (`purpose`, `background`, `arxiv_note` of SessionData)
    texts: dict[str, str | None] | None = None
    # section 三's written headings and notes (`arxiv_headings`, `arxiv_notes` of SessionData)
    arxiv_headings: dict[str, str] | None = None
    arxiv_notes: dict[str, str] | None = None


@dataclass
class View:
    """The session as an edit reads it: the batch's refs in order and the current data."""

    refs: Sequence[str]
    data: SessionData
    levels: Mapping[str, Evidence] = field(default_factory=dict)  # each item's own level
    resolves: Callable[[str], bool] | None = None  # whether a note's ref names something
    positions: Mapping[str, int] | None = None  # ref -> index in `refs`, when the caller has it

    @cached_property
    def position(self) -> Mapping[str, int]:
        if self.positions is not None:
            return self.positions
        return {ref: i for i, ref in enumerate(self.refs)}

    @cached_property
    def plan(self) -> Plan:
        return make_plan(self.refs, self.data)

    def decision(self, ref: str) -> Decision:
        if ref not in self.position:
            raise BriefdeskError(f"no item {ref} in this batch")
        return self.data.decisions.get(ref) or Decision()

    def increment(self, inc_id: str) -> Increment:
        found = self.plan.by_id(inc_id)
        if not isinstance(found, Increment):
            raise BriefdeskError(f"no increment {inc_id} in this session")
        return found

    def spot_check(self, spot_id: str) -> SpotCheck:
        found = self.plan.by_id(spot_id)
        if not isinstance(found, SpotCheck):
            raise BriefdeskError(f"no spot check {spot_id} in this session")
        return found

    def home(self, ref: str) -> Increment | None:
        """The increment that holds `ref` (a part or absorbed), if any. A live session stores
        exactly its plan (`core.brief.plan.normalise`), so the plan answers for the stored data."""
        return self.plan.increment_of(ref)

    @property
    def increments(self) -> list[Increment]:
        return list(self.plan.increments)

    def evidence(self, ref: str) -> Evidence:
        """The item's effective level: the reviewer's, else its own."""
        return self.decision(ref).evidence or self.levels.get(ref, Evidence.unknown)


def replace(increments: Sequence[Increment], new: Increment) -> list[Increment]:
    return [new if inc.id == new.id else inc for inc in increments]


def without(increments: Sequence[Increment], inc_id: str) -> list[Increment]:
    return [inc for inc in increments if inc.id != inc_id]


def insert_by_batch_order(
    view: View, increments: list[Increment], new: Increment
) -> list[Increment]:
    """Place a new increment after the last one whose first part precedes it in batch order."""
    pos = view.position[new.parts[0]]
    at = 0
    for i, inc in enumerate(increments):
        if view.position.get(inc.parts[0], -1) < pos:
            at = i + 1
    return [*increments[:at], new, *increments[at:]]


def moved(values: Sequence[T], index: int, delta: int) -> list[T] | None:
    """`values` with the one at `index` moved by `delta` places; None when that leaves the list."""
    j = index + delta
    if not (0 <= index < len(values) and 0 <= j < len(values)) or delta == 0:
        return None
    out = list(values)
    out.insert(j, out.pop(index))
    return out


def new_id(view: View, change: Change, prefix: str = "i") -> str:
    """The next free id; the change carries the counter forward."""
    n = change.next_id if change.next_id is not None else view.data.next_id
    change.next_id = n + 1
    return f"{prefix}{n}"
