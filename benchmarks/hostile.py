"""The speed of hostile inputs, measured here rather than asserted in tests:
`python -m benchmarks.hostile`.

- one material line of 2,000,000 mixed Chinese and English characters: `scan --json --no-cache`
  and `build` as whole processes (the requirement: a scan within 20 s);
- a YAML alias bomb (9 levels of 9 aliases, 387 million nodes if expanded): how long the refusal
  takes;
- the detail pane's layout of a 2,000,000-character body (it lays out the first `MAX_CHARS`);
- every text extractor (claims, excerpts, tokens, material parsing) on 100,000-character runs of
  the units in `ADVERSARIAL_UNITS` (`1.1.1.…` once took past 100 s): the slowest of each.

Each figure is the median of `--repeat` runs; the machine is shared, read them as sizes.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.support.hostile_inputs import (
    ADVERSARIAL_UNITS,
    adversarial_run,
    alias_bomb_text,
    long_line,
)

DEMO_BATCH = "2026-11-03-e627b203"
FIRST = "inbox/jay/2026-11-03-1000-rss-cool-papers.md"


def timed(fn, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=3)
    a = p.parse_args(argv)

    from briefdesk.core.commands.demo import make_demo
    from briefdesk.core.errors import BriefdeskError
    from briefdesk.core.storage import yamlio
    from briefdesk.tui.markdown_layout import markdown_content

    rows: list[tuple[str, float, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        ws, _ = make_demo(Path(tmp) / "kb")
        (ws / FIRST).write_text(f"## 一条很长的行\n{long_line(2_000_000)}\n", "utf-8")

        def cli(*args: str) -> None:
            proc = subprocess.run(
                [sys.executable, "-m", "briefdesk", *args, "-w", str(ws), "-b", DEMO_BATCH],
                capture_output=True,
            )
            if proc.returncode != 0:
                raise SystemExit(proc.stderr.decode())

        rows.append(
            (
                "scan --json --no-cache, 2,000,000-character line",
                timed(lambda: cli("scan", "--json", "--no-cache"), a.repeat),
                "≤ 20 s",
            )
        )
        rows.append(("build, 2,000,000-character line", timed(lambda: cli("build"), a.repeat), ""))

    def refuse() -> None:
        try:
            yamlio.loads(alias_bomb_text(9), "bomb.yaml")
        except BriefdeskError:
            return
        raise SystemExit("the alias bomb was not refused")

    rows.append(("alias bomb (9 levels of 9) refused", timed(refuse, a.repeat), "< 1 s"))
    body = "长" * 2_000_000
    rows.append(
        (
            "detail pane layout of a 2,000,000-character body",
            timed(lambda: markdown_content(body), a.repeat),
            "< 2 s",
        )
    )

    from briefdesk.core.brief.excerpt import excerpt
    from briefdesk.core.claims.extract import extract
    from briefdesk.core.text.normalize import tokens
    from briefdesk.core.workspace.materials import parse_material

    extractors = {
        "claims": lambda t: extract(t, "SGLang"),
        "excerpt": excerpt,
        "tokens": tokens,
        "material": lambda t: parse_material("inbox/a.md", "## a\n" + t, "0" * 64),
    }
    for name, fn in extractors.items():
        worst = max(
            (
                (timed(lambda u=u, fn=fn: fn(adversarial_run(u, 100_000)), 1), k)
                for k, u in ADVERSARIAL_UNITS.items()
            ),
        )
        rows.append((f"{name}, slowest 100,000-character run ({worst[1]})", worst[0], "< 5 s"))

    print("| figure | seconds (median) | target |\n|---|---|---|")
    for figure, seconds, target in rows:
        print(f"| {figure} | {seconds:.3f} | {target} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
