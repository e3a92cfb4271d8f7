"""``--llm``: Claude decides jumps and writes screen summaries (cached on disk).

Both fall back to the offline rule where there is nothing to show the model: a jump needs
a screen before and after the action with something on them; a summary needs a screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from taskspace.models.llm.client import StructuredLLM
from taskspace.sources.episodes.model import Action
from taskspace.sources.episodes.pagegraph.jump import Jump, JumpDetector, OfflineJumpDetector, Seen
from taskspace.sources.episodes.pagegraph.summary import clip, offline_summary, place

SCREEN_TEXT_CHARS = 1500

SUMMARY_SYSTEM = (
    "You describe one screen of a mobile app or web site for a page graph. Answer with one "
    "sentence of at most 30 words naming the app or site and what the screen is for (its "
    "purpose and main controls), not the particular content it happens to show."
)
JUMP_SYSTEM = (
    "You decide whether a GUI action moved the user to a different page (a new screen, "
    "activity, dialog-free page or URL) or left them on the same page with its content "
    "changed (typing, toggling, scrolling, an expanded menu). Answer new_page true only for "
    "a different page."
)


class ScreenSummary(BaseModel):
    summary: str = Field(description="one sentence: the app or site and what this screen is for")


class JumpVerdict(BaseModel):
    new_page: bool = Field(description="true when the action led to a different page")
    reason: str = Field(description="a few words on why")


def describe(screen: Seen) -> str:
    """The screen as the model reads it: where it is, its description, its visible text."""
    found, observation = screen.features, screen.observation
    lines = [f"Screen: {place(found.app, found.activity, found.url) or 'unknown app'}"]
    if found.url:
        lines.append(f"URL: {found.url}")
    if observation.description:
        lines.append(f"Description: {clip(observation.description, 600)}")
    if found.text:
        lines.append(f"Visible text: {clip(found.text, SCREEN_TEXT_CHARS)}")
    return "\n".join(lines)


class LLMSummarizer:
    def __init__(self, llm: StructuredLLM) -> None:
        self.llm = llm

    def __call__(self, screens: Sequence[Seen]) -> list[str]:
        summaries = []
        for screen in screens:
            answer = self.llm.ask(SUMMARY_SYSTEM, describe(screen), ScreenSummary, max_tokens=200)
            summaries.append(" ".join(answer.summary.split()) or offline_summary(screen))
        return summaries


class LLMJumpDetector:
    def __init__(self, llm: StructuredLLM, fallback: JumpDetector | None = None) -> None:
        self.llm = llm
        self.fallback = fallback or OfflineJumpDetector()

    def __call__(self, before: Seen, action: Action, after: Seen | None) -> Jump:
        if after is None or not (before.features.has_evidence and after.features.has_evidence):
            return self.fallback(before, action, after)
        prompt = (
            f"Before the action:\n{describe(before)}\n\nAction: {action.summary()}\n\n"
            f"After the action:\n{describe(after)}"
        )
        verdict = self.llm.ask(JUMP_SYSTEM, prompt, JumpVerdict, max_tokens=200)
        return Jump(verdict.new_page, f"LLM: {verdict.reason}")
