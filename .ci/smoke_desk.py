"""Open the installed desk headless on a batch and wait for the review screen and its matching.

usage: smoke_desk.py WORKSPACE BATCH
"""

import asyncio
import sys


async def main(workspace: str, batch: str) -> None:
    from briefdesk.tui.app import BriefdeskApp
    from briefdesk.tui.screens.review import ReviewScreen

    app = BriefdeskApp(workspace, batch)
    async with app.run_test(size=(160, 48)) as pilot:
        for _ in range(600):
            screen = app.screen
            if isinstance(screen, ReviewScreen) and screen.matches is not None:
                break
            await pilot.pause(0.05)
        else:
            sys.exit(
                f"the review screen did not open on {batch} (screen: {type(app.screen).__name__})"
            )
        assert screen.view.match_problem is None, screen.view.match_problem
        print(f"desk ok: {len(screen.shown_refs)} items shown, matched")


asyncio.run(main(sys.argv[1], sys.argv[2]))
