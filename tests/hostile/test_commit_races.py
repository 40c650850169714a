"""Two commits at once never damage the repository, and a kill at any phase of a commit never does.

The race: two `briefdesk commit`s started at the same instant on the demo with the user's work in
progress — of two batches, of the same batch, or the desk (holding the session, deciding, then
committing) against a shell — 21 trials. Commits are serialised on briefdesk's own lock and each
holds git's `index.lock` as `git commit` does, so whatever the order: every commit made holds
exactly its batch's two files and verifies; the index, the work tree and HEAD agree on every brief;
the user's staged and unstaged work is as before; no lock or journal is left. A commit that finds
nothing to commit, or a view the desk changed meanwhile, is refused in one line — never a damaged
repository. (Before: in 11 of 20 trials one commit's index restore staged deletions of the other's
brief and sidecar.)

The kill: one trial per phase of a commit (`commit_kill.PHASES`) and a few at random moments, as
judged by `commit_kill.py`; `python -m benchmarks.commit_kill` runs 200 and more.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import commit_kill
import pytest
from git_helpers import add_user_work, clean_env, sh, user_state
from hostile_helpers import DEMO_BATCH, run_cli

OTHER_BATCH = "2026-11-01-b1c2d3e4"
RACE_TRIALS = 21
CHILD = Path(__file__).with_name("commit_race_child.py")


def _briefs(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in (root / "briefs").rglob("*-e1-2026-*"))


def _race(root: Path, sides: list[tuple[str, str]]) -> list[str]:
    start = time.time() + 1.5  # both children imported and waiting by then
    procs = [
        subprocess.Popen(
            [sys.executable, str(CHILD), str(root), batch, str(start), mode],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=clean_env(),
        )
        for batch, mode in sides
    ]
    outs = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        outs.append(out + err)
    return outs


def _damage(root: Path, base_head: str, before: tuple[str, ...], outs: list[str]) -> list[str]:
    problems = []
    for out in outs:
        if "exit 0" not in out and not (
            "nothing to commit" in out or "saved session changed" in out
        ):
            problems.append(f"a commit failed: {out.strip()[-300:]}")
    if (root / ".git" / "index.lock").exists():
        problems.append("index.lock left")
    records = root / ".git" / "briefdesk"
    left = [p.name for p in records.rglob("*") if p.is_file() and p.name != "written.json"]
    if left:
        problems.append(f"left in the git directory: {left}")
    if status := sh(root, "status", "--porcelain=v1", "-uall", "--", "briefs"):
        problems.append(f"git status shows {status!r}")
    if user_state(root)[:2] != before[:2]:
        problems.append("the user's staged or unstaged work changed")
    made = sh(root, "rev-list", f"{base_head}..HEAD").split()
    if len(made) != sum("exit 0" in out for out in outs):
        problems.append(f"{len(made)} commits for {outs}")
    for sha in made:
        files = sh(root, "show", "--name-only", "--format=", sha).split()
        if len(files) != 2 or not all(f.startswith("briefs/") for f in files):
            problems.append(f"{sha[:8]} holds {files}")
        check = run_cli("verify", "-w", str(root), sha, env=clean_env())
        if check.returncode != 0:
            problems.append(f"verify {sha[:8]}: {check.stderr.strip()}")
    return problems


@pytest.mark.slow
def test_two_commits_at_once_never_damage_the_repository(demo_base: Path, tmp_path: Path) -> None:
    kinds = [
        [(DEMO_BATCH, "shell"), (OTHER_BATCH, "shell")],
        [(DEMO_BATCH, "shell"), (DEMO_BATCH, "shell")],
        [(DEMO_BATCH, "desk"), (DEMO_BATCH, "shell")],
    ]
    damaged: list[str] = []
    counts = {"exit 0": 0, "nothing to commit": 0, "saved session changed": 0}
    for trial in range(RACE_TRIALS):
        root = tmp_path / f"race{trial}"
        shutil.copytree(demo_base, root, symlinks=True)
        add_user_work(root)
        if trial % 2:  # half the trials race over briefs committed before (a second commit)
            for batch in (DEMO_BATCH, OTHER_BATCH):
                assert (
                    run_cli(
                        "commit", "-w", str(root), "-b", batch, "--allow-undecided", env=clean_env()
                    ).returncode
                    == 0
                )
            commit_kill.change_a_decision(root, trial)
        base_head, before = sh(root, "rev-parse", "HEAD").strip(), user_state(root)
        outs = _race(root, kinds[trial % len(kinds)])
        for out in outs:
            for key in counts:
                counts[key] += key in out
        problems = _damage(root, base_head, before, outs)
        if problems:
            damaged.append(f"trial {trial} {kinds[trial % len(kinds)]}: {problems}")
        shutil.rmtree(root)
    print(f"\ncommit race: {RACE_TRIALS} trials, {len(damaged)} damaged repositories; {counts}")
    assert not damaged, damaged
    assert counts["exit 0"] >= RACE_TRIALS  # every trial committed at least once


# -- SIGKILL at every phase -----------------------------------------------------------------------


@pytest.mark.slow
def test_a_kill_at_any_phase_of_a_commit_never_damages_the_repository(
    demo_base: Path, tmp_path: Path
) -> None:
    phases = [*commit_kill.PHASES, *["random"] * 5]
    figures = commit_kill.run_trials(demo_base, tmp_path, phases, seed=12)
    print(f"\ncommit SIGKILL: {figures.summary()}")
    assert figures.trials == len(phases)
    assert not figures.failures, figures.failures
    assert figures.reached >= len(commit_kill.PHASES) - 2, figures.by_phase
