"""Number conflicts of scores written the way benchmarks write them (docs/claims.md, number
reading): a metric that is a name (`Pearson r 0.48`, `0.48 Pearson`), a score no word names under
a list's lead, a threshold inside a criterion, a figure the text attributes to a source or says
it relays, a list line's own subject. Each case has its consistent or decoy twin."""

from __future__ import annotations

from briefdesk.core.claims.numbers import Text, number_conflicts
from briefdesk.core.facts.extract import extract

ITEM = "inbox/a/2026-12-01-0900-forum.md#1"


def item(text: str) -> Text:
    return (ITEM, "item", ITEM.split("#")[0], text)


def section(text: str, sid: str) -> Text:
    return (f"docs/sci.md§{sid}", "living-doc", "docs/sci.md", text)


def conflicts(*texts: Text) -> list[tuple[str, ...]]:
    return [c.refs for c in number_conflicts(list(texts), "en")]


AFFINITY = section(
    "3.2 结合亲和力：FEP 与 Kestrel-3 的亲和力头\n"
    "Kestrel-3：在 FEP+ 基准的 OpenFE 子集（876 个配体）上 Pearson r 0.62（作者自述）。",
    "3.2",
)
FOUND = [(ITEM, "docs/sci.md§3.2")]


def test_a_metric_name_before_or_after_the_figure_names_its_measure() -> None:
    before = item(
        "r/comp_chem: Kestrel-3 on the OpenFE subset of FEP+\n\n"
        "I re-ran Kestrel-3 on the OpenFE subset of FEP+ and get a Pearson r of 0.48."
    )
    after = item(
        "r/comp_chem: Kestrel-3 on the OpenFE subset of FEP+\n\n"
        "Kestrel-3 reaches 0.48 Pearson on the OpenFE subset of FEP+ in my run."
    )
    assert conflicts(before, AFFINITY) == FOUND
    assert conflicts(after, AFFINITY) == FOUND


def test_a_number_after_a_metric_name_is_its_score_not_a_release() -> None:
    title = "r/comp_chem: Kestrel-3 affinity on the OpenFE subset of FEP+ gives me Pearson 0.48"
    facts = extract(title + "\n\nSetup: default sampling, all 876 ligands.")
    assert not [f for f in facts if f.kind == "version"]
    assert next(f.value for f in facts if f.kind == "quantity") == "0.48"
    assert conflicts(item(title), AFFINITY) == FOUND
    same = "r/comp_chem: Kestrel-3 affinity on the OpenFE subset of FEP+ gives me Pearson 0.62"
    assert conflicts(item(same), AFFINITY) == []


def test_the_sources_figure_set_against_ones_own_does_not_cancel_it() -> None:
    against = item(
        "r/comp_chem: Kestrel-3 on the OpenFE subset of FEP+\n\n"
        "On the OpenFE subset of FEP+ Kestrel-3 gives me a Pearson r of 0.48 against the "
        "paper's 0.62."
    )
    assert conflicts(against, AFFINITY) == FOUND


def test_a_figure_only_attributed_or_relayed_is_no_statement_of_the_item() -> None:
    own = (
        "r/comp_chem: Kestrel-3 on FEP+\n\n"
        "I measured a Pearson r of 0.55 on the OpenFE subset of FEP+."
    )
    assert conflicts(item(own), AFFINITY) == FOUND
    attributed = (
        "r/comp_chem: Kestrel-3 on FEP+\n\n"
        "Nobody has reproduced the paper's Pearson r of 0.55 on the OpenFE subset of FEP+ yet."
    )
    assert conflicts(item(attributed), AFFINITY) == []
    relayed = (
        "Kestrel-3 装机教程\n\n教程跑通了 Kestrel-3。作者转述官方数字：FEP+ 基准的 OpenFE "
        "子集上亲和力 Pearson r 0.55。"
    )
    assert conflicts(item(relayed), AFFINITY) == []
    told = relayed.replace("作者转述官方数字：", "作者自己测得：")
    assert conflicts(item(told), AFFINITY) == FOUND


LEADERBOARD = section(
    "4.3 Crystalbench 与口径\nCrystalbench：主指标 F1。\n\n"
    "rare split 上（排行榜，2026-11-15 查看）：\n\n"
    "- Quartz-9M：F1 0.925（非 compliant）；\n"
    "- Garnet-v3：F1 0.89（非 compliant）；\n"
    "- Basalt-2：F1 0.67（compliant）。",
    "4.3",
)


def test_a_list_line_is_of_the_model_it_opens_with_not_the_lists_first() -> None:
    # `Garnet-v3` opening a title after a forum's label is a name: no English word has a digit
    rerun = item(
        "r/MachineLearning: Garnet-v3 on Crystalbench, F1 0.84 on the rare split\n\n"
        "I re-ran garnet-v3-large on Crystalbench with the official scripts. My F1 is 0.84."
    )
    assert conflicts(rerun, LEADERBOARD) == [(ITEM, "docs/sci.md§4.3")]
    same = item("r/MachineLearning: Garnet-v3 on Crystalbench, F1 0.89 on the rare split")
    assert conflicts(same, LEADERBOARD) == []
    unlisted = item("r/MachineLearning: Jade-1 on Crystalbench, F1 0.70 on the rare split")
    assert conflicts(unlisted, LEADERBOARD) == []


DOCKING = section(
    "1.4 Dockbench 评测\nDockbench v2 成功率（不给口袋，top-1，RMSD < 2 Å 且 PB-valid）：\n\n"
    "- Fold-X：80.5%（作者自述）；\n- Fold-Y：74.2%（作者自述）。",
    "1.4",
)


def test_a_threshold_in_the_criterion_is_no_measure_of_the_rate() -> None:
    rerun = (
        "对象二：Fold-X 在 Dockbench 上的复测\n\n复测报告：Fold-X、不给口袋、top-1，"
        "判据为配体 RMSD < 2 Å 且 PB-valid。Dockbench v2 成功率 {}。"
    )
    assert conflicts(item(rerun.format("72.7%")), DOCKING) == [(ITEM, "docs/sci.md§1.4")]
    assert conflicts(item(rerun.format("80.5%")), DOCKING) == []


VIDEO = section(
    "2.1 Vidbench\nVidbench Total 分数（官方榜单）：\n\n- Lumen-2：86.22%；\n- Flicker-1：84.10%。",
    "2.1",
)


def test_a_score_no_word_names_under_a_lead_is_the_benchmarks_score() -> None:
    zh = item("Lumen-2 复测\n\n我们在 Vidbench 上复测 Lumen-2，Total 测得 83.5%。")
    en = item("Lumen-2 rerun\n\nWe re-ran Lumen-2 on Vidbench: Total 83.5%.")
    assert conflicts(zh, VIDEO) == [(ITEM, "docs/sci.md§2.1")]
    assert conflicts(en, VIDEO) == [(ITEM, "docs/sci.md§2.1")]
    same = item("Lumen-2 复测\n\n我们在 Vidbench 上复测 Lumen-2，Total 测得 86.22%。")
    assert conflicts(same, VIDEO) == []


def test_a_share_that_changes_something_is_no_score() -> None:
    zh = item("Lumen-2 复测\n\n我们在 Vidbench 上复测 Lumen-2，推理成本降低 45% 以上。")
    en = item("Lumen-2 rerun\n\nOn Vidbench Lumen-2 runs at 45% lower cost.")
    assert conflicts(zh, VIDEO) == []
    assert conflicts(en, VIDEO) == []


def zh_conflicts(*texts: Text) -> list[tuple[str, ...]]:
    return [c.refs for c in number_conflicts(list(texts), "zh")]


OTHER = "inbox/b/2026-12-01-1000-wechat.md#1"
GEMM = section(
    "3.1 Tessel\nTessel 稳定版 v2.4.0。\n\n我们的口径（2026-11-10）：Tessel v2.4.0、H100 SXM、FP16 "
    "GEMM、M=N=K=8192、tutorial kernel：720 TFLOPS；同尺寸 cuBLAS 760 TFLOPS。",
    "3.1",
)
TABLE = (
    "Re-running the tutorial matmul on H100\n\n"
    "I re-ran the tutorial kernel with the setup people quote: Tessel v2.4.0, H100 SXM, FP16 "
    "inputs.\n\n| shape (M=N=K) | Tessel v2.4.0 | cuBLAS |\n|---|---|---|\n"
    "| 4096 | 655 TFLOPS | 701 TFLOPS |\n| 8192 | {} TFLOPS | 760 TFLOPS |\n\nThat is all."
)


def test_a_table_cell_is_of_its_column_its_row_and_the_setup_before_it() -> None:
    # (`Tessel v2.4.0` opening a clause or a cell is a name: a release follows it)
    # 702 is the 8192 row's Tessel figure: against the section's 720 at M=N=K=8192; the 4096
    # row's 655 is another shape's, the cuBLAS column's 760 agrees
    assert zh_conflicts(item(TABLE.format(702)), GEMM) == [(ITEM, "docs/sci.md§3.1")]
    assert zh_conflicts(item(TABLE.format(720)), GEMM) == []
    # a sentence that names no row's value is of no row: FlashAttention at 610 is not the 8192 one
    other = (
        OTHER,
        "item",
        OTHER.split("#")[0],
        "不改 kernel 代码，让 Tessel 自动做 warp 特化\n\n一篇论文解读：H100 上 FlashAttention 前向"
        "（FP16、head dim 128）跑到 610 TFLOPS，是原版 Tessel 的 1.21 倍。",
    )
    assert zh_conflicts(item(TABLE.format(720)), other) == []


COMPILE = section(
    "6.1 编译耗时\n我们的口径（2026-11-14）：Torchy v2.9.1、单张 H100、Llama-3.1-8B 推理、默认 "
    "mode：冷编译 94 秒；缓存命中后 11 秒。",
    "6.1",
)


def test_a_verb_of_spending_before_the_figure_is_no_part_of_its_measure() -> None:
    rerun = (
        "冷启动要多久？\n\n我在单张 H100 上用 Torchy v2.9.1 对 Llama-3.1-8B 推理做编译"
        "（默认 mode），清空缓存后冷编译用了 {} 秒；第二次只要 11 秒。"
    )
    assert zh_conflicts(item(rerun.format(136)), COMPILE) == [(ITEM, "docs/sci.md§6.1")]
    assert zh_conflicts(item(rerun.format(94)), COMPILE) == []


PHONE = section(
    "1.3 部署\n我们的口径（2026-11-12）：Llama-3.2-1B、iPhone 15 Pro、XNNPACK 后端、4-bit 权重："
    "解码 48 token/s，首 token 延迟 0.31 秒。",
    "1.3",
)


def test_a_list_line_in_a_unit_takes_its_leads_setting() -> None:
    # `token/s` is a rate of tokens as `tok/s` is
    listed = (
        "在 iPhone 上跑 Llama：新数字\n\n据分享，Llama-3.2-1B、iPhone 15 Pro、XNNPACK 后端、4-bit "
        "权重的实测：\n\n- 解码：{} token/s\n- 首 token 延迟：0.31 秒\n"
    )
    assert zh_conflicts(item(listed.format(62)), PHONE) == [(ITEM, "docs/sci.md§1.3")]
    assert zh_conflicts(item(listed.format(48)), PHONE) == []


MFU = section(
    "1.4 分布式\nTitan 的口径：Llama-3.1-70B、64×H100、FSDP2、Float8 线性层：MFU 43.2%；"
    "Llama-3.1-8B、8×H100、bf16、FSDP2：MFU 39.0%（作者自述）。",
    "1.4",
)


def test_a_figure_written_with_a_decimal_is_no_rounding_of_another() -> None:
    # `39.0%` is stored as `39%`, but written with a decimal it does not state 38.5% rounded
    rerun = (
        "对象二：第三方复测\n\n复测报告：Titan 的配置，Llama-3.1-70B、64×H100、FSDP2、"
        "Float8 线性层，实测 {} MFU；同一报告里 Llama-3.1-8B、8×H100、bf16 的复测为 39.0%，"
        "与官方一致。"
    )
    assert zh_conflicts(item(rerun.format("38.5%")), MFU) == [(ITEM, "docs/sci.md§1.4")]
    assert zh_conflicts(item(rerun.format("43.2%")), MFU) == []


ENGINES = section(
    "5.1 Ortex 与 TensorRT\nOrtex 稳定版 v1.23.2。\n\n我们的口径（2026-11-06）：BERT-base、"
    "seq 128、batch 32、L4、FP16：TensorRT 10.14.1 每批 3.9 ms；Ortex v1.23.2 的 CUDA EP "
    "每批 6.2 ms。",
    "5.1",
)


def test_a_clause_opening_with_a_release_names_its_figures_subject() -> None:
    # 3.9 ms is TensorRT 10.14.1's own, not Ortex's (the heading's) through its TensorRT provider;
    # `Ortex 1.23.2` opening the title is the item's subject, though only capitalised
    through = item(
        "Ortex 1.23.2 with the TensorRT execution provider on L4\n\nWith the cache working: "
        "BERT-base, seq 128, batch 32, FP16 on an L4 runs at 4.4 ms per batch through the "
        "TensorRT EP."
    )
    assert zh_conflicts(through, ENGINES) == []
    native = item(
        "TensorRT 10.14.1 on L4\n\nBERT-base, seq 128, batch 32, FP16 on an L4: TensorRT 10.14.1 "
        "runs at 4.4 ms per batch."
    )
    assert zh_conflicts(native, ENGINES) == [(ITEM, "docs/sci.md§5.1")]


WIDOWX = section(
    "4.2 Simbench\nWidowX 四任务上（每个任务 24 回合）：Grasp-7 的平均成功率为 40.1%（社区复现）。",
    "4.2",
)


def test_a_success_rate_written_after_its_figure_is_one() -> None:
    after = (
        "Notes on Simbench\n\nOn the four WidowX tasks of Simbench, Grasp-7 scores {} average "
        "success."
    )
    assert conflicts(item(after.format("29.1%")), WIDOWX) == [(ITEM, "docs/sci.md§4.2")]
    assert conflicts(item(after.format("40.1%")), WIDOWX) == []


SERIES = section(
    "4.2 Simbench\nWidowX 四任务平均成功率：SpatialVLA 42.7%；Grasp-7（社区复现）40.1%；Octo-Base "
    "16.0%。",
    "4.2",
)


def test_a_series_member_is_of_its_name_and_measured_by_its_lead() -> None:
    # `平均成功率：A 42.7%；B 40.1%；C 16.0%`: each member is its name's success rate on WidowX
    rerun = "Notes on Simbench\n\nOn the four WidowX tasks, Grasp-7 scores {} average success."
    assert conflicts(item(rerun.format("29.1%")), SERIES) == [(ITEM, "docs/sci.md§4.2")]
    assert conflicts(item(rerun.format("40.1%")), SERIES) == []
    other = "Notes on Simbench\n\nOn the four WidowX tasks, Jade-1 scores 29.1% average success."
    assert conflicts(item(other), SERIES) == []


FA = section(
    "2.1 Kernels\n\nFlare-4（Blackwell）：稳定版 v4.0.2。作者给出的数字：B200、BF16 前向、head "
    "dim 128：1,605 TFLOPS（作者自述）。",
    "2.1",
)


def test_a_sentence_going_on_after_its_figure_is_no_series() -> None:
    # the part after `；` is prose: the item's subject stays its title's (`Flare-4`)
    rerun = item(
        "对象二：Flare-4 在 B200 上的复测\n\n复测博客：Flare-4 v4.0.2、B200、BF16 前向、head dim "
        "128，测得 1,390 TFLOPS；博客认为功耗墙设在 1,000 W 而不是 1,200 W。"
    )
    assert zh_conflicts(rerun, FA) == [(ITEM, "docs/sci.md§2.1")]


def test_a_name_touching_chinese_is_written_a_name_inside_a_longer_word_is_not() -> None:
    # one test for the number reader's headings, table headers, series leads and row keys
    from briefdesk.core.claims.context import in_words

    assert in_words("libero", "在libero上的成功率")
    assert in_words("8192", "m=n=k=8192、fp16")
    assert in_words("libero", "libero-long")  # a hyphen parts words: `libero` is written
    assert not in_words("8192", "81920 tokens")
    assert not in_words("orb", "orb2 上")
