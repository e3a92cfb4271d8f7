"""The task-family contract without a database: the registry, the shared sample options,
and the import structure that keeps generators apart (read with ast, not grep)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.cli.sample import sample
from taskspace.generators import FAMILIES, KINDS, family
from taskspace.generators.errors import SamplingError
from taskspace.tasks.family import DEFAULT_COUNT, SampleOptions, SampleReport, TaskFamily
from tests.support.source_imports import SRC, imports_of

GENERATORS = ("templates", "paths", "multihop", "gui", "safety")
VERBS = ("doc", "web", "paths", "multihop", "gui")


def test_every_task_kind_has_its_family() -> None:
    assert set(FAMILIES) == set(KINDS) == {"doc", "web", "path", "multihop", "gui"}
    for kind in KINDS:
        found = family(kind)
        assert isinstance(found, TaskFamily) and found.kind == kind
    with pytest.raises(SamplingError, match="no task family makes 'video' tasks"):
        family("video")


def test_options_and_report_are_shared() -> None:
    options = SampleOptions(count=3, seed=2, extra={"level": 2, "app": None})
    assert (options.get("level", 1), options.get("app", "any"), options.get("hops", 2)) == (
        2,
        "any",
        2,
    )
    report = SampleReport.start("path", ["apps", "spoiler"], level=2)
    report.drop("spoiler")
    report.drop("spoiler")
    payload = report.finish([], 0.5).as_dict()
    assert payload["dropped_apps"] == 0 and payload["dropped_spoiler"] == 2
    assert (payload["kind"], payload["tasks"], payload["level"]) == ("path", 0, 2)


def _options(verb: str) -> dict[str, click.Parameter]:
    command = sample.get_command(click.Context(sample), verb)
    assert command is not None, verb
    return {name: param for param in command.params for name in param.opts}


@pytest.mark.parametrize("verb", VERBS)
def test_every_sample_verb_takes_the_shared_options(verb: str) -> None:
    options = _options(verb)
    for flag in ("-n", "--count", "--seed", "-o", "--out", "--no-graph", "--json"):
        assert flag in options, (verb, flag)
    assert options["--count"].default == DEFAULT_COUNT
    assert options["--seed"].default == 0
    shown = CliRunner().invoke(cli, ["sample", verb, "--help"])
    assert shown.exit_code == 0 and f"[default: {DEFAULT_COUNT}]" in shown.output


def _imported_generators(package: str) -> dict[str, set[str]]:
    """For each file under ``src/taskspace/<package>``, the generator packages it imports
    (``generators.<name>``; ``registry`` for the registry of kinds)."""
    found = {}
    for path in sorted((SRC / package).rglob("*.py")):
        parts = [name.split(".") for name in imports_of(path) if name.startswith("taskspace.")]
        found[str(path.relative_to(SRC))] = {
            p[2] for p in parts if len(p) > 2 and p[1] == "generators"
        } | {"registry" for p in parts if p[:2] == ["taskspace", "generators"] and len(p) == 2}
    return found


def test_the_task_contract_imports_no_generator() -> None:
    wrong = {file: sorted(used) for file, used in _imported_generators("tasks").items() if used}
    assert wrong == {}


@pytest.mark.parametrize("generator", GENERATORS)
def test_no_generator_imports_another_or_the_registry(generator: str) -> None:
    others = {*GENERATORS, "registry"} - {generator}
    wrong = {
        file: sorted(used & others)
        for file, used in _imported_generators(f"generators/{generator}").items()
        if used & others
    }
    assert wrong == {}


def test_rich_is_imported_only_by_the_cli() -> None:
    outside = [
        str(path.relative_to(SRC))
        for path in sorted(SRC.rglob("*.py"))
        if "cli" not in path.relative_to(SRC).parts
        and any(name == "rich" or name.startswith("rich.") for name in imports_of(path))
    ]
    assert outside == []
