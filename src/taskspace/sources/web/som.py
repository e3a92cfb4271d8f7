"""Page screenshots and their Set-of-Marks versions (numbered boxes drawn with Pillow).

Set-of-Marks prompting shows a model the page with every actionable element boxed and
numbered; the number is stored on the element (``som``), so an answer such as "click 7"
maps back to a node of the graph.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from playwright.sync_api import FloatRect, Page

from taskspace.sources.web.extract import Element

MAX_HEIGHT = 8000
"""Full-page captures stop here: very long pages would give images no model can read."""

PALETTE = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#008080", "#9a6324")


@dataclass(frozen=True)
class Shots:
    screenshot: Path
    som_screenshot: Path


def site_folder(root: Path, origin: str) -> Path:
    """``root/screenshots/<host_port>``: one readable folder per crawled site."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", origin.split("://", 1)[-1]).strip("_")
    return root / "screenshots" / (name or "site")


def capture(page: Page, folder: Path, stem: str, elements: list[Element]) -> Shots:
    """Save the page (full height, up to MAX_HEIGHT) and its Set-of-Marks annotation."""
    folder.mkdir(parents=True, exist_ok=True)
    plain = folder / f"{stem}.png"
    marked = folder / f"{stem}.som.png"
    height, width = page.evaluate(
        "() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth]"
    )
    # A clip below the viewport captures the whole page without full_page's resize of
    # the window, which takes tens of seconds on a 40,000-pixel page.
    clip: FloatRect = {"x": 0, "y": 0, "width": max(width, 1), "height": min(height, MAX_HEIGHT)}
    page.screenshot(path=str(plain), clip=clip)
    draw_marks(plain, marked, elements)
    return Shots(plain, marked)


def draw_marks(source: Path, target: Path, elements: list[Element]) -> int:
    """Box and number every element with a ``som`` number; return how many were drawn."""
    with Image.open(source) as image:
        canvas = image.convert("RGB")
    draw = ImageDraw.Draw(canvas)
    font = ImageFont.load_default(size=13)
    drawn = 0
    for element in sorted((e for e in elements if e.som is not None), key=lambda e: e.som or 0):
        x, y, w, h = element.bbox
        if y >= canvas.height or x >= canvas.width:
            continue
        colour = PALETTE[(element.som or 0) % len(PALETTE)]
        draw.rectangle((x, y, x + max(w, 1), y + max(h, 1)), outline=colour, width=2)
        label = str(element.som)
        left, top, right, bottom = draw.textbbox((0, 0), label, font=font)
        tag_w, tag_h = right - left + 6, bottom - top + 4
        tag_y = y - tag_h if y - tag_h >= 0 else y
        draw.rectangle((x, tag_y, x + tag_w, tag_y + tag_h), fill=colour)
        draw.text((x + 3 - left, tag_y + 2 - top), label, fill="white", font=font)
        drawn += 1
    canvas.save(target)
    return drawn
