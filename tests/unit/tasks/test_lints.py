"""The lints every generator shares, on headings, prompts and answers seen in real tasks."""

from __future__ import annotations

import pytest

from taskspace.core.shapes import heading_cut
from taskspace.tasks.family import SampleReport
from taskspace.tasks.lints import LINTS, precision_mismatch, url_in_prompt


@pytest.mark.parametrize(
    "heading",
    [
        "Fine-tuning with",  # a bold run-in head cut before its object
        "Results for",
        "The loss is",
        "Weighted sum-",
        "Comparison of the",
    ],
)
def test_cut_headings_are_caught(heading: str) -> None:
    assert heading_cut(heading) is not None


@pytest.mark.parametrize(
    "heading",
    ["Related Work", "3.2 Training Details", "What is it for?", "Results (with pretraining)"],
)
def test_whole_headings_pass(heading: str) -> None:
    assert heading_cut(heading) is None


def test_a_goal_named_by_its_address_is_caught() -> None:
    goal = "/user-guide/configuration/"
    assert url_in_prompt("Go to http://127.0.0.1:8000/user-guide/configuration/", [goal])
    assert url_in_prompt("Open /user-guide/configuration/ from the home page.", [goal])
    assert url_in_prompt("Open the page on configuration options.", [goal]) is None


def test_precision_follows_the_inputs() -> None:
    assert precision_mismatch("0.12", ["0.355", "0.235"]) is not None
    assert precision_mismatch("0.120", ["0.355", "0.235"]) is None
    assert precision_mismatch("409", ["120", "289"]) is None


def test_a_lint_drop_is_counted_by_name_and_as_a_drop() -> None:
    report = SampleReport.start("doc", ["unverified"])
    report.lint("heading_cut")
    report.lint("heading_cut")
    assert report.lints == {"heading_cut": 2} and report.dropped["lint"] == 2
    assert report.as_dict()["lints"] == {"heading_cut": 2}
    assert "heading_cut" in LINTS
