"""The `.review.json` sidecar: every decision, deterministic bytes, strict reading
(docs/sidecar.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import briefdesk.core as core
import pytest
from briefdesk.core.decisions import Decision, Origin, counts
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.models import Evidence
from briefdesk.core.provenance import commit_message, parse_decisions, parse_trailers
from briefdesk.core.render import render_brief
from briefdesk.core.session import Session
from briefdesk.core.sidecar import read_sidecar, render_sidecar

try:  # the fixture is shared with the brief's tests, whichever way pytest imports them
    from test_render import EMBED, FLIDE, LLAMA, PLENA, RANK, make_data, make_review, section
except ImportError:  # pragma: no cover - tests/unit as a package
    from .test_render import EMBED, FLIDE, LLAMA, PLENA, RANK, make_data, make_review, section

SOURCE = "briefs/inference/2026-11-03-e1-2026-11-03-e627b203.review.json"


def test_round_trip_holds_every_decision() -> None:
    review, data = make_review(), make_data()
    side = read_sidecar(render_sidecar(review, data, "Tom"), SOURCE)
    assert side.decisions() == data.decisions
    assert [i.ref for i in side.items] == [i.ref for i in review.items]
    assert side.order == [PLENA, FLIDE]
    assert side.items[1].decision.merged_into == FLIDE
    assert side.items[1].decision.contradictions == ("on-policy 蒸馏会改变分布",)
    assert side.decisions()[LLAMA].duplicate_of == "briefs/inference/2026-11-01-e1-old.md#5"
    assert side.decisions()[EMBED].origin is Origin.proposed
    restored = side.session_data()
    assert restored.decisions == data.decisions and restored.order == data.order
    assert render_brief(review, restored) == render_brief(
        review, data
    )  # the sidecar re-renders the brief


def test_header_fields() -> None:
    review, data = make_review(), make_data()
    raw = json.loads(render_sidecar(review, data, "Tom"))
    assert raw["schema_version"] == 1
    assert (raw["generator"], raw["generator_version"]) == ("briefdesk", core.__version__)
    assert raw["batch"] == {
        "id": "work-guard/e627b203",
        "stem": "2026-11-03-e627b203",
        "topic": "inference",
        "path": "batches/2026-11-03-e627b203.yaml",
    }
    assert raw["brief"] == "briefs/inference/2026-11-03-e1-2026-11-03-e627b203.md"
    assert (raw["date"], raw["language"], raw["reviewer"]) == ("2026-11-03", "zh", "Tom")
    assert (
        raw["counts"]
        == counts(data)
        == {
            "items": 6,
            "included": 2,
            "merged": 1,
            "excluded": 3,
            "duplicates": 2,
            "undecided": 0,
            "confirmed": 5,
        }
    )
    assert [m["path"] for m in raw["materials"]] == [m.path for m in review.materials]
    assert all(len(m["sha256"]) == 64 and m["evidence"] for m in raw["materials"])
    item = raw["items"][0]
    assert item["evidence"] == "abstract"
    assert set(item["decision"]) == {
        "status",
        "origin",
        "reason",
        "section",
        "action",
        "evidence",
        "evidence_note",
        "notes",
        "contradictions",
        "handles",
        "merged_into",
    }


def test_effective_evidence_is_the_reviewers() -> None:
    review, data = make_review(), make_data()
    data.decisions[PLENA] = data.decisions[PLENA].model_copy(
        update={"evidence": Evidence.fulltext, "evidence_note": "读了 §4"}
    )
    side = read_sidecar(render_sidecar(review, data, "Tom"), SOURCE)
    plena = next(i for i in side.items if i.ref == PLENA)
    assert (plena.evidence, plena.decision.evidence_note) == ("fulltext", "读了 §4")


def test_deterministic_bytes() -> None:
    first = render_sidecar(make_review(), make_data(), "Tom")
    data = make_data()
    data.decisions = dict(reversed(list(data.decisions.items())))
    assert render_sidecar(make_review(Path("/other/root")), data, "Tom") == first
    assert first.endswith(b"}\n") and not first.endswith(b"\n\n")
    text = first.decode("utf-8")
    assert "简报" not in text and "内存杠杆" not in text  # decisions, not prose
    assert "蒸馏" in text  # UTF-8, not \\u escapes
    assert "/other/root" not in text
    top = list(json.loads(first))
    assert top == sorted(top)


def test_items_missing_from_the_session_are_undecided() -> None:
    data = make_data()
    del data.decisions[RANK]
    side = read_sidecar(render_sidecar(make_review(), data, "Tom"), SOURCE)
    assert side.decisions()[RANK] == Decision()
    assert side.counts.undecided == 1 and side.counts.items == 6


def test_counts_are_what_the_brief_and_the_commit_message_report(tmp_path: Path) -> None:
    """One tally, three readers: the brief's sections, the commit's subject and trailers, the
    sidecar."""
    review = make_review(tmp_path)
    session = Session(make_data(), review.items, None)
    session.merge(EMBED, PLENA)  # a second merged item; it was excluded as a duplicate before
    c = session.counts()
    assert {
        k: c[k] for k in ("items", "included", "merged", "excluded", "duplicates", "confirmed")
    } == {"items": 6, "included": 2, "merged": 2, "excluded": 2, "duplicates": 1, "confirmed": 6}

    brief = render_brief(review, session.data)
    lines = brief.splitlines()
    assert f"一、今日最重要的 {c['included']} 条增量" in lines
    assert sum(bool(re.match(r"\d+\. ", line)) for line in lines) == c["included"]
    sources = [line for line in lines if line.startswith("  • 来源：")]
    assert sum(len(line.split("；")) for line in sources) == c["included"] + c["merged"]
    assert f"审阅人已确认 {c['confirmed']}/{c['items']} 条判定" in lines[2]
    excluded = section(brief, "四、", "五、").strip().splitlines()
    assert len(excluded) == c["excluded"]
    assert sum("重复" in line for line in excluded) == c["duplicates"]

    message = commit_message(review, session.data, "Tom")
    subject, _, *body = message.splitlines()
    assert f"· {c['included']} increments from" in subject
    assert sum(bool(re.match(r"\d+\. ", line)) for line in body) == c["included"]
    assert parse_decisions(parse_trailers(message)["Decisions"][0]) == {
        "included": c["included"],
        "excluded": c["excluded"],
        "duplicates": c["duplicates"],
        "confirmed": c["confirmed"],
        "total": c["items"],
    }

    assert json.loads(render_sidecar(review, session.data, "Tom"))["counts"] == c


def _mutate(**changes: object) -> bytes:
    """A valid sidecar with some top-level fields replaced."""
    raw = json.loads(render_sidecar(make_review(), make_data(), "Tom"))
    raw.update(changes)
    return json.dumps(raw, ensure_ascii=False).encode()


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        (b"{not json", "not JSON"),
        (b"\xff\xfe", "not UTF-8"),
        (b"[1, 2]", "JSON object"),
        (_mutate(schema_version=2), "newer than this briefdesk"),
        (_mutate(schema_version="1"), "schema_version must be 1"),
        (_mutate(reviewer=None), "reviewer"),
        (_mutate(language="fr"), "language"),
        (_mutate(order=["inbox/nowhere.md#1"]), "unknown item"),
        (_mutate(extra_key=1), "extra_key"),
    ],
)
def test_bad_input_is_one_line_error_naming_the_file(payload: bytes, message: str) -> None:
    with pytest.raises(BriefdeskError) as info:
        read_sidecar(payload, SOURCE)
    text = str(info.value)
    assert text.startswith(SOURCE + ": ") and message in text and "\n" not in text


def test_bad_nested_values_are_refused() -> None:
    raw = json.loads(render_sidecar(make_review(), make_data(), "Tom"))
    raw["materials"][0]["sha256"] = "abc"
    with pytest.raises(BriefdeskError, match=r"materials\.0\.sha256"):
        read_sidecar(json.dumps(raw).encode(), SOURCE)
    raw = json.loads(render_sidecar(make_review(), make_data(), "Tom"))
    raw["items"][0]["decision"]["status"] = "maybe"
    with pytest.raises(BriefdeskError, match=r"items\.0\.decision\.status"):
        read_sidecar(json.dumps(raw).encode(), SOURCE)
    raw = json.loads(render_sidecar(make_review(), make_data(), "Tom"))
    raw["items"].append(raw["items"][0])
    with pytest.raises(BriefdeskError, match="listed twice"):
        read_sidecar(json.dumps(raw).encode(), SOURCE)
