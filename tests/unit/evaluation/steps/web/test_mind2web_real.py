"""The offline pipeline on all 1,009 shared Mind2Web training tasks (no database)."""

from __future__ import annotations

import json

import pytest

from taskspace.agents.steps.offline import OfflinePredictor
from taskspace.agents.steps.pipeline import PipelineConfig
from taskspace.environments.web_steps.tasks import site_pools, task_from_episode
from taskspace.evaluation.steps.web.evaluate import evaluate_all, summary_of
from taskspace.evaluation.steps.web.flexible import accepted_actions, order_free_groups
from taskspace.sources.episodes.formats import read_episodes
from taskspace.sources.episodes.model import Episode
from tests.support import SHARED_DATA

RAW = SHARED_DATA / "benchmarks" / "mind2web" / "mind2web_raw_tasks.json"


def test_all_shared_tasks_are_scored_with_and_without_flexible_ground_truth() -> None:
    if not RAW.is_file():
        pytest.skip(f"shared Mind2Web tasks not found at {RAW}")
    episodes = [e for e in read_episodes(RAW) if isinstance(e, Episode)]
    tasks = [task_from_episode(episode) for episode in episodes]
    raw = json.loads(RAW.read_text())
    assert len(tasks) == len(raw) == 1009
    assert sum(len(task.steps) for task in tasks) == sum(len(t["actions"]) for t in raw) == 7775
    pools = site_pools(tasks)
    assert len(pools) == len({t["website"] for t in raw}) == 73
    # the Napa Valley winery task: its two later filter checkboxes are interchangeable
    (winery,) = [t for t in tasks if t.id == "mind2web:a6372f23-f462-4706-8455-5b350c46d83c"]
    assert order_free_groups(winery.steps) == [(8, 9), (15, 16)]
    pool = frozenset(element.uid for element in pools[winery.website])
    accepted = accepted_actions(winery.steps, [pool] * len(winery.steps))
    assert [a.element for a in accepted[15]] == ["checkbox|outdoors", "checkbox|wine tasting"]
    summary = summary_of(evaluate_all(tasks, pools, PipelineConfig(), OfflinePredictor()))
    assert (summary.tasks, summary.steps) == (1009, 7775)
    for key in ("ele_acc", "step_sr", "re_acc", "sr_first_viable", "sr_llm_select"):
        assert 0.0 < summary.micro[key] <= summary.micro[key + "_flex"] <= 1.0
    assert summary.micro["re_acc"] > summary.micro["ele_acc"]  # a later stage cannot beat it
    assert summary.task_sr["task_sr"] <= summary.task_sr["task_sr_flex"]
