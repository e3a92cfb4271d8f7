"""One question to the run's model (``get_model()``), with the step's screenshot when the
episode has one: what the PG-Agent and Jarvis roles share."""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path

from inspect_ai.model import ChatMessageUser, Content, ContentImage, ContentText, get_model


def image_content(path: str | None) -> ContentImage | None:
    """The screenshot as a data URI, or None when there is no readable file."""
    if not path or not Path(path).is_file():
        return None
    kind = mimetypes.guess_type(path)[0] or "image/png"
    data = base64.b64encode(Path(path).read_bytes()).decode()
    return ContentImage(image=f"data:{kind};base64,{data}")


async def ask(prompt: str, screenshot: str | None = None) -> str:
    content: list[Content] = [ContentText(text=prompt)]
    image = image_content(screenshot)
    if image is not None:
        content.append(image)
    output = await get_model().generate([ChatMessageUser(content=content)])
    return output.completion


def history(previous: tuple[str, ...]) -> str:
    return "\n".join(f"{n}. {action}" for n, action in enumerate(previous, start=1)) or "None"
