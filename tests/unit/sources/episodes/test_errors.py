"""Bad input is reported with file, record and reason, and the rest still loads; detection."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from taskspace.sources.episodes import mappings
from taskspace.sources.episodes.errors import EpisodeError, MappingError
from taskspace.sources.episodes.formats import FORMATS, detect_format, read_episodes
from taskspace.sources.episodes.mappings import ActionSpec, AitwMapping, load_mapping
from tests.support.episodes import FIXTURES, split

BAD = FIXTURES / "bad"


def _where(error: EpisodeError) -> tuple[str, str | None]:
    return (Path(error.file).relative_to(BAD).as_posix(), error.record)


def test_bad_corpus_reports_each_problem_and_loads_the_rest() -> None:
    episodes, errors = split(read_episodes(BAD))
    assert sorted(e.id for e in episodes) == [
        "aitw:1",
        "jsonl:ok-1",
        "jsonl:ok-2",
        "mind2web:missing_field-0",
    ]
    reasons = {_where(error): error.reason for error in errors}
    assert set(reasons) == {
        ("broken.yaml", None),
        ("malformed.jsonl", "line 2"),
        ("malformed.jsonl", "line 3"),
        ("malformed.jsonl", "line 4"),
        ("missing_field.json", "task 1"),
        ("missing_field.json", "task 2 action 0"),
        ("trace_badline/eventStructs.txt", "line 2"),
        ("truncated.json", None),
        ("unknown_code.json", "episode 2 step 1"),
        ("unknown_shape.json", None),
        ("unreadable.json", None),
    }
    assert reasons[("broken.yaml", None)].startswith("not valid YAML")
    assert reasons[("malformed.jsonl", "line 2")].startswith("truncated JSON")
    assert reasons[("malformed.jsonl", "line 3")] == "missing field 'task'"
    assert reasons[("malformed.jsonl", "line 4")] == "unknown episode field(s): stpes"
    assert reasons[("missing_field.json", "task 1")] == "missing field 'task'"
    assert reasons[("missing_field.json", "task 2 action 0")] == "unknown operation 'PINCH'"
    assert reasons[("trace_badline/eventStructs.txt", "line 2")] == "unknown event [Shake]"
    assert reasons[("truncated.json", None)].startswith("truncated JSON")
    assert reasons[("unknown_code.json", "episode 2 step 1")] == "unknown result_action_type 99"
    assert reasons[("unknown_shape.json", None)].startswith("not a known episode format")
    assert reasons[("unreadable.json", None)].startswith("cannot read: not UTF-8 text")


def test_error_message_names_file_and_record() -> None:
    _, errors = split(read_episodes(BAD / "unknown_code.json"))
    (error,) = errors
    expected = "episode 2 step 1: unknown result_action_type 99"
    assert str(error) == f"{BAD / 'unknown_code.json'}:{expected}"


def test_unknown_format_name_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match="known formats: aitw, gui_odyssey, mind2web") as caught:
        list(read_episodes(FIXTURES / "aitw", "aitz"))
    assert all(name in str(caught.value) for name in FORMATS)


def test_a_missing_path_raises() -> None:
    with pytest.raises(FileNotFoundError, match="no such file or folder"):
        list(read_episodes(FIXTURES / "nowhere.json"))


def test_named_format_reads_a_file_or_a_folder() -> None:
    episodes, _ = split(read_episodes(FIXTURES / "aitw" / "demo_episode.json", "aitw"))
    assert [e.id for e in episodes] == ["aitw:9001"]
    episodes, errors = split(read_episodes(FIXTURES / "mind2web", "mind2web"))
    assert (len(episodes), errors) == (3, [])
    traces, errors = split(read_episodes(FIXTURES / "uiautomator", "uiautomator"))
    assert ([t.id for t in traces], errors) == (
        ["uiautomator:demo-7", "uiautomator:trace_gestures"],
        [],
    )
    # a named format that does not fit the file says so for that file
    _, errors = split(read_episodes(FIXTURES / "mind2web" / "raw_tasks.json", "aitw"))
    assert [(e.record, e.reason) for e in errors] == [
        ("episode raw_tasks-0", "missing field 'step_id'"),
        ("episode raw_tasks-1", "missing field 'step_id'"),
    ]


def test_detect_format_by_content() -> None:
    assert detect_format(FIXTURES / "aitw" / "demo_episode.json") == "aitw"
    assert detect_format(FIXTURES / "odyssey" / "annotations" / "ody1.json") == "gui_odyssey"
    assert detect_format(FIXTURES / "mind2web" / "raw_tasks.json") == "mind2web"
    assert detect_format(FIXTURES / "mind2web" / "full_records.json") == "mind2web"
    assert detect_format(FIXTURES / "droidbot" / "notes_utg.yaml") == "droidbot"
    assert detect_format(FIXTURES / "jsonl" / "episodes.jsonl") == "jsonl"
    assert detect_format(FIXTURES / "uiautomator" / "trace_demo") == "uiautomator"
    assert detect_format(FIXTURES / "uiautomator") is None
    assert detect_format(FIXTURES / "uitree" / "screen.json") is None
    assert detect_format(BAD / "unknown_shape.json") is None
    with pytest.raises(EpisodeError, match="truncated JSON"):
        detect_format(BAD / "truncated.json")


def test_detection_does_not_trust_the_file_name(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks.data"
    shutil.copy(FIXTURES / "mind2web" / "raw_tasks.json", tasks)
    assert detect_format(tasks) == "mind2web"
    one_line = tmp_path / "single.json"
    line = (FIXTURES / "jsonl" / "episodes.jsonl").read_text().splitlines()[1]
    one_line.write_text(line + "\n")
    assert detect_format(one_line) == "jsonl"
    (episode,) = split(read_episodes(one_line))[0]
    assert episode.id == "jsonl:single-1"
    lines = tmp_path / "run.log"
    lines.write_text(line + "\n" + line + "\n")
    assert detect_format(lines) == "jsonl"


def test_ui_dumps_are_named_in_folders_and_by_name() -> None:
    episodes, in_folder = split(read_episodes(FIXTURES / "uitree"))
    assert episodes == [] and [e.reason for e in in_folder] == [
        "a UI dump (one screen), not an episode"
    ]
    assert in_folder[0].record is None and in_folder[0].file.endswith("screen.json")
    _, errors = split(read_episodes(FIXTURES / "uitree" / "screen.vh"))
    assert [e.reason for e in errors] == ["a UI dump (one screen), not an episode"]


def test_trace_with_fewer_screens_than_events(tmp_path: Path) -> None:
    trace = tmp_path / "trace_short"
    shutil.copytree(FIXTURES / "uiautomator" / "trace_gestures", trace)
    (trace / "3.json").unlink()
    (trace / "4.json").unlink()
    _, errors = split(read_episodes(trace))
    assert [e.reason for e in errors] == ["4 events but only 3 screens"]


def test_format_mappings_validate_and_bad_ones_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert load_mapping("aitw", AitwMapping).codes[6] == ActionSpec(kind="key", key="home")
    with pytest.raises(ValidationError, match="`key` is required"):
        ActionSpec.model_validate({"kind": "key"})
    with pytest.raises(ValidationError, match="`outcome` is required"):
        ActionSpec.model_validate({"kind": "complete"})
    broken = {"codes": {"4": {"kind": "tap"}}, "dual_point": 4}
    (tmp_path / "broken_aitw.yaml").write_text(json.dumps(broken))
    monkeypatch.setattr(mappings, "mapping_dir", lambda: tmp_path)
    with pytest.raises(MappingError, match=r"broken_aitw\.yaml: invalid episode format mapping"):
        load_mapping("broken_aitw", AitwMapping)


def test_one_undecodable_line_of_jsonl_is_one_bad_record(tmp_path: Path) -> None:
    """A Latin-1 line among UTF-8 episodes costs that line, not the file."""
    good = [x for x in (FIXTURES / "jsonl" / "episodes.jsonl").read_bytes().splitlines() if x]
    shutil.copytree(FIXTURES / "jsonl", tmp_path / "jsonl")
    mixed = tmp_path / "jsonl" / "episodes.jsonl"
    latin1 = '{"task": "Stra\u00dfe", "platform": "web", "steps": []}'.encode("latin-1")
    mixed.write_bytes(b"\n".join([good[0], latin1, *good[1:]]) + b"\n")
    episodes, errors = split(read_episodes(mixed))
    assert len(episodes) == len(good)
    assert [(error.record, "not UTF-8" in error.reason) for error in errors] == [("line 2", True)]


def test_an_empty_jsonl_file_is_named_as_empty(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"\n\n")
    episodes, errors = split(read_episodes(empty))
    assert episodes == []
    assert [(Path(e.file).name, e.record, e.reason) for e in errors] == [
        ("empty.jsonl", None, "empty: the file holds no episode")
    ]
