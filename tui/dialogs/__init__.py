"""Modal dialogs the review actions open; each returns its answer with `dismiss` (None = cancel)."""
