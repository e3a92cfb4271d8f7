"""App information spaces (NaturalGAIA): which Wikidata classes and relations an app shows.

A YAML file under ``loaders/apps/`` describes one domain and its apps; each app lists
entity types with root classes (QIDs), visible attributes (PIDs) and navigable actions
whose relation is a property id or its reverse (``^P161``: "the films this person was
cast in"). Files are validated with pydantic, so a wrong id or a typo in a key is
reported with the file and the path inside it before anything is written. Loaded, an
app is ``(:App {id: "app:<name>"})-[:ROOT_CLASS]->(:Item {id: QID})``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from taskspace.core.resources import resource_dir
from taskspace.core.specfiles import read_spec
from taskspace.graph.connection import Graph
from taskspace.graph.ids import file_checksum
from taskspace.graph.load_report import LoadReport
from taskspace.graph.provenance import complete_source, record_source
from taskspace.graph.writer import BatchedWriter
from taskspace.sources.wikidata.errors import AppSpecError

QID = Annotated[str, Field(pattern=r"^Q[1-9][0-9]*$")]
PID = Annotated[str, Field(pattern=r"^P[1-9][0-9]*$")]
Name = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,63}$")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Action(_Strict):
    name: Name
    relation: Annotated[str, Field(pattern=r"^\^?P[1-9][0-9]*$")]
    target: Name | None = None
    description: str = ""

    @property
    def reverse(self) -> bool:
        return self.relation.startswith("^")

    @property
    def pid(self) -> str:
        return self.relation.lstrip("^")


class EntityType(_Strict):
    name: Name
    root_classes: list[QID] = Field(min_length=1)
    attributes: list[PID] = Field(default_factory=list)
    actions: list[Action] = Field(default_factory=list)


class AppSpec(_Strict):
    name: Name
    title: str
    description: str = ""
    entity_types: list[EntityType] = Field(min_length=1)

    @model_validator(mode="after")
    def _targets_exist(self) -> AppSpec:
        names = [entity_type.name for entity_type in self.entity_types]
        if len(set(names)) != len(names):
            raise ValueError(f"entity type names repeat in app {self.name!r}")
        for entity_type in self.entity_types:
            for action in entity_type.actions:
                if action.target is not None and action.target not in names:
                    raise ValueError(
                        f"action {action.name!r} of {entity_type.name!r} targets unknown "
                        f"entity type {action.target!r}"
                    )
        return self

    @property
    def root_classes(self) -> list[str]:
        return sorted({qid for t in self.entity_types for qid in t.root_classes})

    def reverse_properties(self) -> list[str]:
        return sorted({a.pid for t in self.entity_types for a in t.actions if a.reverse})


class DomainSpec(_Strict):
    domain: Name
    description: str = ""
    apps: list[AppSpec] = Field(min_length=1)


def default_apps_dir() -> Path:
    return resource_dir("loaders") / "apps"


def read_app_file(path: Path) -> DomainSpec:
    """One domain file, validated; any problem raises AppSpecError naming file and field."""
    return read_spec(path, DomainSpec, "app information space", AppSpecError)


def app_files(paths: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        found += (
            sorted(path.glob("*.yaml")) + sorted(path.glob("*.yml")) if path.is_dir() else [path]
        )
    return found


def find_app(name: str, paths: Iterable[Path] | None = None) -> AppSpec:
    """The app called ``name`` among the given files or folders (default: loaders/apps)."""
    for file in app_files(paths or [default_apps_dir()]):
        for app in read_app_file(file).apps:
            if app.name == name:
                return app
    raise AppSpecError(f"no app named {name!r} in the app information spaces")


def app_row(domain: DomainSpec, app: AppSpec, source: str) -> dict[str, Any]:
    actions = [
        {"entity_type": t.name, **action.model_dump()}
        for t in app.entity_types
        for action in t.actions
    ]
    return {
        "id": f"app:{app.name}",
        "roots": app.root_classes,
        "props": {
            "name": app.name,
            "title": app.title,
            "description": app.description,
            "domain": domain.domain,
            "root_classes": app.root_classes,
            "entity_types_json": json.dumps(
                [t.model_dump() for t in app.entity_types], ensure_ascii=False
            ),
            "actions_json": json.dumps(actions, ensure_ascii=False),
            "source": source,
        },
    }


@dataclass
class AppsReport(LoadReport):
    """App space files loaded or refused (with why), and the apps and root classes read."""

    apps: list[str] = field(default_factory=list)
    root_classes: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "apps": self.apps, "root_classes": self.root_classes}


def load_apps(graph: Graph, paths: Iterable[Path] | None = None) -> AppsReport:
    """Validate and write app spaces; a bad file is reported and the others still load."""
    started = time.perf_counter()
    report = AppsReport()
    seen: dict[str, str] = {}
    writer = BatchedWriter(graph)
    for file in app_files(paths or [default_apps_dir()]):
        try:
            domain = read_app_file(file)
        except AppSpecError as exc:
            report.fail(str(file), str(exc))
            continue
        clashes = [app.name for app in domain.apps if app.name in seen]
        if clashes:
            report.fail(str(file), f"app {clashes[0]!r} is already defined in {seen[clashes[0]]}")
            continue
        source = record_source(graph, "wikidata", str(file.resolve()), file_checksum(file))
        rows = [app_row(domain, app, source) for app in domain.apps]
        report.add_write(writer.write_named("wikidata/merge_apps", rows))
        complete_source(graph, source)
        for app in domain.apps:
            seen[app.name] = str(file)
            report.apps.append(app.name)
            report.root_classes += len(app.root_classes)
        report.loaded.append(str(file))
    report.seconds = time.perf_counter() - started
    return report
