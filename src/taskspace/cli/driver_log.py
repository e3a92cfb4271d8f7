"""The Neo4j driver's own log goes to a file, never to the terminal.

When the server dies under a command the driver logs ``<CONNECTION> error: Failed to read
from defunct connection …`` before the command's error reaches the user; that line would
precede the one line the command prints. The ``neo4j`` logger therefore writes to
``TASKSPACE_HOME/logs/neo4j-driver.log`` (opened on its first record only) and does not
propagate to whatever handlers an embedding program (inspect's display) gave the root.
"""

from __future__ import annotations

import logging
from pathlib import Path

DRIVER_LOG_NAME = "neo4j-driver.log"
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class DriverLogFile(logging.FileHandler):
    """A file handler that creates its folder (0700) when the first record arrives."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, encoding="utf-8", delay=True)
        self.setFormatter(logging.Formatter(_FORMAT))

    def _open(self):  # type: ignore[no-untyped-def]  # logging's own signature
        Path(self.baseFilename).parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        return super()._open()


def route_driver_logs(logs: Path) -> Path:
    """Send the driver's warnings and errors to ``logs``/neo4j-driver.log; its path.

    Called once per command: a handler an earlier command (in the same process) left is
    replaced, so the file follows the current TASKSPACE_HOME."""
    logger = logging.getLogger("neo4j")
    for handler in [h for h in logger.handlers if isinstance(h, DriverLogFile)]:
        logger.removeHandler(handler)
        handler.close()
    path = logs / DRIVER_LOG_NAME
    logger.addHandler(DriverLogFile(path))
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    return path
