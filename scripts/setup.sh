#!/usr/bin/env bash
# Sets taskspace up on a fresh Debian machine: system packages, a virtualenv with the
# package and its dev tools, the local Neo4j server from Maven Central. Unless --no-start
# is given it then runs the main job: start the server, apply the schema, show the graph.
set -euo pipefail
cd "$(dirname "$0")/.."

start=1
[ "${1:-}" = "--no-start" ] && start=0

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
command -v mvn >/dev/null 2>&1 || missing+=(maven)
# Playwright drives Debian's Chromium; its own browser download cannot work offline.
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

python=python3
command -v python3.11 >/dev/null 2>&1 && python=python3.11
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
  echo "taskspace needs Python 3.11 or newer (found $("$python" --version))" >&2; exit 1; }

[ -x .venv/bin/python ] || "$python" -m venv .venv
# Pinned versions (constraints.txt) so that every machine installs the same set;
# scripts/refresh-constraints.sh moves the pins on purpose.
.venv/bin/python -m pip install -q -c constraints.txt --upgrade pip
.venv/bin/python -m pip install -q -c constraints.txt -e '.[dev]'

.venv/bin/kg db install
if [ "$start" = 1 ]; then
  .venv/bin/kg db start
  .venv/bin/kg init
  # The main job on the bundled examples: documents into the graph, tasks out of it, the
  # offline agent run on them (inspect_ai), its results in the graph and in a report.
  home="${TASKSPACE_HOME:-$HOME/.taskspace}"
  tasks_dir="$home/tasks"
  .venv/bin/kg load docs examples/documents
  .venv/bin/kg sample doc -n 12 --seed 0 -o "$tasks_dir/doc-seed0.jsonl"
  .venv/bin/kg sample verify "$tasks_dir/doc-seed0.jsonl"
  .venv/bin/kg eval run "$tasks_dir/doc-seed0.jsonl" --agent extractive --display none
  .venv/bin/kg eval report --latest -o "$home/reports/latest.html"
  .venv/bin/kg stats
fi
