"""The parsed form of a GUI episode, shared by every format parser and by the page graph.

Each input format (AITW/AitZ, GUI Odyssey, Mind2Web, uiautomator traces, DroidBot
transition graphs, our own JSONL) is parsed into an :class:`Episode`: the task, and per
step what the screen showed (:class:`Observation`) and what was done on it
(:class:`Action`, in one common action space with the raw action kept beside it). The page
graph builder and the writer only ever see this model, which is what lets one builder
serve every format.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Platform = Literal["android", "web"]

ActionKind = Literal[
    "tap",  # tap or click, on an element or a point
    "long_press",
    "type",  # type text (into the target element when known)
    "swipe",  # swipe or scroll; ``direction`` is the way the finger moves
    "select",  # choose an option of a select or combobox (``text`` is the option)
    "hover",
    "key",  # a system or keyboard key: ``key`` names it
    "open_app",
    "navigate",  # go to the web address in ``text`` (a route known only by its pages)
    "wait",
    "complete",  # the demonstrator declared the task done (or impossible)
]

KeyName = Literal["back", "home", "enter", "recent", "search", "delete"]
Direction = Literal["up", "down", "left", "right"]
Outcome = Literal["done", "impossible"]

Bounds = tuple[int, int, int, int]
"""x1, y1, x2, y2 in screen pixels (left, top, right, bottom)."""


class UIElement(BaseModel):
    """One element of a screen's UI tree (Android view) or page (web element)."""

    uid: str = Field(description="stable within its screen: resource id + index path")
    cls: str = Field(default="", description="widget class or HTML tag / ARIA role")
    text: str = ""
    inner_text: str = Field(
        default="",
        description="the first visible text inside it (a row's title), when it has none",
    )
    content_desc: str = Field(default="", description="content description / accessible name")
    resource_id: str = ""
    bounds: Bounds | None = None
    clickable: bool = False
    enabled: bool = True
    editable: bool = False
    scrollable: bool = False
    checked: bool | None = None

    def label(self) -> str:
        """The words a person would use for the element.

        Its own visible text, else the text shown inside it (a clickable row or card whose
        title is a child TextView), else its content description, else its resource id,
        and its class only when nothing names it: "og card" or "LinearLayout" tells an
        agent nothing that "Your Timeline" does.
        """
        for words in (self.text, self.inner_text, self.content_desc):
            if words.strip():
                return " ".join(words.split())
        if self.resource_id:
            return self.resource_id.rsplit("/", 1)[-1].replace("_", " ")
        return self.cls.rsplit(".", 1)[-1]

    def signature(self) -> str:
        """What identifies the element across visits of the same page (no volatile text)."""
        return f"{self.cls}|{self.resource_id}|{self.content_desc}"


class Action(BaseModel):
    """One action in the common action space, with the input's own form kept in ``raw``."""

    kind: ActionKind
    target: UIElement | None = Field(default=None, description="the element acted on")
    target_text: str | None = Field(
        default=None, description="how the input names the target when there is no UI tree"
    )
    target_role: str | None = Field(default=None, description="ARIA role or widget kind")
    point: tuple[float, float] | None = Field(default=None, description="x, y in pixels")
    end_point: tuple[float, float] | None = None
    text: str | None = Field(default=None, description="typed text or chosen option")
    direction: Direction | None = None
    key: KeyName | None = None
    outcome: Outcome | None = Field(
        default=None,
        description="for ``complete``: whether the task was declared done or impossible",
    )
    raw: Any = Field(default=None, description="the action exactly as the input gives it")

    def summary(self) -> str:
        """A short readable form, e.g. ``tap "Search"`` or ``type "Boston" into "Find"``."""
        name = self.target.label() if self.target else (self.target_text or "").strip()
        where = f' "{name}"' if name else (f" at {_point(self.point)}" if self.point else "")
        if self.kind == "type":
            into = f' into "{name}"' if name else ""
            typed = f' "{self.text}"' if self.text is not None else ""
            return f"type{typed}{into}"
        if self.kind == "navigate":
            return f"go to {self.text or name}"
        if self.kind == "select":
            return f'select "{self.text or ""}" in{where}'
        if self.kind == "swipe":
            return f"swipe {self.direction or ''}".rstrip()
        if self.kind == "key":
            return f"press {self.key or 'key'}"
        if self.kind == "open_app":
            return f'open app "{self.text or name}"'
        if self.kind in ("wait", "complete"):
            return self.kind
        verb = {"tap": "tap", "long_press": "long press", "hover": "hover"}[self.kind]
        return f"{verb}{where}"


def _point(point: tuple[float, float]) -> str:
    return f"({round(point[0])}, {round(point[1])})"


class Observation(BaseModel):
    """What the screen showed before a step (or after the last one)."""

    app: str | None = Field(default=None, description="Android package or web site")
    activity: str | None = Field(default=None, description="foreground Android activity")
    url: str | None = Field(default=None, description="page URL of a web screen")
    state_key: str | None = Field(
        default=None,
        description="the input's own identity of this screen state (DroidBot state hash)",
    )
    screenshot: str | None = Field(default=None, description="absolute path of the image")
    ui_dump: str | None = Field(default=None, description="absolute path of the UI dump")
    width: int | None = None
    height: int | None = None
    elements: list[UIElement] = Field(
        default_factory=list, description="visible elements in the viewport, in tree order"
    )
    description: str | None = Field(
        default=None, description="a description the input ships (AitZ screen description)"
    )
    annotations: list[tuple[float, float, float, float]] | None = Field(
        default=None,
        description="the input's own annotation boxes (AITW ui_positions), every one, as "
        "normalised (top, left, height, width): what AITW matching compares taps with",
    )

    def text(self) -> str:
        """The screen's visible words, in order, de-duplicated: the offline summary's source."""
        seen: dict[str, None] = {}
        for element in self.elements:
            for words in (element.text, element.content_desc):
                cleaned = " ".join(words.split())
                if cleaned:
                    seen.setdefault(cleaned, None)
        return " | ".join(seen)


class Step(BaseModel):
    index: int = Field(description="0-based position in the episode")
    observation: Observation
    action: Action
    thought: str | None = Field(default=None, description="the demonstrator's reasoning")


class Episode(BaseModel):
    id: str = Field(description="dataset plus the input's own episode id: stable across loads")
    dataset: str = Field(description="aitw, gui_odyssey, mind2web, uiautomator, droidbot, jsonl")
    platform: Platform
    task: str = Field(description="the instruction the episode carries out")
    app: str | None = None
    steps: list[Step]
    final: Observation | None = Field(
        default=None, description="the screen after the last action, when the input has it"
    )
    source_file: str = Field(description="the file (or folder) it was read from")
    record: str | None = Field(default=None, description="where in the file: line or index")

    def observations(self) -> list[Observation]:
        """Screens in order: before each step, then the final one if known."""
        shown = [step.observation for step in self.steps]
        return [*shown, self.final] if self.final is not None else shown
