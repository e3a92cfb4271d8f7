"""``neo4j-admin database import full`` on the local server, all or nothing.

The importer writes a database's store files directly, so it needs the local single
instance (not a remote one) and must not write the live store while the server runs.
It therefore imports into a staging data folder beside the live one, and the server is
stopped meanwhile (its shutdown alone takes some 11 s, which the import hides); only when
the import has succeeded is the staged database moved in place of the live one (two
renames on one file system), the old one deleted and the server started again. A failed
import starts the server again on its untouched database; a killed one leaves the staging
folder (removed by the next run) and the live database as it was.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from taskspace.core.settings import Settings
from taskspace.server import process
from taskspace.server.admin import admin_command, server_env
from taskspace.server.errors import BulkImportError
from taskspace.server.install import is_installed
from taskspace.server.permissions import SERVER_UMASK, private_dir, write_private

OFF_HEAP = "25%"
"""Off-heap memory the importer may use: a quarter of the machine's, which is shared."""


@dataclass(frozen=True)
class ImportInput:
    """Node groups ``(labels, files)`` and relationship files ``(type or None, files)``."""

    nodes: Sequence[tuple[str, Sequence[Path]]]
    relationships: Sequence[tuple[str | None, Sequence[Path]]]
    multiline: bool = False
    array_delimiter: str = "U+001F"


def staging_root(settings: Settings) -> Path:
    return settings.local.root / "bulk-import"


def _files(labels: str | None, paths: Sequence[Path]) -> str:
    joined = ",".join(str(path) for path in paths)
    return f"{labels}={joined}" if labels else joined


def import_command(settings: Settings, staged: Path, given: ImportInput) -> list[str]:
    """The AdminTool command line (the same jars the server runs)."""
    arguments = [
        "database",
        "import",
        "full",
        settings.neo4j_database,
        "--overwrite-destination=true",
        f"--array-delimiter={given.array_delimiter}",
        f"--multiline-fields={'true' if given.multiline else 'false'}",
        f"--max-off-heap-memory={OFF_HEAP}",
        f"--report-file={staged / 'import.report'}",
        "--verbose",
    ]
    command = admin_command(settings, arguments, jvm=[f"-Xmx{settings.heap}"])
    command += [f"--nodes={_files(labels, paths)}" for labels, paths in given.nodes]
    command += [
        f"--relationships={_files(rel_type, paths)}" for rel_type, paths in given.relationships
    ]
    return command


def stage_import(
    settings: Settings, given: ImportInput, on_line: Callable[[str], None] | None = None
) -> Path:
    """Import into a fresh staging data folder; the staged data folder. The live server
    and database are not touched; a failure raises with the importer's last lines."""
    if not is_installed(settings.local):
        raise BulkImportError("The local Neo4j server is not installed: run `kg db install` first.")
    staged = staging_root(settings)
    shutil.rmtree(staged, ignore_errors=True)
    conf = private_dir(staged / "conf")
    data, logs = private_dir(staged / "data"), private_dir(staged / "logs")
    write_private(
        conf / "neo4j.conf",
        f"server.directories.data={data}\nserver.directories.logs={logs}\n",
    )
    env = server_env(settings)
    env["NEO4J_CONF"] = str(conf)
    tail: deque[str] = deque(maxlen=60)
    with subprocess.Popen(
        import_command(settings, staged, given),
        env=env,
        umask=SERVER_UMASK,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=staged,
    ) as importer:
        assert importer.stdout is not None
        for line in importer.stdout:
            tail.append(line.rstrip())
            if on_line is not None:
                on_line(line.rstrip())
        code = importer.wait()
    if code != 0:
        shutil.rmtree(staged / "data", ignore_errors=True)
        found = [t for t in tail if "Exception" in t or "rror" in t]
        reason = found[-1].strip() if found else ""
        if code < 0:
            reason = f"The importer was killed (signal {-code})."
        raise BulkImportError(
            f"neo4j-admin import failed (exit {code}); the database was not changed. "
            f"{reason[:400]}".rstrip()
        )
    return data


def import_and_swap(
    settings: Settings, given: ImportInput, on_line: Callable[[str], None] | None = None
) -> tuple[float, float]:
    """Import while the server stops, then swap and start; (import, start) seconds."""
    started = time.perf_counter()
    with ThreadPoolExecutor(1, thread_name_prefix="server-stop") as pool:
        stopping = pool.submit(process.stop, settings)
        try:
            data = stage_import(settings, given, on_line)
        except BaseException:
            stopping.result()
            process.start(settings)  # the database it had, untouched
            raise
        stopping.result()
    imported = time.perf_counter()
    swap_in(settings, data)
    return imported - started, time.perf_counter() - imported


def swap_in(settings: Settings, data: Path) -> None:
    """Stop the server (if still running), put the staged database in place of the live
    one, start it."""
    name = settings.neo4j_database
    live = settings.local.data
    process.stop(settings)
    old = staging_root(settings) / "replaced"
    private_dir(old)
    for part in ("databases", "transactions"):
        target = live / part / name
        private_dir(target.parent)
        if target.exists():
            target.rename(old / part)
        (data / part / name).rename(target)
    shutil.rmtree(staging_root(settings), ignore_errors=True)
    process.start(settings)
