"""The README's commands and CI agree (CI must run exactly the README's test command)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _bash_blocks(text: str) -> list[str]:
    return re.findall(r"```bash\n(.*?)```", text, flags=re.S)


def test_ci_runs_the_readme_commands() -> None:
    blocks = _bash_blocks((ROOT / "README.md").read_text())
    setup, tests = blocks[0].strip(), blocks[1].strip()
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert f"bash {setup}" in ci_lines or setup in ci_lines
    assert ci_lines[-1] == tests
