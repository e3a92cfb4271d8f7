"""A reader's checks of one multihop chain before it is kept (``taskspace.tasks.lints``).

Hops must be whole-answer matches over content pages: every page the chain starts on or
reaches has content; no follow hop's answer can be read off the link it names; a lookup
hop's target mentions the previous answer in its own words, not only because its heading
contains that answer (or the answer contains its heading), nor inside a longer word or a
longer heading. The sampler already prefers chains that pass; what still fails is dropped
and counted per lint in the sample report.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise

from taskspace.generators.multihop.web import WebChains
from taskspace.tasks.lints import link_spoiler, partial_match
from taskspace.tasks.model import WebHop


def chain_lint(
    web: WebChains, start: str, hops: Sequence[WebHop], sites: Mapping[str, str] | None = None
) -> str | None:
    """The name of the first lint the chain fails (``contentless_page``, ``link_spoiler``,
    ``partial_match``), or None when a reader would accept every hop. ``sites`` (the
    task's key -> crawled origin) puts each hop's gold path back on its crawled origin."""
    url = {hop.index: hop.check.crawled(sites or {}) for hop in hops}
    reached = [start, *(url[hop.index] for hop in hops)]
    if not all(web.is_content(url) for url in reached):
        return "contentless_page"
    if any(hop.kind == "follow" and link_spoiler(hop.link or "", hop.answer) for hop in hops):
        return "link_spoiler"
    lookups = [(hop, previous) for previous, hop in pairwise(hops) if hop.kind == "lookup"]
    if lookups:
        texts = web.texts_at([url[hop.index] for hop, _ in lookups])
        for hop, previous in lookups:
            text, headings = texts.get(url[hop.index], ("", []))
            if partial_match(previous.answer, hop.answer, text, headings):
                return "partial_match"
    return None
