"""The `.review.json` sidecar, schema 3: every decision and the whole reviewed brief, deterministic
bytes, strict reading, the brief laid out again from it alone, schema 2 read as it
is, schema 1 migrated (docs/sidecar.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import briefdesk.core as core
import pytest
from briefdesk.core.brief import render_brief, render_model
from briefdesk.core.brief.message import commit_message, parse_decisions
from briefdesk.core.brief.sidecar import read_sidecar, render_sidecar
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.model.decisions import Decision, Origin
from briefdesk.core.model.values import Evidence
from briefdesk.core.review.session import Session
from briefdesk.core.review.sessionfile import counts

try:  # the fixture is shared with the brief's tests, whichever way pytest imports them
    from test_brief import EMBED, FLIDE, JAVA, LLAMA, PLENA, RANK, make_data, make_review, section
except ImportError:  # pragma: no cover - tests/unit as a package
    from .test_brief import EMBED, FLIDE, JAVA, LLAMA, PLENA, RANK, make_data, make_review, section

SOURCE = "briefs/inference/2026-11-03-e1-e627b203.review.json"


def test_round_trip_holds_the_whole_review() -> None:
    review, data = make_review(), make_data()
    side = read_sidecar(render_sidecar(review, data, "Tom"), SOURCE)
    assert side.decisions() == data.decisions
    assert [i.ref for i in side.items] == [i.ref for i in review.items]
    assert [i.parts for i in side.review.increments] == [(PLENA,), (FLIDE, RANK)]
    assert [n.text for n in side.review.contradictions] == [
        "基线为 A100 与 TPU v6e",
        "on-policy 蒸馏会改变分布",
    ]
    assert side.review.handles[2].detail == "§3.3 末尾加交叉引用"
    assert side.decisions()[LLAMA].duplicate_of == "briefs/inference/2026-11-01-e1-old.md#5"
    assert side.decisions()[EMBED].origin is Origin.proposed
    restored = side.session_data()
    assert restored.decisions == data.decisions and restored.increments == data.increments
    assert restored.next_id == 3
    # the brief comes back both ways: from the stored model, and built again from the decisions
    brief = render_brief(review, data, reviewer="Tom")
    assert side.model is not None and render_model(side.model) == brief
    assert render_brief(review, restored, reviewer="Tom") == brief


def test_a_schema_2_sidecar_reads_and_lays_out_its_brief_as_it_was() -> None:
    """A sidecar written before schema 3 (no decision `wording`, no batch texts in `review`, a
    version-1 model without `arxiv_layout`) is read as it is, and its model gives the same bytes:
    `verify` still proves a brief committed then."""
    review, data = make_review(), make_data()
    raw = json.loads(render_sidecar(review, data, "Tom"))
    raw["schema_version"], raw["model"]["model_version"] = 2, 1
    del raw["model"]["arxiv_layout"]
    for key in ("purpose", "background", "arxiv_note", "arxiv_layout"):
        del raw["review"][key]
    del raw["review"]["arxiv_headings"], raw["review"]["arxiv_notes"]
    for item in raw["items"]:
        del item["decision"]["wording"]
    old = read_sidecar(json.dumps(raw, ensure_ascii=False).encode(), SOURCE)
    assert old.schema_version == 2 and old.model is not None
    assert render_model(old.model) == render_brief(review, data, reviewer="Tom")
    assert old.session_data().decisions == data.decisions


def test_the_batch_texts_and_the_layout_come_back_from_the_sidecar() -> None:
    review = make_review()
    data = make_data().model_copy(
        update={"purpose": "今晚接力用", "arxiv_note": "社媒材料无号", "arxiv_layout": "inline"}
    )
    side = read_sidecar(render_sidecar(review, data, "Tom"), SOURCE)
    assert side.model is not None and side.model.arxiv_layout == "inline"
    brief = render_brief(review, data, reviewer="Tom")
    assert render_model(side.model) == brief
    assert render_brief(review, side.session_data(), reviewer="Tom") == brief


def test_header_fields() -> None:
    review, data = make_review(), make_data()
    raw = json.loads(render_sidecar(review, data, "Tom"))
    assert raw["schema_version"] == 3 and raw["model"]["model_version"] == 2
    assert (raw["generator"], raw["generator_version"]) == ("briefdesk", core.__version__)
    assert raw["batch"] == {
        "id": "work-guard/e627b203",
        "stem": "2026-11-03-e627b203",
        "topic": "inference",
        "path": "batches/2026-11-03-e627b203.yaml",
    }
    assert raw["brief"] == "briefs/inference/2026-11-03-e1-e627b203.md"
    assert (raw["date"], raw["language"], raw["reviewer"]) == ("2026-11-03", "zh", "Tom")
    assert (
        raw["counts"]
        == {
            **counts(data),
            "increments": 2,
            "spot_checks": 0,
        }
        == {
            "items": 6,
            "included": 3,
            "excluded": 3,
            "duplicates": 2,
            "undecided": 0,
            "confirmed": 5,
            "increments": 2,
            "spot_checks": 0,
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
        "evidence",
        "evidence_note",
        "notes",
        "label",
        "wording",
    }
    assert set(raw["review"]) == {
        "increments",
        "spot_checks",
        "contradictions",
        "handles",
        *("purpose", "background", "arxiv_note", "arxiv_layout"),  # the batch's texts
        *("arxiv_headings", "arxiv_notes"),
    }
    model = raw["model"]
    assert model["entries"][1]["title"].startswith("Flide: Accelerating Decision Inference")
    assert model["entries"][1]["parts"] == [FLIDE, RANK]


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
    assert [i.parts for i in side.review.increments] == [(PLENA,), (FLIDE,)]  # as the plan reads it


def test_counts_are_what_the_brief_and_the_commit_message_report(tmp_path: Path) -> None:
    """One tally, three readers: the brief's sections, the commit's subject and trailers, the
    sidecar."""
    review = make_review(tmp_path)
    session = Session(make_data(), review.items, None)
    session.merge(EMBED, PLENA)  # it was excluded as a duplicate before
    c = session.counts()
    assert {k: c[k] for k in ("items", "included", "excluded", "duplicates", "confirmed")} == {
        "items": 6,
        "included": 4,
        "excluded": 2,
        "duplicates": 1,
        "confirmed": 6,
    }
    assert c["included"] + c["excluded"] + c["undecided"] == c["items"]

    brief = render_brief(review, session.data)
    lines = brief.splitlines()
    increments = len(session.plan.increments)
    assert f"一、今日最重要的 {increments} 条增量" in lines
    assert sum(bool(re.match(r"\d+\. ", line)) for line in lines) == increments
    assert f"审阅人已确认 {c['confirmed']}/{c['items']} 条判定" in lines[2]
    excluded = section(brief, "四、", "五、").strip().splitlines()
    assert len(excluded) == c["excluded"]
    assert sum("重复" in line for line in excluded) == c["duplicates"]

    message = commit_message(review, session.data, "Tom")
    subject, _, *body = message.splitlines()
    assert f"· {increments} increments from" in subject
    assert sum(bool(re.match(r"\d+\. ", line)) for line in body) == increments
    decisions = next(line for line in body if line.startswith("Decisions: "))
    assert parse_decisions(decisions) == {
        "included": c["included"],
        "excluded": c["excluded"],
        "duplicates": c["duplicates"],
        "confirmed": c["confirmed"],
        "total": c["items"],
    }
    raw = json.loads(render_sidecar(review, session.data, "Tom"))["counts"]
    assert {k: raw[k] for k in c} == c and raw["increments"] == increments


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
        (_mutate(schema_version=4), "newer than this briefdesk"),
        (_mutate(schema_version="2"), "schema_version must be 1, 2 or 3"),
        (_mutate(reviewer=None), "reviewer"),
        (_mutate(language="fr"), "language"),
        (_mutate(model=None), "holds the brief's model"),
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
    with pytest.raises(BriefdeskError, match=r"materials\.1\.sha256"):
        read_sidecar(json.dumps(raw).encode(), SOURCE)
    raw = json.loads(render_sidecar(make_review(), make_data(), "Tom"))
    raw["items"][0]["decision"]["status"] = "maybe"
    with pytest.raises(BriefdeskError, match=r"items\.1\.decision\.status"):
        read_sidecar(json.dumps(raw).encode(), SOURCE)
    raw = json.loads(render_sidecar(make_review(), make_data(), "Tom"))
    raw["items"].append(raw["items"][0])
    with pytest.raises(BriefdeskError, match="listed twice"):
        read_sidecar(json.dumps(raw).encode(), SOURCE)
    raw = json.loads(render_sidecar(make_review(), make_data(), "Tom"))
    raw["review"]["increments"][0]["parts"] = ["inbox/nowhere.md#1"]
    with pytest.raises(BriefdeskError, match="unknown item"):
        read_sidecar(json.dumps(raw).encode(), SOURCE)


V1 = {
    "schema_version": 1,
    "generator": "briefdesk",
    "generator_version": "0.1.0",
    "batch": {"id": "b", "stem": "b", "topic": "inference", "path": "batches/b.yaml"},
    "date": "2026-11-03",
    "brief": "briefs/inference/2026-11-03-e1-b.md",
    "language": "zh",
    "reviewer": "Tom",
    "counts": {
        "items": 3,
        "included": 1,
        "merged": 1,
        "excluded": 1,
        "duplicates": 0,
        "undecided": 0,
        "confirmed": 3,
    },
    "materials": [{"path": "a.md", "sha256": "0" * 64, "evidence": "abstract"}],
    "items": [
        {
            "ref": "a.md#1",
            "title": "A",
            "evidence": "abstract",
            "decision": {
                "status": "include",
                "origin": "reviewer",
                "reason": None,
                "section": "1.2",
                "action": "new-subsection",
                "evidence": None,
                "evidence_note": None,
                "notes": ["n"],
                "contradictions": ["c1"],
                "handles": ["h1"],
                "merged_into": None,
            },
        },
        {
            "ref": "a.md#2",
            "title": "B",
            "evidence": "abstract",
            "decision": {
                "status": "include",
                "origin": "reviewer",
                "reason": None,
                "section": "4.2",
                "action": "append",
                "evidence": None,
                "evidence_note": None,
                "notes": [],
                "contradictions": ["c2"],
                "handles": [],
                "merged_into": "a.md#1",
            },
        },
        {
            "ref": "a.md#3",
            "title": "C",
            "evidence": "abstract",
            "decision": {
                "status": "exclude",
                "origin": "reviewer",
                "reason": "off-topic",
                "section": None,
                "action": None,
                "evidence": None,
                "evidence_note": None,
                "notes": [],
                "contradictions": [],
                "handles": [],
                "merged_into": None,
            },
        },
    ],
    "order": ["a.md#1"],
}


def test_a_schema_1_sidecar_is_read_and_migrated() -> None:
    side = read_sidecar(json.dumps(V1).encode(), SOURCE)
    assert side.schema_version == 1 and side.model is None
    (inc,) = side.review.increments
    assert inc.parts == ("a.md#1", "a.md#2")
    assert [(p.section, p.action, p.part) for p in inc.placements] == [
        ("1.2", "new-subsection", None),
        ("4.2", "append", "a.md#2"),
    ]
    assert [(n.text, n.refs) for n in side.review.contradictions] == [
        ("c1", ("a.md#1",)),
        ("c2", ("a.md#2",)),
    ]
    assert [n.text for n in side.review.handles] == ["h1"]
    assert side.decisions()["a.md#1"].notes == ("n",)
    assert side.counts.included == 2  # the old `merged` folded into `included`
    data = side.session_data()
    assert data.increments[0].id == "i1" and data.next_id == 2


def test_the_model_lays_out_a_hostile_session_safely() -> None:
    review, data = make_review(), make_data()
    data.decisions[JAVA] = data.decisions[JAVA].model_copy(update={"reason": "x\x1b[2J\n四、伪造"})
    side = read_sidecar(render_sidecar(review, data, "Tom"), SOURCE)
    assert side.model is not None
    text = render_model(side.model)
    assert "\x1b" not in text and not re.search(r"^四、伪造", text, re.M)
