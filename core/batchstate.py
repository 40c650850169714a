"""What the batch picker says about each batch: topic, materials, state, living-doc freshness (no UI
here, so a headless command can say the same).

Read-only and tolerant: a broken manifest becomes a row naming its problem (opening it shows
the full error), and a workspace that is not a git repository simply has no commit facts.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .decisions import SessionData
from .errors import BriefdeskError
from .workspace import Workspace


@dataclass(frozen=True)
class BatchRow:
    stem: str
    batch_id: str
    topic: str
    materials: int
    state: str  # "new", "in review 3/21 decided", "committed 1a2b3c4"
    living_doc: str  # "2 days ago", "today", "not in git"
    problem: str | None = None


def days_ago(when: dt.date | None, today: dt.date) -> str:
    if when is None:
        return "not in git"
    days = (today - when).days
    if days <= 0:
        return "today"
    return "1 day ago" if days == 1 else f"{days} days ago"


def last_changed(ws: Workspace, rel: str) -> dt.date | None:
    """The author date of the last commit that touched `rel`, or None."""
    from .gitio import git

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
        from .history import history

        entries = history(ws)
    except (BriefdeskError, ImportError):
        return {}
    found: dict[str, str] = {}
    for entry in entries:  # newest first
        found.setdefault(entry.batch, entry.sha)
    return found


def session_state(ws: Workspace, stem: str) -> str:
    path = ws.state_dir / "sessions" / f"{stem}.json"
    if not path.is_file():
        return "new"
    try:
        data = SessionData.model_validate_json(path.read_bytes())
    except (OSError, ValueError):
        return "in review (session file unreadable)"
    decided = sum(d.status != "undecided" for d in data.decisions.values())
    return f"in review {decided}/{len(data.decisions)} decided"


def batch_rows(ws: Workspace, today: dt.date | None = None) -> list[BatchRow]:
    today = today or dt.date.today()
    committed = committed_batches(ws)
    freshness: dict[str, str] = {}
    rows: list[BatchRow] = []
    for path in ws.batch_files():
        try:
            batch = ws.load_batch(path)
        except BriefdeskError as exc:
            rows.append(BatchRow(path.stem, "", "?", 0, "cannot be read", "", problem=str(exc)))
            continue
        manifest = batch.manifest
        topic = manifest.topic
        if topic not in freshness:
            freshness[topic] = days_ago(last_changed(ws, ws.settings.living_doc_path(topic)), today)
        state = session_state(ws, batch.stem)
        if manifest.id in committed:
            state = f"committed {committed[manifest.id][:7]}" + (
                "" if state == "new" else f" · {state}"
            )
        rows.append(
            BatchRow(
                batch.stem, manifest.id, topic, len(manifest.materials), state, freshness[topic]
            )
        )
    return rows
