"""The corpora written without reading the matcher (tests/workspaces/heldout: LLM evaluation;
heldout2: vector databases and retrieval; heldout3: agents and tool use; heldout4: LLM
post-training and alignment; heldout5: AI accelerators and GPU kernels; heldout6: speech and
audio models; heldout7: vision-language and multimodal models;
heldout8: robotics and embodied AI; heldout9: AI for science; heldout10: ML compilers and
frameworks; heldout11: robotics and embodied AI, written anew; heldout12: analytical databases
and data engineering; heldout13: code LLMs and AI developer tools; heldout14: distributed LLM
training and GPU clusters; heldout15: on-device and quantized LLM inference; heldout16:
cloud-native networking and service mesh) load, and their
truths name only what exists, so a truth cannot rot as the loaders change. Their figures are
printed by `python -m benchmarks.quality` and deliberately asserted nowhere (docs/facts.md,
"Measured")."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from briefdesk.core.review.load import Review, load_review
from briefdesk.core.workspace.layout import Workspace

WORKSPACES = Path(__file__).resolve().parents[1] / "workspaces"
CORPORA = (
    "heldout",
    "heldout2",
    "heldout3",
    "heldout4",
    "heldout5",
    "heldout6",
    "heldout7",
    "heldout8",
    "heldout9",
    "heldout10",
    "heldout11",
    "heldout12",
    "heldout13",
    "heldout14",
    "heldout15",
    "heldout16",
)


@pytest.fixture(scope="module", params=CORPORA)
def corpus(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Review, dict[str, Any]]:
    """One corpus's review (a git copy, its truth left out) and its truth."""
    src = WORKSPACES / request.param
    truth: dict[str, Any] = yaml.safe_load((src / "truth.yaml").read_text("utf-8"))
    ws = tmp_path_factory.mktemp(request.param) / "ws"
    shutil.copytree(src, ws, ignore=shutil.ignore_patterns("truth.yaml"))
    subprocess.run(["git", "init", "-q"], cwd=ws, check=True)
    return load_review(Workspace.open(ws), truth["batch"]), truth


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


def test_the_truth_lists_every_item_of_the_batch_and_nothing_else(
    corpus: tuple[Review, dict[str, Any]],
) -> None:
    review, truth = corpus
    # every item listed, so that a `likely` on any item outside its truth counts as false
    assert sorted(truth["items"]) == sorted(i.ref for i in review.items)


def test_every_ref_of_the_truth_names_an_item_a_section_or_an_entry(
    corpus: tuple[Review, dict[str, Any]],
) -> None:
    review, truth = corpus
    assert [ref for ref in _refs(truth) if not review.resolves(ref)] == []


def test_every_section_of_the_truth_is_a_section_of_the_living_document(
    corpus: tuple[Review, dict[str, Any]],
) -> None:
    review, truth = corpus
    sections = {s.id for s in review.living_doc.sections}
    named = [
        s for t in truth["items"].values() for s in [t.get("section"), *(t.get("also") or [])] if s
    ]
    assert named and [s for s in named if s not in sections] == []


def test_the_truth_uses_only_the_evidence_kinds_and_claim_kinds_the_harness_reads(
    corpus: tuple[Review, dict[str, Any]],
) -> None:
    truth = corpus[1]
    whys = {
        w
        for t in truth["items"].values()
        for why in (t.get("duplicates") or {}).values()
        for w in why
    }
    assert whys <= {"source", "identity", "text"}
    kinds = {c["kind"] for c in truth["claims"]}
    assert kinds <= {"version-line", "date", "number", "single-source"}
