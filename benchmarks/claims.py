"""The cost of claim conflicts in the cold scan: `python -m benchmarks.claims [--quick]`.

Generates the benchmark workspace (`tests/support/generate.py`: 3,000 items, 50,000 earlier-brief
entries, 300 sections; `--quick`: 600 items, 10,000 entries) or takes `--workspace DIR`, then runs
`briefdesk scan --json` cold (the workspace's cache folder removed) in a fresh process `--runs`
times. In that process the claims step (`Review.conflicts`) is timed inside the scan, so its share
of the cold scan is a ratio of two figures of one run; after the scan, the same process also times
the claims read from every entry (`everything=True`: the upper bound, what the step costs when the
batch's items make claims about projects every entry names). Medians of the runs, wall and CPU.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BATCH = "big"


def child(ws: str) -> dict:
    """One cold scan, the claims step timed inside it, then every entry's claims."""
    from briefdesk.core.claims import review_conflicts
    from briefdesk.core.review import load as review_module

    from briefdesk.cli import main

    timed: dict[str, float] = {}
    held: list[review_module.Review] = []
    real = review_module.Review.conflicts

    def conflicts(self: review_module.Review, *, cache: bool = True) -> list:
        w, c = time.perf_counter(), time.process_time()
        try:
            return real(self, cache=cache)
        finally:
            timed["claims_wall"] = time.perf_counter() - w
            timed["claims_cpu"] = time.process_time() - c
            held.append(self)

    review_module.Review.conflicts = conflicts  # type: ignore[method-assign]
    w, c = time.perf_counter(), time.process_time()
    with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
        code = main(["scan", "-w", ws, "-b", BATCH, "--json"])
    timed["scan_wall"] = time.perf_counter() - w
    timed["scan_cpu"] = time.process_time() - c
    w, c = time.perf_counter(), time.process_time()
    found = review_conflicts(held[0], None, everything=True)
    timed["every_wall"] = time.perf_counter() - w
    timed["every_cpu"] = time.process_time() - c
    return {"code": code, "conflicts": len(found), **timed}


def main(argv: list[str] | None = None) -> int:
    from briefdesk.core.storage.cachefile import workspace_cache_dir

    p = argparse.ArgumentParser(prog="python -m benchmarks.claims", description=__doc__)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--workspace", type=Path, help="an already generated workspace")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--child", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.child:
        print(json.dumps(child(a.child)))
        return 0
    base = None
    ws = a.workspace
    if ws is None:
        from tests.support.generate import generate

        base = Path(tempfile.mkdtemp(prefix="briefdesk-claims-"))
        ws = base / "ws"
        size = (
            dict(materials=200, entries=10_000, sections=100)
            if a.quick
            else dict(materials=1000, entries=50_000, sections=300)
        )
        generate(ws, **size)
    try:
        runs = []
        for _ in range(a.runs):
            shutil.rmtree(workspace_cache_dir(ws), ignore_errors=True)
            out = subprocess.run(
                [sys.executable, "-m", "benchmarks.claims", "--child", str(ws)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=True,
            )
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0] if k != "code"}
        print(f"{a.runs} cold scans of {ws} (medians; each share is of figures of one run)")
        print("| figure | wall | CPU | share of the cold scan (wall / CPU) |")
        print("|---|---|---|---|")
        print(
            f"| `scan --json`, whole command, cold | {med['scan_wall']:.2f} s | "
            f"{med['scan_cpu']:.2f} s | |"
        )
        for label, key in (
            ("claims step inside it (entries naming a claimed project)", "claims"),
            ("claims from every entry (upper bound)", "every"),
        ):
            shares = [
                (r[f"{key}_wall"] / r["scan_wall"], r[f"{key}_cpu"] / r["scan_cpu"]) for r in runs
            ]
            sw = statistics.median(s[0] for s in shares)
            sc = statistics.median(s[1] for s in shares)
            print(
                f"| {label} | {med[f'{key}_wall']:.3f} s | {med[f'{key}_cpu']:.3f} s | "
                f"{sw:.1%} / {sc:.1%} |"
            )
        print(f"\nconflicts found: {int(med['conflicts'])}")
    finally:
        if base is not None:
            shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
