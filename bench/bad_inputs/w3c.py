"""The W3C RDF 1.1 negative syntax tests (N-Triples and Turtle), read from disk only.

The suites live in w3c/rdf-tests under rdf/rdf11/rdf-n-triples and rdf/rdf11/rdf-turtle;
the negative tests are the ``rdft:TestNTriplesNegativeSyntax`` and
``rdft:TestTurtleNegativeSyntax`` entries of each ``manifest.ttl``. The probe never
downloads: it reads a folder given with ``--w3c``, or a cache folder that
``--w3c-mirror GITDIR`` fills once from a local git copy of the repository.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import rdflib

SUITES = {"ntriples": "rdf-n-triples", "turtle": "rdf-turtle"}
NEGATIVE = {
    "ntriples": "http://www.w3.org/ns/rdftest#TestNTriplesNegativeSyntax",
    "turtle": "http://www.w3.org/ns/rdftest#TestTurtleNegativeSyntax",
}
ACTION = rdflib.URIRef("http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#action")
NAME = rdflib.URIRef("http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#name")


@dataclass(frozen=True)
class NegativeTest:
    suite: str
    name: str
    text: bytes


def suite_root(folder: Path) -> Path | None:
    """The folder holding rdf-n-triples/ and rdf-turtle/: given directly or inside a checkout."""
    for candidate in (folder, folder / "rdf" / "rdf11", folder / "rdf11"):
        if all((candidate / suite / "manifest.ttl").is_file() for suite in SUITES.values()):
            return candidate
    return None


def negative_tests(root: Path, suite: str) -> list[NegativeTest]:
    """The suite's negative syntax tests, by name; each is the bytes of its input file."""
    folder = root / SUITES[suite]
    manifest = rdflib.Graph()
    manifest.parse(folder / "manifest.ttl", format="turtle", publicID=folder.as_uri() + "/")
    tests = []
    for entry in manifest.subjects(rdflib.RDF.type, rdflib.URIRef(NEGATIVE[suite])):
        action = manifest.value(entry, ACTION)
        name = manifest.value(entry, NAME)
        if action is None:
            continue
        path = folder / str(action).rsplit("/", 1)[-1]
        if path.is_file():
            tests.append(NegativeTest(suite, str(name or path.stem), path.read_bytes()))
    return sorted(tests, key=lambda test: test.name)
