"""`kg load docs` and `kg load episodes` count every file given and say what each one was.

Real inputs from ../shared/data: the paper's GROBID TEI-XML and S2ORC JSON that sit beside
its PDF, a real EIP in Markdown, LlamaTouch UI dumps and an AitZ episode.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.sources.documents.html_depth import MAX_DEPTH
from tests.support import SHARED_DATA, require_shared
from tests.support.locations import FIXTURES

PAPER = SHARED_DATA / "documents" / "pdf"
EIP_2718 = SHARED_DATA / "documents" / "html_md" / "eip-2718_typed_tx_envelope.md"
TRACE = SHARED_DATA / "gui" / "llamatouch" / "trace_18"
AITZ = SHARED_DATA / "gui" / "aitz_episode" / "GOOGLE_APPS-523638528775825151.json"


def kg(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env=env)
    return result.exit_code, result.stdout, result.stderr


def test_docs_folder_lists_the_files_that_are_not_documents(
    graph: Graph, tmp_path: Path, server_env: dict[str, str]
) -> None:
    folder = tmp_path / "paper"
    folder.mkdir()
    for name in ("N18-3011_LiteratureGraph.grobid.tei.xml", "N18-3011_LiteratureGraph.s2orc.json"):
        shutil.copy(require_shared(PAPER / name), folder / name)
    shutil.copy(require_shared(EIP_2718), folder / EIP_2718.name)
    code, out, err = kg(server_env, "load", "docs", str(folder))
    assert code == 0, out + err
    assert out.strip().splitlines()[-1] == "Partly loaded: 1 of 3 files."
    for name, suffix in (("grobid.tei.xml", ".xml"), ("s2orc.json", ".json")):
        assert f"N18-3011_LiteratureGraph.{name}: not a document format: '{suffix}'" in err
    code, out, _ = kg(server_env, "load", "docs", str(folder), "--json")
    report = json.loads(out)
    assert report["inputs"] == 3 and report["documents"] == 1
    assert sorted(Path(w["input"]).name for w in report["warnings"]) == [
        "N18-3011_LiteratureGraph.grobid.tei.xml",
        "N18-3011_LiteratureGraph.s2orc.json",
    ]
    assert all(w["reason"].startswith("not a document format") for w in report["warnings"])


def _all_steps_broken(folder: Path) -> Path:
    """The real AitZ episode with an unknown action type in every step: its one record
    cannot be read."""
    steps = json.loads(require_shared(AITZ).read_text(encoding="utf-8"))
    for step in steps:
        step["result_action_type"] = 99
    broken = folder / "broken_aitz.json"
    broken.write_text(json.dumps(steps), encoding="utf-8")
    return broken


def test_episodes_count_every_file_and_say_what_each_was(
    graph: Graph, tmp_path: Path, server_env: dict[str, str]
) -> None:
    dumps = tmp_path / "dumps"
    dumps.mkdir()
    for name in ("0.json", "1.json", "2.json"):
        shutil.copy(require_shared(TRACE / name), dumps / name)
    code, out, err = kg(server_env, "load", "episodes", str(dumps))
    assert code == 1, out
    assert err.strip().splitlines()[-1] == "Error: Nothing loaded: none of the 3 files loaded."
    assert out.count("a UI dump (one screen), not an episode") == 3

    broken = _all_steps_broken(tmp_path)
    code, out, err = kg(server_env, "load", "episodes", str(broken), "--json")
    report = json.loads(out)
    assert code == 1 and report["inputs"] == 1 and report["loaded"] == []
    [failure] = report["failed"]
    assert failure["reason"] == "no episode: all 1 record(s) skipped"
    [record] = report["error_details"]
    assert record["reason"] == "unknown result_action_type 99"
    assert "no files were found" not in report["outcome"]

    code, out, err = kg(
        server_env, "load", "episodes", str(AITZ), str(dumps / "0.json"), str(broken)
    )
    assert code == 0, out + err
    last = out.strip().splitlines()[-1]
    assert last.startswith("Partly loaded: 1 of 3 files"), last
    assert "1 episode from 1 of 3 files" in out


def test_html_nested_100k_deep_loads_with_a_note(
    graph: Graph, tmp_path: Path, server_env: dict[str, str]
) -> None:
    deep = 100_000
    page = tmp_path / "deep.html"
    page.write_text(
        "<html><body>" + "<div>" * deep + "the innermost words" + "</div>" * deep + "</body>"
    )
    code, out, err = kg(server_env, "load", "docs", str(page), "--json")
    assert code == 0, out + err
    report = json.loads(out)
    assert report["status"] == "complete" and report["elements"] == {"Paragraph": 1}
    [note] = report["notes"]
    assert note["input"] == str(page)
    assert note["note"].startswith(f"nested more than {MAX_DEPTH} elements deep: ")
    text = graph.read_text("MATCH (p:Paragraph) RETURN p.text AS text")
    assert [row["text"] for row in text] == ["the innermost words"]


def test_a_ui_dump_an_episode_uses_is_not_listed(
    graph: Graph, tmp_path: Path, server_env: dict[str, str]
) -> None:
    """A real Rico view hierarchy beside the JSONL episode that reads it: one input loaded."""
    shutil.copy(FIXTURES / "episodes" / "real" / "rico" / "525.json", tmp_path / "525.json")
    step = {"observation": {"ui_dump": "525.json"}, "action": {"kind": "tap", "point": [300, 160]}}
    line = {"id": "rico-1", "platform": "android", "task": "Pick a photo", "steps": [step]}
    (tmp_path / "run.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    code, out, err = kg(server_env, "load", "episodes", str(tmp_path), "--json")
    report = json.loads(out)
    assert code == 0 and report["status"] == "complete", out + err
    assert report["inputs"] == 1 and report["failed"] == [] and report["episodes"] == 1


def test_episode_folders_say_what_every_file_was(
    graph: Graph, tmp_path: Path, server_env: dict[str, str]
) -> None:
    """A real AitZ episode with its screenshots and a real LlamaTouch trace, each with a real
    CSV beside it (AutoDroid's task list): screenshots, UI dumps and a trace's own files are
    used, not skipped; the CSVs are warned about as ``kg load docs`` warns of its files."""
    folder = tmp_path / "episodes"
    shutil.copytree(require_shared(AITZ.parent), folder / "aitz")
    shutil.copytree(require_shared(TRACE), folder / "trace_18")
    tasks = require_shared(SHARED_DATA / "gui" / "autodroid_utg" / "droidtask_tasks.csv")
    shutil.copy(tasks, folder / "aitz" / tasks.name)
    shutil.copy(tasks, folder / "trace_18" / "notes.csv")
    not_read = (
        "not an episode format: '.csv' (supported: .json, .jsonl, .yaml, .yml, trace folders)"
    )

    code, out, err = kg(server_env, "load", "episodes", str(folder))
    assert code == 0, out + err
    lines = out.strip().splitlines()
    assert "9 screenshots used by episodes" in lines  # 4 of AitZ, 5 of the trace
    assert "5 UI dumps used by episodes" in lines  # the trace's N.xml
    assert "18 files of trace folders (events, instruction, each screen's files)" in lines
    assert lines[-1] == "Partly loaded: 2 of 4 files."
    assert "2 episodes from 2 of 4 files" in out
    warned = [line for line in err.splitlines() if line.startswith("Warning: ")]
    assert warned == [
        f"Warning: {folder / 'aitz' / tasks.name}: {not_read}",
        f"Warning: {folder / 'trace_18' / 'notes.csv'}: {not_read}",
    ]

    code, out, err = kg(server_env, "load", "episodes", str(folder), "--json")
    report = json.loads(out)
    assert code == 0 and report["status"] == "partial", out + err
    assert report["inputs"] == 4 and report["episodes"] == 2 and report["failed"] == []
    assert report["warnings"] == [
        {"input": str(folder / "aitz" / tasks.name), "reason": not_read},
        {"input": str(folder / "trace_18" / "notes.csv"), "reason": not_read},
    ]
    used = report["used"]
    assert sorted(Path(f).name for f in used["screenshots"]) == sorted(
        [*(p.name for p in (folder / "aitz").glob("*.png")), *(f"{n}.png" for n in range(5))]
    )
    assert sorted(Path(f).name for f in used["ui_dumps"]) == [f"{n}.xml" for n in range(5)]
    trace_files = {Path(f).name for f in used["trace_files"]}
    assert {"eventStructs.txt", "instruction.txt", "0.activity", "2.ess", "4.vh"} <= trace_files
    # every file of the folder is named once: loaded, used, or warned about
    named = [
        *(f for f in report["loaded"] if Path(f).is_file()),
        *(f for files in used.values() for f in files),
        *(w["input"] for w in report["warnings"]),
    ]
    every = [p for p in folder.rglob("*") if p.is_file()]
    assert sorted(str(Path(f).resolve()) for f in named) == sorted(str(p.resolve()) for p in every)

    code, out, err = kg(server_env, "load", "episodes", str(folder), "--json", "--strict")
    assert code == 3 and json.loads(out)["status"] == "partial", out + err
