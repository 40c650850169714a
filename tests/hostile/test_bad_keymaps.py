"""Bad keymaps (docs/reliability.md, docs/keys.md): an unknown action id, a key bound to two actions
on the review screen, YAML that does not parse. Refused by the loader naming the file and the
problem, and by `briefdesk review --keymap FILE` with exit 2 and one line, before the desk takes the
terminal and without writing anything. (The desk's own error screen for a bad keymap is
tests/tui/test_behaviour.py::test_bad_keymap_shows_an_error_naming_the_file.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.settings.keymap import load_keymap
from hostile_helpers import DEMO_BATCH, assert_one_error_line, diff, run_cli, run_main, snapshot

KEYMAPS = {
    "unknown-action": (
        "extends: default\nbindings:\n  launch_missiles: z\n",
        "unknown action 'launch_missiles'",
    ),
    "key-on-two-actions": (
        "extends: default\nbindings:\n  include: x\n",
        "key 'x' is bound to both include and exclude",
    ),
    "not-yaml": ("extends: default\nbindings: {include: [a\n", "not valid YAML"),
    "not-a-mapping": ("- include\n- a\n", "must be a mapping"),
    "alias": (
        "extends: default\nbindings:\n  include: &k a\n  exclude: *k\n",
        "aliases are not allowed",
    ),
    "binary": ("extends: default\n\x00\n", "NUL byte"),
}


def _write(folder: Path, name: str) -> Path:
    text, _ = KEYMAPS[name]
    path = folder / f"{name}.yaml"
    path.write_bytes(text.encode("utf-8"))
    return path


@pytest.mark.parametrize("name", list(KEYMAPS))
def test_loader_refuses_naming_the_file(name: str, tmp_path: Path) -> None:
    path = _write(tmp_path, name)
    with pytest.raises(BriefdeskError) as info:
        load_keymap(str(path))
    message = str(info.value)
    assert str(path) in message and KEYMAPS[name][1] in message and "\n" not in message


@pytest.mark.parametrize("name", ["unknown-action", "key-on-two-actions", "not-yaml"])
def test_review_with_a_bad_keymap_exits_2_with_one_line(
    name: str, ws: Path, tmp_path: Path
) -> None:
    path = _write(tmp_path, name)
    before = snapshot(ws)
    proc = run_cli("review", "-w", str(ws), "-b", DEMO_BATCH, "--keymap", str(path), timeout=60)
    assert_one_error_line(proc.returncode, proc.stdout, proc.stderr, str(path), KEYMAPS[name][1])
    assert diff(before, snapshot(ws)) == []


def test_review_with_a_bad_keymap_in_the_settings(ws: Path, capsys) -> None:
    """`keymap: keys/mine.yaml` in briefdesk.yaml, relative to the workspace."""
    (ws / "keys").mkdir()
    _write(ws / "keys", "key-on-two-actions")
    settings = ws / "briefdesk.yaml"
    settings.write_text(
        settings.read_text("utf-8") + "keymap: keys/key-on-two-actions.yaml\n", "utf-8"
    )
    before = snapshot(ws)
    code, out, err = run_main(capsys, "review", "-w", str(ws), "-b", DEMO_BATCH)
    assert_one_error_line(
        code, out, err, "key-on-two-actions.yaml", "bound to both include and exclude"
    )
    assert diff(before, snapshot(ws)) == []


def test_demo_with_a_bad_keymap_makes_no_folder(tmp_path: Path, capsys) -> None:
    path = _write(tmp_path, "unknown-action")
    code, out, err = run_main(capsys, "demo", "--path", str(tmp_path / "kb"), "--keymap", str(path))
    assert_one_error_line(code, out, err, "unknown action")
    assert not (tmp_path / "kb").exists()
