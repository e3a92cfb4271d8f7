"""Every agent file declares the task kinds it solves, and only kinds that exist (#26)."""

from __future__ import annotations

from typing import get_args

import pytest

from taskspace.agents.errors import KindMismatchError
from taskspace.agents.spec import (
    GUI_STEP_KINDS,
    TaskKind,
    fitting_agents,
    load_agent_spec,
    load_agent_specs,
    require_fit,
)
from taskspace.generators import KINDS

STEP_KINDS = {*GUI_STEP_KINDS, "web_steps"}


def test_the_declarable_kinds_are_the_task_kinds() -> None:
    assert set(get_args(TaskKind)) == set(KINDS)


def test_every_agent_declares_kinds_that_exist() -> None:
    specs = load_agent_specs()
    assert len(specs) >= 16
    for spec in specs:
        assert set(spec.kinds) <= set(KINDS), spec.name
        # step-level agents run on episodes; every other agent solves some task kind
        assert bool(spec.kinds) != (spec.kind in STEP_KINDS), spec.name


def test_every_task_kind_has_an_offline_agent() -> None:
    offline = [spec for spec in load_agent_specs() if not spec.needs_model]
    missing = [kind for kind in KINDS if not any(kind in spec.kinds for spec in offline)]
    assert not missing


def test_a_mismatch_names_the_agents_that_fit() -> None:
    extractive = load_agent_spec("extractive")
    require_fit(extractive, {"doc"})
    with pytest.raises(KindMismatchError) as refused:
        require_fit(extractive, {"path"})
    assert str(refused.value) == (
        "agent 'extractive' solves doc tasks; these are path tasks: "
        "use one of path-walker, path-agent"
    )
    assert fitting_agents({"web", "multihop"}, load_agent_specs())[0] == "heuristic"
    with pytest.raises(KindMismatchError, match="no agent solves them all"):
        require_fit(extractive, {"doc", "path"})
