"""The declarative format mappings in ``loaders/episodes/*.yaml``, validated with pydantic.

Which input action name or code becomes which common action kind, and the few constants
each format needs (AITW's tap/swipe distance, GUI Odyssey's coordinate grid, LlamaTouch's
file names), are data: they live in YAML beside the other loader specs and are read
through :func:`taskspace.core.resources.resource_dir`, so an installed wheel finds them too. A
typo in a kind or a key is reported with the file and the field before any input is read.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from taskspace.core.resources import resource_dir
from taskspace.core.specfiles import read_spec
from taskspace.sources.episodes.errors import MappingError
from taskspace.sources.episodes.model import Action, ActionKind, KeyName, Outcome


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ActionSpec(_Strict):
    """What one input action name or code means in the common action space."""

    kind: ActionKind
    key: KeyName | None = None
    outcome: Outcome | None = None

    @model_validator(mode="after")
    def _consistent(self) -> ActionSpec:
        if (self.kind == "key") != (self.key is not None):
            raise ValueError("`key` is required for kind key and allowed only there")
        if (self.kind == "complete") != (self.outcome is not None):
            raise ValueError("`outcome` is required for kind complete and allowed only there")
        return self

    def action(self, **fields: Any) -> Action:
        """The common action, with the input's own fields (target, point, text, raw …)."""
        return Action(kind=self.kind, key=self.key, outcome=self.outcome, **fields)


class AitwMapping(_Strict):
    codes: dict[int, ActionSpec]
    dual_point: int = Field(description="the code of a touch gesture: tap or swipe by distance")
    tap_tolerance: float = Field(ge=0, description="OCR tap slack, as a fraction of width")
    icon_prefix: str

    @model_validator(mode="after")
    def _dual_point_apart(self) -> AitwMapping:
        if self.dual_point in self.codes:
            raise ValueError("the dual-point code must not also be a plain code")
        return self


class OdysseyMapping(_Strict):
    actions: dict[str, ActionSpec]
    key_infos: dict[str, KeyName] = Field(description="CLICK infos that stand for keys")
    grid: int = Field(gt=0, description="coordinates are on a grid of this size")
    screenshot_dirs: list[str] = Field(min_length=1)


class Mind2WebMapping(_Strict):
    operations: dict[str, ActionSpec]


class Mind2WebLiveMapping(_Strict):
    checks: dict[str, ActionSpec] = Field(description="match_function_name -> action")
    literal_values: list[str] = Field(description="checks whose answer is the typed value")
    host_prefixes: list[str]
    host_suffixes: list[str]


class TraceMapping(_Strict):
    events: dict[str, ActionSpec]
    events_file: str
    instruction_file: str
    dump_suffixes: list[str] = Field(min_length=1, description="preferred UI dump first")


class DroidbotMapping(_Strict):
    finish_choice: int
    null_inputs: list[str]
    back_labels: list[str]
    clickable_tags: list[str]
    editable_tags: list[str]
    placeholder_tasks: list[str] = Field(description="task_name values that name no task")
    task: str = Field(description="task text without a task_name; {app} is the app's name")


M = TypeVar("M", bound=BaseModel)


def mapping_dir() -> Path:
    return resource_dir("loaders") / "episodes"


def load_mapping(name: str, model: type[M]) -> M:
    """``loaders/episodes/<name>.yaml`` validated as ``model`` (read once per process)."""
    loaded = _load(name, model)
    assert isinstance(loaded, model)
    return loaded


@cache
def _load(name: str, model: type[BaseModel]) -> BaseModel:
    path = mapping_dir() / f"{name}.yaml"
    return read_spec(path, model, "episode format mapping", MappingError)
