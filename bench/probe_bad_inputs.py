"""Does ``kg load`` locate every bad record? A rerunnable probe (issue #27).

It writes inputs that mix good real records with many defects each (bench/probe_corpus.py:
the W3C RDF negative syntax tests inside Wikidata dumps, hostile property keys, broken
entity JSON and episode lines, broken PDFs from parser test corpora, binary and non-UTF-8
files, HTML nested 100,000 deep), runs the real ``kg load … --json`` on each against a Neo4j
server, and checks what a user would: the exit code (0 partial, 1 nothing, 3 with
``--strict``), every defect named by file and line or record in the ``--json`` report,
the good records in the graph, no traceback, a second load (with ``--strict``) creating
nothing. It prints one row per input and exits 1 if any defect went unlocated or any check
failed. Run ``python -m bench.probe_bad_inputs --help``; docs/robustness.md has the layout of
``--inputs`` and the latest table.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.bad_inputs.checks import TRACEBACK, last_exception_line
from bench.bad_inputs.kg import KgCommand, KgResult
from bench.bad_inputs.realdata import DEFAULT_DATA
from bench.bad_inputs.server import ProbeServer, probe_server
from bench.load import emit, load_line
from bench.probe_corpus import Corpus, Defect, Input

STRICT_EXIT = 3
MISSING = (
    "UNWIND $ids AS id OPTIONAL MATCH (n) WHERE n[$key] = id "
    "WITH id, count(n) AS found WHERE found = 0 RETURN id"
)
"""Those of ``ids`` no node carries under ``key``."""
DOCUMENTS = "MATCH (d:Document) RETURN count(d) AS c"


@dataclass(frozen=True)
class Located:
    """One place the ``--json`` report names: a bad record, a failed input, a warning, a note."""

    file: str
    line: int | None
    record: str | None


@dataclass
class Verdict:
    input: Input
    located: list[Defect] = field(default_factory=list)
    """Named in ``--json`` and, when it has a line or record, in the bad-records file."""
    repaired: list[Defect] = field(default_factory=list)
    """Not named, but the file loaded: the reader repaired it (allowed for ``repairable``)."""
    missing: list[Defect] = field(default_factory=list)
    good_loaded: int = 0
    good_expected: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.missing and not self.problems

    @property
    def handled(self) -> int:
        return len(self.located) + len(self.repaired)

    def as_dict(self) -> dict[str, Any]:
        return {
            "input": self.input.name,
            "kind": self.input.kind,
            "defects": len(self.input.defects),
            "located": len(self.located),
            "repaired": len(self.repaired),
            "not_located": [f"{d.file}:{_span(d)} ({d.kind})" for d in self.missing],
            "good_loaded": self.good_loaded,
            "good_expected": self.good_expected,
            "problems": self.problems,
            "ok": self.ok,
        }


def places(report: Any) -> tuple[list[Located], set[str]]:
    """Every place a ``--json`` report names, and the names of the files that loaded."""
    found: list[Located] = []
    loaded: set[str] = set()

    def walk(node: Any, key: str = "") -> None:
        if isinstance(node, dict):
            name = node.get("file", node.get("input"))
            if isinstance(name, str):
                line = node.get("line")
                record = node.get("record")
                found.append(
                    Located(
                        Path(name).name,
                        line if isinstance(line, int) else None,
                        None if record is None else str(record),
                    )
                )
            for child_key, value in node.items():
                walk(value, child_key)
        elif isinstance(node, list):
            for value in node:
                if key == "loaded" and isinstance(value, str):
                    loaded.add(Path(value).name)
                walk(value, key)

    walk(report)
    return found, loaded


def _listed(report: Any) -> list[Located]:
    """The bad records of the file a report names (``bad_records_file``): every one, as
    the terminal shows only the first 20."""
    name = report.get("bad_records_file") if isinstance(report, dict) else None
    if not isinstance(name, str) or not Path(name).is_file():
        return []
    lines = Path(name).read_text(encoding="utf-8").splitlines()
    return places([json.loads(line) for line in lines if line.strip()])[0]


def is_located(defect: Defect, found: list[Located]) -> bool:
    """Named by its file, and (when it has one) by a line inside it or by its record;
    episodes name a JSON Lines record ``line N``, a task ``task N`` (or ``task N action M``)."""
    for place in found:
        if place.file != defect.file:
            continue
        if defect.lines is None:
            record = place.record or ""
            if defect.record is None or f"{record} ".startswith(f"{defect.record} "):
                return True
            continue
        line = place.line
        if line is None and place.record and place.record.startswith("line "):
            line = int(place.record.removeprefix("line ")) if place.record[5:].isdigit() else None
        if line is not None and line in defect.lines:
            return True
    return False


def _span(defect: Defect) -> str:
    if defect.record is not None:
        return defect.record
    if defect.lines is None:
        return "file"
    low, high = defect.lines.start, defect.lines.stop - 1
    return str(low) if low == high else f"{low}-{high}"


def _parse(result: KgResult) -> Any:
    try:
        return json.loads(result.stdout)
    except ValueError:
        return None


def _created(report: Any) -> int:
    """Nodes and relationships the load's writes created, summed over its parts."""
    if isinstance(report, dict):
        own = sum(int(report.get(key) or 0) for key in ("nodes_created", "relationships_created"))
        return own + sum(_created(value) for value in report.values())
    if isinstance(report, list):
        return sum(_created(value) for value in report)
    return 0


class Probe:
    def __init__(self, server: ProbeServer, kg: KgCommand, timeout: float = 900) -> None:
        self.server = server
        self.kg = kg
        self.timeout = timeout

    def run(self, item: Input) -> Verdict:
        verdict = Verdict(item)
        self.server.clear()
        first = self.kg.run([*item.args, "--json"], self.server.env, timeout=self.timeout)
        verdict.problems += _crashes(first, "load")
        expected = 0 if item.loads else 1
        if first.code != expected:
            verdict.problems.append(f"exit {first.code}, expected {expected}")
        report = _parse(first)
        if report is None:
            verdict.problems.append(f"no --json document: {first.output.strip()[-160:]!r}")
            report = {}
        found, loaded = places(report)
        listed = _listed(report)
        for defect in item.defects:
            repaired = defect.repairable and defect.file in loaded
            in_file = (defect.lines is None and defect.record is None) or is_located(defect, listed)
            if repaired and not is_located(defect, found):
                verdict.repaired.append(defect)
            elif is_located(defect, found) and in_file:
                verdict.located.append(defect)
            else:
                verdict.missing.append(defect)
        self._good(item, verdict, loaded)
        before = self.server.counts()
        second = self.kg.run(
            [*item.args, "--json", "--strict"], self.server.env, timeout=self.timeout
        )
        verdict.problems += _crashes(second, "rerun")
        strict = STRICT_EXIT if item.loads and _status(report) == "partial" else expected
        if item.loads and any(not d.repairable for d in item.defects):
            strict = STRICT_EXIT
        if second.code != strict:
            verdict.problems.append(f"--strict rerun exit {second.code}, expected {strict}")
        after = self.server.counts()
        created = _created(_parse(second))
        if after != before or created:
            verdict.problems.append(f"rerun not a no-op: {before} → {after}, created {created}")
        return verdict

    def _good(self, item: Input, verdict: Verdict, loaded: set[str]) -> None:
        verdict.good_expected = len(item.good_ids) + len(item.good_files)
        rows = (
            []
            if not item.good_ids
            else self.server.query(MISSING, ids=item.good_ids, key=item.id_key)
        )
        missing = [str(row["id"]) for row in rows]
        absent = [name for name in item.good_files if name not in loaded]
        verdict.good_loaded = verdict.good_expected - len(missing) - len(absent)
        if item.good_files:  # each file the report says loaded is one :Document
            documents = int(self.server.query(DOCUMENTS)[0]["c"])
            if documents != len(loaded):
                verdict.problems.append(f"{documents} documents in the graph, {len(loaded)} loaded")
        if missing or absent:
            verdict.problems.append(f"good records missing: {', '.join([*missing, *absent][:5])}")


def _status(report: Any) -> str | None:
    status = report.get("status") if isinstance(report, dict) else None
    return status if isinstance(status, str) else None


def _crashes(result: KgResult, what: str) -> list[str]:
    if TRACEBACK in result.output:
        return [f"{what}: traceback: {last_exception_line(result.output)}"]
    if "[probe: killed after" in result.stderr:
        return [f"{what}: timed out after {result.seconds:.0f}s"]
    return []


def print_table(verdicts: list[Verdict]) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title="kg load on bad inputs")
    for column in ("input", "kind", "injected defects", "located", "loaded", "verdict"):
        table.add_column(column)
    for v in verdicts:
        text = (
            "ok"
            if v.ok
            else "; ".join(
                [
                    *(f"not located: {d.file}:{_span(d)} ({d.kind})" for d in v.missing[:5]),
                    *v.problems,
                ]
            )
        )
        cells = [
            v.input.name,
            v.input.kind,
            str(len(v.input.defects)),
            f"{v.handled}/{len(v.input.defects)}"
            + (f" ({len(v.repaired)} repaired)" if v.repaired else ""),
            f"{v.good_loaded}/{v.good_expected}",
            text,
        ]
        table.add_row(*(Text(cell) for cell in cells))
    Console(width=200).print(table)
    print(load_line())


@contextmanager
def configured_server(kg: KgCommand, env: dict[str, str] | None = None) -> Iterator[ProbeServer]:
    """The server of this environment (``TASKSPACE_*``, or ``env``), used as it is."""
    from taskspace.core.settings import load_settings

    env = (
        env
        if env is not None
        else {k: v for k, v in os.environ.items() if k.startswith("TASKSPACE_")}
    )
    home = Path(env["TASKSPACE_HOME"]) if "TASKSPACE_HOME" in env else load_settings().home
    server = ProbeServer(home.expanduser(), kg)
    server.env = dict(env)
    try:
        yield server
    finally:
        server.close_driver()


def probe(
    server: ProbeServer,
    kg: KgCommand,
    work: Path,
    inputs: Path | None,
    data: Path,
    only: list[str] | None = None,
) -> list[Verdict]:
    """Build the corpus in ``work`` and run every input against ``server``."""
    corpus = Corpus(work, inputs, data).build(only)
    runner = Probe(server, kg)
    return [runner.run(item) for item in corpus]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--inputs", type=Path, help="folder of inputs (w3c/, pdf/, data/)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="shared data folder")
    parser.add_argument("--only", action="append", help="inputs whose name holds this")
    parser.add_argument("--kg", help="command that runs kg (default: this checkout)")
    parser.add_argument(
        "--configured-server",
        action="store_true",
        help="use the server of this environment (its graph is EMPTIED) instead of a throwaway one",
    )
    parser.add_argument("--keep", type=Path, help="write the inputs here and keep them")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    kg = KgCommand(args.kg)
    with tempfile.TemporaryDirectory(prefix="kg-probe-") as temp:
        work = args.keep or Path(temp) / "inputs"
        work.mkdir(parents=True, exist_ok=True)
        server_cm = (
            configured_server(kg)
            if args.configured_server
            else probe_server(Path(temp) / "home", kg)
        )
        with server_cm as server:
            verdicts = probe(server, kg, work, args.inputs, args.data, args.only)
    if args.json:
        emit([v.as_dict() for v in verdicts])
    else:
        print_table(verdicts)
    return 0 if verdicts and all(v.ok for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
