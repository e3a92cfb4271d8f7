"""An on-disk cache of structured LLM answers, keyed by model, prompt and parameters.

Re-running a sampler with the same seed must not cost a second call, and must give the
same text: the cache makes ``--llm`` runs reproducible as well as cheap.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any


class ResponseCache:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def key(self, **parts: Any) -> str:
        text = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def get(self, key: str) -> dict[str, Any] | None:
        path = self.folder / key[:2] / f"{key}.json"
        if not path.is_file():
            return None
        value: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return value

    def put(self, key: str, value: dict[str, Any]) -> None:
        path = self.folder / key[:2] / f"{key}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
        temporary.replace(path)
