"""Settings (docs/settings.md): the shared workspace file, the user's own config, the environment
and flags, strongest last; every error listed with file, key and line; the reviewer's name."""

from __future__ import annotations

from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.git.command import git
from briefdesk.core.settings import load_settings, user_config_path
from briefdesk.core.settings.reviewer import NO_REVIEWER, mismatch, reviewer_name
from briefdesk.core.settings.userfile import remember
from briefdesk.core.workspace.layout import Workspace


@pytest.fixture()
def ws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    root = tmp_path / "kb"
    root.mkdir()
    return root


def user_config(text: str) -> Path:
    path = user_config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    return path


def test_defaults_without_any_file(ws: Path) -> None:
    s = load_settings(ws, environ={})
    assert (s.reviewer, s.language, s.keymap, s.theme, s.advance_after_decision) == (
        None, "zh", "default", None, False,
    )  # fmt: skip
    assert s.origin("language") == "default" and s.source("language") is None


@pytest.mark.parametrize(
    ("key", "shared", "mine", "env", "flag"),
    [
        ("reviewer", "Tom", "Ann", "Bo", "Cy"),
        ("language", "zh", "en", "zh", "en"),
        ("keymap", "default", "vim", "default", "vim"),
        ("theme", "nord", "gruvbox", "dracula", "monokai"),
        ("advance_after_decision", "true", "false", "true", "false"),
    ],
)
def test_precedence_flag_env_user_workspace_default(
    ws: Path, key: str, shared: str, mine: str, env: str, flag: str
) -> None:
    def value(raw: str) -> object:
        return {"true": True, "false": False}.get(raw, raw)

    (ws / "briefdesk.yaml").write_text(f"{key}: {shared}\n", "utf-8")
    assert getattr(load_settings(ws, environ={}), key) == value(shared)
    assert load_settings(ws, environ={}).origin(key) == "workspace"
    user_config(f"{key}: {mine}\n")
    s = load_settings(ws, environ={})
    assert (getattr(s, key), s.origin(key), s.source(key)) == (
        value(mine), "user", str(user_config_path()),
    )  # fmt: skip
    environ = {f"BRIEFDESK_{key.upper()}": env}
    s = load_settings(ws, environ=environ)
    assert (getattr(s, key), s.origin(key), s.source(key)) == (
        value(env), "env", f"BRIEFDESK_{key.upper()}",
    )  # fmt: skip
    s = load_settings(ws, {key: value(flag)}, environ=environ)
    assert (getattr(s, key), s.origin(key)) == (value(flag), "flag")


def test_the_knowledge_base_keys_stay_in_the_workspace_file(ws: Path) -> None:
    path = user_config("reviewer: Ann\n\ndedup:\n  threshold: 70\n")
    with pytest.raises(BriefdeskError) as info:
        load_settings(ws, environ={})
    assert str(info.value) == (
        f"{path}: line 3: dedup: the knowledge base decides this; set it in the workspace's "
        "briefdesk.yaml"
    )


def test_every_error_of_a_file_is_listed_with_its_key_and_line(ws: Path) -> None:
    (ws / "briefdesk.yaml").write_text(
        "# shared settings\nreviewr: Tom\nlanguage: fr\ndedup:\n  threshold: 120\n", "utf-8"
    )
    with pytest.raises(BriefdeskError) as info:
        load_settings(ws, environ={})
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("briefdesk.yaml: 3 problems: ")
    assert "line 2: reviewr: unknown key" in message
    assert "line 3: language: Input should be 'zh' or 'en'" in message
    assert "line 5: dedup.threshold: Input should be less than or equal to 100" in message


def test_one_error_is_one_problem(ws: Path) -> None:
    path = user_config("keymap: vim\nadvance_after_decison: true\n")
    with pytest.raises(BriefdeskError, match=r": line 2: advance_after_decison: unknown key$"):
        load_settings(ws, environ={})
    assert path.is_file()


def test_a_bad_variable_is_named(ws: Path) -> None:
    with pytest.raises(BriefdeskError) as info:
        load_settings(ws, environ={"BRIEFDESK_ADVANCE_AFTER_DECISION": "maybe"})
    assert str(info.value).startswith("BRIEFDESK_ADVANCE_AFTER_DECISION: ")
    assert "boolean" in str(info.value)
    # unrelated and empty variables are not settings
    load_settings(ws, environ={"BRIEFDESK_DEBUG": "1", "BRIEFDESK_REVIEWER": ""})


def test_the_workspace_open_carries_the_flags(ws: Path) -> None:
    (ws / "briefdesk.yaml").write_text("reviewer: Tom\n", "utf-8")
    assert Workspace.open(ws, {"reviewer": "Ann", "keymap": None}).settings.reviewer == "Ann"
    assert Workspace.open(ws).settings.reviewer == "Tom"


def test_reviewer_precedence_and_the_git_fallback(
    ws: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    git(ws, "init", "-q")
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Git Name")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "git@e.x")
    workspace = Workspace.open(ws)
    assert reviewer_name(workspace, "  Ann \n Lee ") == "Ann Lee"
    assert reviewer_name(workspace) == "Git Name"  # nothing names one: git's user name
    assert reviewer_name(workspace, identity=("Given", "g@e.x")) == "Given"
    (ws / "briefdesk.yaml").write_text("reviewer: Setting Name\n", "utf-8")
    workspace = Workspace.open(ws)
    assert reviewer_name(workspace) == "Setting Name"
    assert reviewer_name(workspace, "Ann") == "Ann"

    home = tmp_path / "home"
    home.mkdir()
    (ws / "briefdesk.yaml").unlink()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for var in ("GIT_CONFIG_GLOBAL", "EMAIL", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL"):
        monkeypatch.delenv(var, raising=False)
    with pytest.raises(BriefdeskError) as info:
        reviewer_name(Workspace.open(ws))
    assert str(info.value) == NO_REVIEWER


def test_a_shared_reviewer_who_is_not_the_committer_is_warned_about(ws: Path) -> None:
    (ws / "briefdesk.yaml").write_text("reviewer: Tom\n", "utf-8")
    workspace = Workspace.open(ws)
    warning = mismatch(workspace, "Tom", ("Ann Lee", "ann@e.x"))
    assert warning is not None and "'Tom'" in warning and "'Ann Lee'" in warning
    assert mismatch(workspace, "Tom", ("Tom", "tom@e.x")) is None
    user_config("reviewer: Tom\n")  # the user's own choice: no warning
    assert mismatch(Workspace.open(ws), "Tom", ("Ann Lee", "ann@e.x")) is None


def test_remember_replaces_one_line_and_keeps_the_rest(ws: Path) -> None:
    path = user_config("# mine\nreviewer: Ann  # me\ntheme: nord\n")
    assert remember("theme", "gruvbox")
    assert path.read_text("utf-8") == '# mine\nreviewer: Ann  # me\ntheme: "gruvbox"\n'
    assert load_settings(ws, environ={}).theme == "gruvbox"
    path.unlink()
    assert remember("theme", "nord")
    assert path.read_text("utf-8") == 'theme: "nord"\n'
    with pytest.raises(ValueError):
        remember("dedup", "1")
