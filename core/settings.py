"""`briefdesk.yaml`: every key optional (PRODUCT §2)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TopicSettings(_Strict):
    living_doc: str | None = None


class PathSettings(_Strict):
    briefs: str = "briefs"
    batches: str = "batches"
    # where collectors drop materials and paper cards are filed: what `new-batch` and `status`
    # look through for materials no batch names yet
    materials: list[str] = Field(default_factory=lambda: ["inbox", "organized/paper_cards"])


class DedupSettings(_Strict):
    threshold: int = Field(default=85, ge=0, le=100)


class Settings(_Strict):
    reviewer: str | None = None
    language: Literal["zh", "en"] = "zh"
    keymap: str = "default"
    advance_after_decision: bool = False
    topics: dict[str, TopicSettings] = Field(default_factory=dict)
    paths: PathSettings = Field(default_factory=PathSettings)
    dedup: DedupSettings = Field(default_factory=DedupSettings)

    def living_doc_path(self, topic: str) -> str:
        configured = self.topics.get(topic)
        if configured and configured.living_doc:
            return configured.living_doc
        return f"docs/{topic}.md"
