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

# ACA-Py 1.7 (the Aries agent the W3C and Aries interop tests drive) needs Python >= 3.13, in
# a virtualenv of its own: .build/acapy-venv. Python 3.13 is VELLUM_PYTHON313, else the one
# pyenv keeps (its shim on the PATH refuses to run without PYENV_VERSION), else python3.13.
python313="${VELLUM_PYTHON313:-}"
if [ -z "$python313" ] && command -v pyenv >/dev/null 2>&1; then
  for candidate in "$(pyenv root)"/versions/3.13*/bin/python3.13; do
    [ -x "$candidate" ] && python313="$candidate"
  done
fi
if [ -z "$python313" ] && command -v python3.13 >/dev/null 2>&1 && python3.13 --version >/dev/null 2>&1; then
  python313="python3.13"
fi
acapy="$root/.build/acapy-venv"
if [ -z "$python313" ]; then
  echo "setup-peers: no Python 3.13; the ACA-Py interop tests will be skipped" >&2
elif [ ! -x "$acapy/bin/aca-py" ]; then
  "$python313" -m venv "$acapy"
  "$acapy/bin/python" -m pip install --quiet --disable-pip-version-check --only-binary=:all: acapy-agent==1.7.0 \
    || echo "setup-peers: acapy-agent did not install; the ACA-Py interop tests will be skipped" >&2
fi
[ -x "$acapy/bin/aca-py" ] && echo "setup-peers: ACA-Py $("$acapy/bin/aca-py" --version 2>/dev/null | tail -1) ready at $acapy"
exit 0
