"""The checks that decide whether one run of ``kg`` handled its input cleanly.

They read only what a user or a script sees: the exit code, the text on stdout and
stderr, the last line (the convention of src/taskspace/cli/outcome.py: "Partly loaded"
when part failed, exit 1 when nothing loaded), and the graph's counts afterwards.
"""

from __future__ import annotations

import json
import re
from typing import Any

from bench.bad_inputs.kg import KgResult
from bench.bad_inputs.model import BadRef

TRACEBACK = "Traceback (most recent call last)"


def crash_reasons(result: KgResult) -> list[str]:
    """A Python traceback or a rich markup error anywhere in the output."""
    reasons = []
    if TRACEBACK in result.output:
        reasons.append(f"traceback: {last_exception_line(result.output)}")
    elif "MarkupError" in result.output:
        reasons.append("rich MarkupError in the output")
    if "[probe: killed after" in result.stderr:
        reasons.append(f"timed out after {result.seconds:.0f}s")
    return reasons


def last_exception_line(output: str) -> str:
    """The ``SomeError: message`` line that ends a traceback, shortened."""
    tail = output[output.rfind(TRACEBACK) :].splitlines()
    for line in reversed(tail):
        if line and not line.startswith((" ", "\t")):
            return line.strip()[:160]
    return "(no exception line)"


def last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def exit_reasons(result: KgResult, loads: bool | None, partial: bool, loaded: bool) -> list[str]:
    """Exit code and last line against what the graph shows was loaded.

    ``loads`` None means either outcome is acceptable if it is told truthfully: exit 0 only
    when something reached the graph.
    """
    expected = loaded if loads is None else loads
    if expected and result.code != 0:
        return [f"exit {result.code} although the good records should load"]
    if not expected:
        return [] if result.code != 0 else ["exit 0 although nothing could load"]
    if partial:
        line = last_line(result.stdout) or last_line(result.output)
        if not line.startswith("Partly loaded"):
            return [f"last line is not 'Partly loaded …': {line[:100]!r}"]
    return []


def reported(result: KgResult, bad: BadRef) -> bool:
    """The bad file is named, with its line or record when one applies, on one line."""
    texts = [result.output, *_json_errors(result.stdout)]
    for text in texts:
        for line in text.splitlines():
            if bad.file in line and _names_position(line, bad):
                return True
    return False


def _names_position(line: str, bad: BadRef) -> bool:
    if bad.record is not None:
        return bad.record in line
    if bad.lines is None:
        return True
    low, high = bad.lines
    name = re.escape(bad.file)
    explicit = re.findall(rf"{name}:(\d+)", line)
    rest = re.sub(rf"[^\s│|'\"]*{name}", " ", line)
    numbers = explicit or re.findall(r"(?<![\w.])\d+(?!\d)", rest)
    return any(low <= int(number) <= high for number in numbers)


def _json_errors(stdout: str) -> list[str]:
    """Error entries of a ``--json`` document, one per line, for the same search."""
    try:
        document: Any = json.loads(stdout)
    except ValueError:
        return []
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "file" in node or "input" in node:  # a bad record, or an input that failed
                found.append(" ".join(str(value) for value in node.values()))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    return ["\n".join(found)] if found else []


def report_reasons(result: KgResult, bad: list[BadRef]) -> list[str]:
    missing = [ref for ref in bad if not reported(result, ref)]
    return [f"bad record not reported with file and position: {_describe(ref)}" for ref in missing]


def _describe(ref: BadRef) -> str:
    if ref.record is not None:
        return f"{ref.file} {ref.record}"
    if ref.lines is not None:
        low, high = ref.lines
        return f"{ref.file}:{low}" if low == high else f"{ref.file}:{low}-{high}"
    return ref.file
