"""The cache of parsed materials and briefs: a hit is a fresh parse, only what changed is
parsed again, a damaged or unsealed cache is no cache, and loading never writes. The cache folder
is the workspace's under `$XDG_CACHE_HOME/briefdesk/` (a private one for the test session)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.model.values import Evidence
from briefdesk.core.review import load as review_mod
from briefdesk.core.review.load import Review, load_review
from briefdesk.core.storage import cachefile, parsecache
from briefdesk.core.workspace.earlier_briefs import parse_brief
from briefdesk.core.workspace.layout import Workspace, real_path, sha256_bytes
from briefdesk.core.workspace.materials import parse_material
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "demo" / "workspace"
DEMO_BATCH = "2026-11-03-e627b203"


def folder(root: Path) -> Path:
    """The workspace's parse-cache folder."""
    return Workspace.open(root).cache_dir / parsecache.FOLDER


def stored(path: Path) -> dict:
    """A sealed cache file's JSON."""
    payload = cachefile.unseal(path.read_bytes())
    assert payload is not None, f"{path} is not sealed with this account's key"
    return json.loads(bytes(payload))


def seal_into(path: Path, payload: bytes) -> None:
    sealed = cachefile.seal(payload)
    assert sealed is not None
    path.write_bytes(sealed)


@pytest.fixture(autouse=True)
def _fresh_process() -> None:
    """Each test starts as a new process would: no store held in memory."""
    parsecache.forget()
    yield
    parsecache.forget()


@pytest.fixture()
def demo(tmp_path: Path) -> Path:
    root = tmp_path / "demo"
    shutil.copytree(DEMO, root)
    return root


@pytest.fixture()
def generated(tmp_path: Path, bench_generate) -> tuple[Path, str]:
    gen = bench_generate.generate(
        tmp_path / "gen", materials=12, entries=150, sections=12, seed=5, git=False
    )
    return gen.root, gen.batch


def _load(root: Path, batch: str) -> Review:
    return load_review(Workspace.open(root), batch)


def _warm(root: Path, batch: str) -> Review:
    """Load, read every brief, and write the cache as `scan` does (it makes the cache folder)."""
    review = _load(root, batch)
    _ = review.entries
    review.save_parsed()
    parsecache.forget()  # the next load reads the files, as the next process would
    return review


def _fresh(review: Review) -> tuple[list, list]:
    """Materials and entries parsed from the files, no cache involved."""
    ws = review.workspace
    materials = []
    for entry in review.batch.manifest.materials:
        data = (ws.root / entry.path).read_bytes()
        rel = Path(entry.path).as_posix()
        materials.append(
            parse_material(rel, data.decode("utf-8"), sha256_bytes(data), entry.evidence)
        )
    entries = [
        e
        for rel in review.brief_files
        for e in parse_brief(rel, (ws.root / rel).read_text("utf-8"))
    ]
    return materials, entries


class Counter:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.materials: list[str] = []
        self.briefs: list[str] = []
        real_material, real_brief = review_mod.parse_material, review_mod.parse_brief

        def material(path, *args, **kwargs):
            self.materials.append(path)
            return real_material(path, *args, **kwargs)

        def brief(path, *args, **kwargs):
            self.briefs.append(path)
            return real_brief(path, *args, **kwargs)

        monkeypatch.setattr(review_mod, "parse_material", material)
        monkeypatch.setattr(review_mod, "parse_brief", brief)


# -- a hit is a fresh parse ------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["demo", "generated"])
def test_a_cache_hit_equals_a_fresh_parse(
    which: str, demo: Path, generated: tuple[Path, str], monkeypatch
) -> None:
    root, batch = (demo, DEMO_BATCH) if which == "demo" else generated
    cold = _warm(root, batch)
    assert (folder(root) / "materials.json").is_file() and (folder(root) / "briefs.json").is_file()
    calls = Counter(monkeypatch)
    warm = _load(root, batch)
    fresh_materials, fresh_entries = _fresh(warm)
    assert warm.materials == fresh_materials == cold.materials
    assert [m.model_dump(mode="json") for m in warm.materials] == [
        m.model_dump(mode="json") for m in fresh_materials
    ]
    assert warm.entries == fresh_entries == cold.entries
    assert calls.materials == [] and calls.briefs == []  # all of it from the cache


def test_the_evidence_override_is_applied_after_the_hit(demo: Path) -> None:
    review = _warm(demo, DEMO_BATCH)
    overridden = [e for e in review.batch.manifest.materials if e.evidence is not None]
    assert overridden  # the demo batch grades a paper card `tldr`
    warm = _load(demo, DEMO_BATCH)
    assert warm.materials == _fresh(warm)[0]
    for entry in overridden:
        m = warm.material(entry.path)
        assert m is not None and m.evidence is entry.evidence
        assert all(
            i.evidence is entry.evidence and i.evidence_source == "manifest" for i in m.items
        )


_TEXT = st.lists(
    st.sampled_from(
        [
            *"ab 中文\n#-`~:'\"",
            "## ",
            "# ",
            "---\n",
            "title: x\n",
            "evidence: tldr\n",
            "```\n",
            "1. ",
            "  • ",
            "一、",
            "二、",
            "摘要级",
            "正文未读",
            "TLDR",
            "2601.21204",
            "https://a.org/x",
            "\r\n",
        ]
    ),
    max_size=40,
).map("".join)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=_TEXT, override=st.sampled_from([None, *Evidence]))
def test_round_trip_through_the_file_equals_a_fresh_parse(
    tmp_path: Path, text: str, override: Evidence | None
) -> None:
    """Any material that parses, stored and read back, then given any override, is what
    `parse_material(..., override)` returns; any brief likewise."""
    parsecache.forget()
    root = tmp_path / "ws"
    shutil.rmtree(root, ignore_errors=True)
    cache_dir = root / "cache"
    cache_dir.mkdir(parents=True)
    sha = sha256_bytes(text.encode("utf-8"))
    try:
        material = parse_material("inbox/a.md", text, sha)
    except BriefdeskError:
        material = None
    entries = parse_brief("briefs/t/2026-11-01-e1-x.md", text)
    (root / "briefs" / "t").mkdir(parents=True)
    (root / "briefs" / "t" / "2026-11-01-e1-x.md").write_text(text, "utf-8")
    if material is not None:
        parsecache.materials(cache_dir).put("inbox/a.md", sha, material)
        parsecache.materials(cache_dir).save()
    parsecache.briefs(cache_dir, root).put("briefs/t/2026-11-01-e1-x.md", sha, entries)
    parsecache.briefs(cache_dir, root).save()
    parsecache.forget()
    if material is not None:
        got = parsecache.materials(cache_dir).get("inbox/a.md", sha)
        assert got == material
        assert parsecache.with_override(got, override) == parse_material(
            "inbox/a.md", text, sha, override
        )
    assert parsecache.briefs(cache_dir, root).get("briefs/t/2026-11-01-e1-x.md", sha) == entries


# -- only what changed is parsed again -------------------------------------------------------------


def test_only_the_changed_material_and_brief_are_parsed_again(
    generated: tuple[Path, str], monkeypatch
) -> None:
    root, batch = generated
    review = _warm(root, batch)
    material = review.materials[3].path
    brief = review.brief_files[2]
    with (root / material).open("a", encoding="utf-8") as f:
        f.write("\n## 追加的一条\n厂商口径，另有 2611.00001。\n")
    with (root / brief).open("a", encoding="utf-8") as f:
        f.write("  • 新的一条\n")
    calls = Counter(monkeypatch)
    warm = _load(root, batch)
    entries = warm.entries
    assert calls.materials == [material]
    assert calls.briefs == [brief]
    fresh_materials, fresh_entries = _fresh(warm)
    assert warm.materials == fresh_materials and entries == fresh_entries
    assert warm.material(material).items[-1].title == "追加的一条"

    # written back: the next process parses nothing
    warm.save_parsed()
    parsecache.forget()
    calls.materials.clear()
    calls.briefs.clear()
    again = _load(root, batch)
    assert again.entries == fresh_entries and again.materials == fresh_materials
    assert calls.materials == [] and calls.briefs == []


def test_nothing_changed_writes_nothing(demo: Path) -> None:
    _warm(demo, DEMO_BATCH)
    files = [folder(demo) / "materials.json", folder(demo) / "briefs.json"]
    before = [f.stat().st_mtime_ns for f in files]
    review = _load(demo, DEMO_BATCH)
    _ = review.entries
    review.save_parsed()
    assert [f.stat().st_mtime_ns for f in files] == before


def test_a_deleted_brief_leaves_the_cache(demo: Path) -> None:
    gone, changed = (
        "briefs/inference/2026-01-01-e1-gone.md",
        "briefs/inference/2026-01-02-e1-changed.md",
    )
    for rel in (gone, changed):
        (demo / rel).write_text("一、增量\n1. 一条\n", "utf-8")
    _warm(demo, DEMO_BATCH)
    (demo / gone).unlink()
    (demo / changed).write_text("一、增量\n1. 改过的一条\n", "utf-8")  # something to write
    again = _load(demo, DEMO_BATCH)
    _ = again.entries
    again.save_parsed()
    entries = stored(folder(demo) / "briefs.json")["entries"]
    assert gone not in entries and changed in entries
    assert entries[changed]["value"][0]["text"] == "改过的一条"


def test_materials_of_other_batches_age_out(demo: Path) -> None:
    review = _warm(demo, DEMO_BATCH)
    cache_dir = review.workspace.cache_dir
    for n in range(parsecache.KEEP_UNUSED):  # other loads write, our materials unused
        store = parsecache.materials(cache_dir)
        store.get("x", "0")
        store.put(
            f"other/{n}.md",
            "0" * 64,
            review.materials[0].model_copy(update={"path": f"other/{n}.md", "sha256": "0" * 64}),
        )
        store.save()
        parsecache.forget()
    entries = stored(folder(demo) / "materials.json")["entries"]
    assert not any(m.path in entries for m in review.materials)
    assert f"other/{parsecache.KEEP_UNUSED - 1}.md" in entries


# -- errors are the same, and never cached ---------------------------------------------------------


def test_a_bad_material_fails_the_same_with_a_warm_cache(demo: Path) -> None:
    cold = _warm(demo, DEMO_BATCH)
    bad = cold.materials[1].path
    (demo / bad).write_text("---\ntitle: [unclosed\n---\nbody\n", "utf-8")
    with pytest.raises(BriefdeskError) as warm_error:
        _load(demo, DEMO_BATCH)
    shutil.rmtree(folder(demo))
    parsecache.forget()
    with pytest.raises(BriefdeskError) as cold_error:
        _load(demo, DEMO_BATCH)
    assert str(warm_error.value) == str(cold_error.value) and bad in str(warm_error.value)


def test_a_bad_brief_fails_the_same_with_a_warm_cache(demo: Path) -> None:
    cold = _warm(demo, DEMO_BATCH)
    bad = cold.brief_files[0]
    (demo / bad).write_bytes(b"\xff\xfe not utf-8")
    messages = []
    for _ in range(2):
        review = _load(demo, DEMO_BATCH)
        with pytest.raises(BriefdeskError) as error:
            _ = review.entries
        messages.append(str(error.value))
        shutil.rmtree(folder(demo), ignore_errors=True)  # the second time: no cache
        parsecache.forget()
    assert messages[0] == messages[1] and "not UTF-8" in messages[0]


# -- a damaged cache is no cache -------------------------------------------------------------------


def _damages(good: bytes) -> dict[str, bytes]:
    data = json.loads(good)
    wrong_version = dict(data, version="0:other")
    foreign_kind = dict(data, kind="briefs" if data["kind"] == "materials" else "materials")
    first = next(iter(data["entries"]))
    wrong_digest = json.loads(good)
    other = next(e["value"] for k, e in data["entries"].items() if k != first and e["value"])
    wrong_digest["entries"][first]["value"] = other  # a parse of another file
    extra_field = json.loads(good)
    extra_field["entries"][first]["pickle"] = "cos\nsystem\n"
    return {
        "truncated": good[: len(good) // 2],
        "empty": b"",
        "garbage": b"\x80\x04\x95 not json",
        "a list": b"[]",
        "wrong version": json.dumps(wrong_version).encode(),
        "foreign kind": json.dumps(foreign_kind).encode(),
        "value of another path": json.dumps(wrong_digest).encode(),
        "unknown field": json.dumps(extra_field).encode(),
        "nul bytes": b"\x00" * 64,
    }


@pytest.mark.parametrize("sealed", [True, False], ids=["sealed", "raw"])
@pytest.mark.parametrize("kind", ["materials", "briefs"])
def test_a_damaged_or_foreign_cache_file_is_ignored(kind: str, sealed: bool, demo: Path) -> None:
    """Damage sealed with this account's key (a bug, a disk) is caught by the checks on what
    the file says; raw damage (anything not sealed: planted, foreign) is not even read."""
    fresh = _warm(demo, DEMO_BATCH)
    path = folder(demo) / f"{kind}.json"
    good = path.read_bytes()
    payload = cachefile.unseal(good)
    assert payload is not None
    for name, bad in _damages(bytes(payload)).items():
        if sealed:
            seal_into(path, bad)
        else:
            path.write_bytes(bad)
        planted = path.read_bytes()
        parsecache.forget()
        review = _load(demo, DEMO_BATCH)
        assert review.materials == fresh.materials, name
        assert review.entries == fresh.entries, name
        review.save_parsed()  # rebuilt: the damage is gone
        parsecache.forget()
        assert path.read_bytes() != planted, name
        assert (
            parsecache.materials(review.workspace.cache_dir).get(
                fresh.materials[0].path, fresh.materials[0].sha256
            )
            == fresh.materials[0]
        ), name


def test_a_planted_entry_for_the_right_path_but_other_bytes_is_not_used(demo: Path) -> None:
    fresh = _warm(demo, DEMO_BATCH)
    path = folder(demo) / "materials.json"
    data = stored(path)
    target = fresh.materials[0]
    entry = data["entries"][target.path]
    entry["value"]["title"] = "planted"
    entry["value"]["sha256"] = entry["digest"] = "1" * 64  # a parse of other bytes
    seal_into(path, json.dumps(data).encode())  # even sealed with the right key
    parsecache.forget()
    assert _load(demo, DEMO_BATCH).materials == fresh.materials


def test_an_entry_for_the_right_path_and_digest_is_used_only_when_sealed(demo: Path) -> None:
    """A forged value with the right path and the digest of the file's real bytes: what the
    checks on content cannot catch. Only this account's key makes the file a cache."""
    fresh = _warm(demo, DEMO_BATCH)
    path = folder(demo) / "materials.json"
    data = stored(path)
    target = fresh.materials[0]
    data["entries"][target.path]["value"]["title"] = "forged"
    forged = json.dumps(data).encode()
    path.write_bytes(forged)  # unsealed
    parsecache.forget()
    assert _load(demo, DEMO_BATCH).materials == fresh.materials
    other_key = os.urandom(cachefile.MAC_BYTES)
    path.write_bytes(cachefile.MAGIC + cachefile._mac(other_key, forged) + forged)
    parsecache.forget()
    assert _load(demo, DEMO_BATCH).materials == fresh.materials
    seal_into(path, forged)  # sealed with the key: this is the cache the tool wrote (the control)
    parsecache.forget()
    assert _load(demo, DEMO_BATCH).materials[0].title == "forged"


def test_a_folder_where_the_cache_file_goes_is_no_error(demo: Path) -> None:
    fresh = _warm(demo, DEMO_BATCH)
    for name in ("materials.json", "briefs.json"):
        (folder(demo) / name).unlink()
        (folder(demo) / name).mkdir()
    review = _load(demo, DEMO_BATCH)
    assert review.materials == fresh.materials and review.entries == fresh.entries
    review.save_parsed()  # cannot replace a folder: done without


# -- writing: never on a load, never an error ------------------------------------------------------


def test_loading_never_writes(demo: Path) -> None:
    review = _load(demo, DEMO_BATCH)
    _ = review.entries
    assert not Workspace.open(demo).cache_dir.exists()
    assert not (demo / ".briefdesk").exists()


def test_match_writes_the_cache_and_nothing_into_the_workspace(demo: Path) -> None:
    review = _load(demo, DEMO_BATCH)
    review.match()
    assert (folder(demo) / "materials.json").is_file() and (folder(demo) / "briefs.json").is_file()
    assert not (demo / ".briefdesk").exists()


def test_match_without_cache_writes_nothing(demo: Path) -> None:
    review = _load(demo, DEMO_BATCH)
    review.match(cache=False)
    assert not Workspace.open(demo).cache_dir.exists()
    assert not (demo / ".briefdesk").exists()


@pytest.mark.parametrize("blocker", ["workspace", "parse"])
def test_an_unwritable_cache_is_done_without(demo: Path, blocker: str) -> None:
    where = Workspace.open(demo).cache_dir if blocker == "workspace" else folder(demo)
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_text("in the way\n")
    review = _load(demo, DEMO_BATCH)
    fresh_materials, fresh_entries = _fresh(review)
    assert review.match() is not None
    assert review.materials == fresh_materials and review.entries == fresh_entries
    assert where.read_text() == "in the way\n"
    assert not list(where.parent.rglob("*.tmp"))


def test_no_key_no_cache(demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache home where the key cannot be made (a read-only home): caches are off, the answer
    is the same."""
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    cachefile.forget_key()
    try:
        review = _load(demo, DEMO_BATCH)
        fresh_materials, fresh_entries = _fresh(review)
        assert review.match() is not None
        assert review.materials == fresh_materials and review.entries == fresh_entries
    finally:
        monkeypatch.undo()
        cachefile.forget_key()


# -- Workspace.resolve's shortcut gives the same answer --------------------------------------------


def test_real_path_shortcut_equals_resolve(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    outside = tmp_path / "outside"
    (root / "a" / "b").mkdir(parents=True)
    outside.mkdir()
    (outside / "x.md").write_text("x")
    (root / "a" / "b" / "f.md").write_text("f")
    os.symlink(root / "a" / "b" / "f.md", root / "a" / "in.md")
    os.symlink(outside / "x.md", root / "a" / "out.md")
    os.symlink(outside, root / "a" / "outdir")
    os.symlink(root / "a" / "b", root / "a" / "indir")
    os.symlink(root / "nowhere", root / "a" / "dangling.md")
    (root / "a" / "file").write_text("not a folder")
    real_dirs: dict[Path, Path] = {}
    for rel in (
        "a/b/f.md",
        "a/in.md",
        "a/out.md",
        "a/outdir/x.md",
        "a/indir/f.md",
        "a/dangling.md",
        "a/missing.md",
        "a/file/x.md",
        "a/outdir/missing.md",
        "a/b",
        "a",
    ):
        path = root / rel
        for _ in range(2):  # the second time from the remembered folders
            got, exists = real_path(path, real_dirs)
            assert got == path.resolve(), rel
            assert not exists or path.exists(), rel


def test_resolve_refuses_the_same_with_remembered_folders(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "inbox").mkdir(parents=True)
    (root / "inbox" / "a.md").write_text("a")
    (tmp_path / "evil").mkdir()
    (tmp_path / "evil" / "x.md").write_text("x")
    os.symlink(tmp_path / "evil", root / "inbox" / "dirlink")
    os.symlink(tmp_path / "evil" / "x.md", root / "inbox" / "link.md")
    ws = Workspace.open(root)
    real_dirs: dict[Path, Path] = {}
    assert ws.resolve("inbox/a.md", real_dirs=real_dirs) == root / "inbox" / "a.md"
    for rel in ("inbox/dirlink/x.md", "inbox/link.md"):
        for dirs in (None, real_dirs):
            with pytest.raises(BriefdeskError, match="outside the workspace"):
                ws.resolve(rel, real_dirs=dirs)
    with pytest.raises(BriefdeskError, match="file not found"):
        ws.resolve("inbox/missing.md", real_dirs=real_dirs)


def test_a_fifo_or_device_in_place_of_a_cache_file_does_not_block(demo: Path) -> None:
    """A planted named pipe would block a read for ever; it is no cache (match's files too)."""
    from briefdesk.core.matching import cache as matchcache

    fresh = _warm(demo, DEMO_BATCH)
    fresh.match()
    cache = Workspace.open(demo).cache_dir
    planted = [
        cache / parsecache.FOLDER / "materials.json",
        cache / parsecache.FOLDER / "briefs.json",
        *(cache / f"match-v{matchcache.CACHE_VERSION}").iterdir(),
    ]
    for path in planted:
        path.unlink()
        os.mkfifo(path)
    parsecache.forget()
    review = _load(demo, DEMO_BATCH)
    assert review.materials == fresh.materials and review.entries == fresh.entries
    assert review.match(cache=True) == fresh.match(cache=False)
