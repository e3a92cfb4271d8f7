"""Mind2Web-Live tasks named as Mind2Web, and SeeAct's per-step records, as episodes."""

from __future__ import annotations

import json
from pathlib import Path

from taskspace.environments.web_steps.tasks import task_from_episode
from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.formats import detect_format, read_episodes
from taskspace.sources.episodes.model import Episode
from tests.support.locations import TESTS

FIXTURES = TESTS / "fixtures" / "episodes"
LIVE = FIXTURES / "real" / "mind2web_live" / "mind2web-live_test_excerpt.json"
SEEACT = TESTS / "fixtures" / "webeval" / "seeact_queries.jsonl"


def _split(results: object) -> tuple[list[Episode], list[EpisodeError]]:
    items = list(results)  # type: ignore[call-overload]
    return (
        [item for item in items if isinstance(item, Episode)],
        [item for item in items if isinstance(item, EpisodeError)],
    )


def test_live_tasks_named_as_mind2web_load_as_live_tasks() -> None:
    episodes, errors = _split(read_episodes(LIVE, "mind2web"))
    assert len(episodes) == 10 and {e.dataset for e in episodes} == {"mind2web_live"}
    assert [error.reason for error in errors] == [
        "the evaluation checks only the start page: there is no step to take"
    ]
    assert not any("missing field 'website'" in error.reason for error in errors)


def test_seeact_steps_group_into_one_episode_with_the_page_candidates() -> None:
    assert detect_format(SEEACT) == "seeact"
    episodes, errors = _split(read_episodes(SEEACT))
    assert errors == []
    (episode,) = episodes
    assert (episode.id, episode.dataset, episode.app) == ("seeact:a-1", "seeact", "thumbtack")
    assert [step.action.summary() for step in episode.steps] == [
        'type "house cleaner" into "Search services"',
        'tap "Search"',
    ]
    task = task_from_episode(episode)
    first, second = task.steps
    assert (first.element.uid, first.op, first.value) == ("10", "TYPE", "house cleaner")
    assert first.candidates is not None and [c.uid for c in first.candidates] == ["10", "11", "14"]
    # the second step's two choice batches are one step: the union of their candidates
    assert second.candidates is not None
    assert [(c.uid, c.text) for c in second.candidates] == [
        ("12", "Search"),
        ("10", "Search services"),
        ("11", "Zip code"),
        ("14", "Sign up as a pro"),
        ("99", "Popular projects"),
    ]


def test_seeact_bad_line_is_one_error_the_rest_loads(tmp_path: Path) -> None:
    lines = SEEACT.read_text().splitlines()
    broken = json.loads(lines[1])
    broken["pos_candidates"] = []
    other = json.loads(lines[0]) | {"annotation_id": "a-2"}
    del other["website"]
    path = tmp_path / "steps.jsonl"
    path.write_text("\n".join([lines[0], json.dumps(broken), "{not json", json.dumps(other)]))
    episodes, errors = _split(read_episodes(path, "seeact"))
    reasons = sorted(f"{error.record}: {error.reason}" for error in errors)
    assert len(reasons) == 3
    assert reasons[0].startswith("line 3: not valid JSON")
    assert reasons[1] == "task a-1 step 1: no positive candidate: the step has no gold element"
    assert reasons[2] == "task a-2: missing field 'website'"
    assert episodes == []


def test_full_mind2web_records_keep_their_page_candidates(tmp_path: Path) -> None:
    steps = [json.loads(line) for line in SEEACT.read_text().splitlines()]
    record = {
        "annotation_id": "full-1",
        "website": "thumbtack",
        "confirmed_task": steps[0]["confirmed_task"],
        "action_reprs": [
            "[textbox]  Search services -> TYPE: house cleaner",
            "[button]  Search -> CLICK",
        ],
        "actions": [
            {
                key: step[key]
                for key in (
                    "action_uid",
                    "operation",
                    "pos_candidates",
                    "neg_candidates",
                    "cleaned_html",
                )
            }
            for step in steps[:2]
        ],
    }
    path = tmp_path / "full.json"
    path.write_text(json.dumps([record]))
    (episode,) = [e for e in read_episodes(path, "mind2web") if isinstance(e, Episode)]
    task = task_from_episode(episode)
    assert [(s.element.uid, s.element.text, s.op) for s in task.steps] == [
        ("10", "Search services", "TYPE"),
        ("12", "Search", "CLICK"),
    ]
    assert [c.uid for c in task.steps[1].candidates or ()] == ["12", "10", "11"]
    # the action repr still names the element for people
    assert episode.steps[0].action.target_role == "textbox"
