#!/usr/bin/env bash
# Makes the virtualenv of Python reference implementations ("peers") that the interop tests
# drive: .build/peers-venv. Idempotent; pinned versions; binary wheels only.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.build/peers-venv"
python="${VELLUM_PYTHON:-python3}"
if ! command -v "$python" >/dev/null 2>&1; then
  echo "setup-peers: $python not found; interop tests will be skipped" >&2
  exit 0
fi
mkdir -p "$root/.build"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --only-binary=:all: \
  -r "$root/Scripts/peers-requirements.txt"
echo "setup-peers: $("$venv/bin/python" --version) ready at $venv"
