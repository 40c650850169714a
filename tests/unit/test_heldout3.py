"""The third held-out corpus (tests/workspaces/heldout3, LLM agents and tool use) loads
and its truth names only what exists, so the truth cannot rot as the loaders change. Its figures
are printed by `python -m benchmarks.quality` and deliberately asserted nowhere: it is held out,
never tuned on."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from briefdesk.core.review.load import Review, load_review
from briefdesk.core.workspace.layout import Workspace

SRC = Path(__file__).resolve().parents[1] / "workspaces" / "heldout3"
TRUTH: dict[str, Any] = yaml.safe_load((SRC / "truth.yaml").read_text("utf-8"))


@pytest.fixture(scope="module")
def review(tmp_path_factory: pytest.TempPathFactory) -> Review:
    ws = tmp_path_factory.mktemp("heldout3") / "ws"
    shutil.copytree(SRC, ws, ignore=shutil.ignore_patterns("truth.yaml"))
    subprocess.run(["git", "init", "-q"], cwd=ws, check=True)
    return load_review(Workspace.open(ws), TRUTH["batch"])


def _refs(truth: dict[str, Any]) -> list[str]:
    """Every ref the truth names: items, their duplicates and updates, claims and decoys."""
    refs: list[str] = []
    for ref, t in truth["items"].items():
        refs += [ref, *(t.get("duplicates") or {}), *(t.get("updates") or [])]
    for claim in truth.get("claims") or []:
        refs += claim["refs"]
    for decoy in truth.get("decoys") or []:
        refs += decoy
    return refs


def test_the_truth_lists_every_item_of_the_batch_and_nothing_else(review: Review) -> None:
    # every item listed, so that a `likely` on any item outside its truth counts as false
    assert sorted(TRUTH["items"]) == sorted(i.ref for i in review.items)


def test_every_ref_of_the_truth_names_an_item_a_section_or_an_entry(review: Review) -> None:
    assert [ref for ref in _refs(TRUTH) if not review.resolves(ref)] == []


def test_every_section_of_the_truth_is_a_section_of_the_living_document(review: Review) -> None:
    sections = {s.id for s in review.living_doc.sections}
    named = [
        s for t in TRUTH["items"].values() for s in [t.get("section"), *(t.get("also") or [])] if s
    ]
    assert named and [s for s in named if s not in sections] == []


def test_the_truth_uses_only_the_evidence_kinds_and_claim_kinds_the_harness_reads() -> None:
    whys = {
        w
        for t in TRUTH["items"].values()
        for why in (t.get("duplicates") or {}).values()
        for w in why
    }
    assert whys <= {"source", "identity", "text"}
    kinds = {c["kind"] for c in TRUTH["claims"]}
    assert kinds <= {"version-line", "date", "number", "single-source"}
