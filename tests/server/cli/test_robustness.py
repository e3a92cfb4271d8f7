"""Real inputs that used to break `kg`: nulls in templates, markup in data, odd files.

Every test runs the real `kg` command against the test server and checks what a user
sees: the exit code, the one line that explains a failure, the tasks written.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.tasks.store import read_jsonl
from tests.support import SHARED_DATA, settings_for

MKDOCS_CLI_PAGE = SHARED_DATA / "web" / "mkdocs_org_site" / "user-guide" / "cli" / "index.html"
"""A real built MkDocs page (BSD-2): seven HTML tables, none with a caption or a page."""

SECRET = "sk-ant-test-0123456789abcdef"


def kg(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    result = CliRunner().invoke(cli, args, env=env)
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def uncaptioned(session_graph: Graph, server_env: dict[str, str]) -> Iterator[Graph]:
    """The test graph holding one real HTML document whose tables have no caption."""
    if not MKDOCS_CLI_PAGE.is_file():
        pytest.skip(f"real test data is absent: {MKDOCS_CLI_PAGE} (../shared/data)")
    session_graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS")
    code, output = kg(["load", "docs", str(MKDOCS_CLI_PAGE)], server_env)
    assert code == 0, output
    yield session_graph


def test_tables_without_caption_or_page_give_tasks_not_a_crash(
    uncaptioned: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    bare = uncaptioned.read_text(
        "MATCH (t:Table) WHERE t.caption IS NULL AND t.page IS NULL AND t.rows_json IS NOT NULL "
        "RETURN count(t) AS n"
    )[0]["n"]
    assert bare >= 1  # the input that used to raise TypeError in the clip filter
    out = tmp_path / "tasks.jsonl"
    code, output = kg(
        ["sample", "doc", "-n", "20", "--no-graph", "-o", str(out), "--json"], server_env
    )
    assert code == 0, output
    summary = json.loads(output)
    tasks = read_jsonl(out)
    assert summary["tasks"] == len(tasks) > 0
    tables = [task for task in tasks if task.template == "table_cell"]
    assert tables, summary["per_template"]
    for task in tasks:
        assert "None" not in task.prompt and "“”" not in task.prompt, task.prompt
        assert task.answer.strip() and task.answer != "None", task.id
    # An uncaptioned HTML table is named by the heading it sits under.
    assert any("the table under the heading" in task.prompt for task in tables)
    code, output = kg(["sample", "verify", str(out)], server_env)
    assert code == 0 and f"{len(tasks)} of {len(tasks)} answers re-derived." in output


def test_an_unexpected_failure_is_one_line_and_a_private_log_without_secrets(
    uncaptioned: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    blocker = tmp_path / f"{SECRET}-not-a-folder"  # the error names the secret
    blocker.write_text("a file where the output folder should be\n", encoding="utf-8")
    env = {**server_env, "ANTHROPIC_API_KEY": SECRET}
    out = blocker / "tasks.jsonl"
    # --no-write: the key is a fake, and Claude writing instances is not what is tested
    code, output = kg(["sample", "doc", "-n", "3", "--no-write", "--no-graph", "-o", str(out)], env)
    log = Path(server_env["TASKSPACE_HOME"]) / "logs" / "kg-errors.log"
    assert code == 1
    assert "Traceback" not in output
    errors = [line for line in output.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1 and errors[0].startswith("Error: FileExistsError: "), output
    assert errors[0].endswith(f"(details: {log})")
    assert SECRET not in output and "***-not-a-folder" in errors[0]
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    assert stat.S_IMODE(log.parent.stat().st_mode) == 0o700
    text = log.read_text(encoding="utf-8")
    assert "Traceback" in text and "FileExistsError" in text and "write_jsonl" in text
    password = settings_for(server_env).password()
    assert password and password not in text
    assert SECRET not in text and "***" in text


def test_a_tasks_file_with_a_bad_line_names_it_and_checks_the_rest(
    uncaptioned: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "tasks.jsonl"
    code, output = kg(["sample", "doc", "-n", "3", "--no-graph", "-o", str(out)], server_env)
    assert code == 0, output
    lines = out.read_text(encoding="utf-8").splitlines()
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("\n".join([lines[0], '{"id": "cut short', *lines[1:]]) + "\n")
    code, output = kg(["sample", "verify", str(damaged)], server_env)
    assert code == 1 and "Traceback" not in output
    assert "line 2:" in output and f"{len(lines)} of {len(lines)} answers re-derived." in output
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    code, output = kg(["sample", "verify", str(empty)], server_env)
    assert code == 1 and "holds no task (it is empty)" in output


def test_markup_in_data_is_shown_as_written(
    session_graph: Graph, server_env: dict[str, str]
) -> None:
    session_graph.run_autocommit("MATCH (n:`Film [/i] title`) DETACH DELETE n")
    session_graph.run_autocommit("CREATE (:`Film [/i] title` {name: '[bold]Heat[/x]'})")
    try:
        code, output = kg(
            ["query", "MATCH (n:`Film [/i] title`) RETURN labels(n)[0] AS label, n.name AS name"],
            server_env,
        )
        assert code == 0, output
        assert "Film [/i] title" in output and "[bold]Heat[/x]" in output
        code, output = kg(["stats"], server_env)
        assert code == 0, output
        assert "Film [/i] title" in output
    finally:
        session_graph.run_autocommit("MATCH (n:`Film [/i] title`) DETACH DELETE n")


MARKDOWN = """# Setting [/x] options

The [/x] switch turns every option off; it is read once, when the tool starts.

## Reading the [/x] file

The file lists one option per line. Blank lines and lines starting with a hash are
ignored, and an unknown option stops the tool with a message naming the line.

## Writing the [/x] file

Options are written in the order the tool reads them. A second write replaces the
first one completely, so a partial file never survives a crash of the tool.
"""


def test_a_file_and_tasks_holding_markup_load_and_print(
    session_graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    session_graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS")
    folder = tmp_path / "["
    folder.mkdir()
    (folder / "x].md").write_text(MARKDOWN, encoding="utf-8")  # its path ends in "[/x].md"
    code, output = kg(["load", "docs", str(folder)], server_env)
    assert code == 0, output
    out = tmp_path / "tasks [/x].jsonl"
    code, output = kg(["sample", "doc", "-n", "5", "--no-graph", "-o", str(out)], server_env)
    assert code == 0, output
    assert "tasks[/x].jsonl" in "".join(output.split())  # the table title, as written
    assert any("[/x]" in task.prompt for task in read_jsonl(out))


@pytest.mark.parametrize(
    "command",
    [
        ["sample", "doc"],
        ["sample", "gui"],
        ["sample", "paths"],
        ["sample", "multihop"],
    ],
)
def test_sampling_an_empty_graph_says_so_in_one_line(
    graph: Graph, server_env: dict[str, str], cwd_tmp: Path, command: list[str]
) -> None:
    code, output = kg([*command, "--no-graph"], server_env)
    assert code == 1 and "Traceback" not in output
    assert output.startswith("Error: No ") and len(output.strip().splitlines()) == 1, output


def _reject_constant(token: str) -> None:
    raise ValueError(f"not JSON: {token}")


def test_json_output_stays_strict_json_for_nan_and_infinity(server_env: dict[str, str]) -> None:
    code, output = kg(
        ["query", "--json", "RETURN 0.0 / 0.0 AS nan, 1.0 / 0.0 AS inf, 1.5 AS plain"],
        server_env,
    )
    assert code == 0, output
    rows = json.loads(output, parse_constant=_reject_constant)
    assert rows == [{"nan": "nan", "inf": "inf", "plain": 1.5}]
