"""`compare_sections` on real EIPs: a comparison only between sections that count the same
thing, and only where every number of it one section states is above every number of it
the other states.

Checked by hand against the files:
- eip-2200.md: "Motivation" states a "stipend" of 2300 gas, "Backwards Compatibility" that
  SSTORE never took less than 5000 gas; neither states another number of gas.
- eip-3860.md: "Gas cost per word (32-byte chunk)" states 2 gas per word, "Initcode cost for
  create transaction" 0.0625 gas per byte but also 4 or 16 gas per byte: which section states
  the larger number of gas depends on which of its numbers a reader takes.
- nordwind_profile.md (the project's example): "Fleet" eleven container vessels, "Routes"
  three.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from taskspace.generators.templates.engine import build_task, rederive, run_template_query
from taskspace.generators.templates.templates import load_templates
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from taskspace.tasks.model import Task
from tests.support.locations import REPO, TESTS

REAL = TESTS / "fixtures" / "documents" / "real"


@pytest.fixture(scope="module")
def tasks(session_graph: Graph) -> Iterator[list[Task]]:
    session_graph.run_autocommit(
        "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS"
    )
    files = [REAL / "eip-2200.md", REAL / "eip-3860.md"]
    files.append(REPO / "examples" / "documents" / "nordwind_profile.md")
    report = load_documents(session_graph, files)
    assert not report.failed, report.failed
    spec = next(spec for spec in load_templates("doc") if spec.name == "compare_sections")
    made = [build_task(spec, row, seed=0) for row in run_template_query(session_graph, spec)]
    found = [task for task in made if task is not None]
    assert all(rederive(session_graph, spec, task) for task in found)
    yield found


def _pairs(tasks: list[Task]) -> dict[tuple[str, str], str]:
    pairs = {}
    for task in tasks:
        first, second = (part.split("”")[0] for part in task.prompt.split("the section “")[1:3])
        pairs[(first, second)] = task.answer
    return pairs


def test_sections_counting_one_thing_on_either_side_are_compared(tasks: list[Task]) -> None:
    assert _pairs(tasks) == {
        ("Motivation", "Backwards Compatibility"): "Backwards Compatibility",
        ("Fleet", "Routes"): "Fleet",
    }
    gas = next(task for task in tasks if "“Motivation”" in task.prompt)
    assert "Structured Definitions for Net Gas Metering" in gas.prompt
    # Gas is an amount: "a number of gas" is not English.
    assert gas.prompt.count("states an amount of gas") == 2
    assert "states the larger amount?" in gas.prompt and "number" not in gas.prompt
    fleet = next(task for task in tasks if "“Fleet”" in task.prompt)
    assert "states a number of container vessels" in fleet.prompt
    assert "states the larger number?" in fleet.prompt


def test_a_section_whose_numbers_straddle_the_others_is_not_compared(
    tasks: list[Task],
) -> None:
    assert not any("Gas cost per word" in task.prompt for task in tasks)
    assert not any("Initcode cost for create transaction" in task.prompt for task in tasks)
