"""`briefdesk history`: the brief commits read back from git (`briefdesk verify` checks one:
`core.git.verify`).

A brief commit is one whose trailers carry `Batch:` and `Generated-by: briefdesk`. `history`
reads them all with one `git log` (records split by control characters, trailers parsed by git
itself: `core.brief.message.TRAILERS_FORMAT`, with the message for a hook's trailer paragraph
after ours), so it costs no process per commit.
"""

from __future__ import annotations

import datetime as dt
import re

from pydantic import BaseModel, Field

from ..brief.message import (
    BATCH,
    DECISIONS,
    GENERATED_BY,
    MATERIAL,
    REVIEWED_BY,
    TRAILERS_FORMAT,
    is_brief_commit,
    parse_decisions,
    parse_material,
    read_trailers,
)
from ..errors import BriefdeskError
from ..storage.fileio import sha256_file
from ..workspace.briefname import stems_of
from ..workspace.layout import Workspace
from .command import first_line, git, no_commit_yet, no_repository, probe
from .verify import signature_words

_SUBJECT_TOPIC = re.compile(r"brief\(([^)]*)\):")
_SUBJECT_DATE = re.compile(r"\bE1 (\d{4}-\d{2}-\d{2})\b")
_SUBJECT_INCREMENTS = re.compile(r"· (\d+) increments? from")
_BRIEF_NAME = re.compile(r"\d{4}-\d{2}-\d{2}-e1-(.+)")
RS, US = "\x1e", "\x1f"


class HistoryEntry(BaseModel):
    sha: str
    date: str  # the brief's date (its batch's `created`), YYYY-MM-DD, as the subject says it
    committed: str  # the commit's author date, ISO 8601 with offset
    topic: str | None
    batch: str
    reviewer: str | None
    subject: str
    included: int | None = None
    excluded: int | None = None
    duplicates: int | None = None
    confirmed: int | None = None
    total: int | None = None
    materials: int = 0
    brief: str | None = None  # the brief's path, workspace-relative
    generated_by: str | None = None
    signature: str = "none"  # git's signature status in words (`core.git.verify.SIGNATURES`)
    # path -> sha256 of every `Material:` trailer (not printed: `verify` shows them)
    material_hashes: dict[str, str] = Field(default_factory=dict, exclude=True)
    # every trailer as git read it, for the checks against the committed sidecar (`status`)
    trailers: dict[str, list[str]] = Field(default_factory=dict, exclude=True)

    @property
    def stem(self) -> str | None:
        """The batch's file stem, from the brief's name (`core.workspace.briefname.stems_of`:
        `2026-12-01-e1-cb978024.md` -> `2026-12-01-cb978024`)."""
        stems = self.stems
        return stems[0] if stems else None

    @property
    def stems(self) -> tuple[str, ...]:
        """Every stem the brief's name can stand for (an older version's name is longer)."""
        return stems_of(self.brief) if self.brief else ()

    def increments(self) -> int | None:
        """How many increments the subject announces (`· 6 increments from`)."""
        m = _SUBJECT_INCREMENTS.search(self.subject)
        return int(m.group(1)) if m else None

    @property
    def sidecar(self) -> str | None:
        """The sidecar's path, beside the brief."""
        return self.brief.removesuffix(".md") + ".review.json" if self.brief else None

    @property
    def undecided(self) -> int | None:
        """How many items were undecided when committed (`Decisions:` counts)."""
        if self.total is None or self.included is None or self.excluded is None:
            return None
        return self.total - self.included - self.excluded

    @property
    def counts_line(self) -> str:
        if self.included is None:
            return "(no Decisions: trailer)"
        return (
            f"included={self.included} excluded={self.excluded} "
            f"duplicates={self.duplicates} confirmed={self.confirmed}/{self.total}"
        )


def history(
    ws: Workspace, topic: str | None = None, *, revisions: str = "HEAD"
) -> list[HistoryEntry]:
    """The brief commits reachable from HEAD (or in `revisions`, e.g. `1a2b3c..HEAD`), newest
    first; [] in a repository without commits."""
    proc = git(
        ws.root,
        "log",
        "-z",
        "--name-only",
        "--relative",
        "--no-renames",
        "--no-show-signature",
        f"--format={RS}%H{US}%aI{US}%s{US}%G?{US}{TRAILERS_FORMAT}{US}%B{US}",
        "--all-match",
        f"--grep=^{GENERATED_BY}: briefdesk",
        f"--grep=^{BATCH}: ",
        "--end-of-options",
        revisions,
        "--",
        check=False,
    )
    if proc.returncode != 0:
        found = probe(ws.root)
        if no_commit_yet(found):
            return []
        if found.returncode != 0:
            raise no_repository(ws.root, found)
        raise BriefdeskError(f"git log failed: {first_line(proc)}", ws.root)
    entries: list[HistoryEntry] = []
    for record in proc.stdout.decode("utf-8", "replace").split(RS):
        fields = record.split(US)
        if len(fields) < 7:
            continue
        sha, date, subject, signed, trailers = fields[:5]
        message, names = US.join(fields[5:-1]), fields[-1]
        entry = parse_entry(
            sha,
            date,
            subject,
            read_trailers(trailers, message),
            [n for n in names.split("\0") if n],
            signature=signature_words(signed),
        )
        if entry is not None and (topic is None or entry.topic == topic):
            entries.append(entry)
    return entries


def select(
    entries: list[HistoryEntry],
    *,
    batch: set[str] | None = None,
    since_date: dt.date | None = None,
) -> list[HistoryEntry]:
    """The entries of one batch (named by any of `batch`: its id or stem), and those whose brief
    is dated `since_date` or later."""
    kept = []
    for e in entries:
        if batch is not None and e.batch not in batch and not batch.intersection(e.stems):
            continue
        if since_date is not None and e.date < since_date.isoformat():
            continue
        kept.append(e)
    return kept


def changed_materials(ws: Workspace, entry: HistoryEntry) -> list[str]:
    """The materials of a brief commit whose file in the work tree is no longer what was
    committed (edited, or gone): the brief may no longer say what they say."""
    changed = []
    for path, expected in entry.material_hashes.items():
        actual = sha256_file(ws.root / path)
        if actual != expected:
            changed.append(path)
    return changed


def parse_entry(
    sha: str,
    date: str,
    subject: str,
    trailers: dict[str, list[str]],
    files: list[str],
    *,
    signature: str = "none",
) -> HistoryEntry | None:
    """A brief commit's entry from its subject, its trailers (as git reads them) and the files it
    changed; None for a commit that is not briefdesk's."""
    if not is_brief_commit(trailers):
        return None
    subject = subject.strip()
    files = [f.strip("\n") for f in files]
    briefs = [f for f in files if f.endswith(".md")]
    brief = next((f for f in briefs if f.removesuffix(".md") + ".review.json" in files), None)
    brief = brief or (briefs[0] if briefs else None)
    m = _SUBJECT_TOPIC.search(subject)
    topic = m.group(1) if m else None
    if topic is None and brief and "/" in brief:
        topic = brief.rsplit("/", 2)[-2]
    counts = parse_decisions(trailers.get(DECISIONS, [""])[-1]) or {}
    reviewers = trailers.get(REVIEWED_BY)
    hashes: dict[str, str] = {}
    for value in trailers.get(MATERIAL, []):
        parsed = parse_material(value)
        if parsed is not None:
            hashes[parsed[0]] = parsed[1]
    committed = date.strip()
    return HistoryEntry(
        sha=sha.strip(),
        date=brief_date(subject, brief, committed),
        committed=committed,
        topic=topic,
        batch=trailers[BATCH][-1],
        reviewer=reviewers[-1] if reviewers else None,
        subject=subject,
        materials=len(trailers.get(MATERIAL, [])),
        brief=brief,
        generated_by=trailers[GENERATED_BY][-1],
        signature=signature,
        material_hashes=hashes,
        trailers=trailers,
        **counts,
    )


def brief_date(subject: str, brief: str | None, committed: str) -> str:
    """The brief's own date: the subject's `E1 <date>`, else the brief's file name, else (a
    message rewritten by a hook) the commit's day."""
    m = _SUBJECT_DATE.search(subject)
    if m:
        return m.group(1)
    name = (brief or "").rsplit("/", 1)[-1]
    if _BRIEF_NAME.fullmatch(name.removesuffix(".md")):
        return name[:10]
    return committed[:10]


def committed_brief(ws: Workspace, entry: HistoryEntry) -> tuple[str, str]:
    """(the brief as committed, the commit's message): what the history screen opens, read-only."""
    if not entry.brief:
        raise BriefdeskError(f"commit {entry.sha[:10]} holds no brief file")
    blob = git(ws.root, "cat-file", "blob", f"{entry.sha}:./{entry.brief}", check=False)
    if blob.returncode != 0:
        raise BriefdeskError(f"{entry.brief} is not in commit {entry.sha[:10]}: {first_line(blob)}")
    log = git(ws.root, "log", "-1", "--no-show-signature", "--format=%B", entry.sha, "--")
    return (
        blob.stdout.decode("utf-8", "replace"),
        log.stdout.decode("utf-8", "replace").rstrip("\n") + "\n",
    )
