"""The settings' models: every key optional, unknown keys refused."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

# What a person decides: these may come from the user's config, the environment and flags.
PERSONAL_KEYS = ("reviewer", "keymap", "language", "theme", "advance_after_decision")

# Where a setting's value came from, strongest first.
Origin = Literal["flag", "env", "user", "workspace", "default"]


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


class PersonalSettings(_Strict):
    """What the user's own config file may hold (the knowledge base's keys belong in git)."""

    reviewer: str | None = None
    keymap: str | None = None
    language: Literal["zh", "en"] | None = None
    theme: str | None = None
    advance_after_decision: bool | None = None


class Settings(_Strict):
    """The settings in force, and (`origin`) where each personal one came from."""

    reviewer: str | None = None
    language: Literal["zh", "en"] = "zh"
    keymap: str = "default"
    theme: str | None = None
    advance_after_decision: bool = False
    topics: dict[str, TopicSettings] = Field(default_factory=dict)
    paths: PathSettings = Field(default_factory=PathSettings)
    dedup: DedupSettings = Field(default_factory=DedupSettings)

    _origins: dict[str, str] = PrivateAttr(default_factory=dict)
    _sources: dict[str, str] = PrivateAttr(default_factory=dict)

    def living_doc_path(self, topic: str) -> str:
        configured = self.topics.get(topic)
        if configured and configured.living_doc:
            return configured.living_doc
        return f"docs/{topic}.md"

    def origin(self, key: str) -> Origin:
        """`flag`, `env`, `user`, `workspace` or `default`: which source set `key`."""
        return self._origins.get(key, "default")  # type: ignore[return-value]

    def source(self, key: str) -> str | None:
        """The file or variable that set `key` (for messages), None for a default."""
        return self._sources.get(key)
