"""The local Neo4j server: resolved from Maven Central, configured and run as a process."""

__all__ = [
    "admin",
    "browser_guide",
    "config",
    "errors",
    "guide_server",
    "importer",
    "install",
    "isolated",
    "permissions",
    "process",
]
