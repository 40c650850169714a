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
