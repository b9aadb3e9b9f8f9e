#!/usr/bin/env bash
# The test suite under a sanitizer (issue #29), in its own scratch folder so the plain build stays:
#
#   Scripts/sanitize.sh address [swift test arguments…]   AddressSanitizer (LeakSanitizer off, see below), .build/asan
#   Scripts/sanitize.sh thread  [swift test arguments…]   ThreadSanitizer, .build/tsan
#
# The xUnit report goes to .build/sanitizer-SANITIZER.xml (not .build/xunit*.xml, which .ci/run
# counts as the plain run). VELLUM_SANITIZER is set for the tests, so the few that measure time
# (constant-time checks, benchmarks' sanity bounds) can say they do not hold under instrumentation.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizer=${1:-}
shift || true
case "$sanitizer" in
address) scratch=.build/asan ;;
thread) scratch=.build/tsan ;;
*)
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac

swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
export VELLUM_SANITIZER="$sanitizer"
# Reports go to stderr with the stack; halt_on_error stays at its default (the first report ends
# the process, so a run that passes had none). LeakSanitizer is off: Swift stores enum payloads
# such as Data's storage with tag bits in the pointer, which LeakSanitizer cannot follow, so it
# reports values that globals and live tasks still hold (about a hundred per test process, a few
# in each `vellum` child, none of them lost). Leaks are looked for where they can be told apart:
# the libFuzzer runs (Scripts/fuzz.sh), whose leak check runs per input.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:detect_stack_use_after_return=0}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}"
SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=8 swift test --skip-build --sanitize="$sanitizer" \
    --scratch-path "$scratch" --xunit-output ".build/sanitizer-$sanitizer.xml" "$@"
