#!/usr/bin/env bash
# check-security-table.sh [ROOT] — checks that every named attack in Docs/Security.md points at a
# test that exists.
#
# Why: the table is the project's claim that each attack is refused, and a claim nobody checks
# goes stale the first time a test is renamed or moved. The table's rows are read under the
# "## Named attacks" heading: a row is a Markdown table line whose first cell is an ID (letters
# then digits, e.g. `B21`) and which has four cells — ID, attack, test, refused with. The test
# cell holds two code spans, `Tests/<Target>/<File>.swift` and the test function's name. The
# script fails (exit 1, one line per finding, naming the row's ID and line) when
#   1. a row does not have four cells, or its attack or "refused with" cell is empty;
#   2. the test cell does not hold exactly a path under Tests/ ending in .swift and a name;
#   3. the file does not exist, or no `func <name>(` (or `func <name><`) occurs in it;
#   4. an ID is used twice;
#   5. the table names fewer than 80 attacks (the floor issue #29 set).
# ROOT defaults to the repository this script lives in; Scripts/check-security-table-test.sh
# passes altered copies. Exit 0 prints one summary line.
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
exec python3 - "$root" <<'PY'
import os, re, sys

root = sys.argv[1]
doc = "Docs/Security.md"
minimum = 80
problems = []

try:
    lines = open(os.path.join(root, doc), encoding="utf-8").read().split("\n")
except OSError as error:
    print(f"{doc}: cannot be read ({error.strerror})")
    print("check-security-table: 1 problem(s)")
    sys.exit(1)

row_id = re.compile(r"^[A-Z]+[0-9]+$")
code_span = re.compile(r"`([^`]+)`")
in_section = False
seen = {}
rows = 0
function_cache = {}

for number, line in enumerate(lines, start=1):
    if line.startswith("## "):
        in_section = line.strip() == "## Named attacks"
        continue
    if not in_section or not line.startswith("|"):
        continue
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    if not cells or not row_id.match(cells[0]):
        continue  # the header and separator rows
    ident = cells[0]
    where = f"{doc}:{number}: {ident}"
    rows += 1
    if ident in seen:
        problems.append(f"{where}: the ID is already used on line {seen[ident]}")
    else:
        seen[ident] = number
    if len(cells) != 4:
        problems.append(f"{where}: expected 4 cells (ID, attack, test, refused with), found {len(cells)}")
        continue
    _, attack, test, refusal = cells
    if not attack:
        problems.append(f"{where}: the attack cell is empty")
    if not refusal:
        problems.append(f"{where}: the refused-with cell is empty")
    spans = code_span.findall(test)
    if len(spans) != 2 or not spans[0].startswith("Tests/") or not spans[0].endswith(".swift") \
            or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", spans[1]):
        problems.append(f"{where}: the test cell must be `Tests/<Target>/<File>.swift` · `functionName`, found: {test}")
        continue
    path, function = spans
    full = os.path.normpath(os.path.join(root, path))
    if not full.startswith(os.path.normpath(os.path.join(root, "Tests")) + os.sep) or not os.path.isfile(full):
        problems.append(f"{where}: the test file {path} does not exist")
        continue
    if full not in function_cache:
        function_cache[full] = open(full, encoding="utf-8").read()
    if not re.search(r"\bfunc\s+" + re.escape(function) + r"\s*[(<]", function_cache[full]):
        problems.append(f"{where}: no func {function} in {path}")

if rows < minimum:
    problems.append(f"{doc}: the named-attacks table has {rows} rows, fewer than {minimum}")

for problem in problems:
    print(problem)
if problems:
    print(f"check-security-table: {len(problems)} problem(s)")
    sys.exit(1)
print(f"check-security-table: OK, {rows} named attacks, each test function found in its file")
PY
