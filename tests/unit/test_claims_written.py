"""Claims written as people write them when nobody told them what the matcher reads
(docs/claims.md, docs/facts.md): a project named in plain lowercase letters inside Chinese prose,
a measure of two words (`win rate`), one list copied from one named source. Each rule with the
near misses it must not report, in Chinese, English and both."""

from __future__ import annotations

from briefdesk.core.claims.extract import extract as claims_of
from briefdesk.core.claims.extract import heading_name
from briefdesk.core.claims.named import named_source_conflicts
from briefdesk.core.claims.numbers import Text, number_conflicts

from tests.support.claims import version_conflicts

THREAD = "inbox/a/2026-12-01-2200-forum.md#1"
DIGEST = "inbox/b/2026-12-01-1200-digest.md#1"
DOC = "docs/web.md"
DAYS = {ref.split("#")[0]: "2026-12-01" for ref in (THREAD, DIGEST)}


def conflicts(texts: list[tuple[str, str]]) -> list[tuple[str, tuple[str, ...]]]:
    """(ref, text) → the version and date conflicts found; a text's first line is its title."""
    return version_conflicts(texts, DAYS)


# --- a project in lowercase letters: a name in Chinese prose, a common word in English prose

ROUTING = (
    f"{DOC}§3.2",
    "3.2 vite 与 Rollup\n"
    "vite 稳定版为 v7.1.0（2026-10-20），开发服务器基于原生 ESM。"
    "esbuild（evanw/esbuild）当前版本 v0.25.3（2026-10-02），负责依赖预构建。",
)


def test_a_lowercase_name_in_chinese_prose_is_a_project() -> None:
    [vite, esbuild] = claims_of(ROUTING[1], ROUTING[1].split("\n", 1)[0])
    # the name before the role word, and the name before an aside in brackets
    assert (vite.key, vite.version, vite.current, vite.date) == (
        "vite",
        "v7.1.0",
        True,
        "2026-10-20",
    )
    assert (esbuild.key, esbuild.version, esbuild.date) == ("esbuild", "v0.25.3", "2026-10-02")
    # a heading that opens with one names it
    assert heading_name("pnpm 当前稳定版 v10.2.1，要不要升级？") == "pnpm"


def test_a_lowercase_name_in_chinese_prose_takes_part_in_conflicts() -> None:
    old = (THREAD, "vite 当前稳定版 v6.3.5，要不要升级？\n楼主说 `vite@6.3.5` 是当前稳定版。")
    assert conflicts([old, ROUTING]) == [("version-line", (THREAD, f"{DOC}§3.2"))]
    dated = (DIGEST, "esbuild 新版速览\n作者称 esbuild v0.25.3 于 10/9 发布，修复了 CSS 嵌套。")
    assert conflicts([dated, ROUTING]) == [("date", (DIGEST, f"{DOC}§3.2"))]


def test_the_same_lowercase_claims_repeated_or_in_english_prose_are_no_conflict() -> None:
    same = (DIGEST, "前端周报\nvite 稳定版 v7.1.0（10/20）；esbuild 当前版本 v0.25.3（10/2）。")
    assert conflicts([same, ROUTING]) == []
    # an aside under another project's heading is not that project's: esbuild's line is its own
    other_line = (THREAD, "构建工具表\nRollup 最新版 v4.52.0（11/2），主打 tree-shaking。")
    assert conflicts([other_line, ROUTING]) == []
    # in English prose a lowercase word before a version is a common word, no project
    english = (THREAD, "Upgrade notes\nWe are still v6.3.5 here, the current build for us.")
    assert [s.key for s in claims_of(english[1], "Upgrade notes")] == []


# --- number: a measure written in two words (`win rate`, `refusal rate`)


def text(ref: str, body: str) -> Text:
    origin = "item" if ref.startswith("inbox/") else "living-doc"
    return (ref, origin, ref.split("#")[0].split("§")[0], body)


def numbers(*texts: Text) -> list[tuple[str, ...]]:
    return [c.refs for c in number_conflicts(list(texts))]


KTO_DOC = f"{DOC}§4.1"
KTO = (
    "从 Mistral-7B-Instruct 出发，在 HH-RLHF 上做 KTO，β=0.1、3 个 epoch，"
    "MT-Bench-101 的 win rate 为 {}。"
)


def test_a_measure_in_two_words_conflicts_in_one_setting() -> None:
    zh = text(THREAD, "## KTO 复现\n" + KTO.format("61.5%"))
    doc = text(
        KTO_DOC,
        "4.1 KTO\nMistral-7B-Instruct 经 KTO（HH-RLHF，β=0.1）：MT-Bench-101 win rate 57.0%。",
    )
    assert numbers(zh, doc) == [(THREAD, KTO_DOC)]
    en = text(
        DIGEST, "## Safety\nOn XSTest, Phi-4-mini with SafeDecoding had a refusal rate of 12.4%."
    )
    en_doc = text(
        f"{DOC}§6.2", "6.2 Safety\nPhi-4-mini with SafeDecoding: refusal rate 8.9% on XSTest."
    )
    assert numbers(en, en_doc) == [(DIGEST, f"{DOC}§6.2")]


def test_a_two_word_measure_repeated_of_another_model_or_another_measure_is_no_conflict() -> None:
    doc = text(
        KTO_DOC,
        "4.1 KTO\nMistral-7B-Instruct 经 KTO（HH-RLHF，β=0.1）：MT-Bench-101 win rate 61.5%。",
    )
    assert numbers(text(THREAD, "## KTO 复现\n" + KTO.format("61.5%")), doc) == []
    other = "从 Gemma-2-9B-it 出发，在 HH-RLHF 上做 KTO，MT-Bench-101 的 win rate 为 57.0%。"
    assert numbers(text(THREAD, "## KTO\n" + other), doc) == []
    pass_rate = KTO.format("57.0%").replace("win rate", "pass rate")
    assert numbers(text(THREAD, "## KTO\n" + pass_rate), doc) == []


# --- single-source: the same list of names, in the same order, from one named source

RANKED_ZH = (
    "## 发行版跑分\n据 Phoronix 报道，按跑分排序：① Fedora-42；② Ubuntu-25.10；"
    "③ openSUSE-Tumbleweed；④ Debian-13。"
)
RANKED_EN = (
    "## Distro benchmarks\nPer the Phoronix report, the ranking is Fedora-42, Ubuntu-25.10, "
    "openSUSE-Tumbleweed and Debian-13, with Fedora ahead on most tests."
)


def sourced(*texts: Text) -> list[tuple[str, ...]]:
    return [(c.source or "", *c.refs) for c in named_source_conflicts(list(texts))]


def test_one_list_copied_from_one_named_source_is_one_source() -> None:
    got = sourced(text(THREAD, RANKED_ZH), text(DIGEST, RANKED_EN))
    assert got == [("Phoronix", THREAD, DIGEST)]


def test_another_order_another_source_or_no_source_is_no_finding() -> None:
    reordered = RANKED_EN.replace("Fedora-42, Ubuntu-25.10", "Debian-13, Ubuntu-25.10").replace(
        "and Debian-13", "and Fedora-42"
    )
    assert sourced(text(THREAD, RANKED_ZH), text(DIGEST, reordered)) == []
    other = RANKED_EN.replace("Per the Phoronix report", "Per the LWN report")
    assert sourced(text(THREAD, RANKED_ZH), text(DIGEST, other)) == []
    unsourced = RANKED_EN.replace("Per the Phoronix report, the", "The")
    assert sourced(text(THREAD, RANKED_ZH), text(DIGEST, unsourced)) == []


# --- single-source: a one-digit count (`3 个配置`, `①`) is no figure of the story

DECK_ZH = (
    "## Steam Deck 2\n据 Valve 官方博客，Steam Deck 2 续航 9.5 小时，售价 549 美元，"
    "共 3 个配置、7 种配色。"
)
DECK_EN = (
    "## Deck news\nPer the Valve blog, Steam Deck 2 lasts 9.5 hours and costs $549, in 3 "
    "configurations and 7 colours."
)
MARKET = "inbox/c/2026-12-01-1500-market.md#1"


def test_one_digit_counts_in_another_sourced_text_are_no_corroboration() -> None:
    counts = text(MARKET, "## Handhelds\nAccording to the IGN report, 3 big makers and 7 small.")
    got = sourced(text(THREAD, DECK_ZH), text(DIGEST, DECK_EN), counts)
    assert got == [("Valve", THREAD, DIGEST)]


def test_the_storys_own_figures_from_another_source_still_corroborate_it() -> None:
    again = text(
        MARKET, "## Handhelds\nAccording to the IGN report, the Deck 2 runs 9.5 hours, $549."
    )
    assert sourced(text(THREAD, DECK_ZH), text(DIGEST, DECK_EN), again) == []
    # one-digit counts alone are no story: two texts sharing only them are no finding
    small = DECK_EN.replace("9.5 hours and costs $549", "longer and costs more")
    assert sourced(text(THREAD, DECK_ZH), text(DIGEST, small)) == []


# --- number: a time per unit, the setting written before a result, a figure quoted from others

EPOCH_DOC = text(
    f"{DOC}§7.1",
    "7.1 训练口径\nResNet-50 在 ImageNet-1k 上训练，8×V100、DALI 读数据、混合精度：每轮约 420 秒。",
)
SETUP = "## Slow epochs?\nSetup: ResNet-50 on ImageNet-1k, 8×V100, DALI loader, mixed precision. "


def test_a_time_per_unit_after_its_setup_conflicts_with_the_same_time_in_chinese() -> None:
    measured = text(THREAD, SETUP + "I measured about 510 s per epoch, data loading included.")
    assert numbers(measured, EPOCH_DOC) == [(THREAD, f"{DOC}§7.1")]
    # `s/epoch` is the same measure
    slashed = text(THREAD, SETUP.replace("DALI loader, ", "DALI loader, 510 s/epoch, "))
    assert numbers(slashed, EPOCH_DOC) == [(THREAD, f"{DOC}§7.1")]


def test_a_figure_quoted_from_others_does_not_cancel_the_conflict() -> None:
    quoting = text(
        THREAD, SETUP + "I measured about 510 s per epoch. The README claims 420 s for this setup."
    )
    assert numbers(quoting, EPOCH_DOC) == [(THREAD, f"{DOC}§7.1")]


def test_the_same_time_another_unit_another_model_or_both_values_are_no_conflict() -> None:
    same = text(THREAD, SETUP + "I measured about 420 s per epoch.")
    assert numbers(same, EPOCH_DOC) == []
    per_step = text(THREAD, SETUP + "I measured about 0.5 s per step.")
    assert numbers(per_step, EPOCH_DOC) == []
    other = text(THREAD, SETUP.replace("ResNet-50", "ViT-B-16") + "I measured 510 s per epoch.")
    assert numbers(other, EPOCH_DOC) == []
    # a text that states both values as its own (before and after) is no conflict
    both = text(THREAD, SETUP + "Epochs went from 510 s per epoch to 420 s per epoch.")
    assert numbers(both, EPOCH_DOC) == []


def test_a_bare_count_or_an_unmeasured_figure_takes_no_setting_from_before() -> None:
    doc = text(
        f"{DOC}§7.1",
        "7.1 训练口径\nResNet-50 在 ImageNet-1k 上训练，8×V100、DALI 读数据、混合精度："
        "batch size 512。",
    )
    count = text(THREAD, SETUP + "Then batch size 256.")
    assert numbers(count, doc) == []
    unmeasured = text(THREAD, SETUP + "在生产环境里，排队恶化 33%。")
    doc2 = text(f"{DOC}§7.2", "7.2 排队\nResNet-50 在 ImageNet-1k 上，8×V100、DALI：排队恶化 12%。")
    assert numbers(unmeasured, doc2) == []
