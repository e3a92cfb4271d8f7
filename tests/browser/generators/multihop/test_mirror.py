"""Real Wikipedia markup (two saved articles from tests/fixtures/documents/real) behind a
mirror's main page whose links carry the articles' titles: the hop asks for the first
section, and on real pages that is the first article section, not the table of contents'
"Contents" nor a heading with its "[edit]" link."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from taskspace.generators.multihop.sampler import SECTION_QUESTION, build_chain
from taskspace.generators.multihop.web import WebChains
from taskspace.graph.connection import Graph
from taskspace.sources.web.crawl import CrawlOptions
from taskspace.sources.web.loader import load_web
from tests.support.locations import TESTS
from tests.support.multihop import WIKI_SITES
from tests.support.web import chromium_missing, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

REAL = TESTS / "fixtures" / "documents" / "real"
ARTICLES = {
    "wikipedia-hermitian-matrix.html": ("Hermitian matrix", "Alternative characterizations"),
    "wikipedia-time-loop-films.html": ("List of films featuring time loops", "See also"),
}


def test_real_wikipedia_articles_give_their_first_article_section(
    graph: Graph, tmp_path: Path
) -> None:
    site = tmp_path / "mirror"
    site.mkdir()
    shutil.copy(WIKI_SITES / "mirror_index.html", site / "index.html")
    for name in ARTICLES:
        shutil.copy(REAL / name, site / name)
    with serve_folder(site) as base:
        load = load_web(graph, base, CrawlOptions(max_depth=1, delay=0, probe=False), tmp_path)
    assert load.pages and not load.failed, load.failed
    web = WebChains(graph)
    urls = {name: base + name for name in ARTICLES}
    assert {name: web.pages[url].heading for name, url in urls.items()} == {
        name: heading for name, (heading, _) in ARTICLES.items()
    }
    assert {name: web.section_of[url] for name, url in urls.items()} == {
        name: section for name, (_, section) in ARTICLES.items()
    }
    home = base.rstrip("/") + "/"
    links = {link.name: link for link in web.links[home]}
    assert set(links) == {heading for heading, _ in ARTICLES.values()}
    assert all(link.names_target and not link.cross for link in links.values())
    chain = build_chain(web, home, 1, random.Random(0))
    assert chain is not None and len(chain) == 1
    ((hop, page),) = chain
    assert SECTION_QUESTION in hop.instruction and hop.link == page.heading
    assert hop.answer == dict(ARTICLES.values())[page.heading]
