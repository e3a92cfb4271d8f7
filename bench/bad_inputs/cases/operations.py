"""Operational faults: a load killed (SIGKILL, Ctrl-C) or its server killed mid-load and
rerun, four loads at once, and every good real input loaded twice.

After any interruption, rerunning the same load must give exactly the graph of one clean
load; concurrent loads must give exactly the graph of the same loads one after another.
"""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from bench.bad_inputs import checks
from bench.bad_inputs.files import Workdir
from bench.bad_inputs.model import Case
from bench.bad_inputs.realdata import RealData
from bench.bad_inputs.runner import Runner

KLASS = "operations"


def cases(data: RealData, work: Workdir) -> list[Case]:
    film = ["load", "wikidata", str(data.film_nt)]
    pdf = ["load", "docs", str(data.pdfs[0])]
    chunks = [_nt_chunk(data, work, n) for n in range(4)]
    mixed = [str(data.q42_ttl), str(data.dump_chunk_ttl), *map(str, data.entity_json_files)]
    found = [
        Case(
            KLASS,
            "SIGKILL mid wikidata load, rerun",
            film,
            procedure=partial(_interrupted, signal.SIGKILL),
        ),
        Case(
            KLASS,
            "Ctrl-C mid wikidata load, rerun",
            film,
            procedure=partial(_interrupted, signal.SIGINT),
        ),
        Case(
            KLASS,
            "SIGKILL mid docs load, rerun",
            pdf,
            procedure=partial(_interrupted, signal.SIGKILL),
            timeout=300,
        ),
        Case(KLASS, "server killed mid load, restarted, rerun", film, procedure=_server_killed),
        Case(
            KLASS,
            "4 concurrent N-Triples loads",
            ["load", "wikidata"],
            procedure=partial(_concurrent, [[c] for c in chunks]),
        ),
        Case(
            KLASS,
            "4 concurrent loads, mixed formats",
            ["load", "wikidata"],
            procedure=partial(_concurrent, [[m] for m in mixed]),
        ),
    ]
    goods = {
        "film slice .nt": film,
        "Q42 .ttl": ["load", "wikidata", str(data.q42_ttl)],
        "dump chunk .ttl": ["load", "wikidata", str(data.dump_chunk_ttl)],
        "entity JSON": ["load", "wikidata", *map(str, data.entity_json_files)],
        "Markdown + HTML": ["load", "docs", str(data.good_md), str(data.good_html)],
        "PDFs": ["load", "docs", *map(str, data.pdfs)],
        "AitZ episode": ["load", "episodes", str(data.aitz_episode)],
        "LlamaTouch trace": ["load", "episodes", str(data.llamatouch_trace)],
        "DroidBot UTG": ["load", "episodes", str(data.droidbot_utg)],
    }
    found += [
        Case("idempotency", name, args, partial=False, timeout=300) for name, args in goods.items()
    ]
    return found


def _nt_chunk(data: RealData, work: Workdir, number: int) -> str:
    """A quarter of the film slice's items: the quarters share cast and genre targets."""
    entities = data.film_entities
    size = len(entities) // 4
    chosen = entities[number * size : (number + 1) * size]
    text = "".join(line for entity in chosen for line in entity.lines)
    return str(work.write(KLASS, f"film-quarter-{number}.nt", text))


def _clean_reference(runner: Runner, case: Case) -> list[str]:
    """Measure one clean load of the case (what a rerun must give); why not, if it failed."""
    expected = runner.reference(case.args)
    return [expected] if isinstance(expected, str) else []


def _once_loading(
    runner: Runner, act: Callable[[subprocess.Popen[bytes]], None]
) -> Callable[[subprocess.Popen[bytes]], None]:
    """Act as soon as the load's :Source is written and still 'loading': mid-load by the
    graph's own account, however fast the machine (a fixed delay can miss a short load)."""

    def during(process: subprocess.Popen[bytes]) -> None:
        while process.poll() is None:
            if runner.server.query(_LOADING)[0]["loading"]:
                act(process)
                return
            time.sleep(0.05)

    return during


_LOADING = "MATCH (s:Source {state: 'loading'}) RETURN count(s) > 0 AS loading"


def _rerun_matches(runner: Runner, case: Case) -> list[str]:
    result = runner.run(case.args, case.timeout)
    reasons = [f"rerun: {r}" for r in checks.crash_reasons(result)]
    if result.code != 0:
        reasons.append(f"rerun exit {result.code}: {checks.last_line(result.output)[:100]}")
    expected = runner.reference(case.args)
    if not isinstance(expected, str):
        reasons += runner.differs(runner.server.counts(), expected, "one clean load")
    return reasons


def _interrupted(sig: signal.Signals, runner: Runner, case: Case) -> list[str]:
    reasons = _clean_reference(runner, case)
    if reasons:
        return reasons
    runner.server.clear()
    result = runner.run(
        case.args, case.timeout, during=_once_loading(runner, lambda p: p.send_signal(sig))
    )
    if sig == signal.SIGINT:
        reasons += [f"Ctrl-C: {r}" for r in checks.crash_reasons(result)]
        if result.code == 0:
            reasons.append("Ctrl-C: exit 0 for an interrupted load")
    return reasons + _rerun_matches(runner, case)


def _server_killed(runner: Runner, case: Case) -> list[str]:
    reasons = _clean_reference(runner, case)
    if reasons:
        return reasons
    runner.server.clear()
    result = runner.run(
        case.args, case.timeout, during=_once_loading(runner, lambda _: runner.server.kill())
    )
    reasons += [f"server killed: {r}" for r in checks.crash_reasons(result)]
    if result.code == 0:
        reasons.append("server killed: exit 0 although the load could not finish")
    runner.server.start()
    return reasons + _rerun_matches(runner, case)


def _concurrent(files: list[list[str]], runner: Runner, case: Case) -> list[str]:
    loads = [[*case.args, *names] for names in files]
    runner.server.clear()
    for args in loads:
        result = runner.run(args, case.timeout)
        if result.code != 0:
            return [f"sequential load failed: {checks.last_line(result.output)[:100]}"]
    sequential = (runner.server.counts(), runner.labels())
    runner.server.clear()
    with ThreadPoolExecutor(len(loads)) as pool:
        results = list(pool.map(lambda args: runner.run(args, case.timeout), loads))
    reasons = []
    for args, result in zip(loads, results, strict=True):
        name = args[-1].rsplit("/", 1)[-1]
        reasons += [f"{name}: {r}" for r in checks.crash_reasons(result)]
        if result.code != 0:
            reasons.append(f"{name}: exit {result.code}: {checks.last_line(result.output)[:100]}")
    return reasons + runner.differs(
        runner.server.counts(), sequential, "the same loads in sequence"
    )
