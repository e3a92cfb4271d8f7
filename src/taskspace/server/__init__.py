"""The local Neo4j server: resolved from Maven Central, configured and run as a process."""

__all__ = ["admin", "config", "errors", "importer", "install", "isolated", "permissions", "process"]
