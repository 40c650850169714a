"""`briefdesk commit`: write the brief and its sidecar and commit exactly those two files, plus
the batch's own manifest when it is new or changed (the record of the batch; the message says so).

As git would, and so that nothing of the user's is lost and nothing is recorded that is not true.
`commit_brief` takes briefdesk's commit lock (`core.git.journal`: commits are serialised, and each
first finishes or undoes what a killed one left, and says so), then `index.lock`, then runs the
phases of `_commit`, each a function named for it:

1. `probe`: every read-only question to git at once (`probe_commands`).
2. `refuse`: what git's answers forbid — no identity, no commit yet, a merge, cherry-pick, revert
   or rebase in progress, conflicts, materials not committed as the review read them (the
   `Material:` trailers promise the hash of the bytes as committed), a brief or sidecar git
   ignores or has in conflict.
3. `build`: the brief, the sidecar and the message, and the refusals that need them: a brief or
   sidecar with changes briefdesk did not write (`check_ours`: never overwritten, the file
   named); in a shallow clone, a committed brief whose commit is not here (`check_shallow`); a
   manifest staged otherwise than on disk (`manifest_change`); nothing to commit.
4. `write`: the pair both or neither (`core.storage.fileio.write_together`, staged in the git
   directory, sidecar first): a full disk names the file that failed and changes neither.
5. `make_commit`: `git commit` on an index of its own holding HEAD plus exactly our files
   (`core.git.index`), `index.lock` held throughout, so hooks run as they would, with the user's
   identity, and nothing else the user staged is swept in. If git refuses (a hook, a signing
   failure ...), the files stay on disk, the index is as it was, and the error carries git's
   whole message.
6. `read_back`: the commit as made (a commit-msg hook may have edited the message).
7. `restore_index`: the real index takes the commit's changes — ours, and a hook's where the
   user had not staged something else — in one rename; nothing is left for the user's next
   commit to revert.

Every refusal comes before anything is written, except git's own. A run killed anywhere is
finished or undone by the next one (`core.git.journal.CommitState.recover`). A disk-full error
at any write names the file (`core.storage.fileio.writes_to`).

Detached HEAD: the commit is made on it, as `git commit` would; the result says so (`branch` is
None) so the caller can warn.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..brief.message import (
    MATERIAL,
    TRAILERS_FORMAT,
    commit_message,
    flatten,
    material_trailers,
    read_trailers,
)
from ..errors import BriefdeskError
from ..model.decisions import Decision
from ..settings.reviewer import reviewer_name
from ..storage import fileio
from ..storage.fileio import sha256_file, write_together, writes_to
from .catfile import batch_input, parse_batch
from .command import (
    STRICT_IDENTITY,
    first_line,
    git,
    git_many,
    git_message,
    literal,
    no_repository,
    output_lines,
    parse_ident,
)
from .index import Change, IndexLock, build_commit_index, install_index, parse_raw
from .journal import CommitState, blob_oid

if TYPE_CHECKING:
    from ..review.load import Review
    from ..review.session import Session

NO_IDENTITY = (
    'no git identity: set it with `git config user.name "Your Name"` and '
    "`git config user.email you@example.com` (briefdesk never lets git guess one)"
)
# what git leaves in its directory while an operation that a commit would join is under way
IN_PROGRESS = {
    "MERGE_HEAD": "a merge",
    "CHERRY_PICK_HEAD": "a cherry-pick",
    "REVERT_HEAD": "a revert",
    "rebase-merge": "a rebase",
    "rebase-apply": "a rebase or `git am`",
}


@dataclass(frozen=True)
class CommitResult:
    sha: str
    message: str  # as committed (a commit-msg hook may have edited it)
    brief_path: str  # workspace-relative
    sidecar_path: str
    branch: str | None  # None when the commit was made on a detached HEAD
    warnings: tuple[str, ...] = ()  # what the caller should tell (trailers a hook removed ...)
    manifest: str | None = None  # the batch's manifest, when the commit also holds it


@dataclass
class Repo:
    """Where the repository is, from one `git rev-parse` before the lock is taken."""

    prefix: str  # the workspace's path inside the repository, "" or "sub/dir/"
    index: Path  # the index git uses
    lock: Path  # the index.lock git would take
    folder: Path  # briefdesk's records in the git directory
    in_progress: dict[str, Path] = field(default_factory=dict)


@dataclass(frozen=True)
class Blob:
    oid: str
    sha256: str


# -- where the repository is ----------------------------------------------------------------------


def locate(root: Path) -> Repo:
    """The work tree's prefix and the git directory's paths that `commit` needs."""
    names = ["index", "index.lock", "briefdesk", *IN_PROGRESS]
    args = ["rev-parse", "--is-inside-work-tree", "--show-prefix"]
    for name in names:
        args += ["--git-path", name]
    proc = git(root, *args, check=False)
    lines = proc.stdout.decode("utf-8", "surrogateescape").split("\n")
    if proc.returncode != 0 or len(lines) < 2 + len(names):
        raise no_repository(root, proc)
    if lines[0] != "true":
        raise BriefdeskError(
            "not inside a git work tree (a bare repository or a .git folder)", root
        )
    paths = [Path(p) if Path(p).is_absolute() else root / p for p in lines[2 : 2 + len(names)]]
    return Repo(
        prefix=lines[1],
        index=paths[0],
        lock=paths[1],
        folder=paths[2],
        in_progress=dict(zip(IN_PROGRESS, paths[3:], strict=True)),
    )


def probe_commands(names: list[str], targets: list[str]) -> list[tuple[list[str], bytes | None]]:
    """The read-only questions `commit` asks git once it holds the locks, run at once (see
    `gitio.git_many`): what the user staged; the branch; whether the checkout is sparse (then
    git's own `add --dry-run` says which paths it refuses); the identity; the index entries of the
    targets; HEAD's id, the blobs at HEAD of the materials and targets, and the targets' staged
    blobs; whether git would refuse the targets as ignored.

    No `git status`: on a big repository it costs as much as the rest together, and comparing
    each material's blob at HEAD with the bytes the review read answers the question that
    matters (are the trailers' hashes those of what the review read, as committed?).
    """
    for p in [*names, *targets]:
        if "\n" in p or "\r" in p:
            raise BriefdeskError("a path with a line break cannot be committed", p)
    queries = ["HEAD", *(f"HEAD:./{p}" for p in [*names, *targets])]
    queries += [f":./{p}" for p in targets]
    blobs = batch_input(queries)
    return [
        (
            ["diff-index", "--cached", "-z", "--no-renames", "--ignore-submodules=none", "HEAD"],
            None,
        ),
        (["symbolic-ref", "-q", "HEAD"], None),
        (["config", "--get", "--bool", "core.sparseCheckout"], None),
        (["rev-parse", "--is-shallow-repository"], None),
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


def parse_blobs(
    queries: list[str], proc: subprocess.CompletedProcess[bytes]
) -> tuple[str | None, dict[str, Blob | None]]:
    """HEAD's id (None without a commit) and each query's blob (oid and sha256 of its bytes),
    None where there is none. `queries` are those after `HEAD`."""
    if proc.returncode != 0:
        raise BriefdeskError(f"git cat-file failed: {first_line(proc)}")
    head_obj, *objects = parse_batch(proc.stdout, 1 + len(queries))
    head = head_obj.oid if head_obj is not None and head_obj.type == "commit" else None
    found: dict[str, Blob | None] = {}
    for name, obj in zip(queries, objects, strict=True):
        # a tree or a submodule where a file was expected counts as no blob
        found[name] = (
            Blob(obj.oid, hashlib.sha256(obj.content).hexdigest())
            if obj is not None and obj.type == "blob"
            else None
        )
    return head, found


# -- checks ---------------------------------------------------------------------------------------


def check_session(review: Review, session: Session) -> None:
    """Commit only decisions that are saved: a desk whose save failed is told so, and a read-only
    view (another briefdesk holds the session) cannot commit a state that was changed since."""
    if session.path is not None and session.save_error and not session.retry_save():
        raise BriefdeskError(
            f"the decisions could not be saved, so they are not committed: {session.save_error}"
        )
    if session.path is None:
        from ..review.session import load_state

        saved_path = review.session_path()
        if saved_path.exists():
            saved = load_state(saved_path, review.batch, review.items)
            now = session.data
            if (
                saved.decisions != now.decisions
                or saved.increments != now.increments
                or saved.spot_checks != now.spot_checks
                or saved.contradictions != now.contradictions
                or saved.handles != now.handles
            ):
                raise BriefdeskError(
                    "the saved session changed since this view read it (another briefdesk is "
                    "reviewing the batch): commit from there, or open the batch again",
                    saved_path,
                )


def check_materials(
    review: Review,
    prefix: str,
    blobs: dict[str, Blob | None],
    spots: dict[str, str] | None = None,
) -> dict[str, str]:
    """The sha256 of every material (and spot-checked material, `spots`: path -> sha256 as read)
    as committed at HEAD, or an error naming the ones that are not committed as the review read
    them.

    A blob that differs from the bytes the review read is accepted only when `git status` calls
    the file clean and the file still holds those bytes (a clean/smudge filter such as
    `core.autocrlf`, a symlink); the status is asked only then, so the common case costs none.
    """
    root = review.workspace.root
    hashes: dict[str, str] = {}
    problems: list[str] = []
    stale: list[str] = []  # committed, but not the bytes this review read
    differing: list[str] = []
    loaded = {m.path: m.sha256 for m in review.materials} | (spots or {})
    for path, sha in loaded.items():
        blob = blobs.get(f"HEAD:./{path}")
        if blob is None:
            problems.append(f"{path} is not committed")
        else:
            hashes[path] = blob.sha256
            if blob.sha256 != sha:
                differing.append(path)
    if differing:
        dirty = dirty_paths(root, prefix, differing)
        for rel in differing:
            if rel in dirty:
                problems.append(f"{rel} has uncommitted changes")
            elif sha256_file(root / rel) != loaded[rel]:
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
            "since the Material: and Spot-check: trailers record the hash of each file as "
            "committed"
        )
    return hashes


def check_spot_checks(review: Review, session: Session) -> dict[str, str]:
    """path -> sha256 of every spot check as read now; refused when a file is gone or changed
    since the reviewer checked it (the brief would cite bytes nobody read)."""
    for spot, _ in review.changed_spot_checks(session.plan.spot_checks):
        raise BriefdeskError(
            "changed since it was spot-checked: read it again, then refresh the spot check (in "
            "the desk: add it again with add_spot_check; what was written for it is kept)",
            spot.path,
        )
    return {spot.path: spot.sha256 for spot in session.plan.spot_checks}


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


def check_targets(
    index: dict[str, list[tuple[str, str, int]]], targets: list[str], ignored: set[str]
) -> None:
    for rel in targets:
        if any(stage for _, _, stage in index.get(rel, [])):
            raise BriefdeskError("has unresolved merge conflicts; resolve them first", rel)
    for rel in targets:
        if rel in ignored and not index.get(rel):
            raise BriefdeskError(
                "is ignored by git (.gitignore); un-ignore it so the brief can be committed", rel
            )


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


@dataclass(frozen=True)
class Target:
    """What the repository, the index and the work tree hold for the brief or the sidecar."""

    rel: str
    path: Path
    new: bytes
    head: Blob | None  # at HEAD
    staged: Blob | None  # in the index (stage 0)


def check_ours(
    targets: list[Target], written: dict[str, str], batch_id: str, root: Path, prefix: str
) -> None:
    """Never overwrite what briefdesk did not write (see the module docstring). A file is ours
    when it holds what HEAD has, what briefdesk last wrote there, or the new bytes; the index
    likewise. A file with no record (written by an older briefdesk) that is not committed is
    ours when a sidecar of this batch lies beside it."""
    sidecar = targets[1]
    for t in targets:
        if t.path.is_symlink() or (t.path.exists() and not t.path.is_file()):
            raise BriefdeskError("exists and is not a plain file; move it away", t.rel)
    for t in targets:
        mine = written.get(t.rel)
        known = {hashlib.sha256(t.new).hexdigest()}
        if t.head is not None:
            known.add(t.head.sha256)
        if mine is not None:
            known.add(mine)
        if t.staged is not None and t.staged.sha256 not in known:
            raise BriefdeskError(
                "has staged changes that briefdesk did not write; commit them, or unstage them "
                "(git restore --staged), before committing the brief",
                t.rel,
            )
        on_disk = sha256_file(t.path)
        if on_disk is None or on_disk in known:
            continue
        if t.head is not None and not dirty_paths(root, prefix, [t.rel]):
            continue  # git calls it clean: a filter (core.autocrlf) made the bytes differ
        if t.head is None and mine is None and _legacy_ours(sidecar.path, batch_id):
            continue
        if t.head is not None:
            raise BriefdeskError(
                "has changes that briefdesk did not write (edited since it was committed); "
                "commit them or move them away, so they are not overwritten",
                t.rel,
            )
        raise BriefdeskError(
            "exists and was not written by briefdesk for this batch; move it away", t.rel
        )
    if sidecar.path.is_file():
        other = sidecar_batch_id(fileio.read_bytes(sidecar.path, sidecar.rel))
        if other is not None and other != batch_id:
            raise BriefdeskError(
                "exists and was not written by briefdesk for this batch; move it away",
                sidecar.rel,
            )


def _legacy_ours(sidecar: Path, batch_id: str) -> bool:
    try:
        return sidecar_batch_id(fileio.read_bytes(sidecar, sidecar)) == batch_id
    except BriefdeskError:
        return False


# -- the commit -----------------------------------------------------------------------------------


def commit_brief(
    review: Review,
    session: Session,
    *,
    reviewer: str | None = None,
    allow_undecided: bool = False,
) -> CommitResult:
    """Write and commit the brief and its sidecar; see the module docstring."""
    ws = review.workspace
    data = session.data
    undecided = sum(
        data.decisions.get(i.ref, Decision()).status == "undecided" for i in review.items
    )
    if undecided and not allow_undecided:
        raise BriefdeskError(
            f"{undecided} item{'s are' if undecided != 1 else ' is'} still undecided; "
            "decide them or pass --allow-undecided"
        )
    check_session(review, session)
    for rel in (review.brief_path, review.sidecar_path):
        ws.resolve(rel, must_exist=False)  # a link out of the workspace is refused here
    repo = locate(ws.root)
    records = CommitState(repo.folder, ws.root, repo.index, repo.lock)
    with records.locked():
        recovered = records.recover([review.brief_path, review.sidecar_path])
        try:
            result = _locked_commit(review, session, reviewer, repo, records)
        except BriefdeskError as exc:
            if not recovered:
                raise
            # what the killed run's recovery did is said even when this run has nothing to do
            raise BriefdeskError(
                f"{recovered_sentence(recovered)}; then: {exc}", details=exc.details
            ) from None
    # what the reviewer should look at again, committed as it is (docs/brief.md)
    told = [o.describe() for o in session.overclaims()]
    told += [  # docs/staleness.md
        f"{g.describe()}: not in the brief; the session keeps it (move it onto an item or drop "
        "it in the desk)"
        for g in session.gone
    ]
    if told:
        result = dataclasses.replace(result, warnings=(*result.warnings, *told))
    if recovered:
        result = dataclasses.replace(
            result, warnings=(recovered_sentence(recovered), *result.warnings)
        )
    return result


def recovered_sentence(recovered: list[str]) -> str:
    return f"a killed briefdesk commit was finished: {'; '.join(recovered)}"


def _locked_commit(
    review: Review,
    session: Session,
    reviewer: str | None,
    repo: Repo,
    records: CommitState,
) -> CommitResult:
    """The commit once briefdesk's commit lock is held: `index.lock` taken, the phases run, and
    on a failure before git committed, everything let go."""
    lock = IndexLock(repo.lock)
    records.begin(lock)  # before the lock exists: a kill right after it is undone
    if not lock.take():
        records.end()
        raise BriefdeskError(
            f"{repo.lock} exists: another git process is running, or one crashed; "
            "briefdesk never deletes it — remove it yourself once no git is running"
        )
    step = Step()
    try:
        return _commit(review, session, reviewer, repo, records, lock, step)
    except BaseException:
        if not step.committed:  # refused, or git refused: let go of everything
            lock.release()
            records.end()
        raise  # committed but not installed: the journal and the lock stay for `recover`


@dataclass
class Step:
    committed: bool = False  # HEAD moved: from here on a failure must leave the lock for recover


@dataclass(frozen=True)
class Probe:
    """What git answered before anything is written (`probe`)."""

    staged: dict[str, Change]  # what the user staged (full paths)
    branch: str | None
    sparse: bool
    shallow: bool
    identity: tuple[str, str] | None
    index: dict[str, list[tuple[str, str, int]]]  # index entries of the targets
    head: str | None
    blobs: dict[str, Blob | None]  # `HEAD:./<path>` and `:./<path>` -> blob
    ignored: set[str]  # the targets git would ignore
    spots: dict[str, str]  # spot-checked path -> sha256 as read now


@dataclass(frozen=True)
class Plan:
    """What the commit will hold (`build`)."""

    who: str
    hashes: dict[str, str]
    files: dict[str, bytes]  # brief and sidecar -> the bytes to write
    manifest: str | None  # the batch manifest, when the commit also holds it
    message: str

    @property
    def targets(self) -> list[str]:
        """Every path the commit adds, workspace-relative."""
        return [*self.files, *([self.manifest] if self.manifest else [])]


@dataclass(frozen=True)
class ReadBack:
    """The commit as git made it (`read_back`)."""

    sha: str
    trailers: dict[str, list[str]]
    message: str
    changes: dict[str, Change]


def _commit(
    review: Review,
    session: Session,
    reviewer: str | None,
    repo: Repo,
    records: CommitState,
    lock: IndexLock,
    step: Step,
) -> CommitResult:
    """The phases, in order; each names what it is for."""
    found = probe(review, session, repo)
    who, hashes = refuse(review, reviewer, repo, found)
    plan = build(review, session, repo, records, found, who, hashes)
    write(review, repo, records, found, plan)
    make_commit(review, repo, records, lock, found, plan)
    step.committed = True  # (a post-commit hook's failure does not undo the commit)
    back = read_back(review)
    return restore_index(review, repo, records, lock, found, plan, back)


def _targets(review: Review) -> list[str]:
    """What the probes ask about: the brief, the sidecar, and the batch's manifest."""
    return [review.brief_path, review.sidecar_path, review.batch.path]


def probe(review: Review, session: Session, repo: Repo) -> Probe:
    """Phase 1: git's answers to every read-only question, asked at once (`probe_commands`)."""
    root = review.workspace.root
    targets = _targets(review)
    spots = check_spot_checks(review, session)
    names = [m.path for m in review.materials] + list(spots)
    staged_proc, branch_proc, sparse, shallow, ident, listed, blob_proc, ignored = git_many(
        root, probe_commands(names, targets)
    )
    identity = (
        parse_ident(ident.stdout.decode("utf-8", "replace")) if ident.returncode == 0 else None
    )
    queries = [f"HEAD:./{p}" for p in [*names, *targets]] + [f":./{p}" for p in targets]
    head, blobs = parse_blobs(queries, blob_proc)
    branch_ref = branch_proc.stdout.decode("utf-8", "surrogateescape").strip()
    if listed.returncode != 0:
        raise BriefdeskError(f"git ls-files failed: {first_line(listed)}")
    if staged_proc.returncode != 0 and head is not None:
        raise BriefdeskError(f"git diff-index failed: {first_line(staged_proc)}")
    index: dict[str, list[tuple[str, str, int]]] = {}
    for record in listed.stdout.decode("utf-8", "surrogateescape").split("\0"):
        if record:
            info, _, name = record.partition("\t")
            mode, oid, stage = info.split(" ")
            index.setdefault(name.removeprefix(repo.prefix), []).append((mode, oid, int(stage)))
    return Probe(
        staged=parse_raw(staged_proc.stdout.decode("utf-8", "surrogateescape")),
        branch=branch_ref.removeprefix("refs/heads/") if branch_proc.returncode == 0 else None,
        sparse=sparse.stdout.strip() == b"true",
        shallow=shallow.stdout.strip() == b"true",
        identity=identity,
        index=index,
        head=head,
        blobs=blobs,
        ignored={
            rel for rel in ignored.stdout.decode("utf-8", "surrogateescape").split("\0") if rel
        },
        spots=spots,
    )


def refuse(
    review: Review, reviewer: str | None, repo: Repo, found: Probe
) -> tuple[str, dict[str, str]]:
    """Phase 2: every refusal git's answers call for, before anything is written. Returns the
    reviewer's name and the materials' hashes as committed."""
    if found.identity is None:
        raise BriefdeskError(NO_IDENTITY)
    who = reviewer_name(review.workspace, reviewer, identity=found.identity)
    for name, path in repo.in_progress.items():
        if path.exists():
            raise BriefdeskError(
                f"{IN_PROGRESS[name]} is in progress ({name} in the git directory); finish or "
                "abort it first — a brief commit would be mixed into it"
            )
    if found.head is None:
        raise BriefdeskError(
            "the repository has no commit yet: commit the materials first "
            "(git add -- <materials> && git commit), then commit the brief",
            review.workspace.root,
        )
    unmerged = [p for p, c in found.staged.items() if c == Change(None, None)]
    if unmerged:
        raise BriefdeskError(
            f"the index has unresolved conflicts ({', '.join(unmerged[:3])}); resolve them first"
        )
    hashes = check_materials(review, repo.prefix, found.blobs, found.spots)
    check_targets(found.index, _targets(review)[:2], found.ignored)
    return who, hashes


def build(
    review: Review,
    session: Session,
    repo: Repo,
    records: CommitState,
    found: Probe,
    who: str,
    hashes: dict[str, str],
) -> Plan:
    """Phase 3: the brief, the sidecar and the message, and the refusals that need them (the
    files are the user's; nothing would change)."""
    from ..brief import render_model  # lazily: the CLI's other commands need no renderer
    from ..brief.sidecar import build_sidecar, dump_sidecar

    root = review.workspace.root
    brief_rel, sidecar_rel = review.brief_path, review.sidecar_path
    side = build_sidecar(review, session.data, who, hashes=hashes)
    assert side.model is not None
    new = {brief_rel: render_model(side.model).encode("utf-8"), sidecar_rel: dump_sidecar(side)}
    state = [
        Target(
            rel=rel,
            path=root / rel,
            new=new[rel],
            head=found.blobs.get(f"HEAD:./{rel}"),
            staged=found.blobs.get(f":./{rel}"),
        )
        for rel in new
    ]
    written = records.written()
    check_ours(state, written, review.batch.manifest.id, root, repo.prefix)
    check_shallow(state, written, found)
    manifest = manifest_change(review, repo, found)
    message = commit_message(
        review, session.data, who, hashes=hashes, model=side.model, manifest=manifest
    )
    if manifest is None and all(
        t.head is not None and t.head.oid == blob_oid(t.new, t.head.oid) for t in state
    ):
        raise BriefdeskError(
            f"nothing to commit: {brief_rel} and its sidecar are already committed as they are"
        )
    return Plan(
        who=who,
        hashes=hashes,
        files=new,
        manifest=manifest[0] if manifest else None,
        message=message,
    )


def check_shallow(targets: list[Target], written: dict[str, str], found: Probe) -> None:
    """In a shallow clone the commit that wrote a committed brief may not be here, so whose
    review it records cannot be known: never commit over one briefdesk did not write in this
    repository (docs/git.md, "Shallow clones")."""
    if not found.shallow:
        return
    brief = targets[0]
    if brief.head is not None and written.get(brief.rel) != brief.head.sha256:
        raise BriefdeskError(
            "is committed already, and this shallow clone does not hold the commit that wrote "
            "it, so whose review it records cannot be known; fetch the whole history "
            "(git fetch --unshallow), then commit",
            brief.rel,
        )


def manifest_to_commit(review: Review, session: Session) -> tuple[str, str] | None:
    """(the manifest's path, "new" or "changed") when committing now would also commit the batch's
    manifest, so the commit screen lists every file the commit holds (docs/git.md). Read-only: it
    asks git what the commit's first phase asks; a refusal is the commit's to say, so it is None."""
    try:
        repo = locate(review.workspace.root)
        return manifest_change(review, repo, probe(review, session, repo))
    except BriefdeskError:
        return None


def manifest_change(review: Review, repo: Repo, found: Probe) -> tuple[str, str] | None:
    """(the manifest's path, "new" or "changed") when the commit must also hold the batch's own
    manifest (docs/git.md): it is not committed yet, or differs from HEAD's. None when it is
    committed as it is, or git ignores it. Refused when it changed on disk since the review read
    it, or the user staged a version of it that is neither HEAD's nor the file's."""
    rel = review.batch.path
    ws = review.workspace
    path = ws.resolve(rel)
    if rel in found.ignored and not found.index.get(rel):
        return None
    try:
        on_disk = path.read_bytes()
    except OSError as exc:
        raise BriefdeskError(f"cannot read: {exc.strerror}", rel) from None
    if ws.load_batch(path).manifest != review.batch.manifest:
        raise BriefdeskError(
            "changed on disk after this review read it: open the batch again, then commit", rel
        )
    sha = hashlib.sha256(on_disk).hexdigest()
    head = found.blobs.get(f"HEAD:./{rel}")
    staged = found.blobs.get(f":./{rel}")
    if any(stage for _, _, stage in found.index.get(rel, [])):
        raise BriefdeskError("has unresolved merge conflicts; resolve them first", rel)
    if staged is not None and staged.sha256 not in {sha, head.sha256 if head else None}:
        raise BriefdeskError(
            "has staged changes that are not in the file; commit them, or unstage them "
            "(git restore --staged), before committing the brief",
            rel,
        )
    if head is None:
        return rel, "new"
    if head.sha256 != sha and dirty_paths(ws.root, repo.prefix, [rel]):
        return rel, "changed"
    return None


def write(review: Review, repo: Repo, records: CommitState, found: Probe, plan: Plan) -> None:
    """Phase 4: the brief and sidecar on disk, both or neither, and what briefdesk wrote
    recorded; in a sparse checkout, git's own refusal of paths outside its definition."""
    root = review.workspace.root
    brief_rel, sidecar_rel = review.brief_path, review.sidecar_path
    # sidecar first: whoever finds the pair half-written sees whose it is
    write_together(
        root,
        [(sidecar_rel, plan.files[sidecar_rel]), (brief_rel, plan.files[brief_rel])],
        records.staging,
    )
    records.record_written({rel: hashlib.sha256(b).hexdigest() for rel, b in plan.files.items()})
    if not found.sparse:
        return
    with writes_to(records.commit_index):  # (git add wants the index's lock)
        shutil.copyfile(repo.index, records.commit_index)
    dry = git(
        root,
        "add",
        "--dry-run",
        "-f",
        "--",
        *literal(plan.targets),
        env={"GIT_INDEX_FILE": str(records.commit_index)},
        check=False,
    )
    if dry.returncode != 0:
        raise BriefdeskError(
            f"git refuses to add the brief: {git_message(dry)}; {left_behind(review)}",
            details=output_lines(dry),
        )


def left_behind(review: Review) -> str:
    return (
        f"nothing was committed, {review.brief_path} and its sidecar are left on disk and the "
        "index is as it was"
    )


def make_commit(
    review: Review, repo: Repo, records: CommitState, lock: IndexLock, found: Probe, plan: Plan
) -> None:
    """Phase 5: the journal says what a kill must finish, the commit's own index is built, and
    `git commit` runs on it, hooks and signing included."""
    root = review.workspace.root
    full = [repo.prefix + rel for rel in plan.targets]
    records.begin(lock, found.head, batch=flatten(review.batch.manifest.id), ours=full)
    build_commit_index(root, repo.index, records.commit_index, found.staged, plan.targets)
    proc = git(
        root,
        *STRICT_IDENTITY,
        "commit",
        "--cleanup=verbatim",
        "-q",
        "-F",
        "-",
        input=plan.message.encode("utf-8"),
        env={"GIT_INDEX_FILE": str(records.commit_index)},
        check=False,
    )
    if proc.returncode != 0:
        after = git(root, "rev-parse", "-q", "--verify", "HEAD", check=False).stdout.decode()
        if after.strip() == found.head:
            raise BriefdeskError(
                f"git commit failed: {git_message(proc)}{disk_full_where(proc, repo)}; "
                f"{left_behind(review)}",
                details=output_lines(proc),
            )


def disk_full_where(proc: subprocess.CompletedProcess[bytes], repo: Repo) -> str:
    """Where git was writing when the disk filled, when its own words do not say: the objects
    and the commit's index are in the git directory."""
    text = proc.stderr.decode("utf-8", "replace")
    if "No space left on device" not in text or str(repo.folder.parent) in text:
        return ""
    return f" (while writing into {repo.folder.parent})"


def read_back(review: Review) -> ReadBack:
    """Phase 6: the commit as git made it — its id, its message as committed (a commit-msg hook
    may have edited it) and what it changed."""
    out = git(
        review.workspace.root,
        "log",
        "-1",
        "-z",
        "--raw",
        "--no-renames",
        "--no-abbrev",
        "--no-show-signature",
        f"--format=%H%x00{TRAILERS_FORMAT}%x00%B",
        "HEAD",
    ).stdout.decode("utf-8", "surrogateescape")
    sha, _, rest = out.partition("\0")
    trailers, _, rest = rest.partition("\0")
    body, sep, raw = rest.partition("\0\n:")
    committed = body.rstrip("\0")
    return ReadBack(
        sha=sha.strip(),
        trailers=read_trailers(trailers, committed),
        message=committed,
        changes=parse_raw(":" + raw) if sep else {},
    )


def restore_index(
    review: Review,
    repo: Repo,
    records: CommitState,
    lock: IndexLock,
    found: Probe,
    plan: Plan,
    back: ReadBack,
) -> CommitResult:
    """Phase 7: the real index takes the commit's changes in one rename and `index.lock` goes;
    the journal ends; what the caller must tell is gathered."""
    full = {repo.prefix + rel for rel in plan.targets}
    kept = install_index(
        review.workspace.root,
        repo.index,
        lock,
        records.next_index,
        back.changes,
        found.staged,
        full,
    )
    records.end()
    warnings: list[str] = []
    if kept:
        warnings.append(
            f"a hook committed changes to {', '.join(kept)}, which you had staged "
            "differently: your staged versions are kept"
        )
    others = sorted(p.removeprefix(repo.prefix) for p in back.changes if p not in full)
    if others:
        warnings.append(
            f"a hook added changes to {', '.join(others[:3])}"
            f"{f' (and {len(others) - 3} more)' if len(others) > 3 else ''} to the brief commit; "
            "`briefdesk verify` fails on a brief commit that changes other files"
        )
    warnings += trailer_warnings(material_trailers(plan.message), back.trailers)
    return CommitResult(
        sha=back.sha,
        message=back.message,
        brief_path=review.brief_path,
        sidecar_path=review.sidecar_path,
        branch=found.branch,
        warnings=tuple(warnings),
        manifest=plan.manifest,
    )


def trailer_warnings(wanted: list[str], committed: dict[str, list[str]]) -> list[str]:
    """What a commit-msg hook took out of the provenance, said at once (verify will fail):
    `wanted` the `Material:` values briefdesk wrote, `committed` the trailers git reads in the
    message as committed."""
    kept = set(committed.get(MATERIAL, []))
    lost = [t for t in wanted if t not in kept]
    if not lost:
        return []
    return [
        f"the commit message lost {len(lost)} of its {len(wanted)} Material: trailers (a "
        "commit-msg hook?); `briefdesk verify` will fail on this commit"
    ]
