"""W3C negative syntax tests, each between two blocks of good real Wikidata.

A streaming loader must skip the bad statement, report it at its line and load both
neighbours; the good-only file gives the counts to expect.
"""

from __future__ import annotations

from pathlib import Path

from bench.bad_inputs.files import Workdir, line_count
from bench.bad_inputs.model import BadRef, Case
from bench.bad_inputs.realdata import RealData
from bench.bad_inputs.w3c import NegativeTest, negative_tests

CLASSES = {"ntriples": "w3c-ntriples", "turtle": "w3c-turtle"}


def cases(data: RealData, work: Workdir, root: Path) -> list[Case]:
    found: list[Case] = []
    for suite, klass in CLASSES.items():
        if suite == "ntriples":
            first, second = data.nt_block(0, 2), data.nt_block(2, 2)
            before, after, ids, suffix = first.text, second.text, first.ids + second.ids, ".nt"
        else:
            before, after = data.ttl_blocks
            ids, suffix = data.ttl_ids, ".ttl"
        good = work.write(klass, f"good{suffix}", before + "\n" + after)
        seen: set[str] = set()
        for test in negative_tests(root, suite):
            if test.name in seen:  # the Turtle manifest lists one name twice
                continue
            seen.add(test.name)
            found.append(_case(work, klass, test, before, after, ids, good, suffix))
    return found


def _case(
    work: Workdir,
    klass: str,
    test: NegativeTest,
    before: str,
    after: str,
    ids: list[str],
    good: Path,
    suffix: str,
) -> Case:
    bad = test.text if test.text.endswith(b"\n") else test.text + b"\n"
    start = line_count(before) + 2
    end = start + bad.count(b"\n") + 1
    name = f"{test.name}{suffix}"
    body = before.encode() + b"\n" + bad + b"\n" + after.encode()
    path = work.write(klass, name, body)
    return Case(
        klass,
        test.name,
        ["load", "wikidata", str(path)],
        bad=[BadRef(name, (start, end))],
        good_ids=ids,
        reference=["load", "wikidata", str(good)],
    )
