"""Scoring throughput: scored answers per second for ``score_attempt`` (target >= 5,000/s).

    python -m bench.scoring_bench --tasks tasks.jsonl --answers 20000
    python -m bench.scoring_bench --docs ../shared/data/documents/html_md

Answers are realistic in shape and length: for each task (sampled tasks from a
``kg sample doc`` JSONL file, or, without one, tasks built from paragraphs of real
Markdown documents) it scores short answers (the gold in a sentence), long ones (the gold
and 200-600 characters of real text, as a summary would be) and wrong ones, each citing a
few node ids; nearly every answer is distinct, and caches start cold. The real text comes
from ``--docs`` (default ``../shared/data/documents/html_md``); with ``--tasks`` and no
such folder, from the tasks' own prompts and answers, so a sampled file is enough.
Prints JSON: answers, seconds, answers per second, the load average.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from pathlib import Path
from typing import Any

from bench.entry import run_main
from bench.load import emit
from taskspace.core.words import tokens
from taskspace.metrics import rouge, squad
from taskspace.tasks.attempt import Attempt
from taskspace.tasks.model import GroundRef, Task
from taskspace.tasks.scoring.attempts import score_attempt
from taskspace.tasks.scoring.checks import CHECK_KINDS, numbers_in
from taskspace.tasks.store import read_jsonl

DEFAULT_DOCS = Path(__file__).resolve().parents[2] / "shared" / "data" / "documents" / "html_md"


def paragraphs_of(folder: Path) -> list[str]:
    return [
        " ".join(block.split())
        for path in sorted(folder.glob("*.md"))
        for block in path.read_text(encoding="utf-8").split("\n\n")
        if len(block.split()) >= 12
    ]


def paragraphs_of_tasks(tasks: list[Task]) -> list[str]:
    """The real text a sampled file carries: each task's prompt and gold answer."""
    return [" ".join(f"{task.prompt} {task.answer}".split()) for task in tasks]


def tasks_from_paragraphs(paragraphs: list[str]) -> list[Task]:
    """One task per paragraph, its check kind in turn, its gold a piece of the text."""
    tasks = []
    for index, (paragraph, check) in enumerate(zip(paragraphs, itertools.cycle(CHECK_KINDS))):
        words = paragraph.split()
        gold = {
            "exact": " ".join(words[:3]),
            "number": str(len(words)),
            "contains_all": " | ".join(words[i] for i in (0, 4, 8)),
            "keywords": " ".join(words[:12]),
            "rouge": " ".join(words[:20]),
        }[check]
        tasks.append(
            Task(
                id=f"task:bench{index}",
                kind="doc",
                type="bench",
                template="bench",
                difficulty="easy",
                prompt=f"Question about the passage beginning “{' '.join(words[:8])}”?",
                answer=gold,
                check=check,
                anchor=f"p{index}",
                fingerprint="bench",
                grounding=[GroundRef(label="Paragraph", id=f"p{index + k}") for k in range(3)],
                seed=0,
            )
        )
    return tasks


def attempt_for(task: Task, corpus: str, shape: int, rng: random.Random) -> Attempt:
    """A short, a long or a wrong answer; the text around the gold is a random stretch of
    the corpus, so (nearly) every answer is new and no cache flatters the number."""
    start = rng.randrange(max(1, len(corpus) - 600))
    context = corpus[start : start + rng.randint(200, 600)]
    cited = [ref.id for ref in task.grounding[:2]] + ["p-unrelated"]
    if shape == 0:
        return Attempt(task_id=task.id, answer=f"The answer is {task.answer}.", cited=cited[:1])
    if shape == 1:
        return Attempt(task_id=task.id, answer=f"{task.answer}. {context}", cited=cited)
    return Attempt(task_id=task.id, answer=context[:160], cited=cited[2:], confidence=0.4)


def clear_caches() -> None:
    """Each run starts cold: gold answers and prompts are normalised once per run."""
    caches = (squad.normalize_answer, squad.normalize_answer_unicode, tokens, rouge.tokens)
    for cached in (*caches, numbers_in):
        cached.cache_clear()


def bench(tasks: list[Task], paragraphs: list[str], answers: int, repeat: int) -> dict[str, Any]:
    rng = random.Random(5)
    corpus = " ".join(paragraphs)
    work = [
        (tasks[i % len(tasks)], attempt_for(tasks[i % len(tasks)], corpus, i % 3, rng))
        for i in range(answers)
    ]
    runs = []
    for _ in range(repeat):
        clear_caches()
        started = time.perf_counter()
        successes = sum(score_attempt(task, attempt).success for task, attempt in work)
        runs.append(time.perf_counter() - started)
    seconds = statistics.median(runs)
    return {
        "tasks": len(tasks),
        "answers": len(work),
        "distinct_answers": len({attempt.answer for _, attempt in work}),
        "mean_answer_chars": round(sum(len(a.answer) for _, a in work) / len(work), 1),
        "successes": successes,
        "seconds": round(seconds, 4),
        "answers_per_second": round(len(work) / seconds),
        "target": 5000,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=Path, help="a kg sample JSONL file")
    parser.add_argument(
        "--docs", type=Path, help=f"Markdown folder for answer text (default {DEFAULT_DOCS})"
    )
    parser.add_argument("--answers", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    if args.tasks and not args.tasks.is_file():
        raise SystemExit(f"--tasks {args.tasks}: no such file")
    if args.docs and not args.docs.is_dir():
        raise SystemExit(f"--docs {args.docs}: no such folder")
    tasks = read_jsonl(args.tasks) if args.tasks else []
    if args.tasks and not tasks:
        raise SystemExit(f"--tasks {args.tasks}: no tasks in it")
    docs = args.docs or DEFAULT_DOCS
    if tasks and not docs.is_dir():
        paragraphs, text_from = paragraphs_of_tasks(tasks), str(args.tasks)
    elif not docs.is_dir():
        raise SystemExit(f"the shared documents are not at {docs}: give --docs DIR or --tasks FILE")
    else:
        paragraphs, text_from = paragraphs_of(docs), str(docs)
    if not paragraphs:
        raise SystemExit(f"no Markdown paragraphs of 12 words or more under {docs}")
    result = bench(
        tasks or tasks_from_paragraphs(paragraphs), paragraphs, args.answers, args.repeat
    )
    emit({**result, "text_from": text_from})
    return 0


if __name__ == "__main__":
    run_main(main)
