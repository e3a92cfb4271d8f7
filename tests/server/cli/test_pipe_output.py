"""`kg` in a pipe (CI, a log, `| cat`): paths and ids are never cut across lines."""

from __future__ import annotations

from pathlib import Path

from taskspace.graph.connection import Graph
from tests.support.kg import piped


def test_a_long_path_stays_whole_on_one_line_of_a_piped_table(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    folder = tmp_path / ("a-long-folder-name-" * 8) / "[draft] notes"
    folder.mkdir(parents=True)
    broken = folder / "broken-document-with-a-long-name.pdf"
    broken.write_text("not a pdf")
    result = piped(server_env, "load", "docs", str(tmp_path))
    assert result.returncode == 1, result.stderr
    table_rows = [line for line in result.stdout.splitlines() if str(broken) in line]
    assert len(table_rows) == 1, result.stdout
    assert "not a readable PDF" in table_rows[0]
    assert any(str(broken) in line for line in result.stderr.splitlines()), result.stderr


def test_a_piped_load_prints_progress_lines_and_retrieve_says_it_loads_the_model(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    for number in (1, 2, 3):
        (tmp_path / f"river-{number}.md").write_text(
            f"# River {number}\n\nThe Thames flows through London; part {number} is on bridges.\n"
        )
    load = piped(server_env, "load", "docs", str(tmp_path))
    assert load.returncode == 0, load.stderr
    progress = [line for line in load.stderr.splitlines() if line.startswith("documents: ")]
    assert progress[0] == "documents: 0/3 (0%), 0 s"
    assert progress[-1].startswith("documents: 3/3 (100%), ")
    assert load.stdout.splitlines()[-1] == "Loaded: all 3 files."
    retrieve = piped(server_env, "retrieve", "Which river flows through London?", "-k", "1")
    assert retrieve.returncode == 0, retrieve.stderr
    assert retrieve.stderr.splitlines()[0] == "Loading the embedding model …"
    assert "Thames" in retrieve.stdout


def test_loading_a_path_that_does_not_exist_says_so_in_one_line(
    server_env: dict[str, str], tmp_path: Path
) -> None:
    missing = tmp_path / "nowhere"
    for source in ("docs", "episodes", "wikidata"):
        result = piped(server_env, "load", source, str(missing))
        assert result.returncode == 1, source
        assert result.stdout == "", source
        assert result.stderr.splitlines() == [f"Error: no such file or folder: {missing}"]
