"""A plain lowercase project name in English prose, where another text makes a claim under it,
and a Chinese heading that joins a name to its topic rather than to another name
(docs/claims.md, "The project")."""

from __future__ import annotations

from briefdesk.core.claims.extract import extract, heading_name

from tests.support.claims import version_conflicts

ITEM = "inbox/a/2026-12-01-0900-digest.md#3"
DOC = "docs/data.md§4.1"

# a living-document section on dataframes, in English, naming `polars` in backticks
SECTION = (
    "4.1 Dataframes\n`polars` 1.31.0 (2026-10-14) is the stable release: lazy frames by default."
)


def test_a_lowercase_name_another_text_claims_under_is_a_project() -> None:
    item = (
        "## Library notes\n\npolars 1.31.0, which shipped Oct 20, is what most pipelines pin now."
    )
    assert version_conflicts([(ITEM, item), (DOC, SECTION)]) == [("date", (ITEM, DOC))]


def test_a_lowercase_word_no_text_claims_under_stays_no_name() -> None:
    # `pipelines` is a word here, not a project: nothing else makes a claim under it
    item = "## Library notes\n\npipelines v1.31.0, which shipped Oct 20, are pinned."
    assert version_conflicts([(ITEM, item), (DOC, SECTION)]) == []


def test_the_same_day_under_a_lowercase_name_is_no_conflict() -> None:
    item = "## Library notes\n\npolars 1.31.0, which shipped Oct 14, is what most pipelines pin."
    assert version_conflicts([(ITEM, item), (DOC, SECTION)]) == []


def test_a_chinese_heading_joining_a_name_to_its_topic_is_that_names() -> None:
    # `与` before a topic in Chinese is no second project: the chapter is the name's
    assert heading_name("3.2 polars 与惰性求值") == "polars"
    assert heading_name("3.2 polars 与 pandas") is None
    claims = extract(
        "polars 是列式 DataFrame 库，稳定版 1.31.0（2026-10-14）。", "3.2 polars 与惰性求值"
    )
    assert [(c.entity, c.version, c.date) for c in claims] == [("polars", "1.31.0", "2026-10-14")]


def test_a_lowercase_name_after_a_labels_colon_is_a_project() -> None:
    # after a label things are written as they are spelled: `Storage: duckdb v1.4.2`
    claims = extract("Storage: duckdb v1.4.2 (released Oct 9), object store on S3.", "Notes")
    assert [(c.entity, c.version, c.date) for c in claims] == [("duckdb", "v1.4.2", "Oct 9")]
    # with no label, English prose reads a plain word only tentatively: the claim stays the
    # heading's until another text claims under the word
    bare = extract("duckdb v1.4.2 (released Oct 9) is fine.", "Notes")
    assert [(c.entity, c.plain) for c in bare] == [("Notes", "duckdb")]


def test_the_fact_index_reads_a_lowercase_name_after_a_label_as_the_versions_owner() -> None:
    from briefdesk.core.facts.extract import extract as facts_of

    versions = {
        (f.thing, f.value)
        for f in facts_of("数据库：duckdb 1.4，对象存储 S3。")
        if f.kind == "version"
    }
    assert versions == {("duckdb", "1.4")}
    # a word after a label before a figure is no project (`roughly 0.9` is a figure)
    assert not [f for f in facts_of("Score: roughly 0.9 on MMLU") if f.kind == "version"]
