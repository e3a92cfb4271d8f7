"""How bench/probe_bad_inputs.py decides that a defect was located, on made-up reports."""

from __future__ import annotations

from bench.probe_bad_inputs import is_located, places
from bench.probe_corpus import Defect

REPORT = {
    "files": {
        "loaded": ["/tmp/in/a.nt", "/tmp/in/fixed.pdf"],
        "failed": [{"input": "/tmp/in/b.pdf", "reason": "encrypted PDF"}],
        "error_details": [{"file": "/tmp/in/a.nt", "line": 12, "reason": "bad IRI"}],
    },
    "error_details": [
        {"file": "/tmp/in/e.jsonl", "record": "line 4", "reason": "no task"},
        {"file": "/tmp/in/m.json", "record": "task 12 action 0", "reason": "one field"},
    ],
}


def test_a_defect_is_located_by_its_file_and_a_line_inside_it() -> None:
    found, loaded = places(REPORT)
    assert loaded == {"a.nt", "fixed.pdf"}
    assert is_located(Defect("x", "a.nt", range(11, 14)), found)
    assert not is_located(Defect("x", "a.nt", range(13, 20)), found)
    assert not is_located(Defect("x", "other.nt", range(12, 13)), found)


def test_episode_records_name_their_line_and_whole_files_their_name() -> None:
    found, _ = places(REPORT)
    assert is_located(Defect("x", "e.jsonl", range(4, 5)), found)
    assert not is_located(Defect("x", "e.jsonl", range(5, 6)), found)
    assert is_located(Defect("x", "b.pdf"), found)
    assert not is_located(Defect("x", "fixed.pdf"), found)  # loaded is not located


def test_a_task_is_located_by_its_record_or_one_of_its_actions() -> None:
    found, _ = places(REPORT)
    assert is_located(Defect("x", "m.json", record="task 12"), found)
    assert not is_located(Defect("x", "m.json", record="task 1"), found)
