"""Wikidata N-Triples into Neo4j: taskspace's loader against rdflib-neo4j, side by side.

Run against the configured graph (the local server by default), which must hold no
Wikidata or rdflib-neo4j nodes yet (a throwaway server is best):
    python -m bench.wikidata_bench [--file X.nt] [--batch-size 5000] [--repeat 3]
                                   [--copies N]
One untimed round of each warms the server's query plans; then the timed rounds
alternate which loader goes first. Each run loads the same file into the same server and
is cleared afterwards (our nodes by their :Source, rdflib-neo4j's :Resource nodes; its
constraint stays until the end, as a schema change empties the server's plan cache).
``--copies N`` loads N disjoint copies of the file as one, for a larger input.
``--bulk`` compares all three paths once on one file in a throwaway server of its own
(own home and ports, jars from the shared cache): the transactional loader, rdflib-neo4j,
then ``kg load wikidata --bulk`` end to end (CSV, import, server restart, schema):
    python -m bench.wikidata_bench --bulk --copies 67     # 1,000,310 triples
    python -m bench.wikidata_bench --bulk --copies 670 --peers rdflib   # 10M, without ours
    python -m bench.wikidata_bench --crossover 1,7,20,67  # where bulk beats transactional
    python -m bench.wikidata_bench --copies 67 --repeat 1 --variants  # where its time goes
``--variants`` also times our claims query with one part of the graph contract left out
(the qid property, the :Entity label, both: rdflib-neo4j's shape) and the reader alone.
The bulk figures split the CSV pass, the importer's own time on those CSVs (the
``neo4j-admin database import`` call alone), the restart and the schema; the
pure-Python CSV pass (``write_csv(fast=False)``) is timed on the same file beside them.
rdflib-neo4j is a
benchmark-only peer, not a dependency: ``pip install rdflib-neo4j``; without it the peer
is reported as missing. Prints JSON with both rates (triples per second) and the ratio.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import rdflib

from bench.load import emit, load_average, stamped
from taskspace.core.errors import UserError
from taskspace.core.resources import resource_dir
from taskspace.core.settings import Settings, load_settings
from taskspace.graph.connection import Graph
from taskspace.graph.queries import QueryLibrary
from taskspace.graph.schema import apply_schema
from taskspace.server.install import install
from taskspace.server.isolated import isolated_environment
from taskspace.server.process import start, stop
from taskspace.sources.wikidata.bulk import BULK_THRESHOLD_BYTES, bulk_load, write_csv
from taskspace.sources.wikidata.loader import (
    LoadOptions,
    LoadReport,
    file_records,
    load_files,
    open_lines,
)
from taskspace.sources.wikidata.mapping import GraphRows

FILM_SLICE = (
    Path(__file__).resolve().parents[2]
    / "shared/data/wikidata/film_kg_atai/atai_movie_kg_slice_selected.nt"
)
TARGET_RATIO = 2.0
BULK_TARGET_RATIO = 5.0
"""Bulk end to end against rdflib-neo4j on a million triples."""


def clear(graph: Graph, sources: list[str]) -> None:
    """Delete one run's nodes. Schema stays until the end: any index or constraint change
    empties the server's query-plan cache, and every later run would pay to re-plan."""
    graph.run_autocommit(graph.queries.text("wikidata/bench_clear"), sources=sources)


def run_ours(graph: Graph, file: Path, batch_size: int) -> dict[str, Any]:
    """Our transactional loader on ``file``, cleared afterwards (``graph``'s query library
    decides the Cypher: a write-cost variant's library replaces the claims query)."""
    started = time.perf_counter()
    report = load_files(graph, [file], LoadOptions(batch_size=batch_size))
    seconds = time.perf_counter() - started
    clear(graph, report.sources)
    return {
        "seconds": seconds,
        "load_average": load_average(),
        "triples": report.triples,
        "nodes_created": report.nodes_created,
        "relationships_created": report.relationships_created,
    }


def run_rdflib_neo4j(graph: Graph, file: Path, batch_size: int) -> dict[str, Any]:
    """rdflib-neo4j's streaming store, configured as its README advises for bulk loads."""
    peer = importlib.import_module("rdflib_neo4j")
    config = peer.Neo4jStoreConfig(
        batching=True,
        batch_size=batch_size,
        # Local names as labels, property keys and relationship types (P57, label, ...),
        # as our loader writes them; SHORTEN would need a prefix for every namespace.
        handle_vocab_uri_strategy=peer.HANDLE_VOCAB_URI_STRATEGY.IGNORE,
        handle_multival_strategy=peer.HANDLE_MULTIVAL_STRATEGY.OVERWRITE,
    )
    with contextlib.redirect_stdout(io.StringIO()):  # the store prints progress lines
        started = time.perf_counter()
        # The store opens itself when constructed (rdflib's Store does so when given a
        # configuration) and creates its :Resource(uri) uniqueness constraint.
        store = peer.Neo4jStore(config=config, neo4j_driver=graph.driver)
        target = rdflib.Graph(store=store)
        target.parse(file, format="nt")
        target.close(True)
        seconds = time.perf_counter() - started
    counts = graph.read_text(
        "MATCH (r:Resource) OPTIONAL MATCH (r)-[e]->() RETURN count(DISTINCT r) AS nodes, "
        "count(e) AS relationships"
    )[0]
    clear(graph, [])
    return {
        "seconds": seconds,
        "load_average": load_average(),
        "nodes_created": counts["nodes"],
        "relationships_created": counts["relationships"],
    }


def summarise(runs: list[dict[str, Any]], triples: int) -> dict[str, Any]:
    seconds = statistics.median(run["seconds"] for run in runs)
    return {
        "median_seconds": round(seconds, 3),
        "triples_per_second": round(triples / seconds),
        "best_triples_per_second": round(triples / min(run["seconds"] for run in runs)),
        "runs_seconds": [round(run["seconds"], 3) for run in runs],
        "runs_load_average": [run["load_average"] for run in runs],
        "nodes": runs[-1]["nodes_created"],
        "relationships": runs[-1]["relationships_created"],
    }


WRITE_COST_VARIANTS = ("without_qid", "without_entity_label", "rdflib_shape")
"""``--variants``: the claims query with one part of our graph contract left out
(``cypher/bench/write_cost/<name>``), to show what each part costs the server."""


def variant_graph(graph: Graph, name: str) -> Graph:
    """A second connection whose claims query is the write-cost variant ``name``."""
    root = resource_dir("cypher") / "bench" / "write_cost" / name
    return Graph(graph.settings, library=QueryLibrary([root, resource_dir("cypher")]))


def parse_seconds(file: Path) -> float:
    """Reading the file into the rows the writer sends, with no server: the Python share
    of a transactional load (the writer thread overlaps it with the server's work)."""
    report, started = LoadReport(), time.perf_counter()
    rows = GraphRows(source="bench", lang="en")
    with open_lines(file) as (lines, _):
        for record in file_records(lines, file.name, "nt", LoadOptions(), report):
            rows.add(record)
            if rows.size >= LoadOptions().flush_rows:
                rows = GraphRows(source="bench", lang="en")
    return time.perf_counter() - started


def run(file: Path, batch_size: int, repeat: int, variants: bool = False) -> dict[str, Any]:
    if not file.is_file():
        raise SystemExit(f"no such file: {file}")
    with Graph(load_settings()) as graph:
        graph.verify()
        apply_schema(graph)
        existing = graph.read("wikidata/bench_existing")[0]["count"]
        if existing:
            raise SystemExit(
                f"the database already holds {existing} Wikidata/Resource nodes; run the "
                "benchmark against an empty (throwaway) database"
            )
        try:
            importlib.import_module("rdflib_neo4j")
            peer_missing = None
        except ImportError:
            peer_missing = "rdflib-neo4j is not installed (pip install rdflib-neo4j)"
        runners = [run_ours] if peer_missing else [run_ours, run_rdflib_neo4j]
        loaders: list[Callable[[], dict[str, Any]]] = [
            partial(runner, graph, file, batch_size) for runner in runners
        ]
        shapes = [variant_graph(graph, name) for name in WRITE_COST_VARIANTS] if variants else []
        loaders += [partial(run_ours, shape, file, batch_size) for shape in shapes]
        try:
            for load in loaders:  # untimed: the server plans each loader's queries once
                load()
            timed: list[list[dict[str, Any]]] = [[] for _ in loaders]
            for round_ in range(repeat):  # alternate who goes first: both see the same load
                order = range(len(loaders)) if round_ % 2 == 0 else reversed(range(len(loaders)))
                for index in order:
                    timed[index].append(loaders[index]())
        finally:
            graph.run_autocommit(graph.queries.text("wikidata/bench_drop_rdflib_constraint"))
            for shape in shapes:
                shape.close()
        ours, theirs = timed[0], timed[len(runners) - 1] if len(runners) > 1 else []
    triples = ours[0]["triples"]
    result: dict[str, Any] = {
        "file": str(file),
        "triples": triples,
        "batch_size": batch_size,
        "repeat": repeat,
        "taskspace": summarise(ours, triples),
        "target_ratio": TARGET_RATIO,
    }
    if variants:
        result["parse_seconds"] = round(parse_seconds(file), 2)
        built = result["taskspace"]["median_seconds"]
        result["variants"] = {}
        for name, runs in zip(WRITE_COST_VARIANTS, timed[len(runners) :], strict=True):
            figures = summarise(runs, triples)
            figures["as_built_over_variant"] = round(built / figures["median_seconds"], 2)
            result["variants"][name] = figures
    if peer_missing is not None:
        result["rdflib_neo4j"] = {"missing": peer_missing}
        return result
    result["rdflib_neo4j"] = summarise(theirs, triples)
    ratio = result["taskspace"]["triples_per_second"] / result["rdflib_neo4j"]["triples_per_second"]
    result["ratio"] = round(ratio, 2)
    result["meets_target"] = ratio >= TARGET_RATIO
    return result


_QID_IRI = re.compile(r"(<http://www\.wikidata\.org/entity/Q)(\d+)>")


def _shift_qid(match: re.Match[str], shift: int) -> str:
    return f"{match.group(1)}{int(match.group(2)) + shift}>"


def scaled_copy(file: Path, copies: int, folder: Path) -> Path:
    """``copies`` disjoint copies of an N-Triples file in one: copy k adds k x 10^9 to
    every QID, so a larger input keeps the shape (and the sortedness) of the real one."""
    target = folder / f"{file.stem}_x{copies}.nt"
    with file.open(encoding="utf-8") as source:
        lines = source.readlines()
    with target.open("w", encoding="utf-8") as out:
        for k in range(copies):
            shifted = partial(_shift_qid, shift=k * 1_000_000_000)
            out.writelines(_QID_IRI.sub(shifted, line) for line in lines)
    return target


def csv_passes(file: Path) -> dict[str, Any]:
    """The CSV pass alone, fast path then pure Python (our reader alone), back to back on
    the same file: wall and CPU seconds (the CPU figure the load disturbs far less)."""
    out: dict[str, Any] = {}
    for name, fast in (("fast", True), ("reference", False)):
        with tempfile.TemporaryDirectory(prefix="kg-bench-csv-") as folder:
            wall, cpu = time.perf_counter(), time.process_time()
            write_csv([file], Path(folder), LoadOptions(), LoadReport(), fast=fast)
            out[name] = stamped(
                {
                    "seconds": round(time.perf_counter() - wall, 2),
                    "cpu_seconds": round(time.process_time() - cpu, 2),
                }
            )
    out["reference_over_fast"] = round(out["reference"]["seconds"] / out["fast"]["seconds"], 2)
    return out


PEERS = {
    "all": ("transactional", "rdflib"),
    "transactional": ("transactional",),
    "rdflib": ("rdflib",),
    "none": (),
}
"""``--peers``: which loaders run before the bulk path on the same file."""


def run_peer(graph: Graph, file: Path, batch_size: int) -> tuple[dict[str, Any] | None, bool]:
    """rdflib-neo4j's run on ``file`` (its constraint dropped afterwards), or whether it is
    missing."""
    try:
        importlib.import_module("rdflib_neo4j")
    except ImportError:
        return None, True
    theirs = stamped(run_rdflib_neo4j(graph, file, batch_size))
    graph.run_autocommit(graph.queries.text("wikidata/bench_drop_rdflib_constraint"))
    return theirs, False


def run_bulk_comparison(
    file: Path, batch_size: int, peers: str = "all", reference: bool = True
) -> dict[str, Any]:
    """One run of each path on ``file`` in a throwaway server; bulk last (it replaces the
    database, and its time includes the server restart and the schema). ``peers`` names the
    loaders run before it (``PEERS``): at 10M triples our transactional loader would take
    most of an hour and answers no question of the bulk target, so ``rdflib`` skips it;
    ``reference`` also times the pure-Python CSV pass on the same file. Each figure carries
    the load average at the moment it was measured."""
    ours: dict[str, Any] | None = None
    theirs: dict[str, Any] | None = None
    peer_missing = False
    with tempfile.TemporaryDirectory(prefix="kg-bench-") as home:
        environment = isolated_environment(Path(home))
        settings = Settings(**environment)  # type: ignore[arg-type]
        install(settings.local)
        start(settings)
        try:
            if PEERS[peers]:
                with Graph(settings) as graph:
                    apply_schema(graph)
                    if "transactional" in PEERS[peers]:
                        ours = stamped(run_ours(graph, file, batch_size))
                    if "rdflib" in PEERS[peers]:
                        theirs, peer_missing = run_peer(graph, file, batch_size)
            started = time.perf_counter()
            bulk = bulk_load(settings, [file], LoadOptions(batch_size=batch_size))
            seconds = time.perf_counter() - started
            bulk_load_average = load_average()
        finally:
            stop(settings)
    triples = bulk.report.triples
    result: dict[str, Any] = {
        "file": str(file),
        "triples": triples,
        "load_average": load_average(),
        "bulk": {
            **_rate(seconds, triples),
            "csv_seconds": round(bulk.csv_seconds, 2),
            "import_seconds": round(bulk.import_seconds, 2),
            "restart_seconds": round(bulk.restart_seconds, 2),
            "schema_seconds": round(bulk.schema_seconds, 2),
            "csv_over_import": round(bulk.csv_seconds / max(bulk.import_seconds, 1e-9), 2),
            "nodes": bulk.report.nodes_created,
            "relationships": bulk.report.relationships_created,
            "load_average": bulk_load_average,
        },
        "target_ratio_over_rdflib_neo4j": BULK_TARGET_RATIO,
    }
    if reference:
        result["csv_passes"] = csv_passes(file)
    if ours is not None:
        result["transactional"] = {
            **_rate(ours["seconds"], triples),
            "load_average": ours["load_average"],
        }
        result["bulk_over_transactional"] = round(ours["seconds"] / seconds, 2)
    if theirs is not None:
        result["rdflib_neo4j"] = {
            **_rate(theirs["seconds"], triples),
            "load_average": theirs["load_average"],
        }
        ratio = theirs["seconds"] / seconds
        result["bulk_over_rdflib_neo4j"] = round(ratio, 2)
        result["meets_target"] = ratio >= BULK_TARGET_RATIO
    elif peer_missing:
        result["rdflib_neo4j"] = {"missing": "rdflib-neo4j is not installed"}
    else:
        result["rdflib_neo4j"] = {"skipped": f"--peers {peers}"}
    return result


def crossover(file: Path, batch_size: int, sizes: list[int], folder: Path) -> dict[str, Any]:
    """Transactional against bulk (end to end) at each size in copies of ``file``: where
    bulk, with its fixed restart and schema cost, starts to win (``--bulk-above``)."""
    rows = []
    for copies in sizes:
        target = scaled_copy(file, copies, folder) if copies > 1 else file
        run = run_bulk_comparison(target, batch_size, peers="transactional", reference=False)
        megabytes = target.stat().st_size / 2**20
        # the path `kg load wikidata` takes by itself on an empty local database
        auto = "bulk" if target.stat().st_size >= BULK_THRESHOLD_BYTES else "transactional"
        auto_seconds = run["bulk"]["seconds"] if auto == "bulk" else run["transactional"]["seconds"]
        rows.append(
            {
                "copies": copies,
                "triples": run["triples"],
                "megabytes": round(megabytes, 1),
                "transactional_seconds": run["transactional"]["seconds"],
                "bulk_seconds": run["bulk"]["seconds"],
                "bulk_fixed_seconds": round(
                    run["bulk"]["restart_seconds"] + run["bulk"]["schema_seconds"], 2
                ),
                "bulk_over_transactional": run["bulk_over_transactional"],
                "automatic_path": auto,
                "automatic_over_transactional": round(
                    run["transactional"]["seconds"] / auto_seconds, 2
                ),
                "load_average": run["bulk"]["load_average"],
            }
        )
        if copies > 1:
            target.unlink()
    return {"file": str(file), "crossover": rows}


def _rate(seconds: float, triples: int) -> dict[str, Any]:
    return {"seconds": round(seconds, 2), "triples_per_second": round(triples / seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--file", type=Path, default=FILM_SLICE)
    parser.add_argument("--batch-size", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--copies", type=int, default=1, help="load N disjoint copies of the file as one"
    )
    parser.add_argument(
        "--bulk", action="store_true", help="bulk vs rdflib-neo4j vs transactional, one run"
    )
    parser.add_argument(
        "--peers",
        choices=sorted(PEERS),
        default="all",
        help="with --bulk: the loaders timed before it (rdflib: rdflib-neo4j alone)",
    )
    parser.add_argument(
        "--no-peers",
        dest="peers",
        action="store_const",
        const="none",
        help="with --bulk: time the bulk path alone (--peers none)",
    )
    parser.add_argument(
        "--no-reference",
        action="store_true",
        help="with --bulk: skip timing the pure-Python CSV pass on the same file",
    )
    parser.add_argument(
        "--variants",
        action="store_true",
        help="also time the claims query without qid, without :Entity and in rdflib-neo4j's "
        "shape, and the reader alone (where the transactional loader's time goes)",
    )
    parser.add_argument(
        "--crossover",
        default="",
        help="comma-separated copies (1,7,20,67): transactional vs bulk at each size",
    )
    args = parser.parse_args()
    try:
        with tempfile.TemporaryDirectory() as folder:
            file = args.file
            if not file.is_file():  # before --bulk starts a server of its own
                raise SystemExit(f"no such file: {file}")
            if args.copies > 1:
                file = scaled_copy(file, args.copies, Path(folder))
            if args.crossover:
                sizes = [int(part) for part in args.crossover.split(",")]
                result = crossover(args.file, args.batch_size, sizes, Path(folder))
            elif args.bulk:
                result = run_bulk_comparison(
                    file, args.batch_size, args.peers, not args.no_reference
                )
            else:
                result = run(file, args.batch_size, args.repeat, args.variants)
            emit(result)
    except UserError as exc:
        raise SystemExit(f"Error: {exc}") from exc


if __name__ == "__main__":
    main()
