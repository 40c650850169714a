"""The desk the TUI SIGKILL trials kill: the real Textual app, headless, driven by key presses.

    python sigkill_tui_child.py WORKSPACE BATCH SEED

Runs `BriefdeskApp` under `App.run_test()` (no terminal needed), waits for the review screen, then
presses keys of the default keymap at random (include, undo, redo, move up/down, next/previous
item). Before each key it prints `pre <n>`; after the key, once the items list has drawn every
decision the session holds (the screen has acknowledged it), it prints `ack <n> <state>` with the
decisions and order as compact JSON. It runs until it is killed.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

KEYS = (
    "include",
    "include",
    "undo",
    "redo",
    "move_up",
    "move_down",
    "next_item",
    "next_item",
    "prev_item",
)


async def drive(workspace: str, batch: str, seed: int) -> None:
    from briefdesk.core.settings.keymap import load_keymap
    from briefdesk.tui.app import BriefdeskApp
    from briefdesk.tui.screens.review import ReviewScreen

    keymap = load_keymap("default")
    rnd = random.Random(seed)
    app = BriefdeskApp(Path(workspace), batch, match=False)
    out = sys.stdout
    async with app.run_test(size=(120, 40)) as pilot:
        while not isinstance(app.screen, ReviewScreen):
            await pilot.pause(0.01)
        await pilot.pause()  # mounted
        screen = app.screen
        session = screen.session

        def state() -> str:
            data = {
                "decisions": {
                    r: d.model_dump(mode="json") for r, d in session.data.decisions.items()
                },
                "order": [list(inc.parts) for inc in session.data.increments],
            }
            return json.dumps(data, ensure_ascii=True, separators=(",", ":"))

        out.write(f"ready {state()}\n")
        out.flush()
        for n in range(1, 100_000):
            action = rnd.choice(KEYS)
            out.write(f"pre {n} {action}\n")
            out.flush()
            await pilot.press(keymap.keys(action)[0])
            while any(screen.view.drawn.get(ref) != d for ref, d in session.data.decisions.items()):
                await pilot.pause(0.005)
            out.write(f"ack {n} {state()}\n")
            out.flush()


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    asyncio.run(drive(argv[0], argv[1], int(argv[2])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
