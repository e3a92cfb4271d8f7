"""Infrastructure every stage uses: settings, errors, resources, spec files, progress, the
registry helper, words, box geometry, JSON-or-JSON-Lines detection."""

__all__ = [
    "boxes",
    "descriptor",
    "errors",
    "json_layout",
    "progress",
    "registry",
    "resources",
    "settings",
    "shapes",
    "specfiles",
    "words",
]
