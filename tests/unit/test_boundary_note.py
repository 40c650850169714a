"""A note the reviewer writes in the 证据边界 label (`证据边界（须随段落保留）：`, docs/brief.md):
printed before the label's colon, saved in the session and the sidecar, absent when unset."""

from __future__ import annotations

from pathlib import Path

SEED_BATCH = "2026-11-03-e627b203"


def test_the_note_is_printed_in_the_label_and_kept_through_the_sidecar(seed_ws: Path) -> None:
    from briefdesk.core.brief.render import render_model
    from briefdesk.core.brief.sidecar import dump_sidecar, read_sidecar, render_sidecar
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    review = load_review(Workspace.open(seed_ws), SEED_BATCH)
    with review.open_session() as s:
        first, second = s.plan.increments[0], s.plan.increments[1]
        assert first.boundary_note == "（须随段落保留）"  # from the manifest
        s.update_increment(second.id, boundary_note="（随段保留）")
        data = s.data
        raw = render_sidecar(review, data, "Tom")
        sidecar = read_sidecar(raw, "sidecar")
        assert dump_sidecar(sidecar) == raw
        text = render_model(sidecar.model)
        assert "  • 证据边界（须随段落保留）：两条均为" in text
        assert text.count("证据边界（随段保留）：") == 1
        assert text.count("  • 证据边界：") == len(s.plan.increments) + len(s.plan.spot_checks) - 2
        s.update_increment(second.id, boundary_note="")
        raw = render_sidecar(review, s.data, "Tom")
        assert raw.count(b'"boundary_note"') == 1 and raw.count(b'"boundary_label"') == 1
        assert "证据边界（随段保留）" not in render_model(read_sidecar(raw, "sidecar").model)
