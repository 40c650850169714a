"""Claims extraction on sentences written the ways the seed brief and its materials write them."""

from __future__ import annotations

import pytest
from briefdesk.core.claims.dates import PartialDate, parse_date
from briefdesk.core.claims.extract import extract, heading_name
from briefdesk.core.claims.versions import parse_version
from hypothesis import given
from hypothesis import strategies as st

from tests.support.claims import version_conflicts


def facts(text: str, heading: str | None = None) -> list[tuple]:
    return [(s.key, s.version, s.current, s.date, s.event) for s in extract(text, heading)]


# -- the seed's ways ---------------------------------------------------------------------------


def test_stable_version_under_its_heading_with_full_width_date() -> None:
    text = (
        "当前稳定版 v1.2.1（2026-09-23）。RadixAttention 前缀树缓存默认开启（H100 ×8，Qwen3-32B）。"
    )
    assert facts(text, "SGLang") == [("sglang", "v1.2.1", True, "2026-09-23", "release")]


def test_a_list_of_releases_with_month_day_dates() -> None:
    text = (
        "片段称两周内 vLLM v0.30.0（9/22）、llama.cpp v0.5.0（9/23）、Ollama v0.35.0（9/28）、"
        'SGLang v0.5.21（10/2）接连发布，并断言"生态已定型"。'
    )
    assert facts(text) == [
        ("vllm", "v0.30.0", False, "9/22", "release"),
        ("llama.cpp", "v0.5.0", False, "9/23", "release"),
        ("ollama", "v0.35.0", False, "9/28", "release"),
        ("sglang", "v0.5.21", False, "10/2", "release"),
    ]


def test_called_latest_and_called_stable_in_one_sentence() -> None:
    text = (
        "真正有用的是它把 SGLang v0.5.21 称作最新版，而活文档 §1.2 记的 SGLang 稳定版是 v1.2.1、"
        "已知坑又都记在 0.5.20 / 0.5.22.dev 上——SGLang 的正式线与社区线没有标清归属。"
    )
    assert facts(text) == [
        ("sglang", "v0.5.21", True, None, "release"),
        ("sglang", "v1.2.1", True, None, "release"),
    ]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("HF 于 2026-03 归档 TGI，迁移建议是 vLLM。", "2026-03"),
        ("HF 于 2026-03-21 宣布归档 TGI（text-generation-inference）。", "2026-03-21"),
        ("TGI 已于 2026-03-21 归档，不再推荐。", "2026-03-21"),
        ("TGI was archived in March 2026 by Hugging Face.", "March 2026"),
        ("Hugging Face archived TGI on 2026-03-21.", "2026-03-21"),
        ("TGI 于 2026年3月21日 停止维护", "2026年3月21日"),
    ],
)
def test_archives(text: str, date: str) -> None:
    assert facts(text) == [("tgi", None, False, date, "archive")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SGLang's latest release is v0.5.21.", ("sglang", "v0.5.21", True, None)),
        ("The latest SGLang release: v0.5.21.", ("sglang", "v0.5.21", True, None)),
        ("SGLang v1.2.1 (stable) keeps RadixAttention on.", ("sglang", "v1.2.1", True, None)),
        ("SGLang v1.2.1 is the current stable release.", ("sglang", "v1.2.1", True, None)),
        (
            "vLLM v0.30.0 was released on September 22, 2026.",
            ("vllm", "v0.30.0", False, "September 22, 2026"),
        ),
        ("vLLM v0.30.0 于 2026-09-22 发布。", ("vllm", "v0.30.0", False, "2026-09-22")),
        ("2026-09-22 发布的 vLLM v0.30.0 移除了 V0。", ("vllm", "v0.30.0", False, "2026-09-22")),
        # a part of the month after the date is part of the date (core/claims/dates.py)
        ("2026 年 9 月底发布的 vLLM v0.30.0", ("vllm", "v0.30.0", False, "2026 年 9 月底")),
        ("2026年10月初发布的 vLLM v0.31.0", ("vllm", "v0.31.0", False, "2026年10月初")),
        (
            "自 OpenShift AI 3.2（2026-10-28 GA）起默认走 KServe。",
            ("openshift ai", "3.2", False, "2026-10-28"),
        ),
        ("KServe 最新版 v0.17.1 修复了冷启动。", ("kserve", "v0.17.1", True, None)),
        ("Dynamo 1.3 (2026-10-28) adds SLO planning.", ("dynamo", "1.3", False, "2026-10-28")),
        ("llm-d 正式版 v1.0（10/9）。", ("llm-d", "v1.0", True, "10/9")),
    ],
)
def test_english_and_chinese_forms(text: str, expected: tuple) -> None:
    assert [f[:4] for f in facts(text)] == [expected]


def test_an_unnamed_version_takes_the_name_before_its_role_word_then_the_heading() -> None:
    assert facts("SGLang 的当前稳定版是 v1.2.1。")[0][:3] == ("sglang", "v1.2.1", True)
    assert facts("版本：v0.8（2026-08）统一到 NIXL。", "llm-d 与 K8s 原生推理栈")[0][:2] == (
        "llm-d",
        "v0.8",
    )
    assert facts("版本：v0.8（2026-08）统一到 NIXL。") == []  # no name anywhere: no claim


# -- what is no claim --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "已知坑：SGLang 0.5.20 在未显式设置时会静默降并发（issue #43488）。",  # a bare mention
        "TensorRT-LLM 最新进展：只在 §5.3 作为后端出现。",  # an entity without a version
        "见 §1.2 的最新说明。",
        "DeepSeek-V4.1-Flash 是最新的 MoE；Llama-3.1-8B 是稳定版基线。",  # versions inside names
        "吞吐提升 1.9× 是最新数字，TPOT 3.1 ms 稳定。",  # numbers with units
        "arXiv 2601.21204 是最新一篇。",
        "最新说明见 https://github.com/vllm-project/vllm/releases/tag/v0.30.0 。",
        "最新版的笔记在 inbox/jay/v1.2.3-notes.md 里。",
        "The stable line is still v1.2.1.",  # `still` names nothing
        "from 0.5 to 0.6 the latest numbers moved",
        "HiCache 在 v1.2 中默认关闭。",  # no role word
        "vLLM deprecated the V0 engine in 2026-09.",  # a feature, not the project
    ],
)
def test_not_claims(text: str) -> None:
    assert facts(text) == []


def test_sources_are_the_paragraphs_urls_else_the_citation_lines() -> None:
    text = (
        "原文：https://mp.weixin.qq.com/s/Kq3vT8xLmR2pWfZ9nYcD4A\n\n"
        "TGI 已于 2026-03-21 归档。\n\n"
        "vLLM v0.30.0（9/22）发布，见 https://blog.vllm.ai/2026/09/22/v0-30.html"
    )
    got = extract(text)
    assert [s.sources for s in got] == [
        ("mp.weixin.qq.com/s/Kq3vT8xLmR2pWfZ9nYcD4A",),
        ("blog.vllm.ai/2026/09/22/v0-30.html",),
    ]
    titled = extract("据公众号选型文《2026 年开源 LLM 推理引擎怎么选》，TGI 已于 2026-03-21 归档。")
    assert titled[0].sources == ("《2026 年开源 LLM 推理引擎怎么选》",)
    assert extract("TGI 已于 2026-03-21 归档。", None, ("example.com/post",))[0].sources == (
        "example.com/post",
    )


def test_quote_is_the_clause() -> None:
    [s] = extract("背景很长，当前稳定版 v1.2.1（2026-09-23）。下一句。", "SGLang")
    assert s.quote == "当前稳定版 v1.2.1（2026-09-23）"


def test_heading_name() -> None:
    assert heading_name("SGLang") == "SGLang"
    assert heading_name("vLLM 与 llama.cpp") == "vLLM"
    assert heading_name("对象二：SGLang 版本线") == "SGLang"
    assert heading_name("推理引擎") is None
    assert heading_name("the notes") is None


# -- dates and versions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("2026-09-23", PartialDate(2026, 9, 23)),
        ("2026-03", PartialDate(2026, 3, None)),
        ("9/22", PartialDate(None, 9, 22)),
        ("10/2", PartialDate(None, 10, 2)),
        ("2026/9/23", PartialDate(2026, 9, 23)),
        ("2026年9月23日", PartialDate(2026, 9, 23)),
        ("9月22日", PartialDate(None, 9, 22)),
        ("September 22, 2026", PartialDate(2026, 9, 22)),
        ("Sep 22", PartialDate(None, 9, 22)),
        ("March 2026", PartialDate(2026, 3, None)),
        ("22 Sep 2026", PartialDate(2026, 9, 22)),
    ],
)
def test_dates(text: str, date: PartialDate) -> None:
    assert parse_date(text) == date


def test_dates_that_are_none() -> None:
    assert parse_date("13/40") is None
    assert parse_date("2026-13-01") is None
    assert parse_date("v1.2") is None


def test_date_agreement() -> None:
    d = parse_date
    assert d("9/22").agrees(d("2026-09-22"))  # type: ignore[union-attr]
    assert d("2026-03").agrees(d("2026-03-21"))  # type: ignore[union-attr]
    assert not d("9/22").agrees(d("9/23"))  # type: ignore[union-attr]
    assert not d("2026-03").agrees(d("2026-04-01"))  # type: ignore[union-attr]
    assert not d("2025-09-22").agrees(d("2026-09-22"))  # type: ignore[union-attr]


def test_version_lines() -> None:
    def line(v: str) -> str:
        parsed = parse_version(v)
        assert parsed is not None
        return parsed.line

    assert line("v1.2.1") == line("v1.2") == line("1.3.0") == "1.x"
    assert line("v0.5.20") == line("0.5.22.dev") == line("v0.5.21") == "0.5.x"
    assert line("v0.30.0") != line("v0.5.21")
    assert parse_version("v0.30.0").key == parse_version("0.30").key  # type: ignore[union-attr]
    assert parse_version("0.5.22.dev").key == "0.5.22-dev"  # type: ignore[union-attr]


@given(st.integers(0, 30), st.integers(0, 40), st.integers(0, 40))
def test_a_patch_release_is_on_its_versions_line(major: int, minor: int, patch: int) -> None:
    base = parse_version(f"v{major}.{minor}")
    patched = parse_version(f"v{major}.{minor}.{patch}")
    assert base is not None and patched is not None
    assert base.line == patched.line


@given(
    st.one_of(st.none(), st.integers(2000, 2030)),
    st.integers(1, 12),
    st.one_of(st.none(), st.integers(1, 28)),
    st.one_of(st.none(), st.integers(2000, 2030)),
    st.integers(1, 12),
    st.one_of(st.none(), st.integers(1, 28)),
)
def test_agreement_is_symmetric_and_reflexive(y1, m1, d1, y2, m2, d2) -> None:  # type: ignore[no-untyped-def]
    a, b = PartialDate(y1, m1, d1), PartialDate(y2, m2, d2)
    assert a.agrees(a)
    assert a.agrees(b) == b.agrees(a)


@given(
    st.text(
        alphabet=st.sampled_from(
            list("vV0123456789.（）()/-:：、 SGLang稳定版最新 latest年月日\n")
        ),
        max_size=200,
    )
)
def test_any_text_extracts_without_error_and_quotes_come_from_it(text: str) -> None:
    flat = " ".join(text.split())
    for s in extract(text, "SGLang"):
        assert s.quote.rstrip("…") in flat or len(s.quote) > 200
        assert s.version is None or s.version in text


def test_a_stable_release_after_the_name_its_colon_and_an_aside_with_commas() -> None:
    # a living document's line: the project, an aside on who makes it (with its own comma and
    # another project's name), a colon, then the role word and the release with its day
    text = "Isaac Lab（NVIDIA，基于 Isaac Sim）：稳定版 v2.2.1（2026-11-05 发布）；单张 RTX 4090。"
    assert facts(text) == [("isaac lab", "v2.2.1", True, "2026-11-05", "release")]
    # without the aside, the whole name still
    assert facts("Isaac Lab：稳定版 v2.2.1（2026-11-05 发布）。") == [
        ("isaac lab", "v2.2.1", True, "2026-11-05", "release")
    ]
    # a comma outside brackets still ends the clause: the release is the heading's, not the
    # name of the clause before
    assert facts("在 Isaac Sim 上复测，稳定版 v2.2.1（2026-11-05）。", "Isaac Lab") == [
        ("isaac lab", "v2.2.1", True, "2026-11-05", "release")
    ]


def test_a_release_day_in_brackets_after_its_maker() -> None:
    # `（Google，2026-09-23 发布）`: who made it, a comma, then the day
    assert facts("Gemini 3.5（Google，2026-09-23 发布）：默认启用。") == [
        ("gemini", "3.5", False, "2026-09-23", "release")
    ]
    assert facts("The new Isaac Lab v2.2.1 (NVIDIA, released 2026-11-05) adds tiling.") == [
        ("isaac lab", "v2.2.1", False, "2026-11-05", "release")
    ]
    # a bracket of words and no day is no release day
    assert facts("Gemini 3.5（Google，作者自述）默认启用。") == []


def test_a_models_tier_after_its_version_is_part_of_what_was_released() -> None:
    # `Gemini 3.5 Pro` and `Gemini 3.5 Flash` are two models: the tier stays with the version
    assert facts(
        "Gemini 3.5 Pro（Google，2026-09-23 发布）与 Gemini 3.5 Flash（2026-10-02 发布）。"
    ) == [
        ("gemini", "3.5 Pro", False, "2026-09-23", "release"),
        ("gemini", "3.5 Flash", False, "2026-10-02", "release"),
    ]
    assert facts("Gemini 3.5 Pro, out since 9/22, has become the default in Gemini CLI.") == [
        ("gemini", "3.5 Pro", False, "9/22", "release")
    ]
    # a tier is a whole word: `Proxy` is none
    assert facts("Gemini 3.5 Proxy（2026-09-23 发布）。") == []


def test_a_models_tier_is_no_release_line_but_its_days_can_disagree() -> None:
    doc = ("docs/llm.md§1.3", "1.3 Gemini\nGemini 3.5 Pro（Google，2026-09-23 发布）。")
    said = (
        "inbox/a/2026-12-01-1800-digest.md#1",
        "Gemini for coding\nGemini 3.5 Pro, out since 9/22.",
    )
    assert version_conflicts([said, doc]) == [("date", (said[0], doc[0]))]
    # another tier's day is another model's: no conflict; nor is a tier called the newest a
    # stale release line
    flash = (said[0], "Gemini for coding\nGemini 3.5 Flash, out since 9/22, is the latest.")
    assert version_conflicts([flash, doc]) == []


def test_a_versions_tag_dated_in_brackets_is_of_the_name_written_before_it_elsewhere() -> None:
    # `the v0.4.0 tag (Nov 4)` names no project: the heading's `Megatron v0.4.0` does
    text = "Megatron v0.4.0 notes\n\nThe thread on the v0.4.0 tag (Nov 4): MoE and FP8."
    assert facts(text, "Megatron v0.4.0 notes") == [
        ("megatron", "v0.4.0", False, "Nov 4", "release")
    ]
    # `release (…)` and `版本（…）` too
    text = "Megatron v0.4.0 notes\n\nWe moved to the v0.4.0 release (2026-11-04) last week."
    assert facts(text, "Megatron v0.4.0 notes") == [
        ("megatron", "v0.4.0", False, "2026-11-04", "release")
    ]
    # under a heading naming nothing, the name written before the same version in the text
    text = "Release roundup\n\nMegatron v0.4.0 is out. The thread on the v0.4.0 tag (Nov 4): MoE."
    assert facts(text, "Release roundup") == [("megatron", "v0.4.0", False, "Nov 4", "release")]
    # a tag followed by words in brackets is no release day
    text = "Megatron v0.4.0 notes\n\nThe thread on the v0.4.0 tag (a long one): MoE."
    assert facts(text, "Megatron v0.4.0 notes") == []


def test_a_release_is_named_by_its_first_two_parts_and_a_0x_one_by_three() -> None:
    # one owner of "a patch of a release" for the stale newest and for placements
    patch, stable = parse_version("1.20.2"), parse_version("v1.20.4")
    zero_a, zero_b = parse_version("0.18.1"), parse_version("0.18.3")
    assert patch is not None and stable is not None and zero_a is not None and zero_b is not None
    assert patch.release == stable.release == (1, 20) and patch.padded < stable.padded
    assert zero_a.release != zero_b.release
    assert parse_version("0.30").padded == parse_version("0.30.0").padded  # type: ignore[union-attr]
