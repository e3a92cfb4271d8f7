"""bench.sampling_graph on a folder like the shared one: documents beside reference parses
(.xml, .json), which stopped it with "not a document format" before."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from bench import sampling_graph

from taskspace.graph.connection import Graph
from taskspace.models.embeddings import embed_matrix
from tests.support.locations import FIXTURES


def test_copies_of_the_documents_are_loaded_and_reference_parses_skipped(
    bench_graph: Graph,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    shutil.copy(FIXTURES / "documents" / "base-spec.md", tmp_path / "base-spec.md")
    (tmp_path / "base-spec.grobid.tei.xml").write_text("<TEI/>", encoding="utf-8")
    (tmp_path / "base-spec.s2orc.json").write_text("{}", encoding="utf-8")
    sampling_graph.main(["--copies", "2", "--source", str(tmp_path)])
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"nodes", "seconds", "load_average"}
    titles = [
        row["title"] for row in bench_graph.read_text("MATCH (d:Document) RETURN d.title AS title")
    ]
    assert len(titles) == 2
    assert all(title.endswith(("(copy 1)", "(copy 2)")) for title in titles)
    assert result["nodes"] > 2


def test_each_copy_keeps_the_models_cosines_but_lies_apart_from_the_other_copies(
    bench_graph: Graph,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Hundreds of identical copies made the growth slow; each copy is turned instead.
    Two documents per copy: every document of a copy must be turned by that copy's rotation."""
    for name in ("base-spec.md", "spec.md"):
        shutil.copy(FIXTURES / "documents" / name, tmp_path / name)
    sampling_graph.main(["--copies", "3", "--source", str(tmp_path)])
    capsys.readouterr()
    rows = bench_graph.read_text(
        "MATCH (c:Chunk)-[:FROM_DOCUMENT]->(d:Document) "
        "RETURN d.title AS title, c.text AS text, c.embedding AS vector ORDER BY c.id"
    )
    copies: dict[str, dict[str, np.ndarray]] = {}
    for row in rows:
        copy = row["title"].rsplit("(copy ", 1)[1]
        copies.setdefault(copy, {})[row["text"]] = np.array(row["vector"], dtype=np.float32)
    assert sorted(copies) == ["1)", "2)", "3)"]
    texts = sorted(copies["1)"])
    assert len(texts) > 3 and all(sorted(chunks) == texts for chunks in copies.values())
    model = embed_matrix(texts)
    for chunks in copies.values():
        turned = np.stack([chunks[text] for text in texts])
        assert np.allclose(turned @ turned.T, model @ model.T, atol=1e-4)
        assert not np.allclose(turned, model, atol=1e-2)
    across = [float(copies["1)"][text] @ copies["2)"][text]) for text in texts]
    assert max(across) < 0.5


def test_a_missing_source_is_named_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"no such file or folder: .*absent"):
        sampling_graph.main(["--copies", "1", "--source", str(tmp_path / "absent")])
