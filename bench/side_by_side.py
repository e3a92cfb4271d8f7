"""Every speed target of the summary table in one run, side by side, load average beside each.

    python -m bench.side_by_side --out bench-results [--only STEP ...] \
        [--vectors V.npy --text DIR ...]

Figures taken on different days under different loads cannot be compared, so this runs the
benches one after the other, as a user would (``python -m bench.…``), and keeps what each
printed: its JSON in ``OUT/STEP.json``, its progress lines in ``OUT/STEP.log``. The end is one
table: each step, the command that reproduces it, the figures its target is judged by, and the
load average when it finished (every bench also stamps each of its own figures).

Steps, in order (``--only`` picks some):

- ``embeddings``: ONNX Runtime and OpenVINO against PyTorch on the shared documents'
  chunks, with each backend's arithmetic rate against the machine's own matrix-multiply
  peak; then
  ``bench.quantize_probe``: how much speed int8 adds before the vectors leave cosine 0.99.
- ``wikidata_1m``: 1M triples (the film slice 67 times): transactional, rdflib-neo4j, then
  ``--bulk`` end to end, with the CSV pass beside the importer's own time on the same CSVs.
- ``wikidata_10m``: 10M triples: rdflib-neo4j against ``--bulk`` (our transactional loader
  would take most of an hour and is not what the 10M target compares).
- ``wikidata_auto``: 7, 14 and 27 copies (104k to 403k triples), transactional against bulk,
  and the path ``kg load wikidata`` picks by itself at each size.
- ``sampling``: a throwaway server with the shared documents and the MkDocs site, grown by
  copies of the documents to about 10k, 100k and 1M nodes; ``bench.sampling_bench`` at each
  size, after untimed samples until the rate stops rising (``--warm-up``: the server
  compiles its hot paths in its first minutes and re-plans as a grown graph's statistics
  change).
- ``retrieval``: a throwaway server with ``--chunks`` real text chunks; p95 and recall@10
  against exact search for several candidate pools, FAISS flat beside them. The vectors come
  from ``--vectors`` when it holds them (embedding 100k chunks takes about 40 minutes on two
  cores), else they are embedded and saved there.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.entry import run_main
from bench.load import load_line
from taskspace.core.settings import Settings
from taskspace.server.install import install
from taskspace.server.isolated import free_port, isolated_environment
from taskspace.server.process import start, stop

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
KG = Path(sys.executable).with_name("kg")
SERVER_MEMORY = {"TASKSPACE_NEO4J_HEAP": "1500m", "TASKSPACE_NEO4J_PAGECACHE": "1000m"}
"""Large enough for ``entity_synthesis`` at 100k nodes and a 100k-vector index."""


@dataclass
class Outcome:
    step: str
    command: str
    figures: str
    load: str


def bench(out: Path, step: str, args: list[str], env: dict[str, str] | None = None) -> Any:
    """Run ``python -m bench.X ARGS``; its JSON (the last document it printed) or None."""
    command = [sys.executable, "-m", *args]
    print(f"[{time.strftime('%H:%M:%S')}] {step}: {' '.join(args)}", flush=True)
    with (out / f"{step}.log").open("w") as log:
        done = subprocess.run(
            command,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            env={**os.environ, **(env or {})},
            check=False,
        )
    (out / f"{step}.json").write_text(done.stdout)
    if done.returncode:
        print(f"  {step} exited {done.returncode}; see {out / f'{step}.log'}", flush=True)
        return None
    return last_json(done.stdout)


def last_json(text: str) -> Any:
    """The last indented JSON document of a bench's output (progress lines may precede it)."""
    lines = text.splitlines()
    starts = [index for index, line in enumerate(lines) if line in ("{", "[")]
    return json.loads("\n".join(lines[starts[-1] :])) if starts else None


def kg(args: list[str], env: dict[str, str], out: Path) -> None:
    """One ``kg`` command against the throwaway server, its output in ``OUT/setup.log``; a
    failure stops the run."""
    with (out / "setup.log").open("a") as log:
        log.write(f"$ kg {' '.join(args)}\n")
        log.flush()
        subprocess.run(
            [str(KG), *args], env={**os.environ, **env}, stdout=log, stderr=log, check=True
        )


@contextmanager
def throwaway_server(out: Path) -> Iterator[dict[str, str]]:
    """A local server of its own (home, ports, 1.5 GB heap), removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="kg-side-") as home:
        env = {**isolated_environment(Path(home)), **SERVER_MEMORY}
        settings = Settings(**env)  # type: ignore[arg-type]
        install(settings.local)
        start(settings)
        try:
            kg(["init"], env, out)
            yield env
        finally:
            stop(settings)


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` over HTTP on 127.0.0.1 (the saved site, as ``kg load web`` crawls it)."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait()


def ratio(numerator: float | None, denominator: float | None) -> str:
    if not numerator or not denominator:
        return "n/a"
    return f"{numerator / denominator:.2f}×"


def load_of(result: Any) -> str:
    if isinstance(result, dict) and "load_average" in result:
        return " ".join(str(value) for value in result["load_average"])
    return "n/a"


def embeddings(out: Path, args: argparse.Namespace) -> list[Outcome]:
    command = ["bench.embedding_bench", "--rounds", "2"]
    result = bench(out, "embeddings", command)
    if not result:
        return [Outcome("embeddings", " ".join(command), "failed", "n/a")]
    rates = result["median_chunks_per_s"]
    arithmetic = result.get("gflops_per_s", {})
    figures = (
        f"ONNX {rates['onnx']} against PyTorch {rates['torch']} chunks/s "
        f"(**{result['speedup']}×**); GFLOP/s ONNX {arithmetic.get('onnx')}, PyTorch "
        f"{arithmetic.get('torch')}, matrix-multiply peak {result.get('peak_gflops_per_s')}; "
        f"cosine min {result['cosine_min']}; recall@10 {recalls(result['recall_at_10'])}"
    )
    if "openvino" in rates:
        figures += (
            f"; OpenVINO ({result.get('openvino_precision')}) {rates['openvino']} chunks/s "
            f"(**{result['speedup_by_backend']['openvino']}×** PyTorch), cosine min "
            f"{result['cosine_by_backend']['openvino']['min']}"
        )
    int8 = rows_step(
        out,
        ("embeddings_int8", "embeddings, int8"),
        ["bench.quantize_probe", "--rounds", "2"],
        "recipes",
        lambda row: (
            f"{row['recipe']}: {row['int8_share_of_weights']:.0%} of the weights, "
            f"{row['speed_over_fp32']}× fp32 ONNX, cosine min {row['cosine_min']}, "
            f"recall@10 {row['recall_at_10']}"
        ),
    )
    return [Outcome("embeddings", " ".join(command), figures, load_of(result)), int8]


def recalls(by_backend: dict[str, float] | float) -> str:
    """Recall@10 per backend, said once when every backend has the same."""
    if not isinstance(by_backend, dict):
        return str(by_backend)
    if len(set(by_backend.values())) == 1:
        return f"{next(iter(by_backend.values()))} (every backend)"
    return ", ".join(f"{name} {value}" for name, value in by_backend.items())


def rows_step(
    out: Path,
    names: tuple[str, str],
    command: list[str],
    key: str,
    describe: Callable[[dict[str, Any]], str],
) -> Outcome:
    """A bench whose JSON lists one row per setting under ``key``: one line per row, joined.
    ``names`` are the step's file name and its label in the table."""
    result = bench(out, names[0], command)
    figures = "; ".join(describe(row) for row in (result or {}).get(key, []))
    return Outcome(names[1], " ".join(command), figures or "failed", load_of(result))


def wikidata(out: Path, args: argparse.Namespace) -> list[Outcome]:
    outcomes = []
    for step, extra in (
        ("wikidata_1m", ["--copies", "67"]),
        ("wikidata_10m", ["--copies", "670", "--peers", "rdflib", "--no-reference"]),
    ):
        command = ["bench.wikidata_bench", "--bulk", *extra]
        result = bench(out, step, command)
        outcomes.append(Outcome(step, " ".join(command), bulk_figures(result), load_of(result)))
    auto = rows_step(
        out,
        ("wikidata_auto", "wikidata_auto"),
        ["bench.wikidata_bench", "--crossover", "7,14,27"],
        "crossover",
        lambda row: (
            f"{row['triples']:,} triples ({row['megabytes']} MB): bulk "
            f"{row['bulk_over_transactional']}× transactional, picks {row['automatic_path']} "
            f"({row['automatic_over_transactional']}×)"
        ),
    )
    return [*outcomes, auto]


def bulk_figures(result: Any) -> str:
    if not result:
        return "failed"
    bulk = result["bulk"]
    parts = [
        f"{result['triples']:,} triples: bulk {bulk['seconds']} s (CSV {bulk['csv_seconds']}, "
        f"import {bulk['import_seconds']}, restart {bulk['restart_seconds']}, schema "
        f"{bulk['schema_seconds']})"
    ]
    for name, key in (("rdflib-neo4j", "rdflib_neo4j"), ("transactional", "transactional")):
        peer = result.get(key, {})
        if "seconds" in peer:
            parts.append(f"{name} {peer['seconds']} s ({ratio(peer['seconds'], bulk['seconds'])})")
        elif "missing" in peer:
            parts.append(f"{name} not run: {peer['missing']} (pip install rdflib-neo4j)")
    if "transactional" in result and "rdflib_neo4j" in result:
        ours, theirs = result["transactional"], result["rdflib_neo4j"]
        if "seconds" in theirs:
            parts.append(
                f"transactional over rdflib-neo4j {ratio(theirs['seconds'], ours['seconds'])}"
            )
    parts.append(f"CSV pass / importer {bulk['csv_over_import']}")
    return "; ".join(parts)


def sampling(out: Path, args: argparse.Namespace) -> list[Outcome]:
    outcomes, results = [], []
    with throwaway_server(out) as env:
        kg(["load", "docs", str(SHARED / "documents"), "--json"], env, out)
        with served(SHARED / "web" / "mkdocs_org_site") as url:
            kg(["load", "web", url, "--json"], env, out)
        first = 1
        for copies in args.copies:
            grow = ["bench.sampling_graph", "--copies", str(copies - first + 1)]
            grow += ["--first", str(first)]
            bench(out, f"sampling_graph_{copies}", grow, env)
            first = copies + 1
            # Untimed samples first until the rate stops rising: a server that has just
            # started, or a graph that has just grown, is still compiling and re-planning
            # (three untimed samples on a new 10k graph left documents at 145 tasks/s; a
            # minute later the same server gave 173 on a graph ten times larger).
            command = ["bench.sampling_bench", "--count", "50", "--repeat", "3", "--queries"]
            command += ["--warm-up", str(args.warm_up)]
            result = bench(out, f"sampling_{copies}", command, env)
            results.append(result)
            outcomes.append(
                Outcome(
                    f"sampling ({copies} copies)",
                    " ".join(grow) + " && " + " ".join(command),
                    sampling_figures(result),
                    load_of(result),
                )
            )
    if len(results) > 1:
        growth = cost_growth(results[0], results[-1])
        outcomes.append(Outcome("sampling cost, smallest to largest graph", "above", growth, ""))
    return outcomes


def cost_growth(small: Any, large: Any) -> str:
    """How much more a task costs on the large graph than on the small one, per kind (the
    ratio of their tasks per second)."""
    if not small or not large:
        return "n/a"
    rates = {row["kind"]: row["tasks_per_second"] for row in small["results"]}
    parts = [
        f"{row['kind']} {ratio(rates.get(row['kind']), row['tasks_per_second'])}"
        for row in large["results"]
    ]
    nodes = f"{small['graph_nodes']:,} to {large['graph_nodes']:,} nodes"
    return f"{nodes}: " + ", ".join(parts)


def sampling_figures(result: Any) -> str:
    if not result:
        return "failed"
    rates = ", ".join(
        f"{row['kind']} {row['tasks_per_second']} tasks/s" for row in result["results"]
    )
    figures = f"{result['graph_nodes']:,} nodes: {rates}"
    if machine := result.get("machine"):
        figures += (
            f" (machine: Python reference {machine['python_ms']} ms, "
            f"matmul {machine['matmul_gflops']} GFLOP/s)"
        )
    warm = result.get("warm_up")
    if warm and warm["rounds"]:
        first = warm["rounds"][0]["tasks_per_second"]
        # Unsettled is not "rising": rounds on a busy machine also scatter around a level.
        settled = "the rate settled" if warm["steady"] else "not settled when the time ran out"
        count = len(warm["rounds"])
        rounds = f"{count} untimed round{'' if count == 1 else 's'}"
        figures += (
            f" (after {rounds} in {warm['seconds']} s, {settled}; the first round {first} tasks/s)"
        )
    return figures


def retrieval(out: Path, args: argparse.Namespace) -> list[Outcome]:
    command = ["bench.retrieval_bench", "--chunks", str(args.chunks)]
    command += ["--queries", str(args.queries)]
    command += ["--ratios", "1", "2", "5", "10", "--cache", str(args.vectors)]
    if args.text:
        command += ["--text", *map(str, args.text)]
    with throwaway_server(out) as env:
        result = bench(out, "retrieval", command, env)
    figures = "failed"
    if result:
        size = result[0]
        faiss = size["faiss_flat_exact_ms"]["p95"]
        trip = size["bolt_round_trip_ms"]["p95"]
        figures = f"{size['chunks']:,} chunks, FAISS flat p95 {faiss} ms, "
        figures += f"an empty Bolt read p95 {trip} ms; " + "; ".join(
            f"ratio {row['search_ratio']}: p95 {row['bolt_ms']['p95']} ms "
            f"({ratio(row['bolt_ms']['p95'], faiss)} FAISS), recall@10 {row['recall']}"
            for row in size["by_search_ratio"]
        )
    return [Outcome("retrieval", " ".join(command), figures, load_of(result and result[0]))]


STEPS: dict[str, Callable[[Path, argparse.Namespace], list[Outcome]]] = {
    "embeddings": embeddings,
    "wikidata": wikidata,
    "sampling": sampling,
    "retrieval": retrieval,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="a folder for each bench's output")
    parser.add_argument("--only", nargs="+", choices=list(STEPS), default=list(STEPS))
    parser.add_argument(
        "--copies",
        type=int,
        nargs="+",
        default=[6, 146, 1540],
        help="document copies for the sampling graph sizes (6: about 10k nodes, 146: 100k, "
        "1540: 1M; growing to 1M took 20 to 45 minutes on 2 cores)",
    )
    parser.add_argument(
        "--warm-up",
        type=float,
        default=300.0,
        metavar="SECONDS",
        help="at most this long of untimed samples before each sampling size is timed",
    )
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200, help="retrieval questions")
    parser.add_argument("--vectors", type=Path, default=Path("bench-vectors.npy"))
    parser.add_argument("--text", type=Path, nargs="+", help="folders of real text to chunk")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    outcomes = []
    for name in args.only:
        outcomes += STEPS[name](args.out, args)
    table = ["| step | command | figures | load average at the end |", "|---|---|---|---|"]
    table += [f"| {o.step} | `{o.command}` | {o.figures} | {o.load} |" for o in outcomes]
    table.append(load_line())
    (args.out / "table.md").write_text("\n".join(table) + "\n")
    print("\n".join(table))


if __name__ == "__main__":
    run_main(main)
