"""Claims on material written without reading the matcher (docs/claims.md, docs/facts.md): a
setting written as a figure (`128K`, `5-shot`), a stale "newest", an alias, a named source.
Small texts in Chinese, English and both; each rule with the near misses it must not report."""

from __future__ import annotations

from briefdesk.core.claims.collect import material_day, one_name, plain_names
from briefdesk.core.claims.conflicts import find_conflicts
from briefdesk.core.claims.extract import extract as claims_of
from briefdesk.core.claims.named import named_source_conflicts
from briefdesk.core.claims.numbers import Text, number_conflicts
from briefdesk.core.claims.types import Claim
from briefdesk.core.model.values import Material

ITEM = "inbox/a/2026-12-01-0900-digest.md#1"
ITEM2 = "inbox/b/2026-12-01-1000-forum.md#1"
DOC = "docs/eval.md"


def item(text: str, ref: str = ITEM) -> Text:
    return (ref, "item", ref.split("#")[0], text)


def section(text: str, sid: str = "5.1") -> Text:
    return (f"{DOC}§{sid}", "living-doc", DOC, text)


def numbers(*texts: Text) -> list[tuple[str, ...]]:
    return [c.refs for c in number_conflicts(list(texts))]


# --- number: a benchmark score with no measure word, compared in its context length or shots

ZH_DOC = "### 5.1 RULER\nQwen3-32B 在 RULER 128K 上为 62.4，有效上下文长度 32K（bf16，vLLM 后端）。"


def test_a_score_in_the_same_context_length_with_another_value_conflicts_zh() -> None:
    texts = [item("## RULER 复测：Qwen3-32B 在 128K 上 70.1\n作者重测。"), section(ZH_DOC)]
    assert numbers(*texts) == [(ITEM, f"{DOC}§5.1")]
    # the draft names the setting, the context length among it, and both figures
    draft = number_conflicts(texts)[0].text
    assert draft.startswith("数字不一致（同一设置：128k、qwen3-32b、ruler）")
    assert "记 70.1" in draft and "记 62.4" in draft


def test_the_same_score_repeated_is_no_conflict() -> None:
    assert numbers(item("## 复测\nQwen3-32B 在 RULER 128K 上为 62.4。"), section(ZH_DOC)) == []


def test_another_context_length_or_model_size_is_another_setting() -> None:
    assert numbers(item("## 复测\nQwen3-32B 在 RULER 64K 上为 70.1。"), section(ZH_DOC)) == []
    assert numbers(item("## 复测\nQwen3-8B 在 RULER 128K 上为 55.0。"), section(ZH_DOC)) == []


EN_REPORT = (
    "## The Herd\nLlama-5-70B-Instruct scores 81.3 on MMLU-Pro (5-shot CoT) and 61.2 on "
    "GPQA Diamond (0-shot CoT)."
)


def test_a_rerun_in_the_same_shots_with_another_score_conflicts_en() -> None:
    rerun = item(
        "## Our rerun\nA user reran Llama-5-70B-Instruct on MMLU-Pro, 5-shot CoT, vLLM backend,"
        " and got 78.9.",
        ITEM2,
    )
    assert numbers(item(EN_REPORT), rerun) == [(ITEM, ITEM2)]


def test_a_figure_in_other_shots_or_of_the_other_benchmark_of_a_sentence_is_no_conflict() -> None:
    zero_shot = item(
        "## Rerun\nA user reran Llama-5-70B-Instruct on MMLU-Pro, 0-shot CoT, and got 78.9.", ITEM2
    )
    assert numbers(item(EN_REPORT), zero_shot) == []
    # mixed: the Chinese note repeats the GPQA figure; MMLU-Pro's 81.3 is not GPQA's
    note = item("## Llama 5\nLlama-5-70B-Instruct 在 GPQA Diamond 上为 61.2（0-shot CoT）。", ITEM2)
    assert numbers(item(EN_REPORT), note) == []


# --- version-line: a stale "newest", and a project under its package name


ROUNDUP = "inbox/a/2026-12-01-1030-reposts.md#5"
RELEASE = "inbox/b/2026-12-01-1400-digest.md#1"


def conflicts(
    texts: list[tuple[str, str, str]], as_of: dict[str, str] | None = None
) -> list[tuple[str, tuple[str, ...]]]:
    """(ref, heading, text) → the conflicts found, as scan finds them (one name per project)."""
    claims: list[Claim] = []
    for ref, heading, text in texts:
        origin = "item" if ref.startswith("inbox/") else "living-doc"
        doc = ref.split("#")[0].split("§")[0]
        claims += [
            Claim(**s.model_dump(), ref=ref, origin=origin, doc=doc)
            for s in claims_of(text, heading)
        ]
    claims = one_name(plain_names(claims), [(ref, text) for ref, _, text in texts])
    order = [ref for ref, _, _ in texts]
    found = find_conflicts(claims, lambda r: (0, order.index(r)), "zh", as_of or {})
    return [(c.kind, c.refs) for c in found]


STALE_ZH = (
    "评测工具版本速览",
    "一张图汇总主流评测框架的最新版：lm-evaluation-harness v0.4.9（9/23）、"
    "OpenCompass 0.4.2（10/15）。",
)
NEW_EN = (
    "lm-evaluation-harness v0.5.0 is out",
    "EleutherAI tagged v0.5.0 of lm-evaluation-harness on 2026-11-27, the first minor release"
    " since v0.4.9.",
)
DAYS = {ROUNDUP.split("#")[0]: "2026-12-01", RELEASE.split("#")[0]: "2026-12-01"}


def test_a_newest_older_than_a_later_dated_release_of_a_later_line_is_stale() -> None:
    found = conflicts([(ROUNDUP, *STALE_ZH), (RELEASE, *NEW_EN)], DAYS)
    assert found == [("version-line", (ROUNDUP, RELEASE))]


def test_a_newest_stated_before_the_release_or_of_the_same_line_is_not_stale() -> None:
    # the roundup speaks for a day before the release: it was right then
    early = {**DAYS, ROUNDUP.split("#")[0]: "2026-11-20"}
    assert conflicts([(ROUNDUP, *STALE_ZH), (RELEASE, *NEW_EN)], early) == []
    # a pre-release of the next line is no release
    rc = ("v0.5.0rc1", "EleutherAI tagged v0.5.0rc1 of lm-evaluation-harness on 2026-11-27.")
    assert conflicts([(ROUNDUP, *STALE_ZH), (RELEASE, *rc)], DAYS) == []
    # no day known for the text: nothing said of it
    assert conflicts([(ROUNDUP, *STALE_ZH), (RELEASE, *NEW_EN)]) == []


def test_a_newest_as_of_a_day_before_the_release_is_not_stale() -> None:
    dated = ("速览", "截至 2026-11-20 的最新版：lm-evaluation-harness v0.4.9（9/23）。")
    assert conflicts([(ROUNDUP, *dated), (RELEASE, *NEW_EN)], DAYS) == []
    later = ("速览", "截至 2026-11-30 的最新版：lm-evaluation-harness v0.4.9（9/23）。")
    assert conflicts([(ROUNDUP, *later), (RELEASE, *NEW_EN)], DAYS) == [
        ("version-line", (ROUNDUP, RELEASE))
    ]


def test_a_pre_release_outdates_no_newest() -> None:
    rc = ("v0.5.0rc1", "EleutherAI tagged v0.5.0rc1 of lm-evaluation-harness on 2026-11-27.")
    assert conflicts([(ROUNDUP, *STALE_ZH), (RELEASE, *rc)], DAYS) == []


def test_a_material_speaks_for_its_date_else_the_day_its_file_name_starts_with() -> None:
    def material(path: str, front: dict[str, object]) -> Material:
        return Material.model_validate(
            {
                "path": path,
                "sha256": "0",
                "front_matter": front,
                "title": "t",
                "evidence": "unknown",
                "items": (),
            }
        )

    assert material_day(material("inbox/a/x.md", {"date": "2026-12-01"})) == "2026-12-01"
    assert material_day(material("inbox/a/2026-11-30-1030-reposts.md", {})) == "2026-11-30"
    assert material_day(material("inbox/a/notes.md", {"date": "soon"})) is None


def test_a_living_document_behind_a_new_release_is_an_update_not_a_conflict() -> None:
    doc = ("docs/eval.md§2.1", "2.1 lm-evaluation-harness", "稳定版为 v0.4.9（2026-09-23）。")
    assert conflicts([(RELEASE, *NEW_EN), doc], DAYS) == []


HELM_DOC = (
    "docs/eval.md§2.2",
    "2.2 HELM",
    "Stanford CRFM 的 HELM 正式版为 v1.0.0（2026-08-14），pip 包名 `crfm-helm`。",
)


def test_a_newest_under_the_package_name_is_the_projects_version_line() -> None:
    roundup = (
        "速览",
        "主流评测框架的最新版：crfm-helm 0.5.12（9/30）、OpenCompass 0.4.2（10/15）。",
    )
    assert conflicts([(ROUNDUP, *roundup), HELM_DOC], DAYS) == [
        ("version-line", (ROUNDUP, "docs/eval.md§2.2"))
    ]
    # the same newest under the package name: consistent
    same = ("Roundup", "The latest crfm-helm release is v1.0.0 (2026-08-14).")
    assert conflicts([(ROUNDUP, *same), HELM_DOC], DAYS) == []
    # another project whose name merely contains the word is not HELM
    other = ("速览", "最新版：helm-charts 0.5.12（9/30）。")
    assert conflicts([(ROUNDUP, *other), HELM_DOC], DAYS) == []


# --- single-source: one named source, no link, repeated by several materials

ZH_STORY = (
    "## LMArena 改为登录投票\n据 LMArena 官方博客：每个账号每天最多投 50 票；约 8% 的投票可疑。"
)
EN_STORY = (
    "## Logged-in voting\nPer the LMArena blog, each account is capped at 50 votes a day; about"
    " 8% of votes were flagged."
)
EN_THEIR = (
    "## HN thread\nThread on the LMArena announcement. According to their blog: a cap of 50 votes"
    " per account per day, and roughly 8% of votes looked manipulated."
)
FORUM = "inbox/c/2026-12-01-2200-forum.md#2"


def sources(*texts: Text) -> list[tuple[str, ...]]:
    return [(c.source or "", *c.refs) for c in named_source_conflicts(list(texts))]


def test_materials_repeating_one_named_source_are_one_source() -> None:
    found = sources(item(ZH_STORY), item(EN_STORY, ITEM2), item(EN_THEIR, FORUM))
    assert found == [("LMArena", ITEM, ITEM2, FORUM)]


def test_other_sources_a_link_one_figure_or_no_source_are_no_finding() -> None:
    # the same figures from another named source: corroboration, not one source
    other = "## Voting\n据 TechDaily 报道：每个账号每天 50 票，约 8% 的投票可疑。"
    assert sources(item(ZH_STORY), item(EN_STORY, ITEM2), item(other, FORUM)) == []
    # one figure in common is no story
    one = "## Arena\nPer the LMArena blog, about 8% of the prompts were in Chinese."
    assert sources(item(ZH_STORY), item(one, ITEM2)) == []
    # the same figures with no named source: a consistent repetition
    bare = "## Voting\nEach account is capped at 50 votes a day; about 8% were flagged."
    assert sources(item(ZH_STORY), item(bare, ITEM2)) == []
    # one material alone, however often it names the source
    assert sources(item(ZH_STORY)) == []


def test_a_chinese_source_name_and_its_pronoun_are_read() -> None:
    a = "## 新榜单\n据机器之心报道：新榜单收录 120 个模型，中文子榜 35 个。"
    b = "## 新榜单上线\n转自「机器之心」：共 120 个模型，其中中文子榜 35 个。"
    assert sources(item(a), item(b, ITEM2)) == [("机器之心", ITEM, ITEM2)]
    c = "## 新榜单\n某媒体称新榜单收录 120 个模型，中文子榜 35 个。"  # no source named
    assert sources(item(a), item(c, ITEM2)) == []
    # 其: the name written last before it
    d = "## LMArena 新规\nLMArena 宣布改规则。据其官方博客：每天 50 票，约 8% 可疑。"
    assert sources(item(ZH_STORY), item(d, ITEM2)) == [("LMArena", ITEM, ITEM2)]


def test_a_source_named_by_a_team_a_blog_post_or_a_source_line_is_read() -> None:
    en = "## Voting\nLMArena said in a blog post that accounts get 50 votes a day; 8% were flagged."
    zh = "## 投票新规\n每个账号每天 50 票，约 8% 的投票可疑。来源：LMArena 官方博客"
    assert sources(item(en), item(zh, ITEM2)) == [("LMArena", ITEM, ITEM2)]
    # said in a meeting: no source named
    talk = "## Voting\nSomeone said in a meeting that accounts get 50 votes a day; 8% were flagged."
    assert sources(item(zh), item(talk, ITEM2)) == []


# --- version-line: two texts calling two releases of one line the newest disagree (a patch too)

GUIDE = "inbox/a/2026-12-02-1000-wechat.md#3"
LIVING = "docs/serving.md§6.2"
STABLE_DOC = (
    "6.2 生成模型推理",
    "diffusers（Hugging Face）稳定版 v0.35.2（2026-10-20）；ComfyUI 稳定版 v0.3.66（2026-10-25）。",
)


def test_a_newest_behind_a_later_patch_called_current_elsewhere_is_an_older_newest() -> None:
    # a 0.x project counting its releases in the third number, in Chinese and in English
    zh = (
        "用 ComfyUI 跑 Wan2.2",
        "教程基于 ComfyUI 最新版 v0.3.60（2026 年 9 月发布），单张 4090 出片。",
    )
    assert conflicts([(GUIDE, *zh), (LIVING, *STABLE_DOC)]) == [("version-line", (GUIDE, LIVING))]
    en = ("ComfyUI tips", "The guide is written against ComfyUI's latest release, v0.3.60.")
    assert conflicts([(GUIDE, *en), (LIVING, *STABLE_DOC)]) == [("version-line", (GUIDE, LIVING))]
    # a 1.x project's patch release called current by another item
    old = ("Qdrant 升级", "我们线上跑的是 Qdrant 最新版 v1.16.3，暂时不升。")
    new = ("Qdrant notes", "Qdrant 当前稳定版 v1.16.5（2026-11-20），修复快照恢复。")
    assert conflicts([(GUIDE, *old), (ITEM2, *new)]) == [("version-line", (GUIDE, ITEM2))]


def test_the_same_newest_or_a_later_one_is_no_older_newest_but_a_patch_released_is() -> None:
    same = ("教程", "教程基于 ComfyUI 最新版 v0.3.66，单张 4090 出片；另有 diffusers 的对比。")
    assert conflicts([(GUIDE, *same), (LIVING, *STABLE_DOC)]) == []
    # the item ahead of the living document is an update, not an old newest
    ahead = ("教程", "教程基于 ComfyUI 最新版 v0.3.70（11 月发布），单张 4090 出片。")
    assert conflicts([(GUIDE, *ahead), (LIVING, *STABLE_DOC)]) == []
    # a patch release made before the item's day outdates the release the item calls latest
    # (before, only a minor release did; a reader calls `最新版 v1.16.3` stale once v1.16.5 is out)
    old = ("Qdrant 升级", "我们线上跑的是 Qdrant 最新版 v1.16.3，暂时不升。")
    note = (
        "qdrant/qdrant v1.16.5",
        "qdrant/qdrant v1.16.5\n\nReleased 2026-11-20. Fixes recovery.",
    )
    days = {GUIDE.split("#")[0]: "2026-12-02", ITEM2.split("#")[0]: "2026-12-01"}
    assert conflicts([(GUIDE, *old), (ITEM2, *note)], days) == [("version-line", (GUIDE, ITEM2))]
    # but not a patch made after it
    later = {**days, GUIDE.split("#")[0]: "2026-11-19"}
    assert conflicts([(GUIDE, *old), (ITEM2, *note)], later) == []
    # (a minor release does too)
    minor = ("qdrant/qdrant v1.17.0", note[1].replace("v1.16.5", "v1.17.0"))
    assert conflicts([(GUIDE, *old), (ITEM2, *minor)], days) == [("version-line", (GUIDE, ITEM2))]


def test_a_0x_projects_release_in_the_third_number_outdates_a_newest() -> None:
    # a 0.x project counts its releases in the third number: `v0.18.3`, released before the
    # item's day, outdates its `latest release, v0.18.1`, though nobody calls it current
    said = ("DeepSpeed notes", "The repo pins DeepSpeed's latest release, v0.18.1, for ZeRO-3.")
    note = (
        "deepspeedai/DeepSpeed v0.18.3",
        "deepspeedai/DeepSpeed v0.18.3\n\nReleased 2026-11-24. Fixes ZeRO-3 offload hangs.",
    )
    days = {GUIDE.split("#")[0]: "2026-12-02", ITEM2.split("#")[0]: "2026-12-01"}
    found = conflicts([(GUIDE, *said), (ITEM2, *note)], days)
    assert found == [("version-line", (GUIDE, ITEM2))]
    # so does lm-evaluation-harness `v0.4.10` after a `最新 v0.4.9`
    patch = ("v0.4.10", "EleutherAI tagged v0.4.10 of lm-evaluation-harness on 2026-11-27.")
    found = conflicts([(ROUNDUP, *STALE_ZH), (RELEASE, *patch)], DAYS)
    assert found == [("version-line", (ROUNDUP, RELEASE))]
    # the same release, or one after the item's day, does not
    same = (said[0], said[1].replace("v0.18.1", "v0.18.3"))
    assert conflicts([(GUIDE, *same), (ITEM2, *note)], days) == []
    later = (note[0], note[1].replace("2026-11-24", "2026-12-20"))
    assert conflicts([(GUIDE, *said), (ITEM2, *later)], days) == []


# --- a plain lowercase project owning its role word in English prose: `diffusers' latest release`

HN = "inbox/a/2026-12-02-0900-hn.md#2"
NOTES = "inbox/b/2026-12-02-1100-releases.md#1"
DIFFUSERS_NOTE = (
    "huggingface/diffusers v0.36.0",
    "huggingface/diffusers v0.36.0\n\nReleased 2026-11-20. 新增 Wan2.2 pipeline，"
    "要求 torch >= 2.5。",
)
DAY2 = {HN.split("#")[0]: "2026-12-02", NOTES.split("#")[0]: "2026-12-02"}


def test_a_plain_projects_possessive_newest_confirmed_elsewhere_is_stale() -> None:
    for said in (
        "The author says it pins diffusers' latest release, v0.35.2, and runs FLUX.1 [schnell].",
        "The tool pins diffusers’ latest release, v0.35.2, for reproducible frames.",
        "It was built on diffusers's newest version (v0.35.2) and an RTX 4090.",
    ):
        found = conflicts([(HN, "Show HN: storyboard", said), (NOTES, *DIFFUSERS_NOTE)], DAY2)
        assert found == [("version-line", (HN, NOTES))], said


def test_a_plain_possessive_word_no_other_text_names_is_no_project() -> None:
    # `ours` / `the team's` own the role word but no other text makes a claim under them
    said = "The tool pins the team's latest release, v0.35.2, for reproducible frames."
    assert conflicts([(HN, "Show HN: storyboard", said), (NOTES, *DIFFUSERS_NOTE)], DAY2) == []
    # the right newest, after the note
    right = "The author says it pins diffusers' latest release, v0.36.0, and runs FLUX.1."
    assert conflicts([(HN, "Show HN: storyboard", right), (NOTES, *DIFFUSERS_NOTE)], DAY2) == []
