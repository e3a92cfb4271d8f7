"""Infrastructure every stage uses: settings, errors, resources, spec files, progress, the registry
helper, words."""

__all__ = [
    "descriptor",
    "errors",
    "progress",
    "resources",
    "settings",
    "shapes",
    "specfiles",
    "words",
]
