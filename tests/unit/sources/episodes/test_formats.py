"""Each input format on small fixtures of our own: actions normalised, raw kept, screens built."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import yaml

from taskspace.sources.episodes.formats import read_episodes
from taskspace.sources.episodes.model import Episode
from tests.support.episodes import FIXTURES, by_id, split
from tests.support.locations import REPO


def _read(relative: str, fmt: str | None = None) -> tuple[list[Episode], list[str]]:
    episodes, errors = split(read_episodes(FIXTURES / relative, fmt))
    return episodes, [str(error) for error in errors]


def _summaries(episode: Episode) -> list[str]:
    return [step.action.summary() for step in episode.steps]


def test_aitw_codes_gestures_and_ocr_screens() -> None:
    episodes, errors = _read("aitw/demo_episode.json")
    assert errors == []
    (episode,) = episodes
    assert (episode.id, episode.dataset, episode.platform) == ("aitw:9001", "aitw", "android")
    assert episode.task == "Check the weather in Paris"
    assert [s.action.kind for s in episode.steps] == [
        "tap",
        "type",
        "key",
        "tap",
        "swipe",
        "complete",
    ]
    assert _summaries(episode)[:4] == [
        'tap "Weather"',
        'type "Paris"',
        "press enter",
        'tap "search"',
    ]
    first, _, _, icon, swipe, impossible = episode.steps
    # steps arrive out of order in the file and are sorted by step_id
    assert [s.index for s in episode.steps] == [0, 1, 2, 3, 4, 5]
    # touch (y=0.16, x=0.25) on the 100x200 screenshot is 8 px above the OCR box of "Weather":
    # it is resolved within the tolerance (10% of the width)
    assert first.action.point == (25.0, 32.0)
    assert first.action.target is not None and first.action.target.uid == "ocr/0"
    assert first.observation.screenshot == str((FIXTURES / "aitw/demo_episode_0.png").resolve())
    assert (first.observation.width, first.observation.height) == (100, 200)
    assert first.observation.description == "A home screen with a Weather app label."
    assert first.thought == "The Weather app label is just below the tap point."
    assert first.action.raw["coat_action_desc"] == "open the Weather app"
    assert first.action.raw["result_touch_yx"] == "[0.16, 0.25]"
    # the empty OCR text is dropped; the icon keeps its detector class as description
    assert [e.label() for e in first.observation.elements] == ["Weather", "search"]
    assert icon.action.target is not None and icon.action.target.cls == "ICON_SEARCH"
    # no screenshot for step 4: the swipe keeps its direction but cannot be placed
    assert (swipe.action.direction, swipe.action.point, swipe.observation.width) == (
        "left",
        None,
        None,
    )
    assert impossible.action.outcome == "impossible"


def test_aitw_list_fields_and_fractional_boxes() -> None:
    episodes, errors = _read("aitw/list_fields.json")
    assert errors == []
    (episode,) = episodes
    assert [(s.action.kind, s.action.key) for s in episode.steps] == [
        ("key", "back"),
        ("key", "home"),
        ("complete", None),
    ]
    assert episode.steps[2].action.outcome == "done"
    # fractional (y, x, h, w) scaled by the 100x200 screenshot; unplaceable without one
    assert [e.bounds for e in episode.steps[0].observation.elements] == [(10, 40, 40, 50)]
    assert episode.steps[1].observation.elements == []


def test_gui_odyssey_grid_keys_and_screenshots() -> None:
    episodes, errors = _read("odyssey")
    assert errors == []
    found = by_id(episodes)
    keep = found["gui_odyssey:ody1"]
    assert keep.task == "Open Google Keep and write a note titled groceries."
    assert keep.app == "Google Keep"
    assert _summaries(keep) == [
        "press home",
        "tap at (540, 600)",
        "swipe up",
        "long press at (108, 2160)",
        'type "groceries"',
        "complete",
    ]
    scroll = keep.steps[2].action
    assert (scroll.point, scroll.end_point) == ((540.0, 1920.0), (540.0, 480.0))
    assert scroll.raw["ps"] == "[[500, 800], [500, 500], [500, 200]]"
    shot = keep.steps[0].observation
    assert shot.screenshot == str((FIXTURES / "odyssey/screenshots/ody1_0.png").resolve())
    assert (shot.width, shot.height) == (1080, 2400)  # the device's, not the small PNG's
    assert keep.steps[5].observation.screenshot is None
    cross = found["gui_odyssey:ody2"]
    assert cross.app is None  # two apps: no single app
    assert cross.task.startswith("Search for the next New York Fashion Week")
    assert [(s.action.kind, s.action.key) for s in cross.steps[:4]] == [
        ("type", None),
        ("key", "back"),
        ("key", "recent"),
        ("key", "recent"),
    ]
    assert cross.steps[4].action.direction == "left"
    assert cross.steps[5].action.outcome == "impossible"


def test_mind2web_raw_and_full_records() -> None:
    episodes, errors = _read("mind2web")
    assert errors == []
    found = by_id(episodes)
    shop = found["mind2web:task-0001"]
    assert (shop.platform, shop.app) == ("web", "shopdemo")
    assert [s.action.kind for s in shop.steps] == ["hover", "tap", "type", "key", "select"]
    select = shop.steps[4].action
    assert (select.text, select.target_text, select.target_role) == (
        "Price: low to high",
        "Sort by",
        "combobox",
    )
    assert select.raw == ["SELECT: Price: low to high", "[combobox]", "Sort  by"]
    assert shop.steps[3].action.key == "enter"
    assert all(s.observation.app == "shopdemo" and not s.observation.elements for s in shop.steps)
    travel = found["mind2web:raw_tasks-1"]  # no trace_url: the task's position is its id
    assert travel.steps[0].action.text == "10:30"
    assert travel.steps[1].action.target_text is None
    assert travel.steps[1].action.target_role == "svg"
    full = found["mind2web:ann-1"]
    assert full.task == "Add a red scarf to the cart"
    assert _summaries(full) == ['type "red scarf" into "Search products"', 'tap "Add to cart"']
    assert full.steps[0].action.target_role == "searchbox"
    assert "raw_html" not in full.steps[0].action.raw
    assert full.steps[0].action.raw["action_uid"] == "u1"


def test_uiautomator_trace_scales_resolves_and_keeps_the_final_screen() -> None:
    episodes, errors = _read("uiautomator/trace_demo")
    assert errors == []
    (trace,) = episodes
    assert (trace.id, trace.task) == ("uiautomator:demo-7", "Write a shopping list in Notes.")
    assert trace.app == "com.example.notes"  # the app on most screens
    assert _summaries(trace) == [
        'tap "Notes"',
        'tap "Title"',
        'type "shopping list"',
        "swipe up",
        "press back",
    ]
    tap = trace.steps[0].action
    assert tap.point == (60.0, 140.0)  # (30, 70) at 180x400 scaled to the 360x800 screenshot
    assert tap.raw == "[Click] Screen Resolution (180, 400), Click Position (30, 70)"
    editor = trace.steps[1]
    assert editor.action.target is not None
    assert editor.action.target.uid == "com.example.notes:id/title@0.0"
    assert editor.action.target.editable
    assert [s.observation.activity for s in trace.steps] == [
        "com.android.launcher3.Launcher",
        "com.example.notes.EditActivity",
        "com.example.notes.EditActivity",
        "com.example.notes.EditActivity",
        "com.android.systemui.ImageWallpaper",
    ]
    dumps = [
        Path(s.observation.ui_dump).name if s.observation.ui_dump else None for s in trace.steps
    ]
    assert dumps == ["0.xml", "1.vh", "2.vh", "3.json", None]
    assert trace.steps[4].observation.app is None  # a bare window name names no package
    assert trace.final is not None
    assert (trace.final.app, trace.final.activity) == (
        "com.android.launcher3",
        "com.android.launcher3.Launcher",
    )
    assert trace.steps[3].action.end_point == (180.0, 200.0)


def test_uiautomator_keys_long_click_drag_without_screen_size() -> None:
    episodes, errors = _read("uiautomator/trace_gestures")
    assert errors == []
    (trace,) = episodes
    assert trace.id == "uiautomator:trace_gestures"  # one-line instruction: no id line
    assert [(s.action.kind, s.action.key) for s in trace.steps] == [
        ("key", "home"),
        ("key", "recent"),
        ("long_press", None),
        ("swipe", None),
    ]
    assert trace.steps[2].action.point is None  # no screenshot or root: cannot scale
    assert trace.steps[3].action.direction == "right"
    assert trace.final is not None and trace.final.elements == []


def test_droidbot_records_chain_into_episodes_cut_by_finish_and_bad_records() -> None:
    episodes, errors = _read("droidbot")
    assert errors == [f"{FIXTURES / 'droidbot/notes_utg.yaml'}:record 5: missing field 'State'"]
    first, second = episodes
    assert (first.id, first.record, first.task, first.app) == (
        "droidbot:notes_utg:0",
        "records 0-4",
        "write a note called milk",  # the file's task_name
        "notes",
    )
    assert _summaries(first) == [
        'tap "New note"',
        'type "milk" into "Title"',
        "press back",
        "complete",
    ]
    typed = first.steps[1]
    assert [part["Input"] for part in typed.action.raw] == ["null", "milk"]
    assert typed.observation.state_key == "bbbb" + "0" * 60
    assert typed.action.target is not None and typed.action.target.editable
    finish = first.steps[3]
    assert finish.action.outcome == "done"
    records = yaml.safe_load((FIXTURES / "droidbot/notes_utg.yaml").read_text())["records"]
    state = records[4]["State"]
    assert finish.observation.state_key == hashlib.sha256(state.encode()).hexdigest()
    assert [e.label() for e in finish.observation.elements][3] == "Groceries milk"
    assert (second.id, second.record) == ("droidbot:notes_utg:6", "records 6-7")
    assert _summaries(second) == ['tap "Search"', 'tap "Only titles"']
    only = second.steps[1].observation.elements
    assert [(e.label(), e.checked) for e in only[:2]] == [
        ("Only titles", True),
        ("Archived", False),
    ]
    assert second.steps[0].action.target is not None
    assert second.steps[0].action.target.content_desc == "Search"


def test_jsonl_resolves_paths_dumps_and_points() -> None:
    episodes, errors = _read("jsonl")
    assert errors == []
    found = by_id(episodes)
    notes = found["jsonl:notes-1"]
    tap = notes.steps[0]
    assert tap.observation.screenshot == str((FIXTURES / "jsonl/shots/home.png").resolve())
    assert tap.observation.ui_dump == str((FIXTURES / "jsonl/dumps/home.xml").resolve())
    assert [e.label() for e in tap.observation.elements] == ["Notes", "Clock"]
    assert tap.observation.app == "com.android.launcher3"  # filled from the dump
    assert tap.action.summary() == 'tap "Notes"'
    assert tap.action.raw == {"kind": "tap", "point": [60, 140]}
    assert tap.thought == "The Notes icon is on the home screen."
    assert notes.final is not None and notes.final.app == "com.example.notes"
    web = found["jsonl:episodes-2"]  # no id: file stem and line number
    assert (web.platform, web.record, web.app) == ("web", "line 2", "docs.example.org")
    assert web.steps[0].action.summary() == 'type "install" into "Search"'
    assert web.steps[1].action.raw == "Enter"
    assert web.steps[1].observation.url == "https://docs.example.org/search?q=install"


def test_the_documented_jsonl_example_reads(tmp_path: Path) -> None:
    doc = (REPO / "docs" / "episode-formats.md").read_text()
    example = re.findall(r"```json\n(.*?)```", doc, flags=re.S)[-1]
    folder = tmp_path / "jsonl"
    shutil.copytree(FIXTURES / "jsonl", folder)
    (folder / "episodes.jsonl").write_text(example)
    episodes, errors = split(read_episodes(folder / "episodes.jsonl"))
    assert errors == []
    assert [e.id for e in episodes] == ["jsonl:notes-1", "jsonl:episodes-2"]
    assert episodes[0].steps[0].action.summary() == 'tap "Notes"'


def test_reading_twice_gives_the_same_episodes() -> None:
    first, _ = split(read_episodes(FIXTURES))
    second, _ = split(read_episodes(FIXTURES))
    # 13 from the format fixtures, 4 good records among the bad ones, 13 from real files
    # (AutoDroid's contacts, dialer and messenger graphs, 10 Mind2Web-Live tasks; the Rico
    # dump is a screen)
    assert len(first) == 30
    assert [e.model_dump() for e in first] == [e.model_dump() for e in second]
    assert len({e.id for e in first}) == len(first)
