"""The parsers on real public episodes (../shared/data), against facts checked by hand.

Each test skips with a reason when the shared data is not there; the fixtures of
test_episode_formats.py cover the same code paths.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from itertools import pairwise

import yaml

from taskspace.sources.episodes.formats import detect_format, read_episodes
from taskspace.sources.episodes.model import Episode
from taskspace.sources.episodes.sources import image_size
from tests.support.episodes import shared, split


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _one(path_text: str) -> Episode:
    episodes, errors = split(read_episodes(shared(path_text)))
    assert errors == []
    (episode,) = episodes
    return episode


def test_llamatouch_trace_18() -> None:
    trace = _one("gui/llamatouch/trace_18")
    assert detect_format(shared("gui/llamatouch/trace_18")) == "uiautomator"
    assert (trace.id, trace.task) == (
        "uiautomator:18",
        "Practice pronunciation in French in Duolingo.",
    )
    assert len(trace.steps) == 4 and trace.final is not None  # 4 actions, 5 screens
    assert [s.action.kind for s in trace.steps] == ["key", "tap", "tap", "tap"]
    assert trace.steps[0].action.key == "home"
    assert trace.app == "com.duolingo"
    # (204, 170) at 320x720 → (688.5, 566.7) on the 1080x2400 screenshot, which is the
    # Duolingo launcher icon of 1.xml: TextView text/desc "Duolingo", [561,478][771,750]
    first_click = trace.steps[1]
    assert first_click.action.point == (688.5, 566.6666666666667)
    target = first_click.action.target
    assert target is not None
    assert (target.cls, target.text, target.bounds) == (
        "android.widget.TextView",
        "Duolingo",
        (561, 478, 771, 750),
    )
    # (150, 260) → the first lesson bubble of 2.xml; (191, 385) → "START +10 XP" in 3.xml
    second, third = trace.steps[2].action.target, trace.steps[3].action.target
    assert second is not None and third is not None
    assert (second.resource_id, second.bounds) == ("com.duolingo:id/oval", (449, 767, 633, 938))
    assert (third.resource_id, third.text) == ("com.duolingo:id/learnButton", "START +10 XP")
    screens = trace.observations()
    assert [o.activity for o in screens] == [
        "com.google.apps.dots.android.newsstand.search.SearchActivity",
        "com.android.systemui.ImageWallpaper",
        "com.duolingo.app.LoginActivity",
        "com.duolingo.app.LoginActivity",
        "com.duolingo.session.SessionActivity",
    ]
    assert [o.app for o in screens] == [
        "com.google.android.apps.magazines",
        "com.google.android.apps.nexuslauncher",  # from the dump: the activity file has none
        "com.duolingo",
        "com.duolingo",
        "com.duolingo",
    ]
    # the screenshot (1080x2400), not the uiautomator root (1080x2274), sizes the screen
    assert {(o.width, o.height) for o in screens} == {(1080, 2400)}
    assert all(o.ui_dump and o.ui_dump.endswith(".xml") for o in screens)


def test_aitz_episode() -> None:
    folder = shared("gui/aitz_episode")
    episode = _one("gui/aitz_episode/GOOGLE_APPS-523638528775825151.json")
    assert detect_format(folder / "GOOGLE_APPS-523638528775825151.json") == "aitw"
    assert episode.id == "aitw:523638528775825151"
    assert episode.task == 'open app "Clock" (install if not already installed)'
    assert [s.action.summary() for s in episode.steps] == [
        "press home",
        "swipe up",
        'tap "Cleck"',  # the OCR of the Clock icon's label, just below the tap
        "complete",
    ]
    assert episode.steps[3].action.outcome == "done"
    # ui_positions are pixels of the 270x600 screenshots (not fractions)
    assert image_size(folder / "GOOGLE_APPS-523638528775825151_2.png") == (270, 600)
    tap = episode.steps[2]
    assert (tap.observation.width, tap.observation.height) == (270, 600)
    assert tap.action.point is not None
    assert [round(v, 1) for v in tap.action.point] == [163.9, 299.0]
    assert tap.action.target is not None and tap.action.target.bounds == (156, 321, 174, 326)
    assert all(
        e.bounds is not None and e.bounds[2] <= 270 and e.bounds[3] <= 600
        for s in episode.steps
        for e in s.observation.elements
    )
    assert episode.steps[0].thought is not None and "Clock" in episode.steps[0].thought
    assert episode.steps[1].observation.description is not None


def test_mind2web_training_tasks() -> None:
    path = shared("benchmarks/mind2web/mind2web_raw_tasks.json")
    episodes, errors = split(read_episodes(path))
    assert (len(episodes), errors) == (1009, [])
    assert len({e.id for e in episodes}) == 1009
    first = episodes[0]
    assert (first.app, len(first.steps)) == ("exploretock", 11)
    select = first.steps[0].action
    assert (select.kind, select.text, select.target_text, select.target_role) == (
        "select",
        "Pickup",
        "Reservation type",
        "combobox",
    )
    kinds = Counter(s.action.kind for e in episodes for s in e.steps)
    assert kinds == {"tap": 6337, "type": 936, "select": 326, "hover": 164, "key": 12}


def test_autodroid_calendar_graph() -> None:
    path = shared("gui/autodroid_utg/calendar_utg.yaml")
    records = yaml.safe_load(path.read_text(encoding="utf-8"))["records"]
    assert len(records) == 72
    # why the grouping does not use new_state_str: it hashes the record's own State
    listed = [r for r in records if isinstance(r["state_str"], list)]
    assert len(listed) == 27
    assert all(_sha256(r["State"]) == r["new_state_str"] for r in listed)

    def hashes(record: dict[str, object]) -> list[object]:
        value = record["state_str"]
        return value if isinstance(value, list) else [value]

    assert not any(a["new_state_str"] in hashes(b) for a, b in pairwise(records))

    episode = _one("gui/autodroid_utg/calendar_utg.yaml")
    assert (episode.task, episode.app, episode.record) == (
        "add the holiday of united kingdom, create the event of 'visit parents' on christmas",
        "calendar",
        "records 0-71",
    )
    assert len(episode.steps) == 68  # 72 records, 4 text entries written as two records each
    kinds = Counter(s.action.kind for s in episode.steps)
    assert kinds == {"tap": 58, "key": 5, "type": 4, "complete": 1}
    assert episode.steps[0].action.summary() == 'tap "Change view"'
    assert episode.steps[24].action.summary() == 'type "hello" into "Search…"'
    assert episode.steps[-1].action.kind == "complete"
    assert episode.steps[0].observation.state_key == records[0]["state_str"][0]


def test_walking_the_shared_gui_folder() -> None:
    episodes, errors = split(read_episodes(shared("gui")))
    assert errors == []
    assert sorted(e.dataset for e in episodes) == ["aitw", "droidbot", "uiautomator"]


def test_mind2web_none_element_text_is_absent() -> None:
    path = shared("benchmarks/mind2web/mind2web_raw_tasks.json")
    episodes, _ = split(read_episodes(path))
    by_id = {e.id: e for e in episodes}
    # the two CLICK [button] "None" actions of the training set: a button with no name
    for own_id, index in (
        ("36b86ab8-a448-46f7-813f-3e3b5c3d687c", 9),
        ("e832e1f9-3a9d-440e-a96f-8cbbf241e4af", 11),
    ):
        action = by_id[f"mind2web:{own_id}"].steps[index].action
        assert (action.kind, action.target_role, action.target_text) == ("tap", "button", None)
    assert not any(s.action.target_text in ("None", "null") for e in episodes for s in e.steps)
    assert all(
        s.action.text == s.action.text.strip()
        for e in episodes
        for s in e.steps
        if s.action.text is not None
    )
