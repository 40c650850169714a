"""What the reviewer writes of sections 四 and 三 (docs/brief.md): a line of 四 in their own words,
its citation kept in the model; 三's groups laid out `inline` as the seed writes them. Each is one
undo step of the session, proposed by a manifest, saved in schema 5 (schema 4 files still read),
and carried by the sidecar."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from briefdesk.core.brief import build_model, render_brief, render_model
from briefdesk.core.brief.build import derived_wording
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.review.session import Session, dump_state
from briefdesk.core.review.sessionfile import SCHEMA_VERSION
from briefdesk.core.workspace.earlier_briefs import parse_brief

try:  # shared fixtures, whichever way pytest imports them
    from test_brief import FLIDE, LLAMA, make_data, make_review, section
    from test_session import REFS, make_batch, make_items, on_disk, open_session
except ImportError:  # pragma: no cover - tests/unit as a package
    from .test_brief import FLIDE, LLAMA, make_data, make_review, section
    from .test_session import REFS, make_batch, make_items, on_disk, open_session


def test_a_written_line_of_four_replaces_the_reason_and_notes_but_keeps_the_citation() -> None:
    review, data = make_review(), make_data()
    cited = data.decisions[LLAMA].duplicate_of
    assert cited is not None
    before = next(x for x in build_model(review, data).exclusions if LLAMA in x.refs)
    assert "收录，重复" in before.text
    assert derived_wording(review, data, LLAMA) == before.text.split("：", 1)[1]
    assert derived_wording(review, data, FLIDE) is None  # included: no line of 四

    words = data.decisions[LLAMA].model_copy(update={"wording": "已在 11-01 简报完整收录"})
    written = data.model_copy(update={"decisions": {**data.decisions, LLAMA: words}})
    after = next(x for x in build_model(review, written).exclusions if LLAMA in x.refs)
    assert after.text.endswith("：已在 11-01 简报完整收录。")  # a stop added
    assert after.refs == before.refs and cited in after.refs  # the citation stays
    # the tool's words are still there to start from
    assert derived_wording(review, written, LLAMA) == derived_wording(review, data, LLAMA)


def test_three_inline_puts_each_groups_ids_on_its_heading_line() -> None:
    review, data = make_review(), make_data()
    lines = render_brief(review, data)
    inline = render_brief(review, data.model_copy(update={"arxiv_layout": "inline"}))
    model = build_model(review, data.model_copy(update={"arxiv_layout": "inline"}))
    ours = [x for x in section(inline, "三、", "四、").splitlines() if x.strip()]
    for group, line in zip(model.arxiv, ours, strict=False):
        assert line == group.heading + "".join(" - " + x for x in group.lines)
    assert not any(x.startswith("  - ") for x in ours)
    # only section 三 differs, and the model keeps the ids machine-checkable
    assert section(lines, "四、", None) == section(inline, "四、", None)
    assert render_model(model) == inline and model.arxiv[0].ids
    # the reader of earlier briefs takes either layout's other sections the same
    strip = {e.section for e in parse_brief("b.md", inline)} - {"三"}
    assert strip == {e.section for e in parse_brief("b.md", lines)} - {"三"}


def test_the_session_writes_both_as_one_undo_step_each(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.exclude(REFS[0])
    steps = len(s.history.undo)
    s.set_wording(REFS[0], "  与主题无关，  不入库 ")
    assert s.decision(REFS[0]).wording == "与主题无关， 不入库"
    assert on_disk(tmp_path).decisions[REFS[0]].wording == "与主题无关， 不入库"
    s.set_arxiv_layout("inline")
    assert on_disk(tmp_path).arxiv_layout == "inline"
    assert len(s.history.undo) == steps + 2
    s.undo()
    assert s.data.arxiv_layout is None
    s.undo()
    assert s.decision(REFS[0]).wording is None
    s.set_wording(REFS[0], "x")
    s.set_wording(REFS[0], "   ")  # blank: the tool's words again
    assert s.decision(REFS[0]).wording is None
    with pytest.raises(BriefdeskError, match="only an excluded item"):
        s.set_wording(REFS[1], "x")
    with pytest.raises(BriefdeskError, match="not a layout"):
        s.set_arxiv_layout("columns")


def test_a_manifest_proposes_them() -> None:
    s_batch = make_batch(
        [{"item": REFS[0], "decision": "exclude", "reason": "off-topic", "wording": "不入库"}]
    )
    from briefdesk.core.review.proposals import initial_state

    data = initial_state(s_batch, make_items())
    assert data.decisions[REFS[0]].wording == "不入库"
    manifest = s_batch.manifest.model_validate(
        {**s_batch.manifest.model_dump(), "brief": {"arxiv_layout": "inline"}}
    )
    data = initial_state(s_batch.model_copy(update={"manifest": manifest}), make_items())
    assert data.arxiv_layout == "inline"


def test_a_schema_4_session_reads_and_is_written_back_as_5(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.exclude(REFS[0])
    s.close()
    raw = json.loads(dump_state(on_disk(tmp_path)))
    raw["schema_version"] = 4
    (tmp_path / "s.json").write_text(json.dumps(raw), "utf-8")
    again = Session.open(tmp_path / "s.json", make_batch(), make_items())
    assert again.decision(REFS[0]).reason == "off-topic" and SCHEMA_VERSION == 5
    again.set_wording(REFS[0], "不入库")
    assert json.loads((tmp_path / "s.json").read_text("utf-8"))["schema_version"] == 5


def test_three_headed_and_noted_by_the_reviewer_keeps_counts_and_levels() -> None:
    review, data = make_review(), make_data()
    plain = build_model(review, data)
    batch = plain.arxiv[0]
    first = batch.ids[0]
    written = data.model_copy(
        update={
            "arxiv_headings": {"batch": "本批直接涉及"},
            "arxiv_notes": {first: "v3；Wayve 等", batch.ids[-1]: "正文已核"},
        }
    )
    model = build_model(review, written)
    group = model.arxiv[0]
    assert group.heading == f"本批直接涉及（{len(batch.ids)} 个）"  # the count is the tool's
    assert group.ids == batch.ids  # the ids stay machine-checkable
    assert group.lines[0].endswith("（v3；Wayve 等；摘要级）")  # no level named: added
    # a note claiming more than the evidence says what it is checked to
    assert group.lines[-1].endswith("（正文已核；核验程度以摘要级为准）"), group.lines[-1]
    assert model.arxiv[1:] == plain.arxiv[1:]


def test_the_session_heads_and_notes_three_one_undo_step_each(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.set_arxiv_heading("spot", "  论文卡抽查所见  ")
    s.set_arxiv_note("2609.19969", "552B 骨干")
    assert on_disk(tmp_path).arxiv_headings == {"spot": "论文卡抽查所见"}
    assert on_disk(tmp_path).arxiv_notes == {"2609.19969": "552B 骨干"}
    s.set_arxiv_note("2609.19969", " ")
    assert s.data.arxiv_notes == {}
    s.undo()
    assert s.data.arxiv_notes == {"2609.19969": "552B 骨干"}
    s.undo()
    s.undo()
    assert s.data.arxiv_headings == {} and s.data.arxiv_notes == {}
    with pytest.raises(BriefdeskError, match="not a group"):
        s.set_arxiv_heading("nope", "x")


def test_the_sidecar_carries_three_as_written() -> None:
    from briefdesk.core.brief.sidecar import read_sidecar, render_sidecar

    review, data = make_review(), make_data()
    data = data.model_copy(
        update={
            "arxiv_layout": "inline",
            "arxiv_headings": {"batch": "本批直接涉及"},
            "arxiv_notes": {build_model(review, data).arxiv[0].ids[0]: "v3"},
        }
    )
    side = read_sidecar(render_sidecar(review, data, "Tom"), "x.review.json")
    brief = render_brief(review, data, reviewer="Tom")
    assert side.model is not None and render_model(side.model) == brief
    assert render_brief(review, side.session_data(), reviewer="Tom") == brief
