"""The hop queue against hand-computed values: hops in order, stop at the first failure,
URL-reached passes, the END marker, missing answers, ' | ' and 'Hop k:' answers, and
fuzzy_match through the local Messages-API server."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task as InspectTask
from inspect_ai import eval as inspect_eval
from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.core.settings import Settings
from taskspace.evaluation.dataset import task_dataset
from taskspace.evaluation.scorers.task import task_scorer
from taskspace.generators.multihop.family import MultihopFamily
from taskspace.generators.multihop.scoring import (
    evaluate_queue,
    hop_answers,
    hop_success_rate,
    must_include,
    task_success_rate,
    url_reached,
)
from taskspace.tasks.attempt import ATTEMPT_STORE_KEY, Attempt, WebTrajectory
from taskspace.tasks.model import GroundRef, HopCheck, Task, WebHop
from taskspace.tasks.scoring.fuzzy import FuzzyMatcher, fuzzy_question, says_yes
from tests.support.messages_text_api import messages_text_api, user_text

SHOP = "http://127.0.0.1:9000"
HOPS = [
    WebHop(
        index=1,
        kind="follow",
        instruction="follow “Catalog”",
        answer="Widgets",
        check=HopCheck(keywords=["Widgets"], url=f"{SHOP}/widgets.html"),
    ),
    WebHop(
        index=2,
        kind="lookup",
        instruction="find the page",
        answer="Harbour news",
        check=HopCheck(keywords=["Harbour news"], url="http://127.0.0.1:9001/news.html"),
    ),
    WebHop(
        index=3,
        kind="follow",
        instruction="follow “Partners”",
        answer="Partner desk",
        check=HopCheck(keywords=["Partner desk"], url="http://127.0.0.1:9001/partners.html"),
    ),
    WebHop(index=4, kind="end", instruction="END", answer="END"),
]


def attempt(
    answer: str = "", answers: list[str] | None = None, visited: Sequence[str] = ()
) -> Attempt:
    trajectory = None
    if answers is not None or visited:
        trajectory = WebTrajectory(start_url=SHOP, answers=answers or [], visited=list(visited))
    return Attempt(task_id="t", answer=answer, trajectory=trajectory)


def outcome(result: Any) -> list[tuple[int, bool, str, bool]]:
    return [(hop.index, hop.passed, hop.how, hop.evaluated) for hop in result.hops]


def test_every_hop_answered_in_order_passes_and_reaches_end() -> None:
    result = evaluate_queue(
        HOPS, attempt(answers=["Widgets", "harbour NEWS.", "the Partner desk", "END"])
    )
    assert outcome(result) == [
        (1, True, "must_include", True),
        (2, True, "must_include", True),
        (3, True, "must_include", True),
        (4, True, "end", True),
    ]
    assert (result.hops_passed, result.hops_total, result.first_failed_hop) == (3, 3, None)
    assert result.success and result.ended and result.hop_sr == 1.0


def test_evaluation_stops_at_the_first_failed_hop() -> None:
    # hop 2 is wrong; hop 3's answer is right but is never evaluated
    result = evaluate_queue(HOPS, attempt(answers=["Widgets", "Harbour Traders", "Partner desk"]))
    assert outcome(result) == [
        (1, True, "must_include", True),
        (2, False, "", True),
        (3, False, "", False),
        (4, False, "", False),
    ]
    assert (result.hops_passed, result.first_failed_hop, result.success) == (1, 2, False)
    assert result.hop_sr == pytest.approx(1 / 3)


def test_a_reached_url_passes_a_hop_without_its_answer_but_only_in_order() -> None:
    visited = [SHOP, f"{SHOP}/widgets.html#top", "http://127.0.0.1:9001/news.html/"]
    result = evaluate_queue(HOPS, attempt(answers=[], visited=visited))
    assert outcome(result)[:3] == [
        (1, True, "url", True),
        (2, True, "url", True),
        (3, False, "", True),
    ]
    # hop 2's page was visited before hop 1's: it does not count for hop 2
    early = [SHOP, "http://127.0.0.1:9001/news.html", f"{SHOP}/widgets.html"]
    result = evaluate_queue(HOPS, attempt(answers=["", "", ""], visited=early))
    assert [hop.passed for hop in result.hops] == [True, False, False, False]
    assert url_reached(f"{SHOP}/widgets.html", early) == 2
    assert url_reached(f"{SHOP}/widgets.html", early, 3) is None
    assert url_reached(None, early) is None


def test_urls_reached_on_the_origins_the_browser_used_count() -> None:
    """The sites were crawled on ports 9000 and 9001 and are served on 7000 and 7001 now:
    the trajectory's pages are on the served origins, and its origin map says so."""
    visited = [
        "http://127.0.0.1:7000",
        "http://127.0.0.1:7000/widgets.html",
        "http://127.0.0.1:7001/news.html",
    ]
    served = WebTrajectory(
        start_url=visited[0],
        visited=visited,
        origins={SHOP: "http://127.0.0.1:7000", "http://127.0.0.1:9001": "http://127.0.0.1:7001"},
    )
    result = evaluate_queue(HOPS, Attempt(task_id="t", answer="", trajectory=served))
    assert [(hop.passed, hop.how) for hop in result.hops][:3] == [
        (True, "url"),
        (True, "url"),
        (False, ""),
    ]
    unmapped = served.model_copy(update={"origins": {}})
    result = evaluate_queue(HOPS, Attempt(task_id="t", answer="", trajectory=unmapped))
    assert result.hops_passed == 0


def test_missing_answers_fail_their_hop() -> None:
    result = evaluate_queue(HOPS, attempt(answers=["Widgets"]))
    assert [hop.answer for hop in result.hops] == ["Widgets", None, None, None]
    assert (result.hops_passed, result.first_failed_hop, result.ended) == (1, 2, False)
    empty = evaluate_queue(HOPS, attempt(""))
    assert (empty.hops_passed, empty.first_failed_hop, empty.success) == (0, 1, False)


def test_end_closes_the_answers_and_is_never_a_hop() -> None:
    # END given too early: the answers after it answer no hop
    early = evaluate_queue(
        HOPS, attempt(answers=["Widgets", "END", "Harbour news", "Partner desk"])
    )
    assert [hop.answer for hop in early.hops[:3]] == ["Widgets", None, None]
    assert early.ended and early.hops_total == 3 and early.hops_passed == 1
    # a task of one hop: END is the queue's second element and passes with it
    one = evaluate_queue([HOPS[0], HOPS[3]], attempt("Widgets END"))
    assert outcome(one) == [(1, True, "must_include", True), (4, True, "end", True)]
    assert one.ended and one.success
    assert not evaluate_queue([HOPS[3]], attempt("END")).success  # no hops: nothing to pass


def test_one_final_answer_with_separators_or_hop_labels() -> None:
    piped = hop_answers(attempt("Widgets | Harbour news | Partner desk | END"), 3)
    assert piped.answers == ["Widgets", "Harbour news", "Partner desk"] and piped.ended
    labelled = hop_answers(
        attempt("Hop 2: Harbour news. Hop 1: Widgets; hop 3 - Partner desk\nEND"), 3
    )
    assert labelled.answers == ["Widgets", "Harbour news.", "Partner desk"] and labelled.ended
    # a page title with ' | ' in a trajectory answer is one answer, not two
    titled = hop_answers(attempt(answers=["Widgets | Fixture Shop", "Harbour news"]), 3)
    assert titled.answers == ["Widgets | Fixture Shop", "Harbour news", None]
    # without a trajectory, one answer for a task of many hops goes to hop 1
    assert hop_answers(attempt("Partner desk"), 3).answers == ["Partner desk", None, None]


def test_must_include_needs_every_keyword_as_whole_tokens() -> None:
    assert must_include(["Harbour news"], "I think it is: harbour-news")
    assert must_include(["Harbour", "news"], "news from the Harbour")
    assert not must_include(["Harbour news"], "Harbour newsletter")
    assert not must_include(["Harbour", "Traders"], "Harbour news")
    assert not must_include([], "anything") and not must_include(["Widgets"], None)


def test_success_rates_pool_hops_and_tasks() -> None:
    runs = [
        evaluate_queue(HOPS, attempt(answers=["Widgets", "Harbour news", "Partner desk"])),
        evaluate_queue(HOPS, attempt(answers=["Widgets", "no"])),
        evaluate_queue(HOPS[2:], attempt("Partner desk")),
    ]
    # hops: 3 + 1 + 1 passed of 3 + 3 + 1; tasks: 2 of 3
    assert hop_success_rate(runs) == pytest.approx(5 / 7)
    assert task_success_rate(runs) == pytest.approx(2 / 3)
    assert hop_success_rate([]) == 0.0 and task_success_rate([]) == 0.0


def _task() -> Task:
    return Task(
        id="task:mh",
        kind="multihop",
        type="multihop_web",
        template="multihop/follow",
        difficulty="hard",
        prompt="three hops",
        answer="Partner desk",
        check="contains_all",
        anchor="p",
        fingerprint="f",
        grounding=[GroundRef(label="WebPage", id="p")],
        seed=0,
        hops=HOPS,
    )


def test_the_family_scores_the_queue_with_metrics() -> None:
    family = MultihopFamily(fuzzy=lambda pred, ref: False)
    # the final answer alone would pass the old contains_all check, not the queue
    score = family.score(_task(), attempt("Partner desk"))
    assert not score.success and score.score == 0.0
    assert score.metrics["f1"] == 1.0 and score.metrics["hops_passed"] == 0.0
    assert score.metrics["first_failed_hop"] == 1.0 and score.metrics["hops_total"] == 3.0
    visited = [SHOP, f"{SHOP}/widgets.html"]
    score = family.score(
        _task(), attempt(answers=["", "Harbour news", "Partner desk"], visited=visited)
    )
    assert score.success and score.score == 1.0
    assert {
        k: score.metrics[k] for k in ("hops_by_url", "hops_by_keywords", "first_failed_hop")
    } == {
        "hops_by_url": 1.0,
        "hops_by_keywords": 2.0,
        "first_failed_hop": 0.0,
    }


def test_says_yes_reads_the_first_word() -> None:
    assert says_yes("Yes.") and says_yes(" yes, it follows") and says_yes("**Yes**")
    assert not says_yes("No") and not says_yes("Yesterday") and not says_yes("I think yes")


def test_fuzzy_match_asks_the_papers_question(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def reply(body: dict[str, Any]) -> str:
        text = user_text(body)
        return "Yes" if "harbour bulletin" in text.lower() else "No"

    with messages_text_api(reply) as (url, seen):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        monkeypatch.setenv("TASKSPACE_HOME", str(tmp_path))
        fuzzy = FuzzyMatcher(Settings())
        answers = ["Widgets", "the harbour bulletin", "desk of partners"]
        result = evaluate_queue(HOPS, attempt(answers=answers), fuzzy)
        assert outcome(result)[:3] == [
            (1, True, "must_include", True),
            (2, True, "fuzzy_match", True),
            (3, False, "", True),
        ]
        # asked for hops 2 and 3 only (hop 1 passed by its keywords), in the paper's words
        assert [user_text(body).split("\n", 1)[1] for body in seen] == [
            fuzzy_question("the harbour bulletin", "Harbour news"),
            fuzzy_question("desk of partners", "Partner desk"),
        ]
        # the same question again is answered from the cache
        again = evaluate_queue(HOPS, attempt(answers=answers), fuzzy)
        assert outcome(again) == outcome(result) and len(seen) == 2
        # the family builds its own matcher from the key
        score = MultihopFamily().score(_task(), attempt(answers=answers))
        assert score.metrics["hops_by_fuzzy"] == 1.0 and len(seen) == 2


def test_the_inspect_task_scorer_runs_the_queue_with_fuzzy_match(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    given = attempt(answers=["Widgets", "the harbour bulletin", "Partner desk", "END"])

    @solver
    def stored() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            state.store.set(ATTEMPT_STORE_KEY, given.model_dump())
            return state

        return solve

    with messages_text_api(lambda body: "Yes, it follows.") as (url, seen):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        monkeypatch.setenv("TASKSPACE_HOME", str(tmp_path))
        evaluation = InspectTask(
            dataset=task_dataset([_task()]), solver=stored(), scorer=task_scorer()
        )
        (log,) = inspect_eval(
            evaluation, model="mockllm/model", log_dir=str(tmp_path / "logs"), display="none"
        )
    assert log.status == "success", log.error
    assert log.samples and log.samples[0].scores
    value = log.samples[0].scores["task_scorer"].value
    assert isinstance(value, dict)
    assert value["success"] == 1.0 and value["hops_passed"] == 3.0
    assert (value["hops_by_fuzzy"], value["hops_by_keywords"], value["ended"]) == (1.0, 2.0, 1.0)
    assert len(seen) == 1  # hop 2 only
