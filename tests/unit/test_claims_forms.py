"""Claims written in forms the first rules did not read (docs/claims.md): a project under its
GitHub name (`valkey-io/valkey 8.1.0`), a release note dated by its first words, a later minor
release that makes a "newest" stale, figures with thousands separators, a measure written after
its figure, durations, and a source named by several words or linked by its site. Each case in
Chinese, English or both, with the decoys beside it: the same figure repeated, the same name in
another setting, the same version called newest rightly."""

from __future__ import annotations

from briefdesk.core.claims.collect import one_name
from briefdesk.core.claims.conflicts import find_conflicts
from briefdesk.core.claims.extract import extract as claims_of
from briefdesk.core.claims.types import Claim

FORUM = "inbox/a/2026-12-01-2200-forum.md#1"
NOTES = "inbox/b/2026-12-01-1200-release-notes.md#1"
OTHER = "inbox/c/2026-12-01-0900-newsletter.md#2"
DAYS = {ref.split("#")[0]: "2026-12-01" for ref in (FORUM, NOTES, OTHER)}


def conflicts(
    texts: list[tuple[str, str]], as_of: dict[str, str] | None = None
) -> list[tuple[str, tuple[str, ...]]]:
    """(ref, text) → the version and date conflicts found; a text's first line is its title."""
    claims: list[Claim] = []
    for ref, text in texts:
        origin = "item" if ref.startswith("inbox/") else "living-doc"
        doc = ref.split("#")[0].split("§")[0]
        heading = text.split("\n", 1)[0]
        claims += [
            Claim(**s.model_dump(), ref=ref, origin=origin, doc=doc)
            for s in claims_of(text, heading)
        ]
    claims = one_name(claims, texts)
    order = [ref for ref, _ in texts]
    found = find_conflicts(
        claims, lambda r: (0, order.index(r)), "zh", DAYS if as_of is None else as_of
    )
    return [(c.kind, c.refs) for c in found]


# --- version-line: a release note under the GitHub name, a later minor release

NEWEST_ZH = (
    FORUM,
    "缓存选型：直接上 Valkey 最新版 8.0.2 吗\n"
    "楼主准备用 Valkey 最新版 8.0.2 做会话缓存，单机 32 GB。",
)
NOTE_EN = (
    NOTES,
    "valkey-io/valkey 8.1.0\n\nReleased 2026-11-20. Highlights: a new dict layout and faster"
    " replication.",
)


def test_a_release_note_under_its_github_name_dates_the_version_of_its_heading() -> None:
    [claim] = claims_of(NOTE_EN[1], NOTE_EN[1].split("\n", 1)[0])
    assert (claim.key, claim.version, claim.date, claim.current) == (
        "valkey",
        "8.1.0",
        "2026-11-20",
        False,
    )
    zh = "apache/arrow 18.1.0\n\n2026-11-02 发布，修复了 Parquet 读取的内存泄漏。"
    [claim] = claims_of(zh, zh.split("\n", 1)[0])
    assert (claim.key, claim.version, claim.date) == ("arrow", "18.1.0", "2026-11-02")


def test_a_newest_behind_a_later_minor_release_is_stale() -> None:
    assert conflicts([NEWEST_ZH, NOTE_EN]) == [("version-line", (FORUM, NOTES))]
    en = (FORUM, "Upgrade question\nWe run Valkey's latest release, 8.0.2, on one node.")
    assert conflicts([en, NOTE_EN]) == [("version-line", (FORUM, NOTES))]


def test_a_patch_a_later_day_or_the_same_newest_is_no_conflict() -> None:
    patch = (NOTES, "valkey-io/valkey 8.0.3\n\nReleased 2026-11-20. Fixes a crash on resharding.")
    assert conflicts([NEWEST_ZH, patch]) == []
    later = (NOTES, "valkey-io/valkey 8.1.0\n\nReleased 2026-12-05. A new dict layout.")
    assert conflicts([NEWEST_ZH, later]) == []
    rightly = (OTHER, "本周速览\nValkey 最新版 8.1.0（11/20）支持新的字典结构。")
    assert conflicts([rightly, NOTE_EN]) == []
    # a deeper path or a URL is no GitHub name written on its own
    for written in ("src/valkey-io/valkey 8.1.0", "https://github.com/valkey-io/valkey 8.1.0"):
        assert conflicts([NEWEST_ZH, (NOTES, f"{written}\n\nReleased 2026-11-20.")]) == []


def test_a_release_note_of_an_older_line_is_not_presented_as_the_newest() -> None:
    doc = ("docs/cache.md§2.1", "2.1 Valkey\nValkey 稳定版为 8.1.0（2026-11-20）。")
    backport = (NOTES, "valkey-io/valkey 7.2.9\n\nReleased 2026-11-25. Security fixes only.")
    assert conflicts([backport, doc]) == []
