"""The conflict rules on claims made by hand: what is reported, and what must never be."""

from __future__ import annotations

from briefdesk.core.claims.conflicts import find_conflicts
from briefdesk.core.claims.types import Claim

ITEM = "inbox/flyp/2026-11-02T0950-critical-read.md#2"
ITEM2 = "inbox/jay/2026-10-31-2105-engineering-brief.md#1"
DOC = "docs/inference.md"
BRIEF = "briefs/inference/2026-11-01-e1-manual.md"
ORDER = [ITEM, ITEM2, f"{DOC}§1.1", f"{DOC}§1.2", f"{DOC}§1.3", f"{BRIEF}#1", f"{BRIEF}#二-1"]


def rank(ref: str) -> tuple[int, int]:
    return (0, ORDER.index(ref)) if ref in ORDER else (9, 0)


def claim(ref: str, entity: str = "SGLang", **kw: object) -> Claim:
    origin = "item" if ref.startswith("inbox/") else "living-doc" if "§" in ref else "brief"
    doc = ref.split("#")[0].split("§")[0]
    return Claim.model_validate(
        {
            "entity": entity,
            "key": entity.lower(),
            "quote": "q",
            "ref": ref,
            "origin": origin,
            "doc": doc,
            **kw,
        }
    )


def kinds(claims: list[Claim], language: str = "zh") -> list[tuple[str, str, tuple[str, ...]]]:
    return [(c.kind, c.entity, c.refs) for c in find_conflicts(claims, rank, language)]


# -- version-line ------------------------------------------------------------------------------


def test_two_lines_each_called_current() -> None:
    claims = [
        claim(f"{DOC}§1.2", version="v1.2.1", current=True, date="2026-09-23"),
        claim(ITEM, version="v0.5.21", current=True),
    ]
    assert kinds(claims) == [("version-line", "SGLang", (ITEM, f"{DOC}§1.2"))]


def test_one_line_is_no_conflict() -> None:
    two_of_one_line = [
        claim(f"{DOC}§1.2", version="v0.5.20", current=True),
        claim(ITEM, version="0.5.22.dev", current=True),
    ]
    patch = [
        claim(f"{DOC}§1.2", version="v1.2", current=True),
        claim(ITEM, version="v1.2.1", current=True),
    ]
    # a line written with two numbers is current as its patch release is (`DuckDB 1.4 LTS`)
    line = [
        claim(f"{DOC}§1.2", version="v1.4.2", current=True, date="2026-10-14"),
        claim(ITEM, version="1.4", current=True),
    ]
    assert kinds(two_of_one_line) == []
    assert kinds(patch) == []
    assert kinds(line) == []
    # while an older release of the line called current is an old newest
    older = [
        claim(f"{DOC}§1.2", version="v1.4.2", current=True, date="2026-10-14"),
        claim(ITEM, version="1.4.1", current=True),
    ]
    assert [k for k, *_ in kinds(older)] == ["version-line"]


def test_a_version_not_called_current_is_no_line() -> None:
    claims = [
        claim(f"{DOC}§1.2", version="v1.2.1", current=True),
        claim(ITEM, version="v0.5.21", date="10/2"),  # released, not called current
    ]
    assert kinds(claims) == []


def test_an_earlier_briefs_latest_is_of_its_day() -> None:
    claims = [
        claim(f"{BRIEF}#1", version="v0.4.3", current=True),
        claim(ITEM, version="v1.2.1", current=True),
    ]
    assert kinds(claims) == []


def test_a_conflict_needs_an_item() -> None:
    claims = [
        claim(f"{DOC}§1.2", version="v1.2.1", current=True),
        claim(f"{DOC}§1.3", version="v0.5.21", current=True),
    ]
    assert kinds(claims) == []


def test_other_projects_do_not_mix() -> None:
    claims = [
        claim(ITEM, version="v1.2.1", current=True),
        claim(f"{DOC}§1.2", "vLLM", version="v0.30.0", current=True),
    ]
    assert kinds(claims) == []


# -- date --------------------------------------------------------------------------------------


def test_one_version_two_dates() -> None:
    claims = [
        claim(ITEM, "vLLM", version="v0.30.0", date="9/22"),
        claim(f"{DOC}§1.3", "vLLM", version="0.30", date="2026-09-23"),
    ]
    assert kinds(claims) == [("date", "vLLM", (ITEM, f"{DOC}§1.3"))]


def test_dates_that_agree_are_no_conflict() -> None:
    claims = [
        claim(ITEM, "vLLM", version="v0.30.0", date="9/22"),
        claim(f"{DOC}§1.3", "vLLM", version="v0.30.0", date="2026-09-22"),
        claim(ITEM2, "TGI", event="archive", date="2026-03"),
        claim(f"{DOC}§1.1", "TGI", event="archive", date="2026-03-21"),
    ]
    assert kinds(claims) == []


def test_a_patch_release_has_its_own_date() -> None:
    claims = [
        claim(ITEM, "vLLM", version="v0.30.0", date="9/22"),
        claim(f"{DOC}§1.3", "vLLM", version="v0.30.1", date="10/2"),
    ]
    assert kinds(claims) == []


def test_archive_dates() -> None:
    claims = [
        claim(ITEM, "TGI", event="archive", date="2026-03"),
        claim(f"{DOC}§1.1", "TGI", event="archive", date="2026-04-02"),
    ]
    assert kinds(claims) == [("date", "TGI", (ITEM, f"{DOC}§1.1"))]


def test_a_date_conflict_among_others_than_items_is_not_reported() -> None:
    claims = [
        claim(ITEM, "vLLM", version="v0.30.0", date="9/22"),
        claim(f"{DOC}§1.3", "vLLM", version="v0.30.0", date="2026-09-22"),
        claim(f"{BRIEF}#1", "vLLM", version="v0.30.0", date="2026-09-25"),
    ]
    # the item agrees with the document; the brief disagrees with both: the item is involved
    assert kinds(claims)[0][0] == "date"
    only_doc_and_brief = [c for c in claims if c.origin != "item"] + [
        claim(ITEM, "vLLM", version="v0.30.0", date="2026-09-22")
    ]
    assert kinds(only_doc_and_brief)[0][0] == "date"  # 9/22 vs 9/25 with the item on 9/22
    no_item = [c for c in claims if c.origin != "item"]
    assert kinds(no_item) == []


# -- single-source -----------------------------------------------------------------------------

S = "mp.weixin.qq.com/s/Kq3vT8xLmR2pWfZ9nYcD4A"


def test_one_fact_several_materials_one_original() -> None:
    claims = [
        claim(ITEM, "TGI", event="archive", date="2026-03", sources=(S,)),
        claim(ITEM2, "TGI", event="archive", date="2026-03-21", sources=(S,)),
        claim(f"{DOC}§1.1", "TGI", event="archive", date="2026-03-21", sources=(S,)),
    ]
    [c] = find_conflicts(claims, rank)
    assert (c.kind, c.entity, c.refs, c.source) == (
        "single-source",
        "TGI",
        (ITEM, ITEM2, f"{DOC}§1.1"),
        S,
    )
    assert "同源复述" in c.text and S in c.text


def test_facts_sharing_an_original_are_one_finding() -> None:
    claims = [
        claim(ITEM, "TGI", event="archive", date="2026-03", sources=(S,)),
        claim(ITEM2, "TGI", event="archive", date="2026-03-21", sources=(S,)),
        claim(ITEM, "vLLM", version="v0.30.0", date="9/22", sources=(S,)),
        claim(ITEM2, "vLLM", version="v0.30.0", date="9/22", sources=(S,)),
    ]
    [c] = find_conflicts(claims, rank)
    assert c.entity == "TGI、vLLM"
    assert c.text.startswith("TGI 归档（2026-03）、vLLM v0.30.0（9/22）在多份材料中重复出现")


def test_an_independent_source_is_corroboration() -> None:
    claims = [
        claim(ITEM, "TGI", event="archive", date="2026-03", sources=(S,)),
        claim(ITEM2, "TGI", event="archive", date="2026-03-21", sources=(S,)),
        claim(
            f"{DOC}§1.1",
            "TGI",
            event="archive",
            date="2026-03-21",
            sources=("huggingface.co/blog/tgi",),
        ),
    ]
    assert kinds(claims) == []


def test_one_file_is_one_material() -> None:
    claims = [
        claim(ITEM, "TGI", event="archive", date="2026-03", sources=(S,)),
        claim(ITEM.replace("#2", "#1"), "TGI", event="archive", date="2026-03", sources=(S,)),
    ]
    assert kinds(claims) == []


def test_the_same_facts_repeated_without_a_shared_source_is_nothing() -> None:
    claims = [
        claim(ITEM, "vLLM", version="v0.30.0", date="9/22"),
        claim(ITEM2, "vLLM", version="v0.30.0", date="9/22"),
        claim(f"{DOC}§1.3", "vLLM", version="v0.30.0", date="2026-09-22"),
    ]
    assert kinds(claims) == []


def test_wording_in_english() -> None:
    claims = [
        claim(f"{DOC}§1.2", version="v1.2.1", current=True, date="2026-09-23"),
        claim(ITEM, version="v0.5.21", current=True),
    ]
    [c] = find_conflicts(claims, rank, "en")
    assert c.text.startswith(f"SGLang version lines disagree: {ITEM} calls v0.5.21 current; ")
    assert "v1.2.1 (2026-09-23)" in c.text and "v0.5.x and v1.x" in c.text
