"""MMInA's hop queue: a multihop attempt scored hop by hop, in order, up to the first miss
(the rates over a run: ``taskspace.metrics.mmina``).

A multihop task is a queue of hop conditions closed by an ``END`` marker (queue length
N + 1 for N hops). A hop passes when the agent found its answer or reached its page:

- ``must_include``: every keyword of ``hop.check.keywords`` appears, normalised as in
  ``scoring.checks`` (``contains_all``: whole tokens, case, punctuation and articles
  ignored), in the agent's answer *for that hop*;
- ``fuzzy_match`` (only with a judge, i.e. with ``ANTHROPIC_API_KEY``): when the keywords
  miss, the model is asked "Given the statement {pred}, would it be correct to infer
  {reference}? Yes or No" and a Yes passes;
- ``url``: ``hop.check.url`` is among the pages the browser visited
  (``trajectory.visited``), at or after the page where the previous hop's URL was reached,
  compared by ``sources.web.urls.same_page`` (no fragment, index file or trailing slash).
  The gold is a path inside the site keyed ``hop.check.site``; the task's ``sites`` say
  where that site was crawled and the trajectory's origin map where it is served now, so
  the page is looked for on the live origin of its own site (a mirror with the same
  paths on another port does not count).

Hops are judged in order and evaluation stops at the first hop that fails: later hops
count as not passed (MMInA lets an agent proceed only once the current hop is done). The
END marker is reached, and passes, only when every hop before it passed; it is not counted
in ``hops_total``, so hop SR = hops passed / N and the task succeeds when END is reached.

How answers map to hops (:func:`hop_answers`):

1. the texts are the trajectory's ``answers`` (one answer action per hop, in order) when
   there are any, else the attempt's final ``answer``;
2. a single text for a task of several hops is split into parts: on ``Hop k:`` labels
   when it has them, else on ``" | "``;
3. a part that reads ``Hop k: …`` goes to hop k, any other to the hop after the previous
   part's (so answers in order fill hops in order; a later answer to the same hop wins);
4. an answer ``END`` (or a trailing `` END``) says the agent is done: it and anything
   after it answer no hop, and ``ended`` records that the agent said so.

A hop with no answer can still pass by its URL; one without a URL and without an answer
fails. A hop with no keywords passes by URL only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from taskspace.metrics import mmina
from taskspace.sources.web.origins import OriginMap
from taskspace.sources.web.urls import same_page
from taskspace.tasks.attempt import Attempt, TaskScore
from taskspace.tasks.model import Task, WebHop
from taskspace.tasks.scoring.attempts import score_attempt
from taskspace.tasks.scoring.checks import check_passes
from taskspace.tasks.scoring.citations import Cover

END = "END"
SEPARATOR = " | "
_LABEL = re.compile(r"(?i)(?:^|(?<=\s))hop\s*(\d+)\s*[:.)\-]\s*")
_TRAILING_END = re.compile(r"\s+END$")

Fuzzy = Callable[[str, str], bool]
"""A fuzzy matcher: (prediction, reference) -> the model said Yes."""

HowPassed = Literal["must_include", "fuzzy_match", "url", "end", ""]


@dataclass(frozen=True)
class HopResult:
    """One hop of the queue as judged: ``evaluated`` is False after the first failure."""

    index: int
    kind: str
    answer: str | None
    passed: bool
    how: HowPassed = ""
    evaluated: bool = True


@dataclass(frozen=True)
class HopAnswers:
    """The agent's answer for each answer-bearing hop (None: none given), and whether it
    said END."""

    answers: list[str | None]
    ended: bool


@dataclass
class QueueResult:
    """A whole queue: every hop's result (END last) and the numbers the report needs."""

    hops: list[HopResult] = field(default_factory=list)
    ended: bool = False

    @property
    def answer_hops(self) -> list[HopResult]:
        return [hop for hop in self.hops if hop.kind != "end"]

    @property
    def hops_total(self) -> int:
        return len(self.answer_hops)

    @property
    def hops_passed(self) -> int:
        return sum(1 for hop in self.answer_hops if hop.passed)

    @property
    def first_failed_hop(self) -> int | None:
        """The index of the hop evaluation stopped at, or None when every hop passed."""
        return next((hop.index for hop in self.answer_hops if not hop.passed), None)

    @property
    def success(self) -> bool:
        """END reached: every hop before it passed (a queue without hops never succeeds)."""
        return mmina.end_reached([hop.passed for hop in self.answer_hops])

    @property
    def hop_sr(self) -> float:
        return self.hops_passed / self.hops_total if self.hops_total else 0.0

    def passed_by(self, how: HowPassed) -> int:
        return sum(1 for hop in self.answer_hops if hop.passed and hop.how == how)


def _is_end(text: str) -> bool:
    return text.strip().strip(".").strip() == END


def _parts(text: str) -> list[tuple[int | None, str]]:
    """``text`` cut into (hop label or None, answer) parts: on labels, else on " | "."""
    labels = list(_LABEL.finditer(text))
    if labels:
        parts: list[tuple[int | None, str]] = []
        for number, label in enumerate(labels):
            end = labels[number + 1].start() if number + 1 < len(labels) else len(text)
            parts.append((int(label.group(1)), text[label.end() : end].strip(" \n;,|")))
        return parts
    return [(None, part.strip()) for part in text.split(SEPARATOR)]


def _labelled(text: str) -> tuple[int | None, str]:
    found = _LABEL.match(text.strip())
    if found:
        return int(found.group(1)), text.strip()[found.end() :].strip()
    return None, text.strip()


def hop_answers(attempt: Attempt, hops: int) -> HopAnswers:
    """The answer the agent gave for each of ``hops`` hops (see the module's rules)."""
    trajectory = attempt.trajectory
    texts = list(trajectory.answers) if trajectory and trajectory.answers else [attempt.answer]
    if len(texts) == 1 and hops > 1:
        parts = _parts(texts[0])
    else:
        parts = [_labelled(text) for text in texts]
    answers: list[str | None] = [None] * hops
    ended, position = False, 0
    for label, text in parts:
        if _is_end(text):
            ended = True
            break
        closing = _TRAILING_END.search(text)
        if closing:
            text = text[: closing.start()]
        position = label - 1 if label is not None else position
        if 0 <= position < hops and text.strip():
            answers[position] = text.strip()
        position += 1
        if closing:
            ended = True
            break
    return HopAnswers(answers, ended)


def must_include(keywords: Sequence[str], answer: str | None) -> bool:
    """Every keyword appears in ``answer`` as whole normalised tokens (no keywords, or no
    answer: False, since then nothing was found)."""
    if not answer or not keywords:
        return False
    return all(check_passes("contains_all", keyword, answer) for keyword in keywords)


def url_reached(url: str | None, visited: Sequence[str], start: int = 0) -> int | None:
    """The first position at or after ``start`` where ``visited`` holds the page ``url``."""
    if not url:
        return None
    for position in range(start, len(visited)):
        if same_page(visited[position], url):
            return position
    return None


def judge_hop(
    hop: WebHop,
    answer: str | None,
    visited: Sequence[str],
    start: int,
    fuzzy: Fuzzy | None,
    origins: OriginMap | None = None,
    sites: Mapping[str, str] | None = None,
) -> tuple[HowPassed, int]:
    """How ``hop`` passed ("" when it did not) and where in ``visited`` the next hop's URL
    may be looked for. ``sites`` (the task's: site key -> crawled origin) puts a gold path
    on its site's crawled origin, and ``origins`` maps that to where the browser found it."""
    if must_include(hop.check.keywords, answer):
        return "must_include", start
    target = hop.check.crawled(sites or {})
    if target and origins is not None:
        target = origins.url(target)
    reached = url_reached(target, visited, start)
    if reached is not None:
        return "url", reached
    if fuzzy is not None and answer and hop.answer and fuzzy(answer, hop.answer):
        return "fuzzy_match", start
    return "", start


def evaluate_queue(
    hops: Sequence[WebHop],
    attempt: Attempt,
    fuzzy: Fuzzy | None = None,
    sites: Mapping[str, str] | None = None,
) -> QueueResult:
    """Judge ``hops`` (the task's queue, END last) against ``attempt``, in order, stopping
    at the first failed hop. ``fuzzy`` is asked only where keywords and URL both miss;
    ``sites`` is the task's (site key -> crawled origin)."""
    queue = [hop for hop in hops if hop.kind != "end"]
    given = hop_answers(attempt, len(queue))
    visited = attempt.trajectory.visited if attempt.trajectory else []
    origins = OriginMap(attempt.trajectory.origins) if attempt.trajectory else None
    result = QueueResult(ended=given.ended)
    cursor, failed = 0, False
    for hop, answer in zip(queue, given.answers, strict=True):
        if failed:
            result.hops.append(HopResult(hop.index, hop.kind, answer, False, evaluated=False))
            continue
        how, cursor = judge_hop(hop, answer, visited, cursor, fuzzy, origins, sites)
        failed = not how
        result.hops.append(HopResult(hop.index, hop.kind, answer, bool(how), how))
    end_index = hops[-1].index if hops and hops[-1].kind == "end" else len(queue) + 1
    reached = not failed and bool(queue)
    closing: HowPassed = "end" if reached else ""
    result.hops.append(HopResult(end_index, "end", None, reached, closing, evaluated=not failed))
    return result


def hop_metrics(result: QueueResult) -> dict[str, float]:
    """The queue as ATTEMPTED metrics (``first_failed_hop`` 0: no hop failed)."""
    return {
        "hops_total": float(result.hops_total),
        "hops_passed": float(result.hops_passed),
        "hop_sr": result.hop_sr,
        "first_failed_hop": float(result.first_failed_hop or 0),
        "ended": 1.0 if result.ended else 0.0,
        "hops_by_keywords": float(result.passed_by("must_include")),
        "hops_by_fuzzy": float(result.passed_by("fuzzy_match")),
        "hops_by_url": float(result.passed_by("url")),
    }


def hop_success_rate(results: Sequence[QueueResult]) -> float:
    """Hop SR over many attempts (``taskspace.metrics.mmina``)."""
    return mmina.hop_success_rate([(r.hops_passed, r.hops_total) for r in results])


def task_success_rate(results: Sequence[QueueResult]) -> float:
    """Task SR: the share of attempts that reached END (``taskspace.metrics.mmina``)."""
    return mmina.task_success_rate([r.success for r in results])


def score_multihop(
    task: Task, attempt: Attempt, fuzzy: Fuzzy | None = None, cover: Cover | None = None
) -> TaskScore:
    """A multihop attempt scored by its hop queue: ``success`` (and ``score`` 1.0) only
    when every hop passed in order; the overlap metrics of the final answer and the hop
    metrics (:func:`hop_metrics`) in ``metrics``."""
    base = score_attempt(task, attempt, cover)
    result = evaluate_queue(task.hops, attempt, fuzzy, task.sites)
    metrics = {**base.metrics, **hop_metrics(result)}
    return TaskScore(score=1.0 if result.success else 0.0, success=result.success, metrics=metrics)
