"""The reader's checks multihop chains run (taskspace.tasks.lints), on strings taken from
the real pages in tests/fixtures/multihop_raycharles and from http.server's own pages."""

from __future__ import annotations

from taskspace.tasks.lints import contentless_page, link_spoiler, partial_match
from tests.support.multihop import RAY_CHARLES


def test_listings_error_pages_and_indexes_have_no_content() -> None:
    assert contentless_page("Directory listing for /", "Directory listing for /", 0)
    assert contentless_page("Error response", "Error response", 10)  # http.server's 404
    assert contentless_page("Summary", "Summary", 0)  # the 2015 ZIM's A/index.htm
    assert contentless_page("Hit the Road Jack", "Hit the Road Jack", 123) is None
    assert contentless_page("500 Miles High", "500 Miles High", 60) is None


def test_an_answer_read_off_the_link_is_a_spoiler() -> None:
    assert link_spoiler("Crying_Time_(album).html", "Crying Time (album)")
    assert link_spoiler("Yes Indeed!", "Yes Indeed! (Ray Charles album)")
    assert link_spoiler("The Raelets", "The Raelettes")
    assert link_spoiler("Unchain My Heart", "Covers") is None
    assert link_spoiler("Ray Charles in Person", "Track listing") is None


def test_a_lookup_matches_the_whole_answer_in_the_page_own_words() -> None:
    page = RAY_CHARLES / "wiki2020" / "Do_the_Twist!_with_Ray_Charles.html"
    text = page.read_text(encoding="utf-8")
    assert partial_match("Track listing", "Do the Twist! with Ray Charles", text) is None
    assert "contain one another" in (
        partial_match("Crying Time", "Crying Time (album)", "Crying Time is an album") or ""
    )
    assert "longer words" in (partial_match("Twist", "Other", "Twisted tales") or "")
    inside = partial_match(
        "Background", "Other", "Background and recording", ["Background and recording"]
    )
    assert "longer heading" in (inside or "")
