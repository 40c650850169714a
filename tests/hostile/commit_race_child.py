"""One side of a commit race: waits for the start time, then commits.

    python commit_race_child.py WORKSPACE BATCH START MODE

MODE `shell` is `briefdesk commit --allow-undecided` (the command line's own `main`, in this
process); MODE `desk` is what the desk does: it holds the session open, makes one decision and
commits that session (`commit_brief` on the open session). Prints `exit <code>` and, on an error,
the error line.
"""

from __future__ import annotations

import sys
import time


def main() -> int:
    workspace, batch, start, mode = sys.argv[1:5]
    from briefdesk.core.errors import BriefdeskError
    from briefdesk.core.git.commit import commit_brief
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    from briefdesk.cli.main import main as cli

    if mode == "shell":
        while time.time() < float(start):
            time.sleep(0.0005)
        code = cli(["commit", "-w", workspace, "-b", batch, "--allow-undecided"])
        print(f"exit {code}", flush=True)
        return 0
    review = load_review(Workspace.open(workspace), batch)
    with review.open_session() as session:
        ref = review.items[-1].ref
        while time.time() < float(start):
            time.sleep(0.0005)
        if session.decision(ref).status == "include":
            session.exclude(ref, "off-topic")
        else:
            session.include(ref)
        try:
            commit_brief(review, session, allow_undecided=True)
        except BriefdeskError as exc:
            print(f"exit 2\nbriefdesk: error: {exc}", flush=True)
            return 0
    print("exit 0", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
