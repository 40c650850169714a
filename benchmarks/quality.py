"""How well matching finds what a careful reader finds: `python -m benchmarks.quality [WS...]`.

A workspace with a `truth.yaml` (like `tests/workspaces/realkb`: every true duplicate of every
item with its evidence, the section each item belongs in) is copied to a temporary folder, scanned
without cache, and compared with the truth:

- likely (score ≥ `dedup.threshold`): precision and recall over every true pair, and how many
  unrelated pairs reach the threshold (the goal is none);
- listed (likely or possible): recall, and how many true duplicates are among their item's top 3;
- the same for the pairs whose only evidence is the text (no citation, no shared id);
- placements: how often the first proposal is the reader's section, Chinese and English apart.

`tests/unit/test_realkb.py` asserts the properties PRODUCT §7 promises on the same workspace;
this prints the figures.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "tests" / "workspaces" / "realkb"


@dataclass
class Figures:
    true_pairs: int = 0
    likely_tp: int = 0
    likely_fp: int = 0
    listed_tp: int = 0
    top3: int = 0
    text_pairs: int = 0
    text_likely: int = 0
    text_top3: int = 0
    unrelated_listed: int = 0
    worst_unrelated: float = 0.0
    worst_pair: str = ""
    placed: dict[str, list[int]] = field(default_factory=lambda: {"zh": [0, 0], "en": [0, 0]})
    misses: list[str] = field(default_factory=list)


def copy_workspace(src: Path) -> Path:
    """A git workspace copy of `src` in a temporary folder (the caller removes its parent)."""
    dst = Path(tempfile.mkdtemp(prefix="briefdesk-quality-")) / "ws"
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".briefdesk"))
    subprocess.run(["git", "init", "-q"], cwd=dst, check=True)
    return dst


def measure(src: Path) -> Figures:
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    truth = yaml.safe_load((src / "truth.yaml").read_text("utf-8"))
    ws = copy_workspace(src)
    try:
        review = load_review(Workspace.open(ws), truth["batch"])
        threshold = review.workspace.settings.dedup.threshold
        matches = review.match(cache=False)
    finally:
        shutil.rmtree(ws.parent, ignore_errors=True)
    f = Figures()
    for ref, t in truth["items"].items():
        dups: dict[str, list[str]] = t.get("duplicates") or {}
        got = matches[ref].duplicates
        ranked = [d.ref for d in got]
        for d in got:
            if d.ref in dups:
                continue
            f.unrelated_listed += 1
            if d.score > f.worst_unrelated:
                f.worst_unrelated, f.worst_pair = d.score, f"{ref} ~ {d.ref} ({d.tier})"
            f.likely_fp += d.tier == "likely"
        for dref, why in dups.items():
            f.true_pairs += 1
            hit = next((d for d in got if d.ref == dref), None)
            likely = hit is not None and hit.tier == "likely"
            in3 = dref in ranked[:3]
            f.likely_tp += likely
            f.listed_tp += hit is not None
            f.top3 += in3
            if set(why) == {"text"}:
                f.text_pairs += 1
                f.text_likely += likely
                f.text_top3 += in3
            if not in3:
                f.misses.append(f"{ref} -> {dref}")
        if t.get("section"):
            placed = matches[ref].placements
            f.placed[t["lang"]][1] += 1
            f.placed[t["lang"]][0] += bool(placed) and placed[0].section == t["section"]
    _ = threshold
    return f


def report(name: str, f: Figures) -> str:
    prec = f.likely_tp / max(1, f.likely_tp + f.likely_fp)
    lines = [
        f"## {name}",
        "",
        "| figure | value |",
        "|---|---|",
        f"| true duplicate pairs | {f.true_pairs} |",
        f"| likely: precision | {prec:.2f} ({f.likely_tp}/{f.likely_tp + f.likely_fp}) |",
        f"| likely: recall | {f.likely_tp / max(1, f.true_pairs):.2f} |",
        f"| listed (likely or possible): recall | {f.listed_tp / max(1, f.true_pairs):.2f} |",
        f"| true duplicate among its item's top 3 | {f.top3}/{f.true_pairs} |",
        f"| text-only pairs: likely | {f.text_likely}/{f.text_pairs} |",
        f"| text-only pairs: among the top 3 | {f.text_top3}/{f.text_pairs} |",
        f"| unrelated pairs listed (all possible or worse) | {f.unrelated_listed} |",
        f"| unrelated pairs at or above the threshold | {f.likely_fp} |",
        f"| best unrelated score | {f.worst_unrelated:.1f} ({f.worst_pair}) |",
    ]
    for lang, (ok, n) in f.placed.items():
        if n:
            lines.append(f"| first placement is the reader's section ({lang}) | {ok}/{n} |")
    if f.misses:
        lines += ["", "Not in the top 3: " + "; ".join(f.misses)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.quality", description=__doc__)
    p.add_argument("workspaces", nargs="*", type=Path, default=[DEFAULT])
    a = p.parse_args(argv)
    for ws in a.workspaces:
        print(report(ws.name, measure(ws)))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
