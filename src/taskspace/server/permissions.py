"""The local server's files are readable by their owner only.

Neo4j writes its store, its logs and ``data/dbms/auth.ini`` (the password hashes) with
the umask of the process that starts it, usually 022: world-readable. The server process
therefore runs with umask 077, and every start also tightens what an older install (or a
run with another umask) left behind: folders 0700, files 0600, ``TASKSPACE_HOME`` 0700.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from taskspace.core.settings import LocalServerPaths

SERVER_UMASK = 0o077
PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600


def private_dir(path: Path) -> Path:
    """Create ``path`` (and missing parents) and make the folder itself 0700."""
    path.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR)
    path.chmod(PRIVATE_DIR)
    return path


def lock_down(paths: LocalServerPaths) -> None:
    """Home 0700; everything under the server root and the secrets folder owner-only."""
    private_dir(paths.home)
    for root in (paths.root, paths.secrets):
        if root.exists():
            _tighten_tree(root)


def _tighten_tree(root: Path) -> None:
    """Folders 0700 and files 0600 below ``root``; symbolic links are left alone."""
    _tighten(root)
    for folder, dirs, files in os.walk(root):
        for name in (*dirs, *files):
            _tighten(Path(folder) / name)


def _tighten(path: Path) -> None:
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return
    wanted = PRIVATE_DIR if stat.S_ISDIR(info.st_mode) else PRIVATE_FILE
    if stat.S_IMODE(info.st_mode) & ~wanted:
        path.chmod(stat.S_IMODE(info.st_mode) & wanted)


def write_private(path: Path, text: str) -> None:
    """Write a small file created 0600 (the pid file, the console log's first bytes)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
    path.chmod(PRIVATE_FILE)
