"""Number conflicts of speedups, times taken and table columns written the way benchmark posts
write them (docs/claims.md, number reading): `快 2.2 倍` and `2.2x faster` are speedups, `the
queries take 29.8 seconds` a duration, a column headed `总耗时（s）` holds durations in seconds,
a column headed `版本` holds releases, not figures, the names before a colon are the setting of
the figures after it, and a unit the name reader took for a name is no setting. Each case has
its consistent or decoy twin."""

from __future__ import annotations

from briefdesk.core.claims.numbers import Text, number_conflicts

ITEM = "inbox/a/2026-12-05-2200-forum.md#1"


def item(text: str) -> Text:
    return (ITEM, "item", ITEM.split("#")[0], text)


def section(text: str, sid: str) -> Text:
    return (f"docs/olap.md§{sid}", "living-doc", "docs/olap.md", text)


def conflicts(*texts: Text) -> list[tuple[str, ...]]:
    return [c.refs for c in number_conflicts(list(texts), "en")]


SPEEDUP = section(
    "5.2 TPC-DS\n\nVeloce 0.4：在 TPC-DS SF1000 上（8 台 m7i.8xlarge 执行器，Sparkle 4.0.1），"
    "99 条查询总耗时比原生 Sparkle 快 1.6 倍（项目口径）。",
    "5.2",
)


def test_how_much_faster_is_a_speedup_in_either_language() -> None:
    zh = item(
        "Sparkle 加速该选谁？\n\n高赞回答：按项目公布的数字，在 TPC-DS SF1000 上（8 台 m7i.8xlarge "
        "执行器，Sparkle 4.0.1），Veloce 0.4 比原生 Sparkle 快 2.2 倍。"
    )
    en = item(
        "Veloce on TPC-DS\n\nOn TPC-DS SF1000 with 8 m7i.8xlarge executors (Sparkle 4.0.1), "
        "Veloce 0.4 runs the 99 queries 2.2x faster than stock Sparkle."
    )
    found = [(ITEM, "docs/olap.md§5.2")]
    assert conflicts(zh, SPEEDUP) == found
    assert conflicts(en, SPEEDUP) == found
    same = item(
        "Veloce on TPC-DS\n\nOn TPC-DS SF1000 with 8 m7i.8xlarge executors (Sparkle 4.0.1), "
        "Veloce 0.4 runs the 99 queries 1.6x faster than stock Sparkle."
    )
    assert conflicts(same, SPEEDUP) == []


TOTAL = section(
    "5.1 TPC-H\n\n我们的口径：SF100，Parquet 放本地 NVMe，一台 c7i.16xlarge（64 vCPU），"
    "22 条查询热运行总耗时：\n\n"
    "| 引擎 | 版本 | 总耗时（s） |\n|---|---|---|\n"
    "| QuackDB | v1.4.2 | 38.6 |\n| Fusion | 57.0.0 | 52.4 |\n",
    "5.1",
)


def test_a_time_taken_states_the_duration_a_table_column_gives_in_its_header_unit() -> None:
    faster = item(
        "r/QuackDB: TPC-H SF100 on a c7i.16xlarge\n\n"
        "QuackDB v1.4.2, one c7i.16xlarge with 64 vCPU, SF100 as Parquet on the local NVMe, hot "
        "runs: the 22 queries take 29.8 seconds in total."
    )
    assert conflicts(faster, TOTAL) == [(ITEM, "docs/olap.md§5.1")]
    same = item(faster[3].replace("29.8 seconds", "38.6 seconds"))
    assert conflicts(same, TOTAL) == []


def test_a_figure_the_text_says_others_quote_does_not_cancel_its_own() -> None:
    quoted = item(
        "r/QuackDB: TPC-H SF100 on a c7i.16xlarge\n\n"
        "I keep seeing about 40 seconds quoted for QuackDB at SF100, so I ran it myself. "
        "QuackDB v1.4.2, one c7i.16xlarge with 64 vCPU, SF100 as Parquet on the local NVMe, hot "
        "runs: the 22 queries take 29.8 seconds in total."
    )
    assert conflicts(quoted, TOTAL) == [(ITEM, "docs/olap.md§5.1")]


def test_a_column_of_versions_holds_no_figures() -> None:
    doc = section(
        "5.3 ClickBench\n\n热运行合计（c6a.4xlarge）：\n\n"
        "| 系统 | 版本 | 热运行合计（s） |\n|---|---|---|\n"
        "| Clickhaus | 26.10 | 9.84 |\n| QuackDB | v1.4.2 | 12.7 |\n",
        "5.3",
    )
    newer = item(
        "ClickBench, early December\n\nOur reading of ClickBench, c6a.4xlarge:\n\n"
        "| system | version | hot total (s) |\n|---|---|---|\n"
        "| Clickhaus | 26.11 | 9.84 |\n| QuackDB | v1.4.2 | 12.7 |\n"
    )
    assert conflicts(newer, doc) == []
    slower = item(newer[3].replace("| 9.84 |", "| 10.9 |"))
    assert conflicts(slower, doc) == [(ITEM, "docs/olap.md§5.3")]


def test_the_names_before_a_colon_are_the_setting_of_the_figures_after_it() -> None:
    doc = section(
        "3.3 向量扩展\n\n厂商在 5,000 万条 768 维 Cohere 向量、99% 召回下对比 Pinecone 的 s1 索引："
        "p95 延迟低 28 倍，QPS 高 16 倍（厂商口径）。",
        "3.3",
    )
    listed = item(
        "vecscale 又被拿来和 Pinecone 比了\n\n文章引的是厂商公布的对比，5,000 万条 768 维 Cohere "
        "向量、99% 召回，对手是 Pinecone 的 s1 索引：\n\n- p95 延迟：低 11 倍\n- QPS：高 16 倍\n"
    )
    assert conflicts(listed, doc) == [(ITEM, "docs/olap.md§3.3")]
    same = item(listed[3].replace("低 11 倍", "低 28 倍"))
    assert conflicts(same, doc) == []


def test_a_unit_is_no_setting_two_figures_share() -> None:
    doc = section(
        "1.2 Inductor\n\n我们的口径：Torchy v2.9.1、A100 80 GB、GPT-2 small（124M）推理，bf16："
        "默认 mode 比 eager 快 1.42 倍。",
        "1.2",
    )
    other = item(
        "mlx vs Torchy MPS on an M3 Max\n\nOn an M3 Max with 64 GB, training nanoGPT 124M, mlx "
        "sustains 41k tokens/s and Torchy's MPS backend 21.5k tokens/s, so mlx is roughly 1.9x "
        "faster."
    )
    assert conflicts(other, doc) == []
