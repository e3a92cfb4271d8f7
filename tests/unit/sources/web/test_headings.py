"""On how many pages each heading's text appears, alone or inside a longer heading."""

from __future__ import annotations

from typing import Any

from taskspace.sources.web.headings import (
    Heading,
    heading_pages,
    main_heading,
    page_headings,
    unique_heading,
)


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


def test_the_main_heading_is_the_first_visible_one_in_reading_order() -> None:
    headings = [
        Heading("e3", "Usage", True, [10.0, 300.0, 100.0, 20.0]),
        Heading("e2", "Hidden title", False, [0.0, 5.0, 100.0, 20.0]),
        Heading("e1", "x", True, [0.0, 10.0, 100.0, 20.0]),
        Heading("e4", "Not placed", True, None),
        Heading("e5", "Install", True, [0.0, 40.0, 100.0, 20.0]),
    ]
    # The hidden heading and the one-letter one come first but are never the main one; a
    # heading with no box comes after every placed one.
    assert main_heading(headings) == "Install"
    assert main_heading(headings[3:4]) == "Not placed"
    assert main_heading([]) is None


def test_the_unique_heading_is_one_no_other_page_shows_and_not_the_main_one() -> None:
    headings = [
        Heading("a", "Install", True, [0.0, 10.0, 0.0, 0.0]),
        Heading("b", "Usage", True, [0.0, 20.0, 0.0, 0.0]),
        Heading("c", "FAQ", True, [0.0, 30.0, 0.0, 0.0]),
        Heading("d", " Plugins ", True, [0.0, 40.0, 0.0, 0.0]),
    ]
    counts = {"install": 1, "usage": 2, "plugins": 1}
    # "Install" is the main heading, "Usage" is on two pages, "FAQ" is too short.
    assert unique_heading(headings, counts) == "Plugins"
    assert unique_heading(headings[:3], counts) is None


def test_every_page_gets_a_row_even_without_headings() -> None:
    rows: list[dict[str, Any]] = [
        {"page": "p1", "id": "h1", "text": "Install", "visible": True, "bbox": [0, 1, 0, 0]},
        {"page": "p1", "id": "h2", "text": "Plugins", "visible": True, "bbox": [0, 2, 0, 0]},
        {"page": "p2", "id": None, "text": None, "visible": None, "bbox": None},
    ]
    assert page_headings(rows, {"plugins": 1}) == [
        {"page": "p1", "main": "Install", "unique": "Plugins"},
        {"page": "p2", "main": None, "unique": None},
    ]
