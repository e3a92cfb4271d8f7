"""Whole files that are wrong for their loader: binary or non-UTF-8 content under each
loader's suffixes, empty files, missing paths, a folder where files are expected, and
file names that are rich markup, spaces, non-ASCII or very long.

Each bad file is given beside a good one in the same call where that makes sense, since
that is how a user meets it: one bad file in a folder must not cost the rest.
"""

from __future__ import annotations

from pathlib import Path

from bench.bad_inputs.files import Workdir
from bench.bad_inputs.model import BadRef, Case
from bench.bad_inputs.realdata import RealData

LOADERS = {"wikidata": (".nt", ".ttl", ".json"), "docs": (".md", ".html")}
DOC_VARIANTS = {".md": ("binary", "latin1"), ".html": ("utf16",)}
"""Document loads cost seconds each (the embedding model), so only a few variants run."""


def cases(data: RealData, work: Workdir) -> list[Case]:
    return [*_bad_content(data, work), *_empty_and_missing(data, work), *_names(data, work)]


def _goods(data: RealData, work: Workdir) -> dict[str, Path]:
    block = data.nt_block(8, 2)
    return {
        "wikidata": work.write("files", "good.nt", block.text),
        "docs": data.good_md,
        "episodes": data.aitz_episode,
    }


def _bad_content(data: RealData, work: Workdir) -> list[Case]:
    goods = _goods(data, work)
    png = data.screenshot.read_bytes()
    md = data.good_md_2.read_text(encoding="utf-8") + "\nGr\u00fc\u00dfe aus K\u00f6ln\n"
    without_last = data.nt_block(10, 2).text
    nt = (
        without_last
        + "<http://www.wikidata.org/entity/Q1040> "
        + '<http://www.w3.org/2000/01/rdf-schema#label> "K\u00f6ln"@de .\n'
    )
    html = data.good_html.read_text(encoding="utf-8", errors="replace")
    variants: dict[str, tuple[bytes, bool]] = {
        "binary": (png, False),
        "latin1": (md.encode("latin-1", "replace"), True),
        "utf16": (md.encode("utf-16"), True),
    }
    found = []
    for loader, suffixes in LOADERS.items():
        for suffix in suffixes:
            for variant, (body, recoverable) in variants.items():
                if loader == "docs" and variant not in DOC_VARIANTS[suffix]:
                    continue
                if loader == "wikidata" and variant != "binary":
                    body = nt.encode("latin-1") if variant == "latin1" else nt.encode("utf-16")
                    recoverable = False
                if suffix == ".html" and variant != "binary":
                    body = (
                        html.encode("latin-1", "replace")
                        if variant == "latin1"
                        else html.encode("utf-16")
                    )
                path = work.write("files", f"{variant}-{loader}{suffix}", body)
                kept = None
                if loader == "wikidata" and variant == "latin1":
                    # Mostly ASCII, so UTF-8 but for one line: that line is the bad record.
                    kept = work.write("files", f"kept-{loader}{suffix}", without_last.encode())
                found.append(_beside(loader, goods[loader], path, recoverable, kept))
    for suffix in (".json", ".jsonl"):
        path = work.write("files", f"binary-episodes{suffix}", png)
        found.append(_beside("episodes", goods["episodes"], path, False))
    return found


def _beside(
    loader: str, good: Path, bad: Path, recoverable: bool, kept: Path | None = None
) -> Case:
    """``bad`` loaded beside a good file; ``kept``: the bad file's good lines, which a
    loader that reports only the bad lines rightly loads too."""
    return Case(
        "files",
        bad.name,
        ["load", loader, str(good), str(bad)],
        bad=[BadRef(bad.name)],
        reference=["load", loader, str(good)],
        salvage=["load", loader, str(good), str(kept)] if kept is not None else None,
        recoverable=recoverable,
    )


def _empty_and_missing(data: RealData, work: Workdir) -> list[Case]:
    found = []
    for loader, suffixes in {**LOADERS, "episodes": (".json", ".jsonl")}.items():
        for suffix in suffixes[:1] if loader == "docs" else suffixes:
            path = work.write("files", f"empty-{loader}{suffix}", b"")
            found.append(_alone("empty", loader, path))
        missing = work.folder("files") / f"missing-{loader}{suffixes[0]}"
        found.append(_alone("missing", loader, missing))
    folder = work.folder("files", "a-folder")
    (folder / "inside.nt").write_text(data.nt_block(12, 2).text, encoding="utf-8")
    found.append(  # a folder is walked, as `kg load docs` walks folders: nothing is bad
        Case(
            "files",
            "folder-to-wikidata",
            ["load", "wikidata", str(folder)],
            partial=False,
            reference=["load", "wikidata", str(folder / "inside.nt")],
        )
    )
    return found


def _alone(kind: str, loader: str, path: Path) -> Case:
    return Case(
        "files",
        path.name,
        ["load", loader, str(path)],
        loads=False,
        bad=[BadRef(path.name)],
        reference=[],
    )


def _names(data: RealData, work: Workdir) -> list[Case]:
    """Good content under hostile names: the load must succeed and name the file intact."""
    names = ["[/x].md", "a b \u00fc \u540d\u524d " + "n" * 150 + ".md"]
    found = []
    for name in names:
        path = work.write("names", name, data.good_md.read_bytes())
        found.append(
            Case(
                "names",
                f"docs {name[:40]}",
                ["load", "docs", str(path)],
                partial=False,
                reference=["load", "docs", str(data.good_md)],
            )
        )
    bad_line = '<http://www.wikidata.org/entity/Q1> <http://schema.org/description> "cut\n'
    block = data.nt_block(14, 2)
    for name in ["[/x].nt", "[red]r[/red] y.nt", "\u540d\u524d \u00fc.nt"]:
        path = work.write("names", name, block.text + bad_line)
        start = block.text.count("\n") + 1
        good = work.write("names", "good-names.nt", block.text)
        found.append(
            Case(
                "names",
                f"wikidata {name}",
                ["load", "wikidata", str(path)],
                bad=[BadRef(name, (start, start))],
                good_ids=block.ids,
                reference=["load", "wikidata", str(good)],
            )
        )
    return found
