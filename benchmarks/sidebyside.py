"""The cold and warm `briefdesk scan --json` of two trees side by side, as whole processes:
`python -m benchmarks.sidebyside WS OTHER_TREE [--rounds 5] [--batch big]`.

How benchmarks/RESULTS.md compares this tree with an older commit (the fact index's target is
stated against 02ab304, the last commit before it). OTHER_TREE is that commit checked out with its
own venv and editable install (`git worktree add /tmp/base-02ab304 02ab304`, or `git archive`,
then `python3 -m venv .venv && .venv/bin/pip install -e .`); WS is one generated workspace
(`python -m tests.support.generate WS`). Each tree gets its own cache folder
(`XDG_CACHE_HOME`), removed before its cold run; its warm run follows its cold run; the rounds
alternate which tree goes first, since the machine is shared. GNU time gives wall (`%e`), CPU
(`%U + %S`, less noisy than wall on a loaded machine) and peak memory (`%M`). Prints every run and
the medians; the load average is printed with each run because it moves both.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GNU_TIME = "/usr/bin/time"


def _run(tree: Path, ws: Path, batch: str, cache: Path) -> tuple[float, float, float]:
    """(wall s, CPU s, peak MB) of one `scan --json` of `tree`'s own venv."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as timing:
        subprocess.run(
            [
                GNU_TIME,
                "-f",
                "%e %U %S %M",
                "-o",
                timing.name,
                str(tree / ".venv" / "bin" / "python"),
                "-m",
                "briefdesk",
                "scan",
                "-w",
                str(ws),
                "-b",
                batch,
                "--json",
            ],
            cwd=tree,
            env={**os.environ, "XDG_CACHE_HOME": str(cache)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=True,
        )
        wall, user, system, peak_kb = timing.read().split()[-4:]
    return float(wall), float(user) + float(system), int(peak_kb) / 1024


def _load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("ws", type=Path)
    p.add_argument("other", type=Path, help="the other tree, with its own .venv")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--batch", default="big")
    a = p.parse_args(argv)
    trees = {"this": ROOT, "other": a.other.resolve()}
    runs: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(a.rounds):
            order = ["this", "other"] if r % 2 == 0 else ["other", "this"]
            for name in order:
                cache = Path(tmp) / name
                shutil.rmtree(cache, ignore_errors=True)
                for kind in ("cold", "warm"):
                    got = _run(trees[name], a.ws, a.batch, cache)
                    runs.setdefault((name, kind), []).append(got)
                    print(
                        f"round {r + 1} {name:5} {kind} wall {got[0]:6.2f} s "
                        f"cpu {got[1]:6.2f} s peak {got[2]:4.0f} MB load {_load()}",
                        flush=True,
                    )
    med = {
        key: tuple(statistics.median(x[k] for x in v) for k in range(3)) for key, v in runs.items()
    }
    for name in trees:
        for kind in ("cold", "warm"):
            w, c, m = med[(name, kind)]
            print(f"median {name:5} {kind}: wall {w:.2f} s, cpu {c:.2f} s, peak {m:.0f} MB")
    (tw, tc, _), (ow, oc, _) = med[("this", "cold")], med[("other", "cold")]
    print(f"cold this/other: wall {tw / ow:.2f}x, cpu {tc / oc:.2f}x")
    ww, wc, _ = med[("this", "warm")]
    print(f"warm/cold (this): wall {ww / tw:.3f}, cpu {wc / tc:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
