"""The committed descriptor of the local server (``docker/local-neo4j/``).

A resource reader beside :mod:`taskspace.core.resources`: settings need the pinned version and
the ``server`` package needs the rest, so it sits below both.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

from taskspace.core.resources import resource_dir

_POM_NS = {"m": "http://maven.apache.org/POM/4.0.0"}


def descriptor_dir() -> Path:
    return resource_dir("docker/local-neo4j")


def pom_file() -> Path:
    return descriptor_dir() / "pom.xml"


@lru_cache(maxsize=1)
def pinned_version() -> str:
    """The Neo4j version the descriptor pins (its ``neo4j.version`` property)."""
    root = ET.parse(pom_file()).getroot()
    node = root.find("m:properties/m:neo4j.version", _POM_NS)
    if node is None or not (node.text or "").strip():
        raise RuntimeError(f"{pom_file()} does not pin neo4j.version")
    return (node.text or "").strip()


def jvm_options() -> list[str]:
    lines = (descriptor_dir() / "jvm.options").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def config_template() -> str:
    return (descriptor_dir() / "neo4j.conf.j2").read_text(encoding="utf-8")
