"""A review session: decisions that are saved on every change, undone and redone, and locked.

Every mutation goes through `_apply`, which records an undo step and saves the whole state, undo
history included, atomically (temp file, fsync, replace) before returning, so a decision the caller
has seen acknowledged is on disk and undo reaches back across restarts. If saving fails (read-only
folder, full disk) the state is kept in memory, `save_error` says why, and the next change or
`retry_save()` tries again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from pydantic import ValidationError

from .decisions import SCHEMA_VERSION, Decision, History, Origin, SessionData, Step, counts
from .dismissals import Dismissal
from .errors import BriefdeskError
from .fileio import atomic_write, remove_temp_files
from .lock import SessionLock
from .manifest import Action, Batch, Proposal
from .models import Evidence, Item
from .yamlio import first_error

UNDO_LIMIT = 500  # steps kept (and saved); older ones are dropped


def fingerprint(item: Item) -> str:
    return hashlib.blake2b(f"{item.title}\n{item.body}".encode(), digest_size=8).hexdigest()


def initial_state(batch: Batch, items: Iterable[Item]) -> SessionData:
    """A new session: every item undecided, then the manifest's proposals applied as `proposed`."""
    items = list(items)
    refs = [item.ref for item in items]
    known = set(refs)
    decisions = {ref: Decision() for ref in refs}
    ordered: list[tuple[int, int, str]] = []
    for proposal in batch.manifest.proposals:
        if proposal.item not in known:
            raise BriefdeskError(
                f"proposal names an item that does not exist: {proposal.item}", batch.path
            )
        decisions[proposal.item] = decision_from_proposal(proposal)
        if proposal.decision == "include":
            ordered.append((proposal.order or 10**9, refs.index(proposal.item), proposal.item))
    return SessionData(
        batch_id=batch.manifest.id,
        batch_stem=batch.stem,
        topic=batch.manifest.topic,
        decisions=decisions,
        order=[ref for _, _, ref in sorted(ordered)],
        cursor=refs[0] if refs else None,
        fingerprints={item.ref: fingerprint(item) for item in items},
    )


def decision_from_proposal(p: Proposal) -> Decision:
    return Decision(
        status=p.decision or "undecided",
        origin=Origin.proposed,
        reason=p.reason if p.decision == "exclude" else None,
        section=p.section,
        action=p.action if p.section else None,
        evidence=p.evidence,
        notes=(p.note,) if p.note else (),
        contradictions=(p.contradiction,) if p.contradiction else (),
        handles=(p.handle,) if p.handle else (),
    )


class Session:
    """The one object the TUI and the commands edit; see the module docstring for the guarantees."""

    def __init__(
        self,
        data: SessionData,
        items: list[Item],
        path: Path | None,
        lock: SessionLock | None = None,
        writer: Callable[[Path, bytes], None] | None = None,
    ) -> None:
        self.data = data
        self.items = items
        self.path = path
        self.lock = lock
        self.save_error: str | None = None
        self.unsaved = 0  # decisions made since the last save that reached the disk
        self._writer = writer or atomic_write
        self._item_by_ref = {item.ref: item for item in items}
        self._position = {item.ref: i for i, item in enumerate(items)}
        self.listeners: list[Callable[[Session], None]] = []

    # -- opening -----------------------------------------------------------------------------

    @classmethod
    def open(
        cls, session_path: Path, batch: Batch, items: list[Item], *, readonly: bool = False
    ) -> Session:
        """Resume the saved session or start one from the proposals; take the lock unless
        readonly."""
        lock = None
        if not readonly:
            lock = SessionLock(session_path.with_suffix(".lock"))
            lock.acquire()
        try:
            data = load_state(session_path, batch, items)
        except BaseException:
            if lock:
                lock.release()
            raise
        session = cls(data, items, None if readonly else session_path, lock)
        if not readonly:
            remove_temp_files(session_path)
            if not session_path.exists():
                session._save()  # a new session is on disk from the start
        return session

    def close(self) -> None:
        if self.lock:
            self.lock.release()
            self.lock = None

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading -----------------------------------------------------------------------------

    @property
    def history(self) -> History:
        """The undo and redo stacks, kept in the saved state."""
        return self.data.history

    def item(self, ref: str) -> Item:
        try:
            return self._item_by_ref[ref]
        except KeyError:
            raise BriefdeskError(f"no item {ref} in this batch") from None

    def decision(self, ref: str) -> Decision:
        try:
            return self.data.decisions[ref]
        except KeyError:
            raise BriefdeskError(f"no item {ref} in this batch") from None

    def evidence(self, ref: str) -> Evidence:
        return self.decision(ref).evidence or self.item(ref).evidence

    @property
    def order(self) -> list[str]:
        return list(self.data.order)

    def merged_into(self, ref: str) -> list[str]:
        """Items merged into `ref`'s increment, in batch order."""
        return [i.ref for i in self.items if self.data.decisions[i.ref].merged_into == ref]

    def counts(self) -> dict[str, int]:
        return counts(self.data)

    @property
    def changed(self) -> list[str]:
        """Decided items whose text changed since their decision, in batch order."""
        return [i.ref for i in self.items if i.ref in self.data.changed]

    def is_changed(self, ref: str) -> bool:
        return ref in self.data.changed

    # -- changing ----------------------------------------------------------------------------

    def include(self, ref: str) -> None:
        self._decide(ref, "include")

    def exclude(self, ref: str, reason: str = "off-topic") -> None:
        if not reason.strip():
            raise BriefdeskError("an exclusion needs a reason")
        self._decide(ref, "exclude", reason.strip())

    def _decide(self, ref: str, status: str, reason: str | None = None) -> None:
        """Set the status as the reviewer's; an increment that stops being one hands its merged
        parts back to the reviewer as undecided, in the same undo step, so no part is left
        pointing at an increment that is gone."""
        d = self.decision(ref)
        changes = {
            ref: d.model_copy(
                update={
                    "status": status,
                    "origin": Origin.reviewer,
                    "reason": reason,
                    "merged_into": None,
                }
            )
        }
        if status != "include":
            for part in self.merged_into(ref):
                changes[part] = self.decision(part).model_copy(
                    update={"status": "undecided", "origin": Origin.reviewer, "merged_into": None}
                )
        self._apply(changes)

    def mark_duplicate(self, ref: str, of: str) -> None:
        self.exclude(ref, f"duplicate:{of}")

    def undecide(self, ref: str) -> None:
        self._decide(ref, "undecided")

    def confirm(self, ref: str) -> None:
        """Make a proposed decision the reviewer's own without changing it."""
        d = self.decision(ref)
        if d.status != "undecided" and d.origin is not Origin.reviewer:
            self._apply({ref: d.model_copy(update={"origin": Origin.reviewer})})

    def set_placement(
        self, ref: str, section: str | None, action: Action | None = "append"
    ) -> None:
        d = self.decision(ref)
        self._apply(
            {ref: d.model_copy(update={"section": section, "action": action if section else None})}
        )

    def set_evidence(self, ref: str, level: Evidence, note: str | None = None) -> None:
        raising = level is Evidence.fulltext and self.item(ref).evidence is not Evidence.fulltext
        if raising and not (note and note.strip()):
            raise BriefdeskError(
                "raising the evidence to fulltext needs a note saying what was read"
            )
        d = self.decision(ref)
        self._apply(
            {
                ref: d.model_copy(
                    update={"evidence": level, "evidence_note": (note or "").strip() or None}
                )
            }
        )

    def add_note(self, ref: str, text: str) -> None:
        self._add_text(ref, "notes", text)

    def add_contradiction(self, ref: str, text: str) -> None:
        self._add_text(ref, "contradictions", text)

    def add_handle(self, ref: str, text: str) -> None:
        self._add_text(ref, "handles", text)

    def _add_text(self, ref: str, field_name: str, text: str) -> None:
        text = text.strip()
        if not text:
            return
        d = self.decision(ref)
        self._apply({ref: d.model_copy(update={field_name: (*getattr(d, field_name), text)})})

    def move(self, ref: str, delta: int) -> bool:
        """Move an included item up (-1) or down (+1) among the increments; False at an end."""
        order = list(self.data.order)
        if ref not in order:
            return False
        i = order.index(ref)
        j = i + delta
        if not 0 <= j < len(order):
            return False
        order[i], order[j] = order[j], order[i]
        self._apply({}, order=order)
        return True

    def merge(self, ref: str, into: str) -> None:
        """Fold `ref` into `into`'s increment: both included, `ref` listed under `into`."""
        if ref == into:
            raise BriefdeskError("cannot merge an item into itself")
        self.decision(ref)
        target = self.decision(into)
        if target.merged_into:
            into = target.merged_into
            target = self.decision(into)
            if into == ref:
                raise BriefdeskError("that item is already part of this increment")
        changes = {
            into: target.model_copy(
                update={
                    "status": "include",
                    "origin": Origin.reviewer,
                    "reason": None,
                    "merged_into": None,
                }
            ),
            ref: self.decision(ref).model_copy(
                update={
                    "status": "include",
                    "origin": Origin.reviewer,
                    "reason": None,
                    "merged_into": into,
                }
            ),
        }
        for other in self.merged_into(ref):  # items merged into ref follow it
            changes[other] = self.decision(other).model_copy(update={"merged_into": into})
        self._apply(changes)

    def acknowledge(self, ref: str) -> None:
        """The reviewer has looked at a changed item again: it is no longer marked (its decision
        stays as it was). Saved; not an undo step, and no decision changed (listeners are not
        told: the caller redraws the mark)."""
        if self.data.changed.pop(ref, None) is not None:
            self._save(decision=True)

    def refit(self, items: list[Item]) -> list[str]:
        """Follow the batch's items as they are now on disk (a material was edited while the
        session is open): decisions follow their items as on opening (`reconcile`), decided items
        whose text changed are marked; returns the refs newly marked."""
        before = set(self.data.changed)
        self.data = reconcile(self.data, items)
        self.items = items
        self._item_by_ref = {item.ref: item for item in items}
        self._position = {item.ref: i for i, item in enumerate(items)}
        self._save()
        self._notify()
        return [ref for ref in self.changed if ref not in before]

    def dismiss(self, item_ref: str, candidate: str, candidate_key: str) -> None:
        """Judge `candidate` not a duplicate of the item (one undo step); keyed by both texts."""
        from .matching import content_key

        item = self.item(item_ref)
        d = Dismissal(
            item=item_ref,
            candidate=candidate,
            item_key=content_key(item.text),
            candidate_key=candidate_key,
        )
        if d in self.data.dismissed:
            return
        before = tuple(self.data.dismissed)
        order = tuple(self.data.order)
        step = Step(
            before={},
            after={},
            order_before=order,
            order_after=order,
            dismissed_before=before,
            dismissed_after=(*before, d),
        )
        self.history.undo.append(step)
        del self.history.undo[:-UNDO_LIMIT]
        self.history.redo.clear()
        self._restore({}, order, step.dismissed_after)

    def decide_cluster(self, keep: str, others: Iterable[str]) -> None:
        """Keep one item of a cluster and mark the others as its duplicates, in one undo step."""
        changes: dict[str, Decision] = {}
        d = self.decision(keep)
        if d.status != "include":
            changes[keep] = d.model_copy(
                update={"status": "include", "origin": Origin.reviewer, "reason": None}
            )
        for ref in others:
            if ref == keep:
                continue
            changes[ref] = self.decision(ref).model_copy(
                update={
                    "status": "exclude",
                    "origin": Origin.reviewer,
                    "reason": f"duplicate:{keep}",
                    "merged_into": None,
                }
            )
        for ref in list(changes):
            if ref != keep:
                for part in self.merged_into(ref):
                    changes.setdefault(
                        part,
                        self.decision(part).model_copy(
                            update={
                                "status": "undecided",
                                "origin": Origin.reviewer,
                                "merged_into": None,
                            }
                        ),
                    )
        self._apply(changes)

    def set_cursor(self, ref: str | None) -> None:
        """Where the reviewer is; saved so a resumed session opens there; not an undo step."""
        if ref != self.data.cursor:
            self.data.cursor = ref
            self._save()

    def undo(self) -> bool:
        if not self.history.undo:
            return False
        step = self.history.undo.pop()
        self.history.redo.append(step)  # before the save in _restore: the file holds both stacks
        self._restore(step.before, step.order_before, step.dismissed_before)
        return True

    def redo(self) -> bool:
        if not self.history.redo:
            return False
        step = self.history.redo.pop()
        self.history.undo.append(step)
        self._restore(step.after, step.order_after, step.dismissed_after)
        return True

    def retry_save(self) -> bool:
        self._save()
        return self.save_error is None

    # -- internals ---------------------------------------------------------------------------

    def _apply(self, changes: Mapping[str, Decision], order: list[str] | None = None) -> None:
        decisions = self.data.decisions
        before = {ref: decisions[ref] for ref in changes}
        changed = {ref: d for ref, d in changes.items() if d != before[ref]}
        order_before = tuple(self.data.order)
        new_order = order if order is not None else self._order_after(changed)
        if not changed and tuple(new_order) == order_before:
            return
        step = Step(
            before={r: before[r] for r in changed},
            after=dict(changed),
            order_before=order_before,
            order_after=tuple(new_order),
        )
        self.history.undo.append(step)
        del self.history.undo[:-UNDO_LIMIT]
        self.history.redo.clear()  # the save in _restore below writes the stacks with the change
        for ref in changed:  # decided anew, on the text as it is now
            self.data.changed.pop(ref, None)
        self._restore(step.after, step.order_after)

    def _restore(
        self,
        decisions: Mapping[str, Decision],
        order: Iterable[str],
        dismissed: Iterable[Dismissal] | None = None,
    ) -> None:
        self.data.decisions.update(decisions)
        self.data.order = list(order)
        if dismissed is not None:
            self.data.dismissed = list(dismissed)
        self._save(decision=True)
        self._notify()

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    def _order_after(self, changed: Mapping[str, Decision]) -> list[str]:
        """Keep `order` equal to the included, non-merged items; a newly included item goes after
        the last increment that precedes it in batch order."""
        order = [
            r for r in self.data.order if self._is_increment(changed.get(r) or self.decision(r))
        ]
        for ref, d in sorted(changed.items(), key=lambda kv: self._position[kv[0]]):
            if self._is_increment(d) and ref not in order:
                pos = self._position[ref]
                at = 0
                for i, other in enumerate(order):
                    if self._position[other] < pos:
                        at = i + 1
                order.insert(at, ref)
        return order

    @staticmethod
    def _is_increment(d: Decision) -> bool:
        return d.status == "include" and not d.merged_into

    def _save(self, decision: bool = False) -> None:
        """Save the whole state; `decision`: this save carries a decision (counted in `unsaved`
        while saving fails, so quitting can say how many would be lost)."""
        if self.path is None:
            return
        try:
            self._writer(self.path, dump_state(self.data))
        except OSError as exc:
            self.unsaved += decision
            self.save_error = (
                f"{_shown(self.path)}: cannot save ({exc.strerror or exc}); "
                "decisions are kept in memory and saving is retried"
            )
        else:
            self.unsaved = 0
            self.save_error = None


def _shown(path: Path) -> str:
    """A session file as the workspace names it (`.briefdesk/sessions/<stem>.json`)."""
    parts = path.parts
    return "/".join(parts[-3:]) if len(parts) >= 3 and parts[-3] == ".briefdesk" else str(path)


def dump_state(data: SessionData) -> bytes:
    """Compact JSON from pydantic's Rust serialiser: ~2 ms for 3,000 items, so saving on every
    change stays on the key path (an acknowledged decision is on disk) without a visible pause.
    Decisions at their defaults (undecided, nothing noted) are written as `{}`."""
    head = f'{{"schema_version":{data.schema_version},'
    body = data.model_dump_json(exclude_defaults=True, exclude={"schema_version"})
    return (head + body[1:]).encode("utf-8")


def load_state(path: Path, batch: Batch, items: list[Item]) -> SessionData:
    """The saved state when there is one (new items of a changed batch start undecided)."""
    if not path.exists():
        return initial_state(batch, items)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise BriefdeskError(f"cannot read the session ({exc.strerror or exc})", path) from None
    try:
        version = json.loads(raw).get("schema_version")
    except (ValueError, AttributeError):
        version = None
    if isinstance(version, int) and version > SCHEMA_VERSION:
        raise BriefdeskError(
            f"session was written by a newer briefdesk (schema {version}); upgrade briefdesk", path
        )
    try:
        data = SessionData.model_validate_json(raw)
    except (ValidationError, ValueError) as exc:
        first = first_error(exc) if isinstance(exc, ValidationError) else str(exc)
        raise BriefdeskError(
            f"session file is damaged ({first}); move it away to start afresh", path
        ) from None
    if data.batch_id != batch.manifest.id:
        raise BriefdeskError(
            f"session belongs to batch {data.batch_id}, not {batch.manifest.id}", path
        )
    return reconcile(data, items)


def reconcile(data: SessionData, items: list[Item]) -> SessionData:
    """Fit a saved state to the batch's items as they are now.

    Decisions follow their items by fingerprint when refs were renumbered (a `## ` heading added
    or removed); an item edited in place keeps its decision, and when it was decided it is marked
    changed (`changed` keeps the hash of the text the decision was made on; a text edited back to
    it is no longer changed); new items start undecided. When refs moved, the undo history (which
    names old refs) is dropped.
    """
    refs = [item.ref for item in items]
    known = set(refs)
    now = {item.ref: fingerprint(item) for item in items}
    by_print: dict[str, str] = {}
    for ref, fp in now.items():
        by_print.setdefault(fp, ref)
    moved = {
        old: by_print[fp]
        for old, fp in data.fingerprints.items()
        if now.get(old) != fp and fp in by_print and by_print[fp] != old
    }
    taken = set(moved.values())
    kept: dict[str, Decision] = {}
    changed: dict[str, str] = {}
    for old, d in data.decisions.items():
        target = moved.get(old) or (old if old in known and old not in taken else None)
        if target is not None:
            basis = data.changed.get(old) or data.fingerprints.get(old)
            if d.status != "undecided" and basis is not None and basis != now[target]:
                changed[target] = basis
            kept[target] = (
                d.model_copy(update={"merged_into": moved.get(d.merged_into, d.merged_into)})
                if d.merged_into
                else d
            )
    decisions = {ref: kept.get(ref, Decision()) for ref in refs}
    for ref, d in decisions.items():  # a part whose increment is gone goes back to the reviewer
        if d.merged_into and not (
            d.merged_into in decisions and decisions[d.merged_into].status == "include"
        ):
            decisions[ref] = d.model_copy(update={"status": "undecided", "merged_into": None})
    order = [moved.get(r, r) for r in data.order]
    order = [
        r
        for r in dict.fromkeys(order)
        if r in known and decisions[r].status == "include" and not decisions[r].merged_into
    ]
    order += [
        r
        for r in refs
        if decisions[r].status == "include" and not decisions[r].merged_into and r not in order
    ]
    cursor = moved.get(data.cursor, data.cursor) if data.cursor else None
    return data.model_copy(
        update={
            "decisions": decisions,
            "order": order,
            "cursor": cursor if cursor in known else (refs[0] if refs else None),
            "schema_version": SCHEMA_VERSION,  # an older file is written back in today's form
            "fingerprints": now,
            "changed": changed,
            "history": data.history if not moved else History(),
        }
    )
