"""A streaming N-Triples reader: one compiled regular expression per line.

Why not rdflib: its N-Triples parser walks each line with several small regex matches
and builds rdflib term objects (with their own validation and interning) for every term,
which makes it several times slower per line than one ``fullmatch`` of a compiled
pattern plus plain tuples; a Wikidata truthy dump has billions of lines. The pattern
follows the W3C N-Triples grammar (IRIREF, BLANK_NODE_LABEL, STRING_LITERAL_QUOTE with
ECHAR/UCHAR escapes, LANGTAG, ``^^`` datatypes, trailing comments), and escapes are
decoded exactly (``\\uXXXX``, ``\\UXXXXXXXX``, ``\\t \\b \\n \\r \\f \\" \\' \\\\``; UTF-16
surrogate pairs written as two ``\\u`` escapes are joined). A line that does not match is
diagnosed (bad IRI, unterminated literal, wrong escape, missing ``.``), reported with its
file and line number, and skipped; the rest of the file loads. Lines are decoded one by
one, so a bad byte costs one line, and memory stays constant for any file size.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from taskspace.sources.wikidata.errors import NTriplesError
from taskspace.sources.wikidata.terms import IRI, BNode, Literal, ParseIssue, Term, Triple

_IRI_CHARS = r'(?:[^\x00-\x20<>"{}|^`\\]++|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8})*+'
_IRI = rf"<({_IRI_CHARS})>"
_ABSOLUTE_IRI = rf"<([A-Za-z][A-Za-z0-9+.\-]*:{_IRI_CHARS})>"  # N-Triples has no base
_BNODE = (
    r"_:((?:[A-Za-z0-9_]|[^\x00-\x7f])"
    r"(?:(?:[A-Za-z0-9_.\-]|[^\x00-\x7f])*(?:[A-Za-z0-9_\-]|[^\x00-\x7f]))?)"
)
_STRING = r'"((?:[^"\\\n\r]++|\\.)*+)"'
_LANG = r"@([a-zA-Z]+(?:-[a-zA-Z0-9]+)*)"
_LINE = re.compile(
    rf"[ \t]*(?:{_ABSOLUTE_IRI}|{_BNODE})[ \t]*{_ABSOLUTE_IRI}[ \t]*"
    rf"(?:{_ABSOLUTE_IRI}|{_BNODE}|{_STRING}(?:\^\^{_ABSOLUTE_IRI}|{_LANG})?)[ \t]*\.[ \t]*(?:#.*)?"
)
_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))", re.DOTALL)
_ECHARS = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'", "\\": "\\"}
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_SCHEME = re.compile(r"<[A-Za-z][A-Za-z0-9+.\-]*:")
_NO_BASE = " (N-Triples IRIs must be absolute: there is no base to resolve against)"

_TOKENS = [
    ("IRI", re.compile(_IRI)),
    ("blank node", re.compile(_BNODE)),
    ("literal", re.compile(rf"{_STRING}(?:\^\^{_IRI}|{_LANG})?")),
]

OnIssue = Callable[[ParseIssue], None]


def unescape(text: str, *, iri: bool = False) -> str:
    """Decode N-Triples escapes; IRIs allow only ``\\u``/``\\U`` (no ECHAR)."""
    if "\\" not in text:
        return text

    def replace(match: re.Match[str]) -> str:
        short, long_, char = match.groups()
        if char is not None:
            if iri or char not in _ECHARS:
                raise NTriplesError(f"invalid escape '\\{char}'")
            return _ECHARS[char]
        code = int(short or long_, 16)
        if code > 0x10FFFF:
            raise NTriplesError(f"escape \\U{long_} is beyond Unicode")
        return chr(code)

    decoded = _ESCAPE.sub(replace, text)
    if _SURROGATE.search(decoded):
        try:
            decoded = decoded.encode("utf-16", "surrogatepass").decode("utf-16")
        except UnicodeDecodeError as exc:
            raise NTriplesError("lone UTF-16 surrogate in a \\u escape") from exc
    return decoded


def _iri(text: str) -> str:
    return text if "\\" not in text else unescape(text, iri=True)


def parse_line(line: str) -> tuple[IRI | BNode, str, Term] | None:
    """One statement from one line; None for a blank or comment line."""
    match = _LINE.fullmatch(line)
    if match is None:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            return None
        raise NTriplesError(diagnose(line))
    s_iri, s_bnode, p_iri, o_iri, o_bnode, o_lex, o_type, o_lang = match.groups()
    if o_lex is not None and "\\" in o_lex:
        try:
            o_lex = unescape(o_lex)
        except NTriplesError as exc:
            raise NTriplesError(f"{exc} in literal") from exc
    subject: IRI | BNode = IRI(_iri(s_iri)) if s_bnode is None else BNode(s_bnode)
    predicate = _iri(p_iri)
    obj: Term
    if o_iri is not None:
        obj = IRI(_iri(o_iri))
    elif o_bnode is not None:
        obj = BNode(o_bnode)
    else:
        datatype = _iri(o_type) if o_type is not None else None
        obj = Literal(o_lex or "", datatype, o_lang.lower() if o_lang else None)
    return subject, predicate, obj


def diagnose(line: str) -> str:
    """Why a line is not a statement, naming the first term that fails and its column."""
    position, terms = 0, 0
    text = line.rstrip("\r\n")
    while terms < 3:
        while position < len(text) and text[position] in " \t":
            position += 1
        if position >= len(text):
            return f"statement ends after {terms} of 3 terms (truncated line?)"
        head = text[position]
        column = position + 1
        if head == "<":
            found = _TOKENS[0][1].match(text, position)
            if found is None:
                end = text.find(">", position)
                shown = text[position : end + 1] if end >= 0 else text[position : position + 40]
                reason = "unterminated IRI" if end < 0 else "bad IRI (space or forbidden char)"
                return f"{reason} at column {column}: {shown!r}"
            if _SCHEME.match(text, position) is None:
                return f"relative IRI at column {column}: {found.group(0)[:60]!r}{_NO_BASE}"
        elif head == "_" and terms != 1:
            found = _TOKENS[1][1].match(text, position)
            if found is None:
                return f"bad blank node label at column {column}"
        elif head == '"' and terms == 2:
            found = _TOKENS[2][1].match(text, position)
            if found is None:
                return _literal_problem(text, position)
            datatype = text.find("^^<", position, found.end())
            if datatype >= 0 and _SCHEME.match(text, datatype + 2) is None:
                return f"relative datatype IRI at column {datatype + 3}{_NO_BASE}"
        else:
            return f"unexpected {head!r} at column {column} (term {terms + 1} of 3)"
        position = found.end()
        terms += 1
    rest = text[position:].strip()
    if rest.startswith(("@", "^")):
        return f"bad datatype or language tag after the literal at column {position + 1}"
    if not rest.startswith("."):
        seen = f" (found {rest[:20]!r})" if rest else ""
        return f"missing '.' at the end of the statement{seen}"
    return f"unexpected text after '.': {rest[1:].strip()[:40]!r}"


def _literal_problem(text: str, position: int) -> str:
    body = re.match(r'"((?:[^"\\\n\r]|\\.)*)("?)', text[position:])
    if body is None or not body.group(2):
        return f"unterminated literal at column {position + 1}"
    try:
        unescape(body.group(1))
    except NTriplesError as exc:
        return f"{exc} in literal at column {position + 1}"
    return f"bad datatype or language tag after the literal at column {position + 1}"


def read_ntriples(
    lines: Iterable[bytes], file: str, on_issue: OnIssue, start_line: int = 1
) -> Iterator[Triple]:
    """Triples from raw lines; each bad line goes to ``on_issue`` and is skipped."""
    return read_numbered(_decoded(lines, file, on_issue, start_line), file, on_issue)


def _decoded(
    lines: Iterable[bytes], file: str, on_issue: OnIssue, start_line: int
) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(lines, start_line):
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            on_issue(ParseIssue(file, number, f"invalid UTF-8 at byte {exc.start}"))


def read_numbered(
    lines: Iterable[tuple[int, str]], file: str, on_issue: OnIssue
) -> Iterator[Triple]:
    """Triples from decoded lines with their line numbers (any subset of a file's lines,
    in order: the bulk fast path hands over only the lines it does not write itself)."""
    for number, line in lines:
        if not line.endswith("\n") and line.strip():
            # The last line of the file: a missing newline is legal, a cut statement is not.
            try:
                parsed = parse_line(line)
            except (NTriplesError, ValueError) as exc:
                on_issue(ParseIssue(file, number, f"truncated last line: {exc}"))
                continue
        else:
            try:
                parsed = parse_line(line.rstrip("\r\n"))
            except (NTriplesError, ValueError) as exc:
                on_issue(ParseIssue(file, number, str(exc)))
                continue
        if parsed is not None:
            yield Triple(parsed[0], parsed[1], parsed[2], number)
