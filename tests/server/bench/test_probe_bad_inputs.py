"""The bad-input probe (bench/probe_bad_inputs.py) run on every fixture it can find,
against the session's server: every injected defect must be located by file and line or
record, every good record loaded, no traceback, exit codes 0 / 3 with --strict, a rerun
creating nothing (#27)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench.bad_inputs.kg import KgCommand
from bench.probe_bad_inputs import configured_server, probe

from taskspace.graph.connection import Graph
from tests.support import SHARED_DATA


def test_the_probe_locates_every_defect_in_the_fixtures(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    kg = KgCommand()
    with configured_server(kg, server_env) as server:
        verdicts = probe(server, kg, tmp_path, inputs=None, data=SHARED_DATA)
    if not verdicts:
        pytest.skip(f"no probe inputs: tests/fixtures and {SHARED_DATA} hold none")
    table = {v.input.name: (v.handled, len(v.input.defects)) for v in verdicts}
    assert [v.as_dict() for v in verdicts if not v.ok] == []
    assert all(located == injected > 0 for located, injected in table.values()), table
    assert {"pdf/", "text/"} <= set(table)  # the documents come from tests/fixtures alone
    if (SHARED_DATA / "wikidata").is_dir():
        assert table["w3c.nt"] == (29, 29) and table["w3c.ttl"] == (92, 92)
