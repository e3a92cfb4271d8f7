#!/usr/bin/env bash
# Sets taskspace up on a fresh Debian machine: system packages, a virtualenv with the
# package and its dev tools, the local Neo4j server from Maven Central. Unless --no-start
# is given it then runs the main job: start the server, apply the schema, load the bundled
# examples, sample tasks, run the offline agent on them and write the report.
# --no-install skips the packages and the virtualenv (an existing .venv is used as it is).
#
# The terminal gets one line per step and a summary of where the results are; what apt,
# pip, Maven and each command print goes to TASKSPACE_HOME/logs/setup.log.
set -euo pipefail
cd "$(dirname "$0")/.."

start=1
install=1
for arg in "$@"; do
  case "$arg" in
    --no-start) start=0 ;;
    --no-install) install=0 ;;
    *) echo "usage: scripts/setup.sh [--no-start] [--no-install]" >&2; exit 2 ;;
  esac
done

home="${TASKSPACE_HOME:-$HOME/.taskspace}"
log="$home/logs/setup.log"
mkdir -p "$(dirname "$log")"
: >"$log"
began=$SECONDS
echo "Setting up taskspace (the full output of each step goes to $log)"

said="$log.step"
err="$log.err"
# step DESCRIPTION COMMAND…: one line here, the command's output in the log (its standard
# output also in $said until the next step). When it fails: what it wrote to standard error
# (where pip, apt and Maven say why; their progress goes to standard output), else the
# log's last lines, and its exit code.
step() {
  local what=$1
  shift
  printf '  %s … ' "$what"
  printf '\n== %s: %s\n' "$what" "$*" >>"$log"
  local code=0
  "$@" >"$said" 2>"$err" || code=$?
  cat "$said" "$err" >>"$log"
  if [ "$code" = 0 ]; then
    echo "done"
    return
  fi
  echo "failed (exit $code)"
  if [ -s "$err" ]; then
    echo "What it said on standard error (last lines; all of it in $log):" >&2
    tail -n 20 "$err" >&2
  else
    echo "Last lines of $log:" >&2
    tail -n 20 "$log" >&2
  fi
  exit "$code"
}

# retried COMMAND…: a download cut short by the network is worth one more try (pip and
# apt skip what they already have) before a step is called failed.
retried() {
  "$@" && return
  echo "-- failed (exit $?); trying once more" >&2
  sleep 5
  "$@"
}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ "$install" = 1 ]; then
  missing=()
  command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
  command -v mvn >/dev/null 2>&1 || missing+=(maven)
  # Playwright drives Debian's Chromium; its own browser download cannot work offline.
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  if [ ${#missing[@]} -gt 0 ]; then
    step "updating the Debian package lists" retried as_root apt-get update -qq
    step "installing Debian packages: ${missing[*]}" \
      retried as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  fi

  python=python3
  command -v python3.11 >/dev/null 2>&1 && python=python3.11
  "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
    echo "taskspace needs Python 3.11 or newer (found $("$python" --version))" >&2; exit 1; }

  [ -x .venv/bin/python ] || step "creating the virtualenv .venv" "$python" -m venv .venv
  # Pinned versions (constraints.txt) so that every machine installs the same set;
  # scripts/refresh-constraints.sh moves the pins on purpose.
  # torch comes from PyPI with its CUDA libraries (PyPI has no CPU-only build): about 7 GB
  # installed. Without pip's cache the wheels (3.5 GB) are not kept a second time.
  free_kb=$(df -Pk . | awk 'NR == 2 {print $4}')
  [ "$free_kb" -ge $((9 * 1024 * 1024)) ] || echo "  warning: $((free_kb / 1024 / 1024)) GB free here; the install needs about 8 GB" >&2
  pip=(.venv/bin/python -m pip install --no-cache-dir --progress-bar off)
  step "upgrading pip" retried "${pip[@]}" -c constraints.txt --upgrade pip
  step "installing taskspace and its dev tools into .venv" \
    retried "${pip[@]}" -c constraints.txt -e '.[dev]'
fi
[ -x .venv/bin/kg ] || { echo "no .venv/bin/kg: run scripts/setup.sh without --no-install" >&2; exit 1; }
kg=.venv/bin/kg

step "installing Neo4j from Maven Central" retried "$kg" db install
if [ "$start" = 0 ]; then
  echo "Installed in $((SECONDS - began)) s. Next: $kg db start && $kg init (log: $log)"
  exit 0
fi

# The main job on the bundled examples: documents into the graph, tasks out of it, the
# offline agent run on them (inspect_ai), its results in the graph and in a report.
tasks="$home/tasks/doc-seed0.jsonl"
report="$home/reports/latest.html"
step "starting Neo4j" "$kg" db start
step "applying the schema" "$kg" init
step "loading examples/documents" "$kg" load docs examples/documents
loaded=$(tail -n 1 "$said")
step "sampling 12 document tasks" "$kg" sample doc -n 12 --seed 0 -o "$tasks"
step "checking every answer against the graph" "$kg" sample verify "$tasks"
step "running the offline extractive agent on them" \
  "$kg" eval run "$tasks" --agent extractive --display none --json
scored=$(.venv/bin/python -c 'import json, sys
text = open(sys.argv[1]).read()  # inspect may say a line before the JSON on a rerun
run = json.loads(text[0 if text.startswith("{") else text.index("\n{") + 1 :])
print("%s of %s tasks solved, run %s" % (run["successes"], run["samples"], run["run"]))' "$said")
step "writing the report" "$kg" eval report --latest -o "$report"
browser=$("$kg" db status --json | .venv/bin/python -c 'import json, sys; print(json.load(sys.stdin)["browser_url"])')
rm -f "$said" "$err"

cat <<EOF

Done in $((SECONDS - began)) s:
  - Neo4j started on $home/neo4j, its schema applied
  - examples/documents into the graph: $loaded
  - 12 document tasks sampled and each answer re-derived from the graph
  - the offline extractive agent run on them with inspect_ai: $scored
  - a report written
Results:
  tasks       $tasks
  report      $report (open it in a browser)
  agent runs  $kg eval list; $kg eval view (inspect's log viewer on http://127.0.0.1:7575)
  graph       $browser (Neo4j Browser; user neo4j, password in $home/secrets/neo4j-password)
  explore     $kg db browser (prints the Browser URL that plays the project's guide: schema, runs, failed tasks, click to run)
  setup log   $log
Try next:
  source .venv/bin/activate
  kg retrieve "When do ships report to the port authority?"  # what an agent reads for it
  kg stats                                                  # what the graph holds
  kg load docs PATH…                                        # your own PDF, HTML or Markdown files
  kg sample doc -n 20 -o tasks.jsonl && kg eval run tasks.jsonl --agent extractive
  kg --help; docs/cli.md describes every command
EOF
