"""The review page: one self-contained HTML file that shows, per task, the prompt, the gold,
the grounding subgraph and the source excerpt or screenshot, with a verdict form.

Images are embedded (downscaled JPEG as data URIs) so the page opens anywhere; the
verdicts already recorded are embedded too, so a page written again shows the progress.
Saving needs ``kg sample review FILE --serve`` (``taskspace.tasks.review.server``); opened as a
file, the page keeps verdicts in the browser and offers them as a JSONL download.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from PIL import Image, UnidentifiedImageError

from taskspace.tasks.model import Task
from taskspace.tasks.review.evidence import Evidence
from taskspace.tasks.review.verdicts import REASONS, Verdict

IMAGE_WIDTH = 720
"""Screenshots are shown at most this wide: enough to read a page, small enough to embed."""


def image_data(path: str | None) -> str | None:
    """The image at ``path`` as a downscaled JPEG data URI, or None when it cannot be read."""
    if not path or not Path(path).is_file():
        return None
    try:
        with Image.open(path) as opened:
            image = opened.convert("RGB")
    except (OSError, UnidentifiedImageError):
        return None
    if image.width > IMAGE_WIDTH:
        image = image.resize((IMAGE_WIDTH, round(image.height * IMAGE_WIDTH / image.width)))
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=70)
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


@dataclass
class Item:
    task: Task
    evidence: Evidence


def _with_images(evidence: Evidence) -> Evidence:
    """Embed each page's screenshot, and each node's image unless a page shows it already."""
    shown = set()
    for page in evidence.pages:
        page["image"] = image_data(page.get("screenshot"))
        shown.add(page.get("screenshot"))
    for node in evidence.nodes:
        node.props["__image"] = None if node.image in shown else image_data(node.image)
        shown.add(node.image)
    return evidence


def render_page(
    tasks: list[Task],
    evidence: dict[str, Evidence],
    verdicts: dict[str, Verdict],
    source: Path,
    verdicts_file: Path,
    token: str = "",
) -> str:
    """The page's HTML; ``token`` (only when served) authorises saving verdicts."""
    environment = Environment(
        loader=PackageLoader("taskspace.tasks.review", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    items = [Item(task, _with_images(evidence.get(task.id, Evidence()))) for task in tasks]
    config: dict[str, Any] = {
        "source": str(source),
        "token": token,
        "verdicts_file": str(verdicts_file),
        "verdicts_name": verdicts_file.name,
    }
    return environment.get_template("review.html.j2").render(
        tasks=tasks,
        items=[_view(item) for item in items],
        reasons=REASONS,
        verdicts={task: v.model_dump() for task, v in verdicts.items()},
        config=config,
        source_name=source.name,
        source_path=str(source),
        generated=datetime.now(UTC).isoformat(timespec="seconds"),
    )


def _view(item: Item) -> dict[str, Any]:
    """The item as the template reads it (each node's embedded image as ``image_data``)."""
    evidence = item.evidence
    nodes = [
        {
            "id": node.id,
            "label": node.label,
            "name": node.name,
            "where": node.where,
            "excerpt": node.excerpt,
            "image_data": node.props.get("__image"),
        }
        for node in evidence.nodes
    ]
    shown = {
        "nodes": nodes,
        "more": evidence.more,
        "edges": evidence.edges,
        "pages": evidence.pages,
        "missing": evidence.missing,
    }
    return {"task": item.task, "evidence": shown}
