"""The metapath resources every generator reads: named Cypher under ``metapaths/`` and the
Jinja2 that renders a query row into text.

Templates (``sampling``), causal paths (``paths``) and multihop chains (``multihop``) all
read here, so no generator needs another to reach them.

Real graphs hold nulls (a table without caption or page, a page with an empty title).
A value a template shows must exist: printing a null (``{{ x }}``), quoting or clipping a
null or a blank, parsing a null as JSON or reaching into a null raises
:class:`MissingValue`, and the sampler skips that candidate and counts it, rather than
crash with a TypeError or put "None" or an empty “” into a prompt.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from jinja2 import Environment, StrictUndefined, Template, UndefinedError, meta

from taskspace.core.resources import resource_dir
from taskspace.graph.errors import MissingValue
from taskspace.graph.queries import QueryLibrary


@lru_cache(maxsize=1)
def metapath_library() -> QueryLibrary:
    """The named queries under ``metapaths/`` (``documents/…``, ``paths/…``, ``multihop/…``)."""
    return QueryLibrary([resource_dir("metapaths")])


def _present(value: Any, what: str) -> str:
    if value is None:
        raise MissingValue(f"{what} of a null value")
    text = str(value)
    if not text.strip():
        raise MissingValue(f"{what} of a blank value")
    return text


def _quote(value: Any) -> str:
    """A name in curly quotes; a null or blank name cannot name anything."""
    return f"“{_present(value, 'quote')}”"


def _clip(value: Any, size: int = 160) -> str:
    """At most ``size`` characters, cut at a word boundary, with an ellipsis."""
    text = _present(value, "clip")
    if len(text) <= size:
        return text
    cut = text[: size - 1]
    return (cut.rsplit(" ", 1)[0] or cut) + "…"


def _fromjson(value: Any) -> Any:
    if value is None:
        raise MissingValue("fromjson of a null value")
    try:
        return json.loads(value)
    except (TypeError, ValueError) as exc:
        raise MissingValue(f"fromjson of a value that is not JSON: {exc}") from exc


def _trim(value: Any, chars: str | None = None) -> str:
    """Jinja's ``trim``, but a null trims to "" (falsy) instead of the text "None"."""
    return "" if value is None else str(value).strip(chars)


def _join(value: Any, separator: str = "") -> str:
    """Jinja's ``join``; a null list or a null item is a missing value, not "None"."""
    if value is None:
        raise MissingValue("join of a null value")
    items = list(value)
    if any(item is None for item in items):
        raise MissingValue("join of a list holding a null")
    return separator.join(str(item) for item in items)


_NUMBER = re.compile(r"[-+−]?(?:\d[\d,]*)?(?:\.\d+)?%?")


def _numeric(value: Any) -> bool:
    """Whether ``value`` reads as a number ("-3.5", "1,200", "12%"): a row named by a number
    is no row label; "-f, --config-file" is one."""
    text = "" if value is None else str(value).strip()
    return bool(text) and any(ch.isdigit() for ch in text) and _NUMBER.fullmatch(text) is not None


def _finalize(value: Any) -> Any:
    """Every ``{{ … }}`` output: a null is a missing value, never the text "None"."""
    if value is None:
        raise MissingValue("a null value was printed")
    return value


def _environment() -> Environment:
    env = Environment(
        undefined=StrictUndefined,
        autoescape=False,
        keep_trailing_newline=False,
        finalize=_finalize,
    )
    env.filters["fromjson"] = _fromjson
    env.filters["quote"] = _quote
    env.filters["clip"] = _clip
    env.filters["trim"] = _trim
    env.filters["join"] = _join
    env.filters["numeric"] = _numeric
    return env


_ENV = _environment()


@lru_cache(maxsize=256)
def compile_template(source: str) -> Template:
    return _ENV.from_string(source)


@lru_cache(maxsize=256)
def template_columns(source: str) -> frozenset[str]:
    """The row columns a template reads (names it neither sets nor loops over)."""
    return frozenset(meta.find_undeclared_variables(_ENV.parse(source)))


_LITERALS = frozenset({"none", "None", "true", "True", "false", "False"})
_LONE = re.compile(r"\{\{\s*([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?\s*\}\}")


@lru_cache(maxsize=256)
def lone_value(source: str) -> tuple[str, str | None] | None:
    """``(column, key)`` when the template is one value and nothing else (``{{ start_url }}``,
    ``{{ seed.selector }}``), else None. Most of a web task's fields are such: a sample
    renders about 1,600 of them, and Jinja's context for each cost more than the lookup."""
    found = _LONE.fullmatch(source.strip())
    if found is None or found[1] in _LITERALS:
        return None
    if found[2] is not None and hasattr(dict, found[2]):
        return None  # ``x.items`` is the dict's method to Jinja: left to Jinja
    return found[1], found[2]


_ASK_JINJA = object()
"""A lone value :func:`_looked_up` cannot print the way Jinja would (an object's attribute)."""


def _looked_up(lone: tuple[str, str | None], row: dict[str, Any]) -> Any:
    """What Jinja would print for a lone value, or :data:`_ASK_JINJA`."""
    value = row[lone[0]]
    if lone[1] is None:
        return value
    if isinstance(value, dict):
        return value.get(lone[1])  # missing: undefined to Jinja, a missing value here too
    return None if value is None else _ASK_JINJA


def render(source: str, row: dict[str, Any]) -> str:
    """The template over ``row``, whitespace collapsed; :class:`MissingValue` if a value it
    needs is null (including reaching into a null, which Jinja reports as undefined).

    A column the row lacks altogether is a defect of the template or its query, not of
    the data, and raises KeyError.
    """
    absent = template_columns(source) - row.keys()
    if absent:
        raise KeyError(f"the template reads {sorted(absent)}, which its query does not return")
    lone = lone_value(source)
    value = _looked_up(lone, row) if lone is not None else _ASK_JINJA
    if value is not _ASK_JINJA:
        return " ".join(str(_finalize(value)).split())
    try:
        text = compile_template(source).render(**row)
    except UndefinedError as exc:
        raise MissingValue(str(exc)) from exc
    except TypeError as exc:  # a built-in filter (length, join, trim …) given a null
        raise MissingValue(str(exc)) from exc
    return " ".join(text.split())


def render_optional(source: str, row: dict[str, Any]) -> str:
    """Like :func:`render`, but a missing value renders empty (for optional checks)."""
    try:
        return render(source, row)
    except MissingValue:
        return ""
