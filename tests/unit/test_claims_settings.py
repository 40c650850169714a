"""Claims in the settings real benchmark reports write them in (docs/claims.md): a figure's
measure and its setting (subject, benchmark and split, hardware and configuration) read from a
list under a label, a table's heading, a label line; a source whose site's name runs into its
domain; a release whose clause names nothing. Each rule with the near misses it must not touch,
in Chinese, English and both."""

from __future__ import annotations

from briefdesk.core.claims.context import in_context
from briefdesk.core.claims.extract import extract as claims_of
from briefdesk.core.claims.named import named_source_conflicts
from briefdesk.core.claims.numbers import Text, _measured, number_conflicts
from briefdesk.core.facts.extract import extract

from tests.support.claims import version_conflicts

A = "inbox/a/2026-12-01-2200-forum.md#1"
B = "inbox/b/2026-12-01-1200-digest.md#1"
C = "inbox/c/2026-12-02-1000-reposts.md#2"


def item(ref: str, body: str) -> Text:
    return (ref, "item", ref.split("#")[0], body)


def told(*texts: Text) -> list[tuple[str, ...]]:
    return [(c.source or "", *c.refs) for c in named_source_conflicts(list(texts))]


# --- single-source: a site whose name runs into its last label (`fish.audio`: Fish Audio)

ARENA_ZH = (
    "## OpenAudio S2 登顶\n据 Fish Audio 官方博客，OpenAudio S2 排名第一，ELO 1,291；"
    "首包延迟 0.54 秒。"
)
ARENA_EN = (
    "## Vendor post\nFish Audio's launch post (https://fish.audio/blog/openaudio-s2/) says "
    "OpenAudio S2 is first with an ELO of 1,291 and a first chunk in 0.54 s."
)


def test_a_link_to_a_site_named_with_its_last_label_is_the_named_source() -> None:
    assert told(item(A, ARENA_ZH), item(B, ARENA_EN)) == [("Fish Audio", A, B)]
    # the same with other sites written so: `together.ai` is Together AI's, `character.ai`
    # Character AI's
    together_zh = "## 推理价格\n据 Together AI 官方博客，新集群吞吐 5,300 tok/s，降价 35%。"
    together_en = (
        "## Pricing\nLink post to https://www.together.ai/blog/cluster-v2 — 5,300 tok/s and 35% "
        "cheaper."
    )
    assert told(item(A, together_zh), item(C, together_en)) == [("Together AI", A, C)]
    character_en = (
        "## Voice\nSee https://blog.character.ai/voice-v3 for the 4.2 MOS and 18% fewer errors."
    )
    character_zh = "## 语音\n据 Character AI 官方博客，新语音 MOS 4.2，错误减少 18%。"
    assert told(item(A, character_zh), item(B, character_en)) == [("Character AI", A, B)]


def test_a_site_whose_name_only_starts_like_the_source_is_another_source() -> None:
    # `fishbench.audio` is not Fish Audio's site, nor `audio.fish-arena.org`
    bench = ARENA_EN.replace("fish.audio/blog", "fishbench.audio/runs")
    assert told(item(A, ARENA_ZH), item(B, bench)) == []
    arena = ARENA_EN.replace("fish.audio/blog", "audio.fish-arena.org/blog")
    assert told(item(A, ARENA_ZH), item(B, arena)) == []


# --- a release whose clause names nothing: the Chinese sentence's topic, across its commas

TOOLKIT = (
    "docs/speech.md§1.2",
    "中文 ASR：Paraformer、FunASR 与 SenseVoice\n"
    "FunASR（阿里通义实验室）是中文 ASR 的主力工具包，稳定版 v1.3.1（2026-10-14）。"
    "Paraformer-large 是非自回归模型，220M 参数。",
)


def test_a_release_takes_the_topic_its_chinese_sentence_starts_with() -> None:
    [funasr] = claims_of(TOOLKIT[1], TOOLKIT[1].split("\n", 1)[0])
    assert (funasr.key, funasr.version, funasr.current, funasr.date) == (
        "funasr",
        "v1.3.1",
        True,
        "2026-10-14",
    )
    dated = (
        A,
        "FunASR v1.3.1 的热词实测\n作者称 FunASR v1.3.1 于 10 月 21 日发布，"
        "热词召回从 0.61 提到 0.87。",
    )
    assert version_conflicts([dated, TOOLKIT]) == [("date", (A, TOOLKIT[0]))]
    # the same with other projects and a longer chain of commas
    kv = "Valkey 是 Redis 的分支，由 Linux 基金会托管，当前稳定版 8.1.0（2026-11-20）。"
    assert [(s.key, s.version) for s in claims_of(kv, "3.1 键值存储")] == [("valkey", "8.1.0")]


def test_the_topic_is_not_carried_past_a_full_stop_nor_from_a_later_name() -> None:
    # after `。` the clause is a new sentence: the heading's project
    stopped = "FunASR 是工具包。稳定版 v1.3.1（2026-10-14）。"
    assert [s.key for s in claims_of(stopped, "1.2 SGLang")] == ["sglang"]
    # a sentence that opens with no name (`我们在 A100 上复测`): the heading's, not A100's
    measured = "我们在 A100 上复测，稳定版 v1.3.1（2026-10-14）。"
    assert [s.key for s in claims_of(measured, "1.2 SGLang")] == ["sglang"]
    # a clause that names its own subject keeps it
    own = "FunASR 是工具包，Paraformer 稳定版 v2.0.1（2026-10-14）。"
    assert [s.key for s in claims_of(own, "1.2 X")] == ["paraformer"]


# --- number: a table of splits under a heading that names the measure


def text(ref: str, body: str) -> Text:
    origin = "item" if ref.startswith(("inbox/", "organized/")) else "living-doc"
    return (ref, origin, ref.split("#")[0].split("§")[0], body)


def numbers(*texts: Text) -> list[tuple[str, ...]]:
    return [c.refs for c in number_conflicts(list(texts))]


def figures(body: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """value -> (measure, setting) of the figures number conflicts read in `body`."""
    return {
        f.value: (f.thing, f.setting)
        for f in (_measured(g) for g in in_context(extract(body, figures_only=True), body))
        if f.kind == "quantity"
    }


WER = "docs/asr.md§5.1"
WER_DOC = text(
    WER,
    "LibriSpeech 与英文 WER\n"
    "LibriSpeech：960 小时朗读英语，test-clean / test-other 各约 5.4 小时。下表均为 greedy、"
    "无外部 LM、EnglishTextNormalizer：\n\n"
    "- Whisper large-v3：test-clean 2.0、test-other 3.9；\n"
    "- Parakeet-TDT-0.6B-v2（NVIDIA）：test-clean 1.69、test-other 3.19（Open ASR Leaderboard）；\n"
    "- Canary-1B-flash（NVIDIA）：test-clean 1.48、test-other 2.87（Open ASR Leaderboard）。",
)


def test_splits_listed_with_their_figures_are_figures_of_the_headings_measure() -> None:
    got = figures(WER_DOC[3])
    # `test-other 3.19` is a figure, not a release of `test-other`; its measure is the heading's
    # (`英文 WER`), its setting the list item's and the lead's, without the other split
    assert got["3.19%"][0] == "wer"
    assert {"parakeet-tdt-0.6b-v2", "test-other", "librispeech"} <= set(got["3.19%"][1])
    assert "test-clean" not in got["3.19%"][1]
    assert "test-other" not in got["1.69%"][1]
    # a release list of other projects stays releases (`vLLM 0.11、SGLang 0.5`)
    releases = extract("推理栈：vLLM 0.11、SGLang 0.5 与 TGI 3.0。", figures_only=True)
    assert [f.thing for f in releases if f.kind == "version"] == ["vllm", "sglang", "tgi"]


RETEST_ZH = text(
    "inbox/q/2026-12-02T0940-critical-read.md#2",
    "对象二：Parakeet-TDT-0.6B-v2 的第三方复测\n\n"
    "某语音创业公司的复测报告：Parakeet-TDT-0.6B-v2，LibriSpeech test-other，greedy 解码，"
    "EnglishTextNormalizer，用 NeMo 官方推理脚本，测得 WER 3.41；test-clean 没有复测。",
)


def test_a_retest_with_more_detail_conflicts_with_the_same_split() -> None:
    assert numbers(RETEST_ZH, WER_DOC) == [(RETEST_ZH[0], WER)]
    # the same in English, of another model of the table
    canary = text(
        A,
        "Re-scoring Canary-1B-flash\n\nWe scored Canary-1B-flash on LibriSpeech test-other with "
        "greedy decoding and the EnglishTextNormalizer, via the NeMo script: WER 3.35.",
    )
    assert numbers(canary, WER_DOC) == [(A, WER)]


def test_another_split_another_model_or_the_same_figure_is_no_conflict() -> None:
    # test-clean's 1.9 is no test-other figure, and the table's test-clean is 1.69
    clean = RETEST_ZH[3].replace("test-other", "test-clean").replace("3.41", "1.69")
    assert numbers(text(RETEST_ZH[0], clean), WER_DOC) == []
    # another benchmark (TED-LIUM 3) with the same model
    ted = text(
        A,
        "Parakeet on talks\n\nParakeet-TDT-0.6B-v2 on TED-LIUM 3 with greedy decoding: WER 3.41.",
    )
    assert numbers(ted, WER_DOC) == []
    # another model on the same split, the table naming neither
    other = RETEST_ZH[3].replace("Parakeet-TDT-0.6B-v2", "Moonshine-Base")
    assert numbers(text(RETEST_ZH[0], other), WER_DOC) == []


# --- number: a list under a label that names the measure; a bare score and one in `%`

CER = "docs/asr.md§5.2"
CER_DOC = text(
    CER,
    "AISHELL、WenetSpeech 与中文 CER\n"
    "AISHELL-1：178 小时普通话朗读，test 集 7,176 句。CER（test）：\n\n"
    "- Paraformer-large：1.68；\n"
    "- SenseVoice-Small：2.96（作者自述）；\n"
    "- FireRedASR-AED：0.55（作者自述）。\n\n"
    "AISHELL-2 分 ios / android / mic 三个测试切分，不要和 AISHELL-1 混写。",
)


def test_a_figure_in_a_list_takes_the_measure_and_setting_of_its_lead() -> None:
    sense = text(
        A,
        "r/speechtech: sensevoice-small on AISHELL-1 test gives me 3.48 CER, not 2.96\n\n"
        "Setup: SenseVoice-Small, AISHELL-1 test (all 7,176 utterances), `use_itn=False`, "
        "punctuation stripped. I get a CER of 3.48%.",
    )
    assert numbers(sense, CER_DOC) == [(A, CER)]
    # the same in Chinese, of another model of the list
    para = text(B, "Paraformer-large 复测\n\nParaformer-large 在 AISHELL-1 test 上 CER 为 1.92%。")
    assert numbers(para, CER_DOC) == [(B, CER)]


def test_a_list_figure_of_another_model_split_or_the_same_value_is_no_conflict() -> None:
    # FireRedASR2-AED is another model than FireRedASR-AED
    fire = text(B, "FireRedASR2 复测\n\nFireRedASR2-AED 在 AISHELL-1 test 上 CER 为 0.48%。")
    assert numbers(fire, CER_DOC) == []
    # AISHELL-2 ios is another test set than AISHELL-1 test
    ios = text(B, "Paraformer-large 复测\n\nParaformer-large 在 AISHELL-2 ios 上 CER 为 2.56%。")
    assert numbers(ios, CER_DOC) == []
    # `2.96%` is the list's `2.96`
    same = text(
        B, "SenseVoice 复测\n\nSenseVoice-Small 在 AISHELL-1 test 上 CER 为 2.96%，与卡片一致。"
    )
    assert numbers(same, CER_DOC) == []
    # a lead naming no measure, under a heading naming none, gives its list no measure
    bare = text(CER, "中文测试集\nAISHELL-1 test：\n\n- Paraformer-large：1.68；")
    assert numbers(text(B, "P\n\nParaformer-large 在 AISHELL-1 test 上 CER 为 1.92%。"), bare) == []


# --- number: measures written as abbreviations, and after the figure

TTS = "docs/tts.md§2.1"
TTS_DOC = text(
    TTS,
    "零样本 TTS：CosyVoice2 与 F5-TTS\n"
    "CosyVoice2（阿里通义，0.5B）：Seed-TTS-eval test-zh CER 1.45、SIM 0.748，"
    "test-en WER 2.57。\n\n"
    "F5-TTS（上海交大等）：v1 Base 在 Seed-TTS-eval test-zh CER 1.56、test-en WER 1.83；"
    "RTX 3090 上 32 NFE 时 RTF 0.15（作者自述）。",
)


def test_an_abbreviated_measure_before_or_after_its_figure_is_read() -> None:
    got = figures(TTS_DOC[3])
    assert got["0.15"][0] == "rtf" and got["0.748"][0] == "sim"  # not releases of RTF, SIM
    after = figures("## CodecTalk\nOn Seed-TTS-eval CodecTalk reaches 2.31 WER on test-en.")
    assert after["2.31%"][0] == "wer"
    # a measure after a figure that the next figure has is the next one's
    assert figures("## X\nCodecTalk: 0.61 on test-en, CER 1.62 on test-zh.")["0.61"][0] == ""
    slow = text(
        A,
        "F5-TTS is slower than the paper says\n\nWe ran F5-TTS v1 Base on an RTX 3090 with the "
        "default 32 NFE and the official script: an RTF of 0.31 averaged over 200 prompts.",
    )
    assert numbers(slow, TTS_DOC) == [(A, TTS)]


def test_an_abbreviated_measure_of_another_model_or_another_card_is_no_conflict() -> None:
    codec = text(
        A,
        "CodecTalk: Zero-Shot Speech Synthesis\n\nOn Seed-TTS-eval CodecTalk reaches 1.62 CER "
        "on test-zh and it streams on one A100.",
    )
    assert numbers(codec, TTS_DOC) == []
    # another GPU: `RTX 4090` is not `RTX 3090`
    other_gpu = text(
        A,
        "F5-TTS on a 4090\n\nWe ran F5-TTS v1 Base on an RTX 4090 with the default 32 NFE: "
        "an RTF of 0.09.",
    )
    assert numbers(other_gpu, TTS_DOC) == []


# --- number: a measure in two words, and its abbreviation

BUS = "docs/hpc.md§5.1"
BUS_DOC = text(
    BUS,
    "NCCL 与 all-reduce\n"
    "口径：nccl-tests 的 `all_reduce_perf` 报 algbw 与 busbw。我们的复测（2026-11-04）："
    "8×H100 SXM（NVLink 4 + NVSwitch）、NCCL 2.28.3、CUDA 13.0、消息 8 GB：busbw 480 GB/s。",
)


def test_bus_bandwidth_written_out_is_busbw() -> None:
    thread = text(
        A,
        "r/HPC: only 362 GB/s busbw from all_reduce_perf on an 8x H100 SXM node?\n\n"
        "The poster runs nccl-tests on an HGX H100 (8 GPUs, NVLink 4 through NVSwitch), NCCL "
        "2.28.3, CUDA 13.0, and gets a bus bandwidth of 362 GB/s at 8 GB.",
    )
    assert numbers(thread, BUS_DOC) == [(A, BUS)]
    # the algorithm bandwidth is another measure; another GPU is another setting
    algbw = thread[3].replace("a bus bandwidth", "an algbw").replace("362 GB/s busbw", "240")
    assert numbers(text(A, algbw), BUS_DOC) == []
    h200 = thread[3].replace("H100", "H200")
    assert numbers(text(A, h200), BUS_DOC) == []


# --- number: the configuration written before a result


def test_a_result_in_another_configuration_is_no_conflict() -> None:
    card = text(
        "organized/cards/507.md#1",
        "LoCA: Low-Latency Chunk Attention\n\n# LoCA\n\nTLDR: streaming ASR encoder. With 320 ms "
        "chunks: 2.6 WER on LibriSpeech test-clean, 6.3 on test-other.",
    )
    v2 = text(
        A,
        "LoCA v2 (arXiv:2611.04417v2)\n\nThis version adds a 160 ms chunk configuration, at "
        "which LoCA scores 3.1 WER on LibriSpeech test-clean and 7.4 on test-other.",
    )
    assert numbers(v2, card) == []
    # the same configuration with another figure is one
    revised = v2[3].replace("160 ms", "320 ms")
    assert numbers(text(A, revised), card) == [(A, card[0])]


def test_a_figure_conflicts_only_with_its_own_split_of_the_table() -> None:
    clean = RETEST_ZH[3].replace("test-other", "test-clean").replace("3.41", "1.92")
    [found] = number_conflicts([text(RETEST_ZH[0], clean), WER_DOC])
    # the table's test-clean figure, not its test-other one written beside it
    assert [c.value for c in found.claims] == ["1.92", "1.69"]


def test_a_result_named_by_its_measure_alone_takes_the_setup_written_before() -> None:
    # `I get a CER of 3.48%.` names only its measure: its setting is the setup before it
    setup = text(
        A,
        "SenseVoice-Small retest\n\nSetup: SenseVoice-Small, AISHELL-1 test (all 7,176 "
        "utterances), `use_itn=False`, punctuation stripped. I get a CER of 3.48%.",
    )
    assert numbers(setup, CER_DOC) == [(A, CER)]
    # the same setup of another model: no conflict
    other = setup[3].replace("SenseVoice-Small", "Moonshine-Base")
    assert numbers(text(A, other), CER_DOC) == []


def test_an_items_title_subject_must_be_the_sections_too() -> None:
    # a section naming the benchmark and model a figure of another agent is measured with
    doc = text(
        "docs/agents.md§5.1",
        "成本\nOpenHands v1.4.0 + Claude Sonnet 4.5 在 SWE-bench Verified 上每任务约 $1.84。",
    )
    mini = text(
        A,
        "对象二：mini-swe-agent v2.0\n\nmini-swe-agent 发布 v2.0。README 给出的口径：SWE-bench "
        "Verified，Claude Sonnet 4.5，250 步上限，每任务约 $0.70。",
    )
    assert numbers(mini, doc) == []
    # the same agent is one
    same = text(
        A,
        "对象二：OpenHands v1.4.0\n\nOpenHands v1.4.0 复测，SWE-bench Verified，Claude Sonnet 4.5，"
        "每任务约 $2.40。",
    )
    assert numbers(same, doc) == [(A, "docs/agents.md§5.1")]
    # a section on the benchmark whose figure names no model in its sentence is no CodecTalk
    # result, though its setting is within the item's
    bench = text(
        "docs/tts.md§5.1",
        "Seed-TTS-eval\nSeed-TTS-eval test-zh 上 CER 1.45，test-en 上 WER 2.57，均为作者自述。",
    )
    codec = text(
        B,
        "CodecTalk: Zero-Shot Speech Synthesis\n\nOn Seed-TTS-eval CodecTalk reaches 1.62 CER "
        "on test-zh.",
    )
    assert numbers(codec, bench) == []


# --- number: a switch written off or on, in either script

ITN_DOC = text(
    CER,
    "AISHELL 与中文 CER\nAISHELL-1：178 小时普通话朗读。CER（test，{}）：\n\n"
    "- Paraformer-large：1.68；\n- SenseVoice-Small：2.96（作者自述）。",
)
NO_ITN = text(
    A,
    "SenseVoice-Small retest\n\nSetup: SenseVoice-Small, AISHELL-1 test, `use_itn=False`, "
    "punctuation stripped. I get a CER of 3.48%.",
)


def test_the_same_switch_off_in_either_script_is_one_setting() -> None:
    for off in ("无 ITN", "no ITN", "ITN 关闭"):
        doc = (ITN_DOC[0], ITN_DOC[1], ITN_DOC[2], ITN_DOC[3].format(off))
        assert numbers(NO_ITN, doc) == [(A, CER)], off
    # a switch neither side writes, or only one, does not part them
    doc = (ITN_DOC[0], ITN_DOC[1], ITN_DOC[2], ITN_DOC[3].format("全量"))
    assert numbers(NO_ITN, doc) == [(A, CER)]


def test_a_switch_off_against_on_is_another_setting() -> None:
    for on in ("带 ITN", "with ITN", "ITN 开启", "use_itn=True"):
        doc = (ITN_DOC[0], ITN_DOC[1], ITN_DOC[2], ITN_DOC[3].format(on))
        assert numbers(NO_ITN, doc) == [], on
    # words that switch nothing (`was on`, `without the`, `with the`) are no switch
    loose = NO_ITN[3].replace("punctuation stripped.", "sampling was on, without the timestamps.")
    doc = (ITN_DOC[0], ITN_DOC[1], ITN_DOC[2], ITN_DOC[3].format("无 ITN，with the card's scorer"))
    assert numbers(text(A, loose), doc) == [(A, CER)]


# --- number: a table's rows and columns

LIBERO_DOC = text(
    "docs/embodied.md§4.1",
    "4.1 LIBERO\n成功率（%，各自论文的作者自述，每个任务 50 回合）：\n\n"
    "| 模型 | Spatial | Object | Goal | Long | 平均 |\n|---|---|---|---|---|---|\n"
    "| OpenVLA | 84.7 | 88.4 | 79.2 | 53.7 | 76.5 |\n"
    "| π0-FAST | 96.4 | 96.8 | 88.6 | 60.2 | 85.5 |\n"
    "| π0 | 96.8 | 98.8 | 95.8 | 85.2 | 94.2 |\n",
)
LITE = (
    "Embody-Lite: a 0.8B VLA for cheap arms\n\nThe lab posts its LIBERO results, 50 episodes "
    "per task. Baseline numbers are copied from the respective papers:\n\n"
    "| model | Spatial | Object | Goal | Long | Avg |\n|---|---|---|---|---|---|\n"
    "| OpenVLA | 84.7 | 88.4 | 79.2 | 53.7 | 76.5 |\n"
    "| π0-FAST | 96.4 | 96.8 | 88.6 | 70.2 | 88.0 |\n"
    "| π0 | 96.8 | 98.8 | 95.8 | 85.2 | 94.2 |\n"
    "| Embody-Lite | 95.1 | 97.3 | 93.8 | 84.0 | 92.6 |\n"
)


def test_a_baseline_row_of_an_items_table_is_of_the_model_it_names() -> None:
    # the item's title names Embody-Lite, but its π0-FAST row is π0-FAST's result: the
    # section's row of π0-FAST writes other figures
    assert numbers(text(A, LITE), LIBERO_DOC) == [(A, LIBERO_DOC[0])]
    # the same rows as the section's are no conflict, and the item's own model has no row there
    same = LITE.replace("70.2 | 88.0", "60.2 | 85.5")
    assert numbers(text(A, same), LIBERO_DOC) == []


def test_a_row_conflicts_column_by_column_in_one_finding() -> None:
    [found] = number_conflicts([text(A, LITE), LIBERO_DOC])
    # the Long column against the section's Long, the average against its 平均 (the same
    # column of a header as wide), never Long against 平均
    assert [c.value for c in found.claims] == ["70.2", "88.0", "60.2", "85.5"]
    assert "70.2" in found.text and "60.2" in found.text
