"""The desk and the personal settings: the theme chosen last time is there again, a new choice
is remembered in the user's config, and the user's keymap beats the workspace's."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.core.settings import user_config_path
from briefdesk.tui.app import BriefdeskApp
from tui_helpers import DEMO_BATCH, SIZE, review_ready, until


def test_the_theme_is_restored_and_a_new_choice_remembered(demo: Path) -> None:
    config = user_config_path()
    config.parent.mkdir(parents=True)
    config.write_text("# mine\ntheme: nord\n", "utf-8")

    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH, match=False)
        async with app.run_test(size=SIZE) as pilot:
            await review_ready(pilot, matched=False)
            assert app.theme == "nord"
            assert config.read_text("utf-8") == "# mine\ntheme: nord\n"  # nothing rewritten
            app.theme = "gruvbox"  # what the palette's "Change theme" does
            await until(pilot, lambda: "gruvbox" in config.read_text("utf-8"), what="saved")
        assert config.read_text("utf-8") == '# mine\ntheme: "gruvbox"\n'

    asyncio.run(go())

    async def again() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH, match=False)
        async with app.run_test(size=SIZE) as pilot:
            await review_ready(pilot, matched=False)
            assert app.theme == "gruvbox"

    asyncio.run(again())


def test_the_users_keymap_beats_the_workspaces(demo: Path) -> None:
    (demo / "briefdesk.yaml").write_text("keymap: vim\n", "utf-8")
    config = user_config_path()
    config.parent.mkdir(parents=True)
    config.write_text("keymap: default\n", "utf-8")

    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH, match=False)
        async with app.run_test(size=SIZE) as pilot:
            await review_ready(pilot, matched=False)
            assert app.keymap.name == "default"
        app = BriefdeskApp(demo, DEMO_BATCH, "vim", match=False)  # --keymap beats both
        async with app.run_test(size=SIZE) as pilot:
            await review_ready(pilot, matched=False)
            assert app.keymap.name == "vim"

    asyncio.run(go())
