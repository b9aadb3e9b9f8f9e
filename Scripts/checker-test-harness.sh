# checker-test-harness.sh — sourced by the tests of the repository's checkers
# (Scripts/check-layers-test.sh, Scripts/check-security-table-test.sh), so each states only its
# cases. The sourcing script sets `check` (the checker to run on a scratch copy) and `checker`
# (the name that starts the checker's summary line: `<checker>: OK…` when it passes,
# `<checker>: N problem(s)` when it fails), and defines `fresh`, which calls `next_case` and
# copies a pristine tree into `$dir`; `finish` prints the count and is the script's exit status.

passed=0
failed=0
case_number=0
dir=""
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# next_case: a new empty case directory, with its Docs/ folder, in $dir.
next_case() {
  case_number=$((case_number + 1))
  dir="$scratch/case-$case_number"
  mkdir -p "$dir/Docs"
}

# expect_pass NAME: the checker exits 0 on $dir with its summary line.
expect_pass() {
  local output rc
  output="$("$check" "$dir" 2>&1)"; rc=$?
  if [ "$rc" -eq 0 ] && grep -q "^$checker: OK" <<<"$output"; then
    passed=$((passed + 1)); echo "ok   $1"
  else
    failed=$((failed + 1)); echo "FAIL $1: expected exit 0, got $rc:"; sed 's/^/     /' <<<"$output"
  fi
}

# expect_fail NAME PROBLEMS REGEX: the checker exits 1 on $dir, reports exactly PROBLEMS
# problems, and one line of its output matches the extended REGEX.
expect_fail() {
  local output rc
  output="$("$check" "$dir" 2>&1)"; rc=$?
  if [ "$rc" -eq 1 ] && grep -qE -- "$3" <<<"$output" && grep -qx "$checker: $2 problem(s)" <<<"$output"; then
    passed=$((passed + 1)); echo "ok   $1"
  else
    failed=$((failed + 1))
    echo "FAIL $1: expected exit 1 with $2 problem(s) and a line matching: $3"
    echo "     got exit $rc:"; sed 's/^/     /' <<<"$output"
  fi
}

# finish: the summary line; succeeds when no case failed.
finish() {
  echo "$checker-test: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
