"""Regression tests on small real public files committed under fixtures/episodes/real.

Each file is of the class that broke (tests/fixtures/SOURCES.md names its origin): a Rico
view hierarchy, AutoDroid's contacts transition graph, Mind2Web-Live tasks from WebCanvas.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

from taskspace.sources.episodes import uitree
from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.formats import detect_format, read_episodes
from tests.support.episodes import FIXTURES, shared, split

REAL = FIXTURES / "real"
RICO = REAL / "rico" / "525.json"
LIVE = REAL / "mind2web_live" / "mind2web-live_test_excerpt.json"


def test_rico_view_hierarchy_is_a_ui_tree() -> None:
    tree = uitree.parse_tree(RICO.read_text(encoding="utf-8"), source=str(RICO))
    assert (tree.kind, tree.package, tree.root) == (
        "rico",
        "com.android.gallery3d",
        (0, 0, 1440, 2392),
    )
    clickable = [(e.label(), e.bounds) for e in tree.elements if e.clickable]
    # the "Select photo" up button is a LinearLayout whose title is a child TextView
    assert clickable == [("Select photo", (29, 84, 547, 252)), ("Cancel", (1225, 84, 1440, 252))]
    up = tree.elements[[e.label() for e in tree.elements].index("Select photo", 6)]
    assert (up.cls, up.text, up.inner_text) == ("android.widget.LinearLayout", "", "Select photo")
    # hidden (visibility gone / not visible to the user) nodes are dropped
    assert "action mode bar stub" not in [e.label() for e in tree.elements]


def test_rico_dump_as_a_screen_and_named_in_folders(tmp_path: Path) -> None:
    observation = uitree.parse_ui_dump(RICO)
    assert (observation.app, observation.width, observation.height) == (
        "com.android.gallery3d",
        1440,
        2392,
    )
    (_, [in_folder]) = split(read_episodes(RICO.parent))
    (_, [refused]) = split(read_episodes(RICO))
    assert in_folder.reason == refused.reason == "a UI dump (one screen), not an episode"
    line = {
        "id": "rico-1",
        "platform": "android",
        "task": "Pick a photo",
        "steps": [
            {
                "observation": {"ui_dump": str(RICO)},
                "action": {"kind": "tap", "point": [300, 160]},
            }
        ],
    }
    path = tmp_path / "rico.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    ([episode], errors) = split(read_episodes(path))
    assert errors == []
    step = episode.steps[0]
    assert step.observation.app == "com.android.gallery3d" and len(step.observation.elements) == 10
    assert step.action.summary() == 'tap "Select photo"'


def test_autodroid_task_name_is_the_task_and_ids_name_the_app() -> None:
    path = REAL / "autodroid" / "contacts" / "utg.yaml"
    assert detect_format(path) == "droidbot"
    ([episode], errors) = split(read_episodes(path))
    assert errors == []
    assert (episode.id, episode.task, episode.app) == (
        "droidbot:contacts_utg:0",
        "Hide dialpad button",
        "contacts",
    )
    assert len(episode.steps) == 105


def test_autodroid_placeholder_task_name_means_exploration(tmp_path: Path) -> None:
    folder = tmp_path / "utgs" / "contacts"
    folder.mkdir(parents=True)
    text = (REAL / "autodroid" / "contacts" / "utg.yaml").read_text(encoding="utf-8")
    (folder / "utg.yaml").write_text(
        text.replace("task_name: Hide dialpad button", "task_name: utg"), encoding="utf-8"
    )
    ([episode], _) = split(read_episodes(folder / "utg.yaml"))
    assert episode.task == "explore contacts"


def test_mind2web_live_tasks_load_with_their_key_steps_as_the_route() -> None:
    assert detect_format(LIVE) == "mind2web_live"
    episodes, errors = split(read_episodes(LIVE))
    assert len(episodes) == 10
    assert [(e.record, e.reason) for e in errors] == [
        ("task 10", "the evaluation checks only the start page: there is no step to take")
    ]
    first = episodes[0]
    assert (first.id, first.app, first.platform, first.dataset) == (
        "mind2web_live:mind2web-live_test_excerpt-0",
        "gamestop",
        "web",
        "mind2web_live",
    )
    assert first.task.startswith("Find the store location and hours of the closest Gamestop")
    assert [s.action.summary() for s in first.steps] == [
        "go to https://www.gamestop.com/search/?store=2630"
    ]
    assert first.steps[0].observation.url == "https://www.gamestop.com/"
    assert (
        first.final is not None and first.final.url == "https://www.gamestop.com/search/?store=2630"
    )
    gift = episodes[7]
    assert gift.app == "underarmour"
    typed = [(s.action.text, s.action.target_text) for s in gift.steps if s.action.kind == "type"]
    assert typed[:2] == [("Johm", "#name"), ("abc@test.com", "#email")]
    assert typed[-1] == (None, "#message")  # a semantic check: the judge's words are not typed
    kinds = Counter(s.action.kind for e in episodes for s in e.steps)
    assert kinds == {"navigate": 19, "tap": 7, "type": 7}  # 7 element-path, 7 element-value checks


def test_mind2web_live_by_name_and_bad_tasks(tmp_path: Path) -> None:
    records = json.loads(LIVE.read_text(encoding="utf-8"))[:2]
    records[1]["evaluation"][1]["match_function_name"] = "cache_data_exactly_match"
    path = tmp_path / "live.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    episodes, errors = split(read_episodes(path, "mind2web_live"))
    assert len(episodes) == 1
    assert [e.record for e in errors] == ["task 1 check 1"]
    assert "unknown match function 'cache_data_exactly_match'" in errors[0].reason
    _, [refused] = split(
        read_episodes(REAL / "autodroid" / "contacts" / "utg.yaml", "mind2web_live")
    )
    assert isinstance(refused, EpisodeError) and refused.record is None


def test_null_activity_is_absent(tmp_path: Path) -> None:
    """LlamaTouch's Google Maps trace (trace_7) writes ``null`` into 10 of its 12 ``N.activity``
    files; that trace has no licence to commit, so trace_18 is given the same contents."""
    trace = tmp_path / "trace_18"
    shutil.copytree(shared("gui/llamatouch/trace_18"), trace)
    for number in (2, 3):
        (trace / f"{number}.activity").write_text("null", encoding="utf-8")
    (trace / "4.activity").write_text("", encoding="utf-8")
    ([episode], errors) = split(read_episodes(trace))
    assert errors == []
    screens = episode.observations()
    assert [o.activity for o in screens[2:]] == [None, None, None]
    assert [o.app for o in screens[2:]] == ["com.duolingo"] * 3  # from the dumps' package
    assert episode.app == "com.duolingo"
