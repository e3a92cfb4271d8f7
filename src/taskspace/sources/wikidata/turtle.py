"""Turtle, including the WDQS dump format, read one block at a time in bounded memory.

A multi-gigabyte dump is cut into blocks first: a block ends where a statement ends (a
line ending in ``.`` outside a long string, or a SPARQL-style ``PREFIX``/``BASE`` line)
and the next line is blank or starts at column 0. Each block is parsed by the strict
parser of :mod:`taskspace.sources.wikidata.turtle_syntax`, whose directive state (prefixes, base)
carries from block to block, so a bad directive is reported once and not applied.

A bad statement is reported with its line and skipped; parsing resumes at the next line
that can start a statement (column 0, after a blank line or a line ending in ``.``), so
an unterminated string or a stray ``{`` costs the statements it really spoils, not the
good blocks after it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from pathlib import Path

from taskspace.sources.wikidata.errors import TurtleSyntaxError
from taskspace.sources.wikidata.ntriples import OnIssue
from taskspace.sources.wikidata.terms import ParseIssue, Triple
from taskspace.sources.wikidata.turtle_fast import CHUNK_LINES, parse_chunk
from taskspace.sources.wikidata.turtle_syntax import TurtleParser, TurtleState

_SPARQL_DIRECTIVE = re.compile(r"\s*(?:PREFIX|BASE)\s", re.IGNORECASE)
MAX_BLOCK_CHARS = 64 << 20
"""A block this large is parsed as it stands: an unterminated long string or a missing
'.' would otherwise make the rest of the file one block; the parser reports the fault
and resumes after it, so memory stays bounded and the good statements still load."""
MAX_ERRORS_PER_BLOCK = 100


def split_blocks(
    lines: Iterable[bytes], file: str, on_issue: OnIssue, max_chars: int = MAX_BLOCK_CHARS
) -> Iterator[tuple[int, list[str]]]:
    """(first line number, lines) for each block that ends where a statement ends."""
    block: list[str] = []
    start = size = 0
    in_long_string = False
    closed = True
    for number, raw in enumerate(lines, 1):
        # Bytes that are not UTF-8 become lone surrogates, which no Turtle term matches:
        # the statement holding them is reported by the parser and skipped, and nothing
        # replaced (U+FFFD) can reach the graph. In a comment they do no harm.
        line = raw.decode("utf-8", "surrogateescape")
        stripped = line.strip()
        if block and closed and not in_long_string and (not stripped or not line[:1].isspace()):
            yield start, block
            block, size = [], 0
        if not block:
            if not stripped:
                continue
            start = number
        block.append(line)
        size += len(line)
        if line.count('"""') % 2 or line.count("'''") % 2:
            in_long_string = not in_long_string
        if stripped and not stripped.startswith("#"):
            closed = not in_long_string and _closes(line)
        if size > max_chars:
            yield start, block
            block, size, closed, in_long_string = [], 0, True, False
    if block:
        yield start, block


def _closes(line: str) -> bool:
    """Whether a line ends a statement: a '.' at its end, or a SPARQL-style directive."""
    return _ends_statement(line.strip()) or _SPARQL_DIRECTIVE.match(line) is not None


def _ends_open(block: list[str]) -> bool:
    """Whether the block's last line of Turtle (not blank, not a comment) leaves a statement
    open: ``split_blocks`` only cuts there at the end of the file (or a huge block)."""
    for line in reversed(block):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return not _closes(line)
    return False


def _ends_statement(stripped: str) -> bool:
    if "#" in stripped and not stripped.endswith("."):
        stripped = stripped.split("#", 1)[0].rstrip()  # a trailing comment
    return stripped.endswith(".")


def read_turtle(
    lines: Iterable[bytes],
    file: str,
    on_issue: OnIssue,
    base: str | None = None,
    max_block_chars: int = MAX_BLOCK_CHARS,
) -> Iterator[Triple]:
    """Triples of a Turtle file in document order; bad statements go to ``on_issue``.

    ``base`` is the IRI relative IRIs resolve against before any ``@base``; by default
    the file's own URI."""
    state = TurtleState(base=base or _default_base(file))
    chunk: list[tuple[int, list[str]]] = []
    size = 0
    for start, block in split_blocks(lines, file, on_issue, max_block_chars):
        chunk.append((start, block))
        size += len(block)
        if size >= CHUNK_LINES:
            yield from _parse_chunk(chunk, state, file, on_issue)
            chunk, size = [], 0
    yield from _parse_chunk(chunk, state, file, on_issue)


def _parse_chunk(
    chunk: list[tuple[int, list[str]]], state: TurtleState, file: str, on_issue: OnIssue
) -> Iterator[Triple]:
    """Oxigraph's triples for the chunk, or ours block by block where it must not."""
    if not chunk:
        return
    text = "".join(line if line.endswith("\n") else line + "\n" for _, b in chunk for line in b)
    triples = parse_chunk(text, state, chunk[0][0])
    if triples is not None:
        yield from triples
        return
    for start, block in chunk:
        yield from _parse_block(start, block, state, file, on_issue)


def _default_base(file: str) -> str:
    """Relative IRIs with no ``@base`` resolve against the file, as RDF says."""
    try:
        return Path(file).absolute().as_uri()
    except ValueError:
        return "file:///"


def _parse_block(
    start: int, block: list[str], state: TurtleState, file: str, on_issue: OnIssue
) -> Iterator[Triple]:
    errors = 0
    while block:
        text = "".join(line if line.endswith("\n") else line + "\n" for line in block)
        starts = _line_starts(block)
        parser = TurtleParser(text, state)
        try:
            for offset, statement in parser.statements():
                line = start + bisect_right(starts, offset) - 1
                for subject, predicate, obj in statement:
                    yield Triple(subject, predicate, obj, line)
            return
        except TurtleSyntaxError as exc:
            where = bisect_right(starts, exc.anchor) - 1
            fault = bisect_right(starts, exc.offset) - 1
            resume = _resume(block, bisect_right(starts, exc.statement) - 1)
            if resume is not None and resume <= where:
                # The statement ran on past a blank line into the next block (a missing
                # '.' or object): the fault is in the last line before that block.
                where = max(i for i in range(resume) if block[i].strip())
            column = exc.offset - starts[fault] + 1
            at = f"line {start + fault}, column {column}" if fault != where else f"column {column}"
            reason = f"Turtle syntax error: {exc} ({at})"
            if resume is None and _ends_open(block):
                # Only the last block of a file can end open: the file was cut.
                where = bisect_right(starts, exc.statement) - 1
                reason = f"truncated last block: the file ends inside this statement; {reason}"
            on_issue(ParseIssue(file, start + where, reason))
            errors += 1
            if resume is not None and errors >= MAX_ERRORS_PER_BLOCK:
                # Each resumption re-reads the rest of the block; past this many, the rest
                # is more likely not Turtle than a run of bad statements.
                end = start + len(block) - 1
                reason = f"{errors} errors in one block; lines {start + resume}-{end} skipped"
                on_issue(ParseIssue(file, start + resume, reason))
                return
            if resume is None:
                return
            start, block = start + resume, block[resume:]


def _line_starts(block: list[str]) -> list[int]:
    starts, offset = [], 0
    for line in block:
        starts.append(offset)
        offset += len(line) + (0 if line.endswith("\n") else 1)
    return starts


def _resume(block: list[str], failed: int) -> int | None:
    """The first line after ``failed`` that can start a statement, or None."""
    for index in range(failed + 1, len(block)):
        line, before = block[index], block[index - 1].strip()
        if line.strip() and not line[:1].isspace() and (not before or before.endswith(".")):
            return index
    return None
