"""Every figure of benchmarks/RESULTS.md in one command: `python -m benchmarks.run [--quick]
[--profile]`.

Generates the workspace (`tests/support/generate.py`), then measures, each in a fresh process so
that times and peak memory are the process's own:

- matching (`core.matching.match_items`): cold, warm, after one changed brief or material; its
  peak memory; the share placements take; recall of the planted near-duplicates;
- the whole `briefdesk scan --json` process, cold (cache removed) and warm, and its peak memory,
  against the reference a competent engineer would first write for this score
  (`benchmarks/reference.py`: scikit-learn TF-IDF, sparse product, top 10 per item), timed as a
  whole process side by side in the same run, and both recalls of the planted pairs;
- a degenerate batch: 2,000 near-identical items in one material (`generate_degenerate`);
- the desk (hooks into `tui.app.BriefdeskApp`): first paint of the review screen (until the desk
  is idle once its list has rows; and when the first frame with the rows was written, from
  Textual's layout-refresh signal) and the CPU cost of a cursor move and of a decision toggle,
  against a bare Textual app with one `OptionList` of the same titles; the autosave time per
  change;
- `briefdesk commit` in a repository of 10,000 tracked files, against plain
  `git add -- f && git commit --only -F msg -- f`.

A hook whose code is not importable prints "n/a" instead of failing the run; with `--check` the run
then exits 1 (CI runs `--quick --check`: an import broken by a move fails there, not silently
months later). The table is
Markdown: figure, briefdesk, baseline, ratio, target, met. Ratios are of figures measured side by
side in this run; the machine is shared and noisy, so read them as sizes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ISOLATED = 10  # desk: cursor moves one at a time, each followed by a rest
PAINT_TRIALS = 5  # first paint: this many runs of each app, alternating; the medians are compared
BATCH = "big"


@dataclass
class Row:
    figure: str
    briefdesk: str
    baseline: str = ""
    ratio: str = ""
    target: str = ""
    met: str = ""


def _fmt_s(seconds: float | None) -> str:
    if seconds is None:
        return "n/a"
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _yes(ok: bool | None) -> str:
    return "n/a" if ok is None else ("yes" if ok else "**no**")


# -- children: one process per measurement --------------------------------------------------------


def workspace_cache(ws: Path) -> Path:
    """The workspace's cache folder (out of the workspace: `core.storage.cachefile`)."""
    from briefdesk.core.storage.cachefile import workspace_cache_dir

    return workspace_cache_dir(ws)


def _child(kind: str, *args: str, env: dict[str, str] | None = None, timeout: float = 1800) -> dict:
    """Run `python -m benchmarks.run --child kind args...`; its last stdout line is JSON."""
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.run", "--child", kind, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )
    if out.returncode != 0:
        raise RuntimeError(f"child {kind} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child_match(ws: str, cache: str, out: str) -> dict:
    """Load the batch (timed apart), then time match_items; count re-tokenised parts."""
    from briefdesk.core.matching import pipeline
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    t0 = time.perf_counter()
    review = load_review(Workspace.open(ws), BATCH)
    load_s = time.perf_counter() - t0
    rss_loaded = _maxrss_mb()
    tokenised = 0
    placements_s = 0.0
    real_tokenize, real_placements = pipeline.tokenize, pipeline.place

    def tokenize(*a, **k):
        nonlocal tokenised
        tokenised += 1
        return real_tokenize(*a, **k)

    def placements(*a, **k):
        nonlocal placements_s
        t = time.perf_counter()
        try:
            return real_placements(*a, **k)
        finally:
            placements_s += time.perf_counter() - t

    pipeline.tokenize, pipeline.place = tokenize, placements
    t0 = time.perf_counter()
    result = pipeline.match_items(
        review.items,
        review.living_doc.sections,
        review.entries,
        review.living_doc.path,
        threshold=review.workspace.settings.dedup.threshold,
        cache_dir=None if cache == "none" else Path(cache),
    )
    match_s = time.perf_counter() - t0
    answer = {
        ref: {
            "placements": [p.section for p in m.placements],
            "duplicates": [[d.kind, d.ref, d.score, d.tier] for d in m.duplicates],
        }
        for ref, m in result.items()
    }
    Path(out).write_text(json.dumps(answer, ensure_ascii=False), "utf-8")
    return {
        "load_s": load_s,
        "match_s": match_s,
        "placements_s": placements_s,
        "tokenised_parts": tokenised,
        "rss_loaded_mb": rss_loaded,
        "rss_peak_mb": _maxrss_mb(),
        "items": len(review.items),
        "entries": len(review.entries),
        "sections": len(review.living_doc.sections),
    }


def child_profile(ws: str) -> dict:
    """pyinstrument of a cold match_items; the text goes to stderr-free stdout before the JSON."""
    from briefdesk.core.matching import match_items
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace
    from pyinstrument import Profiler

    review = load_review(Workspace.open(ws), BATCH)
    profiler = Profiler(interval=0.002)
    profiler.start()
    match_items(review.items, review.living_doc.sections, review.entries, review.living_doc.path)
    profiler.stop()
    text = profiler.output_text(unicode=False, color=False, show_all=False)
    return {"profile": text}


def child_cli(out: str, *argv: str) -> dict:
    """`briefdesk argv...` in this process, stdout discarded; its wall time and peak memory."""
    from briefdesk.cli import main

    t0 = time.perf_counter()
    with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
        code = main(list(argv))
    return {"code": code, "seconds": time.perf_counter() - t0, "rss_peak_mb": _maxrss_mb()}


def _first_frame(screen, rows: Callable[[], int], at: list[float], t0: float) -> None:
    """Record when `screen`'s first frame showing `rows()` rows was written: Textual publishes
    the screen's layout refresh right after writing the frame (`Screen._refresh_layout`)."""

    def frame(_screen: object) -> None:
        if not at and rows():
            at.append(time.perf_counter() - t0)

    screen.screen_layout_refresh_signal.subscribe(screen.app, frame, immediate=True)


async def _tui_review(ws: str, keys: int) -> dict:
    from briefdesk.tui.app import BriefdeskApp
    from briefdesk.tui.screens.review import ReviewScreen
    from briefdesk.tui.screens.review.drawing import Panes
    from briefdesk.tui.widgets.item_list import ItemList

    framed: list[float] = []
    redrawn: list[str] = []  # what the debouncer ran (`Panes.run_later`): "panes", "brief"
    run_later = Panes.run_later

    def counted(self, what: str) -> None:
        redrawn.append(what)
        run_later(self, what)

    Panes.run_later = counted  # type: ignore[method-assign]
    mount = ReviewScreen.on_mount

    def on_mount(self) -> None:  # the recorder first: every frame after the mount is seen
        _first_frame(self, lambda: self.query_one(ItemList).option_count, framed, t0)
        mount(self)

    ReviewScreen.on_mount = on_mount  # type: ignore[method-assign]

    def shown() -> bool:  # the screen may be installed before its children are composed
        screen = app.screen
        return isinstance(screen, ReviewScreen) and any(
            w.option_count for w in screen.query(ItemList)
        )

    app = BriefdeskApp(Path(ws), BATCH)
    t0 = time.perf_counter()
    p0 = time.process_time()
    async with app.run_test(size=(160, 48)) as pilot:
        while not shown():
            await pilot.pause(0.005)
            if time.perf_counter() - t0 > 300:
                raise TimeoutError("the review screen never showed its items")
        await pilot.pause()
        paint = time.perf_counter() - t0
        paint_cpu = time.process_time() - p0  # every thread of the process: the load's too
        screen = app.screen
        while not screen.brief_cache:  # the brief preview, drawn once the list and the panes are
            await pilot.pause(0.005)
        complete = time.perf_counter() - t0
        first = {"frame_s": framed[0] if framed else paint}
        if not keys:  # a first-paint trial only
            return {"paint_s": paint, "paint_cpu_s": paint_cpu, "complete_s": complete, **first}
        # the per-key figures are of the desk at rest, not of the moment matching hands over its
        # answer (timed on its own: the UI thread's CPU from the answer to the redrawn panes)
        c0 = time.process_time()
        while screen.matches is None:
            await pilot.pause(0.005)
        await pilot.pause()
        matched_cpu = time.process_time() - c0
        matched_at = time.perf_counter() - t0
        c0 = time.process_time()
        per_move: list[tuple[float, bool]] = []  # each move's CPU, and whether the panes followed
        for _ in range(keys):
            c1, before = time.process_time(), redrawn.count("panes")
            screen.action_next_item()
            await pilot.pause()
            per_move.append((time.process_time() - c1, redrawn.count("panes") > before))
        move = (time.process_time() - c0) / keys
        rows_only = [cpu for cpu, panes in per_move if not panes]
        saves = []
        c0 = time.process_time()
        for _ in range(keys // 2):
            t = time.perf_counter()
            screen.action_include()
            saves.append(time.perf_counter() - t)
            await pilot.pause()
            screen.action_undecide()
            await pilot.pause()
        toggle = (time.process_time() - c0) / (2 * (keys // 2))
        # one key at a time, resting 0.15 s after each: every redraw the desk puts off is counted
        c0 = time.process_time()
        for _ in range(ISOLATED):
            screen.action_next_item()
            await pilot.pause(0.15)
        isolated = (time.process_time() - c0) / ISOLATED
    return {
        "paint_s": paint,
        "paint_cpu_s": paint_cpu,
        "complete_s": complete,
        **first,
        "matched_s": matched_at,
        "matched_cpu_s": matched_cpu,
        "move_cpu_s": move,
        "moves_with_panes": sum(panes for _cpu, panes in per_move),
        "move_rows_only_cpu_s": statistics.median(rows_only) if rows_only else None,
        "toggle_cpu_s": toggle,
        "save_s": statistics.median(saves),
        "isolated_move_cpu_s": isolated,
    }


async def _bare_option_list(titles: list[str], keys: int) -> dict:
    from textual.app import App, ComposeResult
    from textual.widgets import OptionList

    framed: list[float] = []

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield OptionList(*titles)

        def on_mount(self) -> None:
            _first_frame(self.screen, lambda: self.query_one(OptionList).option_count, framed, t0)

    app = Bare()
    t0 = time.perf_counter()
    p0 = time.process_time()
    async with app.run_test(size=(160, 48)) as pilot:
        while not app.query(OptionList) or app.query_one(OptionList).option_count < len(titles):
            await pilot.pause(0.005)
        await pilot.pause()
        paint = time.perf_counter() - t0
        paint_cpu = time.process_time() - p0
        first = {"frame_s": framed[0] if framed else paint}
        if not keys:  # a first-paint trial only
            return {"paint_s": paint, "paint_cpu_s": paint_cpu, **first}
        widget = app.query_one(OptionList)
        widget.focus()
        c0 = time.process_time()
        for _ in range(keys):
            widget.action_cursor_down()
            await pilot.pause()
        move = (time.process_time() - c0) / keys
        c0 = time.process_time()
        for k in range(keys):  # a toggle repaints one row: the bare equivalent
            widget.replace_option_prompt_at_index(k % len(titles), f"✓ {titles[k % len(titles)]}")
            await pilot.pause()
        toggle = (time.process_time() - c0) / keys
        c0 = time.process_time()
        for _ in range(ISOLATED):
            widget.action_cursor_down()
            await pilot.pause(0.15)
        isolated = (time.process_time() - c0) / ISOLATED
    return {
        "paint_s": paint,
        "paint_cpu_s": paint_cpu,
        **first,
        "move_cpu_s": move,
        "toggle_cpu_s": toggle,
        "isolated_move_cpu_s": isolated,
    }


def child_tui(ws: str, keys: str) -> dict:
    return asyncio.run(_tui_review(ws, int(keys)))


def child_optionlist(titles_file: str, keys: str) -> dict:
    titles = json.loads(Path(titles_file).read_text("utf-8"))
    return asyncio.run(_bare_option_list(titles, int(keys)))


CHILDREN: dict[str, Callable[..., dict]] = {
    "match": child_match,
    "profile": child_profile,
    "cli": child_cli,
    "tui": child_tui,
    "optionlist": child_optionlist,
}


# -- the figures ----------------------------------------------------------------------------------


def _changed(ws: Path, work: Path, cache: Path, path: Path, new_text: str) -> dict:
    """Rewrite one file, match with the cache and without, put the file back."""
    original = path.read_text("utf-8")
    path.write_text(new_text, "utf-8")
    try:
        got = _child("match", str(ws), str(cache), str(work / "changed.json"))
        _child("match", str(ws), "none", str(work / "changed-fresh.json"))
    finally:
        path.write_text(original, "utf-8")
    got["same"] = (work / "changed.json").read_text("utf-8") == (
        work / "changed-fresh.json"
    ).read_text("utf-8")
    return got


def _process(argv: list[str], rows_out: Path | None = None) -> dict:
    """Run `argv` (a Python module) as a whole process: wall time and peak memory (GNU time's
    `%M` where it exists, else the children's ru_maxrss)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, *argv], cwd=ROOT, capture_output=True, text=True, timeout=1800
    )
    seconds = time.perf_counter() - t0
    if out.returncode != 0:
        raise RuntimeError(f"{argv} failed:\n{out.stderr[-3000:]}")
    if rows_out is not None:
        rows_out.write_text(out.stdout, "utf-8")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {"seconds": seconds, "rss_peak_mb": max(peak, before) / 1024, "stdout": out.stdout}


def matching_figures(
    ws: Path, work: Path, sample: int, threshold: int, rows: list[Row], notes: list[str]
) -> dict:
    """match_items cold / warm / after a change, and its recall of the planted pairs."""
    cache = work / "cache"
    shutil.rmtree(cache, ignore_errors=True)
    cold = _child("match", str(ws), str(cache), str(work / "cold.json"))
    warm = _child("match", str(ws), str(cache), str(work / "warm.json"))
    _child("match", str(ws), "none", str(work / "nocache.json"))
    answer = json.loads((work / "cold.json").read_text("utf-8"))
    same = (
        answer
        == json.loads((work / "warm.json").read_text("utf-8"))
        == json.loads((work / "nocache.json").read_text("utf-8"))
    )
    briefs = sorted((ws / "briefs").rglob("*.md"))
    victim = briefs[len(briefs) // 2]
    text = victim.read_text("utf-8")
    at = text.index("\n  • ", text.index("四、"))  # the first bullet of section 四: an entry
    changed_brief = _changed(ws, work, cache, victim, text[:at] + "\n  • 改动：" + text[at + 5 :])
    planted = json.loads((ws / "planted.json").read_text("utf-8"))
    material = ws / sorted(planted["sections"])[0].split("#")[0]
    text = material.read_text("utf-8")
    changed_material = _changed(
        ws, work, cache, material, text + "\n补充一句：这条材料后来又被转述了一次。\n"
    )
    pairs = planted["duplicates"]
    n_planted = len(pairs) or 1
    listed = sum(any(d[1] == p["entry"] for d in answer[p["item"]]["duplicates"]) for p in pairs)
    likely = sum(
        any(d[1] == p["entry"] and d[3] == "likely" for d in answer[p["item"]]["duplicates"])
        for p in pairs
    )
    best = sum(
        bool(answer[p["item"]]["duplicates"])
        and answer[p["item"]]["duplicates"][0][1] == p["entry"]
        for p in pairs
    )
    placed = sum(sec in answer[ref]["placements"] for ref, sec in planted["sections"].items())
    placement_share = cold["placements_s"] / cold["match_s"]
    rows += [
        Row(
            f"matching cold, {cold['items']:,} items × {cold['entries']:,} entries "
            f"(+{cold['sections']} sections)",
            _fmt_s(cold["match_s"]),
            "",
            "",
            "(information)",
            "",
        ),
        Row(
            "matching warm (unchanged, cache)",
            _fmt_s(warm["match_s"]),
            _fmt_s(cold["match_s"]) + " cold",
            f"{warm['match_s'] / cold['match_s']:.3f}×",
            "≤ 0.2×",
            _yes(warm["match_s"] <= 0.2 * cold["match_s"]),
        ),
        *(
            Row(
                f"matching after one {what} changed",
                f"{_fmt_s(c['match_s'])}, {c['tokenised_parts']} part re-tokenised, "
                f"answer {'=' if c['same'] else '≠'} fresh",
                _fmt_s(cold["match_s"]) + " cold",
                f"{c['match_s'] / cold['match_s']:.2f}×",
                "only it re-read; same answer",
                _yes(c["tokenised_parts"] == 1 and c["same"]),
            )
            for what, c in (("brief", changed_brief), ("material", changed_material))
        ),
        Row(
            f"recall of planted near-duplicates, listed (threshold {threshold})",
            f"{listed / n_planted:.3f} ({listed}/{n_planted}; likely {likely}; "
            f"best candidate {best})",
            "",
            "",
            "≥ 0.98",
            _yes(listed / n_planted >= 0.98),
        ),
        Row(
            "placements' share of cold matching",
            f"{placement_share:.1%} ({_fmt_s(cold['placements_s'])})",
            "",
            "",
            "does not dominate",
            _yes(placement_share < 0.5),
        ),
        Row(
            "peak memory, matching process (load + match)",
            f"{cold['rss_peak_mb']:.0f} MB",
            f"{cold['rss_loaded_mb']:.0f} MB after loading",
            "",
            "≤ 1024 MB",
            _yes(cold["rss_peak_mb"] <= 1024),
        ),
        Row(
            "warm = cold = no-cache answers",
            "identical" if same else "**differ**",
            "",
            "",
            "identical",
            _yes(same),
        ),
        Row(
            "intended section in top 3 placements (generated truth)",
            f"{placed / max(1, len(planted['sections'])):.1%}",
            "",
            "",
            "(information)",
            "",
        ),
    ]
    notes.append(
        f"matching cold loads the batch first (not timed in the figure): {cold['load_s']:.2f} s."
    )
    _ = sample
    return {"planted": planted}


def scan_figures(ws: Path, work: Path, planted: dict, rows: list[Row], notes: list[str]) -> None:
    """`briefdesk scan --json`, whole process, cold (cache removed) and warm, against the
    reference (benchmarks/reference.py) as a whole process, side by side."""
    argv = ["-m", "briefdesk", "scan", "-w", str(ws), "-b", BATCH, "--json"]
    ref_argv = ["-m", "benchmarks.reference", str(ws), BATCH, str(work / "reference.json")]
    colds, refs = [], []
    for _ in range(2):  # alternating, twice: the machine is shared
        shutil.rmtree(workspace_cache(ws), ignore_errors=True)
        colds.append(_process(argv, work / "scan.json"))
        refs.append(_process(ref_argv))
    cold_s = statistics.median(c["seconds"] for c in colds)
    ref_s = statistics.median(r["seconds"] for r in refs)
    warm_times = [_process(argv)["seconds"] for _ in range(3)]
    warm_s = statistics.median(warm_times)
    peak = _peak_of(argv, ws)
    data = {i["ref"]: i for i in json.loads((work / "scan.json").read_text("utf-8"))["items"]}
    ref_found = json.loads((work / "reference.json").read_text("utf-8"))
    pairs = planted["duplicates"]
    n = max(1, len(pairs))
    recall = sum(any(d["ref"] == p["entry"] for d in data[p["item"]]["duplicates"]) for p in pairs)
    likely = sum(
        any(d["ref"] == p["entry"] and d["tier"] == "likely" for d in data[p["item"]]["duplicates"])
        for p in pairs
    )
    ref_recall = sum(any(r == p["entry"] for r, _ in ref_found[p["item"]]) for p in pairs)
    rows += [
        Row(
            "`briefdesk scan --json`, whole process, cold",
            _fmt_s(cold_s),
            f"{_fmt_s(ref_s)} reference (scikit-learn TF-IDF, sparse product, top 10)",
            f"{cold_s / ref_s:.2f}×",
            "≤ 1.5×",
            _yes(cold_s <= 1.5 * ref_s),
        ),
        Row(
            "`briefdesk scan --json`, whole process, warm",
            _fmt_s(warm_s),
            _fmt_s(cold_s) + " cold",
            f"{warm_s / cold_s:.2f}×",
            "≤ 0.2×",
            _yes(warm_s <= 0.2 * cold_s),
        ),
        Row(
            "`briefdesk scan --json`, peak memory (cold)",
            f"{peak:.0f} MB",
            "",
            "",
            "≤ 1024 MB",
            _yes(peak <= 1024),
        ),
        Row(
            "`briefdesk scan --json`, recall of planted pairs (listed / likely)",
            f"{recall / n:.3f} / {likely / n:.3f}",
            f"{ref_recall / n:.3f} reference (top 10)",
            "",
            "≥ 0.98",
            _yes(recall / n >= 0.98),
        ),
    ]
    notes.append(
        "scan cold and the reference: medians of 2 alternating runs each (s): scan "
        + ", ".join(f"{c['seconds']:.2f}" for c in colds)
        + "; reference "
        + ", ".join(f"{r['seconds']:.2f}" for r in refs)
        + "."
    )


def _peak_of(argv: list[str], ws: Path) -> float:
    """Peak memory of one cold run of `argv`, in its own process (GNU time when present)."""
    shutil.rmtree(workspace_cache(ws), ignore_errors=True)
    gnu = shutil.which("time") or ("/usr/bin/time" if Path("/usr/bin/time").exists() else None)
    if gnu:
        out = subprocess.run(
            [gnu, "-f", "%M", sys.executable, *argv],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        last = out.stderr.strip().splitlines()[-1] if out.stderr.strip() else ""
        if last.isdigit():
            return int(last) / 1024
    code = (
        "import resource, runpy, sys, contextlib, os; sys.argv = ['briefdesk', *sys.argv[1:]];"
        "f = open(os.devnull, 'w')\nwith contextlib.redirect_stdout(f):\n"
        "    try: runpy.run_module('briefdesk', run_name='__main__')\n"
        "    except SystemExit: pass\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *argv[2:]], cwd=ROOT, capture_output=True, text=True
    )
    return int(out.stderr.strip().splitlines()[-1]) / 1024


def degenerate_figures(work: Path, rows: list[Row]) -> None:
    """2,000 near-identical items in one ~185 KB material: a cold scan, bounded."""
    from tests.support.generate import generate_degenerate

    root = work / "degenerate"
    shutil.rmtree(root, ignore_errors=True)
    material = generate_degenerate(root)
    argv = ["-m", "briefdesk", "scan", "-w", str(root), "-b", "dump", "--json", "--no-cache"]
    run = _process(argv)
    peak = _peak_of(argv, root)
    rows.append(
        Row(
            "degenerate batch: 2,000 near-identical items, one "
            f"{material.stat().st_size // 1024} KB material, cold `scan --json`",
            f"{_fmt_s(run['seconds'])}, {peak:.0f} MB",
            "31–34 s, 1.7 GB before",
            "",
            "bounded (≤ 10 s, ≤ 1024 MB)",
            _yes(run["seconds"] <= 10 and peak <= 1024),
        )
    )


def tui_figures(ws: Path, work: Path, keys: int, rows: list[Row], notes: list[str]) -> None:
    """Hook: the desk's first paint and per-key cost against a bare OptionList of the same
    titles."""
    try:
        import briefdesk.tui.app  # noqa: F401
        import textual  # noqa: F401
    except ImportError:
        rows.append(Row("desk first paint / per key", "n/a", "", "", "≤ 1.5×", "n/a"))
        return
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    review = load_review(Workspace.open(ws), BATCH)
    titles = work / "titles.json"
    titles.write_text(json.dumps([i.title for i in review.items], ensure_ascii=False), "utf-8")
    session = ws / ".briefdesk" / "sessions"
    shutil.rmtree(session, ignore_errors=True)
    try:
        bare = _child("optionlist", str(titles), str(keys))
        desk = _child("tui", str(ws), str(keys))
        trials = {"bare": [bare], "desk": [desk]}
        for _ in range(PAINT_TRIALS - 1):  # first paint varies run to run: alternate, take medians
            shutil.rmtree(session, ignore_errors=True)
            trials["bare"].append(_child("optionlist", str(titles), "0"))
            trials["desk"].append(_child("tui", str(ws), "0"))
        paints = {app: [t["paint_s"] for t in runs] for app, runs in trials.items()}
        frames = {app: [t["frame_s"] for t in runs] for app, runs in trials.items()}
        for app, figures in (("bare", bare), ("desk", desk)):
            # wall time until idle, the CPU the load hides less, the first frame written
            for key in ("paint_s", "paint_cpu_s", "frame_s"):
                figures[key] = statistics.median(t[key] for t in trials[app])
        notes.append(
            "first paint, each of the alternating runs (s): bare OptionList "
            + ", ".join(f"{t:.3f}" for t in paints["bare"])
            + "; desk "
            + ", ".join(f"{t:.3f}" for t in paints["desk"])
            + " (medians compared); first frame written: bare "
            + ", ".join(f"{t:.3f}" for t in frames["bare"])
            + "; desk "
            + ", ".join(f"{t:.3f}" for t in frames["desk"])
        )
    except (
        Exception
    ) as exc:  # the desk is another engineer's; a failure here is reported, not fatal
        rows.append(
            Row(
                "desk first paint / per key", f"n/a ({type(exc).__name__})", "", "", "≤ 1.5×", "n/a"
            )
        )
        notes.append(f"desk hook failed: {str(exc)[-500:]}")
        return
    finally:
        shutil.rmtree(session, ignore_errors=True)
    for name, key in (
        (f"first paint of the review screen, median of {PAINT_TRIALS}", "paint_s"),
        (f"first paint, the process's CPU, median of {PAINT_TRIALS}", "paint_cpu_s"),
        (f"first frame written (its layout refresh), median of {PAINT_TRIALS}", "frame_s"),
        ("CPU per cursor move", "move_cpu_s"),
        ("CPU per decision toggle", "toggle_cpu_s"),
    ):
        ratio = desk[key] / bare[key]
        rows.append(
            Row(
                f"desk: {name} ({len(review.items):,} items)",
                _fmt_s(desk[key]),
                f"{_fmt_s(bare[key])} bare OptionList",
                f"{ratio:.2f}×",
                "≤ 1.5×",
                _yes(ratio <= 1.5),
            )
        )
    rows.append(
        Row(
            f"desk: every pane drawn, brief preview included ({len(review.items):,} items)",
            _fmt_s(desk["complete_s"]),
            f"{_fmt_s(bare['paint_s'])} bare OptionList",
            f"{desk['complete_s'] / bare['paint_s']:.2f}×",
            "(information)",
            "",
        )
    )
    rows.append(
        Row(
            f"desk: matching's answer shown, warm ({len(review.items):,} items)",
            _fmt_s(desk["matched_s"]),
            "",
            "",
            "(information)",
            "",
        )
    )
    rows.append(
        Row(
            "desk: UI-thread CPU from the brief preview to matching's answer drawn",
            _fmt_s(desk["matched_cpu_s"]),
            "",
            "",
            "(information)",
            "",
        )
    )
    ratio = desk["isolated_move_cpu_s"] / bare["isolated_move_cpu_s"]
    rows.append(
        Row(
            "desk: CPU per cursor move, one key then a 0.15 s rest "
            f"({len(review.items):,} items; panes redrawn)",
            _fmt_s(desk["isolated_move_cpu_s"]),
            f"{_fmt_s(bare['isolated_move_cpu_s'])} bare OptionList",
            f"{ratio:.2f}×",
            "(information)",
            "",
        )
    )
    rows_only = desk["move_rows_only_cpu_s"]
    notes.append(
        f"desk: the cursor move's panes (PANES_DELAY after the row's refresh) were redrawn inside "
        f"the pause after {desk['moves_with_panes']} of {keys} moves, which the CPU per move takes "
        f"in (a pane redraw is the 'one key then a rest' figure); a move without them, median "
        f"{_fmt_s(rows_only)}: the pause (Textual's wait for idle) outlasts the delay more often "
        "on a loaded machine, so the per-move figure moves with the load."
    )
    notes.append(
        "desk: matching starts 0.3 s after the review screen opens (MATCH_PROCESS_DELAY) and had "
        "finished before the per-key figures were taken."
    )
    rows.append(
        Row(
            "desk: autosave per change (on the key path)",
            _fmt_s(desk["save_s"]),
            "",
            "",
            "no visible pause (≤ 50 ms)",
            _yes(desk["save_s"] <= 0.05),
        )
    )


def commit_repo(work: Path, batches: int = 3) -> tuple[Path, dict[str, str]]:
    """A workspace repository of 10,000 tracked files with `batches` batches (`c0`, `c1`, ...),
    one for each commit to time, and the environment git and briefdesk run in there."""
    from tests.support.generate import generate, git_init

    repo = work / "commit-ws"
    shutil.rmtree(repo, ignore_errors=True)
    generate(repo, materials=30, entries=500, sections=40, seed=1, git=False)
    manifest = (repo / "batches" / f"{BATCH}.yaml").read_text("utf-8")
    for k in range(batches):
        (repo / "batches" / f"c{k}.yaml").write_text(
            manifest.replace("id: bench/", f"id: bench/c{k}-"), "utf-8"
        )
    tracked = sum(1 for p in repo.rglob("*") if p.is_file())
    filler = repo / "archive"
    filler.mkdir()
    for k in range(max(0, 10_000 - tracked)):
        (filler / f"{k:05d}.md").write_text(f"# note {k}\n\nfiller text {k}\n", "utf-8")
    git_init(repo)
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Bench",
        "GIT_AUTHOR_EMAIL": "bench@example.invalid",
        "GIT_COMMITTER_NAME": "Bench",
        "GIT_COMMITTER_EMAIL": "bench@example.invalid",
    }
    for var in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        env.pop(var, None)
    subprocess.run(["git", "config", "user.name", "Bench"], cwd=repo, check=True)
    subprocess.run(["git", "config", "user.email", "bench@example.invalid"], cwd=repo, check=True)
    return repo, env


def plain_commit(repo: Path, rel: str, env: dict[str, str]) -> float:
    """The baseline of a brief commit: git itself adding and committing one file (seconds)."""
    t0 = time.perf_counter()
    subprocess.run(["git", "add", "--", rel], cwd=repo, check=True, env=env)
    subprocess.run(
        ["git", "commit", "-q", "--only", "-F", "-", "--", rel],
        cwd=repo,
        check=True,
        env=env,
        input="plain commit\n",
        text=True,
    )
    return time.perf_counter() - t0


def commit_figures(work: Path, rows: list[Row], notes: list[str]) -> None:
    """Hook: `briefdesk commit` in a repository of 10,000 tracked files vs plain git."""
    try:
        import briefdesk.cli  # noqa: F401
    except ImportError:
        rows.append(Row("briefdesk commit", "n/a", "", "", "≤ 1.5×", "n/a"))
        return
    repo, env = commit_repo(work)
    n_files = len(
        subprocess.run(
            ["git", "ls-files"], cwd=repo, capture_output=True, text=True, check=True
        ).stdout.split()
    )
    sample_brief = next((repo / "briefs").rglob("*.md")).read_text("utf-8")  # a brief-sized file
    ours, plain = [], []
    for k in range(3):
        t0 = time.perf_counter()
        res = subprocess.run(
            [
                sys.executable,
                "-m",
                "briefdesk",
                "commit",
                "-w",
                str(repo),
                "-b",
                f"c{k}",
                "--allow-undecided",
                "--reviewer",
                "Bench",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env=env,
        )
        ours.append(time.perf_counter() - t0)
        if res.returncode != 0:
            rows.append(
                Row("`briefdesk commit`", f"n/a (exit {res.returncode})", "", "", "≤ 1.5×", "n/a")
            )
            notes.append(f"briefdesk commit failed: {res.stderr.strip()[-400:]}")
            return
        note = repo / "notes" / f"plain-{k}.md"
        note.parent.mkdir(exist_ok=True)
        note.write_text(sample_brief, "utf-8")
        plain.append(plain_commit(repo, note.relative_to(repo).as_posix(), env))
    a, b = statistics.median(ours), statistics.median(plain)
    rows.append(
        Row(
            f"`briefdesk commit`, {n_files:,} tracked files (whole process)",
            _fmt_s(a),
            f"{_fmt_s(b)} git add + commit --only",
            f"{a / b:.2f}×",
            "≤ 1.5×",
            _yes(a <= 1.5 * b),
        )
    )


# -- main -----------------------------------------------------------------------------------------


def machine() -> str:
    cpu = "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return (
        f"{os.cpu_count()} cores (nproc), {cpu}, Python {platform.python_version()}, "
        f"{platform.system()} {platform.release()}"
    )


def table(rows: list[Row]) -> str:
    lines = [
        "| figure | briefdesk | baseline | ratio | target | met |",
        "|---|---|---|---|---|---|",
    ]
    lines += [
        f"| {r.figure} | {r.briefdesk} | {r.baseline} | {r.ratio} | {r.target} | {r.met} |"
        for r in rows
    ]
    return "\n".join(lines)


def unmeasured(rows: list[Row]) -> list[str]:
    """The figures of the rows that say "n/a" somewhere (a hook failed or was not importable)."""
    return [r.figure for r in rows if any("n/a" in cell for cell in vars(r).values())]


def checked(rows: list[Row], check: bool) -> int:
    """0, or 1 when `check` is set and a row says "n/a" (printed on stderr)."""
    missing = unmeasured(rows) if check else []
    for figure in missing:
        print(f"benchmarks: error: not measured (n/a): {figure}", file=sys.stderr)
    return 1 if missing else 0


def desk_only(a: argparse.Namespace) -> int:
    """`--only desk`: the desk rows alone, side by side with the bare OptionList in one run."""
    from tests.support.generate import generate

    base = a.dir or Path(tempfile.mkdtemp(prefix="briefdesk-bench-"))
    work = base / "work"
    work.mkdir(parents=True, exist_ok=True)
    rows: list[Row] = []
    notes: list[str] = []
    try:
        if a.workspace:
            ws = a.workspace.resolve()
        else:
            ws = base / "ws"
            shutil.rmtree(ws, ignore_errors=True)
            size = (
                dict(materials=200, entries=10_000, sections=100)
                if a.quick
                else dict(materials=1000, entries=50_000, sections=300)
            )
            generate(ws, **size)
        cache = workspace_cache(ws)
        if a.desk_cache == "cold":
            shutil.rmtree(cache, ignore_errors=True)
        elif not cache.exists():  # as in the full run, where the scan figures leave a warm cache
            _child("cli", str(work / "scan.json"), "scan", "-w", str(ws), "-b", BATCH, "--json")
        notes.append(f"desk measured with the match cache {a.desk_cache}.")
        tui_figures(ws, work, a.keys, rows, notes)
        print(f"machine: {machine()}\n")
        print(table(rows))
        print()
        for note in notes:
            print(f"- {note}")
    finally:
        if not a.keep and not a.dir:
            shutil.rmtree(base, ignore_errors=True)
    return checked(rows, a.check)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.run", description=__doc__.split("\n\n")[0], allow_abbrev=False
    )
    p.add_argument(
        "--quick", action="store_true", help="a smaller workspace (200 materials, 10,000 entries)"
    )
    p.add_argument(
        "--dir", type=Path, help="where to generate (default: a temporary folder, removed after)"
    )
    p.add_argument("--keep", action="store_true", help="keep the generated workspace")
    p.add_argument(
        "--sample", type=int, help="items timed for the brute force (default 30, quick 8)"
    )
    p.add_argument(
        "--profile", action="store_true", help="also print a pyinstrument profile of cold matching"
    )
    p.add_argument(
        "--quality",
        action="store_true",
        help="also measure precision and recall on tests/workspaces/realkb (benchmarks.quality)",
    )
    p.add_argument("--skip", default="", help="comma list of: scan,degenerate,tui,commit")
    p.add_argument(
        "--only",
        choices=("desk",),
        help="only the desk figures (`--only desk`): no matching, scan or commit "
        "figures; with --workspace, on an already generated workspace",
    )
    p.add_argument(
        "--workspace",
        type=Path,
        help="with --only desk: an existing workspace from tests.support.generate "
        "(not regenerated, not removed)",
    )
    p.add_argument(
        "--desk-cache",
        choices=("warm", "cold"),
        default="warm",
        help=(
            "with --only desk: match cache present (as in the full run, after the scan figures) "
            "or removed"
        ),
    )
    p.add_argument("--keys", type=int, default=40, help="keys per desk figure (default 40)")
    p.add_argument(
        "--check",
        action="store_true",
        help='exit 1 when a figure was not measured (a row says "n/a"); CI runs --quick --check',
    )
    p.add_argument("--child", help=argparse.SUPPRESS)
    a, rest = p.parse_known_args(argv)
    if a.child:
        print(json.dumps(CHILDREN[a.child](*rest)))
        return 0
    if a.only == "desk":
        return desk_only(a)
    from tests.support.generate import generate

    size = (
        dict(materials=200, entries=10_000, sections=100)
        if a.quick
        else dict(materials=1000, entries=50_000, sections=300)
    )
    sample = a.sample or (8 if a.quick else 30)
    skip = set(filter(None, a.skip.split(",")))
    base = a.dir or Path(tempfile.mkdtemp(prefix="briefdesk-bench-"))
    ws, work = base / "ws", base / "work"
    shutil.rmtree(ws, ignore_errors=True)
    work.mkdir(parents=True, exist_ok=True)
    rows: list[Row] = []
    notes: list[str] = []
    try:
        t0 = time.perf_counter()
        gen = generate(ws, **size)
        notes.append(
            f"workspace: {gen.items:,} items in {size['materials']:,} materials, "
            f"{gen.entries:,} entries in "
            f"{len(list((ws / 'briefs').rglob('*.md'))):,} briefs, {size['sections']} sections, "
            f"{len(gen.planted)} planted near-duplicates; "
            f"generated in {time.perf_counter() - t0:.1f} s."
        )
        from briefdesk.core.workspace.layout import Workspace

        threshold = Workspace.open(ws).settings.dedup.threshold
        m = matching_figures(ws, work, sample, threshold, rows, notes)
        if "scan" not in skip:
            scan_figures(ws, work, m["planted"], rows, notes)
        if "degenerate" not in skip:
            degenerate_figures(work, rows)
        if "tui" not in skip:
            tui_figures(ws, work, a.keys, rows, notes)
        if "commit" not in skip:
            commit_figures(work, rows, notes)
        print(f"machine: {machine()}\n")
        print(table(rows))
        print()
        for note in notes:
            print(f"- {note}")
        if a.quality:
            from benchmarks.quality import DEFAULT, measure, report

            print("\n" + report(DEFAULT.name, measure(DEFAULT)))
        if a.profile:
            print("\n```\n" + _child("profile", str(ws))["profile"] + "```")
    finally:
        if not a.keep and not a.dir:
            shutil.rmtree(base, ignore_errors=True)
    return checked(rows, a.check)


if __name__ == "__main__":
    raise SystemExit(main())
