"""How long `briefdesk --version` and `--help` take against a bare Python start:
`python -m benchmarks.startup [--rounds 15]`.

The command line imports a command's code only when that command runs (`briefdesk.cli`), so
these two are a bare interpreter plus argparse and the parser. Every round runs the three
processes one after the other (a bare `python -c pass`, then `briefdesk --version`, then
`briefdesk --help`), so a load that comes and goes weighs on all three alike; the figure is the
median of the per-round ratios. The console script beside this interpreter is used when it
exists (what a user runs), else `python -m briefdesk`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

LIMIT = 2.5  # the budget of docs/cli.md: a start within 2.5x a bare interpreter's


def briefdesk_command() -> list[str]:
    script = Path(sys.executable).with_name("briefdesk")
    return [str(script)] if script.exists() else [sys.executable, "-m", "briefdesk"]


def timed(args: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(args, capture_output=True, check=True)
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.startup", description=__doc__)
    p.add_argument("--rounds", type=int, default=15)
    p.add_argument("--check", action="store_true", help=f"exit 1 above {LIMIT}x")
    a = p.parse_args(argv)
    bd = briefdesk_command()
    runs = {"bare": [sys.executable, "-c", "pass"], "--version": [*bd, "--version"]}
    runs["--help"] = [*bd, "--help"]
    for args in runs.values():  # warm the bytecode and the page cache, not counted
        timed(args)
    times: dict[str, list[float]] = {key: [] for key in runs}
    for _ in range(a.rounds):
        for key, args in runs.items():
            times[key].append(timed(args))
    print(f"{a.rounds} alternating rounds, load average {os.getloadavg()[0]:.1f}\n")
    print("| process | median | median of per-round ratios to bare |\n|---|---|---|")
    worst = 0.0
    for key in runs:
        ratio = statistics.median(t / b for t, b in zip(times[key], times["bare"], strict=True))
        worst = max(worst, ratio)
        print(f"| {key} | {statistics.median(times[key]) * 1000:.1f} ms | {ratio:.2f}x |")
    return 1 if a.check and worst > LIMIT else 0


if __name__ == "__main__":
    raise SystemExit(main())
