"""A parent the matching-child test kills: forks a MatchJob whose matching never ends.

    python match_child_parent.py WORKSPACE BATCH

Prints the forked child's pid once it runs, then waits on it for ever (as the desk's worker thread
does). The test SIGKILLs this process and checks that the child goes too.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path


def main() -> None:
    from briefdesk.core.matching.job import MatchJob
    from briefdesk.core.review.load import Review, load_review
    from briefdesk.core.workspace.layout import Workspace

    def forever(self: Review, *args: object, **kwargs: object) -> None:
        while True:
            time.sleep(1)

    Review.match = forever  # type: ignore[method-assign,assignment]
    review = load_review(Workspace.open(Path(sys.argv[1])), sys.argv[2])
    job = MatchJob(review, fork=True)
    threading.Thread(target=job.run, daemon=True).start()
    while job.child is None or job.child.pid is None:
        time.sleep(0.01)
    print(job.child.pid, flush=True)
    while True:
        time.sleep(1)


if __name__ == "__main__":
    main()
