"""No cache or state file can change what the brief says or what `verify` reports.

The caches are a speed-up: kept out of the workspace (`$XDG_CACHE_HOME/briefdesk/<workspace>/`,
where a checkout cannot plant them) and sealed with this account's key, so a forged entry — with
the right path and the right digest, planted where the tool reads, or committed where it used to
read — never reaches `scan`, the desk's loading, the brief, the commit or `verify`. The state
folder `.briefdesk/` (sessions, locks) is used only when it is a real folder, git-ignored, with
nothing in it tracked by git: a link is refused, an empty `.gitignore` is repaired, and committed
state (a clone carrying someone's session and lock) is refused with the command that fixes it.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.matching import cache as matchcache
from briefdesk.core.review.load import load_review
from briefdesk.core.storage import cachefile, parsecache
from briefdesk.core.workspace.layout import Workspace
from hostile_helpers import DEMO_BATCH, FIRST, diff, run_main, snapshot

FORGED = "FORGED TITLE"


def git(root: Path, *args: str) -> str:
    proc = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def scan(capsys: pytest.CaptureFixture[str], ws: Path) -> dict:
    code, out, err = run_main(capsys, "scan", "-w", str(ws), "-b", DEMO_BATCH, "--json")
    assert code == 0, err
    return json.loads(out)


def forged_materials_payload(ws: Path) -> bytes:
    """A parse-cache file whose entry for FIRST has the right path and the sha256 of the file's
    real bytes, but forged titles: what a planted cache would hold."""
    review = load_review(Workspace.open(ws), DEMO_BATCH)
    real = review.material(FIRST)
    assert real is not None
    items = tuple(i.model_copy(update={"title": FORGED, "body": FORGED}) for i in real.items)
    fake = real.model_copy(update={"items": items, "title": FORGED})
    model = parsecache._File[parsecache.Material]  # type: ignore[misc]
    entry = parsecache._Entry[parsecache.Material](digest=real.sha256, value=fake)  # type: ignore[misc]
    payload = model.model_construct(
        version=parsecache.version(), kind="materials", entries={FIRST: entry}
    )
    return payload.model_dump_json().encode("utf-8")


def everything_says(capsys: pytest.CaptureFixture[str], ws: Path) -> str:
    """scan, what the desk loads, build, commit and verify, as one text to search."""
    parsecache.forget()
    texts = [json.dumps(scan(capsys, ws), ensure_ascii=False)]
    parsecache.forget()
    review = load_review(Workspace.open(ws), DEMO_BATCH)  # what the desk's loader calls
    texts += [i.title + i.body for i in review.items]
    code, out, err = run_main(capsys, "build", "-w", str(ws), "-b", DEMO_BATCH)
    assert code == 0, err
    texts.append(out)
    code, out, err = run_main(
        capsys, "commit", "-w", str(ws), "-b", DEMO_BATCH, "--allow-undecided"
    )
    assert code == 0, err
    texts.append(git(ws, "log", "-1", "--format=%B"))
    texts.append(git(ws, "show", "HEAD", "--format="))
    code, out, err = run_main(capsys, "verify", "-w", str(ws), "HEAD")
    assert code == 0, out + err
    return "\n".join(texts)


@pytest.mark.parametrize(
    "how", ["unsealed", "sealed-with-another-key", "committed-in-the-workspace"]
)
def test_a_forged_parse_cache_entry_never_reaches_an_answer(
    ws: Path, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    honest = scan(capsys, ws)  # a warm, honest cache first
    payload = forged_materials_payload(ws)
    cache = Workspace.open(ws).cache_dir / parsecache.FOLDER / "materials.json"
    assert cache.is_file()
    if how == "unsealed":
        cache.write_bytes(payload)
    elif how == "sealed-with-another-key":  # copied from another account, or a guessed key
        other = os.urandom(32)
        mac = cachefile._mac(other, payload)
        cache.write_bytes(cachefile.MAGIC + mac + payload)
    else:  # where briefdesk once kept it, as a checkout of a repository that carries it puts it
        planted = ws / ".briefdesk" / "cache" / parsecache.FOLDER / "materials.json"
        planted.parent.mkdir(parents=True)
        planted.write_bytes(payload)
        cache.unlink()
    assert scan(capsys, ws) == honest
    assert FORGED not in everything_says(capsys, ws)


def test_a_forged_match_result_never_reaches_an_answer(
    ws: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    honest = scan(capsys, ws)
    folder = Workspace.open(ws).cache_dir / f"match-v{matchcache.CACHE_VERSION}"
    results = list(folder.glob("result-*.json"))
    assert results
    for result in results:  # the finished answer, rewritten: every item a duplicate of record 0
        payload = cachefile.unseal(result.read_bytes())
        assert payload is not None
        data = json.loads(bytes(payload))
        data["duplicates"] = [[[0, 100.0, 4, 0]] for _ in data["duplicates"]]
        data["placements"] = [[] for _ in data["placements"]]
        result.write_bytes(json.dumps(data).encode())
    assert scan(capsys, ws) == honest


def test_caches_are_out_of_the_workspace(ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(ws)
    scan(capsys, ws)
    assert diff(before, snapshot(ws)) == []  # scan writes nothing into the workspace at all
    folder = Workspace.open(ws).cache_dir
    assert folder.is_relative_to(cachefile.cache_root()) and not folder.is_relative_to(ws)
    key = cachefile.cache_root() / cachefile.KEY_FILE
    assert key.stat().st_mode & 0o777 == 0o600


# -- the state folder ------------------------------------------------------------------------


def test_a_briefdesk_link_is_refused_and_never_written_through(
    ws: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "outside"
    (outside / "sessions").mkdir(parents=True)
    (ws / ".briefdesk").symlink_to(outside)
    git(ws, "add", ".briefdesk")
    git(ws, "commit", "-q", "-m", "a link, committed")
    before_outside, before = snapshot(outside), snapshot(ws)
    with pytest.raises(BriefdeskError, match=r"^\.briefdesk: is a link to .*outside"):
        load_review(Workspace.open(ws), DEMO_BATCH).open_session()
    for command in ("build", "commit"):  # both read the saved session: not through a link
        extra = ["--allow-undecided"] if command == "commit" else []
        code, _, err = run_main(capsys, command, "-w", str(ws), "-b", DEMO_BATCH, *extra)
        assert code == 2 and ".briefdesk: is a link" in err, err
    scan(capsys, ws)  # needs no state folder
    assert diff(before_outside, snapshot(outside)) == []
    assert diff(before, snapshot(ws)) == []


def test_a_sessions_link_inside_briefdesk_is_refused(ws: Path, tmp_path: Path) -> None:
    (tmp_path / "outside").mkdir()
    (ws / ".briefdesk").mkdir()
    (ws / ".briefdesk" / ".gitignore").write_text("*\n")
    (ws / ".briefdesk" / "sessions").symlink_to(tmp_path / "outside")
    with pytest.raises(BriefdeskError, match=r"sessions: is a link"):
        load_review(Workspace.open(ws), DEMO_BATCH).open_session()
    assert list((tmp_path / "outside").iterdir()) == []


@pytest.mark.parametrize("content", ["", "# nothing ignored here\n", "!*\n"])
def test_a_gitignore_that_ignores_nothing_is_repaired(ws: Path, content: str) -> None:
    """`git add -A` after a review never picks up sessions or locks."""
    (ws / ".briefdesk").mkdir()
    (ws / ".briefdesk" / ".gitignore").write_text(content)
    review = load_review(Workspace.open(ws), DEMO_BATCH)
    with review.open_session() as session:
        session.include(review.items[0].ref)
        git(ws, "add", "-A")  # with the session open: its lock is there too
        staged = git(ws, "diff", "--cached", "--name-only")
    assert ".briefdesk" not in staged, staged
    assert (ws / ".briefdesk" / ".gitignore").read_text() == "*\n"


@pytest.mark.parametrize("committed", [".gitignore", "sessions"])
def test_committed_state_is_refused_naming_the_files(ws: Path, committed: str) -> None:
    """A clone that carries someone's `.briefdesk/` (an empty `.gitignore` committed, or a
    session and its lock): refused with the command that untracks it, never used or locked on."""
    review = load_review(Workspace.open(ws), DEMO_BATCH)
    with review.open_session() as session:
        session.include(review.items[0].ref)
        if committed == ".gitignore":
            (ws / ".briefdesk" / ".gitignore").write_text("")
            git(ws, "add", "-f", ".briefdesk/.gitignore")
        else:
            git(ws, "add", "-f", ".briefdesk/sessions")
        git(ws, "commit", "-q", "-m", "state, committed")
    before = snapshot(ws)
    with pytest.raises(BriefdeskError) as err:
        load_review(Workspace.open(ws), DEMO_BATCH).open_session()
    assert str(err.value).startswith(".briefdesk: holds files tracked by git")
    assert "git rm -r --cached .briefdesk" in str(err.value)
    assert diff(before, snapshot(ws)) == []
