"""Trace folders of screens and events, as LlamaTouch records them.

A trace is a folder: per screen ``N`` a screenshot ``N.png``, UI dumps ``N.xml``
(uiautomator), ``N.vh`` (view hierarchy) and ``N.json`` (element list), the foreground
``N.activity`` (``package/activity``, or a bare window name such as the wallpaper
behind the launcher); ``eventStructs.txt`` with one event per line (``[Home]``,
``[Back]``, ``[App Switch]``, ``[Click] Screen Resolution (w, h), Click Position (x, y)``,
``[Long Click] … Long Click Position (x, y)``, ``[Swipe]``/``[Drag] … Start Position (x,
y), End Position (x, y)``, ``[Input] text``); ``instruction.txt`` with the episode id on
its first line and the instruction after it.

Step N acts on screen N; the screen after the last event is the episode's ``final``.
Event positions are in the recorder's stated resolution (320x720 in LlamaTouch) and are
scaled to the screenshot's pixels (1080x2400), which is the space the dumps' bounds are
in; the uiautomator root is shorter (2274) because it stops above the navigation bar, so
the screenshot, not the root, gives the screen size. Taps are resolved to the element
under the point in the screen's preferred dump.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from taskspace.sources.episodes import geometry, uitree
from taskspace.sources.episodes.errors import EpisodeError, UiDumpError
from taskspace.sources.episodes.formats.base import Results, attempt, episode_id, screen, target_at
from taskspace.sources.episodes.geometry import Point
from taskspace.sources.episodes.mappings import TraceMapping, load_mapping
from taskspace.sources.episodes.model import Action, Episode, Observation, Step
from taskspace.sources.episodes.sources import existing, read_text

DATASET = "uiautomator"

_EVENT = re.compile(r"^\[(?P<name>[^\]]+)\]\s*(?P<rest>.*)$")
_RESOLUTION = re.compile(r"Screen Resolution \((\d+),\s*(\d+)\)")
_POSITION = re.compile(r"Position \((-?\d+),\s*(-?\d+)\)")


def is_trace(folder: Path) -> bool:
    mapping = load_mapping("uiautomator", TraceMapping)
    return folder.is_dir() and (folder / mapping.events_file).is_file()


def trace_file_names() -> set[str]:
    """The files of a trace that belong to no one screen: events and instruction."""
    mapping = load_mapping("uiautomator", TraceMapping)
    return {mapping.events_file, mapping.instruction_file}


def read(path: Path) -> Results:
    """One episode per trace folder (a folder of trace folders is walked by the caller)."""
    mapping = load_mapping("uiautomator", TraceMapping)
    if not is_trace(path):
        yield EpisodeError(str(path), None, f"not a trace folder: no {mapping.events_file}")
        return
    yield attempt(path, None, lambda: _episode(path, mapping))


def _episode(folder: Path, mapping: TraceMapping) -> Episode:
    events_file = folder / mapping.events_file
    lines = [line for line in read_text(events_file).splitlines() if line.strip()]
    own_id, task = _instruction(folder, mapping)
    shots = _screen_numbers(folder, mapping)
    if len(shots) < len(lines):
        raise EpisodeError(str(folder), None, f"{len(lines)} events but only {len(shots)} screens")
    observations = [_observation(folder, number, mapping) for number in shots]
    steps = []
    for index, line in enumerate(lines):
        try:
            action = _action(line, observations[index], mapping)
        except ValueError as exc:
            raise EpisodeError(str(events_file), f"line {index + 1}", str(exc)) from exc
        steps.append(Step(index=index, observation=observations[index], action=action))
    final = observations[len(lines)] if len(observations) > len(lines) else None
    return Episode(
        id=episode_id(DATASET, own_id),
        dataset=DATASET,
        platform="android",
        task=task,
        app=_main_app(observations),
        steps=steps,
        final=final,
        source_file=str(folder.resolve()),
    )


def _main_app(observations: list[Observation]) -> str | None:
    """The package on most screens (the later one on a tie): the launcher passes through."""
    seen = [(o.app, index) for index, o in enumerate(observations) if o.app]
    if not seen:
        return None
    counts = Counter(app for app, _ in seen)
    return max(seen, key=lambda item: (counts[item[0]], item[1]))[0]


def _instruction(folder: Path, mapping: TraceMapping) -> tuple[str, str]:
    """(episode id, instruction): the id line is there when the file has two or more lines."""
    lines = [line.strip() for line in read_text(folder / mapping.instruction_file).splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        raise ValueError(f"{mapping.instruction_file} is empty")
    if len(lines) == 1:
        return folder.name, lines[0]
    return lines[0], " ".join(lines[1:])


def _screen_numbers(folder: Path, mapping: TraceMapping) -> list[int]:
    suffixes = {".png", *mapping.dump_suffixes}
    numbers = {int(f.stem) for f in folder.iterdir() if f.stem.isdigit() and f.suffix in suffixes}
    expected = list(range(len(numbers)))
    if sorted(numbers) != expected:
        raise ValueError(f"screens are not numbered 0..{len(numbers) - 1}: {sorted(numbers)}")
    return expected


def _observation(folder: Path, number: int, mapping: TraceMapping) -> Observation:
    observation = screen(folder / f"{number}.png")
    dumps = [folder / f"{number}{suffix}" for suffix in mapping.dump_suffixes]
    dump = next((candidate for candidate in dumps if candidate.is_file()), None)
    width, height = observation.width, observation.height
    known = (width, height) if width is not None and height is not None else None
    tree = None
    if dump is not None:
        try:
            tree = uitree.parse_tree(read_text(dump), screen=known, source=str(dump))
        except UiDumpError as exc:
            raise EpisodeError(str(dump), None, str(exc)) from exc
    app, activity = _activity(folder / f"{number}.activity")
    if known is None and tree is not None and tree.root is not None:
        width, height = tree.root[2], tree.root[3]
    return observation.model_copy(
        update={
            "app": app or (tree.package if tree else None),
            "activity": activity,
            "ui_dump": existing(dump) if dump else None,
            "width": width,
            "height": height,
            "elements": tree.elements if tree else [],
        }
    )


_ABSENT = frozenset({"", "null", "none"})
"""What a recorder writes when it had no foreground activity (LlamaTouch writes ``null``)."""


def _activity(path: Path) -> tuple[str | None, str | None]:
    """``package/.Activity`` as (package, full activity name); a bare name has no package.

    ``null`` (LlamaTouch's trace of Google Maps has it on 10 of 12 screens) or an empty
    file means the recorder did not know: the activity is absent, and the app then comes
    from the dump's package, instead of becoming an activity called "null".
    """
    if not path.is_file():
        return None, None
    text = read_text(path).strip()
    if text.lower() in _ABSENT:
        return None, None
    package, slash, name = text.partition("/")
    if not slash:
        return None, text
    return package, f"{package}{name}" if name.startswith(".") else name


def _action(line: str, observation: Observation, mapping: TraceMapping) -> Action:
    match = _EVENT.match(line.strip())
    if match is None:
        raise ValueError(f"not an event line: {line.strip()!r}")
    name, rest = match["name"].strip(), match["rest"]
    spec = mapping.events.get(name)
    if spec is None:
        raise ValueError(f"unknown event [{name}]")
    raw = line.strip()
    if spec.kind == "type":
        return spec.action(text=rest, raw=raw)
    if spec.kind not in ("tap", "long_press", "swipe"):
        return spec.action(raw=raw)
    points = [(float(m.group(1)), float(m.group(2))) for m in _POSITION.finditer(rest)]
    if spec.kind == "swipe":
        if len(points) != 2:
            raise ValueError(f"[{name}] needs a start and an end position")
        direction = geometry.swipe_direction(points[0], points[1])
        scaled = _scaled(rest, points, observation)
        start, end = (scaled[0], scaled[1]) if scaled else (None, None)
        return spec.action(point=start, end_point=end, direction=direction, raw=raw)
    if len(points) != 1:
        raise ValueError(f"[{name}] needs one position")
    scaled = _scaled(rest, points, observation)
    point = scaled[0] if scaled else None
    target = target_at(observation.elements, point)
    return spec.action(point=point, target=target, raw=raw)


def _scaled(rest: str, points: list[Point], observation: Observation) -> list[Point] | None:
    """From the recorder's resolution to the screen's pixels; None when either is unknown."""
    resolution = _RESOLUTION.search(rest)
    if resolution is None:
        raise ValueError("no Screen Resolution (w, h) in the event")
    width, height = int(resolution.group(1)), int(resolution.group(2))
    if not (width and height and observation.width and observation.height):
        return None
    sx, sy = observation.width / width, observation.height / height
    return [geometry.scale(point, sx, sy) for point in points]
