"""Infrastructure every stage uses: settings, errors, resources, spec files, progress, the
registry helper, words, box geometry."""

__all__ = [
    "boxes",
    "descriptor",
    "errors",
    "progress",
    "registry",
    "resources",
    "settings",
    "shapes",
    "specfiles",
    "words",
]
