"""A review session: every edit saved at once, undone and redone, and locked (docs/reliability.md).

Every mutation goes through `_apply`, which records an undo step and saves the whole state, undo
history included, atomically (temp file, fsync, replace) before returning, so a decision the caller
has seen acknowledged is on disk and undo reaches back across restarts. If saving fails (read-only
folder, full disk) the state is kept in memory, `save_error` says why, and the next change or
`retry_save()` tries again. Before every save the session checks that it still holds its lock
and its session file (`_hold`): a lock file deleted under it (`rm`, `git clean -fdx`) is taken
again when nobody else took it and nobody wrote the session since; otherwise `lost` says why and
the session stops writing: every change is refused, nothing is overwritten
(docs/reliability.md). Each public method below is one undo step (or none, when it changes
nothing); the rules of each edit live in `core.review.edits` as pure transitions.

The API the desk and the commands use (refs are item refs `<path>#<n>`; `inc` is an increment or
spot-check id from `plan`):

Reading
    `plan` (`core.brief.plan.Plan`: which items form which increment, the one rule), `decision`,
    `evidence`, `item`, `increment_of(ref)`, `entry(inc)`, `order` (the increments' first parts),
    `counts()`, `history`, `overclaims()` (written texts claiming more than the evidence now).
Items
    `include`, `exclude(ref, reason)`, `mark_duplicate(ref, of)`, `undecide`, `confirm`,
    `set_evidence(ref, level, note)` (raising the level needs a note), `add_note(ref, text)`.
Increments
    `merge(ref, into)`, `split(ref)`, `absorb(ref, inc)`, `describe(ref)`, `move(ref, delta)`,
    `move_increment(inc, delta)`, `move_part(ref, delta)`, `set_field(inc, name, text)` (title,
    points, relation, boundary; None or "" = derived again), `update_increment(inc, **fields)`
    (any of those, `placements`, `sources`, as one step: a form saved), `set_placement(ref,
    section, action)` (the one-key placement), `add_placement(inc, placement, at)`,
    `edit_placement(inc, index, **changes)` (retarget), `move_placement(inc, index, delta)`,
    `remove_placement(inc, index)`.
Spot checks
    `add_spot_check(material)` (a `Material` from `Review.spot_material`), `remove_spot_check(inc)`,
    `refresh_spot_check(inc, material)` (its file changed: cite it as it is now, texts kept);
    they are entries of `plan` like increments, edited by the same increment methods.
The batch's notes
    `add_contradiction(text, refs)`, `edit_contradiction(index, text=, refs=)`,
    `move_contradiction(index, delta)`, `delete_contradiction(index)`; the same for handles
    (`add_handle(text, refs, detail)` ...). Refs are checked by `resolves` (set by
    `Review.open_session`).
Duplicates and staleness
    `dismiss(item, candidate, candidate_key)` (not a duplicate), `decide_cluster(keep, others)`;
    `changed` / `is_changed(ref)` (decided items whose text changed since), `acknowledge(ref)`,
    `refit(items)` (follow the materials as they are on disk now); `gone` (decisions whose item
    is no longer there), `move_gone(index, ref)`, `drop_gone(index)`.
Undo
    `undo()`, `redo()`; `set_cursor(ref)` and `acknowledge(ref)` are saved but are no undo step.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..brief.plan import Plan, make_plan, normalise
from ..errors import BriefdeskError, SessionLocked
from ..model.decisions import Decision
from ..model.dismissals import Dismissal
from ..model.gone import GoneDecision
from ..model.increments import Increment, Placement, SpotCheck
from ..model.notes import Note
from ..model.values import Evidence, Item, Material
from ..storage import fileio
from ..storage.fileio import atomic_write, remove_temp_files
from ..storage.lock import Busy, FilePin, SessionLock, describe
from ..storage.migrate import OLD_SCHEMAS, migrate_session
from ..storage.yamlio import first_error
from ..workspace.manifest import Batch
from .edits import gone as gone_edits
from .edits import increments as inc_edits
from .edits import items as item_edits
from .edits import notes as note_edits
from .edits.change import UNCHANGED, Change, View
from .proposals import fingerprint, initial_state
from .sessionfile import (
    ARXIV_GROUPS,
    ARXIV_LAYOUTS,
    SCHEMA_VERSION,
    History,
    Patch,
    SessionData,
    Step,
    counts,
)

UNDO_LIMIT = 500  # steps kept (and saved); older ones are dropped

__all__ = ["Session", "atomic_write", "dump_state", "initial_state", "load_state", "reconcile"]


class Session:
    """The one object the TUI and the commands edit; see the module docstring for the API."""

    def __init__(
        self,
        data: SessionData,
        items: list[Item],
        path: Path | None,
        lock: SessionLock | None = None,
        writer: Callable[[Path, bytes], None] | None = None,
        pin: FilePin | None = None,
    ) -> None:
        self.data = data
        self.items = items
        self.path = path
        self.lock = lock
        self.pin = pin  # the flock on the session file itself (`core.storage.lock.FilePin`)
        # why this session no longer writes: its lock was taken by another desk (see `_hold`)
        self.lost: str | None = None
        # makes the state folder again (set by `Review.open_session`): a lock taken again after
        # `git clean -fdx` needs the folder and its `.gitignore`
        self.prepare: Callable[[], object] | None = None
        self.save_error: str | None = None
        self.unsaved = 0  # decisions made since the last save that reached the disk
        self._writer = writer or atomic_write
        self._item_by_ref = {item.ref: item for item in items}
        self._refs = [item.ref for item in items]
        self._levels = {item.ref: item.evidence for item in items}
        self._positions = {ref: i for i, ref in enumerate(self._refs)}
        self.listeners: list[Callable[[Session], None]] = []
        # whether a note's ref names something (an item, a living-doc section, a brief entry);
        # `Review.open_session` sets it, a bare session checks the shape only
        self.resolves: Callable[[str], bool] | None = None

    # -- opening -----------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        session_path: Path,
        batch: Batch,
        items: list[Item],
        *,
        readonly: bool = False,
        spot_hashes: Mapping[str, str] | None = None,
        dismissed: Iterable[Dismissal] = (),
    ) -> Session:
        """Resume the saved session or start one from the proposals (with `dismissed`, the
        judgements committed for this batch before); take the lock unless readonly."""
        lock = pin = None
        if not readonly:
            lock = SessionLock(session_path.with_suffix(".lock"))
            lock.acquire()
            pin = FilePin(session_path)
            if not pin.take():  # its holder is alive, but someone deleted its lock file
                lock.release()
                raise SessionLocked(
                    "session is open in another briefdesk (its lock file was deleted); close it "
                    "there first",
                    session_path,
                )
        try:
            data = load_state(session_path, batch, items, spot_hashes)
            if not session_path.exists() and dismissed:
                data.dismissed = list(dict.fromkeys([*data.dismissed, *dismissed]))
        except BaseException:
            if lock:
                lock.release()
            if pin:
                pin.release()
            raise
        session = cls(data, items, None if readonly else session_path, lock, pin=pin)
        if not readonly:
            remove_temp_files(session_path)
            if not session_path.exists():
                session._save()  # a new session is on disk from the start
        return session

    def close(self) -> None:
        if self.lock:
            self.lock.release()
            self.lock = None
        if self.pin:
            self.pin.release()
            self.pin = None

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

    @cached_property
    def plan(self) -> Plan:
        """Which items form which increment (`core.brief.plan`), for the state as it is now."""
        return make_plan(self._refs, self.data, trusted=True)

    def increment_of(self, ref: str) -> Increment | None:
        return self.plan.increment_of(ref)

    def entry(self, inc_id: str) -> Increment | SpotCheck:
        found = self.plan.by_id(inc_id)
        if found is None:
            raise BriefdeskError(f"no increment {inc_id} in this session")
        return found

    @property
    def order(self) -> list[str]:
        """The first described part of every increment, in brief order."""
        return [inc.parts[0] for inc in self.plan.increments]

    def counts(self) -> dict[str, int]:
        return counts(self.data)

    @property
    def changed(self) -> list[str]:
        """Decided items whose text changed since their decision, in batch order."""
        return [i.ref for i in self.items if i.ref in self.data.changed]

    def is_changed(self, ref: str) -> bool:
        return ref in self.data.changed

    def overclaims(self) -> list[inc_edits.Overclaim]:
        """Written boundaries and 来源 texts that claim more than their evidence now (an item's
        level lowered after they were written): the desk and `commit` flag them."""
        return inc_edits.overclaims(self._view())

    # -- items -------------------------------------------------------------------------------

    def include(self, ref: str) -> None:
        self._apply(item_edits.include(self._view(), ref))

    def exclude(self, ref: str, reason: str = "off-topic") -> None:
        self._apply(item_edits.exclude(self._view(), ref, reason))

    def mark_duplicate(self, ref: str, of: str) -> None:
        self.exclude(ref, f"duplicate:{of}")

    def undecide(self, ref: str) -> None:
        self._apply(item_edits.undecide(self._view(), ref))

    def set_label(self, ref: str, label: str | None) -> None:
        """How section 四 names an excluded item (`Decision.label`); None or blank: its title and
        path again."""
        d = self.decision(ref)
        if d.status != "exclude":
            raise BriefdeskError("only an excluded item has a line of its own among the exclusions")
        text = (label or "").strip() or None
        self._apply(Change(decisions={ref: d.model_copy(update={"label": text})}))

    def set_wording(self, ref: str, wording: str | None) -> None:
        """What section 四 says of an excluded item after its name, in the reviewer's words
        (`Decision.wording`); None or blank: the reason and notes as the tool words them. The
        reason stays, so a duplicate keeps citing its earlier brief's entry (docs/brief.md)."""
        d = self.decision(ref)
        if d.status != "exclude":
            raise BriefdeskError("only an excluded item has a line of its own among the exclusions")
        text = " ".join((wording or "").split()) or None
        self._apply(Change(decisions={ref: d.model_copy(update={"wording": text})}))

    def set_arxiv_layout(self, layout: str | None) -> None:
        """How section 三 lays out its groups, one undo step: None, one id a line under the
        group's heading; `inline`, the group's ids on its heading's line (docs/brief.md)."""
        if layout not in ARXIV_LAYOUTS:
            raise BriefdeskError(f"not a layout of section 三: {layout}; use inline or lines")
        self._apply(Change(texts={"arxiv_layout": None if layout == "lines" else layout}))

    def set_arxiv_heading(self, group: str, text: str | None) -> None:
        """A group of section 三 headed in the reviewer's words (`batch`, `spot`, `excluded`,
        `undecided`; the tool adds the count); None or blank: the tool's heading. One undo step."""
        if group not in ARXIV_GROUPS:
            raise BriefdeskError(f"not a group of section 三: {group}")
        headings = dict(self.data.arxiv_headings)
        words = " ".join((text or "").split())
        if words:
            headings[group] = words
        else:
            headings.pop(group, None)
        self._apply(Change(arxiv_headings=headings))

    def set_arxiv_note(self, arxiv_id: str, text: str | None) -> None:
        """What the parenthesis after an arXiv id of section 三 says, in the reviewer's words (the
        level is added when it names none); None or blank: the level alone. One undo step."""
        notes = dict(self.data.arxiv_notes)
        words = " ".join((text or "").split())
        if words:
            notes[arxiv_id] = words
        else:
            notes.pop(arxiv_id, None)
        self._apply(Change(arxiv_notes=notes))

    def set_text(self, name: str, text: str | None) -> None:
        """One of the batch's own texts as written, one undo step: `purpose` (用途) and
        `background` (背景) of the header (None: the manifest's; "": no line), `arxiv_note` (in
        三's last line)."""
        if name not in ("purpose", "background", "arxiv_note"):
            raise BriefdeskError(f"not a text of the brief: {name}")
        self._apply(Change(texts={name: text}))

    def confirm(self, ref: str) -> None:
        """Make a proposed decision (and its increment) the reviewer's own without changing it."""
        self._apply(item_edits.confirm(self._view(), ref))

    def set_evidence(self, ref: str, level: Evidence, note: str | None = None) -> None:
        self._apply(item_edits.set_evidence(self._view(), ref, level, note))

    def add_note(self, ref: str, text: str) -> None:
        self._apply(item_edits.add_note(self._view(), ref, text))

    # -- increments --------------------------------------------------------------------------

    def merge(self, ref: str, into: str) -> None:
        """Fold `ref`'s increment into the increment of the item `into`."""
        self._apply(inc_edits.merge(self._view(), ref, into))

    def split(self, ref: str) -> None:
        self._apply(inc_edits.split(self._view(), ref))

    def absorb(self, ref: str, inc_id: str) -> None:
        self._apply(inc_edits.absorb(self._view(), ref, inc_id))

    def describe(self, ref: str) -> None:
        self._apply(inc_edits.describe(self._view(), ref))

    def move(self, ref: str, delta: int) -> bool:
        """Move the increment of `ref` up (-1) or down (+1); False at an end or when `ref` is in
        no increment."""
        inc = self.increment_of(ref)
        return inc is not None and self.move_increment(inc.id, delta)

    def move_increment(self, inc_id: str, delta: int) -> bool:
        return self._apply(inc_edits.move(self._view(), inc_id, delta))

    def move_part(self, ref: str, delta: int) -> bool:
        return self._apply(inc_edits.move_part(self._view(), ref, delta))

    def set_field(self, inc_id: str, name: str, value: str | None) -> None:
        self._apply(inc_edits.set_field(self._view(), inc_id, name, value))

    def update_increment(
        self,
        inc_id: str,
        *,
        title: str | None = UNCHANGED,
        points: str | None = UNCHANGED,
        relation: str | None = UNCHANGED,
        boundary: str | None = UNCHANGED,
        placements: Iterable[Placement] = UNCHANGED,
        sources: dict[str, str | None] = UNCHANGED,
        boundary_note: str | None = UNCHANGED,
    ) -> bool:
        return self._apply(
            inc_edits.update(
                self._view(),
                inc_id,
                title=title,
                points=points,
                relation=relation,
                boundary=boundary,
                placements=placements if placements is UNCHANGED else list(placements),
                sources=sources,
                boundary_note=boundary_note,
            )
        )

    def set_placement(self, ref: str, section: str | None, action: str | None = "append") -> None:
        self._apply(inc_edits.set_placement(self._view(), ref, section, action))

    def add_placement(self, inc_id: str, placement: Placement, at: int | None = None) -> None:
        self._apply(inc_edits.add_placement(self._view(), inc_id, placement, at))

    def edit_placement(self, inc_id: str, index: int, **changes: Any) -> None:
        self._apply(inc_edits.edit_placement(self._view(), inc_id, index, **changes))

    def move_placement(self, inc_id: str, index: int, delta: int) -> bool:
        return self._apply(inc_edits.move_placement(self._view(), inc_id, index, delta))

    def remove_placement(self, inc_id: str, index: int) -> None:
        self._apply(inc_edits.remove_placement(self._view(), inc_id, index))

    # -- spot checks -------------------------------------------------------------------------

    def add_spot_check(self, material: Material, title: str | None = None) -> str:
        """Add a material outside the batch (from `Review.spot_material`); returns its id."""
        change = inc_edits.add_spot_check(self._view(), material.path, material.sha256, title)
        self._apply(change)
        assert change.spot_checks
        return change.spot_checks[-1].id

    def refresh_spot_check(self, spot_id: str, material: Material) -> bool:
        """Cite `material` (the spot check's file as read now, `Review.spot_material`) instead of
        the bytes read before, keeping the texts; one undo step, False when nothing changed."""
        spot = self._view().spot_check(spot_id)
        if material.path != spot.path:
            raise BriefdeskError(f"spot check {spot_id} is of {spot.path}, not {material.path}")
        return self._apply(inc_edits.refresh_spot_check(self._view(), spot_id, material.sha256))

    def remove_spot_check(self, spot_id: str) -> None:
        self._apply(inc_edits.remove_spot_check(self._view(), spot_id))

    # -- the batch's contradictions and handles ----------------------------------------------

    def add_contradiction(self, text: str, refs: Iterable[str] = ()) -> None:
        self._apply(note_edits.add(self._view(), "contradictions", text, refs))

    def edit_contradiction(
        self, index: int, *, text: str = UNCHANGED, refs: Iterable[str] = UNCHANGED
    ) -> None:
        self._apply(note_edits.edit(self._view(), "contradictions", index, text=text, refs=refs))

    def move_contradiction(self, index: int, delta: int) -> bool:
        return self._apply(note_edits.move(self._view(), "contradictions", index, delta))

    def delete_contradiction(self, index: int) -> None:
        self._apply(note_edits.delete(self._view(), "contradictions", index))

    def add_handle(self, text: str, refs: Iterable[str] = (), detail: str | None = None) -> None:
        self._apply(note_edits.add(self._view(), "handles", text, refs, detail))

    def edit_handle(
        self,
        index: int,
        *,
        text: str = UNCHANGED,
        refs: Iterable[str] = UNCHANGED,
        detail: str | None = UNCHANGED,
    ) -> None:
        self._apply(
            note_edits.edit(self._view(), "handles", index, text=text, refs=refs, detail=detail)
        )

    def move_handle(self, index: int, delta: int) -> bool:
        return self._apply(note_edits.move(self._view(), "handles", index, delta))

    def delete_handle(self, index: int) -> None:
        self._apply(note_edits.delete(self._view(), "handles", index))

    # -- duplicates and staleness ------------------------------------------------------------

    def dismiss(self, item_ref: str, candidate: str, candidate_key: str) -> None:
        """Judge `candidate` not a duplicate of the item (one undo step); keyed by both texts."""
        from ..matching import content_key

        item = self.item(item_ref)
        d = Dismissal(
            item=item_ref,
            candidate=candidate,
            item_key=content_key(item.text),
            candidate_key=candidate_key,
        )
        if d not in self.data.dismissed:
            self._apply(Change(dismissed=[*self.data.dismissed, d]))

    def decide_cluster(self, keep: str, others: Iterable[str]) -> None:
        """Keep one item of a cluster and mark the others as its duplicates, in one undo step."""
        view = self._view()
        change = item_edits.include(view, keep) if view.home(keep) is None else Change()
        for ref in others:
            if ref == keep:
                continue
            view = View(
                self._refs,
                _preview(self.data, change),
                self._levels,
                self.resolves,
                self._positions,
            )
            step = item_edits.exclude(view, ref, f"duplicate:{keep}")
            change.decisions.update(step.decisions)
            if step.increments is not None:
                change.increments = step.increments
            change.next_id = step.next_id or change.next_id
        self._apply(change)

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
        self.data = reconcile(self.data, items, self._item_by_ref)
        self.items = items
        self._item_by_ref = {item.ref: item for item in items}
        self._refs = [item.ref for item in items]
        self._levels = {item.ref: item.evidence for item in items}
        self._positions = {ref: i for i, ref in enumerate(self._refs)}
        self.__dict__.pop("plan", None)
        self._save()
        self._notify()
        return [ref for ref in self.changed if ref not in before]

    @property
    def gone(self) -> list[GoneDecision]:
        """Decisions whose item is no longer in its material (`core.model.gone`), oldest first."""
        return self.data.gone

    def move_gone(self, index: int, to: str) -> None:
        """Put the gone decision `index` (of `gone`) on the undecided item `to`; one undo step."""
        self._apply(gone_edits.move(self._view(), index, to))

    def drop_gone(self, index: int) -> None:
        """Let go of the gone decision `index`; one undo step (undo brings it back)."""
        self._apply(gone_edits.drop(self._view(), index))

    # -- cursor, undo ------------------------------------------------------------------------

    def set_cursor(self, ref: str | None) -> None:
        """Where the reviewer is; saved so a resumed session opens there; not an undo step."""
        if ref != self.data.cursor:
            self.data.cursor = ref
            self._save()

    def undo(self) -> bool:
        if not self.history.undo:
            return False
        self._writable()
        step = self.history.undo.pop()
        self.history.redo.append(step)  # before the save in _restore: the file holds both stacks
        self._restore(step.before)
        return True

    def redo(self) -> bool:
        if not self.history.redo:
            return False
        self._writable()
        step = self.history.redo.pop()
        self.history.undo.append(step)
        self._restore(step.after)
        return True

    def retry_save(self) -> bool:
        self._save()
        return self.save_error is None and self.lost is None

    def check_lock(self) -> bool:
        """Whether this session still writes (see `_hold`); a desk polls it to say at once when
        its lock was lost, not only at the next change."""
        return self.path is None or self._hold()

    # -- internals ---------------------------------------------------------------------------

    def _view(self) -> View:
        view = View(self._refs, self.data, self._levels, self.resolves, self._positions)
        view.__dict__["plan"] = self.plan  # the cached plan: the state has not changed since
        return view

    def _apply(self, change: Change) -> bool:
        """Record `change` as one undo step and save; False when it changes nothing."""
        self._writable()
        if change.next_id is not None:
            self.data.next_id = max(self.data.next_id, change.next_id)
        before, after = diff(self.data, change)
        if after == Patch():
            return False
        self.history.undo.append(Step(before=before, after=after))
        del self.history.undo[:-UNDO_LIMIT]
        self.history.redo.clear()  # the save in _restore below writes the stacks with the change
        for ref in after.decisions:  # decided anew, on the text as it is now
            self.data.changed.pop(ref, None)
        self._restore(after)
        return True

    def _restore(self, patch: Patch) -> None:
        apply_patch(self.data, patch)
        self.__dict__.pop("plan", None)
        self._save(decision=True)
        self._notify()

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    def _save(self, decision: bool = False) -> None:
        """Save the whole state; `decision`: this save carries a decision (counted in `unsaved`
        while saving fails, so quitting can say how many would be lost)."""
        if self.path is None or not self._hold():
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
            self.save_error = None
            self.unsaved = 0
            if self.pin is not None and not self.pin.take():
                self._lose("another briefdesk took the session as it was saved")

    def _writable(self) -> None:
        """Refuse a change once the lock is lost: the screen then shows what the disk holds."""
        if self.path is not None and not self._hold():
            raise BriefdeskError(self.lost or "session is read-only", self.path)

    def _lose(self, why: str) -> None:
        self.lost = (
            f"session lock lost: {why}; this window is read-only now and saves nothing more "
            "(reopen the batch)"
        )

    def _hold(self) -> bool:
        """Whether this session may write its file now: it still holds its lock file and its
        session file, or takes them again when a deletion (`rm`, `git clean -fdx`) let go of
        them and nobody else has taken or written the session since. False (and `lost` set)
        otherwise; never writes over another holder's session."""
        if self.lost is not None:
            return False
        if self.lock is None or self.pin is None:
            return True  # a session made without a lock (a test's): nothing to check
        if self.lock.still_held():  # nobody else has opened it since
            if self.pin.state() != "other":  # ours, or deleted alone: written again
                return True
            self._lose("the session file was replaced by another process")
            return False
        lock = SessionLock(self.lock.path)
        try:
            if self.prepare is not None:
                self.prepare()
            lock.path.parent.mkdir(parents=True, exist_ok=True)
            lock.try_acquire()
        except Busy as busy:
            self._lose(
                "its lock file was deleted and another briefdesk opened the session "
                f"({describe(busy.info)})"
            )
            return False
        except (OSError, BriefdeskError):
            return True  # no folder or lock can be made: saving says why, and is retried
        if self.pin.state() == "other":  # written by another desk that has closed since
            lock.release()
            self._lose("its lock file was deleted and another briefdesk saved the session since")
            return False
        self.lock.release()  # the deleted file's descriptor (the new file is not unlinked)
        self.lock = lock
        return True


def _shown(path: Path) -> str:
    """A session file as the workspace names it (`.briefdesk/sessions/<stem>.json`)."""
    parts = path.parts
    return "/".join(parts[-3:]) if len(parts) >= 3 and parts[-3] == ".briefdesk" else str(path)


# -- steps -----------------------------------------------------------------------------------


def diff(data: SessionData, change: Change) -> tuple[Patch, Patch]:
    """The two sides of the step that turns `data` into `data` + `change`: only what differs."""
    old_d = {ref: data.decisions.get(ref) or Decision() for ref in change.decisions}
    changed = {ref: d for ref, d in change.decisions.items() if d != old_d[ref]}
    before: dict[str, Any] = {"decisions": {r: old_d[r] for r in changed}}
    after: dict[str, Any] = {"decisions": changed}
    if change.increments is not None and not _same_objects(data.increments, change.increments):
        old = {inc.id: inc for inc in data.increments}
        new = {inc.id: inc for inc in change.increments}
        ids = [*old, *(i for i in new if i not in old)]
        touched = [i for i in ids if old.get(i) is not new.get(i) and old.get(i) != new.get(i)]
        before["increments"] = {i: old.get(i) for i in touched}
        after["increments"] = {i: new.get(i) for i in touched}
        old_order = tuple(inc.id for inc in data.increments)
        new_order = tuple(inc.id for inc in change.increments)
        if old_order != new_order:
            before["order"], after["order"] = old_order, new_order
    for name in ("spot_checks", "contradictions", "handles", "dismissed", "gone"):
        value = getattr(change, name)
        if value is not None and tuple(value) != tuple(getattr(data, name)):
            before[name] = tuple(getattr(data, name))
            after[name] = tuple(value)
    for name in ("arxiv_headings", "arxiv_notes"):
        mapping = getattr(change, name)
        if mapping is not None and mapping != getattr(data, name):
            before[name], after[name] = dict(getattr(data, name)), dict(mapping)
    if change.texts:
        old_t = {k: getattr(data, k) for k in change.texts}
        if old_t != change.texts:
            before["texts"], after["texts"] = old_t, dict(change.texts)
    return Patch(**before), Patch(**after)


def _same_objects(a: list[Increment], b: list[Increment]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def apply_patch(data: SessionData, patch: Patch) -> None:
    data.decisions.update(patch.decisions)
    if patch.increments or patch.order is not None:
        by_id = {inc.id: inc for inc in data.increments}
        for inc_id, inc in patch.increments.items():
            if inc is None:
                by_id.pop(inc_id, None)
            else:
                by_id[inc_id] = inc
        order = list(patch.order if patch.order is not None else [i.id for i in data.increments])
        # an increment a step brings back that is not in the order (a step of a history that
        # followed a gone item, `_moved_history`) goes last rather than nowhere
        order += [i for i, inc in patch.increments.items() if inc is not None and i not in order]
        data.increments = [by_id[i] for i in order if i in by_id]
    for name in ("spot_checks", "contradictions", "handles", "dismissed", "gone"):
        value = getattr(patch, name)
        if value is not None:
            setattr(data, name, list(value))
    for name in ("arxiv_headings", "arxiv_notes"):
        mapping = getattr(patch, name)
        if mapping is not None:
            setattr(data, name, dict(mapping))
    for name, text in (patch.texts or {}).items():
        setattr(data, name, text)


# -- the session file ------------------------------------------------------------------------


def dump_state(data: SessionData) -> bytes:
    """Compact JSON from pydantic's Rust serialiser: a few ms for 3,000 items, so saving on every
    change stays on the key path (an acknowledged decision is on disk) without a visible pause.
    Decisions at their defaults (undecided, nothing noted) are written as `{}`."""
    head = f'{{"schema_version":{data.schema_version},'
    body = data.model_dump_json(exclude_defaults=True, exclude={"schema_version"})
    return (head + body[1:]).encode("utf-8")


def load_state(
    path: Path,
    batch: Batch,
    items: list[Item],
    spot_hashes: Mapping[str, str] | None = None,
) -> SessionData:
    """The saved state when there is one (new items of a changed batch start undecided); a
    schema 1 or 2 session is migrated (`core.storage.migrate`)."""
    if not path.exists():
        return initial_state(batch, items, spot_hashes)
    raw = fileio.read_bytes(path, path)  # a FIFO or a device planted there: one line, no hang
    try:
        parsed = json.loads(raw)
        version = parsed.get("schema_version")
    except (ValueError, AttributeError):
        parsed, version = None, None
    if isinstance(version, int) and version > SCHEMA_VERSION:
        raise BriefdeskError(
            f"session was written by a newer briefdesk (schema {version}); upgrade briefdesk", path
        )
    try:
        if version in OLD_SCHEMAS and isinstance(parsed, dict):
            data = SessionData.model_validate(migrate_session(parsed))
        else:
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


def reconcile(
    data: SessionData, items: list[Item], seen: Mapping[str, Item] | None = None
) -> SessionData:
    """Fit a saved state to the batch's items as they are now.

    Decisions follow their items by fingerprint when refs were renumbered (a `## ` heading added
    or removed), and so do the increments' parts, the notes' refs and the undo history's steps;
    an item edited in place keeps its decision, and when it was decided it is marked changed
    (`changed` keeps the hash of the text the decision was made on; a text edited back to it is no
    longer changed); new items start undecided. A decision whose item is gone is kept in `gone`
    (`core.model.gone`, titled from `seen`, the items as the caller had them, when given) and the
    history's steps let go of that item only; when its text comes back on an undecided item, the
    decision goes back onto it. The result stores exactly its plan
    (`core.brief.plan.normalise`).
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

    def follow(old: str) -> str | None:
        return moved.get(old) or (old if old in known and old not in taken else None)

    was = set(data.fingerprints) | set(data.decisions)  # the batch's refs as saved

    def where(ref: str) -> str | None:
        """A ref a note or a reason names, now: an item's followed (None: gone), any other (a
        living-document section, an earlier brief's entry) as it is."""
        return follow(ref) if ref in was else ref

    kept: dict[str, Decision] = {}
    changed: dict[str, str] = {}
    gone = list(data.gone)
    for old, d in data.decisions.items():
        target = follow(old)
        if target is not None:
            basis = data.changed.get(old) or data.fingerprints.get(old)
            if d.status != "undecided" and basis is not None and basis != now[target]:
                changed[target] = basis
            dup = d.duplicate_of
            if dup is not None and where(dup) != dup:  # the item it names was renumbered or went
                now_dup = where(dup)
                other = (seen or {}).get(dup)
                name = other.title if other is not None else dup
                reason = (
                    f"duplicate:{now_dup}"
                    if now_dup is not None
                    else f"duplicate of an item gone from its material: {name}"
                )
                d = d.model_copy(update={"reason": reason})
            kept[target] = d
        elif _says_something(d):
            gone.append(_gone(data, old, d, seen))
    same = all(follow(r) == r for r in data.decisions)
    state = data
    if not same:
        state = data.model_copy(
            update={
                "increments": [
                    x for inc in data.increments if (x := _moved_increment(inc, follow))
                ],
                "contradictions": [_moved_note(n, where) for n in data.contradictions],
                "handles": [_moved_note(n, where) for n in data.handles],
            }
        )
    state, gone = _came_back(state, refs, kept, gone, by_print)
    cursor = moved.get(data.cursor, data.cursor) if data.cursor else None
    state = state.model_copy(
        update={
            "decisions": {ref: kept.get(ref, Decision()) for ref in refs},
            "cursor": cursor if cursor in known else (refs[0] if refs else None),
            "schema_version": SCHEMA_VERSION,  # an older file is written back in today's form
            "fingerprints": now,
            "changed": changed,
            "gone": gone,
            "history": data.history if same else _moved_history(data.history, follow, where),
        }
    )
    return normalise(state, refs)


def _says_something(d: Decision) -> bool:
    """Whether a decision holds anything of the reviewer's: a status, a level, a note."""
    return d.status != "undecided" or bool(d.notes or d.evidence or d.evidence_note)


def _gone(
    data: SessionData, old: str, d: Decision, seen: Mapping[str, Item] | None
) -> GoneDecision:
    """What is kept of a decision whose item `old` is gone: see `core.model.gone`."""
    inc = next((i for i in data.increments if old in i.items), None)
    increment, within = None, None
    if inc is not None and inc.items == (old,):
        increment = inc
    elif inc is not None:
        within = inc.id
        increment = Increment(
            id=inc.id,
            parts=(old,),
            sources={old: inc.sources[old]} if old in inc.sources else {},
            placements=tuple(p for p in inc.placements if p.part == old),
            origin=inc.origin,
        )
    item = (seen or {}).get(old)
    return GoneDecision(
        ref=old,
        title=item.title if item is not None else None,
        fingerprint=data.fingerprints.get(old),
        decision=d,
        increment=increment,
        within=within,
    )


def _came_back(
    state: SessionData,
    refs: list[str],
    kept: dict[str, Decision],
    gone: list[GoneDecision],
    by_print: Mapping[str, str],
) -> tuple[SessionData, list[GoneDecision]]:
    """Gone decisions whose text is on an undecided item again go back onto it (`kept` is
    updated), with what was written for them."""
    back = [
        (g, by_print[g.fingerprint])
        for g in gone
        if g.fingerprint is not None
        and g.fingerprint in by_print
        and not _says_something(kept.get(by_print[g.fingerprint], Decision()))
    ]
    if not back:
        return state, gone
    from .edits.gone import place

    increments = list(state.increments)
    change = Change(next_id=state.next_id)
    view = View(refs, state)
    done: set[str] = set()
    for g, ref in back:
        if ref in done:
            continue
        done.add(ref)
        kept[ref] = g.decision
        if g.decision.status == "include" and not any(ref in i.items for i in increments):
            increments = place(view, increments, g, ref, change)
    returned = {id(g) for g, ref in back if ref in done}
    state = state.model_copy(update={"increments": increments, "next_id": change.next_id})
    return state, [g for g in gone if id(g) not in returned]


def _moved_increment(inc: Increment, follow: Callable[[str], str | None]) -> Increment | None:
    """`inc` naming the items' refs now; None when none of its items is left."""

    def refs(values: Iterable[str]) -> tuple[str, ...]:
        return tuple(r for r in (follow(v) for v in values) if r is not None)

    parts, absorbed = refs(inc.parts), refs(inc.absorbed)
    if not parts:  # an absorbed item is promoted, or nothing is left
        if not absorbed:
            return None
        parts, absorbed = absorbed[:1], absorbed[1:]
    return inc.model_copy(
        update={
            "parts": parts,
            "absorbed": absorbed,
            "placements": tuple(
                p.model_copy(update={"part": follow(p.part)}) if p.part else p
                for p in inc.placements
                if not p.part or follow(p.part)  # a gone part's placement goes with it
            ),
            "sources": {t: text for r, text in inc.sources.items() if (t := follow(r))},
        }
    )


def _moved_history(
    history: History, follow: Callable[[str], str | None], where: Callable[[str], str | None]
) -> History:
    """The undo and redo stacks naming the items' refs now: each step lets go of the items that
    are gone (a step left with nothing to change goes), so undo still reaches back."""

    def patch(p: Patch, emptied: set[str]) -> Patch:
        increments: dict[str, Increment | None] = {}
        for i, inc in p.increments.items():
            increments[i] = _moved_increment(inc, follow) if inc is not None else None
            if inc is not None and increments[i] is None:
                emptied.add(i)  # it held only items that are gone
        update: dict[str, Any] = {
            "decisions": {t: d for r, d in p.decisions.items() if (t := follow(r))},
            "increments": increments,
        }
        for name in ("contradictions", "handles"):
            notes = getattr(p, name)
            if notes is not None:
                update[name] = tuple(_moved_note(n, where) for n in notes)
        return p.model_copy(update=update)

    def step(s: Step) -> Step:
        emptied: set[str] = set()
        before, after = patch(s.before, emptied), patch(s.after, emptied)
        if before.order is not None and after.order is not None:
            orders = [tuple(i for i in o if i not in emptied) for o in (before.order, after.order)]
            same = orders[0] == orders[1]
            before = before.model_copy(update={"order": None if same else orders[0]})
            after = after.model_copy(update={"order": None if same else orders[1]})
        # what a step no longer changes is left out of both sides (a desk names a step by them)
        same_d = {r for r in after.decisions if before.decisions.get(r) == after.decisions[r]}
        same_i = {i for i in after.increments if before.increments.get(i) == after.increments[i]}
        before, after = (
            p.model_copy(
                update={
                    "decisions": {r: d for r, d in p.decisions.items() if r not in same_d},
                    "increments": {i: x for i, x in p.increments.items() if i not in same_i},
                }
            )
            for p in (before, after)
        )
        return Step(before=before, after=after)

    def steps(values: list[Step]) -> list[Step]:
        out = [step(s) for s in values]
        return [s for s in out if s.before != s.after]

    return History(undo=steps(history.undo), redo=steps(history.redo))


def _preview(data: SessionData, change: Change) -> SessionData:
    """`data` as `change` would leave it (for an edit built of several), without touching it."""
    update: dict[str, object] = {"decisions": {**data.decisions, **change.decisions}}
    if change.increments is not None:
        update["increments"] = change.increments
    if change.next_id is not None:
        update["next_id"] = change.next_id
    return data.model_copy(update=update)


def _moved_note(note: Note, where: Callable[[str], str | None]) -> Note:
    """The note naming its items' refs now; a ref of an item that is gone is let go (the text
    stays), so a note never names the item that took over that number."""
    return note.model_copy(update={"refs": tuple(x for r in note.refs if (x := where(r)))})
