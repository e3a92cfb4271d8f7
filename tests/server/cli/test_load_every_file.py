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
    assert "1 episodes from 1 of 3 files" in out


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
