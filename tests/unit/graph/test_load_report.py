"""One load report and one progress bar for every loader (#25), without a server.

Every source's report is the one :class:`LoadReport` with its own counts after the shared
ones, so ``--json`` spells the shared fields the same way for every ``kg load``; the CLI's
one bar draws on a terminal, plain lines at intervals in a pipe.
"""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

import pytest
from rich.console import Console
from rich.progress import ProgressColumn

from taskspace.cli import outcome
from taskspace.cli.outcome import STRICT_EXIT, LoadOutcome, print_bad_records, write_bad_records
from taskspace.cli.progress import BarProgress, LineProgress, progress_bar
from taskspace.core.progress import QUIET
from taskspace.graph.load_report import BadRecord, Failure, LoadReport
from taskspace.graph.writer import WriteSummary
from taskspace.sources.documents.loader import LoadReport as DocumentLoadReport
from taskspace.sources.episodes.loader import EpisodeLoadReport
from taskspace.sources.web.crawl import FailedPage
from taskspace.sources.web.loader import LoadedPage, WebLoadReport
from taskspace.sources.wikidata.apps import AppsReport
from taskspace.sources.wikidata.loader import LoadReport as WikidataLoadReport
from taskspace.sources.wikidata.terms import ParseIssue

SHARED = {
    "inputs",
    "loaded",
    "failed",
    "errors",
    "nodes_created",
    "relationships_created",
    "seconds",
}


def _every_report() -> list[LoadReport]:
    documents = DocumentLoadReport(loaded=["a.md"])
    documents.fail("b.pdf", "truncated")
    documents.warnings.append(Failure("menu.html", "almost no text left after cleaning"))
    wikidata = WikidataLoadReport(loaded=["films.nt"])
    wikidata.issue(ParseIssue("films.nt", 3, "not a triple"))
    web = WebLoadReport(start_url="http://x/", site_id="site:x", source_id="src")
    web.add_page(LoadedPage("http://x/", "Home", 0, 12))
    web.add_failure(FailedPage("http://x/gone", 1, "HTTP 404"))
    episodes = EpisodeLoadReport(loaded=["good.jsonl"])
    episodes.errors += [("good.jsonl", "7", "no steps"), ("cut.json", None, "not JSON")]
    episodes.settle()
    return [documents, wikidata, web, episodes, AppsReport(loaded=["apps.yaml"])]


def test_every_loader_reports_the_shared_counts_under_one_spelling() -> None:
    for report in _every_report():
        report.add_write(WriteSummary(nodes_created=3, relationships_created=2))
        data = report.as_dict()
        assert set(data) >= SHARED, type(report).__name__
        assert (data["nodes_created"], data["relationships_created"]) == (3, 2)
        assert isinstance(data["errors"], int) and isinstance(data["loaded"], list)
        assert all(set(entry) >= {"input", "reason"} for entry in data["failed"])
        for old in ("files", "failed_files", "created_nodes", "created_relationships"):
            assert old not in data, (type(report).__name__, old)


def test_the_outcome_reads_the_shared_counts_of_any_report() -> None:
    documents, wikidata, web, episodes, apps = _every_report()
    assert LoadOutcome.of(documents).message == "Partly loaded: 1 of 3 files."
    assert LoadOutcome.of(wikidata).message == (
        "Partly loaded: 1 of 1 files, 1 record(s) skipped (see above)."
    )
    assert LoadOutcome.of(web, "pages").message == "Partly loaded: 1 of 2 pages."
    assert web.as_dict()["failed"] == [{"input": "http://x/gone", "reason": "HTTP 404", "depth": 1}]
    # a file that could not be read at all is a failed input; a bad record is skipped
    assert episodes.failed == [Failure("cut.json", "not JSON")] and episodes.error_count == 1
    assert LoadOutcome.of(apps).message == "Loaded: all 1 files."


def test_a_pipe_gets_plain_lines_and_json_nothing() -> None:
    out = io.StringIO()
    piped = Console(file=out, force_terminal=False)
    with progress_bar(True, piped) as progress:
        assert isinstance(progress, LineProgress)
        progress.start("documents", 1009)
        progress.advance(120)  # within the interval: no line
        progress.start("films.nt", 4096, unit="bytes")
        progress.advance(1024)
    assert out.getvalue().splitlines() == [
        "documents: 0/1009 (0%), 0 s",
        "documents: 120/1009 (11%), 0 s",
        "films.nt: 0 B/4.0 KiB (0%), 0 s",
        "films.nt: 1.0 KiB/4.0 KiB (25%), 0 s",
    ]
    terminal = Console(file=io.StringIO(), force_terminal=True)
    with progress_bar(False, terminal) as progress:
        assert progress is QUIET
    assert terminal.file.getvalue() == ""  # type: ignore[attr-defined]


def test_the_one_bar_counts_items_and_bytes_and_ends_open_runs() -> None:
    out = io.StringIO()
    terminal = Console(file=out, force_terminal=True, width=160)
    with progress_bar(True, terminal) as progress:
        assert isinstance(progress, BarProgress)
        progress.start("documents", 5)
        progress.advance(3)
        progress.describe("spec.md: part 2 of 4")
        items = progress.bar.tasks[0]
        progress.start("films.nt", 2048, unit="bytes")
        progress.advance(1024)
        progress.start("importing (the server stops meanwhile)", None)
        progress.start("applying the schema", None)
        stage = progress.bar.tasks[2]
        progress.describe("x" * 200)
        assert (items.completed, items.total, items.description) == (3, 5, "spec.md: part 2 of 4")
        assert progress.bar.tasks[1].fields["unit"] == "bytes"
        assert stage.finished  # a run of unknown length ends when the next one starts
        assert len(progress.bar.tasks[3].description) == 90
        count = progress.bar.columns[3]
        assert isinstance(count, ProgressColumn)
        assert str(count.render(items)) == "3/5"
        assert str(count.render(progress.bar.tasks[1])) == "1.0/2.0 kB"
    assert "spec.md: part 2 of 4" in out.getvalue()  # drawn on the terminal, then taken away


def test_a_pipe_gets_a_line_at_each_interval_with_what_is_being_done() -> None:
    out = io.StringIO()
    lines = LineProgress(out, seconds=0)
    lines.start("episodes", None)
    lines.advance(2)
    lines.describe("gui.jsonl")
    lines.end()
    lines.end()  # once only
    assert out.getvalue().splitlines() == [
        "episodes: 0, 0 s",
        "episodes: 2, 0 s",
        "episodes: 2, 0 s — gui.jsonl",
        "episodes: 2, 0 s",
    ]


def test_strict_makes_only_a_partial_load_exit_3_and_the_last_line_names_the_list() -> None:
    """#27: a partial load exits 0, or 3 with --strict; nothing loaded stays 1."""
    listed = Path("/tmp/load-x-bad-records.jsonl")
    partial = LoadReport(loaded=["a.nt"], error_count=2)
    assert LoadOutcome.of(partial).exit_code == 0
    strict = LoadOutcome.of(partial, records_file=listed, strict=True)
    assert (strict.status, strict.exit_code) == ("partial", STRICT_EXIT) and STRICT_EXIT == 3
    assert strict.message == (
        f"Partly loaded: 1 of 1 files, 2 record(s) skipped (all listed in {listed})."
    )
    assert strict.as_dict()["bad_records_file"] == str(listed)
    assert LoadOutcome.of(LoadReport(loaded=["a.nt"]), strict=True).exit_code == 0
    nothing = LoadReport(failed=[Failure("b.nt", "not text")])
    assert LoadOutcome.of(nothing, strict=True).exit_code == 1


def test_a_bad_record_is_located_as_compilers_print_it() -> None:
    assert BadRecord("f.nt", 3, "bad IRI").located() == "f.nt:3: bad IRI"
    assert BadRecord("w.json", "ep-1", "no steps").as_dict("record") == {
        "file": "w.json",
        "record": "ep-1",
        "reason": "no steps",
    }
    assert BadRecord("w.json", None, "cut").located() == "w.json: cut"


def test_without_a_writable_home_every_bad_record_is_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No file to name (a read-only home): the records are all printed instead."""
    home = tmp_path / "home"
    home.write_text("a file where the home folder should be")
    monkeypatch.setenv("TASKSPACE_HOME", str(home))
    records = [BadRecord("f.nt", line, "bad IRI") for line in range(1, 31)]
    assert write_bad_records(records) is None
    out = io.StringIO()
    monkeypatch.setattr(outcome, "console", Console(file=out, width=80))
    print_bad_records(records, None)
    assert out.getvalue().splitlines()[1:] == [f"  f.nt:{n}: bad IRI" for n in range(1, 31)]
    monkeypatch.setenv("TASKSPACE_HOME", str(tmp_path / "writable"))
    listed = write_bad_records(records)
    assert listed is not None and listed.parent == (tmp_path / "writable" / "logs").resolve()
    assert len(listed.read_text().splitlines()) == 30


def test_a_pipe_gets_lines_while_a_loader_is_inside_one_long_step() -> None:
    """Nothing is reported while one large file is parsed, yet lines keep coming."""
    out = io.StringIO()
    lines = LineProgress(out, seconds=0.1)
    lines.start("documents", 1)
    lines.describe("big.md: chunks and entities")
    time.sleep(0.5)  # the loader, busy in one call
    lines.close()
    printed = out.getvalue().splitlines()
    assert printed[0] == "documents: 0/1 (0%), 0 s"
    during = [line for line in printed if line.endswith(" s — big.md: chunks and entities")]
    assert len(during) >= 2  # the interval passed several times without a report
    assert re.fullmatch(r"documents: 0/1 \(0%\), \d+ s", printed[-1])
    time.sleep(0.3)
    assert out.getvalue().splitlines() == printed  # closed: the thread prints no more
