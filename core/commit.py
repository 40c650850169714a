"""`briefdesk commit`: write the brief and its sidecar and commit exactly those two files.

Everything is checked before anything is written: undecided items, the repository (a work tree
with a commit, an identity, no `index.lock`), the materials (tracked and unchanged at HEAD, since
the `Material:` trailers promise the hash of the bytes as committed) and the brief's path (never
overwrite a file briefdesk did not write for this batch). Then the two files are written
atomically, `git add` and `git commit --only` commit them through the git command, so hooks run
and nothing else the user staged is swept in. If git refuses (a hook, a signing failure ...), the
files stay on disk and the index entries of those two paths are put back as they were.

Decisions:
- detached HEAD: the commit is made on the detached HEAD, as `git commit` would; the result says
  so (`branch` is None) so the caller can warn.
- empty repository: refused, because materials that were never committed have no hash "as
  committed"; the message says to commit the materials first.
- uncommitted, modified or untracked materials: refused, naming them.
- a brief or sidecar path ignored by .gitignore: refused rather than force-added.

Git invocations on the happy path: rev-parse, var, ls-files, cat-file and check-ignore at once,
then add, commit, log; `git status` only to explain a material that differs from HEAD.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .decisions import Decision
from .errors import BriefdeskError
from .fileio import atomic_write
from .gitio import (
    STRICT_IDENTITY,
    first_line,
    git,
    git_many,
    literal,
    output_lines,
    parse_ident,
)
from .provenance import commit_message
from .settings.reviewer import reviewer_name

if TYPE_CHECKING:
    from .review import Review
    from .session import Session

NO_IDENTITY = (
    'no git identity: set it with `git config user.name "Your Name"` and '
    "`git config user.email you@example.com` (briefdesk never lets git guess one)"
)
ZERO_OID = "0" * 40


@dataclass(frozen=True)
class CommitResult:
    sha: str
    message: str  # as committed (a commit-msg hook may have edited it)
    brief_path: str  # workspace-relative
    sidecar_path: str
    branch: str | None  # None when the commit was made on a detached HEAD


@dataclass(frozen=True)
class IndexEntry:
    mode: str
    oid: str
    stage: int


@dataclass
class RepoState:
    prefix: str  # the workspace's path inside the repository, "" or "sub/dir/"
    lock: Path  # the index.lock git would take
    head: bool = False  # False in a repository without a commit
    branch: str | None = None  # None on a detached HEAD
    index: dict[str, list[IndexEntry]] = field(default_factory=dict)  # workspace-relative


@dataclass(frozen=True)
class Blob:
    oid: str
    sha256: str


# -- checks -----------------------------------------------------------------------------------


def probe_commands(names: list[str], targets: list[str]) -> list[tuple[list[str], bytes | None]]:
    """The read-only questions `commit` asks git, run at once (see `gitio.git_many`): where the
    repository, its HEAD and its index.lock are; the identity; the index entries of the brief
    and sidecar (to put them back if the commit fails); the blobs at HEAD of the materials and
    of the two targets; whether git would refuse the targets as ignored.

    No `git status`: on a big repository it costs as much as the rest together, and comparing
    each material's blob at HEAD with the bytes the review read answers the question that
    matters (are the trailers' hashes those of what the review read, as committed?).
    """
    for p in [*names, *targets]:
        if "\n" in p or "\r" in p:
            raise BriefdeskError("a path with a line break cannot be committed", p)
    blobs = "".join(f"HEAD:./{p}\n" for p in [*names, *targets]).encode("utf-8", "surrogateescape")
    return [
        (
            [
                "rev-parse",
                "--is-inside-work-tree",
                "--show-prefix",
                "--git-path",
                "index.lock",
                "--symbolic-full-name",
                "--verify",
                "-q",
                "HEAD",
            ],
            None,
        ),
        ([*STRICT_IDENTITY, "var", "GIT_AUTHOR_IDENT"], None),
        (["ls-files", "-s", "-z", "--full-name", "--", *literal(targets)], None),
        (["cat-file", "--batch"], blobs),
        # --no-index: a tracked target is let through by `check_targets`, which has the index
        # entries anyway; this process need not read the index again
        (
            ["check-ignore", "--no-index", "--stdin", "-z"],
            "".join(t + "\0" for t in targets).encode("utf-8", "surrogateescape"),
        ),
    ]


def parse_rev_parse(root: Path, proc: subprocess.CompletedProcess[bytes]) -> RepoState:
    """Work tree or not, the workspace's prefix, the lock's path, HEAD's existence and branch."""
    lines = proc.stdout.decode("utf-8", "surrogateescape").split("\n")
    if proc.returncode not in (0, 1) or len(lines) < 3:
        raise BriefdeskError(
            f"not a git repository ({first_line(proc)}); run `git init` there first", root
        )
    if lines[0] != "true":
        raise BriefdeskError(
            "not inside a git work tree (a bare repository or a .git folder)", root
        )
    lock = Path(lines[2])
    state = RepoState(prefix=lines[1], lock=lock if lock.is_absolute() else root / lock)
    if proc.returncode == 0 and len(lines) > 3 and lines[3]:
        state.head = True
        state.branch = lines[3].removeprefix("refs/heads/") if lines[3] != "HEAD" else None
    return state


def parse_index(state: RepoState, proc: subprocess.CompletedProcess[bytes]) -> None:
    """`git ls-files -s -z --full-name` -> the index entries of each path, every stage."""
    if proc.returncode != 0:
        raise BriefdeskError(f"git ls-files failed: {first_line(proc)}")
    for record in proc.stdout.decode("utf-8", "surrogateescape").split("\0"):
        if not record:
            continue
        info, _, path = record.partition("\t")
        mode, oid, stage = info.split(" ")
        state.index.setdefault(path.removeprefix(state.prefix), []).append(
            IndexEntry(mode, oid, int(stage))
        )


def parse_blobs(
    names: list[str], proc: subprocess.CompletedProcess[bytes]
) -> dict[str, Blob | None]:
    """Each path's blob at HEAD (oid and sha256 of its bytes), None where HEAD has none."""
    if proc.returncode != 0:
        raise BriefdeskError(f"git cat-file failed: {first_line(proc)}")
    out = proc.stdout
    blobs: dict[str, Blob | None] = {}
    pos = 0
    for name in names:
        nl = out.find(b"\n", pos)
        header = out[pos:nl].split(b" ") if nl >= 0 else []
        pos = nl + 1
        if len(header) != 3 or header[1] != b"blob":  # "<name> missing", a tree, a submodule
            blobs[name] = None
            if len(header) == 3:
                pos += int(header[2]) + 1
            continue
        size = int(header[2])
        blobs[name] = Blob(header[0].decode(), hashlib.sha256(out[pos : pos + size]).hexdigest())
        pos += size + 1
    return blobs


def check_materials(
    review: Review, state: RepoState, blobs: dict[str, Blob | None]
) -> dict[str, str]:
    """The sha256 of every material as committed at HEAD, or an error naming the ones that are not
    committed as the review read them.

    A blob that differs from the bytes the review read is accepted only when `git status` calls
    the file clean and the file still holds those bytes (a clean/smudge filter, a symlink); the
    status is asked only then, so the common case costs no `git status`.
    """
    root = review.workspace.root
    hashes: dict[str, str] = {}
    problems: list[str] = []
    stale: list[str] = []  # committed, but not the bytes this review read
    differing: list[str] = []
    for m in review.materials:
        blob = blobs.get(m.path)
        if blob is None:
            problems.append(f"{m.path} is not committed")
        else:
            hashes[m.path] = blob.sha256
            if blob.sha256 != m.sha256:
                differing.append(m.path)
    if differing:
        dirty = dirty_paths(root, state.prefix, differing)
        loaded = {m.path: m.sha256 for m in review.materials}
        for rel in differing:
            if rel in dirty:
                problems.append(f"{rel} has uncommitted changes")
            elif file_sha256(root / rel) != loaded[rel]:
                stale.append(rel)
    if stale and not problems:
        more = f" (and {len(stale) - 3} more)" if len(stale) > 3 else ""
        raise BriefdeskError(
            f"{', '.join(stale[:3])}{more} changed on disk after this review read "
            f"{'it' if len(stale) == 1 else 'them'}: the brief would describe text that is no "
            "longer there; re-read the batch (the desk does so on its own within seconds; "
            "otherwise open it again), look at the items marked changed, then commit"
        )
    problems += [f"{rel} changed on disk after this review read it" for rel in stale]
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise BriefdeskError(
            f"material {'; '.join(problems[:3])}{more}: commit the materials first, "
            "since the Material: trailers record the hash of each file as committed"
        )
    return hashes


def dirty_paths(root: Path, prefix: str, paths: list[str]) -> set[str]:
    """Those of `paths` that `git status` reports as changed, staged, untracked or ignored."""
    proc = git(
        root,
        "--no-optional-locks",
        "status",
        "--porcelain=v1",
        "-z",
        "--no-renames",
        "--untracked-files=all",
        "--ignored",
        "--",
        *literal(paths),
    )
    found = {
        rec[3:].removeprefix(prefix)
        for rec in proc.stdout.decode("utf-8", "surrogateescape").split("\0")
        if rec
    }
    return {
        p for p in paths if p in found or any(f.endswith("/") and p.startswith(f) for f in found)
    }


def file_sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def check_targets(
    state: RepoState, targets: list[str], ignored: subprocess.CompletedProcess[bytes]
) -> None:
    for rel in targets:
        if any(e.stage for e in state.index.get(rel, [])):
            raise BriefdeskError("has unresolved merge conflicts; resolve them first", rel)
    for rel in ignored.stdout.decode("utf-8", "surrogateescape").split("\0"):
        if rel and not state.index.get(rel):
            raise BriefdeskError(
                "is ignored by git (.gitignore); un-ignore it so the brief can be committed", rel
            )


def git_blob_oid(payload: bytes, like: str) -> str:
    """The object id git gives `payload` as a blob, in the repository's hash (that of `like`)."""
    algo = hashlib.sha256 if len(like) == 64 else hashlib.sha1
    return algo(b"blob %d\0" % len(payload) + payload).hexdigest()


def sidecar_batch_id(payload: bytes) -> str | None:
    """The batch id a sidecar was written for; None when it is not a briefdesk sidecar."""
    try:
        raw = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(raw, dict) or raw.get("generator") != "briefdesk":
        return None
    batch = raw.get("batch")
    value = batch.get("id") if isinstance(batch, dict) else None
    return value if isinstance(value, str) else None


def check_not_foreign(
    brief: Path, sidecar: Path, brief_rel: str, sidecar_rel: str, new_brief: bytes, batch_id: str
) -> None:
    """Never overwrite a brief that briefdesk did not write for this batch.

    Ours means: a sidecar of this batch id lies beside it, or it already holds exactly the bytes
    about to be written.
    """
    ours = False
    if sidecar.exists() or sidecar.is_symlink():
        try:
            ours = sidecar.is_file() and sidecar_batch_id(sidecar.read_bytes()) == batch_id
        except OSError:
            ours = False
        if not ours:
            raise BriefdeskError(
                "exists and was not written by briefdesk for this batch; move it away", sidecar_rel
            )
    if brief.exists() or brief.is_symlink():
        if not brief.is_file():
            raise BriefdeskError("exists and is not a file; move it away", brief_rel)
        if ours:
            return
        try:
            same = brief.read_bytes() == new_brief
        except OSError as exc:
            raise BriefdeskError(f"cannot read: {exc.strerror}", brief_rel) from None
        if not same:
            raise BriefdeskError(
                "exists and was not written by briefdesk for this batch; move it away", brief_rel
            )


# -- the commit -------------------------------------------------------------------------------


def commit_brief(
    review: Review,
    session: Session,
    *,
    reviewer: str | None = None,
    allow_undecided: bool = False,
) -> CommitResult:
    """Write, add and commit the brief and its sidecar; see the module docstring."""
    from .render import render_brief  # lazily: the CLI's other commands need no renderer
    from .sidecar import render_sidecar

    ws = review.workspace
    root = ws.root
    data = session.data

    undecided = sum(
        data.decisions.get(i.ref, Decision()).status == "undecided" for i in review.items
    )
    if undecided and not allow_undecided:
        raise BriefdeskError(
            f"{undecided} item{'s are' if undecided != 1 else ' is'} still undecided; "
            "decide them or pass --allow-undecided"
        )

    brief_rel, sidecar_rel = review.brief_path, review.sidecar_path
    brief = ws.resolve(brief_rel, must_exist=False)
    sidecar = ws.resolve(sidecar_rel, must_exist=False)
    targets = [brief_rel, sidecar_rel]

    paths = [m.path for m in review.materials]
    where, ident, listed, heads, ignored = git_many(root, probe_commands(paths, targets))
    state = parse_rev_parse(root, where)
    identity = (
        parse_ident(ident.stdout.decode("utf-8", "replace")) if ident.returncode == 0 else None
    )
    if identity is None:
        raise BriefdeskError(NO_IDENTITY)
    who = reviewer_name(review.workspace, reviewer, identity=identity)
    if state.lock.exists():
        raise BriefdeskError(
            f"{state.lock} exists: another git process is running, or one crashed; "
            "briefdesk never deletes it — remove it yourself once no git is running"
        )
    if not state.head:
        raise BriefdeskError(
            "the repository has no commit yet: commit the materials first "
            "(git add -- <materials> && git commit), then commit the brief",
            root,
        )
    parse_index(state, listed)
    blobs = parse_blobs([*paths, *targets], heads)
    hashes = check_materials(review, state, blobs)
    check_targets(state, targets, ignored)

    brief_bytes = render_brief(review, data, reviewer=who).encode("utf-8")
    sidecar_bytes = render_sidecar(review, data, who)
    check_not_foreign(brief, sidecar, brief_rel, sidecar_rel, brief_bytes, review.batch.manifest.id)
    message = commit_message(review, data, who, hashes=hashes)
    pairs = ((blobs[brief_rel], brief_bytes), (blobs[sidecar_rel], sidecar_bytes))
    if all(head is not None and head.oid == git_blob_oid(new, head.oid) for head, new in pairs):
        raise BriefdeskError(
            f"nothing to commit: {brief_rel} and its sidecar are already committed as they are"
        )

    try:
        atomic_write_all([(brief, brief_bytes), (sidecar, sidecar_bytes)])
    except OSError as exc:
        raise BriefdeskError(f"cannot write the brief: {exc.strerror or exc}", brief_rel) from None

    # -f: `check_targets` refused every ignored target git does not track; a tracked one under an
    # ignored folder is staged by a plain `git add`, which still exits 1 (git 2.39)
    proc = git(root, "add", "-f", "--", *literal(targets), check=False)
    if proc.returncode != 0:
        restored = restore_index(root, state, targets)
        raise BriefdeskError(
            f"git add failed: {first_line(proc)}; nothing was committed, {brief_rel} and its "
            "sidecar are left on disk"
            f"{'' if restored else ', but their index entries could not be restored'}",
            details=output_lines(proc),
        )
    proc = git(
        root,
        *STRICT_IDENTITY,
        "commit",
        "--only",
        "--cleanup=verbatim",
        "-q",
        "-F",
        "-",
        "--",
        *literal(targets),
        input=message.encode("utf-8"),
        check=False,
    )
    if proc.returncode != 0:
        restored = restore_index(root, state, targets)
        raise BriefdeskError(
            f"git commit failed: {first_line(proc)}; nothing was committed, {brief_rel} and its "
            "sidecar are left on disk"
            f"{'' if restored else ', but their index entries could not be restored'}",
            details=output_lines(proc),
        )

    out = git(root, "log", "-1", "-z", "--no-show-signature", "--format=%H%x00%B", "HEAD").stdout
    sha, _, committed = out.decode("utf-8", "replace").partition("\0")
    return CommitResult(
        sha=sha.strip(),
        message=committed.rstrip("\0"),
        brief_path=brief_rel,
        sidecar_path=sidecar_rel,
        branch=state.branch,
    )


def atomic_write_all(files: list[tuple[Path, bytes]]) -> None:
    """`atomic_write` every file at the same time, one thread each: each write waits on its fsyncs,
    which release the GIL. The first failure is raised once all are done.

    Plain threads: `concurrent.futures` would cost more to import (logging with it) than this saves.
    """
    failures: list[BaseException] = []

    def write(path: Path, payload: bytes) -> None:
        try:
            atomic_write(path, payload)
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=write, args=item) for item in files[1:]]
    for thread in threads:
        thread.start()
    write(*files[0])
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]


def restore_index(root: Path, state: RepoState, targets: list[str]) -> bool:
    """Put the index entries of exactly these paths back as `git ls-files` saw them before."""
    lines: list[str] = []
    for rel in targets:
        full = state.prefix + rel
        entries = [e for e in state.index.get(rel, []) if e.stage == 0]
        if entries:
            lines.append(f"{entries[0].mode} {entries[0].oid}\t{full}")
        else:
            lines.append(f"0 {ZERO_OID}\t{full}")  # mode 0: not in the index
    payload = "".join(line + "\0" for line in lines).encode("utf-8", "surrogateescape")
    return (
        git(root, "update-index", "-z", "--index-info", input=payload, check=False).returncode == 0
    )
