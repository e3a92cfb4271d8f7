"""On how many pages each heading's text appears, alone or inside a longer heading."""

from __future__ import annotations

from taskspace.sources.web.headings import heading_pages


def test_a_heading_inside_a_longer_one_counts_both_pages() -> None:
    counts = heading_pages(
        [
            ("urlmapping", "documentroot"),
            ("core", "documentroot directive"),
            ("core", "alias directive"),
        ]
    )
    assert counts == {"documentroot": 2, "documentroot directive": 1, "alias directive": 1}


def test_one_page_holding_a_text_twice_counts_once() -> None:
    counts = heading_pages(
        [("a", "install"), ("a", "install install"), ("a", "how to install"), ("b", "usage")]
    )
    assert counts["install"] == 1
    assert counts["usage"] == 1


def test_texts_too_short_or_too_long_to_name_a_goal_get_no_count() -> None:
    long = "x" * 61
    counts = heading_pages([("a", "faq"), ("a", long), ("a", "x" * 60)])
    assert "faq" not in counts and long not in counts
    # The 60-character text is inside the 61-character one, on the same page.
    assert counts["x" * 60] == 1


def test_a_text_never_matches_across_two_headings() -> None:
    # Joined, "get" + "ting started" would read "getting started" if texts ran together.
    counts = heading_pages([("a", "abc get"), ("b", "ting started"), ("c", "getting started")])
    assert counts["getting started"] == 1
