"""Template rendering: a field that is one value is looked up without Jinja, and prints
what Jinja would print, including a null as a missing value."""

from __future__ import annotations

from typing import Any

import pytest

from taskspace.generators.templates.templates import load_templates
from taskspace.graph.errors import MissingValue
from taskspace.graph.metapaths import compile_template, lone_value, render

ROW: dict[str, Any] = {
    "start_url": "http://127.0.0.1:8765/user-guide/",
    "count": 7,
    "share": 0.25,
    "ok": True,
    "names": ["a", "b"],
    "title": "  Getting\n   started ",
    "seed": {"selector": "#nav > a", "som": 0, "name": None, "items": "x"},
    "hops": None,
    "empty": "",
}


def jinja(source: str, row: dict[str, Any]) -> str:
    """What Jinja alone renders, whitespace collapsed as render() does."""
    return " ".join(compile_template(source).render(**row).split())


@pytest.mark.parametrize(
    "source",
    [
        "{{ start_url }}",
        "{{count}}",
        "{{ share }}",
        "{{ ok }}",
        "{{ names }}",
        "{{ title }}",
        " {{ seed.selector }} ",
        "{{ seed.som }}",
        "{{ empty }}",
    ],
)
def test_a_lone_value_prints_what_jinja_prints(source: str) -> None:
    assert lone_value(source) is not None
    assert render(source, ROW) == jinja(source, ROW)


@pytest.mark.parametrize("source", ["{{ seed.name }}", "{{ seed.missing }}", "{{ hops.selector }}"])
def test_a_null_or_absent_lone_value_is_a_missing_value(source: str) -> None:
    with pytest.raises(MissingValue):
        render(source, ROW)


def test_what_is_not_one_value_is_left_to_jinja() -> None:
    for source in (
        "{{ seed.items }}",  # the dict's method to Jinja
        "{{ none }}",
        "{{ seed.selector | quote }}",
        "page {{ title }}",
        "{{ seed['selector'] }}",
        "{{ a.b.c }}",
    ):
        assert lone_value(source) is None, source
    assert render("{{ seed.selector | quote }}", ROW) == jinja("{{ seed.selector | quote }}", ROW)
    with pytest.raises(KeyError, match="absent"):
        render("{{ absent }}", ROW)


def test_the_shipped_templates_have_lone_fields() -> None:
    fields = [
        value
        for spec in load_templates("web")
        for value in (spec.answer, spec.start_url, *(step.selector for step in spec.steps))
        if value
    ]
    assert sum(lone_value(value) is not None for value in fields) > len(fields) / 2
