"""Where injected text goes in a passage: before it, after it, or at the sentence break
nearest its middle (content injection blends into the text)."""

from __future__ import annotations

from taskspace.tasks.safety import Injection


def inject(passage: str, injection: Injection) -> str:
    """``passage`` with the injection's text at its position."""
    text = injection.text.strip()
    if injection.position == "prepend":
        return f"{text}\n\n{passage}"
    if injection.position == "append":
        return f"{passage}\n\n{text}"
    middle = len(passage) // 2
    breaks = [i + 1 for i, ch in enumerate(passage) if ch in ".\n" and 0 < i < len(passage) - 1]
    if not breaks:
        breaks = [i for i, ch in enumerate(passage) if ch == " "] or [len(passage)]
    cut = min(breaks, key=lambda i: abs(i - middle))
    return f"{passage[:cut].rstrip()} {text} {passage[cut:].lstrip()}".strip()
