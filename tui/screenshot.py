"""`python -m briefdesk.tui.screenshot docs/screenshot.svg`: the README's picture, made by the app
itself.

The review screen on a fresh copy of the bundled demo, at 160x48, on the same item and state as
the review-screen snapshot test, with git dates fixed so nothing in it depends on the day.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

FIXED = {
    "GIT_AUTHOR_NAME": "Tom",
    "GIT_AUTHOR_EMAIL": "tom@briefdesk.invalid",
    "GIT_COMMITTER_NAME": "Tom",
    "GIT_COMMITTER_EMAIL": "tom@briefdesk.invalid",
    "GIT_AUTHOR_DATE": "2026-11-03T22:00:00+08:00",
    "GIT_COMMITTER_DATE": "2026-11-03T22:00:00+08:00",
}
INCLUDE = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"
SHOW = "organized/paper_cards/140-2604-17227.md#1"


async def screenshot(size: tuple[int, int] = (160, 48)) -> str:
    from briefdesk.core.commands.demo import make_demo

    from .app import BriefdeskApp
    from .screens.review import ReviewScreen

    os.environ.update(FIXED)
    with tempfile.TemporaryDirectory() as tmp:
        root, batch = make_demo(Path(tmp) / "kb")
        app = BriefdeskApp(root, batch)
        async with app.run_test(size=size) as pilot:
            start = time.monotonic()
            while not (isinstance(app.screen, ReviewScreen) and app.screen.matches is not None):
                if time.monotonic() - start > 60:
                    raise RuntimeError("the review screen did not get ready")
                await pilot.pause(0.05)
            screen = app.screen
            screen.session.include(INCLUDE)
            screen.go_to(SHOW)
            await pilot.pause(0.3)
            return app.export_screenshot(title="briefdesk — review")


def main(argv: list[str]) -> int:
    target = Path(argv[0] if argv else "docs/screenshot.svg")
    target.write_text(asyncio.run(screenshot()), "utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
