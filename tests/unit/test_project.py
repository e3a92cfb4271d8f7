"""The README's commands and CI agree (CI must run exactly the README's test command)."""

from __future__ import annotations

import re
import subprocess

from tests.support.locations import REPO

ROOT = REPO


def _bash_blocks(text: str) -> list[str]:
    return re.findall(r"```bash\n(.*?)```", text, flags=re.S)


def test_ci_runs_the_readme_commands() -> None:
    blocks = _bash_blocks((ROOT / "README.md").read_text())
    setup, tests = blocks[0].strip(), blocks[1].strip()
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert f"bash {setup}" in ci_lines or setup in ci_lines
    assert ci_lines[-1] == tests


def _pins() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        name, sep, version = line.partition("==")
        if sep and not line.startswith("#"):
            pins[_normalised(name)] = version.strip()
    return pins


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_setup_installs_from_pins_that_satisfy_pyproject() -> None:
    """Every declared dependency is pinned, and each pin lies inside pyproject's range."""
    import tomllib

    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = list(project["dependencies"]) + list(project["optional-dependencies"]["dev"])
    pins = _pins()
    for spec in declared:
        requirement = Requirement(spec)
        name = _normalised(requirement.name)
        assert name in pins, f"{name} is declared in pyproject.toml but not pinned"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"{name}=={pins[name]} is outside pyproject's range {requirement.specifier}"
        )
    setup = (ROOT / "scripts" / "setup.sh").read_text()
    assert "-c constraints.txt -e '.[dev]'" in setup


def test_setup_script_parses_and_refuses_an_unknown_flag_before_doing_anything() -> None:
    """scripts/setup.sh runs in CI from a fresh clone: it must at least parse, and a typo
    must not start an install."""
    script = ROOT / "scripts" / "setup.sh"
    assert subprocess.run(["bash", "-n", str(script)], check=False).returncode == 0
    typo = subprocess.run(
        ["bash", str(script), "--no-instal"], capture_output=True, text=True, check=False
    )
    assert (typo.returncode, typo.stdout) == (2, "")
    assert typo.stderr == "usage: scripts/setup.sh [--no-start] [--no-install]\n"
    assert "logs/setup.log" in script.read_text()
