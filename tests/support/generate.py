"""A deterministic generator of large briefdesk workspaces.

`python -m tests.support.generate DIR [--materials 1000] [--entries 50000] [--sections 300]
[--seed 0]` (from the checkout's root)

The default size is the one benchmarks/RESULTS.md reports: 1,000 materials × 3 items (100–600
characters of mixed Chinese and English inference vocabulary, arXiv ids and URLs here and there),
50,000 earlier-brief entries in 2,000 files in the seed brief's plain-text format, a living document
of 300 numbered sections, `batches/big.yaml` over every material, `briefdesk.yaml`, and about 2% of
the items planted as near-duplicates of earlier entries (small edits, reordered clauses, a changed
number, a sentence added) listed in `planted.json` together with the section each item was written
about. The same seed writes the same bytes. Small sizes (`--materials 30 --entries 500`) serve the
tests.

Texts are sentences of 2–4 short clauses drawn from one shared vocabulary (modifier × head terms,
projects, hardware, models, metrics, caveats; each section has its own few terms that its items
keep returning to, which is what placements find). Unrelated texts therefore share many words and
bigrams, as real briefs of one topic do, so a matcher that passes random pairs shows it here; the
clauses carry little fixed wording, because long fixed templates would make unrelated texts
near-duplicates of each other, which real text is not.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

TOPIC = "inference"
BATCH = "big"
ENTRIES_PER_BRIEF = 25
PLANTED_FRACTION = 0.02

CHAPTERS: list[tuple[str, list[str]]] = [
    (
        "引擎与框架",
        ["SGLang", "vLLM", "TensorRT-LLM", "llama.cpp", "LMDeploy", "MLC-LLM", "Ollama", "TGI"],
    ),
    (
        "KV cache 与内存",
        [
            "KV cache 量化",
            "PagedAttention",
            "前缀缓存",
            "RadixAttention",
            "KV 分级缓存",
            "显存碎片",
            "CPU offload",
            "KV 压缩",
        ],
    ),
    (
        "调度与批处理",
        [
            "连续批处理",
            "chunked prefill",
            "优先级调度",
            "抢占与重算",
            "请求路由",
            "负载均衡",
            "SLO 感知调度",
            "会话亲和",
        ],
    ),
    (
        "解码加速",
        [
            "投机解码",
            "EAGLE 草稿头",
            "Medusa 多头",
            "lookahead 解码",
            "并行采样",
            "树形验证",
            "draft 模型蒸馏",
            "早退机制",
        ],
    ),
    (
        "部署与编排",
        [
            "KServe",
            "llm-d",
            "Dynamo",
            "Kubernetes 算子",
            "弹性伸缩",
            "冷启动",
            "模型热加载",
            "灰度发布",
        ],
    ),
    (
        "量化与压缩",
        [
            "FP8 推理",
            "FP4 权重",
            "AWQ",
            "GPTQ",
            "SmoothQuant",
            "非对称量化",
            "激活离群值",
            "结构化剪枝",
        ],
    ),
    (
        "长上下文",
        [
            "1M 上下文",
            "滑动窗口注意力",
            "上下文并行",
            "环形注意力",
            "长度外推",
            "RoPE 缩放",
            "稀疏注意力",
            "检索式注意力",
        ],
    ),
    (
        "MoE 与稀疏",
        [
            "专家并行",
            "专家路由",
            "负载均衡损失",
            "embedding 稀疏化",
            "共享专家",
            "专家卸载",
            "细粒度专家",
            "激活参数",
        ],
    ),
    (
        "注意力内核",
        [
            "FlashAttention",
            "FlashInfer",
            "MLA",
            "GQA",
            "分块注意力",
            "Triton 内核",
            "CUDA Graph",
            "算子融合",
        ],
    ),
    (
        "硬件与加速器",
        ["H100", "B200", "MI300X", "TPU v6e", "Gaudi 3", "脉动阵列", "HBM 带宽", "NVLink 拓扑"],
    ),
    (
        "Agent 推理",
        [
            "agent 会话",
            "工具调用延迟",
            "决策模型",
            "状态分叉",
            "多轮缓存复用",
            "并行工具调用",
            "session 亲和",
            "长程规划",
        ],
    ),
    (
        "结构化输出",
        [
            "JSON 模式",
            "语法约束解码",
            "XGrammar",
            "函数调用",
            "输出校验",
            "正则约束",
            "schema 引导",
            "重试策略",
        ],
    ),
    (
        "多模态推理",
        [
            "视觉编码器",
            "图像 token 压缩",
            "视频帧采样",
            "流式语音识别",
            "wav2vec",
            "跨模态缓存",
            "编码器分离部署",
            "多模态批处理",
        ],
    ),
    (
        "评测与基准",
        [
            "MLPerf Inference",
            "吞吐基准",
            "延迟分位数",
            "质量回归",
            "端到端评测",
            "负载回放",
            "基准污染",
            "可复现性",
        ],
    ),
    (
        "成本与容量",
        [
            "每 token 成本",
            "GPU 利用率",
            "容量规划",
            "FinOps",
            "竞价实例",
            "多租户隔离",
            "能效比",
            "预留容量",
        ],
    ),
    (
        "可观测性",
        [
            "指标埋点",
            "分布式追踪",
            "OpenTelemetry",
            "告警阈值",
            "慢请求分析",
            "显存监控",
            "日志采样",
            "火焰图",
        ],
    ),
    (
        "编译与图优化",
        ["torch.compile", "TVM", "XLA", "图捕获", "内核自动调优", "静态形状", "动态形状", "MLIR"],
    ),
    (
        "分布式推理",
        ["张量并行", "流水线并行", "PD 分离", "KV 传输", "RDMA", "跨节点通信", "NCCL", "Mooncake"],
    ),
    (
        "端侧与边缘",
        [
            "GGUF",
            "Apple 芯片",
            "Jetson Orin",
            "NPU 推理",
            "手机端部署",
            "INT4 端侧",
            "WebGPU",
            "TorchNeuron",
        ],
    ),
    (
        "开放问题与趋势",
        [
            "推理算力预算",
            "测试时计算",
            "推理缩放律",
            "小模型路由",
            "推理即服务",
            "开源生态",
            "版本线混乱",
            "安全与滥用",
        ],
    ),
]
ASPECTS = [
    "实测",
    "配置",
    "故障与规避",
    "路线图",
    "版本线",
    "对比",
    "原理",
    "生产经验",
    "开放问题",
    "论文线索",
    "基准",
    "成本",
    "兼容性",
    "迁移",
]
# Terms are modifier × head: thousands of them, so two unrelated texts share the function words
# and some terms, as real texts of one topic do, but not most of their words.
MODS_ZH = [
    "分层",
    "动态",
    "静态",
    "异步",
    "增量",
    "自适应",
    "分布式",
    "稀疏",
    "稠密",
    "低比特",
    "混合精度",
    "跨节点",
    "多租户",
    "端到端",
    "细粒度",
    "粗粒度",
    "在线",
    "离线",
    "流式",
    "批量",
    "无损",
    "有损",
    "可插拔",
    "确定性",
    "概率式",
    "分片式",
    "共享式",
    "预测式",
    "投机式",
    "层级",
    "全局",
    "局部",
    "显式",
    "隐式",
    "冷启动期",
    "热路径",
    "弹性",
    "优先级",
    "公平",
    "抢占式",
    "非阻塞",
    "零拷贝",
    "多级",
    "分块",
    "融合",
    "双缓冲",
    "环形",
    "树形",
    "图级",
    "算子级",
    "请求级",
    "会话级",
    "令牌级",
    "专家级",
    "节点级",
    "集群级",
    "近似",
    "精确",
    "轻量",
    "重量级",
]
HEADS_ZH = [
    "调度器",
    "缓存",
    "路由",
    "量化",
    "剪枝",
    "蒸馏",
    "内核",
    "编译器",
    "算子",
    "批处理",
    "预取",
    "卸载",
    "压缩",
    "采样",
    "验证",
    "回退",
    "重算",
    "监控",
    "告警",
    "扩缩容",
    "分片",
    "副本",
    "队列",
    "索引",
    "分配器",
    "内存池",
    "页表",
    "注意力",
    "解码器",
    "编码器",
    "路由表",
    "负载均衡",
    "流水线",
    "并行策略",
    "通信库",
    "传输层",
    "检查点",
    "快照",
    "日志",
    "指标",
    "追踪",
    "基准",
    "评测集",
    "数据集",
    "提示词",
    "上下文",
    "窗口",
    "前缀树",
    "哈希表",
    "草稿模型",
    "验证器",
    "打分器",
    "过滤器",
    "网关",
    "控制面",
    "数据面",
    "运行时",
    "执行器",
    "计划器",
    "代价模型",
    "配置项",
    "参数服务器",
    "权重格式",
    "存储格式",
    "分词器",
    "嵌入表",
    "激活值",
    "状态机",
    "会话表",
    "限流器",
    "熔断器",
    "重试器",
    "健康检查",
    "预热",
    "回滚",
]
MODS_EN = [
    "layered",
    "dynamic",
    "static",
    "asynchronous",
    "incremental",
    "adaptive",
    "distributed",
    "sparse",
    "dense",
    "low-bit",
    "mixed-precision",
    "cross-node",
    "multi-tenant",
    "end-to-end",
    "fine-grained",
    "coarse-grained",
    "online",
    "offline",
    "streaming",
    "batched",
    "lossless",
    "lossy",
    "pluggable",
    "deterministic",
    "speculative",
    "hierarchical",
    "global",
    "local",
    "explicit",
    "implicit",
    "elastic",
    "priority",
    "fair",
    "preemptive",
    "non-blocking",
    "zero-copy",
    "multi-level",
    "chunked",
    "fused",
    "double-buffered",
    "tree-based",
]
HEADS_EN = [
    "scheduler",
    "cache",
    "router",
    "quantizer",
    "pruner",
    "kernel",
    "compiler",
    "operator",
    "batcher",
    "prefetcher",
    "offloader",
    "compressor",
    "sampler",
    "verifier",
    "fallback",
    "recompute",
    "monitor",
    "autoscaler",
    "shard",
    "replica",
    "queue",
    "index",
    "allocator",
    "memory-pool",
    "page-table",
    "attention",
    "decoder",
    "encoder",
    "pipeline",
    "checkpoint",
    "snapshot",
    "tracer",
    "benchmark",
    "tokenizer",
    "gateway",
    "runtime",
    "executor",
    "planner",
    "cost-model",
    "embedding-table",
    "state-machine",
    "rate-limiter",
]
PREDS_ZH = [
    "提升了",
    "降低了",
    "改写了",
    "替换了",
    "绕开了",
    "放大了",
    "暴露了",
    "隐藏了",
    "缓解了",
    "拖慢了",
    "加速了",
    "简化了",
    "重构了",
    "合并了",
    "拆分了",
    "统一了",
    "稳定了",
    "打破了",
    "限制了",
    "依赖于",
    "取代了",
    "补齐了",
    "修复了",
    "引入了",
    "移除了",
    "延后了",
    "提前了",
    "压缩了",
    "扩展了",
    "验证了",
]
PREDS_EN = [
    "improves",
    "reduces",
    "rewrites",
    "replaces",
    "bypasses",
    "amplifies",
    "exposes",
    "hides",
    "relieves",
    "slows",
    "accelerates",
    "simplifies",
    "merges",
    "splits",
    "unifies",
    "stabilises",
    "limits",
    "depends-on",
    "supersedes",
    "fixes",
]
OPEN_ZH = [
    "据{src}，",
    "实测中，",
    "作者认为，",
    "社区反馈显示，",
    "从版本说明看，",
    "按摘要口径，",
    "值得注意的是，",
    "与上一版相比，",
    "在生产环境里，",
    "",
    "",
    "",
    "换句话说，",
    "更关键的是，",
    "从代价上看，",
    "反过来，",
]
OPEN_EN = [
    "According to the {src}, ",
    "In practice, ",
    "The authors argue that ",
    "Users report that ",
    "",
    "",
    "Notably, ",
    "Compared with the last release, ",
    "In production, ",
]
ENTITIES = [
    "SGLang",
    "vLLM",
    "TensorRT-LLM",
    "llama.cpp",
    "LMDeploy",
    "Ollama",
    "Dynamo",
    "llm-d",
    "KServe",
    "FlashInfer",
    "Triton",
    "MLC-LLM",
    "ExLlamaV2",
    "DeepSpeed-MII",
    "Mooncake",
    "XGrammar",
    "Ray Serve",
    "OpenVINO",
    "ONNX Runtime",
    "candle",
    "mistral.rs",
    "Aphrodite",
    "LightLLM",
    "SkyPilot",
    "BentoML",
]
HARDWARE = [
    "A100",
    "H100",
    "H200",
    "B200",
    "GB200",
    "MI300X",
    "MI355X",
    "TPU v5e",
    "TPU v6e",
    "TPU v7",
    "Gaudi 3",
    "Jetson Orin",
    "M4 Max",
    "L40S",
    "RTX 5090",
    "Trainium2",
    "Inferentia2",
    "Ascend 910C",
]
MODELS = [
    "Llama-4-70B",
    "Qwen4-27B",
    "DeepSeek-V4.1-Flash",
    "Mixtral-8x22B",
    "Gemma-4-31B",
    "Kimi-K3",
    "LongCat-Flash-Lite",
    "GLM-5",
    "Phi-5",
    "Mistral-Large-3",
    "Qwen4-235B-A22B",
    "Llama-4-Scout",
    "MiniMax-M3",
    "Yi-2-34B",
    "InternLM4-20B",
    "Command-R3",
    "Granite-4-8B",
    "OLMo-3-32B",
]
METRICS = [
    "吞吐",
    "首 token 延迟",
    "TPOT",
    "P99 延迟",
    "显存占用",
    "每 token 成本",
    "缓存命中率",
    "GPU 利用率",
    "能效",
    "排队时延",
    "冷启动时间",
    "准确率",
    "任务成功率",
    "带宽利用率",
]
METRICS_EN = [
    "throughput",
    "TTFT",
    "TPOT",
    "P99 latency",
    "memory footprint",
    "cost per token",
    "cache hit rate",
    "GPU utilisation",
    "queueing delay",
    "cold-start time",
    "accuracy",
    "task success rate",
]
CAVEATS = [
    "但未披露精度代价",
    "基线为上一代硬件",
    "仅在单一模型上验证",
    "实现尚未开源",
    "数字来自厂商博客",
    "需要读正文核实",
    "无第三方复现",
    "测试负载过于理想",
    "未说明归一化口径",
    "样本量很小",
    "只给了中位数",
    "没有报告方差",
    "对照组配置不明",
    "与活文档口径不一致",
    "依赖自建模拟器",
    "只测了短请求",
    "未覆盖多租户场景",
    "作者与厂商有利益关联",
    "复现脚本缺失",
    "结论依赖特定驱动版本",
]
SOURCES = [
    "papers.cool RSS",
    "arXiv 摘要页",
    "厂商博客",
    "GitHub release notes",
    "社媒帖",
    "技术周报",
    "会议演讲",
    "论文卡",
    "邮件列表",
    "播客访谈",
    "issue 讨论",
    "内部压测报告",
    "开源仓库 README",
    "行业报告",
]
EVIDENCE = ["摘要级，未读正文", "作者自述", "厂商口径", "搜索线索级", "TLDR 级", "正文已核"]
EVIDENCE_EN = [
    "abstract only",
    "author self-report",
    "a vendor claim",
    "a search lead",
    "TLDR only",
]
DIRS = ["提升", "下降", "改善", "恶化", "波动"]
DIRS_EN = ["higher", "lower", "better", "worse", "noisier"]
# Sentences are 2–4 short clauses: little fixed wording, many slots, as real notes read. (Long
# fixed templates make unrelated texts near-duplicates of each other, which real text is not.)
CLAUSES_ZH = [
    "{e} 的{t1}{pred}{t2}",
    "{t1}{pred}{t2}",
    "{met}{dir} {p}%",
    "{met}从 {x} 到 {y}",
    "在 {hw} 上{pred}{t1}",
    "{m} 的{met}变化 {n}×",
    "batch size {b} 时{t1}成为瓶颈",
    "{t1}受限于{t2}",
    "需要打开 --enable-{flag}",
    "{cav}",
    "见 issue #{issue}",
    "{e} {v} 起默认启用{t1}",
    "{t1}与{t2}叠加后{met}{dir}",
    "超过 {len}k token 后{t2}失效",
    "{src}称{t1}{pred}{met}",
    "{e2} 改用{t1}",
    "只在 {m} 上测过",
    "{t3}需要手动配置",
    "{t1}和{t2}是两条路线",
    "{hw} 集群上{t3}{pred}{t1}",
    "与 {e} {v} 相比{met}{dir}",
    "{t2}的{met}只有 {y}",
]
CLAUSES_EN = [
    "{e} {v} ships a {t1}",
    "the {t1} {pred} the {t2}",
    "{mete} is {p}% {dire}",
    "on {hw} the {t1} {pred} {mete}",
    "{m} sees {mete} change by {n}x",
    "at batch size {b} the {t2} is the bottleneck",
    "{mete} moves from {x} ms to {y} ms",
    "see #{issue}",
    "the {src} says the {t3} {pred} {mete}",
    "{e2} switched to a {t1}",
    "only {m} was measured",
    "past {len}k tokens the {t1} stops helping",
    "{eve} is all we have",
    "the {t1} needs --enable-{flag}",
]
JOIN_ZH = ["，", "，", "；", "，而", "，但", "，因此"]
JOIN_EN = [", ", "; ", ", and ", ", but ", ", so "]
TITLES_ZH = [
    "{e} {v}：{t1}新进展",
    "{t1}：{m} 上的{met}实测",
    "{t1}与{t2}的叠加效果",
    "{src}：{t1}的{asp}",
    "{hw} 上的{t1}：{met}对比",
    "{t1}在 {e} 中的落地",
]
TITLES_EN = [
    "A {t1} for {m}",
    "{e} {v} adds a {t1}",
    "Notes on the {t1} and the {t2}",
    "The {t1} on {hw}",
]
REASONS = [
    "已在 {date} E1 简报第 {n} 条收录，本批为重复材料。",
    "与 inference 主题无关，判定不入库。",
    "证据缺口过大，仅登记备查。",
    "属同源复采，不构成新增量。",
    "偏评测基准，inference 侧关联弱。",
]
SYNONYMS = [
    ("提升", "提高"),
    ("降低", "减少"),
    ("显示", "表明"),
    ("但", "不过"),
    ("材料", "资料"),
    ("需要", "须"),
    ("依赖", "依靠"),
    ("核实", "核查"),
    ("changes", "shifts"),
    ("cutting", "reducing"),
    ("only", "merely"),
    ("ships", "adds"),
]
FLAGS = [
    "mis",
    "dllm-algorithm",
    "prefix-cache",
    "chunked-prefill",
    "spec-decode",
    "fp8-kv",
    "ep-moe",
    "cuda-graph",
]
ORGS = [
    "sgl-project",
    "vllm-project",
    "NVIDIA",
    "ggml-org",
    "InternLM",
    "ai-dynamo",
    "llm-d",
    "kserve",
]


@dataclass
class Section:
    id: str
    title: str
    chapter: int
    keyword: str
    terms: list[str] = field(
        default_factory=list
    )  # what texts about this section keep coming back to
    terms_en: list[str] = field(default_factory=list)


@dataclass
class Generated:
    """What was written, for the runner and the tests (refs as the parsers name them)."""

    root: Path
    batch: str
    items: int
    entries: int
    planted: list[dict[str, str]] = field(default_factory=list)
    placements: dict[str, str] = field(default_factory=dict)


class _Writer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.arxiv_pool: list[str] = []
        self.url_pool: list[str] = []

    # -- vocabulary ---------------------------------------------------------------------------

    def arxiv(self, reuse: float = 0.0) -> str:
        r = self.rng
        if self.arxiv_pool and r.random() < reuse:
            return r.choice(self.arxiv_pool)
        ident = f"{r.randint(21, 26):02d}{r.randint(1, 12):02d}.{r.randint(1, 29999):05d}"
        self.arxiv_pool.append(ident)
        return ident

    def url(self, reuse: float = 0.0) -> str:
        r = self.rng
        if self.url_pool and r.random() < reuse:
            return r.choice(self.url_pool)
        if r.random() < 0.5:
            link = (
                f"https://github.com/{r.choice(ORGS)}/{r.choice(ENTITIES).lower()}"
                f"/releases/tag/v0.{r.randint(1, 40)}.{r.randint(0, 30)}"
            )
        else:
            link = f"https://blog.example-{r.randint(1, 300)}.com/posts/{r.randint(1000, 99999)}"
        self.url_pool.append(link)
        return link

    def term(self, sec: Section, english: bool) -> str:
        """Half the time one of the section's own terms, else its chapter's keywords or any term."""
        r = self.rng
        x = r.random()
        if x < 0.5:
            return r.choice(sec.terms_en if english else sec.terms)
        if x < 0.65:
            return r.choice(CHAPTERS[sec.chapter % len(CHAPTERS)][1])
        if english:
            return f"{r.choice(MODS_EN)} {r.choice(HEADS_EN)}"
        return r.choice(MODS_ZH) + r.choice(HEADS_ZH)

    def slots(self, sec: Section, english: bool) -> dict[str, str]:
        r = self.rng
        return {
            "t1": self.term(sec, english),
            "t2": self.term(sec, english),
            "t3": self.term(sec, english),
            "e": r.choice(ENTITIES),
            "e2": r.choice(ENTITIES),
            "hw": r.choice(HARDWARE),
            "m": r.choice(MODELS),
            "met": r.choice(METRICS),
            "mete": r.choice(METRICS_EN),
            "pred": r.choice(PREDS_EN if english else PREDS_ZH),
            "pred2": r.choice(PREDS_EN),
            "dir": r.choice(DIRS),
            "dire": r.choice(DIRS_EN),
            "open": r.choice(OPEN_EN if english else OPEN_ZH).format(src=r.choice(SOURCES)),
            "n": f"{r.randint(1, 9)}.{r.randint(1, 99):02d}",
            "p": str(r.randint(3, 95)),
            "v": f"v{r.randint(0, 2)}.{r.randint(1, 40)}.{r.randint(0, 30)}",
            "cav": r.choice(CAVEATS),
            "src": r.choice(SOURCES),
            "eve": r.choice(EVIDENCE_EN),
            "b": str(r.choice([1, 8, 16, 32, 64, 128, 256])),
            "flag": r.choice(FLAGS),
            "x": str(r.randint(40, 900)),
            "y": str(r.randint(5, 400)),
            "len": str(r.choice([8, 32, 64, 128, 256])),
            "issue": str(r.randint(1000, 49999)),
            "asp": r.choice(ASPECTS),
        }

    def sentence(self, sec: Section, english: bool | None = None) -> str:
        r = self.rng
        if english is None:
            english = r.random() < 0.2
        slots = self.slots(sec, english)
        clauses = [
            c.format(**slots)
            for c in r.sample(CLAUSES_EN if english else CLAUSES_ZH, r.randint(2, 4))
        ]
        text = slots["open"]
        for k, clause in enumerate(clauses):
            text += (r.choice(JOIN_EN if english else JOIN_ZH) if k else "") + clause
        if english:
            return text[0].upper() + text[1:] + "."
        return text + "。"

    def title(self, sec: Section, english: bool) -> str:
        return self.rng.choice(TITLES_EN if english else TITLES_ZH).format(
            **self.slots(sec, english)
        )

    def text(self, sec: Section, low: int, high: int, english: bool | None = None) -> str:
        """Sentences about `sec` until the text is between `low` and `high` characters long."""
        target = self.rng.randint(low, high)
        out = ""
        while len(out) < target:
            s = self.sentence(sec, english)
            if out and len(out) + len(s) + 1 > high:
                break
            out = f"{out} {s}" if out and (english or s.isascii()) else out + s
        return out[:high]


def sections_for(n: int, rng: random.Random) -> list[Section]:
    """`n` numbered sections: chapters `1`..`C` and their subsections `c.j`, each with its terms."""
    chapters = min(len(CHAPTERS), max(1, round(n / 15)))
    subs = [0] * chapters
    for i in range(n - chapters):
        subs[i % chapters] += 1
    out: list[Section] = []
    for c in range(chapters):
        name, keywords = CHAPTERS[c]
        out.append(
            Section(str(c + 1), name, c, keywords[0], _terms(rng, keywords[0]), _terms_en(rng))
        )
        for j in range(subs[c]):
            kw = keywords[j % len(keywords)]
            terms = _terms(rng, kw)
            out.append(
                Section(
                    f"{c + 1}.{j + 1}",
                    f"{kw}：{terms[1]}的{ASPECTS[j % len(ASPECTS)]}",
                    c,
                    kw,
                    terms,
                    _terms_en(rng),
                )
            )
    return out


def _terms(rng: random.Random, keyword: str) -> list[str]:
    return [keyword, *(rng.choice(MODS_ZH) + rng.choice(HEADS_ZH) for _ in range(5))]


def _terms_en(rng: random.Random) -> list[str]:
    return [f"{rng.choice(MODS_EN)} {rng.choice(HEADS_EN)}" for _ in range(4)]


def living_doc(w: _Writer, sections: list[Section]) -> str:
    lines = [
        f"# {TOPIC} 活文档",
        "",
        "本文件按编号小节组织；每个小节记录一条技术脉络及其证据口径。",
        "",
    ]
    for s in sections:
        level = "##" if "." not in s.id else "###"
        lines += [f"{level} {s.id} {s.title}", ""]
        for _ in range(w.rng.randint(1, 3)):
            lines += [w.text(s, 120, 420), ""]
    return "\n".join(lines)


def _edit(w: _Writer, text: str) -> tuple[str, list[str]]:
    """A near-duplicate of `text`: one or two small edits, as a re-collected material has them."""
    r = w.rng
    done: list[str] = []
    kinds = r.sample(["synonym", "reorder", "number", "delete"], k=r.choice([1, 2]))
    for kind in kinds:
        if kind == "synonym":
            pairs = [p for p in SYNONYMS if p[0] in text]
            if pairs:
                a, b = r.choice(pairs)
                text = text.replace(a, b, 1)
                done.append(kind)
        elif kind == "reorder":
            parts = re.split(r"(?<=[，；。.;])\s*", text)
            parts = [p for p in parts if p]
            if len(parts) >= 3:
                i = r.randrange(len(parts) - 2)
                parts[i], parts[i + 1] = parts[i + 1], parts[i]
                text = "".join(p if not p.isascii() else p + " " for p in parts).strip()
                done.append(kind)
        elif kind == "number":
            nums = list(re.finditer(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", text))
            if nums:
                m = r.choice(nums)
                new = str(int(float(m.group(0))) + r.randint(1, 9))
                text = text[: m.start()] + new + text[m.end() :]
                done.append(kind)
        else:
            m = re.search(r"[，,][^，,。.]{2,12}(?=[，,])", text)
            if m:
                text = text[: m.start()] + text[m.end() :]
                done.append(kind)
    return text, done


def generate(
    root: Path,
    *,
    materials: int = 1000,
    entries: int = 50_000,
    sections: int = 300,
    seed: int = 0,
    planted_fraction: float = PLANTED_FRACTION,
    git: bool = True,
) -> Generated:
    """Write the workspace under `root` (created; must be empty or missing)."""
    root.mkdir(parents=True, exist_ok=True)
    w = _Writer(seed)
    r = w.rng
    secs = sections_for(sections, r)
    leaf = [s for s in secs if "." in s.id] or secs
    gen = Generated(root=root, batch=BATCH, items=materials * 3, entries=entries)

    def write(rel: str, text: str) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    write(
        "briefdesk.yaml",
        f"reviewer: Bench\nlanguage: zh\ntopics:\n  {TOPIC}:\n    living_doc: docs/{TOPIC}.md\n"
        "dedup:\n  threshold: 85\n",
    )
    write(".gitignore", ".briefdesk/\n")
    write(f"docs/{TOPIC}.md", living_doc(w, secs))

    # -- earlier briefs: 25 entries a file, in the seed's plain-text format ------------------------
    n_files = max(1, entries // ENTRIES_PER_BRIEF)
    plantable: list[tuple[str, str, str]] = []  # (entry ref, text an item may repeat, title)
    start = dt.date(2026, 11, 1) - dt.timedelta(days=n_files)
    for f in range(n_files):
        count = entries // n_files + (1 if f < entries % n_files else 0)
        date = (start + dt.timedelta(days=f)).isoformat()
        rel = f"briefs/{TOPIC}/{date}-e1-batch-{f:04d}.md"
        n1 = min(count, r.randint(4, 7))
        n2 = min(count - n1, r.randint(3, 6))
        n5 = min(count - n1 - n2, r.randint(2, 4))
        n4 = count - n1 - n2 - n5
        out = [
            f"{TOPIC} · E1 预消化简报（{date}）",
            "",
            f"  • 作者：Bench ｜ 批次：bench/{f:04d}（{r.randint(5, 12)} 份材料，全部处理）",
            f"  • 用途：为 {TOPIC} 主题活文档接力预习备料（只写本文件，不改活文档）",
            "",
            f"一、今日最重要的 {n1} 条增量",
            "",
        ]
        for i in range(1, n1 + 1):
            s = r.choice(leaf)
            ident = w.arxiv()
            title = f"{w.title(s, r.random() < 0.2)}（{ident}）"
            point = w.text(s, 90, 380)
            out += [
                f"{i}. {title}",
                "",
                f"  • 来源：inbox/jay/{date}-{r.randint(1000, 2359)}-rss.md"
                f"（{r.choice(SOURCES)}，{r.choice(EVIDENCE)}）",
                f"  • 要点：{point}",
                f"  • 与活文档脉络的关系：{w.text(s, 60, 240)}",
                f"  • 建议归入：§{s.id} 新增小节",
                f"  • 证据边界：{w.sentence(s, False)}",
                "",
            ]
            plantable.append((f"{rel}#{i}", point, title))
        out += ["二、值得警惕的矛盾或待核实说法", ""]
        for k in range(1, n2 + 1):
            text = w.text(r.choice(leaf), 80, 360)
            out.append(f"  {k}. {text}")
            plantable.append((f"{rel}#二-{k}", text, ""))
        ids = " ".join(
            f"- arXiv:{w.arxiv(0.3)} — {w.title(r.choice(leaf), True)}"
            for _ in range(r.randint(2, 5))
        )
        out += [
            "",
            "三、可引用的 arXiv 号列表",
            "",
            f"本批材料直接涉及 {ids}",
            "",
            "四、已检查但判定无显著新增量 / 不建议入库",
            "",
        ]
        for k in range(1, n4 + 1):
            s = r.choice(leaf)
            reason = r.choice(REASONS).format(date=date, n=r.randint(1, 7))
            text = (
                f"{w.title(s, r.random() < 0.2)}"
                f"（inbox/flyp/{date}T{r.randint(1000, 2359)}-critical-read.md）："
                f"{w.sentence(s)}{reason}"
            )
            out.append(f"  • {text}")
            plantable.append((f"{rel}#四-{k}", text, ""))
        out += ["", f"五、给活文档更新的 {n5} 条抓手", ""]
        for k in range(1, n5 + 1):
            text = w.text(r.choice(leaf), 60, 300)
            out.append(f"  {k}. {text}")
            plantable.append((f"{rel}#五-{k}", text, ""))
        out += ["", "本文件为 E1 预消化产物，仅写此一文件；未改动活文档。", ""]
        write(rel, "\n".join(out))

    # -- materials: 3 items each, ~2% planted near-duplicates -------------------------------
    n_items = materials * 3
    n_planted = (
        max(1, round(n_items * planted_fraction)) if plantable and planted_fraction > 0 else 0
    )
    planted_at = dict(
        zip(
            sorted(r.sample(range(n_items), n_planted)), r.sample(plantable, n_planted), strict=True
        )
    )
    batch_paths: list[str] = []
    for mi in range(materials):
        kind = r.random()
        day = dt.date(2026, 11, 3) - dt.timedelta(days=r.randint(0, 2))
        if kind < 0.2:
            ident = w.arxiv(0.1)
            rel = f"organized/paper_cards/{mi + 1}-{ident.replace('.', '-')}.md"
        else:
            who = "jay" if kind < 0.6 else "flyp"
            rel = f"inbox/{who}/{day.isoformat()}-{r.randint(1000, 2359)}-note-{mi:04d}.md"
        batch_paths.append(rel)
        english = r.random() < 0.2
        home = r.choice(leaf)
        front = [
            f'title: "{w.title(home, english)}"',
            f"source: {r.choice(SOURCES)}",
            f"date: {day.isoformat()}",
        ]
        if r.random() < 0.5:
            front.append(
                "evidence: "
                f"{r.choice(['abstract', 'tldr', 'search-lead', 'vendor', 'self-report'])}"
            )
        if r.random() < 0.1:
            front.append(f"url: {w.url(0.2)}")
        body = ["---", *front, "---", ""]
        for k in range(1, 4):
            index = mi * 3 + k - 1
            ref = f"{rel}#{k}"
            sec = home if r.random() < 0.6 else r.choice(leaf)
            if index in planted_at:
                entry_ref, text, title = planted_at[index]
                edited, edits = _edit(w, text)
                if r.random() < 0.3 and len(edited) < 450:
                    edited += w.sentence(sec, False)
                    edits.append("added")
                head = title or edited.split("，")[0][:40]
                body += [f"## {head}", "", edited, ""]
                gen.planted.append(
                    {"item": ref, "entry": entry_ref, "edits": "+".join(edits) or "none"}
                )
                continue
            gen.placements[ref] = sec.id
            lang = english if r.random() < 0.8 else None
            suffix = ""
            if r.random() < 0.25:
                suffix += f"（arXiv:{w.arxiv(0.2)}）" if not english else f" (arXiv:{w.arxiv(0.2)})"
            if r.random() < 0.08:
                suffix += f" {w.url(0.2)}"
            text = w.text(sec, 100, 600 - len(suffix), lang) + suffix
            body += [f"## {w.title(sec, english)}", "", text, ""]
        write(rel, "\n".join(body))

    manifest = [
        f"id: bench/{BATCH}-{seed}",
        f"topic: {TOPIC}",
        "author: Bench",
        "created: 2026-11-03",
        "purpose: 大批量补课批次（基准）",
        "materials:",
        *(f"  - {p}" for p in batch_paths),
    ]
    write(f"batches/{BATCH}.yaml", "\n".join(manifest) + "\n")
    write(
        "planted.json",
        json.dumps(
            {"duplicates": gen.planted, "sections": gen.placements}, ensure_ascii=False, indent=1
        )
        + "\n",
    )
    if git:
        git_init(root)
    return gen


def generate_degenerate(root: Path, *, items: int = 2000, git: bool = True) -> Path:
    """A degenerate batch: `items` near-identical items in one material of about 185 KB (a feed
    dumped twice a minute, each copy a number apart), beside a small knowledge base. Every item is
    a near-copy of every other: what must stay bounded is the work per item, not the answer."""
    w = _Writer(7)
    r = w.rng
    secs = sections_for(30, r)
    root.mkdir(parents=True, exist_ok=True)

    def write(rel: str, text: str) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    write("briefdesk.yaml", f"topics:\n  {TOPIC}:\n    living_doc: docs/{TOPIC}.md\n")
    write(".gitignore", ".briefdesk/\n")
    write(f"docs/{TOPIC}.md", living_doc(w, secs))
    for f in range(20):
        date = (dt.date(2026, 10, 1) + dt.timedelta(days=f)).isoformat()
        lines = [f"{TOPIC} · E1 预消化简报（{date}）", "", "一、今日最重要的 3 条增量", ""]
        for i in range(1, 4):
            lines += [
                f"{i}. {w.title(r.choice(secs), False)}",
                f"  • 要点：{w.text(r.choice(secs), 80, 300)}",
            ]
        write(f"briefs/{TOPIC}/{date}-e1-d{f:02d}.md", "\n".join(lines) + "\n")
    body = ["---", "title: 转载流水", "source: feed", "---", ""]
    for k in range(1, items + 1):
        body += [
            f"## 转载 {k}",
            "",
            f"vLLM v0.30.{k % 7} 在 H100 上 decode 达到 {70 + k % 9}% 带宽（厂商口径）。",
            "",
        ]
    write("inbox/feed/dump.md", "\n".join(body))
    write(
        "batches/dump.yaml",
        f"id: bench/dump\ntopic: {TOPIC}\nmaterials:\n  - inbox/feed/dump.md\n",
    )
    if git:
        git_init(root)
    return root / "inbox/feed/dump.md"


def git_init(root: Path) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_DATE": "2026-11-03T12:00:00+00:00",
        "GIT_COMMITTER_DATE": "2026-11-03T12:00:00+00:00",
    }
    for var in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        env.pop(var, None)
    ident = [
        "-c",
        "user.name=Bench",
        "-c",
        "user.email=bench@example.invalid",
        "-c",
        "commit.gpgsign=false",
    ]
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, check=True, env=env)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, env=env)
    subprocess.run(
        ["git", *ident, "commit", "-q", "--no-verify", "-m", "generated workspace"],
        cwd=root,
        check=True,
        env=env,
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m tests.support.generate", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("dir", type=Path)
    p.add_argument("--materials", type=int, default=1000)
    p.add_argument("--entries", type=int, default=50_000)
    p.add_argument("--sections", type=int, default=300)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--no-git", action="store_true")
    a = p.parse_args(argv)
    if a.dir.exists() and any(a.dir.iterdir()):
        p.error(f"{a.dir} is not empty")
    g = generate(
        a.dir,
        materials=a.materials,
        entries=a.entries,
        sections=a.sections,
        seed=a.seed,
        git=not a.no_git,
    )
    print(
        f"{g.root}: {g.items} items, {g.entries} entries, {len(g.planted)} planted; batch {g.batch}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
