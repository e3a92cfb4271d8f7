"""A run on sites served elsewhere (#27): the agent reads the origin that serves the site
now wherever its prompt names a crawled one."""

from __future__ import annotations

from taskspace.environments.browser.session import ORIGIN_MAP_KEY
from taskspace.evaluation.dataset import task_dataset
from taskspace.evaluation.run import served_dataset
from taskspace.tasks.model import Task


def test_a_run_on_another_port_shows_the_agent_the_origin_that_serves_the_site() -> None:
    """`kg eval run --origin-map`: the sample's prompt names the live origin, the metadata
    carries the map for the browser; the task's golds are untouched."""
    task = Task(
        id="task:mh",
        kind="multihop",
        type="multihop_web",
        template="multihop/follow",
        difficulty="medium",
        prompt="Hop 1: Open http://127.0.0.1:8000/A/x.html, follow the link “Y”.",
        answer="Y",
        anchor="page:x",
        fingerprint="f",
        grounding=[],
        seed=0,
        start_url="http://127.0.0.1:8000/A/x.html",
    )
    live = {"http://127.0.0.1:8000": "http://127.0.0.1:9123"}
    (sample,) = served_dataset(task_dataset([task]), live)
    assert sample.input == "Hop 1: Open http://127.0.0.1:9123/A/x.html, follow the link “Y”."
    assert sample.metadata is not None and sample.metadata[ORIGIN_MAP_KEY] == live
    (unmapped,) = served_dataset(task_dataset([task]), None)
    assert unmapped.input == task.prompt
