"""`briefdesk history` and `briefdesk verify`: the brief commits read back from git.

A brief commit is one whose trailers carry `Batch:` and `Generated-by: briefdesk`. `history`
reads them all with one `git log` (records split by control characters, trailers parsed by git
itself: `provenance.TRAILERS_FORMAT`); `verify` recomputes every `Material:` hash from the blobs at
the commit through one `git cat-file --batch` process (`catfile.CatFile`), so neither costs a
process per commit or per file.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from typing import Literal

from pydantic import BaseModel, Field

from ..brief.message import (
    BATCH,
    DECISIONS,
    GENERATED_BY,
    MATERIAL,
    REVIEWED_BY,
    SPOT_CHECK,
    TRAILERS_FORMAT,
    is_brief_commit,
    parse_decisions,
    parse_material,
    read_trailers,
)
from ..errors import BriefdeskError
from ..workspace.layout import Workspace
from .catfile import CatFile
from .command import first_line, git

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
    # path -> sha256 of every `Material:` trailer (not printed: `verify` shows them)
    material_hashes: dict[str, str] = Field(default_factory=dict, exclude=True)

    @property
    def stem(self) -> str | None:
        """The batch's file stem, from the brief's name (`<date>-e1-<stem>.md`)."""
        if not self.brief:
            return None
        name = self.brief.rsplit("/", 1)[-1].removesuffix(".md")
        m = _BRIEF_NAME.fullmatch(name)
        return m.group(1) if m else None

    def increments(self) -> int | None:
        """How many increments the subject announces (`· 6 increments from`)."""
        m = _SUBJECT_INCREMENTS.search(self.subject)
        return int(m.group(1)) if m else None

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
        f"--format={RS}%H{US}%aI{US}%s{US}{TRAILERS_FORMAT}{US}",
        "--all-match",
        f"--grep=^{GENERATED_BY}: briefdesk",
        f"--grep=^{BATCH}: ",
        "--end-of-options",
        revisions,
        "--",
        check=False,
    )
    if proc.returncode != 0:
        probe = git(ws.root, "rev-parse", "--git-dir", "--verify", "-q", "HEAD", check=False)
        if probe.returncode == 1 and probe.stdout.strip():
            return []  # a repository with no commit yet (128 would be: not a repository)
        raise BriefdeskError(f"git log failed: {first_line(proc)}", ws.root)
    entries: list[HistoryEntry] = []
    for record in proc.stdout.decode("utf-8", "replace").split(RS):
        fields = record.split(US)
        if len(fields) != 5:
            continue
        sha, date, subject, trailers, names = fields
        entry = parse_entry(
            sha, date, subject, read_trailers(trailers), [n for n in names.split("\0") if n]
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
        if batch is not None and e.batch not in batch and e.stem not in batch:
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
        try:
            actual = hashlib.sha256((ws.root / path).read_bytes()).hexdigest()
        except OSError:
            actual = None
        if actual != expected:
            changed.append(path)
    return changed


def parse_entry(
    sha: str, date: str, subject: str, trailers: dict[str, list[str]], files: list[str]
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
        material_hashes=hashes,
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


# -- verify -----------------------------------------------------------------------------------

# ok: the trailer's hash is the blob's; mismatch: it is not; missing: no such blob at the commit;
# malformed: a trailer that does not parse; untrailed: the committed sidecar lists the material,
# no trailer does (a commit-msg hook took it out); sidecar-mismatch: the sidecar's hash is not
# the blob's
Status = Literal["ok", "mismatch", "missing", "malformed", "untrailed", "sidecar-mismatch"]
NO_MATERIAL = (
    "the commit carries no Material: trailer, so nothing records which materials the brief was "
    "written from (a commit-msg hook may have removed them)"
)


class FileCheck(BaseModel):
    path: str
    status: Status
    expected: str | None  # the sha256 in the trailer (the sidecar's, for `untrailed`)
    actual: str | None  # the sha256 of the blob at the commit, None when there is none


BriefStatus = Literal["ok", "mismatch", "missing", "unchecked"]


class BriefCheck(BaseModel):
    """The committed brief against its committed sidecar's model, laid out again."""

    path: str | None  # the brief, workspace-relative; None when the commit holds none
    status: BriefStatus
    detail: str  # what differs, or why it could not be checked


class VerifyResult(BaseModel):
    sha: str
    batch: str
    files: list[FileCheck]
    reasons: list[str] = []  # what is wrong with the commit as a whole
    brief: BriefCheck | None = None

    @property
    def ok(self) -> bool:
        brief_ok = self.brief is None or self.brief.status in ("ok", "unchecked")
        return not self.reasons and brief_ok and all(f.status == "ok" for f in self.files)

    @property
    def problems(self) -> list[FileCheck]:
        return [f for f in self.files if f.status != "ok"]


def verify(ws: Workspace, rev: str) -> VerifyResult:
    """Recompute every `Material:` hash of the brief commit `rev` from the blobs at `rev`."""
    if not rev or rev != rev.strip() or any(c in rev for c in "\n\r\0"):
        raise BriefdeskError(f"bad revision {rev!r}")
    proc = git(
        ws.root,
        "log",
        "-1",
        "--no-walk",
        "--no-show-signature",
        f"--format=%H%x00{TRAILERS_FORMAT}",
        "--end-of-options",
        f"{rev}^{{commit}}",
        "--",
        check=False,
    )
    if proc.returncode != 0 or b"\0" not in proc.stdout:
        probe = git(ws.root, "rev-parse", "--git-dir", check=False)
        if probe.returncode != 0:  # not a repository: git's own words say so
            raise BriefdeskError(f"git log failed: {first_line(probe)}", ws.root)
        raise BriefdeskError(f"unknown revision or not a commit: {rev}")
    sha, _, formatted = proc.stdout.decode("utf-8", "replace").partition("\0")
    trailers = read_trailers(formatted)
    if not is_brief_commit(trailers):
        raise BriefdeskError(
            f"{rev} is not a briefdesk commit (no Batch: and Generated-by: briefdesk trailers)"
        )
    with CatFile(str(ws.root)) as cat:
        files: list[FileCheck] = []
        for value in [*trailers.get(MATERIAL, []), *trailers.get(SPOT_CHECK, [])]:
            parsed = parse_material(value)
            if parsed is None:
                files.append(FileCheck(path=value, status="malformed", expected=None, actual=None))
                continue
            path, expected = parsed
            blob = cat.get(f"{sha}:./{path}")
            if blob is None or blob.type != "blob":
                files.append(FileCheck(path=path, status="missing", expected=expected, actual=None))
                continue
            actual = hashlib.sha256(blob.content).hexdigest()
            status: Status = "ok" if actual == expected else "mismatch"
            files.append(FileCheck(path=path, status=status, expected=expected, actual=actual))
        files += _sidecar_checks(ws, cat, sha, files)
        brief = check_brief(ws, sha, cat)
    reasons = [] if trailers.get(MATERIAL) else [NO_MATERIAL]
    return VerifyResult(
        sha=sha, batch=trailers[BATCH][-1], files=files, reasons=reasons, brief=brief
    )


def _sidecar_checks(
    ws: Workspace, cat: CatFile, sha: str, files: list[FileCheck]
) -> list[FileCheck]:
    """The committed sidecars' materials against the trailers and the blobs: every material a
    sidecar lists has a trailer, and the sidecar's hash is the blob's (the same bytes)."""
    names = (
        git(
            ws.root,
            "diff-tree",
            "--no-commit-id",
            "--name-only",
            "-r",
            "-z",
            "--relative",
            sha,
            check=False,
        )
        .stdout.decode("utf-8", "surrogateescape")
        .split("\0")
    )
    trailed = {f.path for f in files}
    found: list[FileCheck] = []
    for name in names:
        if not name.endswith(".review.json"):
            continue
        blob = cat.get(f"{sha}:./{name}")
        try:
            listed = json.loads(blob.content)["materials"] if blob else []
            pairs = [(str(m["path"]), str(m["sha256"])) for m in listed]
        except (ValueError, TypeError, KeyError):
            continue  # not a sidecar this verify can read: the trailers stand alone
        for path, digest in pairs:
            material = cat.get(f"{sha}:./{path}")
            actual = hashlib.sha256(material.content).hexdigest() if material else None
            if path not in trailed:
                found.append(
                    FileCheck(path=path, status="untrailed", expected=digest, actual=actual)
                )
            elif actual is not None and digest != actual:
                found.append(
                    FileCheck(path=path, status="sidecar-mismatch", expected=digest, actual=actual)
                )
    return found


def check_brief(ws: Workspace, sha: str, cat: CatFile) -> BriefCheck:
    """Lay the committed sidecar's brief model out again and compare it with the committed brief,
    byte for byte (PRODUCT §10): a brief edited by hand after briefdesk wrote it shows here."""
    from ..brief.render import render_model
    from ..brief.sidecar import read_sidecar

    proc = git(
        ws.root,
        "diff-tree",
        "-r",
        "--root",
        "--no-commit-id",
        "--name-only",
        "--no-renames",
        "--relative",
        "-z",
        sha,
        check=False,
    )
    names = [n for n in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if n]
    # the brief whose sidecar the commit changed; else a changed brief with a sidecar beside it
    # (the commit was amended with the brief alone, say)
    candidates = [
        n.removesuffix(".review.json") + ".md" for n in names if n.endswith(".review.json")
    ]
    candidates += [n for n in names if n.endswith(".md") and n not in candidates]
    brief_path = next(
        (
            c
            for c in candidates
            if cat.get(f"{sha}:./{c.removesuffix('.md')}.review.json") is not None
        ),
        None,
    )
    if brief_path is None:
        return BriefCheck(
            path=None, status="missing", detail="the commit holds no brief with its sidecar"
        )
    sidecar_path = brief_path.removesuffix(".md") + ".review.json"
    brief_blob = cat.get(f"{sha}:./{brief_path}")
    sidecar_blob = cat.get(f"{sha}:./{sidecar_path}")
    if brief_blob is None or sidecar_blob is None:
        return BriefCheck(path=brief_path, status="missing", detail="not readable at the commit")
    try:
        sidecar = read_sidecar(sidecar_blob.content, sidecar_path)
    except BriefdeskError as exc:
        return BriefCheck(path=brief_path, status="mismatch", detail=str(exc))
    if sidecar.model is None:
        return BriefCheck(
            path=brief_path,
            status="unchecked",
            detail=f"its sidecar has schema {sidecar.schema_version}, which holds no brief model",
        )
    expected = render_model(sidecar.model).encode("utf-8")
    actual = brief_blob.content
    if expected == actual:
        return BriefCheck(path=brief_path, status="ok", detail="equal to its sidecar's brief")
    return BriefCheck(path=brief_path, status="mismatch", detail=first_difference(expected, actual))


def first_difference(expected: bytes, actual: bytes) -> str:
    """Where two texts part: `line 12 differs` (or which one is longer)."""
    a = expected.decode("utf-8", "replace").split("\n")
    b = actual.decode("utf-8", "replace").split("\n")
    for n, (x, y) in enumerate(zip(a, b, strict=False), 1):
        if x != y:
            return f"line {n} differs from its sidecar's brief (edited by hand?)"
    return f"differs from its sidecar's brief in length ({len(b)} lines, the sidecar's {len(a)})"
