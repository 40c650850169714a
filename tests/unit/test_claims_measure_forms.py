"""Conflicts written in a form of their own (docs/facts.md, docs/claims.md): a measure with `^`
(`pass^4`), a release date given to the version through `this release`."""

from __future__ import annotations

from briefdesk.core.claims.numbers import Text, number_conflicts

from tests.support.claims import version_conflicts

ITEM = "inbox/a/2026-12-01-0900-digest.md#1"
ITEM2 = "inbox/b/2026-12-01-1000-forum.md#1"
DOC = "docs/code.md"


def item(text: str, ref: str = ITEM) -> Text:
    return (ref, "item", ref.split("#")[0], text)


def section(text: str, sid: str = "2.1") -> Text:
    return (f"{DOC}§{sid}", "living-doc", DOC, text)


def numbers(*texts: Text) -> list[tuple[str, ...]]:
    return [c.refs for c in number_conflicts(list(texts))]


CODE_DOC = (
    "### 2.1 LiveCodeBench\nStarCoder3-15B 在 LiveCodeBench v6 上，每题 5 次采样，"
    "pass^5 为 0.31，pass^1 为 0.52（Docker 沙箱）。"
)


def test_a_pass_hat_k_score_with_another_value_conflicts() -> None:
    # `pass^k` (all k attempts succeed) is a measure as `pass@k` is
    rerun = item("## 复测\n我们用 LiveCodeBench v6 重跑 StarCoder3-15B，每题 5 次，pass^5 = 0.24。")
    assert numbers(rerun, section(CODE_DOC)) == [(ITEM, f"{DOC}§2.1")]


def test_the_same_pass_hat_k_repeated_or_another_k_is_no_conflict() -> None:
    same = item("## 复测\n我们用 LiveCodeBench v6 重跑 StarCoder3-15B，每题 5 次，pass^5 为 0.31。")
    assert numbers(same, section(CODE_DOC)) == []
    other_k = item("## 复测\nStarCoder3-15B 在 LiveCodeBench v6 上 pass^3 为 0.40。")
    assert numbers(other_k, section(CODE_DOC)) == []


# --- a release date given to the version through "this release" (这一版, 该版本, this release)

FORUM = "inbox/a/2026-12-01-2200-forum.md#1"
NOTES = "inbox/b/2026-12-01-1200-release-notes.md#1"


def _dates(texts: list[tuple[str, str]]) -> list[tuple[str, tuple[str, ...]]]:
    return version_conflicts(texts)


DOC_DUCK = ("docs/db.md§3.1", "3.1 DuckDB\nDuckDB v1.5.0 于 2026-11-02 发布，新增 VARIANT 类型。")


def test_a_date_given_to_this_release_is_the_versions_named_before_it() -> None:
    zh = (
        FORUM,
        "读更新日志\n作者读了 DuckDB v1.5.0 的更新日志：这一版于 11/9 发布，主要改了优化器。",
    )
    en = (NOTES, "Changelog\nWe read the DuckDB v1.5.0 changelog: this release shipped on Nov 9.")
    assert _dates([zh, DOC_DUCK]) == [("date", (FORUM, "docs/db.md§3.1"))]
    assert _dates([en, DOC_DUCK]) == [("date", (NOTES, "docs/db.md§3.1"))]
    # the same day is a consistent repetition; the next release's day is another release's
    same = (FORUM, "读更新日志\n作者读了 DuckDB v1.5.0 的更新日志：这一版于 11/2 发布。")
    assert _dates([same, DOC_DUCK]) == []
    later = (FORUM, "读更新日志\n作者读了 DuckDB v1.5.0 的更新日志：下一版于 12/9 发布。")
    assert _dates([later, DOC_DUCK]) == []


# --- a rate named by its verb (`prove rate`, `N/M proved, X%`) and a figure the text denies

PROVER_DOC = (
    "### 2.1 miniF2F\n共 244 题。DeepProver-7B 在 miniF2F-test 上（Lean 4）+ BFS 搜索，每题 32 次"
    "采样，prove rate 58.2%（2026-10-20，项目自报）。"
)


def test_a_rerun_stating_its_own_rate_and_denying_the_others_conflicts() -> None:
    rerun = item(
        "## I re-ran DeepProver-7B on miniF2F: 61.9%, not 58.2%\n"
        "Same setup as the paper: DeepProver-7B with Lean 4 and BFS search, 32 samples per "
        "problem, all 244 miniF2F-test problems. I get 151/244 proved, 61.9%."
    )
    assert numbers(rerun, section(PROVER_DOC)) == [(ITEM, f"{DOC}§2.1")]


def test_a_rerun_with_the_same_rate_or_of_another_model_is_no_conflict() -> None:
    same = item(
        "## I re-ran DeepProver-7B on miniF2F\n"
        "Same setup as the paper: DeepProver-7B with Lean 4 and BFS search, 32 samples per "
        "problem. I get 142/244 proved, 58.2%."
    )
    assert numbers(same, section(PROVER_DOC)) == []
    other = item(
        "## I ran KiminaProver-8B on miniF2F\n"
        "Setup: KiminaProver-8B with Lean 4 and BFS search, 32 samples per problem. "
        "I get 151/244 proved, 61.9%."
    )
    assert numbers(other, section(PROVER_DOC)) == []


TRANSLATE_DOC = (
    "### 2.2 FLORES\nNLLB-3B 在 FLORES-200 上（SacreBLEU，beam 4）BLEU 31.2，chrF++ 为 55.0"
    "（项目自报）。"
)


def test_a_figure_of_a_text_titled_with_another_subject_is_another_setting() -> None:
    # its sentence names only the benchmark and the decoding; its title names what was measured
    other = item("## MADLAD-10B\nFLORES-200 上（SacreBLEU，beam 4）BLEU 28.4。", ITEM2)
    assert numbers(other, section(TRANSLATE_DOC, "2.2")) == []
    own = item("## NLLB-3B\nFLORES-200 上（SacreBLEU，beam 4）BLEU 28.4。", ITEM2)
    assert numbers(own, section(TRANSLATE_DOC, "2.2")) == [(ITEM2, f"{DOC}§2.2")]
    # a living document's heading names what its section groups, not each figure's subject
    grouped = section(
        "### 2.3 MADLAD-10B 与 M2M-100\nFLORES-200 上（SacreBLEU，beam 4）BLEU 31.2。", "2.3"
    )
    rerun = item("## 复测\nNLLB-3B 在 FLORES-200 上（SacreBLEU，beam 4）BLEU 28.4。", ITEM2)
    assert numbers(rerun, grouped) == [(ITEM2, f"{DOC}§2.3")]


def test_a_project_written_joined_or_spaced_is_one_project() -> None:
    # `Isaac Lab` in a forum post and `IsaacLab` in its release notes: one project, one release
    spaced = (
        FORUM,
        "升级 Isaac Lab v2.3.0 踩坑记录\n\nIsaac Lab v2.3.0（11 月 21 日发布）要求 Sim 5.1。",
    )
    notes = (NOTES, "isaac-sim/IsaacLab v2.3.0\n\nReleased 2026-11-25. Requires Sim 5.1.")
    assert _dates([spaced, notes]) == [("date", (FORUM, NOTES))]
    same_day = (FORUM, "升级 Isaac Lab v2.3.0 踩坑记录\n\nIsaac Lab v2.3.0（11 月 25 日发布）。")
    assert _dates([same_day, notes]) == []


# --- a share written as a fraction against the same share in percent

MFU_DOC = (
    "### 2.3 torchrun 与原生栈\n我们的口径：Acme-Train v0.3.0，Llama 3.1 8B，64 张 H100 SXM，"
    "FSDP2，BF16，序列长度 8192：MFU 38.2%，每卡 7,420 tokens/s。"
)
SETUP = (
    "## Rerunning the Acme-Train Llama 3.1 8B config\n\nSetup: Acme-Train v0.3.0, Llama 3.1 8B, "
    "64 H100 SXM, FSDP2, BF16, sequence length 8192. Over steps 100–600 we get an MFU of {}."
)


def test_a_share_written_as_a_fraction_conflicts_with_another_in_percent() -> None:
    # `an MFU of 0.41` is 41%, in the setup written before it: not the section's 38.2%
    assert numbers(item(SETUP.format("0.41")), section(MFU_DOC, "2.3")) == [(ITEM, f"{DOC}§2.3")]
    # the same share as a fraction, or rounded, is no conflict
    for same in ("0.382", "0.38"):
        assert numbers(item(SETUP.format(same)), section(MFU_DOC, "2.3")) == [], same


def test_a_fraction_of_no_share_or_too_coarse_is_not_read_as_percent() -> None:
    # a time in seconds is no share; `0.4` is too coarse to be read as 40%
    doc = section(MFU_DOC.replace("MFU 38.2%", "step time 38.2 s"), "2.3")
    assert numbers(item(SETUP.format("0.41").replace("an MFU of", "a step time of")), doc) == []
    assert numbers(item(SETUP.format("0.4")), section(MFU_DOC, "2.3")) == []


FP8_DOC = (
    "### 2.4 Transformer Engine 与 FP8\nNVIDIA 的口径：GPT-3 175B，512 张 H100，Megatron Core 0.15 "
    "加 TE 2.8，FP8 的 MFU 为 48.3%，BF16 为 39.5%，FP8 高出 8.8 个百分点（NVIDIA 口径）。"
)
FP8_POST = (
    "## FP8 on GPT-3 175B: what it buys\n\nA write-up of the GPT-3 175B recipe on 512 H100 with "
    "Megatron Core 0.15 and TE 2.8: FP8 buys {} of MFU over BF16 in this setup."
)


def test_a_difference_in_points_conflicts_with_another_of_the_same_measure() -> None:
    # `+6 pts of MFU` and `高出 8.8 个百分点` after `MFU` are both differences of MFU in points;
    # before, neither was read as a figure of a measure
    assert numbers(item(FP8_POST.format("+6 pts")), section(FP8_DOC, "2.4")) == [
        (ITEM, f"{DOC}§2.4")
    ]
    # the same difference, in points or percentage points, is no conflict; nor is a share
    for same in ("+8.8 pts", "8.8 percentage points"):
        assert numbers(item(FP8_POST.format(same)), section(FP8_DOC, "2.4")) == [], same
    assert numbers(item(FP8_POST.format("an MFU of 48.3%, and")), section(FP8_DOC, "2.4")) == []


CKPT_DOC = (
    "### 5.1 分布式检查点\nPyTorch 团队的口径：Llama 3.1 70B，256 张 H100，`dcp.async_save` 让训练"
    "被阻塞的时间比同步保存短 6.3 倍（PyTorch 口径）。"
)


def test_a_time_so_many_times_shorter_is_a_speedup() -> None:
    # `短 6.3 倍` of the blocked time and `2.1x faster` are one measure, a speedup, in one setting
    rerun = item(
        "## Async checkpointing is 2.1x faster\n\nWe reproduced the PyTorch team's setting: Llama "
        "3.1 70B on 256 H100, `dcp.async_save` against `dcp.save`; training is blocked 2.1x "
        "shorter."
    )
    assert numbers(rerun, section(CKPT_DOC, "5.1")) == [(ITEM, f"{DOC}§5.1")]
    same = item(rerun[3].replace("2.1x", "6.3x"))
    assert numbers(same, section(CKPT_DOC, "5.1")) == []


DOC_DS = ("docs/train.md§2.2", "2.2 DeepSpeed\nDeepSpeed 稳定版 v0.18.2（2026-10-28）。")


def test_a_release_dated_by_a_part_of_its_month_conflicts_with_a_day_outside_it() -> None:
    # `10 月中旬` (mid-October) cannot be the 28th; before, no date was read at all
    zh = (FORUM, "70B 能微调吗\n答主用 DeepSpeed 0.18.2（10 月中旬发的）做 ZeRO-3 加 CPU offload。")
    en = (NOTES, "ZeRO-3 notes\nWe used DeepSpeed v0.18.2, released mid-October, with CPU offload.")
    assert _dates([zh, DOC_DS]) == [("date", (FORUM, "docs/train.md§2.2"))]
    assert _dates([en, DOC_DS]) == [("date", (NOTES, "docs/train.md§2.2"))]
    # the part of the month holding the day, or a neighbouring one (writers round), agrees
    for said in ("10 月下旬发的", "2026年10月下旬发布", "10月底发布"):
        late = (FORUM, f"70B 能微调吗\n答主用 DeepSpeed 0.18.2（{said}）做 ZeRO-3。")
        assert _dates([late, DOC_DS]) == [], said
    assert _dates([(NOTES, en[1].replace("mid-October", "late October")), DOC_DS]) == []


PROXY_DOC = (
    "### 1.3 kube-proxy\n我们的口径：Kubernetes v1.37.2，50 个 c3-standard-8 节点，10,000 个 "
    "Service：nftables 模式同步规则比 iptables 快十倍左右。"
)


def test_an_english_plural_in_one_setting_is_the_others_singular() -> None:
    # `10,000 Services` and `10,000 个 Service` are one setting; before, the plural parted them
    rerun = item(
        "## kube-proxy nftables\n\nOn Kubernetes v1.37.2, 50 c3-standard-8 nodes and 10,000 "
        "Services, kube-proxy's nftables mode syncs rules only about 4x faster than iptables."
    )
    assert numbers(rerun, section(PROXY_DOC, "1.3")) == [(ITEM, f"{DOC}§1.3")]
    same = item(rerun[3].replace("about 4x", "about 10x"))
    assert numbers(same, section(PROXY_DOC, "1.3")) == []
