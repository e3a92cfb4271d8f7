"""Writes the local server's ``neo4j.conf`` and provisions its generated password."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from jinja2 import Environment, StrictUndefined

from taskspace.core.descriptor import config_template
from taskspace.core.settings import Settings
from taskspace.server.admin import run_admin
from taskspace.server.errors import InstallError
from taskspace.server.permissions import private_dir, write_private


def write_config(settings: Settings) -> Path:
    """Render the config for this home and these ports (it is rewritten at every start).

    Every folder of the server is created owner-only (see ``server.permissions``).
    """
    paths = settings.local
    private_dir(paths.home)
    for folder in (
        paths.conf_dir,
        paths.data,
        paths.logs,
        paths.run,
        paths.import_dir,
        paths.plugins,
    ):
        private_dir(folder)
    text = (
        Environment(undefined=StrictUndefined, autoescape=False)
        .from_string(config_template())
        .render(
            bolt_port=settings.bolt_port,
            http_port=settings.http_port,
            data_dir=paths.data,
            logs_dir=paths.logs,
            run_dir=paths.run,
            import_dir=paths.import_dir,
            plugins_dir=paths.plugins,
            heap=settings.heap,
            pagecache=settings.pagecache,
        )
    )
    write_private(paths.conf_file, text)
    return paths.conf_file


def write_secret(path: Path, value: str) -> None:
    """Write a secret readable by its owner only (0600, folder 0700), never wider."""
    private_dir(path.parent)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(value + "\n")
    path.chmod(0o600)


def ensure_initial_password(settings: Settings) -> bool:
    """Before the first start, generate a password and set it with Neo4j's admin tool.

    Returns True when a password was set now. The password goes to the admin tool through
    a 0600 argument file (picocli's ``@file``), so it never shows on a command line.
    """
    paths = settings.local
    if (paths.data / "databases" / "system").exists():
        return False
    if paths.password_file.exists():
        password = paths.password_file.read_text(encoding="utf-8").strip()
    else:
        password = secrets.token_urlsafe(24)
        write_secret(paths.password_file, password)
    argument_file = paths.secrets / "initial-password.args"
    # "--" ends the options: a generated password may start with "-" (token_urlsafe), which
    # the admin tool would otherwise read as an unknown option.
    write_secret(argument_file, f"-- {password}")
    try:
        done = run_admin(settings, ["dbms", "set-initial-password", f"@{argument_file}"])
    finally:
        argument_file.unlink(missing_ok=True)
    if done.returncode != 0:
        raise InstallError(f"setting the initial password failed: {done.stderr.strip()[-500:]}")
    return True
