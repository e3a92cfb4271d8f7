"""``kg db install`` into a jar cache that two processes share (two test workers, two
``kg`` commands on one machine): the server is resolved once and both can start it."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from taskspace.core.descriptor import pinned_version
from taskspace.core.settings import LocalServerPaths
from taskspace.server import install as installer


def test_two_installs_into_one_empty_cache_resolve_the_server_once(tmp_path: Path) -> None:
    version = pinned_version()
    homes = [LocalServerPaths(tmp_path / f"home{i}", tmp_path / "cache", version) for i in (1, 2)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        reports = list(pool.map(installer.install, homes))

    assert sorted(report.already_installed for report in reports) == [False, True]
    assert reports[0].jars == reports[1].jars > 100
    lib = homes[0].lib
    assert any(jar.name == f"neo4j-{version}.jar" for jar in lib.glob("*.jar"))
    assert len(list(lib.glob("*.jar"))) == reports[0].jars
    left = sorted(p.name for p in (tmp_path / "cache").iterdir())
    assert left == [".install.lock", f"neo4j-{version}"]
