"""Task sampling: templates (YAML + Jinja2 + Cypher) run against the live graph."""
