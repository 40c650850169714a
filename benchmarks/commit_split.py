"""Where `briefdesk commit`'s whole process goes: `python -m benchmarks.commit_split`.

`benchmarks.run` reports the commit as one figure against plain git. This splits the figure:
in every round, one after the other, it runs a bare interpreter, pydantic and yaml alone, the
modules the commit imports (without and with a bytecode cache), the whole commit (without and
with one), and `git add -- f && git commit --only -F - -- f`, all as whole processes in the
benchmark's repository of 10,000 tracked files. It prints the medians and their ratio to git.
Without a cache the sources are compiled on every run, as under `PYTHONDONTWRITEBYTECODE=1`;
the cache (`-X pycache_prefix`) lives in the scratch folder, never in the source tree.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.run import ROOT, commit_repo, plain_commit

IMPORTS = (
    "import briefdesk.cli.parser, briefdesk.cli.main, briefdesk.core.git.commit, "
    "briefdesk.core.review.load, briefdesk.core.brief.sidecar, briefdesk.core.brief"
)
FIGURES = (
    ("bare", "python -c pass"),
    ("pydantic", "python -c 'from pydantic import BaseModel; import yaml'"),
    ("imports", "the modules the commit imports, no bytecode cache"),
    ("imports-pyc", "the same, with a bytecode cache"),
    ("commit", "briefdesk commit, no bytecode cache"),
    ("commit-pyc", "briefdesk commit, with a bytecode cache"),
    ("git", "git add + git commit --only"),
)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.commit_split", description=__doc__)
    p.add_argument("--rounds", type=int, default=15)
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="briefdesk-commit-split-") as tmp:
        work = Path(tmp)
        repo, env = commit_repo(work, batches=2 * a.rounds)
        plain = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        plain["PYTHONDONTWRITEBYTECODE"] = "1"
        cached = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        pyc = ["-X", f"pycache_prefix={work / 'pyc'}"]
        py = sys.executable
        sample = next((repo / "briefs").rglob("*.md")).read_text("utf-8")
        times: dict[str, list[float]] = {key: [] for key, _ in FIGURES}

        def timed(key: str, args: list[str], run_env: dict[str, str]) -> None:
            t0 = time.perf_counter()
            subprocess.run(args, cwd=ROOT, env=run_env, capture_output=True, check=True)
            times[key].append(time.perf_counter() - t0)

        def commit(batch: int) -> list[str]:
            ws = ["-w", str(repo), "-b", f"c{batch}"]
            return ["-m", "briefdesk", "commit", *ws, "--allow-undecided", "--reviewer", "Bench"]

        timed("imports-pyc", [py, *pyc, "-c", IMPORTS], cached)  # fills the cache, not counted
        times["imports-pyc"].clear()
        for r in range(a.rounds):
            timed("bare", [py, "-c", "pass"], plain)
            timed("pydantic", [py, "-c", "from pydantic import BaseModel; import yaml"], plain)
            timed("imports", [py, "-c", IMPORTS], plain)
            timed("imports-pyc", [py, *pyc, "-c", IMPORTS], cached)
            timed("commit", [py, *commit(2 * r)], plain)
            timed("commit-pyc", [py, *pyc, *commit(2 * r + 1)], cached)
            note = repo / "notes" / f"plain-{r}.md"
            note.parent.mkdir(exist_ok=True)
            note.write_text(sample, "utf-8")
            times["git"].append(plain_commit(repo, note.relative_to(repo).as_posix(), env))
    git = statistics.median(times["git"])
    print(f"{a.rounds} alternating rounds, load average {os.getloadavg()[0]:.1f}; medians:\n")
    print("| process | median | × git add + commit --only |\n|---|---|---|")
    for key, label in FIGURES:
        m = statistics.median(times[key])
        print(f"| {label} | {m * 1000:.1f} ms | {m / git:.2f}× |")
    # the floor a Python tool that validates with pydantic and reads YAML cannot go under
    floor = statistics.median(times["pydantic"]) + git
    for key in ("commit", "commit-pyc"):
        m = statistics.median(times[key])
        print(f"\n{key}: {m / floor:.2f}× (pydantic + yaml) + the same git commit", end="")
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
