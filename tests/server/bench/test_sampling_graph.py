"""bench.sampling_graph on a folder like the shared one: documents beside reference parses
(.xml, .json), which stopped it with "not a document format" before."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from bench import sampling_graph

from taskspace.graph.connection import Graph
from tests.support.locations import FIXTURES


def test_copies_of_the_documents_are_loaded_and_reference_parses_skipped(
    graph: Graph,
    server_env: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for key, value in server_env.items():
        monkeypatch.setenv(key, value)
    shutil.copy(FIXTURES / "documents" / "base-spec.md", tmp_path / "base-spec.md")
    (tmp_path / "base-spec.grobid.tei.xml").write_text("<TEI/>", encoding="utf-8")
    (tmp_path / "base-spec.s2orc.json").write_text("{}", encoding="utf-8")
    sampling_graph.main(["--copies", "2", "--source", str(tmp_path)])
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"nodes", "seconds", "load_average"}
    titles = [row["title"] for row in graph.read_text("MATCH (d:Document) RETURN d.title AS title")]
    assert len(titles) == 2
    assert all(title.endswith(("(copy 1)", "(copy 2)")) for title in titles)
    assert result["nodes"] > 2


def test_a_missing_source_is_named_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"no such file or folder: .*absent"):
        sampling_graph.main(["--copies", "1", "--source", str(tmp_path / "absent")])
