"""The browser environment on the fixture site, in real Chromium: what each action does,
what the agent is told when one cannot be done, and what the trajectory keeps."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.environments.browser import Action, BrowserSession, EnvTask, Observation, env_task
from taskspace.environments.errors import ActionError
from taskspace.sources.web.origins import OriginMap
from taskspace.tasks.attempt import WebAction, WebTrajectory
from taskspace.tasks.model import SuccessCriterion, Task, WebHop
from tests.support.web import FIXTURE_SITE, chromium_missing, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
CRAWLED = "http://127.0.0.1:9"


@pytest.fixture(scope="module")
def shop() -> Iterator[str]:
    with serve_folder(FIXTURE_SITE) as base:
        yield base.rstrip("/")


def mark(seen: Observation, name: str) -> int:
    return next(m.id for m in seen.marks if m.name == name)


async def contact_form(shop: str) -> tuple[list[Observation], BrowserSession]:
    criteria = [
        SuccessCriterion(kind="url", value=f"{CRAWLED}/form.html"),
        SuccessCriterion(kind="text_present", value="Contact us"),
        SuccessCriterion(kind="text_present", value="no such text"),
    ]
    session = BrowserSession(EnvTask(f"{CRAWLED}/", criteria, OriginMap({CRAWLED: shop})))
    seen = [await session.start()]
    steps = [
        Action("click", mark(seen[0], "Contact")),
        Action("goto", value="https://example.org/"),
        Action("click", 99),
    ]
    for action in steps:
        seen.append((await session.step(action))[1])
    form = seen[-1]
    more = [
        Action("type", mark(form, "Your name"), "Ada"),
        Action("select", mark(form, "Topic"), "Something else"),
        Action("scroll", value="down"),
        Action("answer", value="first"),
        Action("answer", value="second"),
    ]
    for action in more:
        seen.append((await session.step(action))[1])
    return seen, session


def test_actions_marks_failures_and_the_final_checks(shop: str) -> None:
    async def run() -> tuple[list[Observation], WebTrajectory]:
        seen, session = await contact_form(shop)
        try:
            return seen, await session.finish()
        finally:
            await session.close()

    seen, trajectory = asyncio.run(run())
    start, form, last = seen[0], seen[1], seen[-1]
    assert start.url == f"{shop}/" and start.image.startswith(b"\xff\xd8")  # a JPEG
    assert '[2] link "Contact" -> ' in start.listing()
    assert form.title == "Contact us"
    assert ' "Topic" value="other"' in last.listing()
    assert 'textbox "Your name" value="Ada"' in last.listing()
    actions = trajectory.actions
    assert [a.kind for a in actions] == [
        "click",
        "goto",
        "click",
        "type",
        "select",
        "scroll",
        "answer",
        "answer",
    ]
    assert [a.ok for a in actions] == [True, False, False, True, True, True, True, True]
    assert actions[1].error == f"https://example.org/ is on another site; only {shop} is reachable"
    assert actions[2].error == "there is no mark 99 on this page"
    assert trajectory.answers == ["first", "second"]
    assert trajectory.visited == [f"{shop}/", f"{shop}/form.html"]
    assert trajectory.checks == {
        f"url: {CRAWLED}/form.html": True,
        "text_present: Contact us": True,
        "text_present: no such text": False,
    }


def test_a_link_off_the_site_is_refused_and_the_page_stays(shop: str) -> None:
    async def run() -> tuple[WebAction, str, WebAction]:
        session = BrowserSession(EnvTask(f"{shop}/"))
        try:
            seen = await session.start()
            record, after = await session.step(Action("click", mark(seen, "Elsewhere")))
            back, _ = await session.step(Action("back"))
            return record, after.url, back
        finally:
            await session.close()

    record, url, back = asyncio.run(run())
    assert not record.ok and "leads off the site" in str(record.error)
    assert url == f"{shop}/"
    assert back.error == "there is no page to go back to"


LATE_LINK = """<!doctype html><html><head><title>Late</title></head><body><h1>A late link</h1>
<a href="https://example.org/away"
   onclick="event.preventDefault(); setTimeout(() => { location.href = this.href; }, 400)">Away
later</a></body></html>"""


def test_a_link_off_the_site_that_navigates_late_is_refused_too(tmp_path: Path) -> None:
    """A busy machine shows Chromium's error page after the click has returned: the fence's
    refusal must not be missed because the old page's URL was read first (a CI flake)."""
    (tmp_path / "index.html").write_text(LATE_LINK, encoding="utf-8")

    async def run(site: str) -> tuple[WebAction, str]:
        session = BrowserSession(EnvTask(f"{site}/"))
        try:
            seen = await session.start()
            record, after = await session.step(Action("click", mark(seen, "Away later")))
            return record, after.url
        finally:
            await session.close()

    with serve_folder(tmp_path) as base:
        record, url = asyncio.run(run(base.rstrip("/")))
        assert not record.ok and "leads off the site" in str(record.error)
        assert url == base


def test_multihop_tasks_start_on_their_first_hop_page() -> None:
    task = Task(
        id="task:hops",
        kind="multihop",
        type="multihop",
        template="chain",
        difficulty="hard",
        prompt="p",
        answer="a",
        anchor="x",
        fingerprint="f",
        grounding=[],
        seed=0,
        hops=[
            WebHop(index=0, kind="lookup", instruction="i", page_url=f"{CRAWLED}/a"),
            WebHop(index=1, kind="end", instruction="end"),
        ],
    )
    started = env_task(task, {CRAWLED: "http://127.0.0.1:10"})
    assert started.start_url == f"{CRAWLED}/a" and started.answers == 1
    two = task.model_copy(update={"hops": [task.hops[0], task.hops[0], task.hops[1]]})
    assert env_task(two).answers == 2  # one answer per hop before END
    with pytest.raises(ActionError, match="task:none has no start_url"):
        env_task(task.model_copy(update={"id": "task:none", "hops": []}))


def test_kg_eval_run_refuses_a_bad_origin_map_in_one_line(tmp_path: Path) -> None:
    from taskspace.tasks.store import write_jsonl

    task = Task(
        id="task:web",
        kind="web",
        type="basic_navigation",
        template="hand",
        difficulty="easy",
        prompt="p",
        answer="a",
        anchor="x",
        fingerprint="f",
        grounding=[],
        seed=0,
        start_url=f"{CRAWLED}/",
    )
    tasks = tmp_path / "web.jsonl"
    write_jsonl([task], tasks)
    run = ["eval", "run", str(tasks), "--agent", "heuristic"]
    missing = CliRunner().invoke(cli, [*run, "--origin-map", "http://127.0.0.1:9"])
    assert missing.exit_code != 0
    assert "--origin-map 'http://127.0.0.1:9': write it as FROM=TO" in missing.output
    bad = CliRunner().invoke(cli, [*run, "--origin-map", f"{CRAWLED}=localhost:8000"])
    assert bad.exit_code != 0
    assert "not an http(s) origin: 'localhost:8000'" in bad.output
