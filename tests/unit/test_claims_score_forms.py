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
