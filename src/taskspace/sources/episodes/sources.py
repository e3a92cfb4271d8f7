"""Reading input files with errors that say why: missing, unreadable, not text, truncated.

Every format reader goes through these, so a file that cannot be used at all is always
reported the same way: an :class:`EpisodeError` for the file (record ``None``) whose
reason a person can act on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from taskspace.sources.episodes.errors import EpisodeError


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise EpisodeError(str(path), None, f"cannot read: not UTF-8 text ({exc.reason})") from exc
    except OSError as exc:
        raise _unreadable(path, exc) from exc


def read_lines(path: Path) -> list[bytes]:
    """The file's lines as bytes (a leading BOM dropped), so that a line-per-record format
    can decode, and report, each line on its own: one bad line is one bad record."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise _unreadable(path, exc) from exc
    return data.removeprefix(b"\xef\xbb\xbf").splitlines()


def decode_line(line: bytes, where: str, record: str) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise EpisodeError(where, record, f"not UTF-8 text ({exc.reason})") from exc


def _unreadable(path: Path, exc: OSError) -> EpisodeError:
    if isinstance(exc, FileNotFoundError):
        return EpisodeError(str(path), None, "cannot read: no such file")
    return EpisodeError(str(path), None, f"cannot read: {exc.strerror or exc}")


def load_json(path: Path) -> Any:
    return parse_json(read_text(path), str(path))


def parse_json(text: str, where: str, record: str | None = None) -> Any:
    """JSON, telling a cut-off document (ends mid-value) from a malformed one."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string")
        what = "truncated JSON (ends mid-value)" if cut else "not valid JSON"
        place = f"line {exc.lineno}, column {exc.colno}"
        raise EpisodeError(where, record, f"{what}: {exc.msg} ({place})") from exc


def load_yaml(path: Path) -> Any:
    text = read_text(path)
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        reason = " ".join(str(exc).split())
        raise EpisodeError(str(path), None, f"not valid YAML: {reason}") from exc


def image_size(path: Path) -> tuple[int, int] | None:
    """Width and height from the image header, or None when there is no readable image."""
    from PIL import Image, UnidentifiedImageError  # only the header is read

    try:
        with Image.open(path) as image:
            return (int(image.width), int(image.height))
    except (OSError, UnidentifiedImageError):
        return None


def existing(path: Path) -> str | None:
    """The absolute path as the model stores it, when the file is there."""
    return str(path.resolve()) if path.is_file() else None
