"""SIGKILL of `briefdesk commit` at every phase, many times: `python -m benchmarks.commit_kill`.

The harness is the hostile suite's (`tests/hostile/commit_kill.py`, which says what a trial does
and what counts as a damaged repository); this runs it long: `--trials` (default 220) cycling
through every phase of a commit (`commit_kill.PHASES`), with a quarter of the trials killed at a
random moment instead, a pre-commit hook that edits and stages files in every third trial, and a
fresh workspace (a first commit of the brief) every fourth. `--workers` trials run side by side,
each on its own workspace. Prints the summary line, the trials per phase, and every damaged
repository with its reasons; exit 1 when any repository was damaged.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "hostile"))

import commit_kill  # noqa: E402  (tests/hostile is not a package)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.commit_kill", description=__doc__)
    p.add_argument("--trials", type=int, default=220)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=2026)
    a = p.parse_args(argv)

    import os

    from briefdesk.core.commands.demo import make_demo

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="commit-kill-") as tmp:
        work = Path(tmp)
        os.environ.setdefault("XDG_CACHE_HOME", str(work / "xdg-cache"))
        for name, value in (
            ("GIT_AUTHOR_NAME", "Tom"),
            ("GIT_AUTHOR_EMAIL", "tom@briefdesk.invalid"),
            ("GIT_COMMITTER_NAME", "Tom"),
            ("GIT_COMMITTER_EMAIL", "tom@briefdesk.invalid"),
        ):
            os.environ.setdefault(name, value)
        base, _ = make_demo(work / "base")
        phases = []
        for n in range(a.trials):
            phases.append(
                "random" if n % 4 == 3 else commit_kill.PHASES[n % len(commit_kill.PHASES)]
            )
        shares = [phases[w :: a.workers] for w in range(a.workers)]

        def run(w: int) -> commit_kill.Figures:
            scratch = work / f"worker{w}"
            scratch.mkdir()
            return commit_kill.run_trials(base, scratch, shares[w], seed=a.seed + w)

        with ThreadPoolExecutor(a.workers) as pool:
            results = list(pool.map(run, range(a.workers)))
    total = commit_kill.Figures()
    for figures in results:
        total.merge(figures)
    print(f"commit SIGKILL: {total.summary()} ({time.monotonic() - started:.0f} s)")
    print("trials per phase: " + ", ".join(f"{k} {v}" for k, v in total.by_phase.items()))
    for failure in total.failures:
        print(f"DAMAGED {failure}")
    return 1 if total.damaged else 0


if __name__ == "__main__":
    sys.exit(main())
