"""A number claim is the same in every process: which name a figure is the result of is the
first one written, and of two starting at one place the longer (`diskann-rs`, not the `diskann`
it begins with), never whichever of a set of names Python's string hashing put first
(docs/claims.md). Before, the Rust rewrite's p99 was reported against the C++ original's in
three processes of eight."""

from __future__ import annotations

import os
import subprocess
import sys

ITEM = (
    "对象二：diskann-rs v0.9（DiskANN 的 Rust 重写）\n\n微软 DiskANN 团队发布 Rust 重写版 v0.9，"
    "README 给出的口径与 C++ 原版同一套：SIFT-1B、recall@10 0.95、64 GB 内存、NVMe SSD，"
    "p99 延迟 3.1 ms。"
)
SECTION = (
    "DiskANN 与磁盘索引\nDiskANN（Vamana 图）把全量向量和图放在 NVMe SSD 上。C++ 原版在 SIFT-1B "
    "上的口径：recall@10 0.95 时 p99 延迟 4.8 ms，内存 64 GB，NVMe SSD。"
)
PROGRAM = f"""
from briefdesk.core.claims.numbers import number_conflicts
texts = [("i", "item", "a", {ITEM!r}), ("s", "living-doc", "d", {SECTION!r})]
print(len(number_conflicts(texts, "zh")))
"""


def test_a_number_claim_does_not_depend_on_the_hash_seed() -> None:
    found = set()
    for seed in range(1, 9):
        run = subprocess.run(
            [sys.executable, "-c", PROGRAM],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        )
        found.add(run.stdout.strip())
    assert found == {"0"}  # another system's result (the rewrite's), not a conflict
