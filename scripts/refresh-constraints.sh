#!/usr/bin/env bash
# Re-resolves every dependency to the newest versions that pyproject.toml allows and writes
# them to constraints.txt, the pins that scripts/setup.sh and CI install from.
# Run it on purpose (then run the tests and commit the new pins), never from CI.
set -euo pipefail
cd "$(dirname "$0")/.."

python=python3
command -v python3.11 >/dev/null 2>&1 && python=python3.11
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --upgrade pip
"$work/venv/bin/python" -m pip install -q '.[dev]'
{
  echo "# Pinned versions of every dependency, installed by scripts/setup.sh and CI."
  echo "# Made by scripts/refresh-constraints.sh on $(date -u +%Y-%m-%d) with $("$python" --version)."
  echo "# pyproject.toml keeps open ranges for people who use taskspace as a library."
  "$work/venv/bin/python" -m pip freeze --all --exclude taskspace
} > constraints.txt
echo "constraints.txt: $(grep -vc '^#' constraints.txt) pinned packages"
