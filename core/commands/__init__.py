"""One use case per CLI verb that is more than a call into another package: scan, new-batch,
status, demo."""
