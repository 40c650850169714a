"""How well matching and claims find what a careful reader finds: `python -m benchmarks.quality
[WS...]` (default: every knowledge base with a truth file: tests/workspaces/realkb,
tests/workspaces/facts, the seed's workspace, whose truth is tests/seed/truth.yaml, and
tests/workspaces/heldout to heldout14, written without reading the matcher: their figures are
reported here and asserted nowhere; docs/facts.md, "Measured", says which of them were since
used to develop rules and which still count as unseen — never tune on those).

A workspace's `truth.yaml` (beside it or inside it) holds, per item, its true `duplicates` with
the reader's evidence (`source`, `identity`, `text`), its `updates` (hard negatives: the same
subject with new or different facts, which must be tier `update` and never `likely`), its
`section` and, optionally, `also` (other sections the reader would accept); and, for the batch,
the `claims` a reader flags and the `decoys` (figures repeated consistently, which must not be
reported). The workspace is copied, scanned without cache and compared with the truth.
Figures, per kind:

- duplicates: recall@5 (the true duplicate among the item's first five candidates, any tier),
  `likely` recall, per evidence kind (source, identity, text only), `likely` precision;
- false `likely`: unrelated pairs judged likely; hard negatives judged likely; hard negatives
  judged `update`;
- placements: the reader's section first, and among the first three; where the truth gives
  `also`, the first placement among the sections the reader accepts;
- claims: planted conflicts found (same kind, every ref of the truth among the claim's refs),
  in all and per kind (with the claims of each kind reported),
  decoys reported (a claim among a decoy's refs only: the texts that agree), and how many claims
  in all.

`tests/unit/test_realkb.py` and `tests/unit/test_facts_workspace.py` assert the promises on the
same workspaces; this prints the figures.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "tests" / "workspaces" / "realkb"
EVERY = [
    DEFAULT,
    ROOT / "tests" / "workspaces" / "facts",
    ROOT / "tests" / "seed" / "workspace",
    ROOT / "tests" / "workspaces" / "heldout",
    ROOT / "tests" / "workspaces" / "heldout2",
    ROOT / "tests" / "workspaces" / "heldout3",
    ROOT / "tests" / "workspaces" / "heldout4",
    ROOT / "tests" / "workspaces" / "heldout5",
    ROOT / "tests" / "workspaces" / "heldout6",
    ROOT / "tests" / "workspaces" / "heldout7",
    ROOT / "tests" / "workspaces" / "heldout8",
    ROOT / "tests" / "workspaces" / "heldout9",
    ROOT / "tests" / "workspaces" / "heldout10",
    ROOT / "tests" / "workspaces" / "heldout11",
    ROOT / "tests" / "workspaces" / "heldout12",
    ROOT / "tests" / "workspaces" / "heldout13",
    ROOT / "tests" / "workspaces" / "heldout14",
]


@dataclass
class Figures:
    true_pairs: int = 0
    recall5: int = 0
    likely_tp: int = 0
    likely_fp: int = 0
    by_kind: dict[str, list[int]] = field(default_factory=dict)  # kind -> [likely, listed, n]
    hard: int = 0
    hard_likely: int = 0
    hard_update: int = 0
    placed: dict[str, list[int]] = field(default_factory=dict)  # lang -> [first, top3, n]
    accepted: dict[str, list[int]] = field(default_factory=dict)  # lang -> [first accepted, n]
    has_also: bool = False  # the truth names sections a reader would accept besides the first
    claims: int = 0
    planted: int = 0
    planted_found: int = 0
    decoys: int = 0
    decoys_reported: int = 0
    planted_by_kind: dict[str, list[int]] = field(default_factory=dict)  # kind -> [found, n]
    claims_by_kind: dict[str, int] = field(default_factory=dict)  # kind -> claims reported
    misses: list[str] = field(default_factory=list)
    misplaced: list[str] = field(default_factory=list)  # the reader's section not first
    false_likely: list[str] = field(default_factory=list)
    missed_claims: list[str] = field(default_factory=list)  # planted conflicts not found
    unplanted: list[str] = field(default_factory=list)  # claims no planted conflict is among
    top3: int = 0  # kept for benchmarks.run: true duplicates among their item's top 3
    text_pairs: int = 0
    text_likely: int = 0
    worst_unrelated: float = 0.0
    worst_pair: str = ""


def copy_workspace(src: Path) -> Path:
    """A git workspace copy of `src` in a temporary folder (the caller removes its parent)."""
    dst = Path(tempfile.mkdtemp(prefix="briefdesk-quality-")) / "ws"
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".briefdesk", "truth.yaml"))
    subprocess.run(["git", "init", "-q"], cwd=dst, check=True)
    return dst


def truth_of(src: Path) -> dict[str, Any]:
    for path in (src / "truth.yaml", src.parent / "truth.yaml"):
        if path.is_file():
            return yaml.safe_load(path.read_text("utf-8"))
    raise SystemExit(f"no truth.yaml in or beside {src}")


def _kind(why: list[str]) -> str:
    if "source" in why:
        return "source"
    if "identity" in why:
        return "identity"
    return "text only"


def measure(src: Path) -> Figures:
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    truth = truth_of(src)
    ws = copy_workspace(src)
    try:
        review = load_review(Workspace.open(ws), truth["batch"])
        matches = review.match(cache=False)
        conflicts = review.conflicts(cache=False)
    finally:
        shutil.rmtree(ws.parent, ignore_errors=True)
    f = Figures()
    for ref, t in truth["items"].items():
        dups: dict[str, list[str]] = t.get("duplicates") or {}
        updates: list[str] = t.get("updates") or []
        got = matches[ref].duplicates
        ranked = [d.ref for d in got]
        tier = {d.ref: d.tier for d in got}
        for d in got:
            if d.ref in dups or d.ref in updates:
                continue
            if d.score > f.worst_unrelated and d.tier == "likely":
                f.worst_unrelated, f.worst_pair = d.score, f"{ref} ~ {d.ref}"
            if d.tier == "likely":
                f.likely_fp += 1
                f.false_likely.append(f"{ref} ~ {d.ref}")
        for dref, why in dups.items():
            kind = _kind(why)
            row = f.by_kind.setdefault(kind, [0, 0, 0])
            likely = tier.get(dref) == "likely"
            f.true_pairs += 1
            f.recall5 += dref in ranked[:5]
            f.top3 += dref in ranked[:3]
            f.likely_tp += likely
            row[0] += likely
            row[1] += dref in ranked[:5]
            row[2] += 1
            if kind == "text only":
                f.text_pairs += 1
                f.text_likely += likely
            if not likely:
                f.misses.append(f"{ref} -> {dref} ({tier.get(dref, 'not listed')})")
        for uref in updates:
            f.hard += 1
            f.hard_likely += tier.get(uref) == "likely"
            f.hard_update += tier.get(uref) == "update"
            if tier.get(uref) == "likely":
                f.false_likely.append(f"{ref} ~ {uref} (hard negative)")
        if t.get("section"):
            placed = [p.section for p in matches[ref].placements]
            row = f.placed.setdefault(t.get("lang", "?"), [0, 0, 0])
            row[0] += bool(placed) and placed[0] == t["section"]
            row[1] += t["section"] in placed[:3]
            row[2] += 1
            accepted = f.accepted.setdefault(t.get("lang", "?"), [0, 0])
            accepted[0] += bool(placed) and placed[0] in {t["section"], *(t.get("also") or [])}
            accepted[1] += 1
            f.has_also = f.has_also or bool(t.get("also"))
            if not placed or placed[0] != t["section"]:
                got_s = ", ".join(f"§{p.section} {p.score:.0f}" for p in matches[ref].placements)
                want = "/".join(f"§{s}" for s in [t["section"], *(t.get("also") or [])])
                f.misplaced.append(f"{ref} ({t.get('lang', '?')}): want {want}, got {got_s or '-'}")
    f.claims = len(conflicts)
    for c in conflicts:
        f.claims_by_kind[c.kind] = f.claims_by_kind.get(c.kind, 0) + 1
    for planted in truth.get("claims") or []:
        hit = any(
            c.kind == planted["kind"] and set(planted["refs"]) <= set(c.refs) for c in conflicts
        )
        f.planted += 1
        f.planted_found += hit
        if not hit:
            f.missed_claims.append(f"{planted['kind']}: {' ~ '.join(planted['refs'])}")
        row = f.planted_by_kind.setdefault(planted["kind"], [0, 0])
        row[0] += hit
        row[1] += 1
    for c in conflicts:
        if not any(
            c.kind == p["kind"] and set(p["refs"]) <= set(c.refs) for p in truth.get("claims") or []
        ):
            f.unplanted.append(f"{c.kind}: {' ~ '.join(c.refs)}")
    for decoy in truth.get("decoys") or []:
        f.decoys += 1
        f.decoys_reported += any(set(c.refs) <= set(decoy) for c in conflicts)
    return f


KINDS = ("version-line", "date", "number", "single-source")


def _ratio(a: int, b: int) -> str:
    return f"{a}/{b} ({a / b:.2f})" if b else "-"


def report(name: str, f: Figures, placements: bool = False) -> str:
    likely_all = f.likely_tp + f.likely_fp
    lines = [
        f"## {name}",
        "",
        "| figure | value |",
        "|---|---|",
        f"| true duplicate pairs | {f.true_pairs} |",
        f"| duplicate recall@5 | {_ratio(f.recall5, f.true_pairs)} |",
        f"| likely recall | {_ratio(f.likely_tp, f.true_pairs)} |",
    ]
    for kind in ("source", "identity", "text only"):
        if kind in f.by_kind:
            likely, listed, n = f.by_kind[kind]
            lines.append(
                f"| — {kind}: likely / recall@5 | {_ratio(likely, n)} / {_ratio(listed, n)} |"
            )
    lines += [
        f"| likely precision (hard negatives count as false) | "
        f"{_ratio(f.likely_tp, likely_all + f.hard_likely)} |",
        f"| unrelated pairs judged likely | {f.likely_fp} |",
        f"| hard negatives judged likely | {_ratio(f.hard_likely, f.hard)} |",
        f"| hard negatives judged update | {_ratio(f.hard_update, f.hard)} |",
    ]
    for lang, (first, top3, n) in sorted(f.placed.items()):
        lines.append(
            f"| placement ({lang}): first / top 3 | {_ratio(first, n)} / {_ratio(top3, n)} |"
        )
    for lang, (ok, n) in sorted(f.accepted.items()) if f.has_also else ():
        lines.append(f"| placement ({lang}): first among the accepted sections | {_ratio(ok, n)} |")
    lines += [
        f"| claims in all | {f.claims} |",
        f"| planted conflicts found | {_ratio(f.planted_found, f.planted)} |",
        *(
            f"| — {kind}: found / claims reported | {_ratio(*f.planted_by_kind[kind])} / "
            f"{f.claims_by_kind.get(kind, 0)} |"
            for kind in KINDS
            if kind in f.planted_by_kind or kind in f.claims_by_kind
        ),
        f"| decoys reported | {_ratio(f.decoys_reported, f.decoys)} |",
    ]
    if f.misses:
        lines += ["", "Not likely: " + "; ".join(f.misses)]
    if f.false_likely:
        lines += ["", "Judged likely, wrongly: " + "; ".join(f.false_likely)]
    if placements and f.misplaced:
        lines += ["", "Reader's section not first:", *(f"- {m}" for m in f.misplaced)]
    if placements and f.missed_claims:
        lines += ["", "Planted conflicts not found:", *(f"- {m}" for m in f.missed_claims)]
    if placements and f.unplanted:
        lines += ["", "Claims no planted conflict is among:", *(f"- {m}" for m in f.unplanted)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.quality", description=__doc__)
    p.add_argument("workspaces", nargs="*", type=Path, default=EVERY)
    p.add_argument(
        "--placements",
        action="store_true",
        help="list the items whose first placement is not the reader's section, with the scores, "
        "the planted conflicts not found and the claims no planted one is among "
        "(never on a held-out corpus: reading its misses is tuning on it)",
    )
    a = p.parse_args(argv)
    for ws in a.workspaces:
        name = ws.name if ws.name != "workspace" else f"{ws.parent.name} workspace"
        print(report(name, measure(ws), a.placements))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
