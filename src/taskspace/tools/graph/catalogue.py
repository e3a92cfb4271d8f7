"""What an agent can read about the graph besides the graph: the contract (docs/schema.md)
and the catalogue of meta-paths, task templates and named queries, each with what it is
for and the parameters it takes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from taskspace.core.resources import resource_dir
from taskspace.graph.queries import QueryLibrary
from taskspace.tools.errors import CatalogueError

_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_SLOT = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
FOLDERS = {"metapath": "metapaths", "query": "cypher"}
"""Catalogue kind -> the resource folder its Cypher lives in."""


@dataclass(frozen=True)
class Entry:
    kind: str
    name: str
    summary: str
    params: tuple[str, ...]


def schema_text() -> str:
    """The graph contract as the project documents it."""
    return (resource_dir("docs") / "schema.md").read_text(encoding="utf-8")


def cypher_text(kind: str, name: str) -> str:
    """The Cypher of one catalogue entry (``kind``: metapath or query)."""
    if kind not in FOLDERS:
        raise CatalogueError(f"no catalogue kind {kind!r} (kinds: {', '.join(FOLDERS)})")
    library = QueryLibrary([resource_dir(FOLDERS[kind])])
    return library.path(name).read_text(encoding="utf-8")


def entries() -> list[Entry]:
    found = [
        _cypher_entry(kind, root, path)
        for kind, folder in FOLDERS.items()
        for root in [resource_dir(folder)]
        for path in sorted(root.rglob("*.cypher"))
    ]
    templates = sorted(resource_dir("metapaths").rglob("*.yaml"))
    return found + [entry for path in templates if (entry := _template_entry(path))]


def catalogue_markdown() -> str:
    """Every entry as a Markdown table per kind, for a model or a person to read."""
    titles = {
        "metapath": "Meta-paths (metapaths/): read resource taskspace://metapath/{group}/{name}",
        "template": "Task templates (metapaths/*.yaml): what each sampled task asks",
        "query": "Named queries (cypher/): read resource taskspace://query/{group}/{name}",
    }
    lines = ["# taskspace catalogue", ""]
    every = entries()
    for kind, title in titles.items():
        lines += [f"## {title}", "", "| name | what it is | parameters |", "|---|---|---|"]
        lines += [
            f"| {e.name} | {e.summary} | {', '.join(e.params)} |" for e in every if e.kind == kind
        ]
        lines.append("")
    return "\n".join(lines)


def _cypher_entry(kind: str, root: Path, path: Path) -> Entry:
    text = path.read_text(encoding="utf-8")
    comments = []
    for line in text.splitlines():
        if not line.lstrip().startswith("//"):
            break
        comments.append(line.lstrip()[2:].strip())
    params = dict.fromkeys(_PARAM.findall(text)) | dict.fromkeys(
        f"{{{{{slot}}}}}" for slot in _SLOT.findall(text)
    )
    return Entry(
        kind=kind,
        name=path.relative_to(root).with_suffix("").as_posix(),
        summary=_cell(" ".join(comments)),
        params=tuple(params),
    )


def _template_entry(path: Path) -> Entry | None:
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(spec, dict) or "query" not in spec:
        return None
    summary = f"{spec.get('kind', '')}/{spec.get('type', '')}: {spec.get('description', '')}"
    return Entry("template", str(spec.get("name", path.stem)), _cell(summary), ())


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")
