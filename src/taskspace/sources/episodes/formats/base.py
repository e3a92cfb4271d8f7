"""What every format reader shares: record-level error capture, fields, screenshots, targets.

A reader builds one episode per record inside :func:`attempt`, so any problem with that
record (a missing field, an unknown action, a value of the wrong shape) becomes an
:class:`EpisodeError` naming the file and the record, and the reader moves on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from taskspace.sources.episodes import uitree
from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.geometry import Point
from taskspace.sources.episodes.model import Episode, Observation, UIElement
from taskspace.sources.episodes.sources import existing, image_size

T = TypeVar("T")

Results = Iterator[Episode | EpisodeError]


def attempt(file: Path | str, record: str | None, build: Callable[[], T]) -> T | EpisodeError:
    """``build()``, or the EpisodeError that says why this record could not be built."""
    try:
        return build()
    except EpisodeError as error:
        if error.record is None and record is not None:
            return EpisodeError(error.file, record, error.reason)
        return error
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc']) or '(top)'}: {error['msg']}"
            for error in exc.errors()
        )
        return EpisodeError(str(file), record, f"invalid value: {problems}")
    except KeyError as exc:
        return EpisodeError(str(file), record, f"missing key {exc.args[0]!r}")
    except (ValueError, TypeError, IndexError) as exc:
        return EpisodeError(str(file), record, str(exc) or type(exc).__name__)


def document_reader(
    load: Callable[[Path], Any], from_document: Callable[[Any, Path], Results]
) -> Callable[[Path], Results]:
    """A format's ``read``: parse the file once (a file that cannot be parsed is one error,
    not an exception) and hand the document to the format's ``from_document``."""

    def read(path: Path) -> Results:
        try:
            document = load(path)
        except EpisodeError as error:
            yield error
            return
        yield from from_document(document, path)

    return read


def require(record: Mapping[str, Any], name: str) -> Any:
    """A field the format cannot do without; its absence is the record's error."""
    if not isinstance(record, Mapping):
        raise TypeError(f"expected an object with {name!r}, got {type(record).__name__}")
    if name not in record or record[name] is None:
        raise ValueError(f"missing field {name!r}")
    return record[name]


def screen(image: Path | None, **fields: Any) -> Observation:
    """An observation with its screenshot's absolute path and size, when the image is there."""
    shot = existing(image) if image is not None else None
    size = image_size(image) if shot is not None and image is not None else None
    if size is not None:
        fields.setdefault("width", size[0])
        fields.setdefault("height", size[1])
    return Observation(screenshot=shot, **fields)


def target_at(
    elements: list[UIElement], point: Point | None, tolerance: float = 0.0
) -> UIElement | None:
    """The element under a tap, or None when there is no point or nothing there."""
    return uitree.element_at(elements, point, tolerance) if point is not None else None


def episode_id(dataset: str, own_id: object) -> str:
    return f"{dataset}:{own_id}"
