"""The crawl's element vectors: which elements get one, what text is embedded, and that a
site's repeated navigation costs the model one text each."""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from taskspace.models.embeddings import embed_matrix
from taskspace.sources.web.element_vectors import (
    ANCHOR_KINDS,
    TEXT_CHARS,
    ElementVectors,
    element_text,
)
from tests.support.embedders import CountingModel
from tests.support.locations import REPO


def row(kind: str, name: str = "", text: str = "", **props: Any) -> dict[str, Any]:
    return {
        "id": f"e:{kind}:{name}:{text}",
        "props": {"kind": kind, "name": name, "text": text, **props},
    }


def test_an_element_says_its_name_placeholder_and_text_once_each() -> None:
    assert element_text("Next", None, "Next") == "Next"
    assert element_text("Search", "Search docs", "") == "Search Search docs"
    assert element_text(None, None, "  Getting\n started  ") == "Getting started"
    assert element_text(None, None, None) == ""
    assert len(element_text("x", None, "word " * 200)) == TEXT_CHARS


def test_anchor_kinds_get_vectors_and_each_text_is_embedded_once_per_crawl() -> None:
    model = CountingModel()
    vectors = ElementVectors(model.matrix)
    first_page = [
        row("link", "Home", "Home"),
        row("link", "Next", "Next"),
        row("heading", "", "Installation"),
        row("link", "", ""),  # an icon link says nothing: no vector
        row("table", "", "Name Type Default"),
    ]
    vectors.attach(first_page)
    assert sorted(model.texts) == ["Home", "Name Type Default", "Next"]
    held = {r["props"]["text"] or "(empty)": r["props"]["embedding"] for r in first_page}
    assert held["Installation"] is None and held["(empty)"] is None
    home = np.asarray(held["Home"])
    assert home.shape == (384,)
    assert abs(float(np.linalg.norm(home)) - 1) < 1e-5
    assert np.allclose(home, embed_matrix(["Home"])[0], atol=1e-6)

    # The next page repeats the navigation: only its new text reaches the model.
    second_page = [row("link", "Home", "Home"), row("button", "Subscribe", "Subscribe")]
    vectors.attach(second_page)
    assert model.texts[3:] == ["Subscribe"]
    assert vectors.texts == 4
    assert second_page[0]["props"]["embedding"] == first_page[0]["props"]["embedding"]


def test_an_element_that_no_longer_says_anything_loses_its_old_vector() -> None:
    vectors = ElementVectors(CountingModel().matrix)
    # A recrawl finds the button empty: its row carries embedding None, which the writer's
    # SET n += props turns into removing the stored one.
    emptied = [row("button", "", "", embedding=[0.5] * 384)]
    vectors.attach(emptied)
    assert emptied[0]["props"]["embedding"] is None


def test_every_kind_a_web_template_anchors_on_gets_vectors() -> None:
    # A template's seeded window names the kinds its anchors are (metapaths/web/README.md).
    window = re.compile(r"WHERE \w+\.kind IN \[([^\]]*)\] AND \w+\.id >= from")
    anchored: set[str] = set()
    for query in sorted((REPO / "metapaths" / "web").glob("*.cypher")):
        found = window.findall(query.read_text(encoding="utf-8"))
        assert found, f"{query.name} has no seeded window of anchor kinds"
        anchored |= {kind.strip(" '") for kinds in found for kind in kinds.split(",")}
    assert anchored == ANCHOR_KINDS
