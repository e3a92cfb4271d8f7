"""Turtle chunks through oxigraph's compiled parser, with our own parser as the referee.

:mod:`taskspace.sources.wikidata.turtle` cuts a file into blocks that end where statements end;
consecutive blocks make a chunk, which pyoxigraph parses in Rust (about six times faster
than our parser on a WDQS-style dump) after a header restating the current ``@base`` and
``@prefix`` directives, since a chunk does not see the ones before it. Whenever oxigraph
might read a chunk otherwise than :class:`TurtleParser`, :func:`parse_chunk` returns None
and the caller parses the chunk's blocks with ours, which reports each bad statement with
its line and loads the rest. That is so for a chunk oxigraph rejects; one holding blank
nodes (ours names ``[]`` nodes ``#b1``, ``#b2`` … by a counter that must run through the
whole file), RDF 1.2 terms, a ``VERSION`` directive or an explicit ``^^xsd:string``
(oxigraph cannot tell it from a plain literal); and one with a predicate the grouper would
report (a bad property id), so the report names its exact line. Triples from oxigraph
carry the chunk's first line: nothing downstream reads a triple's line but such reports.
"""

from __future__ import annotations

import re

from pyoxigraph import Literal as OxLiteral
from pyoxigraph import NamedNode, Quad, RdfFormat, parse

from taskspace.sources.wikidata.terms import IRI, PROP_NS, PROPERTY_ID, XSD, Literal, Term, Triple
from taskspace.sources.wikidata.turtle_syntax import TurtleState

CHUNK_LINES = 2000
"""Lines per oxigraph call: the header and the call's fixed cost vanish against this,
and a chunk that falls back costs our parser only this much."""
_XSD_STRING = f"{XSD}string"
_DIFFERENT = re.compile(r"\^\^\S*string|^\s*@?version\b", re.IGNORECASE | re.MULTILINE)


class _Differs(Exception):
    """Oxigraph's reading may differ from ours: the chunk goes to our parser.

    Internal, outside the :class:`~taskspace.core.errors.UserError` tree and private to this
    module: :func:`parse_chunk` catches it and returns None; no user ever sees it.
    """


def parse_chunk(text: str, state: TurtleState, line: int) -> list[Triple] | None:
    """The triples of ``text`` (whole statements) under ``state``, or None when our parser
    must read it. On success ``state`` takes the chunk's directives."""
    if _DIFFERENT.search(text):
        return None
    header = "".join(f"@prefix {name}: <{iri}> .\n" for name, iri in state.prefixes.items())
    data = f"@base <{state.base}> .\n{header}{text}".encode("utf-8", "surrogateescape")
    try:
        parser = parse(data, format=RdfFormat.TURTLE)
        quads = list(parser)
        triples = [_triple(quad, line) for quad in quads]
    except (SyntaxError, ValueError, _Differs):
        return None
    base = parser.base_iri
    if base is not None:
        state.base = base
    state.prefixes = dict(parser.prefixes)
    return triples


def _triple(quad: Quad, line: int) -> Triple:
    node = quad.subject
    if type(node) is not NamedNode:
        raise _Differs  # a blank node (or a triple term) as subject
    predicate = quad.predicate.value
    if predicate.startswith(PROP_NS) and not PROPERTY_ID.fullmatch(predicate.rpartition("/")[2]):
        raise _Differs  # the grouper reports it: our parser gives the exact line
    return Triple(IRI(node.value), predicate, _term(quad.object), line)


def _term(node: object) -> Term:
    if type(node) is NamedNode:
        return IRI(node.value)
    if type(node) is not OxLiteral:
        raise _Differs  # blank nodes and RDF 1.2 triple terms
    literal: OxLiteral = node
    if literal.direction is not None:
        raise _Differs
    lang = literal.language
    if lang is not None:
        return Literal(literal.value, None, lang)
    datatype = literal.datatype.value
    return Literal(literal.value, None if datatype == _XSD_STRING else datatype, None)
