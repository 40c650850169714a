"""The fact index on knowledge bases written to be hard (docs/facts.md): tests/workspaces/facts
(reworded and cross-language duplicates without citations, hard negatives, a baseline citation,
lowercase and multi-word names, number conflicts and decoys, citation ranges) and the seed's own
batch, whose two mechanical contradictions must be found as it stands. `python -m
benchmarks.quality` prints every figure; here are the promises."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace

from briefdesk.cli import main

TESTS = Path(__file__).resolve().parents[1]
FACTS = TESTS / "workspaces" / "facts"
SEED = TESTS / "seed" / "workspace"


def _scan(src: Path, batch: str, tmp: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    ws = tmp / "ws"
    shutil.copytree(src, ws, ignore=shutil.ignore_patterns("truth.yaml"))
    subprocess.run(["git", "init", "-q"], cwd=ws, check=True)
    capsys.readouterr()
    assert main(["scan", "-w", str(ws), "-b", batch, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def facts_scan(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    truth = yaml.safe_load((FACTS / "truth.yaml").read_text("utf-8"))
    ws = tmp_path_factory.mktemp("facts") / "ws"
    shutil.copytree(FACTS, ws, ignore=shutil.ignore_patterns("truth.yaml"))
    subprocess.run(["git", "init", "-q"], cwd=ws, check=True)
    review = load_review(Workspace.open(ws), truth["batch"])
    return {"matches": review.match(cache=False), "claims": review.conflicts(cache=False)}, truth


def tiers(found: dict[str, Any], ref: str) -> dict[str, str]:
    return {d.ref: d.tier for d in found["matches"][ref].duplicates}


def test_no_hard_negative_is_likely_and_nearly_all_are_updates(facts_scan) -> None:
    found, truth = facts_scan
    hard = [(ref, u) for ref, t in truth["items"].items() for u in t.get("updates") or []]
    assert not [(ref, u) for ref, u in hard if tiers(found, ref).get(u) == "likely"][1:]
    updates = sum(tiers(found, ref).get(u) == "update" for ref, u in hard)
    assert updates >= len(hard) - 1


def test_every_true_duplicate_is_likely_but_one(facts_scan) -> None:
    found, truth = facts_scan
    pairs = [(ref, d) for ref, t in truth["items"].items() for d in t.get("duplicates") or {}]
    missed = [(ref, d) for ref, d in pairs if tiers(found, ref).get(d) != "likely"]
    assert len(missed) <= 1, missed


def test_no_unrelated_pair_is_likely(facts_scan) -> None:
    """Two short posts on one topic, the same issue number of two projects: never likely
    (docs/duplicates.md, docs/facts.md)."""
    found, truth = facts_scan
    wrong = [
        (ref, d)
        for ref, t in truth["items"].items()
        for d, tier in tiers(found, ref).items()
        if tier == "likely"
        and d not in (t.get("duplicates") or {})
        and d not in (t.get("updates") or [])
    ]
    assert wrong == []


def test_a_paper_cited_as_a_baseline_is_not_a_duplicate(facts_scan) -> None:
    found, _ = facts_scan
    got = tiers(found, "inbox/ben/2026-11-20-papers.md#1")
    assert got.get("briefs/rag/2026-11-10-e1-en.md#1") != "likely"


def test_citation_ranges_name_every_item_they_cover(facts_scan) -> None:
    found, _ = facts_scan
    for n in (2, 3, 4):  # items 2–4, 第二条起
        assert tiers(found, f"inbox/ben/2026-11-20-digest.md#{n}")[
            "briefs/rag/2026-11-10-e1-en.md#3"
        ]
        assert "briefs/rag/2026-11-15-e1-manual.md#四-1" in tiers(
            found, f"inbox/ana/2026-11-20-misc.md#{n}"
        )
    assert "briefs/rag/2026-11-10-e1-en.md#IV-1" in tiers(found, "inbox/ana/2026-11-20-misc.md#3")
    assert "briefs/rag/2026-11-10-e1-en.md#IV-1" not in tiers(
        found, "inbox/ana/2026-11-20-misc.md#2"
    )


def test_planted_number_conflicts_are_found_and_decoys_are_not(facts_scan) -> None:
    found, truth = facts_scan
    claims = found["claims"]
    for planted in truth["claims"]:
        assert any(
            c.kind == planted["kind"] and set(planted["refs"]) <= set(c.refs) for c in claims
        )
    for decoy in truth["decoys"]:
        assert not any(set(c.refs) <= set(decoy) for c in claims)
    assert len(claims) == len(truth["claims"])


def test_an_items_facts_say_what_is_known_where_and_what_conflicts(facts_scan) -> None:
    found, _ = facts_scan
    facts = found["matches"]["inbox/ana/2026-11-20-wechat.md#3"].facts
    assert [(f.text, f.refs) for f in facts.conflicting] == [
        ("recall@10 +12%", ("docs/rag.md§1.2", "briefs/rag/2026-10-20-e1-manual.md#2"))
    ]
    known = found["matches"]["inbox/ana/2026-11-20-notes.md#3"].facts.known
    assert any(f.text == "recall@10 4%" and "docs/rag.md§1.2" in f.refs for f in known)


def test_the_seeds_two_contradictions_from_its_batch_as_it_stands(tmp_path, capsys) -> None:
    out = _scan(SEED, "batches/2026-11-03-e627b203.yaml", tmp_path, capsys)
    assert out["schema"] == 3
    claims = [(c["kind"], c["refs"]) for c in out["claims"]]
    assert len(claims) <= 6
    timeline = "inbox/flyp/2026-11-02T0950-critical-read.md#2"
    assert ("version-line", [timeline, "docs/inference.md§1.2"]) in claims
    assert (
        "single-source",
        [
            timeline,
            "inbox/jay/2026-10-31-2105-engineering-brief.md#1",
            "docs/inference.md§1.1",
            "briefs/inference/2026-10-30-e1-manual.md#4",
        ],
    ) in claims
    item = next(i for i in out["items"] if i["ref"] == timeline)
    # a duplicate by content and the increment that exposes the contradiction: never `likely`
    assert item["duplicates"] and all(d["tier"] != "likely" for d in item["duplicates"])
    assert {"text": "SGLang v0.5.21 (10/2)", "refs": ["docs/inference.md§1.2"]} in item["facts"][
        "conflicting"
    ]
    assert any(f["text"] == "vLLM v0.30.0" for f in item["facts"]["known"])
