"""The commit SIGKILL harness: kill `briefdesk commit` at every phase, then judge the repository.

Shared by the slow test (`test_commit_sigkill.py`, one trial per phase and a few random ones) and
the long run (`python -m benchmarks.commit_kill`, 200+ trials). A trial:

1. prepares the workspace: the demo with the user's work in progress (a staged file edited again,
   a new staged file, an untracked file), one more decision so there is a new brief to commit,
   and sometimes a pre-commit hook that edits and `git add`s files (or one that kills briefdesk
   from inside the hook, while git waits on it);
2. runs `commit_kill_child.py`, which SIGKILLs itself at the trial's phase (or is killed by the
   harness at a random moment), and waits for any git it left running;
3. judges the repository as the user finds it, before briefdesk runs again:
   - nothing staged that the user's next `git commit` would sweep in (our files, or a hook's files
     shown as reverted);
   - no temp file in the work tree;
   - HEAD where it was, or one brief commit on top of it holding our two files;
   - the user's staged and unstaged work exactly as before;
   (a pair half-renamed, or briefdesk's `index.lock` still held, is counted as left for the next
   commit to finish: the first is never staged, the second makes every git refuse loudly, as a
   killed `git commit` does, until the next brief commit finishes the job and removes it);
4. runs `briefdesk commit` again and judges the end state: exit 0, or "nothing to commit" when the
   killed run's commit had completed; index, work tree and HEAD agree on the two files; no
   journal, no temp file; `verify HEAD` passes; the user's work as before.

A trial that fails any judgement is a *damaged* repository, with the reasons.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from git_helpers import OURS, add_user_work, clean_env, commit_cli, sh
from hostile_helpers import DEMO_BATCH, run_cli

CHILD = Path(__file__).with_name("commit_kill_child.py")

# Every phase a commit goes through (see commit_kill_child.STEPS), in order; `hook-kill` is a kill
# from inside the pre-commit hook, while git waits on it (git then goes on and commits).
PHASES = [
    "checked",
    "located",
    "locked",
    "recovered",
    "begun#1",
    "index-locked",
    "probed",
    "owned",
    "temp#2",
    "temp#3",
    "temp#4",
    "rename#2",
    "finished<",
    "rename#3",
    "rename#4",
    "recorded",
    "begun#2",
    "built",
    "git-commit<",
    "hook-kill",
    "git-commit",
    "git-log",
    "rename#7",
    "installed",
    "ended",
]
EDITING_HOOK = """#!/bin/sh
# a formatter-like hook: edits and stages files of its own and the brief
date +%s%N >> briefs/INDEX.txt
git add briefs/INDEX.txt
printf '\\nchecked by the hook\\n' >> README.md
git add README.md
"""
KILLING_HOOK = """#!/bin/sh
# kills briefdesk (git's parent) while git waits on this hook; git then goes on and commits
kill -9 "$(cut -d ' ' -f 4 /proc/$PPID/stat)"
sleep 0.2
"""


@dataclass
class Outcome:
    phase: str
    reached: bool = False  # the kill landed at the phase asked for (not before, not never)
    committed: bool = False  # the killed run's commit was made (HEAD moved)
    half_pair: bool = False  # pending: one of the two files new, the other old
    lock_left: bool = False  # pending: index.lock held, so git refuses until briefdesk finishes
    index_pending: bool = False  # of those: the commit made, the index not yet brought to it
    damage: list[str] = field(default_factory=list)


@dataclass
class Figures:
    trials: int = 0
    damaged: int = 0
    reached: int = 0
    committed: int = 0
    half_pair: int = 0
    lock_left: int = 0
    index_pending: int = 0
    by_phase: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, o: Outcome) -> None:
        self.trials += 1
        self.reached += o.reached
        self.committed += o.committed
        self.half_pair += o.half_pair
        self.lock_left += o.lock_left
        self.index_pending += o.index_pending
        self.by_phase[o.phase] = self.by_phase.get(o.phase, 0) + 1
        if o.damage:
            self.damaged += 1
            self.failures.append(f"{o.phase}: {'; '.join(o.damage)}")

    def merge(self, other: Figures) -> None:
        names = ("trials", "damaged", "reached", "committed", "half_pair", "lock_left")
        for name in (*names, "index_pending"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for k, v in other.by_phase.items():
            self.by_phase[k] = self.by_phase.get(k, 0) + v
        self.failures += other.failures

    def summary(self) -> str:
        return (
            f"{self.trials} trials, {self.damaged} damaged repositories; kill landed at the phase "
            f"asked in {self.reached}; the killed run's commit completed in {self.committed}; "
            f"left for the next commit to finish: a half-renamed pair {self.half_pair}, "
            f"index.lock held (git refuses meanwhile) {self.lock_left}, of which the commit was "
            f"made and the index not yet brought to it {self.index_pending}"
        )


def fresh_workspace(base: Path, root: Path) -> Path:
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(base, root, symlinks=True)
    add_user_work(root)
    return root


def change_a_decision(root: Path, n: int) -> None:
    """One more decision, so the next commit has a new brief to write."""
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    review = load_review(Workspace.open(root), DEMO_BATCH)
    with review.open_session() as session:
        ref = review.items[n % len(review.items)].ref
        if session.decision(ref).status == "include":
            session.exclude(ref, f"off-topic {n}")
        else:
            session.include(ref)


def set_hook(root: Path, body: str | None) -> None:
    hook = root / ".git" / "hooks" / "pre-commit"
    if body is None:
        hook.unlink(missing_ok=True)
    else:
        hook.write_text(body, "utf-8")
        hook.chmod(0o755)


def _wait_for_orphans(pgid: int, timeout: float = 30.0) -> None:
    """A git the killed process started goes on (as it would in a shell): wait until it is done."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        alive = False
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                if os.getpgid(int(entry)) == pgid:
                    alive = True
                    break
            except (ProcessLookupError, PermissionError):
                continue
        if not alive:
            return
        time.sleep(0.02)


def temp_files(root: Path) -> list[str]:
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        if ".git" in dirnames:
            dirnames.remove(".git")
        found += [os.path.join(dirpath, f) for f in filenames if f.endswith(".tmp")]
    return found


def user_work(root: Path, *skip: str) -> tuple[str, str]:
    """The user's staged and unstaged changes (diffs), our files and `skip` left out."""
    spec = ["--", ".", *(f":(exclude){p}" for p in (*OURS, *skip))]
    return (sh(root, "diff", "--cached", "--binary", *spec), sh(root, "diff", "--binary", *spec))


def _staged(root: Path) -> set[str]:
    return {p for p in sh(root, "diff", "--cached", "--name-only", "-z").split("\0") if p}


def _bytes(root: Path, rel: str) -> bytes | None:
    try:
        return (root / rel).read_bytes()
    except OSError:
        return None


def only_hook_changes(stderr: str, hook_files: set[str]) -> bool:
    """verify fails a brief commit that changes other files (docs/git.md, "What verify
    proves"): with a hook that adds its own files, that is the one failure allowed."""
    failures = [line for line in stderr.splitlines() if "verify failed" in line]
    return bool(hook_files) and all("the commit also changes" in line for line in failures)


def trial(root: Path, phase: str, rnd: random.Random, n: int, hook: str | None) -> Outcome:
    """One kill; `phase` is a name of PHASES or `random`; `hook`: None, `edits`."""
    o = Outcome(phase)
    change_a_decision(root, n)
    set_hook(root, KILLING_HOOK if phase == "hook-kill" else EDITING_HOOK if hook else None)
    before_head = sh(root, "rev-parse", "HEAD").strip()
    before_user = user_work(root, "briefs/INDEX.txt", "README.md")
    before_staged = _staged(root)
    before_pair = {rel: _bytes(root, rel) for rel in OURS}
    hook_files = {"briefs/INDEX.txt", "README.md"} if hook or phase == "hook-kill" else set()

    target = "none" if phase in ("random", "hook-kill") else phase
    env = clean_env()
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(root), DEMO_BATCH, target],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )
    if phase == "random":
        time.sleep(rnd.uniform(0.3, 1.6))
        child.send_signal(signal.SIGKILL)
    out, err = child.communicate(timeout=120)
    _wait_for_orphans(child.pid)
    lines = out.decode("utf-8", "replace").splitlines()
    if phase == "random":
        o.reached = True
    elif phase == "hook-kill":
        o.reached = child.returncode == -signal.SIGKILL
    else:
        o.reached = (
            child.returncode == -signal.SIGKILL and bool(lines) and lines[-1].startswith("phase ")
        )
    if child.returncode not in (0, -signal.SIGKILL, 2):
        o.damage.append(f"the commit crashed ({child.returncode}): {err.decode()[-300:]}")

    # -- as the user finds it -----------------------------------------------------------------
    head = sh(root, "rev-parse", "HEAD").strip()
    o.committed = head != before_head
    if o.committed:
        if sh(root, "rev-parse", "HEAD^").strip() != before_head:
            o.damage.append("HEAD moved by more than one commit")
        files = set(sh(root, "show", "--name-only", "--format=", "-z", "HEAD").split("\0")) - {""}
        if not set(OURS) <= files or not files <= set(OURS) | hook_files:
            o.damage.append(f"the commit holds {sorted(files)}")
        if "Material: " not in sh(root, "log", "-1", "--format=%B"):
            o.damage.append("the commit has no Material: trailers")
    o.lock_left = (root / ".git" / "index.lock").exists()
    swept = _staged(root) - before_staged
    if swept and not o.lock_left:
        o.damage.append(f"staged for the user's next commit: {sorted(swept)}")
    o.index_pending = bool(swept) and o.lock_left  # git refuses to commit until it is finished
    strays = temp_files(root)
    if strays:
        o.damage.append(f"temp files in the work tree: {strays}")
    if user_work(root, "briefs/INDEX.txt", "README.md") != before_user:
        o.damage.append("the user's staged or unstaged work changed")
    changed = [rel for rel in OURS if _bytes(root, rel) != before_pair[rel]]
    o.half_pair = len(changed) == 1
    if o.lock_left and not (root / ".git" / "index.lock").read_bytes().startswith(b"briefdesk "):
        o.damage.append("an index.lock that is not briefdesk's")

    # -- the next commit finishes the job ---------------------------------------------------------
    set_hook(root, EDITING_HOOK if hook else None)
    again = commit_cli(root)
    if again.returncode != 0 and "nothing to commit" not in again.stderr:
        o.damage.append(f"the next commit failed: {again.stderr.strip()[:300]}")
    status = sh(root, "status", "--porcelain=v1", "-uall", "--", *OURS)
    if status:
        o.damage.append(f"afterwards git status shows {status.strip()!r}")
    records = root / ".git" / "briefdesk"
    leftovers = [p.name for p in records.rglob("*") if p.is_file() and p.name != "written.json"]
    if (root / ".git" / "index.lock").exists():
        leftovers.append("index.lock")
    if leftovers:
        o.damage.append(f"left in the git directory: {leftovers}")
    strays = temp_files(root)
    if strays:
        o.damage.append(f"temp files after the next commit: {strays}")
    verify = run_cli("verify", "-w", str(root), "HEAD", env=clean_env())
    if verify.returncode != 0 and not only_hook_changes(verify.stderr, hook_files):
        o.damage.append(f"verify HEAD failed: {verify.stdout[-200:]} {verify.stderr[-200:]}")
    if user_work(root, "briefs/INDEX.txt", "README.md") != before_user:
        o.damage.append("the user's work changed after the next commit")
    if hook and sh(root, "status", "--porcelain=v1", "--", *hook_files) != "":
        o.damage.append(
            f"the hook's files are not as committed: {sh(root, 'status', '--porcelain=v1')!r}"
        )
    return o


def run_trials(
    base: Path, scratch: Path, phases: list[str], seed: int, hook_every: int = 3
) -> Figures:
    """Trials one after another on one workspace; every fourth on a fresh copy (a first commit)."""
    figures = Figures()
    rnd = random.Random(seed)
    root = scratch / "ws"
    for n, phase in enumerate(phases):
        if n % 4 == 0:
            fresh_workspace(base, root)
        hook = "edits" if hook_every and n % hook_every == 1 else None
        figures.add(trial(root, phase, rnd, n, hook))
    return figures
