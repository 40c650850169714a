"""One module per command; `ALL` is the order `briefdesk --help` lists them in."""

from . import build, commit, demo, history, review, scan, verify

ALL = (demo, review, scan, build, commit, history, verify)

__all__ = ["ALL"]
