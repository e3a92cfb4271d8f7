"""Did an action take the user to another page?

Offline, the screens before and after the action are compared with the same rule merging
uses (:mod:`taskspace.sources.episodes.pagegraph.verdict`): a changed activity, URL path, state, UI
tree or
screenshot is a jump. When the input shows nothing to compare (Mind2Web ships only the
actions; an episode's last action has no screen after it), the action decides, by
:func:`action_jumps`:

- opening an app, going to an address, and the keys back, home, recent apps, search
  and Enter, leave the page;
- a tap on a link (ARIA role ``link`` or an ``<a>`` element) leaves it;
- a tap on a control whose label contains a submit-like word ("Search", "Sign in",
  "Continue", "Update search" …) leaves it;
- everything else (typing, selecting, scrolling, hovering, taps on other controls, waiting,
  declaring the task complete) stays on the page.

With ``--llm`` :class:`taskspace.sources.episodes.pagegraph.llm.LLMJumpDetector` asks Claude
instead, where
there are two screens to show it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from taskspace.core.words import split_tokens
from taskspace.sources.episodes.model import Action, Observation
from taskspace.sources.episodes.pagegraph.features import ScreenFeatures
from taskspace.sources.episodes.pagegraph.verdict import Thresholds, compare

LEAVING_KEYS = frozenset({"back", "home", "recent", "search", "enter"})
LINK_ROLES = frozenset({"link", "a"})
SUBMIT_WORDS = frozenset(
    {
        "search", "submit", "go", "continue", "next", "login", "signin", "sign", "log",
        "apply", "done", "confirm", "save", "find", "book", "reserve", "checkout", "buy",
        "proceed", "send", "view", "details",
    }
)  # fmt: skip
"""Words that, on a tapped control, mean the tap submits or navigates."""


@dataclass(frozen=True)
class Seen:
    """An observation with its features, as the builder passes it around."""

    observation: Observation
    features: ScreenFeatures


@dataclass(frozen=True)
class Jump:
    jumped: bool
    reason: str


class JumpDetector(Protocol):
    def __call__(self, before: Seen, action: Action, after: Seen | None) -> Jump: ...


def action_jumps(action: Action) -> Jump:
    """The documented heuristic for actions with no screens to compare."""
    if action.kind == "open_app":
        return Jump(True, "opened an app")
    if action.kind == "navigate":
        return Jump(True, "went to another address")
    if action.kind == "key":
        leaves = action.key in LEAVING_KEYS
        return Jump(leaves, f"key {action.key}" + (" leaves the page" if leaves else ""))
    if action.kind not in ("tap", "long_press"):
        return Jump(False, f"{action.kind} stays on the page")
    role = (action.target_role or (action.target.cls if action.target else "") or "").lower()
    if role.strip("[]").rsplit(".", 1)[-1] in LINK_ROLES:
        return Jump(True, "tapped a link")
    label = action.target.label() if action.target else (action.target_text or "")
    found = sorted(set(split_tokens(label)) & SUBMIT_WORDS)
    if found:
        return Jump(True, f"tapped a submit-like control ({found[0]!r})")
    return Jump(False, "tapped a control that is not a link or submit")


@dataclass(frozen=True)
class OfflineJumpDetector:
    """Screens first, the action when the screens say nothing."""

    thresholds: Thresholds = field(default_factory=Thresholds)

    def __call__(self, before: Seen, action: Action, after: Seen | None) -> Jump:
        if after is not None:
            verdict = compare(before.features, after.features, self.thresholds)
            if verdict.same is not None:
                return Jump(not verdict.same, verdict.reason)
        return action_jumps(action)
