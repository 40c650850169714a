"""Matching's answer: every item's placements and candidates, kept as numbers and small tables.

At the benchmark's scale an answer holds about 9,000 candidates and 9,000 placements; as
pydantic models that is some 21,000 objects, which the desk's matching process pickled through
its pipe and the desk unpickled (a quarter of a second holding the GIL, the desk's keys waiting)
before drawing the one item on screen. An `Answer` is a read-only `Mapping[str, ItemMatches]`
that holds per item the (record, score, why, tier) of its candidates and the (section, score) of
its placements, plus one table of the records they name (kind, ref, shown text, content key).
An item's `ItemMatches` is built the first time it is asked for, then kept; it pickles as those
tables only.

It is the same answer as a dict of the models: iterating it, `==` and `scan --json` give what
they gave. `likely_batch` (for clusters) and `candidate_refs` (for the citations) read the
tables without building a model.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, cast

from ..model.values import (
    Duplicate,
    DuplicateKind,
    ItemFacts,
    ItemMatches,
    Placement,
    StatedFact,
    Tier,
    Why,
)

WHY_ORDER: tuple[Why, ...] = ("source", "identity", "text", "facts")
TIERS: tuple[Tier, ...] = ("likely", "possible", "update")  # by the code a candidate row holds

# per item: (record, score) of its placements and (record, score, why bits, tier code) of its
# candidates (TIERS); records index the answer's tables; (known, new, conflicting) facts as
# (text, refs)
Placed = list[list[tuple[int, float]]]
Found = list[list[tuple[int, float, int, int]]]
Stated = list[tuple[str, list[str]]]
FactRows = list[tuple[Stated, Stated, Stated]]


def why_of(bits: int) -> tuple[Why, ...]:
    return tuple(w for k, w in enumerate(WHY_ORDER) if bits & (1 << k))


class Answer(Mapping[str, ItemMatches]):
    """`ItemMatches` per item ref (every item of the batch present), built on first access."""

    __slots__ = (
        "_built",
        "_facts",
        "_found",
        "_index",
        "_names",
        "_placed",
        "_records",
        "_refs",
        "_sections",
    )

    def __init__(
        self,
        refs: Sequence[str],
        sections: Sequence[tuple[str, str]],
        placed: Placed,
        found: Found,
        records: tuple[list[str], list[str], list[str], list[str]],
        facts: FactRows | None = None,
        names: list[list[list[str]]] | None = None,
    ) -> None:
        """`sections`: (id, title) that placements index; `records`: the kinds, refs, shown
        texts and content keys of the records that `found` indexes."""
        self._refs = list(refs)
        self._sections = list(sections)
        self._placed = placed
        self._found = found
        self._records = records
        self._facts = facts or []
        self._names = names or []
        self._index = {ref: k for k, ref in enumerate(self._refs)}
        self._built: dict[int, ItemMatches] = {}

    @classmethod
    def empty(cls) -> Answer:
        return cls([], [], [], [], ([], [], [], []))

    # -- Mapping ---------------------------------------------------------------------------------

    def __getitem__(self, ref: str) -> ItemMatches:
        k = self._index[ref]
        got = self._built.get(k)
        if got is None:
            got = self._built[k] = self._make(k)
        return got

    def __iter__(self) -> Iterator[str]:
        return iter(self._refs)

    def __len__(self) -> int:
        return len(self._refs)

    def __contains__(self, ref: object) -> bool:
        return ref in self._index

    def __repr__(self) -> str:
        return f"Answer({len(self._refs)} items, {len(self._records[1])} records)"

    # -- without building models -------------------------------------------------------------------

    def likely_batch(self) -> Iterator[tuple[str, str, str]]:
        """(item ref, candidate ref, candidate's content key) of every likely candidate that is
        another item of the batch: what clusters are made of."""
        kinds, refs, _, keys = self._records
        for k, row in enumerate(self._found):
            for r, _, _, tier in row:
                if tier == 0 and kinds[r] == "batch":
                    yield self._refs[k], refs[r], keys[r]

    def candidate_refs(self) -> set[str]:
        """The ref of every record some item has as a candidate."""
        return set(self._records[1])

    # -- building ----------------------------------------------------------------------------------

    def _make(self, k: int) -> ItemMatches:
        kinds, refs, texts, keys = self._records
        sections = self._sections
        duplicates = []
        for r, score, why, code in self._found[k]:
            tier: Tier = TIERS[code]
            duplicates.append(
                Duplicate.model_construct(
                    kind=cast(DuplicateKind, kinds[r]),
                    ref=refs[r],
                    score=score,
                    text=texts[r],
                    why=why_of(why),
                    tier=tier,
                    key=keys[r],
                )
            )
        return ItemMatches.model_construct(
            placements=tuple(
                Placement.model_construct(
                    section=sections[j][0], title=sections[j][1], score=s, names=tuple(names)
                )
                for (j, s), names in zip(self._placed[k], self._names_of(k), strict=True)
            ),
            duplicates=tuple(duplicates),
            facts=self._facts_of(k),
        )

    def _names_of(self, k: int) -> list[list[str]]:
        if k < len(self._names):
            return self._names[k]
        return [[] for _ in self._placed[k]]

    def _facts_of(self, k: int) -> ItemFacts:
        if k >= len(self._facts):
            return ItemFacts()
        known, new, conflicting = self._facts[k]

        def stated(rows: Stated) -> tuple[StatedFact, ...]:
            return tuple(StatedFact.model_construct(text=t, refs=tuple(r)) for t, r in rows)

        return ItemFacts.model_construct(
            known=stated(known), new=stated(new), conflicting=stated(conflicting)
        )

    # -- pickling: the tables only -------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        return {
            "refs": self._refs,
            "sections": self._sections,
            "placed": self._placed,
            "found": self._found,
            "records": self._records,
            "facts": self._facts,
            "names": self._names,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        Answer.__init__(
            self,
            state["refs"],
            state["sections"],
            state["placed"],
            state["found"],
            state["records"],
            state.get("facts"),
            state.get("names"),
        )
