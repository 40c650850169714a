"""Placements (docs/duplicates.md, "Placements"): each rule on a small living document, in Chinese
and in English — the names of a heading, a section the item contradicts, where an earlier brief
put the same content, a plural against its singular, a subsection before its chapter. The figures
on whole knowledge bases are `python -m benchmarks.quality`'s."""

from __future__ import annotations

import pytest
from briefdesk.core.matching import match_items
from briefdesk.core.matching.placements import baseline_tokens
from briefdesk.core.model.values import BriefEntry, Evidence, Item, Section
from briefdesk.core.workspace.earlier_briefs import placed_in

DOC = "docs/inference.md"


def item(ref: str, title: str, body: str) -> Item:
    return Item(
        ref=ref,
        material=ref.split("#")[0],
        index=int(ref.split("#")[1]),
        title=title,
        body=body,
        evidence=Evidence.unknown,
    )


def section(sid: str, title: str, text: str) -> Section:
    return Section(id=sid, title=title, level=3 if "." in sid else 2, line=1, text=text)


def entry(ref: str, text: str) -> BriefEntry:
    brief, number = ref.split("#")
    return BriefEntry(
        ref=ref, brief=brief, date="2026-11-01", section="一", number=number, text=text
    )


def first(sections: list[Section], it: Item, entries: list[BriefEntry] | None = None) -> list[str]:
    return [p.section for p in match_items([it], sections, entries or [], DOC)[it.ref].placements]


UNRELATED_ZH = [
    section("3.3", "Agent 会话", "agent 会话的上下文常驻与工具调用之间的空闲。"),
    section("4.1", "投机解码", "draft 模型提案、目标模型并行验证，输出分布不变。"),
    section("5.10", "KServe", "KServe 的模型生命周期、金丝雀与 scale-to-zero。"),
]


def test_a_section_the_item_contradicts_comes_first_in_chinese() -> None:
    # §1.1 holds most of what the post repeats; §1.2 states SGLang's current release, which the
    # post contradicts: the increment is that correction, so §1.2 comes first.
    sections = [
        section(
            "1.1",
            "选型决策树",
            "数据中心多租户走 vLLM 或 SGLang，单机与 Apple 芯片走 llama.cpp；HF 于 2026-03 归档 "
            "TGI，vLLM v0.30.0 于 9/22 发布。",
        ),
        section("1.2", "SGLang", "SGLang 稳定版 v1.2.1（2026-09-23），提供 /v1/decisions 端点。"),
        *UNRELATED_ZH,
    ]
    post = item(
        "inbox/p.md#1",
        "开源推理栈版本时间线",
        "帖文称 vLLM v0.30.0(9/22)、SGLang v0.5.21(10/2) 连发；HF 于 2026-03 归档 TGI；"
        "数据中心多租户走 vLLM 或 SGLang，单机与 Apple 芯片走 llama.cpp。",
    )
    placements = match_items([post], sections, [], DOC)[post.ref].placements
    assert placements[0].section == "1.2"  # before: 1.1, which only holds what it repeats
    assert "sglang" in placements[0].names  # the desk says why
    assert "1.1" in [p.section for p in placements]
    assert [p.score for p in placements] == sorted((p.score for p in placements), reverse=True)


def test_a_section_the_item_contradicts_comes_first_in_english() -> None:
    sections = [
        section(
            "1.1",
            "pgvector",
            "pgvector 0.8.0 adds iterative index scans for filtered HNSW queries.",
        ),
        section(
            "2.1",
            "Filtered search",
            "Filtered HNSW search on partitioned tables: iterative scans return duplicate rows "
            "across partitions; fixes land per partition, with recall under filters.",
        ),
        section("3.1", "Evaluation", "RAGAS faithfulness and answer relevance."),
        section("4.1", "Qdrant", "Qdrant collections, payload indexes and quantization."),
    ]
    fix = item(
        "inbox/f.md#1",
        "pgvector 0.8.1 released",
        "pgvector 0.8.1 fixes duplicate rows from iterative scans on partitioned tables with "
        "filtered HNSW search across partitions.",
    )
    assert first(sections, fix)[0] == "1.1"  # before: 2.1, which shares more words


def test_where_an_earlier_brief_put_the_same_content_counts() -> None:
    # The item repeats an entry of an earlier brief placed in §1.3; on its words alone §2.3 is a
    # little closer. A reviewer files the same content where it went before.
    text = (
        "A commenter profiling Llama-3.1-70B on 8x H100 reports vLLM decode at about 80% of HBM "
        "bandwidth with CUDA graphs and the fp8 KV cache on."
    )
    sections = [
        section(
            "1.3", "vLLM and llama.cpp", "vLLM V1 engine on CUDA; llama.cpp for GGUF and CPUs."
        ),
        section("2.3", "KV compression", "fp8 KV cache on H100 and B200."),
        section("3.1", "Batching", "Continuous batching and chunked prefill."),
        section("5.10", "KServe", "KServe lifecycle and scale-to-zero."),
    ]
    earlier = entry(
        "briefs/inference/2026-11-02-e1-en.md#2",
        f"Decode bandwidth on H100\n• Key points: {text}\n• Placement: §1.3, one sentence.",
    )
    repeat = item("inbox/r.md#1", "Decode bandwidth on H100", text)
    assert first(sections, repeat)[0] == "2.3"  # without the earlier brief
    assert first(sections, repeat, [earlier])[0] == "1.3"


@pytest.mark.parametrize(
    "says",
    [
        "这条真正的价值是逼活文档 §1.2 把 SGLang 的正式线与社区线标清楚。",
        "What it is worth: it makes the living document's §1.2 label SGLang's stable and "
        "community lines.",
    ],
)
def test_a_section_the_item_names_itself_comes_first(says: str) -> None:
    # The post repeats what §1.3 says and states no SGLang version; its author says where it
    # belongs.
    sections = [
        section(
            "1.2",
            "SGLang",
            "SGLang 稳定版 v1.2.1（2026-09-23）。/v1/decisions 端点返回分类式选择，不做逐 token "
            "解码；HiCache 分级缓存默认关闭。",
        ),
        section(
            "1.3",
            "vLLM 与 llama.cpp",
            "vLLM 的 V1 引擎与 LoRA 多租户：单卡最多 64 个 adapter，热加载走 "
            "/v1/load_lora_adapter。llama.cpp 面向 GGUF 与 CPU、Apple 芯片，Q4_K_M 是端侧"
            "默认起点。",
        ),
        *UNRELATED_ZH,
    ]
    post = item(
        "inbox/p.md#2",
        "开源推理栈版本时间线",
        "vLLM v0.30.0（9/22）、llama.cpp v0.5.0（9/23）接连发布；llama.cpp 扛 GGUF 与 CPU、"
        f"Apple 芯片。{says}",
    )
    assert first(sections, post)[0] == "1.2"  # before: 1.3 alone


def test_an_english_plural_counts_as_its_singular() -> None:
    # The only word the English abstract shares with the Chinese section is `decision(s)`.
    sections = [
        section(
            "1.2",
            "SGLang",
            "SGLang 提供 /v1/decisions 端点，返回分类式选择而不做逐 token 解码（decisions 条目）。",
        ),
        section("5.1", "llm-d", "llm-d：Kubernetes 原生的 LLM 分布式推理编排。"),
        *UNRELATED_ZH,
    ]
    paper = item(
        "inbox/d.md#1",
        "DecisionRank",
        "Decision models predict a choice directly, avoiding autoregressive decoding; we distil "
        "a generative LLM into a decision model reranker.",
    )
    assert first(sections, paper)[0] == "1.2"  # before: 5.1, on `llm` alone


@pytest.mark.parametrize(
    ("chapter", "subsection", "text"),
    [
        (
            section(
                "3", "调度与状态管理", "连续批处理、抢占与状态分叉：共享前缀，分叉点后分配新块。"
            ),
            section("3.1", "状态分叉", "状态分叉：同一前缀派生多个分支，共享前缀 KV。"),
            "精确状态分叉：共享前缀只算一次，在分叉点后为每个候选分配新块。",
        ),
        (
            section(
                "3",
                "Scheduling",
                "Continuous batching, preemption and state forking: a shared prefix, forked.",
            ),
            section("3.1", "State forking", "State forking: branches share the prefix KV."),
            "Exact state forking computes the shared prefix once and forks it per candidate.",
        ),
    ],
)
def test_a_subsection_comes_before_its_chapter(
    chapter: Section, subsection: Section, text: str
) -> None:
    sections = [
        chapter,
        subsection,
        section("3.3", "Agent", "agent 会话 session 常驻"),
        *UNRELATED_ZH,
    ]
    got = first(sections, item("inbox/s.md#1", "Flide", text))
    assert got[0] == "3.1"


@pytest.mark.parametrize(
    ("sections", "title", "body"),
    [
        (
            [
                section(
                    "1.1",
                    "知识类基准",
                    "GPQA Diamond 198 题，研究生水平的物理、化学、生物题；随机基线 25%，"
                    "常用 CoT，多见于技术报告。",
                ),
                section("5.1", "RULER", "RULER 按 4K 到 128K 报告；Llama-2-7B 在 4K 上为 85.6。"),
            ],
            "Llama 5 发布：70B 的 GPQA 成绩",
            "Meta 发布 Llama 5，上下文 128K。技术报告里 Llama-5-70B 在 GPQA Diamond 上为 61.2"
            "（0-shot CoT）。",
        ),
        (
            [
                section(
                    "1.1",
                    "Knowledge benchmarks",
                    "GPQA Diamond: 198 graduate-level physics, chemistry and biology questions; "
                    "random baseline 25%, usually 0-shot CoT.",
                ),
                section(
                    "5.1",
                    "RULER",
                    "RULER reports 4K to 128K; Llama-2-7B scores 85.6 at 4K, Qwen3-32B 62.4 at "
                    "128K.",
                ),
            ],
            "Llama 5 is out: the 70B's GPQA score",
            "Meta released Llama 5 with a 128K context. The report gives Llama-5-70B 61.2 on "
            "GPQA Diamond (0-shot CoT).",
        ),
    ],
)
def test_a_section_naming_a_name_of_the_items_title_counts(
    sections: list[Section], title: str, body: str
) -> None:
    # The item's title says it is a GPQA score; its context length and another Llama model's
    # score bring RULER's section as close on the words alone.
    got = first([*sections, *UNRELATED_ZH], item("inbox/n.md#2", title, body))
    assert got[0] == "1.1"  # before: 5.1


@pytest.mark.parametrize(
    ("sections", "text"),
    [
        (
            [
                section(
                    "3",
                    "LLM-as-a-judge",
                    "A judge model scores open answers; a report names the judge, its snapshot "
                    "and its prompt.",
                ),
                section(
                    "3.2",
                    "Judge agreement",
                    "Agreement with human raters is reported as Cohen's kappa; pin the snapshot.",
                ),
                section("5", "Agents", "Agent benchmarks are costly to run."),
                section(
                    "5.2",
                    "tau-bench",
                    "GPT-4o reaches pass^1 0.60 on retail; reruns of the same task are not stable.",
                ),
                section("6.1", "Open questions", "How do scores align after a model upgrade?"),
                section("5.10", "KServe", "KServe lifecycle and scale-to-zero."),
            ],
            "The same judge name is not the same judge: two snapshots of GPT-4o as a judge of "
            "open answers disagree on 14% of verdicts, so reruns of the same task are not stable.",
        ),
        (
            [
                section(
                    "3",
                    "LLM-as-a-judge",
                    "用强模型给开放式回答打分；报告中应写明 judge 模型、快照日期与提示词。",
                ),
                section(
                    "3.2", "judge 一致性", "judge 与人工的一致率用 Cohen's kappa 报告；快照要固定。"
                ),
                section("5", "agent 评测", "agent 评测单次运行成本高。"),
                section(
                    "5.2",
                    "τ-bench",
                    "GPT-4o 在 retail 上 pass^1 约 0.60：同一任务反复跑，成功并不稳定。",
                ),
                section("6.1", "开放问题", "模型升级后历史分数如何对齐？"),
                section("5.10", "KServe", "KServe 的模型生命周期与 scale-to-zero。"),
            ],
            "同名 judge 不是同一个 judge：用 GPT-4o 的两个快照作 judge 给开放式回答打分，14% 的判决"
            "不同，反复评判并不稳定。",
        ),
    ],
)
def test_a_subsection_is_read_within_its_chapter(sections: list[Section], text: str) -> None:
    # The item is about judges (the chapter) and snapshots (one subsection of it); on its own
    # words the subsection is too far below the chapter to come first. Read within its chapter,
    # the judge subsection comes first, the chapter next.
    drift = item("inbox/j.md#1", "JudgeDrift", text)
    placements = match_items([drift], sections, [], DOC)[drift.ref].placements
    assert [p.section for p in placements][:2] == ["3.2", "3"]  # before: 3 alone
    # the scores follow the ranking (the subsection shows its chapter's, not a lower one)
    assert [p.score for p in placements] == sorted((p.score for p in placements), reverse=True)


def test_a_chapter_comes_first_when_no_subsection_fits() -> None:
    sections = [
        section("3", "调度与状态管理", "连续批处理、抢占与状态分叉：共享前缀，分叉点后分配新块。"),
        section("3.2", "PD 分离", "prefill / decode 分离部署，KV 传输带宽是瓶颈。"),
        section("3.3", "Agent 会话", "agent session 上下文长、KV 常驻。"),
        *UNRELATED_ZH,
    ]
    text = "精确状态分叉：共享前缀只算一次，在分叉点后为每个候选分配新块，抢占时按块回收。"
    assert first(sections, item("inbox/s.md#1", "Flide", text))[0] == "3"


@pytest.mark.parametrize(
    ("title", "body", "sections"),
    [
        (
            "Our MMLU-Pro rerun of Kestrel-70B",
            "We reran Kestrel-70B-Instruct on MMLU-Pro, 5-shot CoT, with lm-evaluation-harness "
            "v0.4.9, the chat template applied, vLLM backend, bf16, and got 78.9.",
            [
                section(
                    "1.1",
                    "MMLU-Pro",
                    "MMLU-Pro: 12,032 questions with ten options; the official setting is 5-shot "
                    "CoT.",
                ),
                section(
                    "2.1",
                    "lm-evaluation-harness",
                    "lm-evaluation-harness v0.4.9 runs on a vLLM or HF backend, bf16; tasks are "
                    "YAML files.",
                ),
            ],
        ),
        (
            "MMLU-Pro 复测：Kestrel-70B 为 78.9",
            "作者用 lm-evaluation-harness v0.4.9 复测 Kestrel-70B-Instruct 的 MMLU-Pro"
            "（5-shot CoT），vLLM 后端，得到 78.9。",
            [
                section(
                    "1.1",
                    "MMLU-Pro 与知识类基准",
                    "MMLU-Pro 共 12,032 题，10 个选项，官方口径为 5-shot CoT。",
                ),
                section(
                    "2.1",
                    "lm-evaluation-harness",
                    "lm-evaluation-harness 稳定版 v0.4.9，支持 vLLM 与 HF 后端，bf16；"
                    "任务用 YAML 定义。",
                ),
            ],
        ),
    ],
)
def test_the_heading_name_the_items_title_uses_counts_more(
    title: str, body: str, sections: list[Section]
) -> None:
    # Both headings' names are in the item, and it shares more words with the tool's section
    # (its version, backend, precision); its title says it is a benchmark result, run with the
    # tool: the benchmark's section.
    got = first([*sections, *UNRELATED_ZH], item("inbox/m.md#1", title, body))
    assert got[0] == "1.1"  # before: 2.1


@pytest.mark.parametrize(
    ("text", "section_id"),
    [
        ("• 建议归入：§1.2 新增小节（串起 §5.3 与 §4.1）；Flide 归 §3", "1.2"),
        ("  • Placement: §5.8, a new subsection.", "5.8"),
        ("- Suggested placement: §2.1: append.", "2.1"),
        ("• 来源：§1.2 的选型文\n• 要点：无", None),
    ],
)
def test_an_earlier_entry_is_placed_in_the_first_section_of_its_placement_line(
    text: str, section_id: str | None
) -> None:
    assert placed_in(f"标题\n{text}\n• 证据边界：摘要级") == section_id


@pytest.mark.parametrize(
    ("sections", "title", "body"),
    [
        (
            [
                section(
                    "1.1",
                    "esbuild",
                    "esbuild 稳定版 v0.25.1（2026-09-10）。v0.25 起 tree shaking 会穿过 re-export："
                    "`export * from` 里没用到的导出被删掉，此前整包保留。",
                ),
                section(
                    "3.2",
                    "构建基准",
                    "10k 模块应用冷构建：esbuild 0.25.1 为 0.4 s，Rollup 4.30.0 为 12 s，webpack "
                    "5.98 为 21 s（工具作者自测）。",
                ),
                section("6.1", "CSS 打包", "Lightning CSS 的前缀补全与嵌套语法降级。"),
            ],
            "包体积降不下来？esbuild 的 re-export tree shaking 了解一下",
            "文章解释 esbuild 0.25 之后的 tree shaking：`export * from` 里没用到的导出会被删掉，"
            "以前整包保留；副作用标记要写在 package.json 的 sideEffects 里。",
        ),
        (
            [
                section(
                    "1.1",
                    "esbuild",
                    "esbuild's stable release is v0.25.1 (2026-09-10). Since v0.25 tree shaking "
                    "goes through re-exports: unused exports of `export * from` are dropped.",
                ),
                section(
                    "3.2",
                    "Build benchmarks",
                    "Cold build of a 10k-module app: esbuild 0.25.1 at 0.4 s, Rollup 4.30.0 at "
                    "12 s, webpack 5.98 at 21 s (the tool authors' own runs).",
                ),
                section("6.1", "CSS bundling", "Lightning CSS prefixing and nesting lowering."),
            ],
            "Bundle still too big? esbuild's re-export tree shaking",
            "The post explains tree shaking since esbuild 0.25: unused exports of `export * "
            "from` are dropped, where the whole package was kept; side effects are declared in "
            "package.json's sideEffects.",
        ),
    ],
)
def test_a_version_a_section_names_in_passing_does_not_take_the_item_from_its_project(
    sections: list[Section], title: str, body: str
) -> None:
    # The benchmark section names esbuild's release only as the setting of a figure; `0.25`
    # against its `0.25.1` is no correction for it. The project's own section (its heading names
    # it, and it states both versions) is where the item goes.
    got = first([*sections, *UNRELATED_ZH], item("inbox/b.md#1", title, body))
    assert got[0] == "1.1"  # before: 3.2, lifted as contradicted


@pytest.mark.parametrize(
    ("sections", "title", "body"),
    [
        (
            [
                section(
                    "2.1",
                    "Whisper 与转写基线",
                    "Whisper large-v3 在 LibriSpeech test-other 上 WER 约 3.9%，仍是开源转写的"
                    "默认基线。",
                ),
                section(
                    "2.3",
                    "重打分",
                    "二遍重打分：Parakeet-TDT-1.1B 对 Whisper 的 n-best 重新打分，单张 A10、fp16、"
                    "beam 8 下每小时音频约 40 秒。",
                ),
                section("6.1", "说话人分离", "pyannote 的 diarization 管线与重叠语音。"),
            ],
            "重打分实测：Parakeet-TDT-1.1B",
            "读者投稿：用 Parakeet-TDT-1.1B 重打分 Whisper large-v3 的 n-best，LibriSpeech "
            "test-other 上 WER 约 3.1%，单张 A10、fp16、beam 8。",
        ),
        (
            [
                section(
                    "2.1",
                    "Whisper and baselines",
                    "Whisper large-v3 has a word error rate of 3.9% on LibriSpeech test-other, "
                    "still the default open baseline.",
                ),
                section(
                    "2.3",
                    "Rescoring",
                    "Second-pass rescoring: Parakeet-TDT-1.1B rescores Whisper's n-best; on one "
                    "A10, fp16, beam 8, about 40 s per hour of audio.",
                ),
                section("6.1", "Diarization", "pyannote diarization pipelines and overlap."),
            ],
            "Rescoring, measured: Parakeet-TDT-1.1B",
            "A reader's run: Parakeet-TDT-1.1B rescoring the n-best of Whisper large-v3 gets a "
            "word error rate of 3.1% on LibriSpeech test-other, one A10, fp16, beam 8.",
        ),
    ],
)
def test_a_figure_of_the_items_subject_is_no_correction_of_its_baselines(
    sections: list[Section], title: str, body: str
) -> None:
    # 3.1% is the rescorer's WER over Whisper's output, in the setting where the baseline
    # section states Whisper's own 3.9%: the figures share a setting, not a subject. The item's
    # title names the rescorer, whose section it goes in.
    got = first([*sections, *UNRELATED_ZH], item("inbox/w.md#3", title, body))
    assert got[0] == "2.3"  # before: 2.1, lifted as contradicted


@pytest.mark.parametrize(
    ("sections", "title", "body"),
    [
        (
            [
                section("1", "镜像构建", "镜像的构建、分层与缓存。"),
                section(
                    "1.2",
                    "分层缓存",
                    "镜像分层缓存：按层的内容哈希复用，基础层变动时整条链失效；zstd 压缩层比 gzip "
                    "小约 20%。",
                ),
                section("3", "容器运行时", "每个运行时写当前稳定版与日期、默认配置、已知坑。"),
                section(
                    "3.1", "containerd", "containerd 稳定版 v2.1.3（2026-09-02），CRI 插件内置。"
                ),
                section("3.2", "CRI-O", "CRI-O 当前版本 v1.33.2（2026-08-20），跟随 Kubernetes。"),
                section("3.3", "runc", "runc v1.3.0 是多数运行时的底层；cgroup v2 为默认。"),
            ],
            "Podman v5.6：quadlet 与分层缓存",
            "转载 Podman 社区的更新说明：v5.6（10/14 发布）起 quadlet 单元可以直接声明 pod；"
            "镜像分层缓存改用内容哈希复用，zstd 压缩层默认开启。",
        ),
        (
            [
                section("1", "Image builds", "Building, layering and caching images."),
                section(
                    "1.2",
                    "Layer caching",
                    "Layer caching reuses layers by content hash; a changed base layer invalidates "
                    "the chain; zstd layers are about 20% smaller than gzip.",
                ),
                section(
                    "3",
                    "Container runtimes",
                    "Each runtime: its current stable release and date, defaults, known pitfalls.",
                ),
                section("3.1", "containerd", "containerd's stable release is v2.1.3 (2026-09-02)."),
                section("3.2", "CRI-O", "CRI-O's current release is v1.33.2 (2026-08-20)."),
                section("3.3", "runc", "runc v1.3.0 sits under most runtimes; cgroup v2 default."),
            ],
            "Podman v5.6: quadlet pods and layer caching",
            "The Podman release notes: since v5.6 (released 10/14) quadlet units declare pods "
            "directly; layer caching reuses layers by content hash, zstd layers by default.",
        ),
    ],
)
def test_a_new_projects_release_is_proposed_in_the_chapter_of_its_kind(
    sections: list[Section], title: str, body: str
) -> None:
    # The document has no word of Podman; its runtimes chapter files one runtime per subsection,
    # each with its release. The layer-caching subsection shares the item's words and stays
    # first; the runtimes chapter comes next, where a reviewer would open Podman's subsection.
    got = first([*sections, *UNRELATED_ZH], item("inbox/p.md#4", title, body))
    assert got[:2] == ["1.2", "3"]  # before: 3 not proposed
    named = [*sections[:-1], section("3.3", "runc", "runc v1.3.0 也是 Podman 的默认底层。")]
    assert "3" not in first([*named, *UNRELATED_ZH], item("inbox/p.md#4", title, body))[:2]


def test_an_english_item_meets_the_chinese_section_that_says_it_in_chinese() -> None:
    # The abstract shares no name with either section; its words are the Chinese section's in
    # English (congestion window, packet loss, bandwidth). The QUIC section shares `packet` and
    # `stream` as written. Through the dictionary the congestion-control section comes first.
    sections = [
        section(
            "2.1",
            "拥塞控制",
            "基于丢包的拥塞控制：每次丢包就缩小拥塞窗口；带宽估计决定发送速率，窗口跟随往返时延。",
        ),
        section(
            "3.2",
            "QUIC 实现",
            "QUIC 的 stream 多路复用与连接迁移；packet number 分空间编号，握手一个往返。",
        ),
        section("4.1", "证书轮换", "证书到期前自动续签，私钥不落盘。"),
        *UNRELATED_ZH,
    ]
    paper = item(
        "inbox/n.md#1",
        "Window, not loss",
        "Loss-based congestion control shrinks the congestion window on every packet loss. We "
        "estimate the bandwidth instead and keep the window open, so a lossy link no longer "
        "halves the sending rate of each stream.",
    )
    assert first(sections, paper)[0] == "2.1"  # before: 3.2, on `packet` and `stream`


@pytest.mark.parametrize(
    ("sections", "title", "body"),
    [
        (
            [
                section(
                    "1.2",
                    "Code splitting",
                    "Code splitting cuts the first-load JavaScript: manual chunks, dynamic "
                    "import() and tree-shaking; a shared vendor chunk halves the first-load "
                    "bundle on a typical dashboard, with gzip sizes measured by the bundler.",
                ),
                section(
                    "2.1",
                    "Vite",
                    "Vite's stable release is 7.1.4; 6.3 is kept for security fixes. The dev "
                    "server serves native ES modules.",
                ),
                section("3.1", "Linting", "ESLint flat config and Biome rules for a monorepo."),
                section("4.1", "Testing", "Vitest and Playwright runs in CI, sharded by file."),
            ],
            "Vite 7.1 chunking halves first-load JavaScript",
            "Per the release notes, the new automatic chunking in Vite splits a shared vendor "
            "chunk with tree-shaking and dynamic import(), so first-load JavaScript on a typical "
            "dashboard falls by half in gzip size.",
        ),
        (
            [
                section(
                    "1.2",
                    "代码分割",
                    "代码分割减少首屏 JavaScript：手动分包、动态 import() 与 tree-shaking；"
                    "抽出公共 vendor 包后典型仪表盘的首屏包体积减半，gzip 体积由打包器统计。",
                ),
                section(
                    "2.1",
                    "Vite",
                    "Vite 当前稳定版为 7.1.4；6.3 只修安全问题。开发服务器直接提供原生 ES 模块。",
                ),
                section("3.1", "代码检查", "ESLint 扁平配置与 Biome 规则在 monorepo 中的用法。"),
                section("4.1", "测试", "Vitest 与 Playwright 在 CI 中按文件分片运行。"),
            ],
            "Vite 7.1 自动分包让首屏 JavaScript 减半",
            "据发布说明，Vite 新的自动分包抽出公共 vendor 包，配合 tree-shaking 与动态 "
            "import()，典型仪表盘的首屏 JavaScript gzip 体积减半。",
        ),
    ],
)
def test_what_a_release_the_projects_section_records_brings_goes_there(
    sections: list[Section], title: str, body: str
) -> None:
    # The item's title names Vite and the release (7.1) its subsection records (7.1.4): what the
    # release brings belongs with the project, though the technique's section shares more words.
    got = first(sections, item("inbox/v.md#1", title, body))
    assert got[0] == "2.1"  # before: 1.2
    assert "1.2" in got[:3]


def test_where_an_earlier_brief_put_the_same_content_counts_though_its_words_differ() -> None:
    # The earlier brief placed this content in §4.2, whose text says it in other words (the bill
    # of keeping spans) and shares one word with the item; §2.1 shares most of them. Doubling a
    # cosine near nothing leaves §4.2 behind: the earlier placement itself is the reviewer's
    # reason, as a named or contradicted section is.
    text = (
        "Tail-based sampling in the OpenTelemetry Collector keeps every error trace and one in "
        "fifty healthy traces, so trace storage on object storage falls to about a tenth."
    )
    sections = [
        section(
            "2.1",
            "Trace sampling",
            "Head-based and tail-based sampling of traces in the OpenTelemetry Collector: "
            "error traces are kept, healthy traces sampled at a fixed rate.",
        ),
        section(
            "4.2",
            "Retention bill",
            "What keeping spans for thirty days costs per million requests; cold tiers on "
            "object buckets cut the monthly bill.",
        ),
        section("1.1", "Dashboards", "Grafana panels per service and their alert rules."),
        section("3.1", "Profiling", "Continuous profiling with eBPF and flame graphs."),
        section("5.1", "On-call", "Paging policy, escalation and runbooks."),
    ]
    earlier = entry(
        "briefs/ops/2026-11-02-e1-en.md#2",
        f"Tail sampling cuts trace storage\n• Key points: {text}\n• Placement: §4.2, one line.",
    )
    repeat = item("inbox/t.md#1", "Tail sampling cuts trace storage", text)
    assert first(sections, repeat)[0] == "2.1"  # without the earlier brief
    got = first(sections, repeat, [earlier])
    assert got[0] == "4.2"  # before: 2.1
    assert "2.1" in got[:3]


def test_a_version_no_heading_names_does_not_take_the_item_from_its_titles_section() -> None:
    # No heading names torch; §2.1 states its release in passing, which the post contradicts.
    # The post's title names §2.3's heading: that is what it is about.
    sections = [
        section(
            "2.1",
            "Mixed precision",
            "Mixed precision training with autocast in bf16; torch 2.4.1 is the stable release "
            "and fp16 needs a loss scaler.",
        ),
        section(
            "2.3",
            "Gradient checkpointing",
            "Gradient checkpointing recomputes activations in the backward pass: about a fifth "
            "slower per step, most of the activation memory saved; worth it when the batch does "
            "not fit.",
        ),
        section("3.1", "Data loading", "Sharded datasets, prefetching and worker counts."),
        section("4.1", "Evaluation", "Held-out loss and task accuracy every thousand steps."),
        section("4.2", "Checkpoints", "Saving sharded checkpoints to object storage."),
        section("5.1", "Clusters", "Slurm partitions, node health checks and preemption."),
        section("5.2", "Costs", "Spot instances and reserved capacity per month."),
        section("6.1", "Tokenizers", "BPE vocabularies and special tokens."),
    ]
    post = item(
        "inbox/g.md#1",
        "torch 2.3.0 is the stable release: is gradient checkpointing worth it?",
        "The poster plans to train on torch==2.3.0 (they call it the current stable release) "
        "and asks about gradient checkpointing. Top answer: it recomputes activations in the "
        "backward pass, about a fifth slower per step, and saves most of the activation "
        "memory; worth it only when the batch does not fit, and it works with autocast in bf16. "
        "Nobody corrects the version.",
    )
    assert first(sections, post)[0] == "2.3"  # before: 2.1, lifted as contradicted


@pytest.mark.parametrize(
    ("title", "body", "sections"),
    [
        (
            "Our TPC-DS rerun on one laptop",
            "We reran TPC-DS at scale factor 100 with DuckDB on one laptop: parquet files, 16 "
            "threads, 64 GB of memory, spilling to disk enabled, and all 99 queries took 512 s.",
            [
                section(
                    "1.1",
                    "TPC-DS",
                    "TPC-DS: 99 queries over a retail schema, at scale factors from 1 to 10,000.",
                ),
                section(
                    "2.1",
                    "DuckDB",
                    "DuckDB runs in process on one laptop over parquet files: 16 threads, 64 GB "
                    "of memory, spilling to disk when a join does not fit.",
                ),
                section("3.1", "Orchestration", "Airflow DAGs and dbt models per schedule."),
                section("4.1", "Lakehouse formats", "Iceberg and Delta tables, compaction."),
            ],
        ),
    ],
)
def test_the_items_title_decides_between_a_benchmark_and_the_tool_it_ran_on(
    title: str, body: str, sections: list[Section]
) -> None:
    # The text shares more of its setting's words with the engine's section; its title says it
    # is a benchmark result: the benchmark's section.
    assert first(sections, item("inbox/d.md#1", title, body))[0] == "1.1"  # before: 2.1


def test_the_version_of_what_the_title_says_the_run_used_is_no_correction() -> None:
    # The framework's section states its stable release; the item's run used the next one, and
    # its title says the framework is what the run was done with (`on … with Megatron Core`):
    # the interconnect the run is about, not the framework's section lifted as contradicted.
    sections = [
        section(
            "2.1",
            "Megatron-LM 与 Megatron Core",
            "Megatron Core 是 NVIDIA 可组合的训练库，提供 TP、PP、CP 与 EP，NVIDIA 用它训练 "
            "Llama 与 Nemotron，吞吐按每卡计。Megatron Core 稳定版 0.15.0（2026-10-09）。",
        ),
        section(
            "4.1",
            "NVLink 与 NVSwitch",
            "GB200 NVL72：72 颗 Blackwell GPU 在一个 NVLink 域内，每卡 1.8 TB/s；TP 放在 NVLink "
            "域内，跨机柜才走 InfiniBand。",
        ),
        *UNRELATED_ZH,
    ]
    it = item(
        "inbox/n.md#1",
        "Training Llama 3.1 405B on GB200 NVL72 with Megatron Core",
        "NVIDIA's post: Megatron Core 0.16, 512 GB200 GPUs in NVL72 racks, TP8 and CP2 inside "
        "one NVLink domain; 3.4x the per-GPU throughput of H100.",
    )
    assert first(sections, it)[0] == "4.1"  # before: 2.1, its 0.15.0 taken for a correction


def test_what_the_items_title_says_it_ran_on_is_its_setting_not_its_subject() -> None:
    # Both headings' names are in the title, and the platform's section names the index too;
    # the title says the subject is the index's tuning and the platform where it ran (`在
    # Milvus 上`, as `… on H200`): the index's section.
    sections = [
        section(
            "1.1",
            "HNSW 参数",
            "HNSW 的 M 与 efConstruction 决定建索引耗时，efSearch 决定查询时的召回与延迟。",
        ),
        section(
            "2.1",
            "Milvus",
            "Milvus 稳定版为 v2.6.3；分布式部署用 Kubernetes，索引支持 HNSW、IVF 与 DiskANN，"
            "查询节点与数据节点分开扩容。",
        ),
        *UNRELATED_ZH,
    ]
    it = item(
        "inbox/v.md#1",
        "HNSW 召回调参在 Milvus 上的复现",
        "efSearch 从 64 调到 256，召回从 0.91 升到 0.97。",
    )
    assert first(sections, it)[0] == "1.1"  # before: 2.1


KV_SECTIONS = [
    section(
        "2.2",
        "flashinfer 与分页 KV 解码",
        "flashinfer 是面向推理的注意力内核库，稳定版 v0.4.3；KV 按页存放，页大小 1–64 任意。"
        "我们的口径：H100、FP16 KV、batch 64 时解码约 2.85 TB/s，"
        "SGLang 与 vLLM 都把它作为默认后端。",
    ),
    section(
        "3.4",
        "KV cache 量化",
        "FP8 KV cache：每张量一个缩放，KV 内存减半；INT4/INT2 KV 的代表是 KIVI，key 按通道、"
        "value 按 token 量化。",
    ),
    section("5.2", "NVLink 与 NVSwitch", "NVLink 5 每卡 1.8 TB/s；NVL72 的 72 颗 GPU 一个域。"),
    *UNRELATED_ZH,
]


@pytest.mark.parametrize(
    "body",
    [
        # what the kernel is built on
        "每个头先乘随机 Hadamard 矩阵，key 和 value 按 token 量化到 4 bit，KV 内存是 FP16 的"
        "四分之一；基于 flashinfer 的解码内核，吞吐是 FP16 KV 的 1.9 倍。",
        # what it is compared with, in English
        "Keys and values are rotated and quantised to 4 bits per element, KV memory a quarter of "
        "FP16; decode is 1.9x faster than flashinfer with an FP16 KV cache.",
        # the baseline, with its figure between the cue and the name
        "Rotated 4-bit KV cache quantisation: decode at 1.9x the throughput, against 1.0x for "
        "flashinfer on FP16 pages; key and value quantised per token.",
        # what it is implemented on
        "We implement it on flashinfer: keys and values are rotated and quantised to 4 bits "
        "per element, KV memory a quarter of FP16; decode is 1.9x faster with the KV cache.",
        # 相比, in Chinese
        "旋转之后 key 与 value 都按 token 做 4 bit 量化，KV 内存是 FP16 的四分之一；"
        "相比 flashinfer 的 FP16 解码快 1.9 倍。",
    ],
)
def test_a_name_the_item_is_compared_with_or_built_on_is_not_its_subject(body: str) -> None:
    # The item is about KV cache quantisation; it names flashinfer, a heading's name, only as
    # its base or baseline: the quantisation's section, not flashinfer's.
    it = item("inbox/q.md#1", "对象一：RotKV（arXiv:2611.28815）", body)
    assert first(KV_SECTIONS, it)[0] == "3.4"  # before: 2.2, whose heading names flashinfer


@pytest.mark.parametrize(
    ("title", "body", "want"),
    [
        # about flashinfer itself, though it is compared with itself elsewhere
        (
            "flashinfer v0.5.0 发布",
            "flashinfer v0.5.0 的分页 KV 解码支持 FP8 KV，页大小任意，比 v0.4.3 快 1.2 倍。",
            "2.2",
        ),
        # a link it runs over is not what it is compared with
        (
            "All-reduce on a GB200 rack",
            "All-reduce over NVLink 5 on NVL72 reaches 1.6 TB/s per GPU, with the KV cache "
            "quantised to FP8.",
            "5.2",
        ),
        # `比` with no comparative after it compares no name
        (
            "NVLink 带宽复测",
            "和厂商口径比 NVLink 5 每卡实测 1.7 TB/s，NVL72 整柜一个域。",
            "5.2",
        ),
    ],
)
def test_a_name_the_item_is_about_keeps_its_heading(title: str, body: str, want: str) -> None:
    assert first(KV_SECTIONS, item("inbox/k.md#1", title, body))[0] == want


GEMM_SECTIONS = [
    section(
        "1.2",
        "Blackwell：B200 与 B300",
        "B200：148 个 SM，192 GB HBM3e，8 TB/s；FP8 4.5 PFLOPS（厂商口径）。累加器写在 TMEM 里，"
        "epilogue 的写法因此和 Hopper 不同。",
    ),
    section(
        "3.1",
        "FP8 训练与细粒度缩放",
        "细粒度缩放：激活按 1×128 的 tile、权重按 128×128 的块各自一个缩放因子；Blackwell 上直接用"
        "硬件的 block-scaled MMA（MXFP8）。",
    ),
    section(
        "4.1",
        "Triton",
        "Triton 稳定版为 v3.5.0。我们的口径：H100 SXM、FP8（E4M3）、M=N=K=8192、persistent + "
        "TMA 的 Triton matmul：1,050 TFLOPS；同尺寸 cuBLAS 1,210 TFLOPS。",
    ),
    *UNRELATED_ZH,
]


@pytest.mark.parametrize(
    "baseline",
    [
        "Our baseline is HopScale (arXiv:2611.05832), which we rerun at its published 1,310 TFLOPS "
        "for M=N=K=8192 on H100 SXM with persistent TMA kernels",
        "Compared against HopScale (arXiv:2611.05832), which the authors rerun at 1,310 TFLOPS for "
        "M=N=K=8192 on H100 SXM with persistent TMA kernels",
        "We build on HopScale, whose published run reaches 1,310 TFLOPS for M=N=K=8192 on H100 "
        "SXM with persistent TMA kernels",
    ],
)
def test_what_the_item_says_of_its_baseline_is_not_its_subject(baseline: str) -> None:
    # The baseline's rerun shares its shape, GPU and unit with the Triton section's measurement;
    # the item's own subject is block-scaled FP8 quantisation in the epilogue: §3.1.
    it = item(
        "inbox/g.md#1",
        "FuseQ: Block-Scaled FP8 Epilogues (arXiv:2611.30418)",
        f"{baseline}; FuseQ quantises each output tile to 1x128 FP8 blocks with its own scale "
        "before it leaves registers and reaches 1,420 TFLOPS.",
    )
    assert first(GEMM_SECTIONS, it)[0] == "3.1"  # before: 4.1, which shares the rerun's setting


def test_an_items_own_run_on_the_same_shape_is_its_own() -> None:
    # the same words as the item's own run, after the baseline's name: nothing left out
    text = (
        "fuseq: block-scaled fp8 epilogues\nhopscale (arxiv:2611.05832) is our baseline; fuseq "
        "reaches 1,420 tflops for m=n=k=8192 on h100 sxm, faster than hopscale."
    )
    left = baseline_tokens(text, {"hopscale"})
    assert "hopscale" in left
    assert not left & {"fuseq", "8192", "h100", "sxm", "tflops", "420"}


@pytest.mark.parametrize(
    ("title", "body"),
    [
        (
            "Block-scaled FP8 epilogues on Blackwell",
            "On Blackwell the accumulator is in TMEM, so the epilogue differs from Hopper's: it "
            "quantises each output tile to FP8 blocks of 1x128, each with its own scale.",
        ),
        (
            "块缩放 FP8 GEMM 在 Blackwell 上的实测",
            "Blackwell 的累加器写在 TMEM 里，epilogue 的写法和 Hopper 不同；"
            "输出按 1×128 的块量化为 FP8。",
        ),
    ],
)
def test_what_the_items_title_says_it_ran_on_earns_no_heading_boost_from_its_text(
    title: str, body: str
) -> None:
    # The title says where the subject ran (`on Blackwell`, `在 Blackwell 上`); the text names the
    # platform again. It stays the setting: the subject's section, not the platform's.
    assert first(GEMM_SECTIONS, item("inbox/b.md#1", title, body))[0] == "3.1"  # before: 1.2


def test_a_platform_the_title_is_about_keeps_its_section() -> None:
    # `Notes on Blackwell` names nothing before `on`: the platform is its subject
    it = item(
        "inbox/n.md#1",
        "Notes on Blackwell",
        "Blackwell moves the accumulator to TMEM, so the epilogue is written differently; FP8 "
        "reaches 4.5 PFLOPS on B200.",
    )
    assert first(GEMM_SECTIONS, it)[0] == "1.2"


ASR_SECTIONS = [
    section(
        "1.1",
        "Whisper 与 large-v3-turbo",
        "Whisper large-v3 在 LibriSpeech test-clean 上 WER 为 2.1，test-other 为 3.9；"
        "large-v3-turbo 解码更快。",
    ),
    section(
        "1.3",
        "流式识别与端点检测",
        "流式识别按 chunk 解码，chunk 越短延迟越低、WER 越高；端点检测决定何时出字，"
        "streaming chunk attention 与 look-ahead 是常见做法。",
    ),
    section("2.1", "零样本 TTS", "CosyVoice2 与 F5-TTS 的零样本声音克隆。"),
    section("3.1", "神经音频编解码器", "EnCodec、DAC 与 Mimi 的码率与重建质量。"),
    section("4.1", "端到端语音对话", "Moshi 与 GLM-4-Voice 的全双工对话。"),
    section("6.2", "端侧部署", "CPU 与手机上的量化推理。"),
]


@pytest.mark.parametrize(
    ("title", "body"),
    [
        (
            "ChunkFormer: streaming chunk attention for low-latency recognition",
            "ChunkFormer decodes with streaming chunk attention and a short look-ahead; at a 160 "
            "ms chunk it scores 3.4 WER on LibriSpeech test-clean, with endpoint detection.",
        ),
        (
            "StreamRNNT：低延迟的 chunk 解码",
            "StreamRNNT 按 chunk 流式解码，配合端点检测与 look-ahead，延迟更低。"
            "在 LibriSpeech test-clean 上 WER 为 3.4。",
        ),
    ],
)
def test_another_systems_figure_on_the_same_benchmark_is_no_contradiction(
    title: str, body: str
) -> None:
    # a streaming model's WER on test-clean is its own result, not Whisper large-v3's other
    # figure (docs/claims.md, one subject): §1.1 does not come first, the streaming section does
    assert first(ASR_SECTIONS, item("inbox/a.md#1", title, body))[0] == "1.3"


def test_the_same_systems_other_figure_in_the_same_setting_still_comes_first() -> None:
    # the distractor: Whisper large-v3 on test-clean stated otherwise is a contradiction of §1.1
    rerun = item(
        "inbox/b.md#1",
        "Whisper large-v3 复测：流式 chunk 解码",
        "按 chunk 流式解码并加端点检测后复测，Whisper large-v3 在 LibriSpeech test-clean 上 "
        "WER 为 2.6，look-ahead 越短越高。",
    )
    assert first(ASR_SECTIONS, rerun)[0] == "1.1"


def test_a_heading_name_written_short_counts_as_the_heading_name() -> None:
    # `Copilot` is how a text writes `GitHub Copilot` after naming it once (or never): the
    # product's section, not the completion section sharing more of the request's words. A
    # heading's last word that the texts write in lowercase (`Claude Code`: `code`) is none.
    sections = [
        section(
            "1.4",
            "代码补全与上下文（Completion and context）",
            "补全请求带光标前后的代码 prefix 与 suffix，以及打开的标签页里的 snippets；上下文越长，"
            "延迟越高。",
        ),
        section(
            "4.1",
            "GitHub Copilot",
            "GitHub Copilot（2021-06 发布）：补全与对话走 OpenAI 的模型，企业版可选 Anthropic 与 "
            "Google 的模型；按席位收费。",
        ),
        *UNRELATED_ZH,
    ]
    body = (
        "The poster logged Copilot's requests with mitmproxy: about 6,000 characters of prefix, "
        "a shorter suffix, and snippets from up to 20 open tabs."
    )
    assert first(sections, item("inbox/c.md#1", "What does Copilot send?", body))[0] == "4.1"
    # before: 1.4
    renamed = [*sections[:1], section("4.1", "Claude Code", sections[1].text), *UNRELATED_ZH]
    lower = item("inbox/c.md#2", "What does Code send?", body.replace("Copilot's", "the code's"))
    assert first(renamed, lower)[0] == "1.4"


def test_a_run_on_an_earlier_patch_of_the_stated_line_is_no_correction() -> None:
    # `Cilium 1.20.2` is what the run used, against the section's stable v1.20.4: its setup, not
    # news for Cilium's section (before, that section was lifted as contradicted); a release of a
    # later line is news for it
    sections = [
        section(
            "1.1",
            "Cilium 与 eBPF 数据面",
            "Cilium 用 eBPF 替换 kube-proxy，按 identity 做策略。Cilium 稳定版 v1.20.4"
            "（2026-11-12）。",
        ),
        section(
            "4.3",
            "透明加密：WireGuard 与 IPsec",
            "Cilium 的透明加密可选 WireGuard 或 IPsec；我们的口径：两台 16 vCPU 节点、iperf3 单流 "
            "TCP，WireGuard 下吞吐 7.8 Gbit/s，不加密 23.1 Gbit/s。",
        ),
        *UNRELATED_ZH,
    ]

    def run(version: str) -> Item:
        return item(
            "inbox/w.md#1",
            "Cilium 开 WireGuard 到底慢多少？",
            f"答主的测法：Cilium {version}、两台 16 vCPU 节点、iperf3 单流 TCP；开了 WireGuard "
            "以后单流吞吐只剩不加密时的四分之一左右。",
        )

    assert first(sections, run("1.20.2"))[0] == "4.3"  # before: 1.1
    assert first(sections, run("1.21.0"))[0] == "1.1"
