"""``kg db install``: resolve the server's jars from Maven Central with Maven itself.

Maven is the tool made for resolving a dependency tree of some two hundred jars with
their checksums; it caches them in ``~/.m2`` so that a second home installs offline.
"""

from __future__ import annotations

import fcntl
import json
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from taskspace.core.descriptor import pinned_version, pom_file
from taskspace.core.settings import LocalServerPaths
from taskspace.server.errors import InstallError


@dataclass
class InstallReport:
    version: str
    lib: Path
    jars: int
    already_installed: bool


def is_installed(paths: LocalServerPaths) -> bool:
    return paths.installed_marker.is_file() and paths.lib.is_dir()


def find_tool(name: str, advice: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise InstallError(f"`{name}` was not found on PATH: {advice}")
    return found


@contextmanager
def _installing(paths: LocalServerPaths) -> Iterator[None]:
    """Hold the install lock of ``paths``: two processes sharing a jar cache (two test
    workers, two ``kg`` commands) resolve it once, never into each other's directory."""
    paths.dist.parent.mkdir(parents=True, exist_ok=True)
    with (paths.dist.parent / ".install.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        yield


def install(paths: LocalServerPaths, force: bool = False) -> InstallReport:
    """Resolve the pinned server into ``paths.lib`` (atomically; a failed run leaves none)."""
    version = pinned_version()
    with _installing(paths):
        if is_installed(paths) and not force:
            jars = len(list(paths.lib.glob("*.jar")))
            return InstallReport(version, paths.lib, jars, already_installed=True)
        return _resolve(paths, version)


def _resolve(paths: LocalServerPaths, version: str) -> InstallReport:
    mvn = find_tool("mvn", "install Maven (Debian: apt-get install maven) and Java 17")
    find_tool("java", "install a Java 17 runtime (Debian: apt-get install openjdk-17-jre-headless)")
    with tempfile.TemporaryDirectory(dir=paths.dist.parent, prefix=".install-") as staging:
        staged_lib = Path(staging) / "lib"
        command = [
            mvn,
            "-B",
            "-q",
            "-f",
            str(pom_file()),
            "dependency:copy-dependencies",
            f"-DoutputDirectory={staged_lib}",
            "-DincludeScope=runtime",
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise InstallError(
                f"Maven could not resolve Neo4j {version} from Maven Central "
                f"(exit {done.returncode}):\n{tail}"
            )
        jar_names = sorted(p.name for p in staged_lib.glob("*.jar"))
        if not any(name.startswith(f"neo4j-{version}") for name in jar_names):
            raise InstallError(f"Maven finished but neo4j-{version}.jar is not among the jars")
        if paths.dist.exists():
            shutil.rmtree(paths.dist)
        paths.dist.mkdir(parents=True)
        staged_lib.rename(paths.lib)
    paths.installed_marker.write_text(
        json.dumps({"version": version, "jars": jar_names}, indent=1), encoding="utf-8"
    )
    return InstallReport(version, paths.lib, len(jar_names), already_installed=False)
