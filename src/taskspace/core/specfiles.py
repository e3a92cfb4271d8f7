"""Declarative spec files (YAML under ``loaders/`` …) read into pydantic models.

One reader for every spec family, so each reports a problem the same way: the file, then
what is wrong (unreadable, not YAML, or each invalid field by its dotted path).
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import yaml
from pydantic import BaseModel, ValidationError

Model = TypeVar("Model", bound=BaseModel)


def read_spec(path: Path, model: type[Model], what: str, error: type[Exception]) -> Model:
    """``path`` validated as ``model``; any problem raises ``error`` naming file and field.

    ``what`` names the kind of spec in the message ("app information space" …).
    """
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except yaml.YAMLError as exc:
        raise error(f"{path}: not valid YAML: {' '.join(str(exc).split())}") from exc
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in problem['loc']) or '(top)'}: {problem['msg']}"
            for problem in exc.errors()
        )
        raise error(f"{path}: invalid {what}: {problems}") from exc
