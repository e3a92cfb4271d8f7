"""Settings from the environment, named as the official Neo4j driver names them.

With ``NEO4J_URI`` unset, taskspace talks to the local server it provisions itself under
``TASKSPACE_HOME``; with it set, that database is used and nothing is provisioned.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from taskspace.core.descriptor import pinned_version


class Settings(BaseSettings):
    """Everything a command needs to reach the graph and its local server."""

    # Only the aliases are read from the environment: with populate_by_name, field names
    # such as ``home`` would also match unrelated variables such as ``HOME``.
    model_config = SettingsConfigDict(env_prefix="", extra="ignore", populate_by_name=False)

    neo4j_uri: str | None = Field(default=None, alias="NEO4J_URI")
    neo4j_username: str = Field(default="neo4j", alias="NEO4J_USERNAME")
    neo4j_password: SecretStr | None = Field(default=None, alias="NEO4J_PASSWORD")
    neo4j_database: str = Field(default="neo4j", alias="NEO4J_DATABASE")

    home: Path = Field(default=Path.home() / ".taskspace", alias="TASKSPACE_HOME")
    cache: Path | None = Field(default=None, alias="TASKSPACE_CACHE")
    bolt_port: int = Field(default=7687, alias="TASKSPACE_BOLT_PORT")
    http_port: int = Field(default=7474, alias="TASKSPACE_HTTP_PORT")
    heap: str = Field(default="1g", alias="TASKSPACE_NEO4J_HEAP")
    pagecache: str = Field(default="512m", alias="TASKSPACE_NEO4J_PAGECACHE")
    start_timeout: float = Field(default=120.0, alias="TASKSPACE_NEO4J_START_TIMEOUT")
    batch_size: int = Field(default=5000, alias="TASKSPACE_BATCH_SIZE")
    embed_slice: int = Field(default=128, ge=1, alias="TASKSPACE_EMBED_SLICE")
    """Chunks a documents load embeds and writes at a time: how often its progress moves,
    and the most a killed load has to embed again."""
    search_ratio: int = Field(default=1, ge=1, le=100, alias="TASKSPACE_SEARCH_RATIO")
    """The vector index's candidate pool as a multiple of k (Neo4j's
    ``effective_search_ratio``): larger finds nearer neighbours for more time."""

    @property
    def uses_local_server(self) -> bool:
        """True when the graph is the server taskspace provisions itself."""
        return self.neo4j_uri is None

    @cached_property
    def local(self) -> LocalServerPaths:
        home = self.home.expanduser().resolve()
        cache = self.cache.expanduser().resolve() if self.cache else home / "cache"
        return LocalServerPaths(home, cache, pinned_version())

    @property
    def uri(self) -> str:
        return self.neo4j_uri or f"bolt://127.0.0.1:{self.bolt_port}"

    @property
    def display_uri(self) -> str:
        """The URI for messages and status: without user, password or query string.

        Users sometimes put credentials in ``NEO4J_URI`` (``neo4j+s://user:pw@host``);
        whatever taskspace prints must not repeat them.
        """
        parts = urlsplit(self.uri)
        host = parts.netloc.rpartition("@")[2]
        return urlunsplit((parts.scheme, host, parts.path, "", ""))

    def password(self) -> str | None:
        """The explicit password, else the one generated for the local server (if any)."""
        if self.neo4j_password is not None:
            return self.neo4j_password.get_secret_value()
        if self.uses_local_server and self.local.password_file.exists():
            return self.local.password_file.read_text(encoding="utf-8").strip()
        return None


class LocalServerPaths:
    """Where the provisioned server keeps its jars, config, data, logs and secrets.

    The jars live in a cache (``TASKSPACE_CACHE``, default ``TASKSPACE_HOME/cache``) so that
    several homes, such as the tests' own, can share one resolved server.
    """

    def __init__(self, home: Path, cache: Path, version: str) -> None:
        self.home = home
        self.version = version
        self.root = home / "neo4j"
        self.dist = cache / f"neo4j-{version}"
        self.lib = self.dist / "lib"
        self.installed_marker = self.dist / "installed.json"
        self.conf_dir = self.root / "conf"
        self.conf_file = self.conf_dir / "neo4j.conf"
        self.data = self.root / "data"
        self.logs = self.root / "logs"
        self.run = self.root / "run"
        self.import_dir = self.root / "import"
        self.plugins = self.root / "plugins"
        self.pid_file = self.run / "neo4j.pid"
        self.console_log = self.logs / "console.log"
        self.secrets = home / "secrets"
        self.password_file = self.secrets / "neo4j-password"
        self.mcp_token_file = self.secrets / "mcp-token"


def load_settings() -> Settings:
    return Settings()
