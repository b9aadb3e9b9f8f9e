#!/usr/bin/env bash
# check-security-table-test.sh — tests Scripts/check-security-table.sh on altered copies of
# Docs/Security.md and Tests/.
#
# Why: a checker that never fails proves nothing. Each case copies the two into a scratch
# directory and breaks one thing: a test function renamed, a row pointing at a missing file or
# out of Tests/, an ID used twice, a test cell without its code spans, a row with a cell too few,
# a table shrunk below 80 attacks. Each case checks that the checker exits 1, counts the problems
# it expects and names the row it broke; the pristine copy must pass.
# Exit 0 when every case behaves; the last line counts the cases.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
check="$repo/Scripts/check-security-table.sh"
checker=check-security-table
source "$repo/Scripts/checker-test-harness.sh"

# fresh: a new pristine copy in $dir.
fresh() {
  next_case
  cp "$repo/Docs/Security.md" "$dir/Docs/"
  cp -R "$repo/Tests" "$dir/"
}

fresh
expect_pass "the pristine table passes"

fresh
sed -i 's/func algNone(/func algNoneRenamed(/' "$dir/Tests/JOSETests/JWSPolicyTests.swift"
expect_fail "a renamed test function is found missing" 1 \
  '^Docs/Security.md:[0-9]+: A1: no func algNone in Tests/JOSETests/JWSPolicyTests.swift$'

fresh
sed -i '/^| A1 |/s#Tests/JOSETests/JWSPolicyTests.swift#Tests/JOSETests/Missing.swift#' "$dir/Docs/Security.md"
expect_fail "a missing test file is named" 1 \
  '^Docs/Security.md:[0-9]+: A1: the test file Tests/JOSETests/Missing.swift does not exist$'

fresh
sed -i '/^| A1 |/s#Tests/JOSETests/JWSPolicyTests.swift#Tests/../Package.swift#' "$dir/Docs/Security.md"
printf 'func algNone() {}\n' >"$dir/Package.swift"
expect_fail "a path that leaves Tests/ is refused" 1 \
  '^Docs/Security.md:[0-9]+: A1: the test file Tests/../Package.swift does not exist$'

fresh
sed -i 's/^| A2 |/| A1 |/' "$dir/Docs/Security.md"
expect_fail "an ID used twice is refused" 1 \
  '^Docs/Security.md:[0-9]+: A1: the ID is already used on line [0-9]+$'

fresh
sed -i '/^| B3 |/s#`Tests/SDJWTTests/AttackTests.swift`#Tests/SDJWTTests/AttackTests.swift#' "$dir/Docs/Security.md"
expect_fail "a test cell without its code spans is refused" 1 \
  '^Docs/Security.md:[0-9]+: B3: the test cell must be'

fresh
sed -i '/^| C1 |/s#| `MDocError[^|]*|$##' "$dir/Docs/Security.md"
expect_fail "a row with a cell too few is refused" 1 \
  '^Docs/Security.md:[0-9]+: C1: expected 4 cells'

fresh
sed -i '/^| [C-L][0-9]* |/d' "$dir/Docs/Security.md"
expect_fail "a table of fewer than 80 attacks is refused" 1 \
  '^Docs/Security.md: the named-attacks table has [0-9]+ rows, fewer than 80$'

finish
