"""What identifies a site and a gold page wherever it is served (#27): the default site key
(host and start directory, no port), golds as site paths, a URL answer on the live origin
read as its path, and a prompt's crawled origin rewritten to where the site is now."""

from __future__ import annotations

from taskspace.generators.multihop.scoring import evaluate_queue
from taskspace.sources.web.origins import OriginMap
from taskspace.sources.web.urls import on_origin, portable_url, same_page, site_key
from taskspace.tasks.attempt import Attempt, WebTrajectory
from taskspace.tasks.model import HopCheck, WebHop
from taskspace.tasks.scoring.checks import check_passes


def test_the_default_key_is_the_host_and_the_start_directory_without_port() -> None:
    assert site_key("http://127.0.0.1:8000/") == site_key("http://127.0.0.1:9123/") == "127.0.0.1"
    assert site_key("http://127.0.0.1:9123/docs/index.html") == "127.0.0.1/docs"
    assert site_key("http://127.0.0.1:8000/docs/") == "127.0.0.1/docs"
    assert site_key("https://Example.org") == "example.org"
    assert site_key("http://user:pw@[::1]:8080/a/b.html") == "[::1]/a"


def test_a_gold_page_is_its_path_and_is_met_on_any_origin() -> None:
    start = "http://127.0.0.1:8000/"
    assert portable_url("http://127.0.0.1:8000/catalog/", start) == "/catalog"
    assert portable_url("http://127.0.0.1:8000/r?q=b&a=1", start) == "/r?a=1&q=b"
    assert portable_url("http://other.org/x", start) == "http://other.org/x"  # another site
    assert portable_url("Opening hours", start) == "Opening hours"
    assert same_page("http://127.0.0.1:9123/catalog/index.html", "/catalog")
    assert not same_page("http://127.0.0.1:9123/catalogue", "/catalog")
    assert on_origin("/catalog", "http://127.0.0.1:9123/a/b") == "http://127.0.0.1:9123/catalog"


def test_a_url_answer_on_the_live_origin_equals_a_gold_path() -> None:
    assert check_passes("exact", "/results.html", "http://127.0.0.1:9123/results.html")
    assert check_passes("exact", "/results.html", " http://localhost:1/results.html/ ")
    assert not check_passes("exact", "/results.html", "http://127.0.0.1:9123/form.html")
    assert check_passes("exact", "/results.html", "/results.html")


def test_a_prompt_names_the_origin_that_serves_the_site_now() -> None:
    origins = OriginMap({"http://127.0.0.1:8000": "http://127.0.0.1:9123"})
    prompt = "Hop 1: Open http://127.0.0.1:8000/A/x.html, then http://127.0.0.1:80001/y."
    assert origins.text(prompt) == (
        "Hop 1: Open http://127.0.0.1:9123/A/x.html, then http://127.0.0.1:80001/y."
    )


def test_a_hop_gold_on_two_mirrors_with_the_same_paths_is_judged_on_its_own_site() -> None:
    """Two mirrors (keys old and new) crawled on 8000 and 8001, served on 7000 and 7001
    now: the hop's page is /A/x.html of new, and the same path on old does not count."""
    hop = WebHop(
        index=1,
        kind="follow",
        instruction="follow",
        answer="X",
        check=HopCheck(keywords=["X"], url="/A/x.html", site="new"),
    )
    end = WebHop(index=2, kind="end", instruction="END", answer="END")
    sites = {"old": "http://127.0.0.1:8000", "new": "http://127.0.0.1:8001"}
    served = {
        "http://127.0.0.1:8000": "http://127.0.0.1:7000",
        **{sites["new"]: "http://127.0.0.1:7001"},
    }

    def passed(visited: list[str]) -> bool:
        trajectory = WebTrajectory(start_url=visited[0], visited=visited, origins=served)
        attempt = Attempt(task_id="t", answer="", trajectory=trajectory)
        return evaluate_queue([hop, end], attempt, sites=sites).hops[0].passed

    assert passed(["http://127.0.0.1:7000/", "http://127.0.0.1:7001/A/x.html"])
    assert not passed(["http://127.0.0.1:7000/", "http://127.0.0.1:7000/A/x.html"])
