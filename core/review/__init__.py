"""One batch's review: loading it, the session with its undo, proposals, edits, watching files."""
