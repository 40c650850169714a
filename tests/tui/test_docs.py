"""docs/keys.md is written from the keymaps; the README's screenshot is the app's own picture."""

from __future__ import annotations

from pathlib import Path

from briefdesk.core.settings.keymap import ACTION_IDS, load_keymap
from briefdesk.tui.keysdoc import keys_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_keys_doc_is_current() -> None:
    text = (ROOT / "docs" / "keys.md").read_text("utf-8")
    assert text == keys_markdown(), (
        "docs/keys.md is stale: run `python -m briefdesk.tui.keysdoc > docs/keys.md`"
    )


def test_keys_doc_lists_every_action_with_both_keymaps() -> None:
    text = (ROOT / "docs" / "keys.md").read_text("utf-8")
    vim = load_keymap("vim")
    for action in ACTION_IDS:
        row = next(line for line in text.splitlines() if line.startswith(f"| `{action}` |"))
        assert row.count("|") == 5
        assert vim.keys(action)[0] in row or "question_mark" in row or "slash" in row


def test_screenshot_is_an_svg_of_the_review_screen() -> None:
    svg = (ROOT / "docs" / "screenshot.svg").read_text("utf-8")
    assert svg.startswith("<svg") and "briefdesk" in svg
    assert "/tmp/" not in svg and "inference" in svg


def test_readme_shows_the_current_key_table() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    rows = [line for line in keys_markdown().splitlines() if line.startswith("| `")]
    assert rows and all(row in readme for row in rows), (
        "README key table is stale: copy it from docs/keys.md"
    )
