"""`briefdesk verify REV`: what a brief commit says, checked against what it holds.

Consistency is what this proves, never authenticity (docs/git.md, "What verify proves"): anyone
can write a commit whose trailers, sidecar and brief agree. Who made it is what signing proves,
so git's own signature status (`%G?`) is reported beside the checks, and never turned into one.

The checks, each a reason the commit fails (exit 1):

- every `Material:` and `Spot-check:` hash is that of the blob at the commit (one
  `git cat-file --batch` process, `catfile.CatFile`, for every object);
- the trailers agree with the committed sidecar: `Batch:`, `Reviewed-by:`, `Decisions:` (and the
  sidecar's counts with its own decisions), the same materials with the same hashes, the same
  spot checks;
- the brief is laid out again from the sidecar's model and equals the committed brief, byte for
  byte; a sidecar without a model (schema 1, migrated) cannot prove its brief, so it fails;
- every ref of the sidecar names a material of the commit: each item's material is one of the
  sidecar's materials, each increment's parts and absorbed items are items of the sidecar, each
  spot-check entry one of its spot checks, and every material and spot check is a blob at the
  commit;
- the commit changed no file but the brief, its sidecar and the batch's manifest.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

from ..brief.message import (
    BATCH,
    DECISIONS,
    MATERIAL,
    REVIEWED_BY,
    SPOT_CHECK,
    TRAILERS_FORMAT,
    flatten,
    is_brief_commit,
    parse_decisions,
    parse_material,
    read_trailers,
)
from ..errors import BriefdeskError
from ..workspace.layout import Workspace
from .catfile import CatFile
from .command import first_line, git, no_repository

if TYPE_CHECKING:
    from ..brief.sidecar import Sidecar

# ok: the trailer's hash is the blob's; mismatch: it is not; missing: no such blob at the commit;
# malformed: a trailer that does not parse; untrailed: the committed sidecar lists the material,
# no trailer does (a commit-msg hook took it out); sidecar-mismatch: the sidecar's hash is not
# the blob's
Status = Literal["ok", "mismatch", "missing", "malformed", "untrailed", "sidecar-mismatch"]
NO_MATERIAL = (
    "the commit carries no Material: trailer, so nothing records which materials the brief was "
    "written from (a commit-msg hook may have removed them)"
)
# git's `%G?`, in words (git-log(1), "Placeholders that affect formatting")
SIGNATURES = {
    "G": "good",
    "B": "bad",
    "U": "good, unknown validity",
    "X": "good, expired signature",
    "Y": "good, expired key",
    "R": "good, revoked key",
    "E": "cannot be checked (unknown key?)",
    "N": "none",
}


def signature_words(code: str) -> str:
    """git's `%G?` letter as `verify` and `history` print it."""
    return SIGNATURES.get(code.strip(), f"unknown ({code.strip() or '?'})")


class FileCheck(BaseModel):
    path: str
    status: Status
    expected: str | None  # the sha256 in the trailer (the sidecar's, for `untrailed`)
    actual: str | None  # the sha256 of the blob at the commit, None when there is none


BriefStatus = Literal["ok", "mismatch", "missing", "unchecked"]


class BriefCheck(BaseModel):
    """The committed brief against its committed sidecar's model, laid out again."""

    path: str | None  # the brief, workspace-relative; None when the commit holds none
    status: BriefStatus  # `unchecked` (a sidecar without a model) fails like a mismatch
    detail: str  # what differs, or why it could not be checked


class VerifyResult(BaseModel):
    sha: str
    batch: str
    files: list[FileCheck]
    reasons: list[str] = []  # what is wrong with the commit as a whole
    brief: BriefCheck | None = None
    signature: str = "none"  # git's signature status, in words (`SIGNATURES`): never a check

    @property
    def ok(self) -> bool:
        brief_ok = self.brief is not None and self.brief.status == "ok"
        return not self.reasons and brief_ok and all(f.status == "ok" for f in self.files)

    @property
    def problems(self) -> list[FileCheck]:
        return [f for f in self.files if f.status != "ok"]


def verify(ws: Workspace, rev: str) -> VerifyResult:
    """Check the brief commit `rev` (see the module docstring)."""
    if not rev or rev != rev.strip() or any(c in rev for c in "\n\r\0"):
        raise BriefdeskError(f"bad revision {rev!r}")
    proc = git(
        ws.root,
        "log",
        "-1",
        "--no-walk",
        "--no-show-signature",
        f"--format=%H%x00%G?%x00%P%x00{TRAILERS_FORMAT}%x00%B",
        "--end-of-options",
        f"{rev}^{{commit}}",
        "--",
        check=False,
    )
    fields = proc.stdout.decode("utf-8", "replace").split("\0", 4)
    if proc.returncode != 0 or len(fields) != 5:
        repository = git(ws.root, "rev-parse", "--git-dir", check=False)
        if repository.returncode != 0:
            raise no_repository(ws.root, repository)
        raise BriefdeskError(f"unknown revision or not a commit: {rev}")
    sha, signed, parents, formatted, message = fields
    trailers = read_trailers(formatted, message)
    if not is_brief_commit(trailers):
        raise BriefdeskError(
            f"{rev} is not a briefdesk commit (no Batch: and Generated-by: briefdesk trailers)"
        )
    changed, outside = changed_files(ws, sha, parents.split()[:1])
    with CatFile(str(ws.root)) as cat:
        files = trailer_checks(cat, sha, trailers)
        found = find_sidecar(cat, sha, changed, trailers[BATCH][-1])
        reasons = [] if trailers.get(MATERIAL) else [NO_MATERIAL]
        if isinstance(found, str):
            brief = BriefCheck(path=None, status="missing", detail=found)
            reasons.append(found)
        else:
            sidecar_path, sidecar = found
            files += sidecar_file_checks(cat, sha, sidecar, files)
            reasons += agreement(trailers, sidecar)
            reasons += ref_problems(cat, sha, sidecar)
            reasons += other_changes(changed, outside, sidecar_path, sidecar)
            brief = check_brief(cat, sha, sidecar_path, sidecar)
    return VerifyResult(
        sha=sha,
        batch=trailers[BATCH][-1],
        files=files,
        reasons=reasons,
        brief=brief,
        signature=signature_words(signed),
    )


def changed_files(ws: Workspace, sha: str, parent: list[str]) -> tuple[list[str], list[str]]:
    """The files the commit changed against its first parent: workspace-relative, and those
    outside the workspace (a workspace in a folder of a larger repository)."""
    prefix = git(ws.root, "rev-parse", "--show-prefix").stdout.decode("utf-8", "surrogateescape")
    prefix = prefix.strip("\n")
    proc = git(
        ws.root,
        "diff-tree",
        "-r",
        "--root",
        "--no-commit-id",
        "--name-only",
        "--no-renames",
        "-z",
        *parent,
        sha,
        check=False,
    )
    if proc.returncode != 0:
        raise BriefdeskError(f"git diff-tree failed: {first_line(proc)}")
    names = [n for n in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if n]
    inside = [n.removeprefix(prefix) for n in names if n.startswith(prefix)]
    return inside, [n for n in names if not n.startswith(prefix)]


def trailer_checks(cat: CatFile, sha: str, trailers: dict[str, list[str]]) -> list[FileCheck]:
    """Every `Material:` and `Spot-check:` hash against the blob at the commit."""
    files: list[FileCheck] = []
    for value in [*trailers.get(MATERIAL, []), *trailers.get(SPOT_CHECK, [])]:
        parsed = parse_material(value)
        if parsed is None:
            files.append(FileCheck(path=value, status="malformed", expected=None, actual=None))
            continue
        path, expected = parsed
        actual = blob_sha256(cat, sha, path)
        if actual is None:
            files.append(FileCheck(path=path, status="missing", expected=expected, actual=None))
            continue
        status: Status = "ok" if actual == expected else "mismatch"
        files.append(FileCheck(path=path, status=status, expected=expected, actual=actual))
    return files


def blob_sha256(cat: CatFile, sha: str, path: str) -> str | None:
    blob = cat.get(f"{sha}:./{path}")
    if blob is None or blob.type != "blob":
        return None
    return hashlib.sha256(blob.content).hexdigest()


def find_sidecar(
    cat: CatFile, sha: str, changed: list[str], batch: str
) -> tuple[str, Sidecar] | str:
    """The commit's sidecar (the one it changed that names its `Batch:`; else, for a commit
    amended with the brief alone, the sidecar beside a brief it changed), or why there is none."""
    from ..brief.sidecar import read_sidecar

    candidates = [n for n in changed if n.endswith(".review.json")]
    candidates += [
        n.removesuffix(".md") + ".review.json"
        for n in changed
        if n.endswith(".md") and n.removesuffix(".md") + ".review.json" not in candidates
    ]
    first_error: str | None = None
    readable: list[tuple[str, Sidecar]] = []
    for path in candidates:
        blob = cat.get(f"{sha}:./{path}")
        if blob is None or blob.type != "blob":
            continue
        try:
            readable.append((path, read_sidecar(blob.content, path)))
        except BriefdeskError as exc:
            first_error = first_error or str(exc)
    for path, sidecar in readable:
        if flatten(sidecar.batch.id) == batch:
            return path, sidecar
    if readable:
        path, sidecar = readable[0]
        return path, sidecar  # the trailers' check names the batch that differs
    return first_error or "the commit holds no brief with its sidecar"


def sidecar_file_checks(
    cat: CatFile, sha: str, sidecar: Sidecar, files: list[FileCheck]
) -> list[FileCheck]:
    """The sidecar's materials against the trailers and the blobs: every material it lists has
    a trailer, and its hash is the blob's (the same bytes)."""
    trailed = {f.path for f in files}
    found: list[FileCheck] = []
    for material in sidecar.materials:
        actual = blob_sha256(cat, sha, material.path)
        if flatten(material.path) not in trailed:
            found.append(
                FileCheck(
                    path=material.path, status="untrailed", expected=material.sha256, actual=actual
                )
            )
        elif actual is not None and material.sha256 != actual:
            found.append(
                FileCheck(
                    path=material.path,
                    status="sidecar-mismatch",
                    expected=material.sha256,
                    actual=actual,
                )
            )
    return found


def agreement(trailers: dict[str, list[str]], sidecar: Sidecar) -> list[str]:
    """What the trailers say that the committed sidecar does not (a message edited after
    briefdesk wrote it: `git commit --amend`, a rebase's reword)."""
    from ..review.sessionfile import counts

    reasons: list[str] = []

    def one(token: str, expected: str) -> None:
        values = trailers.get(token, [])
        if len(values) != 1:
            reasons.append(f"the commit has {len(values)} {token}: trailers, not one")
        elif values[0] != expected:
            reasons.append(f"its {token}: trailer says {values[0]!r}, its sidecar {expected!r}")

    one(BATCH, flatten(sidecar.batch.id))
    one(REVIEWED_BY, flatten(sidecar.reviewer))
    c = sidecar.counts
    one(
        DECISIONS,
        f"included={c.included} excluded={c.excluded} duplicates={c.duplicates} "
        f"confirmed={c.confirmed}/{c.items}",
    )
    values = trailers.get(DECISIONS, [])
    if len(values) == 1 and parse_decisions(values[0]) is None:
        reasons.append(f"its {DECISIONS}: trailer does not parse")
    tally = counts(sidecar.session_data())
    own = {k: getattr(c, k) for k in tally}
    if own != tally:
        reasons.append(
            f"its sidecar's counts {own} are not those of the decisions it records {tally}"
        )
    wanted = Counter((flatten(m.path), m.sha256) for m in sidecar.materials)
    written = Counter(p for v in trailers.get(MATERIAL, []) if (p := parse_material(v)))
    extra = sorted(path for path, _ in written - wanted)
    if extra:
        reasons.append(
            f"its Material: trailers name {', '.join(extra[:3])}, which its sidecar does not list "
            "with that hash"
        )
    spots = Counter(flatten(s.path) for s in sidecar.review.spot_checks)
    trailed = Counter(p[0] for v in trailers.get(SPOT_CHECK, []) if (p := parse_material(v)))
    if spots != trailed:
        differ = sorted((spots - trailed) + (trailed - spots))
        reasons.append(
            "its Spot-check: trailers and its sidecar's spot checks differ "
            f"({', '.join(differ[:3])})"
        )
    return reasons


def ref_problems(cat: CatFile, sha: str, sidecar: Sidecar) -> list[str]:
    """Every ref of the sidecar names a material of the commit (see the module docstring)."""
    materials = {m.path for m in sidecar.materials}
    items = {i.ref for i in sidecar.items}
    spots = {s.path for s in sidecar.review.spot_checks}
    bad: list[str] = []
    for ref in sorted(items):
        if ref.rsplit("#", 1)[0] not in materials:
            bad.append(f"item {ref} is of no material the sidecar lists")
    for path in sorted(spots):
        if blob_sha256(cat, sha, path) is None:
            bad.append(f"spot check {path} is not a file of the commit")
    for path in sorted(materials):
        if blob_sha256(cat, sha, path) is None:
            bad.append(f"material {path} is not a file of the commit")
    for entry in sidecar.model.entries if sidecar.model else ():
        unknown = [r for r in (*entry.parts, *entry.absorbed) if r not in items]
        if unknown:
            bad.append(f"increment {entry.number} of its brief cites {unknown[0]}, no item of it")
        if entry.kind == "spot-check" and entry.path not in spots:
            bad.append(f"entry {entry.number} of its brief is a spot check of {entry.path}, none")
    more = f" (and {len(bad) - 3} more)" if len(bad) > 3 else ""
    return [f"its sidecar's refs: {'; '.join(bad[:3])}{more}"] if bad else []


def other_changes(
    changed: list[str], outside: list[str], sidecar_path: str, sidecar: Sidecar
) -> list[str]:
    """A brief commit changes its brief, its sidecar and its batch's manifest, nothing else."""
    allowed = {sidecar.brief, sidecar_path, sidecar.batch.path}
    others = sorted({*(n for n in changed if n not in allowed), *outside})
    if not others:
        return []
    more = f" (and {len(others) - 3} more)" if len(others) > 3 else ""
    return [
        f"the commit also changes {', '.join(others[:3])}{more}: a brief commit changes only its "
        "brief, its sidecar and its batch's manifest"
    ]


def check_brief(cat: CatFile, sha: str, sidecar_path: str, sidecar: Sidecar) -> BriefCheck:
    """Lay the committed sidecar's brief model out again and compare it with the committed brief,
    byte for byte: a brief edited by hand after briefdesk wrote it shows here."""
    from ..brief.render import render_model

    brief_path = sidecar_path.removesuffix(".review.json") + ".md"
    if sidecar.brief != brief_path:
        return BriefCheck(
            path=brief_path,
            status="mismatch",
            detail=f"its sidecar is of another brief ({sidecar.brief})",
        )
    brief_blob = cat.get(f"{sha}:./{brief_path}")
    if brief_blob is None or brief_blob.type != "blob":
        return BriefCheck(path=brief_path, status="missing", detail="not in the commit")
    if sidecar.model is None:
        return BriefCheck(
            path=brief_path,
            status="unchecked",
            detail=(
                f"its sidecar has schema {sidecar.schema_version}, which holds no brief model, so "
                "nothing proves the brief; a brief commit of this briefdesk holds one"
            ),
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
