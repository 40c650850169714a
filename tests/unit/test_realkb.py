"""What docs/duplicates.md promises, on a knowledge base as real ones look (tests/workspaces/realkb,
see its truth.yaml): earlier briefs that summarise materials in other words and in another language
and cite them in every written form, re-posted stories rewritten, living-document paragraphs, and
distractors on the same topics (same entities, different claims). `python -m benchmarks.quality`
prints the figures; here are the promises."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from briefdesk.core.model.values import ItemMatches
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace

SRC = Path(__file__).resolve().parents[1] / "workspaces" / "realkb"
TRUTH = yaml.safe_load((SRC / "truth.yaml").read_text("utf-8"))


@pytest.fixture(scope="module")
def matches(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ItemMatches]:
    ws = tmp_path_factory.mktemp("realkb") / "ws"
    shutil.copytree(SRC, ws)
    subprocess.run(["git", "init", "-q"], cwd=ws, check=True)
    return load_review(Workspace.open(ws), TRUTH["batch"]).match(cache=False)


CASES = [
    (ref, dup, why)
    for ref, t in TRUTH["items"].items()
    for dup, why in (t["duplicates"] or {}).items()
]


@pytest.mark.parametrize(("ref", "dup", "why"), CASES, ids=[f"{r}->{d}" for r, d, _ in CASES])
def test_every_true_duplicate_is_among_its_items_top_three(
    matches: dict[str, ItemMatches], ref: str, dup: str, why: list[str]
) -> None:
    top = [d.ref for d in matches[ref].duplicates[:3]]
    assert dup in top, f"{dup} not in {top}"


def test_no_unrelated_pair_reaches_the_threshold(matches: dict[str, ItemMatches]) -> None:
    wrong = [
        (ref, d.ref, d.score)
        for ref, t in TRUTH["items"].items()
        for d in matches[ref].duplicates
        if d.ref not in (t["duplicates"] or {}) and d.tier == "likely"
    ]
    assert wrong == []
    assert all(d.score < 85 for m in matches.values() for d in m.duplicates if d.tier == "possible")


@pytest.mark.parametrize("kind", ["source", "identity"])
def test_citations_and_identities_are_found_and_said(
    matches: dict[str, ItemMatches], kind: str
) -> None:
    """Every 来源 citation in the briefs (第一条, 第 2 条, 第 2、3 条, 对象二, #1, #3, item 2, first
    item, the path alone) and every shared id makes a likely candidate saying why."""
    expected = [(r, d) for r, d, why in CASES if kind in why]
    assert expected
    for ref, dup in expected:
        hit = next(d for d in matches[ref].duplicates if d.ref == dup)
        assert kind in hit.why and hit.tier == "likely", (ref, dup, hit)
        if kind == "source":
            assert hit.score == 100


def test_unrelated_items_are_left_alone(matches: dict[str, ItemMatches]) -> None:
    """Off-topic items and distractors with no duplicate list nothing likely."""
    for ref, t in TRUTH["items"].items():
        if not t["duplicates"]:
            assert [d for d in matches[ref].duplicates if d.tier == "likely"] == []


def test_every_text_only_duplicate_is_likely(matches: dict[str, ItemMatches]) -> None:
    """Reworded and cross-language duplicates with no citation and no shared link reach `likely`
    from their facts (docs/facts.md): the same issue number (`DEP #17649`) with the same project,
    a shared release, the same figures."""
    missed = [
        (ref, dup, next((d.tier for d in matches[ref].duplicates if d.ref == dup), "not listed"))
        for ref, dup, why in CASES
        if why == ["text"]
        and next((d.tier for d in matches[ref].duplicates if d.ref == dup), "") != "likely"
    ]
    assert missed == []
