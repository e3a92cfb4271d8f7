"""Infrastructure every stage uses: settings, errors, resources, spec files, progress, the
registry helper, words, box geometry, walking folders for files, JSON-or-JSON-Lines
detection, binary-body detection, how times are shown, whether the local server's process
runs, the seconds per step of a run."""

__all__ = [
    "binary",
    "blas",
    "boxes",
    "descriptor",
    "errors",
    "files",
    "json_layout",
    "laps",
    "progress",
    "registry",
    "resources",
    "server_pid",
    "settings",
    "shapes",
    "specfiles",
    "timefmt",
    "words",
]
