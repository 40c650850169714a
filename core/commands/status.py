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
from typing import Any, Literal

from ..errors import BriefdeskError
from ..workspace.layout import Workspace
from ..workspace.manifest import Batch

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
    session_problem: str | None = None  # the session file cannot be read: why

    @property
    def state(self) -> str:
        """`new`, `in review (16 undecided of 21)`, `committed 1a2b3c4` ... as the picker and
        `briefdesk status` say it."""
        if self.kind == "unreadable":
            return "cannot be read"
        review = ""
        if self.session_problem:
            review = "session file unreadable"
        elif self.items is not None and self.undecided is not None:
            review = (
                f"{self.undecided} undecided of {self.items}"
                if self.undecided
                else f"all {self.items} decided"
            )
        if self.commit:
            extra = f" ({review})" if review and (self.undecided or self.session_problem) else ""
            return f"committed {self.commit[:7]}{extra}"
        if self.kind == "in review":
            return f"in review ({review})" if review else "in review"
        return "new"

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
            "problem": self.problem or self.session_problem,
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


def committed_batches(ws: Workspace) -> dict[str, str]:
    """batch id -> sha of its newest brief commit."""
    try:
        from ..git.history import history

        entries = history(ws)
    except (BriefdeskError, ImportError):
        return {}
    found: dict[str, str] = {}
    for entry in entries:  # newest first
        found.setdefault(entry.batch, entry.sha)
    return found


def session_counts(ws: Workspace, stem: str) -> tuple[int, int] | str | None:
    """(items, undecided) from the batch's session file; None without one; a sentence when it
    cannot be read."""
    path = ws.state_dir / "sessions" / f"{stem}.json"
    if not path.is_file():
        return None
    try:  # the statuses only, read as plain JSON: every session schema keeps them alike
        raw = json.loads(path.read_bytes())
        decisions = raw.get("decisions") if isinstance(raw, dict) else None
        if not isinstance(decisions, dict) or not all(
            isinstance(d, dict) for d in decisions.values()
        ):
            raise ValueError("no decisions")
    except (OSError, ValueError):
        return "session file unreadable"
    undecided = sum(d.get("status", "undecided") == "undecided" for d in decisions.values())
    return len(decisions), undecided


def named_materials(batches: list[Batch]) -> dict[str, list[Batch]]:
    """Material path -> the batches whose manifest names it."""
    named: dict[str, list[Batch]] = {}
    for b in batches:
        for entry in b.manifest.materials:
            path = PurePosixPath(entry.path.replace("\\", "/")).as_posix()
            named.setdefault(path, []).append(b)
    return named


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
    committed = committed_batches(ws)
    freshness: dict[str, str] = {}
    rows: list[BatchRow] = []
    loaded: list[Batch] = []
    for path in ws.batch_files():
        try:
            batch = ws.load_batch(path)
        except BriefdeskError as exc:
            rows.append(BatchRow(path.stem, "", "?", 0, "unreadable", "", str(exc), ws.rel(path)))
            continue
        loaded.append(batch)
        manifest = batch.manifest
        topic = manifest.topic
        if topic not in freshness:
            freshness[topic] = days_ago(last_changed(ws, ws.settings.living_doc_path(topic)), today)
        found = session_counts(ws, batch.stem)
        items = undecided = None
        session_problem = found if isinstance(found, str) else None
        if isinstance(found, tuple):
            items, undecided = found
        commit = committed.get(manifest.id)
        kind: State = "committed" if commit else "new" if found is None else "in review"
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
                commit=commit,
                session_problem=session_problem,
            )
        )
    return rows, loaded, all(r.kind != "unreadable" for r in rows)
