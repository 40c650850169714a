"""Hostile inputs built the same way by the hostile tests (tests/hostile) and by the hostile
benchmark (`python -m benchmarks.hostile`), so the figures are about the very inputs the tests
check: one owner, so the two cannot drift apart."""

from __future__ import annotations

import random

WORDS = ["推理", "解码", "显存带宽", "投机解码", "KV", "cache", "speculative", "decoding"]
WORDS += ["latency", "2601.21204", "arXiv:2604.17227v2", "https://e.com/a?b=c", "注意力", "吞吐"]


def long_line(n: int) -> str:
    """About `n` characters of mixed Chinese and English words, with arXiv ids and a URL, no
    newline; the same text on every run."""
    rnd = random.Random(20261103)
    parts: list[str] = []
    size = 0
    while size < n:
        word = rnd.choice(WORDS)
        parts.append(word)
        size += len(word) + 1
    return " ".join(parts)[:n]


def alias_bomb_text(levels: int = 9) -> str:
    """The billion-laughs shape: each level a list of nine aliases of the one before."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


# Runs of one short unit that a regex could backtrack over, or a loop walk back over, once per
# repetition: each once made a text extractor quadratic (`1.1.1.…` in claim extraction took 14 s
# at 32,000 characters; `[[[…`, `![![…`, `<!--<!--…` in excerpts; blank lines in the tokenizer).
ADVERSARIAL_UNITS = {
    "dots": "1.",
    "versions": "v1.",
    "arxiv-dots": "2601.",
    "version-claims": "SGLang v0.5.2（2026-01-01）、",
    "latest-versions": "v1.2 latest ",
    "brackets": "[",
    "images": "![",
    "links-unclosed": "[a](",
    "comments-unclosed": "<!--",
    "escapes": "\x1b[",
    "blank-lines": "\n",
    "paragraph-breaks": "\n\n",
    "parens": "（",
    "urls": "http://",
    "paths": "a/",
}


def adversarial_run(unit: str, n: int) -> str:
    """`n` characters of `unit` repeated."""
    return (unit * (n // len(unit) + 1))[:n]
