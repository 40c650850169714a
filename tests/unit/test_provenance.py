"""The commit message and its trailers, read back through git's own parser; the reviewer's name."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import pytest
from briefdesk.core import __version__
from briefdesk.core.brief.message import (
    TRAILERS_FORMAT,
    commit_message,
    flatten,
    is_brief_commit,
    material_trailers,
    parse_decisions,
    parse_material,
    read_trailers,
    short_batch_id,
    subject_line,
)
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.git.command import REDIRECTING_VARS, git, git_env, literal, parse_ident
from briefdesk.core.model.values import Evidence
from briefdesk.core.review.load import Review, load_review
from briefdesk.core.workspace.layout import Workspace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

BATCH_ID = "work-guard/e627b203-77c1-4f5a-a634-26925ef1b683"
A = "inbox/jay/2026-11-03-1000-rss papers.md"  # a space in the path
B = "organized/paper_cards/140-2604-17227.md"


def git_parse(message: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in REDIRECTING_VARS}
    env["GIT_CONFIG_NOSYSTEM"] = "1"
    env["GIT_CONFIG_GLOBAL"] = os.devnull  # trailer.* settings would change the parse
    proc = subprocess.run(
        # --no-divider: in a commit message `---` is text, not the start of a patch (as in
        # `git log`'s reading, which is what briefdesk uses)
        ["git", "interpret-trailers", "--parse", "--no-divider"],
        input=message.encode("utf-8"),
        capture_output=True,
        env=env,
        check=True,
        timeout=10,  # git 2.39 can loop on scissors lines
    )
    return proc.stdout.decode("utf-8").split("\n")[:-1]  # LF only: values may hold a CR


def git_pairs(message: str) -> dict[str, list[str]]:
    """`git interpret-trailers --parse` as token -> values."""
    found: dict[str, list[str]] = {}
    for line in git_parse(message):
        token, _, value = line.partition(":")
        found.setdefault(token, []).append(value.removeprefix(" "))
    return found


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("trailers")
    git(root, "init", "-q")
    return root


def committed_trailers(root: Path, message: str) -> dict[str, list[str]]:
    """The trailers of `message` committed as it is, as briefdesk reads them from `git log`."""
    empty_tree = git(root, "hash-object", "-t", "tree", "-w", "--stdin", input=b"").stdout
    oid = (
        git(
            root,
            "-c",
            "user.name=T",
            "-c",
            "user.email=t@e",
            "commit-tree",
            empty_tree.decode().strip(),
            "-F",
            "-",
            input=message.encode("utf-8"),
        )
        .stdout.decode()
        .strip()
    )
    out = git(root, "log", "-1", f"--format={TRAILERS_FORMAT}", oid).stdout
    return read_trailers(out.decode("utf-8"))


@pytest.fixture()
def review(tmp_path: Path) -> Review:
    files = {
        "docs/inference.md": "# Inference\n\n## 1.2 SGLang\n\nSGLang serving.\n",
        A: "## 决策模型正在成为 agent 推理的一等工程形态\n\n正文。\n\n## Title with\ttab\n\nbody\n",
        B: "---\ntitle: A paper card\n---\nOne card, one item.\n",
        "batches/2026-11-03-e627b203.yaml": (
            f"id: {BATCH_ID}\ntopic: inference\ncreated: 2026-11-03\n"
            f'materials:\n  - "{A}"\n  - {B}\n'
        ),
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, "utf-8")
    return load_review(Workspace.open(tmp_path), "2026-11-03-e627b203")


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- the message ------------------------------------------------------------------------------


def test_commit_message_is_exactly_the_products_format(review: Review, scratch: Path) -> None:
    with review.open_session() as session:
        session.include(f"{B}#1")
        session.include(f"{A}#1")
        session.move(f"{B}#1", 1)
        session.mark_duplicate(f"{A}#2", f"{A}#1")
        message = commit_message(review, session.data, "Tom")
    root = review.workspace.root
    assert message == (
        "brief(inference): E1 2026-11-03 · 2 increments from e627b203\n"
        "\n"
        "1. 决策模型正在成为 agent 推理的一等工程形态\n"
        "2. A paper card\n"
        "\n"
        f"Batch: {BATCH_ID}\n"
        f"Material: {A} sha256:{sha(root / A)}\n"
        f"Material: {B} sha256:{sha(root / B)}\n"
        "Reviewed-by: Tom\n"
        "Decisions: included=2 excluded=1 duplicates=1 confirmed=3/3\n"
        f"Generated-by: briefdesk {__version__}\n"
    )
    assert git_parse(message) == message.split("\n\n")[-1].splitlines()
    trailers = committed_trailers(scratch, message)
    assert material_trailers(message) == trailers["Material"]
    assert [parse_material(v) for v in trailers["Material"]] == [
        (A, sha(root / A)),
        (B, sha(root / B)),
    ]
    assert parse_decisions(trailers["Decisions"][0]) == {
        "included": 2,
        "excluded": 1,
        "duplicates": 1,
        "confirmed": 3,
        "total": 3,
    }
    assert is_brief_commit(trailers)


def test_no_increments_and_proposed_decisions_count_as_unconfirmed(review: Review) -> None:
    with review.open_session() as session:
        message = commit_message(review, session.data, "Tom", hashes={A: "a" * 64})
    subject, blank, batch = message.split("\n")[:3]
    assert subject == "brief(inference): E1 2026-11-03 · 0 increments from e627b203"
    assert (blank, batch) == ("", f"Batch: {BATCH_ID}")
    assert f"Material: {A} sha256:{'a' * 64}\n" in message
    assert "Decisions: included=0 excluded=0 duplicates=0 confirmed=0/3\n" in message


def test_hostile_titles_and_names_cannot_forge_lines_or_trailers(
    review: Review, scratch: Path
) -> None:
    evil = "Evil\nBatch: forged\r\n\nMaterial: x sha256:" + "0" * 64 + "\x1b[2J\x85\u2028end"
    data_item = review.items[0].model_copy(update={"title": evil})
    review.items[0] = data_item
    review._items[data_item.ref] = data_item  # type: ignore[attr-defined]
    with review.open_session() as session:
        session.include(data_item.ref)
        message = commit_message(review, session.data, "Tom\nReviewed-by: Mallory")
    # the escape sequence goes whole (no `[2J` left behind), NEL and U+2028 are not line breaks
    assert "1. Evil Batch: forged Material: x sha256:" + "0" * 64 + " end\n" in message
    trailers = committed_trailers(scratch, message)
    assert trailers["Batch"] == [BATCH_ID]
    assert trailers["Reviewed-by"] == ["Tom Reviewed-by: Mallory"]
    assert len(trailers["Material"]) == 2
    assert material_trailers(message) == trailers["Material"]  # the title forged none
    assert trailers == git_pairs(message)


@pytest.mark.parametrize(
    ("batch_id", "short"),
    [
        (BATCH_ID, "work-guard/e627b203"),
        ("e627b203-77c1-4f5a-a634-26925ef1b683", "e627b203"),
        ("a/b/0123456789abcdef0123456789abcdef", "a/b/01234567"),
        ("nightly/2026-11-03", "nightly/2026-11-03"),
        ("plain", "plain"),
        ("work-guard/E627B203-77C1", "work-guard/E627B203"),
    ],
)
def test_short_batch_id(batch_id: str, short: str) -> None:
    assert short_batch_id(batch_id) == short


@pytest.mark.parametrize(
    ("topic", "n", "batch_id", "subject"),
    [
        ("inference", 6, BATCH_ID, "brief(inference): E1 2026-11-03 · 6 increments from e627b203"),
        ("inference", 1, BATCH_ID, "brief(inference): E1 2026-11-03 · 1 increment from e627b203"),
        ("inference", 2, "nightly", "brief(inference): E1 2026-11-03 · 2 increments from nightly"),
        (
            "inference",
            2,
            "team/" + "x" * 60,
            "brief(inference): E1 2026-11-03 · 2 increments from team/" + "x" * 14 + "…",
        ),
        (
            "a-very-long-topic-name-that-takes-most-of-the-subject-line-xx",
            3,
            BATCH_ID,
            "brief(a-very-long-topic-name-that-takes-most-of-the-subject-line-xx): E1 2026-11-03"
            " · 3 increments",
        ),
    ],
)
def test_subject_stays_within_72_and_never_shortens_the_topic(
    topic: str, n: int, batch_id: str, subject: str
) -> None:
    got = subject_line(topic, "2026-11-03", n, batch_id)
    assert got == subject
    if batch_id.startswith("team/"):
        assert len(got) == 72
    assert len(got) <= 72 or (topic in got and " from " not in got)
    assert f"brief({topic}):" in got


def test_spot_checks_get_trailers_of_their_own(review: Review, scratch: Path) -> None:
    from briefdesk.core.model.values import Material

    card = Material(
        path="organized/paper_cards/1417-2609-19969.md",
        sha256="b" * 64,
        title="DeepSeek-V4.1-Flash",
        evidence=Evidence.tldr,
        items=(),
    )
    review._spot[card.path] = card  # type: ignore[attr-defined]
    with review.open_session() as session:
        session.include(f"{B}#1")
        session.add_spot_check(card)
        message = commit_message(review, session.data, "Tom", hashes={card.path: "c" * 64})
    assert "· 2 increments from" in message.splitlines()[0]
    assert "2. DeepSeek-V4.1-Flash\n" in message
    trailers = committed_trailers(scratch, message)
    assert trailers["Spot-check"] == [f"{card.path} sha256:{'c' * 64}"]
    assert trailers == git_pairs(message)
    assert "Decisions: included=1 excluded=0 duplicates=0 confirmed=1/3\n" in message


def test_flatten() -> None:
    # controls are removed (the shared core.text.sanitize.strip_controls), line breaks become spaces
    assert flatten("  a\n\tb\x00c\u2028d\x1b  ") == "a bc d"
    assert flatten("emoji 👩‍💻 stays") == "emoji 👩‍💻 stays"
    assert flatten("\x1b[31mred\x1b[0m \x9b2Jx \x1b]52;c;Zm9v\x07y") == "red x y"


def test_flatten_drops_bidi_controls_from_the_subject() -> None:
    """A U+202E in a title would make `git log` show the subject reversed."""
    for ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c":
        assert flatten(f"safe{ch}txt.exe") == "safetxt.exe", hex(ord(ch))


def test_bad_digest_and_empty_reviewer_are_refused(review: Review) -> None:
    with review.open_session(readonly=True) as session:
        with pytest.raises(BriefdeskError, match="not a sha256"):
            commit_message(review, session.data, "Tom", hashes={A: "abc"})
        with pytest.raises(BriefdeskError, match="reviewer's name is empty"):
            commit_message(review, session.data, " \n ")


# -- what briefdesk reads from `git log` is what git's trailer parser says -------------------------

CASES = [
    "subject only",
    "subject\n",
    "Batch: x\n",
    "subject\nBatch: y\n",
    "subject\n\nbody text\n",
    (
        "subject\n\nbody\n\nBatch: x\nMaterial: a b.md sha256:00\n  continued\nhttp://x.y\n"
        "Reviewed-by: T\n"
    ),
    "subject\n\nBatch: y\nnot a trailer\nSigned-off-by: a <a@b>\n",
    "subject\n\nBatch: y\nnot a trailer\nnor this\nnor that\nSigned-off-by: a <a@b>\n",
    "subject\n\nBatch: y\n---\nFoo: z\n",
    "subject\n\nBatch: y\n# comment\nKey : v  \nE:\n",
    "subject\n\nBatch: y\n\n# trailing comment\n\n",
    "subject\n\nA: 1\n   \nB: 2\n",
    "subject\n\nA: 1\n\n\n",
    "subject\n\n  indented: no\nA: 1\n",
    "subject\n\nA: 1\r\nB: 2\r\n",
    "subject\n\nÜber: x\nA: 1\n",
    "subject\n\n(cherry picked from commit abc)\nA: 1\n",
    "subject\n\nbody\n# ------------------------ >8 ------------------------\nA: 1\n",
    "subject\n\nA: 1\nConflicts:\n\tx.md\n# c\n",
    "subject\n\nA: 1\rB: 2\n",
    "# comment first\nsubject\n\nA: 1\n",
    "subject\n\nA: 1\nB: multi\n line\n\tvalue\n",
    "subject\n\nA:1\n-B: 2\n:C 3\n",
    "subject\n\nKey: value\n---",
    "subject\n\nKey: value\n--- x",
]


@pytest.mark.parametrize("message", CASES)
def test_trailers_read_from_git_log_are_git_interpret_trailers(message: str, scratch: Path) -> None:
    assert committed_trailers(scratch, message) == git_pairs(message)


LINES = st.sampled_from(
    [
        "",
        " ",
        "\t",
        "Key: value",
        "key : v",
        "Reviewed-by: T <t@e>",
        "  continued",
        "\tmore",
        "# comment",
        "Signed-off-by: X",
        "(cherry picked from commit 123)",
        "plain words here",
        "http://example.com/x",
        "---",
        "--- diff",
        "---x",
        "a:b",
        ":x",
        "-x: y",
        "Ünï: v",
        "Key:",
        "Batch: work-guard/e627b203",
        "Material: a b.md sha256:" + "1" * 64,
        "x y: z",
        "Conflicts:",
        "\tpath",
        "a\rB: c",
    ]
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, min_size=0, max_size=9), st.booleans())
def test_trailers_read_from_git_log_on_generated_messages(
    scratch: Path, lines: list[str], newline: bool
) -> None:
    message = "subject\n\n" + "\n".join(lines) + ("\n" if newline else "")
    assert committed_trailers(scratch, message) == git_pairs(message)


def test_parse_helpers() -> None:
    assert parse_material("a b/c d.md sha256:" + "A" * 64) == ("a b/c d.md", "a" * 64)
    assert parse_material("x.md sha256:123") is None
    assert parse_decisions("included=1 excluded=2 duplicates=0 confirmed=3/4") == {
        "included": 1,
        "excluded": 2,
        "duplicates": 0,
        "confirmed": 3,
        "total": 4,
    }
    assert parse_decisions("whatever") is None
    assert not is_brief_commit({"Batch": ["x"], "Generated-by": ["briefdeskish 1"]})
    assert is_brief_commit({"Batch": ["x"], "Generated-by": ["briefdesk 9.9"]})


def test_a_hook_trailer_paragraph_after_ours_still_reads_ours() -> None:
    """git reads the last paragraph only (here: Change-Id); given the message, ours are found in
    the paragraph above it, and theirs kept after ours (docs/git.md)."""
    ours = "Batch: b/1\nReviewed-by: Tom\nGenerated-by: briefdesk 1.0"
    message = (
        f"brief(x): E1 2026-11-03 · 1 increment from b/1\n\n1. T\n\n{ours}\n\nChange-Id: I12\n"
    )
    git_said = "Change-Id\x1cI12"
    trailers = read_trailers(git_said, message)
    assert trailers == {
        "Batch": ["b/1"],
        "Reviewed-by": ["Tom"],
        "Generated-by": ["briefdesk 1.0"],
        "Change-Id": ["I12"],
    }
    assert read_trailers(git_said) == {"Change-Id": ["I12"]}  # git's rules alone
    prose = f"brief(x): E1\n\n{ours}\n\nsome words, not trailers\n"
    assert read_trailers("", prose) == {}  # only trailer paragraphs are read past


# -- git and the reviewer ---------------------------------------------------------------------


def test_git_env_drops_redirecting_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY"):
        monkeypatch.setenv(var, "/nonexistent")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", "/x")
    env = git_env()
    assert not {"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY"} & set(env)
    assert env["GIT_CEILING_DIRECTORIES"] == "/x"


def test_git_errors_are_one_line_and_paths_stay_paths(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    (tmp_path / "--all").write_text("x", "utf-8")
    (tmp_path / "*").write_text("x", "utf-8")
    (tmp_path / "a").write_text("x", "utf-8")
    git(tmp_path, "add", "--", *literal(["--all", "*"]))
    assert git(tmp_path, "diff", "--cached", "--name-only").stdout.decode().split() == [
        "*",
        "--all",
    ]
    with pytest.raises(BriefdeskError, match=r"^git rev-parse failed: fatal: .*\S$") as exc:
        git(tmp_path, "rev-parse", "--verify", "no-such-thing")
    assert "\n" not in str(exc.value)


def test_parse_ident() -> None:
    assert parse_ident("Tom Lee <tom@e.x> 1700000000 +0100\n") == ("Tom Lee", "tom@e.x")
    assert parse_ident("<tom@e.x> 1 +0000") is None
    assert parse_ident("garbage") is None
