"""One module per command; `ALL` is the order `briefdesk --help` lists them in (an evening's)."""

from . import build, commit, demo, history, new_batch, review, scan, status, verify

ALL = (demo, status, new_batch, review, scan, build, commit, history, verify)

__all__ = ["ALL"]
