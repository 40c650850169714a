"""Matching's answer as tables (`core.matching.answer.Answer`): the same answer as a dict of
models, built one item at a time, pickled without a model, and read for clusters and citations
without building one."""

from __future__ import annotations

import pickle
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from briefdesk.core.commands.scan import scan_report
from briefdesk.core.matching.answer import Answer, why_of
from briefdesk.core.matching.clusters import batch_links, clusters
from briefdesk.core.model.values import Duplicate, ItemMatches
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace
from hypothesis import given
from hypothesis import strategies as st

REALKB = Path(__file__).resolve().parents[1] / "workspaces" / "realkb"


@pytest.fixture(scope="module")
def realkb(tmp_path_factory: pytest.TempPathFactory):
    ws = tmp_path_factory.mktemp("answer") / "ws"
    shutil.copytree(REALKB, ws)
    subprocess.run(["git", "init", "-q"], cwd=ws, check=True)
    batch = yaml.safe_load((REALKB / "truth.yaml").read_text("utf-8"))["batch"]
    review = load_review(Workspace.open(ws), batch)
    return review, review.match(cache=False)


def test_the_answer_is_every_items_models_and_pickles_without_one(realkb) -> None:
    review, answer = realkb
    assert isinstance(answer, Answer)
    assert list(answer) == [i.ref for i in review.items] and len(answer) == len(review.items)
    eager = {ref: answer[ref] for ref in answer}
    assert any(m.duplicates for m in eager.values()) and any(m.placements for m in eager.values())
    data = pickle.dumps(answer)
    assert b"Duplicate" not in data and b"ItemMatches" not in data and b"pydantic" not in data
    back = pickle.loads(data)
    assert back == eager == answer
    # what scan prints does not depend on the form
    assert scan_report(review, back) == scan_report(review, eager)


def test_an_item_is_built_when_asked_for_and_then_kept(
    realkb, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, answer = realkb
    # which item to ask for, and what it holds, read from the original before the spy is on
    # (the original builds its models on access too, and the fixture is shared: which tests ran
    # before in this process decides whether reading it here would build anything)
    ref = next(r for r in answer if answer[r].duplicates)
    expected = [d.ref for d in answer[ref].duplicates]
    fresh = pickle.loads(pickle.dumps(answer))
    built: list[str] = []
    real = Duplicate.model_construct

    def spy(*args, **kwargs):
        built.append(kwargs["ref"])
        return real(*args, **kwargs)

    monkeypatch.setattr(Duplicate, "model_construct", spy)
    assert built == []  # unpickled: nothing built yet
    first = fresh[ref]
    assert built == expected
    assert fresh[ref] is first and len(built) == len(first.duplicates)  # kept
    assert fresh.get("no/such.md#1") is None and "no/such.md#1" not in fresh
    with pytest.raises(KeyError):
        fresh["no/such.md#1"]


def test_links_and_citations_read_the_tables_as_the_models_say(realkb) -> None:
    _, answer = realkb
    models = {ref: answer[ref] for ref in answer}
    assert sorted(answer.likely_batch()) == sorted(batch_links(models))
    assert answer.candidate_refs() == {d.ref for m in models.values() for d in m.duplicates}


KINDS = st.sampled_from(["batch", "brief", "living-doc"])


@st.composite
def tables(draw):
    """A random answer: items, records (some of them items of the batch), candidates, tiers."""
    n_items = draw(st.integers(1, 6))
    refs = [f"m{k // 2}.md#{k % 2 + 1}" for k in range(n_items)]
    n_records = draw(st.integers(0, 8))
    kinds = [draw(KINDS) for _ in range(n_records)]
    rec_refs = [
        draw(st.sampled_from(refs)) if kind == "batch" else f"b.md#{r}"
        for r, kind in enumerate(kinds)
    ]
    record = st.tuples(
        st.integers(0, n_records - 1), st.floats(0, 100), st.integers(1, 7), st.integers(0, 1)
    )
    found = [draw(st.lists(record, max_size=4)) if n_records else [] for _ in range(n_items)]
    placed = [
        draw(st.lists(st.tuples(st.integers(0, 1), st.floats(0, 100)), max_size=2))
        for _ in range(n_items)
    ]
    texts = [f"text {r}" for r in range(n_records)]
    keys = [f"key{r}" for r in range(n_records)]
    return Answer(refs, [("1", "One"), ("2", "Two")], placed, found, (kinds, rec_refs, texts, keys))


@given(tables())
def test_any_answer_survives_pickling_and_its_links_are_its_likely_batch_candidates(
    answer: Answer,
) -> None:
    back = pickle.loads(pickle.dumps(answer))
    models = {ref: answer[ref] for ref in answer}
    assert back == models
    for ref, m in models.items():
        assert [d.why for d in m.duplicates] == [
            why_of(w) for _, _, w, _ in answer._found[answer._index[ref]]
        ]
    links = sorted(answer.likely_batch())
    assert links == sorted(
        (ref, d.ref, d.key)
        for ref, m in models.items()
        for d in m.duplicates
        if d.kind == "batch" and d.tier == "likely"
    )
    # clusters read from the tables are those read from the models
    refs = list(answer)
    assert clusters(answer, refs) == clusters(models, refs)
    gone = {links[0][0]} if links else set()
    assert clusters(answer, refs, lambda item, _key: item in gone) == clusters(
        {r: m for r, m in models.items() if r not in gone}, refs
    )


def test_an_empty_answer_is_an_empty_mapping() -> None:
    empty = Answer.empty()
    assert (
        len(empty) == 0 and dict(empty) == {} and empty.get("a#1", ItemMatches()) == ItemMatches()
    )
