"""Every bad record of a load is located (#27): the first ones in the terminal, every one in
the file the last line names and in ``--json``; ``--strict`` fails a partial load.

The inputs are the W3C negative syntax cases put in real Wikidata data (the film slice and
a WDQS dump chunk), loaded through the real ``kg``."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from tests.support.kg import piped
from tests.support.w3c import probe
from tests.support.wikidata import DUMP_CHUNK, FILM_SLICE, shared

LAST = re.compile(
    r"Partly loaded: 1 of 1 files, (\d+) record\(s\) skipped \(all listed in (.+)\)\.$"
)


def _film_probe(tmp_path: Path) -> tuple[Path, dict[str, range]]:
    good = "".join(shared(FILM_SLICE).read_text(encoding="utf-8").splitlines(True)[:300])
    found = probe(good, "rdf-n-triples", "TestNTriplesNegativeSyntax")
    path = tmp_path / "films-with-29-defects.nt"
    path.write_bytes(found.data)
    return path, found.spans


def test_every_bad_ntriples_record_is_listed_in_the_file_the_last_line_names(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    path, spans = _film_probe(tmp_path)
    runner = CliRunner()
    table = runner.invoke(cli, ["load", "wikidata", str(path)], env=server_env)
    assert table.exit_code == 0, table.output
    lines = table.output.rstrip().splitlines()
    match = LAST.match(lines[-1])
    assert match is not None, lines[-1]
    assert match[1] == "29"
    listed = [json.loads(line) for line in Path(match[2]).read_text().splitlines()]
    assert [r["file"] for r in listed] == [str(path)] * 29
    assert sorted(r["line"] for r in listed) == sorted(
        next(line for line in span if any(r["line"] == line for r in listed))
        for span in spans.values()
    )
    assert all(r["reason"] for r in listed)
    # the first 20 in the terminal, as file:line: reason, then where the rest are
    assert "Skipped records (first 20 of 29):" in lines
    shown = [line for line in lines if line.startswith(f"  {path}:")]
    assert shown == [f"  {path}:{r['line']}: {r['reason']}" for r in listed[:20]]
    assert f"  … every one is in {match[2]}" in lines
    data = json.loads(
        runner.invoke(cli, ["load", "wikidata", str(path), "--json"], env=server_env).output
    )
    assert data["files"]["errors"] == 29 and len(data["files"]["error_details"]) == 29
    assert data["files"]["error_details"] == [
        json.loads(line) for line in Path(data["bad_records_file"]).read_text().splitlines()
    ]


def test_strict_fails_a_partial_load_with_exit_3_and_a_complete_one_passes(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    good = shared(DUMP_CHUNK).read_text(encoding="utf-8")
    dump = tmp_path / "dump-with-turtle-defects.ttl"
    dump.write_bytes(
        probe(
            good,
            "rdf-turtle",
            "TestTurtleNegativeSyntax",
            ("turtle-syntax-bad-prefix-01", "turtle-syntax-bad-prefix-02"),
            ("turtle-syntax-bad-string-03",),
            ("turtle-syntax-bad-string-04",),
        ).data
    )
    partial = piped(server_env, "load", "wikidata", str(dump), "--strict")
    assert partial.returncode == 3, partial.stderr
    last = partial.stdout.rstrip().splitlines()[-1]
    match = LAST.match(last)
    assert match is not None, last
    listed = Path(match[2]).read_text().splitlines()
    assert len(listed) == int(match[1]) == 100  # 93 cases, 7 with a second bad line
    assert sum("truncated" in r for r in listed) <= 1  # only where the file ends
    assert piped(server_env, "load", "wikidata", str(dump)).returncode == 0
    clean = tmp_path / "dump.ttl"
    clean.write_text(good, encoding="utf-8")
    complete = piped(server_env, "load", "wikidata", str(clean), "--strict")
    assert complete.returncode == 0, complete.stderr
    assert complete.stdout.rstrip().splitlines()[-1] == "Loaded: all 1 files."
