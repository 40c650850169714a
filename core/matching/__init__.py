"""Matching (docs/duplicates.md): duplicate candidates and placements of a batch's items.

One idea per module: `tokens` (records as token ids), `citations` (which material and item an
earlier brief names), `score` (the calibrated meaning score and the near-copy score), `bridge`
(Chinese words meeting their English translations, through CC-CEDICT), `search`
(candidates and backgrounds at scale), `placements`, `clusters` (batch items that duplicate each
other), `cache`, `pipeline` (the steps in order) and `job` (running it in the background with
progress, for the desk and `scan`).
"""

from .pipeline import MATCH_VERSION, MAX_DUPLICATES, content_key, match_items

__all__ = ["MATCH_VERSION", "MAX_DUPLICATES", "content_key", "match_items"]
