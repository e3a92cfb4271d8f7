"""The live Android environment: a device or emulator reachable through adb, driven with
``uiautomator2`` (imported lazily: only a live device needs it).

``observe()`` dumps the view hierarchy and takes a screenshot (both kept as files) and
parses the dump into an :class:`Observation` whose elements carry ids; ``act()`` performs
an action of the common action space: on an element by its id (at its box's centre), at a
point, a swipe, a key, typed text. Without adb, without the package, or without the
device, :func:`connect` says which in one line.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Protocol

from taskspace.core.errors import UserError
from taskspace.environments.errors import DeviceUnavailableError
from taskspace.sources.episodes.model import Action, Observation, UIElement
from taskspace.sources.episodes.uitree import observation_from_dump

SWIPE_SPAN = 0.3
"""A swipe without points moves this share of the screen from its centre."""
KEYS = {"back": "back", "home": "home", "enter": "enter", "recent": "recent", "search": "search"}


class Device(Protocol):
    """The part of ``uiautomator2.Device`` the environment uses (its documented API)."""

    def dump_hierarchy(self) -> str: ...
    def screenshot(self, filename: str) -> object: ...
    def window_size(self) -> tuple[int, int]: ...
    def click(self, x: float, y: float) -> object: ...
    def long_click(self, x: float, y: float) -> object: ...
    def swipe(self, fx: float, fy: float, tx: float, ty: float) -> object: ...
    def press(self, key: str) -> object: ...
    def send_keys(self, text: str) -> object: ...


def attached(adb_output: str) -> list[str]:
    """Serials that ``adb devices`` lists as ready (state ``device``)."""
    serials = []
    for line in adb_output.splitlines()[1:]:
        parts = line.split()
        if len(parts) >= 2 and parts[1] == "device":
            serials.append(parts[0])
    return serials


def connect(serial: str) -> Device:
    adb = shutil.which("adb")
    if adb is None:
        raise DeviceUnavailableError(
            "adb is not installed (or not on PATH): no Android device can be reached"
        )
    listed = subprocess.run(
        [adb, "devices"], capture_output=True, text=True, timeout=30, check=False
    )
    ready = attached(listed.stdout)
    if serial not in ready:
        shown = ", ".join(ready) or "none"
        raise DeviceUnavailableError(f"no Android device {serial!r} attached (adb lists: {shown})")
    try:
        import uiautomator2  # type: ignore[import-untyped]  # (the package ships no types)
    except ImportError as exc:
        raise DeviceUnavailableError(
            "the uiautomator2 package is not installed: the live Android environment needs it"
        ) from exc
    device: Device = uiautomator2.connect(serial)
    return device


class AndroidEnvironment:
    def __init__(self, device: Device, folder: Path) -> None:
        self.device = device
        self.folder = folder
        self.steps = 0
        self.last: Observation | None = None

    def observe(self) -> Observation:
        """The screen now: its dump and screenshot saved as ``<n>.xml`` / ``<n>.png``."""
        self.folder.mkdir(parents=True, exist_ok=True)
        dump = self.folder / f"{self.steps}.xml"
        shot = self.folder / f"{self.steps}.png"
        text = self.device.dump_hierarchy()
        dump.write_text(text, encoding="utf-8")
        self.device.screenshot(str(shot))
        seen = observation_from_dump(text, str(dump), ui_dump=str(dump))
        width, height = self.device.window_size()
        self.last = seen.model_copy(
            update={
                "width": width,  # the screen's (and screenshot's) size, not the dump root's
                "height": height,
                "screenshot": str(shot.resolve()) if shot.is_file() else None,
            }
        )
        self.steps += 1
        return self.last

    def element(self, uid: str) -> UIElement:
        found = next((e for e in (self.last.elements if self.last else []) if e.uid == uid), None)
        if found is None or found.bounds is None:
            raise UserError(f"no element {uid!r} with a box on the last observed screen")
        return found

    def _point(self, action: Action) -> tuple[float, float]:
        if action.target is not None and action.target.uid:
            b = self.element(action.target.uid).bounds
            assert b is not None
            return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
        if action.point is None:
            raise UserError(f"{action.kind} needs an element id or a point")
        return action.point

    def act(self, action: Action) -> None:
        if action.kind in ("tap", "long_press"):
            x, y = self._point(action)
            (self.device.click if action.kind == "tap" else self.device.long_click)(x, y)
        elif action.kind == "type":
            if action.target is not None or action.point is not None:
                self.device.click(*self._point(action))
            self.device.send_keys(action.text or "")
        elif action.kind == "swipe":
            self.device.swipe(*self._swipe(action))
        elif action.kind == "key" and action.key in KEYS:
            self.device.press(KEYS[action.key])
        elif action.kind not in ("wait", "complete"):
            raise UserError(f"the live Android environment cannot perform {action.kind!r}")

    def _swipe(self, action: Action) -> tuple[float, float, float, float]:
        if action.point is not None and action.end_point is not None:
            return (*action.point, *action.end_point)
        width, height = self.device.window_size()
        cx, cy = width / 2, height / 2
        dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[
            action.direction or "up"
        ]
        return (cx, cy, cx + dx * SWIPE_SPAN * width, cy + dy * SWIPE_SPAN * height)
