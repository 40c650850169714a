"""Number conflicts in a unit only one measure is written in, and a living-document paragraph
that opens with its subject (docs/facts.md, docs/claims.md)."""

from __future__ import annotations

from briefdesk.core.claims.numbers import Text, number_conflicts

ITEM = "inbox/a/2026-12-01-0900-digest.md#1"
DOC = "docs/hpc.md"


def item(text: str, ref: str = ITEM) -> Text:
    return (ref, "item", ref.split("#")[0], text)


def section(text: str, sid: str = "3.1") -> Text:
    return (f"{DOC}§{sid}", "living-doc", DOC, text)


def numbers(*texts: Text) -> list[tuple[str, ...]]:
    return [c.refs for c in number_conflicts(list(texts))]


# an English section on a weather model: a paragraph that opens with the model's name, whose
# figure's sentence names only the machine and the precision
WEATHER = section(
    "3.1 Weather models on Frontier\n\n"
    "IconNext-2 (the 1 km global configuration) is the flagship run. Measured on Frontier, "
    "FP64, 9,408 nodes: 310 PFLOPS sustained."
)


def test_a_figure_in_flops_measures_compute_whatever_word_precedes_it() -> None:
    # neither figure has a measure's word before it: the unit says what they measure
    rerun = item(
        "## IconNext-2 rerun on Frontier\n\n"
        "A second team ran IconNext-2 on Frontier in FP64 on 9,408 nodes and reached 262 PFLOPS."
    )
    assert numbers(rerun, WEATHER) == [(ITEM, f"{DOC}§3.1")]


def test_the_same_flops_figure_or_another_unit_is_no_conflict() -> None:
    same = item(
        "## IconNext-2 rerun on Frontier\n\n"
        "A second team ran IconNext-2 on Frontier in FP64 on 9,408 nodes and reached 310 PFLOPS."
    )
    assert numbers(same, WEATHER) == []


def test_a_paragraph_opening_with_a_name_is_that_projects_result() -> None:
    # the item measures another code on the same machine and precision, and never names the
    # project the section's paragraph opens with: another subject, no conflict
    other = item(
        "## Ocean solver news\n\n"
        "The HYCOM-X port was benchmarked at 262 PFLOPS on Frontier in FP64 on 9,408 nodes."
    )
    assert numbers(other, WEATHER) == []


def test_a_rate_in_bytes_per_second_is_not_a_size() -> None:
    # `显存 80 GB` is a size, `带宽 3.35 TB/s` a bandwidth: two units, never one figure
    from briefdesk.core.facts.extract import extract

    values = {
        f.value
        for f in extract("单卡显存 80 GB，带宽 3.35 TB/s，算力 989 TFLOPS。")
        if f.kind == "quantity"
    }
    assert {"80GB", "3.35TB/s", "989TFLOPS"} <= values


def test_a_range_with_a_unit_agrees_with_the_values_inside_it() -> None:
    # an English range of hours, against a Chinese single figure inside it and one outside:
    # `6–8 h` is no claim that the run took 8 hours
    doc = section("3.1 Climate runs\nIconNext-2 on Frontier in FP64: a wall time of 6–8 hours.")
    inside = item("## IconNext-2\n\nIconNext-2 在 Frontier 上 FP64 运行，wall time 7 hours。")
    outside = item("## IconNext-2\n\nIconNext-2 在 Frontier 上 FP64 运行，wall time 12 hours。")
    assert numbers(inside, doc) == []
    assert numbers(outside, doc) == [(ITEM, f"{DOC}§3.1")]


# a pretraining run's throughput, in English: a rate of tokens that no word names
PRETRAIN = section(
    "4.1 Pretraining throughput\n\nOur run on 4x A100 with Megatron-LM v0.9 and Llama-3-8B, "
    "sequence length 4K: 3,100 tokens per second.",
    "4.1",
)


def test_a_rate_of_tokens_no_word_names_is_a_throughput() -> None:
    rerun = item(
        "## Llama-3-8B pretraining rerun\n\nOn 4x A100 with Megatron-LM v0.9, Llama-3-8B at "
        "sequence length 4K reached 2,400 tokens per second."
    )
    assert numbers(rerun, PRETRAIN) == [(ITEM, f"{DOC}§4.1")]


def test_a_run_on_another_release_of_the_same_project_is_another_setting() -> None:
    # the same model, machine and length on Megatron-LM v0.10: a new run, no conflict
    newer = item(
        "## Llama-3-8B pretraining rerun\n\nOn 4x A100 with Megatron-LM v0.10, Llama-3-8B at "
        "sequence length 4K reached 2,400 tokens per second."
    )
    assert numbers(newer, PRETRAIN) == []


def test_a_count_of_devices_glued_to_their_name_is_configuration() -> None:
    # `团队在 4×A100 上`: the word before `4×` is no measure of a result; the names after it
    # are the whole sentence's setting, not the count's own part (a training run this time)
    zh = item(
        "## Llama-3-8B 预训练复测\n\n团队在 4×A100 上用 Megatron-LM v0.9 训练 Llama-3-8B，"
        "序列长度 4K，吞吐 2,400 tok/s。"
    )
    assert numbers(zh, PRETRAIN) == [(ITEM, f"{DOC}§4.1")]


# an English section on an analytics engine's benchmark run on one cloud machine
CLICKBENCH = section(
    "5.2 ClickBench\n\nDuckDB on ClickBench, c6a.4xlarge, hot run: query latency 38.4 s.",
    "5.2",
)


def test_a_run_on_another_cloud_machine_is_another_setting() -> None:
    # the same engine and benchmark on a bigger machine: a new result, no conflict
    for machine in ("c7i.16xlarge", "m5.xlarge", "c6a.metal", "n2-standard-8"):
        other = item(
            f"## DuckDB on ClickBench\n\nDuckDB on ClickBench, {machine}, hot run: query latency "
            "12.9 s."
        )
        assert numbers(other, CLICKBENCH) == [], machine
    # the same machine with another figure is one
    same = item(
        "## DuckDB on ClickBench\n\nDuckDB on ClickBench, c6a.4xlarge, hot run: query latency "
        "45.0 s."
    )
    assert numbers(same, CLICKBENCH) == [(ITEM, f"{DOC}§5.2")]
