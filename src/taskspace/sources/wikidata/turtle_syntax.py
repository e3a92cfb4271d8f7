"""A strict Turtle 1.1 parser for one block of text, statement by statement.

Why not rdflib: it accepts what the W3C suite says is not Turtle (a literal with both a
language and a datatype, ``\\u`` escapes with non-hex digits, IRIs with spaces or braces,
literal subjects), prints warnings to stderr, and parses a whole text at once, so one bad
statement costs every good one around it. Here each statement's triples are handed out
only when the statement is complete; an error carries the offset of the statement and of
the fault, so the caller can report the line and resume at the next statement. Directives
change a :class:`TurtleState` that outlives the block, so a bad ``@prefix`` or ``@base``
is simply not applied, and later blocks are parsed with the prefixes in force.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from taskspace.sources.wikidata.errors import NTriplesError, TurtleSyntaxError
from taskspace.sources.wikidata.iris import resolve
from taskspace.sources.wikidata.ntriples import unescape
from taskspace.sources.wikidata.terms import IRI, XSD, BNode, Literal, Term

RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
_BASE = (
    "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff"
)
_U = _BASE + "_"
_CHARS = _U + "\\-0-9\u00b7\u0300-\u036f\u203f-\u2040"
_PLX = r"%[0-9A-Fa-f]{2}|\\[_~.\-!$&'()*+,;=/?#@%]"
_PREFIX = f"[{_BASE}](?:[{_CHARS}.]*[{_CHARS}])?"
_LOCAL = f"(?:[{_U}:0-9]|{_PLX})(?:(?:[{_CHARS}.:]|{_PLX})*(?:[{_CHARS}:]|{_PLX}))?"
_PNAME = re.compile(f"({_PREFIX})?:({_LOCAL})?")
_BLANK = re.compile(f"_:([{_U}0-9](?:[{_CHARS}.]*[{_CHARS}])?)")
# \udc80-\udcff: bytes that were not UTF-8 (decoded with surrogateescape) match no term.
_IRIREF = re.compile(
    r'<((?:[^\x00-\x20<>"{}|^`\\\udc80-\udcff]++|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8})*+)>'
)
_LANG = re.compile(r"@([a-zA-Z]+(?:-[a-zA-Z0-9]+)*)")
_STRINGS = [
    re.compile(r'"""((?:[^"\\\udc80-\udcff]++|\\.|"(?!""))*+)"""', re.DOTALL),
    re.compile(r"'''((?:[^'\\\udc80-\udcff]++|\\.|'(?!''))*+)'''", re.DOTALL),
    re.compile(r'"((?:[^"\\\n\r\udc80-\udcff]++|\\.)*+)"'),
    re.compile(r"'((?:[^'\\\n\r\udc80-\udcff]++|\\.)*+)'"),
]
_NOT_UTF8 = re.compile(r"[\udc80-\udcff]")
_NUMBER = re.compile(
    r"[+-]?(?:(?P<double>(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)[eE][+-]?[0-9]+)"
    r"|(?P<decimal>[0-9]*\.[0-9]+)|(?P<integer>[0-9]+))"
)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")
_SPACE = re.compile(r"(?:[ \t\r\n]++|#[^\r\n]*+)*+")
_ABSOLUTE = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_LOCAL_ESCAPE = re.compile(r"\\(.)")


@dataclass
class TurtleState:
    """What directives set, kept from one block to the next."""

    base: str
    prefixes: dict[str, str] = field(default_factory=dict)
    blank_nodes: int = 0


Statement = list[tuple[IRI | BNode, str, Term]]


class TurtleParser:
    """Statements of one text; :meth:`statements` yields (start offset, triples)."""

    def __init__(self, text: str, state: TurtleState) -> None:
        self.text, self.state = text, state
        self.pos = self.start = self.anchor = 0
        self.out: Statement = []

    def statements(self) -> Iterator[tuple[int, Statement]]:
        while True:
            self._space()
            if self.pos >= len(self.text):
                return
            self.start = self.anchor = self.pos
            self.out = []
            self._statement()
            yield self.start, self.out

    # -- errors and lexing ------------------------------------------------------------
    def _fail(self, message: str) -> TurtleSyntaxError:
        found = self.text[self.pos : self.pos + 12].split("\n", 1)[0]
        found = found.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        shown = f", found {found!r}" if found else ", found the end of the text"
        return TurtleSyntaxError(f"{message}{shown}", self.pos, self.start, self.anchor)

    def _space(self) -> None:
        self.pos = _SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]

    def _peek(self) -> str:
        self._space()
        return self.text[self.pos : self.pos + 1]

    def _take(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        found = pattern.match(self.text, self.pos)
        if found is not None:
            self.pos = self.anchor = found.end()
        return found

    def _expect(self, char: str, what: str) -> None:
        if self._peek() != char:
            raise self._fail(f"expected {what}")
        self.pos += 1
        self.anchor = self.pos

    def _word(self) -> str | None:
        found = _WORD.match(self.text, self.pos)
        return found.group(0) if found else None

    # -- directives -------------------------------------------------------------------
    def _statement(self) -> None:
        text, pos = self.text, self.pos
        if text.startswith("@prefix", pos) and not _word_char(text, pos + 7):
            self.pos += 7
            self._prefix(dot=True)
        elif text.startswith("@base", pos) and not _word_char(text, pos + 5):
            self.pos += 5
            self._base(dot=True)
        elif text[pos] == "@":
            raise self._fail("unknown directive (only @prefix and @base)")
        elif (word := (self._word() or "").upper()) in ("PREFIX", "BASE") and (
            _PNAME.match(text, pos) is None
        ):
            self.pos += len(word)
            if word == "PREFIX":
                self._prefix(dot=False)
            else:
                self._base(dot=False)
        else:
            self._triples()
            self._expect(".", "'.' at the end of the statement")

    def _prefix(self, dot: bool) -> None:
        self._space()
        found = self._take(_PNAME)
        if found is None or found.group(2) is not None:
            raise self._fail("expected a prefix name ending in ':'")
        name = found.group(1) or ""
        self._space()
        iri = self._iriref()
        if dot:
            self._expect(".", "'.' after the @prefix directive")
        self.state.prefixes[name] = iri

    def _base(self, dot: bool) -> None:
        self._space()
        iri = self._iriref()
        if dot:
            self._expect(".", "'.' after the @base directive")
        self.state.base = iri

    # -- triples ----------------------------------------------------------------------
    def _triples(self) -> None:
        head = self._peek()
        subject: IRI | BNode
        if head == "[":
            subject = self._blank_list()
            if self._peek() != ".":
                self._predicate_objects(subject)
            return
        if head == "(":
            subject = self._collection()
        elif head == "_":
            subject = self._blank_label()
        else:
            subject = self._iri("a subject (IRI, blank node or collection)")
        self._predicate_objects(subject)

    def _predicate_objects(self, subject: IRI | BNode) -> None:
        while True:
            predicate = self._verb()
            while True:
                self.out.append((subject, predicate, self._object()))
                if self._peek() != ",":
                    break
                self.pos += 1
            if self._peek() != ";":
                return
            while self._peek() == ";":
                self.pos += 1
            if self._peek() in (".", "]", ""):
                return

    def _verb(self) -> str:
        self._space()
        text, pos = self.text, self.pos
        if (
            text.startswith("a", pos)
            and not _PNAME.match(text, pos)
            and not _word_char(text, pos + 1)
        ):
            self.pos = self.anchor = pos + 1
            return f"{RDF}type"
        return self._iri("a predicate (IRI or 'a')").value

    def _object(self) -> Term:
        head = self._peek()
        if head == "[":
            return self._blank_list()
        if head == "(":
            return self._collection()
        if head == "_":
            return self._blank_label()
        if head and head in "\"'":
            return self._string_literal()
        if head and head in "+-.0123456789":
            return self._number()
        word = self._word()
        if word in ("true", "false") and not _PNAME.match(self.text, self.pos):
            self.pos += len(word)
            self.anchor = self.pos
            return Literal(word, f"{XSD}boolean")
        return self._iri("an object (IRI, blank node, collection or literal)")

    def _blank_list(self) -> BNode:
        self._expect("[", "'['")
        node = self._fresh()
        if self._peek() == "]":
            self.pos += 1
            self.anchor = self.pos
            return node
        self._predicate_objects(node)
        self._expect("]", "']' to close the blank node")
        return node

    def _collection(self) -> IRI | BNode:
        self._expect("(", "'('")
        items: list[Term] = []
        while self._peek() != ")":
            if not self._peek():
                raise self._fail("expected ')' to close the collection")
            items.append(self._object())
        self.pos += 1
        self.anchor = self.pos
        head: IRI | BNode = IRI(f"{RDF}nil")
        for item in reversed(items):
            node = self._fresh()
            self.out.append((node, f"{RDF}first", item))
            self.out.append((node, f"{RDF}rest", head))
            head = node
        return head

    def _fresh(self) -> BNode:
        self.state.blank_nodes += 1
        return BNode(f"#b{self.state.blank_nodes}")

    def _blank_label(self) -> BNode:
        found = self._take(_BLANK)
        if found is None:
            raise self._fail("bad blank node label")
        return BNode(found.group(1))

    # -- terms ------------------------------------------------------------------------
    def _iriref(self) -> str:
        found = self._take(_IRIREF)
        if found is None:
            raise self._fail("expected an IRI in <...> (no spaces, braces or quotes)")
        try:
            iri = unescape(found.group(1), iri=True)
        except NTriplesError as exc:
            raise self._fail(f"bad IRI: {exc}") from exc
        if re.search(r'[\x00-\x20<>"{}|^`\\]', iri):
            raise self._fail("an escape in the IRI gives a character IRIs may not hold")
        if _ABSOLUTE.match(iri):
            return iri
        return resolve(self.state.base, iri)

    def _iri(self, what: str) -> IRI:
        self._space()
        if self.text.startswith("<", self.pos):
            return IRI(self._iriref())
        found = _PNAME.match(self.text, self.pos)
        if found is None:
            raise self._fail(f"expected {what}")
        prefix, local = found.group(1) or "", found.group(2) or ""
        if prefix not in self.state.prefixes:
            raise self._fail(f"undeclared prefix {prefix + ':'!r}")
        self.pos = self.anchor = found.end()
        return IRI(self.state.prefixes[prefix] + _LOCAL_ESCAPE.sub(r"\1", local))

    def _string_literal(self) -> Literal:
        long_quote = self.text.startswith(('"""', "'''"), self.pos)
        for pattern in _STRINGS[:2] if long_quote else _STRINGS[2:]:
            found = pattern.match(self.text, self.pos)
            if found is not None:
                break
        else:
            kind = "long string" if long_quote else "string"
            end = len(self.text) if long_quote else self.text.find("\n", self.pos)
            bad = _NOT_UTF8.search(self.text, self.pos, end if end >= 0 else len(self.text))
            if bad is not None:
                self.pos = bad.start()
                raise self._fail(f"invalid UTF-8 in a {kind}")
            raise self._fail(f"unterminated or malformed {kind}")
        try:
            lexical = unescape(found.group(1))
        except NTriplesError as exc:
            raise self._fail(f"{exc} in a string") from exc
        self.pos = self.anchor = found.end()
        if self.text.startswith("^^", self.pos):
            self.pos += 2
            return Literal(lexical, self._iri("a datatype IRI after '^^'").value)
        if self.text.startswith("@", self.pos):
            lang = self._take(_LANG)
            if lang is None:
                raise self._fail("bad language tag")
            if self.text.startswith("^^", self.pos):
                raise self._fail("a literal has a language or a datatype, not both")
            return Literal(lexical, None, lang.group(1).lower())
        return Literal(lexical)

    def _number(self) -> Literal:
        found = self._take(_NUMBER)
        if found is None:
            raise self._fail("expected a number")
        kind = found.lastgroup or "integer"
        return Literal(found.group(0), f"{XSD}{kind}")


def _word_char(text: str, position: int) -> bool:
    return position < len(text) and (text[position].isalnum() or text[position] in "_-:")
