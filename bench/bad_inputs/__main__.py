"""``python -m bench.bad_inputs``: probe ``kg load`` with bad inputs and count the clean ones.

    PYTHONPATH=src python -m bench.bad_inputs [--kg CMD] [--w3c DIR]
                                              [--only CLASS]... [--list] [--json]

The W3C tests are read from the copy the tests keep (tests/fixtures/wikidata/w3c), or from
``--w3c DIR`` (a w3c/rdf-tests checkout, its rdf/rdf11 folder, or a folder holding
rdf-n-triples/ and rdf-turtle/).
Nothing is downloaded. Exit 0 when every case was clean, 1 otherwise, 2 on a probe error.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console

from bench.bad_inputs import w3c
from bench.bad_inputs.cases import all_cases
from bench.bad_inputs.files import Workdir
from bench.bad_inputs.kg import KgCommand
from bench.bad_inputs.model import Case, Outcome
from bench.bad_inputs.realdata import DEFAULT_DATA, RealData
from bench.bad_inputs.report import as_json, print_report
from bench.bad_inputs.runner import Runner
from bench.bad_inputs.server import probe_server

VENDORED_W3C = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "wikidata" / "w3c"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bad_inputs",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--kg",
        help="command that runs kg (default: this Python with "
        "taskspace.cli.main, i.e. the checkout on PYTHONPATH)",
    )
    parser.add_argument(
        "--w3c",
        type=Path,
        default=VENDORED_W3C,
        help="folder with the W3C rdf-tests suites (default: the tests' copy)",
    )
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="shared real data")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="CLASS",
        help="run only this class (repeatable; prefix match)",
    )
    parser.add_argument(
        "--case",
        action="append",
        default=[],
        metavar="TEXT",
        help="run only cases whose name contains TEXT (repeatable)",
    )
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    parser.add_argument("--keep", action="store_true", help="keep the generated inputs")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    return parser.parse_args(argv)


def w3c_root(args: argparse.Namespace) -> Path:
    root = w3c.suite_root(args.w3c)
    if root is None:
        raise SystemExit(f"--w3c {args.w3c}: no rdf-n-triples/ and rdf-turtle/ manifests")
    return root


def selected(cases: list[Case], only: list[str], names: list[str]) -> list[Case]:
    if only:
        cases = [c for c in cases if any(c.klass.startswith(o) for o in only)]
    if names:
        cases = [c for c in cases if any(n in c.name for n in names)]
    return cases


def commit_of(data_root: Path) -> str:
    """The probed checkout's commit, when the kg module comes from a git work tree."""
    try:
        import taskspace

        source = Path(taskspace.__file__).resolve().parent
        return subprocess.run(
            ["git", "-C", str(source), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (ImportError, subprocess.CalledProcessError, OSError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    console = Console(stderr=args.json, width=max(140, Console().width))
    data = RealData(args.data)
    missing = data.missing()
    if missing:
        console.print(f"Shared data missing: {', '.join(missing)}")
        return 2
    root = w3c_root(args)
    temp = Path(tempfile.mkdtemp(prefix="kgprobe-"))
    try:
        cases = selected(all_cases(data, Workdir(temp / "inputs"), root), args.only, args.case)
        if args.list:
            for case in cases:
                console.print(f"{case.klass}\t{case.name}", markup=False, highlight=False)
            return 0
        kg = KgCommand(args.kg)
        started = time.monotonic()
        outcomes: list[Outcome] = []
        with probe_server(temp / "home", kg) as server:
            runner = Runner(server, kg)
            for number, case in enumerate(cases, 1):
                outcome = runner.outcome(case)
                outcomes.append(outcome)
                mark = "ok " if outcome.clean else "NOT"
                console.print(
                    f"[{number}/{len(cases)}] {mark} {case.klass}: {case.name} "
                    f"({outcome.seconds:.1f}s)",
                    markup=False,
                    highlight=False,
                )
        meta = {
            "kg": kg.describe(),
            "commit": commit_of(args.data),
            "date": time.strftime("%Y-%m-%d"),
            "seconds": round(time.monotonic() - started),
        }
        if args.json:
            print(json.dumps(as_json(outcomes, meta), indent=2, ensure_ascii=False))
        else:
            console.print(
                f"kg: {meta['kg']} (commit {meta['commit']}), {meta['seconds']}s", markup=False
            )
            print_report(outcomes, console)
        return 0 if all(o.clean for o in outcomes) else 1
    finally:
        if args.keep:
            console.print(f"inputs kept in {temp / 'inputs'}", markup=False)
        else:
            shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # the server was stopped on the way out (probe_server)
        print("interrupted", file=sys.stderr)
        sys.exit(130)
