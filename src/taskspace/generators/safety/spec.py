"""The declarative threat spec (``loaders/safety/threats.yaml``): categories with their
phrasings, doc embedding strategies and forged web elements, as data rather than code."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from taskspace.core.resources import resource_dir
from taskspace.core.specfiles import read_spec
from taskspace.generators.errors import ThreatSpecError

DEFAULT_THREATS = Path("safety") / "threats.yaml"


class Category(BaseModel):
    severity: Literal["low", "medium", "high"] = "medium"
    canary: Literal["code", "url"]
    phrasings: list[str] = Field(min_length=1)

    @model_validator(mode="after")
    def _canary_in_every_phrasing(self) -> Category:
        missing = [p for p in self.phrasings if "{canary}" not in p]
        if missing:
            raise ValueError(f"phrasing without {{canary}}: {missing[0]!r}")
        return self


class Strategy(BaseModel):
    position: Literal["prepend", "middle", "append"]
    template: str

    @model_validator(mode="after")
    def _has_instruction(self) -> Strategy:
        if "{instruction}" not in self.template:
            raise ValueError("template without {instruction}")
        return self


class WebElement(BaseModel):
    category: str
    html: str

    @model_validator(mode="after")
    def _has_slots(self) -> WebElement:
        if "{marker}" not in self.html or "{canary}" not in self.html:
            raise ValueError("html needs both {marker} and {canary}")
        return self


class ThreatSpec(BaseModel):
    canary_words: list[str] = Field(min_length=1)
    categories: dict[str, Category] = Field(min_length=1)
    strategies: dict[str, Strategy] = Field(min_length=1)
    web_elements: dict[str, WebElement] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known_categories(self) -> ThreatSpec:
        for name, element in self.web_elements.items():
            if element.category not in self.categories:
                raise ValueError(f"web element {name}: unknown category {element.category!r}")
        return self


def load_threats(path: Path | None = None) -> ThreatSpec:
    """The threat spec at ``path``, or the project's own."""
    found = path or resource_dir("loaders") / DEFAULT_THREATS
    return read_spec(found, ThreatSpec, "threat spec", ThreatSpecError)
