"""A score after its measure's name is a figure, not a release of a project of that name, and a
release stays one (docs/facts.md, "What the index reads"). A two-part number is a decimal, not
a version, where no release is written so: a part after the point padded with a zero (`0.06`,
`4.05`: semantic versions never pad; a calendar release, `Ubuntu 22.04`, is a year and a
month), a fraction of three digits or more (`0.748`), a benchmark's split before it
(`test-clean 2.6`), or, after an all-caps acronym, a list whose other items are figures
(`PESQ-WB 2.43、STOI 0.92`). Units of time below the millisecond, a time written as one word
with its figure (`a 10-second prompt`), and a figure right after a Chinese comma are read too."""

from __future__ import annotations

import pytest
from briefdesk.core.facts.extract import extract


def facts(text: str) -> list[tuple[str, str, str]]:
    return [(f.kind, f.thing, f.value) for f in extract(text) if f.kind != "name"]


def versions(text: str) -> list[tuple[str, str]]:
    return [(thing, value) for kind, thing, value in facts(text) if kind == "version"]


@pytest.mark.parametrize(
    ("text", "release"),
    [
        ("vLLM 0.6.3 上 LibriSpeech test-clean 2.6、test-other 6.3（WER）。", ("vllm", "0.6.3")),
        ("Evaluated with PyTorch 2.5: dev-clean 1.9, test-clean 2.1 WER.", ("pytorch", "2.5")),
        ("whisperX 3.4.2 转写后 test-other 5.2，比上一版好。", ("whisperx", "3.4.2")),
    ],
)
def test_a_split_of_a_benchmark_is_a_score(text: str, release: tuple[str, str]) -> None:
    assert not any(thing.startswith(("test-", "dev-")) for thing, _ in versions(text))
    assert release in versions(text)


@pytest.mark.parametrize(
    ("text", "figure", "release"),
    [
        # a leading zero after the point: a decimal (`0.06` is not `0.6`)
        ("底座用 Qwen 2.5，4 线程 CPU 上 RTF 0.06。", ("rtf", "0.06"), ("qwen", "2.5")),
        ("UTMOS 4.05 on test-clean resynthesis, built on PyTorch 2.5.", ("utmos", "4.05"), None),
        (
            "formation-energy MAE 0.021 eV/atom, trained with PyTorch 2.5",
            ("mae", "0.021"),
            ("pytorch", "2.5"),
        ),
        # a fraction of three digits: a measurement
        ("Seed-TTS-eval 上 SIM 0.748（vLLM 0.6.3 推理）。", ("sim", "0.748"), ("vllm", "0.6.3")),
    ],
)
def test_a_decimal_written_as_no_release_is_a_figure(
    text: str, figure: tuple[str, str], release: tuple[str, str] | None
) -> None:
    got = facts(text)
    assert ("quantity", *figure) in got
    assert figure[0] not in {thing for thing, _ in versions(text)}
    if release is not None:
        assert release in versions(text)


def test_a_release_of_a_year_and_a_month_keeps_its_zero() -> None:
    # the distractor for the leading zero: a calendar release is a version
    assert ("ubuntu", "22.4") in versions("博主在 Ubuntu 22.04 + RTX 4090 上复现，延迟 12 ms。")


@pytest.mark.parametrize(
    "text",
    [
        "重建：WER 2.47（HuBERT-large CTC 转写）、PESQ-WB 2.43、STOI 0.92、UTMOS 4.13。",
        "Quality: MOS 4.21, WER 3.1, FID 12.3 on the held-out set.",
        "AMI 上 CER 1.2、DER 17.0，模型是 Qwen 2.5。",
    ],
)
def test_an_acronym_in_a_list_of_figures_is_a_measure(text: str) -> None:
    assert [v for v in versions(text) if v[0] != "qwen"] == []


def test_a_list_of_releases_stays_releases() -> None:
    # the distractor: all-caps projects listed with their releases are versions
    got = versions("环境：NCCL 2.28.3、CUDA 13.0、消息 8 GB，bus bandwidth 362 GB/s。")
    assert ("nccl", "2.28.3") in got
    assert ("cuda", "13.0") in got or ("cuda", "13") in got
    assert ("cuda", "12.4") in versions("CUDA 12.4 is no longer supported; WER 3.1 stays.")
    assert ("qwen", "2.5") in versions("对比 Qwen 2.5 与 Llama 3.1，均用 vLLM 0.6.3。")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("DeepEP 低延迟：8 卡 128 token 时 dispatch 77 微秒、combine 114 微秒。", "77μs"),
        ("DeepEP low-latency dispatch takes 77 µs on 8 ranks (v1.2.1).", "77μs"),
        ("dispatch 77 us at 8 ranks, combine 114 us", "77μs"),
        ("单次 kernel 启动约 800 纳秒，整体 1.2 毫秒。", "800ns"),
        ("kernel launch about 800 ns, whole step 1.2 ms", "800ns"),
        ("voice cloning from a 10-second prompt with 4-bit weights", "10s"),
    ],
)
def test_time_below_a_millisecond_has_its_unit(text: str, value: str) -> None:
    assert value in {v for kind, _, v in facts(text) if kind == "quantity"}


def test_a_hyphen_joins_only_a_time_to_its_figure() -> None:
    # the distractor: `4-bit` and `5-shot` are how a setting is written, not a figure
    got = {v for kind, _, v in facts("cloning from a 10-second prompt, 4-bit NF4, 5-shot CoT")}
    assert got == {"10s"}


def test_milliseconds_in_chinese_are_ms() -> None:
    got = {v for kind, _, v in facts("首 token 延迟 1.2 毫秒，let us see 2 more")}
    assert "1.2ms" in got
    assert not any(v.endswith("μs") for v in got)  # `us` the word is no unit


@pytest.mark.parametrize(
    "text",
    [
        "LoCA：分块注意力，0.3B 参数；320 ms 分块时 RTF 0.06。",
        "CosyVoice2（阿里通义，0.5B）：文本到语音。",
        "模型共 7B，量化后 3.5 GB",
    ],
)
def test_a_figure_after_a_chinese_comma_is_read(text: str) -> None:
    got = {v for kind, _, v in facts(text) if kind == "quantity"}
    assert got & {"0.3B", "0.5B", "7B"}
    # the distractor: a number with thousands separators is still one figure
    assert "1240ms" in {v for kind, _, v in facts("延迟 1,240 ms，吞吐 3 倍")}
