"""The reference: the duplicate search a competent engineer would first write for this score.

    python -m benchmarks.reference WORKSPACE BATCH OUT.json

Loads the batch with briefdesk's own loader (materials, every earlier brief, the living
document's paragraphs), then scikit-learn's `TfidfVectorizer(sublinear_tf=True)` over every record
with briefdesk's tokens as the analyzer (Latin words, CJK bigrams: scikit-learn's own analyzers do
not split Chinese), the sparse product items × records in chunks of items, and the top 10 per item
by `np.argpartition`. No calibration, no citations, no identities, no cache: the plain score. It
writes `{item ref: [[record ref, cosine], ...]}` so the runner can measure its recall of the
planted pairs, and is timed by the runner as a whole process, as `briefdesk scan --json` is.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

TOP = 10
CHUNK = 500


def main(argv: list[str]) -> int:
    import numpy as np
    from briefdesk.core.review.load import load_review
    from briefdesk.core.text.normalize import paragraphs, tokens
    from briefdesk.core.workspace.layout import Workspace
    from sklearn.feature_extraction.text import TfidfVectorizer

    ws, batch, out = argv
    review = load_review(Workspace.open(Path(ws)), batch)
    doc = review.living_doc
    paras = [(f"{doc.path}§{s.id}", p) for s in doc.sections for p in paragraphs(s.text)]
    records = (
        [(i.ref, i.text) for i in review.items] + [(e.ref, e.text) for e in review.entries] + paras
    )
    matrix = TfidfVectorizer(analyzer=tokens, sublinear_tf=True).fit_transform(
        [t for _, t in records]
    )
    n_items = len(review.items)
    found: dict[str, list[tuple[str, float]]] = {}
    for a in range(0, n_items, CHUNK):
        b = min(n_items, a + CHUNK)
        scores = (matrix[a:b] @ matrix.T).toarray()
        scores[np.arange(b - a), np.arange(a, b)] = -1
        top = np.argpartition(-scores, TOP, axis=1)[:, :TOP]
        for row, cols in enumerate(top):
            cols = cols[np.argsort(-scores[row, cols])]
            found[records[a + row][0]] = [
                (records[c][0], round(float(scores[row, c]), 4)) for c in cols
            ]
    Path(out).write_text(json.dumps(found, ensure_ascii=False), "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
