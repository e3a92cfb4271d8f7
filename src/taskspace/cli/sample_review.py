"""``kg sample review FILE``: read sampled tasks beside what they came from, and judge them.

Writes ``<FILE stem>.review.html`` (one self-contained page: per task the prompt, the gold,
the grounding subgraph and the source excerpt or screenshot, and a verdict form). With
``--serve`` the page is served on 127.0.0.1 and every verdict is saved at once to
``<FILE stem>.review.jsonl``; ``--import`` records verdicts downloaded from a page opened
as a file; ``--summary`` prints valid / judged per kind and the invalid ones per reason;
``--to-graph`` writes the verdicts onto the ``:Task`` nodes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.output import json_option, print_json, print_line, print_table


@click.command("review")
@click.argument(
    "tasks_files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path)
)
@click.option("--serve", is_flag=True, help="Serve the page on 127.0.0.1 and save verdicts.")
@click.option("--port", default=7676, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--import",
    "imported",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="Record the verdicts of a JSONL file downloaded from the page.",
)
@click.option("--summary", is_flag=True, help="Valid / judged per kind and reason; no page.")
@click.option("--to-graph", is_flag=True, help="Also write the verdicts onto the :Task nodes.")
@json_option
def review(
    tasks_files: tuple[Path, ...],
    serve: bool,
    port: int,
    imported: Path | None,
    summary: bool,
    to_graph: bool,
    as_json: bool,
) -> None:
    """Judge the tasks of TASKS_FILES (valid, or invalid and why) on a page that shows each
    task beside its source; several files only with --summary or --to-graph."""
    from taskspace.core.errors import UserError
    from taskspace.tasks.review.verdicts import verdicts_path

    for path in tasks_files:
        if not path.is_file():
            raise UserError(f"{path}: no such tasks file")
    if summary or (to_graph and not (serve or imported)):
        _summary_and_graph(tasks_files, summary, to_graph, as_json)
        return
    if len(tasks_files) > 1:
        raise UserError("one tasks file at a time (several only with --summary or --to-graph)")
    tasks_file = tasks_files[0]
    if imported is not None:
        _import(tasks_file, imported, as_json)
    elif serve:
        _serve(tasks_file, port)
    else:
        written = _write_page(tasks_file)
        if as_json:
            print_json({"page": str(written), "verdicts": str(verdicts_path(tasks_file))})
            return
        print_line(f"Review page: {written}")
        print_line(
            f"To save verdicts as you go: kg sample review {tasks_file} --serve "
            f"(they go to {verdicts_path(tasks_file)})"
        )
    if to_graph:
        _summary_and_graph(tasks_files, False, True, as_json)


def _tasks(tasks_file: Path) -> list[Any]:
    from taskspace.core.errors import UserError
    from taskspace.tasks.store import read_tasks_file

    tasks, bad = read_tasks_file(tasks_file)
    if not tasks:
        raise UserError(f"{tasks_file} holds no task" + (f" ({bad[0]})" if bad else ""))
    return tasks


def _page_maker(tasks_file: Path) -> Any:
    """A function token -> page HTML; the evidence is read once, the verdicts each time."""
    from taskspace.tasks.review.evidence import read_evidence
    from taskspace.tasks.review.page import render_page
    from taskspace.tasks.review.verdicts import read_verdicts, verdicts_path

    tasks = _tasks(tasks_file)
    with connected_graph() as graph:
        evidence = read_evidence(graph, tasks)
    verdicts_file = verdicts_path(tasks_file)

    def page(token: str) -> str:
        verdicts = read_verdicts(verdicts_file)
        return render_page(tasks, evidence, verdicts, tasks_file, verdicts_file, token)

    return page, tasks


def _write_page(tasks_file: Path) -> Path:
    page, _ = _page_maker(tasks_file)
    target = tasks_file.with_name(f"{tasks_file.stem}.review.html")
    target.write_text(page(""), encoding="utf-8")
    return target


def _serve(tasks_file: Path, port: int) -> None:
    from taskspace.tasks.review.server import ReviewServer
    from taskspace.tasks.review.verdicts import verdicts_path

    page, tasks = _page_maker(tasks_file)
    kinds = {task.id: task.kind for task in tasks}
    server = ReviewServer(port, page, kinds, verdicts_path(tasks_file))
    print_line(f"Review {len(tasks)} tasks at {server.url} (Ctrl-C stops)")
    print_line(f"Verdicts are saved to {server.verdicts_file}")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def _import(tasks_file: Path, imported: Path, as_json: bool) -> None:
    from taskspace.core.errors import UserError
    from taskspace.tasks.review.verdicts import read_verdicts, record, verdicts_path

    kinds = {task.id: task.kind for task in _tasks(tasks_file)}
    verdicts = list(read_verdicts(imported).values())
    strangers = [v.task for v in verdicts if kinds.get(v.task) != v.kind]
    if strangers:
        raise UserError(f"{imported}: {len(strangers)} verdicts name tasks not in {tasks_file}")
    count = record(verdicts_path(tasks_file), verdicts)
    if as_json:
        print_json({"recorded": count, "verdicts": str(verdicts_path(tasks_file))})
    else:
        print_line(f"Recorded {count} verdicts in {verdicts_path(tasks_file)}.")


def _summary_and_graph(
    tasks_files: tuple[Path, ...], summary: bool, to_graph: bool, as_json: bool
) -> None:
    from taskspace.tasks.review.verdicts import read_verdicts, summarise, verdicts_path

    verdicts = {}
    kinds: list[str] = []
    for path in tasks_files:
        verdicts.update(read_verdicts(verdicts_path(path)))
        kinds += [task.kind for task in _tasks(path)]
    result: dict[str, Any] = {}
    if summary:
        result["summary"] = summarise(verdicts, sorted(set(kinds)))
        result["tasks"] = len(kinds)
    if to_graph:
        from taskspace.graph.writer import BatchedWriter

        rows = [v.model_dump() for v in verdicts.values()]
        with connected_graph() as graph:
            written = BatchedWriter(graph).write_named("review/record_verdicts", rows)
        result["task_properties_set"] = written.properties_set
    if as_json:
        print_json(result)
        return
    if summary:
        table = [
            (
                kind,
                f"{found['valid']} / {found['judged']}",
                "–" if found["valid_share"] is None else f"{found['valid_share']:.0%}",
                ", ".join(f"{r} {n}" for r, n in dict(found["invalid_by_reason"]).items()) or "–",
            )
            for kind, found in result["summary"].items()
        ]
        print_table(
            f"Verdicts on {len(verdicts)} of {len(kinds)} tasks",
            ["kind", "valid / judged", "valid", "invalid by reason"],
            table,
        )
    if to_graph:
        print_line(f"Wrote {len(verdicts)} verdicts onto :Task nodes.")
