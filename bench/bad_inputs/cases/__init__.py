"""Case generators, one module per family of defects; ``all_cases`` gathers them."""

from __future__ import annotations

from pathlib import Path

from bench.bad_inputs.cases import documents, episodes, files, operations, rdf, wikidata
from bench.bad_inputs.files import Workdir
from bench.bad_inputs.model import Case
from bench.bad_inputs.realdata import RealData


def all_cases(data: RealData, work: Workdir, w3c_root: Path | None) -> list[Case]:
    found: list[Case] = []
    if w3c_root is not None:
        found += rdf.cases(data, work, w3c_root)
    for module in (wikidata, files, documents, episodes, operations):
        found += module.cases(data, work)
    return found
