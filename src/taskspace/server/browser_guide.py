"""The project's Neo4j Browser guide: the schema, the meta-path queries and the result
queries as click-to-run slides, rendered from the very ``.cypher`` files the code runs.

Neo4j Browser plays a remote HTML guide (``:play <url>``): each ``<slide>`` is a page,
each ``<pre class="runnable">`` gets a play icon that runs it (a click on the text only
copies it to the editor). Queries take their values from Browser parameters, which a
runnable ``:params {…}`` block sets, so every query stays parameterised. The runs slide is
read from the graph each time the guide is fetched: a run written since shows up on the
next ``:play``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from taskspace.core.resources import resource_dir
from taskspace.core.timefmt import minute
from taskspace.graph.connection import Graph
from taskspace.graph.metapaths import metapath_library
from taskspace.graph.queries import default_library

TEMPLATES = Path(__file__).with_name("templates")
GUIDE_FILE = "taskspace.html"
"""The guide's file name in the URL ``kg db browser`` serves."""
NEWEST_RUNS = 12
"""How many runs the runs slide offers one click each (newest first)."""
METAPATH_KINDS = ("documents", "web")
"""The meta-path folders whose queries a template names (YAML ``query:``) and that take
the sampler's window parameters; causal paths and multihop chains take values a walk
computes, so the guide points to them instead."""
METAPATH_PARAMS = {"anchors": [], "start": "", "scan": 200, "limit": 10}
"""A meta-path query's window: no given anchors, the first ``scan`` anchor nodes in id
order, at most ``limit`` rows (see ``generators.templates.engine``)."""
RESULT_PARAMS = {"limit": 25, "property": "template"}
"""What the result queries take besides the run: rows per run, the Task property to group
success by."""


@dataclass(frozen=True)
class Query:
    """One click-to-run block: a named query's text, or a Browser command."""

    title: str
    text: str
    name: str = ""
    note: str = ""


@dataclass(frozen=True)
class Slide:
    title: str
    lead: str
    queries: list[Query] = field(default_factory=list)
    body: str = ""
    """The name of a template block with the slide's own prose (see the template)."""


def named(name: str, title: str, note: str = "") -> Query:
    """A block holding the query file ``cypher/<name>.cypher`` as it is."""
    return Query(title=title, text=default_library().text(name).strip(), name=name, note=note)


def params_command(values: dict[str, Any]) -> str:
    """Browser ``:param`` commands setting these values, one a line (the Browser runs them
    as one script). ``:param x => value`` has the server evaluate ``value``, so a number
    stays an integer (``:params {…}`` would send it as a float, which LIMIT refuses); JSON
    literals are Cypher literals for strings, numbers, lists and null."""
    return "\n".join(f":param {key} => {json.dumps(value)};" for key, value in values.items())


@lru_cache(maxsize=1)
def style_command() -> str:
    """``:style`` with the project's grass: a :Run captioned by its name, a :Task by template."""
    return ":style\n" + (TEMPLATES / "browser.grass").read_text(encoding="utf-8").strip()


def schema_slide() -> Slide:
    return Slide(
        title="The graph",
        lead="What is in this database, and how sources, tasks and runs connect.",
        body="schema",
        queries=[
            Query(
                "Style the graph first: a run shows its agent and tasks file, a task its template",
                style_command(),
            ),
            named("browser/schema", "Every label and how they connect"),
            named("graph/labels", "The labels"),
            named("graph/relationship_types", "The relationship types"),
            named("browser/sources", "Every load (:Source), newest first"),
        ],
    )


def run_label(run: dict[str, Any]) -> str:
    parts = [run.get("agent") or "?", run.get("tasks") or "", minute(str(run.get("started") or ""))]
    return " · ".join(part for part in parts if part)


def runs_slide(runs: list[dict[str, Any]]) -> Slide:
    """Every run, then one ``:params`` block per newest run that the result queries read."""
    choices = [
        Query(
            f"{run_label(run)}: {run['successes']}/{run['samples']} succeeded",
            params_command({"runs": [run["run"]], "agent": run["agent"], **RESULT_PARAMS}),
        )
        for run in runs[:NEWEST_RUNS]
    ]
    if len(runs) > 1:
        every = {"runs": [run["run"] for run in runs], "agent": None, **RESULT_PARAMS}
        choices.append(Query("Every run at once", params_command(every)))
    return Slide(
        title="The runs",
        lead="Pick a run: its block sets the parameters the result queries read.",
        body="runs",
        queries=[named("eval/runs", "Every run, newest first"), *choices],
    )


def results_slide() -> Slide:
    return Slide(
        title="Results",
        lead="Where the chosen runs failed. Set a run on the previous slide first.",
        queries=[
            named("reports/failed_tasks", "A run's failed tasks: prompt, gold, answer, check"),
            named("browser/run_failures", "A run's failed tasks as a graph, with their grounding"),
            named("reports/failures_by_edge_type", "Failures by edge type"),
            named(
                "reports/success_by_property",
                "Success by template, or by any other Task property",
                note="$property names the Task property: template, type, difficulty …",
            ),
            named("eval/success_by_type_and_agent", "Success by task type and agent, every run"),
            named("eval/failures_by_edge_type", "Failure rate per edge type for one agent"),
        ],
    )


@dataclass(frozen=True)
class MetaPath:
    query: str
    templates: list[str]
    description: str


def metapaths(kind: str) -> list[MetaPath]:
    """The queries the templates of one folder name, each with the templates using it."""
    found: dict[str, MetaPath] = {}
    for path in sorted((resource_dir("metapaths") / kind).glob("*.yaml")):
        spec = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        query = spec.get("query")
        if not isinstance(query, str):
            continue
        entry = found.setdefault(
            query, MetaPath(query, [], " ".join(str(spec.get("description", "")).split()))
        )
        entry.templates.append(str(spec.get("name", path.stem)))
    return list(found.values())


def metapath_slide(kind: str) -> Slide:
    library = metapath_library()
    queries = [
        Query(
            f"{entry.query}: {', '.join(entry.templates)}",
            library.text(entry.query).strip(),
            name=entry.query,
            note=entry.description,
        )
        for entry in metapaths(kind)
    ]
    return Slide(
        title=f"Meta-paths: {kind}",
        lead="The queries task templates sample from; each row is a task's raw material.",
        body="metapaths",
        queries=[Query("Set the sampling window first", params_command(METAPATH_PARAMS)), *queries],
    )


def guide_slides(runs: list[dict[str, Any]]) -> list[Slide]:
    return [
        schema_slide(),
        runs_slide(runs),
        results_slide(),
        *(metapath_slide(kind) for kind in METAPATH_KINDS),
    ]


@lru_cache(maxsize=1)
def _environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        undefined=StrictUndefined,
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_guide(runs: list[dict[str, Any]]) -> str:
    """The guide's HTML for these runs (rows of ``eval/runs``)."""
    template = _environment().get_template("browser_guide.html.j2")
    return template.render(slides=guide_slides(runs), runs=len(runs))


def read_guide(graph: Graph) -> str:
    """The guide as the graph stands now."""
    return render_guide(graph.read("eval/runs"))
