"""Every document task names its document by a name no other document has.

The real EIP-3860 (tests/fixtures/documents/real) is loaded beside two other real texts
given its title (a README excerpt and RFC 1758; a copy of a text would be refused as a
duplicate), one of them under its file name too. A task that said "In “Limit and meter
initcode”" would not say which of the three it means.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from taskspace.generators.templates.sampler import sample_tasks
from taskspace.graph.connection import Graph
from taskspace.sources.derived import refresh_derived, stale_derived
from taskspace.sources.documents.loader import load_documents
from taskspace.sources.documents.node_ids import document_id, document_key
from tests.support.locations import TESTS

REAL = TESTS / "fixtures" / "documents" / "real"
TITLE = "Limit and meter initcode"
SHOWN = "MATCH (d:Document) RETURN d.path AS path, d.shown AS shown, d.shown_ambiguous AS unsure"


def _names(graph: Graph, root: Path) -> dict[str, tuple[str | None, bool | None]]:
    return {
        str(Path(row["path"]).relative_to(root)): (row["shown"], row["unsure"])
        for row in graph.read_text(SHOWN)
    }


def _copy(root: Path, source: str, path: str) -> Path:
    copy = root / path
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(REAL / source, copy)
    return copy


def _titled(root: Path, source: str, path: str) -> Path:
    """Another real text under EIP-3860's title."""
    copy = root / path
    copy.parent.mkdir(parents=True, exist_ok=True)
    text = (REAL / source).read_text(encoding="utf-8")
    if text.startswith("---\n"):
        text = re.sub(r"^title:.*$", f"title: {TITLE}", text, count=1, flags=re.M)
    else:
        text = f"---\ntitle: {TITLE}\n---\n{text}"
    copy.write_text(text, encoding="utf-8")
    return copy


def _three(root: Path) -> tuple[Path, Path, Path]:
    """EIP-3860, then the two texts that share its title, one its file name too."""
    _copy(root, "eip-2200.md", "a/eip-2200.md")
    first = _copy(root, "eip-3860.md", "a/eip-3860.md")
    return (
        first,
        _titled(root, "dinov2-readme-pretrained.md", "a/eip-3860-copy.md"),
        _titled(root, "rust-rfcs/1758-repr-transparent.md", "b/eip-3860.md"),
    )


def test_a_shared_title_gives_way_to_the_file_name_a_shared_name_to_no_task_even_when_older(
    graph: Graph, tmp_path: Path
) -> None:
    first, copy, namesake = _three(tmp_path)
    for later in (copy, namesake):
        later.rename(later.with_suffix(".later"))  # not a Markdown file: not loaded yet
    assert load_documents(graph, [tmp_path]).failed == []
    assert _names(graph, tmp_path)["a/eip-3860.md"] == (TITLE, None)

    # Two more texts under its title: the first document's title is no longer its own.
    for later in (copy, namesake):
        later.with_suffix(".later").rename(later)
    assert len(load_documents(graph, [tmp_path]).loaded) == 4
    names = _names(graph, tmp_path)
    assert names["a/eip-3860-copy.md"] == ("eip-3860-copy", None)
    assert names["a/eip-3860.md"] == names["b/eip-3860.md"] == (None, True)
    assert names["a/eip-2200.md"][0] == "Structured Definitions for Net Gas Metering"

    report = sample_tasks(graph, "doc", count=20, seed=3)
    assert len(report.tasks) == 20
    unnamed = {document_id(document_key(path, tmp_path)) for path in (first, namesake)}
    for task in report.tasks:
        assert TITLE not in task.prompt and TITLE not in task.answer, task.prompt
        assert not {ref.id for ref in task.grounding} & unnamed, task.prompt
    asked = " ".join(task.prompt for task in report.tasks)
    assert "eip-3860-copy" in asked and "Structured Definitions for Net Gas Metering" in asked

    # A graph loaded before shown names existed: no document task until `kg init`.
    graph.run_autocommit("MATCH (d:Document) REMOVE d.shown, d.shown_ambiguous")
    stale = stale_derived(graph)
    assert len(stale.unnamed) == 4 and stale.documents == []
    assert stale.describe().startswith("4 documents lack the name tasks call them by")
    assert sample_tasks(graph, "doc", count=10, seed=3).tasks == []
    assert refresh_derived(graph).named == 4
    assert _names(graph, tmp_path) == names and not stale_derived(graph)
