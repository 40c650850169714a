"""What the batch picker and `briefdesk status` say about each batch: topic, materials, state
(new / in review with how many items are undecided / committed), living-doc freshness, and which
materials no batch names yet. No UI here, so a headless command says the same as the picker.

Read-only and tolerant: a broken manifest becomes a row naming its problem (opening it shows
the full error), and a workspace that is not a git repository simply has no commit facts.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from ..errors import BriefdeskError
from ..settings.layers import SETTINGS_FILE
from ..storage.fileio import read_bytes
from ..workspace.layout import Workspace
from ..workspace.manifest import Batch

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..brief.sidecar import Sidecar
    from ..git.catfile import CatFile
    from ..git.history import HistoryEntry
    from ..model.decisions import Decision

State = Literal["new", "in review", "committed", "unreadable"]


@dataclass(frozen=True)
class BatchRow:
    stem: str
    batch_id: str
    topic: str
    materials: int
    kind: State
    living_doc: str  # "2 days ago", "today", "not in git"
    problem: str | None = None  # the manifest cannot be read: why
    path: str = ""  # the manifest, workspace-relative
    items: int | None = None  # from the session file; None while there is none
    undecided: int | None = None
    commit: str | None = None  # the batch's newest brief commit
    session_problem: str | None = None  # the session file cannot be read, or is stale: why
    history_note: str | None = None  # what the history cannot say (brief removed, shallow clone)
    # as the batch's commit recorded them (its sidecar); None when no commit of it can be read
    committed_items: int | None = None
    committed_undecided: int | None = None
    # the session's decisions that differ from the commit's (made or changed since it); None
    # when there is nothing to compare (no commit read, no session, or one that cannot be read)
    uncommitted: int | None = None

    @property
    def state(self) -> str:
        """`new`, `in review (16 undecided of 21)`, `committed 1a2b3c4` ... as the picker and
        `briefdesk status` say it. A committed batch says what its commit holds, and how many of
        the session's decisions the commit does not hold (`(14 undecided of 21; +1 decision)`): the
        session's own tally is not the commit's. Short, so the picker's column fits 100 columns
        (docs/evening.md)."""
        if self.kind == "unreadable":
            return "cannot be read"
        review = ""
        if self.session_problem:
            review = self.session_problem
        elif self.items is not None and self.undecided is not None:
            review = (
                f"{self.undecided} undecided of {self.items}"
                if self.undecided
                else f"all {self.items} decided"
            )
        notes = [self.history_note] if self.history_note else []
        if self.kind == "committed":
            if self.committed_items is not None and self.committed_undecided is not None:
                since = []
                if self.committed_undecided:
                    since.append(f"{self.committed_undecided} undecided of {self.committed_items}")
                if self.session_problem:
                    since.append(self.session_problem)
                elif self.uncommitted:
                    n = self.uncommitted
                    since.append(f"+{n} decision{'' if n == 1 else 's'}")
                notes[:0] = since
            elif review and (self.undecided or self.session_problem):
                notes.insert(0, review)  # no commit read (a shallow clone): the session's tally
            extra = f" ({'; '.join(notes)})" if notes else ""
            return f"committed {self.commit[:7]}{extra}" if self.commit else f"committed{extra}"
        if self.kind == "in review":
            if review:
                notes.insert(0, review)
            return f"in review ({'; '.join(notes)})" if notes else "in review"
        return f"new ({'; '.join(notes)})" if notes else "new"

    def as_json(self) -> dict[str, Any]:
        return {
            "stem": self.stem,
            "id": self.batch_id,
            "topic": self.topic,
            "path": self.path,
            "materials": self.materials,
            "state": self.kind,
            "items": self.items,
            "undecided": self.undecided,
            "commit": self.commit,
            "uncommitted": self.uncommitted,
            "problem": self.problem or self.session_problem,
            "note": self.history_note,
        }


def days_ago(when: dt.date | None, today: dt.date) -> str:
    if when is None:
        return "not in git"
    days = (today - when).days
    if days <= 0:
        return "today"
    return "1 day ago" if days == 1 else f"{days} days ago"


def last_changed(ws: Workspace, rel: str) -> dt.date | None:
    """The author date of the last commit that touched `rel`, or None."""
    from ..git.command import git

    try:
        proc = git(ws.root, "log", "-1", "--format=%aI", "--", rel, check=False)
    except BriefdeskError:
        return None
    stamp = proc.stdout.decode("utf-8", "replace").strip()
    if proc.returncode != 0 or not stamp:
        return None
    try:
        return dt.datetime.fromisoformat(stamp).date()
    except ValueError:
        return None


@dataclass(frozen=True)
class Credit:
    """A batch's newest brief commit whose trailers its committed sidecar bears out."""

    sha: str
    items: int | None  # as committed (`Decisions:`)
    undecided: int | None
    removed: bool  # the brief is no longer at HEAD (the commit was reverted, the file deleted)
    # every item's decision as the commit's sidecar records it (item ref -> decision)
    decisions: Mapping[str, Decision] | None = None


@dataclass(frozen=True)
class Commits:
    """What the history says about every batch, and what it cannot say."""

    credits: dict[str, Credit]
    shallow: bool  # a shallow clone: a batch committed before its history shows as not committed
    at_head: frozenset[str]  # the briefs at HEAD (for the batches of a shallow clone)
    rejected: frozenset[str] = frozenset()  # batches named by a commit its sidecar contradicts

    def __contains__(self, batch_id: object) -> bool:
        return batch_id in self.credits

    def get(self, batch_id: str) -> Credit | None:
        return self.credits.get(batch_id)


def committed_batches(ws: Workspace, briefs: list[str] | None = None) -> Commits:
    """Every batch's newest brief commit that verify's trailer checks bear out (a commit whose
    `Batch:`, `Reviewed-by:`, `Decisions:` or materials its own sidecar contradicts is credited
    to no batch: docs/git.md, "What verify proves"), whether its brief is still at HEAD, and
    which of `briefs` HEAD holds."""
    from ..git.catfile import CatFile
    from ..git.command import git
    from ..git.history import history

    empty = Commits({}, False, frozenset())
    try:
        entries = history(ws)
        proc = git(ws.root, "rev-parse", "--is-shallow-repository", check=False)
    except BriefdeskError:
        return empty
    shallow = proc.returncode == 0 and proc.stdout.strip() == b"true"
    found: dict[str, Credit] = {}
    at_head: set[str] = set()
    rejected: set[str] = set()
    with CatFile(str(ws.root)) as cat:
        for entry in entries:  # newest first
            if entry.batch in found:
                continue
            sidecar = _borne_out(cat, entry)
            if sidecar is None:
                rejected.add(entry.batch)
                continue
            brief = cat.get(f"HEAD:./{entry.brief}") if entry.brief else None
            found[entry.batch] = Credit(
                entry.sha,
                entry.total,
                entry.undecided,
                removed=brief is None,
                decisions=sidecar.decisions(),
            )
        if shallow:
            at_head = {b for b in briefs or [] if cat.get(f"HEAD:./{b}") is not None}
    return Commits(found, shallow, frozenset(at_head), frozenset(rejected - found.keys()))


def _borne_out(cat: CatFile, entry: HistoryEntry) -> Sidecar | None:
    """The sidecar `entry` committed, when its trailers agree with it; else None."""
    from ..brief.sidecar import read_sidecar
    from ..git.verify import agreement

    blob = cat.get(f"{entry.sha}:./{entry.sidecar}") if entry.sidecar else None
    if blob is None or blob.type != "blob":
        return None
    try:
        sidecar = read_sidecar(blob.content, entry.sidecar or "")
    except BriefdeskError:
        return None
    return None if agreement(entry.trailers, sidecar) else sidecar


def repository_note(ws: Workspace) -> str | None:
    """What status says when the workspace is no repository git can use (no batch can be
    committed there), in the words every git command of briefdesk uses (`no_repository`)."""
    from ..git.command import no_repository, probe

    found = probe(ws.root)
    if found.returncode in (0, 1):
        return None
    problem = no_repository(ws.root, found)
    return f"{problem}: no batch can be committed here"


def unreadable_error(rows: list[BatchRow]) -> BriefdeskError | None:
    """The one error line of a status whose manifests cannot all be read (every row is still
    listed): the manifest's own problem, or how many are broken."""
    broken = [r for r in rows if r.kind == "unreadable"]
    if not broken:
        return None
    if len(broken) == 1:
        return BriefdeskError(broken[0].problem or "cannot be read", None)
    return BriefdeskError(
        f"{len(broken)} batch manifests cannot be read: "
        + ", ".join(r.path or r.stem for r in broken)
        + " (each is listed with its problem)"
    )


def require_workspace(ws: Workspace) -> None:
    """A folder with neither settings nor a batches folder is no workspace: saying "no batch
    manifests" there would report success on a typo of `-w`."""
    batches = ws.root / ws.settings.paths.batches
    if not (ws.root / SETTINGS_FILE).exists() and not batches.is_dir():
        raise BriefdeskError(
            f"not a briefdesk workspace (no {SETTINGS_FILE} and no "
            f"{ws.settings.paths.batches.rstrip('/')}/ folder)",
            ws.root,
        )


STALE = "session out of date: the batch changed since; opening it brings the session up to date"


class Counted(NamedTuple):
    """What status reads of a session file: its tally, and its decisions as saved (plain JSON,
    in the shape of the file's schema), to compare with a commit's."""

    items: int
    undecided: int
    decisions: dict[str, Any]
    schema: object  # the file's `schema_version`


def session_counts(ws: Workspace, batch: Batch) -> Counted | str | None:
    """(items, undecided, decisions) from the batch's session file; None without one; a sentence
    when it cannot be read, or when it no longer matches the batch (another id, or decisions of
    other materials than the manifest names: its counts would be of another batch)."""
    path = ws.state_dir / "sessions" / f"{batch.stem}.json"
    if not path.is_file():
        return None
    try:  # the statuses only, read as plain JSON: every session schema keeps them alike
        raw = json.loads(read_bytes(path, path))
        decisions = raw.get("decisions") if isinstance(raw, dict) else None
        if not isinstance(decisions, dict) or not all(
            isinstance(d, dict) for d in decisions.values()
        ):
            raise ValueError("no decisions")
    except (BriefdeskError, ValueError):
        return "session file unreadable"
    materials = {_posix(m.path) for m in batch.manifest.materials}
    if (
        raw.get("batch_id", batch.manifest.id) != batch.manifest.id
        or {str(ref).rsplit("#", 1)[0] for ref in decisions} != materials
    ):
        return STALE
    undecided = sum(d.get("status", "undecided") == "undecided" for d in decisions.values())
    return Counted(len(decisions), undecided, decisions, raw.get("schema_version"))


def uncommitted_decisions(session: Counted, committed: Mapping[str, Decision]) -> int:
    """How many items' decisions in the session differ from the commit's: made, changed or
    confirmed since it (an item on one side only counts too). The session file writes a
    decision at its defaults as `{}` and an older schema in its own shape, so each is read as a
    `Decision` first; one that cannot be is not what was committed."""
    from pydantic import ValidationError

    from ..model.decisions import Decision
    from ..storage.migrate import OLD_SCHEMAS, migrate_decisions

    saved = session.decisions
    if session.schema in OLD_SCHEMAS:
        saved = migrate_decisions(saved, [])["decisions"]
    differ = sum(ref not in saved for ref in committed)
    for ref, raw in saved.items():
        try:
            decision = Decision.model_validate(raw)
        except ValidationError:
            differ += 1
            continue
        differ += committed.get(ref) != decision
    return differ


def named_materials(batches: list[Batch]) -> dict[str, list[Batch]]:
    """Material path -> the batches whose manifest names it."""
    named: dict[str, list[Batch]] = {}
    for b in batches:
        for entry in b.manifest.materials:
            named.setdefault(_posix(entry.path), []).append(b)
    return named


def _posix(path: str) -> str:
    return PurePosixPath(path.replace("\\", "/")).as_posix()


def unbatched_materials(ws: Workspace, batches: list[Batch]) -> list[str]:
    """The material files no manifest of `batches` names, in path order."""
    from ..workspace.discover import material_files

    named = named_materials(batches)
    return [path for path in material_files(ws) if path not in named]


def batch_status(
    ws: Workspace, today: dt.date | None = None
) -> tuple[list[BatchRow], list[Batch], bool]:
    """Every batch's row, the batches that could be read, and whether every manifest could."""
    today = today or dt.date.today()
    freshness: dict[str, str] = {}
    rows: list[BatchRow] = []
    loaded: list[Batch] = []
    unreadable: list[BatchRow] = []
    for path in ws.batch_files():
        try:
            loaded.append(ws.load_batch(path))
        except BriefdeskError as exc:
            unreadable.append(
                BatchRow(path.stem, "", "?", 0, "unreadable", "", str(exc), ws.rel(path))
            )
    committed = committed_batches(ws, [ws.brief_path(b) for b in loaded])
    order = {p: n for n, p in enumerate(ws.rel(f) for f in ws.batch_files())}
    for batch in loaded:
        manifest = batch.manifest
        topic = manifest.topic
        if topic not in freshness:
            freshness[topic] = days_ago(last_changed(ws, ws.settings.living_doc_path(topic)), today)
        found = session_counts(ws, batch)
        items = undecided = None
        session_problem = found if isinstance(found, str) else None
        if isinstance(found, Counted):
            items, undecided = found.items, found.undecided
        credit = committed.get(manifest.id)
        if credit is not None and found is None:  # no session: as it was committed
            items, undecided = credit.items, credit.undecided
        committed_items = committed_undecided = uncommitted = None
        if credit is not None and credit.items is not None and credit.undecided is not None:
            committed_items, committed_undecided = credit.items, credit.undecided
            if isinstance(found, Counted) and credit.decisions is not None:
                uncommitted = uncommitted_decisions(found, credit.decisions)
        history_note = None
        if credit is not None and credit.removed:
            history_note = "the brief was removed since"
        elif credit is None and manifest.id in committed.rejected:
            history_note = (
                "a brief commit names it whose trailers its sidecar contradicts: "
                "briefdesk history --verify"
            )
        elif credit is None and committed.shallow:
            history_note = (
                "committed before this shallow clone's history: who reviewed it cannot be known"
                if ws.brief_path(batch) in committed.at_head
                else "this shallow clone's history may not hold its commit"
            )
        kind: State = (
            "committed"
            if credit or (committed.shallow and ws.brief_path(batch) in committed.at_head)
            else "new"
            if found is None
            else "in review"
        )
        rows.append(
            BatchRow(
                batch.stem,
                manifest.id,
                topic,
                len(manifest.materials),
                kind,
                freshness[topic],
                path=batch.path,
                items=items,
                undecided=undecided,
                commit=credit.sha if credit else None,
                session_problem=session_problem,
                history_note=history_note,
                committed_items=committed_items,
                committed_undecided=committed_undecided,
                uncommitted=uncommitted,
            )
        )
    rows += unreadable
    rows.sort(key=lambda r: order.get(r.path, len(order)))
    return rows, loaded, not unreadable
