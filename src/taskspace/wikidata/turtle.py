"""Turtle, including the WDQS dump format, read one block at a time with rdflib.

rdflib parses a whole document into memory, so a multi-gigabyte dump is cut into blocks
first: a block ends where a statement ends (a line ending in ``.`` outside a long
string) and the next line is blank or starts a new subject at column 0. The WDQS dump
repeats its ``@prefix`` lines before each entity; every prefix seen so far is kept and
put in front of each block, so a block parses on its own. Small blocks are parsed
together (up to ``chunk_lines``) because one rdflib parse has a fixed cost; when such a
chunk fails, its blocks are parsed one by one so that only the bad block is skipped and
reported with its first line and rdflib's reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import rdflib
from rdflib.term import BNode as RdfBNode
from rdflib.term import Literal as RdfLiteral
from rdflib.term import URIRef

from taskspace.wikidata.ntriples import OnIssue
from taskspace.wikidata.terms import (
    IRI,
    STATEMENT_NS,
    VALUE_NS,
    WD,
    BNode,
    Literal,
    ParseIssue,
    Term,
    Triple,
    statement_id,
)

_DIRECTIVE = re.compile(r"\s*(@prefix|@base|PREFIX|BASE)\s+(?:([^:\s<]*):)?", re.IGNORECASE)
_LINE_IN_ERROR = re.compile(r"at line (\d+)")
_BAD_SYNTAX = re.compile(r"Bad syntax \((.*?)\) at \^")
MAX_BLOCK_CHARS = 64 << 20


class _Block:
    __slots__ = ("lines", "start")

    def __init__(self, start: int) -> None:
        self.start = start
        self.lines: list[str] = []


def split_blocks(
    lines: Iterable[bytes], file: str, on_issue: OnIssue
) -> Iterator[tuple[int, dict[str, str], list[str]]]:
    """(first line, prefix directives in force, lines) for each self-contained block."""
    prefixes: dict[str, str] = {}
    block = _Block(1)
    size = 0
    in_long_string = False
    statement_closed = True
    for number, raw in enumerate(lines, 1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            on_issue(ParseIssue(file, number, f"invalid UTF-8 at byte {exc.start}"))
            line = raw.decode("utf-8", "replace")
        stripped = line.strip()
        at_boundary = statement_closed and not in_long_string
        if at_boundary and block.lines and (not stripped or not line[:1].isspace()):
            yield block.start, dict(prefixes), block.lines
            block, size = _Block(number), 0
        if at_boundary and (directive := _DIRECTIVE.match(line)):
            key = (directive.group(1).lower().lstrip("@"), directive.group(2) or "")
            prefixes["\x1f".join(key)] = stripped
            continue
        if not block.lines:
            if not stripped:
                continue
            block.start = number
        block.lines.append(line)
        size += len(line)
        if line.count('"""') % 2 or line.count("'''") % 2:
            in_long_string = not in_long_string
        if stripped and not stripped.startswith("#"):
            statement_closed = not in_long_string and _ends_statement(stripped)
        if size > MAX_BLOCK_CHARS:
            on_issue(ParseIssue(file, block.start, "block larger than 64 MiB; skipped"))
            block, size = _Block(number + 1), 0
    if block.lines:
        if not statement_closed:
            on_issue(ParseIssue(file, block.start, "truncated last block: no final '.'"))
        else:
            yield block.start, dict(prefixes), block.lines


def _ends_statement(stripped: str) -> bool:
    if "#" in stripped and not stripped.endswith("."):
        stripped = stripped.split("#", 1)[0].rstrip()  # a trailing comment
    return stripped.endswith(".")


def _term(node: object) -> Term:
    if isinstance(node, RdfLiteral):
        datatype = str(node.datatype) if node.datatype is not None else None
        return Literal(str(node), datatype, node.language.lower() if node.language else None)
    if isinstance(node, RdfBNode):
        return BNode(str(node))
    return IRI(str(node))


def _parse(text: str) -> rdflib.Graph:
    graph = rdflib.Graph()
    graph.parse(data=text, format="turtle")
    return graph


def _entity_order(triple: Triple) -> tuple[int, str]:
    """Value nodes first, then subjects grouped by the entity they belong to.

    rdflib hands a parsed chunk back in hash order; sorted this way, each entity's triples
    (its statements too) are contiguous again and the precision/unit nodes are known
    before the entity is finished, so the grouper's bound of open entities holds.
    """
    subject = triple.subject
    if not isinstance(subject, IRI):
        return 2, subject.id
    if subject.value.startswith(VALUE_NS):
        return 0, subject.value
    if subject.value.startswith(STATEMENT_NS):
        owner = statement_id(subject.value[len(STATEMENT_NS) :])
        if owner is not None:
            return 1, WD + owner[0]
    return 1, subject.value


def _triples(graph: rdflib.Graph, line: int) -> Iterator[Triple]:
    found: list[Triple] = []
    for subject, predicate, obj in graph:
        term = _term(subject)
        if isinstance(predicate, URIRef) and not isinstance(term, Literal):
            found.append(Triple(term, str(predicate), _term(obj), line))
    found.sort(key=_entity_order)
    yield from found


def _reason(exc: Exception, header_lines: int, start: int) -> tuple[int, str]:
    message = " ".join(str(exc).split())
    found = _LINE_IN_ERROR.search(message)
    line = start
    if found:
        line = max(start, start + int(found.group(1)) - 1 - header_lines)
    short = _BAD_SYNTAX.search(message)
    return line, f"Turtle syntax error: {(short.group(1) if short else message)[:300]}"


def read_turtle(
    lines: Iterable[bytes], file: str, on_issue: OnIssue, chunk_lines: int = 4000
) -> Iterator[Triple]:
    """Triples of a Turtle file, parsed block by block in bounded memory."""
    pending: list[tuple[int, dict[str, str], list[str]]] = []
    count = 0
    for block in split_blocks(lines, file, on_issue):
        if pending and (block[1] != pending[0][1] or count + len(block[2]) > chunk_lines):
            yield from _parse_chunk(pending, file, on_issue)
            pending, count = [], 0
        pending.append(block)
        count += len(block[2])
    if pending:
        yield from _parse_chunk(pending, file, on_issue)


def _parse_chunk(
    blocks: list[tuple[int, dict[str, str], list[str]]], file: str, on_issue: OnIssue
) -> Iterator[Triple]:
    header = "".join(f"{directive}\n" for directive in blocks[0][1].values())
    header_lines = len(blocks[0][1])
    body = "".join(line if line.endswith("\n") else line + "\n" for b in blocks for line in b[2])
    try:
        graph = _parse(header + body)
    except Exception as exc:  # rdflib raises many kinds; each means "this text is bad"
        if len(blocks) == 1:
            on_issue(ParseIssue(file, *_reason(exc, header_lines, blocks[0][0])))
            return
        for block in blocks:
            yield from _parse_chunk([block], file, on_issue)
        return
    yield from _triples(graph, blocks[0][0])
