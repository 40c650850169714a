"""Which items form which increment: the one rule the session, the renderer and the desk share.

Every item of the batch is in exactly one of: an increment (as a described part or an absorbed
item), the excluded, the undecided. An item is in an increment exactly when its decision is
`include`, so included + excluded + undecided = all items (docs/brief.md).

`make_plan` reads a session's data tolerantly, since a session file may come from an older
briefdesk or a hand edit, and nothing the reviewer decided may be lost:

- unknown refs are skipped; an item named by two increments belongs to the first;
- an item in an increment whose decision is not `include` leaves it (the decision wins);
- an increment whose described parts are all gone describes its first absorbed item instead, and
  one with no item left disappears;
- an included item that no increment names gets an increment of its own, after the others, in
  batch order (as a manifest's `brief:` says: "included items not named here follow");
- a placement or a 来源 text about a part that is no longer a part stops naming it.

`normalise` writes that reading back, so a live session always stores exactly its plan.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from ..model.decisions import Decision
from ..model.increments import Increment, Placement, SpotCheck
from ..review.sessionfile import SessionData

AUTO = "+"  # id prefix of an increment the plan made for an included item no increment names


@dataclass(frozen=True)
class Plan:
    increments: tuple[Increment, ...]  # section 一, in brief order
    spot_checks: tuple[SpotCheck, ...]  # after the increments
    home: dict[str, Increment] = field(default_factory=dict)  # item ref -> its increment
    ids: dict[str, Increment | SpotCheck] = field(default_factory=dict)
    refs: Sequence[str] = ()  # the batch's items, in batch order
    decisions: Mapping[str, Decision] = field(default_factory=dict)

    @cached_property
    def excluded(self) -> tuple[str, ...]:
        """Excluded items, batch order (computed when asked: an edit of the desk never asks)."""
        return tuple(r for r in self.refs if self._status(r) == "exclude")

    @cached_property
    def undecided(self) -> tuple[str, ...]:
        return tuple(r for r in self.refs if self._status(r) == "undecided")

    def _status(self, ref: str) -> str:
        d = self.decisions.get(ref)
        return d.status if d is not None else "undecided"

    def increment_of(self, ref: str) -> Increment | None:
        return self.home.get(ref)

    def by_id(self, inc_id: str) -> Increment | SpotCheck | None:
        return self.ids.get(inc_id)

    @property
    def entries(self) -> tuple[Increment | SpotCheck, ...]:
        """What section 一 numbers, in order: the increments, then the spot checks."""
        return (*self.increments, *self.spot_checks)

    def role(self, ref: str) -> Literal["head", "part", "absorbed"] | None:
        """What the item is in its increment: the first described part, another described part,
        an absorbed item; None when it is in none."""
        inc = self.home.get(ref)
        if inc is None:
            return None
        if inc.parts[0] == ref:
            return "head"
        return "part" if ref in inc.parts else "absorbed"

    def placement_of(self, ref: str) -> Placement | None:
        """The first placement that concerns the item: one naming it as its part, else (for the
        increment's first part) one of the whole increment."""
        inc = self.home.get(ref)
        if inc is None:
            return None
        own = next((p for p in inc.placements if p.part == ref), None)
        if own is not None or inc.parts[0] != ref:
            return own
        return next((p for p in inc.placements if p.part is None), None)


def make_plan(refs: Sequence[str], data: SessionData, *, trusted: bool = False) -> Plan:
    """The plan of `data` over the batch's items `refs` (batch order); see the module docstring.

    `trusted`: `data` is known to store exactly its plan (a live session, whose every edit keeps
    it so, after `normalise` on opening): its increments are taken as they are, which makes the
    plan a few dictionaries instead of a check of every increment (a key of the desk rebuilds
    it). The session's property tests hold that the two readings agree after every edit."""
    decisions = data.decisions
    undecided_default = Decision()
    if trusted:
        return _index(refs, decisions, list(data.increments), list(data.spot_checks))
    known = set(refs)

    def included(ref: str) -> bool:
        return ref in known and (decisions.get(ref) or undecided_default).status == "include"

    taken: set[str] = set()
    ids: set[str] = set()
    increments: list[Increment] = []
    for inc in data.increments:
        parts = [r for r in dict.fromkeys(inc.parts) if included(r) and r not in taken]
        taken.update(parts)
        absorbed = [r for r in dict.fromkeys(inc.absorbed) if included(r) and r not in taken]
        taken.update(absorbed)
        if not parts and absorbed:
            parts = [absorbed.pop(0)]
        if not parts:
            continue
        inc_id = inc.id if inc.id not in ids and not inc.id.startswith(AUTO) else AUTO + parts[0]
        ids.add(inc_id)
        increments.append(_fit(inc, inc_id, tuple(parts), tuple(absorbed)))
    for ref in refs:
        if included(ref) and ref not in taken:
            taken.add(ref)
            increments.append(Increment(id=AUTO + ref, parts=(ref,)))

    spots: list[SpotCheck] = []
    paths: set[str] = set()
    batch_materials = _materials(refs)
    for spot in data.spot_checks:
        if spot.path in paths or spot.path in batch_materials:
            continue
        paths.add(spot.path)
        spots.append(spot)

    return _index(refs, decisions, increments, spots)


def _index(
    refs: Sequence[str],
    decisions: Mapping[str, Decision],
    increments: list[Increment],
    spots: list[SpotCheck],
) -> Plan:
    home = {ref: inc for inc in increments for ref in inc.items}
    index: dict[str, Increment | SpotCheck] = {inc.id: inc for inc in increments}
    index.update((spot.id, spot) for spot in spots)
    return Plan(tuple(increments), tuple(spots), home, index, refs, decisions)


def _materials(refs: Sequence[str]) -> set[str]:
    return {r.rsplit("#", 1)[0] for r in refs}


def _fit(
    inc: Increment, inc_id: str, parts: tuple[str, ...], absorbed: tuple[str, ...]
) -> Increment:
    """`inc` over the parts it still has: placements and 来源 texts about gone parts let go."""
    unchanged = inc_id == inc.id and parts == inc.parts and absorbed == inc.absorbed
    if (
        unchanged
        and all(p.part is None or p.part in parts for p in inc.placements)
        and all(r in parts for r in inc.sources)
    ):
        return inc
    placements = tuple(
        p if p.part is None or p.part in parts else p.model_copy(update={"part": None})
        for p in inc.placements
    )
    sources = {r: t for r, t in inc.sources.items() if r in parts}
    return inc.model_copy(
        update={
            "id": inc_id,
            "parts": parts,
            "absorbed": absorbed,
            "placements": placements,
            "sources": sources,
        }
    )


def normalise(data: SessionData, refs: Sequence[str]) -> SessionData:
    """`data` storing exactly its plan: increments the plan made get fresh ids."""
    plan = make_plan(refs, data)
    next_id = data.next_id
    increments: list[Increment] = []
    for inc in plan.increments:
        if inc.id.startswith(AUTO):
            inc = inc.model_copy(update={"id": f"i{next_id}"})
            next_id += 1
        increments.append(inc)
    return data.model_copy(
        update={
            "increments": increments,
            "spot_checks": list(plan.spot_checks),
            "next_id": next_id,
        }
    )
