"""bench.scoring_bench runs as a user runs it: with --docs, with --tasks alone, from anywhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from bench import scoring_bench

from taskspace.tasks.store import write_jsonl
from tests.support.locations import FIXTURES, REPO

KEYS = {"tasks", "answers", "answers_per_second", "target", "text_from", "load_average"}


def sampled_file(tmp_path: Path) -> Path:
    """A tasks file like ``kg sample doc`` writes, built from a real Markdown fixture."""
    paragraphs = scoring_bench.paragraphs_of(FIXTURES / "documents")
    path = tmp_path / "tasks.jsonl"
    write_jsonl(scoring_bench.tasks_from_paragraphs(paragraphs), path)
    return path


def test_tasks_alone_take_their_text_from_the_tasks_when_shared_data_is_absent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tasks = sampled_file(tmp_path)
    monkeypatch.setattr(scoring_bench, "DEFAULT_DOCS", tmp_path / "no-shared-here")
    assert scoring_bench.main(["--tasks", str(tasks), "--answers", "60", "--repeat", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result.keys() >= KEYS
    assert result["answers"] == 60
    assert result["text_from"] == str(tasks)
    assert len(result["load_average"]) == 3


def test_every_check_kind_is_scored_from_documents_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    docs = FIXTURES / "documents"
    assert scoring_bench.main(["--docs", str(docs), "--answers", "50", "--repeat", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result.keys() >= KEYS
    assert result["text_from"] == str(docs)
    assert result["successes"] > 0


def test_a_missing_folder_or_file_is_named_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"--docs .*absent: no such folder"):
        scoring_bench.main(["--docs", str(tmp_path / "absent")])
    with pytest.raises(SystemExit, match=r"--tasks .*absent\.jsonl: no such file"):
        scoring_bench.main(["--tasks", str(tmp_path / "absent.jsonl")])


def test_it_runs_from_another_directory(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "src")])}
    docs = FIXTURES / "documents"
    run = subprocess.run(
        [sys.executable, "-m", "bench.scoring_bench", "--docs", str(docs), "--answers", "30"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["answers"] == 30
