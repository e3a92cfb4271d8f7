"""Steps per second of the browser environment with a trivial agent (no model).

    python -m bench.browser_bench --episodes 5 --steps 20

Serves the shared MkDocs site on 127.0.0.1 and runs ``episodes`` sessions of ``steps``
actions each: a seeded agent clicks a random link of the site (60 %), scrolls (20 %) or
goes back (20 %). A step is the action plus the next observation (mark extraction, the
viewport screenshot with Set-of-Marks drawn, JPEG encoding): what an agent waits for
between two decisions. Session start (Chromium launch, first page) and the final
success checks are timed apart. See docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Thread
from typing import Any

from bench.load import emit
from taskspace.environments.browser import Action, BrowserSession, EnvTask, Observation
from taskspace.sources.web.urls import origin_of

SITE = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "web" / "mkdocs_org_site"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No access log on the bench's console."""


@contextmanager
def serve(root: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(root)))
    Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def trivial(seen: Observation, rng: random.Random) -> Action:
    links = [
        m
        for m in seen.marks
        if m.kind == "link" and m.href and origin_of(m.href) == origin_of(seen.url)
    ]
    roll = rng.random()
    if links and roll < 0.6:
        return Action("click", rng.choice(links).id)
    if roll < 0.8:
        return Action("scroll", value=rng.choice(["down", "up"]))
    return Action("back")


async def episode(base: str, steps: int, rng: random.Random) -> dict[str, Any]:
    session = BrowserSession(EnvTask(base + "/"))
    try:
        started = time.perf_counter()
        seen = await session.start()
        start_s = time.perf_counter() - started
        times: list[float] = []
        for _ in range(steps):
            action = trivial(seen, rng)
            before = time.perf_counter()
            _, seen = await session.step(action)
            times.append(time.perf_counter() - before)
        before = time.perf_counter()
        trajectory = await session.finish()
        finish_s = time.perf_counter() - before
    finally:
        await session.close()
    failed = sum(not a.ok for a in trajectory.actions)
    return {"start_s": start_s, "step_s": times, "finish_s": finish_s, "failed": failed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=5)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--site", type=Path, default=SITE)
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        raise SystemExit(f"--site {args.site}: no index.html there (the shared MkDocs site)")
    if args.episodes < 1 or args.steps < 1:
        raise SystemExit("--episodes and --steps must be at least 1")
    rng = random.Random(args.seed)
    with serve(args.site) as base:
        runs = [asyncio.run(episode(base, args.steps, rng)) for _ in range(args.episodes)]
    steps = sorted(t for run in runs for t in run["step_s"])
    p95 = statistics.quantiles(steps, n=20)[18] if len(steps) > 1 else steps[0]
    result = {
        "episodes": args.episodes,
        "steps": len(steps),
        "failed_actions": sum(run["failed"] for run in runs),
        "steps_per_second": round(len(steps) / sum(steps), 2),
        "step_p50_ms": round(statistics.median(steps) * 1000, 1),
        "step_p95_ms": round(p95 * 1000, 1),
        "session_start_s": round(statistics.mean(run["start_s"] for run in runs), 2),
        "finish_ms": round(statistics.mean(run["finish_s"] for run in runs) * 1000, 1),
    }
    emit(result)


if __name__ == "__main__":
    main()
