"""The RDF term model every Wikidata reader produces, and typed claim values.

Readers (N-Triples, Turtle, SPARQL results) all yield :class:`Triple` of :class:`IRI`,
:class:`BNode` and :class:`Literal`; entity JSON yields :class:`Value` directly. Keeping
one small model lets one mapping turn every input into the same graph rows. Values keep
their Wikidata type (time with precision, quantity with unit, monolingual text with its
language, coordinates) so that the graph stores them typed, not as opaque strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import NamedTuple

from neo4j.spatial import WGS84Point


class IRI(NamedTuple):
    value: str


class BNode(NamedTuple):
    id: str


class Literal(NamedTuple):
    lexical: str
    datatype: str | None = None
    lang: str | None = None


Term = IRI | BNode | Literal


class Triple(NamedTuple):
    subject: IRI | BNode
    predicate: str
    object: Term
    line: int = 0


class ParseIssue(NamedTuple):
    """One bad record: the file, its line (or record number) and why it was skipped."""

    file: str
    line: int
    reason: str


WD = "http://www.wikidata.org/entity/"
STATEMENT_NS = "http://www.wikidata.org/entity/statement/"
PROP_NS = "http://www.wikidata.org/prop/"
VALUE_NS = "http://www.wikidata.org/value/"
WIKIBASE = "http://wikiba.se/ontology#"
XSD = "http://www.w3.org/2001/XMLSchema#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
SKOS_PREF_LABEL = "http://www.w3.org/2004/02/skos/core#prefLabel"
SKOS_ALT_LABEL = "http://www.w3.org/2004/02/skos/core#altLabel"
SCHEMA_NAME = "http://schema.org/name"
SCHEMA_DESCRIPTION = "http://schema.org/description"
WKT_LITERAL = "http://www.opengis.net/ont/geosparql#wktLiteral"
EARTH = "Q2"

# Ids are bounded: they are keys of range indexes, which refuse values over about 8 KB,
# and one such value fails a whole write round (Wikidata's ids have at most 9 digits).
ENTITY_ID = re.compile(r"[QPL][1-9][0-9]{0,17}")
PROPERTY_ID = re.compile(r"P[1-9][0-9]{0,17}")
"""A property id is the only name that comes from data and reaches the graph as a
relationship type or a node property key (``P577``, ``P577_precision``); holding it to
this pattern is what keeps ``id``, ``label``, ``source`` and Cypher out of those names."""


def not_a_property(value: object) -> str:
    """Why ``value`` is not a property id, naming what was there: ``is empty ('')``,
    ``'P31x' is not …`` or ``a number (31) is not …``, so a user can find it."""
    if value == "":
        return "is empty (''), not a property id (P and digits)"
    if isinstance(value, str):
        return f"{value[:40]!r} is not a property id (P and digits)"
    return f"{type(value).__name__} {str(value)[:40]!r} is not a property id (P and digits)"


_STATEMENT_ID = re.compile(r"([QPLqpl][1-9][0-9]{0,17})[-$]([^\x00-\x20]{1,200})")
_TIME = re.compile(
    r"([+-]?)(\d{1,16})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?"
)
_POINT = re.compile(r"(?:<([^>]*)>\s*)?Point\(\s*(\S+)\s+(\S+)\s*\)", re.IGNORECASE)
_NUMBER_TYPES = {
    f"{XSD}{name}" for name in ("decimal", "integer", "double", "float", "int", "long")
}
_TIME_TYPES = {f"{XSD}dateTime", f"{XSD}date"}
_ID_KINDS = {"Q": "item", "P": "property"}


@lru_cache(maxsize=65536)
def entity_id(iri: str) -> str | None:
    """``Q42`` from ``http://www.wikidata.org/entity/Q42``; None for any other IRI."""
    if iri.startswith(WD):
        local = iri[len(WD) :]
        if ENTITY_ID.fullmatch(local):
            return local
    return None


def statement_id(local: str) -> tuple[str, str] | None:
    """(owner, id) for a statement: ``Q42-F078…`` (RDF) and ``Q42$F078…`` (JSON) agree.

    The RDF dump replaces the ``$`` of a statement id by ``-``; we store the JSON form so
    that a statement loaded from a dump and from entity JSON is one node.
    """
    match = _STATEMENT_ID.fullmatch(local)
    if match is None:
        return None
    owner = match.group(1).upper()
    return owner, f"{match.group(1)}${match.group(2)}"


def unit_id(unit: str | None) -> str | None:
    """A quantity's unit as a QID; Wikidata writes ``1`` for "no unit"."""
    if not unit or unit == "1":
        return None
    return entity_id(unit) or unit


@dataclass(frozen=True, slots=True)
class Value:
    """A claim or qualifier value with its Wikidata type.

    ``kind`` is one of item, property, string, monolingual, time, quantity, coordinate,
    url, somevalue, novalue. ``text`` is the value's string form (QID, ISO date, amount).
    """

    kind: str
    text: str
    precision: int | None = None
    unit: str | None = None
    lang: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    globe: str | None = None

    def resolved(self, precision: int | None, unit: str | None) -> Value:
        """The same value with a precision or unit learnt from a full value node."""
        if self.kind == "time" and precision is not None and self.precision is None:
            return Value("time", self.text, precision=precision)
        if self.kind == "quantity" and unit is not None and self.unit is None:
            return Value("quantity", self.text, unit=unit)
        return self

    def as_text(self) -> str:
        """The string form stored on :Statement nodes and in qualifiers."""
        if self.kind == "time":
            return time_text(self.text, self.precision)
        return self.text

    def as_property(self) -> object:
        """The typed value a node property holds (date, number, point or string)."""
        if self.kind == "time":
            return time_value(self.text, self.precision)
        if self.kind == "quantity":
            return number(self.text)
        if (
            self.kind == "coordinate"
            and self.latitude is not None
            and self.longitude is not None
            and self.globe in (None, EARTH)
        ):
            return WGS84Point((self.longitude, self.latitude))
        return self.text

    def as_json(self) -> dict[str, object]:
        """A qualifier value for ``qualifiers_json``: string form, type and extras."""
        out: dict[str, object] = {"value": self.as_text(), "type": self.kind}
        for key in ("precision", "unit", "lang"):
            extra = getattr(self, key)
            if extra is not None:
                out[key] = extra
        return out


def amount_text(text: str) -> str:
    """A quantity's amount without Wikidata's leading ``+``: ``+1.96`` -> ``1.96``."""
    return text[1:] if text.startswith("+") else text


def number(text: str) -> int | float | str:
    """``+296033`` -> 296033, ``+1.96`` -> 1.96; anything unreadable stays text."""
    try:
        if re.fullmatch(r"[+-]?\d+", text):
            return int(text)
        return float(text)
    except ValueError:
        return text


def _time_parts(text: str) -> tuple[str, int, int, int] | None:
    match = _TIME.fullmatch(text.strip())
    if match is None:
        return None
    sign, year, month, day = match.groups()
    return sign, int(year), int(month), int(day)


def time_text(text: str, precision: int | None) -> str:
    """ISO form cut to the precision: 9 -> ``1979``, 10 -> ``1979-05``, 11 -> ``1979-05-20``."""
    parts = _time_parts(text)
    if parts is None:
        return text
    sign, year, month, day = parts
    prefix = "-" if sign == "-" else ""
    out = f"{prefix}{year:04d}"
    if (precision is None or precision >= 10) and month:
        out += f"-{month:02d}"
        if (precision is None or precision >= 11) and day:
            out += f"-{day:02d}"
    return out


def time_value(text: str, precision: int | None) -> date | str:
    """A date when the value is a day in years 1..9999 (or precision unknown), else ISO text."""
    parts = _time_parts(text)
    if parts is None:
        return text
    sign, year, month, day = parts
    if sign != "-" and (precision is None or precision >= 11) and 1 <= year <= 9999:
        try:
            return date(year, month, day)
        except ValueError:
            pass
    return time_text(text, precision)


def parse_point(text: str) -> tuple[float, float, str | None] | None:
    """(latitude, longitude, globe QID) from ``[<globe>] Point(lon lat)``."""
    match = _POINT.fullmatch(text.strip())
    if match is None:
        return None
    globe_iri, lon, lat = match.groups()
    try:
        longitude, latitude = float(lon), float(lat)
    except ValueError:
        return None
    return latitude, longitude, (entity_id(globe_iri) if globe_iri else None)


@lru_cache(maxsize=65536)
def iri_value(iri: str) -> Value:
    """The value an IRI object stands for; cached, as dumps name the same items over and
    over (Values are immutable, so one can be shared)."""
    qid = entity_id(iri)
    if qid is None:
        return Value("url", iri)
    return Value(_ID_KINDS.get(qid[0], "string"), qid)


def rdf_value(term: Term) -> Value:
    """The typed value of an RDF object (wdt:, ps:, pq:)."""
    if isinstance(term, IRI):
        return iri_value(term.value)
    if isinstance(term, BNode):
        return Value("somevalue", "")
    if term.lang:
        return Value("monolingual", term.lexical, lang=term.lang)
    datatype = term.datatype
    if datatype in _TIME_TYPES:
        return Value("time", term.lexical)
    if datatype in _NUMBER_TYPES:
        return Value("quantity", amount_text(term.lexical))
    if datatype == WKT_LITERAL:
        point = parse_point(term.lexical)
        if point is not None:
            return Value(
                "coordinate", term.lexical, latitude=point[0], longitude=point[1], globe=point[2]
            )
    return Value("string", term.lexical)


@dataclass(slots=True)
class StatementRecord:
    """One full statement: its main value, rank and qualifiers."""

    id: str
    pid: str
    rank: str = "normal"
    value: Value | None = None
    qualifiers: list[tuple[str, Value]] = field(default_factory=list)
    value_node: str | None = None
    datatype: str | None = None
    qualifier_nodes: list[tuple[str, str]] = field(default_factory=list)


@dataclass(slots=True)
class EntityRecord:
    """Everything one input says about one entity, whatever its format."""

    id: str
    line: int = 0
    datatype: str | None = None
    labels: dict[str, str] = field(default_factory=dict)
    descriptions: dict[str, str] = field(default_factory=dict)
    aliases: dict[str, list[str]] = field(default_factory=dict)
    truthy: list[tuple[str, Value]] = field(default_factory=list)
    statements: dict[str, StatementRecord] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return {"Q": "item", "P": "property"}.get(self.id[0], "lexeme")
