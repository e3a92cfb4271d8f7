"""Every table of names is one Registry: each entry resolves, an unknown name is refused
with the names that exist, and nothing is imported before it is asked for."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest

from taskspace.agents.errors import UnknownAgentKindError
from taskspace.agents.registry import BUILDERS
from taskspace.cli.load import load
from taskspace.core.errors import UnknownNameError, UserError
from taskspace.core.registry import Entry, Registry
from taskspace.evaluation.scorers import SCORERS
from taskspace.generators import FAMILIES
from taskspace.generators.errors import SamplingError
from taskspace.retrieval.errors import UnknownRetrieverError
from taskspace.retrieval.names import RETRIEVERS
from taskspace.sources.episodes.errors import UnknownFormatError
from taskspace.sources.episodes.formats import FORMATS

REGISTRIES: list[tuple[Registry[object], type[UserError]]] = [
    (FAMILIES, SamplingError),  # type: ignore[list-item]
    (BUILDERS, UnknownAgentKindError),  # type: ignore[list-item]
    (FORMATS, UnknownFormatError),  # type: ignore[list-item]
    (RETRIEVERS, UnknownRetrieverError),  # type: ignore[list-item]
    (SCORERS, UnknownNameError),  # type: ignore[list-item]
]


@pytest.mark.parametrize(("registry", "error"), REGISTRIES, ids=lambda r: getattr(r, "what", ""))
def test_every_entry_resolves_and_says_what_it_is(
    registry: Registry[object], error: type[UserError]
) -> None:
    assert len(registry) >= 4
    for name in registry:
        assert registry.about(name), name
        assert registry.get(name) is not None
        assert registry.get(name) is registry.get(name)  # resolved once


@pytest.mark.parametrize(("registry", "error"), REGISTRIES, ids=lambda r: getattr(r, "what", ""))
def test_an_unknown_name_is_refused_with_the_known_ones(
    registry: Registry[object], error: type[UserError]
) -> None:
    with pytest.raises(error) as refused:
        registry.get("no-such-name")
    message = str(refused.value)
    assert "'no-such-name'" in message
    assert all(name in message for name in registry)


def test_the_load_commands_come_from_a_registry() -> None:
    assert isinstance(load, click.Group)
    assert load.list_commands(click.Context(load)) == ["docs", "episodes", "web", "wikidata"]
    command = load.get_command(click.Context(load), "wikidata")
    assert isinstance(command, click.Command) and command.name == "wikidata"


def test_a_registry_imports_nothing_until_asked() -> None:
    probe = (
        "import sys\n"
        "from taskspace.retrieval.names import RETRIEVERS\n"
        "from taskspace.evaluation.scorers import SCORERS\n"
        "from taskspace.agents.registry import BUILDERS\n"
        "assert 'neo4j_graphrag' not in sys.modules, 'retrievers imported'\n"
        "assert 'taskspace.agents.web.heuristic' not in sys.modules, 'agents imported'\n"
        "RETRIEVERS.get('graph_walk')\n"
        "assert 'taskspace.retrieval.walk' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_misnamed_target_fails_when_it_is_resolved() -> None:
    registry: Registry[object] = Registry("thing", {"x": Entry("taskspace.core.words:nothing")})
    with pytest.raises(AttributeError):
        registry.get("x")
    with pytest.raises(UnknownNameError, match="no thing 'y': choose one of x"):
        registry.get("y")
