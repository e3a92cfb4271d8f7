"""The probe's checks (bench/bad_inputs) on made-up outputs: no server needed."""

from __future__ import annotations

import json

from bench.bad_inputs.checks import crash_reasons, exit_reasons, reported
from bench.bad_inputs.kg import KgResult
from bench.bad_inputs.model import BadRef


def result(stdout: str, stderr: str = "", code: int = 0) -> KgResult:
    return KgResult(["load"], code, stdout, stderr, 0.1)


def test_a_report_names_file_and_a_line_inside_the_defect() -> None:
    out = "│ /tmp/kgprobe-x9/in/bad.nt:12 │ bad IRI at column 3 │"
    assert reported(result(out), BadRef("bad.nt", (11, 13)))
    assert not reported(result(out), BadRef("bad.nt", (20, 22)))
    assert not reported(result("│ /tmp/x/other.nt:12 │"), BadRef("bad.nt", (12, 12)))


def test_digits_in_the_folder_do_not_count_as_a_line() -> None:
    out = "│ /tmp/kgprobe-12/bad.nt │ unreadable │"
    assert not reported(result(out), BadRef("bad.nt", (12, 12)))
    assert reported(result(out), BadRef("bad.nt"))


def test_json_errors_count_as_reports() -> None:
    document = {"files": {"error_details": [{"file": "/t/bad.json", "line": 3, "reason": "x"}]}}
    assert reported(result(json.dumps(document)), BadRef("bad.json", (3, 3)))
    failed = {"failed": [{"input": "/t/cut.json", "reason": "cannot read"}]}
    assert reported(result(json.dumps(failed)), BadRef("cut.json"))


def test_partial_loads_must_say_so_on_the_last_line() -> None:
    assert exit_reasons(result("table\nPartly loaded: 1 of 2 files."), True, True, True) == []
    assert exit_reasons(result("Loaded: all 2 files."), True, True, True)
    assert exit_reasons(result("", code=1), False, True, False) == []
    assert exit_reasons(result("", code=0), False, True, False)
    assert exit_reasons(result("", code=1), None, True, False) == []


def test_tracebacks_and_markup_errors_are_crashes() -> None:
    trace = "Traceback (most recent call last):\n  File x\nValueError: boom\n"
    assert crash_reasons(result("", trace)) == ["traceback: ValueError: boom"]
    assert crash_reasons(result("rich.errors.MarkupError: closing tag"))
