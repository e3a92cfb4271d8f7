"""The live Android environment up to the device boundary: a recorded device serves the
real LlamaTouch dumps and screenshots (no device exists here); the command without adb or
device is one line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.core.errors import UserError
from taskspace.environments.gui.android import AndroidEnvironment, attached
from taskspace.sources.episodes.model import Action, UIElement
from tests.support.episodes import shared


class RecordedDevice:
    """Stands at the device boundary: step ``n`` shows ``n.xml`` / ``n.png`` of a real trace;
    every input is recorded and moves to the next screen."""

    def __init__(self, trace: Path) -> None:
        self.trace = trace
        self.screen = 0
        self.calls: list[tuple[object, ...]] = []

    def dump_hierarchy(self) -> str:
        return (self.trace / f"{self.screen}.xml").read_text(encoding="utf-8")

    def screenshot(self, filename: str) -> None:
        shutil.copyfile(self.trace / f"{self.screen}.png", filename)

    def window_size(self) -> tuple[int, int]:
        return (1080, 2400)

    def _input(self, *call: object) -> None:
        self.calls.append(call)
        self.screen += 1

    def click(self, x: float, y: float) -> None:
        self._input("click", x, y)

    def long_click(self, x: float, y: float) -> None:
        self._input("long_click", x, y)

    def swipe(self, fx: float, fy: float, tx: float, ty: float) -> None:
        self._input("swipe", fx, fy, tx, ty)

    def press(self, key: str) -> None:
        self._input("press", key)

    def send_keys(self, text: str) -> None:
        self.calls.append(("send_keys", text))


def test_observe_and_act_by_element_id_on_real_dumps(tmp_path: Path) -> None:
    trace = shared("gui/llamatouch/trace_18")
    device = RecordedDevice(trace)
    environment = AndroidEnvironment(device, tmp_path)
    environment.act(Action(kind="key", key="home"))
    device.screen = 3
    seen = environment.observe()
    assert (seen.width, seen.height) == (1080, 2400)
    assert seen.screenshot == str((tmp_path / "0.png").resolve())
    assert (tmp_path / "0.xml").read_text() == (trace / "3.xml").read_text()
    start = next(e for e in seen.elements if e.label() == "START +10 XP")
    assert start.bounds == (126, 1223, 954, 1360)
    environment.act(Action(kind="tap", target=UIElement(uid=start.uid)))
    assert device.calls[-1] == ("click", 540.0, 1291.5)
    environment.act(Action(kind="tap", point=(10.0, 20.0)))
    environment.act(Action(kind="swipe", direction="up"))
    environment.act(Action(kind="type", text="bonjour"))
    assert device.calls[0] == ("press", "home")
    assert device.calls[-3:] == [
        ("click", 10.0, 20.0),
        ("swipe", 540.0, 1200.0, 540.0, 480.0),
        ("send_keys", "bonjour"),
    ]
    with pytest.raises(UserError, match="no element 'nope'"):
        environment.act(Action(kind="tap", target=UIElement(uid="nope")))


def test_adb_device_list_is_read_by_state() -> None:
    listed = "List of devices attached\nemulator-5554\tdevice\nR58M\toffline\n\n"
    assert attached(listed) == ["emulator-5554"]


def test_the_command_says_in_one_line_when_no_device_can_be_reached(tmp_path: Path) -> None:
    env = {"PATH": str(tmp_path)}  # no adb on this PATH
    result = CliRunner().invoke(cli, ["eval", "android", "--device", "emulator-5554"], env=env)
    assert result.exit_code == 1
    assert result.output.strip() == (
        "Error: adb is not installed (or not on PATH): no Android device can be reached"
    )
    adb = tmp_path / "adb"
    adb.write_text("#!/bin/sh\necho 'List of devices attached'\n")
    adb.chmod(0o755)
    result = CliRunner().invoke(cli, ["eval", "android", "--device", "emulator-5554"], env=env)
    assert result.exit_code == 1
    assert "no Android device 'emulator-5554' attached (adb lists: none)" in result.output
    assert len(result.output.strip().splitlines()) == 1
