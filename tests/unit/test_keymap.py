"""Keymaps: the shipped ones are complete and clash-free; bad ones are refused naming the file."""

from __future__ import annotations

from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.settings import Settings, load_settings
from briefdesk.core.settings.keymap import (
    ACTION_IDS,
    Keymap,
    choose,
    key_problem,
    load_keymap,
    normalize_key,
    shipped,
    user_keymap_path,
)

PRODUCT_ACTIONS = [
    "next_item",
    "prev_item",
    "next_pane",
    "prev_pane",
    "include",
    "exclude",
    "mark_duplicate",
    "annotate",
    "flag_contradiction",
    "add_handle",
    "cycle_evidence",
    "pick_placement",
    "accept_placement",
    "move_up",
    "move_down",
    "merge",
    "edit_increment",
    "edit_notes",
    "add_spot_check",
    "undo",
    "redo",
    "filter",
    "preview_brief",
    "commit",
    "help",
    "quit",
    # the ids docs/keys.md adds "which the project documents with the rest"
    "next_undecided",
    "open_material",
    "edit_material",
    "copy_ref",
    "history",
    "not_duplicate",
    "decide_cluster",
    # the project's own, documented in docs/keys.md: the vim keymap's g / G / ctrl+d / ctrl+u,
    # the live search, and opening an item's URL after a confirmation
    "first_item",
    "last_item",
    "page_down",
    "page_up",
    "search",
    "open_url",
    # a claim conflict (docs/claims.md) turned into a contradiction of section 二
    "claim_contradiction",
]


def write(path: Path, text: str) -> Path:
    path.write_text(text, "utf-8")
    return path


def test_action_ids_are_exactly_those_of_the_product() -> None:
    assert sorted(ACTION_IDS) == sorted(PRODUCT_ACTIONS)
    assert len(ACTION_IDS) == len(set(ACTION_IDS))


@pytest.mark.parametrize("name", ["default", "vim"])
def test_shipped_keymaps_bind_every_action_without_clashes(name: str) -> None:
    km = load_keymap(name)
    assert set(km.bindings) == set(PRODUCT_ACTIONS)
    keys = [k for ks in km.bindings.values() for k in ks]
    assert len(keys) == len(set(keys))
    assert all(km.bindings[a] for a in PRODUCT_ACTIONS)


def test_shipped_names() -> None:
    assert {"default", "vim"} <= set(shipped())


def test_vim_extends_default_and_overrides() -> None:
    km = load_keymap("vim")
    assert km.name == "vim"
    assert km.keys("next_item") == ("j", "down")
    assert km.keys("include") == ("a",)
    assert km.keys("exclude") == load_keymap("default").keys("exclude")  # inherited
    assert km.sources[0].endswith("vim.yaml") and km.sources[1].endswith("default.yaml")


def test_textual_keymap_is_comma_joined() -> None:
    km = load_keymap("default")
    tk = km.textual_keymap()
    assert tk["undo"] == "u,ctrl+z"
    assert set(tk) == set(PRODUCT_ACTIONS)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("?", "question_mark"),
        ("/", "slash"),
        ("+", "plus"),
        ("-", "minus"),
        ("j", "j"),
        ("J", "J"),
        ("ctrl+s", "ctrl+s"),
        ("ctrl+/", "ctrl+slash"),
        (" shift+up ", "shift+up"),
        (" ", "space"),
    ],
)
def test_normalize_key(raw: str, expected: str) -> None:
    assert normalize_key(raw) == expected


@pytest.mark.parametrize(
    "key",
    [
        "j",
        "shift+up",
        "ctrl+s",
        "question_mark",
        "f12",
        "enter",
        "escape",
        "comma",
        "alt+shift+x",
        "决",
    ],
)
def test_valid_keys(key: str) -> None:
    assert key_problem(key) is None


@pytest.mark.parametrize(
    "key", ["ctrl+foo", "hyperdrive", "cmd+s", "ctrl+ctrl+s", "", "a b", "f99"]
)
def test_invalid_keys(key: str) -> None:
    assert key_problem(key) is not None


def test_user_keymap_extends_default_by_path(tmp_path: Path) -> None:
    path = write(
        tmp_path / "mine.yaml", "name: mine\nextends: default\nbindings:\n  include: [plus, a]\n"
    )
    km = load_keymap(str(path))
    assert km.name == "mine"
    assert km.keys("include") == ("plus", "a")
    assert km.keys("exclude") == ("x",)


def test_extends_relative_to_the_file(tmp_path: Path) -> None:
    write(tmp_path / "base.yaml", "extends: vim\nbindings:\n  commit: ctrl+k\n")
    path = write(tmp_path / "top.yaml", "extends: ./base.yaml\nbindings:\n  quit: Q\n")
    km = load_keymap(str(path))
    assert km.keys("commit") == ("ctrl+k",)
    assert km.keys("next_item") == ("j", "down")
    assert km.keys("quit") == ("Q",)


def refused(path: Path, *needles: str) -> str:
    with pytest.raises(BriefdeskError) as info:
        load_keymap(str(path))
    message = str(info.value)
    assert "\n" not in message
    for needle in needles:
        assert needle in message, message
    return message


def test_unknown_action_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = write(tmp_path / "bad.yaml", "extends: default\nbindings:\n  inclde: a\n")
    refused(path, str(path), "unknown action 'inclde'")


def test_key_bound_twice_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "twice.yaml", "extends: default\nbindings:\n  include: x\n")
    refused(path, str(path), "'x'", "exclude", "include")


def test_key_bound_twice_through_aliases_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "alias.yaml", "extends: default\nbindings:\n  include: '?'\n")
    refused(path, "question_mark", "help")


def test_not_yaml_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "broken.yaml", "bindings: [include: a\n")
    refused(path, str(path), "not valid YAML")


def test_bad_key_name_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "k.yaml", "extends: default\nbindings:\n  include: ctrl+bananas\n")
    refused(path, "include", "ctrl+bananas")


def test_reserved_key_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "r.yaml", "extends: default\nbindings:\n  include: ctrl+p\n")
    refused(path, "reserved", "command palette")


def test_incomplete_keymap_without_extends_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "short.yaml", "bindings:\n  include: a\n")
    refused(path, "no key for", "next_item")


def test_empty_key_list_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "e.yaml", "extends: default\nbindings:\n  include: []\n")
    refused(path, "include", "no key")


def test_unknown_field_and_wrong_shapes(tmp_path: Path) -> None:
    refused(write(tmp_path / "f.yaml", "binding:\n  include: a\n"), "unknown field 'binding'")
    refused(write(tmp_path / "l.yaml", "- a\n- b\n"), "mapping")
    refused(write(tmp_path / "b.yaml", "bindings: [a]\n"), "bindings must be a mapping")


def test_extends_loop_and_missing_parent(tmp_path: Path) -> None:
    write(tmp_path / "a.yaml", "extends: ./b.yaml\nbindings: {}\n")
    write(tmp_path / "b.yaml", "extends: ./a.yaml\nbindings: {}\n")
    refused(tmp_path / "a.yaml", "loop")
    refused(
        write(tmp_path / "c.yaml", "extends: nosuch\nbindings: {}\n"),
        "extends 'nosuch'",
        "no keymap named",
    )


def test_unknown_name_lists_the_shipped_ones() -> None:
    with pytest.raises(BriefdeskError, match=r"shipped: .*default.*vim"):
        load_keymap("emacs")


def _settings(ws: Path, keymap: str | None = None, env: str | None = None) -> Settings:
    (ws / "briefdesk.yaml").write_text(f"keymap: {keymap}\n" if keymap else "", "utf-8")
    return load_settings(ws, environ={"BRIEFDESK_KEYMAP": env} if env else {})


def test_choose_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A person's choice beats the knowledge base's (docs/settings.md): flag, environment, the
    user's config, the user's own keymap file, the workspace's setting, default."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    ws = tmp_path / "ws"
    ws.mkdir()
    assert choose(_settings(ws)).name == "default"
    assert choose(_settings(ws, "vim")).name == "vim"  # the workspace's setting beats default
    user = user_keymap_path()
    user.parent.mkdir(parents=True)
    write(user, "name: mine\nextends: vim\nbindings:\n  quit: Q\n")
    assert choose(_settings(ws)).name == "mine"  # the user's own file beats default
    assert choose(_settings(ws, "default")).name == "mine"  # ... and the workspace's setting
    write(user.parent / "config.yaml", "keymap: default\n")
    assert choose(_settings(ws, "vim")).name == "default"  # the user's config beats the file
    assert choose(_settings(ws, "vim", env="vim")).name == "vim"  # the environment beats it
    flagged = load_settings(ws, {"keymap": "default"}, environ={"BRIEFDESK_KEYMAP": "vim"})
    assert choose(flagged).name == "default"  # the command line beats everything
    assert load_keymap("user").keys("quit") == ("Q",)


def test_workspace_relative_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    write(tmp_path / "keys.yaml", "extends: default\nbindings:\n  include: plus\n")
    assert choose(_settings(tmp_path, "keys.yaml"), tmp_path).keys("include") == ("plus",)


def test_user_name_without_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    with pytest.raises(BriefdeskError, match=r"keymap\.yaml"):
        load_keymap("user")


def test_action_for() -> None:
    km: Keymap = load_keymap("vim")
    assert km.action_for("j") == "next_item"
    assert km.action_for("?") == "help"
    assert km.action_for("z") is None
